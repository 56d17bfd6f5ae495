"""The contracts of the state machine's functions (`apply`, `legal_actions`, `replies`, `options`,
`miscall_open`, `showing_actions`, `irregular_actions`, `score`, `new_deal`, `called`, `choice_of`, `declarations`,
`record`, `record_mapping`, `run` in `piquet_ref/machine/state.py`) evaluated at run time.

They state what the laws accept (exactly the actions they allow and the irregularities they remedy, the two
apart), that the deal dealt never changes, that a card once played stays played unless a revoke is retaken
(law 59 IV), that an election pending stops everyone but the elector, that the replies come in law 67's
order, which elections, corrections (law 52) and showings (law 55) are open, and that the score's penalties
are the machine's; that a deal goes straight to the exchange only when dealt by law (laws 9, 11-13), that each
category is called once, the point first (laws 46, 47), that each player declares only what he called, that the
record is the state's deal and its mapping scores as it does, and that running actions is applying each. They
take whole states, beyond CrossHair's reach, so each condition is read from the docstring as CrossHair reads
it and evaluated at every step of the machine's walks (irregular exchanges, revokes, leads out of turn, claims and showings).
A calibration requires the same check to find bugs planted in copies of the machine's functions.

The contracts of the younger's unannounced shortfall and its take-up (`piquet_ref/machine/shortfall.py`, Case XIII) are
evaluated on every call the machine makes, or would make on a take-up, at every step of the walks; those of the two
functions of plain values on every input of a box past their preconditions, the others on Hypothesis stocks,
tricks and hands; with a calibration of their own.
"""

from __future__ import annotations

from itertools import product
from typing import Any, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_ref.machine import state as machine
from piquet_ref.machine import shortfall
from piquet_ref.hand.cards import PACK_SIZE, hand_of
from piquet_ref.deal.counts import Position
from piquet_ref.rules.errors import PiquetError
from piquet_ref import parse_cards
from piquet_ref.machine.state import DealState, Phase, apply, legal_actions, new_deal, run
from piquet_ref.machine.actions import Action, Call, CallPoint, Exchange, Play, Reply, SeeLeft
from piquet_ref.rules.ruleset import PLAYERS
from piquet_ref.strategies import HAND_SIZE, RS, STOCK_SIZE

from verification.calibration.planted_deal import Plant
from verification.walks import CASE_IV_CALLS, CASE_IV_KNAVES, case_iv_deal, start, walks
from tests.support import BOOLS, COUNTS, calibration_states, examples
from verification.runtime import assert_caught, broken, broken_by, conditions, plant

OF_A_STATE = ("legal_actions", "replies", "options", "miscall_open", "showing_actions", "irregular_actions", "score")


def step_breaks(state: DealState, action: Action) -> set[tuple[str, str]]:
    """(function, postcondition) of every condition of the machine's functions broken by `state` and `action`
    (`score` only where its precondition admits the state: the calls over, no revoke standing)."""
    out: set[tuple[str, str]] = set()
    bad = broken(machine, "apply", (state, action))
    assert bad is not None, "the preconditions refuse the machine's own step"
    out |= {("apply", b) for b in bad}
    for function in OF_A_STATE:
        bad = broken(machine, function, (state,))
        assert bad is not None or function == "score", (function, "the preconditions refuse the machine's own state")
        out |= {(function, b) for b in bad or ()}
    return out | record_breaks(state) | shortfall_breaks(shortfall_calls(state))


