"""The state machine on deals of the wrong number of cards (laws 11, 12, 39-43) and with a card exposed in
dealing (law 13): properties over random deals of the whole pack split every way one card can stray.

- legal_actions is exactly what apply accepts, an illegal action leaves the state as it was;
- every legal sequence (the elder standing the deal) ends in a complete deal of twelve cards a side,
  scored as `score_deal` scores the record the test writes itself from the actions (the dealt hands of
  eleven or thirteen, the discards, the takes, the calls, the tricks);
- the exchanges allowed are the arithmetic of laws 40-43 written out law by law;
- two cards astray or a stock of nine voids the deal at once (law 12); the elder who takes in without
  announcing keeps no option and leaves the younger three (law 39); an exposed card of the elder's or
  the stock's gives the elder the option, one of the dealer's none (law 13).
"""

from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_ref import PiquetError, score_deal
from piquet_ref.hand.cards import cards_of, format_cards, hand_of
from piquet_ref.machine.state import DealState, apply, irregular_actions, legal_actions, new_deal, record
from piquet_ref.machine.actions import DIALOGUE_TYPES, Action, Call, Elect, Exchange, Play, ShowBlanche
from piquet_ref.rules.ruleset import PLAYERS
from piquet_ref.strategies import PACK, RS

from tests.support import implied_by

