"""Scoring a match: the Rubicon partie of six (or four) deals, games of a hundred up, chouette.

A partie record names its players, the ruleset and form, and its deals in order: each deal has its
dealer and either the scores of the deal (as a score card records them) or a deal record, which is
scored. `score_partie` checks the order of dealing, adds the deals up, decides each partie or game,
and, given a stake, settles the points in money (`settlement`).
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, cast

from piquet_ref.hand.cards import parse_card
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.codes import error
from piquet_ref.rules.loader import DEFAULT_RULESET, load_ruleset
from piquet_ref.partie.postconditions import (  # the postconditions of the functions of this module
    chouette_by_the_rules, chouette_seats_and_tens, dealing_breaches, deals_as_recorded, deals_in_order, games_by_the_target, regular_deals,
    games_needed, games_tally, json_states_the_result, partie_ends_by_the_rules, partie_ends_when_due,
    partie_goes_to_the_higher_total, partie_points_by_the_rules, partie_sums_its_deals, partie_to_the_higher_total,
    partie_totals_are_sums_of_deals, points_won_by_the_rules, score_card_states_the_result,
)
from piquet_ref.rules.ruleset import FORMS, Form, Ruleset
from piquet_ref.deal.result import DealResult
from piquet_ref.deal.scoring import score_deal
from piquet_ref.partie.settlement import settle, stake_of
from piquet_ref.partie.result import ChouetteLine, DealLine, Decider, Game, Pair, Partie, PartieResult, PartieResultJSON
from piquet_ref.rules.errors import shown

POINT_FORMS: tuple[Form, ...] = ("rubicon", "four-deal", "chouette")
RECORD_KEYS = {"ruleset", "form", "players", "deals", "parties", "stake"}
PARTIE_KEYS = {"deals", "brought_forward"}
DEAL_KEYS = {"dealer", "scores", "deal", "cut", "out_of_turn"}


def _invalid(message: str) -> PiquetError:
    return error("partie-invalid", message)


def _mapping(data: Any, where: str, keys: set[str]) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise _invalid(f"{where} must be a mapping, got {type(data).__name__}")
    unknown = sorted(set(map(str, data)) - keys)
    if unknown:
        raise _invalid(f"{where}: unknown key(s) {unknown}; expected {sorted(keys)}")
    return data


def _count(value: Any, where: str) -> int:
    if type(value) is not int or value < 0:
        raise _invalid(f"{where} must be a whole number of points, got {shown(value)}")
    return value


def _scores(data: Any, pair: Pair, where: str) -> tuple[int, int]:
    scores = _mapping(data, where, set(pair))
    if set(scores) != set(pair):
        raise _invalid(f"{where} must give the score of each of {list(pair)}")
    return _count(scores[pair[0]], f"{where}.{pair[0]}"), _count(scores[pair[1]], f"{where}.{pair[1]}")


# ------------------------------------------------------------------ the deals


class _Deal(NamedTuple):
    number: int
    dealer: str
    elder: str
    scores: tuple[int, int]
    result: DealResult | None
    cut: tuple[int, int] | None  # rank bits of each player's cut, when given
    out_of_turn: bool = False  # dealt out of turn, found too late and so standing (L16)


def _deal(data: Any, number: int, pair: Pair, rs: Ruleset, where: str) -> _Deal:
    entry = _mapping(data, where, DEAL_KEYS)
    dealer = entry.get("dealer")
    if dealer not in pair:
        raise _invalid(f"{where}.dealer must be one of {list(pair)}, got {shown(dealer)}")
    elder = pair[1] if dealer == pair[0] else pair[0]
    if ("scores" in entry) == ("deal" in entry):
        raise _invalid(f"{where}: give either scores (as the score card records them) or deal (a deal record), not both")
    result = None
    if "scores" in entry:
        scores = _scores(entry["scores"], pair, f"{where}.scores")
    else:
        record = entry["deal"]
        if not isinstance(record, Mapping):
            raise _invalid(f"{where}.deal must be a deal record (a mapping)")
        if record.get("ruleset", rs.id) != rs.id:
            raise _invalid(f"{where}.deal names ruleset {shown(record.get('ruleset'))}; the partie is played under {rs.id}")
        result = score_deal({**record, "ruleset": rs.id})
        by_role = {"elder": result.elder.total, "younger": result.younger.total}
        scores = (by_role["elder"] if pair[0] == elder else by_role["younger"], by_role["elder"] if pair[1] == elder else by_role["younger"])
    cut = None
    if "cut" in entry:
        cards = _mapping(entry["cut"], f"{where}.cut", set(pair))
        if set(cards) != set(pair):
            raise _invalid(f"{where}.cut must give the card each of {list(pair)} cut")
        ranks = tuple(parse_card(str(cards[p]), rs) & 7 for p in pair)
        if ranks[0] == ranks[1]:
            raise _invalid(f"{where}.cut: both cut a card of the same rank; they cut again")
        cut = (ranks[0], ranks[1])
    out_of_turn = entry.get("out_of_turn", False)
    if type(out_of_turn) is not bool:
        raise _invalid(f"{where}.out_of_turn must be true or false, got {out_of_turn!r}")
    return _Deal(number, str(dealer), elder, scores, result, cut, out_of_turn)


def _deals(data: Any, pair: Pair, rs: Ruleset, where: str, regular: int | None = None) -> list[_Deal]:
    if not isinstance(data, list):
        raise _invalid(f"{where} must be a list of deals")
    deals = [_deal(d, i + 1, pair, rs, f"{where}[{i}]") for i, d in enumerate(data)]
    check_dealers(deals, pair, rs, where, regular)
    return deals


def _due_dealer(deals: list[_Deal], i: int, rs: Ruleset, regular: int | None) -> str:
    """Whose turn it is to deal deal `i` (after the first) where the deal alternates: the elder of the deal before;
    but after a deal out of turn that stood, its elder deals twice running under L16 (`elder_deals_twice`), unless
    that deal or the next is the last regular deal of the partie (`regular`, counted in `deals`; None: no set
    number, as in games of a hundred). `check_dealers`' postcondition states the outcome."""
    twice = i >= 2 and deals[i - 2].out_of_turn and rs.dealing.elder_deals_twice and (regular is None or i < regular)
    return deals[i - 2].elder if twice and not deals[i - 1].out_of_turn else deals[i - 1].elder


