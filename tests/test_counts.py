"""Counts (the perft analogue): legal exchanges and play-tree sizes equal plain enumeration.

The play counter memoises on the shape of a position; here every count it gives on small positions
is checked against an explicit list of sequences built with nothing but the scorer's legality
predicate (`trick_is_legal`) and a plain statement of who wins a trick, and every complete sequence
so built is fed to `score_deal`, which must accept it. A second enumeration uses `score_deal` alone
as the judge of which card pairs may be played. The exchange count is checked against the closed
form from the ruleset's limits and against the legal discards found one subset at a time.
"""

from __future__ import annotations

import json
from itertools import combinations
from math import comb
from typing import Any

import pytest

from piquet_ref.rules.files import LIMITS
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_ref import PiquetError, load_ruleset, score_deal
from piquet_ref.hand.cards import Card, Hand, bit_of, card_of, cards_of, format_cards, hand_of, parse_cards, remove, suit_of
from piquet_ref.deal.counts import (
    Position,
    after_ply,
    count_discards,
    count_play,
    legal_plies,
    plies_left,
    position_of,
)
from piquet_ref.hand.exchange import check_discard
from piquet_ref.protocol.ops import OPS, run_op
from piquet_ref.hand.play import trick_is_legal
from piquet_ref.rules.ruleset import PLAYERS, Player, other
from piquet_ref.protocol.serve import answer, hello

from piquet_ref.strategies import HAND_SIZE, N_TRICKS, Deal, any_deals, permute_suits, suit_permutations
from tests.support import examples

RS = load_ruleset()

# A deal of the corpus (conformance/cases/errors/play-revoke.yaml), given card by card.
ELDER = "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D".split()
YOUNGER = "TS 7S TH 9H 7H KC QC TC AD QD JD TD".split()
STOCK = "9S 8S KH 9C KD QS AC 7D".split()
DEAL: dict[str, Any] = {"elder": {"dealt": ELDER}, "younger": {"dealt": YOUNGER}, "stock": STOCK}
# The same deal after an exchange (elder 5 cards, younger 3): the hands the play starts from.
RECORD: dict[str, Any] = {
    "elder": {"dealt": ELDER, "discard": "KS 8C 7C 9D 8D".split()},
    "younger": {"dealt": YOUNGER, "discard": "7S 9H 7H".split()},
    "stock": STOCK,
}
# Legal tricks of that deal: the elder leads hearts and spades, the younger takes two late tricks.
LINE = [("AH", "TH"), ("AS", "TS"), ("KH", "7D"), ("QH", "TD"), ("JH", "TC"), ("8H", "JD"), ("8S", "QS"), ("AC", "9C"), ("QD", "KD")]


# ------------------------------------------------------------------------------ plain enumeration


def wins_as_second(lead: Card, follow: Card) -> bool:
    """No trumps: the second card wins only if it is of the suit led and of higher rank."""
    return suit_of(follow) == suit_of(lead) and bit_of(follow) > bit_of(lead)


def replay(hands: tuple[Hand, Hand], tricks: tuple[tuple[Card, Card], ...]) -> Position:
    """The position after `tricks`, worked out without the package's play code."""
    held = dict(zip(PLAYERS, hands))
    leader: Player = RS.play.first_leader
    for lead, follow in tricks:
        held[leader], held[other(leader)] = remove(held[leader], lead), remove(held[other(leader)], follow)
        leader = other(leader) if wins_as_second(lead, follow) else leader
    return Position(held["elder"], held["younger"], leader)


def sequences(pos: Position, plies: int) -> list[tuple[Card, ...]]:
    """Every legal sequence of `plies` plies from a position between tricks: each pair of cards still
    out is tried as the next trick and kept if the legality predicate allows it (a lone lead is legal
    if some answer to it is)."""
    leader, follower = pos.hand(pos.leader), pos.hand(other(pos.leader))
    if plies == 0 or not any(leader):
        return [()]
    out_cards = cards_of(leader) + cards_of(follower)
    found: list[tuple[Card, ...]] = []
    for lead in out_cards:
        follows = [f for f in out_cards if trick_is_legal(leader, follower, lead, f)]
        if follows and plies == 1:
            found.append((lead,))
            continue
        for follow in follows:
            held = {pos.leader: remove(leader, lead), other(pos.leader): remove(follower, follow)}
            winner = other(pos.leader) if wins_as_second(lead, follow) else pos.leader
            child = Position(held["elder"], held["younger"], winner)
            found += [(lead, follow, *tail) for tail in sequences(child, plies - 2)]
    return found


