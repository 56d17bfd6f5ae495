"""The probabilities the sources state (spec/odds.yaml), our exact value for each, and the verdict.

`figures()` reads and validates the table; `settle(figure)` computes what settles it (the `odds` op
for a take-in or a count of hands, Cavendish's own table for his statistics); `verdict` compares;
`markdown()` is the table `piquet-ref odds --sources` prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from piquet_ref.rules.errors import SpecError
from piquet_ref.protocol.ops import run_op
from piquet_ref.rules.files import read_yaml, spec_dir
from piquet_ref.rules.errors import shown

Verdict = Literal["right", "approximately", "wrong", "unsettled"]
VERDICTS: tuple[Verdict, ...] = ("right", "approximately", "wrong", "unsettled")
TOLERANCE = Fraction(5, 100)  # "approximately": stated odds within 5% of the exact odds
FILE = "odds.yaml"
KEYS = {"id", "source", "claim", "stated", "for", "against", "value", "approx", "settled", "verdict", "note"}


@dataclass(frozen=True)
class Figure:
    """One stated figure: odds (`for`, `against`) or a count (`value`), and what settles it."""

    id: str
    source_key: str
    source_at: str
    claim: str
    stated: str
    odds: tuple[int, int] | None
    value: int | None
    approx: bool
    settled: dict[str, Any] | None
    verdict: Verdict
    note: str


@dataclass(frozen=True)
class Tables:
    bands: tuple[int, ...]
    elder: tuple[int, ...]
    younger: tuple[int, ...]


def _fail(where: str, what: str) -> SpecError:
    return SpecError("spec-invalid", f"{FILE}: {where}: {what}")


@lru_cache(maxsize=1)
def load() -> tuple[tuple[Figure, ...], Tables]:
    """The figures and Cavendish's tables of spec/odds.yaml, validated."""
    return load_from(spec_dir() / FILE)


def load_from(path: Path) -> tuple[tuple[Figure, ...], Tables]:
    """The figures and tables of a file shaped as spec/odds.yaml (spec-invalid naming file and key)."""
    data = read_yaml(path)
    if not isinstance(data, dict) or set(data) != {"figures", "tables"}:
        raise _fail("top level", "must have exactly figures and tables")
    raw_tables = data["tables"]
    if not isinstance(raw_tables, dict) or set(raw_tables) != {"bands", "elder", "younger"}:
        raise _fail("tables", "must have exactly bands, elder, younger")
    rows = {}
    for key in ("bands", "elder", "younger"):
        row = raw_tables[key]
        if not isinstance(row, list) or not all(type(x) is int and x >= 0 for x in row) or len(row) != len(raw_tables["bands"]):
            raise _fail(f"tables.{key}", "must be a list of counts, one per band")
        rows[key] = tuple(row)
    tables = Tables(rows["bands"], rows["elder"], rows["younger"])
    out: list[Figure] = []
    items = data["figures"]
    if not isinstance(items, list):
        raise _fail("figures", "must be a list")
    for i, item in enumerate(items):
        out.append(_figure(item, f"figures[{i}]", tables))
    ids = [f.id for f in out]
    twice = sorted({x for x in ids if ids.count(x) > 1})
    if twice:
        raise _fail("figures", f"ids used twice: {twice}")
    for f in out:
        if f.settled and "figure" in f.settled and f.settled["figure"] not in ids:
            raise _fail(f"figures.{f.id}.settled.figure", f"{shown(f.settled['figure'])} is not a figure id")
    return tuple(out), tables


