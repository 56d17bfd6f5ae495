"""The sources and the ambiguities between them, read from spec/ and validated.

`spec/sources.yaml` lists every source with its key, its bibliographic description, a public place to
read it (or null) and how it is cited; `spec/ambiguities.yaml` and
every file of `spec/ambiguities/` list the points where the sources disagree or say too little, each
with every source's position and the reading each ruleset takes. A broken entry raises `SpecError`
(code `spec-invalid`) naming the file and key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, cast

from piquet_ref.rules.codes import error
from piquet_ref.rules.tables import RULE_ID, rule_ids_of, ruleset_ids, source_keys, spec_invalid, table_strings, table_text
from piquet_ref.rules.files import read_yaml, spec_dir
from piquet_ref.rules.errors import shown

Kind = Literal["variant", "older-rule", "source-error", "wording", "unspecified"]
KINDS: tuple[Kind, ...] = ("variant", "older-rule", "source-error", "wording", "unspecified")
Scope = Literal["deal", "partie", "odds", "laws", "text"]
SCOPES: tuple[Scope, ...] = ("deal", "partie", "odds", "laws", "text")
EXECUTABLE: tuple[Scope, ...] = ("deal", "partie", "odds")  # scopes whose readings the code carries out
CATALOGUE_ROW = re.compile(r"^B[1-9][0-9]?$")
CASE_ID = re.compile(r"^PQ-[0-9A-HJKMNP-TV-Z]{5}$")
SOURCE_FIELDS = (
    "key", "author", "part", "title", "publisher", "place", "year", "edition", "location", "note", "speaks_for", "cited_as",
)
LOCATION = re.compile(r"https://[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(/\S*)?")  # a source's location, whole
ENTRY_REQUIRED = ("id", "topic", "scope", "kind", "rules", "positions", "readings", "cases")
ENTRY_OPTIONAL = ("catalogue", "laws", "evidence", "notes")


@dataclass(frozen=True)
class Source:
    """One source: its citation key, its bibliographic description, where to read it, what it speaks
    for and how it is cited. None stands for what the table does not know."""

    key: str
    author: str
    part: str | None  # the chapter, article or laws the key stands for; None for a whole work
    title: str  # the work
    publisher: str | None
    place: str | None
    year: int | None
    edition: str | None
    location: str | None  # an https URL of a public scan or transcription
    note: str | None
    speaks_for: str
    cited_as: str

    @property
    def name(self) -> str:
        """What the key stands for, in short: the part and the work ("Piquet, in Encyclopaedia Britannica")."""
        return f"{self.part}, in {self.title}" if self.part else self.title

    def citation(self, emphasis: str = "") -> str:
        """The bibliographic line: author, "part", in title, edition. Place: publisher, year.

        `emphasis` wraps the title (Markdown's `*` for italics); what the table does not know is left out.
        """
        title = f"{emphasis}{self.title}{emphasis}"
        line = f'{self.author}, "{self.part}", in {title}' if self.part else f"{self.author}, {title}"
        if self.edition:
            line += f", {self.edition}"
        imprint = ": ".join(x for x in (self.place, self.publisher) if x)
        imprint = ", ".join(x for x in (imprint, None if self.year is None else str(self.year)) if x)
        return f"{line}. {imprint}." if imprint else f"{line}."


@dataclass(frozen=True)
class Position:
    """What one source says on an ambiguity, in our words."""

    key: str
    at: str
    reading: str


@dataclass(frozen=True)
class Reading:
    """The reading a ruleset takes, and why."""

    reading: str
    reason: str


@dataclass(frozen=True)
class Ambiguity:
    """A disagreement between sources or an underspecified point, with the reading of each ruleset."""

    id: str
    catalogue: str | None
    topic: str
    scope: Scope
    kind: Kind
    rules: tuple[str, ...]
    laws: tuple[int, ...]
    positions: tuple[Position, ...]
    readings: tuple[tuple[str, Reading], ...]  # (ruleset id, reading), in file order
    cases: tuple[str, ...]
    evidence: str | None
    notes: str | None
    file: str

    @property
    def executable(self) -> bool:
        """True when the code carries out its readings (scope deal or partie)."""
        return self.scope in EXECUTABLE

    def reading(self, ruleset_id: str) -> Reading | None:
        """The reading `ruleset_id` states for itself (None: it takes its base's)."""
        return dict(self.readings).get(ruleset_id)


def load_sources(root: Path) -> tuple[Source, ...]:
    """Every source of `root`/sources.yaml, each with all its fields."""
    source_keys(root)  # the keys: strings, present, distinct
    out = []
    for i, item in enumerate(read_yaml(root / "sources.yaml")["sources"]):
        where = f"sources.yaml: sources[{i}]"
        if set(item) != set(SOURCE_FIELDS):
            raise spec_invalid(where, f"must have exactly {', '.join(SOURCE_FIELDS)}")
        year = item["year"]
        if year is not None and (not isinstance(year, int) or isinstance(year, bool) or not 1500 <= year <= 2100):
            raise spec_invalid(f"{where}.year", f"must be a year or null, got {shown(year)}")
        location = item["location"]
        if location is not None and (not isinstance(location, str) or not LOCATION.fullmatch(location)):
            raise spec_invalid(f"{where}.location", f"must be an https URL or null, got {shown(location)}")
        part, publisher, place, edition, note = (_optional_text(item[k], f"{where}.{k}") for k in ("part", "publisher", "place", "edition", "note"))
        out.append(
            Source(
                item["key"], table_text(item["author"], f"{where}.author"), part, table_text(item["title"], f"{where}.title"),
                publisher, place, year, edition, location, note, table_text(item["speaks_for"], f"{where}.speaks_for"),
                table_text(item["cited_as"], f"{where}.cited_as"),
            )
        )
    return tuple(out)


def _optional_text(value: Any, where: str) -> str | None:
    """A table's prose field that may be null."""
    return None if value is None else table_text(value, where)


def ambiguity_files(root: Path) -> list[Path]:
    """spec/ambiguities.yaml, then every file of spec/ambiguities/ in name order."""
    files = [root / "ambiguities.yaml"] if (root / "ambiguities.yaml").is_file() else []
    return files + sorted((root / "ambiguities").glob("*.yaml"))


def load_ambiguities(root: Path) -> tuple[Ambiguity, ...]:
    """Every ambiguity of the spec directory `root`, validated against its rules, rulesets and sources."""
    keys = source_keys(root)
    rules = rule_ids_of(root)
    rulesets = set(ruleset_ids(root))
    out: list[Ambiguity] = []
    seen: dict[str, str] = {}
    for path in ambiguity_files(root):
        file = path.relative_to(root).as_posix()
        data = read_yaml(path)
        if not isinstance(data, dict) or set(data) != {"ambiguities"} or not isinstance(data["ambiguities"], list):
            raise spec_invalid(file, "must be a mapping with exactly 'ambiguities', a list")
        for i, item in enumerate(data["ambiguities"]):
            entry = _entry(item, f"{file}: ambiguities[{i}]", file, keys, rules, rulesets)
            if entry.id in seen:
                raise spec_invalid(f"{file}: {entry.id}", f"id is already used in {seen[entry.id]}")
            seen[entry.id] = file
            out.append(entry)
    by_row: dict[str, list[Ambiguity]] = {}
    for a in out:
        if a.catalogue is not None:
            by_row.setdefault(a.catalogue, []).append(a)
    for row, entries in by_row.items():
        if len(entries) > 1:
            raise spec_invalid(f"{entries[1].file}: {entries[1].id}.catalogue", f"row {row} is already answered by {entries[0].id} ({entries[0].file})")
    return tuple(out)


def _entry(item: Any, where: str, file: str, keys: frozenset[str], rules: frozenset[str], rulesets: set[str]) -> Ambiguity:
    if not isinstance(item, dict):
        raise spec_invalid(where, "must be a mapping")
    if isinstance(item.get("id"), str):
        where = f"{where} ({item['id']})"
    missing = [k for k in ENTRY_REQUIRED if k not in item]
    unknown = sorted(set(map(str, item)) - set(ENTRY_REQUIRED) - set(ENTRY_OPTIONAL))
    if missing or unknown:
        raise spec_invalid(where, f"missing {missing}, unknown {unknown}")
    aid = item["id"]
    if not isinstance(aid, str) or not RULE_ID.match(aid):
        raise spec_invalid(where, f"id {shown(aid)} is not a dotted lower-case id")
    where = f"{file}: {aid}"
    row = item.get("catalogue")
    if row is not None and (not isinstance(row, str) or not CATALOGUE_ROW.match(row)):
        raise spec_invalid(f"{where}.catalogue", f"must be a Part B row B1..B99 or null, got {shown(row)}")
    scope, kind = item["scope"], item["kind"]
    if scope not in SCOPES:
        raise spec_invalid(f"{where}.scope", f"must be one of {', '.join(SCOPES)}, got {shown(scope)}")
    if kind not in KINDS:
        raise spec_invalid(f"{where}.kind", f"must be one of {', '.join(KINDS)}, got {shown(kind)}")
    touched = table_strings(item["rules"], f"{where}.rules")
    for rid in touched:
        if rid not in rules:
            raise spec_invalid(f"{where}.rules", f"names no rule of spec/rules ({shown(rid)})")
    if not touched and scope in EXECUTABLE:
        raise spec_invalid(f"{where}.rules", "an entry whose readings the scorer carries out must name the rules it touches")
    laws = item.get("laws", [])
    if not isinstance(laws, list) or not all(type(n) is int and 1 <= n <= 78 for n in laws):
        raise spec_invalid(f"{where}.laws", "must be a list of law numbers 1-78")
    positions = item["positions"]
    if not isinstance(positions, list) or not positions:
        raise spec_invalid(f"{where}.positions", "must be a non-empty list of {key, at, reading}")
    pos = []
    for j, p in enumerate(positions):
        pw = f"{where}.positions[{j}]"
        if not isinstance(p, dict) or set(p) != {"key", "at", "reading"}:
            raise spec_invalid(pw, "must have exactly key, at and reading")
        if str(p["key"]) not in keys:
            raise spec_invalid(f"{pw}.key", f"{shown(p['key'])} is not a key of spec/sources.yaml")
        pos.append(Position(str(p["key"]), table_text(p["at"], f"{pw}.at", True), table_text(p["reading"], f"{pw}.reading")))
    readings = item["readings"]
    if not isinstance(readings, dict) or not readings:
        raise spec_invalid(f"{where}.readings", "must map ruleset ids to {reading, reason}")
    reads = []
    for rid, r in readings.items():
        rw = f"{where}.readings.{rid}"
        if rid not in rulesets:
            raise spec_invalid(rw, "names no ruleset of spec/rulesets")
        if not isinstance(r, dict) or set(r) != {"reading", "reason"}:
            raise spec_invalid(rw, "must have exactly reading and reason")
        reads.append((str(rid), Reading(table_text(r["reading"], f"{rw}.reading"), table_text(r["reason"], f"{rw}.reason"))))
    cases = table_strings(item["cases"], f"{where}.cases")
    bad = [c for c in cases if not CASE_ID.match(c)]
    if bad:
        raise spec_invalid(f"{where}.cases", f"{bad} are not case ids (PQ- and 5 Crockford base32 characters)")
    if scope in EXECUTABLE and not cases:
        raise spec_invalid(f"{where}.cases", "an entry whose readings the scorer carries out must name the cases that pin them")
    evidence = item.get("evidence")
    if kind == "source-error" and evidence is None:
        raise spec_invalid(f"{where}.evidence", "a source error must give its evidence")
    notes = item.get("notes")
    return Ambiguity(
        aid, row, table_text(item["topic"], f"{where}.topic", True), cast(Scope, scope), cast(Kind, kind), touched,
        tuple(laws), tuple(pos), tuple(reads), cases,
        None if evidence is None else table_text(evidence, f"{where}.evidence"),
        None if notes is None else table_text(notes, f"{where}.notes"), file,
    )


@lru_cache(maxsize=1)
def sources() -> tuple[Source, ...]:
    """The sources of the shipped spec/."""
    return load_sources(spec_dir())


@lru_cache(maxsize=1)
def ambiguities() -> tuple[Ambiguity, ...]:
    """The ambiguities of the shipped spec/."""
    return load_ambiguities(spec_dir())


def source(key: str) -> Source:
    """The source with citation key `key`; `reference-unknown` if there is none."""
    for s in sources():
        if s.key == key:
            return s
    raise error("reference-unknown", f"no source {shown(key)}; keys: {', '.join(s.key for s in sources())}")


def ambiguity(aid: str) -> Ambiguity:
    """The ambiguity `aid`; `reference-unknown` if there is none."""
    for a in ambiguities():
        if a.id == aid:
            return a
    raise error("reference-unknown", f"no ambiguity {shown(aid)} (`piquet-ref ambiguities` lists them)")


def touching(rule_id: str) -> tuple[Ambiguity, ...]:
    """The ambiguities that touch rule `rule_id`."""
    return tuple(a for a in ambiguities() if rule_id in a.rules)
