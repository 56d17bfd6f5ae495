"""The run-time check of `score_deal`'s postconditions (the whole-deal rules of piquet_ref/deal/postconditions.py).

The conditions are read from `score_deal`'s docstring, exactly as CrossHair reads them, and evaluated on
the result of every deal Hypothesis draws: legal deals of every kind `strategies.declare_records` makes
(carte blanche, rich hands, capots, hand form, sinking and calling less) under every ruleset, and
irregular deals (hands short or long after the exchange, laws 25-35, 57, 58) walked through the state
machine. The calibration runs the same properties, with the same settings but no shrinking, on copies of
the scorer each with one planted bug (verification/calibration/planted_deal.py). Used by
tests/test_deal_contracts.py and `python -m verification.report`.
"""

from __future__ import annotations

from typing import Any, Callable

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from piquet_ref import ruleset_ids
from piquet_ref.deal import scoring
from piquet_ref.machine.state import record
from piquet_ref.deal.result import DealResult
from piquet_ref.strategies import declare_records

from verification.calibration.planted_deal import Plant, planted_scorer
from verification.crosshair import contracts
from verification.walks import walks

POSTS = tuple(c.condition for c in contracts(("piquet_ref.deal.scoring",)) if c.function == "score_deal" and c.kind == "post")
# Fixed examples, so that a run and the calibration's figures can be reproduced.
CHECK = settings(max_examples=300, derandomize=True, database=None, deadline=None)
IRREGULAR = settings(CHECK, max_examples=100)
HANDS = settings(max_examples=300, deadline=None)  # the whole-hand evaluators' probe conditions at run time


def broken(result: DealResult) -> list[str]:
    """The postconditions of `score_deal` that `result` breaks."""
    names = dict(vars(scoring), __return__=result)
    return [post for post in POSTS if not eval(post, names)]  # noqa: S307 (our own docstring's conditions)


@st.composite
def any_ruleset_records(draw: st.DrawFn) -> dict[str, Any]:
    """A legal record of `declare_records` under any ruleset (each accepts the default's legal deals)."""
    return {**draw(declare_records()), "ruleset": draw(st.sampled_from(ruleset_ids()))}


NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)


def regular_property(score: Callable[[Any], DealResult], shrink: bool = True) -> Callable[[], None]:
    """The check on legal deals under every ruleset, scoring with `score`."""
    @settings(CHECK, phases=tuple(Phase) if shrink else NO_SHRINK)
    @given(any_ruleset_records())
    def check(rec: dict[str, Any]) -> None:
        bad = broken(score(rec))
        assert not bad, bad
    return check


def irregular_property(score: Callable[[Any], DealResult], shrink: bool = True) -> Callable[[], None]:
    """The check on irregular deals walked through the state machine, scoring with `score`."""
    @settings(IRREGULAR, phases=tuple(Phase) if shrink else NO_SHRINK)
    @given(walks(irregular=True))
    def check(walk: Any) -> None:
        bad = broken(score(record(walk[2])))
        assert not bad, bad
    return check


def calls_to_find(bug: Plant) -> tuple[int, str]:
    """(deals scored until the check first failed, its message) for the scorer with `bug` planted; the
    same property and settings, without shrinking. Raises AssertionError if the check passes."""
    planted = planted_scorer(bug)
    calls: list[int] = []  # calls[0]: deals scored; calls[1:]: the call that first broke a postcondition

    def counting(rec: Any) -> DealResult:
        result: DealResult = planted(rec)
        calls[0] += 1
        if len(calls) == 1 and broken(result):
            calls.append(calls[0])
        return result

    calls.append(0)
    prop = irregular_property if bug.irregular else regular_property
    try:
        prop(counting, shrink=False)()
    except AssertionError as found:
        return calls[1], str(found)
    raise AssertionError(f"the check did not find {bug.name}")
