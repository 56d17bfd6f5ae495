"""A scored match: its deals, parties, games and chouette lines, and the result of a partie record.

The values `score_partie` returns, kept apart from the scorer so that the predicates stating its rules
(`postconditions`) can read them without importing the scorer."""

from __future__ import annotations

from typing import Literal, NamedTuple, TypedDict

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


# The JSON form of a partie's result (`partie_json`) as types, one TypedDict per object of
# conformance/schema/result-score_partie.schema.json (tests/test_forms.py checks that the two agree). Every
# per-player mapping is keyed by the players' names, so it is a `dict[str, int]`.


class DealLineJSON(TypedDict):
    number: int
    dealer: str
    elder: str
    scores: dict[str, int]
    weight: int
    running: dict[str, int]


class BroughtForwardJSON(TypedDict):
    deals: int
    scores: dict[str, int]


class PartieJSON(TypedDict):
    number: int
    players: list[str]
    brought_forward: BroughtForwardJSON | None
    deals: list[DealLineJSON]
    totals: dict[str, int]
    outcome: Outcome
    winner: str | None
    loser: str | None
    rubicon: bool
    points: int
    extra_deals: int


class DeciderJSON(TypedDict):
    deal: int
    event: int | None
    category: str | None
    rule: str | None
    running: dict[str, int]


class GameJSON(TypedDict):
    number: int
    deals: list[DealLineJSON]
    totals: dict[str, int]
    winner: str | None
    double: bool
    decided_by: DeciderJSON | None


class ChouetteJSON(TypedDict):
    number: int
    single: str
    playing: str
    advising: str
    winner: str | None
    points: int
    tens: int
    entries: dict[str, int]
    running: dict[str, int]


class StakeJSON(TypedDict):
    name: str
    pence_per_hundred: int
    unit: int


class SettlementLineJSON(TypedDict):
    player: str
    points: int
    reckoned: int
    pence: int
    money: str


class SettlementJSON(TypedDict):
    stake: StakeJSON
    lines: list[SettlementLineJSON]


class PartieResultJSON(TypedDict):
    """The result of `score_partie` as `partie_json` gives it."""

    ruleset: str
    form: Form
    players: list[str]
    parties: list[PartieJSON]
    games: list[GameJSON]
    chouette: list[ChouetteJSON]
    net: dict[str, int] | None
    games_won: dict[str, int] | None
    winner: str | None
    complete: bool
    settlement: SettlementJSON | None
