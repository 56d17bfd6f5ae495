"""Where in piquet_ref/ each rule is carried out, found by reading the package's own source.

A rule is located where the code names it: a string literal equal to its id (an event's rule, a
bonus), or the code of an error whose catalogue entry guards it (`error("play-revoke", ...)`). The
loader, which only reads the tables, does not count. Rules the code never names literally list the
functions that carry them out in their table (`code:`), checked here to exist.
"""

from __future__ import annotations

import ast
import importlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from piquet_ref.rules.codes import error_catalogue
from piquet_ref.rules.ruleset import Rule
from piquet_ref.rules.errors import shown

PACKAGE = Path(__file__).resolve().parent.parent  # piquet_ref/
TABLE_READERS = frozenset({"rules/loader.py", "runner/fuzz.py", "docs/code_map.py", "rules/catalogue.py", "docs/spec_doc.py", "docs/rules_info.py",
                           "docs/site.py", "docs/site_kit.py", "docs/disputes.py"})


@dataclass(frozen=True, order=True)
class Location:
    """A function (or module level, `function` empty) of piquet_ref that carries out a rule."""

    module: str  # e.g. piquet_ref/deal/scoring.py
    function: str  # qualified name, e.g. _Log.add
    line: int

    def __str__(self) -> str:
        return f"{self.module}:{self.line} {self.function}".rstrip()


def _literals(tree: ast.AST) -> list[tuple[str, str, int]]:
    """(string literal, enclosing function's qualified name, line) for every string constant."""
    out: list[tuple[str, str, int]] = []

    def walk(node: ast.AST, scope: tuple[str, ...]) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            scope = scope + (node.name,)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.append((node.value, ".".join(scope), node.lineno))
        for child in ast.iter_child_nodes(node):
            walk(child, scope)

    walk(tree, ())
    return out


@lru_cache(maxsize=1)
def literal_locations() -> dict[str, tuple[Location, ...]]:
    """Rule id -> the places the package names it (or the code of an error guarding it)."""
    guards: dict[str, str] = {code: e.rule for code, e in error_catalogue().items() if e.rule}
    found: dict[str, set[Location]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in TABLE_READERS:
            continue
        module = f"piquet_ref/{rel}"
        for text, function, line in _literals(ast.parse(path.read_text(encoding="utf-8"))):
            rule = guards.get(text, text)
            found.setdefault(rule, set()).add(Location(module, function, line))
    return {rule: tuple(sorted(locs)) for rule, locs in found.items()}


def resolve(reference: str) -> Location:
    """The location of a `code:` reference such as `piquet_ref.deal.scoring.bonus_step`; ValueError if none."""
    module_name, _, name = reference.rpartition(".")
    if not module_name.startswith("piquet_ref"):
        raise ValueError(f"{shown(reference)} is not in piquet_ref")
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        module_name, _, owner = module_name.rpartition(".")
        try:
            module = importlib.import_module(module_name)
            target = getattr(getattr(module, owner), name)
        except (ImportError, AttributeError):
            raise ValueError(f"{shown(reference)} names nothing in piquet_ref") from None
        name = f"{owner}.{name}"
    else:
        target = getattr(module, name, None)
    code = getattr(getattr(target, "__wrapped__", target), "__code__", None)
    if code is None:
        raise ValueError(f"{shown(reference)} is not a function of piquet_ref")
    return Location(module_name.replace(".", "/") + ".py", name, code.co_firstlineno)


def locations(rule: Rule) -> tuple[Location, ...]:
    """Where `rule` is carried out: its `code:` references, then the places the code names it."""
    explicit = tuple(resolve(ref) for ref in rule.code)
    named = tuple(loc for loc in literal_locations().get(rule.id, ()) if loc not in explicit)
    return explicit + named
