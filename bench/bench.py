"""Benchmarks for the README: declarations of both hands, `score_deal` in-process, `serve` over a pipe.

Run `python bench/bench.py` (options: `--deals N`, `--seed S`, `--repeat R`). Figures are the best of
R runs of the same pre-generated random legal deals (random exchange and random legal play), so they
measure the scorer rather than the generator. They are reported, never asserted.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import threading
import time
from typing import Any, Callable

from piquet_ref import __version__, compare_hands, parse_record, result_json, score_deal
from piquet_ref.generate import random_record
from piquet_ref.scoring import deal_hands


def best_rate(n: int, run: Callable[[], object], repeat: int) -> float:
    """Items per second of the fastest of `repeat` runs of `run` over `n` items."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return n / best


def bench_pairs(records: list[dict[str, Any]], repeat: int) -> float:
    """compare_hands on the post-exchange hands of each deal (pairs/s)."""
    pairs = [deal_hands(parse_record(r))[:2] for r in records]
    return best_rate(len(pairs), lambda: [compare_hands(e, y) for e, y in pairs], repeat)


def bench_serve(records: list[dict[str, Any]], repeat: int) -> float:
    """Deals/s through `piquet-ref serve`: requests streamed on stdin while responses are read."""
    lines = [json.dumps({"cmd": "run", "seq": i, "op": "score_deal", "input": r}) + "\n" for i, r in enumerate(records)]

    def run() -> None:
        proc = subprocess.Popen(
            [sys.executable, "-m", "piquet_ref", "serve"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1 << 16,
        )
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(json.dumps({"cmd": "hello", "protocol": 1}) + "\n")
        proc.stdin.flush()
        proc.stdout.readline()  # the process is up and its tables loaded before the clock starts

        def feed() -> None:
            assert proc.stdin is not None
            proc.stdin.writelines(lines)
            proc.stdin.write('{"cmd":"stop"}\n')
            proc.stdin.close()

        start = time.perf_counter()
        writer = threading.Thread(target=feed)
        writer.start()
        answered = sum(1 for line in proc.stdout if '"result"' in line)
        elapsed = time.perf_counter() - start
        writer.join()
        proc.wait()
        if answered != len(records):
            raise SystemExit(f"serve answered {answered} of {len(records)} requests with a result")
        timings.append(elapsed)

    timings: list[float] = []
    for _ in range(repeat):
        run()
    return len(records) / min(timings)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--deals", type=int, default=5000, help="random legal deals per run (default 5000)")
    p.add_argument("--seed", type=int, default=1882, help="seed of the deal generator (default 1882)")
    p.add_argument("--repeat", type=int, default=5, help="runs per figure; the best is reported (default 5)")
    args = p.parse_args(argv)

    rng = random.Random(args.seed)
    records = [random_record(rng) for _ in range(args.deals)]
    parsed = [parse_record(r) for r in records]
    score_deal(records[0])  # build the lookup tables once, outside the clock

    figures = {
        "compare_hands (pairs/s)": bench_pairs(records, args.repeat),
        "score_deal from a mapping (deals/s)": best_rate(len(records), lambda: [score_deal(r) for r in records], args.repeat),
        "score_deal from a DealRecord (deals/s)": best_rate(len(parsed), lambda: [score_deal(r) for r in parsed], args.repeat),
        "score_deal + result_json (deals/s)": best_rate(
            len(records), lambda: [result_json(score_deal(r)) for r in records], args.repeat
        ),
        "serve over a pipe (deals/s)": bench_serve(records, max(1, args.repeat // 2)),
    }
    print(f"piquet-ref {__version__}, Python {platform.python_version()}, {platform.machine()}, "
          f"{args.deals} deals, seed {args.seed}, best of {args.repeat}")
    for name, rate in figures.items():
        print(f"  {name:<42} {rate:>12,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
