"""The recorded hypothesis-crosshair trial (verification/results/trial.json) is the trial of today's
`TRIALS`, complete, self-consistent, and its planted bugs still apply to the current code. If a test here
fails after a change to a trial or to a function it mutates, run `python -m verification.trial`
(needs `pip install -e '.[trial]'`) and commit the JSON. None of this needs hypothesis-crosshair installed."""

from __future__ import annotations

import importlib
import inspect
import json
import textwrap
from typing import Any

import pytest

from verification.trial import BACKENDS, OUT, SEEDS, TIME_LIMIT, TRIALS, compiled, mutant, runs_of

RECORD: dict[str, Any] = json.loads(OUT.read_text(encoding="utf-8"))


def test_the_record_lists_the_trials_and_planted_bugs_of_the_harness() -> None:
    assert RECORD["trials"] == [t.property for t in TRIALS]
    assert RECORD["planted_bugs"] == {t.plant.name: t.plant._asdict() for t in TRIALS}
    assert RECORD["seeds"] == list(SEEDS) and RECORD["time_limit_seconds"] == TIME_LIMIT
    assert set(RECORD["versions"]) == {"hypothesis", "hypothesis-crosshair", "crosshair-tool"}


def test_every_trial_was_run_under_both_backends_with_and_without_its_bug() -> None:
    recorded = [(r["property"], r["backend"], r["planted_bug"] is not None, r["seed"]) for r in RECORD["runs"]]
    expected = [(t.property, *run) for t in TRIALS for run in runs_of(t)]
    assert sorted(recorded, key=repr) == sorted(expected, key=repr)
    for t in TRIALS:
        for planted in (False, True):
            assert {r["backend"] for r in RECORD["runs"] if r["property"] == t.property
                    and (r["planted_bug"] is not None) == planted} == set(BACKENDS)
        assert {r["planted_bug"] for r in RECORD["runs"] if r["property"] == t.property} == {None, t.plant.name}


@pytest.mark.parametrize("trial", TRIALS, ids=[t.plant.name for t in TRIALS])
def test_each_property_of_the_trial_is_a_hypothesis_test_of_the_suite(trial: Any) -> None:
    module_name, name = trial.property.split("::")
    test = getattr(importlib.import_module(f"tests.{module_name}"), name)
    assert callable(getattr(test.hypothesis, "inner_test", None))


@pytest.mark.parametrize("trial", TRIALS, ids=[t.plant.name for t in TRIALS])
def test_each_planted_bug_is_one_token_of_the_current_source_of_a_function_the_property_runs(trial: Any) -> None:
    """The mutated text is in the function exactly once, so the runs mutate today's code; the function's
    source compiled as the harness compiles it is the function, and the mutant is not."""
    p = trial.plant
    real = getattr(importlib.import_module(p.module), p.function)
    source = textwrap.dedent(inspect.getsource(real))
    assert source.count(p.original) == 1
    assert compiled(p, source).__code__.co_code == real.__code__.co_code
    assert mutant(p).__code__.co_code != real.__code__.co_code


def test_the_recorded_outcomes_are_consistent() -> None:
    """Without a bug no property failed (a failure there would be a bug of the reference); `found` is a
    failure reported by Hypothesis; first failures come within the run; every run kept to its limit."""
    for r in RECORD["runs"]:
        outcome = r["outcome"]
        assert outcome == "passed" or outcome in ("time limit", "killed") or outcome.startswith(("failed: ", "error: ")), r
        if r["planted_bug"] is None:
            assert r["found"] is None and not outcome.startswith("failed"), r
        else:
            assert r["found"] == outcome.startswith("failed"), r
        if r["first_failure_example"] is not None:
            assert r["planted_bug"] is not None and 1 <= r["first_failure_example"] <= r["examples"], r
            assert 0 <= r["first_failure_seconds"] <= r["seconds"], r
        assert 0 <= r["seconds"] <= TIME_LIMIT + 60, r
