"""The adapter starting points (conformance/adapters/python/, conformance/adapters/js/) run as programs
through the runner, as an implementer would run them.

- Each template speaks the protocol with a few lines of glue: hello, each of the four kinds of answer from
  what the glue returns or raises (the glue here is written to raise each one), `unsupported` for every op it
  does not offer.
- The Python glue over the reference, cut to the ten totals a player, reaches level `totals` on every
  score_deal case and no further: its failures at level `events` are all about what it leaves out.
- The JavaScript toy scorer, independent of the reference, has no unexpected result at level `totals`, passes
  every legal deal of the corpus given in the plain form it handles, and agrees with the reference on random
  deals.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from piquet_ref.rules.codes import error_catalogue
from piquet_ref.runner.adapters import OneShotAdapter, ProcessAdapter
from piquet_ref.runner.corpus import Case, load_cases, reference_response
from piquet_ref.runner.fuzz import fuzz
from piquet_ref.runner.levels import load_levels
from piquet_ref.runner.run import RunOutcome, run_corpus

ROOT = Path(__file__).resolve().parent.parent
PY = ROOT / "conformance" / "adapters" / "python"
JS = ROOT / "conformance" / "adapters" / "js"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed (the JavaScript adapters need Node 18+)")
SCORE_DEAL = [c for c in load_cases(ROOT / "conformance" / "cases") if c.op == "score_deal"]
TEN = ("carte_blanche", "point", "sequences", "sets", "repique", "pique", "play", "cards", "capot", "total")
PLAYERS = ("elder", "younger")

# A glue that makes the template give each kind of answer on demand (`input.do`): what an implementer's
# engine returns, rejects, does not handle, or breaks on.
PY_GLUE = """
import sys
sys.path.insert(0, {template_dir!r})
from adapter_template import Rejected, Unsupported, serve

def op(data):
    if data.get("do") == "reject":
        raise Rejected({code!r}, "a rejection", {law!r})
    if data.get("do") == "unsupported":
        raise Unsupported("not this form")
    if data.get("do") == "break":
        raise RuntimeError("the engine broke")
    return {{"echo": data}}

