"""The sources' odds as data: spec/odds.yaml (every stated figure, its verdict), spec/ambiguities/odds.yaml,
the `odds` conformance cases that pin them, and the table `piquet-ref odds --sources` prints from them."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
import yaml

from piquet_ref import PiquetError, load_ruleset, parse_cards
from piquet_ref.rules.catalogue import ambiguities
from piquet_ref.runner.corpus import load_cases
from piquet_ref.odds.conditions import PointAtLeast
from piquet_ref.odds.take_in import chance, question
from piquet_ref.docs.odds_figures import figures, load, load_from, markdown, stated_chance, verdict
from piquet_ref.rules.files import spec_dir
from piquet_ref import hand_of

ROOT = Path(__file__).resolve().parent.parent
CASES = [c for c in load_cases(ROOT / "conformance" / "cases") if c.op == "odds"]
LOCK = json.loads((ROOT / "conformance" / "ids.lock.json").read_text(encoding="utf-8"))["ids"]


@pytest.mark.parametrize("figure", figures(), ids=lambda f: f.id)
def test_each_figure_gets_the_verdict_recorded_for_it(figure: Any) -> None:
    assert verdict(figure) == figure.verdict


@pytest.mark.parametrize("figure", [f for f in figures() if f.settled and "question" in f.settled], ids=lambda f: f.id)
def test_each_figure_settled_by_a_take_in_is_a_conformance_case(figure: Any) -> None:
    """The question that settles a figure is the input of an odds case citing the same source."""
    pinned = [c for c in CASES if c.data["input"] == figure.settled["question"]]
    assert pinned, f"no odds case has the input of {figure.id}"
    assert any({"key": figure.source_key, "at": figure.source_at} in c.data["sources"] for c in pinned)


def test_cavendish_tables_add_up_to_ten_thousand_hands_each() -> None:
    """ODDS §Odds at various scores: each table is of 10,000 hands."""
    _, tables = load()
    assert sum(tables.elder) == sum(tables.younger) == 10_000


def test_cavendish_odds_for_the_cards_make_a_whole() -> None:
    """ODDS: 5 to 3 on the elder, 3 to 1 against the younger, 7 to 1 against dividing: 5/8 + 1/4 + 1/8."""
    by_id = {f.id: f for f in figures()}
    parts = [stated_chance(by_id[i]) for i in ("cavendish-cards-elder", "cavendish-cards-younger", "cavendish-cards-divided")]
    assert parts == [Fraction(5, 8), Fraction(1, 4), Fraction(1, 8)] and sum(parts) == 1


def test_every_figure_stating_odds_is_in_lowest_terms_or_as_printed() -> None:
    """The stated odds are the printed numbers: none is zero on both sides."""
    assert all(f.odds is None or sum(f.odds) > 0 for f in figures())


def test_the_table_of_the_sources_odds_gives_every_figure_and_its_verdict() -> None:
    """`piquet-ref odds --sources` prints it (a build product, not kept in the repository)."""
    text = markdown()
    assert all(f.id in text for f in figures())


def test_cavendish_elder_point_of_six_agrees_with_listing_every_take_in() -> None:
    """The oracle case cavendish-elder-point-of-six, checked by listing the 15,504 take-ins."""
    rs = load_ruleset()
    hand, discard = parse_cards("AS KS JS AH QH JH 8H JC 8C 7C 9D 8D"), parse_cards("KS 8C 7C 9D 8D")
    kept = [c for c in hand if c not in discard]
    unseen = [c for c in range(32) if c not in hand]
    good = sum(1 for combo in combinations(unseen, 5) if max(sum(1 for c in (*kept, *combo) if c >> 3 == s) for s in range(4)) >= 6)
    c = chance(question(hand_of(hand), discard, player="elder"), PointAtLeast(6), rs)
    assert (c.favourable, c.combinations) == (good, 15504)
    case = next(c for c in CASES if c.path.name == "cavendish-elder-point-of-six.yaml")
    assert Fraction(case.data["expect"]["probability"]) == Fraction(good, 15504)


# --- the figures file itself ------------------------------------------------------------------------


def _broken(tmp_path: Path, change: Any) -> Path:
    data = yaml.safe_load((spec_dir() / "odds.yaml").read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "odds.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "change, names",
    [
        (lambda d: d["figures"][0].update(verdict="fine"), "demoivre-1.verdict"),
        (lambda d: d["figures"][0].pop("settled"), "demoivre-1.settled"),
        (lambda d: d["figures"][0].update(value=3), "demoivre-1"),
        (lambda d: d["figures"][14].update(settled={"table": "elder", "at_least": 15}), "at_least"),
        (lambda d: d["figures"][1].update(id="demoivre-1"), "twice"),
        (lambda d: d["tables"]["elder"].pop(), "tables.elder"),
    ],
)
def test_a_broken_figures_file_is_spec_invalid_naming_the_key(tmp_path: Path, change: Any, names: str) -> None:
    with pytest.raises(PiquetError) as info:
        load_from(_broken(tmp_path, change))
    assert info.value.code == "spec-invalid" and names in str(info.value) and "odds.yaml" in str(info.value)


def test_an_untouched_copy_of_the_figures_file_loads(tmp_path: Path) -> None:
    assert load_from(_broken(tmp_path, lambda d: None)) == load()


# --- spec/ambiguities/odds.yaml -------------------------------------------------------------------------

def test_odds_ambiguities_load_with_the_catalogue_and_are_pinned_by_odds_cases() -> None:
    """The shared loader validates their shape; here: they are odds entries, and their cases are odds cases."""
    entries = [a for a in ambiguities() if a.id.startswith("odds.")]
    assert len(entries) >= 4 and all(a.scope in ("odds", "text") for a in entries)
    for entry in entries:
        assert entry.cases or entry.kind == "unspecified"  # a reading no case can pin says why
        for case_id in entry.cases:
            assert case_id in LOCK and "retired" not in LOCK[case_id]
            assert any(c.id == case_id for c in CASES), f"{case_id} is not an odds case"
