"""The contracts of the match scorer's parts (`piquet_ref/partie/scoring.py` besides `score_partie`) evaluated at run time.

`check_dealers`, `rubicon_partie`, `partie_over`, `games`, `chouette`, `partie_json` and `partie_text` state the
match rules as PEP 316 conditions (predicates of `piquet_ref/partie/postconditions.py`), and
`partie_refusals.dealers_refused` states which runs of deals `check_dealers` refuses, with what code. Each
condition is read from the docstring as CrossHair reads it (`conditions`, tests/test_law_contracts.py) and
evaluated: `partie_over` on every input of a box past its preconditions; `check_dealers` and `dealers_refused`
on every run of up to four deals, each cut for or not, under each way of dealing (alternating or not, the
lower cut dealing or not); the others as `score_partie` calls them on Hypothesis partie records under every
ruleset (verification/partie_check.py) and on the partie records of the conformance corpus. A calibration requires
the same checks to find bugs planted in copies of `partie.py`, each by the postcondition it names.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from itertools import product
from pathlib import Path
from typing import Any, Iterable

import pytest
from hypothesis import given, settings

from piquet_ref import load_ruleset
from piquet_ref.partie import scoring as partie
from verification.contracts import partie_refusals
from piquet_ref.runner.corpus import load_cases
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.loader import DEFAULT_RULESET
from piquet_ref.partie.scoring import POINT_FORMS, _Deal, score_partie
from piquet_ref.partie.result import PartieResult
from piquet_ref.rules.ruleset import Ruleset

from verification.calibration.planted_deal import Plant, planted_function
from verification.calibration.planted_partie import PARTIE
from verification.crosshair import contracts
from verification.deal_check import NO_SHRINK
from verification.partie_check import CHECK, any_ruleset_partie_records
from verification.runtime import assert_caught, broken, broken_by, conditions, plant
from tests.support import examples

Call = tuple[str, tuple[Any, ...]]
CORPUS = Path(__file__).resolve().parent.parent / "conformance" / "cases"
PAIR = ("A", "B")
RS = load_ruleset(DEFAULT_RULESET)
# Every way of dealing a ruleset may choose (deal.alternation, deal.cut), on the default ruleset; where the deal
# alternates, with a deal out of turn that stood followed by its elder dealing twice (L16) or by the turn going on (AC).
DEALINGS = tuple(replace(RS, dealing=replace(RS.dealing, alternate=a, lower_deals=lower, elder_deals_twice=twice))
                 for a, lower, twice in product((False, True), repeat=3) if a or twice)
CUTS = (None, (2, 5), (5, 2))  # no cut, or the rank of A's card and of B's (ranks count up to the ace)


def partie_over_box() -> Iterable[tuple[Any, ...]]:
    """Deals played -1..11, totals of 0-2 each, partie lengths 0-7 and tie deals -1..3."""
    return product(range(-1, 12), product(range(3), repeat=2), range(8), range(-1, 4))


def dealer_runs() -> Iterable[list[_Deal]]:
    """Every run of up to four deals, each dealt by either player and cut for or not (either way round), and
    every run of up to four not cut for with one deal or more marked out of turn (law 16); and one dealt by a
    stranger."""
    for n in range(5):
        for each in product(product(PAIR, CUTS), repeat=n):
            yield [_Deal(i + 1, dealer, PAIR[1 - PAIR.index(dealer)], (0, 0), None, cut) for i, (dealer, cut) in enumerate(each)]
        for marks in product(product(PAIR, (False, True)), repeat=n):
            if any(marked for _, marked in marks):
                yield [_Deal(i + 1, dealer, PAIR[1 - PAIR.index(dealer)], (0, 0), None, None, marked) for i, (dealer, marked) in enumerate(marks)]
    yield [_Deal(1, "C", "A", (0, 0), None, None)]


def dealer_calls(runs: Iterable[list[_Deal]], dealings: Iterable[Ruleset] = DEALINGS) -> list[tuple[Any, str, tuple[Any, ...]]]:
    """(module, function, args) of `check_dealers` and `dealers_refused` on every run under every way of dealing;
    a run with a deal out of turn also with a partie ending after its third deal, or after its last."""
    out: list[tuple[Any, str, tuple[Any, ...]]] = []
    for rs, run in product(tuple(dealings), tuple(runs)):
        for regular in (None, 3, len(run)) if any(d.out_of_turn for d in run) else (None,):
            out += [(partie, "check_dealers", (run, PAIR, rs, "deals", regular)),
                    (partie_refusals, "dealers_refused", (run, PAIR, rs, "deals", regular))]
    return out


def box_calls() -> list[Call]:
    """The calls of `partie_over` and `check_dealers` on their boxes."""
    return [("partie_over", args) for args in partie_over_box()] + [(f, a) for m, f, a in dealer_calls(dealer_runs()) if m is partie]


def box_breaks() -> set[tuple[str, str]]:
    """The conditions of `partie_over`, `check_dealers` and `dealers_refused` broken on their boxes (inputs the
    preconditions refuse skipped)."""
    calls = [(partie, "partie_over", args) for args in partie_over_box()] + dealer_calls(dealer_runs())
    return {(f, b) for module, f, args in calls for b in broken(module, f, args) or ()}


def record_calls(record: dict[str, Any]) -> list[Call]:
    """The calls `score_partie` makes of `rubicon_partie`, `games` and `chouette` on `record`, and those of
    `partie_json` and `partie_text` on its result."""
    rs = load_ruleset(record.get("ruleset", DEFAULT_RULESET))
    form = record.get("form", rs.partie.default_form)
    players = tuple(record.get("players") or ("A", "B", "C")[: 3 if form == "chouette" else 2])
    pair = (players[0], players[-1])
    result = score_partie(record)
    calls: list[Call] = [("partie_json", (result,)), ("partie_text", (result,))]
    if form == "chouette":
        calls.append(("chouette", (record["parties"], players, rs, "parties")))
        calls += [("rubicon_partie", (e, i + 1, p.players, rs, "rubicon", f"parties[{i}]")) for i, (e, p) in enumerate(zip(record["parties"], result.parties))]
    elif form in POINT_FORMS:
        entries = [{"deals": record["deals"]}] if "deals" in record else record["parties"]
        calls += [("rubicon_partie", (e, i + 1, pair, rs, form, f"parties[{i}]")) for i, e in enumerate(entries)]
    else:
        calls.append(("games", (record["deals"], pair, rs, form, "deals")))
    return calls


def corpus_records() -> list[dict[str, Any]]:
    """The partie records of the corpus's cases that score (those expecting no error; all in its partie folder)."""
    return [c.data["input"] for c in load_cases(CORPUS / "partie") if c.op == "score_partie" and "expect_error" not in c.data]


