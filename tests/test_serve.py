"""The JSON-lines oracle, protocol 1 (docs/protocol.md).

One response line per request line, in order, flushed; blank lines and `stop` get none. A rule
rejection is `{"seq", "error": {code, law, rule, message}}`; a malformed request an `error` with code
request-invalid (never `errored`, which means the oracle broke); an unknown op or ruleset
`{"unsupported": true}`. The process never
dies on bad input. Expected figures: Cavendish's worked deal (000 §Example) and the spec tables.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

import piquet_ref
from piquet_ref import load_ruleset
from piquet_ref.rules.codes import error_catalogue
from piquet_ref.rules.tables import ruleset_ids
from piquet_ref.protocol.serve import respond, serve

EXAMPLE_PATH = Path(piquet_ref.__file__).resolve().parent / "examples" / "cavendish-example.yaml"
EXAMPLE: dict[str, Any] = yaml.safe_load(EXAMPLE_PATH.read_text(encoding="utf-8"))
# The hands after the exchange in Cavendish's deal, worked out by hand from dealt hands, discards and stock.
ELDER_HAND = "AS JS AH QH JH 8H JC 9S 8S KH 9C KD"
YOUNGER_HAND = "TS TH KC QC TC AD QD JD TD QS AC 7D"
OPS = {"evaluate_hand", "compare_declarations", "score_deal", "score_totals", "count", "score_partie", "odds", "apply", "legal_actions"}  # README: the ops of protocol 1 so far


def line(obj: object) -> str:
    return json.dumps(obj) + "\n"


def run(op: str, data: object, seq: object = 1) -> str:
    return line({"cmd": "run", "seq": seq, "op": op, "input": data})


def session(*lines: str, one_shot: bool = False) -> list[dict[str, Any]]:
    """Feed the lines to `serve`; return the responses, each parsed from exactly one output line."""
    out = io.StringIO()
    assert serve(io.StringIO("".join(lines)), out, one_shot=one_shot) == 0
    text = out.getvalue()
    assert text == "" or text.endswith("\n")
    responses = [json.loads(row) for row in text.splitlines()]
    assert all(isinstance(r, dict) for r in responses)
    return responses


def answer(request: str) -> dict[str, Any]:
    """The one response to one request line."""
    responses = session(request)
    assert len(responses) == 1, responses
    return responses[0]


# --- hello -------------------------------------------------------------------------------------------


def test_hello_answers_protocol_1_with_name_version_ops_and_rulesets() -> None:
    reply = answer(line({"cmd": "hello", "protocol": 1}))
    assert set(reply) == {"protocol", "implementation", "capabilities"}
    assert reply["protocol"] == 1
    assert reply["implementation"] == {"name": "piquet-ref", "version": piquet_ref.__version__}
    assert set(reply["capabilities"]["ops"]) == OPS
    assert reply["capabilities"]["rulesets"] == list(ruleset_ids())
    assert "portland-1882" in reply["capabilities"]["rulesets"]


def test_hello_without_protocol_is_answered() -> None:
    assert answer(line({"cmd": "hello"}))["protocol"] == 1


def test_hello_for_another_protocol_is_request_invalid() -> None:
    reply = answer(line({"cmd": "hello", "protocol": 2}))
    assert reply["error"]["code"] == "request-invalid" and "2" in reply["error"]["message"]


@pytest.mark.parametrize("version", [True, 1.0, "1", [1]])
def test_hello_with_a_protocol_that_is_not_the_integer_1_is_request_invalid(version: object) -> None:
    assert answer(line({"cmd": "hello", "protocol": version}))["error"]["code"] == "request-invalid"


# --- the ops -------------------------------------------------------------------------------------------


def test_evaluate_hand_answers_seq_and_result() -> None:
    """README: AS AH AD TC hold a trio of aces (three, sets.score); no sequence; not carte blanche (12 cards needed)."""
    reply = answer(run("evaluate_hand", {"cards": "AS AH AD TC"}, seq=1))
    assert set(reply) == {"seq", "result"} and reply["seq"] == 1
    result = reply["result"]
    assert set(result) == {"point", "sequences", "sets", "carte_blanche"}
    assert result["sequences"] == [] and result["carte_blanche"] is False
    assert [(s["rank"], s["count"], s["points"], sorted(s["cards"])) for s in result["sets"]] == [
        ("A", 3, load_ruleset().sets.values[3], ["AD", "AH", "AS"])
    ]
    assert result["point"]["length"] == 1


def test_evaluate_hand_takes_a_card_list_and_the_default_ruleset_by_name() -> None:
    by_string = answer(run("evaluate_hand", {"cards": "AS KS QS"}))
    by_list = answer(run("evaluate_hand", {"cards": ["AS", "KS", "QS"], "ruleset": "portland-1882"}))
    assert by_string == by_list
    seq = by_list["result"]["sequences"]
    assert [(s["length"], s["top"], s["points"]) for s in seq] == [(3, "A", load_ruleset().sequences.values[3])]


def test_compare_declarations_answers_per_category_as_cavendish_calls_them() -> None:
    """000 §Example: A's point of five (49) is good against B's five (48) on pips; A's quart major is good;
    B's quatorze of tens beats A's three knaves, and B scores it with his three queens: 14 + 3 = 17."""
    rs = load_ruleset()
    reply = answer(run("compare_declarations", {"elder": ELDER_HAND, "younger": {"hand": YOUNGER_HAND}}, seq="c1"))
    assert set(reply) == {"seq", "result"} and reply["seq"] == "c1"
    result = reply["result"]
    assert set(result) == {"point", "sequences", "sets"}
    point = result["point"]
    assert (point["outcome"], point["winner"], point["deciding"]) == ("good", "elder", "pips")
    assert point["best"] == {"elder": {"length": 5, "pips": 49}, "younger": {"length": 5, "pips": 48}}
    assert point["points"] == {"elder": 5 * rs.point.per_card, "younger": 0}
    assert point["status"] == {"elder": "good", "younger": "not_good"}
    assert (result["sequences"]["winner"], result["sequences"]["points"]) == (
        "elder", {"elder": rs.sequences.values[4], "younger": 0},
    )
    assert (result["sets"]["winner"], result["sets"]["points"]) == (
        "younger", {"elder": 0, "younger": rs.sets.values[4] + rs.sets.values[3]},
    )


def test_compare_declarations_honours_a_sunk_point() -> None:
    """rule declare.sinking: a point not declared neither scores nor bars; the younger's 48 is then good."""
    reply = answer(run("compare_declarations", {
        "elder": {"hand": ELDER_HAND, "declare": {"point": "none"}}, "younger": YOUNGER_HAND,
    }))
    point = reply["result"]["point"]
    assert (point["winner"], point["points"]["younger"], point["points"]["elder"]) == ("younger", 5, 0)


