"""A scored deal: each player's ten scores, the event log in the order of accretion, the verdicts on the
declarations, the hands after the exchange and the tricks.

The values `score_deal` returns, kept apart from the scorer so that the predicates stating its rules
(`postconditions`) and the writers of its JSON form read them without importing the scorer."""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, NamedTuple

from piquet_ref.hand.cards import PACK_SIZE, Card, Hand, format_card
from piquet_ref.hand.cards import tuple_new as _new
from piquet_ref.hand.notation import card_repr, cards_repr, cards_text
from piquet_ref.hand.declarations import (
    Comparison, DeclCategory, Declaration, Point, Sequence, SetHolding, declare_all, held_point, held_sequences, held_sets, point_points,
    sequence_name, set_name,
)
from piquet_ref.rules.codes import error
from piquet_ref.rules.ruleset import PLAYERS, SCORE_KEYS, Player, Ruleset, ScoreKey, check_player


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


ScoreEntry = tuple[int, int, ScoreKey, int, str, tuple[Card, ...], str, "int | None"]
"""A score of the trace: (0, player 0 elder / 1 younger, key, points, rule, cards, note, trick or None)."""
TrickEntry = tuple[int, int, int, Card, Card, int, int, int, int]
"""A trick of the trace: (1, number, leader 0/1, card led, card played to it, winner 0/1, then the points it scores
that no score entry of the trace lists: the leader's for the lead, the follower's for winning it as second player, the
winner's for the last trick)."""
HoldingsEntry = tuple[int, int, "DeclCategory", Hand, Ruleset]
"""The holdings a good player scores in a category, all that his hand holds, each a score in turn (`holding_scores`):
(2, player 0/1, category, his hand after the exchange, the ruleset)."""
Trace = tuple["ScoreEntry | TrickEntry | HoldingsEntry", ...]

class PlayScore(NamedTuple):
    """The rule and the note of one of the three scores of the play."""

    rule: str
    note: str


LEAD = PlayScore("play.lead-point", "lead")
SECOND_WINS = PlayScore("play.second-wins-point", "wins the trick as second player")
LAST_TRICK = PlayScore("play.last-trick", "last trick")

ONE_CARD = tuple((card,) for card in range(PACK_SIZE))  # the cards of a play event, built once


def holding_scores(
    category: ScoreKey, declaration: Declaration | None, hand: Hand, rs: Ruleset
) -> list[HoldingScore]:
    """(points, rule, cards, note) of each holding a good player scores in a declaration category: what he declared,
    or all his hand holds (the scorer adds them holding by holding while a bonus may turn on one, and `event_log` lists them).

    rules: point.score, sequence.score, sets.score
    post: category != "point" or len(__return__) <= 1
    post: all(points >= 0 and rule == HOLDING_RULE[category] and cards for points, rule, cards, _ in __return__)
    """
    if category == "point":
        pt = declaration.point if declaration else held_point(hand, rs)
        return [] if pt is None else [_point_score(pt, rs)]
    if category == "sequences":
        return [_sequence_score(q, rs) for q in (declaration.sequences if declaration else held_sequences(hand, rs))]
    return [_set_score(h, rs) for h in (declaration.sets if declaration else held_sets(hand, rs))]


HoldingScore = tuple[int, str, tuple[Card, ...], str]
HOLDING_RULE = {"point": "point.score", "sequences": "sequence.score", "sets": "sets.score"}
# Holdings recur from deal to deal, so what each one scores (with its note) is computed once per ruleset.


@lru_cache(maxsize=None)
def _point_score(pt: Point, rs: Ruleset) -> HoldingScore:
    note = f"point of {pt.length} in {rs.pack.suits[pt.suit].name}, making {pt.pips}"
    return point_points(pt, rs), "point.score", pt.cards, note


@lru_cache(maxsize=None)
def _sequence_score(q: Sequence, rs: Ruleset) -> HoldingScore:
    note = f"{sequence_name(q, rs)} in {rs.pack.suits[q.suit].name}"
    return rs.sequences.values[q.length], "sequence.score", q.cards, note


@lru_cache(maxsize=None)
def _set_score(h: SetHolding, rs: Ruleset) -> HoldingScore:
    return rs.sets.values[h.number], "sets.score", h.cards, set_name(h, rs)


EventMaker = Callable[[int, ScoreKey, int, str, "tuple[Card, ...]", str, "int | None", int, int], None]
"""Handed each event of a log: (player 0 elder / 1 younger, key, points, rule, cards, note, trick or None, the
elder's total after it, the younger's)."""
TrickMaker = Callable[[int, int, Card, Card, int, int, int], None]
"""Handed each trick of a log: (number, leader 0/1, card led, card played to it, winner 0/1, the elder's total after
it, the younger's)."""


