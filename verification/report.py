"""The verification report: how every rule is established, generated from the code, the tests, the recorded
CrossHair run, the recorded run over every hand (verification/every_hand.py) and the recorded mutation runs. A build
product (build/VERIFICATION.md), never committed.

    python -m verification.report            # runs CrossHair (a few minutes), records it in
                                            # verification/results/measured.json and writes the report
    python -m verification.report --render   # writes the report from the measurements kept (seconds)
    python -m verification.report --out PATH # (with any of the others) where to write it
    python -m verification.report --probes [NAME ...]  # measures only the CrossHair probes (those named) and the run-time checks'
                                            # calibrations (verification/probes.py, verification/deal_check.py,
                                            # verification/partie_check.py)
    python -m verification.report --calibration  # measures only the run-time checks' calibrations
    python -m verification.report --crosshair    # measures only the CI CrossHair run (the contracts and planted bugs)
    python -m verification.report --longer       # measures only the longer CrossHair search (verification/contracts/domains.py)

What is read, not measured: the rule ids of spec/rules/, the conformance cases naming each rule, the
tests marked `@pytest.mark.rules(...)` (exhaustive proofs in tests/test_exhaustive.py, Hypothesis
properties elsewhere), the contracts (PEP 316 docstrings with a `rules:` line) and the recorded mutation runs
(verification/results/). What is measured (kept in verification/results/measured.json so that the report can be
written again without re-running CrossHair): CrossHair's outcome for every
postcondition and planted bug, the wall time, and the contract-style comparison when icontract is
installed (bench/contract_styles.py).
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import json
from collections import Counter
import math
import os
import platform
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import FunctionType
from typing import Any

from piquet_ref import default_ruleset
from piquet_ref.runner.corpus import load_cases

from verification.calibration.planted_deal import PLANTED as PLANTED_DEAL
from verification.calibration.planted_deal import Plant
from verification.calibration.planted_partie import PLANTED as PLANTED_PARTIE
from verification.probes import PROBES, WALL_LIMIT
from verification.trial import OUT as TRIAL_RECORD
from verification.mutation import corpus_score, read_record
from verification.crosshair import (
    CALIBRATION_MODULE,
    CONTRACT_MODULES,
    PER_CONDITION_TIMEOUT,
    PER_PATH_TIMEOUT,
    ROOT,
    UNSEARCHED,
    Contract,
    contracts,
    outcome_of,
    run_crosshair,
    search_options,
)

PROBE_MODULE = "verification.probes"
DIALOGUE_MODULE = "piquet_ref.machine.dialogue"  # the calling dialogue's deciders: whole hands, checked on Hypothesis hands and walks
MACHINE_DECIDER_MODULES = ("piquet_ref.deal.irregular.penalties", "piquet_ref.machine.revokes", "piquet_ref.machine.showing")  # own contracts checked on the machine's walks
MACHINE_MODULE = "piquet_ref.machine.state"  # the state machine's entry points: checked at every step of the walks
MULTIPLE_LEAD_MODULE = "piquet_ref.machine.multiple_lead"  # several cards led at once (law 59 II, Cases X and XI): checked on the walks and the calibration calls
STOCK_EXPOSURE_MODULE = "piquet_ref.deal.irregular.stock_exposure"  # a card of the adversary's stock shown (law 27): every input of a box
SHORTFALL_MODULE = "piquet_ref.machine.shortfall"  # the younger's unannounced shortfall (Case XIII): checked on the walks, boxes and Hypothesis inputs
DECLARATION_MODULE = "verification.contracts.declarations"  # wrappers of the declarations: every mask / holding, Hypothesis hands, the corpus
CORE_RUNTIME_MODULES = ("piquet_ref.hand.exchange", "piquet_ref.deal.counts", "piquet_ref.deal.normal_form", "piquet_ref.deal.irregular.resolution", "verification.contracts.play")  # the exchange, the play's counts and checks: tests/test_core_contracts.py
CORE_RUNTIME_SCORING = ("resolve", "bar_step", "bonuses", "tricks_for_the_cards")  # scoring's and accretion's functions checked there too
CARD_MODULES = ("verification.contracts.cards", "piquet_ref.deal.record")  # the cards' notation and the record's fields: every card, Hypothesis texts and records
PARTIE_REFUSALS_MODULE = "verification.contracts.partie_refusals"  # the order of dealing's refusals as a value: every run of up to four deals
ODDS_MODULES = ("piquet_ref.odds.take_in", "piquet_ref.odds.definitions")  # the take-in odds: checked on boxes, Hypothesis questions and the corpus's
RUNTIME_CONTRACT_MODULES = ("piquet_ref.deal.scoring", "piquet_ref.deal.accretion", "piquet_ref.partie.scoring", PARTIE_REFUSALS_MODULE, "verification.contracts.laws_runtime", DIALOGUE_MODULE, *MACHINE_DECIDER_MODULES,
                            MACHINE_MODULE, SHORTFALL_MODULE, MULTIPLE_LEAD_MODULE, STOCK_EXPOSURE_MODULE, DECLARATION_MODULE, *CORE_RUNTIME_MODULES, *CARD_MODULES, *ODDS_MODULES)  # contracts CrossHair is not given in CI, checked at run time
LAW_RUNTIME_MODULE = "verification.contracts.laws_runtime"  # the laws' small deciders CrossHair cannot search: every input checked
DOC = ROOT / "build" / "VERIFICATION.md"  # the default place of the report (`--out`)
MEASURED = Path(__file__).resolve().parent / "results" / "measured.json"
SUITE_MUTATION = Path(__file__).resolve().parent / "results" / "mutation_suite.json"  # python -m verification.mutation suite-summary
MARKED_MODULES = ("tests.test_exhaustive", "tests.test_properties", "tests.test_partie", "tests.test_counts", "tests.test_every_hand")
EVERY_HAND_TESTS = "tests.test_every_hand"  # its marked tests rest on the recorded run over every hand (verification/every_hand.py)
PROPERTY_EXAMPLES = 200  # max_examples of the deep tier's Hypothesis profile (tests/conftest.py)

# Rules no property, proof or contract establishes, each with the reason (the traceability test reads this).
# (The match's rules of dealing and of games are stated by `score_partie`'s postconditions, checked at run time.)
NO_PROPERTY: dict[str, str] = {}
NO_CASE: dict[str, str] = {}


@dataclass(frozen=True)
class Evidence:
    """One test or contract that establishes a rule."""

    kind: str  # exhaustive | property | example | contract
    name: str
    figure: str


def marked_tests() -> dict[str, list[Evidence]]:
    """Rule id -> the tests marked with it, each with its kind and the size of what it checks."""
    out: dict[str, list[Evidence]] = {}
    for name in MARKED_MODULES:
        module = importlib.import_module(name)
        for fname, fn in vars(module).items():
            if not fname.startswith("test_") or not callable(fn):
                continue
            marks = getattr(fn, "pytestmark", [])
            ids = [a for m in marks if m.name == "rules" for a in m.args]
            if not ids:
                continue
            cases = math.prod(len(m.args[1]) for m in marks if m.name == "parametrize")
            if name == EVERY_HAND_TESTS:
                kind, figure = "every hand", every_hand_figure(fname)
            elif hasattr(fn, "hypothesis"):
                kind, figure = "property", f"up to {PROPERTY_EXAMPLES * cases} examples"
            elif name.endswith("test_exhaustive"):
                kind, figure = "exhaustive", f"whole domain, {cases} parametrized run{'s' if cases > 1 else ''}"
            else:
                kind, figure = "example", f"{cases} run{'s' if cases > 1 else ''}"
            for rid in ids:
                out.setdefault(rid, []).append(Evidence(kind, f"{name.split('.')[-1]}::{fname}", figure))
    return out


def every_hand_record() -> dict[str, Any]:
    """The recorded run over every hand (verification/results/every_hand.json), or {} when there is none."""
    from verification.every_hand import RECORD

    if not RECORD.exists():
        return {}
    data: dict[str, Any] = json.loads(RECORD.read_text(encoding="utf-8"))
    return data


def key_pairs(record: dict[str, Any]) -> int:
    """How many pairs of keys the comparison test checks: every pair of the recorded entries of a category, nothing
    declared included (tests/test_every_hand.py)."""
    return sum((len({(k, v) for k, v, _ in rows} | {(0, 0)})) ** 2 for rows in record.get("entries", {}).values())


def every_hand_figure(test: str) -> str:
    """The size of what a test of tests/test_every_hand.py establishes, from the recorded run."""
    record = every_hand_record()
    if not record:
        return "not measured on this tree"
    if "pair" in test:
        return f"every pair of the keys twelve-card hands hold: {key_pairs(record):,} pairs over the three categories"
    return (f"one hand of each of the {record['representatives']:,} orbits of the suit permutations, so all "
            f"{record['hands']:,} twelve-card hands; {record['failing']} differences; {record['seconds']:g} s on {record['processes']} processes")


def case_counts() -> dict[str, int]:
    """Rule id -> number of conformance cases that name it."""
    counts: dict[str, int] = {}
    for case in load_cases(ROOT / "conformance" / "cases"):
        for rid in case.rules:
            counts[rid] = counts.get(rid, 0) + 1
    return counts


def named(c: Contract) -> str:
    """The rules and the laws (of 1882, by number) a contract names."""
    return ", ".join([*c.rules, *(f"law {n}" for n in c.laws)])


def contract_key(c: Contract) -> str:
    return f"{c.module}.{c.function}: {c.condition}"


def measure() -> dict[str, Any]:
    """Run CrossHair over the contracts and the planted bugs (and the style comparison if icontract is there)."""
    run = run_crosshair(CONTRACT_MODULES + (CALIBRATION_MODULE,))
    posts = [c for c in contracts(CONTRACT_MODULES + (CALIBRATION_MODULE,)) if c.kind == "post"]
    styles = ""
    if importlib.util.find_spec("icontract") is not None:
        styles = subprocess.run([sys.executable, str(ROOT / "bench" / "contract_styles.py")], cwd=ROOT,
                                capture_output=True, text=True, check=True).stdout
    return {
        "seconds": round(run.seconds, 1),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "crosshair": importlib.metadata.version("crosshair-tool"),
        "outcomes": {contract_key(c): outcome_of(run, c) or "not reported" for c in posts},
        "styles": styles,
    }


def measure_longer() -> dict[str, Any]:
    """CrossHair with the longer budget of verification/contracts/domains.py over its LONGER_SEARCH functions."""
    from verification.contracts.domains import LONGER_PER_CONDITION, LONGER_PER_PATH, LONGER_SEARCH

    run = run_crosshair(LONGER_SEARCH, options=search_options(LONGER_PER_CONDITION, LONGER_PER_PATH))
    modules = tuple(sorted({f.rsplit(".", 1)[0] for f in LONGER_SEARCH}))
    posts = [c for c in contracts(modules) if c.kind == "post" and f"{c.module}.{c.function}" in LONGER_SEARCH]
    return {"longer_search": {"per_condition": LONGER_PER_CONDITION, "per_path": LONGER_PER_PATH, "seconds": round(run.seconds, 1),
                              "outcomes": {contract_key(c): outcome_of(run, c) or "not reported" for c in posts}}}


def measure_calibration() -> dict[str, Any]:
    """The calibrations of the run-time checks: deals (of `score_deal`) and partie records (of `score_partie`)
    scored until each planted bug was found."""
    from verification.deal_check import calls_to_find
    from verification.partie_check import records_to_find

    deal, partie = {}, {}
    for bug in PLANTED_DEAL:
        calls, message = calls_to_find(bug)
        deal[bug.name] = {"calls": calls, "found_by": bug.breaks in message}
    for bug in PLANTED_PARTIE:
        calls, message = records_to_find(bug)
        partie[bug.name] = {"calls": calls, "found_by": bug.breaks in message}
    return {"deal_calibration": deal, "partie_calibration": partie}


def measure_probes(only: tuple[str, ...] = ()) -> dict[str, Any]:
    """The CrossHair probes (verification/probes.py, at once, each under its wall-clock limit; `only` those
    named) and the calibrations of the run-time checks (`measure_calibration`)."""

    def probe(name: str) -> dict[str, Any]:
        run = run_crosshair((f"{PROBE_MODULE}.{name}",), wall_limit=WALL_LIMIT)
        posts = [c for c in contracts((PROBE_MODULE,)) if c.function == name and c.kind == "post"]
        return {"seconds": round(run.seconds, 1), "stopped": run.returncode is None,
                "outcomes": {c.condition: outcome_of(run, c) or "not reported" for c in posts}}

    names = only or PROBES
    with ThreadPoolExecutor(len(names)) as pool:
        probes = dict(zip(names, pool.map(probe, names)))
    kept: dict[str, Any] = read_measured().get("probes", {}) if only else {}
    return {"probes": {p: {**kept, **probes}[p] for p in PROBES if p in {**kept, **probes}}, "probe_wall_limit": WALL_LIMIT,
            **measure_calibration()}


def _outcome_text(outcome: str, seconds: float) -> str:
    if outcome == "confirmed":
        return "confirmed over all paths"
    if outcome == "not confirmed":
        return f"no counterexample in {seconds:g} s"
    return outcome


def _span(xs: list[float]) -> str:
    return f"{min(xs):g}" if min(xs) == max(xs) else f"{min(xs):g}–{max(xs):g}"


def _found_cell(runs: list[dict[str, Any]]) -> str:
    """Runs of one backend on one planted bug: how many found it, at which call and second."""
    hits = [r for r in runs if r["found"]]
    if not hits:
        return "not found (" + "; ".join(f"{r['examples']} calls in {r['seconds']:g} s, {r['outcome']}" for r in runs) + ")"
    return (f"{len(hits)} of {len(runs)}: at call {_span([r['first_failure_example'] for r in hits])}, "
            f"after {_span([r['first_failure_seconds'] for r in hits])} s")


def trial_lines(record: dict[str, Any]) -> list[str]:
    """The section on the hypothesis-crosshair trial, from its record (verification/results/trial.json)."""
    v = record["versions"]
    lines = [
        "### The hypothesis-crosshair backend on the properties (a trial)",
        "",
        f"`{record['command']}` ({record['date']}; hypothesis {v['hypothesis']}, hypothesis-crosshair "
        f"{v['hypothesis-crosshair']}, crosshair-tool {v['crosshair-tool']}; {record['total_seconds']} s on "
        f"{record['cores']} shared cores, load {record['load_average_at_start']:g}): each property as the suite "
        f"defines it, up to {record['max_examples']} examples and {record['time_limit_seconds']} s a run, under "
        "the `crosshair` backend and the default (`hypothesis`, random, one run per seed), on the code as it is "
        "and with a one-token planted bug. *Call*: one call of the test body.",
        "",
        "| property | planted bug | crosshair | hypothesis | without the bug: crosshair; hypothesis |",
        "|---|---|---|---|---|",
    ]
    for prop in record["trials"]:
        runs = [r for r in record["runs"] if r["property"] == prop]
        plant = record["planted_bugs"][next(r["planted_bug"] for r in runs if r["planted_bug"])]
        planted = {b: [r for r in runs if r["backend"] == b and r["planted_bug"]] for b in ("crosshair", "hypothesis")}
        clean = [f"{r['outcome']}, {r['examples']} calls in {r['seconds']:g} s" for r in runs if not r["planted_bug"]]
        lines.append(f"| `{prop}` | `{plant['function']}`: `{plant['original']}` → `{plant['mutated']}`: {plant['what']} | "
                     f"{_found_cell(planted['crosshair'])} | {_found_cell(planted['hypothesis'])} | {'; '.join(clean)} |")
    return lines


def trial_summary(record: dict[str, Any]) -> str:
    """One line: how many planted bugs each backend found in every one of its runs."""
    plants = list(record["planted_bugs"])
    found = {b: [p for p in plants if all(r["found"] for r in record["runs"] if r["planted_bug"] == p and r["backend"] == b)]
             for b in ("crosshair", "hypothesis")}
    return (f"the hypothesis-crosshair backend in the suite (not adopted): in the trial above `crosshair` found "
            f"{len(found['crosshair'])} of {len(plants)} planted bugs ({', '.join(found['crosshair']) or 'none'}), the "
            f"default backend {len(found['hypothesis'])} of {len(plants)} under each of its {len(record['seeds'])} seeds;")


def probe_text(outcome: str, probe: dict[str, Any], limit: float) -> str:
    """One probe condition's outcome, in words."""
    if outcome == "not reported":
        return f"nothing reported: stopped at the {limit:g} s wall-clock limit" if probe["stopped"] else "nothing reported"
    if outcome == UNSEARCHED:
        return f"no path finished within the per-path limit: nothing searched ({probe['seconds']:g} s)"
    if outcome == "not confirmed":
        return f"no counterexample in {PER_CONDITION_TIMEOUT:g} s of search ({probe['seconds']:g} s wall time)"
    return outcome