def test_score_deal_answers_cavendish_28_to_23() -> None:
    reply = answer(run("score_deal", EXAMPLE, seq=7))
    assert set(reply) == {"seq", "result"} and reply["seq"] == 7
    result = reply["result"]
    assert (result["elder"]["total"], result["younger"]["total"]) == (28, 23)
    assert result["complete"] is True
    assert result["events"][-1]["running"] == {"elder": 28, "younger": 23}


def test_a_rule_rejection_is_an_error_result_with_code_law_rule_and_message() -> None:
    """The younger holds the ten of hearts and plays a club to the ace of hearts: a revoke."""
    reply = answer(run("score_deal", {**EXAMPLE, "tricks": [["AH", "TC"]]}, seq=2))
    assert set(reply) == {"seq", "error"} and reply["seq"] == 2
    entry = error_catalogue()["play-revoke"]
    err = reply["error"]
    assert set(err) == {"code", "law", "rule", "message"}
    assert (err["code"], err["law"], err["rule"]) == ("play-revoke", entry.law, entry.rule)
    assert "tricks[0]" in err["message"] and "TC" in err["message"]
    assert set(answer(run("score_deal", {**EXAMPLE, "tricks": [["AH", "TH"]]}, seq=2))) == {"seq", "result"}


@pytest.mark.parametrize(
    ("op", "data", "code"),
    [
        ("evaluate_hand", {"cards": "AS QQ"}, "card-unknown"),
        ("evaluate_hand", {"cards": "AS AS"}, "card-duplicate"),
        ("evaluate_hand", {"cards": 12}, "record-invalid"),
        ("evaluate_hand", ["AS"], "record-invalid"),
        ("evaluate_hand", {"cards": "AS", "colour": "red"}, "record-invalid"),
        ("compare_declarations", {"elder": ELDER_HAND}, "record-invalid"),
        ("compare_declarations", {"elder": ELDER_HAND, "younger": ELDER_HAND}, "card-duplicate"),
        ("score_deal", {**EXAMPLE, "stock": EXAMPLE["stock"][:7]}, "deal-stock-size"),
        ("score_deal", {**EXAMPLE, "tricks": [["TH", "AH"]]}, "play-out-of-turn"),
        ("score_deal", "a deal", "record-invalid"),
        ("score_deal", None, "record-invalid"),
    ],
    ids=["unknown-card", "duplicate-card", "cards-not-a-list", "input-not-a-mapping", "unknown-key",
         "missing-younger", "same-hand-twice", "short-stock", "out-of-turn", "record-a-string", "record-null"],
)
def test_bad_input_to_an_op_is_an_error_with_its_code(op: str, data: object, code: str) -> None:
    reply = answer(run(op, data, seq=5))
    assert set(reply) == {"seq", "error"} and reply["seq"] == 5
    entry = error_catalogue()[code]
    assert (reply["error"]["code"], reply["error"]["law"], reply["error"]["rule"]) == (code, entry.law, entry.rule)


