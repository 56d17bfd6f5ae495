"""The conformance runner: the reference passes in every mode; a broken implementation is reported case by
case (wrong score, crash, hang, garbage) with nothing else lost; expected failures; reports; exit codes."""

from __future__ import annotations

import json
from collections import Counter
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from piquet_ref.runner.adapters import FunctionAdapter, OneShotAdapter, ProcessAdapter
from piquet_ref.cli.main import main
from piquet_ref.runner.corpus import Case, load_cases
from piquet_ref.runner.levels import load_levels
from piquet_ref.runner.reports import jsonl, junit, summary, tap
from piquet_ref.runner.run import RunOutcome, Selection, run_corpus

ROOT = Path(__file__).resolve().parent.parent
CASES = load_cases(ROOT / "conformance" / "cases")
SERVE = [sys.executable, "-m", "piquet_ref", "serve"]
BROKEN = [sys.executable, str(ROOT / "tests" / "adapters" / "broken.py")]
# Cases that pin the elder's total, so that a total off by one must fail them.
TOTALS = [c for c in CASES if c.op == "score_deal" and "total" in c.data.get("expect", {}).get("elder", {})][:9]


def test_the_whole_corpus_passes_against_the_reference_in_a_persistent_process() -> None:
    run = run_corpus(CASES, ProcessAdapter(SERVE))
    assert run.status_counts() == {"pass": len(CASES)} and run.complete and run.exit_code == 0


