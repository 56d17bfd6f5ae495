"""The interface documents say what the corpus, the schemas and the levels table hold, so they cannot drift:
every op has its section, every field table of ADAPTER.md names exactly the fields of its schema with the
level `levels.yaml` gives them, every input key the corpus uses is documented, and the figures of
INTERPRETING.md and the areas of conformance/README.md are those of the case files."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from piquet_ref.runner.corpus import PROTOCOL_OPS, Case, load_cases
from piquet_ref.runner.levels import load_levels

ROOT = Path(__file__).resolve().parent.parent / "conformance"
ADAPTER = (ROOT / "ADAPTER.md").read_text(encoding="utf-8")
INTERPRETING = (ROOT / "INTERPRETING.md").read_text(encoding="utf-8")
CASES = load_cases(ROOT / "cases")
LEVELS = load_levels(ROOT)
MARKER = re.compile(r"<!-- (fields|input|corpus): ([^>]*?) -->\n((?:\|.*\n)+)")


def tables(text: str, kind: str) -> dict[str, list[list[str]]]:
    """The tables under each `<!-- kind: key -->` marker: their rows (header and rule left out) as cells."""
    out = {}
    for found in MARKER.finditer(text):
        if found.group(1) == kind:
            rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in found.group(3).splitlines()]
            out[found.group(2)] = rows[2:]
    return out


def names(cell: str) -> list[str]:
    """The backticked names of a first cell (`elder`, `younger` -> both)."""
    return re.findall(r"`([^`]+)`", cell)


def schema(op: str) -> dict[str, Any]:
    return dict(json.loads((ROOT / "schema" / f"result-{op}.schema.json").read_text(encoding="utf-8")))


def node(root: dict[str, Any], path: str, kind: str | None) -> dict[str, Any]:
    """The schema node at `path` (`$.events[]`), choosing the `oneOf` branch whose `kind` is `kind`."""
    def resolve(n: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in n:
            n = root["$defs"][n["$ref"].rsplit("/", 1)[1]]
        if "oneOf" in n or "anyOf" in n:
            branches = [resolve(b) for b in n.get("oneOf", n.get("anyOf", []))]
            objects = [b for b in branches if "properties" in b]
            if kind is not None:
                objects = [b for b in objects if b["properties"].get("kind", {}).get("const") == kind]
            (n,) = objects
        return n

    n = resolve(root)
    for part in re.findall(r"\.(\w+)|(\[\])", path):
        n = resolve(n["items"] if part[1] else n["properties"][part[0]])
    return n


def level_of(op: str, path: str, field: str, kind: str | None, error: bool = False) -> str:
    """The level `levels.yaml` gives a field at `path`, found by classifying a case that checks only it."""
    expected: Any = {field: 0}
    for part in reversed(re.findall(r"\.(\w+)|(\[\])", path)):
        expected = [expected] if part[1] else {part[0]: expected}
    case = Case(Path("docs/check.yaml"), {"op": op, "input": {"kind": kind} if kind else {},
                                             "expect_error" if error else "expect": expected})
    return dict(LEVELS.classify(case).nodes)[(*_segments(path), field)]


def _segments(path: str) -> tuple[str | int, ...]:
    return tuple(0 if part[1] else part[0] for part in re.findall(r"\.(\w+)|(\[\])", path))


FIELD_TABLES = tables(ADAPTER, "fields")
INPUT_TABLES = tables(ADAPTER, "input")


def test_every_op_has_its_section_and_every_result_its_field_table() -> None:
    headings = [h for h in re.findall(r"^###? (.*)$", ADAPTER, flags=re.M)]
    for op in PROTOCOL_OPS:
        assert any(f"`{op}`" in h for h in headings), op
        assert any(key.split()[0] == op for key in FIELD_TABLES), op


@pytest.mark.parametrize("key", sorted(FIELD_TABLES))
def test_a_field_table_names_exactly_the_schema_fields_with_their_levels(key: str) -> None:
    op, path, *rest = key.split()
    kind = rest[0].removeprefix("kind=") if rest else None
    documented = {name: row[1] for row in FIELD_TABLES[key] for name in names(row[0])[:1]}
    assert set(documented) == set(node(schema(op), path, kind)["properties"]), key
    for field, cell in documented.items():
        if cell == "not judged":
            assert not [c.id for c in CASES if c.op == op and _checks(c, path, field)], (key, field)
        else:
            assert cell == f"`{level_of(op, path, field, kind)}`", (key, field)


def _checks(case: Case, path: str, field: str) -> bool:
    """Whether the case's expectation reaches `field` at `path`."""
    want = (*_segments(path), field)
    return any(tuple(0 if isinstance(s, int) else s for s in p[: len(want)]) == want for p, _ in LEVELS.classify(case).checks)


