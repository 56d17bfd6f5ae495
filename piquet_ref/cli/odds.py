"""`piquet-ref odds`: the take-in calculator for players, and the table of the sources' odds.

On a hand and a discard it prints what the take-in can bring, exactly; with `--if` the chance of one
condition; with `--rank-by` every legal discard ranked by the chance of a condition; `--hands` the
counts of de Moivre's fifth problem; `--sources` the table of every probability the sources state, checked.
"""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction
from typing import Any, Callable


from piquet_ref.cli.documents import Progress, UsageError, limits_of, print_json
from piquet_ref.hand.cards import cards_of, format_cards, hand_of, hand_of_pack, parse_cards
from piquet_ref.hand.declarations import SetHolding, Sequence, sequence_name, set_name
from piquet_ref.rules.loader import DEFAULT_RULESET, load_ruleset
from piquet_ref.odds.conditions import (
    AllOf, AnyOf, Condition, Count, Not, PointAtLeast, Question, SequenceAtLeast, SetHeld,
)
from piquet_ref.odds.take_in import Chance, chance, distinct_hands, outlook, question, rank_discards
from piquet_ref.protocol.odds import chance_json, hands_json, parse_condition
from piquet_ref.rules.ruleset import Player, Ruleset
from piquet_ref.hand.suit import RANK_SHIFT
from piquet_ref.rules.errors import shown
from piquet_ref.rules.files import read_untrusted

RANK_KEYS = ("taken", "holds", "quatorze", "trio", "top")


def condition_arg(text: str, option: str, rs: Ruleset) -> tuple[Any, Condition]:
    """A condition given on the command line: YAML or JSON; a bare 9, 8 or 7 where a rank goes is that rank."""
    data = _ranks_as_text(read_untrusted(text, option))
    return data, parse_condition(data, rs, option)


def _ranks_as_text(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: (_texts(v) if k in RANK_KEYS else _ranks_as_text(v)) for k, v in data.items()}
    if isinstance(data, list):
        return [_ranks_as_text(v) for v in data]
    return data


def _texts(v: Any) -> Any:
    if isinstance(v, list):
        return [_texts(x) for x in v]
    return str(v) if type(v) is int else v


def cmd_odds(args: argparse.Namespace) -> int:
    rs = load_ruleset(args.ruleset or DEFAULT_RULESET)
    emit: Callable[[Any], None] = print_json if args.format == "json" else _write
    if args.sources:
        emit(_sources_json() if args.format == "json" else _sources_markdown())
        return 0
    if args.hands:
        h = distinct_hands(None, rs)
        emit(hands_json(h) if args.format == "json" else (
            f"hands of {h.cards} cards     {h.total:>13,}\n"
            f"suit-length patterns  {h.patterns:>13,}\n"
            f"de Moivre's count     {h.by_suit_lengths:>13,}   (over each pattern, the ways to choose each suit's ranks)\n"
            f"distinct up to suits  {h.up_to_suit_permutation:>13,}   (hands alike but for a permutation of the suits counted once)\n"
        ))
        return 0
    if not args.cards and args.take is None:
        raise UsageError("give the hand (CARD ...), or --take N for a player who sees no card; or --hands, --sources")
    hand = parse_cards(" ".join(args.cards), rs, "hand")
    discard = parse_cards(args.discard or "", rs, "--discard")
    seen = parse_cards(args.seen or "", rs, "--seen")
    if args.rank_by is not None:
        if discard or args.take is not None or args.condition is not None:
            raise UsageError("--rank-by ranks every discard; give no --discard, --take or --if with it")
        data, cond = condition_arg(args.rank_by, "--rank-by", rs)
        player: Player = "younger" if args.player == "younger" else "elder"
        least = rs.exchange.elder_min if player == "elder" else rs.exchange.younger_min
        question(hand_of(hand), (), seen, least, player, rs)  # checks the hand and the seen cards
        bar = Progress.on(sys.stderr, 0, "discards")  # its total is known once the discards are listed
        ranked = rank_discards(hand_of(hand), cond, player, seen, rs, args.elder_took, None if bar is None else bar.step)
        if bar is not None:
            bar.close()
        best = ranked if args.top <= 0 else ranked[: args.top]
        if args.format == "json":
            emit({"player": player, "condition": data, "discards": len(ranked),
                  "ranked": [{"discard": format_cards(r.discard, rs), **chance_json(r.chance)} for r in best]})
        else:
            emit(_ranking_text(best, len(ranked), player, describe(cond, rs), rs))
        return 0
    q = question(hand_of(hand), discard, seen, args.take, args.player, rs)
    if args.condition is not None:
        data, cond = condition_arg(args.condition, "--if", rs)
        c = chance(q, cond, rs, limits_of(args.limit))
        emit({"condition": data, "unseen": _size(q), "take": q.take, **chance_json(c)} if args.format == "json"
             else f"{describe(cond, rs)}\n{_chance_text(c)}\n")
        return 0
    emit(_outlook_json(q, hand, rs) if args.format == "json" else _outlook_text(q, hand, discard, rs))
    return 0


