"""The `piquet-ref` command line.

Exit codes: 0 success; 1 the input was read but the laws reject it or it is malformed (a typed
error with its code is printed on stderr); 2 usage error (bad options, unreadable file).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path
from typing import Any, Sequence

import yaml

from . import __version__
from .corpus_cli import add_commands as add_conformance_commands, add_fuzz_command, guarded
from .errors import PiquetError, error
from .ledger import narrate
from .odds_cli import add_odds_command
from .loader import DEFAULT_RULESET, load_ruleset, ruleset_ids
from .ops import run_op
from .jsonio import result_json
from .scoring import score_deal

EXAMPLE = "cavendish-example.yaml"


def _read(path: str) -> Any:
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


def _print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def cmd_score(args: argparse.Namespace) -> int:
    source = args.file
    if args.example:
        source = str(Path(__file__).resolve().parent / "examples" / EXAMPLE)
    assert source is not None  # main() rejects `score` without FILE or --example as a usage error
    record = _read(source)
    if args.ruleset is not None:
        if not isinstance(record, dict):
            raise error("record-invalid", f"{source}: a deal record must be a mapping")
        record = {**record, "ruleset": args.ruleset}
    result = score_deal(record)
    if args.format == "json":
        _print_json(result_json(result))
    else:
        sys.stdout.write(narrate(result))
    return 0


def cmd_evaluate(args: argparse.Namespace) -> int:
    data = run_op("evaluate_hand", {"cards": " ".join(args.cards), "ruleset": args.ruleset or DEFAULT_RULESET})
    if args.format == "json":
        _print_json(data)
        return 0
    rs = load_ruleset(args.ruleset or DEFAULT_RULESET)
    point = data["point"]
    if point:
        print(f"point      {point['length']} cards in {point['suit']}, making {point['pips']}: {' '.join(point['cards'])}")
    for s in data["sequences"]:
        print(f"sequence   {s['name']} ({s['points']}): {' '.join(s['cards'])}")
    for s in data["sets"]:
        print(f"set        {s['name']} ({s['points']}): {' '.join(s['cards'])}")
    if data["carte_blanche"]:
        print(f"carte blanche ({rs.carte_blanche.points})")
    if not (point or data["sequences"] or data["sets"] or data["carte_blanche"]):
        print("nothing that scores")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from .serve import serve

    # The process must never die on input: undecodable bytes reach the protocol as a bad line, and a
    # lone surrogate echoed from a request (valid JSON "\\ud800") is written as its JSON escape.
    for stream, errors in ((sys.stdin, "surrogateescape"), (sys.stdout, "backslashreplace")):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=errors)
    return serve(sys.stdin, sys.stdout, one_shot=args.one_shot)


def cmd_rulesets(args: argparse.Namespace) -> int:
    for rid in ruleset_ids():
        rs = load_ruleset(rid)
        print(f"{rid:<20} {rs.name}")
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="piquet-ref",
        description="Reference scorer for Piquet under the Laws of the Portland and Turf Clubs (1882), rules as data in spec/.",
        epilog="Exit codes: 0 ok; 1 rejected by the laws or malformed input (error code on stderr); 2 usage error.",
    )
    p.add_argument("--version", action="version", version=f"piquet-ref {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    s = sub.add_parser("score", help="score one deal record (YAML or JSON) and print the ledger",
                       description="Score a deal record: dealt hands, discards, stock (top first) and tricks; see README.")
    s.add_argument("file", nargs="?", metavar="FILE", help="deal record file, or - for stdin")
    s.add_argument("--example", action="store_true", help="score the bundled example (Cavendish's worked deal)")
    s.add_argument("--format", choices=("text", "json"), default="text", help="text ledger (default) or JSON result")
    s.add_argument("--ruleset", choices=ruleset_ids(), help="score under this ruleset instead of the record's")
    s.set_defaults(func=cmd_score)

    e = sub.add_parser("evaluate", help="what a set of cards holds: point, sequences, sets, carte blanche")
    e.add_argument("cards", nargs="+", metavar="CARD", help="cards such as AS TH 10H 7♣ (or one quoted string)")
    e.add_argument("--format", choices=("text", "json"), default="text")
    e.add_argument("--ruleset", choices=ruleset_ids())
    e.set_defaults(func=cmd_evaluate)

    v = sub.add_parser("serve", help="JSON-lines oracle on stdin/stdout (protocol 1)")
    v.add_argument("--one-shot", action="store_true", help="answer the first request, then exit")
    v.set_defaults(func=cmd_serve)

    r = sub.add_parser("rulesets", help="list the rulesets")
    r.set_defaults(func=cmd_rulesets)

    add_conformance_commands(sub)
    add_fuzz_command(sub)
    add_odds_command(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if args.command is None:
        p.print_help()
        return 2
    if args.command == "score" and (args.file is None) != bool(args.example):
        p.error("score needs a FILE (or - for stdin) or --example, and not both")
    if args.command in ("conformance", "fuzz"):
        return guarded(args)
    try:
        return int(args.func(args))
    except PiquetError as exc:
        print(f"piquet-ref: error: {exc}", file=sys.stderr)
        return 2 if exc.code == "input-unreadable" else 1
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