# --- malformed lines -------------------------------------------------------------------------------


MALFORMED = [
    ("not-json", "hello\n"),
    ("truncated-json", '{"cmd": "run", "seq": 1\n'),
    ("single-quotes", "{'cmd': 'hello'}\n"),
    ("array", '["hello"]\n'),
    ("string", '"hello"\n'),
    ("number", "42\n"),
    ("null", "null\n"),
    ("huge-number", "1" * 5000 + "\n"),
    ("no-cmd", '{"seq": 1}\n'),
    ("unknown-cmd", '{"cmd": "jump", "seq": 1}\n'),
    ("cmd-not-a-string", '{"cmd": ["run"], "seq": 1}\n'),
    ("run-without-op", '{"cmd": "run", "seq": 1, "input": {}}\n'),
    ("op-not-a-string", '{"cmd": "run", "seq": 1, "op": 3, "input": {}}\n'),
    ("run-without-input", '{"cmd": "run", "seq": 1, "op": "score_deal"}\n'),
    ("nested-lists", "[" * 100_000 + "]" * 100_000 + "\n"),
    ("nested-objects", '{"a":' * 100_000 + "1" + "}" * 100_000 + "\n"),
    ("nested-unclosed", "[" * 100_000 + "\n"),
    ("nested-input", '{"cmd": "run", "seq": 1, "op": "score_deal", "input": ' + "[" * 50_000 + "]" * 50_000 + "}\n"),
    ("binary-junk", "\x00\x01\x7f\ufffd\udcff\n"),
    ("seq-nan", '{"cmd": "run", "seq": NaN, "op": "score_deal", "input": {}}\n'),
    ("seq-infinity", '{"cmd": "run", "seq": -Infinity, "op": "score_deal", "input": {}}\n'),
    ("number-too-large", '{"cmd": "run", "seq": 1, "op": "evaluate_hand", "input": {"cards": [1e400]}}\n'),
    ("seq-a-float", '{"cmd": "run", "seq": 1.5, "op": "score_deal", "input": {}}\n'),
    ("seq-a-list", '{"cmd": "run", "seq": [1], "op": "score_deal", "input": {}}\n'),
    ("seq-a-boolean", '{"cmd": "run", "seq": true, "op": "score_deal", "input": {}}\n'),
]


