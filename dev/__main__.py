"""`python -m dev`: the maintainers' command line (see dev/__init__.py).

Exit codes: 0 success; 1 a check failed or a lock refused the change (each problem printed); 2 usage error, or
not a checkout (nothing is written).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, Sequence

HERE = Path(__file__).resolve().parent.parent  # the checkout this tool belongs to


class NotACheckout(Exception):
    """The tools would write into a copy of the package that is not a checkout (a wheel's, another tree's)."""


def checkout(root: Path, package: Path | None = None) -> Path:
    """`root` if it is a checkout of piquet-ref (its pyproject.toml naming the project, its git metadata, its
    spec/, conformance/ and docs/) and, when `package` is given, the folder the imported package was loaded from
    is that checkout's own; else NotACheckout, saying why."""
    pyproject = root / "pyproject.toml"
    if not pyproject.is_file() or 'name = "piquet-ref"' not in pyproject.read_text(encoding="utf-8"):
        raise NotACheckout(f"{root} has no pyproject.toml of piquet-ref")
    if not (root / ".git").exists():
        raise NotACheckout(f"{root} is not a git checkout (no .git)")
    for folder in ("spec", "conformance", "docs"):
        if not (root / folder).is_dir():
            raise NotACheckout(f"{root} has no {folder}/")
    if package is not None and package.resolve() != (root / "piquet_ref").resolve():
        raise NotACheckout(f"the piquet_ref imported is {package}, not this checkout's ({root / 'piquet_ref'}): "
                           "run from the repository root, or with PYTHONPATH set to it")
    return root


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m dev", description="The maintainers' tools for a checkout of piquet-ref: "
                                "they write the repository's locks and generated files, and refuse to run elsewhere.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)
    corpus = sub.add_parser("corpus", help="the conformance corpus's ids and lock (conformance/ids.lock.json)")
    csub = corpus.add_subparsers(dest="corpus_command", metavar="SUBCOMMAND", required=True)
    m = csub.add_parser("mint", help="print fresh case ids (PQ- + 5 Crockford base32), unused by any case or the lock")
    m.add_argument("count", nargs="?", type=int, default=1)
    csub.add_parser("lock", help="record new ids and bumped revs in ids.lock.json (refuses an unbumped change)")
    rt = csub.add_parser("retire", help="retire an id whose case is dropped (it stays in the lock, never reused)")
    rt.add_argument("id")
    rt.add_argument("--why", required=True, help="why the case is dropped")
    csub.add_parser("coverage", help="cases per rule id, op, area and provenance, as JSON (exit 1 if a rule has no case)")
    rs = sub.add_parser("rulesets", help="the released rulesets' lock (spec/rulesets/released.lock.json)")
    rsub = rs.add_subparsers(dest="rulesets_command", metavar="SUBCOMMAND", required=True)
    rsub.add_parser("lock", help="record every ruleset as released (refuses if a released one changed)")
    d = sub.add_parser("docs", help="write the table of subcommands into docs/cli.md, generated from the parser")
    d.add_argument("--check", action="store_true", help="write nothing; exit 1 if the table is stale")
    sub.add_parser("report", help="measure and write the verification report, as python -m verification.report does "
                   "(minutes); its options follow: --render, --probes, --crosshair, --calibration, --out PATH")
    sd = sub.add_parser("spec-doc", help="write the index of the spec: every rule and dispute with its address on the site")
    sd.add_argument("--output", default="build/SPEC.md", metavar="PATH", help="where to write it (default build/SPEC.md, beside build/site/)")
    return p


def main(argv: Sequence[str] | None = None, root: Path | None = None) -> int:
    p = parser()
    args, rest = p.parse_known_args(argv)
    if rest and args.command != "report":
        p.error(f"unrecognized arguments: {' '.join(rest)}")
    args.rest = rest
    try:
        if root is None:
            import piquet_ref

            root = checkout(HERE, Path(piquet_ref.__file__).parent)
        else:
            root = checkout(root)
    except NotACheckout as exc:
        print(f"python -m dev: refuses to run: {exc}", file=sys.stderr)
        return 2
    from piquet_ref.runner.corpus import CorpusError

    try:
        return run(args, root)
    except (CorpusError, ValueError, OSError) as exc:
        print(f"python -m dev: {exc}", file=sys.stderr)
        return 1


def run(args: argparse.Namespace, root: Path) -> int:
    if args.command == "corpus":
        return corpus(args, root / "conformance")
    if args.command == "rulesets":
        from piquet_ref.rules.released import LOCK, locked_text

        (root / "spec" / LOCK).write_text(locked_text(root / "spec"), encoding="utf-8")
        print(f"recorded the released rulesets in spec/{LOCK.as_posix()}")
        return 0
    if args.command == "docs":
        from piquet_ref.cli.shell import with_table

        page = root / "docs" / "cli.md"
        text = page.read_text(encoding="utf-8")
        fresh = with_table(text)
        if args.check:
            if fresh != text:
                print("docs/cli.md: the table of subcommands is stale; run `python -m dev docs`", file=sys.stderr)
                return 1
            return 0
        page.write_text(fresh, encoding="utf-8")
        print("docs/cli.md: " + ("table written" if fresh != text else "table already current"))
        return 0
    if args.command == "report":
        from verification.report import main as report

        report(list(args.rest))
        return 0
    from piquet_ref.docs.spec_doc import spec_markdown

    path = Path(args.output)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(spec_markdown(), encoding="utf-8")
    print(f"wrote {path}")
    return 0


def corpus(args: argparse.Namespace, root: Path) -> int:
    import json
    from collections import Counter

    from piquet_ref.runner.corpus import load_cases, lock_text, mint_ids, read_lock, retired_lock, updated_lock

    cases = load_cases(root / "cases")
    if args.corpus_command == "mint":
        for case_id in mint_ids(args.count, {c.id for c in cases} | set(read_lock(root)), os.urandom):
            print(case_id)
        return 0
    if args.corpus_command == "lock":
        lock = read_lock(root)
        new = updated_lock(cases, lock)
        (root / "ids.lock.json").write_text(lock_text(new), encoding="utf-8")
        changed = sum(1 for i, e in new.items() if lock.get(i) != e)
        print(f"ids.lock.json: {len(new)} id(s), {changed} added or updated")
        return 0
    if args.corpus_command == "retire":
        if any(c.id == args.id for c in cases):
            raise ValueError(f"{args.id} still has a case file; delete it first")
        (root / "ids.lock.json").write_text(lock_text(retired_lock(read_lock(root), args.id, args.why)), encoding="utf-8")
        print(f"{args.id} retired")
        return 0
    from piquet_ref.rules.loader import default_ruleset

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


if __name__ == "__main__":
    sys.exit(main())
