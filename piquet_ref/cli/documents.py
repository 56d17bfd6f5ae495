"""What every subcommand reads and writes: a YAML or JSON document from a file or stdin, and its result as
indented JSON or as text."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable

import yaml

from piquet_ref.rules.codes import error


def read_document(path: str) -> Any:
    """Read a YAML or JSON document (JSON is YAML) from a file or `-` (stdin), with safe_load."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise error("input-unreadable", f"{path}: cannot be read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise error("input-unreadable", f"{path}: is not UTF-8 text") from None
    try:
        try:  # JSON first: PyYAML (YAML 1.1) rejects some valid JSON, e.g. indentation by tabs
            return json.loads(text)
        except ValueError:
            return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise error("input-unreadable", f"{path}: not valid YAML or JSON ({str(exc).splitlines()[0]})") from None
    except RecursionError:
        raise error("input-unreadable", f"{path}: nested too deeply to read") from None


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def emit(fmt: str, as_json: Callable[[], Any], as_text: Callable[[], str]) -> int:
    """Print a result in the chosen `--format`: indented JSON, or its text form."""
    if fmt == "json":
        print_json(as_json())
    else:
        sys.stdout.write(as_text())
    return 0
