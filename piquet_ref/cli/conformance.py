"""`piquet-ref conformance ...`: mint case ids, lint and lock the corpus, run it against an implementation.

Exit codes of `run`: 0 no unexpected result, 1 unexpected results, 2 usage error, 3 incomplete run.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from piquet_ref.runner.adapters import Adapter, FunctionAdapter, OneShotAdapter, ProcessAdapter, check_timeout
from piquet_ref.runner.corpus import CorpusError, lint, load_cases, lock_text, mint_ids, read_lock, retired_lock, updated_lock
from piquet_ref.runner.levels import load_levels
from piquet_ref.runner.reports import jsonl, junit, summary, tap
from piquet_ref.runner.run import CaseOutcome, Selection, run_corpus
from piquet_ref.runner.situations import MIXES
from piquet_ref.rules.files import corpus_dir


def seconds_arg(text: str) -> float:
    """A `--timeout`: a finite number of seconds above 0 and at most a day (else a usage error, exit 2)."""
    try:
        return check_timeout(float(text))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_commands(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Register `conformance` and its subcommands on the top-level parser."""
    c = sub.add_parser("conformance", help="the conformance corpus: run it against a program; mint ids, lint, lock",
                       description="The language-neutral conformance corpus (conformance/README.md).")
    c.add_argument("--corpus", type=Path, default=None, metavar="DIR", help="corpus directory (default: the bundled one)")
    csub = c.add_subparsers(dest="conformance_command", metavar="SUBCOMMAND", required=True)

    r = csub.add_parser("run", help="run the corpus against an implementation through the JSON-lines protocol",
                        epilog="Exit codes: 0 no unexpected result; 1 unexpected results; 2 usage error; 3 incomplete run.")
    how = r.add_mutually_exclusive_group(required=True)
    how.add_argument("--impl", metavar="COMMAND", help="the implementation's command line (a persistent protocol process)")
    how.add_argument("--python", metavar="MODULE:FUNCTION", help="an in-process Python implementation: function(request) -> response")
    r.add_argument("--one-shot", action="store_true", help="start COMMAND afresh for each request (one line in, one line out)")
    for flag, what in (("op", "op"), ("rule", "rule id (glob)"), ("tag", "tag"), ("ruleset", "ruleset"), ("id", "case id (glob)"), ("area", "area (directory under cases/)")):
        r.add_argument(f"--{flag}", action="append", default=[], metavar=flag.upper(), help=f"only cases with this {what}; repeatable")
    r.add_argument("--level", metavar="LEVEL", help="judge only the checks at LEVEL and below (conformance/levels.yaml: "
                   "totals, declarations, play, events, laws; default: every check)")
    r.add_argument("--timeout", type=seconds_arg, default=10.0, metavar="SECONDS", help="per-case timeout, above 0 and at most 86400 (default 10)")
    r.add_argument("--jobs", type=int, default=1, metavar="N", help="run N copies of the implementation at once "
                   "(for one process per request, or a slow program; default 1)")
    r.add_argument("--max-restarts", type=int, default=10, metavar="N", help="restarts of a broken implementation before giving up (default 10)")
    r.add_argument("--expect-fail", type=Path, metavar="FILE", help="YAML/JSON mapping of case id to the reason it is expected to fail")
    r.add_argument("--write-expect-fail", type=Path, metavar="FILE", help="write the ids that failed, with their first difference, as such a file")
    r.add_argument("--jsonl", metavar="FILE", help="write the canonical JSON Lines report (- for stdout)")
    r.add_argument("--junit", metavar="FILE", help="write a JUnit XML report (- for stdout)")
    r.add_argument("--tap", metavar="FILE", help="write a TAP 14 report (- for stdout)")
    r.add_argument("--quiet", action="store_true", help="no summary and no progress bar")
    r.set_defaults(func=cmd_run)

    m = csub.add_parser("mint", help="print fresh case ids (PQ- + 5 Crockford base32), unused by any case or the lock")
    m.add_argument("count", nargs="?", type=int, default=1)
    m.set_defaults(func=cmd_mint)

    li = csub.add_parser("lint", help="check every case file and the lock (exit 1 on any problem)")
    li.set_defaults(func=cmd_lint)

    lk = csub.add_parser("lock", help="record new ids and bumped revs in ids.lock.json (refuses an unbumped change)")
    lk.set_defaults(func=cmd_lock)

    rt = csub.add_parser("retire", help="retire an id whose case is dropped (it stays in the lock, never reused)")
    rt.add_argument("id")
    rt.add_argument("--why", required=True, help="why the case is dropped")
    rt.set_defaults(func=cmd_retire)

    ex = csub.add_parser("export", help="write the corpus as one JSON file (what the wheel ships as conformance/corpus.json)",
                         description="The corpus as one JSON file, for a runner without a YAML parser: every case with its "
                                     "path and levels, and the levels table (schema/corpus.schema.json).")
    ex.add_argument("--out", default="-", metavar="FILE", help="where to write it (default: - for stdout)")
    ex.set_defaults(func=cmd_export)

    cv = csub.add_parser("coverage", help="cases per rule id, op, area and provenance")
    cv.set_defaults(func=cmd_coverage)