def divide(seqs: list[tuple[Card, ...]]) -> tuple[tuple[Card, int], ...]:
    """Sequences counted by first card, in canonical card order (as `count_play` gives them)."""
    firsts = sorted({s[0] for s in seqs if s}, key=lambda c: (suit_of(c), -bit_of(c)))
    return tuple((c, sum(1 for s in seqs if s and s[0] == c)) for c in firsts)


def hand_record(hands: tuple[Hand, Hand], tricks: tuple[tuple[Card, ...], ...]) -> dict[str, Any]:
    return {
        "elder": {"hand": format_cards(cards_of(hands[0]))},
        "younger": {"hand": format_cards(cards_of(hands[1]))},
        "tricks": [format_cards(t) for t in tricks],
    }


def deal_position(deal: Deal) -> Position:
    return replay(deal.hands, deal.tricks)


# ------------------------------------------------------------------------------ play trees


def late_deals(cards_left: int) -> st.SearchStrategy[Deal]:
    """Deals played down to `cards_left` cards in each hand."""
    return any_deals(min_tricks=N_TRICKS - cards_left, max_tricks=N_TRICKS - cards_left)


@settings(max_examples=examples(60))
@given(st.integers(1, 5).flatmap(late_deals))
def test_the_whole_tree_of_the_last_tricks_equals_every_sequence_the_predicate_allows(deal: Deal) -> None:
    """Complete sequences to the end of the deal (the last one to five tricks), divided by first card."""
    pos = deal_position(deal)
    plies = plies_left(pos)
    seqs = sequences(pos, plies)
    assert count_play(pos, plies) == (len(seqs), divide(seqs))
    assert count_play(pos, 99) == count_play(pos, plies)  # more plies than remain: the complete sequences


@settings(max_examples=examples(40))
@given(st.integers(1, 3).flatmap(late_deals))
def test_score_deal_accepts_every_complete_sequence_the_enumeration_builds(deal: Deal) -> None:
    for seq in sequences(deal_position(deal), 6):
        tricks = deal.tricks + tuple(zip(seq[::2], seq[1::2]))
        assert score_deal(hand_record(deal.hands, tricks)).complete


@settings(max_examples=examples(40))
@given(any_deals(max_tricks=N_TRICKS - 2), st.integers(0, 4))
def test_short_trees_from_any_position_equal_every_sequence_the_predicate_allows(deal: Deal, plies: int) -> None:
    pos = deal_position(deal)
    seqs = sequences(pos, plies)
    assert count_play(pos, plies) == (len(seqs), divide(seqs) if plies else ())


def test_score_deal_alone_accepts_exactly_the_counted_sequences_near_the_end() -> None:
    """Every pair of the cards still out is offered to the scorer as the next trick; the sequences it
    accepts, to the end of the deal, are exactly as many as the count (no legality code of ours used)."""
    tricks = [list(t) for t in LINE[:9]]
    _, pos = position_of({**RECORD, "tricks": tricks})
    out = format_cards(cards_of(pos.elder) + cards_of(pos.younger))

    def accepted(tricks: list[list[str]]) -> int:
        if len(tricks) == N_TRICKS:
            return 1
        total = 0
        for pair in ([a, b] for a in out for b in out):
            try:
                score_deal({**RECORD, "tricks": tricks + [pair]})
            except PiquetError:
                continue
            total += accepted(tricks + [pair])
        return total

    assert accepted(tricks) == count_play(pos, 6).total == len(sequences(pos, 6))


@settings(max_examples=examples(40))
@given(any_deals(max_tricks=N_TRICKS - 1), st.integers(1, 5))
def test_n_plies_are_the_sum_over_first_cards_of_n_minus_1_plies_from_each_child(deal: Deal, plies: int) -> None:
    """The perft recursion, through a lead (a position inside a trick) and through a completed trick."""
    pos = deal_position(deal)
    count = count_play(pos, plies)
    assert count.total == sum(n for _, n in count.by_first)
    assert [c for c, _ in count.by_first] == list(legal_plies(pos))
    for card, n in count.by_first:
        child = count_play(after_ply(pos, card), plies - 1)
        assert child.total == n
        assert plies == 1 or child.total == sum(m for _, m in child.by_first)


