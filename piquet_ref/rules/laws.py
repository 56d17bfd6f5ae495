"""The 78 Laws of Piquet (Portland and Turf Clubs, 1882) as data, read from spec/laws.yaml and validated.

Each law has its statement in our words, its kind, what brings it into play, its remedy or penalty,
the rules, error codes and ambiguities it concerns, and whether a record of the deal's actions can
decide it (with the reason when not); an executable law names the conformance cases, built from its own words,
that check it (`cases`). A law the state machine applies names the situations it governs
(`situations`, semantic ids the code asks for through `law_of`, so a law number is written once, here)
and what the innocent player may elect under it (`elections`). The references are checked both ways: a law lists exactly the
error codes of spec/errors.yaml that give its number, and exactly the ambiguities whose `laws` name it.
A broken entry raises `SpecError` (code `spec-invalid`) naming the file and key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, cast

from piquet_ref.rules.catalogue import CASE_ID, load_ambiguities
from piquet_ref.rules.tables import spec_invalid, table_strings, table_text
from piquet_ref.rules.codes import error, load_error_catalogue
from piquet_ref.rules.tables import rule_ids_of
from piquet_ref.rules.files import read_yaml, spec_dir
from piquet_ref.rules.errors import shown

Election = Literal["fresh_deal", "enforce", "waive", "stand"]
"""What a player may elect when a law offers him a choice (the protocol's `elect` action): a fresh deal (laws 11,
13, 28), letting the deal stand (laws 11, 13), enforcing or waiving a penalty (law 44). Which law offers which is
the law's `elections` in spec/laws.yaml."""
ELECTIONS: tuple[Election, ...] = ("fresh_deal", "enforce", "waive", "stand")

Kind = Literal["procedure", "irregularity", "penalty", "definition", "etiquette"]
KINDS: tuple[Kind, ...] = ("procedure", "irregularity", "penalty", "definition", "etiquette")
NEEDS_REMEDY: tuple[Kind, ...] = ("irregularity", "penalty")  # a law of these kinds says what follows the fault
NUMBERS = range(1, 79)  # the code of 1882 has 78 laws
FILE = "laws.yaml"
LAW_FIELDS = ("number", "section", "statement", "kind", "trigger", "remedy", "rules", "errors", "ambiguities", "executable")
LAW_OPTIONAL = ("why_not", "items", "situations", "elections", "machine", "cases")
SITUATION_ID = re.compile(r"[a-z]+(?:[.-][a-z0-9]+)+")
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


@dataclass(frozen=True)
class LawItem:
    """One roman sub-item of a law (59 I-V, 67 I-VI)."""

    mark: str
    statement: str
    executable: bool
    why_not: str | None


@dataclass(frozen=True)
class Law:
    """One law of the code, in our words, with what it touches and whether the reference can decide it."""

    number: int
    section: str
    statement: str
    kind: Kind
    trigger: str
    remedy: str | None
    rules: tuple[str, ...]
    errors: tuple[str, ...]
    ambiguities: tuple[str, ...]
    executable: bool
    why_not: str | None  # set exactly when not executable
    items: tuple[LawItem, ...]
    situations: tuple[str, ...] = ()  # what the state machine asks this law for (`law_of`)
    elections: tuple[str, ...] = ()  # what the innocent player may elect under it (`ELECTIONS`)
    machine: str | None = None  # how the state machine represents what the law leaves free, where it says
    cases: tuple[str, ...] = ()  # the conformance cases built from the law's own words that check it (executable laws)


