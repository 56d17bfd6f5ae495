"""The match rules as predicates over a scored partie record and its parts: the postconditions of
`score_partie` and of the other public functions of `partie` (`check_dealers`, `rubicon_partie`,
`partie_over`, `games`, `chouette`, `partie_json`, `partie_text`).

Each predicate restates a rule of spec/rules/partie.yaml from its text, with the numbers read from the
ruleset, recomputing what is due from the deal lines (and, for the deals themselves, from the record)
rather than calling `partie`'s own helpers; the predicates over a whole result apply those over one
partie, one run of games or one chouette to each. The docstrings in `partie` name them as PEP 316
postconditions; tests/test_partie_contracts.py checks `score_partie`'s at run time on Hypothesis partie
records under every ruleset, tests/test_partie_function_contracts.py the others, and both find the bugs
planted in copies of `partie` (docs/verification.md).
"""

from __future__ import annotations

import json
from typing import Any, Mapping, NamedTuple, Sequence

from piquet_ref.hand.cards import bit_of, parse_card
from piquet_ref.deal.scoring import score_deal
from piquet_ref.partie.result import ChouetteLine, DealLine, Game, Partie, PartieResult
from piquet_ref.rules.ruleset import Ruleset

GAME_FORMS = ("hundred-up", "best-of-five")


def _pair(r: PartieResult) -> tuple[str, str]:
    return r.players[0], r.players[-1]


def _other(pair: Sequence[str], player: str) -> str:
    return pair[1] if player == pair[0] else pair[0]


def _length(r: PartieResult) -> tuple[int, frozenset[int]]:
    """The deals of a partie in the result's form and those of them that count at the ruleset's factor."""
    return partie_length(r.ruleset, r.form)


def partie_length(rs: Ruleset, form: str) -> tuple[int, frozenset[int]]:
    """The deals of a partie in this form and those of them that count at the ruleset's factor."""
    p = rs.partie
    return (p.four_deals, p.doubled) if form == "four-deal" else (p.deals, frozenset())


def regular_deals(entry: Mapping[str, Any], rs: Ruleset, form: str) -> int | None:
    """How many of a partie entry's deals are its regular deals still to come (its length less the deals brought
    forward; the tie deals follow them), or None for games of a hundred, which have no set number of deals."""
    if form in GAME_FORMS:
        return None
    return partie_length(rs, form)[0] - (entry["brought_forward"]["deals"] if "brought_forward" in entry else 0)


def deals_as_recorded(record: Mapping[str, Any], r: PartieResult) -> bool:
    """Every deal of the record appears in order within its partie (or the one run of games), as
    `deals_in_order` states."""
    if r.form in GAME_FORMS:
        return deals_in_order(_pair(r), [d for g in r.games for d in g.deals], list(record["deals"]), r.ruleset)
    entries = [{"deals": record["deals"]}] if "deals" in record else list(record["parties"])
    form = "rubicon" if r.form == "chouette" else r.form
    return len(entries) == len(r.parties) and all(
        deals_in_order(p.players, p.deals, e["deals"], r.ruleset, regular_deals(e, r.ruleset, form)) for p, e in zip(r.parties, entries))


def deals_in_order(pair: Sequence[str], lines: Sequence[DealLine], recorded: Sequence[Mapping[str, Any]], rs: Ruleset,
                   regular: int | None = None) -> bool:
    """The deal lines are the recorded deals, in order, each under its dealer, the other player being the
    elder; each counts the scores the score card gives, or what its deal record scores under the ruleset,
    in its player's column. Where the ruleset has the deal alternate, each deal after the first is dealt by the
    player whose turn it was, or by the other when the record marks it out of turn (L16, `dealing_breaches`);
    where a deal was cut for and the lower cut deals, the dealer cut the lower rank."""
    if len(lines) != len(recorded):
        return False
    for i, (d, e) in enumerate(zip(lines, recorded)):
        if d.dealer != e["dealer"] or d.elder != _other(pair, d.dealer):
            return False
    turns = [_Turn(d.dealer, d.elder, bool(e.get("out_of_turn", False))) for d, e in zip(lines, recorded)]
    if dealing_breaches(turns, (pair[0], pair[-1]), rs, regular):
        return False
    for i, (d, e) in enumerate(zip(lines, recorded)):
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
    """Every partie's totals are the sums of its deals (`partie_sums_its_deals`)."""
    return all(partie_sums_its_deals(p, r.ruleset, r.form) for p in r.parties)