def check_dealers(deals: list[_Deal], pair: Pair, rs: Ruleset, where: str, regular: int | None = None) -> None:
    """The order of dealing: alternate deals (L16) or a cut for every deal (004); the cut's winner (L4, AC 1).

    It accepts only deals in order: where the ruleset has the deal alternate, none after the first is cut for
    and each is dealt by the player whose turn it is (`_due_dealer`), or, marked out of turn (it stood, found too
    late, L16), by the other; where the lower cut deals, every deal cut for is dealt by the lower cut. A deal out
    of turn is no deal of the first (the cut decides it) nor where the players cut for every deal. `regular` is how
    many of `deals` are the partie's regular deals, the tie deals following them (None: no set number, as in games
    of a hundred), since law 16's remedy stops at the last of them.
    (Which it refuses, and with what code: `partie_refusals.dealers_refused`.)

    rules: deal.alternation, deal.cut
    pre: pair[0] != pair[1] and all(d.dealer in pair for d in deals)
    raises: PiquetError
    post: dealing_breaches(deals, pair, rs, regular) == []
    """
    dealing = rs.dealing
    for i, d in enumerate(deals):
        if d.out_of_turn and (i == 0 or not dealing.alternate):
            why = "the first deal goes as the cut decides" if i == 0 else "the players cut for every deal"
            raise _invalid(f"{where}[{i}].out_of_turn: no deal of a record is out of turn here: {why}")
        if dealing.alternate and i > 0:
            if d.cut is not None:
                raise _invalid(f"{where}[{i}].cut: the deal alternates, so only the first deal is cut for")
            due = _due_dealer(deals, i, rs, regular)
            if d.out_of_turn and d.dealer == due:
                raise error("partie-dealer", f"{where}[{i}]: marked out of turn, but it was {d.dealer}'s turn to deal")
            if not d.out_of_turn and d.dealer != due and due != deals[i - 1].dealer:
                raise error("partie-dealer", f"{where}[{i}]: {d.dealer} deals twice running; the deal alternates")
            if not d.out_of_turn and d.dealer != due:
                raise error("partie-dealer", f"{where}[{i}]: {d.dealer} deals, but {due}, the elder of the deal out of turn {where}[{i - 2}], deals twice running")
        if d.cut is not None and dealing.lower_deals:
            lower = pair[0] if d.cut[0] < d.cut[1] else pair[1]
            if d.dealer != lower:
                raise error("partie-cut", f"{where}[{i}]: {d.dealer} deals, but {lower} cut the lower card and must deal")