FEW = settings(max_examples=max(10, settings().max_examples // 8), deadline=None)
SOME = settings(max_examples=max(10, settings().max_examples // 4), deadline=None)

# Laws 40-43, as the text gives them: (elder dealt, younger dealt, stock) -> for (elder, younger) the
# cards he lays out beyond those he takes in, and the fewest he may lay out.
STANDING = {
    (13, 11, 8): ((1, 2), (-1, 0)),  # law 40: elder one more and at least two; younger one fewer, none if he takes one
    (13, 12, 7): ((1, 2), (0, 1)),  # law 41: elder one more and at least two (six for all five); younger as usual
    (11, 13, 8): ((-1, 0), (1, 2)),  # law 42: elder one fewer, none if he takes one; younger one more and at least two
    (12, 13, 7): ((0, 1), (1, 2)),  # law 43: elder as many as he takes; younger one more and at least two
}
ELDER_PORTION = 5  # law 21
YOUNGER_LEFT = 3  # law 39: the elder must leave the younger three


def deal_of(deck: list[int], sizes: tuple[int, int, int], exposed: tuple[int, ...] = ()) -> DealState:
    e, y, _ = sizes
    return new_deal(hand_of(deck[:e]), hand_of(deck[e : e + y]), tuple(deck[e + y :]), RS, exposed)


@st.composite
def wrong_deals(draw: st.DrawFn) -> tuple[list[int], tuple[int, int, int]]:
    return draw(st.permutations(PACK)), draw(st.sampled_from(sorted(STANDING)))


@st.composite
def walks(draw: st.DrawFn, stop_anywhere: bool = False, unannounced: bool = False) -> tuple[list[int], tuple[int, int, int], tuple[Action, ...], DealState]:
    """A deal of one card astray and legal actions drawn from `legal_actions` (never a fresh deal; calls in
    their compact form, the dialogue being tested in test_dialogue and test_machine); with `unannounced`, the
    elder may take in without announcing, one of `irregular_actions`."""
    deck, sizes = draw(wrong_deals())
    state = deal_of(deck, sizes)
    taken: list[Action] = []
    while state.phase != "complete":
        if stop_anywhere and draw(st.integers(0, 12)) == 0:
            break
        choices = [a for a in legal_actions(state) if not (isinstance(a, Elect) and a.choice == "fresh_deal" or isinstance(a, DIALOGUE_TYPES))]
        if unannounced and state.phase == "option" and irregular_actions(state) and draw(st.booleans()):
            choices = [a for a in irregular_actions(state) if isinstance(a, Exchange) and a.take == len(a.discard) - (sizes[0] - 12)]
        action = draw(st.sampled_from(choices))
        state = apply(state, action)
        taken.append(action)
    return deck, sizes, tuple(taken), state


def record_from_actions(deck: list[int], sizes: tuple[int, int, int], actions: tuple[Action, ...]) -> dict[str, Any]:
    """The deal record written straight from the deal and the actions: dealt hands of the sizes dealt,
    each player's discard and take, calls, the cards played paired into tricks. Where the elder called nothing
    in sequences or sets, the holdings his other calls name are his call there (Case IV, `implied_by`), barred
    unless the younger called something there."""
    e, y, _ = sizes
    dealt = {"elder": deck[:e], "younger": deck[e : e + y]}
    every: dict[tuple[str, str], tuple[tuple[int, ...], ...]] = {(a.player, a.category): a.holdings for a in actions if isinstance(a, Call)}  # the last call stands: a late reckoning (law 56)
    silent = {a.category for a in actions if isinstance(a, Call) and a.player == "elder" and not a.holdings}
    implied = {k: h for k in ("sequences", "sets") if k in silent and every[("elder", k)] == () for h in (implied_by(every, k),) if h}
    every.update({("elder", k): h for k, h in implied.items()})
    out: dict[str, Any] = {}
    for who in PLAYERS:
        ex = next(a for a in actions if isinstance(a, Exchange) and a.player == who)
        calls = {k: h for (p, k), h in every.items() if p == who}
        waived = any(isinstance(a, Elect) and a.player == who and a.choice == "waive" for a in actions)
        out[who] = {
            "dealt": format_cards(cards_of(hand_of(dealt[who]))), "discard": format_cards(ex.discard), "take": ex.take,
            "declare": {
                "point": format_cards(calls["point"][0]) if calls["point"] else "none",
                "sequences": [format_cards(h) for h in calls["sequences"]], "sets": [format_cards(h) for h in calls["sets"]],
            },
        }
        if waived:
            out[who]["waives_penalty"] = True
    barred = [k for k in implied if not every.get(("younger", k))]
    if barred:
        out["elder"]["barred"] = barred
    played = [a.card for a in actions if isinstance(a, Play)]
    out["stock"] = format_cards(deck[e + y :])
    out["tricks"] = [format_cards(played[k : k + 2]) for k in range(0, len(played), 2)]
    return out


@SOME
@given(walks())
def test_a_deal_stood_and_played_on_ends_twelve_a_side_and_is_scored_as_score_deal_scores_its_record(walk: Any) -> None:
    deck, sizes, actions, state = walk
    assert actions[0] == Elect("elder", "stand")
    assert state.phase == "complete" and legal_actions(state) == irregular_actions(state) == ()
    assert state.hands is not None and [len(cards_of(h)) for h in state.hands] == [12, 12]
    result = score_deal(record_from_actions(deck, sizes, actions))
    assert result.complete and not any(result.reckons_nothing)
    assert score_deal(record(state)) == result and state.hands == result.hands


@FEW
@given(walks(stop_anywhere=True))
def test_the_exchanges_allowed_are_the_arithmetic_of_laws_40_to_43(walk: Any) -> None:
    _, sizes, _, state = walk
    if state.phase != "exchange":
        return
    i = PLAYERS.index(state.to_move)
    extra, least = STANDING[sizes][i]
    stock = sizes[2]
    most_take = ELDER_PORTION if i == 0 else stock - state.takes[0]
    expected = {(t + extra, t) for t in range(1, most_take + 1) if t + extra >= least}
    allowed = {(len(a.discard), a.take) for a in legal_actions(state) if isinstance(a, Exchange)}
    if not (state.blanche[i] and not state.shown[i]):
        assert allowed == expected


def candidates(state: DealState) -> set[Action]:
    """A broad space of actions: each kind, by either player, exchanges of every size 0-7 with every take."""
    out: set[Action] = {ShowBlanche(p) for p in PLAYERS}
    out |= {Play(p, c) for p in PLAYERS for c in PACK[::3]}
    out |= {Elect(p, c) for p in PLAYERS for c in ("fresh_deal", "stand", "enforce", "waive", "redeal")}
    out |= {Call(p, "point", ()) for p in PLAYERS}
    for i, p in enumerate(PLAYERS):
        held = cards_of(state.dealt[i])
        for k in range(0, 8):
            for take in range(0, 9):
                out.add(Exchange(p, held[:k], take))
                out.add(Exchange(p, held[len(held) - k :], take))
    return out | set(legal_actions(state)) | set(irregular_actions(state)[::37])


@FEW
@given(walks(stop_anywhere=True, unannounced=True))
def test_legal_actions_are_exactly_the_candidates_apply_accepts_and_a_refused_one_changes_nothing(walk: Any) -> None:
    _, _, _, state = walk
    snapshot = [copy.deepcopy(getattr(state, f.name)) for f in fields(state) if f.name != "ruleset"]
    tried = candidates(state)
    legal, irregular = set(legal_actions(state)), set(irregular_actions(state))
    assert {a for a in tried if accepts(state, a)} == legal | (irregular & tried) and not legal & irregular
    assert [getattr(state, f.name) for f in fields(state) if f.name != "ruleset"] == snapshot


def accepts(state: DealState, action: Action) -> bool:
    """Whether `apply` takes `action` in `state` (a refusal must be a typed error)."""
    try:
        apply(state, action)
    except PiquetError:
        return False
    return True


@SOME
@given(walks(unannounced=True))
def test_an_elder_who_takes_in_unannounced_loses_his_option_and_leaves_three(walk: Any) -> None:
    """Law 39: no election after taking in unannounced; with a stock of seven he takes at most four, since
    three stay for the younger; the deal is still scored as its record."""
    deck, sizes, actions, state = walk
    if isinstance(actions[0], Elect):
        return
    first = actions[0]
    assert isinstance(first, Exchange) and first.take <= min(ELDER_PORTION, sizes[2] - YOUNGER_LEFT)
    assert not any(isinstance(a, Elect) for a in actions)
    assert score_deal(record(state)) == score_deal(record_from_actions(deck, sizes, actions))


@pytest.mark.parametrize("e, y", [(e, y) for e in range(0, 17) for y in range(0, 17)])
def test_two_cards_astray_or_a_stock_of_nine_voids_the_deal_at_once(e: int, y: int) -> None:
    """Law 12 (and law 39's eleven against seven, which is two astray): a void state, nothing more to do;
    every split of the pack into two hands and a stock."""
    stock = 32 - e - y
    astray = (abs(e - 12) + abs(y - 12) + abs(stock - 8)) // 2
    state = deal_of(list(PACK), (e, y, stock))
    void = stock == 9 or astray >= 2
    assert (state.phase == "void") == void and (state.void_law == 12) == void
    if void:
        assert legal_actions(state) == irregular_actions(state) == ()
        with pytest.raises(PiquetError) as info:
            apply(state, Elect("elder", "stand"))
        assert info.value.code == "deal-over"
    else:
        assert state.phase == ("option" if astray else "exchange")


@SOME
@given(st.permutations(PACK), st.lists(st.integers(0, 31), min_size=1, max_size=3, unique=True))
def test_an_exposed_card_of_the_elder_or_the_stock_gives_the_elder_the_option_of_a_fresh_deal(deck: list[int], at: list[int]) -> None:
    """Law 13: the deck's first twelve are the elder's, the next twelve the dealer's (the younger), the rest the stock."""
    exposed = tuple(deck[k] for k in at)
    state = deal_of(deck, (12, 12, 8), exposed)
    offered = any(not 12 <= k < 24 for k in at)
    assert (state.pending == ("elder", 13)) == offered
    if offered:
        assert legal_actions(state) == (Elect("elder", "fresh_deal"), Elect("elder", "stand"))
        assert apply(state, Elect("elder", "fresh_deal")).void_law == 13
        assert apply(state, Elect("elder", "stand")).phase == "exchange"
    else:
        assert state.phase == "exchange"


@SOME
@given(st.permutations(PACK))
def test_against_a_stock_of_seven_the_unannounced_elder_takes_four_and_a_fifth_is_the_younger_card(deck: list[int]) -> None:
    """Law 39: the elder dealt thirteen who takes in without announcing must leave the younger three of the
    seven, so by law 40's arithmetic he lays out two to five for one to four; taking a fifth is taking one
    of the younger's three (law 28): the younger elects a fresh deal, the penalty, or its waiver. Standing
    the deal first (law 41) he may take all five."""
    state = deal_of(deck, (13, 12, 7))
    exchanges = [a for a in irregular_actions(state) if isinstance(a, Exchange)]
    unannounced = [a for a in exchanges if a.take == len(a.discard) - 1]
    assert {a.take for a in unannounced} == {1, 2, 3, 4}
    fifth = next(a for a in exchanges if a.take == 5)
    assert apply(state, fifth).pending == ("younger", 28)
    stood = apply(state, Elect("elder", "stand"))
    assert max(a.take for a in legal_actions(stood) if isinstance(a, Exchange)) == 5
