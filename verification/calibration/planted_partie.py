"""Copies of the match scorer (piquet_ref/partie/scoring.py), each with one planted bug, for the calibration of
the run-time check of `score_partie`'s postconditions (tests/test_partie_contracts.py).

As for the deal (planted_deal.py): a copy is the module's source with one fragment replaced, and each bug
names the postcondition that must catch it.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any, Callable

from verification.calibration.planted_deal import Plant, planted_function

PARTIE = Path(importlib.util.find_spec("piquet_ref.partie.scoring").origin or "")  # type: ignore[union-attr]

PLANTED: tuple[Plant, ...] = (
    Plant("dealer-is-elder", "the dealer is taken for the elder",
          "    elder = pair[1] if dealer == pair[0] else pair[0]\n", "    elder = str(dealer)\n", "deals_as_recorded"),
    Plant("four-deal-first-single", "the four-deal partie's first deal counts single",
          "weight = p.factor if n in doubled else 1", "weight = p.factor if n in doubled and n > 1 else 1",
          "partie_totals_are_sums_of_deals"),
    Plant("unequal-partie-plays-on", "a partie with unequal totals after its deals is not over",
          "        return totals[0] != totals[1]\n", "        return False\n", "partie_ends_by_the_rules"),
    Plant("one-tie-deal", "a tied partie is over after one tie deal",
          "    return played >= length + extra\n", "    return played >= length + extra - 1\n", "partie_ends_by_the_rules"),
    Plant("lower-total-wins", "the partie goes to the lower total",
          "w = 0 if totals[0] > totals[1] else 1", "w = 0 if totals[0] < totals[1] else 1",
          "partie_goes_to_the_higher_total"),
    Plant("no-bonus", "the winner of a partie is not given the bonus",
          "winner_total - loser_total) + p.bonus, rubicon", "winner_total - loser_total), rubicon",
          "points_won_by_the_rules"),
    Plant("rubicon-needs-winner-over", "the loser is rubiconed only if the winner reached the rubicon",
          "(not p.winner_needs_threshold or winner_total", "(p.winner_needs_threshold or winner_total",
          "points_won_by_the_rules"),
    Plant("double-game-counts-one", "a double game counts as one game",
          "won[w] += rs.game.double_value if double else 1", "won[w] += 1", "games_by_the_target"),
    Plant("chouette-drops-every-unit", "chouette points are reckoned in tens with every unit dropped",
          "return points // unit + (1 if points % unit >= up else 0)", "return points // unit",
          "chouette_by_the_rules"),
)


def planted_partie_scorer(bug: Plant) -> Callable[[Any], Any]:
    """`score_partie` of a copy of piquet_ref/partie/scoring.py with `bug` planted."""
    return planted_function(PARTIE, bug, "score_partie")
