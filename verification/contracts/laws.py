"""Plain-value entry points to the small deciders of the laws' state machine, carrying the laws as contracts.

As in `contracts`: CrossHair cannot invent a `Ruleset`, a player's name (a `Literal`, which it cannot
build inside a `Position`) or a position worth searching, so each function here fixes the default
ruleset, takes a player as a number (0 the elder, 1 the younger: `PLAYERS`) and builds what else the
decider reads from a few small numbers, and states the laws (the Portland code of 1882, by number, on a
`laws:` line) as PEP 316 pre- and postconditions that `crosshair check --analysis_kind PEP316` searches.
Sizes and limits in the conditions are read from the ruleset, never written here. The deciders that
read spec/laws.yaml, spec/errors.yaml or a hand's size, which CrossHair cannot search within its budget,
are stated in `law_contracts_runtime` instead and checked at run time.
"""

from __future__ import annotations

from piquet_ref.hand.cards import Hand
from piquet_ref.deal.counts import Position
from piquet_ref.hand.exchange import _limits
from piquet_ref.machine.left_cards import election_open, may_mix
from piquet_ref.rules.loader import default_ruleset
from piquet_ref.deal.irregular.misdeal import deal_shape, discard_bounds, unannounced_portion
from piquet_ref.deal.irregular.penalties import available, younger_room
from piquet_ref.rules.ruleset import PLAYERS
from piquet_ref.machine.showing import may_ask

RS = default_ruleset()
HAND, STOCK = RS.pack.hand_size, RS.pack.stock_size
PACK = 2 * HAND + STOCK
EX = RS.exchange
EMPTY = Hand(0, 0, 0, 0)
LEFT = (0,)  # cards left in the stock (which, and how many, these deciders do not read)


def take_available(player: int, elder_take: int, stock: int) -> int:
    """`penalties.available`: how many cards of a stock of `stock` the player can take in.

    The elder takes from the top of the whole stock; the younger takes only what the elder left.

    rules: exchange.take-from-top, exchange.younger-limits
    laws: 23, 28
    pre: player in (0, 1) and 0 <= elder_take <= stock <= STOCK
    post: player != 0 or __return__ == stock
    post: player != 1 or __return__ + elder_take == stock
    """
    return available(PLAYERS[player], elder_take, stock)


def room_taken(elder_take: int) -> int:
    """`penalties.younger_room`: how much of the stock the younger's limits count as the elder's (our reading:
    his take, up to his own portion, whether or not he took past it).

    rules: exchange.younger-limits
    laws: 22, 28
    pre: 0 <= elder_take <= STOCK
    post: 0 <= __return__ <= EX.elder_max
    post: elder_take > EX.elder_max or __return__ == elder_take
    """
    return younger_room(elder_take, RS)







def shape_of(elder: int, younger: int, stock: int) -> str:
    """`misdeal.deal_shape` of a deal of these sizes.

    rules: deal.sizes
    laws: 11, 12
    pre: 0 <= elder <= PACK and 0 <= younger <= PACK and 0 <= stock <= PACK
    post: (__return__ == "not-the-pack") == (elder + younger + stock != PACK)
    post: (__return__ == "regular") == ((elder, younger, stock) == (HAND, HAND, STOCK))
    laws: 11
    post: __return__ != "wrong-number" or abs(elder - HAND) + abs(younger - HAND) + abs(stock - STOCK) == 2
    post: __return__ != "wrong-number" or elder != HAND or stock == STOCK - 1
    laws: 12
    post: stock <= STOCK or __return__ in ("misdeal", "not-the-pack")
    post: __return__ != "misdeal" or stock > STOCK or abs(elder - HAND) + abs(younger - HAND) + abs(stock - STOCK) >= 4
    """
    return deal_shape(elder, younger, stock, RS)


