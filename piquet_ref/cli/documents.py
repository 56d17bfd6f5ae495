"""What every subcommand reads and writes: a YAML or JSON document from a file or stdin; its result as indented
JSON or as text; its failure as one line of text on stderr, or as a JSON object on stdout under `--format json`;
and its progress on stderr when stderr is a terminal.

A file that cannot be opened is a usage error (exit 2, `Unopenable`); a document that is read and refused, being
not UTF-8, not YAML or JSON, past a limit or of the wrong shape, is exit 1, as the laws' rejections are."""

from __future__ import annotations

import json
import sys
import argparse
from dataclasses import fields
from typing import IO, Any, Callable

from piquet_ref.rules.codes import error
from piquet_ref.rules.errors import PiquetError, shown
from piquet_ref.rules.files import LIMITS, Limits, read_untrusted

USAGE = "usage"  # the code of a usage error in a JSON error object: the command line, not its input, is wrong


class UsageError(Exception):
    """A command line the command cannot run (exit 2): flags that do not go together, a missing implementation."""


class Unopenable(Exception):
    """A FILE named on the command line that cannot be opened (exit 2), carrying its typed error."""

    def __init__(self, error: PiquetError) -> None:
        super().__init__(str(error))
        self.error = error


def error_json(code: str, message: str, law: int | None = None, rule: str | None = None, step: int | None = None) -> dict[str, Any]:
    """The JSON form of a failure under `--format json`: the protocol's error object (docs/protocol.md) under `error`."""
    body: dict[str, Any] = {"code": code, "law": law, "rule": rule, "message": message}
    if step is not None:
        body["step"] = step
    return {"error": body}


def report(fmt: str, code: str | None, message: str, exc: PiquetError | None = None) -> None:
    """Print a failure: `piquet-ref: error: ...` on stderr, or under `--format json` its JSON object on stdout."""
    if fmt == "json":
        obj = exc.to_json() if exc is not None else error_json(code or USAGE, message)["error"]
        print(json.dumps({"error": obj}, ensure_ascii=False))
    else:
        print(f"piquet-ref: error: {exc if exc is not None else message}", file=sys.stderr)


class Progress:
    """A one-line progress bar on `stream`, redrawn in place; `Progress.on(stream, ...)` gives one only when
    `stream` is a terminal, so that a log or a pipe never holds one."""

    WIDTH = 30

    def __init__(self, stream: IO[str], total: int, what: str) -> None:
        self.stream, self.total, self.what = stream, max(total, 1), what

    @classmethod
    def on(cls, stream: IO[str], total: int, what: str) -> Progress | None:
        isatty = getattr(stream, "isatty", None)
        return cls(stream, total, what) if isatty is not None and isatty() else None

    def __call__(self, done: int, note: str = "") -> None:
        filled = self.WIDTH * min(done, self.total) // self.total
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{self.total} {self.what} {note}".rstrip() + "   ")
        self.stream.flush()

    def step(self, done: int, total: int) -> None:
        """Redraw at `done` of `total`, for work whose total is known only once it starts."""
        self.total = max(total, 1)
        self(done)

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def read_document(path: str, limits: Limits = LIMITS) -> Any:
    """Read a YAML or JSON document (JSON is YAML) from a file or `-` (stdin), within the resource policy: at
    most `limits.input_bytes` are read, and the document is read by `read_untrusted`."""
    try:
        if path == "-":
            raw = getattr(sys.stdin, "buffer", None)  # a test may give a text stream
            text = raw.read(limits.input_bytes + 1).decode("utf-8") if raw is not None else sys.stdin.read(limits.input_bytes + 1)
        else:
            with open(path, "rb") as stream:
                text = stream.read(limits.input_bytes + 1).decode("utf-8")
    except OSError as exc:
        raise Unopenable(error("input-unreadable", f"{_named(path)}: cannot be read ({exc.strerror})")) from None
    except UnicodeDecodeError:
        raise error("input-unreadable", f"{_named(path)}: is not UTF-8 text") from None
    return read_untrusted(text, _named(path), limits)


def _named(path: str) -> str:
    """A file named on the command line, as a message names it: as given (a path is short), or stdin."""
    return "stdin" if path == "-" else path if len(path) <= 1000 else shown(path, 1000)


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def emit(fmt: str, as_json: Callable[[], Any], as_text: Callable[[], str]) -> int:
    """Print a result in the chosen `--format`: indented JSON, or its text form."""
    if fmt == "json":
        print_json(as_json())
    else:
        sys.stdout.write(as_text())
    return 0


LIMIT_HELP = ("raise (or lower) a limit of the resource policy, NAME=N: " + ", ".join(f.name for f in fields(Limits))
              + " (docs/limits.md); repeatable")


def limit_arg(text: str) -> tuple[str, int]:
    """One `--limit NAME=N` (argparse reports anything else as a usage error, exit 2)."""
    names = {f.name for f in fields(Limits)}
    name, _, value = text.partition("=")
    if name not in names or not value.strip().isdigit() or int(value) < 1:
        raise argparse.ArgumentTypeError(f"{shown(text)}: give NAME=N, N at least 1 and NAME one of {', '.join(sorted(names))}")
    return name, int(value)


def limits_of(given: list[tuple[str, int]] | None) -> Limits:
    """The limits the `--limit NAME=N` options ask for (the defaults for the others)."""
    return LIMITS.raised(**dict(given or []))
