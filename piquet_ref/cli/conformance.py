"""`piquet-ref conformance run|lint|export` and `piquet-ref fuzz`: the corpus run against an implementation,
checked, exported; legal deals scored both ways.

Exit codes of `run`: 0 no unexpected result, 1 unexpected results, 2 usage error, 3 incomplete run. Minting ids and
locking the corpus are the maintainers' (`python -m dev corpus ...` in a checkout), not the user's.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from pathlib import Path
from typing import Any

import yaml

from piquet_ref.cli.documents import Progress, UsageError, print_json
from piquet_ref.runner.adapters import Adapter, FunctionAdapter, OneShotAdapter, ProcessAdapter
from piquet_ref.runner.corpus import lint, load_cases, mint_ids, read_lock
from piquet_ref.runner.levels import load_levels
from piquet_ref.runner.reports import case_record, jsonl, junit, summary, tap
from piquet_ref.runner.run import CaseOutcome, RunOutcome, Selection, run_corpus
from piquet_ref.rules.files import corpus_dir


def _scores(scores: dict[str, Any], keys: dict[str, None]) -> str:
    return " ".join(f"{k}={scores.get(k, '-')}" for k in keys)


def _situations_line(counts: tuple[tuple[str, int], ...]) -> str:
    return "situations: " + ", ".join(f"{s} {n}" for s, n in counts)


def cmd_fuzz(args: argparse.Namespace) -> int:
    from piquet_ref.runner.fuzz import case_of, draw_deals, fuzz, situation_counts

    if args.count_only:
        counts = situation_counts(draw_deals(args.deals, args.seed, args.ruleset, args.mix))
        if args.format == "json":
            print_json({"deals": args.deals, "mix": args.mix, "seed": args.seed, "situations": dict(counts)})
        else:
            print(f"{args.deals} deal(s) of the {args.mix} mix (seed {args.seed})")
            print(_situations_line(counts))
        return 0
    if not (args.impl or args.python):
        raise UsageError("give the implementation (--impl or --python), or --count-only")
    bar = None if args.quiet else Progress.on(sys.stderr, args.deals, "deals")
    try:
        outcome = fuzz(_adapter(args), args.deals, args.seed, args.ruleset, args.timeout, args.stop_after, bar, mix=args.mix,
                       jobs=args.jobs, spawn=lambda: _adapter(args))
    finally:
        if bar is not None:
            bar.close()
    if outcome.unsupported:
        raise UsageError("the implementation answers score_deal as unsupported; there is nothing to fuzz")
    ids = mint_ids(len(outcome.disagreements), {c.id for c in load_cases(corpus_dir() / "cases")} | set(read_lock(corpus_dir())), os.urandom)
    text: list[str] = []
    found: list[dict[str, Any]] = []
    for d, case_id in zip(outcome.disagreements, ids):
        text.append(f"deal {d.deal_index} (seed {args.seed}, {args.mix} mix): differs first on {d.key}; minimised from {d.original_tricks} to {len(d.record['tricks'])} trick(s)")
        result = d.got.get("result")
        result = result if isinstance(result, dict) else {}
        for p in ("elder", "younger"):
            got = result.get(p)
            got = got if isinstance(got, dict) else {}
            keys = dict.fromkeys((d.key, "total")) if d.key in d.oracle[p] else {"total": None}
            text.append(f"  {p}: oracle {_scores(d.oracle[p], keys)}; implementation {_scores(got, keys)}")
        entry: dict[str, Any] = {"deal": d.deal_index, "key": d.key, "tricks_before": d.original_tricks,
                                 "tricks": len(d.record["tricks"]), "record": d.record, "oracle": d.oracle, "got": d.got}
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            path = args.out / f"fuzz-{case_id}.yaml"
            path.write_text(yaml.safe_dump(case_of(d, case_id), allow_unicode=True, sort_keys=False, width=120), encoding="utf-8")
            text.append(f"  case written: {path}")
            entry["case"] = str(path)
        found.append(entry)
    for index, how in outcome.broken:
        text.append(f"deal {index}: the implementation gave no result ({how})")
    text.append(f"{outcome.deals} deal(s) scored both ways: {len(outcome.disagreements)} disagreement(s), {len(outcome.broken)} without a result")
    text.append(_situations_line(outcome.situations))
    if args.format == "json":
        print_json({"deals": outcome.deals, "seed": args.seed, "mix": args.mix, "disagreements": found,
                    "broken": [{"deal": i, "how": how} for i, how in outcome.broken], "situations": dict(outcome.situations)})
    else:
        print("\n".join(text))
    return 1 if outcome.disagreements or outcome.broken else 0


def root_of(args: argparse.Namespace) -> Path:
    return Path(args.corpus) if args.corpus is not None else corpus_dir()


def corpus_version(root: Path) -> str:
    path = root / "VERSION"
    return path.read_text(encoding="utf-8").strip() if path.is_file() else "unversioned"


def cmd_export(args: argparse.Namespace) -> int:
    from piquet_ref.runner.corpus_json import corpus_json

    _write(args.out, corpus_json(root_of(args)))
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    root = root_of(args)
    selection = Selection(tuple(args.op), tuple(args.rule), tuple(args.tag), tuple(args.only_ruleset), tuple(args.id), tuple(args.area))
    cases = [c for c in load_cases(root / "cases") if selection.admits(c)]
    if not cases:
        raise UsageError("no case matches the filters")
    expect_fail = _read_expect_fail(args.expect_fail) if args.expect_fail else {}
    adapter = _adapter(args)
    bar = None if args.quiet else Progress.on(sys.stderr, len(cases), "cases")

    def progress(done: int, total: int, outcome: CaseOutcome) -> None:
        assert bar is not None
        bar(done, f"{outcome.case.id} {outcome.status}{'!' if outcome.unexpected else ''}")

    try:
        run = run_corpus(cases, adapter, args.timeout, args.max_restarts, expect_fail, progress if bar else None,
                         args.level, load_levels(root), args.jobs)
    finally:
        if bar is not None:
            bar.close()
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
        if args.format == "json":
            print_json(run_json(run, adapter.description, corpus_version(root)))
        else:
            sys.stdout.write(summary(run, adapter.description))
    return run.exit_code


def run_json(run: RunOutcome, adapter: str, version: str) -> dict[str, Any]:
    """The summary of a run as JSON: the counts, each level's passes, and each unexpected result in full."""
    return {"implementation": run.implementation, "adapter": adapter, "corpus_version": version, "cases": len(run.outcomes),
            "counts": run.status_counts(), "levels": {k: {"passed": p, "judged": j} for k, (p, j) in run.per_level().items()},
            "unexpected": [case_record(o) for o in run.outcomes if o.unexpected], "restarts": run.restarts,
            "not_run": [c.id for c in run.not_run], "complete": run.complete, "seconds": round(run.seconds, 3)}


def _adapter(args: argparse.Namespace) -> Adapter:
    if args.python:
        if args.one_shot:
            raise UsageError("--one-shot applies to --impl, not --python")
        return FunctionAdapter(args.python)
    argv = shlex.split(args.impl)
    if not argv:
        raise UsageError("--impl needs a command")
    return OneShotAdapter(argv) if args.one_shot else ProcessAdapter(argv)


def _read_expect_fail(path: Path) -> dict[str, str]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if data is None:
        return {}
    if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
        raise UsageError(f"{path}: an expected-failure list maps case ids to reasons")
    return {k: str(v) for k, v in data.items()}


def _write(target: str, text: str) -> None:
    if target == "-":
        sys.stdout.write(text)
    else:
        Path(target).write_bytes(text.encode("utf-8", "backslashreplace"))


def cmd_lint(args: argparse.Namespace) -> int:
    root = root_of(args)
    problems = lint(root)
    cases = len(load_cases(root / "cases"))
    if args.format == "json":
        print_json({"cases": cases, "problems": problems})
    else:
        for problem in problems:
            print(problem)
        print(f"{cases} case(s), {len(problems)} problem(s)", file=sys.stderr)
    return 1 if problems else 0
