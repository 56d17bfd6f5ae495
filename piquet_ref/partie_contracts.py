"""The match rules as predicates over a scored partie record: the postconditions of `score_partie`.

Each predicate restates a rule of spec/rules/partie.yaml from its text, with the numbers read from the
result's ruleset, recomputing what is due from the deal lines (and, for the deals themselves, from the
record) rather than calling `partie`'s own helpers. `score_partie`'s docstring names them as PEP 316
postconditions; tests/test_partie_contracts.py checks them at run time on Hypothesis partie records
under every ruleset, and finds the bugs planted in copies of `partie` (VERIFICATION.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .cards import bit_of, parse_card
from .scoring import score_deal

if TYPE_CHECKING:
    from .partie import DealLine, PartieResult

GAME_FORMS = ("hundred-up", "best-of-five")


def _pair(r: PartieResult) -> tuple[str, str]:
    return r.players[0], r.players[-1]


def _other(pair: Sequence[str], player: str) -> str:
    return pair[1] if player == pair[0] else pair[0]


def _length(r: PartieResult) -> tuple[int, frozenset[int]]:
    """The deals of a partie in this form and those of them that count at the ruleset's factor."""
    p = r.ruleset.partie
    return (p.four_deals, p.doubled) if r.form == "four-deal" else (p.deals, frozenset())


def deals_as_recorded(record: Mapping[str, Any], r: PartieResult) -> bool:
    """Every deal of the record appears, in order, under its dealer, the other player being the elder; it
    counts the scores the score card gives, or what its deal record scores under the partie's ruleset,
    each in its player's column. Where the ruleset has the deal alternate, nobody deals twice running
    (within one partie or run of games); where the first deal was cut for and the lower cut deals, the
    dealer cut the lower rank."""
    rs = r.ruleset
    if r.form in GAME_FORMS:
        groups = [(_pair(r), [d for g in r.games for d in g.deals], list(record["deals"]))]
    else:
        entries = [{"deals": record["deals"]}] if "deals" in record else list(record["parties"])
        if len(entries) != len(r.parties):
            return False
        groups = [(p.players, list(p.deals), list(e["deals"])) for p, e in zip(r.parties, entries)]
    for pair, lines, recorded in groups:
        if len(lines) != len(recorded):
            return False
        for i, (d, e) in enumerate(zip(lines, recorded)):
            if d.dealer != e["dealer"] or d.elder != _other(pair, d.dealer):
                return False
            if rs.dealing.alternate and i > 0 and d.dealer == lines[i - 1].dealer:
                return False
            if "cut" in e and rs.dealing.lower_deals:
                mine, theirs = (bit_of(parse_card(str(e["cut"][p]), rs)) for p in (d.dealer, _other(pair, d.dealer)))
                if mine > theirs:
                    return False
            if "scores" in e:
                due = (e["scores"][pair[0]], e["scores"][pair[1]])
            else:
                deal = score_deal({**e["deal"], "ruleset": rs.id})
                by_role = {d.elder: deal.elder.total, d.dealer: deal.younger.total}
                due = (by_role[pair[0]], by_role[pair[1]])
            if d.scores != due:
                return False
    return True


def partie_totals_are_sums_of_deals(r: PartieResult) -> bool:
    """A partie's running totals start from what was brought forward (else nought) and add each deal's
    scores, those of the deals the form doubles (the four-deal partie's first and last) at the ruleset's
    factor, every other deal (tie deals included) once; its totals are the last running totals."""
    factor = r.ruleset.partie.factor
    _, doubled = _length(r)
    for p in r.parties:
        done, running = (0, (0, 0)) if p.brought_forward is None else (p.brought_forward[0], p.brought_forward[1:])
        for k, d in enumerate(p.deals, 1):
            weight = factor if done + k in doubled else 1
            running = (running[0] + weight * d.scores[0], running[1] + weight * d.scores[1])
            if d.number != k or d.weight != weight or d.running != running:
                return False
        if p.totals != running:
            return False
    return True


def partie_ends_by_the_rules(r: PartieResult) -> bool:
    """A partie is over when, and only when, it has had its number of deals with unequal totals, or, the
    totals being equal then, the ruleset's tie deals besides; no deal is played after it is over; only the
    last partie of a card may be unfinished, and the card is complete exactly when that one is over."""
    length, _ = _length(r)
    extra = r.ruleset.partie.extra_deals

    def over(n: int, totals: tuple[int, int]) -> bool:
        return (n == length and totals[0] != totals[1]) or n == length + extra

    if r.form in GAME_FORMS:
        return not r.parties
    for p in r.parties:
        done = 0 if p.brought_forward is None else p.brought_forward[0]
        before = [(done, p.brought_forward[1:] if p.brought_forward else (0, 0))] + [(done + d.number, d.running) for d in p.deals]
        if any(n > length + extra or over(n, t) for n, t in before[:-1]) or before[-1][0] > length + extra:
            return False
        if (p.outcome != "in-progress") != over(*before[-1]) or p.extra_deals != max(0, before[-1][0] - length):
            return False
    if any(p.outcome == "in-progress" for p in r.parties[:-1]):
        return False
    return bool(r.parties) and r.complete == (r.parties[-1].outcome != "in-progress")


def partie_goes_to_the_higher_total(r: PartieResult) -> bool:
    """A finished partie is won by the player with the higher total and drawn on equal totals, when
    neither wins anything; an unfinished one has no winner yet."""
    for p in r.parties:
        a, b = p.totals
        if p.outcome == "won":
            if p.winner != (p.players[0] if a > b else p.players[1] if b > a else None):
                return False
        elif p.winner is not None or p.points != 0 or p.rubicon or (p.outcome == "drawn") != (a == b and p.outcome != "in-progress"):
            return False
    return True


