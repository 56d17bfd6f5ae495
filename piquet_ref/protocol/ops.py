"""The protocol operations: JSON input in, the result as JSON text out (the wire form `serve` sends).

Shared by `serve`, the CLI and the corpus runner; `run_op` gives the result parsed, for in-process use.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Mapping

from piquet_ref.hand.cards import check_distinct, format_card, hand_of, parse_cards
from piquet_ref.deal.counts import count_discards, count_play, position_of
from piquet_ref.hand.declarations import ALL, compare_declarations, declared, evaluate_hand
from piquet_ref.rules.codes import error
from piquet_ref.protocol.results import comparison_text, dumps, evaluation_text, result_text, totals_text
from piquet_ref.rules.loader import DEFAULT_RULESET, load_ruleset
from piquet_ref.protocol.machine import op_apply, op_count_actions, op_legal_actions
from piquet_ref.protocol.odds import op_odds
from piquet_ref.deal.record import parse_declare
from piquet_ref.rules.ruleset import PLAYERS, Ruleset
from piquet_ref.deal.scoring import score_deal
from piquet_ref.deal.totals import deal_totals
from piquet_ref.rules.errors import shown
from piquet_ref.rules.files import LIMITS, Limits


def _ruleset(data: Mapping[str, Any]) -> Ruleset:
    name = data.get("ruleset", DEFAULT_RULESET)
    if not isinstance(name, str):
        raise error("record-invalid", f"ruleset must be a ruleset id string, got {shown(name)}")
    return load_ruleset(name)


def _mapping(data: Any, op: str, keys: set[str]) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise error("record-invalid", f"{op}: input must be a mapping, got {type(data).__name__}")
    unknown = sorted(set(map(str, data)) - keys)
    if unknown:
        raise error("record-invalid", f"{op}: unknown key(s) {unknown}; expected {sorted(keys)}")
    return data


def op_evaluate_hand(data: Any) -> str:
    """Input `{cards: [...], ruleset?}` -> point, sequences, sets, carte blanche of those cards."""
    data = _mapping(data, "evaluate_hand", {"cards", "ruleset"})
    rs = _ruleset(data)
    if "cards" not in data:
        raise error("record-invalid", "evaluate_hand: input needs cards")
    cards = parse_cards(data["cards"], rs, "cards")
    check_distinct([("cards", cards)], rs)
    return evaluation_text(evaluate_hand(hand_of(cards), rs), rs)


def op_compare_declarations(data: Any) -> str:
    """Input `{elder: {hand, declare?}, younger: {hand, declare?}, ruleset?}` (or a card list per player)."""
    data = _mapping(data, "compare_declarations", {"elder", "younger", "ruleset"})
    rs = _ruleset(data)
    decl = []
    groups = []
    for p in PLAYERS:
        raw = data.get(p)
        if isinstance(raw, (list, str)):
            raw = {"hand": raw}
        side = _mapping(raw, f"compare_declarations.{p}", {"hand", "declare"})
        if "hand" not in side:
            raise error("record-invalid", f"compare_declarations: {p}.hand is required")
        cards = parse_cards(side["hand"], rs, f"{p}.hand")
        check_distinct([(f"{p}.hand", cards)], rs)  # a card twice in one hand, named by its place before `hand_of` refuses it
        groups.append((f"{p}.hand", cards))
        choice = parse_declare(side["declare"], p, rs) if "declare" in side else ALL
        decl.append(declared(hand_of(cards), choice, p, rs))
    check_distinct(groups, rs)
    return comparison_text(compare_declarations(decl[0], decl[1], rs), rs)


def op_score_deal(data: Any) -> str:
    """Input: a deal record -> the result of docs/formats.md."""
    return result_text(score_deal(data))


def op_score_totals(data: Any) -> str:
    """Input: a deal record -> `{ruleset, elder, younger, complete}`: the ten totals of `score_deal`'s result alone,
    for callers that keep a score (`deal_totals`)."""
    return totals_text(deal_totals(data))


COUNT_KINDS = ("discards", "play", "actions")
RECORD_PART = ("ruleset", "elder", "younger", "stock", "tricks")


def op_count(data: Any, limits: Limits = LIMITS) -> str:
    """Input `{kind: discards, elder: {dealt}, younger: {dealt}, stock, ruleset?}` or `{kind: play,
    plies, ...a deal record so far}` -> `{kind, total, by_first}`, keyed by the elder's discard size
    or a canonical card; discards adds `younger_options` per elder discard size, play the `leader`.
    `{kind: actions, depth, ...as for apply}` counts through the state machine (`op_count_actions`)."""
    kind = data.get("kind") if isinstance(data, Mapping) else None
    if kind not in COUNT_KINDS:
        raise error("record-invalid", f"count: input must be a mapping whose kind is one of {list(COUNT_KINDS)}, got {shown(kind)}")
    if kind == "actions":
        return op_count_actions(data, limits)
    if kind == "play":
        data = _mapping(data, "count (play)", {"kind", "plies", *RECORD_PART})
        plies = data.get("plies")
        if type(plies) is not int or plies < 0:
            raise error("record-invalid", f"count (play): plies must be an integer >= 0, got {shown(plies)}")
        rs, pos = position_of({key: data[key] for key in RECORD_PART if key in data})
        count = count_play(pos, plies)
        by_first = {format_card(card, rs): n for card, n in count.by_first}
        return dumps({"kind": "play", "leader": pos.leader, "total": count.total, "by_first": by_first})
    data = _mapping(data, "count (discards)", {"kind", "ruleset", "elder", "younger", "stock"})
    rs = _ruleset(data)
    groups = []
    for who in PLAYERS:
        side = _mapping(data.get(who), f"count (discards): {who}", {"dealt"})
        if "dealt" not in side:
            raise error("record-invalid", f"count (discards): {who}.dealt is required")
        groups.append((f"{who}.dealt", parse_cards(side["dealt"], rs, f"{who}.dealt")))
    if "stock" not in data:
        raise error("record-invalid", "count (discards): stock (the cards left after the deal, top first) is required")
    groups.append(("stock", parse_cards(data["stock"], rs, "stock")))
    check_distinct(groups, rs)
    d = count_discards(hand_of(groups[0][1]), hand_of(groups[1][1]), groups[2][1], rs)
    by_first, younger = ({str(k): n for k, n in pairs} for pairs in (d.by_elder, d.younger))
    return dumps({"kind": "discards", "total": d.total, "by_first": by_first, "younger_options": younger})


def op_score_partie(data: Any) -> str:
    """Input: a partie record (players, form, deals or parties, stake) -> the partie, games or chouette card."""
    from piquet_ref.partie.scoring import partie_json, score_partie

    return dumps(partie_json(score_partie(data)))


OPS: dict[str, Callable[[Any, Limits], str]] = {  # each op's input and the resource policy -> its result as JSON
    "evaluate_hand": lambda data, limits: op_evaluate_hand(data),
    "compare_declarations": lambda data, limits: op_compare_declarations(data),
    "score_deal": lambda data, limits: op_score_deal(data),
    "score_totals": lambda data, limits: op_score_totals(data),
    "count": op_count,
    "score_partie": lambda data, limits: op_score_partie(data),
    "odds": op_odds,
    "apply": lambda data, limits: op_apply(data),
    "legal_actions": lambda data, limits: op_legal_actions(data),
}


def run_op(op: str, data: Any, limits: Limits = LIMITS) -> Any:
    """Run protocol op `op` on `data` in-process and return its result parsed. Raises KeyError for an unknown op."""
    return json.loads(OPS[op](data, limits))
