"""The verification report is a build product (`python -m verification.report` writes build/VERIFICATION.md): the
generator must run on the current code, tests and corpus and the recorded measurements, and the recorded
CrossHair run must cover exactly the current contracts and planted bugs."""

from __future__ import annotations

from pathlib import Path

from piquet_ref import default_ruleset

from verification.crosshair import CALIBRATION_MODULE, CONTRACT_MODULES, contracts
from verification.report import (
    DIALOGUE_UNCONTRACTED, LAW_UNCONTRACTED, main, contract_key, core_uncontracted, document, read_measured, uncontracted_deciders,
    uncontracted_dialogue,
)


def test_the_recorded_crosshair_run_covers_exactly_the_current_contracts() -> None:
    """If this fails, the contracts changed: run `python -m verification.report` and commit both files."""
    current = {contract_key(c) for c in contracts(CONTRACT_MODULES + (CALIBRATION_MODULE,)) if c.kind == "post"}
    assert set(read_measured()["outcomes"]) == current


def test_the_report_is_written_from_the_measurements_kept_and_names_every_rule(tmp_path: Path) -> None:
    out = tmp_path / "VERIFICATION.md"
    main(["--render", "--out", str(out)])
    text = out.read_text(encoding="utf-8")
    assert text == document(read_measured())
    missing = [rid for rid in default_ruleset().rules if f"`{rid}`" not in text]
    assert not missing, f"rules the report does not name: {missing}"


def test_no_recorded_outcome_is_a_counterexample_to_a_rule_contract() -> None:
    outcomes = read_measured()["outcomes"]
    for c in contracts(CONTRACT_MODULES):
        if c.kind == "post":
            assert not outcomes[contract_key(c)].startswith("counterexample"), contract_key(c)


def test_the_laws_deciders_without_contracts_are_exactly_those_listed_with_a_reason() -> None:
    """A decider given a contract (its own or a wrapper's) leaves the list; a new one without joins it."""
    assert uncontracted_deciders() == set(LAW_UNCONTRACTED)
    assert all(LAW_UNCONTRACTED.values())


def test_the_dialogues_and_machines_functions_without_contracts_are_exactly_those_listed_with_a_reason() -> None:
    """A function given a contract leaves the list; a new one without joins it."""
    assert uncontracted_dialogue() == set(DIALOGUE_UNCONTRACTED)
    assert all(DIALOGUE_UNCONTRACTED.values())


def test_every_public_function_of_the_scoring_core_has_a_contract_of_its_own_or_a_wrappers() -> None:
    """A new public function of cards, suit, declarations, play, scoring, exchange, counts, record, partie or odds needs
    PEP 316 conditions, in its docstring or on a wrapper naming it on its docstring's first line."""
    assert core_uncontracted() == {}
