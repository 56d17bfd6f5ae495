"""The sources and ambiguities as data: complete, validated, cross-referenced, and shown by the CLI.

An ambiguity's `catalogue` is its row in Part B of the research catalogue of disagreements that
spec/ambiguities.yaml was first drawn from, rows B1 to B50; rows B25 and B26 (de Moivre's count, the
frequency of carte blanche) are odds, kept in spec/ambiguities/odds.yaml by the odds work.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml

from piquet_ref import SpecError, default_ruleset
from piquet_ref.rules.catalogue import EXECUTABLE, Ambiguity, ambiguities, load_ambiguities, load_sources, sources
from piquet_ref.docs.code_map import locations, resolve
from piquet_ref.runner.corpus import load_cases
from piquet_ref.rules.tables import ruleset_ids
from piquet_ref.docs.rules_info import rule_json
from piquet_ref.rules.files import spec_dir

from tests.support import cli_run

ROOT = Path(__file__).resolve().parent.parent
CASES = {c.id: c for c in load_cases(ROOT / "conformance" / "cases")}
PART_B = {f"B{n}" for n in range(1, 51)}
ODDS_ROWS = {"B25": "odds.demoivre-essentially-different-hands", "B26": "odds.carte-blanche-frequency"}


def test_every_row_of_part_b_has_an_entry() -> None:
    rows = {a.catalogue for a in ambiguities()} - {None}
    odds_file = spec_dir() / "ambiguities" / "odds.yaml"
    expected = PART_B if odds_file.is_file() else PART_B - set(ODDS_ROWS)
    assert sorted(expected - rows) == []
    if odds_file.is_file():
        assert {a.catalogue: a.id for a in ambiguities() if a.catalogue in ODDS_ROWS} == ODDS_ROWS


def test_every_case_an_ambiguity_names_exists_and_holds_for_a_ruleset_it_reads() -> None:
    for a in ambiguities():
        for case_id in a.cases:
            assert case_id in CASES, f"{a.id}: {case_id} is not in the corpus"
        held = {r for c in a.cases for r in CASES[c].rulesets}
        if a.executable and a.cases:
            assert held & {r for r, _ in a.readings}, f"{a.id}: no case holds for a ruleset it reads"


def test_every_executable_reading_is_pinned_by_a_case_of_its_ruleset() -> None:
    """An entry whose readings the code carries out names, for each ruleset reading, a case holding for it."""
    unpinned = [
        (a.id, rid) for a in ambiguities() if a.executable
        for rid, _ in a.readings if not any(rid in CASES[c].rulesets for c in a.cases)
    ]
    assert unpinned == []


def test_every_source_key_cited_anywhere_is_a_listed_source() -> None:
    keys = {s.key for s in sources()}
    cited = {c.key for r in default_ruleset().rules.values() for c in r.sources}
    cited |= {p.key for a in ambiguities() for p in a.positions}
    cited |= {str(s["key"]) for c in CASES.values() for s in c.data["sources"]}
    assert sorted(cited - keys) == []


def test_every_source_says_what_it_speaks_for_and_how_it_is_cited() -> None:
    assert {"000", "001", "002", "003", "004", "L", "AC", "CD", "ODDS", "DESC", "CALL"} <= {s.key for s in sources()}
    assert all(s.speaks_for and s.cited_as and s.title and s.author for s in sources())
    assert [s.year for s in sources() if s.key in ("004", "003", "L")] == [1885, 1835, 1882]


def test_every_source_is_identified_bibliographically_with_a_public_location_or_null() -> None:
    by_key = {s.key: s for s in sources()}
    assert all(s.location is None or s.location.startswith("https://") for s in sources())
    assert all(s.location or s.note for s in sources()), "a source without a location says why in its note"
    cavendish = [by_key[k] for k in ("000", "DESC", "CALL", "L", "AC", "CD", "ODDS")]
    assert {(s.title, s.publisher, s.place, s.location) for s in cavendish} == {(
        "The Laws of Piquet adopted by the Portland and Turf Clubs, with a Treatise on the Game", "Thos. De La Rue & Co.",
        "London", "https://github.com/mmai/piquetBook",
    )}
    assert all(s.edition and s.edition.startswith("8th edition") for s in cavendish)
    assert by_key["002"].location == "https://en.wikisource.org/wiki/Hoyle%27s_Games_Modernized/Piquet"
    assert by_key["004"].location is None and by_key["001"].location is None
    assert by_key["003"].citation("*") == (
        "H. J. (Henry Jones, 'Cavendish'), \"Piquet\", in *Encyclopaedia Britannica*, 9th edition, vol. 19, pp. 114-115 "
        "(the American reprint of 1875-1889). New York: Charles Scribner's Sons, 1885."
    )
    assert by_key["PAR"].citation() == "David Parlett, Piquet rules, web page, modern."
    assert by_key["001"].citation() == 'Unsigned, "Piquet", in The American Cyclopaedia. New York: D. Appleton and Company.'


def test_every_rule_has_a_code_location_and_every_code_reference_resolves() -> None:
    rules = default_ruleset().rules
    assert [r for r in rules if not locations(rules[r])] == []
    for rule in rules.values():
        for ref in rule.code:
            loc = resolve(ref)
            text = (ROOT / loc.module).read_text(encoding="utf-8").splitlines()
            assert loc.function.split(".")[-1] in text[loc.line - 1] or text[loc.line - 1].lstrip().startswith("@")


def test_a_code_reference_to_nothing_is_refused() -> None:
    for ref in ("piquet_ref.deal.scoring.no_such_function", "os.path.join", "piquet_ref.rules.ruleset.PLAYERS"):
        with pytest.raises(ValueError):
            resolve(ref)


def test_rule_json_gathers_statement_citations_variants_code_and_cases() -> None:
    info = rule_json("exchange.younger-limits")
    assert info["statement"].startswith("The younger hand must discard at least one")
    assert {"key": "L", "at": "22"} in [{"key": s["key"], "at": s["at"]} for s in info["sources"]]
    assert "exchange.younger-minimum" in [v["id"] for v in info["variants"]]
    assert any(loc.startswith("piquet_ref/hand/exchange.py:") for loc in info["code"])
    assert "PQ-878GV" in [c["id"] for c in info["cases"]]
    assert info["params"]["portland-1882"] == {"min": 1, "max": "remaining"}


# ------------------------------------------------------------------ the CLI


def test_cli_ambiguity_as_json_has_positions_readings_and_cases() -> None:
    code, out, err = cli_run(["ambiguities", "capot.tricks", "--format", "json"])
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["catalogue"] == "B16" and data["kind"] == "source-error" and "half" in data["evidence"]
    assert ("004", "main text") in [(p["key"], p["at"]) for p in data["positions"]]
    assert "portland-1882" in data["readings"]
    assert "PQ-RCCG2" in [c["id"] for c in data["cases"]]


def test_cli_lists_every_ambiguity_source_and_rule() -> None:
    code, out, _ = cli_run(["ambiguities"])
    assert code == 0 and all(a.id in out for a in ambiguities())
    code, out, _ = cli_run(["sources", "--format", "json"])
    assert code == 0 and [s["key"] for s in json.loads(out)] == [s.key for s in sources()]
    code, out, _ = cli_run(["rules"])
    assert code == 0 and all(r in out for r in default_ruleset().rules)
    code, out, _ = cli_run(["rules", "play.last-trick"])
    assert code == 0 and "play.last-trick-value" in out and "piquet_ref/deal/accretion.py" in out
    code, out, _ = cli_run(["sources", "AC"])
    assert code == 0 and "au Cent" in out and "https://github.com/mmai/piquetBook" in out
    code, out, _ = cli_run(["sources"])
    assert code == 0 and 'Harry Harewood, "Picquet", in A Dictionary of Sports' in out and "read at: no address known" in out
    code, out, _ = cli_run(["sources", "002", "--format", "json"])
    data = json.loads(out)
    assert code == 0 and data["location"].startswith("https://en.wikisource.org/") and data["citation"].endswith("1909.")
    assert "file" not in data


def test_cli_unknown_ambiguity_or_source_is_reference_unknown() -> None:
    for argv in (["ambiguities", "no.such"], ["sources", "999"], ["rules", "no.such"]):
        code, out, err = cli_run(argv)
        assert (code, out) == (1, "") and err.startswith("piquet-ref: error: reference-unknown")
    code, out, err = cli_run(["rules", "no.such", "--format", "json"])  # asked for JSON, the error is JSON on stdout
    assert (code, err) == (1, "") and json.loads(out)["error"]["code"] == "reference-unknown"


# ------------------------------------------------------------------ the loader refuses broken entries

Change = Callable[[dict[str, Any]], None]


def first_entry(change: Callable[[dict[str, Any]], None]) -> Change:
    def apply(data: dict[str, Any]) -> None:
        change(data["ambiguities"][0])

    return apply


def entry_named(aid: str, change: Callable[[dict[str, Any]], None]) -> Change:
    def apply(data: dict[str, Any]) -> None:
        change(next(a for a in data["ambiguities"] if a["id"] == aid))

    return apply


BREAKS: list[tuple[str, Change, tuple[str, ...]]] = [
    ("an unknown kind", first_entry(lambda a: a.update(kind="typo")), ("deal.cut-for-deal.kind", "'typo'")),
    ("an unknown scope", first_entry(lambda a: a.update(scope="game")), ("deal.cut-for-deal.scope",)),
    ("a rule that does not exist", entry_named("capot.tricks", lambda a: a.update(rules=["capot.scores"])),
     ("capot.tricks.rules", "capot.scores")),
    ("a source key that does not exist", first_entry(lambda a: a["positions"][0].update(key="999")),
     ("deal.cut-for-deal.positions[0].key", "'999'")),
    ("a reading for a ruleset that does not exist", first_entry(lambda a: a["readings"].update({"portland-1883": {"reading": "x", "reason": "y"}})),
     ("readings.portland-1883",)),
    ("a source error without evidence", entry_named("capot.tricks", lambda a: a.pop("evidence")), ("capot.tricks.evidence",)),
    ("a deal entry without cases", entry_named("capot.tricks", lambda a: a.update(cases=[])), ("capot.tricks.cases",)),
    ("a case id of the wrong form", entry_named("capot.tricks", lambda a: a.update(cases=["PQ-1"])), ("capot.tricks.cases", "PQ-1")),
    ("an unknown field", first_entry(lambda a: a.update(verdict="x")), ("deal.cut-for-deal", "verdict")),
    ("a catalogue row of the wrong form", first_entry(lambda a: a.update(catalogue="C1")), ("deal.cut-for-deal.catalogue",)),
    ("a law number out of range", first_entry(lambda a: a.update(laws=[79])), ("deal.cut-for-deal.laws",)),
    ("a row answered twice", entry_named("deal.alternation", lambda a: a.update(catalogue="B1")), ("deal.alternation.catalogue", "B1", "deal.cut-for-deal")),
    ("a position without its reading", first_entry(lambda a: a["positions"][0].pop("reading")), ("positions[0]",)),
]


def copy_spec(tmp_path: Path) -> Path:
    root = tmp_path / "spec"
    shutil.copytree(spec_dir(), root)
    return root


def edit_ambiguities(root: Path, change: Change) -> None:
    path = root / "ambiguities.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")


@pytest.mark.parametrize("name,change,names", BREAKS, ids=[b[0] for b in BREAKS])
def test_a_broken_ambiguity_is_spec_invalid_naming_file_and_key(name: str, change: Change, names: tuple[str, ...], tmp_path: Path) -> None:
    root = copy_spec(tmp_path)
    edit_ambiguities(root, change)
    with pytest.raises(SpecError) as info:
        load_ambiguities(root)
    assert info.value.code == "spec-invalid"
    for fragment in ("ambiguities.yaml",) + names:
        assert fragment in info.value.message


def test_an_untouched_copy_loads_every_entry(tmp_path: Path) -> None:
    root = copy_spec(tmp_path)
    edit_ambiguities(root, lambda data: None)
    assert [a.id for a in load_ambiguities(root)] == [a.id for a in ambiguities()]


def test_files_in_the_ambiguities_directory_are_read_with_the_same_checks(tmp_path: Path) -> None:
    root = copy_spec(tmp_path)
    extra = root / "ambiguities" / "zz-extra.yaml"
    extra.parent.mkdir(exist_ok=True)
    entry = {
        "id": "odds.example-count", "catalogue": None, "topic": "An odds entry", "scope": "text", "kind": "source-error",
        "rules": [], "positions": [{"key": "004", "at": "dM5", "reading": "A count."}],
        "readings": {"portland-1882": {"reading": "The exact count.", "reason": "Computed."}}, "cases": [],
        "evidence": "An independent count.",
    }
    extra.write_text(yaml.safe_dump({"ambiguities": [entry]}), encoding="utf-8")
    loaded = load_ambiguities(root)
    assert loaded[-1].id == "odds.example-count" and loaded[-1].file == "ambiguities/zz-extra.yaml"
    extra.write_text(yaml.safe_dump({"ambiguities": [{**entry, "id": "capot.tricks"}]}), encoding="utf-8")
    with pytest.raises(SpecError, match="zz-extra.yaml: capot.tricks.*already used in ambiguities.yaml"):
        load_ambiguities(root)


def edit_sources(root: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """Apply `change` to the third source of the copy `root`."""
    path = root / "sources.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data["sources"][2])
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")


def test_sources_need_every_field(tmp_path: Path) -> None:
    root = copy_spec(tmp_path)
    edit_sources(root, lambda s: s.pop("speaks_for"))
    with pytest.raises(SpecError, match=r"sources.yaml: sources\[2\]"):
        load_sources(root)


SOURCE_BREAKS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("a location that is a file path", lambda s: s.update(location="texts/002_hoyle.txt"), "location"),
    ("a location over plain http", lambda s: s.update(location="http://en.wikisource.org/wiki/Piquet"), "location"),
    ("a location with a space", lambda s: s.update(location="https://en.wikisource.org/wiki/Hoyle Piquet"), "location"),
    ("a location that is not a string", lambda s: s.update(location=["https://en.wikisource.org/"]), "location"),
    ("a location that is empty", lambda s: s.update(location=""), "location"),
    ("the old file field", lambda s: s.update(file="002.txt"), "must have exactly"),
    ("no location field", lambda s: s.pop("location"), "must have exactly"),
    ("an empty publisher", lambda s: s.update(publisher=" "), "publisher"),
    ("an edition that is not text", lambda s: s.update(edition=9), "edition"),
]


@pytest.mark.parametrize("name,change,fragment", SOURCE_BREAKS, ids=[b[0] for b in SOURCE_BREAKS])
def test_a_broken_source_is_spec_invalid_naming_its_field(name: str, change: Callable[[dict[str, Any]], None], fragment: str, tmp_path: Path) -> None:
    root = copy_spec(tmp_path)
    assert load_sources(root) == sources()  # the copy, unchanged, loads
    edit_sources(root, change)
    with pytest.raises(SpecError) as info:
        load_sources(root)
    assert info.value.code == "spec-invalid"
    assert "sources.yaml: sources[2]" in info.value.message and fragment in info.value.message


def test_a_source_without_a_location_loads(tmp_path: Path) -> None:
    root = copy_spec(tmp_path)
    edit_sources(root, lambda s: s.update(location=None))
    assert load_sources(root)[2].location is None and load_sources(root)[2].key == "002"


def test_the_readings_name_only_rulesets_that_exist() -> None:
    assert {r for a in ambiguities() for r, _ in a.readings} <= set(ruleset_ids())


def test_scopes_partition_the_entries_and_executable_ones_touch_rules() -> None:
    def ok(a: Ambiguity) -> bool:
        return bool(a.rules and a.cases) or not a.executable

    assert all(ok(a) for a in ambiguities()) and set(EXECUTABLE) == {"deal", "partie", "odds"}
