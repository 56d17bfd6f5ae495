"""The pictures (piquet_ref/docs/svg.py): a hand, a deal and its ledger as SVG, and `score FILE --format svg`.

Every count a test expects is read from the record drawn or from the scored result, never written here: the
picture of a deal must hold each card of the record in its place (the hands as dealt, the discards, the stock,
both cards of every trick), and its ledger every event of the result in the order of accretion with its rule and
the running totals. Each picture is parsed as XML, so a malformed one fails too.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from piquet_ref import PiquetError, score_deal
from piquet_ref.docs.rules_info import corpus_cases
from piquet_ref.docs.svg import deal_svg, hand_svg, ledger_svg
from piquet_ref.hand.cards import format_card, parse_cards, suit_of
from piquet_ref.rules.loader import default_ruleset
from piquet_ref.rules.ruleset import PLAYERS

from tests.support import EXAMPLE, cards_by_role, cli_run

SVG = "{http://www.w3.org/2000/svg}"
DEALS = [c for c in corpus_cases() if c.op == "score_deal" and "expect_error" not in c.data and c.path.parts[0] == "source-examples"]


def cards_drawn(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return [g for g in root.iter(f"{SVG}g") if "pq-card" in g.get("class", "").split()]


@pytest.mark.parametrize("case", DEALS, ids=[c.path.stem for c in DEALS])
def test_the_picture_of_a_worked_deal_holds_every_card_of_its_record_in_its_place(case: Any) -> None:
    record = case.data["input"]
    drawn = cards_drawn(deal_svg(record))
    assert Counter(g.get("data-role") for g in drawn) == cards_by_role(record)
    tricks = [g.get("data-card") for g in drawn if g.get("data-role") == "trick"]
    rs = default_ruleset()
    assert tricks == [format_card(c, rs) for t in record.get("tricks", []) for c in parse_cards(t, rs)]


def test_the_example_is_drawn_with_its_discards_faded_and_the_red_suits_red() -> None:
    drawn = cards_drawn(deal_svg(EXAMPLE))
    rs = default_ruleset()
    discarded = {c for p in PLAYERS for c in EXAMPLE[p]["discard"]}
    for g in drawn:
        card = parse_cards([g.get("data-card", "")], rs)[0]
        glyph = rs.pack.suits[suit_of(card)].glyph
        classes = g.get("class", "").split()
        assert ("pq-red" in classes) == (glyph in "♥♦"), g.get("data-card")
        if g.get("data-role") == "dealt":
            assert ("pq-gone" in classes) == (g.get("data-card") in discarded)


def test_the_ledger_gives_every_event_in_order_with_its_rule_and_running_totals() -> None:
    result = score_deal(EXAMPLE)
    root = ET.fromstring(ledger_svg(result))
    events = [g for g in root.iter(f"{SVG}g") if g.get("class") == "pq-event"]
    assert [g.get("data-rule") for g in events] == [e.rule for e in result.events]
    for g, e in zip(events, result.events):
        texts = ["".join(t.itertext()) for t in g.iter(f"{SVG}text")]
        assert texts[0] == e.player and texts[2:5] == [str(e.points), str(e.running[0]), str(e.running[1])]
    assert f"Total elder: {result.elder.total}" in ledger_svg(result)


def test_a_deal_given_by_its_hands_after_the_exchange_is_drawn_by_those_hands() -> None:
    record = next(c.data["input"] for c in DEALS if "hand" in c.data["input"]["elder"])
    drawn = cards_drawn(deal_svg(record))
    assert Counter(g.get("data-role") for g in drawn) == cards_by_role(record)


def test_a_ruleset_given_scores_the_picture_under_it() -> None:
    result = score_deal({**EXAMPLE, "ruleset": "harewood-1835"})
    assert f"elder {result.elder.total}, younger {result.younger.total}" in deal_svg(EXAMPLE, "harewood-1835")


@pytest.mark.parametrize("cards", ["AS KS 10H 7C", ["AS", "KS", "TH", "7♣"]])
def test_a_hand_is_drawn_card_for_card_in_the_order_given(cards: str | list[str]) -> None:
    drawn = cards_drawn(hand_svg(cards))
    rs = default_ruleset()
    assert [g.get("data-card") for g in drawn] == [format_card(c, rs) for c in parse_cards(cards, rs)]


def test_a_hand_of_card_numbers_is_drawn_and_a_text_that_is_no_card_is_refused() -> None:
    rs = default_ruleset()
    numbers = parse_cards("QD JD", rs)
    assert [g.get("data-card") for g in cards_drawn(hand_svg(numbers))] == ["QD", "JD"]
    with pytest.raises(PiquetError) as info:
        hand_svg("QD ZZ")
    assert info.value.code == "card-unknown"


def test_score_format_svg_writes_the_picture_of_the_deal(tmp_path: Path) -> None:
    path = tmp_path / "deal.yaml"
    path.write_text(yaml.safe_dump(EXAMPLE), encoding="utf-8")
    code, out, err = cli_run(["score", str(path), "--format", "svg"])
    assert (code, err) == (0, "") and out == deal_svg(EXAMPLE) + "\n"
    code, out, _ = cli_run(["score", str(path), "--format", "svg", "--ruleset", "harewood-1835"])
    assert code == 0 and out == deal_svg(EXAMPLE, "harewood-1835") + "\n"


def test_score_compare_has_no_picture() -> None:
    with pytest.raises(SystemExit) as info:
        cli_run(["score", "--example", "--compare", "--format", "svg"])
    assert info.value.code == 2
