"""The house: the package's layers and the one-way path of a deal, as docs/architecture.md describes them.

The import contracts of pyproject.toml (layers, no cycle within a folder, a deal's scorer apart from the
irregularities, no tooling imported) are checked by import-linter; a regular deal is scored without importing or
calling anything of `piquet_ref.deal.irregular`; the public API names each name once and every one resolves.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import piquet_ref

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "piquet_ref"
EXAMPLE = PACKAGE / "examples" / "cavendish-example.yaml"
MOST_MODULES_A_FOLDER = 12


def test_the_import_contracts_hold() -> None:
    """Layers, no cycle within a folder, the scorer apart from the irregularities, no tooling in the package."""
    done = subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()", "--no-cache"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "4 kept, 0 broken" in done.stdout, done.stdout[-2000:]


def test_every_folder_of_the_package_holds_at_most_a_dozen_modules() -> None:
    crowded = {str(d.relative_to(ROOT)): n for d in [PACKAGE, *PACKAGE.rglob("*")] if d.is_dir()
               if (n := sum(1 for p in d.glob("*.py") if p.name != "__init__.py")) > MOST_MODULES_A_FOLDER}
    assert not crowded, crowded


TRACE = r"""
import json, sys, yaml
from piquet_ref import score_deal
record = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))
if sys.argv[2] == "claim":
    record["elder"]["false_claim"] = True
if sys.argv[2] == "hands":  # the same deal given by the hands after the exchange, each taking in as many as he lays out
    stock, tricks = record.pop("stock"), record.pop("tricks", [])
    for who in ("elder", "younger"):
        p = record[who]
        kept = [c for c in p["dealt"] if c not in p["discard"]]
        p["hand"], stock = kept + stock[:len(p["discard"])], stock[len(p["discard"]):]
        del p["dealt"], p["discard"]
    record["tricks"] = tricks
called = set()
sys.setprofile(lambda frame, event, arg: called.add(frame.f_code.co_filename) if event == "call" else None)
result = score_deal(record)
sys.setprofile(None)
print(json.dumps({
    "totals": [result.elder.total, result.younger.total],
    "modules": sorted(m for m in sys.modules if m.startswith("piquet_ref.deal.irregular")),
    "called": sorted({f for f in called if "deal/irregular" in f.replace("\\", "/")}),
}))
"""


def traced(kind: str) -> dict[str, list[object]]:
    """Score the bundled example in a fresh interpreter (`claim`: its elder made a claim not held; `hands`: given by the hands after the exchange) and report the
    totals, the modules of the irregularities loaded and the files of theirs any call ran in."""
    done = subprocess.run([sys.executable, "-c", TRACE, str(EXAMPLE), kind], cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    out: dict[str, list[object]] = json.loads(done.stdout)
    return out


@pytest.mark.parametrize("kind", ["regular", "hands"])
def test_a_regular_deal_imports_and_calls_nothing_of_the_irregularities(kind: str) -> None:
    """Given by its dealt hands or by its hands after the exchange, a regular deal keeps to the regular path."""
    regular = traced(kind)
    assert regular["totals"] == [28, 23]  # Cavendish's worked deal (000 §EXAMPLE)
    assert regular["modules"] == [] and regular["called"] == []


def test_an_irregular_deal_is_resolved_by_the_irregularities() -> None:
    """The same trace on a record with a claim not held (law 54) sees them: the test above can fail."""
    irregular = traced("claim")
    assert irregular["totals"][0] == 0  # the elder reckons nothing
    assert "piquet_ref.deal.irregular.resolution" in irregular["modules"] and irregular["called"]


def _typed_exports() -> dict[str, str]:
    """Name -> module of the imports `piquet_ref/__init__.py` makes for type checkers."""
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If))
    return {a.name: node.module or "" for node in block.body if isinstance(node, ast.ImportFrom) for a in node.names}


def test_the_public_api_names_each_name_once_for_type_checkers_and_at_run_time() -> None:
    assert _typed_exports() == piquet_ref._EXPORTS
    assert sorted(piquet_ref.__all__) == sorted(["__version__", *piquet_ref._EXPORTS])


@pytest.mark.parametrize("name", sorted(piquet_ref._EXPORTS))
def test_every_public_name_resolves_to_what_its_module_defines(name: str) -> None:
    module = __import__(piquet_ref._EXPORTS[name], fromlist=[name])
    assert getattr(piquet_ref, name) is getattr(module, name)


def test_the_state_machine_is_part_of_the_public_api() -> None:
    state = piquet_ref.new_deal(*_cavendish_deal())
    assert isinstance(state, piquet_ref.DealState)
    first = piquet_ref.legal_actions(state)[0]
    assert isinstance(piquet_ref.apply(state, first), piquet_ref.DealState)


def _cavendish_deal() -> tuple[piquet_ref.Hand, piquet_ref.Hand, tuple[int, ...]]:
    import yaml

    record = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    parse = piquet_ref.parse_cards
    return piquet_ref.hand_of(parse(record["elder"]["dealt"])), piquet_ref.hand_of(parse(record["younger"]["dealt"])), parse(record["stock"])


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'score'"):
        piquet_ref.score  # noqa: B018