def bounds_of(player: int, shift: int, stock: int, room: int, portion: int) -> tuple[int, int]:
    """`misdeal.discard_bounds`: (least, most) cards `PLAYERS[player]`, dealt `HAND + shift`, may lay out from a
    stock of `stock`, `room` of it counted as the elder's, the elder's portion being `portion`.

    He lays out as many as he takes in plus his excess over twelve, and takes in at least his least; the
    elder takes at most his portion, the younger at most what the elder left (laws 21, 22); with thirteen a
    player lays out at least two (laws 40-43). A regular deal gives the ruleset's limits.

    rules: exchange.elder-limits, exchange.younger-limits
    laws: 21, 22, 40, 41, 42, 43
    pre: player in (0, 1) and shift in (-1, 0, 1) and stock in (STOCK - 1, STOCK)
    pre: 0 <= room <= EX.elder_max and 1 <= portion <= EX.elder_max
    post: __return__[0] >= 0 and __return__[0] - shift >= (EX.elder_min if player == 0 else EX.younger_min)
    post: player != 0 or __return__[1] - shift == portion
    post: player != 1 or __return__[1] - shift <= stock - room
    post: player != 1 or EX.younger_max is None or __return__[1] - shift <= EX.younger_max
    post: shift != 1 or __return__[0] >= 2
    post: (shift, stock, portion) != (0, STOCK, EX.elder_max) or room < EX.elder_min or __return__ == _limits(PLAYERS[player], room, RS)
    """
    return discard_bounds(PLAYERS[player], shift, stock, room, portion, RS)


def portion_unannounced(stock: int) -> int:
    """`misdeal.unannounced_portion`: the elder's portion of a stock of `stock` once he has taken in without
    announcing a wrong number: he must leave the younger as many as a regular younger's portion (law 39).

    rules: exchange.elder-limits
    laws: 39
    pre: stock in (STOCK - 1, STOCK)
    post: 0 <= __return__ <= EX.elder_max
    post: stock - __return__ >= STOCK - EX.elder_max
    post: __return__ == EX.elder_max or stock - __return__ == STOCK - EX.elder_max
    """
    return unannounced_portion(stock, RS)


def look_window(left: bool, moment: int, tricks: int, election: int, mixed: bool) -> bool:
    """`left_cards.election_open`: whether the younger is now to say if he looks at the cards left (`left`: some
    are), at moment `moment` (0 no play yet, 1 between tricks, 2 a card led) after `tricks` tricks, his election being
    `election` (-1 none yet, 0 declined, 1 looked), the cards `mixed` or not with his discard.

    The younger says it once, after the elder has led to the first trick and before he plays to it (law 36);
    cards mixed with his discard are no longer there to elect on (law 37).

    laws: 36
    pre: moment in (0, 1, 2) and tricks >= 0 and election in (-1, 0, 1)
    post: not __return__ or (moment == 2 and tricks == 0)
    post: not __return__ or election == -1
    post: not __return__ or left
    post: __return__ or not left or mixed or election != -1 or tricks > 0 or moment != 2
    laws: 37
    post: not (__return__ and mixed)
    """
    pos = None if moment == 0 else Position(EMPTY, EMPTY, "elder", 0 if moment == 2 else None)
    return election_open(LEFT if left else (), tricks, pos, None if election < 0 else election == 1, mixed)


def mix_allowed(player: int, left: bool, mixed: bool, elder_looked: bool) -> bool:
    """`left_cards.may_mix`: whether `PLAYERS[player]` can mix the cards left (`left`: some are) with his discard unshown.

    Only the younger leaves cards to mix, and only cards the elder has not seen (law 37); once mixed, they
    are mixed.

    laws: 37
    pre: player in (0, 1)
    post: not __return__ or player == 1
    post: not __return__ or (left and not mixed and not elder_looked)
    post: __return__ or player != 1 or not left or mixed or elder_looked
    """
    return may_mix(PLAYERS[player], LEFT if left else (), mixed, elder_looked)


def ask_allowed(shower: int, elder_has_led: bool) -> bool:
    """`showing.may_ask`: whether `PLAYERS[shower]` may be asked now to show what he had allowed.

    The elder shows whenever asked; the younger only once the elder has led (law 55).

    laws: 55
    pre: shower in (0, 1)
    post: shower != 0 or __return__
    post: shower != 1 or __return__ == elder_has_led
    """
    return may_ask(PLAYERS[shower], elder_has_led)