def _sources_markdown() -> str:
    from piquet_ref.docs.odds_figures import markdown

    return markdown()


def _sources_json() -> list[dict[str, Any]]:
    """Every figure the sources state, with the exact value that settles it and the verdict."""
    from piquet_ref.docs.odds_figures import figures, settle, verdict

    out = []
    for f in figures():
        exact = settle(f)
        ours = None if exact is None else exact if isinstance(exact, int) else _fraction(exact)
        out.append({"id": f.id, "source": f.source_key, "at": f.source_at, "claim": f.claim, "stated": f.stated,
                    "ours": ours, "verdict": verdict(f), "note": f.note})
    return out


def _write(text: Any) -> None:
    sys.stdout.write(text)


def _size(q: Question) -> int:
    return sum(m.bit_count() for m in q.unseen)


def _percent(p: Fraction) -> str:
    x = float(p) * 100
    return f"{x:.2f}%" if x >= 1 or x == 0 else f"{x:.2g}%"


def _chance_text(c: Chance) -> str:
    p = c.probability
    good, bad = c.odds
    odds = "certain" if bad == 0 else "impossible" if good == 0 else f"{good} to {bad} on" if good >= bad else f"{bad} to {good} against"
    return f"chance {p.numerator}/{p.denominator} = {_percent(p)} ({odds}): {c.favourable:,} of {c.combinations:,} take-ins"


def describe(cond: Condition, rs: Ruleset) -> str:
    """A condition in words, e.g. 'a point of 6 cards or more'."""
    ranks = rs.pack.ranks
    if isinstance(cond, AllOf):
        return "all of (" + "; ".join(describe(c, rs) for c in cond.items) + ")"
    if isinstance(cond, AnyOf):
        return "any of (" + "; ".join(describe(c, rs) for c in cond.items) + ")"
    if isinstance(cond, Not):
        return "not (" + describe(cond.item, rs) + ")"
    if isinstance(cond, Count):
        cards = " ".join(format_cards(cards_of(hand_of_pack(cond.cards)), rs))
        many = f"{cond.at_least} to {cond.at_most}" if cond.at_most is not None else f"at least {cond.at_least}"
        if cond.at_most is not None and cond.at_least == 0:
            many = f"at most {cond.at_most}"
        return f"{many} of {cards} {'taken in' if cond.scope == 'taken' else 'held after taking in'}"
    if isinstance(cond, PointAtLeast):
        return f"a point of {cond.length} cards or more" + (f", making {cond.pips} or more on {cond.length} cards" if cond.pips else "")
    if isinstance(cond, SequenceAtLeast):
        top = max(cond.top, cond.length - 1)
        return f"a sequence at least as good as a {sequence_name(Sequence(0, cond.length, top), rs)}"
    assert isinstance(cond, SetHeld)
    kind = rs.sets.names[cond.count]
    return f"a {kind} of {ranks[cond.rank].name}s" if cond.rank is not None else f"a {kind} of any rank"