def declaration_lines() -> list[str]:
    """The section on the contracts of the declarations' wrappers (verification/contracts/declarations.py)."""
    from tests.test_declaration_contracts import PLANTED as PLANTED_DECLARATIONS

    posts = [c for c in contracts((DECLARATION_MODULE,)) if c.kind == "post"]
    return [
        "### The declarations: what a hand holds and who is good",
        "",
        f"{len(posts)} postconditions on `{'`, `'.join(sorted({c.function for c in posts}))}` of `verification/contracts/declarations.py`,",
        "wrappers of the public functions of `piquet_ref/hand/declarations.py` (which CrossHair searches, so carries none of",
        "their own), each taking the rules as a variant index over every ruleset: the point is the longest suit, ties by",
        "pips, the first in suit order; every sequence is a whole run of at least the least length, and every such run is",
        "listed; the sets are the ruleset's set ranks held in the counts it scores; carte blanche is a hand of enough cards",
        "with no court card; what a point, the sequences and the sets score; in each category the good side scores",
        "everything it declares and the other nothing, equal scores nothing, and the winner of the point holds at least",
        "as many cards as the loser; `compare_hands` is the comparison of the hands' evaluations and `table_comparison`",
        "that of their declarations of everything (and the `hands_compared` probe's definitions); `check_declaration`",
        "refuses exactly a holding no hand can hold, naming it; `declared` declares what the choice says, all of it held,",
        "and refuses a card not held, naming it. `tests/test_declaration_contracts.py` evaluates them on every suit mask in",
        "every suit and every rank in every set of suits, every holding and pair of holdings, a box of declarations past",
        "the possible ones, Hypothesis hands, pairs of hands and declare choices under every variant, and the hands of",
        "the corpus's `evaluate_hand` and `compare_declarations` cases. Its calibration requires the same check to find",
        "each bug planted in a copy of `piquet_ref/hand/declarations.py`:",
        "",
        "| planted bug | function | postcondition that must catch it |",
        "|---|---|---|",
        *(f"| `{bug.name}`: {bug.what} | `declarations.{fn}` | `{bug.breaks.replace('|', chr(92) + '|')}` |" for fn, _, bug in PLANTED_DECLARATIONS),
    ]