def replay_trace(trace: Trace, event: EventMaker, trick: TrickMaker) -> None:
    """Hand each event and each trick a scorer's trace stands for to `event` or `trick`, in its order, with both
    totals after it.

    The scorer (`deal.accretion`) decides every score and keeps it in the trace as compactly as it can: a score of
    its own, or, for the points of a trick that nothing can interleave with, as numbers of the trick's entry. This
    reads the trace as the log a reader sees; it decides nothing. The log's values (`event_log`) and its JSON text
    (`protocol.results`) are both made by it, so that the two cannot differ."""
    running = [0, 0]
    for entry in trace:
        if entry[0] == 1:
            _, n, leader, lead, follow, winner, lead_points, win_points, last_points = entry  # type: ignore[misc]
            if lead_points:
                running[leader] += lead_points
                event(leader, "play", lead_points, LEAD.rule, ONE_CARD[lead], LEAD.note, n, running[0], running[1])
            if win_points:
                running[winner] += win_points
                event(winner, "play", win_points, SECOND_WINS.rule, ONE_CARD[follow], SECOND_WINS.note, n, running[0], running[1])
            if last_points:
                running[winner] += last_points
                event(winner, "play", last_points, LAST_TRICK.rule, (lead, follow), LAST_TRICK.note, n, running[0], running[1])
            trick(n, leader, lead, follow, winner, running[0], running[1])
        elif entry[0] == 2:
            _, p, category, hand, rs = entry  # type: ignore[misc]
            for points, rule, cards, note in holding_scores(category, None, hand, rs):
                running[p] += points
                event(p, category, points, rule, cards, note, None, running[0], running[1])
        else:
            _, p, key, points, rule, cards, note, n = entry  # type: ignore[misc]
            running[p] += points
            event(p, key, points, rule, cards, note, n, running[0], running[1])


def event_log(trace: Trace) -> tuple[tuple[Event, ...], tuple[Trick, ...]]:
    """The events and the tricks a scorer's trace stands for, in its order, each with both totals after it
    (`replay_trace`)."""
    events: list[Event] = []
    tricks: list[Trick] = []
    add_event, add_trick = events.append, tricks.append

    def event(p: int, key: ScoreKey, points: int, rule: str, cards: tuple[Card, ...], note: str, n: int | None, e: int, y: int) -> None:
        add_event(_new(Event, (PLAYERS[p], key, points, rule, cards, note, n, (e, y))))

    def trick(n: int, leader: int, lead: Card, follow: Card, winner: int, e: int, y: int) -> None:
        add_trick(_new(Trick, (n, PLAYERS[leader], lead, follow, PLAYERS[winner], (e, y))))

    replay_trace(trace, event, trick)
    return tuple(events), tuple(tricks)


FIELDS = ("ruleset", "elder", "younger", "events", "comparison", "choices", "carte_blanche", "hands", "tricks", "complete",
          "reckons_nothing", "barred", "out_of_turn")


class ResultParts(NamedTuple):
    """What a result holds besides its event log and tricks, as the scorer hands it over."""

    ruleset: Ruleset
    elder: PlayerScore
    younger: PlayerScore
    comparison: Comparison
    choices: tuple[Declaration | None, Declaration | None]  # explicit declarations; None: all held
    carte_blanche: tuple[bool, bool]
    hands: tuple[Hand, Hand]  # hands after the exchange
    complete: bool
    reckons_nothing: tuple[bool, bool]  # penalised players (laws 25-35, 58), their scores not counted
    barred: tuple[tuple[DeclCategory, ...], tuple[DeclCategory, ...]]  # per player, categories that bar but score nothing
    out_of_turn: tuple[int, ...]  # the tricks (indices) led out of turn, standing (law 59 III)


