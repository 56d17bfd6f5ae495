"""Plain-value entry points to the checks of a trick, a ply, a position and an exchange, carrying their refusals
as contracts checked at run time.

`play.check_trick` lives in a module CrossHair searches, which must not be given functions taking a ruleset,
so its contract is stated here on a wrapper with the default ruleset fixed (`trick_refused`). The exchange's
checks and the play counter's (piquet_ref/hand/exchange.py, piquet_ref/deal/counts.py) carry their own contracts, which can
speak only of what they accept: the wrappers here catch the typed error, so that their postconditions state the refusals themselves (which inputs
are refused, with which code of spec/errors.yaml, and what the message names). tests/test_core_contracts.py
evaluates every condition, read from the docstrings as CrossHair reads them, on Hypothesis hands, discards and
deals, and on the tricks the machine's walks reach.
"""

from __future__ import annotations

from typing import Callable, cast

from piquet_ref.hand.cards import PACK_SIZE, SUIT_MASK, Hand, bit_of, cards_of, format_card, suit_of
from piquet_ref.deal.counts import Position, after_ply, check_position
from piquet_ref.rules.errors import PiquetError
from piquet_ref.hand.exchange import check_deal, check_discard
from piquet_ref.rules.loader import default_ruleset
from piquet_ref.hand.play import check_trick
from piquet_ref.rules.ruleset import PLAYERS, Player, other

RS = default_ruleset()
HAND, STOCK = RS.pack.hand_size, RS.pack.stock_size
EX = RS.exchange
YOUNGER_MOST = EX.younger_max or PACK_SIZE  # no most of his own: what the stock holds (exchange.younger-limits)
CODE_OF_COUNT = ("exchange-elder-count", "exchange-younger-count")


def refused(check: Callable[[], object]) -> tuple[str, str]:
    """(code, message) of the typed error `check` raises; ("", "") when it accepts."""
    try:
        check()
    except PiquetError as exc:
        return exc.code, exc.message
    return "", ""


def trick_refused(leader_hand: Hand, follower_hand: Hand, leader: int, lead: int, follow: int, number: int) -> tuple[str, str]:
    """`check_trick` under the default ruleset: (code, message) of the error for trick `number` led with `lead` by
    `PLAYERS[leader]`, who holds `leader_hand`, and answered with `follow` by his adversary, who holds
    `follower_hand` (("", "") for a legal trick).

    The leader leads a card he holds; the follower answers with a card he holds, of the suit led if he holds one,
    any card if not (play.follow-suit). Leading a card the adversary holds is a lead out of turn; playing another
    suit while holding the suit led is a revoke (law 59). The message opens with the trick and names the card
    at fault: the lead when it is not the leader's, else the follow.

    rules: play.follow-suit, play.first-lead
    laws: 59
    pre: all(0 <= m <= SUIT_MASK for m in leader_hand + follower_hand) and not any(a & b for a, b in zip(leader_hand, follower_hand))
    pre: leader in (0, 1) and 0 <= lead < PACK_SIZE and 0 <= follow < PACK_SIZE and lead != follow and number >= 0
    post: (__return__[0] == "") == (lead in cards_of(leader_hand) and follow in cards_of(follower_hand) and (suit_of(follow) == suit_of(lead) or all(suit_of(c) != suit_of(lead) for c in cards_of(follower_hand))))
    post: (__return__[0] == "play-out-of-turn") == (lead in cards_of(follower_hand))
    post: (__return__[0] == "play-not-held") == (lead not in cards_of(follower_hand) and (lead not in cards_of(leader_hand) or follow not in cards_of(follower_hand)))
    post: (__return__[0] == "play-revoke") == (lead in cards_of(leader_hand) and follow in cards_of(follower_hand) and suit_of(follow) != suit_of(lead) and any(suit_of(c) == suit_of(lead) for c in cards_of(follower_hand)))
    post: __return__[0] == "" or __return__[1].startswith(f"tricks[{number}]:")
    post: __return__[0] == "" or format_card(lead if lead not in cards_of(leader_hand) else follow, RS) in __return__[1].replace(",", " ").split()
    """
    return refused(lambda: check_trick(leader_hand, follower_hand, PLAYERS[leader], lead, follow, number, RS))