@pytest.mark.deep  # minutes: a process for every case; the persistent and in-process runs are in the standard tier
def test_the_whole_corpus_passes_against_the_reference_one_request_per_process(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # Each process would compile the package afresh where PYTHONDONTWRITEBYTECODE is set; the first
    # one caches its bytecode here, outside the source tree, for the others.
    monkeypatch.delenv("PYTHONDONTWRITEBYTECODE", raising=False)
    monkeypatch.setenv("PYTHONPYCACHEPREFIX", str(tmp_path))
    run = run_corpus(CASES, OneShotAdapter(SERVE + ["--one-shot"]), timeout=30, jobs=2)
    failed = [(o.case.id, o.status, o.diffs) for o in run.outcomes if o.status != "pass"]
    assert failed == [] and run.status_counts() == {"pass": len(CASES)} and run.exit_code == 0


def test_several_jobs_judge_every_case_as_one_job_does_and_report_in_corpus_order() -> None:
    plan = "wrong=1 crash=3 garbage=5 unsupported=6"
    alone = run_corpus(TOTALS, ProcessAdapter(BROKEN + plan.split()), timeout=30)
    together = run_corpus(TOTALS, ProcessAdapter(BROKEN + plan.split()), timeout=30, jobs=3)
    assert [(o.case.id, o.status) for o in together.outcomes] == [(o.case.id, o.status) for o in alone.outcomes]
    assert together.restarts == alone.restarts == 2 and together.complete
    few = TOTALS[:4]
    one_shot = run_corpus(few, OneShotAdapter(BROKEN + ["wrong=2"]), timeout=30, jobs=2)
    assert [o.status for o in one_shot.outcomes] == ["pass", "pass", "fail", "pass"]
    with pytest.raises(ValueError, match="jobs"):
        run_corpus(few, ProcessAdapter(BROKEN), jobs=0)


def test_the_whole_corpus_passes_against_the_reference_in_process() -> None:
    run = run_corpus(CASES, FunctionAdapter("piquet_ref.protocol.serve:answer"))
    assert run.status_counts() == {"pass": len(CASES)}
    levels = load_levels(ROOT / "conformance")
    counts = Counter(level for case in CASES for level in levels.classify(case).of_case)
    assert run.per_level() == {level: (counts[level], counts[level]) for level in levels.order}  # every level judged


def broken_run(plan: str, max_restarts: int = 10, expect_fail: dict[str, str] | None = None) -> RunOutcome:
    return run_corpus(TOTALS, ProcessAdapter(BROKEN + plan.split()), timeout=2, max_restarts=max_restarts, expect_fail=expect_fail)


def test_a_broken_implementation_is_reported_case_by_case_with_nothing_else_lost() -> None:
    assert len(TOTALS) == 9
    run = broken_run("wrong=1 crash=3 hang=5 garbage=7 errored=8")
    statuses = [o.status for o in run.outcomes]
    assert statuses == ["pass", "fail", "pass", "crash", "pass", "timeout", "pass", "error", "error"]
    assert run.outcomes[1].diffs == (f"$.elder.total: expected {TOTALS[1].data['expect']['elder']['total']}, got {TOTALS[1].data['expect']['elder']['total'] + 1}",)
    assert "crashing on purpose" in run.outcomes[3].diffs[0] and "not JSON" in run.outcomes[7].diffs[0]
    assert run.restarts == 3 and run.complete and run.exit_code == 1


def test_unsupported_is_not_a_failure() -> None:
    run = broken_run("unsupported=0 unsupported=4")
    assert [o.status for o in run.outcomes].count("unsupported") == 2 and run.exit_code == 0


def test_when_restarts_run_out_the_rest_is_not_run_and_the_run_is_incomplete() -> None:
    run = broken_run("crash=0 crash=1 crash=2", max_restarts=1)
    assert [o.status for o in run.outcomes] == ["crash", "crash"]
    assert [c.id for c in run.not_run] == [c.id for c in TOTALS[2:]]
    assert not run.complete and run.exit_code == 3
    assert "Bail out!" in tap(run) and '"complete": false' in jsonl(run, "test", "broken")


def test_expected_failures_are_xfail_and_an_unexpected_pass_is_reported() -> None:
    run = broken_run("wrong=1", expect_fail={TOTALS[1].id: "known bug", TOTALS[2].id: "was broken once"})
    assert [o.status for o in run.outcomes][:3] == ["pass", "xfail", "xpass"]
    assert run.exit_code == 1 and run.unexpected == 1


def test_reports_agree_on_the_counts() -> None:
    run = broken_run("wrong=1 crash=3")
    records = [json.loads(line) for line in jsonl(run, "test", "broken").splitlines()]
    assert records[0]["record"] == "header" and records[-1]["record"] == "footer"
    assert records[-1]["counts"] == {"pass": 7, "fail": 1, "crash": 1} and records[-1]["exit_code"] == 1
    failed = records[2]
    assert failed["status"] == "fail" and failed["expected"] == {"expect": TOTALS[1].data["expect"]} and failed["got"]["result"]
    suite = ET.fromstring(junit(run))
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("9", "1", "1")
    lines = tap(run).splitlines()
    assert lines[:2] == ["TAP version 14", "1..9"] and sum(line.startswith("not ok") for line in lines) == 2
    assert "FAIL" in summary(run, "broken") and "1 fail" in summary(run, "broken")


def test_filters_select_by_op_rule_glob_tag_ruleset_id_and_area() -> None:
    case = CASES[0]
    assert Selection(ops=("score_deal",)).admits(case) == (case.op == "score_deal")
    assert all(Selection(rules=("point.*",)).admits(c) == any(r.startswith("point.") for r in c.rules) for c in CASES)
    assert [c.id for c in CASES if Selection(ids=(case.id,)).admits(c)] == [case.id]
    assert all(Selection(areas=("errors",)).admits(c) == (c.path.parts[0] == "errors") for c in CASES)
    assert all(Selection(rulesets=("portland-1882",)).admits(c) == ("portland-1882" in c.rulesets) for c in CASES)
    assert not any(Selection(tags=("no-such-tag",)).admits(c) for c in CASES)


def test_the_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    area = ["--area", "hands"]
    assert main(["conformance", "run", "--python", "piquet_ref.protocol.serve:answer", *area]) == 0
    assert main(["conformance", "run", "--impl", " ".join(BROKEN) + " wrong=0", "--id", TOTALS[0].id]) == 1
    assert main(["conformance", "run", "--python", "piquet_ref.protocol.serve:answer", "--op", "no-such-op"]) == 2
    assert main(["conformance", "run", "--python", "no_such_module:f"]) == 2
    two = ["--id", TOTALS[0].id, "--id", TOTALS[1].id]
    assert main(["conformance", "run", "--impl", " ".join(BROKEN) + " crash=0", *two, "--max-restarts", "0"]) == 3
    out = tmp_path / "xfail.yaml"
    assert main(["conformance", "run", "--impl", " ".join(BROKEN) + " wrong=0", "--id", TOTALS[0].id, "--write-expect-fail", str(out)]) == 1
    assert main(["conformance", "run", "--impl", " ".join(BROKEN) + " wrong=0", "--id", TOTALS[0].id, "--expect-fail", str(out)]) == 0
    assert "piquet-ref: error: " in capsys.readouterr().err


def test_an_implementation_that_cannot_start_is_a_crash_per_case_then_incomplete() -> None:
    run = run_corpus(TOTALS[:3], ProcessAdapter(["/nonexistent/impl"]), max_restarts=1)
    assert [o.status for o in run.outcomes] == ["crash"] and not run.complete and run.exit_code == 3


def test_cases_are_loaded_with_their_area(tmp_path: Path) -> None:
    assert {c.area for c in CASES} >= {"errors", "hands", "source-examples"}
    assert all(isinstance(c, Case) and not c.path.is_absolute() for c in CASES)


def test_a_process_output_is_read_to_its_end_after_its_stream_is_closed() -> None:
    """The runner closes a finished process's streams (`end_group`) while the thread reading them may still be at
    work; the number of the closed descriptor then goes to the next process's pipe. The thread reads a descriptor of
    its own, so it reads its own process's output to the end and never the next one's (with two jobs of one-shot
    processes, a thread reading the reused number took the other process's answer)."""
    import os
    import time

    from piquet_ref.runner.adapters import EOF, _Stream

    r, w = os.pipe()
    stream = os.fdopen(r, "rb")
    lines = _Stream(stream, 1000, None).lines
    os.write(w, b"first\n")
    assert lines.get(timeout=5) == "first"
    time.sleep(0.05)  # the thread waits on its next read
    stream.close()  # as end_group does; the number is free again
    r2, w2 = os.pipe()  # the next process's pipe, most likely on that number
    os.write(w2, b"theirs\n")
    os.write(w, b"mine\n")
    assert lines.get(timeout=5) == "mine"
    os.write(w, b"more\n")
    os.close(w)
    assert lines.get(timeout=5) == "more" and lines.get(timeout=5) is EOF
    assert os.read(r2, 100) == b"theirs\n"  # still there for its own reader
    os.close(r2)
    os.close(w2)
