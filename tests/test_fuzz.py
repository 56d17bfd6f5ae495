"""Differential fuzzing: the reference agrees with itself; a bug is found, minimised to the fewest tricks
and the first differing key, and written as a case that the reference passes and the buggy program fails."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from piquet_ref.runner.adapters import FunctionAdapter, ProcessAdapter
from piquet_ref.cli.main import main
from piquet_ref.runner.corpus import Case, judge, run_case
from piquet_ref.runner.fuzz import case_of, differing_keys, fuzz

ROOT = Path(__file__).resolve().parent.parent
BROKEN = [sys.executable, str(ROOT / "tests" / "adapters" / "broken.py")]
CASE_SCHEMA = Draft202012Validator(yaml.safe_load((ROOT / "conformance" / "schema" / "case.schema.json").read_text(encoding="utf-8")))


def test_the_reference_agrees_with_itself_over_random_deals() -> None:
    outcome = fuzz(FunctionAdapter("piquet_ref.protocol.serve:answer"), 200, seed=7, ruleset="portland-1882")
    assert (outcome.deals, outcome.disagreements, outcome.broken) == (200, (), ())


def test_a_forgotten_last_trick_point_is_found_and_needs_every_trick() -> None:
    outcome = fuzz(ProcessAdapter(BROKEN + ["no-last-trick=*"]), 20, seed=1, ruleset="portland-1882", limit=1)
    (d,) = outcome.disagreements
    assert d.key == "play" and len(d.record["tricks"]) == 12 and "hand" in d.record["elder"]  # the exchange is not needed


def test_a_wrong_total_is_minimised_to_no_tricks_and_written_as_a_passing_case() -> None:
    outcome = fuzz(ProcessAdapter(BROKEN + ["wrong=*"]), 20, seed=3, ruleset="portland-1882", limit=1)
    (d,) = outcome.disagreements
    assert d.key == "total" and d.record["tricks"] == [] and d.original_tricks == 12
    data = case_of(d, "PQ-00000")
    assert list(CASE_SCHEMA.iter_errors(data)) == []
    case = Case(Path("fuzz/found.yaml"), data)
    assert run_case(case) == []
    assert judge(case, d.got)[0] == "fail"


def test_differing_keys_lists_score_keys_in_accretion_order_then_winners() -> None:
    a = {"elder": {"point": 4, "total": 4}, "younger": {}, "tricks": [{"winner": "elder"}], "complete": False}
    b = {"elder": {"point": 0, "total": 0}, "younger": {}, "tricks": [{"winner": "younger"}], "complete": False}
    assert differing_keys(a, b) == ["point", "total", "winner"]
    assert differing_keys(a, a) == []


def test_the_fuzz_command_writes_cases_and_exits_1_on_disagreement(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--python", "piquet_ref.protocol.serve:answer", "--deals", "30"]) == 0
    assert main(["fuzz", "--impl", " ".join(BROKEN) + " wrong=*", "--deals", "5", "--limit", "1", "--out", str(tmp_path)]) == 1
    (written,) = tmp_path.glob("fuzz-PQ-*.yaml")
    assert run_case(Case(Path(written.name), yaml.safe_load(written.read_text(encoding="utf-8")))) == []
    assert main(["fuzz", "--impl", " ".join(BROKEN) + " unsupported=*", "--deals", "5"]) == 2
    assert "differs first on total" in capsys.readouterr().out
