"""`piquet-ref serve`: the JSON-lines oracle (protocol 1 of DESIGN.md) on stdin/stdout.

Each request line gets exactly one response line, in order, flushed. A rule rejection is an
`error` result; a malformed request an `error` with code `request-invalid`; an unknown op is
`unsupported`; an unexpected failure is `errored` with a message. The process never dies on input.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any

from . import __version__
from .errors import PiquetError, error
from .loader import ruleset_ids
from .ops import OPS

PROTOCOL = 1


def hello() -> dict[str, Any]:
    return {
        "protocol": PROTOCOL,
        "implementation": {"name": "piquet-ref", "version": __version__},
        "capabilities": {"ops": sorted(OPS), "rulesets": list(ruleset_ids())},
    }


def respond(line: str) -> tuple[dict[str, Any] | None, bool]:
    """The response to one request line, and whether to stop. Blank lines get no response."""
    if not line.strip():
        return None, False
    seq: Any = None
    try:
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            raise error("request-invalid", f"not a JSON line ({exc.msg} at column {exc.colno})") from None
        except ValueError as exc:  # e.g. a number too long to convert
            raise error("request-invalid", f"not a JSON line ({exc})") from None
        if not isinstance(request, dict):
            raise error("request-invalid", f"a request is a JSON object, got {type(request).__name__}")
        seq = request.get("seq")
        cmd = request.get("cmd")
        if cmd == "hello":
            if request.get("protocol", PROTOCOL) != PROTOCOL:
                raise error("request-invalid", f"protocol {request.get('protocol')!r} is not supported; this is protocol {PROTOCOL}")
            return hello(), False
        if cmd == "stop":
            return None, True
        if cmd != "run":
            raise error("request-invalid", f"cmd must be hello, run or stop, got {cmd!r}")
        op = request.get("op")
        if not isinstance(op, str):
            raise error("request-invalid", "a run request needs an op string")
        if op not in OPS:
            return {"seq": seq, "unsupported": True, "message": f"op {op!r} is not offered; ops: {', '.join(sorted(OPS))}"}, False
        if "input" not in request:
            raise error("request-invalid", f"run request for {op} has no input")
        try:
            return {"seq": seq, "result": OPS[op](request["input"])}, False
        except PiquetError as exc:
            if exc.code == "ruleset-unknown":
                return {"seq": seq, "unsupported": True, "message": exc.message}, False
            raise
    except PiquetError as exc:
        return {"seq": seq, "error": exc.to_json()}, False
    except RecursionError:
        return {"seq": seq, "errored": True, "message": "input nested too deeply"}, False
    except Exception as exc:  # noqa: BLE001 - the oracle must answer every line
        return {"seq": seq, "errored": True, "message": f"internal error: {type(exc).__name__}: {exc}"}, False


def serve(stdin: IO[str], stdout: IO[str], one_shot: bool = False) -> int:
    """Answer requests until `stop` or end of input; `one_shot` answers the first request only."""
    for line in stdin:
        response, stop = respond(line)
        if response is not None:
            stdout.write(json.dumps(response, ensure_ascii=False, separators=(",", ":")) + "\n")
            stdout.flush()
        if stop or (one_shot and response is not None):
            break
    return 0


def main() -> int:
    return serve(sys.stdin, sys.stdout)
