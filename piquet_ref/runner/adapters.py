"""Driving an implementation under test through the JSON-lines protocol (docs/protocol.md).

Three ways in: a persistent process (`hello`, then one `run` per case, then `stop`), a one-shot process
per request, or a Python function called in-process with the request object. Each `request` returns the
response object or raises `AdapterFailure` saying how the implementation broke (crash, timeout, or
output that is not a protocol response); the runner then restarts it and goes on.

The program under test is not trusted: whatever it writes, the runner reads a bounded amount (a response
line of at most `RESPONSE_LIMITS.input_bytes`, a tail of its stderr of a few lines of bounded length),
reads its JSON within the resource policy (docs/limits.md), waits for nothing without a deadline (an
answer, an exit after closing its output), and ends the whole process group it started when it is done
with it, so a program started through a shell leaves no child behind.
"""

from __future__ import annotations

import importlib
import json
import os
import queue
import signal
import subprocess
import threading
import time
from collections import deque
from typing import IO, Any, Callable, Literal, Mapping, Protocol

from piquet_ref.rules.errors import PiquetError, shown
from piquet_ref.rules.files import Limits, read_json

FailureKind = Literal["crash", "timeout", "error"]
RESPONSE_LIMITS = Limits(input_bytes=16_000_000, values=2_000_000, string_chars=1_000_000)  # an answer of a program
STDERR_LINES, STDERR_CHARS = 20, 300  # the tail of a program's stderr kept for messages: lines, characters a line
EOF = None  # what a reader thread queues when the process closes its stdout
EXIT_GRACE = 1.0  # seconds a program has to exit once asked to stop, or after closing its output


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

    def strays(self) -> list[Any]:
        """The seqs answered again since the last call: a second response to a request already answered."""
        ...


def check_timeout(timeout: float) -> float:
    """`timeout` if it is a number of seconds the runner can wait: finite, above 0, at most a day."""
    if type(timeout) not in (int, float) or not 0 < timeout <= 86_400:
        raise ValueError(f"a timeout is a number of seconds above 0 and at most 86400, not {shown(timeout)}")
    return float(timeout)


def parse_response(line: str, seq: Any) -> dict[str, Any]:
    """The response object of one output line; AdapterFailure("error") if it is not one, or answers another seq.

    The line is read as JSON within `RESPONSE_LIMITS` (a response nested a hundred thousand deep is refused,
    not followed), its text must be Unicode (no lone surrogate, which no report could be written with), and
    its `seq` must be the very value sent: `4.0` or `true` does not answer `4` or `1`."""
    try:
        response = read_json(line, "the response", RESPONSE_LIMITS)
    except PiquetError as exc:
        raise AdapterFailure("error", f"{exc.message}: {shown(line.strip(), 120)}") from None
    if not isinstance(response, dict):
        raise AdapterFailure("error", f"a response is a JSON object, got {shown(line.strip(), 120)}")
    if not _unicode_text(line) and not _unicode(response):
        raise AdapterFailure("error", "the response holds a string that is not Unicode text (a lone surrogate)")
    if seq is not None and not _same(response.get("seq"), seq):
        raise AdapterFailure("error", f"response answers seq {shown(response.get('seq'))}, expected {shown(seq)}")
    return response


def _same(got: Any, sent: Any) -> bool:
    return type(got) is type(sent) and got == sent


def _unicode_text(line: str) -> bool:
    """Whether a response's text alone shows every string of it is Unicode text: the text encodes as UTF-8 (so it
    holds no lone surrogate) and escapes none (`\\uD800` to `\\uDFFF`), so neither can any string read from it."""
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return "\\ud" not in line.lower()


