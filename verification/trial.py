"""A trial of the hypothesis-crosshair backend on a few of the suite's properties (not collected by pytest).

    pip install -e '.[test,trial]'
    python -m verification.trial      # about ten minutes; writes verification/results/trial.json

Each property of `TRIALS` is run as the suite defines it (its own strategies, assertions and code), each run
in a fresh process under a Hypothesis settings profile loaded before the test module is imported, as
`pytest --hypothesis-profile=...` would: backend `crosshair` (symbolic search) or `hypothesis` (the default,
random generation), `MAX_EXAMPLES` examples (the suite's `default` profile), no example database, a wall
time limit of `TIME_LIMIT` seconds. Each property runs on the code as it is and with one planted bug: a
one-token mutation of the function it checks, compiled from that function's current source and bound in
its place wherever a module names it. The random backend's runs with the bug are repeated with `SEEDS`.

Recorded per run: the calls of the test body (counted by wrapping the reassignable
`test.hypothesis.inner_test`), the call and the second at which the body first failed, the wall time, and
Hypothesis's outcome; `found` is whether Hypothesis reported the planted bug (a failure of the property).
tests/test_hypothesis_crosshair_trial.py checks the recorded file against `TRIALS` and the current code.
"""

from __future__ import annotations

import __future__

import argparse
import datetime
import importlib
import importlib.metadata
import inspect
import json
import os
import platform
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from types import FrameType, FunctionType
from typing import Any, NamedTuple

from hypothesis import HealthCheck, Verbosity, settings
from hypothesis import seed as with_seed

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(__file__).resolve().parent / "results" / "trial.json"
COMMAND = "python -m verification.trial"
BACKENDS = ("crosshair", "hypothesis")
MAX_EXAMPLES = 400  # the `default` profile of tests/conftest.py, for both backends
TIME_LIMIT = 60  # seconds of wall time per run
SEEDS = (0, 1, 2, 3, 4)  # the random backend's runs with a planted bug (and seed 0 without)
VERSIONS = ("hypothesis", "hypothesis-crosshair", "crosshair-tool")


class Plant(NamedTuple):
    """A one-token mutation of `module.function`: `original`, found exactly once in its source, becomes `mutated`."""

    name: str
    module: str
    function: str
    original: str
    mutated: str
    what: str  # what the mutant gets wrong


class Trial(NamedTuple):
    """A property of the suite (`test module::test name`) and the bug planted in the code it checks."""

    property: str
    plant: Plant


TRIALS = (
    Trial("test_partie::test_points_won_follow_l72_and_l73",
          Plant("rubicon-at-the-threshold", "piquet_ref.partie.scoring", "points_won", "loser_total < p.rubicon_threshold",
                "loser_total <= p.rubicon_threshold", "a loser on exactly a hundred is rubiconed (L73 says under a hundred)")),
    Trial("test_partie::test_chouette_tens_drop_units_of_five_and_less",
          Plant("tens-round-up-from-seven", "piquet_ref.partie.scoring", "tens", "points % unit >= up", "points % unit > up",
                "six units are dropped instead of adding a ten")),
    Trial("test_properties::test_comparing_hands_is_antisymmetric",
          Plant("equal-keys-score-for-the-elder", "piquet_ref.hand.declarations", "verdict", "e_key, y_key, 0, 0)",
                "e_key, y_key, e_points, 0)", "on equal keys the elder scores his would-be points")),
    Trial("test_properties::test_compare_hands_agrees_with_compare_declarations_of_evaluated_hands",
          Plant("sets-read-the-younger-third-suit-twice", "piquet_ref.hand.declarations", "table_comparison",
                "spread[y2] + spread[y3]", "spread[y2] + spread[y2]",
                "the fast path counts the younger's third suit twice and his fourth not at all for sets")),
)


# ------------------------------------------------------------------------------------------ one run


class TimeUp(BaseException):
    """Raised by the alarm: a BaseException, so that Hypothesis does not take it for a failure of the test."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise TimeUp()


def compiled(plant: Plant, source: str) -> FunctionType:
    """`source` (the text of `plant.function`) compiled in a copy of its module's namespace, as the module compiles it."""
    module = importlib.import_module(plant.module)
    namespace: dict[str, Any] = dict(vars(module))
    filename = inspect.getsourcefile(module) or plant.module
    exec(compile(source, filename, "exec", flags=__future__.annotations.compiler_flag, dont_inherit=True), namespace)
    fn = namespace[plant.function]
    assert isinstance(fn, FunctionType)
    return fn


def mutant(plant: Plant) -> FunctionType:
    """`plant.function` compiled from its current source with the one token replaced (building it changes nothing)."""
    source = textwrap.dedent(inspect.getsource(getattr(importlib.import_module(plant.module), plant.function)))
    if source.count(plant.original) != 1:
        raise ValueError(f"{plant.name}: {plant.original!r} is not exactly once in {plant.module}.{plant.function}")
    return compiled(plant, source.replace(plant.original, plant.mutated))


