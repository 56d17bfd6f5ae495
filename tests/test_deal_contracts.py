"""score_deal meets its postconditions at run time, and the same check finds every bug planted in copies of
the scorer (tests/deal_check.py, tests/crosshair_calibration/planted_deal.py)."""

from __future__ import annotations

import pytest

from piquet_ref.scoring import score_deal

from .crosshair_calibration.planted_deal import PLANTED, Plant
from .deal_check import POSTS, calls_to_find, irregular_property, regular_property


def test_score_deal_has_the_whole_deal_postconditions() -> None:
    assert len(POSTS) == 6


def test_score_deal_meets_its_postconditions_on_legal_deals_under_every_ruleset() -> None:
    regular_property(score_deal)()


def test_score_deal_meets_its_postconditions_on_irregular_deals() -> None:
    irregular_property(score_deal)()


@pytest.mark.parametrize("bug", PLANTED, ids=lambda b: b.name)
def test_the_same_check_finds_each_bug_planted_in_the_scorer(bug: Plant) -> None:
    _, message = calls_to_find(bug)
    assert bug.breaks in message, f"{bug.name} was found, but not by {bug.breaks}: {message}"
