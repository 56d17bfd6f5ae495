"""A resolved deal scored in the order of accretion: carte blanche, point, sequences, sets, the play, the cards.

Every score adds to its player's sums and leaves an entry in the trace that `deal.result.event_log` turns into the
event log on demand. Repique and pique are decided by `bonus_step`, a pure function folded over the scores in the
order of accretion (`bonuses` is that fold), so that order alone decides them; once neither can follow, a category's
holdings are one entry and a trick's points numbers of its entry, which is where the speed comes from. The scorer
reads the normal form only (`deal.normal_form.NormalDeal`): what a penalty takes away is a field of it, never a
question about how the deal went wrong."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, NamedTuple

from piquet_ref.hand.cards import PACK_SIZE, Card, Hand, hand_of_pack, pack_of_hand
from piquet_ref.hand.cards import tuple_new as _new
from piquet_ref.hand.declarations import ALL, DECL_INDEX, Comparison, DeclCategory, Declaration, compare_declarations, declared, table_comparison
from piquet_ref.deal.normal_form import NormalDeal
from piquet_ref.deal.result import (
    KEY_INDEX, LAST_TRICK, LEAD, ONE_CARD, SECOND_WINS, DealResult, HoldingsEntry, PlayerScore, ResultParts, ScoreEntry, TrickEntry,
    holding_scores,
)
from piquet_ref.hand.play import TRICK_CHECKS, beats, check_trick
from piquet_ref.rules.errors import PiquetError as PiquetError  # named by a `raises:` line
from piquet_ref.rules.ruleset import ACCRETION_OF, PLAYERS, SCORE_KEYS, AccretionRules, Bonus, Category, Ruleset, ScoreKey

BonusState = tuple[int, int, int]
"""The repique and pique so far: (first player to score, 0 elder / 1 younger, or -1 before anyone has;
his total towards the repique; his total towards the pique)."""
NO_SCORE_YET: BonusState = (-1, 0, 0)
PLAY = KEY_INDEX["play"]
TrickFacts = tuple[bool, int, int, int, int, int, int]
"""What the scorer needs of a trick of two given cards (`_trick_points`): whether the follower wins it, the leader's
points for the lead, the follower's for winning it as second player, the winner's extra for the last trick, and what
makes it legal (`play.TRICK_CHECKS`: the card led's bit, the card played's, the suit led's cards where it is of
another suit)."""


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
    s = scored(deal)
    parts = (deal.ruleset, s.elder, s.younger, s.comparison, s.choices, deal.carte_blanche, deal.hands, s.complete, deal.silent,
             deal.barred, deal.out_of_turn)
    return DealResult._of_trace(_new(ResultParts, parts), tuple(s.trace))


class Scored(NamedTuple):
    """What the scorer decides of a deal: each player's ten scores, the trace of every score in order (`event_log`
    turns it into the events and tricks), the verdicts, the explicit declarations and whether every trick was played.
    `score_normal_form` makes a `DealResult` of it, `deal.totals` reads the scores alone."""

    elder: PlayerScore
    younger: PlayerScore
    trace: list[ScoreEntry | TrickEntry | HoldingsEntry]
    comparison: Comparison
    choices: tuple[Declaration | None, Declaration | None]
    complete: bool


def scored(deal: NormalDeal) -> Scored:
    """The scores of a resolved deal in the order of accretion, with their trace (see `score_normal_form`): the
    points of play by the ruleset's table of every pair of cards (`_trick_points`).

    rules: accretion.order, carte-blanche.score, play.lead-point, play.second-wins-point, play.last-trick, cards.majority, cards.divided, capot.score
    raises: PiquetError
    post: all(score.total == sum(score[:-1]) for score in (__return__.elder, __return__.younger))
    post: __return__.complete == (len(deal.tricks) == (deal.tricks_to_play or deal.ruleset.play.tricks))
    post: len([entry for entry in __return__.trace if entry[0] == 1]) == len(deal.tricks)
    """
    rs = deal.ruleset
    hands = deal.hands
    decl: list[Declaration | None] = [None, None]
    e_choice, y_choice = deal.declare
    explicit = not ((e_choice is ALL or e_choice.is_default) and (y_choice is ALL or y_choice.is_default))
    if not explicit:
        comparison = table_comparison(hands[0], hands[1], rs)
    else:
        e_decl, y_decl = (declared(hands[i], deal.declare[i], p, rs) for i, p in enumerate(PLAYERS))
        decl = [e_decl, y_decl]
        comparison = compare_declarations(e_decl, y_decl, rs)
    log = _Log(rs.accretion, rs.cards.capot_counts_toward_bonuses, deal.silent, deal.barred)
    add = log.add
    won = (0, 0)
    complete = len(deal.tricks) == (deal.tricks_to_play or rs.play.tricks)
    blanche = deal.carte_blanche
    for category in rs.accretion.order:
        if category == "carte_blanche":
            if blanche[0] or blanche[1]:
                for i in range(len(PLAYERS)):
                    if blanche[i]:
                        add(i, "carte_blanche", rs.carte_blanche.points, "carte-blanche.score", deal.dealt[i], "carte blanche", None)
        elif category in DECL_INDEX:
            good = comparison.good(category)
            if good is None:
                continue
            if decl[good] is not None or not log.holdings_at_once(good, category, comparison.values[2 * DECL_INDEX[category] + good], hands[good], rs):
                for points, rule, cards, note in holding_scores(category, decl[good], hands[good], rs):
                    add(good, category, points, rule, cards, note, None)
        elif category == "play":
            won = _play(deal, log)
        elif category == "cards" and complete:
            for i, n in enumerate(tricks_for_the_cards(won, deal.credited, rs)):
                cards_points, capot_points = cards_scores(n, rs)
                if cards_points or capot_points:
                    add(i, "cards", cards_points, "cards.majority", (), f"the cards: {n} tricks", None)
                    add(i, "capot", capot_points, "capot.score", (), "capot: every trick", None)
    e, y = log.sums
    return Scored(
        _new(PlayerScore, (*e, sum(e))), _new(PlayerScore, (*y, sum(y))), log.trace, comparison,
        (decl[0], decl[1]) if explicit else (None, None), complete,
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
    """The scores of one deal as they are made: per player per score key, and their trace in the order of accretion,
    each bonus right after the score that wins it (a builder local to `scored`). A player who reckons nothing
    (`silent`) scores nothing but his carte blanche (Case XXI), and a player scores nothing in a category he is
    `barred` from (law 46, Case I; law 56, Case IV); every score either would have made still saves a repique or
    pique (`bar_step`), so his cards bar (000 §Scoring, law 58)."""

    __slots__ = ("acc", "trace", "sums", "bonus", "capot_counts", "silent", "barred")

    def __init__(
        self, acc: AccretionRules, capot_counts: bool, silent: tuple[bool, bool], barred: tuple[tuple[DeclCategory, ...], tuple[DeclCategory, ...]] = ((), ())
    ) -> None:
        self.acc = acc
        self.silent = silent
        self.barred = barred
        self.capot_counts = capot_counts
        self.trace: list[ScoreEntry | TrickEntry | HoldingsEntry] = []
        self.sums = ([0] * len(SCORE_KEYS), [0] * len(SCORE_KEYS))  # per player, per score key
        self.bonus: BonusState | None = NO_SCORE_YET  # None once no repique or pique can follow

    def holdings_at_once(self, p: int, category: DeclCategory, points: int, hand: Hand, rs: Ruleset) -> bool:
        """Score all that `hand` holds in `category`, `points` in all, as one entry of the trace, where no repique or
        pique is won within them (bonus_step adds up: a bonus reached by one of the holdings is reached by their sum),
        so that none can turn on which holding reached it, and nothing is barred or silenced; False, scoring nothing,
        where they must be scored holding by holding."""
        if not self.counts(p, category):
            return False
        if self.bonus is not None:
            after, won = bonus_step(self.bonus, p, ACCRETION_OF[category], points, self.acc)
            if won:
                return False
            self.bonus = after
        self.sums[p][KEY_INDEX[category]] += points
        self.trace.append((2, p, category, hand, rs))
        return True

    def counts(self, p: int, category: ScoreKey) -> bool:
        """Whether a score of player `p` in `category` counts: not if he reckons nothing, save a carte blanche, nor in
        a category he is barred from."""
        return not ((self.silent[p] and category != "carte_blanche") or category in self.barred[p])

    def add(self, p: int, category: ScoreKey, points: int, rule: str, cards: tuple[Card, ...], note: str, trick: int | None) -> None:
        """Score `points` to player `p` (0 elder, 1 younger); a score of nothing is no event."""
        if points <= 0:
            return
        if not self.counts(p, category):
            if self.bonus is not None and (category != "capot" or self.capot_counts):
                self.bonus = bar_step(self.bonus, p)  # saves, wins nothing
            return
        self.sums[p][KEY_INDEX[category]] += points
        self.trace.append((0, p, category, points, rule, cards, note, trick))
        if self.bonus is not None and (category != "capot" or self.capot_counts):
            self.bonus, won = bonus_step(self.bonus, p, ACCRETION_OF[category], points, self.acc)
            for bonus in won:
                rule_of = self.acc.repique if bonus == "repique" else self.acc.pique
                self.sums[p][KEY_INDEX[bonus]] += rule_of.points
                self.trace.append((0, p, bonus, rule_of.points, f"{bonus}.score", (), _bonus_note(bonus, self.acc), trick))


@lru_cache(maxsize=None)
def _bonus_note(bonus: Bonus, acc: AccretionRules) -> str:
    rule_of = acc.repique if bonus == "repique" else acc.pique
    where = "in hand" if rule_of.counts <= acc.hand else "in hand and play"
    return f"{bonus}: {rule_of.threshold} {where} before the adversary counts"


@lru_cache(maxsize=None)
def _trick_points(rs: Ruleset) -> tuple[tuple[TrickFacts, ...], tuple[TrickFacts, ...]]:
    """For each (card led, card played to it), indexed `lead * PACK_SIZE + follow`, what the scorer needs of the trick
    (`TrickFacts`): in any trick but the last, then in the last, where a ruleset may score a card of any rank and
    the winner scores the last trick's extra point. Built once per ruleset."""
    play = rs.play

    def table(any_rank: bool, extra: int) -> tuple[TrickFacts, ...]:
        return tuple(
            (
                beats(lead, follow),
                play.lead_points if lead & 7 >= play.lead_min or any_rank else 0,
                play.second_win_points if beats(lead, follow) and (follow & 7 >= play.win_min or any_rank) else 0,
                extra,
                *TRICK_CHECKS[lead * PACK_SIZE + follow],
            )
            for lead in range(PACK_SIZE) for follow in range(PACK_SIZE)
        )

    return table(False, 0), table(play.last_any_rank, play.last_trick_extra)