@pytest.mark.parametrize("request_line", [m[1] for m in MALFORMED], ids=[m[0] for m in MALFORMED])
def test_a_malformed_line_gets_one_error_response_never_an_exception(request_line: str) -> None:
    reply = answer(request_line)
    assert set(reply) == {"seq", "error"}, reply
    past_a_limit = request_line.count("[") > 64 or request_line.count("{") > 64 or "1" * 5000 in request_line
    assert reply["error"]["code"] == ("input-too-large" if past_a_limit else "request-invalid") and reply["error"]["message"]


def test_malformed_requests_that_are_objects_echo_their_seq() -> None:
    assert answer('{"cmd": "jump", "seq": "s-9"}\n')["seq"] == "s-9"
    assert answer('{"cmd": "run", "seq": 10, "op": "score_deal"}\n')["seq"] == 10


def test_every_response_is_strict_json_with_a_seq_of_the_documented_types() -> None:
    """No NaN or Infinity ever goes out, and a seq that is not an integer or string is not echoed."""
    for _, line in MALFORMED[-6:]:
        text = serve_text(line)
        json.loads(text, parse_constant=lambda name: pytest.fail(f"{name} in {text}"))
        assert json.loads(text)["seq"] is None


def serve_text(line: str) -> str:
    out = io.StringIO()
    serve(io.StringIO(line), out)
    return out.getvalue()


def test_respond_returns_the_same_answer_in_process() -> None:
    reply, stop = respond('{"cmd": "jump", "seq": 3}')
    assert reply is not None and not stop
    assert reply == answer('{"cmd": "jump", "seq": 3}\n')


# --- unsupported -------------------------------------------------------------------------------------


def test_an_unknown_op_is_unsupported() -> None:
    reply = answer(run("score_match", {}, seq=4))
    assert reply["seq"] == 4 and reply["unsupported"] is True
    assert "result" not in reply and "error" not in reply


def test_an_unknown_ruleset_is_unsupported() -> None:
    for op, data in [
        ("evaluate_hand", {"cards": "AS", "ruleset": "hundred-up"}),
        ("score_deal", {**EXAMPLE, "ruleset": "hundred-up"}),
        ("compare_declarations", {"elder": ELDER_HAND, "younger": YOUNGER_HAND, "ruleset": "hundred-up"}),
    ]:
        reply = answer(run(op, data, seq=op))
        assert reply["seq"] == op and reply["unsupported"] is True
        assert "result" not in reply and "error" not in reply


# --- the loop: blank lines, stop, one-shot, order, seq ------------------------------------------------


def test_blank_lines_get_no_response() -> None:
    assert session("\n", "   \n", "\t\n", "\r\n") == []
    assert [r["seq"] for r in session("\n", run("evaluate_hand", {"cards": "AS"}, seq=1), "\n")] == [1]


def test_stop_ends_the_loop_without_a_response() -> None:
    responses = session(
        run("evaluate_hand", {"cards": "AS"}, seq=1),
        line({"cmd": "stop"}),
        run("evaluate_hand", {"cards": "KS"}, seq=2),
    )
    assert [r["seq"] for r in responses] == [1]


def test_end_of_input_ends_the_loop() -> None:
    assert [r["seq"] for r in session(run("evaluate_hand", {"cards": "AS"}, seq=1))] == [1]


def test_one_shot_answers_one_request() -> None:
    responses = session(
        "\n",
        run("evaluate_hand", {"cards": "AS"}, seq=1),
        run("evaluate_hand", {"cards": "KS"}, seq=2),
        one_shot=True,
    )
    assert [r["seq"] for r in responses] == [1]


def test_one_shot_answers_a_malformed_request_too() -> None:
    responses = session("garbage\n", run("evaluate_hand", {"cards": "KS"}, seq=2), one_shot=True)
    assert len(responses) == 1 and responses[0]["error"]["code"] == "request-invalid"


