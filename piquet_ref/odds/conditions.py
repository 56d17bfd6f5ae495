"""The questions the odds answer: a take-in seen from one player, the conditions on what it brings, and the
features of the pack's lines that the counting reads.

Plain values, kept apart from the counting (`take_in`) so that the plain definitions its postconditions read
(`definitions`) can take them without importing the counting."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

from piquet_ref.hand.cards import Hand

Scope = Literal["taken", "hand"]


@dataclass(frozen=True)
class Count:
    """Between `at_least` and `at_most` (None: no upper bound) of `cards` (packed, see cards.pack_of)
    are among the cards taken in (`taken`) or in the hand after taking in (`hand`)."""

    scope: Scope
    cards: int
    at_least: int = 1
    at_most: int | None = None


@dataclass(frozen=True)
class PointAtLeast:
    """The hand after taking in has a point of `length` cards or more (making at least `pips` on equal length)."""

    length: int
    pips: int = 0


@dataclass(frozen=True)
class SequenceAtLeast:
    """The hand after taking in has a sequence at least as good as `length` cards to `top` (a rank bit;
    the lowest top the length allows means any sequence of that length)."""

    length: int
    top: int = 0


@dataclass(frozen=True)
class SetHeld:
    """The hand after taking in holds a set of `count` cards (4 a quatorze, 3 a trio) of rank bit `rank`
    (None: of any rank)."""

    count: int
    rank: int | None = None


@dataclass(frozen=True)
class AllOf:
    items: tuple[Condition, ...]


@dataclass(frozen=True)
class AnyOf:
    items: tuple[Condition, ...]


@dataclass(frozen=True)
class Not:
    item: Condition


Condition = Union[Count, PointAtLeast, SequenceAtLeast, SetHeld, AllOf, AnyOf, Not]
CONDITION_TYPES = (Count, PointAtLeast, SequenceAtLeast, SetHeld, AllOf, AnyOf, Not)
Axis = Literal["suit", "rank"]
FeatureKind = Literal["count_taken", "count_hand", "point", "sequence", "point_length", "sequence_best", "set", "set_best"]
MAX_KINDS = frozenset({"point", "sequence", "point_length", "sequence_best", "set", "set_best"})  # the others: sums
SUIT_KINDS = frozenset({"point", "sequence", "point_length", "sequence_best"})  # read a whole suit
RANK_KINDS = frozenset({"set", "set_best"})  # read a whole rank


@dataclass(frozen=True)
class Feature:
    """A value of one line of the pack (a suit, or a rank: its cards kept and taken in) combined over
    the lines by maximum (points, sequences, sets) or by sum, capped at `cap` when given (counts).

    A count with a `floor` only matters once it reaches the floor: as soon as the lines still to come
    cannot bring it there, its value is set to 0 (which fails the floor too), so that the counts that
    can no longer matter make one state instead of many.
    """

    kind: FeatureKind
    cards: int = 0  # count_*: packed cards counted
    key: int = 0  # point / sequence: the threshold key; set: the count
    rank: int = -1  # set: the rank bit, -1 for any rank
    cap: int | None = None
    floor: int = 0


@dataclass(frozen=True)
class Question:
    """A take-in seen from one player: the cards he keeps, the cards he cannot see, how many he takes."""

    kept: Hand
    unseen: Hand
    take: int