def load_laws(root: Path) -> tuple[Law, ...]:
    """Every law of `root`/laws.yaml, in number order, validated against the rules, errors and ambiguities of `root`."""
    data = read_yaml(root / FILE)
    if not isinstance(data, dict) or set(data) != {"sections", "laws"}:
        raise spec_invalid(FILE, "must be a mapping with exactly 'sections' and 'laws'")
    sections = table_strings(data["sections"], f"{FILE}: sections")
    if not isinstance(data["laws"], list):
        raise spec_invalid(f"{FILE}: laws", "must be a list")
    rules = rule_ids_of(root)
    codes = load_error_catalogue(root)
    ambiguity_laws = {a.id: a.laws for a in load_ambiguities(root)}
    by_number: dict[int, Law] = {}
    for i, item in enumerate(data["laws"]):
        law = _law(item, f"{FILE}: laws[{i}]", sections, rules)
        if law.number in by_number:
            raise spec_invalid(f"{FILE}: laws[{i}].number", f"law {law.number} is given twice")
        by_number[law.number] = law
    named: dict[str, int] = {}
    for law in by_number.values():
        for sid in law.situations:
            if sid in named:
                raise spec_invalid(f"{FILE}: law {law.number}.situations", f"{shown(sid)} is named by law {named[sid]} too (each situation has one law)")
            named[sid] = law.number
    missing = [n for n in NUMBERS if n not in by_number]
    if missing:
        raise spec_invalid(f"{FILE}: laws", f"laws {missing} are missing (every law 1-78 once)")
    laws = tuple(by_number[n] for n in NUMBERS)
    order = [sections.index(law.section) for law in laws]
    if order != sorted(order) or set(order) != set(range(len(sections))):
        raise spec_invalid(f"{FILE}: sections", "every section must hold laws, and the laws must stand under the sections in order")
    for law in laws:
        where = f"{FILE}: law {law.number}"
        for code in law.errors:
            entry = codes.get(code)
            if entry is None:
                raise spec_invalid(f"{where}.errors", f"{shown(code)} is not a code of errors.yaml")
            if entry.law != law.number:
                raise spec_invalid(f"{where}.errors", f"{shown(code)} gives law {entry.law} in errors.yaml, not {law.number}")
            if entry.rule is not None and entry.rule not in law.rules:
                raise spec_invalid(f"{where}.rules", f"must name {shown(entry.rule)}, the rule its error {shown(code)} guards")
        owed = sorted(c for c, e in codes.items() if e.law == law.number and c not in law.errors)
        if owed:
            raise spec_invalid(f"{where}.errors", f"must list {owed}: errors.yaml gives them law {law.number}")
        for aid in law.ambiguities:
            if aid not in ambiguity_laws:
                raise spec_invalid(f"{where}.ambiguities", f"{shown(aid)} is not an ambiguity of spec/ambiguities")
            if law.number not in ambiguity_laws[aid]:
                raise spec_invalid(f"{where}.ambiguities", f"{shown(aid)} does not name law {law.number} in its laws")
        owed = sorted(a for a, ns in ambiguity_laws.items() if law.number in ns and a not in law.ambiguities)
        if owed:
            raise spec_invalid(f"{where}.ambiguities", f"must list {owed}: their laws name law {law.number}")
    return laws