def _unicode(value: Any) -> bool:
    """Whether every string of `value` (already within the limits, so bounded) is Unicode text."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


class _Stream:
    """A program's output read on a thread, within bounds: stdout as lines of at most `most` bytes (a longer
    line is replaced by a `_LongLine` marker), stderr as a tail of a few short lines."""

    def __init__(self, stream: IO[bytes], most: int, tail: deque[str] | None) -> None:
        self.lines: queue.Queue[str | _LongLine | None] = queue.Queue()
        self.tail = tail
        # The thread reads a descriptor of its own, which it closes at the end of the output: the stream's may be
        # closed meanwhile (`end_group`) and its number given to the next process's pipe, which it would then read.
        threading.Thread(target=self._pump, args=(os.dup(stream.fileno()), most), daemon=True).start()

    def _pump(self, fd: int, most: int) -> None:
        try:
            self._read(fd, most)
        finally:
            os.close(fd)
        self.lines.put(EOF)

    def _read(self, fd: int, most: int) -> None:
        partial = bytearray()
        skipping = False
        try:
            while chunk := os.read(fd, 1 << 16):
                start = 0
                while (end := chunk.find(b"\n", start)) >= 0:
                    if not skipping:
                        partial += chunk[start:end]
                        self._line(bytes(partial), most)
                    partial.clear()
                    skipping = False
                    start = end + 1
                if not skipping:
                    partial += chunk[start:]
                    if len(partial) > most:
                        self._line(bytes(partial), most)  # marked as too long, or cut for the tail
                        partial.clear()
                        skipping = True
            if partial and not skipping:
                self._line(bytes(partial), most)
        except (OSError, ValueError):
            pass

    def _line(self, raw: bytes, most: int) -> None:
        text = raw.decode("utf-8", errors="replace").rstrip("\r")
        if self.tail is not None:
            self.tail.append(text[:STDERR_CHARS] + ("…" if len(text) > STDERR_CHARS else ""))
        elif len(raw) > most:
            self.lines.put(_LongLine(len(raw)))
        else:
            self.lines.put(text)


class _LongLine:
    """A line of output longer than the runner reads."""

    def __init__(self, size: int) -> None:
        self.size = size


class ProcessAdapter:
    """A persistent implementation process speaking the protocol on stdin/stdout (stderr is kept for messages)."""

    def __init__(self, argv: list[str]) -> None:
        self.argv = argv
        self.description = " ".join(argv)
        self.persistent = True
        self.proc: subprocess.Popen[bytes] | None = None
        self.out: _Stream | None = None
        self.stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self.answered: list[Any] = []  # seqs answered, in order
        self.again: list[Any] = []  # seqs answered a second time, not yet reported

    def _start(self) -> subprocess.Popen[bytes]:
        try:
            proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    start_new_session=True)  # its own process group, ended whole
        except (OSError, ValueError) as exc:
            raise AdapterFailure("crash", f"cannot start {shown(self.description)}: {getattr(exc, 'strerror', None) or exc}") from None
        assert proc.stdout is not None and proc.stderr is not None
        self.stderr = deque(maxlen=STDERR_LINES)  # this process's own tail: a restart never quotes the last one's
        self.out = _Stream(proc.stdout, RESPONSE_LIMITS.input_bytes, None)
        _Stream(proc.stderr, STDERR_CHARS, self.stderr)
        self.proc = proc
        return proc

    def _send(self, request: Mapping[str, Any]) -> subprocess.Popen[bytes]:
        proc = self.proc or self._start()
        assert proc.stdin is not None
        try:
            proc.stdin.write((json.dumps(request, ensure_ascii=False) + "\n").encode("utf-8"))
            proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            self.close()
            raise AdapterFailure("crash", f"the implementation closed its input{self._tail()}") from None
        return proc

    def _receive(self, proc: subprocess.Popen[bytes], seq: Any, timeout: float) -> dict[str, Any]:
        """The response to `seq`: a second answer to the request before is noted (`strays`) and skipped."""
        assert self.out is not None
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.out.lines.get(timeout=max(deadline - time.monotonic(), 0))
            except queue.Empty:
                self.close()
                raise AdapterFailure("timeout", f"no response within {timeout:g} s") from None
            if line is EOF:
                code = self._exit_code(proc)
                self.close()
                status = f"exited (status {code})" if code is not None else "closed its output and did not exit"
                raise AdapterFailure("crash", f"the implementation {status} without answering{self._tail()}")
            if isinstance(line, _LongLine):
                self.close()
                raise AdapterFailure("error", f"a response line of more than {RESPONSE_LIMITS.input_bytes:,} bytes")
            if not line.strip():
                continue
            try:
                response = parse_response(line, None)
            except AdapterFailure:
                self.close()  # its output can no longer be trusted to line up with our requests
                raise
            answers = response.get("seq")
            if seq is not None and self.answered and _same(answers, self.answered[-1]) and not _same(answers, seq):
                self.again.append(answers)  # one more answer to the request before: its case is to blame
                continue
            if seq is not None and not _same(answers, seq):
                self.close()
                raise AdapterFailure("error", f"response answers seq {shown(answers)}, expected {shown(seq)}")
            if seq is not None:
                self.answered.append(seq)
            return response

    def _exit_code(self, proc: subprocess.Popen[bytes]) -> int | None:
        try:
            return proc.wait(timeout=EXIT_GRACE)
        except subprocess.TimeoutExpired:
            return None

    def _tail(self) -> str:
        return f"; stderr: {' | '.join(list(self.stderr)[-3:])}" if self.stderr else ""

    def hello(self, timeout: float) -> dict[str, Any]:
        return self._receive(self._send({"cmd": "hello", "protocol": 1}), None, timeout)

    def fresh(self) -> ProcessAdapter:
        return ProcessAdapter(self.argv)

    def strays(self) -> list[Any]:
        out, self.again = self.again, []
        return out

    def request(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        if self.proc is None:
            self.hello(timeout)  # a restarted implementation is greeted before its first run
        return self._receive(self._send(request), request.get("seq"), timeout)

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if proc.poll() is None and proc.stdin is not None:
                proc.stdin.write(b'{"cmd":"stop"}\n')
                proc.stdin.close()
                proc.wait(timeout=EXIT_GRACE)
        except (OSError, subprocess.TimeoutExpired, ValueError):
            pass
        end_group(proc)


def end_group(proc: subprocess.Popen[bytes]) -> None:
    """Kill the process group of `proc` (its children too: a program started through `sh -c`), and reap it."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        pass
    try:
        proc.wait(timeout=EXIT_GRACE)
    except subprocess.TimeoutExpired:  # pragma: no cover - a process that survives SIGKILL
        pass
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        try:
            if stream is not None:
                stream.close()
        except OSError:
            pass


