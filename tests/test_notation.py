"""Every public value prints in the game's notation and its `repr` reads back (docs/tour.md).

Cards stay numbers inside; what holds them prints them as `AS KS 9H`. Hands, holdings, declarations, verdicts,
events, tricks, results, the state machine's actions and states: `str` in notation, `repr` an expression over the
names of `piquet_ref` that builds an equal value, and the text forms parse back (`Hand.parse`, `Point.parse`...,
`parse_action`). Duplicates where they are a mistake are errors, never merged.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, strategies as st

import piquet_ref
from piquet_ref import (
    CardError, DealState, DeclarationError, DeclareChoice, Hand, PlayerScore, Point, PiquetError, RecordError, Sequence,
    SetHolding, apply, compare_hands, evaluate_hand, format_action, hand_of, legal_actions, new_deal, parse_action,
    parse_card, parse_cards, score_deal,
)
from piquet_ref.machine.actions import ACTION_TYPES, KIND_OF, KINDS, LeadSeveral
from piquet_ref.machine.state import irregular_actions
from piquet_ref.protocol.machine import action_label
from piquet_ref.rules.loader import default_ruleset
from piquet_ref.strategies import any_deals, disjoint_hands, hands

ROOT = Path(__file__).resolve().parent.parent
NAMES: dict[str, Any] = {name: getattr(piquet_ref, name) for name in piquet_ref.__all__}  # a repr reads back with these
EXAMPLE = yaml.safe_load((ROOT / "piquet_ref" / "examples" / "cavendish-example.yaml").read_text(encoding="utf-8"))


def reads_back(value: object) -> bool:
    """`eval(repr(value))`, with the public names only, is equal to `value`."""
    return bool(eval(repr(value), dict(NAMES)) == value)  # noqa: S307


@given(hands())
def test_a_hand_prints_its_cards_and_reads_back(hand: Hand) -> None:
    text = str(hand)
    assert Hand.parse(text) == hand and reads_back(hand)
    assert text.split() == piquet_ref.format_cards(piquet_ref.cards_of(hand)) and repr(hand) == f"Hand.parse({text!r})"


@given(hands())
def test_every_holding_and_evaluation_prints_in_notation_and_reads_back(hand: Hand) -> None:
    evaluation = evaluate_hand(hand)
    assert reads_back(evaluation)
    for holding in (evaluation.point, *evaluation.sequences, *evaluation.sets):
        if holding is None:
            continue
        kind = type(holding)
        name, _, cards = str(holding).rpartition(": ")
        assert kind.parse(str(holding)) == holding and kind.parse(cards) == holding and reads_back(holding)
        assert name in str(evaluation)


@given(disjoint_hands())
def test_verdicts_print_in_words_and_read_back(pair: tuple[Hand, Hand]) -> None:
    comparison = compare_hands(*pair)
    assert reads_back(comparison) and all(reads_back(c) for c in comparison.all())
    lines = str(comparison).splitlines()
    assert [line.split(":")[0] for line in lines] == ["point", "sequences", "sets"]
    for line, c in zip(lines, comparison.all()):
        assert (c.winner or c.outcome) in line


@given(any_deals())
def test_a_result_its_events_and_tricks_print_in_notation_and_read_back(deal: Any) -> None:
    result = score_deal(deal.record())
    assert reads_back(result)
    text = str(result)
    assert all(str(e) in text for e in result.events) and all(reads_back(t) for t in result.tricks)
    assert f"elder {result.elder.total}" in text.splitlines()[0] and str(result.hands[0]) in text


def test_cavendish_deal_prints_as_the_ledger_reads() -> None:
    result = score_deal(EXAMPLE)
    lines = str(result).splitlines()
    assert lines[0] == "portland-1882: elder 28 (point 5, sequences 4, play 9, cards 10), younger 23 (sets 17, play 6)"
    assert "elder +5 point of 5 in hearts, making 49 [AH KH QH JH 8H] = 5-0 (point.score)" in lines
    assert "elder +1 trick 1: lead [AH] = 10-17 (play.lead-point)" in lines


def _walk(seed: int, irregular: bool) -> list[tuple[DealState, Any]]:
    """The states of a random walk of the machine over a random deal, each with the action taken from it."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    state = new_deal(hand_of(deck[:12]), hand_of(deck[12:24]), tuple(deck[24:]))
    out: list[tuple[DealState, Any]] = []
    for _ in range(200):
        actions = (*legal_actions(state), *(irregular_actions(state) if irregular and rng.random() < 0.2 else ()))
        if not actions:
            break
        action = rng.choice(actions)
        out.append((state, action))
        try:
            state = apply(state, action)
        except PiquetError:
            pass
    out.append((state, None))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_states_and_actions_print_in_notation_and_read_back(seed: int) -> None:
    """Along random walks (irregularities on odd seeds): each state's repr reads back and its str shows the hands; each
    action prints as the protocol's label of it and parses back."""
    rs = default_ruleset()
    for state, action in _walk(seed, irregular=seed % 2 == 1):
        assert reads_back(state), repr(state)
        assert str(state).startswith(state.phase)
        if action is not None:
            assert str(action) == format_action(action) == action_label(action, rs)
            assert parse_action(str(action)) == action and reads_back(action)


