"""The lean result: each player's ten totals and whether the deal is complete, without the event log.

Fuzzers, the conformance corpus at its `totals` level and embedders that keep a score ask only for the totals; the
full result (`score_deal`) builds an event, with its rule, cards and note, for every score and a record of every
trick, most of its cost. `deal_totals` reads the same normal form and folds the same `bonus_step` over the scores in
the order of accretion, but keeps sums only, and once no repique or pique can follow it adds the points of play by
arithmetic. A deal whose normal form carries anything beyond the plain case (explicit declarations, a player who
reckons nothing, a barred category, a lead out of turn, a short deal or tricks credited) is scored in full and its
totals taken, so the two can differ only where this module's arithmetic does: tests/test_speed_equivalence.py holds
them equal on random, rare-situation and corpus deals.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from piquet_ref.deal.accretion import NO_SCORE_YET, BonusState, _take_trick, bonus_step, cards_scores, holding_scores, score_normal_form, tricks_for_the_cards
from piquet_ref.deal.normal_form import NormalDeal
from piquet_ref.deal.result import KEY_INDEX, PlayerScore
from piquet_ref.deal.record import DealRecord, parse_record
from piquet_ref.deal.scoring import resolve
from piquet_ref.hand.cards import tuple_new as _new
from piquet_ref.hand.declarations import DECL_INDEX, table_comparison
from piquet_ref.hand.cards import Hand
from piquet_ref.hand.play import beats
from piquet_ref.rules.errors import PiquetError as PiquetError  # named by a `raises:` line
from piquet_ref.rules.ruleset import ACCRETION_OF, PLAYERS, Ruleset, ScoreKey

PLAY = KEY_INDEX["play"]


class DealTotals(NamedTuple):
    """The lean result of a deal: the ruleset it was scored under, each player's ten totals (the nine scores and
    the total, as `DealResult` gives them) and whether every trick was played."""

    ruleset: Ruleset
    elder: PlayerScore
    younger: PlayerScore
    complete: bool

    def score(self, player: str) -> PlayerScore:
        return self.elder if player == "elder" else self.younger


def deal_totals(record: DealRecord | Any) -> DealTotals:
    """Each player's ten totals of one deal, from its record (a `DealRecord` or a mapping as read from YAML/JSON):
    the totals `score_deal` gives, at a fraction of its cost. Raises the same typed `PiquetError` for a record the
    laws reject.

    raises: PiquetError
    post: __return__ == totals_of_the_full_result(record)
    """
    deal = resolve(parse_record(record))
    if _plain(deal):
        return _plain_totals(deal)
    result = score_normal_form(deal)
    return DealTotals(result.ruleset, result.elder, result.younger, result.complete)


def totals_of_the_full_result(record: DealRecord | Any) -> DealTotals:
    """The totals as the full result gives them (the postcondition of `deal_totals`)."""
    result = score_normal_form(resolve(parse_record(record)))
    return DealTotals(result.ruleset, result.elder, result.younger, result.complete)


def _plain(deal: NormalDeal) -> bool:
    """Whether the deal is the plain case `_plain_totals` adds up: all declared, nobody silent or barred, every lead
    in turn, the ruleset's number of tricks and none credited."""
    return (
        deal.declare[0].is_default and deal.declare[1].is_default and deal.silent == (False, False)
        and deal.barred == ((), ()) and not deal.out_of_turn and deal.tricks_to_play is None and deal.credited == (0, 0)
    )


class _Sums:
    """The sums of one deal as it is scored: per player per score key, and the repique and pique so far."""

    __slots__ = ("sums", "bonus", "acc", "capot_counts")

    def __init__(self, rs: Ruleset) -> None:
        self.sums = ([0] * len(KEY_INDEX), [0] * len(KEY_INDEX))
        self.bonus: BonusState | None = NO_SCORE_YET
        self.acc = rs.accretion
        self.capot_counts = rs.cards.capot_counts_toward_bonuses

    def add(self, p: int, key: ScoreKey, points: int) -> None:
        """One score, and the repique or pique it wins, as `score_normal_form` reckons them."""
        if points <= 0:
            return
        sums = self.sums[p]
        sums[KEY_INDEX[key]] += points
        if self.bonus is not None and (key != "capot" or self.capot_counts):
            self.bonus, won = bonus_step(self.bonus, p, ACCRETION_OF[key], points, self.acc)
            for bonus in won:
                sums[KEY_INDEX[bonus]] += (self.acc.repique if bonus == "repique" else self.acc.pique).points


def _plain_totals(deal: NormalDeal) -> DealTotals:
    rs, hands = deal.ruleset, deal.hands
    log = _Sums(rs)
    add = log.add
    complete = len(deal.tricks) == rs.play.tricks
    comparison = None
    for category in rs.accretion.order:
        if category == "carte_blanche":
            for i in (0, 1):
                if deal.carte_blanche[i]:
                    add(i, "carte_blanche", rs.carte_blanche.points)
        elif category in DECL_INDEX:
            comparison = comparison or table_comparison(hands[0], hands[1], rs)
            good = comparison.good(category)
            if good is None:
                continue
            if log.bonus is None:  # the holdings' points at once: no bonus can turn on which of them reached it
                log.sums[good][KEY_INDEX[category]] += comparison.values[2 * DECL_INDEX[category] + good]
            else:
                for points, _, _, _ in holding_scores(category, None, hands[good], rs):
                    add(good, category, points)
        elif category == "play":
            won = _play(deal.tricks, hands, rs, log)
        elif category == "cards" and complete:
            for i, n in enumerate(tricks_for_the_cards(won, (0, 0), rs)):
                cards_points, capot_points = cards_scores(n, rs)
                add(i, "cards", cards_points)
                add(i, "capot", capot_points)
    e, y = log.sums
    return DealTotals(rs, _new(PlayerScore, (*e, sum(e))), _new(PlayerScore, (*y, sum(y))), complete)


def _play(tricks: tuple[tuple[int, int], ...], hands: tuple[Hand, Hand], rs: Ruleset, log: _Sums) -> tuple[int, int]:
    """Check the tricks and add up their points into `log`; the tricks each player won. Each point is a score of
    its own while a repique or pique may still turn on it, and plain arithmetic after."""
    play = rs.play
    held = [list(hands[0]), list(hands[1])]
    leader = PLAYERS.index(play.first_leader)
    last = play.tricks
    lead_pts, win_pts, last_pts = play.lead_points, play.second_win_points, play.last_trick_extra
    lead_min, win_min, last_any = play.lead_min, play.win_min, play.last_any_rank
    points = [0, 0]  # the points of play added up once no bonus can follow
    won = [0, 0]
    for n, (lead, follow) in enumerate(tricks, 1):
        follower = 1 - leader
        _take_trick(held, leader, lead, follow, n, rs)
        any_rank = n == last and last_any
        winner = follower if beats(lead, follow) else leader
        if log.bonus is None:
            if lead & 7 >= lead_min or any_rank:
                points[leader] += lead_pts
            if winner != leader and (follow & 7 >= win_min or any_rank):
                points[follower] += win_pts
            if n == last:
                points[winner] += last_pts
        else:
            if lead & 7 >= lead_min or any_rank:
                log.add(leader, "play", lead_pts)
            if winner != leader and (follow & 7 >= win_min or any_rank):
                log.add(follower, "play", win_pts)
            if n == last:
                log.add(winner, "play", last_pts)
        won[winner] += 1
        leader = winner
    log.sums[0][PLAY] += points[0]
    log.sums[1][PLAY] += points[1]
    return won[0], won[1]
