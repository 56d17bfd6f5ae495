"""score_partie meets its postconditions at run time on partie records under every ruleset, and the same check
finds every bug planted in copies of the match scorer (verification/partie_check.py,
verification/calibration/planted_partie.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from piquet_ref.partie.scoring import score_partie

from tests.support import examples
from verification.calibration.planted_deal import Plant
from verification.calibration.planted_partie import PLANTED
from verification.crosshair import contracts
from verification.partie_check import POSTS, any_ruleset_partie_records, broken, records_to_find

STATED = {  # each postcondition and the rules its `rules:` line names (spec/rules/partie.yaml)
    "deals_as_recorded": {"deal.cut", "deal.alternation", "partie.deals"},
    "partie_totals_are_sums_of_deals": {"partie.deals", "partie.four-deal", "partie.ties"},
    "partie_ends_by_the_rules": {"partie.deals", "partie.four-deal", "partie.ties"},
    "partie_goes_to_the_higher_total": {"partie.deals", "partie.ties"},
    "points_won_by_the_rules": {"partie.points-won", "partie.rubicon"},
    "games_by_the_target": {"game.target", "game.double", "game.partie-of-games"},
    "chouette_by_the_rules": {"chouette.rotation", "chouette.rounding"},
}


def test_each_postcondition_of_score_partie_names_the_rules_it_states() -> None:
    named = {c.condition.split("(")[0]: set(c.rules) for c in contracts(("piquet_ref.partie.scoring",)) if c.function == "score_partie"}
    assert named == STATED and len(POSTS) == len(STATED)


@settings(max_examples=examples(300), deadline=None)
@given(any_ruleset_partie_records())
def test_score_partie_meets_its_postconditions_on_partie_records_under_every_ruleset(record: dict[str, Any]) -> None:
    """The check of verification/partie_check.py, at the tier's budget (its own fixed budget is the calibration's)."""
    bad = broken(record, score_partie(record))
    assert not bad, bad


@pytest.mark.parametrize("bug", PLANTED, ids=lambda b: b.name)
def test_the_same_check_finds_each_bug_planted_in_the_match_scorer(bug: Plant) -> None:
    _, message = records_to_find(bug)
    assert bug.breaks in message, f"{bug.name} was found, but not by {bug.breaks}: {message}"


def test_every_postcondition_of_score_partie_has_a_planted_bug_it_must_catch() -> None:
    assert {b.breaks for b in PLANTED} == {post.split("(")[0] for post in POSTS}