def test_a_card_given_twice_is_an_error_where_merging_would_be_a_mistake() -> None:
    for make in (lambda: hand_of(parse_cards("AS KS AS")), lambda: Hand.parse("AS as"), lambda: Point.parse("AH KH AH")):
        with pytest.raises(CardError) as caught:
            make()
        assert caught.value.code == "card-duplicate" and "twice" in str(caught.value)
    assert parse_cards("AS AS") == (7, 7)  # a list of cards keeps what it is given: its reader checks it in context


@pytest.mark.parametrize("text, kind", [
    ("AH KS", Point), ("point of 4 in hearts, making 39: AH KH QH JH", Point), ("AS KS", Sequence), ("AS KS JS", Sequence),
    ("tierce major: AS KS QS JS", Sequence), ("KS KH", SetHolding), ("7S 7H 7D", SetHolding), ("trio of aces: KS KH KD", SetHolding),
])
def test_a_holding_that_is_not_one_is_refused(text: str, kind: type[Point | Sequence | SetHolding]) -> None:
    with pytest.raises(DeclarationError, match="declare-invalid"):
        kind.parse(text)


@pytest.mark.parametrize("text", ["elder", "elder fly", "someone play AS", "elder play", "elder play AS KS", "elder play [AS]",
                                  "younger exchange AS 2", "elder exchange [AS 2", "elder call point [AS]]", "elder call_set 3 X"])
def test_a_line_that_is_not_an_action_is_refused(text: str) -> None:
    with pytest.raises(RecordError, match="record-invalid"):
        parse_action(text)


@given(st.sampled_from(["all", "none"]), st.lists(st.lists(st.integers(0, 31), min_size=1, max_size=3).map(tuple), max_size=2).map(tuple))
def test_a_declaration_choice_reads_back(point: Any, groups: Any) -> None:
    for choice in (DeclareChoice(point, groups, "all"), DeclareChoice(groups[0] if groups else point, "none", groups)):
        assert reads_back(choice)


def test_a_declaration_choice_prints_as_the_record_writes_it() -> None:
    """The words for the defaults, and each holding chosen as its cards in notation, in brackets."""
    assert str(DeclareChoice()) == "point: all, sequences: all, sets: all"
    chosen = DeclareChoice(parse_cards("AS KS QS JS"), (parse_cards("AS KS QS"), parse_cards("9H 8H 7H")), "none")
    assert str(chosen) == "point: [AS KS QS JS], sequences: [AS KS QS, 9H 8H 7H], sets: none"
    assert str(DeclareChoice("none", "all", (parse_cards("AS AH AC"),))) == "point: none, sequences: all, sets: [AS AH AC]"


@pytest.mark.parametrize("suit", "SHDC")
def test_a_holding_of_each_suit_reads_and_one_card_of_another_suit_spoils_it(suit: str) -> None:
    other = "H" if suit == "S" else "S"
    assert str(Sequence.parse(f"Q{suit} J{suit} T{suit}")) == f"tierce to a queen: Q{suit} J{suit} T{suit}"
    assert Point.parse(f"Q{suit} J{suit} T{suit}").suit == "SHDC".index(suit)
    with pytest.raises(DeclarationError, match="declare-invalid"):
        Sequence.parse(f"Q{suit} J{suit} T{suit} 9{other}")
    with pytest.raises(DeclarationError, match="declare-invalid"):
        Sequence.parse(f"Q{other} J{other} T{other} 9{suit}")


@pytest.mark.parametrize("text, hint", [
    ("1S", "; did you mean 10S, TS or QS?"), ("AX", "; did you mean AS, AH or AD?"), ("ASX", "; did you mean AS?"),
    ("  1S    ", "; did you mean 10S, TS or QS?"), ("   1S    ", ""), ("zz", ""),
])
def test_a_card_refused_ends_with_the_nearest_spellings_in_upper_case(text: str, hint: str) -> None:
    """At most three spellings, upper case only; a text of more than eight characters (no card is spelled longer)
    gets none, even when its stripped form would be near."""
    with pytest.raises(CardError) as refused:
        parse_card(text)
    assert refused.value.message.endswith("♣)" + hint), refused.value.message