@lru_cache(maxsize=None)
def calibration_calls() -> tuple[Call, ...]:
    """The calls of `record_calls` on the corpus's partie records and on a fixed run of 100 drawn partie records
    (derandomized, as the check below draws them), made by the unplanted code."""
    records = corpus_records()

    @settings(CHECK, max_examples=100, phases=NO_SHRINK)  # the calibration's fixed inputs: not scaled with the tier
    @given(any_ruleset_partie_records())
    def draw(rec: dict[str, Any]) -> None:
        records.append(rec)

    draw()
    return tuple(c for rec in records for c in record_calls(rec))


CHECKED = {"partie_over", "check_dealers", "rubicon_partie", "games", "chouette", "partie_json", "partie_text"}


def test_the_functions_with_contracts_are_exactly_those_checked_here_and_by_score_partie_s_check() -> None:
    assert {c.function for c in contracts(("piquet_ref.partie.scoring",))} == CHECKED | {"score_partie"}
    assert {c.function for c in contracts(("verification.contracts.partie_refusals",))} == {"dealers_refused"}
    assert {f for rec in corpus_records() for f, _ in record_calls(rec)} == CHECKED - {"partie_over", "check_dealers"}


def test_partie_over_dealers_and_their_refusals_keep_their_postconditions_on_every_input_of_their_boxes() -> None:
    assert box_breaks() == set()


