"""Probes: can CrossHair, at the CI settings, search the contracts it is not given in CI?

Not part of the CI run (`verification/crosshair.py`): `python -m verification.report --probes` runs
`crosshair check` with the same SETTINGS over each probe below, under a wall-clock limit, and keeps what it
reported (or that it reported nothing in time) for the verification report.

- `deal_scored`: `score_deal`'s postconditions on Cavendish's worked deal (the bundled example) cut after a
  symbolic number of tricks: the smallest whole-deal search there is (everything else concrete).
- `point_held`, `sets_held`: the evaluators that read the whole-hand tables, on four symbolic suit masks,
  against the per-suit definitions.
- `hands_compared`: `table_comparison` (the scorer's comparison of two hands declaring everything) on two
  symbolic hands of four suit masks each, against the best holdings by the ruleset's keys.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from piquet_ref.hand.cards import SUIT_MASK, Hand
from piquet_ref.hand.declarations import Comparison, Point, SetHolding, held_point, held_sets, table_comparison
from piquet_ref.deal.postconditions import (
    bonuses_by_the_order_of_accretion, cards_and_capot_by_the_rules, events_in_the_order_of_accretion,
    play_points_by_the_rules, totals_are_sums_of_events, tricks_by_the_rules,
)
from verification.contracts.core import RS, TRICKS
from verification.contracts.declarations import all_sequences, all_sets, best_point  # definitions from the rule text, shared with the run-time contracts
from piquet_ref.deal.record import parse_record
from piquet_ref.deal.result import DealResult
from piquet_ref.deal.scoring import score_deal
from piquet_ref.hand.suit import length, pips, point_key

EXAMPLE = parse_record(yaml.safe_load((Path(__file__).resolve().parent.parent / "piquet_ref" / "examples" / "cavendish-example.yaml").read_text(encoding="utf-8")))
VALUES = tuple(r.pips for r in RS.pack.ranks)
PROBES = ("deal_scored", "point_held", "sets_held", "hands_compared")
WALL_LIMIT = 300  # seconds for each probe's `crosshair check`


def deal_scored(tricks: int) -> DealResult:
    """`score_deal` of Cavendish's worked deal with only its first `tricks` tricks.

    pre: 0 <= tricks <= TRICKS
    post: totals_are_sums_of_events(__return__)
    post: tricks_by_the_rules(__return__)
    post: play_points_by_the_rules(__return__)
    post: events_in_the_order_of_accretion(__return__)
    post: bonuses_by_the_order_of_accretion(__return__)
    post: cards_and_capot_by_the_rules(__return__)
    """
    return score_deal(EXAMPLE._replace(tricks=EXAMPLE.tricks[:tricks]))


def point_held(s: int, h: int, d: int, c: int) -> Point | None:
    """`held_point` of the hand of suit masks (s, h, d, c): the best suit by length then pips.

    pre: 0 <= s <= SUIT_MASK and 0 <= h <= SUIT_MASK and 0 <= d <= SUIT_MASK and 0 <= c <= SUIT_MASK
    post: (__return__ is None) == (s | h | d | c == 0)
    post: __return__ is None or __return__.mask == (s, h, d, c)[__return__.suit]
    post: __return__ is None or all(point_key(length(m), pips(m, VALUES)) <= __return__.key for m in (s, h, d, c))
    """
    return held_point(Hand(s, h, d, c), RS)


def sets_held(s: int, h: int, d: int, c: int) -> tuple[SetHolding, ...]:
    """`held_sets` of the hand of suit masks (s, h, d, c): every rank of the ruleset's set ranks held three or four times.

    pre: 0 <= s <= SUIT_MASK and 0 <= h <= SUIT_MASK and 0 <= d <= SUIT_MASK and 0 <= c <= SUIT_MASK
    post: sorted(x.rank for x in __return__) == sorted(r for r in RS.sets.ranks if sum(m >> r & 1 for m in (s, h, d, c)) in RS.sets.values)
    """
    return held_sets(Hand(s, h, d, c), RS)


def hands_compared(e0: int, e1: int, e2: int, e3: int, y0: int, y1: int, y2: int, y3: int) -> Comparison:
    """`table_comparison` of the elder's hand (e0, e1, e2, e3) and the younger's (y0, y1, y2, y3), each declaring
    everything: each category's keys are both sides' best holdings, its values what all their holdings
    score, and only the side with the higher key scores.

    pre: all(0 <= m <= SUIT_MASK for m in (e0, e1, e2, e3, y0, y1, y2, y3))
    pre: e0 & y0 == 0 and e1 & y1 == 0 and e2 & y2 == 0 and e3 & y3 == 0
    post: (__return__.keys[0], __return__.values[0], __return__.keys[1], __return__.values[1]) == best_point((e0, e1, e2, e3)) + best_point((y0, y1, y2, y3))
    post: (__return__.keys[2], __return__.values[2], __return__.keys[3], __return__.values[3]) == all_sequences((e0, e1, e2, e3)) + all_sequences((y0, y1, y2, y3))
    post: (__return__.keys[4], __return__.values[4], __return__.keys[5], __return__.values[5]) == all_sets((e0, e1, e2, e3)) + all_sets((y0, y1, y2, y3))
    post: all((c.elder_points, c.younger_points) == ((v[0], 0) if k[0] > k[1] else (0, v[1]) if k[1] > k[0] else (0, 0)) for c, k, v in zip(__return__.all(), zip(__return__.keys[0::2], __return__.keys[1::2]), zip(__return__.values[0::2], __return__.values[1::2])))
    """
    return table_comparison(Hand(e0, e1, e2, e3), Hand(y0, y1, y2, y3), RS)
