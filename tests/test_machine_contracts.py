"""The contracts of the state machine's functions (`apply`, `legal_actions`, `replies`, `options`,
`miscall_open`, `showing_actions`, `irregular_actions`, `score`, `new_deal`, `called`, `choice_of`, `declarations`,
`record`, `record_mapping`, `run` in `piquet_ref/machine.py`) evaluated at run time.

They state what the laws accept (exactly the actions they allow and the irregularities they remedy, the two
apart), that the deal dealt never changes, that a card once played stays played unless a revoke is retaken
(law 59 IV), that an election pending stops everyone but the elector, that the replies come in law 67's
order, which elections, corrections (law 52) and showings (law 55) are open, and that the score's penalties
are the machine's; that a deal goes straight to the exchange only when dealt by law (laws 9, 11-13), that each
category is called once, the point first (laws 46, 47), that each player declares only what he called, that the
record is the state's deal and its mapping scores as it does, and that running actions is applying each. They
take whole states, beyond CrossHair's reach, so each condition is read from the docstring as CrossHair reads
it and evaluated at every step of the machine's walks (irregular exchanges, revokes, claims and showings).
A calibration requires the same check to find bugs planted in copies of the machine's functions.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from piquet_ref import machine
from piquet_ref.cards import PACK_SIZE, hand_of
from piquet_ref.errors import PiquetError
from piquet_ref.machine import DealState, apply, legal_actions
from piquet_ref.machine_actions import Action, Play
from piquet_ref.ruleset import PLAYERS
from piquet_ref.strategies import HAND_SIZE, RS

from .crosshair_calibration.planted_deal import Plant, planted_function
from .machine_walks import start, walks
from .test_law_contracts import assert_caught, broken, calibration_states, conditions

OF_A_STATE = ("legal_actions", "replies", "options", "miscall_open", "showing_actions", "irregular_actions", "score")


def step_breaks(state: DealState, action: Action) -> set[tuple[str, str]]:
    """(function, postcondition) of every condition of the machine's functions broken by `state` and `action`
    (`score` only where its precondition admits the state: the calls over, no revoke standing)."""
    out: set[tuple[str, str]] = set()
    bad = broken(machine, "apply", (state, action))
    assert bad is not None, "the preconditions refuse the machine's own step"
    out |= {("apply", b) for b in bad}
    for function in OF_A_STATE:
        bad = broken(machine, function, (state,))
        assert bad is not None or function == "score", (function, "the preconditions refuse the machine's own state")
        out |= {(function, b) for b in bad or ()}
    return out | record_breaks(state)


def record_breaks(state: DealState, only: str | None = None) -> set[tuple[str, str]]:
    """The conditions of what the state says was called and declared, and of its record once the calls are over
    (of `only` that function's, when given)."""
    calls: list[tuple[str, tuple[Any, ...]]] = [("called", (state,)), ("declarations", (state,))]
    calls += [("choice_of", (tuple(c for c in state.calls if c.player == p),)) for p in PLAYERS]
    calls += [("record", (state,))] if state.phase in ("play", "complete") else []
    return {(f, b) for f, args in calls if only in (None, f) for b in broken(machine, f, args) or ()}


def deal_breaks(deck: list[int]) -> set[tuple[str, str]]:
    """The conditions of `new_deal` broken by the deck dealt regularly, and with one card and two astray (laws 11, 12)."""
    shapes = ((HAND_SIZE, HAND_SIZE), (HAND_SIZE + 1, HAND_SIZE), (HAND_SIZE - 1, HAND_SIZE - 1))
    deals = [(hand_of(deck[:e]), hand_of(deck[e : e + y]), tuple(deck[e + y :]), RS) for e, y in shapes]
    return {("new_deal", b) for args in deals for b in broken(machine, "new_deal", args) or ()}


def walk_breaks(deck: list[int], actions: tuple[Action, ...]) -> set[tuple[str, str]]:
    state, out = start(deck), deal_breaks(deck)
    for action in actions:
        out |= step_breaks(state, action)
        state = apply(state, action)
    out |= {("run", b) for b in broken(machine, "run", (start(deck), actions)) or ()}
    out |= {("record_mapping", b) for b in broken(machine, "record_mapping", (state,)) or ()} if state.phase in ("play", "complete") else set()
    return out | record_breaks(state)


@settings(max_examples=60, deadline=None)
@given(walks(stop_anywhere=True, irregular=True, revokes=True))
def test_every_step_of_walks_with_irregular_exchanges_and_revokes_keeps_the_postconditions(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    assert walk_breaks(walk[0], walk[1]) == set()


@settings(max_examples=40, deadline=None)
@given(walks(stop_anywhere=True, shortfall=True, revokes=True))
def test_every_step_of_walks_with_a_shortfall_left_unannounced_and_taken_up_keeps_the_postconditions(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    assert walk_breaks(walk[0], walk[1]) == set()


@settings(max_examples=60, deadline=None)
@given(walks(stop_anywhere=True, claims=True, showings=True))
def test_every_step_of_walks_with_claims_and_showings_keeps_the_postconditions(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    assert walk_breaks(walk[0], walk[1]) == set()


def tried(state: DealState) -> set[tuple[str, str]]:
    """The conditions broken by every card played by either player in `state` that `apply` accepts."""
    out: set[tuple[str, str]] = set()
    for player in PLAYERS:
        for card in range(PACK_SIZE):
            action = Play(player, card)
            try:
                out |= {("apply", b) for b in broken(machine, "apply", (state, action)) or ()}
            except PiquetError:
                continue
    return out


PLANTED: tuple[tuple[str, Plant], ...] = (
    ("_play", Plant("play-out-of-turn-accepted", "a player may play when the adversary is to play",
                    "    if player != state.to_move:\n        raise error(\"play-out-of-turn\"", "    if False:\n        raise error(\"play-out-of-turn\"",
                    "action in legal_actions(state) or action in irregular_actions(state)")),
    ("_play", Plant("lead-takes-up-a-trick", "leading to a trick takes the last trick back",
                    "tricks = state.tricks if pos.lead is None else", "tricks = state.tricks[:-1] if pos.lead is None else",
                    "isinstance(action, (Retake, TakeUp)) or __return__.tricks[: len(state.tricks)] == state.tricks")),
)


@pytest.mark.parametrize("function, bug", PLANTED, ids=[b.name for _, b in PLANTED])
def test_the_run_time_check_finds_each_bug_planted_in_the_machine(function: str, bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    states = calibration_states()
    states.append(apply(states[-1], Play("younger", next(a.card for a in legal_actions(states[-1]) if isinstance(a, Play)))))  # a trick played
    assert set().union(*(tried(s) for s in states)) == set()
    for name in ("apply", *OF_A_STATE):
        conditions(machine, name)  # the original's conditions judge the planted copy
    monkeypatch.setattr(machine, function, planted_function(Path(machine.__file__), bug, function))
    caught: set[Any] = {b for s in states for _, b in tried(s)}
    assert_caught(bug, caught)


RECORD_PLANTED: tuple[tuple[str, Plant], ...] = (
    ("choice_of", Plant("sequences-as-sets", "a player's sequences are declared as his quatorzes or trios and the reverse",
                        'seqs, sets = made.get("sequences", ()), made.get("sets", ())', 'sets, seqs = made.get("sequences", ()), made.get("sets", ())',
                        'all(getattr(__return__, k) == "none" or getattr(__return__, k) in tuple(c.holdings for c in calls if c.category == k) '
                        'for k in ("sequences", "sets"))')),
    ("record", Plant("record-drops-last-trick", "the record leaves out the last trick played",
                     "return DealRecord(state.ruleset, players[0], players[1], state.stock, state.tricks)",
                     "return DealRecord(state.ruleset, players[0], players[1], state.stock, state.tricks[:-1])",
                     "__return__.ruleset == state.ruleset and __return__.stock == state.stock and tuple(__return__.tricks) == state.tricks")),
    ("run", Plant("run-drops-the-last", "running actions leaves out the last of them",
                  "for step, action in enumerate(actions):", "for step, action in enumerate(actions[:-1]):",
                  "not actions or __return__ == apply(run(state, actions[:-1]), actions[-1])")),
    ("new_deal", Plant("card-astray-unremarked", "a deal with a card astray goes straight to the exchange, without the elder's option (law 11)",
                       "return replace(state, pending=(PLAYERS[0], laws[0])) if laws else state", "return state",
                       "__return__.phase != \"exchange\" or (sum(m.bit_count() for m in elder_dealt), sum(m.bit_count() for m in younger_dealt), "
                       "len(stock)) == (__return__.ruleset.pack.hand_size, __return__.ruleset.pack.hand_size, __return__.ruleset.pack.stock_size)")),
)


@pytest.mark.parametrize("function, bug", RECORD_PLANTED, ids=[b.name for _, b in RECORD_PLANTED])
def test_the_run_time_check_finds_each_bug_planted_in_the_machines_deals_and_records(function: str, bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    states = calibration_states()
    trick = next(a for a in legal_actions(states[-1]) if isinstance(a, Play))
    states.append(apply(states[-1], Play("younger", trick.card)))  # a trick played
    assert set().union(*(record_breaks(s) for s in states)) == set() and deal_breaks(list(range(PACK_SIZE))) == set()
    runs = [(s, legal_actions(s)[:1]) for s in states]  # one action run from each state
    conditions(machine, function)  # the original's conditions judge the planted copy
    monkeypatch.setattr(machine, function, planted_function(Path(machine.__file__), bug, function))
    caught = {b for s in states for _, b in record_breaks(s, function)} | {b for r in runs for b in broken(machine, "run", r) or ()}
    caught |= {b for _, b in deal_breaks(list(range(PACK_SIZE)))}  # the pack in order, dealt regularly and with cards astray
    assert_caught(bug, caught)