def _rows(rs: Ruleset, q: Question, hand: tuple[int, ...]) -> dict[str, list[tuple[str, dict[str, Any], int]]]:
    """The outlook's four distributions as (label, JSON fields, take-ins) rows."""
    o = outlook(q, hand_of(hand), rs)

    def seq(key: int) -> tuple[str, dict[str, Any]]:
        if not key:
            return "none", {"length": 0, "top": None, "name": None}
        n, top = key >> RANK_SHIFT, key & ((1 << RANK_SHIFT) - 1)
        name = sequence_name(Sequence(0, n, top), rs)
        return name, {"length": n, "top": rs.pack.ranks[top].symbol, "name": name}

    def best_set(key: int) -> tuple[str, dict[str, Any]]:
        if not key:
            return "none", {"count": 0, "rank": None, "name": None}
        n, rank = key >> RANK_SHIFT, key & ((1 << RANK_SHIFT) - 1)
        name = set_name(SetHolding(rank, n, (1 << n) - 1), rs)
        return name, {"count": n, "rank": rs.pack.ranks[rank].symbol, "name": name}

    return {
        "point": [(f"{n} cards" if n else "none", {"length": n}, c) for n, c in o.point],
        "sequence": [(*seq(k), c) for k, c in o.sequence],
        "sets": [(*best_set(k), c) for k, c in o.sets],
        "courts": [(str(n), {"courts": n}, c) for n, c in o.courts],
    }


TITLES = {
    "point": "point after taking in (its length)",
    "sequence": "best sequence after taking in",
    "sets": "best quatorze or trio after taking in",
    "courts": "court cards taken in",
}


def _outlook_json(q: Question, hand: tuple[int, ...], rs: Ruleset) -> dict[str, Any]:
    total = _combinations(q)
    out: dict[str, Any] = {"unseen": _size(q), "take": q.take, "combinations": total, "carte_blanche": outlook(q, hand_of(hand), rs).carte_blanche}
    for key, rows in _rows(rs, q, hand).items():
        out[key] = [{**fields, "take_ins": c, "probability": _fraction(Fraction(c, total))} for _, fields, c in rows]
    return out


def _combinations(q: Question) -> int:
    from math import comb

    return comb(_size(q), q.take)


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _outlook_text(q: Question, hand: tuple[int, ...], discard: tuple[int, ...], rs: Ruleset) -> str:
    total = _combinations(q)
    lines = [
        f"hand      {' '.join(format_cards(hand, rs))}",
        f"discard   {' '.join(format_cards(discard, rs)) or '(none)'}",
        f"takes in  {q.take} of {_size(q)} unseen cards: {total:,} take-ins, each as likely",
    ]
    cb = outlook(q, hand_of(hand), rs).carte_blanche
    for key, rows in _rows(rs, q, hand).items():
        title = TITLES[key] + (" (the hand is carte blanche: a court card taken in is what can rescue it)" if key == "courts" and cb else "")
        lines += ["", title]
        lines += [f"  {label:<28} {_percent(Fraction(c, total)):>8}  {c:>9,}" for label, _, c in rows]
    return "\n".join(lines) + "\n"


def _ranking_text(shown: tuple[Any, ...], total: int, player: str, criterion: str, rs: Ruleset) -> str:
    lines = [f"the {player}'s {total:,} legal discards, by the chance of {criterion}", f"{'rank':>4}  {'discard':<16} {'chance':>8}  take-ins"]
    for i, r in enumerate(shown, 1):
        c: Chance = r.chance
        lines.append(f"{i:>4}  {' '.join(format_cards(r.discard, rs)):<16} {_percent(c.probability):>8}  {c.favourable:,}/{c.combinations:,}")
    return "\n".join(lines) + "\n"
