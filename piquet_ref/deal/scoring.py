"""Scoring one deal from its record: read and checked once, resolved to its normal form, scored in the order of
accretion.

The data go one way. `parse_record` reads the record into typed values and checks their shape; `resolve` turns it
into a `NormalDeal` (the hands after the exchange, the tricks, and the penalties that apply), a regular record in
`deal.normal_form` and an irregular one in `deal.irregular.resolution`, which is imported only for such a record;
`accretion.score_normal_form` scores that form alone. The postconditions of `score_deal` state the whole-deal
rules (`postconditions`).
"""

from __future__ import annotations

from typing import Any

from piquet_ref.deal.accretion import score_normal_form
from piquet_ref.deal.normal_form import (  # with the postconditions of resolve
    NormalDeal, carte_blanche_as_dealt, hands_apart, hands_as_recorded, hands_taken_in_turn, is_regular, regular_form,
)
from piquet_ref.deal.postconditions import (  # the postconditions of score_deal
    bonuses_by_the_order_of_accretion, cards_and_capot_by_the_rules, events_in_the_order_of_accretion, play_points_by_the_rules,
    totals_are_sums_of_events, tricks_by_the_rules,
)
from piquet_ref.deal.record import DealRecord, parse_record
from piquet_ref.deal.result import DealResult
from piquet_ref.rules.errors import PiquetError as PiquetError  # named by a `raises:` line


def resolve(record: DealRecord) -> NormalDeal:
    """The record resolved for scoring: its hands after the exchange, its tricks and the penalties that apply.

    A record of the hands after the exchange gives them as they are, and no carte blanche (a property of the
    dealt hand). A record of the dealt hands gives each player his dealt hand less his discard, with as many cards
    taken in from the top of the stock as he takes (as many as he discards unless the record says otherwise), the
    elder first and the younger from where the elder stopped, or, where the younger took in first (law 29), the
    younger first and the elder from where he stopped; carte blanche is a dealt hand of the ruleset's size at
    least with no court card.

    rules: exchange.take-from-top, carte-blanche.definition
    raises: PiquetError
    post: hands_as_recorded(record, __return__)
    post: hands_apart(__return__)
    post: carte_blanche_as_dealt(record, __return__)
    laws: 29
    post: hands_taken_in_turn(record, __return__)
    """
    if is_regular(record):
        return regular_form(record)
    from piquet_ref.deal.irregular.resolution import irregular_form  # only an irregular record loads the irregularities

    return irregular_form(record)


def score_deal(record: DealRecord | Any) -> DealResult:
    """Score one deal from its record (a `DealRecord` or a mapping as read from YAML/JSON).

    Raises a typed `PiquetError` for any illegal or malformed record. A record with fewer tricks than
    a deal has is scored as far as it goes (`complete` is False; no last trick, cards or capot).

    The postconditions state the whole-deal rules (`postconditions`); CrossHair cannot finish a path of a
    whole deal within its budget, so tests/test_deal_contracts.py checks them at run time.

    rules: accretion.order, carte-blanche.score, play.first-lead, play.trick-winner, play.lead-point, play.second-wins-point, play.last-trick, repique.score, pique.score, pique.elder-only, bonus.not-cumulative, cards.majority, cards.divided, capot.score
    raises: PiquetError
    post: totals_are_sums_of_events(__return__)
    post: tricks_by_the_rules(__return__)
    post: play_points_by_the_rules(__return__)
    post: events_in_the_order_of_accretion(__return__)
    post: bonuses_by_the_order_of_accretion(__return__)
    post: cards_and_capot_by_the_rules(__return__)
    """
    return score_normal_form(resolve(parse_record(record)))