def partie_sums_its_deals(p: Partie, rs: Ruleset, form: str) -> bool:
    """A partie's running totals start from what was brought forward (else nought) and add each deal's
    scores, those of the deals the form doubles (the four-deal partie's first and last) at the ruleset's
    factor, every other deal (tie deals included) once; its totals are the last running totals."""
    factor = rs.partie.factor
    _, doubled = partie_length(rs, form)
    done, running = (0, (0, 0)) if p.brought_forward is None else (p.brought_forward[0], p.brought_forward[1:])
    for k, d in enumerate(p.deals, 1):
        weight = factor if done + k in doubled else 1
        running = (running[0] + weight * d.scores[0], running[1] + weight * d.scores[1])
        if d.number != k or d.weight != weight or d.running != running:
            return False
    return p.totals == running


def partie_ends_by_the_rules(r: PartieResult) -> bool:
    """Every partie ends by the rules (`partie_ends_when_due`); only the last partie of a card may be
    unfinished, and the card is complete exactly when that one is over."""
    if r.form in GAME_FORMS:
        return not r.parties
    if not all(partie_ends_when_due(p, r.ruleset, r.form) for p in r.parties):
        return False
    if any(p.outcome == "in-progress" for p in r.parties[:-1]):
        return False
    return bool(r.parties) and r.complete == (r.parties[-1].outcome != "in-progress")


def partie_ends_when_due(p: Partie, rs: Ruleset, form: str) -> bool:
    """A partie is over when, and only when, it has had its number of deals with unequal totals, or, the
    totals being equal then, the ruleset's tie deals besides; no deal is played after it is over, and the
    deals past its length are its tie deals."""
    length, _ = partie_length(rs, form)
    extra = rs.partie.extra_deals

    def over(n: int, totals: tuple[int, int]) -> bool:
        return (n == length and totals[0] != totals[1]) or n == length + extra

    done = 0 if p.brought_forward is None else p.brought_forward[0]
    before = [(done, p.brought_forward[1:] if p.brought_forward else (0, 0))] + [(done + d.number, d.running) for d in p.deals]
    if any(n > length + extra or over(n, t) for n, t in before[:-1]) or before[-1][0] > length + extra:
        return False
    return (p.outcome != "in-progress") == over(*before[-1]) and p.extra_deals == max(0, before[-1][0] - length)


def partie_goes_to_the_higher_total(r: PartieResult) -> bool:
    """Every partie goes to the higher total (`partie_to_the_higher_total`)."""
    return all(partie_to_the_higher_total(p) for p in r.parties)


def partie_to_the_higher_total(p: Partie) -> bool:
    """A finished partie is won by the player with the higher total and drawn on equal totals, when
    neither wins anything; an unfinished one has no winner yet."""
    a, b = p.totals
    if p.outcome == "won":
        return p.winner == (p.players[0] if a > b else p.players[1] if b > a else None)
    return p.winner is None and p.points == 0 and not p.rubicon and (p.outcome == "drawn") == (a == b and p.outcome != "in-progress")


def points_won_by_the_rules(r: PartieResult) -> bool:
    """Every partie's winner wins his points by the rules (`partie_points_by_the_rules`). In the point forms,
    each of two players nets what he won less what his adversary won (at chouette, the tens entered at the
    ruleset's unit), and the match goes to the player with the largest net gain, if anyone gained."""
    if not all(partie_points_by_the_rules(p, r.ruleset) for p in r.parties):
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


def partie_points_by_the_rules(p: Partie, rs: Ruleset) -> bool:
    """The winner of a partie wins the ruleset's bonus and the difference of the totals, or their sum when
    the loser is under the rubicon (the winner too, where the ruleset requires it)."""
    if p.outcome != "won" or p.winner is None:
        return True
    part = rs.partie
    win, lose = p.totals[p.players.index(p.winner)], p.totals[1 - p.players.index(p.winner)]
    rubicon = lose < part.rubicon_threshold and (win >= part.rubicon_threshold or not part.winner_needs_threshold)
    return p.rubicon == rubicon and p.points == part.bonus + (win + lose if rubicon else win - lose)


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
    """The games are won by the target (`games_tally`); the match is over when a player has won the games
    it needs (one game of a hundred up, else the ruleset's number), and he wins it."""
    if r.form not in GAME_FORMS:
        return r.games == () and r.games_won == ()
    pair = _pair(r)
    won = games_tally(r.games, pair, r.ruleset, r.form)
    if won is None:
        return False
    complete = max(won) >= games_needed(r.ruleset, r.form)
    winner = pair[won.index(max(won))] if complete else None
    return r.games_won == won and r.complete == complete and r.winner == winner


