"""Cavendish's Cases and Decisions (spec/decisions.yaml): all 22, each decided by the corpus, pending, or not decidable with why.

The cases a decision names and the corpus's citations of it are checked both ways: a named case exists,
is a `source-example`, and cites the decision; every source-example case citing a decidable decision is named by it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest
import yaml

from piquet_ref.runner.corpus import load_cases
from piquet_ref.rules.decisions import NUMERALS, decisions, load_decisions
from piquet_ref.rules.laws import laws
from piquet_ref.docs.site import decisions_markdown
from piquet_ref.docs.site_kit import md

from tests.support import assert_break_refused

CASES = load_cases(Path(__file__).resolve().parent.parent / "conformance" / "cases")
BY_ID = {c.data["id"]: c for c in CASES}


def citations(numeral: str) -> set[str]:
    """The ids of the corpus's cases that cite Case `numeral` of the Cases and Decisions."""
    return {c.data["id"] for c in CASES if any(s.get("key") == "CD" and str(s.get("at")) == numeral for s in c.data.get("sources", []))}


def test_all_twenty_two_cases_stand_in_order_each_decidable_or_saying_why_not() -> None:
    every = decisions()
    assert tuple(d.case for d in every) == NUMERALS and len(every) == 22
    for d in every:
        assert (d.why_not is None) == d.decidable
        assert d.decidable or not (d.cases or d.pending)
        assert not d.decidable or bool(d.cases) != (d.pending is not None)
    print({"decidable": sum(d.decidable for d in every), "pinned": sum(bool(d.cases) for d in every),
           "pending": [d.case for d in every if d.pending], "not decidable": [d.case for d in every if not d.decidable]})


@pytest.mark.parametrize("numeral", NUMERALS)
def test_the_cases_a_decision_names_are_source_examples_citing_it_and_every_source_example_citing_it_is_named(numeral: str) -> None:
    decision = decisions()[NUMERALS.index(numeral)]
    for cid in decision.cases:
        assert cid in BY_ID, f"Case {numeral} names {cid}, which is not in the corpus"
        assert BY_ID[cid].data["provenance"] == "source-example"
    cited = citations(numeral)
    assert set(decision.cases) <= cited
    if decision.decidable:  # a case may cite a decision it is not a ruling of only as background (XX for XXI)
        assert set(decision.cases) == {cid for cid in cited if BY_ID[cid].data["provenance"] == "source-example"}


def test_every_law_a_ruling_rests_on_is_a_law_of_the_code() -> None:
    numbers = {x.number for x in laws()}
    assert all(set(d.laws) <= numbers for d in decisions())


def test_the_site_gives_every_case_with_its_ruling_and_status() -> None:
    text = decisions_markdown()
    for d in decisions():
        start = text.index(f'<a id="case-{d.case.lower()}"></a>')
        end = text.find('<a id="case-', start + 10)
        block = text[start:end if end > 0 else None]
        assert f"## Case {d.case}" in block and md(d.question) in block and md(d.ruling) in block
        assert md(d.why_not or "") in block and md(d.machine or "") in block and all(f'#{c}"' in block for c in d.cases)
        assert all(f'laws.html#law-{n}"' in block for n in d.laws)


def edited(change: Callable[[list[dict[str, Any]]], object]) -> Callable[[Path], None]:
    def edit(root: Path) -> None:
        path = root / "decisions.yaml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        change(data["decisions"])
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return edit


BREAKS: list[tuple[str, Callable[[Path], None], tuple[str, ...]]] = [
    ("a case out of order", edited(lambda ds: ds.insert(0, ds.pop(1))), ("decisions.yaml", "case I", "in order")),
    ("a case missing", edited(lambda ds: ds.pop()), ("decisions.yaml", "22", "21")),
    ("decidable neither yes nor no", edited(lambda ds: ds[2].__setitem__("decidable", "perhaps")), ("case III.decidable", "perhaps")),
    ("not decidable without a reason", edited(lambda ds: ds[2].pop("why_not")), ("case III.why_not",)),
    ("a law that is not one of the 78", edited(lambda ds: ds[0].__setitem__("laws", [46, 79])), ("case I.laws", "79")),
    ("decidable with neither cases nor pending", edited(lambda ds: ds[1].pop("cases")), ("case II", "pending")),
    ("decidable with cases and pending", edited(lambda ds: ds[5].__setitem__("pending", "more")), ("case VI", "not both")),
    ("a not decidable case naming cases", edited(lambda ds: ds[2].__setitem__("cases", ["PQ-24PQY"])), ("case III", "unknown ['cases']")),
    ("what the machine lacks said of a case without cases", edited(lambda ds: ds[3].update(cases=[], pending="more", machine="the rest")), ("case IV.machine", "pinned")),
]


@pytest.mark.parametrize("name, edit, names", BREAKS, ids=[b[0] for b in BREAKS])
def test_a_broken_decisions_table_names_file_and_key(tmp_path: Path, name: str, edit: Callable[[Path], None], names: tuple[str, ...]) -> None:
    assert_break_refused(tmp_path, load_decisions, edit, names)
