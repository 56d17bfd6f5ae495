"""The contracts of the state machine's functions (`apply`, `legal_actions`, `replies`, `options`,
`miscall_open`, `showing_actions`, `irregular_actions`, `score` in `piquet_ref/machine.py`) evaluated at run time.

They state what the laws accept (exactly the actions they allow and the irregularities they remedy, the two
apart), that the deal dealt never changes, that a card once played stays played unless a revoke is retaken
(law 59 IV), that an election pending stops everyone but the elector, that the replies come in law 67's
order, which elections, corrections (law 52) and showings (law 55) are open, and that the score's penalties
are the machine's. They
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
from piquet_ref.cards import PACK_SIZE
from piquet_ref.errors import PiquetError
from piquet_ref.machine import DealState, apply, legal_actions
from piquet_ref.machine_actions import Action, Play
from piquet_ref.ruleset import PLAYERS

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
    return out


def walk_breaks(deck: list[int], actions: tuple[Action, ...]) -> set[tuple[str, str]]:
    state, out = start(deck), set()
    for action in actions:
        out |= step_breaks(state, action)
        state = apply(state, action)
    return out


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
