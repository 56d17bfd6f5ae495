"""Mutation testing: how strong is a judge (the conformance corpus, or the test suite) at catching wrong rules?

Mutants are made of the reference's rule logic and of its rule tables, one change each:

- code (`piquet_ref/<module>.py`, AST level): a comparison's boundary moved or negated, an arithmetic or
  bitwise operator swapped, an integer constant moved by one, a boolean flipped, `and`/`or` swapped, a
  `not` dropped, a condition negated, an update or call statement removed;
- tables (`spec/rules/*.yaml`): each parameter the code reads moved by one, flipped, renamed, or a list
  parameter with one item dropped or two neighbours swapped.

Each mutant runs in its own process over a copy of the package, so nothing of one mutant leaks into the
next. A mutant is *killed* when the judge fails on it (a case differs, the oracle errs or the process
dies or hangs), *invalid* when it cannot even load (the loader rejects a mutated table: no judge is
needed to notice that), and *survives* otherwise. `verification/mutation_equivalent.yaml` lists, each with its
reason, the survivors that are equivalent (no input can tell them from the original), those that change
only what the corpus leaves open on purpose (wording of notes and messages), and the functions only the
Python API reaches (not run: the corpus speaks the protocol). The score is killed / (killed + the
remaining survivors).

    python -m verification.mutation run [--jobs 2] [--only GLOB] [--out FILE]
    python -m verification.mutation run --judge tests --from CORPUS_REPORT [--skip-equivalent] [--contracts] [--journal FILE [--resume]] [--jobs 2] [--out FILE]
    python -m verification.mutation journal-report --from CORPUS_REPORT --journal FILE --seconds S --baseline-seconds B [--only GLOB] [--out FILE]
    python -m verification.mutation list [--only GLOB]
    python -m verification.mutation record REPORT...
    python -m verification.mutation report [REPORT...] [--out FILE]

The test-suite judge (`--judge tests`) runs pytest, first failure ends it, over every test file but
those in `SUITE_SKIPPED` (each with its reason), with the Hypothesis profile `mutation` (fixed
examples, so a verdict can be reproduced). The suite runs the whole corpus (`tests/test_conformance.py`),
so a mutant the corpus killed in CORPUS_REPORT is killed by the suite too and is not run again; pytest
judges the rest: the mutants only the Python API reaches, those the corpus leaves open, and the
survivors. Mutants listed as equivalent are run too (`--skip-equivalent` to leave them out): a kill
there would prove the listing wrong. The named predicates of the contracts count in neither score (no op
runs them; they say how strong the contract checks are, not the rules): `--contracts` has pytest judge
them too, in a run of their own (with `--journal` and `--resume`, after the run of the counted mutants).

`run` writes a JSON report (`--out`, default build/mutation-report.json) and prints the survivors; `record
FILE...` keeps what corpus runs found in verification/results/mutation_corpus.json, each file's figures from the
last report that covers it, and `report` writes the Markdown report from that record (build/MUTATION.md).
"""

from __future__ import annotations

import argparse
import ast
import copy
import fnmatch
import hashlib
import json
import os
import re
import resource
import signal
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, NamedTuple

import yaml

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT_FILE = Path(__file__).resolve().parent / "mutation_equivalent.yaml"

# The rule logic: what decides a score, a verdict, a legal move or a count. (Not the CLI, the protocol
# framing, the runner or the corpus tools, which the corpus does not claim to check.)
RULE_MODULES = (  # below piquet_ref/, without .py
    "hand/suit", "hand/declarations", "hand/play", "hand/exchange", "hand/cards",
    "deal/record", "deal/normal_form", "deal/accretion", "deal/result", "deal/scoring", "deal/totals", "deal/counts", "deal/irregular/resolution",
    # the laws as a state machine
    "deal/irregular/penalties", "deal/irregular/misdeal", "machine/revokes", "machine/left_cards", "machine/dialogue",
    "machine/showing", "machine/state",
    "machine/shortfall",  # Case XIII's unannounced shortfall
    "machine/multiple_lead",  # law 59 II and Cases X, XI: several cards led at once
    "partie/scoring", "partie/settlement",  # the match: the partie, games, rubicon, chouette, stakes (deal/ledger.py narrates, for the CLI)
)  # (odds/take_in.py computes chances, not rules:
#   its contracts and the exhaustive counts of tests/test_odds*.py check it)
NO_MUTATE = "pragma: no mutate"


@dataclass(frozen=True)
class Mutant:
    """One change to one file: where, what, and the whole mutated text."""

    id: str  # stable across unrelated edits: file, enclosing function, operator, original text, occurrence
    file: str  # relative to the repository root
    line: int
    where: str  # enclosing function (code) or rule id and parameter (tables)
    operator: str
    original: str
    mutated: str
    site: tuple[int, int]  # (node index in ast.walk order, edit index) or (rule index, edit index over its params)

    def summary(self) -> str:
        return f"{self.file}:{self.line} {self.where}: {self.operator}: {self.original} -> {self.mutated}"


# ------------------------------------------------------------------------------ code mutants

COMPARE_SWAPS: dict[type[ast.cmpop], tuple[type[ast.cmpop], ...]] = {
    ast.Lt: (ast.LtE, ast.GtE),
    ast.LtE: (ast.Lt, ast.Gt),
    ast.Gt: (ast.GtE, ast.LtE),
    ast.GtE: (ast.Gt, ast.Lt),
    ast.Eq: (ast.NotEq,),
    ast.NotEq: (ast.Eq,),
    ast.In: (ast.NotIn,),
    ast.NotIn: (ast.In,),
    ast.Is: (ast.IsNot,),
    ast.IsNot: (ast.Is,),
}
BINOP_SWAPS: dict[type[ast.operator], tuple[type[ast.operator], ...]] = {
    ast.Add: (ast.Sub,),
    ast.Sub: (ast.Add,),
    ast.Mult: (ast.FloorDiv,),
    ast.FloorDiv: (ast.Mult,),
    ast.Mod: (ast.FloorDiv,),
    ast.BitAnd: (ast.BitOr,),
    ast.BitOr: (ast.BitAnd, ast.BitXor),
    ast.BitXor: (ast.BitOr,),
    ast.LShift: (ast.RShift,),
    ast.RShift: (ast.LShift,),
}

Parents = dict[int, list[ast.AST]]
Apply = Callable[[ast.AST, Parents], None]  # mutate the copied node in place (its tree's parent map given)
Edit = tuple[str, str, Apply]  # (operator label, mutated text, apply)


def _edits(node: ast.AST) -> Iterator[Edit]:
    """The mutations of one node (applied to a deep copy found at the same walk position)."""
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            for new_cmp in COMPARE_SWAPS.get(type(op), ()):
                yield f"compare {type(op).__name__}->{new_cmp.__name__}", _show_compare(node, i, new_cmp), _set_cmp(i, new_cmp)
    elif isinstance(node, (ast.BinOp, ast.AugAssign)):
        for new in BINOP_SWAPS.get(type(node.op), ()):
            yield f"operator {type(node.op).__name__}->{new.__name__}", _show_op(node, new), _set_op(new)
    elif isinstance(node, ast.BoolOp):
        new_bool: type[ast.boolop] = ast.Or if isinstance(node.op, ast.And) else ast.And
        yield f"boolean {type(node.op).__name__}->{new_bool.__name__}", ast.unparse(ast.BoolOp(new_bool(), node.values)), _set_op(new_bool)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub, ast.Invert)):
        yield f"drop {type(node.op).__name__}", ast.unparse(node.operand), _unwrap
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        yield "flip bool", repr(not node.value), _set_value(not node.value)
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        for new_int in sorted({node.value + 1, node.value - 1} - ({-1} if node.value == 0 else set())):
            yield f"constant {node.value}->{new_int}", repr(new_int), _set_value(new_int)
    if isinstance(node, (ast.If, ast.While, ast.IfExp)) and not isinstance(node.test, (ast.Compare, ast.UnaryOp)):
        yield "negate condition", f"not ({ast.unparse(node.test)})", _negate_test
    if isinstance(node, ast.AugAssign) or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
        yield "remove statement", "pass", _to_pass