def test_the_error_table_gives_the_levels_of_code_law_and_step() -> None:
    rows = re.search(r"In an `error`:\n\n((?:\|.*\n)+)", ADAPTER)
    assert rows is not None
    cells = {names(r.split("|")[1])[0]: r.split("|")[2].strip() for r in rows.group(1).splitlines()[2:]}
    error_schema = json.loads((ROOT / "schema" / "response.schema.json").read_text(encoding="utf-8"))
    text = json.dumps(error_schema)
    assert set(cells) == {"code", "law", "step", "rule", "message"} and all(f'"{f}"' in text for f in cells)
    for field in ("code", "law", "step"):
        assert cells[field] == f"`{level_of('apply', '$', field, None, error=True)}`", field


@pytest.mark.parametrize("key", sorted(INPUT_TABLES))
def test_every_input_key_the_corpus_uses_is_documented(key: str) -> None:
    op, path = key.split()
    documented = {name for row in INPUT_TABLES[key] for name in names(row[0])}
    used: set[str] = set()
    for case in CASES:
        if case.op == op and "expect" in case.data:  # an error case may use a wrong key on purpose
            value: Any = case.data["input"]
            for part in _segments(path):
                value = value.get(part) if isinstance(value, dict) else None
            for side in ([value] if path != "$.elder" else [case.data["input"].get(p) for p in ("elder", "younger")]):
                used |= set(side) if isinstance(side, dict) else set()
    assert used <= documented, sorted(used - documented)
    if op == "score_deal":
        record = json.loads((ROOT / "schema" / "record.schema.json").read_text(encoding="utf-8"))
        props = record["properties"] if path == "$" else record["$defs"]["player"]["properties"]
        assert documented == set(props)


def test_the_figures_of_the_corpus_at_a_glance_are_those_of_the_case_files() -> None:
    rows = {names(r[0])[0] if names(r[0]) else r[0]: [int(x) for x in r[1:]] for r in tables(INTERPRETING, "corpus")["ops"]}
    expected = {}
    for op in (*PROTOCOL_OPS, "all"):
        cases = [c for c in CASES if op in ("all", c.op)]
        errors = [c.data["expect_error"] for c in cases if "expect_error" in c.data]
        variants = sum(c.data["requirement"] == "variant" for c in cases)
        expected[op] = [len(cases), len(errors), sum("law" in e for e in errors), sum("step" in e for e in errors), variants]
    assert rows == expected


def test_the_levels_table_of_interpreting_gives_each_level_its_cases() -> None:
    rows = {names(r[0])[0]: [int(r[1]), int(r[2])] for r in tables(INTERPRETING, "corpus")["levels"]}
    has = Counter(level for case in CASES for level in LEVELS.classify(case).of_case)
    top = Counter(LEVELS.classify(case).of_case[-1] for case in CASES)
    assert list(rows) == list(LEVELS.order)
    assert rows == {level: [has[level], top[level]] for level in LEVELS.order}
    adapter_levels = re.search(r"## Levels: .*?\n\n(?:.*\n)*?\n((?:\|.*\n)+)", ADAPTER)
    assert adapter_levels is not None
    assert [names(line.split("|")[1])[0] for line in adapter_levels.group(1).splitlines()[2:]] == list(LEVELS.order)


def test_what_interpreting_says_of_anchors_and_variants_is_so() -> None:
    anchored = [c for c in CASES if any(getattr(e, "anchor", None) for e in yaml.parse((ROOT / "cases" / c.path).read_text(encoding="utf-8")))]
    said = re.search(r"A few use YAML anchors and aliases .*?\((\d+) files", INTERPRETING, flags=re.S)
    assert said is not None and int(said.group(1)) == len(anchored)
    variants = Counter(r for c in CASES if c.data["requirement"] == "variant" for r in c.rulesets)
    listed = re.search(r"(\d+) are `variant` cases, each under one of the other\s+rulesets \(([^)]*)\)", INTERPRETING)
    assert listed is not None and int(listed.group(1)) == sum(variants.values())
    assert dict(re.findall(r"`([a-z0-9-]+)` (\d+)", listed.group(2))) == {r: str(n) for r, n in variants.items()}
    assert {r for c in CASES if c.data["requirement"] == "must" for r in c.rulesets} == {"portland-1882"}


def test_the_areas_of_the_corpus_readme_are_the_directories_of_cases() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"\| area \| what its cases check \|\n\|---\|---\|\n((?:\|.*\n)+)", readme)
    assert block is not None
    assert {names(line.split("|")[1])[0] for line in block.group(1).splitlines()} == {p.name for p in (ROOT / "cases").iterdir() if p.is_dir()}
