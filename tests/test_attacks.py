"""Attack properties for every entry point (verification/attacks.py): any hostile record to the API, any line to
`serve`, any argument list to the CLI, any answer of a program under test to the runner ends in a result or a
typed error with a stable code, within the time and memory bounds of verification/attacks.py. The budget is small
in the standard tier and large in the deep tier; `python -m verification.attacks TARGET --seconds N` searches on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import examples
from verification.attacks import OPS, attack_api, attack_cli, attack_request, bounded, cli_argvs, record_values, request_lines, values

from piquet_ref.runner.corpus import load_cases
from piquet_ref.runner.reports import jsonl, junit, summary, tap
from piquet_ref.runner.run import STATUSES, run_corpus

ROOT = Path(__file__).resolve().parent.parent
CASES = load_cases(ROOT / "conformance" / "cases")
SOME = [CASES[i] for i in range(0, len(CASES), 90)]


@settings(max_examples=examples(1500))
@given(st.sampled_from(OPS).flatmap(lambda op: st.tuples(st.just(op), record_values(op))))
def test_any_record_to_the_api_is_a_result_or_a_typed_error(pair: tuple[str, Any]) -> None:
    attack_api(*pair)


@settings(max_examples=examples(1500))
@given(request_lines())
def test_any_line_to_serve_gets_one_well_formed_answer(line: str) -> None:
    attack_request(line)


@settings(max_examples=examples(600))
@given(cli_argvs(), st.sampled_from(["", "elder: 1", "[[[", json.dumps({"elder": [[[]]]})]))
def test_any_argument_list_to_the_cli_exits_0_1_or_2_without_a_traceback(argv: list[str], stdin: str) -> None:
    attack_cli(argv, stdin)


class Hostile:
    """A program under test that answers every request with one hostile value."""

    description = "hostile"
    persistent = True

    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def hello(self, timeout: float) -> dict[str, Any]:
        return {"protocol": 1}

    def request(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        from piquet_ref.runner.adapters import AdapterFailure, parse_response

        try:
            text = json.dumps(self.answer)
        except (TypeError, ValueError, RecursionError):
            raise AdapterFailure("error", "not JSON") from None
        return parse_response(text, request.get("seq"))

    def close(self) -> None:
        pass

    def fresh(self) -> Hostile:
        return Hostile(self.answer)

    def strays(self) -> list[Any]:
        return []


answers = values | st.builds(lambda seq, v: {"seq": seq, "result": v}, st.integers(0, 3), values) | st.builds(
    lambda seq, v: {"seq": seq, "error": v}, st.integers(0, 3), values)


@settings(max_examples=examples(600))
@given(answers)
def test_any_answer_of_a_program_under_test_is_judged_and_reported(answer: Any) -> None:
    outcome = bounded(lambda: run_corpus(SOME, Hostile(answer), timeout=5))
    assert {o.status for o in outcome.outcomes} <= set(STATUSES)
    for report in (jsonl(outcome, "x", "hostile"), junit(outcome), tap(outcome), summary(outcome, "hostile")):
        assert isinstance(report, str)
