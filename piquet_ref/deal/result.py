"""A scored deal: each player's ten scores, the event log in the order of accretion, the verdicts on the
declarations, the hands after the exchange and the tricks.

The values `score_deal` returns, kept apart from the scorer so that the predicates stating its rules
(`postconditions`) and the writers of its JSON form read them without importing the scorer."""

from __future__ import annotations

from typing import NamedTuple

from piquet_ref.hand.cards import Card, Hand, format_card
from piquet_ref.hand.notation import card_repr, cards_repr, cards_text
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

    def __str__(self) -> str:
        """One line of the ledger: `elder +5 point of 5 in hearts, making 49 [AH KH QH JH 8H] = 5-0 (point.score)`,
        `elder +1 trick 1: lead [AH] = 10-17 (play.lead-point)`: who, how much, for what, the totals after it, the rule."""
        cards = f" [{cards_text(self.cards)}]" if self.cards else ""
        trick = f"trick {self.trick}: " if self.trick is not None and not self.note.startswith("trick") else ""
        return f"{self.player} +{self.points} {trick}{self.note}{cards} = {self.running[0]}-{self.running[1]} ({self.rule})"

    def __repr__(self) -> str:
        """The constructor call, the cards in notation (`parse_cards('AH KH')`), so that it reads back."""
        return (f"Event(player={self.player!r}, category={self.category!r}, points={self.points!r}, rule={self.rule!r}, "
                f"cards={cards_repr(self.cards)}, note={self.note!r}, trick={self.trick!r}, running={self.running!r})")


class Trick(NamedTuple):
    number: int
    leader: Player
    lead: Card
    follow: Card
    winner: Player
    running: tuple[int, int]  # totals after the trick's play points and any bonus they bring

    def __str__(self) -> str:
        """`trick 1: elder leads AH, TH; elder wins = 10-17`."""
        return (f"trick {self.number}: {self.leader} leads {format_card(self.lead)}, {format_card(self.follow)}; "
                f"{self.winner} wins = {self.running[0]}-{self.running[1]}")

    def __repr__(self) -> str:
        return (f"Trick(number={self.number!r}, leader={self.leader!r}, lead={card_repr(self.lead)}, follow={card_repr(self.follow)}, "
                f"winner={self.winner!r}, running={self.running!r})")


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

    def __str__(self) -> str:
        """The total and what made it, as the ledger's last lines: `28 (point 5, sequences 4, play 9, cards 10)`."""
        made = ", ".join(f"{key.replace('_', ' ')} {n}" for key, n in zip(self._fields[:-1], self) if n)
        return f"{self.total} ({made})" if made else str(self.total)


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

    def __str__(self) -> str:
        """A compact ledger: the totals, the hands after the exchange, the verdicts, then every event in order.
        (`repr` is the constructor's, every part by its own reading-back form.)"""
        lines = [f"{self.ruleset.id}: elder {self.elder}, younger {self.younger}" + ("" if self.complete else " (incomplete)")]
        lines += [f"{p:8} {hand}" for p, hand in zip(PLAYERS, self.hands)]
        lines += [str(c) for c in self.comparison.all()]
        lines += [str(e) for e in self.events]
        return "\n".join(lines)

    def declaration(self, player: Player) -> Declaration:
        """What `player` declared: his explicit choice, or everything his hand holds."""
        i = PLAYERS.index(player)
        return self.choices[i] or declare_all(self.hands[i], self.ruleset)
