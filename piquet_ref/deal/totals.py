"""The lean result: each player's ten totals and whether the deal is complete, without the event log.

Fuzzers, the conformance corpus at its `totals` level and embedders that keep a score ask only for the totals. The
scorer is the same as `score_deal`'s (`accretion.scored`): the lean result takes its scores and leaves its trace
unread, so the two cannot differ; tests/test_speed_equivalence.py holds them equal on random, rare-situation and
corpus deals all the same.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from piquet_ref.deal.accretion import score_normal_form, scored
from piquet_ref.deal.record import DealRecord, parse_record
from piquet_ref.deal.result import PlayerScore
from piquet_ref.deal.scoring import resolve
from piquet_ref.rules.errors import PiquetError as PiquetError  # named by a `raises:` line
from piquet_ref.rules.ruleset import Ruleset, check_player


class DealTotals(NamedTuple):
    """The lean result of a deal: the ruleset it was scored under, each player's ten totals (the nine scores and
    the total, as `DealResult` gives them) and whether every trick was played."""

    ruleset: Ruleset
    elder: PlayerScore
    younger: PlayerScore
    complete: bool

    def score(self, player: str) -> PlayerScore:
        """The ten totals of `player` (elder or younger; anything else is argument-invalid)."""
        return self.elder if check_player(player) == "elder" else self.younger


def deal_totals(record: DealRecord | Any) -> DealTotals:
    """Each player's ten totals of one deal, from its record (a `DealRecord` or a mapping as read from YAML/JSON):
    the totals `score_deal` gives, at a fraction of its cost. Raises the same typed `PiquetError` for a record the
    laws reject.

    raises: PiquetError
    post: __return__ == totals_of_the_full_result(record)
    """
    deal = resolve(parse_record(record))
    s = scored(deal)
    return DealTotals(deal.ruleset, s.elder, s.younger, s.complete)


def totals_of_the_full_result(record: DealRecord | Any) -> DealTotals:
    """The totals as the full result gives them (the postcondition of `deal_totals`)."""
    result = score_normal_form(resolve(parse_record(record)))
    return DealTotals(result.ruleset, result.elder, result.younger, result.complete)