def shortfall_calls(state: DealState) -> list[tuple[str, tuple[Any, ...]]]:
    """The calls of `piquet_ref/machine/shortfall.py` the machine makes, or would make on a take-up, in `state`: the cards
    left short once both have exchanged; with cards left short, the take-up checked for each player and, on the
    younger's hands, the first renounce, the cards joined to his hand and the play retaken from that renounce."""
    calls: list[tuple[str, tuple[Any, ...]]] = [("short_cards", (state.stock, state.takes, state.short))] if len(state.takes) == 2 else []
    cards = state.short_cards
    if not state.short:
        return calls
    calls += [("check_take_up", (p, cards, state.left_mixed, state.phase, state.ruleset)) for p in PLAYERS]
    if state.hands is None or state.position is None:
        return calls
    calls += [("first_renounce", (state.tricks, state.hands[0], cards)), ("with_cards", (state.position, cards))]
    k = shortfall.first_renounce(state.tricks, state.hands[0], cards)
    return calls + ([("retaken", (shortfall.with_cards(state.position, cards), state.tricks, k, state.hands[0]))] if k is not None else [])


def shortfall_breaks(calls: list[tuple[str, tuple[Any, ...]]]) -> set[tuple[str, str]]:
    """(function, postcondition) of every condition of the shortfall's functions broken by `calls`."""
    return broken_by(shortfall, calls)


def record_breaks(state: DealState, only: str | None = None) -> set[tuple[str, str]]:
    """The conditions of what the state says was called and declared, and of its record once the calls are over
    (of `only` that function's, when given)."""
    calls: list[tuple[str, tuple[Any, ...]]] = [("called", (state,)), ("declarations", (state,))]
    calls += [(f, (state,)) for f in ("named_calls", "implications", "unreckoned", "reckonings")]  # Case IV, law 56
    calls += [("choice_of", (tuple(c for c in state.calls if c.player == p),)) for p in PLAYERS]
    calls += [("record", (state,))] if state.phase in ("play", "complete") else []
    return broken_by(machine, (c for c in calls if only in (None, c[0])))


def deal_breaks(deck: list[int]) -> set[tuple[str, str]]:
    """The conditions of `new_deal` broken by the deck dealt regularly, and with one card and two astray (laws 11, 12)."""
    shapes = ((HAND_SIZE, HAND_SIZE), (HAND_SIZE + 1, HAND_SIZE), (HAND_SIZE - 1, HAND_SIZE - 1))
    deals = [(hand_of(deck[:e]), hand_of(deck[e : e + y]), tuple(deck[e + y :]), RS) for e, y in shapes]
    return broken_by(machine, (("new_deal", args) for args in deals))


def walk_breaks(deck: list[int], actions: tuple[Action, ...]) -> set[tuple[str, str]]:
    state, out = start(deck), deal_breaks(deck)
    for action in actions:
        out |= step_breaks(state, action)
        state = apply(state, action)
    out |= {("run", b) for b in broken(machine, "run", (start(deck), actions)) or ()}
    out |= {("record_mapping", b) for b in broken(machine, "record_mapping", (state,)) or ()} if state.phase in ("play", "complete") else set()
    return out | record_breaks(state)


