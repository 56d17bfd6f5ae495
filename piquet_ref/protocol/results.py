"""JSON forms of results (docs/formats.md, "The result"), shared by the CLI, `serve` and the corpus runner.

The wire form is compact JSON text, written here and nowhere else. A result is assembled from
fragments: each holding, card list and string is formatted once per ruleset (they recur from deal
to deal) and cached; only what varies per deal (scores, running totals, tricks) is formatted each
time. This is the oracle's hot path: most of a response is its event log. `result_json` gives
the result parsed, for callers who want a mapping (`ops.run_op` does the same for every op).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from piquet_ref.hand.cards import SUIT_CARDS, Card, Hand, format_cards
from piquet_ref.hand.declarations import (
    CategoryComparison,
    DECL_CATEGORIES,
    Comparison,
    DeclCategory,
    Declaration,
    HandEvaluation,
    Point,
    Sequence,
    SetHolding,
    sequence_name,
    set_name,
    verdict,
)
from piquet_ref.rules.codes import error
from piquet_ref.rules.ruleset import PLAYERS, Ruleset, ScoreKey
from piquet_ref.deal.result import DealResult, PlayerScore
from piquet_ref.deal.totals import DealTotals
from piquet_ref.protocol.forms import ComparisonJSON, EvaluationJSON, ResultJSON, TotalsJSON
from piquet_ref.rules.loader import ruleset_of

CACHE = 1 << 14  # entries per cache: more than the distinct holdings, suits and short card lists of a ruleset


def dumps(value: Any) -> str:
    """Compact JSON text (no spaces; non-ASCII kept as is)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


BOOL = {True: "true", False: "false"}


@lru_cache(maxsize=CACHE)
def quoted(text: str) -> str:
    """A JSON string literal."""
    return dumps(text)


@lru_cache(maxsize=CACHE)
def cards_text(cards: tuple[Card, ...], rs: Ruleset) -> str:
    """A JSON list of card names, in the given order."""
    return dumps(format_cards(cards, rs))


def hand_text(hand: Hand, rs: Ruleset) -> str:
    """A JSON list of the cards of a hand in canonical order (from per-suit fragments)."""
    return "[" + ",".join([_suit_text(suit, mask, rs) for suit, mask in enumerate(hand) if mask]) + "]"


@lru_cache(maxsize=CACHE)
def _suit_text(suit: int, mask: int, rs: Ruleset) -> str:
    return dumps(format_cards(SUIT_CARDS[suit][mask], rs))[1:-1]


@lru_cache(maxsize=CACHE)
def point_text(point: Point | None, rs: Ruleset) -> str:
    if point is None:
        return "null"
    return dumps(
        {"suit": rs.pack.suits[point.suit].symbol, "length": point.length, "pips": point.pips, "cards": format_cards(point.cards, rs)}
    )


@lru_cache(maxsize=CACHE)
def sequence_text(seq: Sequence, rs: Ruleset) -> str:
    return dumps(
        {
            "suit": rs.pack.suits[seq.suit].symbol,
            "length": seq.length,
            "top": rs.pack.ranks[seq.top].symbol,
            "name": sequence_name(seq, rs),
            "points": rs.sequences.values[seq.length],
            "cards": format_cards(seq.cards, rs),
        }
    )


@lru_cache(maxsize=CACHE)
def set_text(held: SetHolding, rs: Ruleset) -> str:
    return dumps(
        {
            "rank": rs.pack.ranks[held.rank].symbol,
            "count": held.number,
            "name": set_name(held, rs),
            "points": rs.sets.values[held.number],
            "cards": format_cards(held.cards, rs),
        }
    )


def declaration_text(d: Declaration, rs: Ruleset) -> str:
    """`{point, sequences, sets}`, plus `carte_blanche` for the evaluation of a hand as dealt."""
    sequences = ",".join([sequence_text(s, rs) for s in d.sequences])
    sets = ",".join([set_text(s, rs) for s in d.sets])
    blanche = f',"carte_blanche":{BOOL[d.carte_blanche]}' if isinstance(d, HandEvaluation) else ""
    return f'{{"point":{point_text(d.point, rs)},"sequences":[{sequences}],"sets":[{sets}]{blanche}}}'