def discard_refused(player: int, dealt: Hand, discard: tuple[int, ...], elder_discarded: int) -> tuple[str, str]:
    """`check_discard` under the default ruleset: (code, message) of the error for `PLAYERS[player]`'s `discard`
    from his `dealt` hand, the elder having discarded `elder_discarded` (("", "") for a legal discard).

    A discard is distinct cards of the hand dealt to the player: the first card given a second time, or not
    dealt to him, is named (law 75 for a card twice). Its number is within the player's limits: the elder's
    least to most (law 21), the younger's least to his most, no more than the stock holds after the elder's
    take (law 22). The message opens with the player's discard.

    rules: exchange.elder-limits, exchange.younger-limits, pack.cards
    laws: 21, 22, 75
    pre: player in (0, 1) and all(0 <= m <= SUIT_MASK for m in dealt) and all(0 <= c < PACK_SIZE for c in discard)
    pre: 0 <= elder_discarded <= STOCK
    post: (__return__[0] == "") == (len(set(discard)) == len(discard) and set(discard) <= set(cards_of(dealt)) and (EX.elder_min <= len(discard) <= EX.elder_max if player == 0 else EX.younger_min <= len(discard) <= min(STOCK - elder_discarded, YOUNGER_MOST)))
    post: (__return__[0] in ("card-duplicate", "exchange-discard-not-held")) == any(c in discard[:i] or c not in cards_of(dealt) for i, c in enumerate(discard))
    post: __return__[0] not in ("card-duplicate", "exchange-discard-not-held") or (__return__[0] == "card-duplicate") == next(c in discard[:i] for i, c in enumerate(discard) if c in discard[:i] or c not in cards_of(dealt))
    post: __return__[0] not in ("card-duplicate", "exchange-discard-not-held") or format_card(next(c for i, c in enumerate(discard) if c in discard[:i] or c not in cards_of(dealt)), RS) in __return__[1].split()
    post: __return__[0] in ("", "card-duplicate", "exchange-discard-not-held", CODE_OF_COUNT[player])
    post: __return__[0] != CODE_OF_COUNT[player] or str(len(discard)) in __return__[1].split()
    post: __return__[0] == "" or __return__[1].startswith(f"{PLAYERS[player]}.discard:")
    """
    return refused(lambda: check_discard(PLAYERS[player], dealt, discard, elder_discarded, RS))


def deal_check_refused(elder_dealt: Hand, younger_dealt: Hand, stock: tuple[int, ...]) -> tuple[str, str]:
    """`check_deal` under the default ruleset: (code, message) of the error for a deal of these hands and stock
    (("", "") for a deal the exchange may begin from).

    Each player is dealt the ruleset's hand, the stock holds the rest (law 9): a hand of another size is named
    first (the elder's before the younger's), with its count, then a stock of another size; and each card is
    dealt once (law 75): the message of a card twice opens with that card.

    rules: deal.sizes, pack.cards
    laws: 9, 75
    pre: all(0 <= m <= SUIT_MASK for m in elder_dealt + younger_dealt) and all(0 <= c < PACK_SIZE for c in stock)
    post: (__return__[0] == "deal-hand-size") == (len(cards_of(elder_dealt)) != HAND or len(cards_of(younger_dealt)) != HAND)
    post: __return__[0] != "deal-hand-size" or __return__[1].startswith(f"{'elder' if len(cards_of(elder_dealt)) != HAND else 'younger'}.dealt has {len(cards_of(elder_dealt if len(cards_of(elder_dealt)) != HAND else younger_dealt))} cards")
    post: (__return__[0] == "deal-stock-size") == (len(cards_of(elder_dealt)) == len(cards_of(younger_dealt)) == HAND and len(stock) != STOCK)
    post: (__return__[0] == "card-duplicate") == (len(cards_of(elder_dealt)) == len(cards_of(younger_dealt)) == HAND and len(stock) == STOCK and len(set(cards_of(elder_dealt) + cards_of(younger_dealt) + stock)) < 2 * HAND + STOCK)
    post: __return__[0] != "card-duplicate" or __return__[1].split()[0] in [format_card(c, RS) for c in stock + cards_of(elder_dealt) + cards_of(younger_dealt) if (stock + cards_of(elder_dealt) + cards_of(younger_dealt)).count(c) > 1]
    post: __return__[0] in ("", "deal-hand-size", "deal-stock-size", "card-duplicate")
    """
    return refused(lambda: check_deal(elder_dealt, younger_dealt, stock, RS))


