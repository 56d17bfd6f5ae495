"""A scored deal: each player's ten scores, the event log in the order of accretion, the verdicts on the
declarations, the hands after the exchange and the tricks.

The values `score_deal` returns, kept apart from the scorer so that the predicates stating its rules
(`postconditions`) and the writers of its JSON form read them without importing the scorer."""

from __future__ import annotations

from typing import NamedTuple

from piquet_ref.hand.cards import Card, Hand
from piquet_ref.hand.declarations import Comparison, DeclCategory, Declaration, declare_all
from piquet_ref.rules.ruleset import PLAYERS, SCORE_KEYS, Player, Ruleset, ScoreKey


class Event(NamedTuple):
    """One score: who, in which category, how much, by which rule, with which cards, and the totals after it."""

    player: Player
    category: ScoreKey
    points: int
    rule: str
    cards: tuple[Card, ...]
    note: str
    trick: int | None  # 1-based trick number for play events and bonuses reached in play
    running: tuple[int, int]  # (elder, younger) totals after this event


class Trick(NamedTuple):
    number: int
    leader: Player
    lead: Card
    follow: Card
    winner: Player
    running: tuple[int, int]  # totals after the trick's play points and any bonus they bring


class PlayerScore(NamedTuple):
    """The ten fixed result keys of a player (docs/formats.md): the nine scores and the total."""

    carte_blanche: int
    point: int
    sequences: int
    sets: int
    repique: int
    pique: int
    play: int
    cards: int
    capot: int
    total: int

    def as_dict(self) -> dict[str, int]:
        return dict(zip(self._fields, self))


KEY_INDEX = {key: i for i, key in enumerate(SCORE_KEYS)}  # PlayerScore's fields are SCORE_KEYS, then total


class DealResult(NamedTuple):
    """A scored deal: the ten keys per player, the event log, the verdicts, the hands and the tricks."""

    ruleset: Ruleset
    elder: PlayerScore
    younger: PlayerScore
    events: tuple[Event, ...]
    comparison: Comparison
    choices: tuple[Declaration | None, Declaration | None]  # explicit declarations; None: all held
    carte_blanche: tuple[bool, bool]
    hands: tuple[Hand, Hand]  # hands after the exchange
    tricks: tuple[Trick, ...]
    complete: bool
    reckons_nothing: tuple[bool, bool] = (False, False)  # penalised players (laws 25-35, 58), their scores not counted
    barred: tuple[tuple[DeclCategory, ...], tuple[DeclCategory, ...]] = ((), ())  # per player, categories that bar but score nothing
    out_of_turn: tuple[int, ...] = ()  # the tricks (indices) led out of turn, standing (law 59 III)

    def score(self, player: Player) -> PlayerScore:
        return self.elder if player == "elder" else self.younger

    def declaration(self, player: Player) -> Declaration:
        """What `player` declared: his explicit choice, or everything his hand holds."""
        i = PLAYERS.index(player)
        return self.choices[i] or declare_all(self.hands[i], self.ruleset)
