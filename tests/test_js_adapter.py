"""Language neutrality shown: the JavaScript partial adapter (evaluate_hand only) passes every
evaluate_hand case, and every other case is reported unsupported, not failed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from piquet_ref.runner.adapters import OneShotAdapter, ProcessAdapter
from piquet_ref.runner.corpus import load_cases
from piquet_ref.runner.run import run_corpus

ROOT = Path(__file__).resolve().parent.parent
ADAPTER = ROOT / "conformance" / "adapters" / "js" / "adapter.js"
CASES = load_cases(ROOT / "conformance" / "cases")
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (the JavaScript adapter needs Node 18+)")


def test_the_js_adapter_passes_evaluate_hand_and_reports_every_other_op_unsupported() -> None:
    assert NODE is not None
    run = run_corpus(CASES, ProcessAdapter([NODE, str(ADAPTER)]))
    by_op: dict[str, set[str]] = {}
    for o in run.outcomes:
        if o.case.data["requirement"] == "variant":  # the adapter offers only portland-1882
            assert o.status == "skip", o.case.id
            continue
        by_op.setdefault(o.case.op, set()).add(o.status)
    assert by_op.pop("evaluate_hand") == {"pass"}
    assert set().union(*by_op.values()) == {"unsupported"}
    assert run.exit_code == 0 and run.implementation is not None
    assert run.implementation["capabilities"]["ops"] == ["evaluate_hand"]


def test_the_js_adapter_in_one_shot_mode() -> None:
    assert NODE is not None
    cases = [c for c in CASES if c.op == "evaluate_hand"][:5] + [c for c in CASES if c.op == "score_deal"][:2]
    run = run_corpus(cases, OneShotAdapter([NODE, str(ADAPTER), "--one-shot"]))
    assert run.status_counts() == {"pass": 5, "unsupported": 2}