serve({{"score_deal": op}}, name="glue", rulesets=["portland-1882"])
"""
JS_GLUE = """
const {{ serve, Rejected, Unsupported }} = require({template!r});
function op(data) {{
  if (data.do === "reject") throw new Rejected({code!r}, "a rejection", {law!r});
  if (data.do === "unsupported") throw new Unsupported("not this form");
  if (data.do === "break") throw new Error("the engine broke");
  return {{ echo: data }};
}}
serve({{ ops: {{ score_deal: op }}, name: "glue", rulesets: ["portland-1882"] }});
"""


@pytest.fixture(autouse=True)
def reference_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Python glue imports piquet_ref: the adapter processes import this checkout's."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))


def run(adapter: ProcessAdapter, op: str, data: Any, seq: int | str = 0) -> dict[str, Any]:
    return adapter.request({"cmd": "run", "seq": seq, "op": op, "input": data}, 10.0)


def a_code_with_a_law() -> tuple[str, int]:
    entry = next(e for e in error_catalogue().values() if e.law is not None)
    assert entry.law is not None
    return entry.code, entry.law


def check_the_four_kinds(adapter: ProcessAdapter, template: str) -> None:
    """What a template answers for each thing its glue does, and for what it answers itself."""
    code, law = a_code_with_a_law()
    hello = adapter.hello(10.0)
    assert hello["protocol"] == 1 and hello["capabilities"] == {"ops": ["score_deal"], "rulesets": ["portland-1882"]}
    assert run(adapter, "score_deal", {"do": "echo", "tricks": []}, "s-1") == {"seq": "s-1", "result": {"echo": {"do": "echo", "tricks": []}}}
    rejected = run(adapter, "score_deal", {"do": "reject"}, 1)
    assert rejected["seq"] == 1 and rejected["error"]["code"] == code and rejected["error"]["law"] == law
    assert run(adapter, "score_deal", {"do": "unsupported"}, 2)["unsupported"] is True
    broke = run(adapter, "score_deal", {"do": "break"}, 3)
    assert broke["seq"] == 3 and broke["errored"] is True and "the engine broke" in broke["message"]
    deadline = time.monotonic() + 5
    while not any("the engine broke" in line for line in adapter.stderr) and time.monotonic() < deadline:
        time.sleep(0.02)  # stderr is read by a thread of its own
    assert any("the engine broke" in line for line in adapter.stderr), f"{template}: the fault goes to stderr"
    for other in ("evaluate_hand", "count", "no-such-op"):
        answer = run(adapter, other, {"cards": []}, 4)
        assert (answer["seq"], answer["unsupported"]) == (4, True), other
    assert run(adapter, "score_deal", {"ruleset": "harewood-1835"}, 5)["unsupported"] is True
    not_a_mapping = run(adapter, "score_deal", ["AS"], 6)
    assert not_a_mapping["error"]["code"] == reference_response("score_deal", ["AS"])["error"]["code"]
    adapter.close()


def test_the_python_template_gives_each_kind_of_answer_from_its_glue(tmp_path: Path) -> None:
    code, law = a_code_with_a_law()
    glue = tmp_path / "glue.py"
    glue.write_text(PY_GLUE.format(template_dir=str(PY), code=code, law=law), encoding="utf-8")
    check_the_four_kinds(ProcessAdapter([sys.executable, str(glue)]), "adapter_template.py")


@needs_node
def test_the_js_template_gives_each_kind_of_answer_from_its_glue(tmp_path: Path) -> None:
    assert NODE is not None
    code, law = a_code_with_a_law()
    glue = tmp_path / "glue.js"
    glue.write_text(JS_GLUE.format(template=str(JS / "adapter-template.js"), code=code, law=law), encoding="utf-8")
    check_the_four_kinds(ProcessAdapter([NODE, str(glue)]), "adapter-template.js")


@pytest.mark.parametrize("argv", [[sys.executable, str(PY / "adapter_template.py")],
                                  pytest.param([NODE or "node", str(JS / "adapter-template.js")], marks=needs_node)],
                         ids=["python", "js"])
def test_a_template_as_copied_runs_and_offers_score_deal_unwritten(argv: list[str]) -> None:
    """Run as it is, a template is a valid adapter: every case is unsupported until the engine is filled in."""
    must = [c for c in load_cases(ROOT / "conformance" / "cases") if c.data["requirement"] == "must"]
    cases = [c for c in must if c.op == "score_deal"][:5] + [c for c in must if c.op != "score_deal"][:5]
    outcome = run_corpus(cases, ProcessAdapter(argv))
    assert outcome.status_counts() == {"unsupported": 10} and outcome.exit_code == 0


def test_the_python_glue_over_the_reference_reaches_level_totals_and_no_further() -> None:
    glue = [sys.executable, str(PY / "reference_totals.py")]
    totals = run_corpus(SCORE_DEAL, ProcessAdapter(glue), level="totals")
    assert totals.status_counts() == {"pass": len(totals.outcomes)}, unexpected(totals)
    assert len(totals.outcomes) + len(totals.above_level) == len(SCORE_DEAL) and totals.complete
    assert len(totals.outcomes) > len(SCORE_DEAL) // 2  # most cases check a total or an error code
    events = run_corpus(SCORE_DEAL, ProcessAdapter(glue), level="events")
    failed = [o for o in events.outcomes if o.status == "fail"]
    assert failed and {o.status for o in events.outcomes} == {"pass", "fail"}
    wrong_totals = [d for o in failed for d in o.diffs if d.startswith(tuple(f"$.{p}." for p in PLAYERS))]
    assert wrong_totals == [], "the ten totals are the reference's own: only what the glue leaves out may fail"
    levels = load_levels(ROOT / "conformance")
    assert all("totals" not in levels.classify(c).of_case for c in totals.above_level)
    per_level = events.per_level()  # totals: every case judged on it passes; every level above: none does
    assert per_level["totals"] == totals.per_level()["totals"] == (len(totals.outcomes), len(totals.outcomes))
    assert all(passed == 0 for level, (passed, _) in per_level.items() if level != "totals")
    assert len(failed) == sum(1 for c in SCORE_DEAL if levels.classify(c).of_case[-1] != "totals")


def test_the_python_glue_in_one_shot_mode() -> None:
    cases = [c for c in SCORE_DEAL if checks_a_total(c)][:2] + [c for c in SCORE_DEAL if "expect_error" in c.data][:1]
    outcome = run_corpus(cases, OneShotAdapter([sys.executable, str(PY / "reference_totals.py")]), level="totals")
    assert outcome.status_counts() == {"pass": 3}, unexpected(outcome)


def plain(case: Case) -> bool:
    """A legal deal in the plain form the toy scorer says it handles: no key but ruleset (portland-1882),
    elder, younger, stock and tricks; both players given by {dealt, discard} (twelve cards each and a stock of
    eight) or both by {hand}."""
    data = case.data.get("input")
    if "expect" not in case.data or not isinstance(data, dict) or not data.keys() <= {"ruleset", "elder", "younger", "stock", "tricks"}:
        return False
    if data.get("ruleset", "portland-1882") != "portland-1882" or not all(isinstance(data.get(p), dict) for p in PLAYERS):
        return False
    forms = {frozenset(data[p]) for p in PLAYERS}
    if forms == {frozenset({"hand"})}:
        return True
    if forms != {frozenset({"dealt", "discard"})}:
        return False
    return [len(cards(data[p]["dealt"])) for p in PLAYERS] + [len(cards(data.get("stock", [])))] == [12, 12, 8]


def checks_a_total(case: Case) -> bool:
    return "total" in case.data.get("expect", {}).get("elder", {})


def cards(value: Any) -> list[Any]:
    return value.replace(",", " ").split() if isinstance(value, str) else list(value)


def unexpected(outcome: RunOutcome) -> list[str]:
    return [f"{o.status} {o.case.path}: {list(o.diffs)[:3]}" for o in outcome.outcomes if o.status not in ("pass", "unsupported", "skip")]


@needs_node
def test_the_js_toy_scorer_reaches_level_totals_on_every_plain_deal() -> None:
    assert NODE is not None
    outcome = run_corpus(SCORE_DEAL, ProcessAdapter([NODE, str(JS / "toy-adapter.js")]), level="totals")
    assert outcome.unexpected == 0 and outcome.exit_code == 0, unexpected(outcome)
    status = {o.case.id: o.status for o in outcome.outcomes} | {c.id: "above level" for c in outcome.above_level}
    legal_plain = [c for c in SCORE_DEAL if plain(c) and status[c.id] != "above level"]
    assert len(legal_plain) > len(SCORE_DEAL) // 2  # the plain form is most of the corpus, so the bound means something
    assert [c.path for c in legal_plain if status[c.id] != "pass"] == []
    rejected = [c for c in SCORE_DEAL if "expect_error" in c.data and status[c.id] == "pass"]
    assert rejected, "the toy's own rejections (a card not held, a revoke, ...) pass their cases too"
    variants = {c.id for c in SCORE_DEAL if c.data["requirement"] == "variant" and status[c.id] != "above level"}
    assert {i for i, s in status.items() if s == "skip"} == variants  # it offers portland-1882 only


@needs_node
def test_the_js_toy_scorer_agrees_with_the_reference_on_random_deals() -> None:
    assert NODE is not None
    outcome = fuzz(ProcessAdapter([NODE, str(JS / "toy-adapter.js")]), 100, seed=11, ruleset="portland-1882")
    assert (outcome.deals, outcome.disagreements, outcome.broken, outcome.unsupported) == (100, (), (), False)


@needs_node
def test_the_js_toy_in_one_shot_mode() -> None:
    assert NODE is not None
    cases = [c for c in SCORE_DEAL if plain(c) and checks_a_total(c)][:3]
    outcome = run_corpus(cases, OneShotAdapter([NODE, str(JS / "toy-adapter.js")]), level="totals")
    assert outcome.status_counts() == {"pass": 3}, unexpected(outcome)
