"""Counts through the laws' state machine: how many sequences of legal actions lead on from a deal state.

This is perft for the laws: the tree is walked with `legal_actions` and `apply` alone, so it checks
the machine's legality against the closed-form and memoised counts of `counts` (exchanges and play
trees), and lets another implementation compare its own state machine action by action. A sequence
that ends the deal before `depth` actions counts once, as with `counts.count_play`.
"""

from __future__ import annotations

from typing import NamedTuple

from piquet_ref.rules.codes import error
from piquet_ref.machine.state import DealState, apply, legal_actions
from piquet_ref.machine.actions import Action
from piquet_ref.rules.errors import shown


class ActionCount(NamedTuple):
    """Sequences of `depth` legal actions from a state: the total, and per first action (in the order of
    `legal_actions`) the sequences that begin with it ("divide")."""

    total: int
    by_first: tuple[tuple[Action, int], ...]


def count_actions(state: DealState, depth: int) -> ActionCount:
    """Legal action sequences of `depth` actions from `state` (those that end the deal sooner count once).

    With nothing to do (depth 0, or the deal over) the one empty sequence counts: total 1, no first action.
    """
    if not isinstance(state, DealState):
        raise error("argument-invalid", f"state must be a DealState (see machine.new_deal), got {type(state).__name__}")
    if type(depth) is not int or depth < 0:
        raise error("argument-invalid", f"depth must be a count >= 0, got {shown(depth)}")
    if depth == 0:
        return ActionCount(1, ())
    by_first = tuple((action, _leaves(apply(state, action), depth - 1)) for action in legal_actions(state))
    return ActionCount(sum(n for _, n in by_first), by_first) if by_first else ActionCount(1, ())


def _leaves(state: DealState, depth: int) -> int:
    """Sequences of `depth` more actions from `state`; the last level is counted without being applied."""
    if depth == 0:
        return 1
    actions = legal_actions(state)
    if not actions:
        return 1
    if depth == 1:
        return len(actions)
    return sum(_leaves(apply(state, action), depth - 1) for action in actions)
