"""docs/tour.md runs as written: every `pycon` block, in order in one session, prints what the page shows. And the
typed user's script (`tests/typed_user.py`) runs, and type-checks under `mypy --strict`, where a slip in it would not."""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests import typed_user

ROOT = Path(__file__).resolve().parent.parent
TOUR = ROOT / "docs" / "tour.md"
BLOCK = re.compile(r"^```pycon\n(.*?)^```", re.MULTILINE | re.DOTALL)


def tour_examples() -> doctest.DocTest:
    """The `pycon` blocks of the tour as one doctest (a block's output ends at its closing fence)."""
    text = TOUR.read_text(encoding="utf-8")
    blocks = BLOCK.findall(text)
    return doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "docs/tour.md", str(TOUR), 0)


def test_the_tour_runs_as_written() -> None:
    test = tour_examples()
    assert len(test.examples) >= 40  # the page's examples were all found
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failed, _ = runner.run(test, out=lambda text: print(text, end=""))
    assert failed == 0, "docs/tour.md: an example no longer prints what the page shows (above)"


def test_a_changed_output_fails_the_tour() -> None:
    """The check can fail: the tour with one printed total changed is refused."""
    test = tour_examples()
    example = next(e for e in test.examples if e.want.startswith("28 (point 5"))
    example.want = example.want.replace("28", "29", 1)
    failed, _ = doctest.DocTestRunner().run(test, out=lambda text: None)
    assert failed == 1


def test_the_typed_users_script_runs() -> None:
    assert typed_user.main() == [
        "point of 5 in spades, making 50: AS KS QS JS 9S", "quart major: AS KS QS JS", "point: elder is good (pips), 5",
        "elder +5 point of 5 in hearts, making 49 [AH KH QH JH 8H] = 5-0 (point.score)", "28", "calls",
    ]


SLIP = """
from piquet_ref import Hand, result_json, score_deal
total: str = result_json(score_deal({}))["elder"]["total"]
hand: Hand = Hand.parse("AS").evaluate()
"""


@pytest.mark.deep
def test_the_typed_users_script_passes_mypy_strict_and_a_slip_does_not(tmp_path: Path) -> None:
    """Checked against this package's types (MYPYPATH): the script is clean, and a script that reads a total as text
    and calls a method no hand has gets both errors."""
    slip = tmp_path / "slip.py"
    slip.write_text(SLIP, encoding="utf-8")
    env = {**os.environ, "MYPYPATH": str(ROOT)}
    command = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--follow-imports=silent"]
    clean = subprocess.run([*command, str(ROOT / "tests" / "typed_user.py")], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert clean.returncode == 0, clean.stdout[-3000:]
    slipped = subprocess.run([*command, str(slip)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert slipped.returncode == 1 and 'expression has type "int", variable has type "str"' in slipped.stdout, slipped.stdout[-3000:]
    assert '"Hand" has no attribute "evaluate"' in slipped.stdout