@settings(max_examples=examples(40))
@given(any_deals(max_tricks=N_TRICKS - 1), suit_permutations(), st.integers(0, 24))
def test_relabelling_the_suits_relabels_the_first_cards_and_keeps_the_total(deal: Deal, perm: tuple[int, ...], plies: int) -> None:
    record = deal.as_hand_form().record()
    _, pos = position_of(record)
    _, moved = position_of(permute_suits(record, perm))
    count, relabelled = count_play(pos, plies), count_play(moved, plies)
    assert relabelled.total == count.total
    assert dict(relabelled.by_first) == {card_of(perm[suit_of(c)], bit_of(c)): n for c, n in count.by_first}


@settings(max_examples=examples(40))
@given(any_deals())
def test_position_of_a_record_is_the_replayed_position(deal: Deal) -> None:
    assert position_of(deal.record())[1] == deal_position(deal)


def test_one_ply_from_the_start_is_the_elders_hand_and_two_plies_sum_his_adversarys_answers() -> None:
    """Closed forms: 12 leads; each lead is answered by the cards of its suit, or by any card when void."""
    _, pos = position_of(RECORD)
    assert count_play(pos, 1) == (HAND_SIZE, tuple((c, 1) for c in cards_of(pos.elder)))
    answers = [pos.younger[suit_of(c)].bit_count() or HAND_SIZE for c in cards_of(pos.elder)]
    assert count_play(pos, 2).total == sum(answers)


def test_nothing_to_play_counts_the_one_empty_sequence() -> None:
    _, pos = position_of(RECORD)
    assert count_play(pos, 0) == (1, ())
    done = Position(Hand(0, 0, 0, 0), Hand(0, 0, 0, 0), "elder")
    assert count_play(done, 5) == (1, ())
    assert plies_left(pos) == 2 * HAND_SIZE


def test_a_whole_deal_is_counted_and_every_ply_after_the_last_choice_is_forced() -> None:
    _, pos = position_of(RECORD)
    full = count_play(pos, 2 * HAND_SIZE)
    assert full.total == sum(n for _, n in full.by_first) > 10**12
    assert count_play(pos, 2 * HAND_SIZE - 1) == full  # the last card is forced


# ------------------------------------------------------------------------------ exchanges


def younger_most(elder_discarded: int) -> int:
    """The most the younger may discard: what the elder left of the stock, within the ruleset's cap."""
    left = RS.pack.stock_size - elder_discarded
    return left if RS.exchange.younger_max is None else min(RS.exchange.younger_max, left)


def closed_form() -> int:
    """Sum over the elder's discard sizes k of C(hand, k) times the younger's options, C(hand, j) for
    each size j his limits allow after the elder took k (limits from `rs.exchange`, `rs.pack`)."""
    ex, n = RS.exchange, RS.pack.hand_size
    return sum(
        comb(n, k) * sum(comb(n, j) for j in range(ex.younger_min, younger_most(k) + 1)) for k in range(ex.elder_min, ex.elder_max + 1)
    )


def legal_subsets(player: Player, dealt: tuple[Card, ...], elder_discarded: int) -> dict[int, int]:
    """How many subsets of the dealt hand, of each size, `check_discard` accepts as the player's discard."""
    out: dict[int, int] = {}
    hand = hand_of(dealt)
    for k in range(len(dealt) + 1):
        for discard in combinations(dealt, k):
            try:
                check_discard(player, hand, discard, elder_discarded, RS)
            except PiquetError:
                continue
            out[k] = out.get(k, 0) + 1
    return out


def test_the_exchange_count_equals_legal_discards_found_subset_by_subset_and_the_closed_form() -> None:
    elder, younger, stock = parse_cards(ELDER), parse_cards(YOUNGER), parse_cards(STOCK)
    count = count_discards(hand_of(elder), hand_of(younger), stock, RS)
    by_elder = legal_subsets("elder", elder, 0)
    options = {k: sum(legal_subsets("younger", younger, k).values()) for k in by_elder}
    assert count.by_elder == tuple((k, n * options[k]) for k, n in sorted(by_elder.items()))
    assert count.younger == tuple(sorted(options.items()))
    assert count.total == sum(n for _, n in count.by_elder) == closed_form()