def games_needed(rs: Ruleset, form: str) -> int:
    """The games a player must win to win the match: one game of a hundred up, else the ruleset's number."""
    return 1 if form == "hundred-up" else rs.game.games


def games_tally(games: Sequence[Game], pair: tuple[str, str], rs: Ruleset, form: str) -> tuple[int, int] | None:
    """The games won by each of `pair`, None if a game breaks the rules: a game adds up its deals until a
    player reaches the ruleset's target, counting the deciding deal's scores in its order of accretion up
    to the score that reaches it and nothing after; he wins it, a double game (the ruleset's double value)
    when his adversary is under the ruleset's double line. No deal is played after the match is over (a
    player has won the games it needs); only the last game may be unfinished."""
    game = rs.game
    needed = games_needed(rs, form)
    won = [0, 0]
    for g in games:
        if max(won) >= needed or not g.deals:
            return None
        totals = (0, 0)
        for d in g.deals[:-1]:
            totals = (totals[0] + d.scores[0], totals[1] + d.scores[1])
            if d.weight != 1 or d.running != totals or max(totals) >= game.target:
                return None
        last = g.deals[-1]
        reached = [s for s in _game_scores(last, totals, pair) if max(s) >= game.target]
        if g.winner is None:
            end = (totals[0] + last.scores[0], totals[1] + last.scores[1])
            if reached or g is not games[-1] or g.totals != end or last.running != end:
                return None
            continue
        w = pair.index(g.winner)
        first = reached[0] if reached else None
        if first is None or g.totals != first or g.deals[-1].running != first or first[w] < game.target or first[1 - w] >= game.target:
            return None
        if g.double != (first[1 - w] < game.double_under):
            return None
        won[w] += game.double_value if g.double else 1
    return won[0], won[1]


def chouette_by_the_rules(r: PartieResult) -> bool:
    """At chouette the first player named sits single against the second, the third advising; the seats
    and the tens go by the rules (`chouette_seats_and_tens`)."""
    if r.form != "chouette":
        return r.chouette == ()
    players = r.players
    return chouette_seats_and_tens((players[0], players[1], players[2]), r.parties, r.chouette, r.ruleset)


def chouette_seats_and_tens(players: tuple[str, str, str], parties: Sequence[Partie], lines: Sequence[ChouetteLine], rs: Ruleset) -> bool:
    """The first of `players` sits single against the second, the third advising. Each finished partie's
    points are entered in tens (units of the ruleset's round-up figure and more add a ten, lower units are
    dropped): the single player receives (or pays) the ruleset's single stake of them and each partner pays
    (or receives) them once; nothing on a draw. A single player who wins or draws plays on, his adversaries
    changing places; one who loses is replaced by the partner who beat him, the adviser plays, and the
    loser advises."""
    ch = rs.chouette
    single, playing, advising = players
    running = (0, 0, 0)
    remaining = iter(lines)
    for i, p in enumerate(parties, 1):
        if p.players != (single, playing):
            return False
        if p.outcome == "in-progress":
            continue
        line = next(remaining, None)
        if line is None or (line.number, line.single, line.playing, line.advising, line.partie) != (i, single, playing, advising, p):
            return False
        tens = p.points // ch.unit + (1 if p.points % ch.unit >= ch.round_up_from else 0)
        sign = 0 if p.winner is None else 1 if p.winner == single else -1
        entry = {single: sign * ch.single_stake * tens, playing: -sign * tens, advising: -sign * tens}
        entries = tuple(entry[n] for n in players)
        running = (running[0] + entries[0], running[1] + entries[1], running[2] + entries[2])
        if line.tens != tens or line.entries != entries or line.running != running:
            return False
        single, playing, advising = (playing, advising, single) if sign < 0 else (single, advising, playing)
    return next(remaining, None) is None


# ------------------------------------------------------------------ the order of dealing, the JSON and the score card


class _Turn(NamedTuple):
    """A deal as the order of dealing sees it: who dealt, who was elder, whether it is marked out of turn."""

    dealer: str
    elder: str
    out_of_turn: bool
    cut: Any = None


