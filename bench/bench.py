"""Every speed figure of the reference beside its baseline, in one command: `python bench/bench.py`.

Each figure is a ratio measured within one run, so that it does not move with the machine's load: the reference
against a plain naive scorer (bench/naive.py) on the same deals, `serve` against that scorer behind a minimal
JSON-lines loop (bench/naive_serve.py) on the same requests, a walk through the state machine against scoring the
same deals, and the command line's start-up against `python -c "import yaml"`. The pairs are run interleaved,
`--repeat` times, each time on fresh random deals; the min, median and max of the ratios are printed, with the
target each is held to (docs/benchmarks.md). Before timing, the naive scorer is checked to agree with `score_deal`
on every deal, so a figure is never bought with a wrong score.

Options: `--deals N` (default 2000), `--repeat R` (default 5), `--seed S`, `--instructions` (also count the
instructions of one `score_deal` with valgrind, with its event log read and without, about two minutes),
`--no-startup` (skip the start-up figure, which installs the package into a virtual environment under build/ first).

The full result builds its event log when it is first read (`DealResult.events`); the row `its event log read too`
times `score_deal` with the log read, so that what that costs is in the figures beside the row held to the target.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import naive  # noqa: E402  (beside this file)

from piquet_ref import __version__, deal_totals, parse_record, score_deal  # noqa: E402
from piquet_ref.deal.generate import random_record  # noqa: E402
from piquet_ref.hand.cards import hand_of  # noqa: E402
from piquet_ref.machine.state import DealState, apply, legal_actions, new_deal  # noqa: E402


@dataclass
class Figure:
    """One figure: a ratio per run (how many times faster than the baseline, or for `lower` how many times
    slower), the rates behind it, and the target."""

    name: str
    unit: str
    target: float
    lower: bool = False  # the ratio is a cost to keep under the target, not a speed to keep above it
    ratios: list[float] = field(default_factory=list)
    rates: list[tuple[float, float]] = field(default_factory=list)  # (measured, baseline) per run

    def met(self) -> bool:
        middle = statistics.median(self.ratios)
        return middle <= self.target if self.lower else middle >= self.target


def per_item(run: Callable[[Any], object], items: Iterable[Any]) -> float:
    """CPU seconds per item of `run` over `items`, the results dropped as they come (as a caller would). CPU time,
    not the clock: on a shared machine it moves far less with what else runs."""
    items = list(items)
    gc.collect()
    start = time.process_time()
    for item in items:
        run(item)
    return (time.process_time() - start) / len(items)


def serve_rate(command: list[str], requests: list[dict[str, Any]]) -> float:
    """Requests per CPU second of a JSON-lines process answering `requests`: the CPU time of a process answering
    them (with a warm-up request first, to build its tables), less that of a process answering the warm-up alone,
    so that start-up is left out."""
    warm_up = requests[0] | {"seq": "warm-up"}
    return len(requests) / (_cpu(command, [warm_up, *requests]) - _cpu(command, [warm_up]))


def _cpu(command: list[str], requests: list[dict[str, Any]]) -> float:
    """CPU seconds (user and system) of one process of `command` fed `requests` from a file, every answer checked
    to be a result."""
    with tempfile.TemporaryFile("w+b") as feed, tempfile.TemporaryFile("w+b") as answers:
        feed.write("".join(json.dumps(line) + "\n" for line in requests).encode())
        feed.seek(0)
        proc = subprocess.Popen(command, stdin=feed, stdout=answers)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        answers.seek(0)
        got = answers.read().count(b'"result"')
    if got != len(requests):
        raise SystemExit(f"{command[-1]} answered {got} of {len(requests)} requests with a result")
    return usage.ru_utime + usage.ru_stime


def random_deal(rng: random.Random) -> DealState:
    pack = list(range(32))
    rng.shuffle(pack)
    return new_deal(hand_of(pack[:12]), hand_of(pack[12:24]), tuple(pack[24:]))


def walk(state: DealState, rng: random.Random) -> None:
    """Play `state` to its end, each action drawn from `legal_actions`."""
    while state.phase not in ("complete", "void"):
        state = apply(state, rng.choice(legal_actions(state)))


def startup_venv() -> Path:
    """A virtual environment under build/ with this checkout installed as a user installs it (not editable)."""
    venv = ROOT / "build" / "bench-venv"
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall", str(ROOT)],
                   check=True, cwd=tempfile.gettempdir())
    return venv


def command_seconds(argv: list[str]) -> float:
    """CPU seconds (user and system) of one run of a command, start to exit."""
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, cwd=tempfile.gettempdir())
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"{' '.join(argv)} exited {proc.returncode}")
    return usage.ru_utime + usage.ru_stime


def corpus_seconds(python: str) -> float:
    """CPU seconds of `piquet-ref conformance run` of the whole corpus through the reference in-process, start to
    exit (interpreter, imports and loading the corpus included), with the interpreter `python`."""
    return command_seconds([python, "-m", "piquet_ref", "conformance", "run", "--python", "piquet_ref.protocol.serve:answer_text"])


def imported_by(code: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"],
                          capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def instructions(deals: int, seed: int, log: bool = False) -> str:
    done = subprocess.run([sys.executable, str(HERE / "instructions.py"), "--deals", str(deals), "--seed", str(seed)]
                          + (["--log"] if log else []), capture_output=True, text=True)
    return (done.stdout or done.stderr).strip()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--deals", type=int, default=2000, help="random legal deals per run (default 2000)")
    p.add_argument("--repeat", type=int, default=5, help="interleaved runs of every pair (default 5)")
    p.add_argument("--seed", type=int, default=1882)
    p.add_argument("--instructions", action="store_true", help="also count instructions per score_deal (valgrind)")
    p.add_argument("--no-startup", action="store_true", help="skip the start-up figure")
    args = p.parse_args(argv)
    rng = random.Random(args.seed)

    full = Figure("score_deal, full result, from a DealRecord", "deals/s", 2.5)
    logged = Figure("score_deal, its event log read too", "deals/s", 0.0)
    lean = Figure("deal_totals, the ten totals, from a DealRecord", "deals/s", 4.0)
    mapping = Figure("score_deal from a mapping (parsing included)", "deals/s", 0.0)
    serve_full = Figure("serve, score_deal answers, over a pipe", "requests/s", 1.5)
    serve_lean = Figure("serve, score_totals answers, over a pipe", "requests/s", 3.0)
    walks = Figure("a walk through the state machine / scoring the deal", "x", 20.0, lower=True)
    start = Figure("piquet-ref score --example / python -c 'import yaml'", "x", 2.5, lower=True)
    figures = [full, logged, lean, mapping, serve_full, serve_lean, walks]

    warm = random_record(rng)
    score_deal(warm), deal_totals(warm), naive.score(warm)  # the tables built outside the clock
    reference = [sys.executable, "-m", "piquet_ref", "serve"]
    baseline = [sys.executable, str(HERE / "naive_serve.py")]
    for _ in range(args.repeat):
        records = [random_record(rng) for _ in range(args.deals)]
        for record in records:  # the baseline scores right, or its figures mean nothing
            result = score_deal(record)
            if naive.score(record) != [result.elder.as_dict(), result.younger.as_dict()]:
                raise SystemExit(f"the naive scorer disagrees with score_deal on {json.dumps(record)}")
        typed = [parse_record(r) for r in records]
        t_naive = per_item(naive.score, records)
        t_full = per_item(score_deal, typed)
        t_logged = per_item(lambda r: score_deal(r).events, typed)
        t_lean = per_item(deal_totals, typed)
        t_map = per_item(score_deal, records)
        for fig, t in ((full, t_full), (logged, t_logged), (lean, t_lean), (mapping, t_map)):
            fig.ratios.append(t_naive / t)
            fig.rates.append((1 / t, 1 / t_naive))
        requests = [{"cmd": "run", "seq": i, "op": "score_deal", "input": r} for i, r in enumerate(records)]
        n_base = serve_rate(baseline, requests)
        n_full = serve_rate(reference, requests)
        n_lean = serve_rate(reference, [r | {"op": "score_totals"} for r in requests])
        serve_full.ratios.append(n_full / n_base)
        serve_full.rates.append((n_full, n_base))
        serve_lean.ratios.append(n_lean / n_base)
        serve_lean.rates.append((n_lean, n_base))
        states = [random_deal(rng) for _ in range(max(args.deals // 10, 20))]
        seed = rng.random()
        t_walk = per_item(lambda s: walk(s, random.Random(seed)), states)
        walks.ratios.append(t_walk / t_full)
        walks.rates.append((1 / t_walk, 1 / t_full))

    python = sys.executable
    if not args.no_startup:
        venv = startup_venv()
        python = str(venv / "bin" / "python")
        cli = str(venv / "bin" / "piquet-ref")
        command_seconds([cli, "score", "--example"])
        for _ in range(max(args.repeat, 7)):
            t_yaml = command_seconds([python, "-c", "import yaml"])
            t_cli = command_seconds([cli, "score", "--example"])
            start.ratios.append(t_cli / t_yaml)
            start.rates.append((1 / t_cli, 1 / t_yaml))
        figures.append(start)

    print(f"piquet-ref {__version__}, Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, "
          f"{time.strftime('%Y-%m-%d')}; {args.deals} deals a run, {args.repeat} runs, seed {args.seed}")
    print(f"  {'figure':<56} {'rate':>10} {'baseline':>10}   {'ratio min / median / max':>26}   target")
    for fig in figures:
        rate, base = statistics.median(r for r, _ in fig.rates), statistics.median(b for _, b in fig.rates)
        spread = " / ".join(f"{x:.2f}" for x in (min(fig.ratios), statistics.median(fig.ratios), max(fig.ratios)))
        target = "" if not fig.target else f"{'<=' if fig.lower else '>='} {fig.target:g} {'met' if fig.met() else 'NOT MET'}"
        print(f"  {fig.name:<56} {rate:>10,.0f} {base:>10,.0f}   {spread:>26}   {target}")
    print(f"  {'(rates: items per CPU second; the walk row: walks/s and deals scored/s)':<56}")
    print(f"  {'the corpus through the reference in-process, CPU s':<56} {corpus_seconds(python):>10.2f}"
          f" {'':>10}   {'':>26}   <= 2")
    heavy = {m for m in imported_by("import piquet_ref") if m.split(".")[0] in ("xml", "http") or m == "urllib.request"
             or m.startswith(("piquet_ref.runner", "piquet_ref.protocol", "piquet_ref.machine"))}
    print(f"  {'import piquet_ref: runner, protocol, machine, XML or HTTP modules':<56} {len(heavy):>10}"
          f" {'':>10}   {'':>26}   0 {', '.join(sorted(heavy))}")
    if args.instructions:
        print(f"  {instructions(300, args.seed)}")
        print(f"  {instructions(300, args.seed, log=True)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
