"""Scoring one deal: the event log in the order of accretion, pique, repique, the cards and capot.

Every score is an `Event`; totals are sums of the log. Repique and pique are decided by `bonuses`,
a pure function of the scores in the order of accretion, so that order alone decides them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, NamedTuple

from .cards import Card, Hand, check_distinct, hand_of, hand_of_pack, pack_of
from .declarations import (
    DECL_INDEX,
    Comparison,
    Declaration,
    Point,
    Sequence,
    SetHolding,
    carte_blanche,
    compare_declarations,
    declare_all,
    declared,
    held_point,
    held_sequences,
    held_sets,
    point_points,
    sequence_name,
    set_name,
    table_comparison,
)
from .errors import error
from .exchange import deal_exchange
from .play import beats, check_trick, trick_is_legal
from .record import DealRecord, parse_record
from .ruleset import ACCRETION_OF, PLAYERS, SCORE_KEYS, AccretionRules, Bonus, Category, Player, Ruleset, ScoreKey


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


_new = tuple.__new__  # builds a NamedTuple from a tuple of its fields without the constructor frame (hot path)


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

    def score(self, player: Player) -> PlayerScore:
        return self.elder if player == "elder" else self.younger

    def declaration(self, player: Player) -> Declaration:
        """What `player` declared: his explicit choice, or everything his hand holds."""
        i = PLAYERS.index(player)
        return self.choices[i] or declare_all(self.hands[i], self.ruleset)


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
        ed, yd = hand_of_pack(pack_of(e.dealt)), hand_of_pack(pack_of(y.dealt))
        eh, yh = deal_exchange(ed, yd, e.discard, y.discard, stock, rs)
        return eh, yh, (carte_blanche(ed, rs), carte_blanche(yd, rs))
    assert e.hand is not None and y.hand is not None
    for who, cards in (("elder", e.hand), ("younger", y.hand)):
        if len(cards) != rs.pack.hand_size:
            raise error("hand-size", f"{who}.hand has {len(cards)} cards; a player plays with {rs.pack.hand_size}")
    check_distinct([("elder.hand", e.hand), ("younger.hand", y.hand)], rs)
    return hand_of(e.hand), hand_of(y.hand), (False, False)


Score = tuple[int, ScoreKey, int, str, tuple[Card, ...], str, "int | None"]
"""A score before running totals: (player 0 elder / 1 younger, key, points, rule, cards, note, trick)."""


def bonuses(scores: Iterable[tuple[int, Category, int]], acc: AccretionRules) -> tuple[tuple[int, int, Bonus], ...]:
    """The repique and pique won, as (index of the score that reaches the threshold, player, bonus).

    `scores` are every score of the deal in the order of accretion, as (player, accretion category,
    points). A bonus needs its threshold reached by the player's own scores in its counting
    categories before the adversary scores anything, so only the first player to score can win one.
    Unless bonuses are cumulative, the first reached is the only one (the repique on a tie).
    """
    first = -1
    rep_total = piq_total = 0
    rep_at: int | None = None
    piq_at: int | None = None
    rep, piq = acc.repique, acc.pique
    for i, (player, category, points) in enumerate(scores):
        if points <= 0:
            continue
        if first < 0:
            first = player
        elif player != first:
            break
        if rep_at is None and category in rep.counts:
            rep_total += points
            if rep_total >= rep.threshold:
                rep_at = i
        if piq_at is None and category in piq.counts:
            piq_total += points
            if piq_total >= piq.threshold:
                piq_at = i
    side = PLAYERS[first] if first >= 0 else None
    won: list[tuple[int, int, Bonus]] = []
    if rep_at is not None and side in rep.players:
        won.append((rep_at, 0, "repique"))
    if piq_at is not None and side in piq.players:
        won.append((piq_at, 1, "pique"))
    won.sort()
    return tuple((at, first, bonus) for at, _, bonus in (won if acc.cumulative else won[:1]))


def cards_scores(won: int, rs: Ruleset) -> tuple[int, int]:
    """(the cards, capot) scored by a player who won `won` tricks of a complete deal."""
    cards = rs.cards.points if won >= rs.cards.min_tricks else 0
    return cards, rs.cards.capot_points if won == rs.play.tricks else 0


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
        comparison = table_comparison(eh, yh, rs)
    else:
        e_decl, y_decl = (declared(hands[i], rec.player(p).declare, p, rs) for i, p in enumerate(PLAYERS))
        decl = [e_decl, y_decl]
        comparison = compare_declarations(e_decl, y_decl, rs)

    base: list[Score] = []
    plays: list[tuple[int, int, Card, Card, int]] = []
    complete = len(rec.tricks) == rs.play.tricks
    for category in rs.accretion.order:
        if category == "carte_blanche":
            for i, p in enumerate(PLAYERS):
                if blanche[i]:
                    dealt = rec.player(p).dealt or ()
                    base.append((i, "carte_blanche", rs.carte_blanche.points, "carte-blanche.score", dealt, "carte blanche", None))
        elif category in DECL_INDEX:
            good = comparison.good(category)
            if good is not None:
                for points, rule, cards, note in _holding_scores(category, decl[good], hands[good], rs):
                    base.append((good, category, points, rule, cards, note, None))
        elif category == "play":
            plays = _play(rec.tricks, hands, rs, base)
        elif category == "cards" and complete:
            won = sum(1 for play in plays if play[4] == 0)
            for i, n in enumerate((won, len(plays) - won)):
                cards_points, capot_points = cards_scores(n, rs)
                if cards_points:
                    base.append((i, "cards", cards_points, "cards.majority", (), f"the cards: {n} tricks", None))
                if capot_points:
                    base.append((i, "capot", capot_points, "capot.score", (), "capot: every trick", None))
    events, after_trick, sums = _events(base, len(plays), rs)
    tricks = tuple(
        [_new(Trick, (n, PLAYERS[leader], lead, follow, PLAYERS[winner], after_trick[n])) for n, leader, lead, follow, winner in plays]
    )
    return DealResult(
        rs, _new(PlayerScore, sums[0]), _new(PlayerScore, sums[1]), events, comparison,
        (decl[0], decl[1]) if explicit else (None, None),
        blanche, hands, tricks, complete,
    )


def _events(
    base: list[Score], n_tricks: int, rs: Ruleset
) -> tuple[tuple[Event, ...], list[tuple[int, int]], tuple[list[int], list[int]]]:
    """The event log (every score that scores, each bonus right after the score that wins it, with running
    totals), the totals after each trick (index = trick number; 0 = before the first trick), and each
    player's sum per score key followed by his total (the fields of `PlayerScore`)."""
    acc = rs.accretion
    won = {at: bonus for at, _, bonus in bonuses(((s[0], ACCRETION_OF[s[1]], s[2]) for s in base), acc)}
    e_total = y_total = 0
    sums = ([0] * len(SCORE_KEYS), [0] * len(SCORE_KEYS))
    events: list[Event] = []
    add = events.append
    after: list[tuple[int, int] | None] = [None] * (n_tricks + 1)
    hand = acc.hand
    for i, (p, category, points, rule, cards, note, trick) in enumerate(base):
        if points <= 0:
            continue
        if p:
            y_total += points
        else:
            e_total += points
        sums[p][KEY_INDEX[category]] += points
        running = (e_total, y_total)
        add(_new(Event, (PLAYERS[p], category, points, rule, cards, note, trick, running)))
        if i in won:
            bonus = won[i]
            rule_of = acc.repique if bonus == "repique" else acc.pique
            if p:
                y_total += rule_of.points
            else:
                e_total += rule_of.points
            sums[p][KEY_INDEX[bonus]] += rule_of.points
            running = (e_total, y_total)
            where = "in hand" if rule_of.counts <= hand else "in hand and play"
            note = f"{bonus}: {rule_of.threshold} {where} before the adversary counts"
            add(Event(PLAYERS[p], bonus, rule_of.points, f"{bonus}.score", (), note, trick, running))
        if trick is not None:
            after[trick] = running
        elif category in hand:
            after[0] = running
    filled: list[tuple[int, int]] = [after[0] or (0, 0)]
    for n in range(1, n_tricks + 1):  # a trick that scores nothing leaves the totals as they were
        filled.append(after[n] or filled[-1])
    sums[0].append(e_total)
    sums[1].append(y_total)
    return tuple(events), filled, sums


