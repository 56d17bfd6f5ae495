"""The conformance corpus: reading case files and judging a result against a case's expectation.

Matching is partial: a mapping in `expect` matches when each of its keys is present in the result
and matches; a list matches a list of the same length element by element; scalars match by equal
value and type (true is not 1). `expect_error` matches an error with the same `code`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import PiquetError
from .ops import OPS, run_op
from .specfiles import read_yaml

CASE_ID = re.compile(r"^PQ-[0-9A-HJKMNP-TV-Z]{5}$")


@dataclass(frozen=True)
class Case:
    path: Path
    data: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.data["id"])

    @property
    def op(self) -> str:
        return str(self.data["op"])

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(self.data.get("rules", ()))


def load_cases(root: Path) -> list[Case]:
    """Every case file under `root` (recursively), sorted by path."""
    cases = []
    for path in sorted(root.rglob("*.yaml")):
        data = read_yaml(path)
        if not isinstance(data, dict):
            raise ValueError(f"{path}: a case file holds one mapping")
        cases.append(Case(path, data))
    return cases


def mismatches(expected: Any, actual: Any, path: str = "$") -> list[str]:
    """Where `actual` fails to match `expected` (empty when it matches)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected a mapping, got {actual!r}"]
        out = []
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{path}.{key}: missing")
            else:
                out.extend(mismatches(value, actual[key], f"{path}.{key}"))
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return [f"{path}: expected a list, got {actual!r}"]
        if len(expected) != len(actual):
            return [f"{path}: expected {len(expected)} items, got {len(actual)}"]
        return [m for i, (e, a) in enumerate(zip(expected, actual)) for m in mismatches(e, a, f"{path}[{i}]")]
    if type(expected) is not type(actual) and not (expected is None or actual is None) and not (
        isinstance(expected, (int, float)) and isinstance(actual, (int, float)) and not isinstance(expected, bool) and not isinstance(actual, bool)
    ):
        return [f"{path}: expected {expected!r}, got {actual!r}"]
    return [] if expected == actual else [f"{path}: expected {expected!r}, got {actual!r}"]


def run_case(case: Case) -> list[str]:
    """Run a case in-process against the reference; return its mismatches (empty = pass)."""
    if case.op not in OPS:
        return [f"op {case.op!r} is not offered"]
    try:
        result = run_op(case.op, case.data["input"])
    except PiquetError as exc:
        if "expect_error" in case.data:
            return mismatches(case.data["expect_error"], {"code": exc.code, "law": exc.law}, "$error")
        return [f"unexpected error {exc}"]
    if "expect_error" in case.data:
        return [f"expected error {case.data['expect_error']!r}, got a result"]
    return mismatches(case.data.get("expect", {}), result)


CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def mint_id(taken: set[str], entropy: bytes) -> str:
    """A new case id `PQ-XXXXX` from 25 bits of `entropy`, not in `taken` (the caller supplies the randomness)."""
    value = int.from_bytes(entropy, "big")
    while True:
        digits = "".join(CROCKFORD[value >> (5 * i) & 31] for i in range(5))
        candidate = f"PQ-{digits}"
        if candidate not in taken:
            return candidate
        value += 1