@pytest.mark.parametrize("seq", [0, 17, -1, 10**30, "abc", "", None])
def test_seq_is_echoed(seq: object) -> None:
    assert answer(run("evaluate_hand", {"cards": "AS"}, seq=seq))["seq"] == seq
    assert answer(run("evaluate_hand", {"cards": "XX"}, seq=seq))["seq"] == seq
    assert answer(run("no_such_op", {}, seq=seq))["seq"] == seq


@pytest.mark.parametrize("seq", [1.5, True, [1, "x"], {"id": 3}])
def test_a_seq_that_is_not_an_integer_or_string_is_request_invalid(seq: object) -> None:
    reply = answer(run("evaluate_hand", {"cards": "AS"}, seq=seq))
    assert reply["seq"] is None and reply["error"]["code"] == "request-invalid" and "seq" in reply["error"]["message"]


def test_a_request_without_seq_is_answered_with_seq_null() -> None:
    reply = answer(line({"cmd": "run", "op": "evaluate_hand", "input": {"cards": "AS"}}))
    assert reply["seq"] is None and "result" in reply


def test_responses_come_one_per_request_in_order() -> None:
    requests = [
        line({"cmd": "hello", "protocol": 1}),
        run("evaluate_hand", {"cards": "AS"}, seq=1),
        "not json\n",
        run("score_deal", {**EXAMPLE, "tricks": [["AH", "TC"]]}, seq=2),
        "\n",
        run("nope", {}, seq=3),
        run("score_deal", EXAMPLE, seq=4),
        '{"cmd": "run", "seq": 5}\n',
        run("compare_declarations", {"elder": ELDER_HAND, "younger": YOUNGER_HAND}, seq=6),
    ]
    responses = session(*requests)
    assert len(responses) == 8
    assert responses[0]["protocol"] == 1
    assert [r.get("seq") for r in responses[1:]] == [1, None, 2, 3, 4, 5, 6]
    kinds = [next(k for k in ("result", "error", "unsupported") if k in r) for r in responses[1:]]
    assert kinds == ["result", "error", "error", "unsupported", "result", "error", "result"]


# --- the installed process over a pipe ------------------------------------------------------------------


def test_piquet_ref_serve_over_a_pipe_answers_every_request_in_order_and_exits_0() -> None:
    exe = shutil.which("piquet-ref", path=str(Path(sys.executable).parent)) or shutil.which("piquet-ref")
    if exe is None:
        pytest.skip("the piquet-ref console script is not installed")
    requests = [
        line({"cmd": "hello", "protocol": 1}).encode(),
        run("evaluate_hand", {"cards": "AS AH AD TC"}, seq=1).encode(),
        b"\xff\xfe this is not even text\n",
        b"{]\n",
        run("score_deal", EXAMPLE, seq=2).encode(),
        b'{"cmd": "run", "seq": "\\ud800", "op": "nope", "input": {}}\n',
        b"[" * 100_000 + b"\n",
        run("score_deal", {**EXAMPLE, "tricks": [["AH", "TC"]]}, seq=3).encode(),
        b"\n",
        run("nope", {}, seq=4).encode(),
        line({"cmd": "stop"}).encode(),
        run("evaluate_hand", {"cards": "KS"}, seq=5).encode(),  # after stop: never answered
    ]
    proc = subprocess.run(
        [exe, "serve"], input=b"".join(requests), capture_output=True, timeout=60, check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},  # strict decoding and encoding, as in an en_US.UTF-8 locale
    )
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    rows = proc.stdout.decode("utf-8").splitlines()
    responses = [json.loads(row) for row in rows]
    assert len(responses) == 9
    assert responses[0]["protocol"] == 1
    assert [r.get("seq") for r in responses[1:]] == [1, None, None, 2, "\ud800", None, 3, 4]
    assert "result" in responses[1] and responses[4]["result"]["elder"]["total"] == 28
    assert responses[2]["error"]["code"] == responses[3]["error"]["code"] == "request-invalid"
    assert responses[5]["unsupported"] is True
    assert responses[6]["error"]["code"] == "input-too-large"  # nested past the depth of the resource policy
    assert responses[7]["error"]["code"] == "play-revoke"
    assert responses[8]["unsupported"] is True