def _line(d: _Deal, weight: int, running: tuple[int, int]) -> DealLine:
    return DealLine(d.number, d.dealer, d.elder, d.scores, weight, running, d.result)


# ------------------------------------------------------------------ the partie in points


def points_won(winner_total: int, loser_total: int, rs: Ruleset) -> tuple[int, bool]:
    """What the winner of a partie wins (L72, L73), and whether the loser was rubiconed."""
    p = rs.partie
    rubicon = loser_total < p.rubicon_threshold and (not p.winner_needs_threshold or winner_total >= p.rubicon_threshold)
    return (winner_total + loser_total if rubicon else winner_total - loser_total) + p.bonus, rubicon


def rubicon_partie(data: Any, number: int, pair: Pair, rs: Ruleset, form: Form, where: str) -> Partie:
    """One partie of six deals (or four, the first and last doubled), with its tie deals (L71).

    The partie is numbered and seated as asked, starts from what the entry brings forward, lists the
    entry's deals in order, adds them up at their weights, ends when due and goes to the higher total for
    the points the rules give (the predicates of `partie_contracts`, over this one partie).

    rules: partie.deals, partie.four-deal
    pre: form in ("rubicon", "four-deal") and pair[0] != pair[1]
    raises: PiquetError
    post: (__return__.number, __return__.players) == (number, pair)
    post: scores_brought_forward_as_entered(data, pair, __return__)
    rules: deal.cut, deal.alternation, partie.deals
    post: deals_in_order(pair, __return__.deals, data["deals"], rs, regular_deals(data, rs, form))
    rules: partie.deals, partie.four-deal, partie.ties
    post: partie_sums_its_deals(__return__, rs, form)
    post: partie_ends_when_due(__return__, rs, form)
    rules: partie.deals, partie.ties
    post: partie_to_the_higher_total(__return__)
    rules: partie.points-won, partie.rubicon
    post: partie_points_by_the_rules(__return__, rs)
    """
    entry = _mapping(data, where, PARTIE_KEYS)
    p = rs.partie
    length, doubled = (p.four_deals, p.doubled) if form == "four-deal" else (p.deals, frozenset[int]())
    totals = (0, 0)
    done = 0
    forward = None
    if "brought_forward" in entry:
        bf = _mapping(entry["brought_forward"], f"{where}.brought_forward", {"deals", "scores"})
        done = _count(bf.get("deals"), f"{where}.brought_forward.deals")
        if not 0 < done <= length:
            raise _invalid(f"{where}.brought_forward.deals must be 1..{length}, got {done}")
        totals = _scores(bf.get("scores"), pair, f"{where}.brought_forward.scores")
        forward = (done, totals[0], totals[1])
    deals = _deals(entry.get("deals"), pair, rs, f"{where}.deals", length - done)
    lines = []
    for d in deals:
        n = done + d.number  # its number in the partie
        if partie_over(n - 1, totals, length, p.extra_deals):
            raise error("partie-too-many-deals", f"{where}.deals[{d.number - 1}]: the partie was over after {n - 1} deals")
        weight = p.factor if n in doubled else 1
        totals = (totals[0] + weight * d.scores[0], totals[1] + weight * d.scores[1])
        lines.append(_line(d, weight, totals))
    played = done + len(deals)
    extra = max(0, played - length)
    if not partie_over(played, totals, length, p.extra_deals):
        return Partie(number, pair, tuple(lines), forward, totals, "in-progress", None, 0, False, extra)
    if totals[0] == totals[1]:
        return Partie(number, pair, tuple(lines), forward, totals, "drawn", None, 0, False, extra)
    w = 0 if totals[0] > totals[1] else 1
    won, rubicon = points_won(totals[w], totals[1 - w], rs)
    return Partie(number, pair, tuple(lines), forward, totals, "won", pair[w], won, rubicon, extra)


