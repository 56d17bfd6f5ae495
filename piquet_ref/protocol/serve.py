"""`piquet-ref serve`: the JSON-lines oracle (protocol 1, docs/protocol.md) on stdin/stdout.

Each request line gets exactly one response line, in order, flushed. A rule rejection is an
`error` result; a malformed request an `error` with code `request-invalid`; an unknown op is
`unsupported`; an unexpected failure is `errored` with a message. The process never dies on input.
"""

from __future__ import annotations

import json
from typing import IO, Any

from piquet_ref.version import __version__
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.codes import error
from piquet_ref.protocol.results import dumps
from piquet_ref.rules.tables import ruleset_ids
from piquet_ref.protocol.ops import OPS
from piquet_ref.rules.files import LIMITS, Limits, read_json
from piquet_ref.rules.errors import shown

PROTOCOL = 1


def hello() -> dict[str, Any]:
    return {
        "protocol": PROTOCOL,
        "implementation": {"name": "piquet-ref", "version": __version__},
        "capabilities": {"ops": sorted(OPS), "rulesets": list(ruleset_ids())},
    }


def respond_text(line: str, limits: Limits = LIMITS) -> tuple[str | None, bool]:
    """The response line (JSON text, no newline) to one request line, and whether to stop.

    Blank lines and `stop` get no response. Never raises.
    """
    if not line.strip():
        return None, False
    seq: Any = None
    reply: dict[str, Any]
    try:
        request = _request(line, limits)
        seq = request.get("seq")
        cmd = request.get("cmd")
        if cmd == "hello":
            version = request.get("protocol", PROTOCOL)
            if type(version) is not int or version != PROTOCOL:
                raise error("request-invalid", f"protocol {shown(request.get('protocol'))} is not supported; this is protocol {PROTOCOL}")
            return dumps(hello()), False
        if cmd == "stop":
            return None, True
        if cmd != "run":
            raise error("request-invalid", f"cmd must be hello, run or stop, got {shown(cmd)}")
        op = request.get("op")
        if not isinstance(op, str):
            raise error("request-invalid", "a run request needs an op string")
        if op not in OPS:
            reply = {"unsupported": True, "message": f"op {shown(op)} is not offered; ops: {', '.join(sorted(OPS))}"}
        elif "input" not in request:
            raise error("request-invalid", f"run request for {op} has no input")
        else:
            try:
                return f'{{"seq":{_seq_text(seq)},"result":{OPS[op](request["input"], limits)}}}', False
            except PiquetError as exc:
                if exc.code != "ruleset-unknown":
                    raise
                reply = {"unsupported": True, "message": exc.message}
    except PiquetError as exc:
        reply = {"error": exc.to_json()}
    except RecursionError:
        reply = {"error": error("request-invalid", "the request is nested too deeply to read").to_json()}
    except Exception as exc:  # noqa: BLE001 - the oracle must answer every line
        reply = {"errored": True, "message": f"internal error: {type(exc).__name__}: {exc}"}
    return f'{{"seq":{_seq_text(seq)},{dumps(reply)[1:]}', False


def respond(line: str) -> tuple[dict[str, Any] | None, bool]:
    """The response to one request line, parsed, and whether to stop (see `respond_text`)."""
    text, stop = respond_text(line)
    return (None if text is None else json.loads(text)), stop


def answer_text(request: Any) -> str | None:
    """The response to one request object as its JSON text (`--python piquet_ref.protocol.serve:answer_text`: the
    runner reads the text as it reads a process's line, without a response object written out and read back)."""
    try:
        line = json.dumps(request, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return dumps({"seq": None, "error": error("request-invalid", "the request is not JSON data").to_json()})
    return respond_text(line)[0]


def answer(request: Any) -> dict[str, Any] | None:
    """The response to one request object (`serve` in-process; `--python piquet_ref.protocol.serve:answer`)."""
    try:
        line = json.dumps(request, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return {"seq": None, "error": error("request-invalid", "the request is not JSON data").to_json()}
    return respond(line)[0]


def _request(line: str, limits: Limits) -> dict[str, Any]:
    """The request object of one line, or a request-invalid (or input-too-large) error."""
    try:
        request = read_json(line, "the request", limits)
    except PiquetError as exc:
        if exc.code == "input-unreadable":
            raise error("request-invalid", exc.message) from None
        raise
    if not isinstance(request, dict):
        raise error("request-invalid", f"a request is a JSON object, got {type(request).__name__}")
    seq = request.get("seq")
    if not (seq is None or type(seq) is int or type(seq) is str):
        raise error("request-invalid", f"seq must be an integer or a string, got {type(seq).__name__}")
    return request


def _seq_text(seq: Any) -> str:
    """The request's `seq` echoed as JSON (null if it cannot be written back)."""
    if type(seq) is int:
        return str(seq)
    try:
        return dumps(seq)
    except (ValueError, TypeError, RecursionError):
        return "null"


def serve(stdin: IO[str], stdout: IO[str], one_shot: bool = False, limits: Limits = LIMITS) -> int:
    """Answer requests until `stop` or end of input; `one_shot` answers the first request only.

    A line is read at most `limits.input_bytes` characters at a time: a longer one is answered
    `input-too-large` (its `seq` unread, so null) and the rest of it skipped, never held in memory."""
    while True:
        line = stdin.readline(limits.input_bytes + 1)
        if not line:
            break
        if len(line) > limits.input_bytes and not line.endswith("\n"):
            while (rest := stdin.readline(1 << 16)) and not rest.endswith("\n"):
                pass
            refused = error("input-too-large", f"the request is longer than {limits.input_bytes} characters: the limit "
                                               "input_bytes of the resource policy (docs/limits.md)")
            response: str | None = f'{{"seq":null,{dumps({"error": refused.to_json()})[1:]}'
            stop = False
        else:
            response, stop = respond_text(line, limits)
        if response is not None:
            stdout.write(response + "\n")
            stdout.flush()
        if stop or (one_shot and response is not None):
            break
    return 0
