"""What spec/ holds, read for shape: the rule ids and their entries, the source keys, the rulesets.

The loader builds a `Ruleset` from these, and the catalogue of sources and ambiguities checks its references
against them; both read the same files through this module, so neither depends on the other for them. A
broken entry raises `SpecError` (code `spec-invalid`) naming the file and key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from piquet_ref.rules.codes import error
from piquet_ref.rules.errors import SpecError
from piquet_ref.rules.files import read_yaml, spec_dir
from piquet_ref.rules.ruleset import Citation, Rule
from piquet_ref.rules.errors import shown

RULE_ID = re.compile(r"^[a-z]+(-[a-z]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)+$")
RULESET_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def spec_invalid(where: str, what: str) -> SpecError:
    """The error for a broken table: `where` (file and key) and `what` is wrong with it."""
    return SpecError("spec-invalid", f"{where}: {what}")


def table_text(value: Any, where: str, short: bool = False) -> str:
    """A table's prose field: a non-empty string (one line when `short`), its white space folded."""
    if not isinstance(value, str) or not value.strip():
        raise spec_invalid(where, "must be a non-empty string")
    if short and "\n" in value.strip():
        raise spec_invalid(where, "must be one line")
    return " ".join(value.split())


def table_strings(value: Any, where: str) -> tuple[str, ...]:
    """A table's list of names: non-empty strings, none twice."""
    if not isinstance(value, list) or not all(isinstance(x, str) and x for x in value):
        raise spec_invalid(where, "must be a list of strings")
    if len(set(value)) != len(value):
        raise spec_invalid(where, "lists an entry twice")
    return tuple(value)


@dataclass
class RawRule:
    """One rule entry as read: the typed rule, its raw params, and which of them the builder has read."""

    rule: Rule
    params: dict[str, Any]
    used: set[str]


def read_citations(file: str, rid: str, value: Any, source_keys: frozenset[str]) -> tuple[Citation, ...]:
    """An entry's `sources`: a non-empty list of {key, at}, each key one of spec/sources.yaml."""
    if not isinstance(value, list) or not value:
        raise spec_invalid(f"{file}: {rid}.sources", "must be a non-empty list of {key, at}")
    out = []
    for i, item in enumerate(value):
        where = f"{file}: {rid}.sources[{i}]"
        if not isinstance(item, dict) or set(item) != {"key", "at"}:
            raise spec_invalid(where, "must be a mapping with exactly key and at")
        key, at = str(item["key"]), item["at"]
        if key not in source_keys:
            raise spec_invalid(where, f"source key {shown(key)} is not in spec/sources.yaml")
        if not isinstance(at, str) or not at:
            raise spec_invalid(where, "'at' must be a non-empty string")
        out.append(Citation(key, at))
    return tuple(out)


def read_rule_files(root: Path, source_keys: frozenset[str]) -> dict[str, RawRule]:
    """Every rule entry of `root`/rules/*.yaml by id, checked for shape (ids unique, statements, citations, params)."""
    raw: dict[str, RawRule] = {}
    files = sorted((root / "rules").glob("*.yaml"))
    if not files:
        raise spec_invalid("spec/rules", "no rule tables found")
    for path in files:
        file = f"rules/{path.name}"
        data = read_yaml(path)
        if not isinstance(data, dict) or set(data) != {"area", "rules"}:
            raise spec_invalid(file, "must be a mapping with exactly 'area' and 'rules'")
        area, rules = data["area"], data["rules"]
        if not isinstance(area, str) or not isinstance(rules, list) or not rules:
            raise spec_invalid(file, "'area' must be a string and 'rules' a non-empty list")
        for i, item in enumerate(rules):
            where = f"{file}: rules[{i}]"
            if not isinstance(item, dict):
                raise spec_invalid(where, "must be a mapping")
            unknown = set(item) - {"id", "statement", "sources", "params", "code"}
            if unknown or not {"id", "statement", "sources"} <= set(item):
                raise spec_invalid(where, f"must have id, statement, sources and optional params and code (unknown: {sorted(unknown)})")
            rid = item["id"]
            if not isinstance(rid, str) or not RULE_ID.match(rid):
                raise spec_invalid(where, f"id {shown(rid)} is not a dotted lower-case rule id")
            if rid in raw:
                raise spec_invalid(where, f"rule id {shown(rid)} is already defined in {raw[rid].rule.file}")
            statement = item["statement"]
            if not isinstance(statement, str) or len(statement) < 10:
                raise spec_invalid(f"{file}: {rid}.statement", "must be a sentence")
            params = item.get("params", {})
            if not isinstance(params, dict):
                raise spec_invalid(f"{file}: {rid}.params", "must be a mapping")
            citations = read_citations(file, rid, item["sources"], source_keys)
            code = item.get("code", [])
            if not isinstance(code, list) or not all(isinstance(c, str) and c.startswith("piquet_ref.") for c in code):
                raise spec_invalid(f"{file}: {rid}.code", "must be a list of dotted names in piquet_ref")
            rule = Rule(rid, area, " ".join(statement.split()), citations, file, tuple(code))
            raw[rid] = RawRule(rule, dict(params), set())
    return raw


def rule_ids_of(root: Path) -> frozenset[str]:
    """The rule ids of the tables in `root`/rules (validated as `load_ruleset_from` does)."""
    return frozenset(read_rule_files(root, source_keys(root)))


def source_keys(root: Path) -> frozenset[str]:
    """The citation keys of spec/sources.yaml."""
    data = read_yaml(root / "sources.yaml")
    items = data.get("sources") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise spec_invalid("sources.yaml", "key 'sources' must be a list")
    keys = []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("key"), str) or not isinstance(item.get("title"), str):
            raise spec_invalid(f"sources.yaml: sources[{i}]", "must have a string key and title")
        keys.append(item["key"])
    if len(set(keys)) != len(keys):
        raise spec_invalid("sources.yaml", "a source key is repeated")
    return frozenset(keys)


def ruleset_ids(root: Path | str | None = None) -> tuple[str, ...]:
    """Every ruleset in spec/rulesets/ (of the shipped spec, or of the spec directory `root`)."""
    if root is not None and not isinstance(root, (Path, str)):
        raise error("argument-invalid", f"root must be a spec directory path, got {type(root).__name__}")
    return tuple(sorted(p.stem for p in (Path(root or spec_dir()) / "rulesets").glob("*.yaml")))
