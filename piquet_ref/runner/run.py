"""Running the conformance corpus against an implementation: selecting cases, judging each response,
expected failures, restarts of a broken implementation, and the run's outcome (reports.py writes it).
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from fnmatch import fnmatchcase
from typing import Any, Callable, Mapping

from piquet_ref.runner.adapters import Adapter, AdapterFailure, check_timeout
from piquet_ref.runner.corpus import Case, Difference, Status, judge_differences
from piquet_ref.runner.levels import DROPPED, Classified, Levels, load_levels
from piquet_ref.rules.files import corpus_dir
from piquet_ref.rules.errors import shown

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
    differences: tuple[Difference, ...]  # how the response failed its case, each at its path (or the whole)
    response: Mapping[str, Any] | None
    seconds: float
    reason: str | None = None  # the expected-failure list's reason, for xfail and xpass
    levels: Mapping[str, bool] = field(default_factory=dict)  # each level judged (at or below the run's): passed?

    @property
    def diffs(self) -> tuple[str, ...]:
        """The differences as the reports print them."""
        return tuple(d.text for d in self.differences)

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
    level: str = "laws"  # the highest level judged
    order: tuple[str, ...] = ()  # the levels, lowest first
    above_level: tuple[Case, ...] = ()  # selected cases with no check at or below `level`: not sent

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

    def per_level(self) -> dict[str, tuple[int, int]]:
        """For each level judged, lowest first: (cases that passed its checks, cases judged on it)."""
        out: dict[str, tuple[int, int]] = {}
        for level in self.order:
            verdicts = [o.levels[level] for o in self.outcomes if level in o.levels]
            if verdicts:
                out[level] = (sum(verdicts), len(verdicts))
        return out

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
    level: str | None = None,
    levels: Levels | None = None,
    jobs: int = 1,
) -> RunOutcome:
    """Run every case through `adapter`, one request each, judging the responses on the checks at `level`
    and below (every check when `level` is None) of the levels table `levels` (default: the bundled corpus's).

    A case with no check at or below `level` is not sent (`above_level`). A crash, timeout or garbage answer
    costs that case only: the implementation is restarted for the next case, at most `max_restarts` times
    in all; when they run out, the remaining cases are `not_run`. With `jobs` above 1, as many copies of the
    implementation (`adapter.fresh()`) take the cases in turn; the outcome lists them in corpus order, and
    each case is judged as it would be alone (only the timing, and which cases the restarts leave, can differ).
    """
    if type(jobs) is not int or jobs < 1:
        raise ValueError(f"jobs must be a whole number of at least 1, not {shown(jobs)}")
    check_timeout(timeout)
    expect_fail = expect_fail or {}
    table = levels if levels is not None else load_levels(corpus_dir())
    top = level if level is not None else table.order[-1]
    if top not in table.order:
        raise ValueError(f"unknown level {shown(level)}; the levels are {', '.join(table.order)}")
    classified = [table.classify(case) for case in cases]
    pruned = [(c, c.prune(top)) for c in classified]
    above = tuple(c.case for c, expected in pruned if expected is DROPPED)
    pruned = [(c, expected) for c, expected in pruned if expected is not DROPPED]
    start = time.perf_counter()
    restarts = 0
    implementation: dict[str, Any] | None = None
    try:
        implementation = adapter.hello(timeout)
    except AdapterFailure:
        restarts += adapter.persistent  # the greeting failed: the first run request starts it again
    supported = _supported_rulesets(implementation)
    outcomes: dict[int, CaseOutcome] = {}
    pending = iter(enumerate(pruned))
    lock = threading.Lock()

    def work(mine: Adapter) -> None:
        nonlocal restarts
        try:
            while True:
                with lock:
                    if restarts > max_restarts:
                        return
                    index, (classes, expected) = next(pending, (-1, (None, None)))
                if classes is None:
                    return
                outcome = _run_one(classes.case, expected, index, mine, timeout, supported)
                outcome = _expected(_verdicts(outcome, classes, top), expect_fail.get(classes.case.id))
                with lock:
                    if mine.persistent and outcome.response is None and outcome.status in ("crash", "timeout", "error"):
                        restarts += 1  # the implementation was stopped; its next request starts it again
                    outcomes[index] = outcome
                    for seq in mine.strays():  # a case answered twice is to blame, not the one after it
                        if type(seq) is int and seq in outcomes and outcomes[seq].status not in ("error", "crash", "timeout"):
                            outcomes[seq] = _answered_twice(outcomes[seq])
                    if progress is not None:
                        progress(len(outcomes), len(pruned), outcome)
        finally:
            mine.close()

    copies = [adapter] + [adapter.fresh() for _ in range(min(jobs, max(len(pruned), 1)) - 1)]
    threads = [threading.Thread(target=work, args=(copy,), daemon=True) for copy in copies[1:]]
    for thread in threads:
        thread.start()
    work(adapter)
    for thread in threads:
        thread.join()
    not_run = tuple(classes.case for index, (classes, _) in enumerate(pruned) if index not in outcomes)
    return RunOutcome(implementation, tuple(outcomes[i] for i in sorted(outcomes)), not_run, restarts,
                      time.perf_counter() - start, top, table.at_or_below(top), above)


def _answered_twice(outcome: CaseOutcome) -> CaseOutcome:
    """The outcome of a case whose request the implementation answered a second time: an error at every level."""
    why = "the implementation answered this request twice (one response a request: ADAPTER.md, Framing)"
    return replace(outcome, status="error", differences=(Difference(None, why), *outcome.differences),
                   levels={level: False for level in outcome.levels})


def _run_one(case: Case, expected: Any, index: int, adapter: Adapter, timeout: float, supported: set[str] | None) -> CaseOutcome:
    if case.data.get("requirement") == "variant" and supported is not None and not supported & set(case.rulesets):
        return CaseOutcome(case, "skip", (Difference(None, f"the implementation offers none of the rulesets {list(case.rulesets)}"),), None, 0.0)
    began = time.perf_counter()
    request = {"cmd": "run", "seq": index, "op": case.op, "input": case.data.get("input")}
    try:
        response = adapter.request(request, timeout)
    except AdapterFailure as failure:
        return CaseOutcome(case, failure.kind, (Difference(None, failure.message),), None, time.perf_counter() - began)
    status, diffs = judge_differences(case, response, expected)
    return CaseOutcome(case, status, tuple(diffs), response, time.perf_counter() - began)


def _verdicts(outcome: CaseOutcome, classes: Classified, top: str) -> CaseOutcome:
    """The outcome with its verdict at each level it was judged on: a level passes when no difference touches a
    check of that level (a difference at a node fails every check below it, so a missing `tricks` fails the
    running totals in it too; a difference of the response as a whole, or a broken implementation, fails every
    level)."""
    if outcome.status in ("unsupported", "skip"):
        return outcome
    judged = classes.levels.at_or_below(top)
    judged = tuple(lv for lv in classes.of_case if lv in judged)
    failed = {lv for d in outcome.differences for path, lv in classes.checks if d.path is None or path[: len(d.path)] == d.path}
    if outcome.status in ("crash", "timeout", "error"):
        failed = set(judged)
    return replace(outcome, levels={lv: lv not in failed for lv in judged})


def _expected(outcome: CaseOutcome, reason: str | None) -> CaseOutcome:
    """Apply the expected-failure list: a listed failure is xfail, a listed pass is xpass (reported)."""
    if reason is None:
        return outcome
    if outcome.status == "pass":
        return replace(outcome, status="xpass", reason=reason)
    if outcome.status in ("fail", "error", "crash", "timeout"):
        return replace(outcome, status="xfail", reason=reason)
    return outcome


def _supported_rulesets(hello: Mapping[str, Any] | None) -> set[str] | None:
    caps = hello.get("capabilities") if isinstance(hello, Mapping) else None
    rulesets = caps.get("rulesets") if isinstance(caps, Mapping) else None
    return {str(r) for r in rulesets} if isinstance(rulesets, list) else None