def ply_refused(pos: Position, card: int) -> tuple[str, str]:
    """`counts.after_ply`'s refusals: (code, message) of the error for `card` played at `pos` (("", "") for a legal ply).

    Between tricks the player on lead leads a card he holds: his adversary's card is a lead out of turn (law 59),
    a card neither holds is not held. To a card led the follower plays a card he holds, of the suit led if he
    holds one: a card he does not hold is not held, another suit while he holds the suit led a revoke (law 59).
    A number that is no card of the pack is unknown. The message names the card.

    rules: play.follow-suit, play.first-lead
    laws: 59
    pre: isinstance(pos, Position) and -1 <= card <= PACK_SIZE
    pre: not set(cards_of(pos.elder)) & set(cards_of(pos.younger)) and (pos.lead is None or pos.lead in cards_of(pos.hand(pos.leader)))
    post: (__return__[0] == "") == (0 <= card < PACK_SIZE and (card in cards_of(pos.hand(pos.leader)) if pos.lead is None else card in cards_of(pos.hand(other(pos.leader))) and (suit_of(card) == suit_of(pos.lead) or all(suit_of(c) != suit_of(pos.lead) for c in cards_of(pos.hand(other(pos.leader)))))))
    post: (__return__[0] == "card-unknown") == (not 0 <= card < PACK_SIZE)
    post: (__return__[0] == "play-out-of-turn") == (pos.lead is None and card in cards_of(pos.hand(other(pos.leader))))
    post: (__return__[0] == "play-revoke") == (pos.lead is not None and card in cards_of(pos.hand(other(pos.leader))) and suit_of(card) != suit_of(pos.lead) and any(suit_of(c) == suit_of(pos.lead) for c in cards_of(pos.hand(other(pos.leader)))))
    post: __return__[0] in ("", "card-unknown", "play-out-of-turn", "play-not-held", "play-revoke")
    post: __return__[0] in ("", "card-unknown") or format_card(card, RS) in __return__[1].replace(",", " ").split()
    post: __return__[0] != "card-unknown" or str(card) in __return__[1].split()
    """
    return refused(lambda: after_ply(pos, card))


def position_refused(elder: Hand, younger: Hand, leader: int, lead: int) -> tuple[str, str]:
    """`counts.check_position`'s refusals: (code, message) of the error for a position of these hands (four suit
    masks each, of any ints), `PLAYERS[leader]` on lead (-1: someone else) and `lead` led (-1: none; another
    number that is no card of the pack is unknown) (("", "") for a position).

    A position is two hands of masks of the pack's suits, a player on lead, the hands with no card in common
    (law 75), and a card led only of the leader's. The first fault in that order is named: the argument at fault,
    the card led that is no card or that the leader does not hold.

    rules: pack.cards, play.first-lead
    laws: 75
    pre: len(elder) == len(younger) == len(Hand._fields) and leader in (-1, 0, 1) and -2 <= lead <= PACK_SIZE
    post: (__return__[0] == "argument-invalid") == (leader == -1 or not all(0 <= m <= SUIT_MASK for m in elder + younger))
    post: __return__[0] != "argument-invalid" or __return__[1].startswith("position.elder" if not all(0 <= m <= SUIT_MASK for m in elder) else "position.younger" if not all(0 <= m <= SUIT_MASK for m in younger) else "position.leader")
    post: (__return__[0] == "card-duplicate") == (__return__[0] != "argument-invalid" and any(a & b for a, b in zip(elder, younger)))
    post: (__return__[0] == "card-unknown") == (__return__[0] not in ("argument-invalid", "card-duplicate") and lead != -1 and not 0 <= lead < PACK_SIZE)
    post: (__return__[0] == "play-not-held") == (__return__[0] not in ("argument-invalid", "card-duplicate") and 0 <= lead < PACK_SIZE and not (elder, younger)[leader][suit_of(lead)] >> bit_of(lead) & 1)
    post: __return__[0] in ("", "argument-invalid", "card-duplicate", "card-unknown", "play-not-held")
    post: __return__[0] not in ("card-unknown", "play-not-held") or str(lead) in __return__[1].replace(",", " ").split()
    """
    who = cast(Player, PLAYERS[leader] if leader >= 0 else "dealer")
    return refused(lambda: check_position(Position(elder, younger, who, None if lead == -1 else lead)))