def _show_compare(node: ast.Compare, i: int, new: type[ast.cmpop]) -> str:
    ops = list(node.ops)
    ops[i] = new()
    return ast.unparse(ast.Compare(node.left, ops, node.comparators))


def _show_op(node: ast.BinOp | ast.AugAssign, new: type[ast.operator]) -> str:
    shown = copy.copy(node)
    shown.op = new()
    return ast.unparse(shown)


def _set_cmp(i: int, new: type[ast.cmpop]) -> Apply:
    def apply(node: ast.AST, parents: Parents) -> None:
        assert isinstance(node, ast.Compare)
        node.ops[i] = new()

    return apply


def _set_op(new: type[ast.AST]) -> Apply:
    def apply(node: ast.AST, parents: Parents) -> None:
        node.op = new()  # type: ignore[attr-defined]

    return apply


def _set_value(value: bool | int) -> Apply:
    def apply(node: ast.AST, parents: Parents) -> None:
        assert isinstance(node, ast.Constant)
        node.value = value

    return apply


def _negate_test(node: ast.AST, parents: Parents) -> None:
    assert isinstance(node, (ast.If, ast.While, ast.IfExp))
    node.test = ast.UnaryOp(ast.Not(), node.test)


def _unwrap(node: ast.AST, parents: Parents) -> None:
    """Put the operand of a unary operator where the operator was (drop a `not`, a minus, an `~`)."""
    assert isinstance(node, ast.UnaryOp)
    _substitute(node, node.operand, parents)


def _to_pass(node: ast.AST, parents: Parents) -> None:
    """Put `pass` where the statement was."""
    _substitute(node, ast.Pass(), parents)


def _substitute(old: ast.AST, new: ast.AST, parents: Parents) -> None:
    for holder in parents[id(old)]:
        for name, value in ast.iter_fields(holder):
            if value is old:
                setattr(holder, name, new)
            elif isinstance(value, list):
                value[:] = [new if v is old else v for v in value]


def _skipped_nodes(tree: ast.AST) -> set[int]:
    """Nodes not to mutate: annotations, f-strings (messages), asserts, docstrings, `# pragma: no mutate` lines."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        parts: list[ast.AST] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            parts += [a.annotation for a in node.args.args + node.args.kwonlyargs if a.annotation]
            parts += [node.returns] if node.returns else []
        elif isinstance(node, ast.AnnAssign):
            parts.append(node.annotation)
        elif isinstance(node, (ast.JoinedStr, ast.Assert)):
            parts.append(node)
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            parts.append(node)  # a docstring
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("error", "TypeVar", "NewType"):
            parts += node.args[:1]  # the error code / type name: data, not logic
        for part in parts:
            skip.update(id(n) for n in ast.walk(part))
    return skip


def module_key(rel: str) -> str:
    """A module's name in mutant ids: its path below piquet_ref/ without `.py` (`deal/scoring`)."""
    return rel.removeprefix("piquet_ref/").removesuffix(".py")


def code_mutants(root: Path, rel: str) -> list[Mutant]:
    """Every mutant of one Python module (`rel`, a path below `root`), in a stable order."""
    source = (root / rel).read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    skip = _skipped_nodes(tree)
    qualnames = _qualnames(tree)
    nodes = list(ast.walk(tree))
    seen: Counter[tuple[str, str, str]] = Counter()
    out = []
    for index, node in enumerate(nodes):
        if id(node) in skip or not hasattr(node, "lineno") or NO_MUTATE in lines[node.lineno - 1]:
            continue
        for edit, (label, shown, _) in enumerate(_edits(node)):
            where = qualnames.get(id(node), "<module>")
            original = ast.unparse(node) if not isinstance(node, (ast.If, ast.While)) else ast.unparse(node.test)
            key = (where, label, original)
            seen[key] += 1
            digest = hashlib.sha256(f"{rel}|{where}|{label}|{original}|{seen[key]}".encode()).hexdigest()[:8]
            out.append(Mutant(f"{module_key(rel)}:{where}:{digest}", rel, node.lineno, where, label, _short(original), _short(shown), (index, edit)))
    return out


def code_text(m: Mutant, source: str) -> str:
    """The whole module (whose unmutated text is `source`) with the mutant's one edit applied."""
    tree = ast.parse(source)
    index, edit = m.site
    target = list(ast.walk(tree))[index]
    apply = list(_edits(target))[edit][2]
    apply(target, _parent_map(tree))
    return ast.unparse(ast.fix_missing_locations(tree))