def runtime_lines(measured: dict[str, Any]) -> list[str]:
    """The section on the contracts CrossHair is not given in CI: the probes, the run-time check, its calibration."""
    from verification.deal_check import CHECK, HANDS, IRREGULAR

    probes: dict[str, Any] = measured.get("probes", {})
    limit = measured.get("probe_wall_limit", 0)
    found: dict[str, Any] = measured.get("deal_calibration", {})
    lines = [
        "### Contracts beyond CrossHair's reach: the whole deal and the whole-hand tables",
        "",
        "`score_deal`'s postconditions state the whole-deal rules (`piquet_ref/deal/postconditions.py`): totals are the",
        "sums of the events; the tricks; play points as leads, second-player wins and the twelfth trick's point",
        "(none for a deal cut short by a short hand, law 57; none for a player who reckons nothing); the order of",
        "accretion with carte blanche first; the repique and pique from the event log; the cards and the capot.",
        "CrossHair is not given them in CI: at the settings above it cannot finish one path of a whole deal.",
        f"The probes (`python -m verification.report --probes [NAME ...]`, `verification/probes.py`, each stopped after {limit:g} s,",
        "run together, or those named, on the shared cores) measure that, and the same for the evaluators that read the whole-hand",
        "tables (`held_point`, `held_sets` and `table_comparison`, the scorer's comparison of two hands: their tables are",
        "proven cell by cell by the exhaustive tests; the probes' conditions, stated from the rule text, hold at run time",
        f"on {HANDS.max_examples} Hypothesis hands or pairs of hands, `tests/test_deal_contracts.py`):",
        "",
        "| probe | condition | CrossHair at the CI settings |",
        "|---|---|---|",
    ]
    for name, probe in probes.items():
        for cond, outcome in probe["outcomes"].items():
            lines.append(f"| `{name}` | `{cond.replace('|', chr(92) + '|')}` | {probe_text(outcome, probe, limit)} |")
    if not probes:
        lines.append("| (not measured: run `python -m verification.report --probes`) | | |")
    lines += [
        "",
        f"Instead, `tests/test_deal_contracts.py` evaluates `score_deal`'s postconditions, read from its docstring as",
        f"CrossHair reads them, on {CHECK.max_examples} legal deals (`strategies.declare_records` under every ruleset)",
        f"and {IRREGULAR.max_examples} irregular deals walked through the state machine (exchanges taking in more or fewer",
        "than discarded), fixed examples. Its calibration runs the same check, without shrinking, on copies of",
        "`piquet_ref/deal/scoring.py` each with one planted bug (`verification/calibration/planted_deal.py`); the test",
        "fails if one is missed or caught by another postcondition than the one named:",
        "",
        "| planted bug in the scorer | postcondition that must catch it | found at deal |",
        "|---|---|---:|",
    ]
    return lines + calibration_rows(PLANTED_DEAL, found) + ["", *partie_lines(measured)]


def calibration_rows(planted: tuple[Plant, ...], found: dict[str, Any]) -> list[str]:
    """A calibration table's rows: each planted bug, the postcondition named to catch it, and when it did."""
    rows = []
    for bug in planted:
        got = found.get(bug.name)
        cell = "not measured" if got is None else f"{got['calls']}" + ("" if got["found_by"] else " (by another postcondition)")
        rows.append(f"| `{bug.name}`: {bug.what}{' (irregular deals)' if bug.irregular else ''} | `{bug.breaks}` | {cell} |")
    return rows


def partie_lines(measured: dict[str, Any]) -> list[str]:
    """The section on the run-time check of `score_partie`'s postconditions and its calibration."""
    from verification.partie_check import CHECK as PARTIE_CHECK

    found: dict[str, Any] = measured.get("partie_calibration", {})
    lines = [
        "### Contracts of the match: checked at run time",
        "",
        "`score_partie`'s postconditions state the match rules (`piquet_ref/partie/postconditions.py`), each after the",
        "`rules:` line naming the rules it states: the deals as recorded (dealer, elder, alternation, the cut, each",
        "deal's scores); the partie's totals as the sums of its deals at their weights; when a partie is over (its",
        "deals with unequal totals, else its tie deals) and that nothing is played after; the higher total wins;",
        "the points won (bonus, difference or rubicon sum) and each player's net; the games of a hundred up",
        "(target reached in the order of accretion, double games, games needed); chouette's tens and seats. The",
        "record is an untyped mapping and a path scores whole deals, so CrossHair is not given them (not probed:",
        "the deal probe above already finishes no path of one deal). `tests/test_partie_contracts.py` evaluates",
        f"them, read from the docstring as CrossHair reads them, on {PARTIE_CHECK.max_examples} partie records under every ruleset",
        "(`strategies.partie_records`, all five forms, deals given by scores or by deal records; one draw in four",
        "a partie tied at its length with its tie deals), fixed examples. Its calibration runs the same check,",
        "without shrinking, on copies of `piquet_ref/partie/scoring.py` each with one planted bug",
        "(`verification/calibration/planted_partie.py`); the test fails if one is missed or caught by another",
        "postcondition than the one named:",
        "",
        "| planted bug in the match scorer | postcondition that must catch it | found at partie record |",
        "|---|---|---:|",
    ]
    from tests.test_partie_function_contracts import PLANTED as PLANTED_PARTS
    from tests.test_partie_function_contracts import REFUSAL_PLANTED

    parts = sorted({c.function for c in contracts(("piquet_ref.partie.scoring", PARTIE_REFUSALS_MODULE))} - {"score_partie"})
    return lines + calibration_rows(PLANTED_PARTIE, found) + [
        "",
        f"The parts of the match scorer (`{'`, `'.join(parts)}`) carry postconditions of their own over their own inputs",
        "and result, stated with the same predicates over one partie, one run of games or one chouette, and the",
        "JSON and the score card stating every deal and total of the result; `dealers_refused` states which runs of",
        "deals `check_dealers` refuses, with what code. `tests/test_partie_function_contracts.py` checks "
        f"`{'`, `'.join(sorted(PARTIE_BOXED))}` on every input of a box past their preconditions (every run of up to four",
        "deals, cut for or not, under each way of dealing) and the others as `score_partie` calls them on Hypothesis",
        "partie records under every ruleset and on the corpus's partie records. Its calibration plants a bug in a copy of",
        "`piquet_ref/partie/scoring.py` for each and requires the postcondition named to catch it: "
        + "; ".join(f"`{b.name}` ({b.what}) by `{b.breaks}`" for _, b in (*PLANTED_PARTS, ("check_dealers", REFUSAL_PLANTED))) + ".",
    ]


PARTIE_BOXED = ("partie_over", "check_dealers", "dealers_refused")  # the match scorer's parts checked on every input of a box
HAND_DECIDERS = ("revoke_choices", "exposure_option", "fresh_deal_options")  # checked on drawn hands, not on every input
LAW_MODULES = ("piquet_ref.deal.irregular.penalties", "piquet_ref.deal.irregular.misdeal", "piquet_ref.machine.left_cards", "piquet_ref.machine.revokes", "piquet_ref.machine.showing")
LAW_WRAPPERS = ("verification.contracts.laws", LAW_RUNTIME_MODULE)
# The public functions of the laws' state machine (LAW_MODULES) with no contract of their own nor a wrapper's, each
# with the reason (a test checks the list against the code both ways).
LAW_UNCONTRACTED: dict[str, str] = {}


# The scoring core's modules, whose public functions the issue asks contracts on too.
CORE_MODULES = ("piquet_ref.hand.cards", "piquet_ref.hand.suit", "piquet_ref.hand.declarations", "piquet_ref.hand.play", "piquet_ref.deal.scoring",
                "piquet_ref.deal.accretion", "piquet_ref.deal.normal_form", "piquet_ref.deal.irregular.resolution",
                "piquet_ref.hand.exchange", "piquet_ref.deal.counts", "piquet_ref.deal.record", "piquet_ref.partie.scoring", "piquet_ref.odds.take_in")
CORE_WRAPPERS = ("verification.contracts.core", "piquet_ref.deal.postconditions", "piquet_ref.partie.postconditions", DECLARATION_MODULE, "verification.contracts.play",
                 "verification.contracts.cards", PARTIE_REFUSALS_MODULE, "piquet_ref.odds.definitions")


def core_uncontracted() -> dict[str, list[str]]:
    """Per core module, its public functions with no contract of their own and none named in the first line of a
    wrapper's docstring (CORE_WRAPPERS)."""
    named: set[str] = set()
    for name in CORE_WRAPPERS:
        for fn in vars(importlib.import_module(name)).values():
            if isinstance(fn, FunctionType) and fn.__module__ == name and fn.__doc__:
                named |= set(re.findall(r"`([a-z_]+)`", fn.__doc__.splitlines()[0]))
    out: dict[str, list[str]] = {}
    for name in CORE_MODULES:
        own = {c.function for c in contracts((name,))} | named_predicates(name)
        missing = [f for f, fn in vars(importlib.import_module(name)).items() if isinstance(fn, FunctionType) and fn.__module__ == name
                   and not f.startswith("_") and f not in own and f not in named]
        if missing:
            out[name.split(".")[-1]] = missing
    return out


def named_predicates(name: str) -> set[str]:
    """The functions of module `name` that are named predicates of its own contracts: returning `bool` and called
    by one of its conditions (a condition longer than a line is a call of such a predicate, which states it)."""
    called = {m for c in contracts((name,)) for m in re.findall(r"\b([a-z_][a-z0-9_]*)\(", c.condition)}
    return {f for f, fn in vars(importlib.import_module(name)).items() if isinstance(fn, FunctionType) and fn.__module__ == name
            and f in called and fn.__annotations__.get("return") in (bool, "bool")}


def wrapped_deciders() -> set[str]:
    """`module.function` of the laws' deciders a wrapper of LAW_WRAPPERS states (its docstring opens with its name)."""
    out = set()
    for name in LAW_WRAPPERS:
        for fn in vars(importlib.import_module(name)).values():
            if isinstance(fn, FunctionType) and fn.__module__ == name and (fn.__doc__ or "").startswith("`"):
                out.add(fn.__doc__.split("`")[1])  # type: ignore[union-attr]
    return out


def uncontracted_deciders() -> set[str]:
    """The public functions of LAW_MODULES with no contract of their own and no wrapper stating them (named predicates apart)."""
    own = {f"{c.module.split('.')[-1]}.{c.function}" for c in contracts(LAW_MODULES)}
    public = {f"{name.split('.')[-1]}.{fname}" for name in LAW_MODULES
              for fname, fn in vars(importlib.import_module(name)).items()
              if isinstance(fn, FunctionType) and fn.__module__ == name and not fname.startswith("_")}
    predicates = {f"{name.split('.')[-1]}.{f}" for name in LAW_MODULES for f in named_predicates(name)}
    return public - own - wrapped_deciders() - predicates


