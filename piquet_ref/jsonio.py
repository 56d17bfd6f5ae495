"""JSON forms of results (DESIGN.md "The result"), shared by the CLI, `serve` and the corpus runner."""

from __future__ import annotations

from typing import Any

from .cards import cards_of, format_cards, notation
from .declarations import (
    CategoryComparison,
    Comparison,
    Declaration,
    HandEvaluation,
    Point,
    Sequence,
    SetHolding,
    sequence_name,
    set_name,
)
from .ruleset import PLAYERS, Ruleset
from .scoring import DealResult


def point_json(point: Point | None, rs: Ruleset) -> dict[str, Any] | None:
    if point is None:
        return None
    return {
        "suit": rs.pack.suits[point.suit].symbol,
        "length": point.length,
        "pips": point.pips,
        "cards": format_cards(point.cards, rs),
    }


def sequence_json(seq: Sequence, rs: Ruleset) -> dict[str, Any]:
    return {
        "suit": rs.pack.suits[seq.suit].symbol,
        "length": seq.length,
        "top": rs.pack.ranks[seq.top].symbol,
        "name": sequence_name(seq, rs),
        "points": rs.sequences.values[seq.length],
        "cards": format_cards(seq.cards, rs),
    }


def set_json(held: SetHolding, rs: Ruleset) -> dict[str, Any]:
    return {
        "rank": rs.pack.ranks[held.rank].symbol,
        "count": held.count,
        "name": set_name(held, rs),
        "points": rs.sets.values[held.count],
        "cards": format_cards(held.cards, rs),
    }


def declaration_json(d: Declaration, rs: Ruleset) -> dict[str, Any]:
    out: dict[str, Any] = {
        "point": point_json(d.point, rs),
        "sequences": [sequence_json(s, rs) for s in d.sequences],
        "sets": [set_json(s, rs) for s in d.sets],
    }
    if isinstance(d, HandEvaluation):
        out["carte_blanche"] = d.carte_blanche
    return out


def _key_json(c: CategoryComparison, key: tuple[int, int] | None, rs: Ruleset) -> dict[str, Any] | None:
    if key is None:
        return None
    if c.category == "point":
        return {"length": key[0], "pips": key[1]}
    if c.category == "sequences":
        return {"length": key[0], "top": rs.pack.ranks[key[1]].symbol}
    return {"count": key[0], "rank": rs.pack.ranks[key[1]].symbol}


def category_json(c: CategoryComparison, rs: Ruleset) -> dict[str, Any]:
    return {
        "outcome": c.outcome,
        "winner": c.winner,
        "deciding": c.deciding,
        "status": {p: c.status(p) for p in PLAYERS},
        "best": {"elder": _key_json(c, c.elder_key, rs), "younger": _key_json(c, c.younger_key, rs)},
        "points": {"elder": c.elder_points, "younger": c.younger_points},
    }


def comparison_json(comparison: Comparison, rs: Ruleset) -> dict[str, Any]:
    return {c.category: category_json(c, rs) for c in comparison.all()}


def result_json(result: DealResult) -> dict[str, Any]:
    """The result of `score_deal` in the documented JSON shape."""
    rs = result.ruleset
    names = notation(rs).names
    return {
        "ruleset": rs.id,
        "elder": result.elder.as_dict(),
        "younger": result.younger.as_dict(),
        "events": [
            {
                "player": e.player,
                "category": e.category,
                "points": e.points,
                "rule": e.rule,
                "cards": [names[c] for c in e.cards],
                "note": e.note,
                "trick": e.trick,
                "running": {"elder": e.running[0], "younger": e.running[1]},
            }
            for e in result.events
        ],
        "declarations": comparison_json(result.comparison, rs),
        "declared": {p: declaration_json(result.declaration(p), rs) for p in PLAYERS},
        "carte_blanche": dict(zip(PLAYERS, result.carte_blanche)),
        "hands": {p: [names[c] for c in cards_of(h)] for p, h in zip(PLAYERS, result.hands)},
        "tricks": [
            {
                "number": t.number,
                "leader": t.leader,
                "cards": [names[t.lead], names[t.follow]],
                "winner": t.winner,
                "running": {"elder": t.running[0], "younger": t.running[1]},
            }
            for t in result.tricks
        ],
        "complete": result.complete,
    }


def evaluation_json(ev: HandEvaluation, rs: Ruleset) -> dict[str, Any]:
    """The result of `evaluate_hand`."""
    return declaration_json(ev, rs)