def _short(text: str, width: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _parent_map(tree: ast.AST) -> Parents:
    parents: Parents = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents.setdefault(id(child), []).append(node)
    return parents


def _qualnames(tree: ast.AST) -> dict[int, str]:
    """The enclosing function or class (dotted) of every node."""
    out: dict[int, str] = {}

    def visit(node: ast.AST, name: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = name
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                inner = f"{name}.{child.name}" if name != "<module>" else child.name
            out[id(child)] = inner
            visit(child, inner)

    visit(tree, "<module>")
    return out


# ------------------------------------------------------------------------------ table mutants


def table_mutants(root: Path, rel: str) -> list[Mutant]:
    """Every mutant of one rule table: each parameter value moved, flipped, renamed, shortened or reordered."""
    data = yaml.safe_load((root / rel).read_text(encoding="utf-8"))
    out = []
    for r, rule in enumerate(data.get("rules", [])):
        for e, (name, (label, original, shown, _)) in enumerate(_param_edits(rule)):
            where = f"{rule['id']}.{name}"
            digest = hashlib.sha256(f"{rel}|{where}|{label}|{shown}".encode()).hexdigest()[:8]
            out.append(Mutant(f"spec:{where}:{digest}", rel, 0, where, label, _short(original), _short(shown), (r, e)))
    return out


def _param_edits(rule: dict[str, Any]) -> Iterator[tuple[str, tuple[str, str, str, Any]]]:
    for name, value in (rule.get("params") or {}).items():
        for edit in _value_edits(value):
            yield name, edit


def table_text(m: Mutant, source: str) -> str:
    """The whole rule table (whose unmutated text is `source`) with the mutant's one parameter changed."""
    data = yaml.safe_load(source)
    r, e = m.site
    name, (_, _, _, new) = list(_param_edits(data["rules"][r]))[e]
    data["rules"][r]["params"][name] = new
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def mutant_text(m: Mutant, source: str) -> str:
    """The mutated text of the mutant's file, given its unmutated text."""
    return table_text(m, source) if m.file.endswith(".yaml") else code_text(m, source)


def _value_edits(value: Any, path: str = "") -> Iterator[tuple[str, str, str, Any]]:
    """(label, original, mutated, new value) for a parameter value, recursing into lists and mappings."""
    if isinstance(value, bool):
        yield f"flip{path}", repr(value), repr(not value), not value
    elif isinstance(value, int):
        for new in (value - 1, value + 1):
            yield f"constant{path} {value}->{new}", repr(value), repr(new), new
    elif isinstance(value, str):
        yield f"rename{path}", repr(value), repr(value + "x"), value + "x"
    elif isinstance(value, list):
        for i in range(len(value)):
            yield f"drop{path}[{i}]", _short(repr(value)), _short(repr(value[:i] + value[i + 1 :])), value[:i] + value[i + 1 :]
        for i in range(len(value) - 1):
            if value[i] != value[i + 1]:
                swapped = value[:i] + [value[i + 1], value[i]] + value[i + 2 :]
                yield f"swap{path}[{i}]", _short(repr(value)), _short(repr(swapped)), swapped
        for i, item in enumerate(value):
            if isinstance(item, (int, dict, list)) and not isinstance(item, bool):
                for label, original, shown, new in _value_edits(item, f"{path}[{i}]"):
                    yield label, original, shown, value[:i] + [new] + value[i + 1 :]
    elif isinstance(value, dict):
        for key, item in value.items():
            for label, original, shown, new in _value_edits(item, f"{path}.{key}"):
                yield label, original, shown, {**value, key: new}


# ------------------------------------------------------------------------------ all mutants


def all_mutants(root: Path = ROOT, only: list[str] | None = None) -> list[Mutant]:
    """Every mutant of the rule modules and tables below `root` (those whose id or file matches one of `only`)."""
    out = [m for name in RULE_MODULES for m in code_mutants(root, f"piquet_ref/{name}.py")]
    out += [m for path in sorted((root / "spec" / "rules").glob("*.yaml")) for m in table_mutants(root, path.relative_to(root).as_posix())]
    if only:
        out = [m for m in out if any(fnmatch.fnmatchcase(m.id, g) or fnmatch.fnmatchcase(m.file, g) for g in only)]
    return out


# ------------------------------------------------------------------------------ judges

JUDGE_CORPUS = r"""
import json, sys
from piquet_ref.runner.corpus import Case, judge
from piquet_ref.protocol.serve import answer
from piquet_ref.rules.loader import load_ruleset
from piquet_ref.rules.errors import SpecError
from pathlib import Path
import piquet_ref
assert Path(piquet_ref.__file__).parent.parent == Path.cwd(), piquet_ref.__file__
try:
    load_ruleset()
except SpecError as exc:
    print(json.dumps({"status": "invalid", "by": "loader", "detail": str(exc)[:300]}))
    sys.exit(0)
for data in json.load(open(sys.argv[1], encoding="utf-8")):
    case = Case(Path(data.pop("_path")), data)
    response = answer({"cmd": "run", "seq": 0, "op": case.op, "input": data.get("input")})
    status, diffs = judge(case, response)
    if status != "pass":
        print(json.dumps({"status": "killed", "by": case.id, "detail": (diffs or [status])[0][:300]}))
        sys.exit(0)
print(json.dumps({"status": "survived", "by": None, "detail": ""}))
"""


@dataclass(frozen=True)
class Outcome:
    mutant: str
    status: str  # killed | survived | invalid | timeout | crashed
    by: str | None  # the case (or test) that killed it
    detail: str
    seconds: float


def snapshot(source: Path, dest: Path, whole: bool = False) -> None:
    """Copy the package and its rule tables (`whole`: every file of the project, tests and corpus
    included) from the checkout `source` into `dest`."""
    if whole:
        ignore = shutil.ignore_patterns("__pycache__", ".git", ".hypothesis", ".mypy_cache", ".pytest_cache", "*.egg-info", "build", "dist")
        for entry in ("piquet_ref", "spec", "tests", "verification", "conformance", "docs", "bench"):
            shutil.copytree(source / entry, dest / entry, ignore=ignore)
        for name in ("pyproject.toml", "README.md", "CHANGELOG.md", "LICENSE"):
            if (source / name).is_file():
                shutil.copy2(source / name, dest / name)
        return
    shutil.copytree(source / "piquet_ref", dest / "piquet_ref", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(source / "spec", dest / "spec")


class Sandbox:
    """A private copy of the package and its tables in which one mutant at a time is written and judged
    by the corpus.

    The cases go to the judge ordered by how many mutants each has killed so far (`kills`, shared by
    every sandbox of a run), so that a mutant usually dies on the first case or two.
    """

    whole = False  # what the sandbox holds: the package and tables only, or the whole project

    def __init__(self, source: Path, cases: list[dict[str, Any]], kills: Counter[str], timeout: float,
                 reach: dict[str, tuple[str, ...] | None] | None = None) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="piquet-mutant-"))
        snapshot(source, self.dir, self.whole)
        self.cases, self.kills, self.timeout = cases, kills, timeout
        self.reach = reach or {}  # suite judge: mutant id -> the tests that reach it (None: run every file)

    def command(self, mutant: Mutant | None) -> tuple[list[str], dict[str, str]]:
        """The judge's command line and extra environment for `mutant` (None: the original)."""
        corpus = self.dir / "corpus.json"
        ordered = sorted(self.cases, key=lambda c: -self.kills[c["id"]])
        corpus.write_text(json.dumps(ordered), encoding="utf-8")
        return [sys.executable, "-c", JUDGE_CORPUS, str(corpus)], {}

    def unreached(self, mutant: Mutant) -> bool:
        """Whether the judge can tell without running that nothing reaches `mutant` (the corpus: never)."""
        return False

    def verdict(self, proc: subprocess.CompletedProcess[str]) -> tuple[str, str | None, str]:
        """(status, what killed it, detail) from the finished judge process."""
        last = proc.stdout.strip().splitlines()[-1:] if proc.stdout.strip() else []
        if proc.returncode != 0 or not last:
            return "crashed", None, (proc.stderr.strip().splitlines() or ["no output"])[-1][:300]
        found = json.loads(last[0])
        return str(found["status"]), found["by"], str(found["detail"])

    def judge(self, mutant: Mutant | None) -> Outcome:
        target = self.dir / mutant.file if mutant else None
        original = target.read_text(encoding="utf-8") if target else ""
        name = mutant.id if mutant else "original"
        start = time.perf_counter()
        try:
            if target and mutant:
                target.write_text(mutant_text(mutant, original), encoding="utf-8")
            if mutant and self.unreached(mutant):
                return Outcome(name, "survived", None, f"no test reaches {mutant.where}", 0.0)
            args, extra = self.command(mutant)
            proc = subprocess.run(
                args, cwd=self.dir, capture_output=True, text=True, timeout=10 * self.timeout,
                env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(self.dir), **extra},
                preexec_fn=self._limit_cpu,
            )
            seconds = time.perf_counter() - start
            if proc.returncode == -signal.SIGXCPU:
                return Outcome(name, "timeout", None, f"over {self.timeout:.0f} s of CPU", seconds)
            status, by, detail = self.verdict(proc)
            if status == "killed" and by is not None:
                self.kills[by] += 1
            return Outcome(name, status, by, detail, seconds)
        except subprocess.TimeoutExpired:
            return Outcome(name, "timeout", None, f"over {self.timeout:.0f} s", time.perf_counter() - start)
        finally:
            if target:
                target.write_text(original, encoding="utf-8")

    def _limit_cpu(self) -> None:
        """In the judge process: a CPU-time limit (not wall time, which other work on the machine stretches)."""
        seconds = int(self.timeout) + 1
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 5))

    def close(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


# Test files the suite judge leaves out, each with its reason.
SUITE_SKIPPED = {
    "test_runner.py": "runs the corpus once more, one process per case: the same verdicts as test_conformance.py, minutes slower",
    "test_crosshair.py": "the CrossHair search: minutes of budget per mutant; its contracts are judged by the calibration of planted bugs",
    "test_mutation.py": "checks this tool, not the rules",
    "test_verification.py": "checks the verification report and its records, not the rules",
    "test_js_adapter.py": "checks a foreign adapter through the runner, not the reference",
    "test_catalogue.py": "checks the tables of sources and ambiguities and their cross-references, which no mutated function computes",
    "test_laws.py": "checks the table of laws and its cross-references, which no mutated function computes",
    "test_specdoc.py": "checks the index of the spec, not the rules",
    "test_site.py": "checks the generator of the rulebook site, not the rules",
    "test_site_browser.py": "builds the rulebook site and browses it (deep tier only), not the rules",
    "test_svg.py": "checks the pictures of deals, not the rules",
    "test_lookup.py": "checks finding entries of the tables by words, not the rules",
    "test_architecture.py": "checks the package's import structure and public names, not the rules",
    "test_readme.py": "runs the README's examples through the installed console script, not the sandbox's code",
    "test_wheel.py": "builds the wheel (deep tier only), not the rules",
    "test_cli_conventions.py": "checks the command line's conventions and the maintainers' tools, which refuse a copy that is not a git checkout (the sandbox), not the rules",
}
FAILED_LINE = "FAILED "


# The project's `addopts` spread a run over xdist workers; the judge and the coverage trace run in one process
# (a worker's lines would not reach the trace, and the judge stops at the first failure).
ONE_PROCESS = ("-o", "addopts=")


class SuiteSandbox(Sandbox):
    """A private copy of the whole project in which one mutant at a time is judged by the test suite.

    The test files go to pytest ordered by how many mutants each has killed so far, and the first
    failure ends the run; `cases` names the test files (paths relative to the project)."""

    whole = True

    def command(self, mutant: Mutant | None) -> tuple[list[str], dict[str, str]]:
        chosen = self.reach.get(mutant.id) if mutant else None
        tests = list(chosen) if chosen is not None else [c["id"] for c in self.cases]
        ordered = sorted(tests, key=lambda t: -self.kills[t.split("::")[0]])
        listing = self.dir / "selected-tests.txt"
        listing.write_text("\n".join(ordered) + "\n", encoding="utf-8")
        args = [sys.executable, "-m", "pytest", *ONE_PROCESS, "-x", "-q", "-p", "no:cacheprovider", "-rf", "--tb=line", f"@{listing}"]
        return args, {"HYPOTHESIS_PROFILE": "mutation"}

    def unreached(self, mutant: Mutant) -> bool:
        return self.reach.get(mutant.id, None) == ()

    def verdict(self, proc: subprocess.CompletedProcess[str]) -> tuple[str, str | None, str]:
        if proc.returncode == 0:
            return "survived", None, ""
        failed = [line[len(FAILED_LINE):] for line in proc.stdout.splitlines() if line.startswith(FAILED_LINE)]
        if proc.returncode == 1 and failed:
            test = failed[0].split(" - ")[0]
            return "killed", test.split("::")[0], failed[0][:300]
        tail = (proc.stdout.strip().splitlines() or proc.stderr.strip().splitlines() or ["no output"])[-1]
        return "crashed", None, f"pytest exit {proc.returncode}: {tail[:280]}"


COVERAGE_RC = "[run]\nsource = piquet_ref\ndata_file = .coverage-reach\n"


def trace_reach(box: Path, files: list[str], timeout: float) -> Path:
    """Run the suite's `files` once in `box` under coverage.py, each test's lines under its node id
    (verification/mutation_cover.py); the coverage data file it wrote."""
    rc = box / ".coveragerc-reach"
    rc.write_text(COVERAGE_RC, encoding="utf-8")
    args = [sys.executable, "-m", "coverage", "run", f"--rcfile={rc}", "-m", "pytest", *ONE_PROCESS, "-q",
            "-p", "no:cacheprovider",
            "-p", "verification.mutation_cover", *files]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(box), "HYPOTHESIS_PROFILE": "mutation"}
    proc = subprocess.run(args, cwd=box, capture_output=True, text=True, timeout=timeout, env=env)
    if proc.returncode != 0:
        tail = (proc.stdout.strip().splitlines() or proc.stderr.strip().splitlines() or ["no output"])[-1]
        raise SystemExit(f"the suite fails under coverage (exit {proc.returncode}): {tail[:300]}")
    return box / ".coverage-reach"