def _figure(item: Any, where: str, tables: Tables) -> Figure:
    if not isinstance(item, dict):
        raise _fail(where, "must be a mapping")
    unknown = set(map(str, item)) - KEYS
    if unknown:
        raise _fail(where, f"unknown key(s) {sorted(unknown)}")
    for key in ("id", "claim", "stated", "note"):
        if not isinstance(item.get(key), str) or not item[key]:
            raise _fail(f"{where}.{key}", "must be a non-empty string")
    where = f"figures.{item['id']}"
    source = item.get("source")
    if not isinstance(source, dict) or set(source) != {"key", "at"} or not all(isinstance(v, str) for v in source.values()):
        raise _fail(f"{where}.source", "must be {key, at}, both strings")
    has_odds, has_value = "for" in item or "against" in item, "value" in item
    if has_odds == has_value:
        raise _fail(where, "give either for and against (odds) or value (a count)")
    if has_odds and not all(type(item.get(k)) is int and item[k] >= 0 for k in ("for", "against")):
        raise _fail(where, "for and against must be integers >= 0")
    if has_value and type(item["value"]) is not int:
        raise _fail(f"{where}.value", "must be an integer")
    if type(item.get("approx")) is not bool:
        raise _fail(f"{where}.approx", "must be true or false")
    if item.get("verdict") not in VERDICTS:
        raise _fail(f"{where}.verdict", f"must be one of {list(VERDICTS)}")
    settled = item.get("settled", "missing")
    if settled == "missing":
        raise _fail(f"{where}.settled", "is required (null when nothing settles the figure)")
    _check_settled(settled, f"{where}.settled", tables, has_value)
    return Figure(
        item["id"], source["key"], source["at"], item["claim"], item["stated"],
        (item["for"], item["against"]) if has_odds else None, item.get("value"), item["approx"], settled,
        item["verdict"], item["note"],
    )


def _check_settled(s: Any, where: str, tables: Tables, counts: bool) -> None:
    if s is None:
        return
    if not isinstance(s, dict):
        raise _fail(where, "must be a mapping or null")
    shapes = ({"question"}, {"question", "times"}, {"question", "field"}, {"table", "at_least"}, {"table", "at_least", "below"}, {"figure", "times"})
    if set(s) not in shapes:
        raise _fail(where, f"must have the keys of one of {[sorted(x) for x in shapes]}")
    if ("field" in s) != counts:
        raise _fail(where, "a count (value) is settled by a hands question with field; odds by anything else")
    if "table" in s:
        if s["table"] not in ("elder", "younger"):
            raise _fail(f"{where}.table", "must be elder or younger")
        for key in ("at_least", "below"):
            if key in s and s[key] not in tables.bands:
                raise _fail(f"{where}.{key}", f"must be a band bound {list(tables.bands)}")
    if "times" in s:
        try:
            Fraction(str(s["times"]))
        except ValueError:
            raise _fail(f"{where}.times", "must be a number or p/q") from None


def stated_chance(f: Figure) -> Fraction:
    """The chance the stated odds give."""
    assert f.odds is not None
    return Fraction(f.odds[0], f.odds[0] + f.odds[1])


def settle(f: Figure) -> Fraction | int | None:
    """Our value: the exact chance (or count) that settles the figure; None when nothing does."""
    s = f.settled
    if s is None:
        return None
    if "question" in s:
        result = run_op("odds", s["question"])
        if "field" in s:
            value: int = result[s["field"]]
            return value
        return Fraction(result["probability"]) * Fraction(str(s.get("times", 1)))
    if "table" in s:
        _, tables = load()
        row = tables.elder if s["table"] == "elder" else tables.younger
        below = s.get("below", tables.bands[-1] + 1)
        hit = sum(n for bound, n in zip(tables.bands, row) if s["at_least"] <= bound < below)
        return Fraction(hit, sum(row))
    figures_by_id = {g.id: g for g in load()[0]}
    return stated_chance(figures_by_id[s["figure"]]) * Fraction(str(s["times"]))


def closeness(f: Figure, exact: Fraction) -> Fraction:
    """How far the stated odds are from the exact odds, as a fraction of the exact (0 when equal),
    both read the way the source states them (for : against, or against : for when against is larger)."""
    assert f.odds is not None
    good, bad = f.odds
    if exact in (0, 1) or 0 in (good, bad):
        return Fraction(0) if stated_chance(f) == exact else Fraction(1)
    stated, ours = Fraction(good, bad), exact / (1 - exact)
    if bad > good:
        stated, ours = 1 / stated, 1 / ours
    return abs(stated / ours - 1)