def _key_json(c: CategoryComparison, key: tuple[int, int] | None, rs: Ruleset) -> dict[str, Any] | None:
    if key is None:
        return None
    if c.category == "point":
        return {"length": key[0], "pips": key[1]}
    if c.category == "sequences":
        return {"length": key[0], "top": rs.pack.ranks[key[1]].symbol}
    return {"count": key[0], "rank": rs.pack.ranks[key[1]].symbol}


def category_json(c: CategoryComparison, rs: Ruleset) -> dict[str, Any]:
    """One category's verdict: outcome, winner, deciding key, each side's status, best holding and points."""
    return {
        "outcome": c.outcome,
        "winner": c.winner,
        "deciding": c.deciding,
        "status": {p: c.status(p) for p in PLAYERS},
        "best": {"elder": _key_json(c, c.elder_key, rs), "younger": _key_json(c, c.younger_key, rs)},
        "points": {"elder": c.elder_points, "younger": c.younger_points},
    }


def comparison_text(comparison: Comparison, rs: Ruleset) -> str:
    """The verdicts for point, sequences and sets."""
    k, v = comparison.keys, comparison.values
    verdicts = [
        f'"{category}":{_verdict_text(category, k[2 * i], k[2 * i + 1], v[2 * i], v[2 * i + 1], rs)}'
        for i, category in enumerate(DECL_CATEGORIES)
    ]
    return "{" + ",".join(verdicts) + "}"


@lru_cache(maxsize=CACHE)
def _verdict_text(category: DeclCategory, elder_key: int, younger_key: int, elder_points: int, younger_points: int, rs: Ruleset) -> str:
    """One category's verdict from both sides' keys and would-be points (pairs of holdings recur)."""
    return dumps(category_json(verdict(category, elder_key, younger_key, elder_points, younger_points), rs))


SCORE_TEXT = "{{" + ",".join(f'"{key}":{{}}' for key in PlayerScore._fields) + "}}"


def score_text(score: PlayerScore) -> str:
    """The ten fixed keys of one player."""
    return SCORE_TEXT.format(*score)


@lru_cache(maxsize=CACHE)
def _event_head(p: int, key: ScoreKey, points: int, rule: str, cards: tuple[Card, ...], note: str, trick: int | None, rs: Ruleset) -> str:
    """An event's JSON text up to its running totals, which alone vary among the events of a kind (the same score
    of the same cards at the same trick recurs from deal to deal)."""
    return (
        f'{{"player":"{PLAYERS[p]}","category":"{key}","points":{points},"rule":"{rule}","cards":{cards_text(cards, rs)},'
        f'"note":{quoted(note)},"trick":{"null" if trick is None else trick},"running":{{"elder":'
    )


def log_texts(result: DealResult) -> tuple[str, str]:
    """The JSON texts of the event log and of the tricks (the members of their lists), written as the result
    replays them (`DealResult.replay`), without the log's values built."""
    rs = result.ruleset
    events: list[str] = []
    tricks: list[str] = []
    add_event, add_trick = events.append, tricks.append

    def event(p: int, key: ScoreKey, points: int, rule: str, cards: tuple[Card, ...], note: str, n: int | None, e: int, y: int) -> None:
        add_event(f'{_event_head(p, key, points, rule, cards, note, n, rs)}{e},"younger":{y}}}}}')

    def trick(n: int, leader: int, lead: Card, follow: Card, winner: int, e: int, y: int) -> None:
        add_trick(
            f'{{"number":{n},"leader":"{PLAYERS[leader]}","cards":{cards_text((lead, follow), rs)},'
            f'"winner":"{PLAYERS[winner]}","running":{{"elder":{e},"younger":{y}}}}}'
        )

    result.replay(event, trick)
    return ",".join(events), ",".join(tricks)