def function_spans(source: str) -> dict[str, tuple[int, int]]:
    """The first and last line of every function and class, by the dotted name mutants carry in `where`."""
    spans: dict[str, tuple[int, int]] = {}
    tree = ast.parse(source)
    names = _qualnames(tree)
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            spans[names[id(node)]] = (node.lineno, node.end_lineno or node.lineno)
    return spans


def cached_functions(source: str) -> set[str]:
    """The functions whose results are cached (`lru_cache`, `cache`): coverage sees their body only at the
    first call, so the tests that reach them cannot be told from coverage."""
    tree = ast.parse(source)
    names = _qualnames(tree)
    return {
        names[id(node)]
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and any("cache" in ast.unparse(d.func if isinstance(d, ast.Call) else d) for d in node.decorator_list)
    }


def reaching_tests(box: Path, data_file: Path, mutants: list[Mutant]) -> dict[str, tuple[str, ...] | None]:
    """For each mutant, the tests that run a line of the function it mutates; None when that cannot be
    narrowed (a table, module-level code, a `def` line, a cached function, or a body reached outside any
    test, as at collection): the judge then runs every file. An empty tuple means no test reaches it."""
    import coverage

    data = coverage.CoverageData(basename=str(data_file))
    data.read()
    spans: dict[str, dict[str, tuple[int, int]]] = {}
    cached: dict[str, set[str]] = {}
    out: dict[str, tuple[str, ...] | None] = {}
    for m in mutants:
        if not m.file.endswith(".py"):
            out[m.id] = None
            continue
        if m.file not in spans:
            text = (box / m.file).read_text(encoding="utf-8")
            spans[m.file], cached[m.file] = function_spans(text), cached_functions(text)
        span = spans[m.file].get(m.where)
        if span is None or m.line <= span[0] or m.where in cached[m.file]:
            out[m.id] = None
            continue
        by_line = data.contexts_by_lineno(str(box / m.file))
        reached = set().union(*(by_line.get(line, []) for line in range(span[0] + 1, span[1] + 1)))
        out[m.id] = None if "" in reached else tuple(sorted(reached))
    return out


def suite_files(root: Path = ROOT) -> list[dict[str, Any]]:
    """The test files the suite judge runs (as `cases` of a SuiteSandbox)."""
    return [{"id": f"tests/{p.name}"} for p in sorted((root / "tests").glob("test_*.py")) if p.name not in SUITE_SKIPPED]


def corpus_cases() -> list[dict[str, Any]]:
    """Every case of the corpus (path order), as the judge reads them."""
    from piquet_ref.runner.corpus import load_cases

    return [{**c.data, "_path": c.path.as_posix()} for c in load_cases(ROOT / "conformance" / "cases")]