def _holding_scores(
    category: ScoreKey, declaration: Declaration | None, hand: Hand, rs: Ruleset
) -> list[HoldingScore]:
    """(points, rule, cards, note) of each holding a good player scores in a declaration category."""
    if category == "point":
        pt = declaration.point if declaration else held_point(hand, rs)
        return [] if pt is None else [_point_score(pt, rs)]
    if category == "sequences":
        return [_sequence_score(q, rs) for q in (declaration.sequences if declaration else held_sequences(hand, rs))]
    return [_set_score(h, rs) for h in (declaration.sets if declaration else held_sets(hand, rs))]


HoldingScore = tuple[int, str, tuple[Card, ...], str]
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


def _play(
    tricks: tuple[tuple[Card, Card], ...], hands: tuple[Hand, Hand], rs: Ruleset, out: list[Score]
) -> list[tuple[int, int, Card, Card, int]]:
    """Check the tricks in order and append their scores to `out`; the lead passes to each trick's winner.

    Returns each trick as (number, leader, lead, follow, winner), players as 0 (elder) / 1 (younger).
    """
    play = rs.play
    held = [list(hands[0]), list(hands[1])]
    leader = PLAYERS.index(play.first_leader)
    plays = []
    last = play.tricks
    lead_pts, win_pts, last_pts = play.lead_points, play.second_win_points, play.last_trick_extra
    add = out.append
    for n, (lead, follow) in enumerate(tricks, 1):
        follower = 1 - leader
        lh, fh = held[leader], held[follower]
        if not trick_is_legal(lh, fh, lead, follow):
            check_trick(Hand(*lh), Hand(*fh), PLAYERS[leader], lead, follow, n - 1, rs)  # raises the precise error
        lh[lead >> 3] &= ~(1 << (lead & 7))
        fh[follow >> 3] &= ~(1 << (follow & 7))
        add((leader, "play", lead_pts, "play.lead-point", (lead,), "lead", n))
        winner = follower if beats(lead, follow) else leader
        if winner == follower:
            add((follower, "play", win_pts, "play.second-wins-point", (follow,), "wins the trick as second player", n))
        if n == last:
            add((winner, "play", last_pts, "play.last-trick", (lead, follow), "last trick", n))
        plays.append((n, leader, lead, follow, winner))
        leader = winner
    return plays
