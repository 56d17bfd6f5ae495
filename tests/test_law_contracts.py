"""The contracts of the laws' small deciders evaluated at run time: on every input their preconditions admit.

The deciders of `verification/contracts/laws_runtime.py` are beyond CrossHair's budget (they read
spec/laws.yaml or hands' sizes); those of `verification/contracts/laws.py` are searched by CrossHair in CI
(tests/test_crosshair.py) and checked here too. Each condition is read from the docstring as CrossHair
reads it (`contracts`) and evaluated on every input of a box wider than the preconditions' domain,
filtered by the preconditions: within that domain a proof. A calibration requires the same checks to find
bugs planted in copies of the deciders, each by the postcondition it names. The deciders that take hands (2^32 masks each)
are checked on Hypothesis hands and deals, `revoke_choices` also on the positions of the machine's walks
where the elder has led.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from pathlib import Path
from types import CodeType
from typing import Any, Callable, Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verification.contracts import laws as law_contracts
from verification.contracts import laws_runtime as law_contracts_runtime
from piquet_ref.machine import left_cards
from piquet_ref.deal.irregular import penalties
from piquet_ref.machine import revokes
from piquet_ref.machine import showing
from piquet_ref.rules.ruleset import other
from piquet_ref.hand.cards import PACK_SIZE, SUIT_MASK, Hand, hand_of
from piquet_ref.deal.counts import Position
from piquet_ref.rules.errors import PiquetError
from piquet_ref.machine.state import DealState, replies
from piquet_ref.rules.ruleset import PLAYERS

from verification.calibration.planted_deal import Plant, planted_function
from verification.crosshair import contracts
from verification.walks import walks
from verification.runtime import conditions, broken, plant, assert_caught
from tests.support import BOOLS, COUNTS, calibration_states, examples

MODULES = (law_contracts, law_contracts_runtime)
SIZES = range(-1, 16)  # hand sizes, a little past the deciders' domain on both sides
BOXES: dict[str, Callable[[], Iterable[tuple[Any, ...]]]] = {
    "take_available": lambda: product((-1, 0, 1, 2), COUNTS, COUNTS),
    "room_taken": lambda: ((n,) for n in COUNTS),
    "shape_of": lambda: product(range(-1, 34), range(-1, 34), COUNTS),
    "bounds_of": lambda: product((0, 1, 2), (-2, -1, 0, 1, 2), COUNTS, COUNTS, COUNTS),
    "portion_unannounced": lambda: ((n,) for n in COUNTS),
    "look_window": lambda: product(BOOLS, (-1, 0, 1, 2, 3), (-1, 0, 1, 2), (-2, -1, 0, 1), BOOLS),
    "mix_allowed": lambda: product((-1, 0, 1, 2), BOOLS, BOOLS, BOOLS),
    "ask_allowed": lambda: product((-1, 0, 1, 2), BOOLS),
    "take_checked": lambda: product((-1, 0, 1, 2), range(-2, 11), COUNTS, COUNTS),
    "first_take_checked": lambda: product(range(-2, 8), range(-1, 6), (-2, -1, 0, 1, 2), range(-1, 7)),
    "offence_law": lambda: product((-1, 0, 1, 2), range(-1, 16), COUNTS, (-2, -1, 0, 1, 2), range(-1, 7)),
    "elected_under": lambda: ((n,) for n in range(80)),
    "silenced": lambda: product(SIZES, SIZES, BOOLS, BOOLS),
    "tricks_of_deal": lambda: product(SIZES, SIZES),
    "tricks_credited": lambda: product(range(-1, 14), SIZES, SIZES),
    "mix_refused": lambda: product((-1, 0, 1, 2), COUNTS, BOOLS, BOOLS),
    "see_discard_refused": lambda: product((-1, 0, 1, 2), BOOLS, BOOLS, BOOLS),
    "see_left_refused": lambda: product((-1, 0, 1, 2), (-2, -1, 0, 1, 2), COUNTS, BOOLS, (-2, -1, 0, 1, 2), BOOLS),
    "retake_refused": lambda: product((-2, -1, 0, 1, 2), (-1, 0, 1, 2)),
    "show_refused": lambda: product(range(-2, 5), (-1, 0, 1, 2), BOOLS, range(-1, 9), BOOLS),
    "deal_refused": lambda: product(range(-1, 34), range(-1, 34), range(-1, 11), BOOLS),
    "elections_offered": lambda: ((n,) for n in range(-1, 81)),
    "size_refused": lambda: product(range(-1, 34), range(-1, 34), range(-1, 11)),
    "excess_of": lambda: ((n,) for n in range(-1, 34)),
}


def test_every_decider_with_contracts_has_a_box_or_a_check_of_its_own() -> None:
    functions = {c.function for m in MODULES for c in contracts((m.__name__,))}
    assert functions == set(BOXES) | {"revoke_choices", "exposure_option", "fresh_deal_options"}


@pytest.mark.parametrize("function", sorted(BOXES))
def test_every_postcondition_holds_on_every_input_the_preconditions_admit(function: str) -> None:
    module = next(m for m in MODULES if hasattr(m, function))
    checked, failures = 0, []
    for args in BOXES[function]():
        bad = broken(module, function, args)
        if bad is None:
            continue
        checked += 1
        failures += [(args, b) for b in bad]
    assert checked > 1, f"{function}: no input of the box meets the preconditions"
    assert not failures, failures[:10]


def test_the_boxes_reach_past_the_preconditions() -> None:
    """Each box holds inputs the preconditions refuse, so that they, not the box, bound what is checked."""
    for function, box in BOXES.items():
        module = next(m for m in MODULES if hasattr(m, function))
        assert any(broken(module, function, args) is None for args in box()), function


def test_a_take_is_refused_exactly_when_the_stock_does_not_hold_that_many_for_him() -> None:
    """Law 23, 28: the elder may take up to the whole stock, the younger up to what the elder left."""
    for player, take, elder_take, stock in product((0, 1), range(-2, 11), range(0, 9), range(0, 9)):
        if elder_take > stock:
            continue
        holds = stock if player == 0 else stock - elder_take
        try:
            law_contracts_runtime.take_checked(player, take, elder_take, stock)
            refused = False
        except PiquetError as e:
            refused = e.code == "exchange-take-count"
        assert refused == (not 0 <= take <= holds), (player, take, elder_take, stock)


masks = st.integers(0, SUIT_MASK)


@settings(max_examples=examples(400), deadline=None)
@given(st.tuples(masks, masks, masks, masks), st.integers(-1, 31))
def test_the_revoke_postconditions_hold_on_any_hand_and_lead(follower: tuple[int, int, int, int], lead: int) -> None:
    bad = broken(law_contracts_runtime, "revoke_choices", (Hand(*follower), lead))
    assert not bad, bad


@settings(max_examples=examples(50), deadline=None)
@given(walks(stop_anywhere=True, revokes=True))
def test_the_revoke_postconditions_hold_where_the_machine_has_a_card_led(walk: tuple[list[int], tuple[Any, ...], DealState]) -> None:
    pos = walk[2].position
    if pos is None or pos.lead is None or pos.leader != "elder":
        return
    bad = broken(law_contracts_runtime, "revoke_choices", (pos.younger, pos.lead))
    assert bad is not None and not bad, bad


@st.composite
def deals_any_sizes(draw: st.DrawFn) -> tuple[Hand, Hand, tuple[int, ...], tuple[int, ...]]:
    """The whole pack dealt with hands of 11 to 13 cards (regular, one card astray or more), and up to two
    cards exposed in dealing, drawn from the whole pack (the elder's, the younger's, the stock's)."""
    deck = draw(st.permutations(range(PACK_SIZE)))
    e, y = draw(st.integers(11, 13)), draw(st.integers(11, 13))
    exposed = tuple(draw(st.lists(st.sampled_from(deck), max_size=2, unique=True)))
    return hand_of(deck[:e]), hand_of(deck[e : e + y]), tuple(deck[e + y :]), exposed


@settings(max_examples=examples(300), deadline=None)
@given(deals_any_sizes())
def test_the_exposed_card_and_fresh_deal_postconditions_hold_on_deals_of_any_sizes(deal: tuple[Hand, Hand, tuple[int, ...], tuple[int, ...]]) -> None:
    elder, younger, stock, exposed = deal
    for function, args in (("exposure_option", (elder, stock, exposed)), ("fresh_deal_options", deal)):
        bad = broken(law_contracts_runtime, function, args)
        assert bad is not None and not bad, (function, bad)


CARDS_LEFT_TAKES = [()] + [(a,) for a in range(-1, 11)] + list(product(range(-1, 11), repeat=2)) + [(1, 1, 1)]


def cards_left_broken() -> set[str]:
    """The postconditions of `left_cards.cards_left` broken on every stock of 0-9 cards, in two orders, and
    every take of `CARDS_LEFT_TAKES` the preconditions admit (the conditions are the original's)."""
    conditions(left_cards, "cards_left")  # cached from the original: a planted copy is judged by them
    out: set[str] = set()
    for n in range(10):
        for stock in (tuple(range(n)), tuple(range(PACK_SIZE - 1, PACK_SIZE - 1 - n, -1))):
            out |= {b for takes in CARDS_LEFT_TAKES for b in broken(left_cards, "cards_left", (stock, takes)) or ()}
    return out


def test_the_cards_left_postconditions_hold_on_every_stock_and_takes_up_to_nine_cards() -> None:
    """`left_cards.cards_left` is searched by CrossHair in CI without a counterexample, not confirmed. It reads
    the stock by position only (what the elder took from the top, then the younger), never by a card's value,
    so stocks of distinct cards in two orders stand for every stock of their size: here every size 0-9 with
    every pair of takes -1..10 (and no take, one, or three), a proof for stocks of up to nine cards."""
    admitted = sum(broken(left_cards, "cards_left", (tuple(range(8)), takes)) is not None for takes in CARDS_LEFT_TAKES)
    assert 1 < admitted < len(CARDS_LEFT_TAKES)  # the preconditions, not the box, bound what is checked
    assert cards_left_broken() == set()


@pytest.mark.parametrize("bug", [
    Plant("one-more-left-out", "the card under the younger's last is taken too", "stock[sum(takes) :]", "stock[sum(takes) + 1 :]",
          "left_are_the_cards_neither_took_in(stock, takes, __return__)"),
    Plant("left-before-the-exchange", "the whole stock counts as left before both have exchanged", "if len(takes) == 2 else ()",
          "if len(takes) == 2 else stock", "len(takes) == 2 or __return__ == ()"),
], ids=lambda b: b.name)
def test_the_cards_left_check_finds_each_bug_planted_in_it(bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    conditions(left_cards, "cards_left")
    monkeypatch.setattr(left_cards, "cards_left", planted_function(Path(left_cards.__file__), bug, "cards_left"))
    assert bug.breaks in cards_left_broken()


def machine_breaks(state: DealState) -> set[tuple[str, str]]:
    """(function, postcondition) of every condition of `penalties.exchanged_hands` (`exchanged_first` where the
    younger took in first, law 29), `revokes.after_revoke`, `revokes.out_of_turn_leads`,
    `revokes.after_lead_out_of_turn` and `showing.showable` broken where `state` calls
    on them: its exchange once both have exchanged, every revoke open to the follower of a card led, every lead
    out of turn open to the player not on lead (law 59 III), and every player's showable calls once the calls
    have begun."""
    out: set[tuple[str, str]] = set()
    rs = state.ruleset
    checks: list[tuple[Any, str, tuple[Any, ...]]] = []
    if len(state.takes) == len(PLAYERS) and state.took_first is not None:
        checks.append((penalties, "exchanged_first", (*state.dealt, state.discards, state.takes, state.stock, rs)))
    elif len(state.takes) == len(PLAYERS):
        checks.append((penalties, "exchanged_hands", (*state.dealt, state.discards, state.takes, state.stock, rs)))
    pos = state.position
    if pos is not None and pos.lead is not None:
        checks += [(revokes, "after_revoke", (pos, card, len(state.tricks), rs)) for card in revokes.revoke_cards(pos)]
    if pos is not None:
        checks += [(revokes, "out_of_turn_leads", (pos,))]
        checks += [(revokes, "after_lead_out_of_turn", (pos, other(pos.leader), card, len(state.tricks), rs)) for card in revokes.out_of_turn_leads(pos)]
    if state.calls:
        checks += [(showing, "showable", (replies(state), state.claims, state.showings, p)) for p in PLAYERS]
    for module, function, args in checks:
        bad = broken(module, function, args)
        assert bad is not None, (function, "the preconditions refuse the machine's own call")
        out |= {(function, b) for b in bad}
    return out


@settings(max_examples=examples(150), deadline=None)
@given(st.one_of(walks(stop_anywhere=True, irregular=True, revokes=True), walks(stop_anywhere=True, out_of_turn=True)))
def test_the_exchange_and_revoke_postconditions_hold_where_the_machine_calls_on_them(walk: tuple[list[int], tuple[Any, ...], DealState]) -> None:
    assert machine_breaks(walk[2]) == set()


@settings(max_examples=examples(150), deadline=None)
@given(st.one_of(walks(stop_anywhere=True, claims=True, showings=True), walks(stop_anywhere=True, younger_claims=True)))
def test_the_showable_postconditions_hold_on_the_machines_calls_and_claims(walk: tuple[list[int], tuple[Any, ...], DealState]) -> None:
    """The elder's claims made in the dialogue, and the younger's made in his calls stated by their cards (laws 52-55)."""
    assert machine_breaks(walk[2]) == set()


def first_states() -> list[DealState]:
    """The deal of 000 §Example with the younger taking in first (law 29), the elder then taking his two cards left,
    or a third, of the younger's portion (law 28)."""
    from piquet_ref.hand.cards import parse_cards
    from piquet_ref.machine.state import apply, new_deal, run
    from piquet_ref.machine.actions import Elect, Exchange

    from tests.support import SETUP

    dealt = new_deal(hand_of(parse_cards(SETUP[0].split())), hand_of(parse_cards(SETUP[1].split())), tuple(parse_cards(SETUP[2].split())))
    first = run(dealt, (Exchange("younger", tuple(parse_cards("7S 9H 7H")), 3), Elect("elder", "enforce")))
    past = (Exchange("elder", tuple(parse_cards("KS 8C")), 3), Elect("younger", "enforce"))
    return [apply(first, Exchange("elder", tuple(parse_cards("KS 8C")), 2)), run(first, past)]


MACHINE_PLANTED: tuple[tuple[Any, str, Plant], ...] = (
    (penalties, "exchanged_hands", Plant(
        "younger-takes-past-a-card", "the younger takes in from one card below where the elder stopped",
        "pack_of(stock[k : k + j])", "pack_of(stock[k + 1 : k + 1 + j])",
        "younger_takes_in_where_the_elder_stopped(younger_dealt, discards, takes, stock, __return__)")),
    (penalties, "exchanged_first", Plant(
        "elder-takes-from-the-top", "after the younger took in first, the elder takes from the top of the stock as if he had not",
        "pack_of(stock[j : j + k])", "pack_of(stock[:k])",
        "elder_takes_in_where_the_younger_stopped(elder_dealt, discards, takes, stock, __return__)")),
    (revokes, "after_revoke", Plant(
        "revoke-wins", "the card of another suit wins the trick", "follower if beats(pos.lead, card) else pos.leader",
        "follower if not beats(pos.lead, card) else pos.leader", "__return__.lead is None and __return__.leader == pos.leader")),
    (revokes, "after_lead_out_of_turn", Plant(
        "lead-stays-with-the-leader", "the player on lead keeps the lead after his adversary's lead out of turn", "return Position(pos.elder, pos.younger, player, card)",
        "return Position(pos.elder, pos.younger, pos.leader, card)", "__return__ == Position(pos.elder, pos.younger, player, card)")),
    (revokes, "out_of_turn_leads", Plant(
        "leader-leads-out-of-turn", "the player on lead's own cards are offered as leads out of turn", "else cards_of(pos.hand(other(pos.leader)))",
        "else cards_of(pos.hand(pos.leader))", "all(pos.hand(other(pos.leader))[c >> 3] >> (c & 7) & 1 for c in __return__)")),
    (showing, "showable", Plant(
        "shown-twice", "a call already shown may be shown again", "if (player, v.category) not in shown and (", "if True and (",
        "all((player, c) not in shown for c in __return__)")),
)


@pytest.mark.parametrize("module, function, bug", MACHINE_PLANTED, ids=[b.name for _, _, b in MACHINE_PLANTED])
def test_the_machine_check_finds_each_bug_planted_in_a_decider(module: Any, function: str, bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    states = calibration_states() + first_states()
    assert all(machine_breaks(s) == set() for s in states)
    plant(monkeypatch, module, function, bug)
    caught = {b for s in states for f, b in machine_breaks(s) if f == function}
    assert_caught(bug, caught)


PACKAGE = Path(penalties.__file__).parent.parent.parent  # piquet_ref/: the deciders' files below it
# Bugs planted in copies of the deciders, each with the wrapper that calls it and the postcondition that must catch it.
PLANTED: tuple[tuple[str, str, str, Plant], ...] = (
    ("deal/irregular/penalties.py", "offence", "offence_law", Plant(
        "elder-portion-inclusive", "an elder taking exactly his portion takes a card of the younger's",
        "take > (rs.exchange.elder_max if portion is None else portion)", "take >= (rs.exchange.elder_max if portion is None else portion)",
        "(__return__ == TAKES_YOUNGER_CARD) == (player == 0 and take > portion)")),
    ("deal/irregular/penalties.py", "check_first_take", "first_take_checked", Plant(
        "first-take-past-the-discard", "the younger taking in first may take one more card than he lays out",
        "if type(take) is int and take > discarded - shift:", "if type(take) is int and take > discarded - shift + 1:",
        "0 <= __return__ <= most and __return__ <= discarded - shift")),
    ("deal/irregular/penalties.py", "reckons_nothing", "silenced", Plant(
        "waivers-swapped", "a player's waiver lets off himself, not his adversary",
        "return e and not waived[1], y and not waived[0]", "return e and not waived[0], y and not waived[1]",
        "elder_size <= HAND or younger_waives or __return__[0]")),
    ("deal/irregular/penalties.py", "unplayable_credit", "tricks_credited", Plant(
        "one-trick-too-many", "against a short hand the adversary takes one trick more than his unplayed cards",
        "(size(hands[0]) - played if short[1] else 0,", "(size(hands[0]) - played + 1 if short[1] else 0,",
        "younger_size >= HAND or __return__[0] == min(TRICKS, elder_won + elder_size - min(TRICKS, elder_size, younger_size))")),
    ("machine/revokes.py", "revoke_cards", "revoke_choices", Plant(
        "void-follower-revokes", "a follower holding none of the suit led revokes with any card",
        "if c >> 3 != suit) if hand[suit] else ()", "if c >> 3 != suit)",
        "lead < 0 or follower[suit_of(lead)] != 0 or __return__ == ()")),
    ("machine/left_cards.py", "check_see_discard", "see_discard_refused", Plant(
        "younger-sees-the-discard", "the younger may see the elder's discard as the elder may see his",
        'if player == "elder" and discard_open(mixed, led, seen):', "if discard_open(mixed, led, seen):",
        '(__return__ == "") == (player == 0 and mixed and led and not seen)')),
    ("machine/revokes.py", "check_retake", "retake_refused", Plant(
        "adversary-retakes", "a player takes back his cards on his adversary's revoke",
        "    if standing.player != player:\n", "    if False:\n",
        '(__return__ == "") == (standing == player)')),
    ("machine/showing.py", "check_show", "show_refused", Plant(
        "unasked-show-too-early", "the younger may not show of his own accord before the elder's lead",
        "if asked and not may_ask(shower, elder_has_led):", "if not may_ask(shower, elder_has_led):",
        '__return__ == "show-nothing-allowed" or (__return__ == "") == (not asked or shower == 0 or elder_has_led)')),
)
FEW_HANDS = [Hand(*m) for m in product((0, 1, 0b11000000), repeat=4)]  # the calibration's revoke inputs, fixed


@pytest.mark.parametrize("file, decider, wrapper, bug", PLANTED, ids=[p[3].name for p in PLANTED])
def test_the_run_time_check_finds_each_bug_planted_in_a_decider(
    file: str, decider: str, wrapper: str, bug: Plant, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(law_contracts_runtime, decider, planted_function(PACKAGE / file, bug, decider))
    inputs = BOXES[wrapper]() if wrapper in BOXES else product(FEW_HANDS, range(-1, PACK_SIZE))
    caught = {post for args in inputs for post in broken(law_contracts_runtime, wrapper, tuple(args)) or ()}
    assert_caught(bug, caught)