# The public functions of the calling dialogue and the state machine with no contract, each with the reason (a
# test checks the list against the code both ways).
DIALOGUE_UNCONTRACTED: dict[str, str] = {}


def uncontracted_dialogue() -> set[str]:
    """`module.function` of the public functions of the dialogue and the machine (its shortfall's, multiple leads' and stock exposure's too) with no postcondition."""
    return {f"{m.split('.')[-1]}.{name}" for m in (DIALOGUE_MODULE, MACHINE_MODULE, SHORTFALL_MODULE, MULTIPLE_LEAD_MODULE, STOCK_EXPOSURE_MODULE) for name in public_uncontracted(m)}


def public_uncontracted(module: str) -> list[str]:
    """The public functions of `module` with no postcondition, in source order (its named predicates apart)."""
    posts = {c.function for c in contracts((module,)) if c.kind == "post"} | named_predicates(module)
    return [name for name, fn in vars(importlib.import_module(module)).items() if isinstance(fn, FunctionType) and fn.__module__ == module
            and not name.startswith("_") and name not in posts]


def dialogue_lines() -> list[str]:
    """The section on the contracts of the calling dialogue's deciders (piquet_ref/machine/dialogue.py)."""
    from tests.test_dialogue_contracts import PLANTED as PLANTED_DIALOGUE

    from tests.test_machine_contracts import PLANTED as PLANTED_MACHINE
    from tests.test_machine_contracts import CLAIM_PLANTED, RECORD_PLANTED

    posts = [c for c in contracts((DIALOGUE_MODULE,)) if c.kind == "post"]
    machine_posts = [c for c in contracts((MACHINE_MODULE,)) if c.kind == "post"]
    machine_rest = public_uncontracted(MACHINE_MODULE)
    return [
        "### The calling dialogue's deciders",
        "",
        f"{len(posts)} postconditions on `{'`, `'.join(sorted({c.function for c in posts}))}` of `piquet_ref/machine/dialogue.py` state what a",
        "player can call (laws 46, 48), his best holding, the openings open to the elder (a head or rank left unnamed only",
        "when good against the cards, law 48), what a point makes (its pips, law 46), the card of a trio that may be named",
        "as not reckoned (Case VIII), the elder's amendments (only larger calls, law 50; any call in place of a claim, law",
        "52), what may be said next (asking the value only holding as many cards, law 46; allowing only what is not good,",
        "law 51), the holding a call stands for, and the younger's reply (by the number of cards first, law 46; what is",
        "judged against what, law 52); the order of holdings and of claims (law 46), good against the cards (law 48), what",
        "a call allowed good reckons (law 49), the category judged (law 46's bar on the asker included), the calls of what is",
        "not held and when they are exempt (laws 52-54), a misnomer (law 53), a claim found out or corrected (laws 52, 54),",
        "and the dialogue's turns and ends (laws 46, 51). They take whole hands and a ruleset, so CrossHair is not given them;",
        "`tests/test_dialogue_contracts.py` evaluates each on Hypothesis hands with a discard (every category) and on every",
        "dialogue under way in the machine's walks, claims of what is not held included. Its calibration requires the same",
        "check to find each planted bug:",
        "",
        "| planted bug | function | postcondition that must catch it |",
        "|---|---|---|",
        *(f"| `{bug.name}`: {bug.what} | `dialogue.{fn}` | `{bug.breaks.replace('|', chr(92) + '|')}` |" for fn, bug in PLANTED_DIALOGUE),
        "",
        *(["Public functions of the dialogue and the machine with no contract, and why:", ""] if DIALOGUE_UNCONTRACTED
          else ["Every public function of the dialogue, the machine and the shortfall has a contract."]),
        *(f"- `{name}`: {why}" for name, why in DIALOGUE_UNCONTRACTED.items()),
        "",
        "### The state machine's entry points",
        "",
        f"{len(machine_posts)} postconditions on `{'`, `'.join(sorted({c.function for c in machine_posts}))}` of `piquet_ref/machine/state.py`: the laws",
        "accept exactly the actions they allow and the irregularities they remedy, the two apart; the deal dealt never changes;",
        "a card once played stays played unless a revoke is retaken (law 59 IV); an election pending stops all but the elector",
        "(laws 11, 13, 28, 44), and law 54's waiver is open to a player only against his adversary's claim standing; nothing is",
        "allowed once the deal is over; the replies come in law 67's order whatever the order of the calls (law 47); a claim,",
        "the elder's or the younger's, is corrected only before the younger's first card, and the elder takes back his lead",
        "only while it stands unanswered after the younger's correction (law 52); each call is shown once, the younger asked only after the",
        "elder's lead (law 55); the score's penalties are the machine's; a deal goes straight to the exchange only when dealt",
        "by law, else to the elder's option or void (laws 9, 11-13); each category is called once, the point first (laws 46,",
        "47); each player declares only what he called and holds; the record is the state's deal and its mapping scores as",
        "it does; running actions is applying each. `tests/test_machine_contracts.py` evaluates them at every step of the machine's",
        "walks (irregular exchanges, revokes, claims of either player, showings; `new_deal` on each walk's deck dealt regularly and with cards",
        "astray; `run` and `record_mapping` on each whole walk); its calibration requires the same check to find "
        + "; ".join(f"`{b.name}` ({b.what}) by `{b.breaks}`" for _, b in PLANTED_MACHINE + RECORD_PLANTED + CLAIM_PLANTED) + ".",
        *([f"The machine's other {len(machine_rest)} public functions (`{'`, `'.join(machine_rest)}`) carry no contract yet:",
           "they rest on the walks' properties (`tests/test_machine.py`) and the corpus."] if machine_rest else []),
    ]


def odds_lines() -> list[str]:
    """The section on the contracts of the take-in odds (piquet_ref/odds/take_in.py)."""
    from tests.test_odds_contracts import PLANTED as PLANTED_ODDS

    posts = [c for c in contracts(ODDS_MODULES) if c.kind == "post"]
    return [
        "### The take-in odds",
        "",
        f"{len(posts)} postconditions on `{'`, `'.join(sorted({c.function for c in posts if c.module == ODDS_MODULES[0]}))}` of",
        "`piquet_ref/odds/take_in.py` (and on `odds_contracts.condition_refused`, the refusal of a malformed condition) state the chances from their definitions",
        "(`piquet_ref/odds/definitions.py`): a chance is a fraction of the C(unseen, take) equally likely take-ins, on a question",
        "of at most `SMALL` take-ins exactly those whose cards satisfy the condition (every take-in listed), all of two",
        "conditions no likelier than either, not a condition the take-ins it leaves; the joint counts of the features add up",
        "to the take-ins, a count of cards falling as in drawing without replacement; the question's unseen cards, kept cards",
        "and take (laws 30, 31; the players' limits); the legal discards exactly those within the limits, ranked best first",
        "(ties in their order); the hands counted by de Moivre's patterns and up to suit permutation by Burnside's lemma.",
        "They take a ruleset, whole hands and condition trees, so CrossHair is not given them; `tests/test_odds_contracts.py`",
        "evaluates each on boxes (hand counts of every pack up to four suits of eight ranks, every hand size and discard",
        "limit), on Hypothesis questions small enough to list and conditions (malformed ones too), and on the corpus's odds",
        "questions. Its calibration requires the same check to find each planted bug:",
        "",
        "| planted bug | function | postcondition that must catch it |",
        "|---|---|---|",
        *(f"| `{bug.name}`: {bug.what} | `odds.{fn}` | `{bug.breaks.replace('|', chr(92) + '|')}` |" for fn, bug in PLANTED_ODDS),
    ]


def shortfall_lines() -> list[str]:
    """The section on the contracts of the younger's unannounced shortfall and its take-up (piquet_ref/machine/shortfall.py)."""
    from tests.test_machine_contracts import SHORTFALL_BOXES, SHORTFALL_PLANTED

    posts = [c for c in contracts((SHORTFALL_MODULE,)) if c.kind == "post"]
    laws = sorted({n for c in posts for n in c.laws})
    return [
        "### The younger's unannounced shortfall and its take-up",
        "",
        f"{len(posts)} postconditions on `{'`, `'.join(sorted({c.function for c in posts}))}` of `piquet_ref/machine/shortfall.py` state",
        f"Cavendish's Case XIII as read in `exchange.unannounced-shortfall` (laws {', '.join(map(str, laws))}): only the younger dealt twelve",
        "leaves cards unannounced, never when he announced it, and no more than the stock held for him; the cards left are",
        "the top ones of what both takes leave; a take-up is open only to the younger, in the play, with cards left short",
        "unmixed with his discard; the first renounce is the first trick the elder led in the suit of a card taken up that",
        "the younger did not follow; the cards taken up join his hand; the play is retaken from that trick, each card to",
        "its owner, the elder's lead staying led. `tests/test_machine_contracts.py` evaluates them at every step of the",
        "machine's walks (with shortfalls and take-ups: every call the machine makes or would make on a take-up),",
        f"`{'` and `'.join(sorted(SHORTFALL_BOXES))}` on every input of a box past their preconditions, and the others on",
        "Hypothesis stocks, tricks and hands (`retaken` from every trick); its calibration requires the same check to find "
        + "; ".join(f"`{b.name}` ({b.what}) in `{fn}` by `{b.breaks}`" for fn, b in SHORTFALL_PLANTED) + ".",
    ]


