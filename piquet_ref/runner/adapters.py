"""Driving an implementation under test through the JSON-lines protocol (docs/protocol.md).

Three ways in: a persistent process (`hello`, then one `run` per case, then `stop`), a one-shot process
per request, or a Python function called in-process with the request object. Each `request` returns the
response object or raises `AdapterFailure` saying how the implementation broke (crash, timeout, or
output that is not a protocol response); the runner then restarts it and goes on.
"""

from __future__ import annotations

import importlib
import json
import queue
import subprocess
import threading
from collections import deque
from typing import IO, Any, Callable, Literal, Mapping, Protocol
from piquet_ref.rules.errors import shown

FailureKind = Literal["crash", "timeout", "error"]
EOF = None  # what a reader thread queues when the process closes its stdout


class AdapterFailure(Exception):
    """The implementation crashed, hung, or answered with something that is not a protocol response."""

    def __init__(self, kind: FailureKind, message: str) -> None:
        super().__init__(message)
        self.kind: FailureKind = kind
        self.message = message


class Adapter(Protocol):
    """What the runner needs of an implementation."""

    description: str
    persistent: bool  # one process (or function) for the whole run: a failure costs a restart

    def hello(self, timeout: float) -> dict[str, Any]: ...

    def request(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]: ...

    def close(self) -> None: ...

    def fresh(self) -> Adapter:
        """Another copy of the implementation, configured alike (for a run with several jobs)."""
        ...


def parse_response(line: str, seq: Any) -> dict[str, Any]:
    """The response object of one output line; AdapterFailure("error") if it is not one, or answers another seq."""
    try:
        response = json.loads(line)
    except ValueError:
        raise AdapterFailure("error", f"output is not JSON: {shown(line.strip()[:120])}") from None
    if not isinstance(response, dict):
        raise AdapterFailure("error", f"a response is a JSON object, got {shown(line.strip()[:120])}")
    if seq is not None and response.get("seq") != seq:
        raise AdapterFailure("error", f"response answers seq {shown(response.get('seq'))}, expected {shown(seq)}")
    return response


