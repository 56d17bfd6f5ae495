"""Running the conformance corpus against an implementation: selecting cases, judging each response,
expected failures, restarts of a broken implementation, and the run's outcome (reports.py writes it).
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any, Callable, Mapping

from piquet_ref.runner.adapters import Adapter, AdapterFailure
from piquet_ref.runner.corpus import Case, Status, judge

UNEXPECTED: frozenset[Status] = frozenset({"fail", "error", "crash", "timeout", "xpass"})
STATUSES: tuple[Status, ...] = ("pass", "fail", "error", "crash", "timeout", "unsupported", "skip", "xfail", "xpass")


@dataclass(frozen=True)
class Selection:
    """Filters on the corpus; each given filter must hold (globs for rule and id)."""

    ops: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    rulesets: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()
    areas: tuple[str, ...] = ()

    def admits(self, case: Case) -> bool:
        return (
            (not self.ops or case.op in self.ops)
            and (not self.rules or any(fnmatchcase(r, g) for r in case.rules for g in self.rules))
            and (not self.tags or any(t in self.tags for t in case.tags))
            and (not self.rulesets or any(r in self.rulesets for r in case.rulesets))
            and (not self.ids or any(fnmatchcase(case.id, g) for g in self.ids))
            and (not self.areas or case.area in self.areas)
        )


@dataclass(frozen=True)
class CaseOutcome:
    case: Case
    status: Status
    diffs: tuple[str, ...]
    response: Mapping[str, Any] | None
    seconds: float
    reason: str | None = None  # the expected-failure list's reason, for xfail and xpass

    @property
    def unexpected(self) -> bool:
        return self.status in UNEXPECTED


@dataclass(frozen=True)
class RunOutcome:
    implementation: Mapping[str, Any] | None  # its hello response, if it gave one
    outcomes: tuple[CaseOutcome, ...]
    not_run: tuple[Case, ...]  # cases left when the restarts ran out
    restarts: int
    seconds: float

    @property
    def complete(self) -> bool:
        return not self.not_run

    @property
    def unexpected(self) -> int:
        return sum(1 for o in self.outcomes if o.unexpected)

    @property
    def exit_code(self) -> int:
        """0 no unexpected result, 1 unexpected results, 3 incomplete run (2, usage errors, is the CLI's)."""
        return 3 if not self.complete else 1 if self.unexpected else 0

    def per_rule(self) -> dict[str, dict[str, int]]:
        table: dict[str, Counter[str]] = {}
        for o in self.outcomes:
            for rule in o.case.rules:
                table.setdefault(rule, Counter())[o.status] += 1
        return {rule: dict(sorted(c.items())) for rule, c in sorted(table.items())}

    def status_counts(self) -> dict[str, int]:
        c = Counter(o.status for o in self.outcomes)
        return {s: c[s] for s in STATUSES if c[s]}


def run_corpus(
    cases: list[Case],
    adapter: Adapter,
    timeout: float = 10.0,
    max_restarts: int = 10,
    expect_fail: Mapping[str, str] | None = None,
    progress: Callable[[int, int, CaseOutcome], None] | None = None,
) -> RunOutcome:
    """Run every case through `adapter`, one request each, judging the responses.

    A crash, timeout or garbage answer costs that case only: the implementation is restarted for the next
    case, at most `max_restarts` times; when they run out, the remaining cases are `not_run`.
    """
    expect_fail = expect_fail or {}
    start = time.perf_counter()
    restarts = 0
    implementation: dict[str, Any] | None = None
    try:
        implementation = adapter.hello(timeout)
    except AdapterFailure:
        restarts += adapter.persistent  # the greeting failed: the first run request starts it again
    supported = _supported_rulesets(implementation)
    outcomes: list[CaseOutcome] = []
    not_run: tuple[Case, ...] = ()
    try:
        for index, case in enumerate(cases):
            if restarts > max_restarts:
                not_run = tuple(cases[index:])
                break
            outcome = _run_one(case, index, adapter, timeout, supported)
            if adapter.persistent and outcome.response is None and outcome.status in ("crash", "timeout", "error"):
                restarts += 1  # the implementation was stopped; the next request starts it again
            outcome = _expected(outcome, expect_fail.get(case.id))
            outcomes.append(outcome)
            if progress is not None:
                progress(index + 1, len(cases), outcome)
    finally:
        adapter.close()
    return RunOutcome(implementation, tuple(outcomes), not_run, restarts, time.perf_counter() - start)


def _run_one(case: Case, index: int, adapter: Adapter, timeout: float, supported: set[str] | None) -> CaseOutcome:
    if case.data.get("requirement") == "variant" and supported is not None and not supported & set(case.rulesets):
        return CaseOutcome(case, "skip", (f"the implementation offers none of the rulesets {list(case.rulesets)}",), None, 0.0)
    began = time.perf_counter()
    request = {"cmd": "run", "seq": index, "op": case.op, "input": case.data.get("input")}
    try:
        response = adapter.request(request, timeout)
    except AdapterFailure as failure:
        return CaseOutcome(case, failure.kind, (failure.message,), None, time.perf_counter() - began)
    status, diffs = judge(case, response)
    return CaseOutcome(case, status, tuple(diffs), response, time.perf_counter() - began)


def _expected(outcome: CaseOutcome, reason: str | None) -> CaseOutcome:
    """Apply the expected-failure list: a listed failure is xfail, a listed pass is xpass (reported)."""
    if reason is None:
        return outcome
    if outcome.status == "pass":
        return CaseOutcome(outcome.case, "xpass", outcome.diffs, outcome.response, outcome.seconds, reason)
    if outcome.status in ("fail", "error", "crash", "timeout"):
        return CaseOutcome(outcome.case, "xfail", outcome.diffs, outcome.response, outcome.seconds, reason)
    return outcome


def _supported_rulesets(hello: Mapping[str, Any] | None) -> set[str] | None:
    caps = hello.get("capabilities") if isinstance(hello, Mapping) else None
    rulesets = caps.get("rulesets") if isinstance(caps, Mapping) else None
    return {str(r) for r in rulesets} if isinstance(rulesets, list) else None
