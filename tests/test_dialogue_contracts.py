"""The contracts of the calling dialogue's deciders (`piquet_ref/dialogue.py`) evaluated at run time.

`singles`, `best`, `openings`, `values`, `left_out`, `reply`, `answers`, `called` and `amendments` state
laws 46, 48 and 50-55 and the comparison rules as PEP 316 conditions. They take whole hands and a ruleset, beyond CrossHair's per-path budget, so each condition is
read from the docstring as CrossHair reads it and evaluated on Hypothesis hands (every category, every
number of cards for `best` and `values`, every rank of a trio for `left_out`) and, for the dialogue's steps,
on every dialogue under way in the machine's walks, claims of what is not held included. A calibration requires the same checks to find bugs planted in copies of the
module, each by the postcondition it names.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_ref import dialogue
from piquet_ref.cards import PACK_SIZE, Hand, hand_of
from piquet_ref.machine import DealState
from piquet_ref.machine_actions import CallPoint, CallSet
from piquet_ref.strategies import RS
from piquet_ref.declarations import DECL_CATEGORIES

from .crosshair_calibration.planted_deal import Plant, planted_function
from .machine_walks import walks
from .test_law_contracts import assert_caught, broken, conditions

HandAndDiscard = tuple[Hand, tuple[int, ...]]


@st.composite
def hands_and_discards(draw: st.DrawFn) -> HandAndDiscard:
    """Twelve cards of the pack and up to five others the holder put out."""
    deck = draw(st.permutations(range(PACK_SIZE)))
    return hand_of(deck[:12]), tuple(deck[12 : 12 + draw(st.integers(0, 5))])


def hand_breaks(held: HandAndDiscard) -> set[tuple[str, str]]:
    """(function, postcondition) of every condition of `singles`, `best`, `openings`, `values` and `left_out`
    broken on `held`."""
    hand, discard = held
    out: set[tuple[str, str]] = set()
    for category in DECL_CATEGORIES:
        calls: list[tuple[str, tuple[Any, ...]]] = [("singles", (hand, category, RS)), ("openings", (hand, discard, category, RS))]
        calls += [("best", (hand, category, p, RS, n)) for p in ("elder", "younger") for n in ((None, 3, 5) if category == "point" else (None,))]
        if category == "point":
            calls += [("values", (hand, n, RS)) for n in range(1, 9)]
        if category == "sets":
            calls += [("left_out", (hand, CallSet("elder", 3, rank), held)) for rank in RS.sets.ranks for held in (False, True)]
        for function, args in calls:
            bad = broken(dialogue, function, args)
            assert bad is not None, (function, "the preconditions refuse a legal hand")
            out |= {(function, b) for b in bad}
    return out


def walk_breaks(state: DealState) -> set[tuple[str, str]]:
    """The conditions of `reply`, `answers`, `called` and `amendments` broken by the dialogue under way in
    `state` (none when there is none)."""
    talk, hands, rs = state.talk, state.hands, state.ruleset
    if not talk or hands is None:
        return set()
    discard = state.discards[0]
    calls: list[tuple[str, tuple[Any, ...]]] = [("answers", (hands, discard, talk, rs)), ("called", (hands[0], talk, rs))]
    calls += [("reply", (hands, talk, rs))] if len(talk) != 2 else []
    calls += [("amendments", (hands[0], discard, talk[0], rs))] if len(talk) == 1 else []
    out: set[tuple[str, str]] = set()
    for function, args in calls:
        bad = broken(dialogue, function, args)
        assert bad is not None, (function, "the preconditions refuse the machine's own dialogue")
        out |= {(function, b) for b in bad}
    return out


@settings(max_examples=150, deadline=None)
@given(hands_and_discards())
def test_the_holdings_best_holdings_and_openings_of_any_hand_keep_their_postconditions(held: HandAndDiscard) -> None:
    assert hand_breaks(held) == set()


@settings(max_examples=150, deadline=None)
@given(walks(stop_anywhere=True, claims=True))
def test_every_reply_of_the_machines_dialogues_keeps_its_postconditions(walk: tuple[list[int], tuple[Any, ...], DealState]) -> None:
    assert walk_breaks(walk[2]) == set()


PACKAGE = Path(dialogue.__file__).parent
POINT_BY_CARDS = ('not isinstance(talk[0], CallPoint) or len(talk) == 3 or __return__[0] == ("good" if longest(hands[1]) < talk[0].cards '
                  'else "equal" if longest(hands[1]) == talk[0].cards else "not_good")')
PLANTED: tuple[tuple[str, Plant], ...] = (
    ("openings", Plant("unnamed-not-good", "a sequence or set may be called without its head or rank though not good against the cards (law 48)",
          "for c in unnamed if good_against(", "for c in unnamed if True or good_against(",
          'all(isinstance(c, CallPoint) or (c.head if isinstance(c, CallSequence) else c.rank) is not None or good_against(hand, discard, '
          'category, described(hand, c, rs)[0], "elder", rs) for c in __return__)')),
    ("best", Plant("best-is-the-worst", "the best holding is the lowest", "return max(held, key=lambda h: key(", "return min(held, key=lambda h: key(",
          "__return__ is None or all(key(hand, category, h, player, rs) <= key(hand, category, __return__, player, rs) for h in singles(hand, "
          "category, rs) if cards is None or len(h) == cards)")),
    ("reply", Plant("equal-cards-not-equal", "a point called of as many cards as the younger's longest suit is answered not good (law 46)",
          "if theirs is not None and m == n:", "if theirs is not None and m == n + 1:", POINT_BY_CARDS)),
    ("values", Plant("values-of-longer-points", "what a point of n cards makes counts points of more cards too",
          '& POINT_LOW for h in singles(hand, "point", rs) if len(h) == n}', '& POINT_LOW for h in singles(hand, "point", rs) if len(h) >= n}',
          'list(__return__) == sorted({sum(rs.pack.ranks[c & 7].pips for c in h) for h in singles(hand, "point", rs) if len(h) == n})')),
    ("answers", Plant("asking-short", "the younger may ask what the point makes holding one card fewer (law 46)",
          "longest(hands[1]) >= opening.cards", "longest(hands[1]) + 1 >= opening.cards",
          'AskValue("younger") not in __return__ or (isinstance(talk[0], CallPoint) and len(talk) == 1 and longest(hands[1]) >= talk[0].cards)')),
)
CALIBRATION_HANDS = [hand_of(range(k, k + 12)) for k in range(0, 21, 4)] + [hand_of(range(0, 32, 3)[:12])]


@pytest.mark.parametrize("function, bug", PLANTED, ids=[b.name for _, b in PLANTED])
def test_the_run_time_check_finds_each_bug_planted_in_the_dialogue(function: str, bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    conditions(dialogue, function)  # the original's conditions judge the planted copy
    monkeypatch.setattr(dialogue, function, planted_function(PACKAGE / "dialogue.py", bug, function))
    if function in ("reply", "answers"):  # every opening of point against every pair of the calibration's hands
        pairs = [(e, y) for e in CALIBRATION_HANDS for y in CALIBRATION_HANDS]
        args = [(hands, (CallPoint("elder", n),), RS) if function == "reply" else (hands, (), (CallPoint("elder", n),), RS) for hands in pairs for n in range(1, 9)]
        caught = {b for a in args for b in broken(dialogue, function, a) or ()}
    else:
        caught = {b for h in CALIBRATION_HANDS for f, b in hand_breaks((h, ())) if f == function}
    assert_caught(bug, caught)