class DealResult:
    """A scored deal: the ten keys per player, the event log, the verdicts, the hands and the tricks.

    Immutable, compared and hashed by its fields, and printed (`repr`) as the constructor call over them. The
    scorer hands over its trace (`event_log`) rather than the events and tricks themselves: a caller that reads only
    the totals (the protocol's totals, a fuzzer) never pays for a log it does not read, and the log is built the
    first time `events` or `tricks` is read."""

    __slots__ = ("_parts", "_trace", "_log")
    _fields = FIELDS
    _parts: ResultParts
    _trace: Trace | None
    _log: tuple[tuple[Event, ...], tuple[Trick, ...]] | None

    def __init__(
        self, ruleset: Ruleset, elder: PlayerScore, younger: PlayerScore, events: tuple[Event, ...], comparison: Comparison,
        choices: tuple[Declaration | None, Declaration | None], carte_blanche: tuple[bool, bool], hands: tuple[Hand, Hand],
        tricks: tuple[Trick, ...], complete: bool, reckons_nothing: tuple[bool, bool] = (False, False),
        barred: tuple[tuple[DeclCategory, ...], tuple[DeclCategory, ...]] = ((), ()), out_of_turn: tuple[int, ...] = (),
    ) -> None:
        _set(self, "_parts", ResultParts(ruleset, elder, younger, comparison, choices, carte_blanche, hands, complete,
                                         reckons_nothing, barred, out_of_turn))
        _set(self, "_trace", None)
        _set(self, "_log", (events, tricks))

    @classmethod
    def _of_trace(cls, parts: ResultParts, trace: Trace) -> DealResult:
        """The result of the scorer's trace (`deal.accretion.score_normal_form`; not for callers, whose results are
        built from their fields), its log built when first read (`event_log`)."""
        result = _object_new(cls)
        _set(result, "_parts", parts)
        _set(result, "_trace", trace)
        _set(result, "_log", None)
        return result

    @property
    def ruleset(self) -> Ruleset:
        return self._parts.ruleset

    @property
    def elder(self) -> PlayerScore:
        return self._parts.elder

    @property
    def younger(self) -> PlayerScore:
        return self._parts.younger

    @property
    def comparison(self) -> Comparison:
        return self._parts.comparison

    @property
    def choices(self) -> tuple[Declaration | None, Declaration | None]:
        return self._parts.choices

    @property
    def carte_blanche(self) -> tuple[bool, bool]:
        return self._parts.carte_blanche

    @property
    def hands(self) -> tuple[Hand, Hand]:
        return self._parts.hands

    @property
    def complete(self) -> bool:
        return self._parts.complete

    @property
    def reckons_nothing(self) -> tuple[bool, bool]:
        return self._parts.reckons_nothing

    @property
    def barred(self) -> tuple[tuple[DeclCategory, ...], tuple[DeclCategory, ...]]:
        return self._parts.barred

    @property
    def out_of_turn(self) -> tuple[int, ...]:
        return self._parts.out_of_turn

    def _built(self) -> tuple[tuple[Event, ...], tuple[Trick, ...]]:
        log = self._log
        if log is None:
            assert self._trace is not None
            log = event_log(self._trace)
            _set(self, "_log", log)
        return log

    def replay(self, event: EventMaker, trick: TrickMaker) -> None:
        """Hand each event of the log to `event` and each trick to `trick`, each in order (`replay_trace`): read from
        the scorer's trace without building the log, or, for a result built from its fields, its events and then its
        tricks."""
        if not (callable(event) and callable(trick)):
            what = type(event if not callable(event) else trick).__name__
            raise error("argument-invalid", f"replay takes two functions, one for the events and one for the tricks; got a {what}")
        if self._trace is not None:
            replay_trace(self._trace, event, trick)
            return
        events, tricks = self._built()
        for e in events:
            event(PLAYERS.index(e.player), e.category, e.points, e.rule, e.cards, e.note, e.trick, e.running[0], e.running[1])
        for t in tricks:
            trick(t.number, PLAYERS.index(t.leader), t.lead, t.follow, PLAYERS.index(t.winner), t.running[0], t.running[1])

    @property
    def events(self) -> tuple[Event, ...]:
        """Every score in the order of accretion, each bonus right after the score that wins it."""
        return self._built()[0]

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Every trick played, with its leader, winner and both totals after it."""
        return self._built()[1]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"DealResult is immutable: cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"DealResult is immutable: cannot delete {name}")

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in FIELDS)

    def __eq__(self, other: object) -> bool:
        return self._values() == other._values() if isinstance(other, DealResult) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return "DealResult(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in FIELDS) + ")"

    def __reduce__(self) -> tuple[type[DealResult], tuple[object, ...]]:
        return DealResult, self._values()

    def score(self, player: Player) -> PlayerScore:
        """The ten keys of `player` (elder or younger; anything else is argument-invalid)."""
        return self.elder if check_player(player) == "elder" else self.younger

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
        i = PLAYERS.index(check_player(player))
        return self.choices[i] or declare_all(self.hands[i], self.ruleset)


_set = object.__setattr__
_object_new = object.__new__
