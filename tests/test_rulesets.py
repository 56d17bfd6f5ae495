"""Rulesets as overlays: knobs tied to ambiguities, validated, frozen once released, carried out by the scorer.

The expected values of the knob tests are written from the rule texts the readings cite (004's main
text, AC 25-26, L68-L69), never taken from the code under test.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_ref import SpecError, load_ruleset, ruleset_ids, score_deal
from piquet_ref.rules.catalogue import ambiguity
from piquet_ref.deal.compare import compare_rulesets, comparison_json
from piquet_ref.hand.declarations import Point, point_points
from piquet_ref.rules.loader import load_ruleset_from
from piquet_ref.rules.released import LOCK, locked_text, read_lock, release_problems, resolved_values
from piquet_ref.rules.ruleset import PLAYERS, Ruleset
from piquet_ref.deal.result import DealResult, Event
from piquet_ref.rules.files import spec_dir
from piquet_ref.hand.suit import MASKS, length, pips

from piquet_ref.strategies import Deal, complete_deals, declaring_deals
from tests.support import EXAMPLE, cli_run

props = settings(deadline=None)
RANKS = [r.symbol for r in load_ruleset().pack.ranks]  # lowest first
ABOVE_NINE = RANKS.index("9") + 1  # 004: only cards "above nine" count in play


# ------------------------------------------------------------------ the overlay format is validated

Change = Callable[[dict[str, Any]], None]


def overlay(overrides: list[dict[str, Any]], base: str = "portland-1882") -> dict[str, Any]:
    return {"id": "variant", "name": "A test overlay", "description": "For the tests.",
            "sources": [{"key": "L", "at": "62"}], "base": base, "overrides": overrides}


def give_reading(root: Path, aid: str, ruleset_id: str = "variant") -> None:
    path = root / "ambiguities.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    next(a for a in data["ambiguities"] if a["id"] == aid)["readings"][ruleset_id] = {"reading": "x.", "reason": "y."}
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")


def spec_with(tmp_path: Path, overrides: list[dict[str, Any]], reading_for: str | None = "point.scoring") -> Path:
    root = tmp_path / "spec"
    shutil.copytree(spec_dir(), root)
    (root / "rulesets" / "variant.yaml").write_text(yaml.safe_dump(overlay(overrides)), encoding="utf-8")
    if reading_for:
        give_reading(root, reading_for)
    return root


KNOB = {"ambiguity": "point.scoring", "set": {"point.score": {"pips_per_point": 10}}}
BAD_OVERLAYS: list[tuple[str, list[dict[str, Any]], tuple[str, ...]]] = [
    ("no knob at all", [], ("variant.yaml: overrides", "at least one knob")),
    ("a knob without its ambiguity", [{"set": KNOB["set"]}], ("overrides[0]", "ambiguity and set")),
    ("an ambiguity that does not exist", [{**KNOB, "ambiguity": "point.scorring"}], ("overrides[0].ambiguity", "point.scorring")),
    ("an ambiguity that does not touch the rule", [{**KNOB, "ambiguity": "capot.tricks"}], ("overrides[0]",)),
    ("a rule that does not exist", [{**KNOB, "set": {"point.scores": {"per_card": 2}}}], ("overrides[0].set.point.scores",)),
    ("a param the rule does not have", [{**KNOB, "set": {"point.score": {"per_cards": 2}}}], ("overrides[0].set.point.score.per_cards",)),
    ("a knob left at the base's value", [{**KNOB, "set": {"point.score": {"per_card": 1}}}], ("point.score.per_card", "already 1")),
    ("a value of the wrong type", [{**KNOB, "set": {"point.score": {"pips_per_point": "ten"}}}], ("point.score.params.pips_per_point", "'ten'")),
]


@pytest.mark.parametrize("name,overrides,names", BAD_OVERLAYS, ids=[b[0] for b in BAD_OVERLAYS])
def test_a_bad_overlay_is_spec_invalid_naming_file_and_knob(name: str, overrides: list[dict[str, Any]], names: tuple[str, ...], tmp_path: Path) -> None:
    root = spec_with(tmp_path, overrides)
    with pytest.raises(SpecError) as info:
        load_ruleset_from(root, "variant")
    assert info.value.code == "spec-invalid"
    for fragment in names:
        assert fragment in info.value.message


def test_a_knob_needs_its_ambiguity_to_state_the_rulesets_reading(tmp_path: Path) -> None:
    root = spec_with(tmp_path, [KNOB], reading_for=None)
    with pytest.raises(SpecError, match=r"point.scoring states no reading for variant"):
        load_ruleset_from(root, "variant")
    give_reading(root, "point.scoring")
    rs = load_ruleset_from(root, "variant")
    assert rs.point.pips_per_point == 10 and [(k.ambiguity, k.rule, k.param, k.value) for k in rs.knobs] == [
        ("point.scoring", "point.score", "pips_per_point", "10")
    ]


def test_every_knob_of_every_ruleset_is_tied_to_an_ambiguity_that_states_its_reading() -> None:
    for rid in ruleset_ids():
        rs = load_ruleset(rid)
        assert (rs.base is None) == (rid == "portland-1882")
        for knob in rs.knobs:
            a = ambiguity(knob.ambiguity)
            assert knob.rule in a.rules and a.reading(knob.ruleset) is not None, (rid, knob)
        base = load_ruleset(rs.base) if rs.base else None
        if base is not None:  # an overlay changes at least one value of its base, and only its knobs
            mine = [k for k in rs.knobs if k.ruleset == rid]
            assert mine and rs.knobs[: len(base.knobs)] == base.knobs
            changed = {k for k, v in resolved_values(rs).items() if resolved_values(base).get(k) != v}
            assert changed == {f"{k.rule}.{k.param}" for k in mine}


# ------------------------------------------------------------------ released rulesets never change meaning


def test_every_ruleset_is_released_and_resolves_to_its_locked_values() -> None:
    assert sorted(read_lock(spec_dir())) == sorted(ruleset_ids())
    assert release_problems(spec_dir()) == []


def test_a_changed_value_of_a_released_ruleset_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "spec"
    shutil.copytree(spec_dir(), root)
    path = root / "rules" / "play.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("extra: 1", "extra: 2"), encoding="utf-8")
    problems = release_problems(root)
    assert len(problems) == len(ruleset_ids()) and all("play.last-trick.extra was 1, is now 2" in p for p in problems)
    with pytest.raises(ValueError, match="never changes meaning"):
        locked_text(root)


def test_a_removed_released_ruleset_is_refused_and_a_new_param_is_not(tmp_path: Path) -> None:
    root = tmp_path / "spec"
    shutil.copytree(spec_dir(), root)
    (root / "rulesets" / "rubicon-bonuses-cumulative.yaml").unlink()
    path = root / "ambiguities.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("      rubicon-bonuses-cumulative: ", "      # "), encoding="utf-8")
    assert [p.split(":")[0] for p in release_problems(root)] == ["rubicon-bonuses-cumulative"]
    lock = json.loads((root / LOCK).read_text(encoding="utf-8"))
    del lock["portland-1882"]["play.last-trick.any_rank"]  # as if the param had come after the release
    (root / LOCK).write_text(json.dumps(lock), encoding="utf-8")
    assert [p.split(":")[0] for p in release_problems(root)] == ["rubicon-bonuses-cumulative"]


# ------------------------------------------------------------------ the knobs, carried out


EXPECTED_POINT: dict[str, Callable[[int, int], int]] = {  # (cards, pips) -> points, from each reading's text
    "portland-1882": lambda n, p: n,  # L62: one a card
    "harewood-1835": lambda n, p: p // 10,  # 004 main text: one for every ten pips
    "cavendish-au-cent-agreed": lambda n, p: n - 1 if p % 10 == 4 else n,  # AC 25: ending in four, one less
}


@pytest.mark.parametrize("rid", sorted(EXPECTED_POINT))
def test_every_suit_scores_its_point_as_the_reading_says(rid: str) -> None:
    """Exhaustive over the 256 holdings of a suit."""
    rs = load_ruleset(rid)
    values = tuple(r.pips for r in rs.pack.ranks)
    for mask in MASKS:
        if mask:
            n, p = length(mask), pips(mask, values)
            assert point_points(Point(0, mask, n, p), rs) == EXPECTED_POINT[rid](n, p), (rid, mask)


def play_by_the_text(result: DealResult, small_cards_count: bool) -> dict[str, int]:
    """Points in play from the rule text: one a lead, one for a trick won as second player, one more for the
    last trick; where small cards do not count (004, AC 26) a card below the ten scores neither, save in the last trick."""
    out: dict[str, int] = dict.fromkeys(PLAYERS, 0)
    for t in result.tricks:
        last = result.complete and t.number == len(result.tricks)

        def counts(card: int) -> bool:
            return small_cards_count or last or card & 7 >= ABOVE_NINE

        if counts(t.lead):
            out[t.leader] += 1
        if t.winner != t.leader and counts(t.follow):
            out[t.winner] += 1
        if last:
            out[t.winner] += 1
    return out


@props
@given(complete_deals(), st.sampled_from(["portland-1882", "harewood-1835", "cavendish-au-cent-agreed", "cavendish-au-cent"]))
def test_play_points_follow_the_rulesets_reading_of_small_cards(deal: Deal, rid: str) -> None:
    result = score_deal({**deal.record(), "ruleset": rid})
    small = rid in ("portland-1882", "cavendish-au-cent")
    assert {p: result.score(p).play for p in PLAYERS} == play_by_the_text(result, small)


COUNTED = {"carte_blanche": "carte_blanche", "point": "point", "sequences": "sequences", "sets": "sets", "play": "play", "cards": "cards"}


def bonuses_by_the_text(events: list[Event], rs: Ruleset) -> list[tuple[str, str, int]]:
    """Replay the log without its bonuses: the first player to score wins each bonus whose counted scores reach
    its threshold before the adversary scores; the capot never counts (L69); both only if cumulative."""
    base = [e for e in events if e.category not in ("repique", "pique")]
    first_adverse = next((i for i, e in enumerate(base) if e.player != base[0].player), len(base)) if base else 0
    after: dict[int, list[tuple[str, str, int]]] = {}
    for bonus in (rs.accretion.repique, rs.accretion.pique):
        name = "repique" if bonus is rs.accretion.repique else "pique"
        total = 0
        for i, e in enumerate(base[:first_adverse]):
            if COUNTED.get(e.category) in bonus.counts:
                total += e.points
                if total >= bonus.threshold:
                    if e.player in bonus.players:
                        after.setdefault(i, []).append((e.player, name, bonus.points))
                    break
    if not rs.accretion.cumulative:  # the first bonus won is the only one
        won = sorted((i, j) for i, v in after.items() for j in range(len(v)))
        after = {won[0][0]: after[won[0][0]][:1]} if won else {}
    out: list[tuple[str, str, int]] = []
    for i, e in enumerate(base):
        out.append((e.player, e.category, e.points))
        out += after.get(i, [])
    return out


@props
@given(declaring_deals(), st.sampled_from(["portland-1882", "rubicon-bonuses-cumulative", "rubicon-cards-count-toward-pique", "harewood-1835"]))
def test_repique_and_pique_follow_the_rulesets_reading(deal: Deal, rid: str) -> None:
    result = score_deal({**deal.record(), "ruleset": rid})
    assert [(e.player, e.category, e.points) for e in result.events] == bonuses_by_the_text(list(result.events), result.ruleset)


def test_the_cards_count_toward_the_pique_only_where_the_ruleset_says() -> None:
    record = {k: v for k, v in yaml.safe_load((Path(__file__).parent.parent / "conformance" / "cases" / "source-examples" / "capot-66-no-pique.yaml").read_text())["input"].items() if k != "ruleset"}
    plain = score_deal(record).elder
    literal = score_deal({**record, "ruleset": "rubicon-cards-count-toward-pique"}).elder
    assert (plain.pique, plain.total) == (0, 66)  # 000 §Scoring: 13 + 13 + 40, no pique
    assert (literal.pique, literal.total) == (30, 96)  # 26 + 10 for the cards = 36 before younger counts


# ------------------------------------------------------------------ compare


def test_cavendish_example_under_every_ruleset_differs_as_the_sources_predict() -> None:
    """004 predicts for Cavendish's deal: the point of 49 by tens is 4, not 5; the 8H led scores nothing
    (elder 26, younger 23). AC 26 (small cards not counted) takes the same point from elder's play."""
    c = compare_rulesets(EXAMPLE)
    found = {(d.ruleset, d.player, d.key, d.baseline, d.value, d.ambiguities) for d in c.differences}
    assert found == {
        ("harewood-1835", "elder", "point", 5, 4, ("point.scoring",)),
        ("harewood-1835", "elder", "play", 9, 8, ("play.counting-cards",)),
        ("harewood-1835", "elder", "total", 28, 26, ("point.scoring", "play.counting-cards")),
        ("cavendish-au-cent-agreed", "elder", "play", 9, 8, ("play.counting-cards",)),
        ("cavendish-au-cent-agreed", "elder", "total", 28, 27, ("play.counting-cards",)),
    }
    assert [s.ruleset.id for s in c.scores][0] == "portland-1882" and len(c.scores) == len(ruleset_ids())