def scores_brought_forward_as_entered(data: Any, pair: Pair, result: Partie) -> bool:
    """A partie goes on from the deals and each player's score the entry brings forward, if any (rules
    partie.deals, partie.four-deal)."""
    return result.brought_forward == (
        None if "brought_forward" not in data
        else (data["brought_forward"]["deals"], *(data["brought_forward"]["scores"][n] for n in pair))
    )


def partie_over(played: int, totals: tuple[int, int], length: int, extra: int) -> bool:
    """Whether a partie of `length` deals is over after `played` deals with these totals: at its length
    unless tied, else after the tie deals, tied or not (L71).

    No partie is over before its length; at its length it is over exactly when the totals differ (or, with
    no tie deals, in any case); during its `extra` tie deals it plays on; after them it is over, tied or not.

    rules: partie.deals, partie.ties
    pre: played >= 0 and length > 0 and extra >= 0
    post: played >= length or not __return__
    post: played != length or extra == 0 or __return__ == (totals[0] != totals[1])
    post: not length < played < length + extra or not __return__
    post: played < length + extra or __return__
    """
    if played < length:
        return False
    if played == length and extra > 0:  # with no tie deals, a partie tied at its length is over, drawn
        return totals[0] != totals[1]
    return played >= length + extra


# ------------------------------------------------------------------ games of a hundred up


def _in_pair_order(by_role: tuple[int, int], elder_index: int) -> tuple[int, int]:
    """(elder, younger) figures in the order of the players."""
    return (by_role[0], by_role[1]) if elder_index == 0 else (by_role[1], by_role[0])


def _decide(d: _Deal, start: tuple[int, int], pair: Pair, rs: Ruleset, where: str) -> tuple[int, bool, Decider] | None:
    """Who reaches the target in deal `d` from game totals `start`, whether it is a double, and where;
    None if nobody does. From the event log when the deal record is given, else from the scores."""
    target, under = rs.game.target, rs.game.double_under
    if d.result is not None:
        ie = pair.index(d.elder)
        for i, e in enumerate(d.result.events):
            now = _in_pair_order(e.running, ie)
            running = (start[0] + now[0], start[1] + now[1])
            w = ie if e.player == "elder" else 1 - ie
            if running[w] >= target:
                return w, running[1 - w] < under, Decider(d.number, i, e.category, e.rule, running)
        return None
    end = (start[0] + d.scores[0], start[1] + d.scores[1])
    reached = [i for i in (0, 1) if end[i] >= target]
    if not reached:
        return None
    if len(reached) == 2:
        raise error("partie-undecidable", f"{where}: both players reach {target} in this deal; give the deal record, whose order of accretion decides")
    w = reached[0]
    if start[1 - w] >= under or end[1 - w] < under:
        return w, end[1 - w] < under, Decider(d.number, None, None, None, end)
    raise error("partie-undecidable", f"{where}: {pair[1 - w]} passes {under} in the deal in which {pair[w]} reaches {target}; give the deal record to decide whether the game is double")


