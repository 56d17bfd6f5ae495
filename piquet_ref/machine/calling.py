"""What a caller can know (laws 48-49, 000 §Calling): whether a call is good against the cards.

A call is good against the cards when nothing the adversary could hold beats or equals it, judged from
what the caller can see: his hand after the exchange and his own discard. The adversary's twelve cards
are some of the others, and every best holding (a point or run of at most a suit, a set of at most
four) fits in twelve, so the test compares the call with the best holding of all the cards unseen.
"""

from __future__ import annotations

from piquet_ref.machine.dialogue import good_against
from piquet_ref.rules.codes import error
from piquet_ref.machine.state import DealState
from piquet_ref.machine.actions import Call
from piquet_ref.rules.ruleset import PLAYERS


def good_against_the_cards(state: DealState, call: Call) -> bool:
    """Whether `call` (a call the caller could make in `state`) is better than anything the adversary could hold."""
    if state.hands is None:
        raise error("argument-invalid", "a call is judged against the cards once the exchange is over")
    i = PLAYERS.index(call.player)
    if not call.holdings:
        return False
    hand, discard = state.hands[i], state.discards[i]
    return max(good_against(hand, discard, call.category, h, state.ruleset) for h in call.holdings)