def test_the_boxes_reach_past_the_preconditions() -> None:
    """Each box holds inputs the preconditions admit and inputs they refuse, so that they, not the box, bound what is checked."""
    calls = [(partie, "partie_over", a) for a in partie_over_box()] + dealer_calls(dealer_runs())
    admitted = {(f, broken(m, f, a) is not None) for m, f, a in calls}
    assert admitted == {(f, ok) for f in ("partie_over", "check_dealers", "dealers_refused") for ok in (False, True)}


def test_every_refusal_of_the_order_of_dealing_is_met_in_the_box() -> None:
    """So that the refusals' postconditions are checked on each code: a cut after the first deal or a deal out of
    turn where nobody's turn is set, a dealer dealing out of his turn or marked out of it in it, the higher cut
    dealing."""
    runs = [run for run in dealer_runs() if all(d.dealer in PAIR for d in run)]
    codes = {partie_refusals.dealers_refused(run, PAIR, rs, "deals")[0] for rs in DEALINGS for run in runs}
    assert codes == {"", "partie-invalid", "partie-dealer", "partie-cut"}


@settings(CHECK, max_examples=examples(200))
@given(any_ruleset_partie_records())
def test_the_partie_games_chouette_json_and_card_postconditions_hold_on_partie_records_under_every_ruleset(record: dict[str, Any]) -> None:
    assert broken_by(partie, record_calls(record)) == set()


def test_the_partie_games_chouette_json_and_card_postconditions_hold_on_the_corpus_s_partie_records() -> None:
    records = corpus_records()
    assert len(records) > 10
    assert broken_by(partie, [c for rec in records for c in record_calls(rec)]) == set()


def test_with_no_tie_deals_a_partie_tied_at_its_length_is_drawn_and_takes_no_more_deals() -> None:
    """partie.ties with `extra_deals: 0` (the loader allows it): the partie keeps its postconditions, is over drawn
    at its length, and a deal after is refused (no ruleset of spec/rulesets/ has it, so no drawn record does)."""
    rs = replace(RS, partie=replace(RS.partie, extra_deals=0))
    deals = [{"dealer": PAIR[i % 2], "scores": {"A": 10, "B": 10}} for i in range(rs.partie.deals + 1)]
    full, more = {"deals": deals[:-1]}, {"deals": deals}
    assert broken(partie, "rubicon_partie", (full, 1, PAIR, rs, "rubicon", "partie")) == []
    assert partie.rubicon_partie(full, 1, PAIR, rs, "rubicon", "partie").outcome == "drawn"
    with pytest.raises(PiquetError) as refused:
        partie.rubicon_partie(more, 1, PAIR, rs, "rubicon", "partie")
    assert refused.value.code == "partie-too-many-deals"


def test_a_refused_result_is_a_declared_refusal() -> None:
    """`partie_json` refuses what is not a scored record with a typed error (its `raises:` line)."""
    assert broken(partie, "partie_json", ({"form": "rubicon"},)) == []


