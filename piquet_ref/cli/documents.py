"""What every subcommand reads and writes: a YAML or JSON document from a file or stdin, and its result as
indented JSON or as text."""

from __future__ import annotations

import json
import sys
import argparse
from dataclasses import fields
from typing import Any, Callable

from piquet_ref.rules.codes import error
from piquet_ref.rules.errors import shown
from piquet_ref.rules.files import LIMITS, Limits, read_untrusted


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
        raise error("input-unreadable", f"{_named(path)}: cannot be read ({exc.strerror})") from None
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
