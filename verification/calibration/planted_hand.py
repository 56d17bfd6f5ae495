"""A copy of the hand evaluator (piquet_ref/hand/declarations.py) with one planted bug that only a few hands show,
for the calibration of the check over every hand (`python -m verification.every_hand --planted`).

The bug is in `held_point`: a point of exactly six cards making sixty pips (ace, king, queen, knave, ten and nine
of one suit) is reported as making fifty-nine. A random hand shows it rarely (a six-card suit of exactly those
ranks, and no better point), so a property on a few dozen random hands misses it, while the check of every hand
cannot.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Callable, cast

from piquet_ref.hand.cards import Hand
from piquet_ref.hand.declarations import HandEvaluation, Point, Sequence, SetHolding
from piquet_ref.rules.ruleset import Ruleset
from verification.calibration.planted_deal import Plant, planted_function
from verification.hand_definition import PlainHoldings

DECLARATIONS = Path(importlib.util.find_spec("piquet_ref.hand.declarations").origin or "")  # type: ignore[union-attr]

SIX_CARDS_OF_SIXTY = Plant(
    "six-card-point-of-sixty-miscounted",
    "a point of six cards making sixty pips is reported as making fifty-nine",
    "    return _new(Point, (best_suit, hand[best_suit], point_length(best), point_pips(best)))\n",
    "    return _new(Point, (best_suit, hand[best_suit], point_length(best), point_pips(best) - (best == point_key(6, 60))))\n",
    "point",
)


def planted_evaluator(bug: Plant = SIX_CARDS_OF_SIXTY) -> Callable[[Hand, Ruleset], HandEvaluation]:
    """`evaluate_hand` of a copy of piquet_ref/hand/declarations.py with `bug` planted, its answer in the package's own
    types (the copy defines its own classes, which the package's functions would refuse as foreign)."""
    evaluate = cast(Callable[[Hand, Ruleset], HandEvaluation], planted_function(DECLARATIONS, bug, "evaluate_hand"))

    def evaluated(hand: Hand, rs: Ruleset) -> HandEvaluation:
        got = evaluate(hand, rs)
        return HandEvaluation(None if got.point is None else Point(*got.point), tuple(Sequence(*s) for s in got.sequences),
                              tuple(SetHolding(*h) for h in got.sets), got.carte_blanche)

    return evaluated


def shows_it(held: PlainHoldings) -> bool:
    """Whether a hand whose holdings are `held` (by the definition) shows the planted bug: its point is six cards of sixty."""
    return held.point is not None and (held.point.cards, held.point.pips) == (6, 60)