def stock_exposure_lines() -> list[str]:
    """The section on the contracts of a card of the adversary's stock shown (piquet_ref/deal/irregular/stock_exposure.py)."""
    from tests.test_stock_exposure import PLANTED as EXPOSURE_PLANTED

    posts = [c for c in contracts((STOCK_EXPOSURE_MODULE,)) if c.kind == "post"]
    return [
        "### A card of the adversary's stock shown",
        "",
        f"{len(posts)} postconditions on `{'`, `'.join(sorted({c.function for c in posts}))}` of `piquet_ref/deal/irregular/stock_exposure.py` state law 27",
        "as read in `exchange.stock-exposure`: the elder offends by showing a card of the younger's portion he has not taken in,",
        "until the younger exchanges; the younger by showing a card of the elder's portion the elder has not said he leaves,",
        "before the elder exchanges; a card shown once is no new offence; a record names only distinct cards of the adversary's",
        "portion. `tests/test_stock_exposure.py` evaluates them on every input of a box (both players, stocks of seven and",
        "eight, every portion, card said left, exchange made and card shown before), proves `exposable` there against a",
        "definition written from the law, and requires the same check to find "
        + "; ".join(f"`{b.name}` ({b.what}) in `{fn}`" for fn, b in EXPOSURE_PLANTED) + ".",
    ]


def multiple_lead_lines() -> list[str]:
    """The section on the contracts of several cards led at once (piquet_ref/machine/multiple_lead.py)."""
    from tests.test_multiple_lead import PLANTED as MULTIPLE_LEAD_PLANTED

    posts = [c for c in contracts((MULTIPLE_LEAD_MODULE,)) if c.kind == "post"]
    return [
        "### Several cards led at once",
        "",
        f"{len(posts)} postconditions on `{'`, `'.join(sorted({c.function for c in posts}))}` of `piquet_ref/machine/multiple_lead.py` state",
        "law 59 II with Cavendish's Cases X and XI as read in `play.multiple-lead`: only the player on lead, with no card led,",
        "lays two or more distinct cards of his hand, the first led now; a card laid and not yet played to may be changed for",
        "a card of his hand not laid, in its place; a card played beyond them leaves the follower's hand, in no trick, only",
        "right after his answer to the last card laid, won by the leader; taken back, the surplus and every card played",
        "since go back to their owners, no card led, the winner of the multiple lead's last trick on lead.",
        "`tests/test_multiple_lead.py` evaluates them on every call the machine makes or would make at Hypothesis states",
        "of the play (each lead laid, each change open, the overplays open and each made, the surplus put back and taken back),",
        "and on the calls of case PQ-8A5Q8's deal; its calibration requires that check to find "
        + "; ".join(f"`{b.name}` ({b.what}) in `{fn}`" for fn, b in MULTIPLE_LEAD_PLANTED) + ".",
    ]


def law_lines() -> list[str]:
    """The section on the contracts of the laws' small deciders (penalties, misdeal, left_cards, revokes, showing)."""
    from tests.test_law_contracts import MACHINE_PLANTED
    from tests.test_law_contracts import PLANTED as PLANTED_LAWS

    own = [c for c in contracts(MACHINE_DECIDER_MODULES) if c.kind == "post"]

    searched = [c for c in contracts(("verification.contracts.laws", "piquet_ref.machine.left_cards")) if c.kind == "post"]
    checked = [c for c in contracts((LAW_RUNTIME_MODULE,)) if c.kind == "post"]
    laws = sorted({n for c in searched + checked for n in c.laws})
    return [
        "### The laws' small deciders",
        "",
        f"{len(searched) + len(checked)} postconditions state laws of 1882 on the deciders of the state machine (`laws:` lines;",
        f"laws {', '.join(map(str, laws))}). {len(searched)} are on `left_cards`' own functions and, through plain-value wrappers",
        "fixing the default ruleset and taking players as numbers, in `verification/contracts/laws.py`: CrossHair searches them",
        f"in the run above. {len(checked)}, in `verification/contracts/laws_runtime.py`, are on deciders no path of which finishes within",
        "CrossHair's per-path budget (they read spec/laws.yaml through `law_of` or spec/errors.yaml through `error`, whose",
        "caches CrossHair bypasses, or hands' sizes through functions with contracts of their own). `tests/test_law_contracts.py` evaluates every",
        "condition of these two wrapper modules on every input the preconditions admit (their domains are finite: within them a",
        "proof), but those of the deciders that take hands (`revoke_choices`, `exposure_option`, `fresh_deal_options`)",
        "on Hypothesis hands and deals, and the revokes' on the machine's walks too. Its calibration requires the same",
        "check to find each bug planted in a copy of a decider by the postcondition named (fixed inputs for the revokes):",
        "",
        "| planted bug | decider | postcondition that must catch it |",
        "|---|---|---|",
        *(f"| `{bug.name}`: {bug.what} | `{file[:-3]}.{decider}` | `{bug.breaks.replace('|', chr(92) + '|')}` |"
          for file, decider, _, bug in PLANTED_LAWS),
        "",
        f"{len(own)} more, on `{'`, `'.join(sorted({c.function for c in own}))}` themselves (whole hands, a position, the comparison's verdicts),",
        "are evaluated wherever the machine's walks call on them (every exchange, every revoke open to a follower, every",
        "player's showable calls), with irregular exchanges, revokes, claims and showings; a bug planted in a copy of each",
        "is caught by the postcondition named: " + "; ".join(f"`{b.name}` ({b.what}) by `{b.breaks}`" for _, _, b in MACHINE_PLANTED) + ".",
        "",
        *(["Public functions of these modules with no contract yet, and why:", ""] if LAW_UNCONTRACTED
          else ["Every public function of these modules has a contract of its own or a wrapper's."]),
        *(f"- `{name}`: {why}" for name, why in LAW_UNCONTRACTED.items()),
    ]


def runtime_outcome(measured: dict[str, Any], function: str = "score_deal", module: str = "") -> str:
    """The CrossHair cell of a postcondition checked at run time."""
    if module == LAW_RUNTIME_MODULE:
        return ("not given to CrossHair (no path finishes in budget); checked on every input the preconditions admit"
                if function not in HAND_DECIDERS else "not given to CrossHair; checked on Hypothesis hands and deals (and the machine's walks)")
    if function == "score_partie":
        return "not given to CrossHair (an untyped record; not probed)"
    if module == "piquet_ref.partie.scoring" or module == PARTIE_REFUSALS_MODULE:
        return ("checked on every input of a box past its preconditions (tests/test_partie_function_contracts.py)"
                if function in PARTIE_BOXED else "not given to CrossHair (untyped entries, whole parties and results); checked as "
                "`score_partie` calls it on Hypothesis partie records under every ruleset and the corpus's (tests/test_partie_function_contracts.py)")
    if module in MACHINE_DECIDER_MODULES:
        return "not given to CrossHair (whole hands, positions or the comparison); checked where the machine's walks call on it (tests/test_law_contracts.py)"
    if module == MACHINE_MODULE:
        return "not given to CrossHair (whole states); checked at every step of the machine's walks (tests/test_machine_contracts.py)"
    if module == SHORTFALL_MODULE:
        return ("checked on every input of a box past its preconditions (tests/test_machine_contracts.py)" if function in ("unannounced_short", "check_take_up")
                else "not given to CrossHair (positions, stocks and tricks); checked on the machine's walks with shortfalls and on Hypothesis inputs (tests/test_machine_contracts.py)")
    if module == STOCK_EXPOSURE_MODULE:
        return "not given to CrossHair (a ruleset, errors from spec/errors.yaml); checked on every input of a box past its preconditions (tests/test_stock_exposure.py)"
    if module == MULTIPLE_LEAD_MODULE:
        return "not given to CrossHair (positions and tricks); checked on the calls the machine makes at Hypothesis states of the play and on a corpus deal (tests/test_multiple_lead.py)"
    if module == DECLARATION_MODULE:
        from tests.test_declaration_contracts import HOLDING_BOXES

        return ("not given to CrossHair (holdings and a ruleset); checked on every holding and pair of holdings under every variant (tests/test_declaration_contracts.py)"
                if function in HOLDING_BOXES else "not given to CrossHair (whole hands and a ruleset); checked on every suit mask and on Hypothesis hands "
                "under every variant, and on the corpus's hands (tests/test_declaration_contracts.py)")
    if module in CORE_RUNTIME_MODULES or function in CORE_RUNTIME_SCORING:
        return ("not given to CrossHair (a ruleset, whole hands, positions or records); checked on every input of a box where the domain is small, "
                "else on Hypothesis hands, discards, deals and records and the machine's walks (tests/test_core_contracts.py)")
    if module == CARD_MODULES[0]:
        return ("not given to CrossHair (a ruleset, values of any type); checked on every spelling of every card in every case, near-misses, "
                "every one-suit hand and Hypothesis texts, cards and hands (tests/test_card_contracts.py)")
    if module == CARD_MODULES[1]:
        return "not given to CrossHair (untyped record values); checked on the corpus's deal records and Hypothesis records (tests/test_card_contracts.py)"
    if module in ODDS_MODULES:
        return ("checked on every input of a box past its preconditions (tests/test_odds_contracts.py)" if function in ("hand_counts", "distinct_hands", "legal_discards")
                else "not given to CrossHair (a ruleset, whole hands and condition trees); checked on Hypothesis questions of up to 462 take-ins, "
                     "conditions (malformed ones too) and the corpus's odds questions (tests/test_odds_contracts.py)")
    if module == DIALOGUE_MODULE:
        return "not given to CrossHair (whole hands and a ruleset); checked on Hypothesis hands and the dialogues of the machine's walks (tests/test_dialogue_contracts.py)"
    probe = measured.get("probes", {}).get("deal_scored")
    if probe is None:
        return "not given to CrossHair in CI (probe not measured)"
    texts = sorted({probe_text(o, probe, measured.get("probe_wall_limit", 0)) for o in probe["outcomes"].values()})
    return "not given to CrossHair in CI; probe `deal_scored`: " + "; ".join(texts)


def domain_of(c: Contract) -> Any:
    """The finite domain on which `c`'s function's conditions are all evaluated (verification/contracts/domains.py), if any."""
    from verification.contracts.domains import DOMAINS

    return next((d for d in DOMAINS if (d.module, d.function) == (c.module, c.function)), None)


