"""The `piquet-ref` command line.

Exit codes: 0 success; 1 the input was read but the laws reject it or it is malformed (a typed
error with its code is printed on stderr); 2 usage error (bad options, unreadable file).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import Sequence


from piquet_ref.version import __version__
from piquet_ref.cli.documents import LIMIT_HELP, limit_arg, emit, limits_of, print_json, read_document
from piquet_ref.cli.conformance import add_commands as add_conformance_commands, add_fuzz_command, guarded
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.codes import error
from piquet_ref.deal.ledger import narrate
from piquet_ref.cli.odds import add_odds_command
from piquet_ref.cli.laws import add_laws_command
from piquet_ref.rules.loader import DEFAULT_RULESET, load_ruleset
from piquet_ref.rules.tables import ruleset_ids
from piquet_ref.protocol.ops import run_op
from piquet_ref.cli.replay import add_replay_command
from piquet_ref.cli.site import add_site_command
from piquet_ref.protocol.results import result_json
from piquet_ref.deal.scoring import score_deal

EXAMPLE = "cavendish-example.yaml"


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
    if args.ruleset is not None:
        if not isinstance(record, dict):
            raise error("record-invalid", f"{source}: a deal record must be a mapping")
        record = {**record, "ruleset": args.ruleset}
    if args.format == "svg":
        from piquet_ref.docs.svg import deal_svg

        sys.stdout.write(deal_svg(record) + "\n")
        return 0
    result = score_deal(record)
    return emit(args.format, lambda: result_json(result), lambda: narrate(result))


def cmd_partie(args: argparse.Namespace) -> int:
    from piquet_ref.partie.scoring import partie_json, partie_text, score_partie

    result = score_partie(read_document(args.file, limits_of(args.limit)))
    return emit(args.format, lambda: partie_json(result), lambda: partie_text(result))


def cmd_spec_doc(args: argparse.Namespace) -> int:
    from piquet_ref.docs.spec_doc import spec_markdown

    path = Path(args.output)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(spec_markdown(), encoding="utf-8")
    except OSError as exc:
        raise error("input-unreadable", f"{path}: cannot be written ({exc.strerror})") from None
    print(f"wrote {path}")
    return 0


def cmd_evaluate(args: argparse.Namespace) -> int:
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


def cmd_serve(args: argparse.Namespace) -> int:
    from piquet_ref.protocol.serve import serve

    # The process must never die on input: undecodable bytes reach the protocol as a bad line, and a
    # lone surrogate echoed from a request (valid JSON "\\ud800") is written as its JSON escape.
    for stream, errors in ((sys.stdin, "surrogateescape"), (sys.stdout, "backslashreplace")):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=errors)
    return serve(sys.stdin, sys.stdout, one_shot=args.one_shot, limits=limits_of(args.limit))


def cmd_rulesets(args: argparse.Namespace) -> int:
    if args.lock:
        from piquet_ref.rules.released import LOCK, locked_text
        from piquet_ref.rules.files import spec_dir

        try:
            text = locked_text(spec_dir())
        except ValueError as exc:
            print(f"piquet-ref: {exc}", file=sys.stderr)
            return 1
        (spec_dir() / LOCK).write_text(text, encoding="utf-8")
        print(f"recorded {len(ruleset_ids())} released rulesets in {LOCK}")
        return 0
    if args.id:
        rs = load_ruleset(args.id)
        print(f"{rs.id}: {rs.name}\n  {rs.description}\n  base: {rs.base or 'none (the tables as written)'}")
        for k in rs.knobs:
            print(f"  {k.rule}.{k.param} = {k.value}  ({k.ambiguity}; set by {k.ruleset})")
        return 0
    for rid in ruleset_ids():
        rs = load_ruleset(rid)
        print(f"{rid:<34} {len(rs.knobs):>2} knob(s)  {rs.name}")
    return 0


def cmd_reference(args: argparse.Namespace) -> int:
    """`sources`, `ambiguities` and `rules`: one entry by its key or id, the entries some words match, or the list;
    as text or JSON."""
    from piquet_ref.docs.lookup import find, listing
    from piquet_ref.docs.rules_info import VIEWS

    view, query = VIEWS[args.command], " ".join(args.key)
    if not query:
        return emit(args.format, view.all_json, view.all_text)
    found = find(args.command, query)
    if found.exact is not None:
        key = found.exact
        return emit(args.format, lambda: view.one_json(key), lambda: view.one_text(key))
    return emit(args.format, lambda: [view.one_json(e.key) for e in found.matches], lambda: listing(args.command, found))


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="piquet-ref",
        description="Reference scorer for Piquet under the Laws of the Portland and Turf Clubs (1882), rules as data in spec/.",
        epilog="Exit codes: 0 ok; 1 rejected by the laws or malformed input (error code on stderr); 2 usage error.",
    )
    p.add_argument("--version", action="version", version=f"piquet-ref {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    s = sub.add_parser("score", help="score one deal record (YAML or JSON) and print the ledger",
                       description="Score a deal record: dealt hands, discards, stock (top first) and tricks; see docs/formats.md.")
    s.add_argument("file", nargs="?", metavar="FILE", help="deal record file, or - for stdin")
    s.add_argument("--example", action="store_true", help="score the bundled example (Cavendish's worked deal)")
    s.add_argument("--format", choices=("text", "json", "svg"), default="text",
                   help="text ledger (default), JSON result, or the picture of the deal as SVG (not with --compare)")
    how = s.add_mutually_exclusive_group()
    how.add_argument("--ruleset", choices=ruleset_ids(), help="score under this ruleset instead of the record's")
    how.add_argument("--compare", action="store_true",
                     help="score under every ruleset side by side; each difference traced to its ambiguity id")
    s.add_argument("--limit", action="append", type=limit_arg, metavar="NAME=N", help=LIMIT_HELP)
    s.set_defaults(func=cmd_score)

    pa = sub.add_parser("partie", help="score a partie record: the Rubicon partie, games of a hundred up, chouette, stakes",
                        description="Score a partie record (players, form, deals or parties, stake); see docs/formats.md.")
    pa.add_argument("file", metavar="FILE", help="partie record file (YAML or JSON), or - for stdin")
    pa.add_argument("--format", choices=("text", "json"), default="text", help="the score card (default) or JSON")
    pa.add_argument("--limit", action="append", type=limit_arg, metavar="NAME=N", help=LIMIT_HELP)
    pa.set_defaults(func=cmd_partie)

    e = sub.add_parser("evaluate", help="what a set of cards holds: point, sequences, sets, carte blanche")
    e.add_argument("cards", nargs="+", metavar="CARD", help="cards such as AS TH 10H 7♣ (or one quoted string)")
    e.add_argument("--format", choices=("text", "json"), default="text")
    e.add_argument("--ruleset", choices=ruleset_ids())
    e.set_defaults(func=cmd_evaluate)

    v = sub.add_parser("serve", help="JSON-lines oracle on stdin/stdout (protocol 1)")
    v.add_argument("--one-shot", action="store_true", help="answer the first request, then exit")
    v.add_argument("--limit", action="append", type=limit_arg, metavar="NAME=N", help=LIMIT_HELP)
    v.set_defaults(func=cmd_serve)

    r = sub.add_parser("rulesets", help="list the rulesets, or show one ruleset's knobs and the ambiguities they answer")
    r.add_argument("id", nargs="?", metavar="ID", help="one ruleset")
    r.add_argument("--lock", action="store_true", help="record every ruleset as released (refuses if a released one changed)")
    r.set_defaults(func=cmd_rulesets)

    for name, what, example, words in (
        ("sources", "the sources: key, author, title, year, what each speaks for, how it is cited", "000, L, AC", "hoyle"),
        ("ambiguities", "where the sources disagree: each source's position and each ruleset's reading", "exchange.younger-minimum", "pique"),
        ("rules", "the rules: statement, citations, values, variants, code location, cases", "point.compare", "carte blanche"),
    ):
        ref = sub.add_parser(name, help=what)
        ref.add_argument("key", nargs="*", metavar="ID|WORD",
                         help=f"one entry by its id (e.g. {example}), or words the entries listed must hold (e.g. {words})")
        ref.add_argument("--format", choices=("text", "json"), default="text")
        ref.set_defaults(func=cmd_reference)

    sd = sub.add_parser("spec-doc", help="write the index of the spec: every rule and dispute with its address on the site",
                        description="Write a short index of the spec (every chapter, rule and dispute, linked into the site that "
                        "`piquet-ref site` builds beside it); the spec in full is the site.")
    sd.add_argument("--output", default="build/SPEC.md", metavar="PATH", help="where to write it (default build/SPEC.md, beside build/site/)")
    sd.set_defaults(func=cmd_spec_doc)

    add_conformance_commands(sub)
    add_fuzz_command(sub)
    add_odds_command(sub)
    add_laws_command(sub)
    add_replay_command(sub)
    add_site_command(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if args.command is None:
        p.print_help()
        return 2
    if args.command == "score" and (args.file is None) != bool(args.example):
        p.error("score needs a FILE (or - for stdin) or --example, and not both")
    if args.command == "score" and args.compare and args.format == "svg":
        p.error("score --compare has no picture: --format text or json")
    if args.command in ("conformance", "fuzz"):
        return guarded(args)
    try:
        return int(args.func(args))
    except PiquetError as exc:
        print(f"piquet-ref: error: {exc}", file=sys.stderr)
        return 2 if exc.code in ("input-unreadable", "input-too-large") else 1
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