def _play(deal: NormalDeal, log: _Log) -> tuple[int, int]:
    """Check the tricks in order and score them into `log`; the tricks each player won. The lead passes to each
    trick's winner, save that a trick led out of turn (law 59 III) is led by the other player, and scores as any
    trick he led. While a repique or pique may still turn on a point each is a score of its own (`_Log.add`); after
    that a trick's points are numbers of its entry in the trace, not counted for a player who reckons nothing.

    The leader's and the follower's cards are packed ints (`cards.pack_of`), swapped when the lead passes; each trick
    is checked as `play.follows_the_rules` checks it, from the same columns (`play.TRICK_CHECKS`) carried in the
    table of tricks, its test written out here because a call per trick is a tenth of the scorer's time;
    `check_trick` names the fault of a trick that is not legal."""
    rs = deal.ruleset
    play = rs.play
    leader = PLAYERS.index(play.first_leader)
    elder, younger = pack_of_hand(deal.hands[0]), pack_of_hand(deal.hands[1])
    lp, fp = (elder, younger) if leader == 0 else (younger, elder)
    last = play.tricks
    table, in_the_last = _trick_points(rs)
    silent = deal.silent
    counted = not (silent[0] or silent[1])
    out_of_turn, trace, add = deal.out_of_turn, log.trace, log.add
    points, won = [0, 0], [0, 0]
    live = log.bonus is not None
    for n, (lead, follow) in enumerate(deal.tricks, 1):
        if out_of_turn and n - 1 in out_of_turn:
            leader = 1 - leader
            lp, fp = fp, lp
        if n == last:
            table = in_the_last
        second, lead_points, win_points, extra, lead_bit, follow_bit, other_suit = table[lead * PACK_SIZE + follow]
        if not (lp & lead_bit and fp & follow_bit and not fp & other_suit):  # `follows_the_rules`
            check_trick(hand_of_pack(lp), hand_of_pack(fp), PLAYERS[leader], lead, follow, n - 1, rs)  # raises the precise error
        lp ^= lead_bit
        fp ^= follow_bit
        if second:
            winner = 1 - leader
            lp, fp = fp, lp
        else:
            winner = leader
        if live:
            add(leader, "play", lead_points, LEAD.rule, ONE_CARD[lead], LEAD.note, n)
            add(winner, "play", win_points, SECOND_WINS.rule, ONE_CARD[follow], SECOND_WINS.note, n)
            add(winner, "play", extra, LAST_TRICK.rule, (lead, follow), LAST_TRICK.note, n)
            trace.append((1, n, leader, lead, follow, winner, 0, 0, 0))
            live = log.bonus is not None
        else:
            if not counted:
                if silent[leader]:
                    lead_points = 0
                if silent[winner]:
                    win_points = extra = 0
            points[leader] += lead_points
            points[winner] += win_points + extra
            trace.append((1, n, leader, lead, follow, winner, lead_points, win_points, extra))
        won[winner] += 1
        leader = winner
    log.sums[0][PLAY] += points[0]
    log.sums[1][PLAY] += points[1]
    return won[0], won[1]
