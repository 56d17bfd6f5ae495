"""The Python API's doors for declarations, discards and plays: a holding that cannot exist is refused
field by field; an error names the offending card or trick; ties and notes are reported as documented.

Each case here is a value a caller can build by hand (a Point, Sequence or SetHolding, a DeclareChoice,
an elder's discard count) that the protocol never produces, so only these tests judge those checks.
"""

from __future__ import annotations

from typing import Any

import pytest

from piquet_ref import PiquetError, compare_declarations, compare_hands, declared, evaluate_hand, hand_of, parse_record, score_deal
from piquet_ref.hand.cards import parse_cards
from piquet_ref.deal.counts import Position, after_ply
from piquet_ref.hand.declarations import Declaration, DeclareChoice, Point, Sequence, SetHolding
from piquet_ref.hand.exchange import check_discard, discard_limits
from piquet_ref.rules.loader import load_ruleset

RS = load_ruleset()
HAND = hand_of(parse_cards("AS KS QS JS AH KH QH JH AD AC 8C 7C".split()))
FULL = evaluate_hand(HAND)
VALID = Declaration(FULL.point, FULL.sequences, FULL.sets)
assert FULL.point is not None
POINT: Point = FULL.point
SEQUENCE, SET = FULL.sequences[0], FULL.sets[0]


def refused(declaration: Declaration) -> PiquetError:
    with pytest.raises(PiquetError) as caught:
        compare_declarations(declaration, VALID)
    return caught.value


IMPOSSIBLE: list[tuple[str, Declaration]] = [
    ("a point in a fifth suit", Declaration(POINT._replace(suit=4), (), ())),
    ("a point of no cards", Declaration(Point(0, 0, 0, 0), (), ())),
    ("a point with a ninth rank", Declaration(Point(0, 256, 1, 0), (), ())),
    ("a point whose mask is not an int", Declaration(Point(0, 255.0, 8, POINT.pips), (), ())),  # type: ignore[arg-type]
    ("a point whose length is not its cards'", Declaration(POINT._replace(length=POINT.length + 1), (), ())),
    ("a sequence in a fifth suit", Declaration(None, (SEQUENCE._replace(suit=4),), ())),
    ("a sequence longer than its top allows", Declaration(None, (Sequence(0, 3, 1),), ())),
    ("a sequence shorter than the least", Declaration(None, (Sequence(0, RS.sequences.min_length - 1, 7),), ())),
    ("a set of four from three suits", Declaration(None, (), (SET._replace(number=4, suits=0b0111),))),
    ("a set of a rank that does not count", Declaration(None, (), (SetHolding(min(set(range(8)) - set(RS.sets.ranks)), 4, 0b1111),))),
    ("a set of two", Declaration(None, (), (SetHolding(SET.rank, 2, 0b0011),))),
    ("a valid point beside an impossible sequence", Declaration(POINT, (Sequence(0, 3, 1),), ())),
    ("a valid point beside an impossible set", Declaration(POINT, (), (SET._replace(number=4, suits=0b0111),))),
]


@pytest.mark.parametrize("name, declaration", IMPOSSIBLE, ids=[c[0] for c in IMPOSSIBLE])
def test_a_declaration_holding_what_cannot_exist_is_refused_by_name(name: str, declaration: Declaration) -> None:
    assert compare_declarations(VALID, VALID).category("point").outcome == "equal"  # the real declaration passes
    caught = refused(declaration)
    assert caught.code == "argument-invalid" and "elder:" in str(caught), str(caught)


@pytest.mark.parametrize("key, value", [("sequences", (0, 1)), ("sets", ((0,), 5)), ("point", 3)])
def test_a_declare_choice_of_the_wrong_shape_is_refused_naming_its_field(key: str, value: Any) -> None:
    choice = DeclareChoice(**{key: value})
    with pytest.raises(PiquetError) as caught:
        declared(HAND, choice, "elder")
    assert caught.value.code == "argument-invalid" and f"elder.declare.{key}" in str(caught.value)


@pytest.mark.parametrize("key, value", [("point", ([7],)), ("sequences", (([7], 6, 5),)), ("sets", (({7}, 15, 23),))])
def test_a_declare_choice_holding_what_is_not_a_card_is_refused_though_it_cannot_be_kept(key: str, value: Any) -> None:
    """A choice of the right shape with something unhashable where a card should be: refused with a typed error, never
    a TypeError from the cache of what calls declare."""
    with pytest.raises(PiquetError) as caught:
        declared(HAND, DeclareChoice(**{key: value}), "elder")
    assert caught.value.code in ("card-unknown", "argument-invalid"), caught.value


