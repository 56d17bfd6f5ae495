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
from piquet_ref.rules.files import LIMITS, Limits, over_budget
from piquet_ref.rules.errors import shown


class ActionCount(NamedTuple):
    """Sequences of `depth` legal actions from a state: the total, and per first action (in the order of
    `legal_actions`) the sequences that begin with it ("divide")."""

    total: int
    by_first: tuple[tuple[Action, int], ...]


def count_actions(state: DealState, depth: int, limits: Limits = LIMITS) -> ActionCount:
    """Legal action sequences of `depth` actions from `state` (those that end the deal sooner count once).

    With nothing to do (depth 0, or the deal over) the one empty sequence counts: total 1, no first action.
    The walk enters and lists at most `limits.count_work` states and actions, else `request-over-budget`: a few actions ahead of
    the exchange already reach millions (the elder alone has up to 1,585 exchanges).
    """
    if not isinstance(state, DealState):
        raise error("argument-invalid", f"state must be a DealState (see machine.new_deal), got {type(state).__name__}")
    if type(depth) is not int or depth < 0:
        raise error("argument-invalid", f"depth must be a count >= 0, got {shown(depth)}")
    if depth == 0:
        return ActionCount(1, ())
    budget = [limits.count_work, limits.count_work]  # what is left of it, and the whole
    by_first = tuple((action, _leaves(_enter(state, action, budget), depth - 1, budget)) for action in _listed(state, budget))
    return ActionCount(sum(n for _, n in by_first), by_first) if by_first else ActionCount(1, ())


def _enter(state: DealState, action: Action, budget: list[int]) -> DealState:
    """The state `action` leads to, counted against what is left of the budget (`budget[0]` of `budget[1]`)."""
    _spend(budget, 1)
    return apply(state, action)


def _listed(state: DealState, budget: list[int]) -> tuple[Action, ...]:
    """The legal actions of `state`, each counted against the budget (listing them is most of a count's cost:
    the elder's exchange alone lists up to 1,585)."""
    actions = tuple(legal_actions(state))
    _spend(budget, len(actions))
    return actions


def _spend(budget: list[int], cost: int) -> None:
    budget[0] -= cost
    if budget[0] < 0:
        raise over_budget("counting these actions enters and lists", "count_work", budget[1], "states and actions")


def _leaves(state: DealState, depth: int, budget: list[int]) -> int:
    """Sequences of `depth` more actions from `state`; the last level is counted without being applied."""
    if depth == 0:
        return 1
    actions = _listed(state, budget)
    if not actions:
        return 1
    if depth == 1:
        return len(actions)
    return sum(_leaves(_enter(state, action, budget), depth - 1, budget) for action in actions)