def test_a_players_score_prints_its_total_and_every_score_that_made_it() -> None:
    assert str(PlayerScore(0, 5, 4, 0, 0, 0, 9, 10, 0, 28)) == "28 (point 5, sequences 4, play 9, cards 10)"
    assert str(PlayerScore(30, 0, 0, 0, 0, 0, 12, 0, 40, 82)) == "82 (carte blanche 30, play 12, capot 40)"
    assert str(PlayerScore(*[0] * 10)) == "0"


def test_a_state_prints_the_table_as_the_players_see_it() -> None:
    """The phase and who acts, the hands, the stock, each exchange, the calls made, what is said of a call under way,
    each trick and a card led (Cavendish's deal, 000 §EXAMPLE); its repr gives only the fields that say something."""
    state = new_deal(hand_of(parse_cards("AS KS JS AH QH JH 8H JC 8C 7C 9D 8D")),
                     hand_of(parse_cards("TS 7S TH 9H 7H KC QC TC AD QD JD TD")), parse_cards("9S 8S KH 9C KD QS AC 7D"))
    lines = ["elder exchange [KS 8C 7C 9D 8D] 5", "younger exchange [7S 9H 7H] 3", "elder call_point 5", "younger ask_value"]
    for line in lines:
        state = apply(state, parse_action(line))
    dealt = new_deal(hand_of(parse_cards("AS KS JS AH QH JH 8H JC 8C 7C 9D 8D")),
                     hand_of(parse_cards("TS 7S TH 9H 7H KC QC TC AD QD JD TD")), parse_cards("9S 8S KH 9C KD QS AC 7D"))
    assert repr(dealt) == (  # the fields without a default, and those that differ from theirs, cards in notation
        "DealState(ruleset=load_ruleset('portland-1882'), dealt=(Hand.parse('AS KS JS AH QH JH 8H 9D 8D JC 8C 7C'), "
        "Hand.parse('TS 7S TH 9H 7H AD QD JD TD KC QC TC')), stock=parse_cards('9S 8S KH 9C KD QS AC 7D'), blanche=(False, False), "
        "shown=(False, False), discards=(), hands=None, calls=(), position=None, tricks=())")
    assert repr(apply(dealt, parse_action("younger exchange [7S] 1"))).endswith("took_first=(parse_cards('7S'), 1))")  # law 29
    assert str(state).splitlines()[:2] == ["calls, elder to act (portland-1882)", "elder    holds AS JS 9S 8S AH KH QH JH 8H KD JC 9C"]
    assert str(state).splitlines()[-2:] == ["said     elder call_point 5", "said     younger ask_value"]
    for line in ["elder call_value 49", "younger reply", "elder call_sequence 4 A", "younger reply", "elder call_set 3 J",
                 "younger reply", "elder play AH", "younger play TH", "elder play KH"]:
        state = apply(state, parse_action(line))
    assert str(state).splitlines()[1] == "elder    holds AS JS 9S 8S KH QH JH 8H KD JC 9C"  # as he holds them now
    assert str(state).splitlines()[-3:] == ["call     younger call sets [[QS QD QC] [TS TH TD TC]]", "trick    AH TH", "led      KH"]


def test_a_ruleset_prints_its_name_and_reads_back_as_itself() -> None:
    rs = default_ruleset()
    assert str(rs).startswith("portland-1882 (") and repr(rs) == "load_ruleset('portland-1882')"
    assert eval(repr(rs), dict(NAMES)) is rs  # noqa: S307


def test_an_evaluation_says_carte_blanche_first_and_nothing_when_nothing_scores() -> None:
    assert str(evaluate_hand(Hand.parse(""))) == "nothing that scores"  # any card is a point
    blanche = evaluate_hand(Hand.parse("TS 9S 8S 7S TH 9H 8H 7H TD 9D 8D TC"))
    assert str(blanche).splitlines()[0] == "carte blanche" and reads_back(blanche)


def test_a_partie_prints_as_its_score_card() -> None:
    from piquet_ref import score_partie
    from piquet_ref.partie.scoring import partie_text

    result = score_partie({"parties": [{"deals": [{"dealer": "B", "scores": {"A": 27, "B": 13}}, {"dealer": "A", "scores": {"A": 15, "B": 31}}]}]})
    assert str(result) == partie_text(result).rstrip("\n") and str(result).splitlines()[-1] == "Winner: none (not finished)"


CARD = st.integers(0, 31)
SOME_CARDS = st.lists(CARD, unique=True, max_size=5).map(tuple)
FIELDS: dict[str, st.SearchStrategy[Any]] = {  # a value for each field an action can have
    "player": st.sampled_from(["elder", "younger"]), "card": CARD, "to": CARD, "discard": SOME_CARDS, "take": st.integers(0, 8),
    "announced": st.booleans(), "look": st.booleans(), "category": st.sampled_from(["point", "sequences", "sets"]),
    "holdings": st.lists(SOME_CARDS, max_size=3).map(tuple), "choice": st.sampled_from(["fresh_deal", "enforce", "waive", "stand"]),
    "count": st.integers(0, 12), "value": st.integers(0, 99), "length": st.integers(3, 8), "head": st.none() | st.integers(0, 7),
    "rank": st.none() | st.integers(0, 7),
}


