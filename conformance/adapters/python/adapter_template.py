#!/usr/bin/env python3
"""A starting point for a Python adapter to the piquet-ref conformance corpus (protocol 1, ADAPTER.md).

Copy this file and fill in the marked part. The protocol (hello, run, stop; one JSON object a line,
flushed; `seq` echoed; the four kinds of answer) is done below, so your glue is a few lines. Standard
library only, Python 3.8 or later. Try it from the repository root (reference_totals.py is an example):

    piquet-ref conformance run --impl "python3 my_adapter.py" --op score_deal --level totals
"""
import json
import sys
from typing import Any, Callable, Dict, Optional, Sequence

Op = Callable[[Dict[str, Any]], Dict[str, Any]]


class Rejected(Exception):
    """Raise for an input that breaks a law or is malformed: an `error` answer, judged like a result.
    `code` is one of spec/errors.yaml (play-revoke, card-duplicate, ...); `law` the Portland law."""

    def __init__(self, code: str, message: str, law: Optional[int] = None) -> None:
        super().__init__(message)
        self.code, self.message, self.law = code, message, law


class Unsupported(Exception):
    """Raise for an op, ruleset or form of input you do not handle: `unsupported`, never a failure."""


# ---- your engine: fill this in -------------------------------------------------------------------
def score_deal(record: Dict[str, Any]) -> Dict[str, Any]:
    """A deal record (ADAPTER.md, `score_deal`) in; out at least each player's ten totals, all that
    level `totals` judges: {"elder": {"carte_blanche": 0, "point": 4, "sequences": 0, "sets": 14,
    "repique": 0, "pique": 0, "play": 7, "cards": 10, "capot": 0, "total": 35}, "younger": {...}}."""
    raise Unsupported("score_deal is not written yet")


OPS: Dict[str, Op] = {"score_deal": score_deal}  # op -> function(input) -> result; the rest: unsupported
# ---- end of your engine --------------------------------------------------------------------------


def answer(request: Any, ops: Dict[str, Op], hello: Dict[str, Any]) -> Dict[str, Any]:
    """The one response to a `hello` or `run` request: any exception becomes its kind of answer."""
    if not isinstance(request, dict) or request.get("cmd") not in ("hello", "run"):  # never sent by the runner
        return {"seq": None, "error": {"code": "request-invalid", "message": "not a hello or run request"}}
    if request["cmd"] == "hello":
        return hello
    seq, data, op = request.get("seq"), request.get("input"), ops.get(str(request.get("op")))
    try:
        if op is None:
            raise Unsupported(f"op {request.get('op')!r} is not offered; ops: {', '.join(sorted(ops))}")
        if not isinstance(data, dict):  # every op's input is a mapping (one corpus case checks this)
            raise Rejected("record-invalid", f"the input must be a mapping, got {type(data).__name__}")
        if data.get("ruleset", "portland-1882") not in hello["capabilities"]["rulesets"]:
            raise Unsupported(f"ruleset {data['ruleset']!r} is not offered")
        return {"seq": seq, "result": op(data)}
    except Rejected as exc:  # a rule rejection is a proper answer, judged against expect_error
        law = {} if exc.law is None else {"law": exc.law}
        return {"seq": seq, "error": {"code": exc.code, "message": exc.message, **law}}
    except Unsupported as exc:
        return {"seq": seq, "unsupported": True, "message": str(exc)}
    except Exception as exc:  # a fault of the engine: `errored`, never a pass; the detail to stderr
        print(f"seq {seq!r}: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
        return {"seq": seq, "errored": True, "message": f"{type(exc).__name__}: {exc}"}


def serve(ops: Dict[str, Op] = OPS, name: str = "my-piquet", version: str = "0.1.0",
          rulesets: Sequence[str] = ("portland-1882",)) -> None:
    """Answer the requests on stdin until `stop` or end of input. Nothing but answers goes to stdout."""
    hello = {"protocol": 1, "implementation": {"name": name, "version": version},
             "capabilities": {"ops": sorted(ops), "rulesets": list(rulesets)}}
    sys.stdin.reconfigure(encoding="utf-8")  # type: ignore[union-attr]  # cards may be written 7♣
    for line in sys.stdin:
        if not line.strip():
            continue  # a blank line gets no answer
        try:
            request = json.loads(line)
        except ValueError:
            request = None  # not JSON: answered, rather than dying on it
        if isinstance(request, dict) and request.get("cmd") == "stop":
            return
        print(json.dumps(answer(request, ops, hello)), flush=True)  # exactly one line per request, flushed


if __name__ == "__main__":
    serve()
