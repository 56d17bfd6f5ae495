"""Benchmark for the README: ranking every legal discard of an elder hand by an exact chance.

Run `python bench/bench_odds.py` (options: `--hands N`, `--seed S`). For each of N random elder hands
(12 cards of a shuffled pack) and each criterion, every one of the 1,585 legal discards gets the exact
chance that its take-in of 5 of the 20 unseen cards satisfies the criterion (15,504 take-ins each,
about 24.6 million in all, counted without listing them). Each hand starts with empty caches, so no
hand is helped by another. The figure is the median time per hand; the slowest is shown beside it.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

from piquet_ref import __version__, hand_of
from piquet_ref.rules.loader import load_ruleset
from piquet_ref.odds.conditions import AllOf, AnyOf, Condition, PointAtLeast, SequenceAtLeast, SetHeld
from piquet_ref.odds.take_in import _prefix, line_groups, rank_discards

CRITERIA: dict[str, Condition] = {
    "point of 6 or more": PointAtLeast(6),
    "quint or better": SequenceAtLeast(5),
    "any quatorze": SetHeld(4),
    "point of 5 and a quatorze of aces": AllOf((PointAtLeast(5), SetHeld(4, 7))),
    "quint or any quatorze (slowest form)": AnyOf((SequenceAtLeast(5), SetHeld(4))),
}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--hands", type=int, default=5, help="random elder hands per criterion (default 5)")
    p.add_argument("--seed", type=int, default=1882, help="seed of the hands (default 1882)")
    args = p.parse_args(argv)
    rs = load_ruleset()
    rng = random.Random(args.seed)
    hands = [hand_of(rng.sample(range(32), 12)) for _ in range(args.hands)]
    print(f"piquet-ref {__version__}, Python {platform.python_version()}, {platform.machine()}, "
          f"{args.hands} elder hands, seed {args.seed}: seconds to rank all 1,585 discards of one hand")
    for name, cond in CRITERIA.items():
        times = []
        for hand in hands:
            _prefix.cache_clear()
            line_groups.cache_clear()
            start = time.perf_counter()
            ranked = rank_discards(hand, cond, "elder", (), rs)
            times.append(time.perf_counter() - start)
            assert len(ranked) == 1585
        print(f"  {name:<36} median {statistics.median(times):6.2f}   slowest {max(times):6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