def result_text(result: DealResult) -> str:
    """The result of `score_deal` as compact JSON text, in the documented shape."""
    if not isinstance(result, DealResult):
        raise error("argument-invalid", f"result must be what score_deal returns, got {type(result).__name__}")
    rs = result.ruleset
    elder, younger = result.hands
    declared = [declaration_text(result.declaration(p), rs) for p in PLAYERS]
    events, tricks = log_texts(result)
    return "".join(
        [
            f'{{"ruleset":{quoted(rs.id)},"elder":{score_text(result.elder)},"younger":{score_text(result.younger)},',
            '"events":[',
            events,
            f'],"declarations":{comparison_text(result.comparison, rs)},',
            f'"declared":{{"elder":{declared[0]},"younger":{declared[1]}}},',
            f'"carte_blanche":{{"elder":{BOOL[result.carte_blanche[0]]},"younger":{BOOL[result.carte_blanche[1]]}}},',
            f'"hands":{{"elder":{hand_text(elder, rs)},"younger":{hand_text(younger, rs)}}},',
            '"tricks":[',
            tricks,
            f'],"complete":{BOOL[result.complete]}',
            _reckons_nothing_text(result.reckons_nothing),
            "}",
        ]
    )


def totals_text(totals: DealTotals) -> str:
    """The lean result (`deal_totals`) as compact JSON text: the ruleset, each player's ten totals as `score_deal`
    writes them, and `complete`."""
    if not isinstance(totals, DealTotals):
        raise error("argument-invalid", f"totals must be what deal_totals returns, got {type(totals).__name__}")
    return (
        f'{{"ruleset":{quoted(totals.ruleset.id)},"elder":{score_text(totals.elder)},'
        f'"younger":{score_text(totals.younger)},"complete":{BOOL[totals.complete]}}}'
    )


def _reckons_nothing_text(penalised: tuple[bool, bool]) -> str:
    """The optional key of a deal in which a player reckons nothing (laws 25-35, 58); empty otherwise."""
    if not any(penalised):
        return ""
    return f',"reckons_nothing":{{"elder":{BOOL[penalised[0]]},"younger":{BOOL[penalised[1]]}}}'


def result_json(result: DealResult) -> ResultJSON:
    """The result of `score_deal` as a mapping (the parsed `result_text`), typed key by key (`forms.ResultJSON`)."""
    out: ResultJSON = json.loads(result_text(result))
    return out


def totals_json(totals: DealTotals) -> TotalsJSON:
    """The lean result (`deal_totals`) as a mapping, as the `score_totals` op writes it (`forms.TotalsJSON`)."""
    out: TotalsJSON = json.loads(totals_text(totals))
    return out


def evaluation_json(evaluation: HandEvaluation, ruleset: Ruleset | str | None = None) -> EvaluationJSON:
    """What `evaluate_hand` found, as the `evaluate_hand` op writes it (`forms.EvaluationJSON`)."""
    if not isinstance(evaluation, HandEvaluation):
        raise error("argument-invalid", f"evaluation must be what evaluate_hand returns, got {type(evaluation).__name__}")
    out: EvaluationJSON = json.loads(evaluation_text(evaluation, ruleset_of(ruleset)))
    return out


def comparison_json(comparison: Comparison, ruleset: Ruleset | str | None = None) -> ComparisonJSON:
    """The verdicts of `compare_declarations` or `compare_hands`, as the `compare_declarations` op writes them
    (`forms.ComparisonJSON`)."""
    if not isinstance(comparison, Comparison):
        raise error("argument-invalid", f"comparison must be what compare_declarations returns, got {type(comparison).__name__}")
    out: ComparisonJSON = json.loads(comparison_text(comparison, ruleset_of(ruleset)))
    return out


def evaluation_text(ev: HandEvaluation, rs: Ruleset) -> str:
    """The result of `evaluate_hand`: point, sequences, sets and carte blanche."""
    return declaration_text(ev, rs)