def games(data: Any, pair: Pair, rs: Ruleset, form: Form, where: str) -> tuple[tuple[Game, ...], tuple[int, int], bool]:
    """Games of a hundred up from a run of deals: one game (hundred-up) or until a player has won enough
    games, a double counting two (best-of-five). Returns the games, the games won, and whether the match is over.

    The games list the deals in order, numbered from one; each is won by the player who first reaches the
    target in the order of accretion, a double game when his adversary is under the double line, and
    counted at its value; the match is over when a player has the games it needs (`partie_contracts`).

    rules: deal.cut, deal.alternation
    pre: form in ("hundred-up", "best-of-five") and pair[0] != pair[1]
    raises: PiquetError
    post: deals_in_order(pair, [d for g in __return__[0] for d in g.deals], data, rs)
    rules: game.target, game.double, game.partie-of-games
    post: [g.number for g in __return__[0]] == list(range(1, len(__return__[0]) + 1))
    post: games_tally(__return__[0], pair, rs, form) == __return__[1]
    post: __return__[2] == (max(__return__[1]) >= games_needed(rs, form))
    """
    deals = _deals(data, pair, rs, where)
    needed = 1 if form == "hundred-up" else rs.game.games
    out: list[Game] = []
    won = [0, 0]
    current: list[DealLine] = []
    totals = (0, 0)
    for d in deals:
        if max(won) >= needed:
            raise error("partie-too-many-deals", f"{where}[{d.number - 1}]: the match was over after deal {d.number - 1}")
        decided = _decide(d, totals, pair, rs, f"{where}[{d.number - 1}]")
        if decided is None:
            totals = (totals[0] + d.scores[0], totals[1] + d.scores[1])
            current.append(_line(d, 1, totals))
            continue
        w, double, decider = decided
        current.append(_line(d, 1, decider.running))
        won[w] += rs.game.double_value if double else 1
        out.append(Game(len(out) + 1, tuple(current), decider.running, pair[w], double, decider))
        current, totals = [], (0, 0)
    if current:
        out.append(Game(len(out) + 1, tuple(current), totals, None, False, None))
    return tuple(out), (won[0], won[1]), max(won) >= needed


# ------------------------------------------------------------------ chouette


def tens(points: int, rs: Ruleset) -> int:
    """A chouette partie's points in tens: units from `round_up_from` add a ten, lower units are dropped."""
    unit, up = rs.chouette.unit, rs.chouette.round_up_from
    return points // unit + (1 if points % unit >= up else 0)


def chouette(data: Any, players: tuple[str, str, str], rs: Ruleset, where: str) -> tuple[tuple[Partie, ...], tuple[ChouetteLine, ...]]:
    """Parties of three players (000 §Chouette piquet): the seats of each partie follow from the one before.

    Each entry is played as a Rubicon partie, in order, a partie following only a finished one; the seats
    turn and the tens are entered as the rules say (`partie_contracts.chouette_seats_and_tens`).

    rules: chouette.rotation, chouette.rounding
    pre: len(set(players)) == 3
    raises: PiquetError
    post: chouette_seats_and_tens(players, __return__[0], __return__[1], rs)
    post: all(p.outcome != "in-progress" for p in __return__[0][:-1])
    rules: deal.cut, deal.alternation, partie.deals
    post: parties_numbered_and_dealt_in_order(data, rs, __return__)
    """
    if not isinstance(data, list) or not data:
        raise _invalid(f"{where} must be a non-empty list of parties")
    single, playing, advising = players
    parties: list[Partie] = []
    lines: list[ChouetteLine] = []
    running = (0, 0, 0)
    for i, entry in enumerate(data):
        if parties and parties[-1].outcome == "in-progress":
            raise error("partie-too-many-deals", f"{where}[{i}]: partie {i} is not finished")
        partie = rubicon_partie(entry, i + 1, (single, playing), rs, "rubicon", f"{where}[{i}]")
        parties.append(partie)
        if partie.outcome == "in-progress":
            continue
        t = tens(partie.points, rs)
        sign = 0 if partie.outcome == "drawn" else 1 if partie.winner == single else -1
        stake = rs.chouette.single_stake
        entry_of = {single: sign * stake * t, playing: -sign * t, advising: -sign * t}
        entries = (entry_of[players[0]], entry_of[players[1]], entry_of[players[2]])
        running = (running[0] + entries[0], running[1] + entries[1], running[2] + entries[2])
        lines.append(ChouetteLine(i + 1, single, playing, advising, partie, t, entries, running))
        if sign >= 0:  # the single player plays on; his adversaries change places
            playing, advising = advising, playing
        else:  # the partner who beat him becomes single, the adviser plays, the loser advises
            single, playing, advising = playing, advising, single
    return tuple(parties), tuple(lines)