def run(source: Path, mutants: list[Mutant], jobs: int, progress: bool = True, suite: bool = False,
        journal: Path | None = None) -> tuple[Outcome, list[Outcome]]:
    """Judge the original at `source` (which must survive), then every mutant, `jobs` at a time, by the
    corpus or (`suite`) by the test suite; each outcome is appended to `journal` (JSON Lines) as it comes."""
    box: type[Sandbox] = SuiteSandbox if suite else Sandbox
    cases = suite_files(source) if suite else corpus_cases()
    kills: Counter[str] = Counter()
    probe = box(source, cases, kills, timeout=3600)
    baseline = probe.judge(None)
    if baseline.status != "survived":
        probe.close()
        raise SystemExit(f"the unmutated reference fails its own judge: {baseline}")
    # CPU seconds: a mutant that loops is killed by its timeout (the suite's baseline is long enough to need less slack)
    timeout = max(5.0, (2 if suite else 5) * baseline.seconds)
    reach = reaching_tests(probe.dir, trace_reach(probe.dir, [c["id"] for c in cases], 20 * baseline.seconds), mutants) if suite else {}
    probe.close()
    local = threading.local()
    sandboxes: list[Sandbox] = []
    lock = threading.Lock()
    done: list[Outcome] = []

    def one(m: Mutant) -> Outcome:
        if not hasattr(local, "box"):
            local.box = box(source, cases, kills, timeout, reach)
            with lock:
                sandboxes.append(local.box)
        outcome: Outcome = local.box.judge(m)
        with lock:
            done.append(outcome)
            if journal is not None:
                with journal.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(asdict(outcome)) + "\n")
            if progress:
                print(f"\r{len(done)}/{len(mutants)} mutants judged", end="", file=sys.stderr, flush=True)
        return outcome

    try:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            outcomes = list(pool.map(one, mutants))
    finally:
        for sandbox in sandboxes:
            sandbox.close()
    if progress:
        print(file=sys.stderr)
    return baseline, outcomes


# ------------------------------------------------------------------------------ classification and the report


class Lists(NamedTuple):
    """verification/mutation_equivalent.yaml: what the score does not count, each entry with its reason."""

    equivalent: dict[str, str]  # mutant id -> why no input can tell it from the original
    unpinned: dict[str, str]  # mutant id -> what it changes that the corpus leaves open on purpose (wording, open choices)
    api_only: dict[str, str]  # "file:function" (or a mutant id) -> why only the Python API reaches it (not run with the corpus)
    survivors: dict[str, str]  # mutant id -> what a case would need to kill it


def load_lists(path: Path = EQUIVALENT_FILE) -> Lists:
    data = (yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else None) or {}
    return Lists(*({str(k): " ".join(str(v).split()) for k, v in (data.get(f) or {}).items()} for f in Lists._fields))


def _in_function(row: dict[str, Any], key: str) -> bool:
    place = f"{row['file']}:{row['where']}"
    return place == key or place.startswith(key + ".")


def is_api_only(m: Mutant, functions: dict[str, str]) -> bool:  # functions: Lists.api_only
    """Whether the mutant lies in (or inside a function nested in) a function listed as API-only, or is itself
    listed (a statement of a function the protocol reaches that only a Python caller's value can take)."""
    return _listed_api_only(asdict(m), functions)


def _listed_api_only(row: dict[str, Any], functions: dict[str, str]) -> bool:
    if row.get("mutant", row.get("id")) in functions:
        return True
    return "file" in row and any(_in_function(row, key) for key in functions)


CONDITION = re.compile(r"^\s+(?:pre|post): (.*)$", re.M)


def contract_predicates(root: Path = ROOT) -> set[tuple[str, str]]:
    """(file, function) of the package's named predicates: functions returning bool that a contract condition of
    their module calls and that no code of the package calls (outside other such predicates), with the helpers only
    they call. The corpus never runs them; the contract checks do, so their mutants are the suite's to judge."""
    trees = {str(p.relative_to(root)): ast.parse(p.read_text(encoding="utf-8")) for p in sorted((root / "piquet_ref").rglob("*.py"))}
    defined = {(rel, node.name) for rel, tree in trees.items() for node in tree.body if isinstance(node, ast.FunctionDef)}
    names = {name for _, name in defined}
    callers: dict[str, set[tuple[str, str]]] = {}  # a function's name -> the top-level definitions calling it
    for rel, tree in trees.items():
        for node in tree.body:
            owner = (rel, node.name) if isinstance(node, ast.FunctionDef) else (rel, "")
            for n in ast.walk(node):
                if isinstance(n, ast.Call) and isinstance(n.func, (ast.Name, ast.Attribute)):
                    name = n.func.id if isinstance(n.func, ast.Name) else n.func.attr
                    if name in names and owner[1] != name:
                        callers.setdefault(name, set()).add(owner)
    chosen: set[tuple[str, str]] = set()
    for rel, tree in trees.items():
        conditions = " ".join(CONDITION.findall((root / rel).read_text(encoding="utf-8")))
        for node in tree.body:
            if (isinstance(node, ast.FunctionDef) and node.returns is not None and ast.unparse(node.returns) == "bool"
                    and re.search(rf"\b{node.name}\(", conditions)):
                chosen.add((rel, node.name))
    while True:  # drop the candidates some code other than a predicate calls
        kept = {c for c in chosen if callers.get(c[1], set()) <= chosen}
        if kept == chosen:
            break
        chosen = kept
    grown = True
    while grown:  # the helpers whose every caller is a predicate or another such helper
        more = {d for d in defined - chosen if callers.get(d[1]) and callers[d[1]] <= chosen}
        chosen |= more
        grown = bool(more)
    return chosen


def is_contract_only(m: Mutant, predicates: set[tuple[str, str]]) -> bool:
    """Whether the mutant lies in a named predicate of the contracts (`contract_predicates`)."""
    return (m.file, m.where.split(".")[0]) in predicates


KILLED = ("killed", "timeout", "crashed")
CLASSES = (*KILLED, "survived", "equivalent", "unpinned", "invalid", "api-only", "contract", "gone")


def classify(row: dict[str, Any], lists: Lists) -> str:
    """The class of one outcome: its status, with survivors split into equivalent, unpinned and survived."""
    if row["status"] != "survived":
        return str(row["status"])
    if row["mutant"] in lists.equivalent:
        return "equivalent"
    if row["mutant"] in lists.unpinned:
        return "unpinned"
    return "api-only" if _listed_api_only(row, lists.api_only) else "survived"


def score(outcomes: list[dict[str, Any]], lists: Lists) -> dict[str, Any]:
    """Counts per class and the mutation score: killed / (killed + survivors that are neither equivalent
    nor unpinned). Invalid mutants (tables the loader rejects) and API-only ones count on neither side."""
    counts = Counter(classify(o, lists) for o in outcomes)
    killed = sum(counts[c] for c in KILLED)
    judged = killed + counts["survived"]
    listed = set(lists.equivalent) | set(lists.unpinned)
    return {
        "mutants": len(outcomes),
        "by_class": {c: counts[c] for c in CLASSES},
        "killed": killed,
        "survived": counts["survived"],
        "score": round(killed / judged, 4) if judged else 1.0,
        "stale": sorted(listed - {o["mutant"] for o in outcomes if o["status"] == "survived"}),
    }


CORPUS_RECORD = Path(__file__).resolve().parent / "results" / "mutation_corpus.json"
RAW = ("killed", "timeout", "crashed", "survived", "invalid", "api-only", "contract")  # the statuses a run gives a mutant


