"""Differential fuzzing: random legal deals scored by the oracle and by an implementation, disagreements
minimised to the fewest tricks (and the hands after the exchange, when that still disagrees) and to the
first score key that differs, and written out as ready-made case files.

Compared per deal: each player's ten score keys, each trick's winner, and whether the deal is complete.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from piquet_ref.runner.adapters import Adapter, AdapterFailure
from piquet_ref.runner.corpus import reference_response
from piquet_ref.deal.generate import random_record
from piquet_ref.rules.loader import load_ruleset
from piquet_ref.rules.ruleset import PLAYERS, SCORE_KEYS

KEYS = (*SCORE_KEYS, "total")
Ask = Callable[[dict[str, Any]], dict[str, Any]]  # a record in, the implementation's response out
RULES_OF: dict[str, tuple[str, ...]] = {  # the rules a disagreement in each score key puts in question
    "carte_blanche": ("carte-blanche.definition", "carte-blanche.score"),
    "point": ("point.compare", "point.score"),
    "sequences": ("sequence.compare", "sequence.score"),
    "sets": ("sets.compare", "sets.score"),
    "repique": ("repique.score", "accretion.order"),
    "pique": ("pique.score", "accretion.order"),
    "play": ("play.lead-point", "play.second-wins-point", "play.last-trick"),
    "cards": ("cards.majority", "cards.divided"),
    "capot": ("capot.score",),
    "total": ("accretion.order",),
    "winner": ("play.trick-winner",),
    "complete": ("play.trick-winner",),
}


def projection(result: Mapping[str, Any]) -> dict[str, Any]:
    """The part of a score_deal result the fuzzer compares (missing parts become None)."""
    players: dict[str, Mapping[str, Any]] = {p: _mapping(result.get(p)) for p in PLAYERS}
    tricks = result.get("tricks")
    tricks = tricks if isinstance(tricks, list) else []
    return {
        **{p: {k: players[p].get(k) for k in KEYS} for p in PLAYERS},
        "tricks": [{"winner": t.get("winner") if isinstance(t, Mapping) else None} for t in tricks],
        "complete": result.get("complete"),
    }


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def differing_keys(oracle: Mapping[str, Any], got: Mapping[str, Any]) -> list[str]:
    """Score keys (in accretion order, total last), then `winner` and `complete`, on which the two differ."""
    a, b = projection(oracle), projection(got)
    keys = [k for k in KEYS if any(a[p][k] != b[p][k] for p in PLAYERS)]
    if a["tricks"] != b["tricks"]:
        keys.append("winner")
    if a["complete"] != b["complete"]:
        keys.append("complete")
    return keys


@dataclass(frozen=True)
class Disagreement:
    """A deal on which the implementation differs from the oracle, after minimising."""

    deal_index: int
    record: dict[str, Any]  # the minimised record
    key: str  # the first score key that differs (or winner / complete)
    oracle: dict[str, Any]  # the oracle's result for `record`
    got: Mapping[str, Any]  # the implementation's response for `record`
    original_tricks: int


@dataclass(frozen=True)
class FuzzOutcome:
    deals: int
    disagreements: tuple[Disagreement, ...]
    broken: tuple[tuple[int, str], ...]  # (deal index, how the implementation broke)
    unsupported: bool


def fuzz(adapter: Adapter, deals: int, seed: int, ruleset: str, timeout: float = 10.0, limit: int = 5,
         progress: Callable[[int], None] | None = None) -> FuzzOutcome:
    """Score `deals` random legal deals both ways; stop after `limit` disagreements (each minimised)."""
    rng = random.Random(seed)
    rs = load_ruleset(ruleset)
    found: list[Disagreement] = []
    broken: list[tuple[int, str]] = []
    try:
        adapter.hello(timeout)
    except AdapterFailure as failure:
        broken.append((-1, f"hello: {failure.kind}: {failure.message}"))
    ask = _asker(adapter, timeout)
    for i in range(deals):
        record = random_record(rng, rs)
        oracle = reference_response("score_deal", record)["result"]
        got = ask(record)
        if got.get("unsupported") is True:
            adapter.close()
            return FuzzOutcome(i, tuple(found), tuple(broken), True)
        if not isinstance(got.get("result"), Mapping):
            broken.append((i, f"no result: {str(got)[:200]}"))
        elif differing_keys(oracle, got["result"]):
            found.append(minimise(i, record, ask))
        elif progress is not None:
            progress(i + 1)
        if len(found) >= limit or len(broken) >= limit:
            adapter.close()
            return FuzzOutcome(i + 1, tuple(found), tuple(broken), False)
    adapter.close()
    return FuzzOutcome(deals, tuple(found), tuple(broken), False)


def _asker(adapter: Adapter, timeout: float) -> Ask:
    """Ask the implementation to score a record: its response; when it broke (it is restarted on the next
    request), an `errored` response saying how."""
    seq = iter(range(1 << 62))

    def ask(record: dict[str, Any]) -> dict[str, Any]:
        try:
            return adapter.request({"cmd": "run", "seq": next(seq), "op": "score_deal", "input": record}, timeout)
        except AdapterFailure as failure:
            return {"errored": True, "message": f"{failure.kind}: {failure.message}"}

    return ask


def minimise(index: int, record: dict[str, Any], ask: Ask) -> Disagreement:
    """The smallest variant of `record` that still disagrees on the first differing key: fewest tricks,
    then the hands after the exchange in place of the deal when that still disagrees."""
    first_key = _disagreement(record, ask)
    assert first_key is not None  # the caller saw this record disagree
    best = record
    for n in range(len(record["tricks"])):
        shorter = {**record, "tricks": record["tricks"][:n]}
        if _disagreement(shorter, ask) == first_key:
            best = shorter
            break
    hands = reference_response("score_deal", best)["result"]["hands"]
    simpler = {"ruleset": best["ruleset"], "elder": {"hand": hands["elder"]}, "younger": {"hand": hands["younger"]}, "tricks": best["tricks"]}
    if first_key != "carte_blanche" and _disagreement(simpler, ask) == first_key:
        best = simpler
    got = ask(best)
    return Disagreement(index, best, first_key, reference_response("score_deal", best)["result"], got, len(record["tricks"]))


def _disagreement(record: dict[str, Any], ask: Ask) -> str | None:
    got = ask(record)
    if not isinstance(got.get("result"), Mapping):
        return None
    keys = differing_keys(reference_response("score_deal", record)["result"], got["result"])
    return keys[0] if keys else None


def case_of(d: Disagreement, case_id: str) -> dict[str, Any]:
    """A ready-made case file (provenance oracle) pinning the oracle's answer on the minimised deal."""
    rs = load_ruleset(d.record["ruleset"])
    rules = RULES_OF[d.key]
    sources = [{"key": c.key, "at": c.at} for rule in rules for c in rs.rules[rule].sources[:1]]
    expect: dict[str, Any]
    if d.key == "winner":
        expect = {"tricks": [{"winner": t["winner"]} for t in d.oracle["tricks"]]}
    elif d.key == "complete":
        expect = {"complete": d.oracle["complete"]}
    else:
        expect = {p: {d.key: d.oracle[p][d.key], "total": d.oracle[p]["total"]} for p in PLAYERS}
    return {
        "id": case_id, "rev": 1, "op": "score_deal",
        "description": f"Fuzzing found a disagreement on {d.key.replace('_', ' ')}; the oracle's score is pinned.",
        "rules": list(rules), "sources": sources, "rulesets": [rs.id], "requirement": "must", "provenance": "oracle",
        "tags": ["fuzz"], "input": d.record, "expect": expect,
    }