PLANTED: tuple[tuple[str, Plant], ...] = (
    ("partie_over", Plant("tie-deals-one-more", "a tied partie plays one deal past its tie deals",
                          "    return played >= length + extra\n", "    return played > length + extra\n",
                          "played < length + extra or __return__")),
    ("partie_over", Plant("tied-partie-over-at-its-length", "a partie is over at its length when the totals are equal",
                          "        return totals[0] != totals[1]\n", "        return totals[0] == totals[1]\n",
                          "played != length or extra == 0 or __return__ == (totals[0] != totals[1])")),
    ("check_dealers", Plant("higher-cut-deals", "the higher cut is taken to deal where the lower deals",
                            "lower = pair[0] if d.cut[0] < d.cut[1] else pair[1]", "lower = pair[0] if d.cut[0] > d.cut[1] else pair[1]",
                            "dealing_breaches(deals, pair, rs, regular) == []")),
    ("check_dealers", Plant("marked-deal-taken-in-turn", "a deal marked out of turn is accepted only from the player whose turn it was (law 16)",
                            "if d.out_of_turn and d.dealer == due:", "if d.out_of_turn and d.dealer != due:",
                            "dealing_breaches(deals, pair, rs, regular) == []")),
    ("rubicon_partie", Plant("forward-swapped", "the scores brought forward are put in each other's column",
                             "forward = (done, totals[0], totals[1])", "forward = (done, totals[1], totals[0])",
                             "scores_brought_forward_as_entered(data, pair, __return__)")),
    ("games", Plant("game-adds-the-first-score-twice", "a deal that decides nothing adds the first player's score to both",
                    "totals = (totals[0] + d.scores[0], totals[1] + d.scores[1])", "totals = (totals[0] + d.scores[0], totals[1] + d.scores[0])",
                    "games_tally(__return__[0], pair, rs, form) == __return__[1]")),
    ("games", Plant("hundred-up-needs-the-games-of-a-partie", "a game of a hundred up is not over when one game is won",
                    'needed = 1 if form == "hundred-up" else rs.game.games', "needed = rs.game.games",
                    "__return__[2] == (max(__return__[1]) >= games_needed(rs, form))")),
    ("chouette", Plant("single-stake-once", "the single player's result is entered once, not at the single stake",
                       "stake = rs.chouette.single_stake", "stake = 1",
                       "chouette_seats_and_tens(players, __return__[0], __return__[1], rs)")),
    ("partie_json", Plant("json-running-is-the-scores", "the JSON gives each deal's scores as its running totals",
                          '"weight": d.weight, "running": _by_name(pair, d.running)}', '"weight": d.weight, "running": _by_name(pair, d.scores)}',
                          "json_states_the_result(r, __return__)")),
    ("partie_text", Plant("card-running-reversed", "the score card gives the running totals the wrong way round",
                          'f"   {d.running[0]}-{d.running[1]}{doubled}"', 'f"   {d.running[1]}-{d.running[0]}{doubled}"',
                          "score_card_states_the_result(r, __return__)")),
)


def test_the_calibrations_drawn_inputs_break_nothing_in_the_unplanted_scorer() -> None:
    """So that each planted bug is caught for its own sake (the boxes are checked above, the corpus's records too)."""
    assert broken_by(partie, calibration_calls()) == set()


@pytest.mark.parametrize("function, bug", PLANTED, ids=[b.name for _, b in PLANTED])
def test_the_run_time_check_finds_each_bug_planted_in_the_match_scorer(function: str, bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = [c for c in box_calls() + list(calibration_calls()) if c[0] == function]
    plant(monkeypatch, partie, function, bug)
    if function == "partie_json":  # the copy checks its argument against the copy's own result class: make it the original's
        monkeypatch.setitem(partie.partie_json.__globals__, "PartieResult", PartieResult)
    caught = {b for f, args in calls for b in broken(partie, f, args) or ()}
    assert_caught(bug, caught)


REFUSAL_PLANTED = Plant("wrong-cut-called-out-of-turn", "a dealer who cut the higher card is refused as dealing out of turn",
                        'raise error("partie-cut", f"{where}[{i}]: {d.dealer} deals, but',
                        'raise error("partie-dealer", f"{where}[{i}]: {d.dealer} deals, but',
                        '__return__[0] == next((code for _, code in dealing_breaches(deals, pair, rs, regular)), "")')


def test_the_refusal_check_finds_the_wrong_code_planted_in_check_dealers(monkeypatch: pytest.MonkeyPatch) -> None:
    conditions(partie_refusals, "dealers_refused")
    monkeypatch.setattr(partie_refusals, "check_dealers", planted_function(PARTIE, REFUSAL_PLANTED, "check_dealers"))
    caught = {b for m, f, a in dealer_calls(dealer_runs()) if m is partie_refusals for b in broken(m, f, a) or ()}
    assert_caught(REFUSAL_PLANTED, caught)
