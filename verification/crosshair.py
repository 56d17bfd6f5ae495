"""The CrossHair search of the rule contracts: which modules, with which budget, and what it reports.

One `crosshair check` run (PEP 316 docstring contracts) over the contract-bearing modules and the
planted bugs of verification/calibration/, parsed into one outcome per postcondition. Used by
tests/test_crosshair.py (CI) and by `python -m verification.report` (the verification report).
"""

from __future__ import annotations

import importlib
import inspect
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import FunctionType

ROOT = Path(__file__).resolve().parent.parent
CONTRACT_MODULES = ("piquet_ref.hand.cards", "piquet_ref.hand.suit", "piquet_ref.hand.declarations", "piquet_ref.hand.play", "verification.contracts.core",
                    "piquet_ref.machine.left_cards", "verification.contracts.laws")
CALIBRATION_MODULE = "verification.calibration.planted"
PER_CONDITION_TIMEOUT = 5.0  # seconds of search per postcondition
PER_PATH_TIMEOUT = 1.0  # seconds per execution path
SETTINGS = ("--analysis_kind", "PEP316", "--per_condition_timeout", str(PER_CONDITION_TIMEOUT),
            "--per_path_timeout", str(PER_PATH_TIMEOUT), "--report_all")  # as `search_options(PER_CONDITION_TIMEOUT, PER_PATH_TIMEOUT)`
RULES_LINE = "rules:"  # a docstring line naming the rule ids the conditions after it state
LAWS_LINE = "laws:"  # a docstring line naming the laws of 1882 (spec/laws.yaml numbers) the conditions after it state


@dataclass(frozen=True)
class Contract:
    """One pre- or postcondition in a function's docstring."""

    module: str
    function: str
    kind: str  # pre | post
    condition: str
    path: Path
    line: int
    rules: tuple[str, ...]  # the rule ids of the `rules:` line above it (the first, for a condition above every one)
    laws: tuple[int, ...] = ()  # the law numbers of the `laws:` line above it (likewise)


def contracts(module_names: tuple[str, ...]) -> list[Contract]:
    """Every PEP 316 condition of the functions defined in `module_names`, in source order."""
    out: list[Contract] = []
    for name in module_names:
        module = importlib.import_module(name)
        path = Path(inspect.getsourcefile(module) or "")
        for fname, fn in vars(module).items():
            if not isinstance(fn, FunctionType) or fn.__module__ != name or not fn.__doc__:
                continue
            lines, first = inspect.getsourcelines(fn)
            rules: tuple[str, ...] | None = None  # a `rules:` line names the rules of the conditions after it
            laws: tuple[int, ...] | None = None  # a `laws:` line, the laws
            found: list[tuple[str, str, int, tuple[str, ...] | None, tuple[int, ...] | None]] = []
            opening: tuple[str, ...] = ()  # the first `rules:` line, also for conditions written before it
            opening_laws: tuple[int, ...] = ()
            for i, text in enumerate(lines):
                stripped = text.strip()
                if stripped.startswith(RULES_LINE):
                    rules = tuple(r.strip() for r in stripped[len(RULES_LINE):].split(","))
                    opening = opening or rules
                if stripped.startswith(LAWS_LINE):
                    laws = tuple(int(n) for n in stripped[len(LAWS_LINE):].split(","))
                    opening_laws = opening_laws or laws
                for kind in ("pre", "post"):
                    if stripped.startswith(kind + ":"):
                        found.append((kind, stripped[len(kind) + 1 :].strip(), first + i, rules, laws))
            out += [Contract(name, fname, kind, cond, path, line, opening if named is None else named,
                             opening_laws if by_law is None else by_law)
                    for kind, cond, line, named, by_law in found]
    return sorted(out, key=lambda c: (c.module, c.line))


@dataclass(frozen=True)
class CrosshairRun:
    """What one `crosshair check` said: an outcome per (file, line), the wall time and the raw output."""

    outcomes: dict[tuple[str, int], str]  # confirmed | not confirmed | UNSEARCHED | counterexample: ...
    seconds: float
    returncode: int | None  # None: stopped at its wall-clock limit
    output: str


UNSEARCHED = "precondition never met"
LINE = re.compile(r"^(?P<path>[^:\s]+\.py):(?P<line>\d+): (?P<level>info|error): (?P<message>.*)$")


def search_options(per_condition: float, per_path: float) -> tuple[str, ...]:
    """The `crosshair check` options of a search with these budgets (seconds), the rest as SETTINGS."""
    return ("--analysis_kind", "PEP316", "--per_condition_timeout", str(per_condition), "--per_path_timeout", str(per_path), "--report_all")


def run_crosshair(targets: tuple[str, ...], wall_limit: float | None = None, options: tuple[str, ...] = SETTINGS) -> CrosshairRun:
    """Run `crosshair check` with `options` (by default the CI's SETTINGS) over `targets` (module or function names)
    from the repository root; past `wall_limit` seconds it is stopped (returncode None) and what it printed is kept."""
    start = time.monotonic()
    command = [sys.executable, "-m", "crosshair", "check", *options, *targets]
    try:
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False, timeout=wall_limit)
        stdout, stderr, returncode = done.stdout, done.stderr, done.returncode
    except subprocess.TimeoutExpired as stopped:
        stdout, stderr, returncode = _text(stopped.stdout), _text(stopped.stderr), None
    seconds = time.monotonic() - start
    outcomes: dict[tuple[str, int], str] = {}
    for text in stdout.splitlines():
        m = LINE.match(text)
        if not m:
            continue
        message = m["message"]
        if m["level"] == "error":
            outcome = "counterexample: " + message
        elif message.startswith("Confirmed"):
            outcome = "confirmed"
        elif message.startswith("Unable to meet precondition"):
            outcome = UNSEARCHED  # no path that met the preconditions finished: nothing was searched
        else:
            outcome = "not confirmed"
        outcomes[(str(Path(m["path"]).resolve()), int(m["line"]))] = outcome
    return CrosshairRun(outcomes, seconds, returncode, stdout + stderr)


def _text(output: bytes | str | None) -> str:
    return output.decode(errors="replace") if isinstance(output, bytes) else output or ""


def outcome_of(run: CrosshairRun, contract: Contract) -> str | None:
    """The outcome CrossHair reported for a postcondition (None: not reported)."""
    return run.outcomes.get((str(contract.path.resolve()), contract.line))
