"""Cavendish's Cases and Decisions I-XXII (source key CD) as data, read from spec/decisions.yaml and validated.

Each case has its question and ruling in our words, the laws the ruling rests on, and whether a record
of the deal's actions can decide it: if so, the conformance cases whose expectation is the ruling, or
what the reference still lacks to decide it, and for a case pinned on a deal record what the state
machine still lacks to reach the ruling from the actions; if not, why not. A broken entry raises `SpecError` (code
`spec-invalid`) naming the file and key.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from piquet_ref.rules.tables import spec_invalid, table_strings, table_text
from piquet_ref.rules.laws import NUMBERS
from piquet_ref.rules.files import read_yaml, spec_dir
from piquet_ref.rules.errors import shown

FILE = "decisions.yaml"
NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII",
            "XVIII", "XIX", "XX", "XXI", "XXII")
FIELDS = {"case", "laws", "question", "ruling", "decidable"}
DECIDABLE_FIELDS = {"cases", "pending", "machine"}


@dataclass(frozen=True)
class Decision:
    """One of the Cases and Decisions, in our words, and how the reference stands to it."""

    case: str  # roman numeral
    laws: tuple[int, ...]
    question: str
    ruling: str
    decidable: bool
    why_not: str | None  # set exactly when not decidable
    cases: tuple[str, ...]  # conformance case ids whose expectation is the ruling
    pending: str | None  # what the reference lacks, for a decidable case not yet pinned
    machine: str | None = None  # for a case pinned on a deal record: what the state machine lacks to reach it from the actions


def load_decisions(root: Path) -> tuple[Decision, ...]:
    """Every case of `root`/decisions.yaml, I to XXII in order, each validated."""
    data = read_yaml(root / FILE)
    if not isinstance(data, dict) or set(data) != {"decisions"} or not isinstance(data["decisions"], list):
        raise spec_invalid(FILE, "must be a mapping with exactly 'decisions', a list")
    if len(data["decisions"]) != len(NUMERALS):
        raise spec_invalid(f"{FILE}: decisions", f"must hold the {len(NUMERALS)} cases I-XXII, got {len(data['decisions'])}")
    return tuple(_decision(item, numeral) for item, numeral in zip(data["decisions"], NUMERALS))


def _decision(item: Any, numeral: str) -> Decision:
    where = f"{FILE}: case {numeral}"
    if not isinstance(item, dict) or item.get("case") != numeral:
        raise spec_invalid(where, f"must be a mapping whose case is {numeral} (the cases stand in order)")
    decidable = item.get("decidable")
    if not isinstance(decidable, bool):
        raise spec_invalid(f"{where}.decidable", f"must be yes or no, got {shown(decidable)}")
    allowed = FIELDS | (DECIDABLE_FIELDS if decidable else {"why_not"})
    missing, unknown = sorted(FIELDS - set(item)), sorted(set(map(str, item)) - allowed)
    if missing or unknown:
        raise spec_invalid(where, f"missing {missing}, unknown {unknown} (a {'decidable' if decidable else 'not decidable'} case)")
    laws = item["laws"]
    if not isinstance(laws, list) or not all(type(n) is int and n in NUMBERS for n in laws):
        raise spec_invalid(f"{where}.laws", f"must be a list of law numbers 1-78, got {shown(laws)}")
    cases = table_strings(item.get("cases", []), f"{where}.cases")
    pending = item.get("pending")
    if decidable and bool(cases) == (pending is not None):
        raise spec_invalid(where, "a decidable case names its conformance cases or, while it has none, what is pending; not both")
    if "machine" in item and not cases:
        raise spec_invalid(f"{where}.machine", "is said only of a case pinned by conformance cases (else say it in pending)")
    return Decision(
        numeral, tuple(laws), table_text(item["question"], f"{where}.question"), table_text(item["ruling"], f"{where}.ruling"), decidable,
        None if decidable else table_text(item.get("why_not"), f"{where}.why_not"), cases,
        None if pending is None else table_text(pending, f"{where}.pending"),
        None if "machine" not in item else table_text(item["machine"], f"{where}.machine"),
    )


@lru_cache(maxsize=1)
def decisions() -> tuple[Decision, ...]:
    """The Cases and Decisions of the shipped spec/."""
    return load_decisions(spec_dir())
