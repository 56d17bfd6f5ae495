"""What a caller can know (laws 48-49, 000 §Calling): whether a call is good against the cards.

A call is good against the cards when nothing the adversary could hold beats or equals it, judged from
what the caller can see: his hand after the exchange and his own discard. The adversary's twelve cards
are some of the others, and every best holding (a point or run of at most a suit, a set of at most
four) fits in twelve, so the test compares the call with the best holding of all the cards unseen.
"""

from __future__ import annotations

from .cards import PACK_SIZE, hand_of_pack, pack_of, pack_of_hand
from .declarations import compare_declarations, declare_all, declared
from .errors import error
from .machine import DealState, choice_of
from .machine_actions import Call
from .ruleset import PLAYERS

FULL_PACK = (1 << PACK_SIZE) - 1


def good_against_the_cards(state: DealState, call: Call) -> bool:
    """Whether `call` (a call the caller could make in `state`) is better than anything the adversary could hold."""
    if state.hands is None:
        raise error("argument-invalid", "a call is judged against the cards once the exchange is over")
    rs = state.ruleset
    i = PLAYERS.index(call.player)
    hand = state.hands[i]
    seen = pack_of_hand(hand) | pack_of(state.discards[i])
    mine = declared(hand, choice_of((call,)), call.player, rs)
    theirs = declare_all(hand_of_pack(FULL_PACK & ~seen), rs)
    pair = (mine, theirs) if i == 0 else (theirs, mine)
    return compare_declarations(*pair, rs).category(call.category).status(call.player) == "good"