def test_of_two_suits_with_the_same_point_the_first_in_suit_order_is_reported() -> None:
    """Spades and hearts both make A K Q J: the point reported is the spades' (suits in the order S H D C)."""
    assert POINT.suit == 0 and FULL.point == evaluate_hand(HAND).point
    hearts_first = hand_of(parse_cards("AH KH QH JH AD KD QD JD 9S 8C 7C 9C".split()))
    point = evaluate_hand(hearts_first).point
    assert point is not None and point.suit == 1


def test_a_card_in_both_hands_is_named_in_the_error() -> None:
    younger = hand_of(parse_cards("QS TS 9S 8S TH 9H 8H KD QD JD TD 9D".split()))
    with pytest.raises(PiquetError) as caught:
        compare_hands(HAND, younger)
    assert caught.value.code == "card-duplicate" and "QS is in both" in str(caught.value)


@pytest.mark.parametrize("count", ["3", 3.0, -1, RS.pack.stock_size + 1, None])
def test_an_elder_discard_count_that_is_not_a_count_of_the_stock_is_refused(count: Any) -> None:
    assert discard_limits("younger", RS.pack.stock_size) == (RS.exchange.younger_min, 0)  # the whole stock is a count
    for call in (lambda: discard_limits("younger", count), lambda: check_discard("younger", HAND, (), count)):
        with pytest.raises(PiquetError) as caught:
            call()
        assert caught.value.code == "argument-invalid" and "elder_discarded" in str(caught.value)


def test_a_revoke_is_reported_at_the_trick_where_it_is_made() -> None:
    """A third-trick renounce names tricks[2] (the trick number counts the tricks already played)."""
    record = {
        "elder": {"hand": "AS KS QS JS AH KH QH JH AD AC 8C 7C".split()},
        "younger": {"hand": "TS 9S 8S 7S TH 9H 8H 7H KD QD JD TD".split()},
        "tricks": [["AS", "7S"], ["KS", "8S"], ["QS", "TH"]],
    }
    with pytest.raises(PiquetError) as caught:
        score_deal(parse_record(record))
    assert caught.value.code == "play-revoke" and "tricks[2]" in str(caught.value), str(caught.value)


PIQUE_DEAL = {  # conformance case PQ-YNP8Z: the elder reaches thirty at his fifth lead
    "elder": {"hand": "AS KS QS JS TS 9S AH 7H AD 8D 7D 7C".split()},
    "younger": {"hand": "KH QH JH TH 9H KD QD JD TD AC KC QC".split()},
    "tricks": [["AS", "9H"], ["KS", "TH"], ["QS", "JH"], ["JS", "QH"], ["TS", "KH"]],
}
REPIQUE_DEAL = {  # a huitieme (18), a point of eight (8) and a quatorze of aces... reach thirty in hand
    "elder": {"hand": "AS KS QS JS TS 9S 8S 7S AH AD AC 7H".split()},
    "younger": {"hand": "KH QH JH TH 9H KD QD JD TD KC QC JC".split()},
    "tricks": [],
}


@pytest.mark.parametrize(
    "deal, bonus, note",
    [
        (PIQUE_DEAL, "pique", "pique: 30 in hand and play before the adversary counts"),
        (REPIQUE_DEAL, "repique", "repique: 30 in hand before the adversary counts"),
    ],
)
def test_a_bonus_event_says_where_its_thirty_is_reached(deal: dict[str, Any], bonus: str, note: str) -> None:
    """Cavendish (law 67): a repique is thirty in hand alone, a pique thirty in hand and play, before the adversary counts."""
    events = [e for e in score_deal(parse_record(deal)).events if e.category == bonus]
    assert [e.note for e in events] == [note]


def test_a_revoke_in_the_play_tree_is_reported_at_the_trick_where_it_is_made() -> None:
    """`after_ply`, the machine's step, names the same trick as the scorer: the third trick is tricks[2]."""
    elder, younger = (hand_of(parse_cards(h.split())) for h in ("AS KS QS JS AH KH QH JH AD AC 8C 7C", "TS 9S 8S 7S TH 9H 8H 7H KD QD JD TD"))
    pos = Position(elder, younger, "elder")
    for card in parse_cards("AS 7S KS 8S QS".split()):
        pos = after_ply(pos, card)
    with pytest.raises(PiquetError) as caught:
        after_ply(pos, parse_cards(["TH"])[0])
    assert caught.value.code == "play-revoke" and "tricks[2]" in str(caught.value), str(caught.value)
