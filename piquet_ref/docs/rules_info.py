"""What the reference knows about a rule, a source or an ambiguity, as JSON-ready data and as text.

Behind `piquet-ref rules`, `piquet-ref sources` and `piquet-ref ambiguities`: a rule with its
statement, citations, values under each ruleset, the ambiguities that touch it, where the code carries
it out and the conformance cases that exercise it.
"""

from __future__ import annotations

import textwrap
from functools import lru_cache
from typing import Any, Callable, NamedTuple

from piquet_ref.rules.catalogue import Ambiguity, Source, ambiguities, ambiguity, source, sources, touching
from piquet_ref.docs.code_map import locations
from piquet_ref.runner.corpus import Case, load_cases
from piquet_ref.rules.codes import error
from piquet_ref.rules.loader import default_ruleset, load_ruleset
from piquet_ref.rules.tables import ruleset_ids
from piquet_ref.rules.files import corpus_dir
from piquet_ref.rules.errors import shown

WIDTH = 100


@lru_cache(maxsize=1)
def corpus_cases() -> tuple[Case, ...]:
    """The cases of the bundled corpus."""
    return tuple(load_cases(corpus_dir() / "cases"))


def cases_of_rule(rule_id: str) -> tuple[Case, ...]:
    """The corpus cases that exercise `rule_id`."""
    return tuple(c for c in corpus_cases() if rule_id in c.rules)


def case_by_id() -> dict[str, Case]:
    return {c.id: c for c in corpus_cases()}


def _case_json(case: Case) -> dict[str, Any]:
    return {"id": case.id, "path": case.path.as_posix(), "rulesets": list(case.rulesets), "description": case.data.get("description")}


def source_json(s: Source) -> dict[str, Any]:
    return {
        "key": s.key, "citation": s.citation(), "author": s.author, "part": s.part, "title": s.title,
        "publisher": s.publisher, "place": s.place, "year": s.year, "edition": s.edition, "location": s.location,
        "note": s.note, "speaks_for": s.speaks_for, "cited_as": s.cited_as,
    }


def ambiguity_json(a: Ambiguity) -> dict[str, Any]:
    cases = case_by_id()
    names = {s.key: s.name for s in sources()}
    return {
        "id": a.id, "catalogue": a.catalogue, "topic": a.topic, "scope": a.scope, "kind": a.kind,
        "executable": a.executable, "rules": list(a.rules), "laws": list(a.laws),
        "positions": [{"key": p.key, "at": p.at, "source": names[p.key], "reading": p.reading} for p in a.positions],
        "readings": {rid: {"reading": r.reading, "reason": r.reason} for rid, r in a.readings},
        "cases": [_case_json(cases[c]) if c in cases else {"id": c, "path": None} for c in a.cases],
        "evidence": a.evidence, "notes": a.notes, "file": a.file,
    }


def rule_json(rule_id: str) -> dict[str, Any]:
    """One rule: statement, citations, values per ruleset, ambiguities, code locations and cases."""
    default = default_ruleset()
    rule = default.rules.get(rule_id)
    if rule is None:
        raise error("reference-unknown", f"no rule {shown(rule_id)} (`piquet-ref rules` lists them)")
    names = {s.key: s.name for s in sources()}
    values: dict[str, Any] = {}
    for rid in ruleset_ids():
        params = load_ruleset(rid).params.get(rule_id)
        if params is not None and (rid == default.id or params != default.params.get(rule_id)):
            values[rid] = params
    return {
        "id": rule.id, "area": rule.area, "statement": rule.statement, "file": rule.file,
        "sources": [{"key": c.key, "at": c.at, "source": names.get(c.key)} for c in rule.sources],
        "params": values,
        "variants": [{"id": a.id, "topic": a.topic, "kind": a.kind, "readings": {r: x.reading for r, x in a.readings}} for a in touching(rule_id)],
        "code": [str(loc) for loc in locations(rule)],
        "cases": [_case_json(c) for c in cases_of_rule(rule_id)],
    }


def value_in_words(value: Any) -> str:
    """A parameter's value as a reader says it: words for names (`carte_blanche` is carte blanche), lists with "and",
    yes and no, none; a table as "key value" pairs (a table within, in brackets); a named thing (a suit, a rank) by
    its name, its other attributes in brackets."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value.replace("_", " ")
    if isinstance(value, (list, tuple)):
        items = [value_in_words(v) for v in value]
        return "nothing" if not items else items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    if isinstance(value, dict):
        if "name" in value:
            rest = [f"{_key(k)} {value_in_words(v)}" if k in ("points",) else value_in_words(v)
                    for k, v in value.items() if k != "name" and v not in (None, [], ())]
            return f"{value['name']} ({', '.join(rest)})" if rest else str(value["name"])
        return ", ".join(f"{_key(k)} ({value_in_words(v)})" if isinstance(v, dict) and "name" not in v else f"{_key(k)} {value_in_words(v)}"
                         for k, v in value.items())
    return str(value)


def _key(k: object) -> str:
    return str(k).replace("_", " ")


def values_in_words(params: dict[str, Any]) -> str:
    """A rule's parameters in plain words, one "name: value" phrase each: `pips per point: none; per card: 1`."""
    return "; ".join(f"{_key(k)}: {value_in_words(v)}" for k, v in params.items())


