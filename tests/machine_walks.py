"""Walks through the deal's state machine: a legal deal and legal actions drawn one by one (a Hypothesis
strategy shared by tests/test_machine.py, tests/test_machine_counts.py and tests/test_deal_contracts.py)."""

from __future__ import annotations

from hypothesis import strategies as st

from piquet_ref.cards import hand_of
from piquet_ref.machine import DealState, apply, legal_actions, new_deal
from piquet_ref.machine_actions import Action, Elect, Exchange
from piquet_ref.strategies import HAND_SIZE, RS, STOCK_SIZE, blanche_decks, dealt_decks


def decks() -> st.SearchStrategy[list[int]]:
    return st.one_of(dealt_decks(), dealt_decks(), blanche_decks("elder"), blanche_decks("younger"))


def start(deck: list[int]) -> DealState:
    return new_deal(hand_of(deck[:HAND_SIZE]), hand_of(deck[HAND_SIZE : 2 * HAND_SIZE]), tuple(deck[2 * HAND_SIZE :]), RS)


@st.composite
def walks(draw: st.DrawFn, stop_anywhere: bool = False, irregular: bool = False) -> tuple[list[int], tuple[Action, ...], DealState]:
    """A legal deal and legal actions drawn one by one from `legal_actions` (to the end, or stopping anywhere);
    with `irregular`, an exchange may take in another number of cards than the legal one drawn, one of
    `irregular_actions` (and no fresh deal is elected)."""
    deck = draw(decks())
    state = start(deck)
    taken: list[Action] = []
    while state.phase != "complete":
        if stop_anywhere and draw(st.integers(0, 15)) == 0:
            break
        choices = tuple(a for a in legal_actions(state) if a != Elect(a.player, "fresh_deal"))
        action = draw(st.sampled_from(choices))
        room = STOCK_SIZE - state.takes[0] if action.player == "younger" and state.takes else STOCK_SIZE
        others = [t for t in range(room + 1) if t != action.take] if isinstance(action, Exchange) else []
        if irregular and others and draw(st.booleans()):  # the same discard, another number taken in
            assert isinstance(action, Exchange)
            action = Exchange(action.player, action.discard, draw(st.sampled_from(others)))
        state = apply(state, action)
        taken.append(action)
    return deck, tuple(taken), state
