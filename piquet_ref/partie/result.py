"""A scored match: its deals, parties, games and chouette lines, and the result of a partie record.

The values `score_partie` returns, kept apart from the scorer so that the predicates stating its rules
(`postconditions`) can read them without importing the scorer."""

from __future__ import annotations

from typing import Literal, NamedTuple

from piquet_ref.rules.ruleset import Form, Ruleset
from piquet_ref.deal.result import DealResult
from piquet_ref.partie.settlement import Settlement

Outcome = Literal["won", "drawn", "in-progress"]
Pair = tuple[str, str]


class DealLine(NamedTuple):
    """One deal of a partie or game: who dealt, what each player scored, and the totals after it."""

    number: int
    dealer: str
    elder: str
    scores: tuple[int, int]  # in the order of the partie's players
    weight: int  # 2 for a doubled deal of the four-deal partie
    running: tuple[int, int]  # totals after the deal (weighted)
    result: DealResult | None  # the scored deal, when a deal record was given


class Partie(NamedTuple):
    """A partie in points: its deals, the aggregates, and what the winner wins."""

    number: int
    players: Pair
    deals: tuple[DealLine, ...]
    brought_forward: tuple[int, int, int] | None  # (deals, first player's total, second's) scored before
    totals: tuple[int, int]
    outcome: Outcome
    winner: str | None
    points: int  # what the winner wins (0 unless won)
    rubicon: bool  # the loser was under the rubicon
    extra_deals: int  # deals played after a tie


class Decider(NamedTuple):
    """Where a game was decided: the deal, and the score (an event of its log, when known) reaching the target."""

    deal: int
    event: int | None
    category: str | None
    rule: str | None
    running: tuple[int, int]


class Game(NamedTuple):
    number: int
    deals: tuple[DealLine, ...]
    totals: tuple[int, int]
    winner: str | None
    double: bool
    decider: Decider | None


class ChouetteLine(NamedTuple):
    """One partie of a chouette: who played it in which seat, its result in tens and each player's entry."""

    number: int
    single: str
    playing: str
    advising: str
    partie: Partie
    tens: int
    entries: tuple[int, int, int]  # in tens, in the order of the players
    running: tuple[int, int, int]


class PartieResult(NamedTuple):
    ruleset: Ruleset
    form: Form
    players: tuple[str, ...]
    parties: tuple[Partie, ...]
    games: tuple[Game, ...]
    chouette: tuple[ChouetteLine, ...]
    net: tuple[int, ...]  # points won (+) or lost (-) by each player, point forms only
    games_won: tuple[int, ...]  # game forms only
    winner: str | None
    complete: bool
    settlement: Settlement | None