def parties_numbered_and_dealt_in_order(
    data: Any, rs: Ruleset, result: tuple[tuple[Partie, ...], tuple[ChouetteLine, ...]],
) -> bool:
    """Each entry is a partie, numbered in order, whose deals are the entry's in order, cut and dealt in turn
    (rules deal.cut, deal.alternation, partie.deals)."""
    return len(result[0]) == len(data) and all(
        p.number == i and deals_in_order(p.players, p.deals, e["deals"], rs, regular_deals(e, rs, "rubicon"))
        for i, (p, e) in enumerate(zip(result[0], data), 1)
    )


# ------------------------------------------------------------------ the record


def _players(data: Any, n: int) -> tuple[str, ...]:
    if data is None:
        return ("A", "B", "C")[:n]
    if not isinstance(data, list) or len(data) != n or not all(isinstance(p, str) and p for p in data) or len(set(data)) != n:
        raise _invalid(f"players must be {n} distinct names, got {shown(data)}")
    return tuple(data)


def score_partie(record: Any) -> PartieResult:
    """Score a partie record: a Rubicon partie (or a card of several), the four-deal partie, a game of a
    hundred up, a partie of games, or chouette. Raises a typed `PiquetError` for a malformed record.

    The postconditions state the match rules (`partie_contracts`), each after the rules it states;
    tests/test_partie_contracts.py checks them at run time on partie records under every ruleset.

    rules: deal.cut, deal.alternation, partie.deals
    post: deals_as_recorded(record, __return__)
    rules: partie.deals, partie.four-deal, partie.ties
    post: partie_totals_are_sums_of_deals(__return__)
    post: partie_ends_by_the_rules(__return__)
    rules: partie.deals, partie.ties
    post: partie_goes_to_the_higher_total(__return__)
    rules: partie.points-won, partie.rubicon
    post: points_won_by_the_rules(__return__)
    rules: game.target, game.double, game.partie-of-games
    post: games_by_the_target(__return__)
    rules: chouette.rotation, chouette.rounding
    post: chouette_by_the_rules(__return__)
    """
    data = _mapping(record, "partie record", RECORD_KEYS)
    name = data.get("ruleset", DEFAULT_RULESET)
    if not isinstance(name, str):
        raise _invalid(f"ruleset must be a ruleset id string, got {shown(name)}")
    rs = load_ruleset(name)
    form = data.get("form", rs.partie.default_form)
    if form not in FORMS:
        raise _invalid(f"form must be one of {list(FORMS)}, got {shown(form)}")
    form = cast(Form, form)
    players = _players(data.get("players"), 3 if form == "chouette" else 2)
    if ("deals" in data) == ("parties" in data):
        raise _invalid("give either deals (one partie or game) or parties (a card of several parties)")
    if "stake" in data and form not in POINT_FORMS:
        raise _invalid(f"a stake is reckoned on points won; the {form} form wins games, not points")
    if form == "chouette" and "parties" not in data:
        raise _invalid("a chouette is a list of parties")
    stake = stake_of(data["stake"], rs) if "stake" in data else None
    pair = (players[0], players[-1]) if len(players) == 2 else (players[0], players[1])
    parties: tuple[Partie, ...] = ()
    game_list: tuple[Game, ...] = ()
    lines: tuple[ChouetteLine, ...] = ()
    net: tuple[int, ...] = ()
    games_won: tuple[int, ...] = ()
    if form in ("hundred-up", "best-of-five"):
        if "parties" in data:
            raise _invalid(f"the {form} form is one run of deals: give deals")
        game_list, won, complete = games(data["deals"], pair, rs, form, "deals")
        games_won = won
        winner = pair[0 if won[0] > won[1] else 1] if complete else None
    elif form == "chouette":
        parties, lines = chouette(data["parties"], (players[0], players[1], players[2]), rs, "parties")
        net = tuple(rs.chouette.unit * t for t in lines[-1].running) if lines else (0, 0, 0)
        complete = parties[-1].outcome != "in-progress"
        winner = None
    else:
        entries = [{"deals": data["deals"]}] if "deals" in data else data["parties"]
        if not isinstance(entries, list) or not entries:
            raise _invalid("parties must be a non-empty list of {deals}")
        parties = tuple(rubicon_partie(e, i + 1, pair, rs, form, f"parties[{i}]" if "parties" in data else "partie") for i, e in enumerate(entries))
        unfinished = [p.number for p in parties[:-1] if p.outcome == "in-progress"]
        if unfinished:
            raise error("partie-too-many-deals", f"parties[{unfinished[0]}]: partie {unfinished[0]} is not finished and another follows")
        net0 = sum(p.points if p.winner == pair[0] else -p.points for p in parties)
        net = (net0, -net0)
        complete = parties[-1].outcome != "in-progress"
        winner = None
    if net and winner is None and max(net) > 0:
        winner = players[net.index(max(net))]
    settlement = settle(dict(zip(players, net)), stake) if stake is not None else None
    return PartieResult(rs, form, players, parties, game_list, lines, net, games_won, winner, complete, settlement)