def dealing_breaches(deals: Sequence[Any], pair: tuple[str, str], rs: Ruleset, regular: int | None = None) -> list[tuple[int, str]]:
    """Each deal (its index) that breaks the order of dealing, with the code of the error due: a deal marked out of
    turn that is the first, or where the players cut for every deal (partie-invalid: nobody's turn is set); where
    the deal alternates, a deal after the first that is cut for (partie-invalid: only the first deal is cut for) or
    else dealt by the player whose turn it was not, unless marked out of turn, or marked so and dealt by the player
    whose turn it was (partie-dealer); else, where the lower cut deals, a deal cut for whose dealer cut the higher
    rank (partie-cut). Whose turn it is (L16): the elder of the deal before deals next, except that after a deal
    out of turn its elder deals the next two when the ruleset has him deal twice, unless it or the next is the
    last of the `regular` deals (None: no set number). Each deal gives its dealer, elder, whether it is marked
    out of turn and its cut, the rank of each of `pair`'s cards (higher ranks higher), or None."""
    twice = {i + 2 for i, d in enumerate(deals) if d.out_of_turn and rs.dealing.elder_deals_twice and (regular is None or i + 2 < regular)}
    out = []
    for i, d in enumerate(deals):
        later = rs.dealing.alternate and i > 0
        due = (deals[i - 2].elder if i in twice else deals[i - 1].elder) if later else None
        if d.out_of_turn and not later:
            out.append((i, "partie-invalid"))
        elif later and d.cut is not None:
            out.append((i, "partie-invalid"))
        elif later and (d.dealer == due) == d.out_of_turn:
            out.append((i, "partie-dealer"))
        elif d.cut is not None and rs.dealing.lower_deals and d.cut[pair.index(d.dealer)] > d.cut[1 - pair.index(d.dealer)]:
            out.append((i, "partie-cut"))
    return out


def _columns(by_name: Mapping[str, int], names: Sequence[str]) -> tuple[int, ...] | None:
    """The figures of a JSON mapping keyed by player, in the order of `names` (None unless keyed by exactly them)."""
    return tuple(by_name[n] for n in names) if isinstance(by_name, Mapping) and set(by_name) == set(names) else None


def _deal_as_json(j: Mapping[str, Any], d: DealLine, pair: Sequence[str]) -> bool:
    return (j["number"], j["dealer"], j["elder"], _columns(j["scores"], pair), j["weight"], _columns(j["running"], pair)) == (
        d.number, d.dealer, d.elder, d.scores, d.weight, d.running)


def _pence_of(text: str) -> int:
    """The pence of an amount written in pounds, shillings and pence ('£1 10s 6d'; 'nothing')."""
    if text == "nothing":
        return 0
    worth = {"£": 240, "s": 12, "d": 1}
    return sum(int(t[1:]) * worth["£"] if t.startswith("£") else int(t[:-1]) * worth[t[-1]] for t in text.split())


def json_states_the_result(r: PartieResult, j: Mapping[str, Any]) -> bool:
    """The JSON form of a scored partie record survives a JSON round trip and states every figure of the
    result, those of each player under his name: the ruleset, form and players; each partie's number,
    players, what was brought forward, each deal (its number, dealer, elder, scores, weight and running
    totals), totals, outcome, winner and loser, rubicon, points and tie deals; each game's deals, totals,
    winner, double and the deal and score deciding it; each chouette partie's seats, result, tens and
    entries; the net, the games won, the winner, whether the match is complete, and the settlement (each
    amount's money being its pence)."""
    if json.loads(json.dumps(j)) != j:
        return False
    if (j["ruleset"], j["form"], tuple(j["players"]), j["winner"], j["complete"]) != (r.ruleset.id, r.form, r.players, r.winner, r.complete):
        return False
    pair = _pair(r) if len(r.players) == 2 else (r.players[0], r.players[1])
    if len(j["parties"]) != len(r.parties) or len(j["games"]) != len(r.games) or len(j["chouette"]) != len(r.chouette):
        return False
    for pj, p in zip(j["parties"], r.parties):
        bf = pj["brought_forward"]
        forward = None if bf is None else (bf["deals"], *(_columns(bf["scores"], p.players) or ()))
        loser = None if p.winner is None else _other(p.players, p.winner)
        if (pj["number"], tuple(pj["players"]), forward, _columns(pj["totals"], p.players), pj["outcome"], pj["winner"], pj["loser"],
                pj["rubicon"], pj["points"], pj["extra_deals"]) != (
                p.number, p.players, p.brought_forward, p.totals, p.outcome, p.winner, loser, p.rubicon, p.points, p.extra_deals):
            return False
        if len(pj["deals"]) != len(p.deals) or not all(_deal_as_json(dj, d, p.players) for dj, d in zip(pj["deals"], p.deals)):
            return False
    for gj, g in zip(j["games"], r.games):
        dj = gj["decided_by"]
        decider = None if dj is None else (dj["deal"], dj["event"], dj["category"], dj["rule"], _columns(dj["running"], pair))
        if (gj["number"], _columns(gj["totals"], pair), gj["winner"], gj["double"], decider) != (g.number, g.totals, g.winner, g.double, None if g.decider is None else tuple(g.decider)):
            return False
        if len(gj["deals"]) != len(g.deals) or not all(_deal_as_json(x, d, pair) for x, d in zip(gj["deals"], g.deals)):
            return False
    for cj, c in zip(j["chouette"], r.chouette):
        if (cj["number"], cj["single"], cj["playing"], cj["advising"], cj["winner"], cj["points"], cj["tens"],
                _columns(cj["entries"], r.players), _columns(cj["running"], r.players)) != (
                c.number, c.single, c.playing, c.advising, c.partie.winner, c.partie.points, c.tens, c.entries, c.running):
            return False
    if (None if j["net"] is None else _columns(j["net"], r.players)) != (r.net or None):
        return False
    if (None if j["games_won"] is None else _columns(j["games_won"], pair)) != (r.games_won or None):
        return False
    s, sj = r.settlement, j["settlement"]
    if s is None or sj is None:
        return s is None and sj is None
    stake = (sj["stake"]["name"], sj["stake"]["pence_per_hundred"], sj["stake"]["unit"])
    lines = [(x["player"], x["points"], x["reckoned"], x["pence"]) for x in sj["lines"]]
    return (stake == (s.stake.name, s.stake.pence_per_hundred, s.stake.unit) and lines == [tuple(x) for x in s.lines]
            and all(_pence_of(x["money"]) == abs(x["pence"]) for x in sj["lines"]))