@st.composite
def any_actions(draw: st.DrawFn) -> Any:
    """An action of any of the machine's kinds, its fields drawn at random (legal or not: the notation is not the laws)."""
    kind, (cls, names) = draw(st.sampled_from(sorted(KINDS.items())))
    args = {name: draw(SOME_CARDS if name == "cards" and cls is LeadSeveral else st.integers(3, 12) if name == "cards" else FIELDS[name])
            for name in ("player", *names)}
    return cls(**args)


def test_every_action_type_has_its_kind() -> None:
    assert set(KIND_OF) == set(ACTION_TYPES) and len(KINDS) == len(ACTION_TYPES)


@given(any_actions())
def test_every_kind_of_action_prints_and_parses_back(action: Any) -> None:
    text = str(action)
    assert text.split()[:2] == [action.player, KIND_OF[type(action)]]
    assert parse_action(text) == action and reads_back(action)


def test_a_card_parsed_prints_as_itself_and_is_its_number_everywhere_else() -> None:
    from piquet_ref import PlayingCard, cards_of, format_card, parse_card

    for number in range(32):
        name = format_card(number)
        card = parse_card(name.lower())
        assert isinstance(card, PlayingCard) and card == number and hash(card) == hash(number)
        assert str(card) == f"{card}" == name and f"{card:d}" == str(number) and eval(repr(card)) == card  # noqa: S307
        assert json.dumps([card]) == f"[{number}]" and sorted([card, 0]) == sorted([0, number])
    assert parse_card("10h") == parse_card("TH") and type(parse_cards("AS KS")[0]) is PlayingCard
    hand = hand_of(parse_cards("AS KS QS"))
    assert hand == hand_of((7, 6, 5)) and type(cards_of(hand)[0]) is int  # inside, a card is a plain int


def test_records_are_read_into_plain_card_numbers() -> None:
    """The parsers give printing cards to a caller; a record is read into plain ints, so the scorer's arithmetic is on
    exact ints (CPython's fast paths)."""
    from piquet_ref import parse_record

    record = parse_record({"elder": {"hand": "AS KS QS JS TS 9S 8S 7S AH KH QH JH"},
                           "younger": {"hand": "AD KD QD JD TD 9D 8D 7D AC KC QC JC"}, "tricks": [["AS", "AD"]]})
    assert record.elder.hand is not None and {type(c) for c in record.elder.hand + record.tricks[0]} == {int}


def test_every_partie_result_of_the_corpus_reads_back_from_its_repr() -> None:
    """A partie's result, its parties, games, chouette lines and settlement, print as expressions over the public
    names that build them again (the deals inside as `DealResult`s, the ruleset by `load_ruleset`)."""
    from piquet_ref import score_partie
    from piquet_ref.rules.files import corpus_dir
    from piquet_ref.runner.corpus import load_cases

    names = {name: getattr(piquet_ref, name) for name in piquet_ref.__all__}
    inputs = [c.data["input"] for c in load_cases(corpus_dir() / "cases") if c.data["op"] == "score_partie" and "expect" in c.data]
    assert len(inputs) >= 30
    for data in inputs:
        result = score_partie(data)
        assert eval(repr(result), names) == result  # noqa: S307


def test_a_score_card_names_the_score_that_decided_a_game_and_the_settlement() -> None:
    """The text of `piquet-ref partie`: a game of the hundred names the deal and the score that reached the target, and a
    card played for a stake ends with what each receives or pays (the corpus's au cent and penny-a-point examples)."""
    from piquet_ref import score_partie
    from piquet_ref.partie.scoring import partie_text

    cases = Path(__file__).resolve().parent.parent / "conformance" / "cases" / "partie"
    texts = []
    for name in ("au-cent-double-decided-at-the-target", "card-net-of-one-point-at-a-penny-a-point"):
        case = yaml.safe_load((cases / f"{name}.yaml").read_text(encoding="utf-8"))
        texts.append(partie_text(score_partie({"ruleset": case["rulesets"][0], **case["input"]})).splitlines())
    assert "  A reaches 100 at deal 3, sequences (sequence.score): a double game" in texts[0]
    assert texts[1][-5:] == ["Net: Ann +1, Ben -1", "Settlement at agreed (100d a hundred, by 1 points):", "  Ann receives 1d (1 points)",
                             "  Ben pays 1d (1 points)", "Winner: Ann (not finished)"]
