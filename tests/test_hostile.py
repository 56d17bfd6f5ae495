"""Hostile input, finding by finding: every entry point (the CLI, `serve`, the API, the runner) ends in a typed
error with a stable code or a result, within bounded time and memory; never a traceback, a RecursionError, a
MemoryError or a hang (docs/limits.md). Each test is one finding of an attack on the package."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import piquet_ref as api
from piquet_ref.cli.main import main
from piquet_ref.rules.errors import MESSAGE_CHARS
from piquet_ref.protocol.serve import answer
from piquet_ref.runner.adapters import ProcessAdapter
from piquet_ref.runner.corpus import load_cases
from piquet_ref.runner.run import run_corpus

ROOT = Path(__file__).resolve().parent.parent
BROKEN = [sys.executable, str(ROOT / "tests" / "adapters" / "broken.py")]
CASES = load_cases(ROOT / "conformance" / "cases")
TOTALS = [c for c in CASES if c.op == "score_deal" and "total" in c.data.get("expect", {}).get("elder", {})][:4]
EXAMPLE = (ROOT / "piquet_ref" / "examples" / "cavendish-example.yaml").read_text(encoding="utf-8")
HAND = "AS KS QS JS TS 9S 8S 7S AH KH QH JH".split()
DEAL = {"elder": {"dealt": HAND}, "younger": {"dealt": "TH 9H 8H 7H AD KD QD JD TD 9D 8D 7D".split()},
        "stock": "AC KC QC JC TC 9C 8C 7C".split()}
LAUGHS = "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(9))
# a process's peak resident memory in kB, printed last on stderr (VmHWM starts afresh at exec; ru_maxrss would
# keep the peak of the forked test process)
PEAK = "print([l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')][0], file=sys.stderr)"
CHAIN = "a0: &a0 [1]\n" + "".join(f"a{i}: &a{i} [*a{i - 1}]\n" for i in range(1, 3000))


def cli(*argv: str, stdin: str = "", env: dict[str, str] | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """`piquet-ref ARGV`: its exit status, stdout and stderr; in this process, or in a fresh interpreter when
    `env` is given (to vary what the environment decides, such as the order of hashing)."""
    if env is not None:
        return subprocess.run([sys.executable, "-m", "piquet_ref", *argv], input=stdin, capture_output=True, text=True,
                              timeout=timeout, check=False, env={**os.environ, **env}, cwd=ROOT)
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8"), out, err
    try:
        status = main(list(argv))
    except SystemExit as exit_:  # argparse's usage errors
        status = exit_.code if isinstance(exit_.code, int) else 2
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return subprocess.CompletedProcess(list(argv), status, out.getvalue(), err.getvalue())


def refused(done: subprocess.CompletedProcess[str], code: str, status: int = 1) -> str:
    """The one-line error of a refused input: the code asked, the exit status, no traceback, a bounded message."""
    assert (done.returncode, done.stdout) == (status, ""), (done.returncode, done.stderr[-500:])
    assert done.stderr.startswith(f"piquet-ref: error: {code}") and "Traceback" not in done.stderr, done.stderr[-500:]
    assert len(done.stderr) < MESSAGE_CHARS + 200
    return done.stderr


# ---------------------------------------------------------------- parsing and error messages


@pytest.mark.parametrize("document", ["elder: " + "9" * 5000, "elder: 0x" + "f" * 5000, '{"elder": ' + "9" * 5000 + "}"],
                         ids=["yaml-decimal", "yaml-hex", "json"])
def test_an_integer_of_five_thousand_digits_in_a_record_is_refused_by_its_limit(document: str) -> None:
    assert "integer_digits" in refused(cli("score", "-", stdin=document), "input-too-large")


def test_an_integer_of_five_thousand_digits_is_refused_in_odds_and_replay_and_by_the_api() -> None:
    assert "integer_digits" in refused(cli("odds", *HAND, "--discard", "AS", "--if", "{point: " + "9" * 5000 + "}"), "input-too-large")
    assert "integer_digits" in refused(cli("replay", "-", stdin="elder: " + "9" * 5000), "input-too-large")
    with pytest.raises(api.PiquetError, match="an integer of 5001 digits") as info:
        api.parse_card(10**5000)  # type: ignore[arg-type]
    assert info.value.code == "card-unknown"


@pytest.mark.parametrize("argv", [["score", "-"], ["score", "-", "--compare"], ["partie", "-"], ["replay", "-"]],
                         ids=["score", "compare", "partie", "replay"])
def test_a_billion_laughs_is_refused_quickly_in_every_command_that_reads_a_record(argv: list[str]) -> None:
    began = time.monotonic()
    assert "values" in refused(cli(*argv, stdin=LAUGHS), "input-too-large")
    assert time.monotonic() - began < 20


def test_a_billion_laughs_and_a_chain_of_aliases_are_refused_in_a_condition() -> None:
    laughs = "{" + LAUGHS.replace("\n", ", ").rstrip(", ") + ", point: 5}"
    assert "input-too-large" in refused(cli("odds", *HAND, "--discard", "AS", "--if", laughs), "input-too-large")
    assert "depth" in refused(cli("score", "-", stdin=CHAIN), "input-too-large")


def test_six_hundred_nested_brackets_in_a_condition_are_refused_by_the_depth_limit() -> None:
    assert "depth" in refused(cli("odds", *HAND, "--discard", "AS", "--if", "[" * 600 + "]" * 600), "input-too-large")


@pytest.mark.parametrize("document", ["elder: 1", "elder: [{}]", "actions: 5", "elder: {dealt: 5}"])
def test_replay_refuses_a_record_of_the_wrong_shape_with_a_typed_error(document: str) -> None:
    refused(cli("replay", "-", stdin=document), "record-invalid", status=1)


def nested(depth: int) -> list[Any]:
    out: list[Any] = []
    inner = out
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return out


@pytest.mark.parametrize("call", [
    lambda deep: api.parse_card(deep),
    lambda deep: api.parse_cards(deep),
    lambda deep: api.parse_cards([deep]),
    lambda deep: api.score_deal(deep),
    lambda deep: api.score_deal({"elder": deep, "younger": deep}),
    lambda deep: api.load_ruleset(deep),
    lambda deep: api.score_partie(deep),
    lambda deep: api.score_partie({"players": deep, "deals": deep}),
    lambda deep: api.compare_rulesets(deep),
    lambda deep: api.compare_rulesets({"elder": deep}),
    lambda deep: api.evaluate_hand(deep),
], ids=["parse_card", "parse_cards", "parse_cards-item", "score_deal", "score_deal-field", "load_ruleset",
        "score_partie", "score_partie-field", "compare_rulesets", "compare_rulesets-field", "evaluate_hand"])
def test_a_list_nested_a_thousand_deep_is_a_typed_error_from_the_api(call: Any) -> None:
    with pytest.raises(api.PiquetError) as info:
        call(nested(1000))
    assert len(str(info.value)) < 400


def test_an_error_message_quotes_a_ten_megabyte_card_string_in_a_few_characters() -> None:
    with pytest.raises(api.PiquetError) as info:
        api.parse_card("A" * 10_000_000)
    assert len(info.value.message) < 300
    done = cli("score", "-", stdin=json.dumps({"elder": {"hand": "Z" * 50_000}, "younger": {"hand": []}}))
    assert done.returncode == 1 and "card-unknown" in done.stderr and len(done.stderr) < 400
    assert "string_chars" in refused(cli("score", "-", stdin=json.dumps({"elder": {"hand": "Z" * 3_000_000}})), "input-too-large")


def test_an_error_message_does_not_depend_on_the_order_of_hashing() -> None:
    document = "elder: {hand: !!set {ZZ, YY, XX, WW, VV}}\nyounger: {hand: []}\n"
    outs = {cli("score", "-", stdin=document, env={"PYTHONHASHSEED": seed}).stderr for seed in ("1", "2", "3")}
    assert len(outs) == 1 and "input-unreadable" in outs.pop()
    with pytest.raises(api.PiquetError) as info:
        api.score_deal({"elder": {"hand": ["AS"], "discard": {"ZZ", "YY", "XX"}}, "younger": {"hand": []}})
    assert info.value.code == "record-invalid"


def test_a_negative_top_is_a_usage_error_not_all() -> None:
    done = cli("odds", *HAND, "--rank-by", "{point: 6}", "--top", "-5")
    assert done.returncode == 2 and "--top" in done.stderr and done.stdout == ""


# ---------------------------------------------------------------- the cost of a request


def serve_lines(*requests: dict[str, Any] | str, limit: list[str] | None = None, timeout: float = 120) -> tuple[list[dict[str, Any]], float]:
    """`piquet-ref serve` answering these request lines: its responses and its peak memory in MB."""
    text = "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in requests)
    probe = ("import sys, runpy; sys.argv = ['piquet-ref', 'serve', *sys.argv[1:]];\n"
             "try:\n    runpy.run_module('piquet_ref', run_name='__main__')\n"
             f"finally:\n    {PEAK}")
    done = subprocess.run([sys.executable, "-c", probe, *sum((["--limit", x] for x in limit or []), [])], input=text,
                          capture_output=True, text=True, timeout=timeout, check=False, cwd=ROOT)
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    return [json.loads(line) for line in done.stdout.splitlines()], int(done.stderr.split()[-1]) / 1024


def count(depth: int, actions: list[dict[str, Any]] | None = None, seq: int = 1) -> dict[str, Any]:
    return {"cmd": "run", "seq": seq, "op": "count", "input": {"kind": "actions", "depth": depth, **DEAL, "actions": actions or []}}


def test_an_expensive_count_is_refused_within_its_budget_and_the_next_request_is_answered() -> None:
    cheap = {"cmd": "run", "seq": 2, "op": "evaluate_hand", "input": {"cards": "AS KS QS"}}
    began = time.monotonic()
    (big, small), peak = serve_lines(count(3), cheap)
    assert big["seq"] == 1 and big["error"]["code"] == "request-over-budget" and "count_work" in big["error"]["message"]
    assert small == answer(cheap)  # answered as if alone
    assert time.monotonic() - began < 60 and peak < 200


@pytest.mark.deep  # a minute of a core or more: the standard tier has the cheap form of this finding
def test_a_count_ten_actions_ahead_of_the_first_lead_is_refused_and_allowed_on_purpose() -> None:
    calls: list[dict[str, Any]] = [{"player": p, "action": "call", "category": c, "holdings": []} for c in ("point", "sequences", "sets") for p in ("elder", "younger")]
    to_lead: list[dict[str, Any]] = [{"player": "elder", "action": "exchange", "discard": ["7S"]}, {"player": "younger", "action": "exchange", "discard": ["7D"]}, *calls]
    (deep,), _ = serve_lines(count(10, to_lead))
    assert deep["error"]["code"] == "request-over-budget"
    (shallow,), _ = serve_lines(count(2, to_lead))
    assert shallow["result"]["total"] > 0
    (raised,), _ = serve_lines(count(3, to_lead), limit=["count_work=2000000"])
    assert raised["result"]["total"] > 0


@pytest.mark.deep  # a minute of a core or more: the standard tier has the cheap form of this finding
def test_an_odds_question_of_many_conditions_is_answered_or_refused_within_bounds() -> None:
    pairs = list(zip("AS KS QS JS TS 9S 8S 7S AH KH QH JH TH 9H 8H".split(), "AD KD QD JD TD 9D 8D 7D AC KC QC JC TC 9C 8C".split()))
    question = {"kind": "take_in", "hand": ["7H", "7C", "9S"], "take": 14, "condition": {"any": [{"taken": list(p)} for p in pairs]}}
    held = {"kind": "take_in", "hand": ["7H", "7C", "9S"], "take": 14, "condition": {"all": [{"holds": list(p), "at_most": 1} for p in pairs]}}
    began = time.monotonic()
    responses, peak = serve_lines(*({"cmd": "run", "seq": i, "op": "odds", "input": q} for i, q in enumerate((question, held))))
    for response in responses:
        assert "result" in response or response["error"]["code"] == "request-over-budget"
    assert time.monotonic() - began < 60 and peak < 200


@pytest.mark.deep  # a minute of a core or more: the standard tier has the cheap form of this finding
def test_a_request_line_of_twenty_megabytes_is_refused_without_holding_it() -> None:
    line = '{"cmd": "run", "seq": 1, "op": "evaluate_hand", "input": {"cards": "' + "A" * 20_000_000 + '"}}'
    (reply, after), peak = serve_lines(line, {"cmd": "run", "seq": 2, "op": "evaluate_hand", "input": {"cards": "AS"}})
    assert reply["seq"] is None and reply["error"]["code"] == "input-too-large" and "input_bytes" in reply["error"]["message"]
    assert after["seq"] == 2 and "result" in after
    assert peak < 200


def test_a_six_megabyte_yaml_file_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("notes:\n" + "".join(f"  - line {i} of a long file\n" for i in range(260_000)), encoding="utf-8")
    began = time.monotonic()
    assert "input_bytes" in refused(cli("score", str(path)), "input-too-large")
    assert time.monotonic() - began < 20


# ---------------------------------------------------------------- the runner against a hostile adapter


def hostile_run(tmp_path: Path, plan: str, *extra: str) -> tuple[subprocess.CompletedProcess[str], list[dict[str, Any]]]:
    """`conformance run` against the broken adapter doing `plan`, with every report written: the run, and the
    JSONL report's records (the JUnit and TAP reports are checked to be well-formed)."""
    ids = [arg for c in TOTALS for arg in ("--id", c.id)]
    done = cli("conformance", "run", "--impl", " ".join(BROKEN + plan.split()), *ids, "--timeout", "5", *extra,
               "--jsonl", str(tmp_path / "r.jsonl"), "--junit", str(tmp_path / "r.xml"), "--tap", str(tmp_path / "r.tap"), timeout=120)
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    ET.parse(tmp_path / "r.xml")  # well-formed whatever the program wrote
    assert (tmp_path / "r.tap").read_text(encoding="utf-8").startswith("TAP version 14")
    return done, [json.loads(line) for line in (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()]


def statuses(records: list[dict[str, Any]]) -> list[str]:
    return [r["status"] for r in records if r["record"] == "case"]


@pytest.mark.parametrize("plan", ["deep=1", "surrogate=1", "control=1", "seq-float=1", "seq-true=1"])
def test_a_hostile_answer_costs_its_case_only_and_every_report_is_written(tmp_path: Path, plan: str) -> None:
    done, records = hostile_run(tmp_path, plan)
    assert done.returncode == 1
    got = statuses(records)
    assert got[1] in ("error", "fail") and got[:1] + got[2:] == ["pass"] * (len(TOTALS) - 1)


def test_an_adapter_that_closes_its_output_and_stays_alive_is_a_crash_not_a_hang(tmp_path: Path) -> None:
    began = time.monotonic()
    done, records = hostile_run(tmp_path, "close=1")
    assert statuses(records)[1] == "crash" and time.monotonic() - began < 60


def test_a_second_answer_is_blamed_on_the_case_it_answers(tmp_path: Path) -> None:
    done, records = hostile_run(tmp_path, "twice=2")
    got = statuses(records)
    assert got[2] == "error" and got[3] == "pass" and done.returncode == 1


@pytest.mark.parametrize("timeout", ["inf", "1e308", "nan", "-1", "0"])
def test_a_timeout_that_is_no_number_of_seconds_is_a_usage_error_in_every_mode(timeout: str) -> None:
    for argv in (["conformance", "run", "--impl", "true"], ["conformance", "run", "--impl", "true", "--one-shot"],
                 ["fuzz", "--impl", "true"]):
        done = cli(*argv, "--timeout", timeout)
        assert done.returncode == 2 and "Traceback" not in done.stderr, (argv, done.stderr[-300:])


def test_a_timed_out_adapter_started_through_a_shell_leaves_no_child(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    script = f"{sys.executable} {BROKEN[1]} pid=*; true"  # the shell waits on its child, which is not exec'd
    outcome = run_corpus(TOTALS[:1], ProcessAdapter(["sh", "-c", script]), timeout=3)
    assert [o.status for o in outcome.outcomes] == ["timeout"]
    child = int(pid_file.read_text(encoding="utf-8"))
    time.sleep(0.5)
    assert not alive(child)


def alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie, killed and awaiting its reaping, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(autouse=True)
def pid_file_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIQUET_PID_FILE", str(tmp_path / "pid"))


@pytest.mark.deep  # a minute of a core or more: the standard tier has the cheap form of this finding
def test_fifty_megabytes_of_stderr_without_a_newline_keep_the_runner_small(tmp_path: Path) -> None:
    probe = ("import sys\nfrom piquet_ref.cli.main import main\n"
             f"status = main(sys.argv[1:])\n{PEAK}\nsys.exit(status)")
    done = subprocess.run([sys.executable, "-c", probe, "conformance", "run", "--impl", " ".join(BROKEN + ["flood=0"]),
                           "--id", TOTALS[0].id, "--timeout", "60", "--quiet"], capture_output=True, text=True, timeout=180, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-500:]
    assert int(done.stderr.split()[-1]) / 1024 < 200


def test_fuzzing_a_program_that_answers_with_a_deep_value_reports_it_broken() -> None:
    done = cli("fuzz", "--impl", " ".join(BROKEN + ["deep=*"]), "--deals", "3", "--stop-after", "1", "--timeout", "10")
    assert done.returncode == 1 and "Traceback" not in done.stderr and "without a result" in done.stdout
    done = cli("fuzz", "--python", "tests.adapters.hostile:deep", "--deals", "3", "--stop-after", "1")
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-500:]


def test_the_limits_documented_are_the_limits_of_the_code() -> None:
    import re
    from dataclasses import fields

    from piquet_ref.rules.files import LIMITS, Limits

    text = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    documented = {name: int(value.replace(",", "")) for name, value in re.findall(r"^\| `(\w+)` \| ([\d,]+) \|", text, flags=re.M)}
    assert documented == {f.name: getattr(LIMITS, f.name) for f in fields(Limits)}
