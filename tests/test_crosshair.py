"""CrossHair searches every rule contract for a counterexample, within a budget calibrated on planted bugs.

CrossHair is a bounded symbolic search, not a proof: "not confirmed" means no counterexample was
found within PER_CONDITION_TIMEOUT seconds. The calibration test keeps that budget honest: the same
run must find every bug planted in verification/calibration/planted.py.
"""

from __future__ import annotations

import pytest

from verification.crosshair import (
    CALIBRATION_MODULE,
    CONTRACT_MODULES,
    PER_CONDITION_TIMEOUT,
    UNSEARCHED,
    CrosshairRun,
    contracts,
    outcome_of,
    run_crosshair,
)


@pytest.fixture(scope="module")
def run() -> CrosshairRun:
    return run_crosshair(CONTRACT_MODULES + (CALIBRATION_MODULE,))


@pytest.mark.deep  # minutes of symbolic search
def test_crosshair_finds_no_counterexample_to_any_rule_contract(run: CrosshairRun) -> None:
    posts = [c for c in contracts(CONTRACT_MODULES) if c.kind == "post"]
    assert len(posts) >= 30
    report = {f"{c.function}: {c.condition}": outcome_of(run, c) for c in posts}
    unreported = [k for k, v in report.items() if v is None]
    assert not unreported, f"CrossHair reported nothing for these (did the run fail?):\n{unreported}\n{run.output[-3000:]}"
    unsearched = [k for k, v in report.items() if v == UNSEARCHED]
    assert not unsearched, f"no input meeting the preconditions finished within the budget, so nothing was searched: {unsearched}"
    broken = {k: v for k, v in report.items() if v is not None and v.startswith("counterexample")}
    assert not broken, f"CrossHair found counterexamples to rule contracts: {broken}"


@pytest.mark.deep  # minutes of symbolic search
def test_the_crosshair_budget_finds_every_planted_bug(run: CrosshairRun) -> None:
    planted = [c for c in contracts((CALIBRATION_MODULE,)) if c.kind == "post"]
    assert len(planted) >= 5
    missed = [f"{c.function}: {c.condition} ({outcome_of(run, c)})" for c in planted
              if not (outcome_of(run, c) or "").startswith("counterexample")]
    assert not missed, (
        f"the CrossHair budget is too small: with --per_condition_timeout {PER_CONDITION_TIMEOUT} it no longer "
        f"finds these planted bugs: {missed}"
    )


def test_every_contract_names_the_rules_or_laws_it_states_and_they_exist() -> None:
    from piquet_ref import default_ruleset
    from piquet_ref.rules.laws import NUMBERS

    ids = set(default_ruleset().rules)
    for c in contracts(CONTRACT_MODULES):
        assert c.rules or c.laws, f"{c.module}.{c.function} has contracts but no `rules:` or `laws:` line"
        assert set(c.rules) <= ids, f"{c.module}.{c.function} names unknown rules {set(c.rules) - ids}"
        assert set(c.laws) <= set(NUMBERS), f"{c.module}.{c.function} names laws not in the code of 1882 {set(c.laws) - set(NUMBERS)}"