def test_the_extreme_discards_the_count_admits_score_and_one_card_more_is_refused() -> None:
    """For each elder discard size, the younger's least and most discards make a record the scorer
    accepts; one card beyond the younger's most, or beyond the elder's, is refused."""
    count = count_discards(hand_of(parse_cards(ELDER)), hand_of(parse_cards(YOUNGER)), parse_cards(STOCK), RS)

    def record(k: int, j: int) -> dict[str, Any]:
        return {"elder": {"dealt": ELDER, "discard": ELDER[:k]}, "younger": {"dealt": YOUNGER, "discard": YOUNGER[:j]}, "stock": STOCK}

    for k, _ in count.by_elder:
        for j in (RS.exchange.younger_min, younger_most(k)):
            assert score_deal(record(k, j)).hands
        with pytest.raises(PiquetError, match="exchange-younger-count"):
            score_deal(record(k, younger_most(k) + 1))
    with pytest.raises(PiquetError, match="exchange-elder-count"):
        score_deal(record(count.by_elder[-1][0] + 1, RS.exchange.younger_min))
    with pytest.raises(PiquetError, match="exchange-elder-count"):
        score_deal(record(count.by_elder[0][0] - 1, RS.exchange.younger_min))


# ------------------------------------------------------------------------------ the protocol op


def test_the_count_op_answers_discards_by_elder_discard_size() -> None:
    out = run_op("count", {"kind": "discards", **DEAL})
    assert out["kind"] == "discards" and out["total"] == closed_form()
    assert out["total"] == sum(out["by_first"].values())
    assert list(out["by_first"]) == [str(k) for k in range(RS.exchange.elder_min, RS.exchange.elder_max + 1)]
    assert all(out["by_first"][k] == comb(HAND_SIZE, int(k)) * n for k, n in out["younger_options"].items())


def test_the_count_op_answers_a_play_tree_by_canonical_first_card_from_a_record_in_progress() -> None:
    tricks = [["AH", "TH"], ["8S", "QS"]]
    out = run_op("count", {"kind": "play", **RECORD, "tricks": tricks, "plies": 3})
    _, pos = position_of({**RECORD, "tricks": tricks})
    count = count_play(pos, 3)
    assert out == {"kind": "play", "leader": "younger", "total": count.total, "by_first": dict(zip(format_cards(c for c, _ in count.by_first), (n for _, n in count.by_first)))}
    assert list(out["by_first"]) == format_cards(cards_of(pos.younger))
    assert run_op("count", {**PLAY, "plies": 0}) == {"kind": "play", "leader": "elder", "total": 1, "by_first": {}}


def test_hello_offers_the_count_op() -> None:
    assert "count" in OPS and "count" in hello()["capabilities"]["ops"]
    reply = answer({"cmd": "run", "seq": 3, "op": "count", "input": {"kind": "discards", **DEAL}})
    assert reply is not None and reply["result"]["total"] == closed_form()


PLAY = {"kind": "play", **RECORD, "plies": 2}

BAD_INPUT = [
    ("not a mapping", ["discards"], "record-invalid"),
    ("no kind", {k: v for k, v in DEAL.items()}, "record-invalid"),
    ("unknown kind", {"kind": "perft", **DEAL}, "record-invalid"),
    ("unknown key", {"kind": "discards", **DEAL, "depth": 3}, "record-invalid"),
    ("plies for discards", {"kind": "discards", **DEAL, "plies": 3}, "record-invalid"),
    ("no stock", {"kind": "discards", "elder": DEAL["elder"], "younger": DEAL["younger"]}, "record-invalid"),
    ("no dealt", {"kind": "discards", **DEAL, "elder": {}}, "record-invalid"),
    ("hand for discards", {"kind": "discards", **DEAL, "elder": {"hand": ELDER}}, "record-invalid"),
    ("ruleset not text", {"kind": "discards", **DEAL, "ruleset": 1}, "record-invalid"),
    ("unknown ruleset", {"kind": "discards", **DEAL, "ruleset": "whist"}, "ruleset-unknown"),
    ("bad card", {"kind": "discards", **DEAL, "stock": STOCK[:-1] + ["1S"]}, "card-unknown"),
    ("card twice", {"kind": "discards", **DEAL, "stock": STOCK[:-1] + ["AS"]}, "card-duplicate"),
    ("card twice in a hand", {"kind": "discards", **DEAL, "elder": {"dealt": ELDER[:-1] + ["AS"]}}, "card-duplicate"),
    ("short hand", {"kind": "discards", **DEAL, "elder": {"dealt": ELDER[:-1]}}, "deal-hand-size"),
    ("short stock", {"kind": "discards", **DEAL, "stock": STOCK[:-1]}, "deal-stock-size"),
    ("no plies", {k: v for k, v in PLAY.items() if k != "plies"}, "record-invalid"),
    ("negative plies", {**PLAY, "plies": -1}, "record-invalid"),
    ("plies true", {**PLAY, "plies": True}, "record-invalid"),
    ("plies text", {**PLAY, "plies": "2"}, "record-invalid"),
    ("unknown key in play", {**PLAY, "lead": "AS"}, "record-invalid"),
    ("bad card in play", {**PLAY, "tricks": [["AH", "XX"]]}, "card-unknown"),
    ("short hand in play", {"kind": "play", "elder": {"hand": ELDER[:-1]}, "younger": {"hand": YOUNGER}, "plies": 1}, "hand-size"),
    ("hand card twice", {"kind": "play", "elder": {"hand": ELDER}, "younger": {"hand": YOUNGER[:-1] + ["AS"]}, "plies": 1}, "card-duplicate"),
]

