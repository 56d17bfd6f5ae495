"""score_deal meets its postconditions at run time, and the same check finds every bug planted in copies of
the scorer (verification/deal_check.py, verification/calibration/planted_deal.py); the conditions of the CrossHair
probes (verification/probes.py) hold at run time."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from piquet_ref.hand.cards import Hand
from piquet_ref.deal.scoring import score_deal
from piquet_ref.machine.actions import Action
from piquet_ref.machine.state import DealState, record
from piquet_ref.strategies import disjoint_hands, hands

from tests.support import examples
from verification import probes as crosshair_probes
from verification.calibration.planted_deal import PLANTED, Plant
from verification.crosshair import contracts
from verification.deal_check import HANDS, POSTS, any_ruleset_records, broken, calls_to_find
from verification.walks import walks

PROBE_MODULE = crosshair_probes.__name__


def test_score_deal_has_the_whole_deal_postconditions() -> None:
    assert len(POSTS) == 6


@settings(max_examples=examples(300), deadline=None)
@given(any_ruleset_records())
def test_score_deal_meets_its_postconditions_on_legal_deals_under_every_ruleset(record: dict[str, Any]) -> None:
    """The check of verification/deal_check.py, at the tier's budget (its own fixed budget is the calibration's)."""
    bad = broken(score_deal(record))
    assert not bad, bad


@settings(max_examples=examples(100), deadline=None)
@given(walks(irregular=True))
def test_score_deal_meets_its_postconditions_on_irregular_deals(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    """The same check on irregular deals walked through the state machine."""
    bad = broken(score_deal(record(walk[2])))
    assert not bad, bad


@pytest.mark.filterwarnings("ignore:Generating overly large repr")  # the broken deal's repr, which the message does not need
@pytest.mark.parametrize("bug", PLANTED, ids=lambda b: b.name)
def test_the_same_check_finds_each_bug_planted_in_the_scorer(bug: Plant) -> None:
    _, message = calls_to_find(bug)
    assert bug.breaks in message, f"{bug.name} was found, but not by {bug.breaks}: {message}"


def test_the_crosshair_probe_of_the_deal_states_score_deals_postconditions() -> None:
    probe = tuple(c.condition for c in contracts((PROBE_MODULE,)) if c.function == "deal_scored" and c.kind == "post")
    assert probe == POSTS


@pytest.mark.rules("point.compare", "sets.eligible-ranks", "sets.score")
@settings(HANDS, max_examples=examples(HANDS.max_examples))
@given(hands())
def test_the_whole_hand_evaluators_meet_their_probe_postconditions(hand: Hand) -> None:
    """The conditions CrossHair cannot finish on `held_point` and `held_sets` (verification/probes.py), at run time."""
    for name in ("point_held", "sets_held"):
        assert probe_holds(name, s=hand[0], h=hand[1], d=hand[2], c=hand[3]), (name, hand)


@pytest.mark.rules("point.compare", "point.score", "sequence.definition", "sequence.compare", "sequence.score", "sets.eligible-ranks",
                   "sets.compare", "sets.score", "point.equal", "sequence.equal-nullifies", "sequence.good-scores-all", "sets.good-scores-all")
@settings(HANDS, max_examples=examples(HANDS.max_examples))
@given(disjoint_hands())
def test_table_comparison_meets_its_probe_postconditions(pair: tuple[Hand, Hand]) -> None:
    """The conditions CrossHair cannot finish on `table_comparison` (`hands_compared`), at run time: the keys
    are the best holdings by the ruleset's keys, the values what all holdings score, only the better side scores."""
    e, y = pair
    masks = dict(zip(("e0", "e1", "e2", "e3", "y0", "y1", "y2", "y3"), (*e, *y)))
    assert probe_holds("hands_compared", **masks), pair


def probe_holds(name: str, **args: int) -> bool:
    """Whether probe `name`'s postconditions hold on its result for `args`."""
    result = getattr(crosshair_probes, name)(**args)
    names = dict(vars(crosshair_probes), __return__=result, **args)
    posts = [c.condition for c in contracts((PROBE_MODULE,)) if c.function == name and c.kind == "post"]
    return bool(posts) and all(eval(post, names) for post in posts)  # noqa: S307