class OneShotAdapter:
    """A fresh implementation process per request: one line in, the first non-blank line out, then its whole
    process group ended (later lines and the exit status are ignored)."""

    def __init__(self, argv: list[str]) -> None:
        self.argv = argv
        self.description = " ".join(argv) + " (one-shot)"
        self.persistent = False

    def hello(self, timeout: float) -> dict[str, Any]:
        return self.request({"cmd": "hello", "protocol": 1}, timeout)

    def fresh(self) -> OneShotAdapter:
        return OneShotAdapter(self.argv)

    def strays(self) -> list[Any]:
        return []

    def request(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        once = ProcessAdapter(self.argv)
        once.description = self.description
        proc = once._send(request)
        try:
            assert proc.stdin is not None
            proc.stdin.close()  # one line in: end of input
        except OSError:
            pass
        try:
            return once._receive(proc, request.get("seq"), timeout)
        finally:
            end_group(proc)

    def close(self) -> None:
        pass


class FunctionAdapter:
    """A Python implementation called in-process: `function(request) -> response`, both JSON objects (or the
    response as its JSON text).

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

    def strays(self) -> list[Any]:
        return []

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
            raise AdapterFailure("crash", f"raised {type(crashed[0]).__name__}: {shown(str(crashed[0]), 300)}")
        if isinstance(box[0], str):  # the response's JSON text, as a process would write it
            return parse_response(box[0], request.get("seq"))
        try:
            text = json.dumps(box[0], allow_nan=False)
        except (TypeError, ValueError, RecursionError) as exc:
            raise AdapterFailure("error", f"response is not JSON data: {shown(str(exc), 200)}") from None
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
