"""`piquet_ref.strategies` is public and typed; Hypothesis stays optional for everything else."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import given

from piquet_ref import score_deal
from piquet_ref.strategies import Deal, complete_deals

WITHOUT_HYPOTHESIS = "import sys; sys.modules['hypothesis'] = None\n"


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", WITHOUT_HYPOTHESIS + code], capture_output=True, text=True, check=False)


def test_piquet_ref_imports_and_scores_without_hypothesis() -> None:
    done = run("import piquet_ref, verification.contracts.core\nprint(piquet_ref.evaluate_hand(piquet_ref.hand_of(piquet_ref.parse_cards('AS KS QS'))).sequences[0].length)")
    assert done.returncode == 0 and done.stdout.strip() == "3", done.stderr


def test_the_strategies_module_without_hypothesis_says_what_to_install() -> None:
    done = run("import piquet_ref.strategies")
    assert done.returncode == 1
    assert "ImportError: piquet_ref.strategies needs Hypothesis" in done.stderr
    assert "pip install 'piquet-ref[strategies]'" in done.stderr


@given(complete_deals())
def test_every_deal_the_public_strategies_build_is_legal_and_complete(deal: Deal) -> None:
    result = score_deal(deal.record())
    assert result.complete and len(result.tricks) == len(deal.tricks)


def test_every_name_the_strategies_module_exports_is_defined_including_the_partie_records() -> None:
    import piquet_ref.strategies as module

    assert [name for name in module.__all__ if not hasattr(module, name)] == []
    assert {"partie_records", "mirror_hand_deals"} <= set(module.__all__)
