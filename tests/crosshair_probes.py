"""Probes: can CrossHair, at the CI settings, search the contracts it is not given in CI?

Not part of the CI run (`tests/crosshair_run.py`): `python -m tests.verification --probes` runs
`crosshair check` with the same SETTINGS over each probe below, under a wall-clock limit, and keeps what it
reported (or that it reported nothing in time) for VERIFICATION.md.

- `deal_scored`: `score_deal`'s postconditions on Cavendish's worked deal (the bundled example) cut after a
  symbolic number of tricks: the smallest whole-deal search there is (everything else concrete).
- `point_held`, `sets_held`: the evaluators that read the whole-hand tables, on four symbolic suit masks,
  against the per-suit definitions.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from piquet_ref.cards import SUIT_MASK, Hand
from piquet_ref.declarations import Point, SetHolding, held_point, held_sets
from piquet_ref.deal_contracts import (
    bonuses_by_the_order_of_accretion, cards_and_capot_by_the_rules, events_in_the_order_of_accretion,
    play_points_by_the_rules, totals_are_sums_of_events, tricks_by_the_rules,
)
from piquet_ref.contracts import RS, TRICKS
from piquet_ref.record import parse_record
from piquet_ref.scoring import DealResult, score_deal
from piquet_ref.suit import length, pips, point_key

EXAMPLE = parse_record(yaml.safe_load((Path(__file__).resolve().parent.parent / "piquet_ref" / "examples" / "cavendish-example.yaml").read_text(encoding="utf-8")))
VALUES = tuple(r.pips for r in RS.pack.ranks)
PROBES = ("deal_scored", "point_held", "sets_held")
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