def rules_json() -> list[dict[str, Any]]:
    """Every rule of the default ruleset, briefly."""
    rules = default_ruleset().rules
    return [{"id": r.id, "area": r.area, "statement": r.statement} for r in rules.values()]


# ------------------------------------------------------------------ text


def _wrap(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent) or [indent]


def sources_text() -> str:
    lines = []
    for s in sources():
        lines += textwrap.wrap(s.citation(), WIDTH, initial_indent=f"{s.key:<8} ", subsequent_indent=" " * 9)
        lines += _wrap(f"read at: {s.location or 'no address known'}", " " * 9)
        lines += _wrap(f"note: {s.note}", " " * 9) if s.note else []
        lines += _wrap(f"speaks for: {s.speaks_for}", " " * 9)
        lines += _wrap(f"cited as: {s.cited_as}", " " * 9)
    return "\n".join(lines) + "\n"


def source_text(key: str) -> str:
    s = source(key)
    return "\n".join(f"{k:<11} {v}" for k, v in source_json(s).items()) + "\n"


def ambiguities_text() -> str:
    lines = [f"{'id':<34} {'row':<4} {'kind':<12} {'scope':<7} topic"]
    for a in ambiguities():
        lines.append(f"{a.id:<34} {a.catalogue or '-':<4} {a.kind:<12} {a.scope:<7} {a.topic}")
    return "\n".join(lines) + "\n"


def ambiguity_text(aid: str) -> str:
    data = ambiguity_json(ambiguity(aid))
    row = f" (catalogue {data['catalogue']})" if data["catalogue"] else ""
    lines = [f"{data['id']}{row}: {data['topic']}", f"  kind {data['kind']}, scope {data['scope']}"
             + ("" if data["executable"] else " (not yet executable)")]
    if data["rules"]:
        lines.append(f"  rules: {', '.join(data['rules'])}")
    if data["laws"]:
        lines.append(f"  laws: {', '.join(map(str, data['laws']))}")
    lines.append("Positions")
    for p in data["positions"]:
        lines += _wrap(f"{p['key']} {p['at']}: {p['reading']}")
    if data["evidence"]:
        lines.append("Evidence")
        lines += _wrap(data["evidence"])
    lines.append("Readings")
    for rid, r in data["readings"].items():
        lines += _wrap(f"{rid}: {r['reading']}")
        lines += _wrap(f"why: {r['reason']}", "    ")
    lines.append("Cases")
    lines += [f"  {c['id']} {c['path']}" for c in data["cases"]] or ["  none"]
    return "\n".join(lines) + "\n"


def rules_text() -> str:
    return "\n".join(f"{r['id']:<32} {r['statement'][:WIDTH - 33]}" for r in rules_json()) + "\n"


def rule_text(rule_id: str) -> str:
    data = rule_json(rule_id)
    lines = [f"{data['id']} ({data['file']})"]
    lines += _wrap(data["statement"])
    lines.append("Sources")
    lines += [f"  {c['key']} {c['at']} ({c['source']})" for c in data["sources"]]
    if data["params"]:
        lines.append("Values")
        lines += [line for rid, params in data["params"].items() for line in _wrap(f"{rid}: {values_in_words(params)}", "  ")]
    lines.append("Variants")
    lines += [f"  {v['id']} ({v['kind']}): {v['topic']}" for v in data["variants"]] or ["  none"]
    lines.append("Code")
    lines += [f"  {loc}" for loc in data["code"]]
    lines.append(f"Cases ({len(data['cases'])})")
    lines += [f"  {c['id']} {c['path']}" for c in data["cases"]]
    return "\n".join(lines) + "\n"


class View(NamedTuple):
    """One reference command: an entry by key, or every entry, as JSON data or as text."""

    one_json: Callable[[str], Any]
    all_json: Callable[[], Any]
    one_text: Callable[[str], str]
    all_text: Callable[[], str]


VIEWS: dict[str, View] = {
    "sources": View(lambda k: source_json(source(k)), lambda: [source_json(s) for s in sources()], source_text, sources_text),
    "ambiguities": View(
        lambda k: ambiguity_json(ambiguity(k)), lambda: [ambiguity_json(a) for a in ambiguities()], ambiguity_text, ambiguities_text
    ),
    "rules": View(rule_json, rules_json, rule_text, rules_text),
}