def points_won_by_the_rules(r: PartieResult) -> bool:
    """The winner of a partie wins the ruleset's bonus and the difference of the totals, or their sum when
    the loser is under the rubicon (the winner too, where the ruleset requires it). In the point forms,
    each of two players nets what he won less what his adversary won (at chouette, the tens entered at the
    ruleset's unit), and the match goes to the player with the largest net gain, if anyone gained."""
    part = r.ruleset.partie
    for p in r.parties:
        if p.outcome != "won" or p.winner is None:
            continue
        win, lose = p.totals[p.players.index(p.winner)], p.totals[1 - p.players.index(p.winner)]
        rubicon = lose < part.rubicon_threshold and (win >= part.rubicon_threshold or not part.winner_needs_threshold)
        if p.rubicon != rubicon or p.points != part.bonus + (win + lose if rubicon else win - lose):
            return False
    if r.form in GAME_FORMS:
        return r.net == ()
    if r.form == "chouette":
        net = tuple(r.ruleset.chouette.unit * t for t in (r.chouette[-1].running if r.chouette else (0, 0, 0)))
    else:
        pair = _pair(r)
        gain = sum(p.points if p.winner == pair[0] else -p.points for p in r.parties)
        net = (gain, -gain)
    if r.net != net:
        return False
    best = max(net)
    return r.winner is None if best <= 0 else r.winner is not None and net[r.players.index(r.winner)] == best


def _game_scores(d: DealLine, start: tuple[int, int], pair: tuple[str, str]) -> list[tuple[int, int]]:
    """The game totals after each score of deal `d` (each event of its log, else the deal's scores at once)."""
    if d.result is None:
        return [(start[0] + d.scores[0], start[1] + d.scores[1])]
    out = []
    for e in d.result.events:
        elder, younger = e.running
        now = (elder, younger) if pair[0] == d.elder else (younger, elder)
        out.append((start[0] + now[0], start[1] + now[1]))
    return out


def games_by_the_target(r: PartieResult) -> bool:
    """A game adds up its deals until a player reaches the ruleset's target, counting the deciding deal's
    scores in its order of accretion up to the score that reaches it and nothing after; he wins it, a
    double game (the ruleset's double value) when his adversary is under the ruleset's double line. The
    match is over when a player has won the games it needs (one game of a hundred up, else the ruleset's
    number), and he wins it; no deal is played after; only the last game may be unfinished."""
    if r.form not in GAME_FORMS:
        return r.games == () and r.games_won == ()
    game, pair = r.ruleset.game, _pair(r)
    needed = 1 if r.form == "hundred-up" else game.games
    won = [0, 0]
    for g in r.games:
        if max(won) >= needed or not g.deals:
            return False
        totals = (0, 0)
        for d in g.deals[:-1]:
            totals = (totals[0] + d.scores[0], totals[1] + d.scores[1])
            if d.weight != 1 or d.running != totals or max(totals) >= game.target:
                return False
        last = g.deals[-1]
        reached = [s for s in _game_scores(last, totals, pair) if max(s) >= game.target]
        if g.winner is None:
            end = (totals[0] + last.scores[0], totals[1] + last.scores[1])
            if reached or g is not r.games[-1] or g.totals != end or last.running != end:
                return False
            continue
        w = pair.index(g.winner)
        first = reached[0] if reached else None
        if first is None or g.totals != first or g.deals[-1].running != first or first[w] < game.target or first[1 - w] >= game.target:
            return False
        if g.double != (first[1 - w] < game.double_under):
            return False
        won[w] += game.double_value if g.double else 1
    complete = max(won) >= needed
    winner = pair[won.index(max(won))] if complete else None
    return r.games_won == (won[0], won[1]) and r.complete == complete and r.winner == winner


def chouette_by_the_rules(r: PartieResult) -> bool:
    """At chouette the first player named sits single against the second, the third advising. Each finished
    partie's points are entered in tens (units of the ruleset's round-up figure and more add a ten, lower
    units are dropped): the single player receives (or pays) the ruleset's single stake of them and each
    partner pays (or receives) them once; nothing on a draw. A single player who wins or draws plays on,
    his adversaries changing places; one who loses is replaced by the partner who beat him, the adviser
    plays, and the loser advises."""
    if r.form != "chouette":
        return r.chouette == ()
    ch = r.ruleset.chouette
    single, playing, advising = r.players
    running = (0, 0, 0)
    lines = iter(r.chouette)
    for i, p in enumerate(r.parties, 1):
        if p.players != (single, playing):
            return False
        if p.outcome == "in-progress":
            continue
        line = next(lines, None)
        if line is None or (line.number, line.single, line.playing, line.advising, line.partie) != (i, single, playing, advising, p):
            return False
        tens = p.points // ch.unit + (1 if p.points % ch.unit >= ch.round_up_from else 0)
        sign = 0 if p.winner is None else 1 if p.winner == single else -1
        entry = {single: sign * ch.single_stake * tens, playing: -sign * tens, advising: -sign * tens}
        entries = tuple(entry[n] for n in r.players)
        running = (running[0] + entries[0], running[1] + entries[1], running[2] + entries[2])
        if line.tens != tens or line.entries != entries or line.running != running:
            return False
        single, playing, advising = (playing, advising, single) if sign < 0 else (single, advising, playing)
    return next(lines, None) is None
