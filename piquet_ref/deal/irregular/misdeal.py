"""Deals of the wrong number of cards (laws 11, 12, 39-43) and a card exposed in dealing (law 13).

The whole pack is dealt; what can go wrong is where its cards went. With one card astray and a stock
of eight or seven (hands of thirteen and eleven, or twelve and thirteen) the elder may have a fresh
deal or stand it (law 11); standing it, each player lays out as many cards as he takes in, plus his
hand's excess over twelve (one more with thirteen, one fewer with eleven), and takes in at least
one: laws 40-43 are this one arithmetic for each way the card can stray. With two or more cards
astray, or a stock of nine, the deal is void (law 12). An elder who takes in without announcing his
wrong number loses his option and must leave the younger the cards of a regular younger's portion
(law 39; only a stock of seven makes that bind): taking more is taking the younger's cards (law 28).
Law 38 (counting the stock) decides nothing a state does not already hold.

Our readings where the laws are silent, noted where used: the younger's discard limits are reckoned
from the elder's take up to his nominal five, announced or not (so a deal record, which does not
carry the announcement, scores what the state machine plays); the elder's election under law 13
comes before his election under law 11 when both arise.
"""

from __future__ import annotations

from typing import Literal

from piquet_ref.hand.cards import Card, Hand, cards_of, check_cards, check_distinct, check_hand, size
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.codes import error
from piquet_ref.rules.laws import law_of
from piquet_ref.rules.ruleset import Player, Ruleset

Shape = Literal["regular", "wrong-number", "misdeal", "not-the-pack"]


def deal_shape(elder: int, younger: int, stock: int, rs: Ruleset) -> Shape:
    """How a deal of these sizes stands: regular; one card astray, the stock not of nine (laws 11, 40-43);
    a misdeal voiding it (law 12); or not the whole pack (not a deal of this ruleset at all)."""
    hand, full = rs.pack.hand_size, rs.pack.stock_size
    if elder + younger + stock != 2 * hand + full:
        return "not-the-pack"
    if (elder, younger, stock) == (hand, hand, full):
        return "regular"
    astray = (abs(elder - hand) + abs(younger - hand) + abs(stock - full)) // 2
    return "wrong-number" if astray == 1 and stock <= full else "misdeal"


def size_error(elder: int, younger: int, stock: int, rs: Ruleset) -> PiquetError:
    """The error for dealt sizes that cannot be played: the first hand, else the stock, of the wrong size."""
    for who, n in (("elder", elder), ("younger", younger)):
        if n != rs.pack.hand_size:
            return error("deal-hand-size", f"{who}.dealt has {n} cards; each player is dealt {rs.pack.hand_size}")
    return error("deal-stock-size", f"stock has {stock} cards; the stock is {rs.pack.stock_size}")


def check_dealt(elder_dealt: Hand, younger_dealt: Hand, stock: tuple[Card, ...], rs: Ruleset) -> tuple[Hand, Hand, tuple[Card, ...], Shape]:
    """The dealt hands and stock checked as a deal of the whole pack, every card distinct, and its shape."""
    e, y = check_hand(elder_dealt, "elder.dealt"), check_hand(younger_dealt, "younger.dealt")
    stock = check_cards(stock, "stock")
    shape = deal_shape(size(e), size(y), len(stock), rs)
    if shape == "not-the-pack":
        raise size_error(size(e), size(y), len(stock), rs)
    check_distinct([("elder.dealt", cards_of(e)), ("younger.dealt", cards_of(y)), ("stock", stock)], rs)
    return e, y, stock, shape


def excess(hand: Hand, rs: Ruleset) -> int:
    """Cards dealt over twelve (negative: short): what a player standing the deal lays out beyond his take."""
    return size(hand) - rs.pack.hand_size


def discard_bounds(player: Player, shift: int, stock: int, room: int, portion: int, rs: Ruleset) -> tuple[int, int]:
    """(least, most) cards `player` may lay out: the ruleset's take limits (the elder's up to his `portion`,
    the younger's up to what the stock holds past `room`) moved by his excess `shift` (laws 21-22, 40-43).
    A regular deal (`shift` 0, a stock of eight, a portion of five) gives the ruleset's limits."""
    ex = rs.exchange
    if player == "elder":
        least, most = ex.elder_min, portion
    else:
        remaining = stock - room
        least, most = ex.younger_min, remaining if ex.younger_max is None else min(ex.younger_max, remaining)
    return max(0, least + shift), most + shift


def unannounced_portion(stock: int, rs: Ruleset) -> int:
    """The elder's portion once he has taken in without announcing a wrong number (law 39): what leaves the
    younger as many cards as a regular younger's portion."""
    return min(rs.exchange.elder_max, stock - (rs.pack.stock_size - rs.exchange.elder_max))


def exposed_option(elder_dealt: Hand, stock: tuple[Card, ...], exposed: tuple[Card, ...]) -> bool:
    """Whether a card the dealer exposed gives the elder the option of a fresh deal (law 13): one of the
    elder's or of the stock, not only the dealer's own."""
    return any(elder_dealt[c >> 3] >> (c & 7) & 1 or c in stock for c in exposed)


def deal_options(dealt: tuple[Hand, Hand], stock: tuple[Card, ...], exposed: tuple[Card, ...], rs: Ruleset) -> tuple[int, ...]:
    """The laws under which the elder is to elect a fresh deal or stand it before the exchange, in order."""
    out = []
    if exposed_option(dealt[0], stock, exposed):
        out.append(law_of("deal.card-exposed").number)
    if deal_shape(size(dealt[0]), size(dealt[1]), len(stock), rs) == "wrong-number":
        out.append(law_of("deal.wrong-number").number)
    return tuple(out)