def bounded_reason(c: Contract) -> str | None:
    """Why `c`'s function stays bounded (verification/contracts/domains.py), if it does."""
    from verification.contracts.domains import BOUNDED

    return BOUNDED.get(f"{c.module}.{c.function}")


def stands_in(c: Contract, longer: dict[str, str]) -> str:
    """What stands for a proof of postcondition `c`, which the CI's CrossHair run did not confirm: `longer` (confirmed
    by the longer search), `every input`, `restated`, `bounded`, or `nothing`."""
    if longer.get(contract_key(c)) == "confirmed":
        return "longer"
    d = domain_of(c)
    if d is not None:
        return "every input" if d.complete else "restated"
    return "bounded" if bounded_reason(c) else "nothing"


STANDS_IN_WORDS = {"longer": "confirmed over all paths by the longer search", "every input": "proven on every input the preconditions admit",
                   "restated": "proven on a restated domain", "bounded": "bounded, with the reason", "nothing": "with nothing in their place"}


def unconfirmed_lines(posts: list[Contract], outcomes: dict[str, str], measured: dict[str, Any]) -> list[str]:
    """What stands in place of a proof for each function with a postcondition CrossHair did not confirm."""
    longer_run: dict[str, Any] = measured.get("longer_search", {})
    longer: dict[str, str] = longer_run.get("outcomes", {})
    by_function: dict[tuple[str, str], list[Contract]] = {}
    for c in posts:
        if outcomes.get(contract_key(c)) != "confirmed":
            by_function.setdefault((c.module, c.function), []).append(c)
    tally = {k: sum(stands_in(c, longer) == k for cs in by_function.values() for c in cs) for k in STANDS_IN_WORDS}
    lines = [
        "### Where CrossHair confirms nothing: what stands in its place",
        "",
        f"{sum(map(len, by_function.values()))} postconditions on {len(by_function)} functions are searched without a counterexample but not",
        "confirmed. Each is confirmed by a longer CrossHair search of its function"
        + (f" ({longer_run['per_condition']:g} s a condition, {longer_run['per_path']:g} s a path; `python -m verification.report --longer`,"
           f" {longer_run['seconds']:g} s)" if longer_run else " (not measured on this tree: `python -m verification.report --longer`)") + ",",
        "or its function's conditions, all of them, are evaluated on every input of a finite domain",
        "(`tests/test_contract_domains.py`, domains in `verification/contracts/domains.py`): every input its preconditions",
        "admit, a proof of the function as written, or a domain restated smaller with the reason it stands for every",
        "input; or it stays bounded, with the reason no proof is given and what is checked instead.",
        "",
        "Of these: " + ", ".join(f"**{n}** {STANDS_IN_WORDS[k]}" for k, n in tally.items() if n) + ".",
        "",
        "| function | not confirmed | in its place |",
        "|---|---:|---|",
    ]
    for (module, function), cs in sorted(by_function.items()):
        places = []
        confirmed = sum(stands_in(c, longer) == "longer" for c in cs)
        if confirmed:
            places.append(f"{confirmed} of {len(cs)} confirmed over all paths by the longer search")
        d, why = domain_of(cs[0]), bounded_reason(cs[0])
        if confirmed < len(cs):
            if d is not None:
                kind = "exhaustive: every input the preconditions admit" if d.complete else "exhaustive on a restated domain"
                places.append(f"{kind} ({d.admitted:,} inputs{', deep tier' if d.deep else ''}): {d.what}")
            else:
                places.append(f"bounded: {why}" if why else "**nothing: neither a domain nor a reason**")
        lines.append(f"| `{module}.{function}` | {len(cs)} | {'; '.join(places)} |")
    return lines


def every_hand_lines(record: dict[str, Any]) -> list[str]:
    """The section on the check of every twelve-card hand and of every pair of keys, from its record."""
    from tests import test_every_hand as t
    from verification.every_hand import sources_digest

    head = ["## Every twelve-card hand", ""]
    if not record:
        return head + ["Not measured on this tree: `python -m verification.every_hand --jobs 2`, then `--planted`."]
    reps, hands = record["representatives"], record["hands"]
    fresh = record["sources_sha256"] == sources_digest()
    counts = {c: len(rows) for c, rows in record["entries"].items()}
    lines = head + [
        f"`{record['command']}` ({record['date']}; Python {record['python']}; {record['seconds']:g} s wall time"
        + (f", {record['cpu_seconds']:g} s of processor time," if "cpu_seconds" in record else "") + " in "
        f"{record['processes']} process{'es' if record['processes'] > 1 else ''} on {record['cores']} cores shared with other work, "
        f"load {record['load_average_at_start']:g} at the start) checked `evaluate_hand` on one hand of each orbit of the suit",
        f"permutations: **{reps:,} hands** (the sorted 4-tuples of suit masks holding twelve cards; Burnside's count, "
        f"`odds.definitions.orbits`, is {record['orbits']:,}), and so all **{hands:,}** twelve-card hands, against the plain",
        f"definition `{record['definition']}` (written from laws 18 and 62-64 over lists of rank symbols, reading the rule tables'",
        "own parameters, no mask or lookup table): the point (suit, cards, length, pips), every sequence and every set in",
        "the order reported, carte blanche, what each category scores when good, and the key and value `table_comparison`",
        "(the scorer's comparison of two hands) takes from the hand in each category, as the elder's and as the younger's,",
        "and that `compare_declarations` (the API's comparison, of two evaluations) takes the same.",
        "Each hand is checked with its suits in one of the 24 orders, in turn (the order decides only which of two equal",
        f"points is named and how equal sequences are listed). **{record['failing']} differences.**",
        "",
        f"The record (`verification/results/every_hand.json`) keeps a digest of the evaluator's modules, the definition,",
        f"the driver and the rule tables: it is **{'fresh' if fresh else 'STALE: the sources changed since the run'}** on this tree. "
        "The standard tier (`tests/test_every_hand.py`) checks",
        f"one representative in {t.STANDARD_STRIDE:,} ({-(-reps // t.STANDARD_STRIDE):,} hands), every order of the suits of one in "
        f"{t.ORDERS_STRIDE:,}, one in {t.RULESET_STRIDE:,} under each ruleset, and that the representatives are one hand of each",
        f"orbit; the deep tier one in {t.DEEP_STRIDE} ({-(-reps // t.DEEP_STRIDE):,} hands) and that the record is complete, without a difference, and fresh.",
        "",
        f"**Every comparison.** The keys and values twelve-card hands hold: {counts['point']} for the point, {counts['sequences']} for",
        f"the sequences (the best sequence's key, all sequences' points), {counts['sets']} for the sets. Every pair of them, nothing",
        f"declared included ({key_pairs(record):,} pairs; every pair two disjoint hands can hold is among them), is compared as the",
        "scorer's `Comparison` compares them and checked against the definition's verdict (laws 62-64): each side's reply (good,",
        "equal, not good), the deciding part, and the good side scoring all its points, the other none. A comparison depends on",
        "nothing but these keys and values, so this and the check of every hand together cover every pair of hands.",
    ]
    planted = record.get("planted")
    if planted:
        hyp = planted["hypothesis"]
        lines += [
            "",
            f"**Calibration.** `verification/calibration/planted_hand.py` plants a bug in a copy of the evaluator: {planted['what']}.",
            f"{planted['representatives_showing_it']:,} of the {reps:,} representatives show it ({planted['hands_showing_it']:,} of the "
            f"{hands:,} hands, {planted['hands_showing_it'] / hands:.2%}). The check above, run in its order, "
            + (f"**found it after {planted['found_after']:,} hands** (`{planted['first_difference']}`)." if planted["found"] else "**did not find it**."),
            f"The same comparison as a Hypothesis property on random twelve-card hands (`{hyp['strategy']}`) at the standard",
            f"profile ({hyp['max_examples']} examples) found it in **{hyp['runs_that_found_it']} of {hyp['seeds']} runs** (seeds 0-{hyp['seeds'] - 1}).",
            "(`python -m verification.every_hand --planted`.)",
        ]
    return lines


EVIDENCE_ORDER = ("every hand", "exhaustive", "confirmed", "bounded", "property", "example")


def strongest(rid: str, tests: dict[str, list[Evidence]], by_rule: dict[str, list[Contract]], outcomes: dict[str, str],
              runtime: list[Contract], cases: dict[str, int], longer: dict[str, str]) -> tuple[str, str]:
    """The strongest evidence for rule `rid`, and what it is: the marked tests over every hand, then the proofs over
    a finite domain, then CrossHair's confirmations, its bounded searches, the properties and run-time contracts, and
    the examples and conformance cases."""
    ev = tests.get(rid, [])
    for kind in ("every hand", "exhaustive"):
        hits = [e for e in ev if e.kind == kind]
        if hits:
            return kind, "<br>".join(f"`{e.name}` ({e.figure})" for e in hits)
    searched = by_rule.get(rid, [])
    domains = {d for c in searched for d in [domain_of(c)] if d is not None and d.complete}
    if domains:
        return "exhaustive", "<br>".join(f"the conditions of `{d.function}` on every input its preconditions admit ({d.admitted:,})"
                                         for d in sorted(domains, key=lambda d: d.function))
    confirmed = [c for c in searched if outcomes.get(contract_key(c)) == "confirmed" or longer.get(contract_key(c)) == "confirmed"]
    if confirmed:
        funcs = ", ".join(sorted({f"`{c.function}`" for c in confirmed}))
        return "confirmed", f"{len(confirmed)} of {len(searched)} postconditions on {funcs} confirmed over all paths"
    if searched:
        funcs = ", ".join(sorted({f"`{c.function}`" for c in searched}))
        return "bounded", f"{len(searched)} postconditions on {funcs}: no counterexample in {PER_CONDITION_TIMEOUT:g} s of search each"
    props = [e for e in ev if e.kind == "property"]
    checked = [c for c in runtime if c.kind == "post" and rid in c.rules]
    if props or checked:
        parts = [f"`{e.name}` ({e.figure})" for e in props]
        if checked:
            parts.append(f"{len(checked)} postconditions on {', '.join(sorted({f'`{c.function}`' for c in checked}))} checked at run time")
        return "property", "<br>".join(parts)
    examples = [f"`{e.name}`" for e in ev if e.kind == "example"]
    return "example", ", ".join([*examples, f"{cases.get(rid, 0)} conformance cases"])


