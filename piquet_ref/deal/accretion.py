"""A resolved deal scored in the order of accretion: carte blanche, point, sequences, sets, the play, the cards.

Every score is an `Event`; totals are sums of the log. Repique and pique are decided by `bonus_step`, a pure
function folded over the scores in the order of accretion (`bonuses` is that fold), so that order alone decides
them. The scorer reads the normal form only (`deal.normal_form.NormalDeal`): what a penalty takes away is a field
of it, never a question about how the deal went wrong."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from piquet_ref.hand.cards import PACK_SIZE, Card, Hand
from piquet_ref.hand.cards import tuple_new as _new
from piquet_ref.hand.declarations import (
    DECL_INDEX, DeclCategory, Declaration, Point, Sequence, SetHolding, compare_declarations, declared, held_point, held_sequences,
    held_sets, point_points, sequence_name, set_name, table_comparison,
)
from piquet_ref.deal.normal_form import NormalDeal
from piquet_ref.deal.result import KEY_INDEX, DealResult, Event, PlayerScore, Trick
from piquet_ref.hand.play import beats, check_trick, trick_is_legal
from piquet_ref.rules.errors import PiquetError as PiquetError  # named by a `raises:` line
from piquet_ref.rules.ruleset import ACCRETION_OF, PLAYERS, SCORE_KEYS, AccretionRules, Bonus, Category, Ruleset, ScoreKey

BonusState = tuple[int, int, int]
"""The repique and pique so far: (first player to score, 0 elder / 1 younger, or -1 before anyone has;
his total towards the repique; his total towards the pique)."""
NO_SCORE_YET: BonusState = (-1, 0, 0)


def bonus_step(
    state: BonusState, player: int, category: Category, points: int, acc: AccretionRules
) -> tuple[BonusState | None, tuple[Bonus, ...]]:
    """One score's effect on the repique and pique: the state after it (None once no bonus can follow) and
    the bonuses it wins, repique first.

    A bonus needs its threshold reached by the player's own scores in its counting categories before
    the adversary scores anything, so only the first player to score can win one. Unless bonuses are
    cumulative, the first reached is the only one (the repique on a tie).
    """
    if points <= 0:
        return state, ()
    first, rep_total, piq_total = state
    if first < 0:
        first = player
    elif player != first:
        return None, ()
    rep, piq = acc.repique, acc.pique
    side = PLAYERS[first]
    won: tuple[Bonus, ...] = ()
    if rep_total < rep.threshold and category in rep.counts:
        rep_total += points
        if rep_total >= rep.threshold and side in rep.players:
            won = ("repique",)
    if piq_total < piq.threshold and category in piq.counts:
        piq_total += points
        if piq_total >= piq.threshold and side in piq.players:
            won += ("pique",)
    if won and not acc.cumulative:
        return None, won[:1]
    return (first, rep_total, piq_total), won


def bar_step(state: BonusState, player: int) -> BonusState | None:
    """The repique and pique after a score `player` would have made but may not count (he reckons nothing, or
    the holding is barred from scoring): it saves as a score does, the adversary who scored first winning
    nothing more, but it adds nothing to the player's own totals towards a bonus (rule declare.barred).

    It saves: made before anyone has scored, it makes its player the first to score; made after the adversary
    scored first, it ends his chance of a repique or pique (None). It counts towards nothing: the first
    scorer's totals stand as they were.

    rules: declare.barred, repique.score, pique.score
    pre: state[0] in (-1, 0, 1) and player in (0, 1) and state[1] >= 0 and state[2] >= 0
    pre: state[0] >= 0 or state[1:] == (0, 0)
    post: (__return__ is None) == (state[0] not in (-1, player))
    post: __return__ is None or __return__[0] == player
    post: __return__ is None or __return__[1:] == state[1:]
    """
    first = state[0]
    if first < 0:
        return (player, 0, 0)
    return state if first == player else None


def bonuses(scores: Iterable[tuple[int, Category, int]], acc: AccretionRules) -> tuple[tuple[int, int, Bonus], ...]:
    """The repique and pique won, as (index of the score that reaches the threshold, player, bonus).

    `scores` are every score of the deal in the order of accretion, as (player, accretion category,
    points); the fold of `bonus_step` over them.

    A bonus is won by the first player to score something, at the score that brings his own total in the
    bonus's counting categories to its threshold, before his adversary has scored anything, when the ruleset
    lets that player win it; a score of nothing neither counts nor saves. Unless bonuses are cumulative, only
    the first reached is won (the repique on a tie).

    rules: repique.score, pique.score, pique.elder-only, bonus.not-cumulative, bonus.equalities-do-not-save
    pre: isinstance(scores, (tuple, list)) and all(p in (0, 1) for p, _, _ in scores)
    post: all(all(q == p for q, _, n in scores[: i + 1] if n > 0) for i, p, _ in __return__)
    post: each_bonus_won_at_the_score_reaching_it(scores, acc, __return__)
    post: all(PLAYERS[p] in getattr(acc, b).players for _, p, b in __return__)
    post: acc.cumulative or len(__return__) <= 1
    post: len({b for _, _, b in __return__}) == len(__return__)
    post: every_bonus_reached_is_won(scores, acc, __return__)
    """
    state = NO_SCORE_YET
    out: list[tuple[int, int, Bonus]] = []
    for i, (player, category, points) in enumerate(scores):
        after, won = bonus_step(state, player, category, points, acc)
        out += [(i, player, bonus) for bonus in won]
        if after is None:
            break
        state = after
    return tuple(out)


def each_bonus_won_at_the_score_reaching_it(
    scores: tuple[tuple[int, Category, int], ...] | list[tuple[int, Category, int]], acc: AccretionRules,
    result: tuple[tuple[int, int, Bonus], ...],
) -> bool:
    """Each bonus is won at the score that brings its player's total in the bonus's counting categories to its
    threshold, a score of nothing counting nothing (rules repique.score, pique.score)."""
    return all(
        sum(n for _, c, n in scores[:i] if n > 0 and c in getattr(acc, b).counts)
        < getattr(acc, b).threshold
        <= sum(n for _, c, n in scores[: i + 1] if n > 0 and c in getattr(acc, b).counts)
        for i, _, b in result
    )


def every_bonus_reached_is_won(
    scores: tuple[tuple[int, Category, int], ...] | list[tuple[int, Category, int]], acc: AccretionRules,
    result: tuple[tuple[int, int, Bonus], ...],
) -> bool:
    """A player the ruleset lets win a bonus wins it at the score that reaches its threshold before his adversary
    has scored, unless bonuses are not cumulative and another was won first, the repique on a tie (rules
    repique.score, pique.score, pique.elder-only, bonus.not-cumulative, bonus.equalities-do-not-save)."""
    return all(
        any(x == b for _, _, x in result)
        or (not acc.cumulative and any((j, x == "pique") < (i, b == "pique") for j, _, x in result))
        for b in ("repique", "pique")
        for i in range(len(scores))
        if PLAYERS[scores[i][0]] in getattr(acc, b).players
        and all(q == scores[i][0] for q, _, n in scores[: i + 1] if n > 0)
        and sum(n for _, c, n in scores[:i] if n > 0 and c in getattr(acc, b).counts)
        < getattr(acc, b).threshold
        <= sum(n for _, c, n in scores[: i + 1] if n > 0 and c in getattr(acc, b).counts)
    )


def score_normal_form(deal: NormalDeal) -> DealResult:
    """Score a resolved deal: every score an event, in the order of accretion, each bonus right after the score
    that wins it.

    The declarations are compared (all that each hand holds, or what each player declared), and the good side
    scores its holdings; the tricks are checked and scored in order; once the deal's tricks are all played, each
    player scores the cards and capot on the tricks he won, with those credited to him (`tricks_for_the_cards`). A
    player who reckons nothing scores his carte blanche only, and a barred category scores nothing; what either
    would have scored still saves a repique or pique (`_Log`). Fewer tricks than the deal has are scored as far as
    they go (`complete` is False: no last trick, no cards, no capot).

    The whole-deal rules the result keeps are the postconditions of `score_deal`, which returns it; these state
    what the result takes from the normal form.

    rules: accretion.order, carte-blanche.score, cards.majority, cards.divided, capot.score
    raises: PiquetError
    post: result_carries_the_normal_form(deal, __return__)
    post: [(t.lead, t.follow) for t in __return__.tricks] == list(deal.tricks)
    post: __return__.complete == (len(deal.tricks) == (deal.tricks_to_play or deal.ruleset.play.tricks))
    """
    rs = deal.ruleset
    hands = deal.hands
    decl: list[Declaration | None] = [None, None]
    explicit = not (deal.declare[0].is_default and deal.declare[1].is_default)
    if not explicit:
        comparison = table_comparison(hands[0], hands[1], rs)
    else:
        e_decl, y_decl = (declared(hands[i], deal.declare[i], p, rs) for i, p in enumerate(PLAYERS))
        decl = [e_decl, y_decl]
        comparison = compare_declarations(e_decl, y_decl, rs)
    log = _Log(rs.accretion, rs.cards.capot_counts_toward_bonuses, deal.silent, deal.barred)
    add = log.add
    tricks: tuple[Trick, ...] = ()
    complete = len(deal.tricks) == (deal.tricks_to_play or rs.play.tricks)
    for category in rs.accretion.order:
        if category == "carte_blanche":
            for i in range(len(PLAYERS)):
                if deal.carte_blanche[i]:
                    add(i, "carte_blanche", rs.carte_blanche.points, "carte-blanche.score", deal.dealt[i], "carte blanche", None)
        elif category in DECL_INDEX:
            good = comparison.good(category)
            if good is not None:
                for points, rule, cards, note in holding_scores(category, decl[good], hands[good], rs):
                    add(good, category, points, rule, cards, note, None)
        elif category == "play":
            tricks = _play(deal.tricks, hands, rs, log, deal.out_of_turn)
        elif category == "cards" and complete:
            won = sum(1 for trick in tricks if trick.winner == "elder")
            for i, n in enumerate(tricks_for_the_cards((won, len(tricks) - won), deal.credited, rs)):
                cards_points, capot_points = cards_scores(n, rs)
                add(i, "cards", cards_points, "cards.majority", (), f"the cards: {n} tricks", None)
                add(i, "capot", capot_points, "capot.score", (), "capot: every trick", None)
    e_sums, y_sums = log.sums
    return DealResult(
        rs, _new(PlayerScore, (*e_sums, log.totals[0])), _new(PlayerScore, (*y_sums, log.totals[1])),
        tuple(log.events), comparison, (decl[0], decl[1]) if explicit else (None, None),
        deal.carte_blanche, hands, tricks, complete, deal.silent, deal.barred, deal.out_of_turn,
    )


def result_carries_the_normal_form(deal: NormalDeal, result: DealResult) -> bool:
    """The result states the deal's ruleset, hands after the exchange and carte blanche, who reckons nothing, the
    categories barred and the tricks led out of turn, as the normal form gives them."""
    given = (deal.ruleset, deal.hands, deal.carte_blanche, deal.silent, deal.barred, deal.out_of_turn)
    return (result.ruleset, result.hands, result.carte_blanche, result.reckons_nothing, result.barred, result.out_of_turn) == given


def tricks_for_the_cards(won: tuple[int, int], credited: tuple[int, int], rs: Ruleset) -> tuple[int, int]:
    """(elder, younger) tricks that count for the cards and the capot: those each won, with those credited to him
    for the cards nothing can be played to (law 57), up to the tricks of a deal: a thirteenth card is no trick
    (Case XIX).

    laws: 57
    pre: all(n >= 0 for n in won + credited)
    post: all(__return__[i] == min(rs.play.tricks, won[i] + credited[i]) for i in (0, 1))
    post: credited != (0, 0) or max(won) > rs.play.tricks or __return__ == won
    """
    return min(rs.play.tricks, won[0] + credited[0]), min(rs.play.tricks, won[1] + credited[1])


def cards_scores(won: int, rs: Ruleset) -> tuple[int, int]:
    """(the cards, capot) scored by a player who won `won` tricks of a complete deal."""
    cards = rs.cards.points if won >= rs.cards.min_tricks else 0
    return cards, rs.cards.capot_points if won == rs.play.tricks else 0


class _Log:
    """The event log of one deal as it is scored: events in the order of accretion, each with the running
    totals after it, and each bonus right after the score that wins it (a builder local to `score_deal`).
    A player who reckons nothing (`silent`) scores nothing but his carte blanche (Case XXI), and a player
    scores nothing in a category he is `barred` from (law 46, Case I; law 56, Case IV); every score either
    would have made still saves a repique or pique (`bar_step`), so his cards bar (000 §Scoring, law 58)."""

    __slots__ = ("acc", "events", "totals", "sums", "bonus", "capot_counts", "silent", "barred")

    def __init__(
        self, acc: AccretionRules, capot_counts: bool, silent: tuple[bool, bool], barred: tuple[tuple[DeclCategory, ...], tuple[DeclCategory, ...]] = ((), ())
    ) -> None:
        self.acc = acc
        self.silent = silent
        self.barred = barred
        self.capot_counts = capot_counts
        self.events: list[Event] = []
        self.totals = [0, 0]  # (elder, younger)
        self.sums = ([0] * len(SCORE_KEYS), [0] * len(SCORE_KEYS))  # per player, per score key
        self.bonus: BonusState | None = NO_SCORE_YET  # None once no repique or pique can follow

    def add(self, p: int, category: ScoreKey, points: int, rule: str, cards: tuple[Card, ...], note: str, trick: int | None) -> None:
        """Score `points` to player `p` (0 elder, 1 younger); a score of nothing is no event."""
        if points <= 0:
            return
        if (self.silent[p] and category != "carte_blanche") or category in self.barred[p]:
            if self.bonus is not None and (category != "capot" or self.capot_counts):
                self.bonus = bar_step(self.bonus, p)  # saves, wins nothing
            return
        totals = self.totals
        totals[p] += points
        self.sums[p][KEY_INDEX[category]] += points
        self.events.append(_new(Event, (PLAYERS[p], category, points, rule, cards, note, trick, (totals[0], totals[1]))))
        if self.bonus is not None and (category != "capot" or self.capot_counts):
            self.bonus, won = bonus_step(self.bonus, p, ACCRETION_OF[category], points, self.acc)
            for bonus in won:
                rule_of = self.acc.repique if bonus == "repique" else self.acc.pique
                totals[p] += rule_of.points
                self.sums[p][KEY_INDEX[bonus]] += rule_of.points
                running = (totals[0], totals[1])
                self.events.append(Event(PLAYERS[p], bonus, rule_of.points, f"{bonus}.score", (), _bonus_note(bonus, self.acc), trick, running))


@lru_cache(maxsize=None)
def _bonus_note(bonus: Bonus, acc: AccretionRules) -> str:
    rule_of = acc.repique if bonus == "repique" else acc.pique
    where = "in hand" if rule_of.counts <= acc.hand else "in hand and play"
    return f"{bonus}: {rule_of.threshold} {where} before the adversary counts"


def holding_scores(
    category: ScoreKey, declaration: Declaration | None, hand: Hand, rs: Ruleset
) -> list[HoldingScore]:
    """(points, rule, cards, note) of each holding a good player scores in a declaration category: what he declared,
    or all his hand holds (also read by `deal.totals`, holding by holding while a bonus may turn on one).

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