def corpus_record(reports: list[dict[str, Any]], earlier: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the corpus runs found, kept in verification/results/mutation_corpus.json: per file the mutants of each
    status, every survivor in full, and the runs whose outcomes stand. Each file's figures come from the last run
    that covered it (a run `--only` over some files replaces what earlier runs found there); the files of
    `earlier` (a record) that no report covers keep what it says of them."""
    last = {row["file"]: i for i, report in enumerate(reports) for row in report["outcomes"]}
    files: dict[str, dict[str, int]] = {}
    survivors: list[dict[str, Any]] = []
    runs: list[dict[str, Any]] = []
    if earlier:
        kept = {f: c for f, c in earlier["files"].items() if f not in last}
        files.update(kept)
        survivors += [s for s in earlier["survivors"] if s["file"] in kept]
        runs += [{**run, "files": [f for f in run["files"] if f in kept]} for run in earlier["runs"]]
        runs = [run for run in runs if run["files"]]
    for i, report in enumerate(reports):
        rows = [row for row in report["outcomes"] if last[row["file"]] == i]
        for row in rows:
            files.setdefault(row["file"], dict.fromkeys(RAW, 0))[row["status"]] += 1
        survivors += [{k: row[k] for k in ("mutant", "file", "line", "where", "operator", "original", "mutated")} for row in rows if row["status"] == "survived"]
        if rows:
            runs.append({"date": report["date"], "commit": report.get("commit"), "seconds": report["seconds"],
                         "baseline_seconds": report["baseline_seconds"], "files": sorted({row["file"] for row in rows})})
    return {"runs": runs, "files": dict(sorted(files.items())), "survivors": sorted(survivors, key=lambda s: (s["file"], s["line"], s["mutant"]))}


def read_record(path: Path = CORPUS_RECORD) -> dict[str, Any] | None:
    """The corpus runs recorded (None before any)."""
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def corpus_score(record: dict[str, Any]) -> dict[str, Any]:
    """The corpus's figures with the lists as they stand now: per file and in all, the mutants of each class (a
    recorded survivor is equivalent or unpinned if now so listed, gone if the code no longer holds it), and the
    score killed / (killed + survivors)."""
    lists = load_lists()
    current = {m.id for m in all_mutants(ROOT)}
    per_file: dict[str, Counter[str]] = {}
    for file, counts in record["files"].items():
        c = per_file.setdefault(file, Counter())
        for status, n in counts.items():
            if status != "survived":
                c[status] += n
    classes: dict[str, str] = {}
    for s in record["survivors"]:
        cls = classify({**s, "status": "survived"}, lists)
        classes[s["mutant"]] = "gone" if cls == "survived" and s["mutant"] not in current else cls
        per_file.setdefault(s["file"], Counter())[classes[s["mutant"]]] += 1
    total: Counter[str] = sum(per_file.values(), Counter())
    killed = sum(total[c] for c in KILLED)
    judged = killed + total["survived"]
    return {"per_file": per_file, "by_class": {c: total[c] for c in CLASSES}, "classes": classes, "killed": killed,
            "survived": total["survived"], "mutants": sum(total.values()), "score": round(killed / judged, 4) if judged else 1.0}


def _run_line(run: dict[str, Any]) -> str:
    files = run["files"]
    named = ", ".join(f"`{f.rsplit('/', 1)[-1]}`" for f in files) if len(files) <= 4 else f"{len(files)} files"
    return f"| {run['date']} | `{run.get('commit') or 'unknown'}` | {named} | {run['seconds']:.0f} | {run['baseline_seconds']} |"


def markdown(record: dict[str, Any]) -> str:
    """The Markdown report of the corpus runs recorded (build/MUTATION.md): figures, survivors and why the rest do
    not count."""
    lists = load_lists()
    s = corpus_score(record)
    by_class = s["by_class"]
    lines = [
        "# Mutation score of the conformance corpus",
        "",
        "<!-- written by `python -m verification.mutation report` from verification/results/mutation_corpus.json -->",
        "",
        f"Measured by {len(record['runs'])} run(s) of `python -m verification.mutation run` (judge: the corpus, every case in-process): "
        f"{s['mutants']} mutants. Each file's figures come from the last run below that covered it.",
        "How mutants are made and judged is written at the top of `verification/mutation.py`; the lists below are kept in",
        "`verification/mutation_equivalent.yaml`.",
        "",
        "| date | tree | files | seconds | the reference passes the corpus in (s) |",
        "|---|---|---|---:|---:|",
        *(_run_line(run) for run in record["runs"]),
        "",
        f"**Score: {s['killed']} killed of {s['killed'] + s['survived']} = {100 * s['score']:.1f}%**",
        f"({by_class['killed']} by a failing case, {by_class['timeout']} by running out of time, {by_class['crashed']} by crashing the",
        f"judge; {s['survived']} survivors). Not counted: {by_class['equivalent']} equivalent mutants, {by_class['unpinned']} that change only",
        f"what the corpus deliberately leaves open, {by_class['invalid']} tables the loader rejects, {by_class['api-only']} in code only",
        f"the Python API reaches, {by_class['contract']} in the named predicates of the contracts (which the contract checks run, not",
        f"the corpus), and {by_class['gone']} survivors of an earlier run that the code no longer holds.",
        "",
        "| file | mutants | killed | timeout | crashed | survived | equivalent | unpinned | invalid | API only | contract | gone |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for file, c in sorted(s["per_file"].items()):
        cells = " | ".join(str(c[k]) for k in ("killed", "timeout", "crashed", "survived", "equivalent", "unpinned", "invalid", "api-only", "contract", "gone"))
        lines.append(f"| `{file}` | {sum(c.values())} | {cells} |")
    sections = (
        ("survived", "Survivors", "Each would need what its last column says.", "what a case would need", lists.survivors),
        ("unpinned", "Changes the corpus leaves open", "Each changes only what no case judges on purpose.", "what it changes", lists.unpinned),
        ("equivalent", "Equivalent mutants", "No input can tell these from the original.", "why it is equivalent", lists.equivalent),
    )
    for cls, title, intro, column, notes in sections:
        chosen = [r for r in record["survivors"] if s["classes"][r["mutant"]] == cls]
        lines += ["", f"## {title} ({len(chosen)})", ""]
        if not chosen:
            lines.append("None.")
            continue
        lines += [intro, "", f"| mutant | where | change | {column} |", "|---|---|---|---|"]
        for r in chosen:
            change = f"{_cell(r['operator'])}: `{_cell(r['original'])}` → `{_cell(r['mutated'])}`"
            lines.append(f"| `{r['mutant']}` | `{r['file']}:{r['line']}` | {change} | {_cell(notes.get(r['mutant'], 'not yet analysed'))} |")
    lines += ["", "## Code only the Python API reaches", "", "Not judged by the corpus (the test suite judges it).", ""]
    lines += ["| function | why the protocol does not reach it |", "|---|---|"]
    lines += [f"| `{key}` | {_cell(reason)} |" for key, reason in lists.api_only.items()]
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("`", "'")


SUITE_SUMMARY = Path(__file__).resolve().parent / "results" / "mutation_suite.json"


def suite_lists(lists: Lists) -> Lists:
    """The lists as the suite judge reads them: equivalence is a fact about the mutant, whoever judges it,
    but what the corpus leaves open on purpose, and the code only the Python API reaches, the suite must pin
    (or the mutant counts as a survivor)."""
    return lists._replace(unpinned={}, api_only={})


def merged_suite_report(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """One suite-judge report of several: each mutated file's rows from the last report that covers it (a run --only
    over the files a change touched judges them again), with what each run was and which files it gave."""
    if len(reports) == 1:
        return reports[0]
    source: dict[str, int] = {}  # file -> the report its rows come from
    for i, report in enumerate(reports):
        source.update({str(r["file"]): i for r in report["outcomes"]})
    rows = [r for i, report in enumerate(reports) for r in report["outcomes"] if source[str(r["file"])] == i]
    kept = {str(r["mutant"]) for r in rows}
    runs = [{"date": report["date"], "commit": report.get("commit"), "seconds": report["seconds"],
             "files": sorted(f for f, j in source.items() if j == i)} for i, report in enumerate(reports)]
    return {
        **reports[-1],
        "date": max(str(r["date"]) for r in reports),
        "seconds": round(sum(float(r["seconds"]) for r in reports), 1),
        "outcomes": rows,
        "unjudged": [m for report in reports for m in report.get("unjudged", []) if m in kept],
        "runs": runs,
    }


def suite_summary(report: dict[str, Any]) -> dict[str, Any]:
    """What VERIFICATION.md reports of a suite-judge run: figures, how each mutant was judged, survivors."""
    lists = suite_lists(load_lists())
    rows = report["outcomes"]
    by_corpus = sum(1 for r in rows if str(r["by"] or "").startswith(CORPUS_KILL))
    summary = score(rows, lists)
    run_over = {str(r["mutant"]).split(":")[0] for r in rows}  # a run --only over some files: stale only among them
    summary["stale"] = [m for m in summary["stale"] if m.split(":")[0] in run_over]
    return {
        "date": report["date"],
        "commit": report.get("commit"),
        "seconds": report["seconds"],
        "baseline_seconds": report["baseline_seconds"],
        "files": report["files"],
        "mutated": dict(sorted(Counter(str(r["file"]) for r in rows).items())),
        "skipped": SUITE_SKIPPED,
        "summary": summary,
        "killed_by_corpus_report": by_corpus,
        "run_by_pytest": sum(1 for r in rows if r["seconds"] > 0),
        "per_file": per_file_scores(rows, lists),
        "unjudged": report.get("unjudged", []),
        "killed_by_file": dict(Counter(str(r["by"]) for r in rows if r["status"] == "killed" and not str(r["by"]).startswith(CORPUS_KILL)).most_common()),
        "survivors": [
            {k: r[k] for k in ("mutant", "file", "line", "where", "operator", "original", "mutated")}
            for r in rows if classify(r, lists) == "survived"
        ],
        "equivalent_killed": sorted(r["mutant"] for r in rows if r["mutant"] in lists.equivalent and r["status"] in KILLED and r["seconds"] > 0),
        **({"runs": report["runs"]} if "runs" in report else {}),
    }


CORPUS_KILL = "corpus: "


def per_file_scores(rows: list[dict[str, Any]], lists: Lists) -> dict[str, dict[str, Any]]:
    """Per mutated file: its mutants in each class and its score (killed / (killed + survivors))."""
    by_file: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_file.setdefault(str(row["file"]), []).append(row)
    return {file: {k: v for k, v in score(rs, lists).items() if k != "stale"} for file, rs in sorted(by_file.items())}


def rejudged_survivors(summary: dict[str, Any], reports: list[dict[str, Any]]) -> dict[str, Any]:
    """The recorded run's survivors judged again (by later suite-judge runs restricted to them): which the
    tests now kill, which are now listed as equivalent, which still survive, and the score the recorded run
    would have with those outcomes. Survivors no report judged keep what an earlier rejudging recorded of
    them (`summary["rejudged"]`, whose dates, commits and seconds carry over), else stay survivors, unless
    now listed as equivalent."""
    lists = suite_lists(load_lists())
    survivors = [r["mutant"] for r in summary["survivors"]]
    earlier = summary.get("rejudged") or {"dates": [], "commits": [], "seconds": 0.0, "killed": []}
    latest = {m: {"mutant": m, "status": "killed"} for m in earlier["killed"]}
    latest.update({r["mutant"]: r for report in reports for r in report["outcomes"]})
    classes = {m: classify(latest.get(m, {"mutant": m, "status": "survived"}), lists) for m in survivors}  # equivalence needs no run
    killed = sorted(m for m, c in classes.items() if c in KILLED)
    equivalent = sorted(m for m, c in classes.items() if c == "equivalent")
    before = summary["summary"]
    total_killed = before["killed"] + len(killed)
    judged = total_killed + before["survived"] - len(killed) - len(equivalent)
    return {
        "dates": sorted(set(earlier["dates"]) | {str(r["date"]) for r in reports}),
        "commits": sorted(set(earlier["commits"]) | {str(r.get("commit")) for r in reports}),
        "seconds": round(float(earlier["seconds"]) + sum(float(r["seconds"]) for r in reports), 1),
        "killed": killed,
        "equivalent": equivalent,
        "still_surviving": sorted(m for m, c in classes.items() if c == "survived"),
        "score": round(total_killed / judged, 4) if judged else 1.0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m verification.mutation", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_list = sub.add_parser("list", help="list the mutants")
    p_run = sub.add_parser("run", help="judge every mutant with the conformance corpus (or the test suite)")
    for p in (p_list, p_run):
        p.add_argument("--only", action="append", help="glob over mutant ids or files (repeatable)")
    p_run.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p_run.add_argument("--out", type=Path, default=ROOT / "build" / "mutation-report.json")
    p_run.add_argument("--judge", choices=("corpus", "tests"), default="corpus")
    p_run.add_argument("--from", dest="corpus_report", type=Path, help="a corpus report: its kills stand for the suite's (--judge tests)")
    p_run.add_argument("--skip-equivalent", action="store_true", help="do not run the mutants listed as equivalent (--judge tests)")
    p_run.add_argument("--contracts", action="store_true", help="judge the named predicates of the contracts too (--judge tests)")
    p_run.add_argument("--journal", type=Path, help="append each outcome to this JSON Lines file as it comes (--judge tests)")
    p_run.add_argument("--resume", action="store_true", help="take the outcomes already in --journal and judge only the rest (--judge tests)")
    p_record = sub.add_parser("record", help="keep what corpus runs found in verification/results/mutation_corpus.json")
    p_record.add_argument("reports", type=Path, nargs="+", help="corpus reports; a file's figures come from the last that covers it")
    p_report = sub.add_parser("report", help="write the Markdown report of the corpus runs recorded (or of the reports given)")
    p_report.add_argument("reports", type=Path, nargs="*", help="corpus reports to report on instead of the record")
    p_report.add_argument("--out", type=Path, default=ROOT / "build" / "MUTATION.md")
    p_suite = sub.add_parser("suite-summary", help="write verification/results/mutation_suite.json (read by VERIFICATION.md) from a suite run's report")
    p_suite.add_argument("reports", type=Path, nargs="+", help="suite-judge reports; a file's rows come from the last that covers it")
    p_suite.add_argument("--out", type=Path, default=SUITE_SUMMARY, help="where to write it (default verification/results/mutation_suite.json)")
    p_cut = sub.add_parser("journal-report", help="write the report of a suite-judge run cut short from its journal: the mutants it did not reach listed as not judged")
    p_cut.add_argument("--from", dest="corpus_report", type=Path, required=True, help="the corpus report the run was given")
    p_cut.add_argument("--journal", type=Path, required=True)
    p_cut.add_argument("--only", action="append", help="the run's globs")
    p_cut.add_argument("--skip-equivalent", action="store_true")
    p_cut.add_argument("--contracts", action="store_true")
    p_cut.add_argument("--seconds", type=float, required=True, help="how long the run went on (wall clock)")
    p_cut.add_argument("--baseline-seconds", type=float, required=True, help="how long the unmutated suite took in it")
    p_cut.add_argument("--out", type=Path, default=ROOT / "build" / "mutation-report.json")
    p_again = sub.add_parser("suite-rejudge", help="record in verification/results/mutation_suite.json what later runs over its survivors found")
    p_again.add_argument("reports", type=Path, nargs="+", help="suite-judge reports of runs --only over the survivors")
    p_again.add_argument("--into", type=Path, default=SUITE_SUMMARY, help="the summary whose survivors they judge (default verification/results/mutation_suite.json)")
    args = parser.parse_args(argv)
    if args.cmd == "record":
        record = corpus_record([json.loads(r.read_text(encoding="utf-8")) for r in args.reports], read_record())
        CORPUS_RECORD.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(json.dumps({k: v for k, v in corpus_score(record).items() if k in ("mutants", "killed", "survived", "score")}))
        return 0
    if args.cmd == "report":
        given = corpus_record([json.loads(r.read_text(encoding="utf-8")) for r in args.reports]) if args.reports else read_record()
        if given is None:
            parser.error("no corpus run is recorded: give the reports of `run`, or `record` them first")
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(markdown(given), encoding="utf-8")
        print(f"wrote {args.out}")
        return 0
    if args.cmd == "suite-summary":
        summary = suite_summary(merged_suite_report([json.loads(r.read_text(encoding="utf-8")) for r in args.reports]))
        args.out.write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(json.dumps(summary["summary"], indent=1))
        return 0
    if args.cmd == "journal-report":
        report = journal_report(json.loads(args.corpus_report.read_text(encoding="utf-8")), _journal(args.journal), args.only,
                                args.skip_equivalent, args.contracts)
        report |= {"seconds": args.seconds, "baseline_seconds": args.baseline_seconds}
        args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(json.dumps({**report["summary"], "unjudged": len(report["unjudged"])}, indent=1))
        return 0
    if args.cmd == "suite-rejudge":
        recorded = json.loads(args.into.read_text(encoding="utf-8"))
        recorded["rejudged"] = rejudged_survivors(recorded, [json.loads(r.read_text(encoding="utf-8")) for r in args.reports])
        args.into.write_text(json.dumps(recorded, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(json.dumps({k: v if not isinstance(v, list) else len(v) for k, v in recorded["rejudged"].items()}, indent=1))
        return 0
    if args.cmd == "list":
        mutants = all_mutants(ROOT, args.only)
        for m in mutants:
            print(f"{m.id:<40} {m.summary()}")
        print(f"{len(mutants)} mutants", file=sys.stderr)
        return 0
    suite = args.judge == "tests"
    if suite and not args.corpus_report:
        parser.error("--judge tests needs --from CORPUS_REPORT (a report of `run` with the corpus judge)")
    start = time.perf_counter()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip() or None
    source = Path(tempfile.mkdtemp(prefix="piquet-mutation-"))
    lists = load_lists()
    try:
        snapshot(ROOT, source, whole=suite)  # the run judges this copy, whatever happens to the checkout meanwhile
        files = [c["id"] for c in suite_files(source)] if suite else []
        every = all_mutants(source, args.only)
        if suite:
            earlier = {r["mutant"]: r for r in json.loads(args.corpus_report.read_text(encoding="utf-8"))["outcomes"]}
            settled = {m.id: _settled(earlier.get(m.id), lists, args.skip_equivalent, args.contracts) for m in every}
            judged = _journal(args.journal) if args.resume else {}
            mutants = [m for m in every if settled[m.id] is None and m.id not in judged]
            baseline, outcomes = run(source, mutants, args.jobs, suite=True, journal=args.journal)
            outcomes += _settled_and_judged(settled, judged)
            lists = suite_lists(lists)
        else:
            functions, predicates = lists.api_only, contract_predicates(source)
            apart = {m.id: "api-only" if is_api_only(m, functions) else "contract" for m in every if is_api_only(m, functions) or is_contract_only(m, predicates)}
            mutants = [m for m in every if m.id not in apart]
            baseline, outcomes = run(source, mutants, args.jobs)
            outcomes += [Outcome(m.id, status, None, "", 0.0) for m, status in ((m, apart.get(m.id)) for m in every) if status]
        mutants = every
    finally:
        shutil.rmtree(source, ignore_errors=True)
    rows = report_rows(outcomes, mutants)
    summary = score(rows, lists)
    report = {
        "judge": args.judge,
        "date": time.strftime("%Y-%m-%d"),
        "seconds": round(time.perf_counter() - start, 1),
        "baseline_seconds": round(baseline.seconds, 2),
        "commit": commit,  # the checkout's HEAD when the run began (its working tree is what was judged)
        "files": files,
        "summary": summary,
        "outcomes": rows,
    }
    args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for row in rows:
        if classify(row, lists) == "survived":
            print(f"SURVIVED {row['mutant']:<40} {row['file']}:{row['line']} {row['where']}: {row['operator']}: {row['original']} -> {row['mutated']}")
    print(json.dumps(summary, indent=1))
    return 0


def _settled_and_judged(settled: dict[str, Outcome | None], judged: dict[str, Outcome]) -> list[Outcome]:
    """The outcomes a suite run has without running pytest again: those settled by the corpus report and those an
    earlier sitting judged (its journal), for the mutants of this run."""
    return [o for o in settled.values() if o is not None] + [o for m, o in judged.items() if m in settled and settled[m] is None]


def report_rows(outcomes: list[Outcome], mutants: list[Mutant]) -> list[dict[str, Any]]:
    """A report's rows: each outcome with its mutant's fields (not its site), in the order the mutants were made."""
    by_id, order = {m.id: m for m in mutants}, {m.id: i for i, m in enumerate(mutants)}
    return [{**asdict(o), **{k: v for k, v in asdict(by_id[o.mutant]).items() if k != "site"}}
            for o in sorted(outcomes, key=lambda o: order[o.mutant])]


def journal_report(corpus: dict[str, Any], judged: dict[str, Outcome], only: list[str] | None, skip_equivalent: bool,
                   contracts: bool) -> dict[str, Any]:
    """The report of a suite-judge run cut short, from what its journal holds (`judged`): the outcomes settled by the
    corpus report and those pytest gave, as `run` writes them, and the ids of the mutants it did not reach
    (`unjudged`, counted on neither side). Dated today, on the checkout's HEAD."""
    lists = load_lists()
    earlier = {r["mutant"]: r for r in corpus["outcomes"]}
    every = all_mutants(ROOT, only)
    settled = {m.id: _settled(earlier.get(m.id), lists, skip_equivalent, contracts) for m in every}
    outcomes = _settled_and_judged(settled, judged)
    unjudged = [m.id for m in every if settled[m.id] is None and m.id not in judged]
    rows = report_rows(outcomes, every)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip() or None
    return {"judge": "tests", "date": time.strftime("%Y-%m-%d"), "commit": commit, "files": [c["id"] for c in suite_files(ROOT)],
            "summary": score(rows, suite_lists(lists)), "outcomes": rows, "unjudged": unjudged}