def summary_lines(rules: list[str], tests: dict[str, list[Evidence]], by_rule: dict[str, list[Contract]], outcomes: dict[str, str],
                  runtime: list[Contract], cases: dict[str, int], longer: dict[str, str]) -> list[str]:
    """The summary table: for every rule, the strongest evidence and its figures (a postcondition the longer
    CrossHair search confirms counts as confirmed)."""
    rows = [(rid, *strongest(rid, tests, by_rule, outcomes, runtime, cases, longer)) for rid in rules]
    tally = {k: sum(r[1] == k for r in rows) for k in EVIDENCE_ORDER}
    return [
        "## Summary: the strongest evidence for each rule",
        "",
        f"{len(rows)} rules: " + ", ".join(f"{n} {k}" for k, n in tally.items() if n) + ". Each rule's other evidence is in",
        "[Every rule](#every-rule) below.",
        "",
        "| rule | strongest evidence | what establishes it |",
        "|---|---|---|",
        *(f"| `{rid}` | {kind} | {what} |" for rid, kind, what in rows),
    ]


def document(measured: dict[str, Any]) -> str:
    """The page, from the code, the tests, the corpus and `measured`."""
    rules = default_ruleset().rules
    tests, cases = marked_tests(), case_counts()
    trial: dict[str, Any] = json.loads(TRIAL_RECORD.read_text(encoding="utf-8"))
    core = core_uncontracted()
    all_contracts = contracts(CONTRACT_MODULES)
    by_rule: dict[str, list[Contract]] = {}
    for c in all_contracts:
        if c.kind == "post":
            for rid in c.rules:
                by_rule.setdefault(rid, []).append(c)
    outcomes: dict[str, str] = measured["outcomes"]
    posts = [c for c in all_contracts if c.kind == "post"]
    confirmed = sum(outcomes.get(contract_key(c)) == "confirmed" for c in posts)
    unsearched = sum(outcomes.get(contract_key(c)) == UNSEARCHED for c in posts)
    planted = [c for c in contracts((CALIBRATION_MODULE,)) if c.kind == "post"]
    found = sum(outcomes.get(contract_key(c), "").startswith("counterexample") for c in planted)
    runtime = [c for c in contracts(RUNTIME_CONTRACT_MODULES)]
    lines = [
        "# Verification",
        "",
        "<!-- generated by `python -m verification.report`; do not edit by hand (a test fails when it is stale) -->",
        "",
        "How each rule of `spec/rules/` is established, and how strongly. Every figure here is reproduced by a",
        "command: `python -m verification.report` (this page, CrossHair included), `python -m pytest` (the",
        "proofs, properties, CrossHair and calibration tests), `python bench/contract_styles.py` (the style",
        "measurement, with icontract installed) and `python -m verification.mutation run` (the mutation score).",
        "",
        "Kinds of evidence, strongest first: **every hand** (the evaluator checked on every twelve-card hand, and the",
        "comparison on every pair of keys such hands hold, against a plain definition written from the rule text);",
        "**exhaustive** (every element of a finite domain checked against a",
        "plain definition written from the rule text: a proof within that domain); **contract** (a PEP 316",
        "postcondition stating the rule, searched by CrossHair: *confirmed* over all paths is a proof for the",
        "function as written; *bounded*, no counterexample in T s, is a search, not a proof); **property**",
        "(Hypothesis, random legal deals, and contracts checked at run time); **example** (worked examples from the",
        "sources and the conformance corpus only).",
        "",
        *summary_lines(list(rules), tests, by_rule, outcomes, runtime, cases, measured.get("longer_search", {}).get("outcomes", {})),
        "",
        *every_hand_lines(every_hand_record()),
        "",
        "## CrossHair",
        "",
        f"`crosshair check --analysis_kind PEP316 --per_condition_timeout {PER_CONDITION_TIMEOUT:g} "
        f"--per_path_timeout {PER_PATH_TIMEOUT:g} --report_all` over `{'`, `'.join(CONTRACT_MODULES)}` and the",
        f"planted bugs of `{CALIBRATION_MODULE}`, as `tests/test_crosshair.py` runs it in CI: "
        f"{measured['seconds']:g} s wall time on {measured['cores']} cores (shared with other work), CrossHair "
        f"{measured['crosshair']}, Python {measured['python']}.",
        "",
        f"**{len(posts)} postconditions** ({sum(c.kind == 'pre' for c in all_contracts)} preconditions) on "
        f"{len({(c.module, c.function) for c in all_contracts})} functions: {confirmed} confirmed over all paths, "
        f"{len(posts) - confirmed - unsearched} with no counterexample within the budget, "
        + (f"{unsearched} never searched (no input meeting the preconditions finished), " if unsearched else "")
        + "none refuted.",
        "",
        f"**Calibration: {found} of {len(planted)} planted bugs found** with the same settings (the test fails,",
        "saying the budget is too small, if one is missed).",
        "",
        "| planted bug | CrossHair |",
        "|---|---|",
    ]
    for c in planted:
        doc = (getattr(importlib.import_module(c.module), c.function).__doc__ or "").strip().splitlines()[0]
        lines.append(f"| `{c.function}`: {doc} | {outcomes.get(contract_key(c), 'not run')} |")
    lines += ["", *unconfirmed_lines(posts, outcomes, measured)]
    lines += [
        "",
        f"Besides these, {sum(c.kind == 'post' for c in runtime)} postconditions on "
        f"{len({c.function for c in runtime})} whole-deal, whole-match, exchange, play-counting, laws' deciding, calling-dialogue, card-notation, record-parsing and take-in odds functions "
        f"(`{'`, `'.join(sorted({c.function for c in runtime}))}`) are checked at run time (below).",
        "",
        *law_lines(),
        "",
        *dialogue_lines(),
        "",
        *shortfall_lines(),
        "",
        *multiple_lead_lines(),
        "",
        *stock_exposure_lines(),
        "",
        *odds_lines(),
        "",
        *runtime_lines(measured),
        "",
        *declaration_lines(),
        "",
        "### Contract style",
        "",
        "PEP 316 docstring contracts were chosen over icontract: they cost nothing at run time and add no",
        "dependency (piquet-ref depends on PyYAML only). The same conditions written both ways, on three rule",
        "functions and one planted bug, searched with the settings above (`python bench/contract_styles.py`):",
        "",
        measured["styles"].strip() or "(not measured in this run: icontract was not installed)",
        "",
        *trial_lines(trial),
        "",
        "### Every contract",
        "",
        "| function | condition | rules | CrossHair | also established by |",
        "|---|---|---|---|---|",
    ]
    for c in all_contracts:
        cond = c.condition.replace("|", "\\|")
        outcome = "precondition" if c.kind == "pre" else _outcome_text(outcomes.get(contract_key(c), "not run"), PER_CONDITION_TIMEOUT)
        if c.kind == "post" and outcomes.get(contract_key(c)) != "confirmed":
            outcome += "; " + STANDS_IN_WORDS[stands_in(c, measured.get("longer_search", {}).get("outcomes", {}))] + " (above)"
        besides = sorted({e.kind for rid in c.rules for e in tests.get(rid, [])})
        lines.append(f"| `{c.module}.{c.function}` | `{c.kind}: {cond}` | {named(c)} | {outcome} | {', '.join(besides)} |")
    for c in runtime:
        besides = sorted({e.kind for rid in c.rules for e in tests.get(rid, [])} | {"run-time check"})
        lines.append(f"| `{c.module}.{c.function}` | `{c.kind}: {c.condition.replace('|', chr(92) + '|')}` | {named(c)} | "
                     f"{runtime_outcome(measured, c.function, c.module)} | {', '.join(besides)} |")
    lines += [
        "",
        "## Every rule",
        "",
        "| rule | exhaustive | contracts | properties | examples | conformance cases | note |",
        "|---|---|---|---|---|---:|---|",
    ]
    for rid in rules:
        ev = tests.get(rid, [])
        cell = {k: "<br>".join(f"`{e.name}` ({e.figure})" for e in ev if e.kind == k or (k, e.kind) == ("exhaustive", "every hand"))
                for k in ("exhaustive", "property", "example")}
        cs = by_rule.get(rid, [])
        contract_cell = ""
        if cs:
            conf = sum(outcomes.get(contract_key(c)) == "confirmed" for c in cs)
            funcs = sorted({f"`{c.function}`" for c in cs})
            contract_cell = f"{len(cs)} on {', '.join(funcs)}: {conf} confirmed, {len(cs) - conf} no counterexample"
        checked = [c for c in runtime if c.kind == "post" and rid in c.rules]
        if checked:
            funcs = sorted({f"`{c.function}`" for c in checked})
            contract_cell += ("; " if contract_cell else "") + f"{len(checked)} on {', '.join(funcs)}: checked at run time"
        note = NO_PROPERTY.get(rid, "")
        lines.append(f"| `{rid}` | {cell['exhaustive']} | {contract_cell} | {cell['property']} | {cell['example']} | "
                     f"{cases.get(rid, 0)} | {note} |")
    lines += ["", "## Mutation score of the conformance corpus", ""]
    record = read_record()
    if record is not None:
        s = corpus_score(record)
        lines += [f"{s['mutants']} mutants, judged by the whole corpus in {len(record['runs'])} recorded run(s) "
                  "(`verification/results/mutation_corpus.json`; `python -m verification.mutation report` writes every figure):",
                  f"**{s['killed']} killed of {s['killed'] + s['survived']} = {100 * s['score']:.1f}%**, "
                  f"{s['by_class']['equivalent']} equivalent, {s['by_class']['unpinned']} left open on purpose, "
                  f"{s['by_class']['api-only']} in code only the Python API reaches."]
    else:
        lines.append("Not measured on this tree: `python -m verification.mutation run`, then `record` its report.")
    lines += ["", "## Mutation score of the test suite", ""]
    lines += suite_mutation_section()
    lines += [
        "",
        "## Limits, and what stands in their place",
        "",
        "- no CrossHair search of the whole deal and of the match: at the CI settings no path of the smallest whole-deal",
        "  search finishes within 300 s (the probes above), so `score_deal`'s and `score_partie`'s postconditions are",
        "  checked at run time on drawn deals and partie records, each check calibrated on planted bugs;",
        "- `score_partie`'s refusals (deals after the end, a game the scores alone cannot decide) are no postconditions:",
        "  its conditions are checked on the valid records drawn; those refusals rest on the conformance error cases",
        "  (the order of dealing's, a dealer out of turn or the wrong cut, are stated by `dealers_refused`);",
        f"- {trial_summary(trial)}",
        "- no CrossHair search of the evaluators that read the whole-hand tables (`held_point`, `held_sets`,",
        "  `table_comparison`; their probes report nothing within 300 s): their conditions are checked at run time",
        "  (above), the tables are proven cell by cell by the exhaustive tests, and the evaluator and the comparison's",
        "  keys are checked on every twelve-card hand ([Every twelve-card hand](#every-twelve-card-hand));",
        "- one hand of each orbit of the suit permutations stands for its orbit because the evaluator treats the suits",
        "  alike, which is read from the code and checked on every order of the suits of a slice, not of every hand;",
        "- path counts: `crosshair check` reports per condition only confirmed / not confirmed / a",
        "  counterexample, so a bounded outcome is given as its time budget, not as a number of paths.",
        "",
        "## Contracts on every public function",
        "",
        *([f"Every public function of the scoring core ({', '.join(f'`{m.split(chr(46))[-1]}`' for m in CORE_MODULES)}) carries a "
           "contract, as do those of the laws' deciders, the dialogue and the machine (above): its own PEP 316 conditions, or a "
           "wrapper's whose docstring names it on its first line (`tests/test_verification.py` fails when a public function "
           "has neither)."] if not core else
          [f"Public functions of the scoring core with no contract of their own nor a wrapper's naming them ({sum(map(len, core.values()))}):",
           "", *(f"- `{m}`: " + ", ".join(f"`{f}`" for f in fs) for m, fs in core.items())]),
        "",
    ]
    return "\n".join(lines)


