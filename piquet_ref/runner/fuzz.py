"""Differential fuzzing: legal deals scored by the oracle and by an implementation, disagreements
minimised to the fewest tricks (and the hands after the exchange, when that still disagrees) and to the
first score key that differs, and written out as ready-made case files.

Compared per deal: each player's ten score keys, each trick's winner, and whether the deal is complete.
The deals come from a mix (`runner.situations`): `uniform` deals at random; `rare` draws most of them from
generators of the situations that decide disputes (a repique, a pique on a losing lead, an equality, a
capot...), which uniform deals almost never hold. Each deal is counted under the situations the oracle's
result exhibits. With several jobs the deals are still drawn in order from the one seed, each job asking
its own adapter about the deals of its indices, and the outcome is read in the order of the deals, so it
does not depend on the number of jobs.
"""

from __future__ import annotations

import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from piquet_ref.runner.adapters import Adapter, AdapterFailure
from piquet_ref.runner.corpus import reference_response
from piquet_ref.runner.situations import Drawn, Mix, draw
from piquet_ref.deal.generate import SITUATIONS, Situation
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
    got: Mapping[str, Any]  # the implementation's response for `record` (without its seq)
    original_tricks: int


Counts = tuple[tuple[Situation, int], ...]  # deals per situation, in the order of SITUATIONS


@dataclass(frozen=True)
class FuzzOutcome:
    deals: int
    disagreements: tuple[Disagreement, ...]
    broken: tuple[tuple[int, str], ...]  # (deal index, how the implementation broke)
    unsupported: bool
    situations: Counts = ()  # how many of the deals scored exhibit each situation (by the oracle's result)

    def count(self, situation: Situation) -> int:
        return dict(self.situations).get(situation, 0)


@dataclass(frozen=True)
class _Checked:
    """What asking the implementation about one deal came to."""

    unsupported: bool = False
    broken: str | None = None
    disagreement: Disagreement | None = None


def situation_counts(drawn: Iterable[Drawn]) -> Counts:
    """How many of the deals exhibit each situation."""
    counter = Counter(s for d in drawn for s in d.situations)
    return tuple((s, counter[s]) for s in SITUATIONS)


def draw_deals(deals: int, seed: int, ruleset: str, mix: Mix) -> list[Drawn]:
    """The deals the fuzzer scores for `seed` in `mix`, without an implementation (`fuzz --count-only`)."""
    rng, rs = random.Random(seed), load_ruleset(ruleset)
    return [draw(rng, mix, rs) for _ in range(deals)]


def fuzz(adapter: Adapter, deals: int, seed: int, ruleset: str, timeout: float = 10.0, limit: int = 5,
         progress: Callable[[int], None] | None = None, mix: Mix = "uniform", jobs: int = 1,
         spawn: Callable[[], Adapter] | None = None) -> FuzzOutcome:
    """Score `deals` legal deals of `mix` both ways; stop after `limit` disagreements (each minimised) or
    implementations without a result. With `jobs` above one, `spawn` makes the adapter of each further job.

    The outcome, the situation counts included, is that of the deals up to where it stopped, whatever `jobs`."""
    if jobs < 1 or (jobs > 1 and spawn is None):
        raise ValueError("jobs must be at least 1, and more than one job needs a way to spawn adapters")
    rng = random.Random(seed)
    rs = load_ruleset(ruleset)
    adapters = [adapter] + [spawn() for _ in range(jobs - 1)] if spawn is not None else [adapter]
    found: list[Disagreement] = []
    broken: list[tuple[int, str]] = []
    scored: list[Drawn] = []
    greeted: list[str] = []
    for a in adapters:
        try:
            a.hello(timeout)
        except AdapterFailure as failure:
            greeted.append(f"hello: {failure.kind}: {failure.message}")
    broken += [(-1, greeted[0])] if greeted else []  # once: every job runs the same program
    asks = [_asker(a, timeout) for a in adapters]
    batch = 1 if jobs == 1 else 8 * jobs
    starts = range(0, deals, batch)
    try:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            drawn = [draw(rng, mix, rs) for _ in range(min(batch, deals))]
            for start in starts:
                checking = _submit(pool, asks, start, drawn)
                following = start + batch  # drawn while the jobs check this batch
                upcoming = [draw(rng, mix, rs) for _ in range(min(batch, deals - following))] if jobs > 1 else []
                for offset, (d, c) in enumerate(zip(drawn, checking())):
                    i = start + offset
                    if c.unsupported:
                        return FuzzOutcome(i, tuple(found), tuple(broken), True, situation_counts(scored))
                    scored.append(d)
                    if c.broken is not None:
                        broken.append((i, c.broken))
                    elif c.disagreement is not None:
                        found.append(c.disagreement)
                    elif progress is not None:
                        progress(i + 1)
                    if len(found) >= limit or len(broken) >= limit:
                        return FuzzOutcome(i + 1, tuple(found), tuple(broken), False, situation_counts(scored))
                drawn = upcoming if jobs > 1 else [draw(rng, mix, rs) for _ in range(min(batch, deals - following))]
    finally:
        for a in adapters:
            a.close()
    return FuzzOutcome(deals, tuple(found), tuple(broken), False, situation_counts(scored))


def _submit(pool: ThreadPoolExecutor, asks: list[Ask], start: int, drawn: list[Drawn]) -> Callable[[], list[_Checked]]:
    """Check the batch of deals starting at index `start`, each by the job its index falls to (index modulo the
    jobs; one job checks them here and now); the results, in the batch's order, when called."""
    jobs = len(asks)
    if jobs == 1:
        checked = [_check(start + k, d, asks[0]) for k, d in enumerate(drawn)]
        return lambda: checked

    def part(j: int) -> list[_Checked]:
        return [_check(start + k, drawn[k], asks[j]) for k in range(j, len(drawn), jobs)]

    futures = [pool.submit(part, j) for j in range(jobs)]

    def results() -> list[_Checked]:
        out: list[_Checked] = [_Checked()] * len(drawn)
        for j, future in enumerate(futures):
            out[j::jobs] = future.result()
        return out

    return results


def _check(index: int, drawn: Drawn, ask: Ask) -> _Checked:
    """Ask the implementation about one deal and compare: unsupported, broken, a disagreement (minimised), or agreement."""
    got = ask(drawn.record)
    if got.get("unsupported") is True:
        return _Checked(unsupported=True)
    if not isinstance(got.get("result"), Mapping):
        return _Checked(broken=f"no result: {str(got)[:200]}")
    if differing_keys(drawn.result, got["result"]):
        return _Checked(disagreement=minimise(index, drawn.record, ask))
    return _Checked()


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
    players: dict[str, dict[str, Any]] = {p: {"hand": hands[p]} for p in PLAYERS}
    for p in PLAYERS:  # what he declared goes with the hand (sinking, calling less)
        if "declare" in best[p]:
            players[p]["declare"] = best[p]["declare"]
    simpler = {"ruleset": best["ruleset"], **players, "tricks": best["tricks"]}
    if first_key != "carte_blanche" and _disagreement(simpler, ask) == first_key:
        best = simpler
    got = {k: v for k, v in ask(best).items() if k != "seq"}  # which request it answered depends on the job
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
    # each rule's first source, once: several rules of a key often cite the same law
    sources = list({(c.key, c.at): {"key": c.key, "at": c.at} for rule in rules for c in rs.rules[rule].sources[:1]}.values())
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
