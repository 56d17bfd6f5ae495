"""No bounded-only contract in the core: every postcondition the recorded CrossHair run does not confirm is evaluated
on every input of a finite domain, or stated as bounded with the reason (verification/contracts/domains.py)."""

from __future__ import annotations

import importlib
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from piquet_ref.hand import cards, play, suit
from piquet_ref.hand.cards import PACK_SIZE
from verification.calibration.planted_deal import Plant, planted_function
from verification.contracts.domains import BOUNDED, DOMAINS, LONGER_SEARCH, Domain, one_suit_hands, trick_hands
from verification.crosshair import CONTRACT_MODULES, Contract, contracts
from verification.report import contract_key, read_measured
from verification.runtime import broken, conditions


def evaluated(domain: Domain) -> tuple[int, set[str]]:
    """How many inputs of the domain's box the preconditions admit, and the postconditions any of them breaks."""
    module = importlib.import_module(domain.module)
    admitted, bad = 0, set()
    for args in domain.inputs():
        found = broken(module, domain.function, args)
        if found is not None:
            admitted += 1
            bad |= set(found)
    return admitted, bad


@pytest.mark.parametrize("domain", [pytest.param(d, marks=[pytest.mark.deep] if d.deep else [], id=f"{d.function}") for d in DOMAINS])
def test_the_postconditions_hold_on_every_input_of_the_domain(domain: Domain) -> None:
    """Every input the preconditions admit in the box (exactly the domain's count: the box holds the domain) keeps
    every postcondition."""
    admitted, bad = evaluated(domain)
    assert bad == set(), (domain.function, bad)
    assert admitted == domain.admitted, (domain.function, admitted)


def longer_posts() -> list[Contract]:
    """The postconditions of the functions the longer CrossHair search is run on."""
    return [c for c in contracts(CONTRACT_MODULES) if c.kind == "post" and f"{c.module}.{c.function}" in LONGER_SEARCH]


def test_every_postcondition_crosshair_does_not_confirm_has_a_domain_or_a_reason() -> None:
    """What the recorded CrossHair run leaves unconfirmed is confirmed by the longer search, proven on a domain here,
    or stated as bounded, with why."""
    measured = read_measured()
    outcomes, longer = measured["outcomes"], measured.get("longer_search", {}).get("outcomes", {})
    covered = {f"{d.module}.{d.function}" for d in DOMAINS} | set(BOUNDED)
    unconfirmed = {f"{c.module}.{c.function}" for c in contracts(CONTRACT_MODULES) if c.kind == "post"
                   and outcomes.get(contract_key(c)) != "confirmed" and longer.get(contract_key(c)) != "confirmed"}
    assert unconfirmed - covered == set()
    assert all(len(why) > 80 for why in BOUNDED.values())


def test_the_recorded_longer_search_covers_exactly_its_functions_postconditions_without_a_counterexample() -> None:
    """If this fails, the contracts of a LONGER_SEARCH function changed: run `python -m verification.report --longer`."""
    longer = read_measured()["longer_search"]["outcomes"]
    assert set(longer) == {contract_key(c) for c in longer_posts()}
    assert not any(o.startswith("counterexample") for o in longer.values())


@pytest.mark.deep
def test_the_longer_search_finds_no_counterexample() -> None:
    """The longer search run again (minutes): no counterexample (whether each condition is confirmed in its budget
    depends on the load of the machine; the record says what a run confirmed)."""
    from verification.report import measure_longer

    outcomes = measure_longer()["longer_search"]["outcomes"]
    assert not [k for k, o in outcomes.items() if o.startswith("counterexample")]


def test_the_card_functions_keep_their_postconditions_on_every_suit_mask_in_every_suit() -> None:
    """The bounded card functions, on what can be listed: every mask in each suit, the others empty and full."""
    hands = list(one_suit_hands())
    calls: list[tuple[str, tuple[Any, ...]]] = [("pack_of_hand", (h,)) for h in hands] + [("size", (h,)) for h in hands]
    calls += [("hand_of_pack", (cards.pack_of_hand(cards.Hand(*h)),)) for h in hands]
    calls += [("remove", (h, c)) for h in hands[:: 7] for c in range(PACK_SIZE)]
    for function, args in calls:
        assert broken(cards, function, args) == [], (function, args)


def test_the_trick_functions_keep_their_postconditions_on_every_pair_of_cards() -> None:
    """Every lead and follow, with the hands told apart in every way the functions read them."""
    n = 0
    for lead, follow in product(range(PACK_SIZE), repeat=2):
        for leader, follower in trick_hands(lead, follow):
            for function in ("trick_fault", "trick_is_legal"):
                found = broken(play, function, (leader, follower, lead, follow))
                assert not found, (function, leader, follower, lead, follow, found)
                n += found is not None
            packed = (cards.pack_of_hand(cards.Hand(*leader)), cards.pack_of_hand(cards.Hand(*follower)), lead, follow)
            found = broken(play, "follows_the_rules", packed)
            assert not found, ("follows_the_rules", packed, found)
            n += found is not None
    assert n > PACK_SIZE * PACK_SIZE * 24


@pytest.mark.parametrize("bug", [
    Plant("runs-one-short", "a run of exactly the least length is not counted", "if n >= min_length:", "if n > min_length:",
          "every_run_found(mask, min_length, __return__)"),
    Plant("point-key-pips-shifted", "the pips of a point key overlap its length", "return length_ << POINT_SHIFT | pip_total",
          "return length_ << (POINT_SHIFT - 1) | pip_total", "point_length(__return__) == length_ and point_pips(__return__) == pip_total"),
], ids=lambda b: b.name)
def test_the_domain_check_finds_a_bug_planted_in_the_suit_evaluators(bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above fails on a copy of piquet_ref/hand/suit.py with one planted bug (the conditions are the original's)."""
    function = "runs" if "runs" in bug.name else "point_key"
    conditions(suit, function)
    monkeypatch.setattr(suit, function, planted_function(Path(suit.__file__), bug, function))
    domain = next(d for d in DOMAINS if d.function == function)
    _, bad = evaluated(domain)
    assert bug.breaks in bad
