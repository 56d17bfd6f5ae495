"""Benchmarks for the README: declarations of both hands, `score_deal` in-process, `serve` over a pipe,
the deal's state machine, and a one-shot request in a fresh process.

Run `python bench/bench.py` (options: `--deals N`, `--seed S`, `--repeat R`). Each figure is the best
of R runs; every run scores its own N random legal deals (random exchange, random legal play),
generated beforehand so that the clock measures the scorer, and fresh so that no run is helped by
what an earlier run left in the caches. Figures are reported, never asserted.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import os
import subprocess
import sys
import tempfile
import time
from typing import Any, Callable, TypeVar

from piquet_ref import __version__, compare_hands, parse_record, score_deal
from piquet_ref.hand.cards import hand_of
from piquet_ref.machine.state import DealState, apply, legal_actions, new_deal
from piquet_ref.protocol.results import result_text
from piquet_ref.deal.generate import random_record
from piquet_ref.deal.scoring import resolve


T = TypeVar("T")


def best_rate(batches: list[list[T]], run: Callable[[T], object]) -> float:
    """Items per second of the fastest batch, `run` called once per item."""
    best = float("inf")
    gc.collect()
    gc.freeze()  # the benchmark's own inputs are not the scorer's garbage to scan
    for batch in batches:
        start = time.perf_counter()
        for item in batch:
            run(item)
        best = min(best, time.perf_counter() - start)
    return len(batches[0]) / best


def bench_serve(batches: list[list[dict[str, Any]]]) -> float:
    """Deals/s through `piquet-ref serve` over a pipe (best batch)."""
    return max(_serve_once(records) for records in batches)


def _serve_once(records: list[dict[str, Any]]) -> float:
    """Deals/s of one `serve` process answering a score_deal request for each record.

    The requests come from a file, so the clock measures the server, not a Python writer; one
    warm-up deal builds the lookup tables, and the clock starts when the `hello` after it is answered.
    """
    with tempfile.TemporaryFile("w+b") as requests:
        lines = [{"cmd": "run", "seq": "warm-up", "op": "score_deal", "input": records[0]}, {"cmd": "hello", "protocol": 1}]
        lines += [{"cmd": "run", "seq": i, "op": "score_deal", "input": r} for i, r in enumerate(records)]
        requests.write("".join(json.dumps(line) + "\n" for line in lines).encode())
        requests.seek(0)
        proc = subprocess.Popen([sys.executable, "-m", "piquet_ref", "serve"], stdin=requests, stdout=subprocess.PIPE)
        assert proc.stdout is not None
        fd = proc.stdout.fileno()
        seen, timed_from, start, chunks = 0, 0, 0.0, []
        while seen < len(lines):
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
            before = seen
            seen += chunk.count(b"\n")
            if before < 2 <= seen:  # the hello is answered: time what follows
                start, timed_from = time.perf_counter(), seen
        elapsed = time.perf_counter() - start
        proc.wait()
    answered = b"".join(chunks).count(b'"result"')
    if answered != len(records) + 1:
        raise SystemExit(f"serve answered {answered - 1} of {len(records)} requests with a result")
    return (seen - timed_from) / elapsed


def random_deal(rng: random.Random) -> DealState:
    """A regular deal of a shuffled pack as the machine's first state."""
    pack = list(range(32))
    rng.shuffle(pack)
    return new_deal(hand_of(pack[:12]), hand_of(pack[12:24]), tuple(pack[24:]))


def walk(state: DealState, rng: random.Random) -> int:
    """Play `state` to its end through the machine, each action drawn from `legal_actions`; the actions taken."""
    steps = 0
    while state.phase not in ("complete", "void"):
        state = apply(state, rng.choice(legal_actions(state)))
        steps += 1
    return steps


def bench_one_shot(record: dict[str, Any], runs: int) -> float:
    """Seconds of the median `piquet-ref serve --one-shot` process answering one score_deal request, start to exit."""
    line = json.dumps({"cmd": "run", "seq": 0, "op": "score_deal", "input": record}) + "\n"
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "piquet_ref", "serve", "--one-shot"], input=line, capture_output=True, text=True, check=True)
        times.append(time.perf_counter() - start)
        if '"result"' not in done.stdout:
            raise SystemExit(f"the one-shot request was not answered with a result: {done.stdout[:200]}")
    return sorted(times)[len(times) // 2]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--deals", type=int, default=5000, help="random legal deals per run (default 5000)")
    p.add_argument("--seed", type=int, default=1882, help="seed of the deal generator (default 1882)")
    p.add_argument("--repeat", type=int, default=5, help="runs per figure; the best is reported (default 5)")
    args = p.parse_args(argv)

    rng = random.Random(args.seed)

    def fresh() -> list[list[dict[str, Any]]]:
        return [[random_record(rng) for _ in range(args.deals)] for _ in range(args.repeat)]

    score_deal(random_record(rng))  # build the lookup tables once, outside the clock
    hands = [[resolve(parse_record(r)).hands for r in batch] for batch in fresh()]
    parsed = [[parse_record(r) for r in batch] for batch in fresh()]
    figures = {
        "compare_hands (pairs/s)": best_rate(hands, lambda pair: compare_hands(*pair)),
        "score_deal from a mapping (deals/s)": best_rate(fresh(), score_deal),
        "score_deal from a DealRecord (deals/s)": best_rate(parsed, score_deal),
        "score_deal + result_text (deals/s)": best_rate(fresh(), lambda r: result_text(score_deal(r))),
        "serve over a pipe (deals/s)": bench_serve(fresh()),
    }
    walks = args.deals // 10
    states = [[random_deal(rng) for _ in range(walks)] for _ in range(args.repeat)]
    seeds = [rng.random() for _ in range(args.repeat)]
    actions = sum(walk(state, random.Random(seeds[0])) for state in states[0])
    figures["machine walks, legal_actions + apply (deals/s)"] = max(
        walks / _timed(lambda: [walk(state, random.Random(seed)) for state in batch]) for batch, seed in zip(states, seeds)
    )
    print(f"piquet-ref {__version__}, Python {platform.python_version()}, {platform.machine()}, "
          f"{args.deals} deals, seed {args.seed}, best of {args.repeat}")
    for name, rate in figures.items():
        print(f"  {name:<48} {rate:>12,.0f}")
    print(f"  {'(machine walks: actions per deal)':<48} {actions / walks:>12,.1f}")
    one_shot = bench_one_shot(random_record(rng), runs=max(args.repeat, 11))
    print(f"  {'one-shot serve request, process start to exit (ms)':<48} {one_shot * 1000:>12,.0f}")
    return 0


def _timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


if __name__ == "__main__":
    sys.exit(main())