def verdict(f: Figure) -> Verdict:
    """The verdict our value gives the figure."""
    exact = settle(f)
    if exact is None:
        return "unsettled"
    if f.value is not None:
        return "right" if exact == f.value else "wrong"
    assert isinstance(exact, Fraction)
    gap = closeness(f, exact)
    return "right" if gap == 0 else "approximately" if gap <= TOLERANCE else "wrong"


def figures() -> tuple[Figure, ...]:
    return load()[0]


# ------------------------------------------------------------------------------ the table of the sources' odds

SOURCE_NAMES = {"004": "Harewood 1835, de Moivre's problems (004)", "002": "Hoyle's Games Modernized (002)", "ODDS": "Cavendish, Odds at Piquet (ODDS)"}
HOW = {"question": "exact", "table": "table", "figure": "derived", None: "—"}


def _odds_text(p: Fraction, against: bool) -> str:
    if p in (0, 1):
        return "certain" if p == 1 else "impossible"
    ratio = (1 - p) / p if against else p / (1 - p)
    if ratio.denominator == 1:
        text = f"{ratio.numerator:,}"
    else:
        text = f"{float(ratio):,.2f}" if ratio >= 100 else f"{float(ratio):.4g}"
    return f"{text} to 1{' against' if against else ''}"


def _ours(f: Figure) -> str:
    exact = settle(f)
    if exact is None:
        return "—"
    if isinstance(exact, int):
        return f"{exact:,}"
    assert f.odds is not None
    text = f"{exact.numerator}/{exact.denominator} = {_odds_text(exact, f.odds[1] > f.odds[0])}"
    gap = closeness(f, exact)
    return text + (f" ({float(gap) * 100:.2g}% off)" if gap else "")


def markdown() -> str:
    """The table of the sources' odds: every figure, our exact value, and the verdict with its reason."""
    figs, tables = load()
    lines = [
        "# Odds stated in the sources, checked",
        "",
        "Generated from `spec/odds.yaml` by `piquet-ref odds --sources`; do not edit by hand.",
        "",
        "Each row is a probability (or a count) printed in a source, the exact value that settles it, and",
        "the verdict. **exact**: counted by `piquet_ref.odds.take_in` over every take-in (the `odds` op, whose",
        "input is in `spec/odds.yaml`); **table**: Cavendish's statistics of 10,000 hands, where the rules",
        "fix no probability, so only the source's arithmetic from its own table is checked; **derived**: a",
        "figure the source derives from another of its figures. Verdicts: *right* (the exact value gives",
        "the stated odds or count), *approximately* (within 5% of the stated odds; the gap is shown),",
        "*wrong*, *unsettled* (a statistic of played hands, which depends on discarding and play).",
        "",
    ]
    for key in SOURCE_NAMES:
        lines += [f"## {SOURCE_NAMES[key]}", "", "| id | at | chance of | stated | ours | how | verdict | why |", "|---|---|---|---|---|---|---|---|"]
        for f in figs:
            if f.source_key != key:
                continue
            how = HOW[next((k for k in ("question", "table", "figure") if f.settled and k in f.settled), None)]
            cells = [f.id, f.source_at, f.claim, f.stated, _ours(f), how, verdict(f), f.note]
            lines.append("| " + " | ".join(c.replace("|", "\\|").replace("\n", " ") for c in cells) + " |")
        lines.append("")
    lines += [
        "## Cavendish's tables",
        "",
        "Hands out of 10,000 scoring in each band (ODDS §Odds at various scores); each column adds up to",
        f"{sum(tables.elder):,} (elder) and {sum(tables.younger):,} (younger).",
        "",
        "| score | elder | younger |",
        "|---|---|---|",
    ]
    bounds = list(tables.bands)
    for i, low in enumerate(bounds):
        band = f"{low} or more" if i == len(bounds) - 1 else ("under 10" if i == 0 else f"{low} to {bounds[i + 1] - 1}")
        lines.append(f"| {band} | {tables.elder[i]} | {tables.younger[i]} |")
    return "\n".join(lines) + "\n"