# ------------------------------------------------------------------ JSON and the score card


def _by_name(names: tuple[str, ...], values: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(names, values))


def _deal_json(d: DealLine, pair: Pair) -> dict[str, Any]:
    return {"number": d.number, "dealer": d.dealer, "elder": d.elder, "scores": _by_name(pair, d.scores),
            "weight": d.weight, "running": _by_name(pair, d.running)}


def _partie_json(p: Partie) -> dict[str, Any]:
    bf = None if p.brought_forward is None else {"deals": p.brought_forward[0], "scores": _by_name(p.players, p.brought_forward[1:])}
    loser = None if p.winner is None else p.players[1 - p.players.index(p.winner)]
    return {"number": p.number, "players": list(p.players), "brought_forward": bf, "deals": [_deal_json(d, p.players) for d in p.deals],
            "totals": _by_name(p.players, p.totals), "outcome": p.outcome, "winner": p.winner, "loser": loser,
            "rubicon": p.rubicon, "points": p.points, "extra_deals": p.extra_deals}


def _game_json(g: Game, pair: Pair) -> dict[str, Any]:
    decider = None if g.decider is None else {
        "deal": g.decider.deal, "event": g.decider.event, "category": g.decider.category, "rule": g.decider.rule,
        "running": _by_name(pair, g.decider.running)}
    return {"number": g.number, "deals": [_deal_json(d, pair) for d in g.deals], "totals": _by_name(pair, g.totals),
            "winner": g.winner, "double": g.double, "decided_by": decider}


def partie_json(r: PartieResult) -> PartieResultJSON:
    """The result of `score_partie` as JSON-ready data (conformance/schema/result-score_partie.schema.json).

    It survives a JSON round trip and states every figure of the result, each player's under his name:
    every deal, total, outcome and points of each partie, every game and chouette partie, the net, the
    games won, the winner and the settlement (`partie_contracts.json_states_the_result`).

    rules: partie.form, partie.points-won, game.target, chouette.rounding, stakes.settlement
    raises: PiquetError
    post: json_states_the_result(r, __return__)
    """
    from piquet_ref.partie.settlement import money

    if not isinstance(r, PartieResult):
        raise error("argument-invalid", f"result must be what score_partie returns, got {type(r).__name__}")
    pair = (r.players[0], r.players[-1]) if len(r.players) == 2 else (r.players[0], r.players[1])
    settlement = None if r.settlement is None else {
        "stake": {"name": r.settlement.stake.name, "pence_per_hundred": r.settlement.stake.pence_per_hundred, "unit": r.settlement.stake.unit},
        "lines": [{"player": s.player, "points": s.points, "reckoned": s.reckoned, "pence": s.pence, "money": money(s.pence)} for s in r.settlement.lines],
    }
    out: dict[str, Any] = {
        "ruleset": r.ruleset.id, "form": r.form, "players": list(r.players),
        "parties": [_partie_json(p) for p in r.parties],
        "games": [_game_json(g, pair) for g in r.games],
        "chouette": [{"number": c.number, "single": c.single, "playing": c.playing, "advising": c.advising, "winner": c.partie.winner,
                      "points": c.partie.points, "tens": c.tens, "entries": _by_name(r.players, c.entries),
                      "running": _by_name(r.players, c.running)} for c in r.chouette],
        "net": _by_name(r.players, r.net) if r.net else None,
        "games_won": _by_name(pair, r.games_won) if r.games_won else None,
        "winner": r.winner, "complete": r.complete, "settlement": settlement,
    }
    return cast(PartieResultJSON, out)  # the parts are built as plain mappings; tests/test_forms.py checks the shape


