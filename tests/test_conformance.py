"""The conformance corpus: every case passes against the reference, and every rule is covered."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from piquet_ref import default_ruleset
from piquet_ref.runner.corpus import (
    LOCK_FILE, Case, lint, load_cases, lock_text, mismatches, normative_hash, read_lock, retired_lock, run_case, updated_lock,
)

CORPUS = Path(__file__).resolve().parent.parent / "conformance"
CASES = load_cases(CORPUS / "cases")


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.id}:{c.path.stem}")
def test_case_passes_against_the_reference(case: Case) -> None:
    """The reference meets the case's expectation exactly (partial match)."""
    assert run_case(case) == []


def test_the_corpus_lints_clean_and_matches_its_lock() -> None:
    """Every case well formed (keys, id, rev, one expectation, references that exist in spec/), no id used
    twice, and every id locked at its current rev and content."""
    assert lint(CORPUS) == []


def test_an_unbumped_change_a_dropped_id_and_a_reused_retired_id_fail_the_lint(tmp_path: Path) -> None:
    shutil.copytree(CORPUS / "cases" / "hands", tmp_path / "cases" / "hands")
    (tmp_path / LOCK_FILE).write_text(lock_text(updated_lock(load_cases(tmp_path / "cases"), {})), encoding="utf-8")
    assert lint(tmp_path) == []
    first = sorted((tmp_path / "cases" / "hands").glob("*.yaml"))[0]
    data = yaml.safe_load(first.read_text(encoding="utf-8"))
    first.write_text(yaml.safe_dump({**data, "input": {**data["input"], "ruleset": "portland-1882"}}), encoding="utf-8")
    assert [p for p in lint(tmp_path) if "without bumping rev" in p] != []
    assert [p for p in lint(tmp_path) if "without bumping rev" in p] == [p for p in lint(tmp_path)]
    first.write_text(yaml.safe_dump({**data, "rev": 2, "input": {**data["input"], "ruleset": "portland-1882"}}), encoding="utf-8")
    assert ["rev bumped" in p for p in lint(tmp_path)] == [True]
    lock = updated_lock(load_cases(tmp_path / "cases"), read_lock(tmp_path))
    first.unlink()
    assert ["has no case file" in p for p in lint_with(tmp_path, lock)] == [True]
    lock = retired_lock(lock, data["id"], "superseded")
    assert lint_with(tmp_path, lock) == []
    first.write_text(yaml.safe_dump({**data, "rev": 3}), encoding="utf-8")
    assert ["retired" in p for p in lint_with(tmp_path, lock)] == [True]


def test_a_rule_source_ruleset_or_tag_listed_twice_fails_the_lint(tmp_path: Path) -> None:
    shutil.copytree(CORPUS / "cases" / "hands", tmp_path / "cases" / "hands")
    (tmp_path / LOCK_FILE).write_text(lock_text(updated_lock(load_cases(tmp_path / "cases"), {})), encoding="utf-8")
    first = sorted((tmp_path / "cases" / "hands").glob("*.yaml"))[0]
    data = yaml.safe_load(first.read_text(encoding="utf-8"))
    doubled = {**data, "sources": data["sources"] + data["sources"][:1], "rules": data["rules"] + data["rules"][:1]}
    first.write_text(yaml.safe_dump(doubled), encoding="utf-8")
    problems = lint(tmp_path)
    assert [p.split(": ", 1)[1].split(" lists ")[0] for p in problems] == ["rules", "sources"]
    assert all("more than once" in p and first.name in p for p in problems)


def lint_with(root: Path, lock: dict[str, dict[str, Any]]) -> list[str]:
    (root / LOCK_FILE).write_text(lock_text(lock), encoding="utf-8")
    return lint(root)


def test_a_change_to_informative_fields_needs_no_rev_bump() -> None:
    """The lock's hash covers the normative content only: op, input, expectation, rulesets, requirement."""
    data = CASES[0].data
    assert normative_hash({**data, "description": "reworded", "sources": [], "tags": ["x"]}) == normative_hash(data)
    assert normative_hash({**data, "requirement": "variant"}) != normative_hash(data)


def test_every_rule_is_covered_by_a_case() -> None:
    """Each rule id of spec/ is exercised by at least one case; prints the coverage per rule."""
    coverage = Counter(r for c in CASES for r in c.rules)
    for rule in sorted(default_ruleset().rules):
        print(f"{rule:<34} {coverage[rule]:>3} case(s)")
    assert sorted(r for r in default_ruleset().rules if not coverage[r]) == []


def test_every_negative_case_in_errors_sits_beside_a_legal_twin() -> None:
    """errors/NAME.yaml expects an error; errors/NAME-ok.yaml is the same op on a minimally different input
    that the laws accept."""
    errors = {c.path.stem: c for c in CASES if c.area == "errors"}
    lonely = []
    for name, case in sorted(errors.items()):
        if "expect_error" not in case.data:
            continue
        twin = errors.get(f"{name}-ok")
        if twin is None or "expect" not in twin.data or twin.op != case.op or twin.data["input"] == case.data["input"]:
            lonely.append(name)
    assert lonely == []


def test_partial_match_reports_missing_wrong_and_length_mismatches() -> None:
    """The matcher is partial on mappings, exact on list length, strict on types."""
    assert mismatches({"a": 1}, {"a": 1, "b": 2}) == []
    assert mismatches({"a": 1}, {"a": 2}) == ["$.a: expected 1, got 2"]
    assert mismatches({"a": [1]}, {"a": [1, 2]}) == ["$.a: expected 1 items, got 2; the first that differs is [1]: expected no item, got 2\n  got [0]: 1"]
    assert mismatches({"c": 1}, {}) == ["$.c: missing"]
    assert mismatches(True, 1) != []
