"""Copies of the scorer (piquet_ref/deal/accretion.py), each with one planted bug, for the calibration of the
run-time check of `score_deal`'s postconditions (tests/test_deal_contracts.py).

A copy is the module's source with one fragment replaced, executed as a module of the package; each
bug names the postcondition that must catch it.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, NamedTuple

ACCRETION = Path(importlib.util.find_spec("piquet_ref.deal.accretion").origin or "")  # type: ignore[union-attr]


class Plant(NamedTuple):
    name: str
    what: str
    original: str
    mutated: str
    breaks: str  # the postcondition that must catch it
    irregular: bool = False  # only an irregular deal shows it


PLANTED: tuple[Plant, ...] = (
    Plant("last-trick-off-by-one", "the last-trick point goes to the eleventh trick",
          "        if n == last:\n", "        if n == last - 1:\n", "play_points_by_the_rules"),
    Plant("elder-total-is-younger", "the elder's total is taken from the younger's",
          "(*e, sum(e))", "(*e, sum(y))", "totals_are_sums_of_events"),
    Plant("trick-won-by-leader", "every trick is recorded as won by its leader",
          "leader, lead, follow, winner, lead_points", "leader, lead, follow, leader, lead_points", "tricks_by_the_rules"),
    Plant("accretion-reversed", "the categories are scored in reverse order of accretion",
          "for category in rs.accretion.order:", "for category in rs.accretion.order[::-1]:",
          "events_in_the_order_of_accretion"),
    Plant("pique-one-point-late", "a pique needs one point more than its threshold",
          "if piq_total >= piq.threshold and", "if piq_total > piq.threshold and",
          "bonuses_by_the_order_of_accretion"),
    Plant("cards-one-trick-late", "seven tricks do not win the cards",
          "won >= rs.cards.min_tricks", "won > rs.cards.min_tricks", "cards_and_capot_by_the_rules"),
    Plant("penalised-player-scores-play", "a player who reckons nothing scores his play points",
          "    silent = deal.silent\n", "    silent = (False, False)\n",
          "play_points_by_the_rules", irregular=True),
)


def planted_function(path: Path, bug: Plant, function: str) -> Callable[[Any], Any]:
    """`function` of a copy of the package module at `path` with `bug` planted."""
    source = path.read_text(encoding="utf-8")
    assert source.count(bug.original) == 1, f"{bug.name}: the fragment must occur once in {path.name}"
    name = f"piquet_ref._planted_{bug.name.replace('-', '_')}"
    module = ModuleType(name)
    module.__package__ = "piquet_ref"
    sys.modules[name] = module  # NamedTuple and dataclass creation look their module up
    try:
        exec(compile(source.replace(bug.original, bug.mutated), f"<{path.name} with {bug.name}>", "exec"), module.__dict__)  # noqa: S102
    finally:
        del sys.modules[name]
    planted: Callable[[Any], Any] = getattr(module, function)
    return planted


def planted_scorer(bug: Plant) -> Callable[[Any], Any]:
    """`score_deal` with the scorer of a copy of piquet_ref/deal/accretion.py with `bug` planted: the record read and
    resolved as ever, its normal form scored by the copy."""
    from piquet_ref.deal.record import parse_record
    from piquet_ref.deal.scoring import resolve

    score = planted_function(ACCRETION, bug, "score_normal_form")
    return lambda record: score(resolve(parse_record(record)))