def suite_mutation_section() -> list[str]:
    """The test suite's mutation score, from verification/results/mutation_suite.json (the summary of a suite-judge run)."""
    if not SUITE_MUTATION.exists():
        return ["Not measured on this tree: `python -m verification.mutation run --judge tests --from CORPUS_REPORT`, then",
                "`python -m verification.mutation suite-summary REPORT` writes `verification/results/mutation_suite.json`, from which this section is taken."]
    data = json.loads(SUITE_MUTATION.read_text(encoding="utf-8"))
    summary, by_class = data["summary"], data["summary"]["by_class"]
    judged = summary["killed"] + summary["survived"]
    runs = data.get("runs") or [{"date": data["date"], "commit": data.get("commit"), "files": None}]
    when = "; ".join(
        f"on {r['date']}" + (f" on the tree of commit `{r['commit']}`" if r.get("commit") else "")
        + (f" for {len(r['files'])} of the files" if r.get("files") is not None else "")
        for r in runs
    )
    lines = [
        f"Run {when}, with `python -m verification.mutation run --judge tests --from CORPUS_REPORT --skip-equivalent`, then",
        "`python -m verification.mutation suite-summary REPORT...` (the same mutants as the corpus's, made as `verification/mutation.py`"
        " describes; each file's rows from the last run over it).",
        f"A mutant the corpus killed is killed by the suite, which runs every case (`tests/test_conformance.py`):",
        f"{data['killed_by_corpus_report']} such kills are taken from the corpus report. pytest judged the other {data['run_by_pytest']}",
        f"({data['seconds']:.0f} s on 2 cores; the unmutated suite passes in {data['baseline_seconds']:.0f} s), with the Hypothesis",
        "profile `mutation` (30 fixed examples per property), the first failure ending the run, running on each mutant only the",
        "tests that coverage.py showed reaching the function it mutates (every file for a table or module-level code), out of",
        "every test file but those below. Rule code changed since that commit is measured only by the next run.",
        "",
        "Left out:",
        "",
    ]
    lines += [f"- `tests/{name}`: {reason}" for name, reason in data["skipped"].items()]
    lines += [
        "",
        f"**Score: {summary['killed']} killed of {judged} = {100 * summary['score']:.1f}%** ({by_class['killed']} by a failing test or case,",
        f"{by_class['timeout']} by running out of time, {by_class['crashed']} by crashing the judge; {summary['survived']} survivors).",
        f"Not counted: {by_class['equivalent']} equivalent mutants (listed with reasons in `verification/mutation_equivalent.yaml`;",
        f"not run again by pytest), {by_class['invalid']} tables the loader rejects and {by_class['contract']} in the named predicates of",
        "the contracts (which no op runs). Unlike the corpus's score, the changes the corpus leaves open on purpose (wording) and",
        "the code only the Python API reaches count here: the suite must pin them.",
        *([f"The run was cut short: {len(data['unjudged'])} mutants it had not reached were not judged (`journal-report` wrote",
           "its report from the journal); they count on neither side, and the table gives them per module."] if data.get("unjudged") else []),
        *([] if any(f.endswith(".yaml") for f in data.get("per_file", {})) else [
            "The run was over the Python modules of the rules (`--only 'piquet_ref/*'`): the mutants of the rule tables",
            "(`spec/rules/*.yaml`) reach every test file, a whole run of the suite each, and are judged by the corpus (above)."]),
        "",
        *per_module_lines(data),
        "",
        "| test file | mutants it killed first |",
        "|---|---:|",
    ]
    lines += [f"| `{file}` | {n} |" for file, n in data["killed_by_file"].items()]
    survivors = data["survivors"]
    lines += ["", f"Survivors ({len(survivors)}):" if survivors else "No survivor."]
    lines += [f"- `{r['mutant']}` `{r['file']}:{r['line']}` {r['where']}: {r['operator']}: `{r['original']}` → `{r['mutated']}`"
              for r in survivors]
    return lines + rejudged_lines(data.get("rejudged"))


def per_module_lines(data: dict[str, Any]) -> list[str]:
    """The suite's score per rule module (and spec table), the survivors judged again counted as that found them."""
    per_file = data.get("per_file")
    if not per_file:
        return []
    again = data.get("rejudged") or {}
    settled = set(again.get("killed", ())) | set(again.get("equivalent", ()))
    file_of = {r["mutant"]: r["file"] for r in data["survivors"]}
    unjudged = Counter(f"piquet_ref/{m.split(':')[0]}.py" for m in data.get("unjudged", ()))
    lines = ["| module | mutants | killed | surviving | equivalent | not counted | not judged | score |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for file, c in per_file.items():
        later = sum(1 for m in again.get("killed", ()) if file_of.get(m) == file)
        dropped = sum(1 for m in settled if file_of.get(m) == file)
        killed, surviving = c["killed"] + later, c["survived"] - dropped
        equivalent = c["by_class"]["equivalent"] + dropped - later
        apart = sum(c["by_class"][k] for k in ("invalid", "contract", "unpinned", "api-only", "gone"))
        score = f"{100 * killed / (killed + surviving):.1f}%" if killed + surviving else "-"
        lines.append(f"| `{file}` | {c['mutants'] + unjudged[file]} | {killed} | {surviving} | {equivalent} | {apart} | {unjudged[file]} | {score} |")
    return lines


def rejudged_lines(again: dict[str, Any] | None) -> list[str]:
    """What `suite-rejudge` recorded of a run's survivors judged again, if anything."""
    if not again:
        return []
    lines = [
        "",
        f"**The survivors judged again** on {', '.join(again['dates'])} (the working tree over commit {', '.join(f'`{c}`' for c in again['commits'])}),",
        "by the same judge restricted to them (`run --judge tests --only ID ...`, then `suite-rejudge REPORT ...`;",
        f"{again['seconds']:.0f} s): tests added since kill {len(again['killed'])}; {len(again['equivalent'])} are now listed as",
        f"equivalent with their reasons; {len(again['still_surviving'])} still survive. With these outcomes the run above",
        f"scores **{100 * again['score']:.1f}%**. The mutants killed in the run were not judged again on the newer tree.",
    ]
    return lines + [f"- still surviving: `{m}`" for m in again["still_surviving"]]


def read_measured() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(MEASURED.read_text(encoding="utf-8"))
    return data


def main(argv: list[str] | None = None) -> None:
    """Measure, record and write the report; with `--render`, write it from the measurements kept; with
    `--probes`, `--crosshair` or `--calibration`, measure only that part and keep the rest; `--out PATH`: where."""
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[args.index("--out") + 1]) if "--out" in args else DOC
    if "--render" in args:
        write(out, document(read_measured()))
        print(f"wrote {out} from {MEASURED.name}")
        return
    if "--probes" in args:
        part, what = measure_probes(tuple(a for a in args if a in PROBES)), "the probes"
    elif "--crosshair" in args:
        part, what = measure(), "the CrossHair run"
    elif "--calibration" in args:
        part, what = measure_calibration(), "the calibrations"
    elif "--longer" in args:
        part, what = measure_longer(), "the longer CrossHair search"
    else:
        part, what = {**measure(), **measure_probes()}, "everything"
    measured = {**read_measured(), **part}
    MEASURED.write_text(json.dumps(measured, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    write(out, document(measured))
    print(f"recorded {what} in {MEASURED.name}; wrote {out}")


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