def add_fuzz_command(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Register `fuzz` on the top-level parser."""
    f = sub.add_parser("fuzz", help="score legal deals with the oracle and an implementation; minimise disagreements",
                       epilog="Exit codes: 0 no disagreement; 1 disagreements or a broken implementation; 2 usage error "
                              "(including an implementation without score_deal).")
    how = f.add_mutually_exclusive_group()
    how.add_argument("--impl", metavar="COMMAND", help="the implementation's command line (a persistent protocol process)")
    how.add_argument("--python", metavar="MODULE:FUNCTION", help="an in-process Python implementation: function(request) -> response")
    how.add_argument("--count-only", action="store_true", help="no implementation: draw the deals and print how many hold each situation")
    f.add_argument("--one-shot", action="store_true", help="start COMMAND afresh for each request")
    f.add_argument("--deals", type=int, default=1000, metavar="N", help="deals to score (default 1000)")
    f.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the deal generator (default 0)")
    f.add_argument("--mix", choices=MIXES, default="rare",
                   help="rare (default): mostly deals built to hold the situations that decide disputes; uniform: random deals")
    f.add_argument("--ruleset", default="portland-1882", help="ruleset of the deals (default portland-1882)")
    f.add_argument("--limit", type=int, default=5, metavar="K", help="stop after K disagreements (default 5)")
    f.add_argument("--timeout", type=seconds_arg, default=10.0, metavar="SECONDS", help="per-deal timeout, above 0 and at most 86400 (default 10)")
    f.add_argument("--jobs", type=int, default=1, metavar="N", help="implementations asked in parallel, each its own (default 1)")
    f.add_argument("--out", type=Path, metavar="DIR", help="write each minimised disagreement as a case file here")
    f.set_defaults(func=cmd_fuzz, conformance_command="fuzz")


def _scores(scores: dict[str, Any], keys: dict[str, None]) -> str:
    return " ".join(f"{k}={scores.get(k, '-')}" for k in keys)


def _situations_line(counts: tuple[tuple[str, int], ...]) -> str:
    return "situations: " + ", ".join(f"{s} {n}" for s, n in counts)


def cmd_fuzz(args: argparse.Namespace) -> int:
    from piquet_ref.runner.fuzz import case_of, draw_deals, fuzz, situation_counts

    if args.deals < 1 or args.limit < 1 or args.jobs < 1:
        raise ValueError("--deals, --limit and --jobs must be at least 1")
    if args.count_only:
        print(f"{args.deals} deal(s) of the {args.mix} mix (seed {args.seed})")
        print(_situations_line(situation_counts(draw_deals(args.deals, args.seed, args.ruleset, args.mix))))
        return 0
    if not (args.impl or args.python):
        raise ValueError("give the implementation (--impl or --python), or --count-only")
    outcome = fuzz(_adapter(args), args.deals, args.seed, args.ruleset, args.timeout, args.limit, mix=args.mix,
                   jobs=args.jobs, spawn=lambda: _adapter(args))
    if outcome.unsupported:
        raise ValueError("the implementation answers score_deal as unsupported; there is nothing to fuzz")
    ids = mint_ids(len(outcome.disagreements), {c.id for c in load_cases(corpus_dir() / "cases")} | set(read_lock(corpus_dir())), os.urandom)
    for d, case_id in zip(outcome.disagreements, ids):
        print(f"deal {d.deal_index} (seed {args.seed}, {args.mix} mix): differs first on {d.key}; minimised from {d.original_tricks} to {len(d.record['tricks'])} trick(s)")
        result = d.got.get("result")
        result = result if isinstance(result, dict) else {}
        for p in ("elder", "younger"):
            got = result.get(p)
            got = got if isinstance(got, dict) else {}
            keys = dict.fromkeys((d.key, "total")) if d.key in d.oracle[p] else {"total": None}
            print(f"  {p}: oracle {_scores(d.oracle[p], keys)}; implementation {_scores(got, keys)}")
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            path = args.out / f"fuzz-{case_id}.yaml"
            path.write_text(yaml.safe_dump(case_of(d, case_id), allow_unicode=True, sort_keys=False, width=120), encoding="utf-8")
            print(f"  case written: {path}")
    for index, how in outcome.broken:
        print(f"deal {index}: the implementation gave no result ({how})")
    print(f"{outcome.deals} deal(s) scored both ways: {len(outcome.disagreements)} disagreement(s), {len(outcome.broken)} without a result")
    print(_situations_line(outcome.situations))
    return 1 if outcome.disagreements or outcome.broken else 0


def root_of(args: argparse.Namespace) -> Path:
    return Path(args.corpus) if args.corpus is not None else corpus_dir()


def corpus_version(root: Path) -> str:
    path = root / "VERSION"
    return path.read_text(encoding="utf-8").strip() if path.is_file() else "unversioned"


def guarded(args: argparse.Namespace) -> int:
    """Run a conformance subcommand; a corpus or usage problem is exit 2 with one line on stderr."""
    try:
        return int(args.func(args))
    except (CorpusError, ValueError, OSError) as exc:
        print(f"piquet-ref conformance: {exc}", file=sys.stderr)
        return 2


def cmd_export(args: argparse.Namespace) -> int:
    from piquet_ref.runner.corpus_json import corpus_json

    _write(args.out, corpus_json(root_of(args)))
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    root = root_of(args)
    selection = Selection(tuple(args.op), tuple(args.rule), tuple(args.tag), tuple(args.ruleset), tuple(args.id), tuple(args.area))
    cases = [c for c in load_cases(root / "cases") if selection.admits(c)]
    if not cases:
        raise ValueError("no case matches the filters")
    expect_fail = _read_expect_fail(args.expect_fail) if args.expect_fail else {}
    adapter = _adapter(args)
    show = not args.quiet and sys.stderr.isatty()
    run = run_corpus(cases, adapter, args.timeout, args.max_restarts, expect_fail, _progress if show else None,
                     args.level, load_levels(root), args.jobs)
    if show:
        sys.stderr.write("\n")
    if args.jsonl:
        _write(args.jsonl, jsonl(run, corpus_version(root), adapter.description))
    if args.junit:
        _write(args.junit, junit(run))
    if args.tap:
        _write(args.tap, tap(run))
    if args.write_expect_fail:
        failing = {o.case.id: (o.diffs[0] if o.diffs else o.status)[:200] for o in run.outcomes if o.status in ("fail", "error", "crash", "timeout", "xfail")}
        args.write_expect_fail.write_text(yaml.safe_dump(failing, allow_unicode=True, sort_keys=True, width=1000), encoding="utf-8")
    if not args.quiet and "-" not in (args.jsonl, args.junit, args.tap):
        sys.stdout.write(summary(run, adapter.description))
    return run.exit_code


def _adapter(args: argparse.Namespace) -> Adapter:
    if args.python:
        if args.one_shot:
            raise ValueError("--one-shot applies to --impl, not --python")
        return FunctionAdapter(args.python)
    argv = shlex.split(args.impl)
    if not argv:
        raise ValueError("--impl needs a command")
    return OneShotAdapter(argv) if args.one_shot else ProcessAdapter(argv)


def _read_expect_fail(path: Path) -> dict[str, str]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if data is None:
        return {}
    if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
        raise ValueError(f"{path}: an expected-failure list maps case ids to reasons")
    return {k: str(v) for k, v in data.items()}


def _write(target: str, text: str) -> None:
    if target == "-":
        sys.stdout.write(text)
    else:
        Path(target).write_bytes(text.encode("utf-8", "backslashreplace"))


def _progress(done: int, total: int, outcome: CaseOutcome) -> None:
    width = 30
    filled = width * done // total
    mark = "!" if outcome.unexpected else ""
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {outcome.case.id} {outcome.status}{mark}   ")
    sys.stderr.flush()


def cmd_mint(args: argparse.Namespace) -> int:
    root = root_of(args)
    taken = {case.id for case in load_cases(root / "cases")} | set(read_lock(root))
    for case_id in mint_ids(args.count, taken, os.urandom):
        print(case_id)
    return 0


def cmd_lint(args: argparse.Namespace) -> int:
    root = root_of(args)
    problems = lint(root)
    for problem in problems:
        print(problem)
    print(f"{len(load_cases(root / 'cases'))} case(s), {len(problems)} problem(s)", file=sys.stderr)
    return 1 if problems else 0


def cmd_lock(args: argparse.Namespace) -> int:
    root = root_of(args)
    lock = read_lock(root)
    new = updated_lock(load_cases(root / "cases"), lock)
    (root / "ids.lock.json").write_text(lock_text(new), encoding="utf-8")
    changed = sum(1 for i, e in new.items() if lock.get(i) != e)
    print(f"ids.lock.json: {len(new)} id(s), {changed} added or updated")
    return 0


def cmd_retire(args: argparse.Namespace) -> int:
    root = root_of(args)
    if any(c.id == args.id for c in load_cases(root / "cases")):
        raise ValueError(f"{args.id} still has a case file; delete it first")
    (root / "ids.lock.json").write_text(lock_text(retired_lock(read_lock(root), args.id, args.why)), encoding="utf-8")
    print(f"{args.id} retired")
    return 0


def cmd_coverage(args: argparse.Namespace) -> int:
    from piquet_ref.rules.loader import default_ruleset

    cases = load_cases(root_of(args) / "cases")
    per_rule = Counter(r for c in cases for r in c.rules)
    table: dict[str, Any] = {
        "cases": len(cases),
        "rules": {r: per_rule[r] for r in sorted(default_ruleset().rules)},
        "ops": dict(sorted(Counter(c.op for c in cases).items())),
        "areas": dict(sorted(Counter(c.area for c in cases).items())),
        "provenance": dict(sorted(Counter(str(c.data.get("provenance")) for c in cases).items())),
    }
    print(json.dumps(table, indent=2))
    return 1 if any(n == 0 for n in table["rules"].values()) else 0

