"""The 78 Laws of Piquet as data (spec/laws.yaml): complete, cross-referenced both ways with
spec/errors.yaml and the ambiguities, each non-executable law saying why; the loader names file and
key for every broken shape; and `piquet-ref laws` shows them.

Expected facts come from the code itself (source L of spec/sources.yaml): its section headings and
where each begins, its roman sub-items, and the laws whose penalty is that the offender reckons
nothing that deal (tagged RN in Part A15 of the project's research catalogue of the rules).
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml

from piquet_ref import PiquetError
from piquet_ref.rules.catalogue import ambiguities
from piquet_ref.runner.corpus import load_cases
from piquet_ref.rules.codes import error_catalogue
from piquet_ref.rules.laws import KINDS, NUMBERS, law, law_of, laws, load_laws
from piquet_ref.docs.site import laws_markdown
from piquet_ref.docs.site_kit import LAWS_PAGE, chapter_of, chapter_page, dispute_page, href, md
from piquet_ref.rules.files import spec_dir

from tests.support import assert_break_refused

from tests.support import cli_run

# The code's headings, each with the number of the first law under it (L).
SECTIONS = {
    "Shuffling": 1, "Cutting": 3, "Dealing": 9, "Carte blanche": 18, "Discarding and taking in": 21,
    "Calling and showing": 46, "Playing": 57, "Scoring": 61, "Incorrect packs": 75, "Changing cards": 76, "Bystanders": 78,
}
ITEMS = {59: ("I", "II", "III", "IV", "V"), 67: ("I", "II", "III", "IV", "V", "VI")}
RECKONS_NOTHING = {25, 27, 28, 29, 31, 33, 35, 54, 58}  # L: the offender reckons nothing that deal


def test_every_law_of_the_code_is_there_once_under_its_heading() -> None:
    assert [x.number for x in laws()] == list(range(1, 79)) == list(NUMBERS)
    starts = sorted(SECTIONS.values()) + [79]
    for section, first in SECTIONS.items():
        last = starts[starts.index(first) + 1] - 1
        assert {x.number for x in laws() if x.section == section} == set(range(first, last + 1)), section


def test_the_roman_sub_items_are_kept_each_with_its_own_statement() -> None:
    assert {x.number: tuple(i.mark for i in x.items) for x in laws() if x.items} == ITEMS
    assert all(i.statement for x in laws() for i in x.items)


def test_every_law_not_executable_says_why_and_no_executable_law_does() -> None:
    for x in laws():
        assert (x.why_not is None) == x.executable, x.number
        assert all((i.why_not is None) == i.executable for i in x.items), x.number
        if x.items:
            assert x.executable == any(i.executable for i in x.items)
    assert [x.number for x in laws() if not x.executable] == [1, 2, 3, 4, 5, 6, 7, 8, 10, 14, 15, 17, 38, 45, 60, 70, 74, 76, 77, 78]


def test_counts_by_kind_and_by_executable() -> None:
    kinds = Counter(x.kind for x in laws())
    assert set(kinds) == set(KINDS) and sum(kinds.values()) == 78
    assert kinds == {"procedure": 29, "irregularity": 22, "penalty": 13, "definition": 12, "etiquette": 2}
    assert Counter(x.executable for x in laws()) == {True: 58, False: 20}


def test_the_laws_whose_offender_reckons_nothing_are_penalties_with_a_remedy() -> None:
    for n in RECKONS_NOTHING:
        x = laws()[n - 1]
        assert x.kind == "penalty" and x.remedy is not None and "nothing" in x.remedy, n
    assert all(x.remedy for x in laws() if x.kind in ("penalty", "irregularity"))


def test_every_error_code_a_law_cites_points_back_to_it_and_every_law_of_an_error_lists_it() -> None:
    codes = error_catalogue()
    cited = {(c, x.number) for x in laws() for c in x.errors}
    assert cited == {(c, e.law) for c, e in codes.items() if e.law is not None}
    for x in laws():
        assert all(codes[c].rule is None or codes[c].rule in x.rules for c in x.errors), x.number


def test_every_ambiguity_naming_a_law_is_cited_by_it_and_back() -> None:
    cited = {(a, x.number) for x in laws() for a in x.ambiguities}
    assert cited == {(a.id, n) for a in ambiguities() for n in a.laws}


def test_the_shipped_laws_load_from_a_copy_of_spec(tmp_path: Path) -> None:
    shutil.copytree(spec_dir(), tmp_path / "spec")
    assert load_laws(tmp_path / "spec") == laws()


def test_the_site_gives_every_law_with_its_references_and_status() -> None:
    text = laws_markdown()
    for x in laws():
        start = text.index(f'<a id="law-{x.number}"></a>')
        end = text.find('<a id="law-', start + 10)
        block = text[start:end if end > 0 else None]
        assert f"### Law {x.number}\n" in block and md(x.statement) in block
        assert all(f"- {i.mark}. {md(i.statement)}" in block for i in x.items)
        assert all(f'href="{href(LAWS_PAGE, chapter_page(chapter_of(r)), r)}"' in block for r in x.rules)
        assert all(f"`{c}`" in block for c in x.errors)
        assert all(f'href="{href(LAWS_PAGE, dispute_page(a))}"' in block for a in x.ambiguities)
        assert ("**Executable.** yes." if x.executable else f"**Executable.** no: {md(x.why_not or '')}") in block
        assert x.machine is None or f"**In the state machine.** {md(x.machine)}" in block
        assert all(f"`{c}`" in block for c in x.cases) and ("**Checked by.** `" in block) == x.executable


def test_laws_46_and_47_say_how_the_state_machine_represents_the_order_of_the_calls() -> None:
    """Law 47 leaves the order after the point free and law 46 takes the point from an elder who does not call it
    first: both entries note how the machine represents it, shown by `piquet-ref laws N`."""
    for n in (46, 47):
        assert law(n).machine and "calling.order-of-calls" in law(n).ambiguities
        code, out, _ = cli_run(["laws", str(n)])
        assert code == 0 and "In the state machine" in out


# ------------------------------------------------------------------ the loader names file and key


Change = Callable[[dict[str, Any]], None]


def on_law(n: int, change: Callable[[dict[str, Any]], None]) -> Change:
    def apply(data: dict[str, Any]) -> None:
        change(next(x for x in data["laws"] if x["number"] == n))

    return apply


def setting(n: int, key: str, value: object) -> Change:
    return on_law(n, lambda x: x.__setitem__(key, value))


def dropping(n: int, key: str) -> Change:
    return on_law(n, lambda x: x.pop(key))


def on_item(n: int, j: int, key: str, value: object) -> Change:
    return on_law(n, lambda x: x["items"][j].__setitem__(key, value))


def whole(value: object) -> Callable[[dict[str, Any]], None]:
    def apply(data: dict[str, Any]) -> None:
        data.clear()
        data["laws"] = value

    return apply


def errors_yaml_law(code: str, law: int) -> Callable[[Path], None]:
    def apply(root: Path) -> None:
        data = yaml.safe_load((root / "errors.yaml").read_text(encoding="utf-8"))
        next(e for e in data["errors"] if e["code"] == code)["law"] = law
        (root / "errors.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")

    return apply


def laws_yaml(change: Change) -> Callable[[Path], None]:
    def apply(root: Path) -> None:
        data = yaml.safe_load((root / "laws.yaml").read_text(encoding="utf-8"))
        change(data)
        (root / "laws.yaml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")

    return apply


BREAKS: list[tuple[str, Callable[[Path], None], tuple[str, ...]]] = [
    ("not a mapping of sections and laws", laws_yaml(whole([])), ("laws.yaml", "'sections' and 'laws'")),
    ("a kind that is not one of the five", laws_yaml(setting(5, "kind", "custom")), ("laws.yaml", "law 5.kind", "custom")),
    ("a law given twice", laws_yaml(setting(6, "number", 5)), ("laws.yaml", "laws[5].number", "law 5 is given twice")),
    ("a law missing", laws_yaml(lambda d: d["laws"].pop()), ("laws.yaml", "laws", "[78]")),
    ("a number past the last law", laws_yaml(setting(78, "number", 79)), ("laws.yaml", "laws[77].number", "79")),
    ("a number that is not an integer", laws_yaml(setting(3, "number", "3")), ("laws.yaml", "laws[2].number", "'3'")),
    ("a missing field", laws_yaml(dropping(3, "trigger")), ("laws.yaml", "law 3", "missing ['trigger']")),
    ("an unknown field", laws_yaml(setting(3, "penalty", "none")), ("laws.yaml", "law 3", "unknown ['penalty']")),
    ("an empty statement", laws_yaml(setting(2, "statement", " ")), ("laws.yaml", "law 2.statement")),
    ("a section that is not a heading", laws_yaml(setting(1, "section", "Shufling")), ("laws.yaml", "law 1.section", "Shufling")),
    ("the sections out of order", laws_yaml(setting(1, "section", "Cutting")), ("laws.yaml", "sections")),
    ("a rule that spec/rules does not hold", laws_yaml(setting(9, "rules", ["deal.size"])), ("laws.yaml", "law 9.rules", "deal.size")),
    ("a rule named twice", laws_yaml(setting(9, "rules", ["deal.sizes", "deal.sizes"])), ("laws.yaml", "law 9.rules", "twice")),
    ("an error code that errors.yaml does not hold",
     laws_yaml(on_law(9, lambda x: x["errors"].append("deal-size"))), ("laws.yaml", "law 9.errors", "deal-size")),
    ("an error code that errors.yaml gives another law",
     laws_yaml(on_law(9, lambda x: x["errors"].append("card-duplicate"))), ("laws.yaml", "law 9.errors", "card-duplicate", "law 75")),
    ("an error code of the law left out",
     laws_yaml(on_law(9, lambda x: x["errors"].remove("hand-size"))), ("laws.yaml", "law 9.errors", "hand-size")),
    ("errors.yaml moving a code to a law that does not list it", errors_yaml_law("play-revoke", 60), ("laws.yaml", "law 59.errors", "play-revoke")),
    ("an error whose rule the law does not name",
     laws_yaml(setting(75, "rules", ["deal.sizes"])), ("laws.yaml", "law 75.rules", "pack.cards", "card-duplicate")),
    ("an ambiguity that spec/ does not hold",
     laws_yaml(on_law(4, lambda x: x["ambiguities"].append("deal.cutt"))), ("laws.yaml", "law 4.ambiguities", "deal.cutt")),
    ("an ambiguity that does not name the law",
     laws_yaml(on_law(4, lambda x: x["ambiguities"].append("deal.packets"))), ("laws.yaml", "law 4.ambiguities", "deal.packets")),
    ("an ambiguity naming the law left out",
     laws_yaml(on_law(4, lambda x: x["ambiguities"].remove("deal.cut-for-deal"))), ("laws.yaml", "law 4.ambiguities", "deal.cut-for-deal")),
    ("executable neither yes nor no", laws_yaml(setting(1, "executable", "maybe")), ("laws.yaml", "law 1.executable", "maybe")),
    ("not executable without a reason", laws_yaml(dropping(1, "why_not")), ("laws.yaml", "law 1.why_not")),
    ("executable with a reason why not", laws_yaml(setting(9, "why_not", "no record")), ("laws.yaml", "law 9.why_not")),
    ("a penalty without its remedy", laws_yaml(setting(25, "remedy", None)), ("laws.yaml", "law 25.remedy", "penalty")),
    ("a sub-item out of order", laws_yaml(on_item(59, 2, "mark", "IV")), ("laws.yaml", "law 59.items[2].mark", "III")),
    ("a sub-item not executable without a reason", laws_yaml(on_item(67, 0, "executable", False)), ("laws.yaml", "law 67.items[0].why_not")),
    ("a law executable though none of its items is",
     laws_yaml(on_law(67, lambda x: x.__setitem__("items", [{**i, "executable": False, "why_not": "none"} for i in x["items"]]))),
     ("laws.yaml", "law 67.executable")),
    ("an election the protocol does not know", laws_yaml(setting(44, "elections", ["forgive"])), ("laws.yaml", "law 44.elections", "forgive")),
    ("an election offered by a law not executable", laws_yaml(setting(1, "elections", ["stand"])), ("laws.yaml", "law 1.elections")),
    ("a situation that is not an id", laws_yaml(setting(12, "situations", ["Deal misdeal"])), ("laws.yaml", "law 12.situations", "Deal misdeal")),
    ("a state-machine note that is not text", laws_yaml(setting(47, "machine", 47)), ("laws.yaml", "law 47.machine")),
    ("an executable law checked by no case", laws_yaml(dropping(61, "cases")), ("laws.yaml", "law 61.cases")),
    ("a law not executable naming cases", laws_yaml(setting(1, "cases", ["PQ-CYDZX"])), ("laws.yaml", "law 1.cases")),
    ("a case named by what is not a case id", laws_yaml(setting(61, "cases", ["PQ-cydzx"])), ("laws.yaml", "law 61.cases", "PQ-cydzx")),
    ("a situation named by two laws",
     laws_yaml(setting(31, "situations", ["penalty.reckons-nothing"])), ("laws.yaml", "situations", "penalty.reckons-nothing")),
]


@pytest.mark.parametrize("name, edit, names", BREAKS, ids=[b[0] for b in BREAKS])
def test_a_broken_laws_table_names_file_and_key(tmp_path: Path, name: str, edit: Callable[[Path], None], names: tuple[str, ...]) -> None:
    assert_break_refused(tmp_path, load_laws, edit, names)


# ------------------------------------------------------------------ piquet-ref laws


def test_the_cli_lists_every_law_with_its_kind_and_executable_status() -> None:
    code, out, err = cli_run(["laws"])
    assert (code, err) == (0, "")
    rows = out.splitlines()[1:]
    assert len(rows) == 78
    assert rows[0].split()[:3] == ["1", "procedure", "no"] and rows[58].split()[:4] == ["59", "irregularity", "yes", "Playing"]


def test_the_cli_shows_one_law_in_full() -> None:
    code, out, err = cli_run(["laws", "59"])
    assert (code, err) == (0, "")
    assert out.startswith("Law 59 (Playing): irregularity, executable")
    for text in ("    I. ", "    V. ", "[not executable: ", "play-revoke: ", "play.follow-suit: ", "play.card-played: "):
        assert text in out, text
    code, out, _ = cli_run(["laws", "78"])
    assert code == 0 and "not executable" in out and "Why not executable" in out and "Errors\n  none" in out


def test_the_cli_gives_json_for_one_law_and_for_all() -> None:
    code, out, _ = cli_run(["laws", "9", "--format", "json"])
    one = json.loads(out)
    assert code == 0 and one["number"] == 9 and one["executable"] is True and one["why_not"] is None
    assert [e["code"] for e in one["errors"]] == ["deal-hand-size", "deal-stock-size", "hand-size"]
    assert [r["id"] for r in one["rules"]] == ["deal.sizes"] and one["ambiguities"][0]["id"] == "deal.packets"
    code, out, _ = cli_run(["laws", "--format", "json"])
    every = json.loads(out)
    assert code == 0 and [x["number"] for x in every] == list(range(1, 79)) and every[8] == one


def test_a_law_is_found_by_its_number_and_nothing_else() -> None:
    assert law(59) == law("59") == laws()[58]
    for bad in (0, 79, True, "", " 5", "V"):
        with pytest.raises(PiquetError) as info:
            law(bad)
        assert info.value.code == "reference-unknown" and repr(bad) in str(info.value)


@pytest.mark.parametrize("arg", ["0", "79", "xyzzy", "-1", "5.0"])
def test_the_cli_refuses_a_law_that_is_not_one_of_the_78(arg: str) -> None:
    """A number that is no law, or words no law holds (`laws` takes words too: tests/test_lookup.py)."""
    code, out, err = cli_run(["laws", arg])
    assert code == 1 and out == ""
    assert err.startswith("piquet-ref: error: reference-unknown") and repr(arg) in err


# ------------------------------------------------------------------ the situations the state machine asks spec for


def test_the_state_machine_finds_the_law_of_each_situation_it_asks_for() -> None:
    """L: the offender reckons nothing under laws 28, 29, 31, 35 and 58; law 44 lets the adversary waive it;
    a fresh deal is the elder's option under laws 11, 13 and 29, the younger's under law 28, compelled under law 12."""
    reckons = ("exchange.elder-takes-younger-card", "exchange.younger-takes-in-first", "exchange.elder-takes-in-more", "exchange.younger-takes-in-more", "play.more-than-twelve")
    assert {law_of(s).number for s in reckons} <= RECKONS_NOTHING
    assert law_of("penalty.reckons-nothing").elections == ("enforce", "waive")
    assert {law_of(s).number: law_of(s).elections for s in ("deal.wrong-number", "deal.card-exposed")} == {11: ("fresh_deal", "stand"), 13: ("fresh_deal", "stand")}
    assert "fresh_deal" in law_of("exchange.elder-takes-younger-card").elections
    assert law_of("exchange.younger-takes-in-first").number == 29 and law_of("exchange.younger-takes-in-first").elections == ("fresh_deal", "enforce", "waive")
    assert law_of("deal.misdeal").number == 12 and not law_of("deal.misdeal").elections
    with pytest.raises(PiquetError) as info:
        law_of("deal.no-such-thing")
    assert info.value.code == "spec-invalid"


def test_every_executable_law_names_the_cases_built_from_its_words_and_each_cites_it() -> None:
    """The audit trail of laws.yaml: each law a record of actions can decide names the conformance cases that check it
    against its text; each is in the corpus, cites the law (key L, its number, a sub-item included) and rests on the
    law's words or a source's example, not on the reference's own output (provenance oracle)."""
    by_id = {c.id: c for c in load_cases(Path(__file__).resolve().parent.parent / "conformance" / "cases")}
    for x in laws():
        assert bool(x.cases) == x.executable, x.number
        for cid in x.cases:
            case = by_id[cid]
            assert case.data["provenance"] in ("hand", "source-example"), (x.number, cid)
            assert any(s.get("key") == "L" and re.match(rf"{x.number}\b", str(s.get("at"))) for s in case.data["sources"]), (x.number, cid)


def test_every_executable_law_is_pinned_by_a_conformance_case_citing_it() -> None:
    """Each law a record of actions can decide has at least one case whose sources cite it (key L, its
    number, a sub-item such as "59 II" included), and no case cites a law the code does not have."""
    cited: dict[int, list[str]] = {}
    for case in load_cases(Path(__file__).resolve().parent.parent / "conformance" / "cases"):
        for source in case.data.get("sources", []):
            found = re.match(r"(\d+)", str(source.get("at"))) if source.get("key") == "L" else None
            if found:
                cited.setdefault(int(found.group(1)), []).append(case.id)
    assert [x.number for x in laws() if x.executable and x.number not in cited] == []
    assert set(cited) <= {x.number for x in laws()}