def partie_text(r: PartieResult) -> str:
    """The score card: each deal in a row, each player in a column, then what each partie or game gave.

    Every deal of the result has its row, in order, with its scores and the running totals; every partie's
    totals and verdict, every game's winner, every chouette partie's tens and entries, the net and the
    winner appear (`partie_contracts.score_card_states_the_result`).

    rules: partie.form, partie.points-won, game.target, chouette.rounding
    post: score_card_states_the_result(r, __return__)
    """
    from piquet_ref.partie.settlement import money

    out = [f"{r.form} under {r.ruleset.id} ({r.ruleset.name})"]

    def card(deals: tuple[DealLine, ...], pair: Pair) -> list[str]:
        rows = [f"  {'deal':<6}{'dealer':<10}" + "".join(f"{p:>8}" for p in pair) + "   running"]
        for d in deals:
            doubled = " x2" if d.weight > 1 else ""
            rows.append(f"  {d.number:<6}{d.dealer:<10}" + "".join(f"{s:>8}" for s in d.scores) + f"   {d.running[0]}-{d.running[1]}{doubled}")
        return rows

    for p in r.parties:
        out.append(f"Partie {p.number}: {p.players[0]} v {p.players[1]}")
        if p.brought_forward:
            out.append(f"  brought forward from {p.brought_forward[0]} deals: {p.brought_forward[1]}-{p.brought_forward[2]}")
        out += card(p.deals, p.players)
        verdict = {"won": f"{p.winner} wins {p.points}" + (" (rubicon)" if p.rubicon else ""), "drawn": "drawn", "in-progress": "in progress"}[p.outcome]
        out.append(f"  totals {p.totals[0]}-{p.totals[1]}: {verdict}")
    pair = (r.players[0], r.players[-1])
    for g in r.games:
        out.append(f"Game {g.number}")
        out += card(g.deals, pair)
        if g.winner:
            where = f"deal {g.decider.deal}" + (f", {g.decider.category} ({g.decider.rule})" if g.decider and g.decider.category else "") if g.decider else ""
            out.append(f"  {g.winner} reaches {r.ruleset.game.target} at {where}" + (": a double game" if g.double else ""))
    for c in r.chouette:
        out.append(f"Chouette partie {c.number}: {c.single} single v {c.playing} (advised by {c.advising}): {c.tens} tens; "
                   + ", ".join(f"{n} {e:+d}" for n, e in zip(r.players, c.entries)))
    if r.net:
        out.append("Net: " + ", ".join(f"{n} {v:+d}" for n, v in zip(r.players, r.net)))
    if r.games_won:
        out.append("Games won: " + ", ".join(f"{n} {v}" for n, v in zip(pair, r.games_won)))
    if r.settlement:
        s = r.settlement
        out.append(f"Settlement at {s.stake.name} ({s.stake.pence_per_hundred}d a hundred, by {s.stake.unit} points):")
        out += [f"  {line.player} {'receives' if line.pence > 0 else 'pays'} {money(line.pence)} ({abs(line.reckoned)} points)" for line in s.lines if line.pence]
    out.append(f"Winner: {r.winner or 'none'}" + ("" if r.complete else " (not finished)"))
    return "\n".join(out) + "\n"


def _partie_str(r: PartieResult) -> str:
    return partie_text(r).rstrip("\n")


# A partie's result prints as its score card. The card is written here, above the result's module (which the scorer
# and the predicates import), so the method is set here, where every PartieResult is made.
setattr(PartieResult, "__str__", _partie_str)