def test_a_deal_one_ruleset_rejects_and_another_accepts_is_traced_to_the_exchange_ambiguity() -> None:
    record = {**EXAMPLE, "younger": {**EXAMPLE["younger"], "discard": []}, "tricks": []}
    c = compare_rulesets(record)
    assert c.baseline.error is not None and c.baseline.error.code == "exchange-younger-count"
    outcome = {d.ruleset: d for d in c.differences if d.key == "outcome"}
    assert set(outcome) == {"cavendish-au-cent", "cavendish-au-cent-agreed", "harewood-1835", "rubicon-younger-need-not-discard"}
    assert all(d.ambiguities == ("exchange.younger-minimum",) and d.value == "accepted" for d in outcome.values())
    data = comparison_json(c)
    assert data["rulesets"][0]["error"]["code"] == "exchange-younger-count"


@props
@given(complete_deals())
def test_every_difference_between_rulesets_is_traced_to_an_ambiguity(deal: Deal) -> None:
    for d in compare_rulesets(deal.record()).differences:
        assert d.ambiguities, d


def test_score_compare_on_the_command_line() -> None:
    code, out, err = cli_run(["score", "--example", "--compare"])
    assert (code, err) == (0, "")
    assert "harewood-1835: elder point 5 -> 4 (point.scoring: point.score.pips_per_point = 10)" in out
    code, out, err = cli_run(["score", "--example", "--compare", "--format", "json"])
    data = json.loads(out)
    assert data["baseline"] == "portland-1882" and {d["ruleset"] for d in data["differences"]} == {"harewood-1835", "cavendish-au-cent-agreed"}
    code, out, err = cli_run(["score", "--example", "--ruleset", "harewood-1835", "--format", "json"])
    assert code == 0 and json.loads(out)["elder"]["total"] == 26


def test_rulesets_command_lists_knobs_and_their_ambiguities() -> None:
    code, out, _ = cli_run(["rulesets"])
    assert code == 0 and all(rid in out for rid in ruleset_ids())
    code, out, _ = cli_run(["rulesets", "harewood-1835"])
    assert code == 0 and "point.score.pips_per_point = 10  (point.scoring; set by harewood-1835)" in out
    code, out, err = cli_run(["rulesets", "harewood-1836"])
    assert code == 1 and err.startswith("piquet-ref: error: ruleset-unknown")
