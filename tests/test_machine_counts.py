"""Counts through the laws' state machine (`machine_counts`): the corpus's counts walked again action by action.

Every exchange and play-tree count of `conformance/cases/counts/` comes from `counts` (closed forms and a
memoised play tree); here each one is reproduced by walking `legal_actions` and `apply` alone, so the
two implementations of legality check each other on every number the corpus publishes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_ref import PiquetError
from piquet_ref.hand.cards import hand_of, parse_cards
from piquet_ref.runner.corpus import load_cases
from piquet_ref.deal.counts import count_play
from piquet_ref.hand.declarations import DECL_CATEGORIES
from piquet_ref.rules.loader import load_ruleset
from piquet_ref.machine.state import DealState, apply, legal_actions, new_deal
from piquet_ref.machine.actions import Call, Exchange, Play, ShowBlanche
from piquet_ref.machine.counts import count_actions
from piquet_ref.protocol.machine import action_label, action_of
from piquet_ref.protocol.ops import run_op
from piquet_ref.rules.ruleset import PLAYERS

from verification.walks import plies_through_the_machine, walks

CASES = [c for c in load_cases(Path(__file__).resolve().parent.parent / "conformance" / "cases") if c.data["op"] == "count" and "expect" in c.data]
FEW = settings(max_examples=max(10, settings().max_examples // 8), deadline=None)


def of_kind(kind: str) -> list[Any]:
    return [pytest.param(c.data, id=c.path.stem) for c in CASES if c.data["input"]["kind"] == kind]


def dealt_state(data: dict[str, Any]) -> DealState:
    rs = load_ruleset(data.get("ruleset", "portland-1882"))
    hands = [hand_of(parse_cards(data[p]["dealt"], rs, p)) for p in PLAYERS]
    return new_deal(hands[0], hands[1], parse_cards(data["stock"], rs, "stock"), rs)


def show_due(state: DealState) -> DealState:
    """`state` after the carte blanche its next player must show before he may exchange (if any)."""
    actions = legal_actions(state)
    return apply(state, actions[0]) if actions and all(isinstance(a, ShowBlanche) for a in actions) else state


@pytest.mark.parametrize("case", of_kind("discards"))
def test_every_exchange_count_of_the_corpus_is_the_number_of_exchange_pairs_legal_actions_offers(case: dict[str, Any]) -> None:
    """Each elder exchange the machine offers, applied, times each younger exchange it then offers."""
    start = show_due(dealt_state(case["input"]))
    by_size: dict[str, int] = {}
    for first in legal_actions(start):
        if isinstance(first, Exchange):
            after = show_due(apply(start, first))
            younger = sum(isinstance(a, Exchange) for a in legal_actions(after))
            by_size[str(len(first.discard))] = by_size.get(str(len(first.discard)), 0) + younger
    assert sum(by_size.values()) == case["expect"]["total"]
    assert by_size == case["expect"]["by_first"]


@pytest.mark.parametrize("case", of_kind("play"))
def test_every_play_count_of_the_corpus_is_walked_again_through_legal_actions(case: dict[str, Any]) -> None:
    """From the position its record reaches (exchanges, every category sunk, the tricks so far), by first card."""
    data = case["input"]
    state = dealt_state(data)
    rs = state.ruleset
    actions: list[Any] = [Exchange(p, parse_cards(data[p]["discard"], rs, p), len(data[p]["discard"])) for p in PLAYERS]
    actions += [Call(p, category, ()) for category in DECL_CATEGORIES for p in PLAYERS]
    for action in actions:
        state = apply(show_due(state), action)
    for trick in data.get("tricks", []):
        for card in parse_cards(trick, rs, "trick"):
            assert state.to_move is not None
            state = apply(state, Play(state.to_move, card))
    total, by_first = plies_through_the_machine(state, data["plies"])
    assert total == case["expect"]["total"]
    assert {action_label(a, rs).split()[-1]: n for a, n in by_first} == case["expect"]["by_first"]
    if not state.cards_left:  # nothing left in the stock: every action of the play is a card played (law 36 has nothing to elect)
        assert count_actions(state, data["plies"]) == (total, tuple(by_first))



@pytest.mark.parametrize("case", of_kind("actions"))
def test_every_action_count_of_the_corpus_agrees_with_the_count_the_exchange_or_play_counter_gives(case: dict[str, Any]) -> None:
    """An `actions` count in the exchange from a new deal equals the closed form; in the play, where only cards
    can be played, the play tree."""
    got = run_op("count", case["input"])
    state = dealt_state(case["input"])
    rs = state.ruleset
    for step, raw in enumerate(case["input"]["actions"]):
        state = apply(state, action_of(raw, rs, f"actions[{step}]"))
    if state.phase == "play" and all(isinstance(a, Play) for a in legal_actions(state)):  # no showing, election or waiver open besides
        assert state.position is not None
        assert count_play(state.position, case["input"]["depth"]).total == case["expect"]["total"]
    assert got == run_op("count", case["input"])  # the answer is a pure function of the input
    assert count_actions(state, case["input"]["depth"]).total == case["expect"]["total"]


@FEW
@given(walks(stop_anywhere=True), st.integers(0, 3))
def test_a_count_is_the_sum_of_its_branches_and_one_level_is_the_legal_actions(walk: Any, depth: int) -> None:
    _, _, state = walk
    if state.phase == "exchange":
        depth = min(depth, 1)  # two exchanges are a million sequences: the exchange counts are walked in full above
    count = count_actions(state, depth)
    actions = legal_actions(state)
    assert count.total == (sum(n for _, n in count.by_first) if count.by_first else 1)
    assert [a for a, _ in count.by_first] == (list(actions) if depth else [])
    if depth == 1:
        assert count.total == max(1, len(actions))
    for action, n in count.by_first:
        assert n == count_actions(apply(state, action), depth - 1).total
    labels = [action_label(a, state.ruleset) for a in actions]
    assert len(set(labels)) == len(labels)  # a label names one action


def test_nothing_left_to_do_counts_the_one_empty_sequence_and_a_bad_depth_is_a_typed_error() -> None:
    deal = {"elder": {"dealt": "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D".split()},
            "younger": {"dealt": "TS 7S TH 9H 7H KC QC TC AD QD JD TD".split()},
            "stock": "9S 8S KH 9C KD QS AC 7D".split()}
    state = dealt_state(deal)
    assert count_actions(state, 0) == (1, ())
    for bad in (-1, 1.0, "2", None):
        with pytest.raises(PiquetError) as caught:
            count_actions(state, bad)  # type: ignore[arg-type]
        assert caught.value.code == "argument-invalid" and repr(bad) in str(caught.value)
        with pytest.raises(PiquetError) as caught:
            run_op("count", {"kind": "actions", **deal, "depth": bad})
        assert caught.value.code == "record-invalid" and "depth" in str(caught.value)
    with pytest.raises(PiquetError) as caught:
        count_actions("a state", 1)  # type: ignore[arg-type]
    assert caught.value.code == "argument-invalid"


def test_labels_name_the_player_the_action_and_its_fields() -> None:
    rs = load_ruleset()
    cards = parse_cards(["AS", "KS", "QS"], rs, "x")
    assert action_label(Exchange("younger", cards[:2], 2), rs) == "younger exchange [AS KS] 2"
    assert action_label(Call("elder", "sequences", (cards,)), rs) == "elder call sequences [[AS KS QS]]"
    assert action_label(Call("elder", "point", ()), rs) == "elder call point []"
    assert action_label(Play("younger", cards[0]), rs) == "younger play AS"
    assert action_label(ShowBlanche("elder"), rs) == "elder carte_blanche"