def _law(item: Any, where: str, sections: tuple[str, ...], rules: frozenset[str]) -> Law:
    if not isinstance(item, dict):
        raise spec_invalid(where, "must be a mapping")
    number = item.get("number")
    if type(number) is not int or number not in NUMBERS:
        raise spec_invalid(f"{where}.number", f"must be a law number 1-78, got {shown(number)}")
    where = f"{FILE}: law {number}"
    missing = [k for k in LAW_FIELDS if k not in item]
    unknown = sorted(set(map(str, item)) - set(LAW_FIELDS) - set(LAW_OPTIONAL))
    if missing or unknown:
        raise spec_invalid(where, f"missing {missing}, unknown {unknown}")
    if item["section"] not in sections:
        raise spec_invalid(f"{where}.section", f"{shown(item['section'])} is not one of the sections")
    kind = item["kind"]
    if kind not in KINDS:
        raise spec_invalid(f"{where}.kind", f"must be one of {', '.join(KINDS)}, got {shown(kind)}")
    remedy = item["remedy"]
    if remedy is None and kind in NEEDS_REMEDY:
        raise spec_invalid(f"{where}.remedy", f"a law of kind {kind} must say its remedy or penalty")
    touched = table_strings(item["rules"], f"{where}.rules")
    for rid in touched:
        if rid not in rules:
            raise spec_invalid(f"{where}.rules", f"names no rule of spec/rules ({shown(rid)})")
    executable, why_not = _executable(item, where)
    items = _items(item.get("items"), f"{where}.items")
    if items and executable != any(x.executable for x in items):
        raise spec_invalid(f"{where}.executable", "a law with items is executable exactly when one of its items is")
    situations = table_strings(item.get("situations", []), f"{where}.situations")
    bad = [s for s in situations if not SITUATION_ID.fullmatch(s)]
    if bad:
        raise spec_invalid(f"{where}.situations", f"{shown(bad[0])} is not a situation id (lowercase words joined by '.' and '-')")
    elections = table_strings(item.get("elections", []), f"{where}.elections")
    unknown_choice = [e for e in elections if e not in ELECTIONS]
    if unknown_choice:
        raise spec_invalid(f"{where}.elections", f"{shown(unknown_choice[0])} is not an election (one of {', '.join(ELECTIONS)})")
    if elections and not executable:
        raise spec_invalid(f"{where}.elections", "a law the state machine cannot decide offers no election to it")
    cases = table_strings(item.get("cases", []), f"{where}.cases")
    if executable != bool(cases):
        raise spec_invalid(f"{where}.cases", "an executable law names the conformance cases that check it, and a law not executable names none")
    bad_id = [c for c in cases if not CASE_ID.fullmatch(c)]
    if bad_id or len(set(cases)) != len(cases):
        raise spec_invalid(f"{where}.cases", f"must be distinct case ids (PQ- and five characters), got {bad_id[0] if bad_id else 'one twice'!r}")
    return Law(
        number, item["section"], table_text(item["statement"], f"{where}.statement"), cast(Kind, kind),
        table_text(item["trigger"], f"{where}.trigger"), None if remedy is None else table_text(remedy, f"{where}.remedy"),
        touched, table_strings(item["errors"], f"{where}.errors"), table_strings(item["ambiguities"], f"{where}.ambiguities"),
        executable, why_not, items, situations, elections,
        None if item.get("machine") is None else table_text(item["machine"], f"{where}.machine"), cases,
    )


def _executable(item: dict[str, Any], where: str) -> tuple[bool, str | None]:
    """`executable` (yes/no) and `why_not`, given exactly when it is no."""
    executable = item["executable"]
    if not isinstance(executable, bool):
        raise spec_invalid(f"{where}.executable", f"must be yes or no, got {shown(executable)}")
    why_not = item.get("why_not")
    if executable and why_not is not None:
        raise spec_invalid(f"{where}.why_not", "an executable law gives no why_not")
    if not executable:
        return False, table_text(why_not, f"{where}.why_not")
    return True, None


def _items(value: Any, where: str) -> tuple[LawItem, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not value:
        raise spec_invalid(where, "must be a non-empty list of {mark, statement, executable, why_not}")
    out = []
    for j, x in enumerate(value):
        iw = f"{where}[{j}]"
        if not isinstance(x, dict) or not {"mark", "statement", "executable"} <= set(x) <= {"mark", "statement", "executable", "why_not"}:
            raise spec_invalid(iw, "must have mark, statement, executable and, when not executable, why_not")
        if x["mark"] != ROMAN[j]:
            raise spec_invalid(f"{iw}.mark", f"must be {ROMAN[j]} (the items are numbered I, II, ... in order), got {shown(x['mark'])}")
        executable, why_not = _executable(x, iw)
        out.append(LawItem(ROMAN[j], table_text(x["statement"], f"{iw}.statement"), executable, why_not))
    return tuple(out)


@lru_cache(maxsize=1)
def laws() -> tuple[Law, ...]:
    """The laws of the shipped spec/."""
    return load_laws(spec_dir())


@lru_cache(maxsize=None)
def law_of(situation: str) -> Law:
    """The law that governs `situation` (an id of some law's `situations` in spec/laws.yaml)."""
    for x in laws():
        if situation in x.situations:
            return x
    raise spec_invalid(FILE, f"no law names the situation {shown(situation)} (the code asks for it)")


def law(number: str | int) -> Law:
    """The law numbered `number` (an int or its digits); `reference-unknown` if there is none."""
    n = number if type(number) is int else int(number) if isinstance(number, str) and number.isdigit() else 0
    if n not in NUMBERS:
        raise error("reference-unknown", f"no law {shown(number)}: the laws are numbered 1-78 (`piquet-ref laws` lists them)")
    return laws()[n - 1]