def _play(tricks: tuple[tuple[Card, Card], ...], hands: tuple[Hand, Hand], rs: Ruleset, log: _Log, out_of_turn: tuple[int, ...] = ()) -> tuple[Trick, ...]:
    """Check the tricks in order and score them into `log`; the lead passes to each trick's winner, save that
    a trick led out of turn (law 59 III) is led by the other player, and scores as any trick he led."""
    play = rs.play
    held = [list(hands[0]), list(hands[1])]
    leader = PLAYERS.index(play.first_leader)
    out = []
    last = play.tricks
    lead_pts, win_pts, last_pts = play.lead_points, play.second_win_points, play.last_trick_extra
    lead_min, win_min, last_any = play.lead_min, play.win_min, play.last_any_rank
    add, totals = log.add, log.totals
    for n, (lead, follow) in enumerate(tricks, 1):
        if n - 1 in out_of_turn:
            leader = 1 - leader
        follower = 1 - leader
        _take_trick(held, leader, lead, follow, n, rs)
        any_rank = n == last and last_any
        if lead & 7 >= lead_min or any_rank:
            add(leader, "play", lead_pts, "play.lead-point", ONE_CARD[lead], "lead", n)
        winner = leader
        if beats(lead, follow):
            winner = follower
            if follow & 7 >= win_min or any_rank:
                add(follower, "play", win_pts, "play.second-wins-point", ONE_CARD[follow], "wins the trick as second player", n)
        if n == last:
            add(winner, "play", last_pts, "play.last-trick", (lead, follow), "last trick", n)
        out.append(_new(Trick, (n, PLAYERS[leader], lead, follow, PLAYERS[winner], (totals[0], totals[1]))))
        leader = winner
    return tuple(out)


def _take_trick(held: list[list[int]], leader: int, lead: Card, follow: Card, n: int, rs: Ruleset) -> None:
    """Check trick `n` (the leader holds `lead`, the follower holds `follow` and follows suit if he can) and take both
    cards out of the hands `held` (suit masks, the elder's first); the precise error where it is not legal. The full
    scorer and the lean totals (`deal.totals`) play the tricks through it."""
    lh, fh = held[leader], held[1 - leader]
    if not trick_is_legal(lh, fh, lead, follow):
        check_trick(Hand(*lh), Hand(*fh), PLAYERS[leader], lead, follow, n - 1, rs)  # raises the precise error
    lh[lead >> 3] &= ~(1 << (lead & 7))
    fh[follow >> 3] &= ~(1 << (follow & 7))


ONE_CARD = tuple((card,) for card in range(PACK_SIZE))  # the cards of a play event, built once