def _journal(path: Path | None) -> dict[str, Outcome]:
    """The outcomes a journal of an interrupted run holds, by mutant id (none without a journal)."""
    if path is None or not path.is_file():
        return {}
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {row["mutant"]: Outcome(**row) for row in rows}


def _settled(row: dict[str, Any] | None, lists: Lists, skip_equivalent: bool, contracts: bool = False) -> Outcome | None:
    """A mutant's outcome for the suite judge without running pytest (None: pytest must judge it): a
    corpus kill stands (tests/test_conformance.py runs every case), an invalid table is invalid for every
    judge, equivalent mutants are left as they were when `skip_equivalent`, and the named predicates of
    the contracts stay uncounted unless `contracts`."""
    if row is None:
        return None
    if row["status"] == "contract" and not contracts:
        return Outcome(row["mutant"], "contract", None, "a named predicate of a contract; not run (--contracts)", 0.0)
    if row["status"] in (*KILLED, "invalid"):
        by = f"{CORPUS_KILL}{row['by']}" if row["status"] in KILLED else row["by"]
        return Outcome(row["mutant"], row["status"], by, row["detail"], 0.0)
    if skip_equivalent and row["mutant"] in lists.equivalent:
        return Outcome(row["mutant"], "survived", None, "listed as equivalent; not run", 0.0)
    return None


if __name__ == "__main__":
    sys.exit(main())
