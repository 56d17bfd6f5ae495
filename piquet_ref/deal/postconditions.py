"""The whole-deal rules as predicates over a scored deal: the postconditions of `score_deal`.

Each predicate restates a rule from its text (numbers read from the deal's ruleset), recomputing what
is due from the tricks and the event log rather than calling the scorer's own helpers: `score_deal`'s
docstring names them as PEP 316 postconditions; `contracts.deal_scored` puts the same conditions before
CrossHair; tests/test_deal_contracts.py checks them at run time on Hypothesis deals (docs/verification.md).

Irregular deals (laws 25-35, 57, 58) are covered: the tricks run short when a hand is short, only the
twelfth trick earns the last-trick point (our reading of Case XIX, see `penalties`), and a player who
reckons nothing has no event but his carte blanche. So are records with holdings barred from scoring
(rule declare.barred): a player has no event in a category he is barred from.
"""

from __future__ import annotations

from piquet_ref.deal.result import DealResult
from piquet_ref.hand.cards import bit_of, suit_of
from piquet_ref.rules.ruleset import ACCRETION_OF, PLAYERS, SCORE_KEYS, Bonus, other

BONUSES: tuple[Bonus, ...] = ("repique", "pique")  # the repique first: it is the one scored on a tie


def totals_are_sums_of_events(r: DealResult) -> bool:
    """Every event scores something; each player's total is the sum of his events, each of his score keys
    the sum of his events under it, and each event carries both totals as they stand after it."""
    running = [0, 0]
    for e in r.events:
        running[PLAYERS.index(e.player)] += e.points
        if e.points <= 0 or e.running != (running[0], running[1]):
            return False
    for i, p in enumerate(PLAYERS):
        score = r.score(p)
        mine = [e for e in r.events if e.player == p]
        if score.total != running[i] or any(getattr(score, k) != sum(e.points for e in mine if e.category == k) for k in SCORE_KEYS):
            return False
    return True


def tricks_by_the_rules(r: DealResult) -> bool:
    """The ruleset's first leader leads the first trick; the follower wins only with a higher card of the
    suit led; the winner of each trick leads the next, save a trick led out of turn (law 59 III), which the
    other player led; no more tricks than a deal has."""
    leader = r.ruleset.play.first_leader
    for n, t in enumerate(r.tricks, 1):
        leader = other(leader) if n - 1 in r.out_of_turn else leader
        follower_wins = suit_of(t.follow) == suit_of(t.lead) and bit_of(t.follow) > bit_of(t.lead)
        if t.number != n or t.leader != leader or t.winner != (other(leader) if follower_wins else leader):
            return False
        leader = t.winner
    return len(r.tricks) <= r.ruleset.play.tricks


def play_points_by_the_rules(r: DealResult) -> bool:
    """Each player's play score is his leads of a card of the ruleset's lowest scoring rank or above, his
    tricks won as second player with such a card (any rank in the last trick where the ruleset says so),
    and the extra point of the last trick, which only a deal's twelfth trick earns (a deal cut short by a
    short hand has none, law 57); a player who reckons nothing scores none of it."""
    play = r.ruleset.play
    due = [0, 0]
    for t in r.tricks:
        last = t.number == play.tricks
        leader = PLAYERS.index(t.leader)
        if bit_of(t.lead) >= play.lead_min or (last and play.last_any_rank):
            due[leader] += play.lead_points
        if t.winner != t.leader and (bit_of(t.follow) >= play.win_min or (last and play.last_any_rank)):
            due[1 - leader] += play.second_win_points
        if last:
            due[PLAYERS.index(t.winner)] += play.last_trick_extra
    return all(r.score(p).play == (0 if r.reckons_nothing[i] else due[i]) for i, p in enumerate(PLAYERS))


def events_in_the_order_of_accretion(r: DealResult) -> bool:
    """Scores come in the ruleset's order of accretion (carte blanche first), each bonus right after a score
    of the player who wins it; a carte blanche is scored exactly by a player who held one; nobody scores in a
    category he is barred from."""
    order = r.ruleset.accretion.order
    reached, before = 0, None
    for e in r.events:
        if e.category in r.barred[PLAYERS.index(e.player)]:
            return False
        if e.category in BONUSES:
            if before is None or before.player != e.player:
                return False
        else:
            k = order.index(ACCRETION_OF[e.category])
            if k < reached:
                return False
            reached = k
        before = e
    points = r.ruleset.carte_blanche.points
    return all(r.score(p).carte_blanche == (points if r.carte_blanche[i] else 0) for i, p in enumerate(PLAYERS))


def bonuses_due(r: DealResult) -> list[tuple[str, Bonus]]:
    """(player, bonus) for each repique and pique the event log earns: the first player to score reached
    the bonus's threshold with his own scores in the categories it counts, in the order of accretion,
    before his adversary's first score, and the ruleset lets him score it; unless bonuses are
    cumulative, only the first so reached (the repique on a tie)."""
    acc, capot_counts = r.ruleset.accretion, r.ruleset.cards.capot_counts_toward_bonuses
    first: str | None = None
    totals = {b: 0 for b in BONUSES}
    reached: list[Bonus] = []
    for e in r.events:
        if e.category in BONUSES or (e.category == "capot" and not capot_counts):
            continue
        if first is None:
            first = e.player
        elif e.player != first:
            break
        for b in BONUSES:
            rule = getattr(acc, b)
            if b not in reached and ACCRETION_OF[e.category] in rule.counts:
                totals[b] += e.points
                if totals[b] >= rule.threshold:
                    reached.append(b)
    allowed = [b for b in reached if first in getattr(acc, b).players]
    return [(str(first), b) for b in (allowed if acc.cumulative else allowed[:1])]


def bonuses_by_the_order_of_accretion(r: DealResult) -> bool:
    """The repique and pique scored are exactly those `bonuses_due` (each its ruleset's points). Where a
    player reckons nothing, his scores that are no events still bar (law 58), so there only: every bonus
    scored is due (a holder reached the threshold before any event of his adversary); so too where a holding
    is barred from scoring, which saves as a score does."""
    acc = r.ruleset.accretion
    scored = sorted((e.player, e.category) for e in r.events if e.category in BONUSES)
    if any(e.category in BONUSES and e.points != getattr(acc, e.category).points for e in r.events):
        return False
    due = sorted(bonuses_due(r))
    return set(scored) <= set(due) and len(scored) == len(set(scored)) if any(r.reckons_nothing) or any(r.barred) else scored == due


def cards_and_capot_by_the_rules(r: DealResult) -> bool:
    """The cards and the capot are scored only when the deal is complete. In a complete deal of twelve
    tricks in which nobody reckons nothing, the player who won more than half the tricks scores the cards,
    neither on an even split, and the winner of every trick the capot, the ruleset's points each."""
    cards = r.ruleset.cards
    n = r.ruleset.play.tricks
    if not r.complete:
        return not any(e.category in ("cards", "capot") for e in r.events)
    if len(r.tricks) != n or any(r.reckons_nothing):
        return True
    won = [sum(t.winner == p for t in r.tricks) for p in PLAYERS]
    return all(
        r.score(p).cards == (cards.points if 2 * won[i] > n else 0) and r.score(p).capot == (cards.capot_points if won[i] == n else 0)
        for i, p in enumerate(PLAYERS)
    )