@settings(max_examples=examples(60), deadline=None)
@given(walks(stop_anywhere=True, irregular=True, revokes=True))
def test_every_step_of_walks_with_irregular_exchanges_and_revokes_keeps_the_postconditions(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    assert walk_breaks(walk[0], walk[1]) == set()


@settings(max_examples=examples(40), deadline=None)
@given(walks(stop_anywhere=True, out_of_turn=True, revokes=True))
def test_every_step_of_walks_with_leads_out_of_turn_keeps_the_postconditions(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    """Law 59 III: each lead out of turn, taken back by either player or played to and standing, and the record
    naming the tricks so led."""
    assert walk_breaks(walk[0], walk[1]) == set()


@settings(max_examples=examples(40), deadline=None)
@given(walks(stop_anywhere=True, shortfall=True, revokes=True))
def test_every_step_of_walks_with_a_shortfall_left_unannounced_and_taken_up_keeps_the_postconditions(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    assert walk_breaks(walk[0], walk[1]) == set()


@settings(max_examples=examples(60), deadline=None)
@given(walks(stop_anywhere=True, claims=True, showings=True))
def test_every_step_of_walks_with_claims_and_showings_keeps_the_postconditions(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    assert walk_breaks(walk[0], walk[1]) == set()


@settings(max_examples=examples(40), deadline=None)
@given(walks(stop_anywhere=True, younger_claims=True))
def test_every_step_of_walks_with_the_youngers_claims_keeps_the_postconditions(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    """Laws 52-54 for the younger (his claims, their correction, the elder's retaking his lead, the waiver): the
    record's penalties are the state's, and its mapping scores as the machine does."""
    assert walk_breaks(walk[0], walk[1]) == set()


@settings(max_examples=examples(40), deadline=None)
@given(walks(stop_anywhere=True, implied_calls=True))
def test_every_step_of_walks_with_holdings_declared_by_implication_keeps_the_postconditions(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    """Case IV, law 56: the elder's holdings declared by implication, unreckoned, reckoned by him or objected to; the
    record's barred are the state's, and its mapping scores as the machine does."""
    assert walk_breaks(walk[0], walk[1]) == set()


def tried(state: DealState) -> set[tuple[str, str]]:
    """The conditions broken by every card played by either player in `state` that `apply` accepts."""
    out: set[tuple[str, str]] = set()
    for player in PLAYERS:
        for card in range(PACK_SIZE):
            action = Play(player, card)
            try:
                out |= {("apply", b) for b in broken(machine, "apply", (state, action)) or ()}
            except PiquetError:
                continue
    return out


PLANTED: tuple[tuple[str, Plant], ...] = (
    ("_play", Plant("play-out-of-turn-accepted", "a player may play when the adversary is to play",
                    "    if player != state.to_move:\n        raise error(\"play-out-of-turn\"", "    if False:\n        raise error(\"play-out-of-turn\"",
                    "action in legal_actions(state) or action in irregular_actions(state) or isinstance(action, LeadSeveral)")),
    ("_play", Plant("lead-takes-up-a-trick", "leading to a trick takes the last trick back",
                    "tricks = state.tricks if pos.lead is None else", "tricks = state.tricks[:-1] if pos.lead is None else",
                    "isinstance(action, (Retake, TakeUp)) or __return__.tricks[: len(state.tricks)] == state.tricks")),
)


CLAIM_PLANTED: tuple[tuple[str, Plant], ...] = (
    ("_corrected", Plant("retake-before-the-lead", "the younger's correction lets the elder take back a lead he has not made (law 52)",
                         "relead=state.relead or state.elder_has_led", "relead=True",
                         "lead_taken_back_only_after_the_youngers_correction(state, action, __return__)")),
)


@pytest.mark.parametrize("function, bug", CLAIM_PLANTED, ids=[b.name for _, b in CLAIM_PLANTED])
def test_the_run_time_check_finds_each_bug_planted_in_the_youngers_claims(function: str, bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every action open in the state of the younger's claim standing, before the lead and after it, judged by `apply`'s conditions."""
    before = younger_claim_state()
    states = [before, apply(before, Play("elder", next(a.card for a in legal_actions(before) if isinstance(a, Play))))]
    steps = [(s, a) for s in states for a in legal_actions(s)]
    assert set().union(*({("apply", b) for b in broken(machine, "apply", step) or ()} for step in steps)) == set()
    plant(monkeypatch, machine, function, bug, ("apply",))
    assert_caught(bug, {b for step in steps for b in broken(machine, "apply", step) or ()})


@pytest.mark.parametrize("function, bug", PLANTED, ids=[b.name for _, b in PLANTED])
def test_the_run_time_check_finds_each_bug_planted_in_the_machine(function: str, bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    states = calibration_states()
    states.append(apply(states[-1], Play("younger", next(a.card for a in legal_actions(states[-1]) if isinstance(a, Play)))))  # a trick played
    assert set().union(*(tried(s) for s in states)) == set()
    plant(monkeypatch, machine, function, bug, ("apply", *OF_A_STATE))
    caught: set[Any] = {b for s in states for _, b in tried(s)}
    assert_caught(bug, caught)


RECORD_PLANTED: tuple[tuple[str, Plant], ...] = (
    ("choice_of", Plant("sequences-as-sets", "a player's sequences are declared as his quatorzes or trios and the reverse",
                        'seqs, sets = made.get("sequences", ()), made.get("sets", ())', 'sets, seqs = made.get("sequences", ()), made.get("sets", ())',
                        "sequences_and_sets_declared_as_called(calls, __return__)")),
    ("record", Plant("record-drops-last-trick", "the record leaves out the last trick played",
                     "return DealRecord(state.ruleset, players[0], players[1], state.stock, state.tricks,",
                     "return DealRecord(state.ruleset, players[0], players[1], state.stock, state.tricks[:-1],",
                     "ruleset_stock_and_tricks_recorded(state, __return__)")),
    ("record", Plant("record-drops-the-youngers-claim", "the record leaves out the younger's claim not held (law 54)",
                     "state.waived[i], state.false_claims[i],", "state.waived[i], state.false_claims[i] and i == 0,",
                     "(__return__.elder.false_claim, __return__.younger.false_claim) == state.false_claims")),
    ("named_calls", Plant("a-point-by-number-names-cards", "the elder's point called by its number of cards counts among his calls by cards (Case IV)",
                          "return tuple(c for c in state.calls if c.player == PLAYERS[0] and c.category in state.by_cards)",
                          "return tuple(c for c in state.calls if c.player == PLAYERS[0])",
                          "all(c in state.calls and c.player == \"elder\" and c.category in state.by_cards for c in __return__)")),
    ("unreckoned", Plant("knaves-not-objected-to", "the younger's call in the category leaves the elder's implied holdings unreckoned (Case IV)",
                         "contested = {c.category for c in state.calls if c.player == PLAYERS[1] and c.holdings}", "contested: set[str] = set()",
                         "none_unreckoned_where_the_younger_called(state, __return__)")),
    ("reckonings", Plant("reckoning-after-the-first-trick", "the elder may reckon his implied holdings after the younger has played (law 56)",
                         'if state.younger_played or state.talk or state.phase not in ("calls", "play"):\n        return ()\n    return tuple(a for a in implications',
                         'if state.talk or state.phase not in ("calls", "play"):\n        return ()\n    return tuple(a for a in implications',
                         "not (state.younger_played and __return__)")),
    ("run", Plant("run-drops-the-last", "running actions leaves out the last of them",
                  "for step, action in enumerate(actions):", "for step, action in enumerate(actions[:-1]):",
                  "not actions or __return__ == apply(run(state, actions[:-1]), actions[-1])")),
    ("new_deal", Plant("card-astray-unremarked", "a deal with a card astray goes straight to the exchange, without the elder's option (law 11)",
                       "return _replaced(state, pending=(PLAYERS[0], laws[0])) if laws else state", "return state",
                       "to_the_exchange_only_when_dealt_by_law(elder_dealt, younger_dealt, stock, __return__)")),
)


@pytest.mark.parametrize("function, bug", RECORD_PLANTED, ids=[b.name for _, b in RECORD_PLANTED])
def test_the_run_time_check_finds_each_bug_planted_in_the_machines_deals_and_records(function: str, bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    states = calibration_states() + [younger_claim_state()]
    trick = next(a for a in legal_actions(states[-2]) if isinstance(a, Play))
    states.append(apply(states[-2], Play("younger", trick.card)))  # a trick played
    states += case_iv_states()
    assert set().union(*(record_breaks(s) for s in states)) == set() and deal_breaks(list(range(PACK_SIZE))) == set()
    runs = [(s, legal_actions(s)[:1]) for s in states]  # one action run from each state
    plant(monkeypatch, machine, function, bug)
    caught = {b for s in states for _, b in record_breaks(s, function)} | {b for r in runs for b in broken(machine, "run", r) or ()}
    caught |= {b for _, b in deal_breaks(list(range(PACK_SIZE)))}  # the pack in order, dealt regularly and with cards astray
    assert_caught(bug, caught)


def case_iv_states() -> list[DealState]:
    """Case IV's deal after the calls, the younger silent on his knaves or calling them, each once the younger has
    played; and the calls over with the elder's point called by its number of cards (PQ-W71YH)."""
    silent = run(case_iv_deal(), CASE_IV_CALLS)
    knaves = run(case_iv_deal(), CASE_IV_CALLS[:-1] + (CASE_IV_KNAVES,))
    by_number = run(case_iv_deal(), CASE_IV_CALLS[:2] + (CallPoint("elder", 5), Reply("younger")) + CASE_IV_CALLS[4:])
    first_trick = (Play("elder", parse_cards("AS")[0]), SeeLeft("younger", False), Play("younger", parse_cards("9S")[0]))
    return [silent, knaves, run(silent, first_trick), run(knaves, first_trick), by_number]


def younger_claim_state() -> DealState:
    """A deal whose younger, having discarded the nine of diamonds, called a quint to the king of diamonds against
    the elder's quart major, allowed good (laws 52-54): the calls over, his claim standing."""
    deal = new_deal(hand_of(parse_cards("AH KH QH JH 7H AS 9S AC 8C 7C 8D 7D")), hand_of(parse_cards("KD QD JD TD 9D KS QS JS KC QC TH 9H")),
                    tuple(parse_cards("TS 8S 7S AD JC TC 9C 8H")), RS)
    return run(deal, (
        Exchange("elder", tuple(parse_cards("9S 8C 7C 8D 7D")), 5), Exchange("younger", tuple(parse_cards("9D TH 9H")), 3),
        Call("elder", "point", (tuple(parse_cards("AH KH QH JH 7H")),)), Call("younger", "point", (tuple(parse_cards("KD QD JD TD")),)),
        Call("elder", "sequences", (tuple(parse_cards("AH KH QH JH")),)), Call("younger", "sequences", (tuple(parse_cards("KD QD JD TD 9D")),)),
        Call("elder", "sets", (tuple(parse_cards("AS AH AD AC")),)), Call("younger", "sets", ()),
    ))


# --- the younger's shortfall left unannounced and its take-up (Case XIII; piquet_ref/machine/shortfall.py)

PHASES = get_args(Phase)
SHORTFALL_BOXES: dict[str, Any] = {  # every input of a box a little wider than the preconditions' domain
    "unannounced_short": lambda: product(("elder", "younger"), (False, True, None, 0), COUNTS, COUNTS, COUNTS, (0, 1, -1)),
    "check_take_up": lambda: product(("elder", "younger"), ((), (3,), (3, 11)), BOOLS, PHASES, (RS,)),
}


@pytest.mark.parametrize("function", sorted(SHORTFALL_BOXES))
def test_every_shortfall_postcondition_holds_on_every_input_the_preconditions_admit(function: str) -> None:
    results = [broken(shortfall, function, args) for args in SHORTFALL_BOXES[function]()]
    assert sum(r is not None for r in results) > 1, f"{function}: no input of the box meets the preconditions"
    assert not [b for r in results for b in r or ()]


def test_a_take_up_is_refused_exactly_when_it_is_not_open() -> None:
    """Case XIII, law 37: open to the younger only, with cards left short unmixed with his discard, in the play."""
    for player, cards, mixed, phase, rs in SHORTFALL_BOXES["check_take_up"]():
        try:
            shortfall.check_take_up(player, cards, mixed, phase, rs)
            refused = False
        except PiquetError as e:
            refused = e.code == "take-up-not-open"
        assert refused == (player != "younger" or not cards or mixed or phase != "play"), (player, cards, mixed, phase)


@settings(max_examples=examples(200), deadline=None)
@given(st.permutations(range(PACK_SIZE)), st.integers(0, STOCK_SIZE), st.integers(0, STOCK_SIZE), st.integers(0, 4), st.integers(0, 2), st.integers(0, 10))
def test_the_shortfall_postconditions_hold_on_any_stock_and_any_tricks(deck: list[int], elder: int, younger: int, short: int, n: int, played: int) -> None:
    """`short_cards` on any stock and takes (none, the elder's, both); `first_renounce`, `with_cards` and `retaken`
    (from every trick) on distinct cards as tricks, hands and cards taken up."""
    stock = tuple(deck[2 * HAND_SIZE :])
    takes = (elder, min(younger, STOCK_SIZE - elder))[:n]
    tricks = tuple((deck[2 * i], deck[2 * i + 1]) for i in range(played))
    rest = deck[2 * played :]
    pos, cards, after = Position(hand_of(rest[:4]), hand_of(rest[4:8]), "elder"), tuple(rest[8 : 8 + short]), hand_of(deck[:HAND_SIZE])
    calls = [("short_cards", (stock, takes, short)), ("first_renounce", (tricks, after, cards)), ("with_cards", (pos, cards))]
    calls += [("retaken", (pos, tricks, k, after)) for k in range(played)]
    assert shortfall_breaks(calls) == set()


ELDER = hand_of([0, 1, 2, 8, 16])  # the calibration's elder after the exchange; 3 and 11 were left short
TRICKS = ((1, 5), (4, 16), (0, 24))  # the younger follows, leads, then renounces at the elder's lead in the suit of 3
SHORTFALL_CALLS: list[tuple[str, tuple[Any, ...]]] = [
    ("short_cards", (tuple(range(20, 28)), (3, 1), 2)),
    ("first_renounce", (TRICKS, ELDER, (3,))),
    ("with_cards", (Position(hand_of([2, 8]), hand_of([9, 17, 25]), "elder"), (3, 11))),
    ("retaken", (Position(hand_of([2, 8]), hand_of([3, 9, 17, 25]), "elder"), TRICKS, 2, ELDER)),
]
SHORTFALL_PLANTED: tuple[tuple[str, Plant], ...] = (
    ("unannounced_short", Plant("elder-leaves-unannounced", "the elder may leave cards of his take unannounced",
                                'if player != "younger" or shift or short <= 0:', "if shift or short <= 0:",
                                'announced is True or (player == "younger" and shift == 0 and __return__ > 0)')),
    ("short_cards", Plant("short-below-a-card", "the cards left short are taken from one card below the younger's last",
                          "stock[sum(takes) : sum(takes) + short]", "stock[sum(takes) + 1 : sum(takes) + 1 + short]",
                          "len(takes) != 2 or stock[: sum(takes)] + __return__ == stock[: sum(takes) + len(__return__)]")),
    ("check_take_up", Plant("mixed-taken-up", "cards left short and mixed with the discard may still be taken up (law 37)",
                            'if player == "younger" and cards and not mixed and phase == "play":', 'if player == "younger" and cards and phase == "play":',
                            "not mixed")),
    ("first_renounce", Plant("renounce-at-the-younger-lead", "a trick the younger led counts as his renounce",
                             "if 1 << lead & led and lead >> 3 in suits", "if lead >> 3 in suits",
                             "__return__ is None or pack_of_hand(elder) >> tricks[__return__][0] & 1 == 1")),
    ("retaken", Plant("owner-from-the-position", "the cards retaken go back by the hands now held, not those after the exchange",
                      "mine = pack_of_hand(elder)", "mine = pack_of_hand(pos.elder)",
                      "all(pack_of_hand(__return__.elder) >> c & 1 == pack_of_hand(elder) >> c & 1 for t in tricks[k:] for c in t)")),
)


@pytest.mark.parametrize("function, bug", SHORTFALL_PLANTED, ids=[b.name for _, b in SHORTFALL_PLANTED])
def test_the_run_time_check_finds_each_bug_planted_in_the_shortfall(function: str, bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = SHORTFALL_CALLS + [(f, args) for f, box in SHORTFALL_BOXES.items() for args in box() if broken(shortfall, f, args) is not None]
    assert shortfall_breaks(calls) == set()
    plant(monkeypatch, shortfall, function, bug)
    assert_caught(bug, {b for f, b in shortfall_breaks(calls) if f == function})