# Illegal tricks so far: the count op gives the code the scorer gives for the same record.
BAD_TRICKS = [
    ([["AH", "AD"]], "play-revoke"),
    ([["AH", "TH"], ["KH", "TH"]], "play-not-held"),
    ([["AH", "TH"], ["TS", "AS"]], "play-out-of-turn"),
    ([["AH"]], "play-trick-shape"),
    ([["AH", "TH"]] * (N_TRICKS + 1), "play-too-many-tricks"),
]


@pytest.mark.parametrize(("why", "data", "code"), BAD_INPUT, ids=[b[0] for b in BAD_INPUT])
def test_malformed_count_input_is_a_typed_error(why: str, data: Any, code: str) -> None:
    with pytest.raises(PiquetError) as exc:
        OPS["count"](data, LIMITS)
    assert exc.value.code == code, exc.value.message


@pytest.mark.parametrize(("tricks", "code"), BAD_TRICKS, ids=[b[1] for b in BAD_TRICKS])
def test_illegal_tricks_so_far_are_refused_with_the_scorers_code(tricks: list[list[str]], code: str) -> None:
    with pytest.raises(PiquetError) as scored:
        score_deal({**RECORD, "tricks": tricks})
    with pytest.raises(PiquetError) as counted:
        OPS["count"]({**PLAY, "tricks": tricks}, LIMITS)
    assert counted.value.code == scored.value.code == code


def test_the_python_api_refuses_bad_plies_positions_and_plays() -> None:
    _, pos = position_of(RECORD)
    cases: list[tuple[Any, str]] = [
        (lambda: count_play(pos, -1), "argument-invalid"),
        (lambda: count_play(pos, True), "argument-invalid"),
        (lambda: count_play(pos._replace(leader="dealer"), 1), "argument-invalid"),  # type: ignore[arg-type]
        (lambda: count_play(pos._replace(younger=pos.elder), 1), "card-duplicate"),
        (lambda: count_play(pos._replace(lead=cards_of(pos.younger)[0]), 1), "play-not-held"),
        (lambda: count_play((pos.elder, pos.younger, "elder", None), 1), "argument-invalid"),  # type: ignore[arg-type]
        (lambda: after_ply(pos, cards_of(pos.younger)[0]), "play-out-of-turn"),
        (lambda: after_ply(after_ply(pos, parse_cards("AH")[0]), parse_cards("AS")[0]), "play-not-held"),
        (lambda: after_ply(after_ply(pos, parse_cards("AH")[0]), parse_cards("KC")[0]), "play-revoke"),
        (lambda: count_discards(hand_of(parse_cards(ELDER)), hand_of(parse_cards(YOUNGER)), parse_cards(STOCK[:-1])), "deal-stock-size"),
    ]
    for call, code in cases:
        with pytest.raises(PiquetError) as exc:
            call()
        assert exc.value.code == code, exc.value.message


def test_count_results_are_json_text_like_the_other_ops() -> None:
    text = OPS["count"]({"kind": "play", **RECORD, "plies": 1}, LIMITS)
    assert json.loads(text)["total"] == HAND_SIZE and " " not in text
