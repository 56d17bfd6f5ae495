"""The `piquet-ref` command line: parse, run the subcommand, turn its failure into an exit code.

Exit codes: 0 success; 1 the input was read and refused (not YAML or JSON, of the wrong shape, past a limit, or
against the laws: its typed error, with the code, is printed); 2 usage error (bad options, a FILE that cannot be
opened). Some commands give the codes a meaning of their own, as their `--help` says. Under `--format json` a
failure is a JSON object on stdout, `{"error": {"code", "law", "rule", "message"}}`, and stderr stays empty.

Building the parser imports argparse and the small modules the flags need (`cli/parser.py`); the subcommand's own
module is imported when it runs, so that `piquet-ref score` loads the scorer and nothing else.
"""

from __future__ import annotations

import argparse
import sys
from importlib import import_module
from typing import Callable, NoReturn, Sequence

from piquet_ref.cli.documents import USAGE, UsageError, Unopenable, report
from piquet_ref.cli.parser import NAMES, parser as build
from piquet_ref.rules.errors import PiquetError

class _JsonUsage(Exception):
    """argparse's usage error, when the command line asked for `--format json`."""


def _asks_json(argv: Sequence[str]) -> bool:
    words = list(argv)
    return "--format=json" in words or any(a == "--format" and b == "json" for a, b in zip(words, words[1:]))


def parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of the whole command line (tests and the generated docs walk it); with `only`, of the
    subcommand `only` alone, the others listed without their flags."""
    return build(only)


def _json_errors(p: argparse.ArgumentParser) -> None:
    """Make `p` and its subcommands' parsers report a usage error as a JSON object (exit 2)."""

    def error(message: str) -> NoReturn:
        raise _JsonUsage(message)

    stack = [p]
    while stack:
        one = stack.pop()
        one.error = error  # type: ignore[method-assign]
        for action in one._actions:
            if isinstance(action, argparse._SubParsersAction):
                stack.extend(action.choices.values())


def function(args: argparse.Namespace) -> Callable[[argparse.Namespace], int]:
    """The function of the subcommand parsed, imported from its module (`module:function`)."""
    module, _, name = str(args.func).partition(":")
    found: Callable[[argparse.Namespace], int] = getattr(import_module(module), name)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    fmt = "json" if _asks_json(words) else "text"
    p = parser(words[0] if words and words[0] in NAMES else None)
    if fmt == "json":
        _json_errors(p)
    try:
        args = p.parse_args(words)
        if args.command is None:
            p.print_help()
            return 2
        if args.command == "score" and (args.file is None) != bool(args.example):
            p.error("score needs a FILE (or - for stdin) or --example, and not both")
        if args.command == "score" and args.compare and args.format == "svg":
            p.error("score --compare has no picture: --format text or json")
    except _JsonUsage as exc:
        report(fmt, USAGE, str(exc))
        return 2
    fmt = getattr(args, "format", None) or "text"
    return run(args, fmt)


def run(args: argparse.Namespace, fmt: str) -> int:
    """Run the parsed subcommand; each failure a line on stderr (or a JSON object), and its exit code."""
    guarded = _guarded(args)
    try:
        return int(function(args)(args))
    except Unopenable as exc:
        report(fmt, exc.error.code, exc.error.message, exc.error)
        return 2
    except PiquetError as exc:
        report(fmt, exc.code, exc.message, exc)
        return 2 if guarded else 1
    except UsageError as exc:
        report(fmt, USAGE, str(exc))
        return 2
    except guarded as exc:  # the runner's: a corpus that cannot be read, a program that cannot be started
        report(fmt, USAGE, str(exc))
        return 2
    except BrokenPipeError:
        return 0


def _guarded(args: argparse.Namespace) -> tuple[type[BaseException], ...]:
    """What a subcommand of the runner reports as a usage error (exit 2): a corpus or an expected-failure file
    that cannot be read, a program or a Python function that cannot be started or imported."""
    if args.command not in ("conformance", "fuzz"):
        return ()
    from piquet_ref.runner.corpus import CorpusError

    errors: tuple[type[BaseException], ...] = (CorpusError, ValueError, OSError)
    return errors


if __name__ == "__main__":
    sys.exit(main())