def plant_bug(plant: Plant) -> None:
    """Bind the mutant wherever a loaded module names the real function (for the rest of this process)."""
    real = getattr(importlib.import_module(plant.module), plant.function)
    fake = mutant(plant)
    for module in list(sys.modules.values()):
        for attr, value in list(vars(module).items()) if module is not None else ():
            if value is real:
                setattr(module, attr, fake)


def one_run(trial: Trial, backend: str, planted: bool, seed: int | None) -> dict[str, Any]:
    """Run the property once in this process (which must not have imported its test module yet)."""
    settings.register_profile("trial", backend=backend, max_examples=MAX_EXAMPLES, database=None, deadline=None,
                              suppress_health_check=list(HealthCheck), report_multiple_bugs=False,
                              verbosity=Verbosity.quiet)
    settings.load_profile("trial")  # before the import, so the module's own settings(...) objects inherit it
    module_name, name = trial.property.split("::")
    test: Any = getattr(importlib.import_module(f"tests.{module_name}"), name)
    if planted:
        plant_bug(trial.plant)
    if seed is not None:
        test = with_seed(seed)(test)
    inner = test.hypothesis.inner_test
    calls = 0
    first: tuple[int, float] | None = None
    start = time.perf_counter()

    def counted(*args: Any, **kwargs: Any) -> None:
        nonlocal calls, first
        calls += 1
        try:
            inner(*args, **kwargs)
        except AssertionError:
            if first is None:
                first = (calls, round(time.perf_counter() - start, 2))
            raise

    test.hypothesis.inner_test = counted
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(TIME_LIMIT)
    try:
        test()
        outcome = "passed"
    except TimeUp:
        outcome = "time limit"
    except AssertionError as exc:
        outcome = "failed: " + (str(exc).splitlines() or [type(exc).__name__])[0][:100]
    except Exception as exc:  # a crash of a backend is a result of the trial too
        outcome = f"error: {type(exc).__name__}: {str(exc).splitlines()[0][:100] if str(exc) else ''}"
    finally:
        signal.alarm(0)
    return {
        "property": trial.property, "backend": backend, "planted_bug": trial.plant.name if planted else None,
        "seed": seed, "examples": calls, "first_failure_example": first[0] if first else None,
        "first_failure_seconds": first[1] if first else None, "seconds": round(time.perf_counter() - start, 2),
        "outcome": outcome, "found": outcome.startswith("failed") if planted else None,
    }


# ------------------------------------------------------------------------------------------ the trial


def runs_of(trial: Trial) -> list[tuple[str, bool, int | None]]:
    """(backend, planted, seed) of every run of a trial: each backend without and with the bug."""
    return [("crosshair", False, None), ("hypothesis", False, SEEDS[0]), ("crosshair", True, None)] + [
        ("hypothesis", True, s) for s in SEEDS]


def in_subprocess(index: int, backend: str, planted: bool, seed: int | None) -> dict[str, Any]:
    argv = [sys.executable, "-m", "verification.trial", "--one", str(index), backend,
            "planted" if planted else "as-is", "-" if seed is None else str(seed)]
    trial = TRIALS[index]
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=TIME_LIMIT + 60)
    except subprocess.TimeoutExpired:
        return {"property": trial.property, "backend": backend, "planted_bug": trial.plant.name if planted else None,
                "seed": seed, "examples": None, "first_failure_example": None, "first_failure_seconds": None,
                "seconds": round(time.perf_counter() - start, 2), "outcome": "killed", "found": False if planted else None}
    lines = done.stdout.strip().splitlines()
    if done.returncode or not lines:
        raise RuntimeError(f"{' '.join(argv)} exited {done.returncode}:\n{done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--one", nargs=4, metavar=("TRIAL", "BACKEND", "PLANTED", "SEED"),
                        help="one run in this process (what the trial runs in each subprocess)")
    args = parser.parse_args(argv)
    if args.one:
        index, backend, planted, seed = args.one
        print(json.dumps(one_run(TRIALS[int(index)], backend, planted == "planted", None if seed == "-" else int(seed))))
        return
    start, load = time.perf_counter(), os.getloadavg()[0]
    runs: list[dict[str, Any]] = []
    for index, trial in enumerate(TRIALS):
        for backend, planted, seed in runs_of(trial):
            runs.append(in_subprocess(index, backend, planted, seed))
            print(json.dumps(runs[-1]), flush=True)
    data = {
        "date": datetime.date.today().isoformat(), "command": COMMAND,
        "python": platform.python_version(), "versions": {n: importlib.metadata.version(n) for n in VERSIONS},
        "cores": os.cpu_count(), "load_average_at_start": round(load, 2), "max_examples": MAX_EXAMPLES, "time_limit_seconds": TIME_LIMIT, "seeds": list(SEEDS),
        "total_seconds": round(time.perf_counter() - start), "trials": [t.property for t in TRIALS],
        "planted_bugs": {t.plant.name: t.plant._asdict() for t in TRIALS},
        "runs": runs,
    }
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT.name} ({data['total_seconds']} s)")


if __name__ == "__main__":
    main()