class ProcessAdapter:
    """A persistent implementation process speaking the protocol on stdin/stdout (stderr is kept for messages)."""

    def __init__(self, argv: list[str]) -> None:
        self.argv = argv
        self.description = " ".join(argv)
        self.persistent = True
        self.proc: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: deque[str] = deque(maxlen=20)

    def _start(self) -> subprocess.Popen[str]:
        try:
            proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, encoding="utf-8", errors="replace", bufsize=1,
            )
        except OSError as exc:
            raise AdapterFailure("crash", f"cannot start {shown(self.description)}: {exc.strerror or exc}") from None
        self.lines = queue.Queue()
        self.stderr = deque(maxlen=20)  # this process's own tail: a restart never quotes the last one's
        assert proc.stdout is not None and proc.stderr is not None
        threading.Thread(target=_pump, args=(proc.stdout, self.lines.put), daemon=True).start()
        threading.Thread(target=_pump, args=(proc.stderr, _keeper(self.stderr)), daemon=True).start()
        self.proc = proc
        return proc

    def _exchange(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        proc = self.proc or self._start()
        assert proc.stdin is not None
        try:
            proc.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError):
            self.close()
            raise AdapterFailure("crash", f"the implementation closed its input{self._tail()}") from None
        try:
            line = self.lines.get(timeout=timeout)
            while line is not None and not line.strip():
                line = self.lines.get(timeout=timeout)
        except queue.Empty:
            self.close()
            raise AdapterFailure("timeout", f"no response within {timeout:g} s") from None
        if line is None:
            code = proc.wait()
            self.close()
            raise AdapterFailure("crash", f"the implementation exited (status {code}) without answering{self._tail()}")
        try:
            return parse_response(line, request.get("seq"))
        except AdapterFailure:
            self.close()  # its output can no longer be trusted to line up with our requests
            raise

    def _tail(self) -> str:
        return f"; stderr: {' | '.join(list(self.stderr)[-3:])}" if self.stderr else ""

    def hello(self, timeout: float) -> dict[str, Any]:
        return self._exchange({"cmd": "hello", "protocol": 1}, timeout)

    def fresh(self) -> ProcessAdapter:
        return ProcessAdapter(self.argv)

    def request(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        if self.proc is None:
            self.hello(timeout)  # a restarted implementation is greeted before its first run
        return self._exchange(request, timeout)

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if proc.poll() is None and proc.stdin is not None:
                proc.stdin.write('{"cmd":"stop"}\n')
                proc.stdin.close()
                proc.wait(timeout=1)
        except (OSError, subprocess.TimeoutExpired, ValueError):
            pass
        if proc.poll() is None:
            proc.kill()
            proc.wait()


class OneShotAdapter:
    """A fresh implementation process per request: one line in, one line out."""

    def __init__(self, argv: list[str]) -> None:
        self.argv = argv
        self.description = " ".join(argv) + " (one-shot)"
        self.persistent = False

    def hello(self, timeout: float) -> dict[str, Any]:
        return self.request({"cmd": "hello", "protocol": 1}, timeout)

    def fresh(self) -> OneShotAdapter:
        return OneShotAdapter(self.argv)

    def request(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        try:
            done = subprocess.run(
                self.argv, input=json.dumps(request, ensure_ascii=False) + "\n", capture_output=True,
                text=True, encoding="utf-8", errors="replace", timeout=timeout, check=False,
            )
        except subprocess.TimeoutExpired:
            raise AdapterFailure("timeout", f"no response within {timeout:g} s") from None
        except OSError as exc:
            raise AdapterFailure("crash", f"cannot start {shown(self.description)}: {exc.strerror or exc}") from None
        line = next((text for text in done.stdout.splitlines() if text.strip()), None)
        if line is None:
            tail = " | ".join(done.stderr.strip().splitlines()[-3:])
            raise AdapterFailure("crash", f"exited (status {done.returncode}) without answering{'; stderr: ' + tail if tail else ''}")
        return parse_response(line, request.get("seq"))

    def close(self) -> None:
        pass


class FunctionAdapter:
    """A Python implementation called in-process: `function(request) -> response`, both JSON objects.

    A timeout is reported, but the call cannot be stopped: it runs on in a daemon thread.
    """

    def __init__(self, spec: str) -> None:
        self.description = spec
        self.persistent = True  # a call that hangs leaves its thread behind
        self.function = load_function(spec)

    def hello(self, timeout: float) -> dict[str, Any]:
        return self.request({"cmd": "hello", "protocol": 1}, timeout)

    def fresh(self) -> FunctionAdapter:
        return FunctionAdapter(self.description)

    def request(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        box: list[Any] = []
        crashed: list[BaseException] = []

        def call() -> None:
            try:
                box.append(self.function(json.loads(json.dumps(request))))  # the implementation gets its own copy
            except BaseException as exc:  # noqa: BLE001 - any failure of the implementation is reported
                crashed.append(exc)

        worker = threading.Thread(target=call, daemon=True)
        worker.start()
        worker.join(timeout)
        if worker.is_alive():
            raise AdapterFailure("timeout", f"no response within {timeout:g} s")
        if crashed:
            raise AdapterFailure("crash", f"raised {type(crashed[0]).__name__}: {crashed[0]}")
        try:
            text = json.dumps(box[0])
        except (TypeError, ValueError) as exc:
            raise AdapterFailure("error", f"response is not JSON data: {exc}") from None
        return parse_response(text, request.get("seq"))

    def close(self) -> None:
        pass


def load_function(spec: str) -> Callable[[Any], Any]:
    """The function named `module:function`; ValueError naming what is missing."""
    module_name, _, name = spec.partition(":")
    if not module_name or not name:
        raise ValueError(f"{shown(spec)}: give the function as module:function")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"{shown(spec)}: cannot import {module_name} ({exc})") from None
    function = getattr(module, name, None)
    if not callable(function):
        raise ValueError(f"{shown(spec)}: {module_name} has no function {name}")
    return function  # type: ignore[no-any-return]


def _keeper(tail: deque[str]) -> Callable[[str | None], None]:
    """What the stderr reader calls with each line: keep it in `tail` (the tail of one process only)."""

    def keep(line: str | None) -> None:
        if line is not None:
            tail.append(line.rstrip("\n"))

    return keep


def _pump(stream: IO[str], put: Callable[[str | None], None]) -> None:
    """Copy a child's output lines to `put`, then EOF."""
    try:
        for line in stream:
            put(line)
    except (OSError, ValueError):
        pass
    put(EOF)
