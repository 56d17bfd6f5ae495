"""Conformance levels: which level each check of a case belongs to, and a case's expectation cut to a level.

A program that keeps less bookkeeping than the reference (the ten totals per player, say, and no event log)
should still be told which of its rules are right. So every check a case makes (a leaf of `expect` or
`expect_error`, or the length of a list) belongs to a level of `conformance/levels.yaml`, and a run at level
L judges only the checks at L and below. The table is the only copy of the classification: the runner, the
JSON copy of the corpus and the documents all derive from it (conformance/INTERPRETING.md, "Levels").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.files import read_yaml
from piquet_ref.runner.corpus import Case, CorpusError

LEVELS_FILE = "levels.yaml"
Segment = str | int  # a key of a mapping, or the index of a list item
Path_ = tuple[Segment, ...]
DROPPED = object()  # what `prune` gives for a subtree above the level


@dataclass(frozen=True)
class CheckRule:
    """One line of the table: checks of `op` at nodes matching `path` (and cases whose input matches `input`)."""

    op: str
    path: str
    level: str
    input: Mapping[str, Any] | None
    pattern: re.Pattern[str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        # `*` is any run of characters, everything else literal (`[]` is a list item, not a character class)
        object.__setattr__(self, "pattern", re.compile(".*".join(re.escape(part) for part in self.path.split("*"))))

    def applies_to(self, case: Case) -> bool:
        return self.op in ("*", case.op) and (self.input is None or _partial(self.input, case.data.get("input")))

    def matches(self, case: Case, rendered: str) -> bool:
        return self.applies_to(case) and self.pattern.fullmatch(rendered) is not None


@dataclass(frozen=True)
class Classified:
    """One case's checks, each with its level (`nodes` holds the level of every node of the expectation)."""

    case: Case
    levels: Levels
    nodes: Mapping[Path_, str]
    checks: tuple[tuple[Path_, str], ...]

    @property
    def of_case(self) -> tuple[str, ...]:
        """The levels the case has checks at, lowest first."""
        found = {level for _, level in self.checks}
        return tuple(level for level in self.levels.order if level in found)

    def level_at(self, path: Path_) -> str:
        """The level of a node of the expectation (a difference's path is always one)."""
        while path not in self.nodes:
            path = path[:-1]
        return self.nodes[path]

    def prune(self, level: str) -> Any:
        """The expectation with every check above `level` left out; DROPPED when nothing is left."""
        limit = self.levels.rank(level)
        if not any(self.levels.rank(lv) <= limit for _, lv in self.checks):
            return DROPPED
        return self._prune(_expectation(self.case), (), limit)

    def _prune(self, node: Any, path: Path_, limit: int) -> Any:
        if self.levels.rank(self.nodes[path]) > limit:
            return DROPPED
        if isinstance(node, dict):
            kept = {k: self._prune(v, (*path, k), limit) for k, v in node.items()}
            return {k: v for k, v in kept.items() if v is not DROPPED}
        if isinstance(node, list):
            return [self._prune(v, (*path, i), limit) for i, v in enumerate(node)]
        return node


@dataclass(frozen=True)
class Levels:
    """The levels in order, from the least a program needs to the most, and the table classifying checks."""

    order: tuple[str, ...]
    summaries: Mapping[str, str]
    rules: tuple[CheckRule, ...]

    def rank(self, level: str) -> int:
        return self.order.index(level)

    def at_or_below(self, level: str) -> tuple[str, ...]:
        return self.order[: self.rank(level) + 1]

    def classify(self, case: Case) -> Classified:
        """Every node of the case's expectation with its level: the first entry of the table matching the node,
        else its parent's level, and never below its parent's. CorpusError for a node nothing classifies."""
        rules = [r for r in self.rules if r.applies_to(case)]
        root = "$error" if "expect_error" in case.data else "$"
        nodes: dict[Path_, str] = {}
        checks: list[tuple[Path_, str]] = []

        def walk(node: Any, path: Path_, rendered: str, parent: int) -> None:
            rule = next((r for r in rules if r.pattern.fullmatch(rendered)), None)
            rank = parent if rule is None else max(parent, self.rank(rule.level))
            if rank < 0:
                raise CorpusError(f"{case.path}: no entry of {LEVELS_FILE} classifies {rendered}")
            nodes[path] = self.order[rank]
            if isinstance(node, dict):
                if not node:
                    checks.append((path, self.order[rank]))
                for key, value in node.items():
                    walk(value, (*path, key), f"{rendered}.{key}", rank)
            elif isinstance(node, list):
                checks.append((path, self.order[rank]))
                for index, value in enumerate(node):
                    walk(value, (*path, index), rendered + "[]", rank)
            else:
                checks.append((path, self.order[rank]))

        walk(_expectation(case), (), root, -1)
        return Classified(case, self, nodes, tuple(checks))


def _expectation(case: Case) -> Any:
    return case.data["expect_error"] if "expect_error" in case.data else case.data.get("expect", {})


def render(path: Path_, root: str = "$", items: bool = False) -> str:
    """A path as the runner prints it (`$.events[3].points`), or with `items` as the table writes it (`[]`)."""
    out = root
    for segment in path:
        out += ("[]" if items else f"[{segment}]") if isinstance(segment, int) else f".{segment}"
    return out


def _partial(expected: Mapping[str, Any], actual: Any) -> bool:
    return isinstance(actual, dict) and all(k in actual and actual[k] == v for k, v in expected.items())


def load_levels(root: Path) -> Levels:
    """The levels table of the corpus at `root`; CorpusError naming what is malformed."""
    path = root / LEVELS_FILE
    try:
        data = read_yaml(path)
    except PiquetError as exc:
        raise CorpusError(f"{path}: {exc}") from None
    if not isinstance(data, dict) or data.get("version") != 1:
        raise CorpusError(f"{path}: expected a mapping with version: 1")
    levels, checks = data.get("levels"), data.get("checks")
    if not isinstance(levels, list) or not all(isinstance(x, dict) and isinstance(x.get("id"), str) for x in levels):
        raise CorpusError(f"{path}: levels must be a list of {{id, summary}}")
    order = tuple(str(x["id"]) for x in levels)
    if not order or len(set(order)) != len(order):
        raise CorpusError(f"{path}: level ids must be distinct and at least one")
    rules = []
    for n, entry in enumerate(checks if isinstance(checks, list) else [None]):
        if not (isinstance(entry, dict) and isinstance(entry.get("op"), str) and isinstance(entry.get("path"), str)
                and entry.get("level") in order and isinstance(entry.get("input", {}), dict)):
            raise CorpusError(f"{path}: checks[{n}] must be {{op, path, level, input?}} with a level among {list(order)}")
        rules.append(CheckRule(entry["op"], entry["path"], entry["level"], entry.get("input")))
    return Levels(order, {str(x["id"]): str(x.get("summary", "")).strip() for x in levels}, tuple(rules))
