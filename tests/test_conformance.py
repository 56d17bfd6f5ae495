"""The conformance corpus: every case passes against the reference, and every rule is covered."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from piquet_ref import default_ruleset
from piquet_ref.corpus import CASE_ID, Case, load_cases, mismatches, run_case
from piquet_ref.loader import ruleset_ids, source_keys
from piquet_ref.specfiles import spec_dir

CASES_DIR = Path(__file__).resolve().parent.parent / "conformance" / "cases"
CASES = load_cases(CASES_DIR)
REQUIRED = {"id", "rev", "op", "description", "rules", "sources", "rulesets", "requirement", "provenance", "input"}


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.id}:{c.path.stem}")
def test_case_passes_against_the_reference(case: Case) -> None:
    """The reference meets the case's expectation exactly (partial match)."""
    assert run_case(case) == []


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.id}:{c.path.stem}")
def test_case_is_well_formed(case: Case) -> None:
    """Id format, required fields, one expectation, and references that exist in spec/."""
    data = case.data
    assert REQUIRED <= set(data), f"missing {REQUIRED - set(data)}"
    assert CASE_ID.match(case.id)
    assert isinstance(data["rev"], int) and data["rev"] >= 1
    assert ("expect" in data) != ("expect_error" in data)
    assert data["requirement"] in ("must", "variant")
    assert data["provenance"] in ("source-example", "hand", "oracle")
    assert set(case.rules) <= set(default_ruleset().rules), set(case.rules) - set(default_ruleset().rules)
    assert set(data["rulesets"]) <= set(ruleset_ids())
    keys = source_keys(spec_dir())
    assert all(str(s["key"]) in keys for s in data["sources"])


def test_case_ids_are_unique() -> None:
    """No id is used twice."""
    counts = Counter(c.id for c in CASES)
    assert [i for i, n in counts.items() if n > 1] == []


def test_every_rule_is_covered_by_a_case() -> None:
    """Each rule id of spec/ is exercised by at least one case; prints the coverage per rule."""
    coverage = Counter(r for c in CASES for r in c.rules)
    for rule in sorted(default_ruleset().rules):
        print(f"{rule:<34} {coverage[rule]:>3} case(s)")
    assert sorted(r for r in default_ruleset().rules if not coverage[r]) == []


def test_partial_match_reports_missing_wrong_and_length_mismatches() -> None:
    """The matcher is partial on mappings, exact on list length, strict on types."""
    assert mismatches({"a": 1}, {"a": 1, "b": 2}) == []
    assert mismatches({"a": 1}, {"a": 2}) == ["$.a: expected 1, got 2"]
    assert mismatches({"a": [1]}, {"a": [1, 2]}) == ["$.a: expected 1 items, got 2"]
    assert mismatches({"c": 1}, {}) == ["$.c: missing"]
    assert mismatches(True, 1) != []
