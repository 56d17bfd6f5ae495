"""`piquet-ref score`, `partie`, `evaluate` and `serve`: a deal, a partie, a hand and the oracle.

Each function imports what it runs when it runs, so that scoring a deal loads the scorer and nothing more.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path
from typing import IO, Any, cast

from piquet_ref.cli.documents import emit, limits_of, print_json, read_document
from piquet_ref.rules.codes import error

EXAMPLE = "cavendish-example.yaml"


def with_ruleset(data: Any, ruleset: str | None, what: str) -> Any:
    """The input under `--ruleset ID`: its `ruleset` replaced by ID (the input must be a mapping)."""
    if ruleset is None:
        return data
    if not isinstance(data, dict):
        raise error("record-invalid", f"{what} must be a mapping")
    return {**data, "ruleset": ruleset}


def cmd_score(args: argparse.Namespace) -> int:
    source = args.file
    if args.example:
        source = str(Path(__file__).resolve().parent.parent / "examples" / EXAMPLE)
    assert source is not None  # main() rejects `score` without FILE or --example as a usage error
    record = read_document(source, limits_of(args.limit))
    if args.compare:
        from piquet_ref.deal.compare import compare_rulesets, comparison_json, comparison_text

        comparison = compare_rulesets(record)
        return emit(args.format, lambda: comparison_json(comparison), lambda: comparison_text(comparison))
    record = with_ruleset(record, args.ruleset, f"{source}: a deal record")
    if args.format == "svg":
        from piquet_ref.docs.svg import deal_svg

        sys.stdout.write(deal_svg(record) + "\n")
        return 0
    from piquet_ref.deal.scoring import score_deal

    result = score_deal(record)
    if args.format == "json":
        from piquet_ref.protocol.results import result_json

        print_json(result_json(result))
        return 0
    from piquet_ref.deal.ledger import narrate

    sys.stdout.write(narrate(result))
    return 0


def cmd_partie(args: argparse.Namespace) -> int:
    from piquet_ref.partie.scoring import partie_json, partie_text, score_partie

    record = with_ruleset(read_document(args.file, limits_of(args.limit)), args.ruleset, "a partie record")
    result = score_partie(record)
    return emit(args.format, lambda: partie_json(result), lambda: partie_text(result))


def cmd_evaluate(args: argparse.Namespace) -> int:
    from piquet_ref.protocol.ops import run_op
    from piquet_ref.rules.loader import DEFAULT_RULESET, load_ruleset

    data = run_op("evaluate_hand", {"cards": " ".join(args.cards), "ruleset": args.ruleset or DEFAULT_RULESET})
    if args.format == "json":
        print_json(data)
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


class RulesetOverride:
    """Standard input for `serve --ruleset ID`: each `run` request whose input is a mapping gets `"ruleset": ID`
    in place of any it names; every other line (other commands, lines that are not JSON, lines longer than a
    read) reaches the server as it came."""

    def __init__(self, stream: IO[str], ruleset: str) -> None:
        self.stream, self.ruleset = stream, ruleset

    def readline(self, size: int | None = -1) -> str:
        line = self.stream.readline(-1 if size is None else size)
        if not line.endswith("\n") and size is not None and 0 <= size <= len(line):
            return line
        try:
            request = json.loads(line)
        except ValueError:
            return line
        if not (isinstance(request, dict) and request.get("cmd") == "run" and isinstance(request.get("input"), dict)):
            return line
        request["input"] = {**request["input"], "ruleset": self.ruleset}
        return json.dumps(request, ensure_ascii=False) + "\n"


def cmd_serve(args: argparse.Namespace) -> int:
    from piquet_ref.protocol.serve import serve

    # The process must never die on input: undecodable bytes reach the protocol as a bad line, and a
    # lone surrogate echoed from a request (valid JSON "\\ud800") is written as its JSON escape.
    for stream, errors in ((sys.stdin, "surrogateescape"), (sys.stdout, "backslashreplace")):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=errors)
    stdin = sys.stdin if args.ruleset is None else cast(IO[str], RulesetOverride(sys.stdin, args.ruleset))
    return serve(stdin, sys.stdout, one_shot=args.one_shot, limits=limits_of(args.limit))