def score_card_states_the_result(r: PartieResult, text: str) -> bool:
    """The score card opens with the form and the ruleset and shows, in order, each partie (then each game)
    with a row for each deal: its number, dealer, each player's score and the running totals, marked x2 when
    the deal counts double; each partie's totals and who won what (or that it is drawn, or in progress), and
    each game's winner reaching the ruleset's target, a double game said so; each chouette partie's seats,
    tens and entries; the net, the games won, each settled amount; and last the winner, or that the match
    is not finished. (Rows are compared with their runs of spaces as one.)"""
    rows = [" ".join(line.split()) for line in text.splitlines()]

    def deal_row(d: DealLine) -> tuple[str, bool]:
        return f"{d.number} {d.dealer} {d.scores[0]} {d.scores[1]} {d.running[0]}-{d.running[1]}" + (" x2" if d.weight > 1 else ""), True

    due: list[tuple[str, bool]] = [(f"{r.form} under {r.ruleset.id} ({r.ruleset.name})", True)]  # (row, whole row or its opening)
    for p in r.parties:
        due.append((f"Partie {p.number}: {p.players[0]} v {p.players[1]}", True))
        if p.brought_forward is not None:
            due.append((f"brought forward from {p.brought_forward[0]} deals: {p.brought_forward[1]}-{p.brought_forward[2]}", True))
        due += [deal_row(d) for d in p.deals]
        verdict = {"won": f"{p.winner} wins {p.points}" + (" (rubicon)" if p.rubicon else ""), "drawn": "drawn", "in-progress": "in progress"}
        due.append((f"totals {p.totals[0]}-{p.totals[1]}: {verdict[p.outcome]}", True))
    pair = _pair(r)
    for g in r.games:
        due.append((f"Game {g.number}", True))
        due += [deal_row(d) for d in g.deals]
        if g.winner is not None and g.decider is not None:
            due.append((f"{g.winner} reaches {r.ruleset.game.target} at deal {g.decider.deal}", False))
    for c in r.chouette:
        entries = ", ".join(f"{n} {e:+d}" for n, e in zip(r.players, c.entries))
        due.append((f"Chouette partie {c.number}: {c.single} single v {c.playing} (advised by {c.advising}): {c.tens} tens; {entries}", True))
    if r.net:
        due.append(("Net: " + ", ".join(f"{n} {v:+d}" for n, v in zip(r.players, r.net)), True))
    if r.games_won:
        due.append(("Games won: " + ", ".join(f"{n} {v}" for n, v in zip(pair, r.games_won)), True))
    if r.settlement is not None:
        due += [(f"{x.player} {'receives' if x.pence > 0 else 'pays'}", False) for x in r.settlement.lines if x.pence]
    due = [(" ".join(t.split()), whole) for t, whole in due]
    at = 0
    for t, whole in due:
        while at < len(rows) and not (rows[at] == t or not whole and rows[at].startswith(t) and rows[at][len(t)] in " ,:"):
            at += 1
        if at == len(rows):
            return False
        at += 1
    doubles = sum(row.endswith(": a double game") for row in rows)
    return doubles == sum(g.double for g in r.games) and rows[-1] == f"Winner: {r.winner or 'none'}" + ("" if r.complete else " (not finished)")
