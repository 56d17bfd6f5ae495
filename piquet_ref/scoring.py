"""Scoring one deal: the event log in the order of accretion, pique, repique, the cards and capot.

Every score is an `Event`; totals are sums of the log and pique and repique are read off it as it
grows, so the order of accretion alone decides them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .cards import Card, Hand, hand_of, minus, size
from .declarations import (
    Comparison,
    Declaration,
    HandEvaluation,
    compare_declarations,
    compare_hands,
    declared,
    evaluate_hand,
    point_of,
    point_points,
    sequence_name,
    sequences_of,
    sets_of,
    set_name,
)
from .errors import error
from .exchange import exchange
from .play import check_trick, follower_wins
from .record import DealRecord, check_distinct, parse_record
from .ruleset import PLAYERS, SCORE_KEYS, Player, Ruleset, ScoreKey, other


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


_new_event = tuple.__new__  # builds an Event without the NamedTuple constructor frame (hot path)


class Trick(NamedTuple):
    number: int
    leader: Player
    lead: Card
    follow: Card
    winner: Player
    running: tuple[int, int]  # totals after the trick's play points and any bonus they bring


class PlayerScore(NamedTuple):
    """The ten fixed result keys of DESIGN.md."""

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


@dataclass(frozen=True)
class DealResult:
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

    def score(self, player: Player) -> PlayerScore:
        return self.elder if player == "elder" else self.younger

    def declaration(self, player: Player) -> Declaration:
        """What `player` declared: his explicit choice, or everything his hand holds."""
        i = PLAYERS.index(player)
        return self.choices[i] or evaluate_hand(self.hands[i], self.ruleset)


def deal_hands(record: DealRecord) -> tuple[Hand, Hand, tuple[bool, bool]]:
    """Check the deal and exchange; return both hands after the exchange and who held carte blanche."""
    rs = record.ruleset
    e, y = record.elder, record.younger
    if e.dealt is not None and y.dealt is not None and e.discard is not None and y.discard is not None:
        stock = record.stock or ()
        for who, p in (("elder", e), ("younger", y)):
            assert p.dealt is not None
            if len(p.dealt) != rs.pack.hand_size:
                raise error("deal-hand-size", f"{who}.dealt has {len(p.dealt)} cards; each player is dealt {rs.pack.hand_size}")
        if len(stock) != rs.pack.stock_size:
            raise error("deal-stock-size", f"stock has {len(stock)} cards; the stock is {rs.pack.stock_size}")
        check_distinct([("elder.dealt", e.dealt), ("younger.dealt", y.dealt), ("stock", stock)], rs)
        ed, yd = hand_of(e.dealt), hand_of(y.dealt)
        eh, yh = exchange(ed, yd, e.discard, y.discard, stock, rs)
        cb = rs.carte_blanche
        blanche = tuple(
            not any(m & cb.court_mask for m in h) and len(cards) >= cb.min_cards for h, cards in ((ed, e.dealt), (yd, y.dealt))
        )
        return eh, yh, (blanche[0], blanche[1])
    assert e.hand is not None and y.hand is not None
    for who, cards in (("elder", e.hand), ("younger", y.hand)):
        if len(cards) != rs.pack.hand_size:
            raise error("hand-size", f"{who}.hand has {len(cards)} cards; a player plays with {rs.pack.hand_size}")
    check_distinct([("elder.hand", e.hand), ("younger.hand", y.hand)], rs)
    return hand_of(e.hand), hand_of(y.hand), (False, False)


class _Ledger:
    """Accumulates events in order, deciding repique and pique as each score arrives.

    Players are indexed 0 (elder) and 1 (younger) inside; events name them.
    """

    def __init__(self, rs: Ruleset) -> None:
        acc = rs.accretion
        self.rep, self.piq = acc.repique, acc.pique
        self.rep_players = tuple(p in acc.repique.players for p in PLAYERS)
        self.piq_players = tuple(p in acc.pique.players for p in PLAYERS)
        self.events: list[Event] = []
        self.totals = [0, 0]
        self.toward = [[0, 0], [0, 0]]  # [player][0: repique count, 1: pique count]
        self.counted = [False, False]
        self.done = [False, False]  # can win no (further) bonus
        self.repiqued = [False, False]
        self.cumulative = acc.cumulative
        self.closed = False  # both players have counted: no bonus can follow

    def add(self, i: int, category: ScoreKey, points: int, rule: str, cards: tuple[Card, ...], note: str,
            trick: int | None = None, accretion: str | None = None) -> None:
        """Record a score of player `i`; a repique or pique it brings follows it at once."""
        if points <= 0:
            return
        totals = self.totals
        totals[i] += points
        self.events.append(_new_event(Event, (PLAYERS[i], category, points, rule, cards, note, trick, (totals[0], totals[1]))))
        if self.closed:
            return
        counted = self.counted
        if counted[1 - i]:
            self.done[i] = True
            self.closed = True
        counted[i] = True
        if self.done[i]:
            return
        key = accretion or category
        toward = self.toward[i]
        rep, piq = self.rep, self.piq
        if key in rep.counts:
            toward[0] += points
            if not self.repiqued[i] and self.rep_players[i] and toward[0] >= rep.threshold:
                self._bonus(i, "repique", rep.points, "repique.score", f"{toward[0]} in hand before the adversary counts", trick)
                self.repiqued[i] = True
                if not self.cumulative:
                    self.done[i] = True
                    return
        if key in piq.counts:
            toward[1] += points
            if self.piq_players[i] and toward[1] >= piq.threshold:
                self._bonus(i, "pique", piq.points, "pique.score", f"{toward[1]} in hand and play before the adversary counts", trick)
                self.done[i] = True

    def _bonus(self, i: int, category: ScoreKey, points: int, rule: str, note: str, trick: int | None) -> None:
        totals = self.totals
        totals[i] += points
        self.events.append(Event(PLAYERS[i], category, points, rule, (), note, trick, (totals[0], totals[1])))

    def running(self) -> tuple[int, int]:
        return (self.totals[0], self.totals[1])


def score_deal(record: DealRecord | Any) -> DealResult:
    """Score one deal from its record (a `DealRecord` or a mapping as read from YAML/JSON).

    Raises a typed `PiquetError` for any illegal or malformed record. A record with fewer tricks than
    a deal has is scored as far as it goes (`complete` is False; no last trick, cards or capot).
    """
    rec = parse_record(record)
    rs = rec.ruleset
    eh, yh, blanche = deal_hands(rec)
    hands = (eh, yh)
    decl: list[Declaration | None] = [None, None]
    explicit = not (rec.elder.declare.is_default and rec.younger.declare.is_default)
    if not explicit:
        comparison = compare_hands(eh, yh, rs)
    else:
        decl = [declared(hands[i], rec.player(p).declare, p, rs) for i, p in enumerate(PLAYERS)]
        comparison = compare_declarations(decl[0] or evaluate_hand(eh, rs), decl[1] or evaluate_hand(yh, rs), rs)

    ledger = _Ledger(rs)
    tricks: list[Trick] = []
    complete = len(rec.tricks) == rs.play.tricks
    for category in rs.accretion.order:
        if category == "carte_blanche":
            for i, p in enumerate(PLAYERS):
                if blanche[i]:
                    dealt = rec.player(p).dealt or ()
                    ledger.add(i, "carte_blanche", rs.carte_blanche.points, "carte-blanche.score", tuple(dealt), "carte blanche")
        elif category in ("point", "sequences", "sets"):
            for i, p in enumerate(PLAYERS):
                if comparison.scored(p, category):
                    for points, rule, cards, note in _holding_scores(category, decl[i], hands[i], rs):
                        ledger.add(i, category, points, rule, cards, note)
        elif category == "play":
            tricks = _play(rec.tricks, ledger, hands, rs)
        elif category == "cards" and complete:
            _cards(tricks, ledger, rs)
    sums = [dict.fromkeys(SCORE_KEYS, 0), dict.fromkeys(SCORE_KEYS, 0)]
    for ev in ledger.events:
        sums[ev.player == "younger"][ev.category] += ev.points
    e_score, y_score = (PlayerScore(**sums[i], total=ledger.totals[i]) for i in (0, 1))
    return DealResult(
        rs, e_score, y_score, tuple(ledger.events), comparison, (decl[0], decl[1]) if explicit else (None, None),
        blanche, hands, tuple(tricks), complete,
    )


def _holding_scores(
    category: ScoreKey, declaration: Declaration | None, hand: Hand, rs: Ruleset
) -> list[tuple[int, str, tuple[Card, ...], str]]:
    """(points, rule, cards, note) of each holding a good player scores in a declaration category."""
    suits = rs.pack.suits
    if category == "point":
        pt = declaration.point if declaration else point_of(hand, rs)
        if pt is None:
            return []
        note = f"point of {pt.length} in {suits[pt.suit].name}, making {pt.pips}"
        return [(point_points(pt, rs), "point.score", pt.cards, note)]
    if category == "sequences":
        seqs = declaration.sequences if declaration else sequences_of(hand, rs)
        return [
            (rs.sequences.values[q.length], "sequence.score", q.cards, f"{sequence_name(q, rs)} in {suits[q.suit].name}")
            for q in seqs
        ]
    held = declaration.sets if declaration else sets_of(hand, rs)
    return [(rs.sets.values[h.count], "sets.score", h.cards, set_name(h, rs)) for h in held]


def _play(tricks: tuple[tuple[Card, Card], ...], ledger: _Ledger, hands: tuple[Hand, Hand], rs: Ruleset) -> list[Trick]:
    """Check and score the tricks in order; the lead passes to each trick's winner."""
    play = rs.play
    held = [list(hands[0]), list(hands[1])]
    leader = PLAYERS.index(play.first_leader)
    out = []
    last = play.tricks
    lead_pts, win_pts, last_pts = play.lead_points, play.second_win_points, play.last_trick_extra
    for n, (lead, follow) in enumerate(tricks, 1):
        follower = 1 - leader
        lh, fh = held[leader], held[follower]
        ls, fs = lead >> 3, follow >> 3
        if not lh[ls] >> (lead & 7) & 1 or not fh[fs] >> (follow & 7) & 1 or (fs != ls and fh[ls]):
            check_trick(Hand(*lh), Hand(*fh), PLAYERS[leader], lead, follow, n - 1, rs)  # raises the precise error
        lh[lead >> 3] &= ~(1 << (lead & 7))
        fh[follow >> 3] &= ~(1 << (follow & 7))
        ledger.add(leader, "play", lead_pts, "play.lead-point", (lead,), "lead", n)
        winner = follower if follower_wins(lead, follow) else leader
        if winner == follower:
            ledger.add(follower, "play", win_pts, "play.second-wins-point", (follow,), "wins the trick as second player", n)
        if n == last:
            ledger.add(winner, "play", last_pts, "play.last-trick", (lead, follow), "last trick", n)
        out.append(Trick(n, PLAYERS[leader], lead, follow, PLAYERS[winner], ledger.running()))
        leader = winner
    return out


def _cards(tricks: list[Trick], ledger: _Ledger, rs: Ruleset) -> None:
    """The cards to a player with the majority of tricks; capot on top of them for every trick."""
    won = sum(1 for t in tricks if t.winner == "elder")
    for i, n in ((0, won), (1, len(tricks) - won)):
        if n >= rs.cards.min_tricks:
            ledger.add(i, "cards", rs.cards.points, "cards.majority", (), f"the cards: {n} tricks")
        if n == rs.play.tricks:
            ledger.add(i, "capot", rs.cards.capot_points, "capot.score", (), "capot: every trick", accretion="cards")
