"""The run-time check of `score_partie`'s postconditions (the match rules of piquet_ref/partie/postconditions.py).

The conditions are read from `score_partie`'s docstring, exactly as CrossHair reads them, and evaluated on
the result of every partie record Hypothesis draws (`strategies.partie_records`: all five forms, deals
given by their scores or by deal records, parties brought forward, finished or not) under every ruleset,
and, one draw in four, a partie tied at its length with its tie deals (which those records all but never
reach), fixed examples. The calibration runs the same property, with the same settings but no shrinking, on
copies of `piquet_ref/partie/scoring.py` each with one planted bug (verification/calibration/planted_partie.py).
Used by tests/test_partie_contracts.py and `python -m verification.report`.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from piquet_ref import load_ruleset, ruleset_ids
from piquet_ref.partie import scoring as partie
from piquet_ref.partie.result import PartieResult
from piquet_ref.strategies import DEAL_SCORES, partie_records

from verification.calibration.planted_deal import Plant
from verification.calibration.planted_partie import planted_partie_scorer
from verification.crosshair import contracts
from verification.deal_check import NO_SHRINK

POSTS = tuple(c.condition for c in contracts(("piquet_ref.partie.scoring",)) if c.function == "score_partie" and c.kind == "post")
CHECK = settings(max_examples=300, derandomize=True, database=None, deadline=None)


def broken(record: Mapping[str, Any], result: PartieResult) -> list[str]:
    """The postconditions of `score_partie` that `result` (of `record`) breaks."""
    names = dict(vars(partie), record=record, __return__=result)
    return [post for post in POSTS if not eval(post, names)]  # noqa: S307 (our own docstring's conditions)


@st.composite
def tied_partie_records(draw: st.DrawFn) -> dict[str, Any]:
    """A Rubicon or four-deal partie brought forward tied at its length (the ruleset's), then some of its tie
    deals, often scoring alike (partie.ties)."""
    rs = load_ruleset(draw(st.sampled_from(ruleset_ids())))
    form = draw(st.sampled_from(("rubicon", "four-deal")))
    level = draw(st.integers(0, 300))
    deals = []
    for i in range(draw(st.integers(0, rs.partie.extra_deals))):
        a = draw(DEAL_SCORES)
        deals.append({"dealer": "AB"[i % 2], "scores": {"A": a, "B": a if draw(st.booleans()) else draw(DEAL_SCORES)}})
    length = rs.partie.four_deals if form == "four-deal" else rs.partie.deals
    forward = {"deals": length, "scores": {"A": level, "B": level}}
    return {"ruleset": rs.id, "form": form, "players": ["A", "B"], "parties": [{"brought_forward": forward, "deals": deals}]}


def any_ruleset_partie_records() -> st.SearchStrategy[dict[str, Any]]:
    """A partie record of any form under any ruleset, built by that ruleset's rules of the match; one in four
    a tied partie."""
    return st.integers(0, 3).flatmap(
        lambda k: tied_partie_records() if k == 0 else st.sampled_from(ruleset_ids()).flatmap(lambda rs: partie_records(ruleset=rs)))


def partie_property(score: Callable[[Any], PartieResult], shrink: bool = True) -> Callable[[], None]:
    """The check on partie records under every ruleset, scoring with `score`."""
    @settings(CHECK, phases=tuple(Phase) if shrink else NO_SHRINK)
    @given(any_ruleset_partie_records())
    def check(rec: dict[str, Any]) -> None:
        bad = broken(rec, score(rec))
        assert not bad, bad
    return check


def records_to_find(bug: Plant) -> tuple[int, str]:
    """(partie records scored until the check first failed, its message) for the scorer with `bug` planted;
    the same property and settings, without shrinking. Raises AssertionError if the check passes."""
    planted = planted_partie_scorer(bug)
    calls: list[int] = [0]  # calls[0]: records scored; calls[1:]: the call that first broke a postcondition

    def counting(rec: Any) -> PartieResult:
        result: PartieResult = planted(rec)
        calls[0] += 1
        if len(calls) == 1 and broken(rec, result):
            calls.append(calls[0])
        return result

    try:
        partie_property(counting, shrink=False)()
    except AssertionError as found:
        return calls[1], str(found)
    raise AssertionError(f"the check did not find {bug.name}")
