"""Conformance levels: every check of the corpus is classified by conformance/levels.yaml, a run at a level
judges only the checks at it and below, and a program keeping only the ten totals per player passes every
score_deal case at level `totals` and fails at `events` (tests/test_adapter_templates.py runs it). Also the
differences a person reads on a failure."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from piquet_ref.runner.adapters import FunctionAdapter, ProcessAdapter
from piquet_ref.runner.corpus import Case, judge, load_cases
from piquet_ref.runner.levels import DROPPED, load_levels, render
from piquet_ref.runner.run import run_corpus

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "conformance"
LEVELS = load_levels(CORPUS)
CASES = load_cases(CORPUS / "cases")
TOTALS_ONLY = [sys.executable, str(ROOT / "conformance" / "adapters" / "python" / "reference_totals.py")]
BROKEN = [sys.executable, str(ROOT / "tests" / "adapters" / "broken.py")]


def nodes(case: Case) -> list[tuple[Any, ...]]:
    """Every node of the case's expectation, the root included."""
    expected = case.data.get("expect_error", case.data.get("expect"))
    out: list[tuple[Any, ...]] = []

    def walk(node: Any, path: tuple[Any, ...]) -> None:
        out.append(path)
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            walk(value, (*path, key))

    walk(expected, ())
    return out


CLASSIFIED = [LEVELS.classify(case) for case in CASES]


def test_every_node_of_every_case_has_a_level_never_below_its_parent() -> None:
    for classes in CLASSIFIED:
        assert set(classes.nodes) == set(nodes(classes.case))
        for path, level in classes.nodes.items():
            if path:
                assert LEVELS.rank(level) >= LEVELS.rank(classes.nodes[path[:-1]]), (classes.case.id, path)


def test_every_level_holds_checks_and_every_entry_of_the_table_classifies_some_node() -> None:
    levels = {level for classes in CLASSIFIED for level in classes.of_case}
    assert levels == set(LEVELS.order)
    for rule in LEVELS.rules:
        assert any(rule.matches(case, render(path, "$error" if "expect_error" in case.data else "$", items=True))
                   for case in CASES for path in nodes(case)), rule


def test_a_case_cut_to_a_level_keeps_exactly_its_checks_at_that_level_and_below() -> None:
    for classes in CLASSIFIED:
        case = classes.case
        for level in LEVELS.order:
            pruned = classes.prune(level)
            wanted = [p for p, lv in classes.checks if LEVELS.rank(lv) <= LEVELS.rank(level)]
            if not wanted:
                assert pruned is DROPPED
                continue
            kept = Case(case.path, {**case.data, ("expect_error" if "expect_error" in case.data else "expect"): pruned})
            checks = dict(LEVELS.classify(kept).checks)
            assert set(wanted) <= set(checks), (case.id, level)  # an item left empty still checks it is a mapping
            assert all(LEVELS.rank(lv) <= LEVELS.rank(level) for lv in checks.values()), (case.id, level)
        assert classes.prune(LEVELS.order[-1]) == case.data.get("expect_error", case.data.get("expect"))


def test_an_unknown_level_is_refused_naming_the_levels() -> None:
    with pytest.raises(ValueError, match="totals, declarations"):
        run_corpus(CASES[:1], FunctionAdapter("piquet_ref.protocol.serve:answer"), level="everything", levels=LEVELS)


def case_of(expect: dict[str, Any], op: str = "score_deal", key: str = "expect") -> Case:
    return Case(Path("x/y.yaml"), {"id": "PQ-00000", "op": op, key: expect})


def test_a_list_of_the_wrong_length_shows_the_first_item_apart_and_its_neighbours() -> None:
    events = [{"player": "elder", "category": c} for c in ("point", "sequences", "sets", "play")]
    got = [{"player": "elder", "category": c, "points": 1} for c in ("point", "sets", "play")]
    status, (diff,) = judge(case_of({"events": events}), {"seq": 0, "result": {"events": got}})
    assert status == "fail"
    assert diff.startswith("$.events: expected 4 items, got 3; the first that differs is [1]: ")
    assert '"category":"sequences"' in diff and 'got [0]: {"player":"elder","category":"point","points":1}' in diff
    assert 'got [2]: {"player":"elder","category":"play","points":1}' in diff


def test_an_expected_error_that_got_a_result_shows_the_result_and_a_wrong_error_both_codes_and_laws() -> None:
    refused = case_of({"code": "play-revoke", "law": 59}, key="expect_error")
    _, (diff,) = judge(refused, {"seq": 0, "result": {"elder": {"total": 41}}})
    assert diff == 'expected error "play-revoke" (law 59), got a result: {"elder":{"total":41}}'
    _, diffs = judge(refused, {"seq": 0, "error": {"code": "card-duplicate", "law": 13, "message": "AS twice"}})
    assert diffs[0].startswith('$error.code: expected "play-revoke", got "card-duplicate"')
    assert all(d.endswith('(expected error "play-revoke" (law 59), got "card-duplicate" (law 13): "AS twice")') for d in diffs)
    assert len(diffs) == 2  # the code and the law


def test_a_missing_parent_fails_the_levels_of_every_check_below_it() -> None:
    classes = next(c for c in CLASSIFIED if c.case.op == "score_deal" and {"play", "events"} <= set(c.of_case)
                   and any(p[:1] == ("tricks",) and lv == "events" for p, lv in c.checks))
    outcome = run_corpus([classes.case], ProcessAdapter(TOTALS_ONLY), level="events", levels=LEVELS)
    (o,) = outcome.outcomes
    assert o.levels["events"] is False and o.levels["play"] is False


def test_a_restarted_process_never_quotes_the_stderr_of_the_one_before() -> None:
    case = next(c for c in CASES if c.op == "evaluate_hand")
    outcome = run_corpus([case, case], ProcessAdapter(BROKEN + ["crash=0", "exit=1"]), timeout=30, levels=LEVELS)
    first, second = outcome.outcomes
    assert first.status == second.status == "crash"
    assert "crashing on purpose" in first.diffs[0] and "crashing on purpose" not in second.diffs[0]
