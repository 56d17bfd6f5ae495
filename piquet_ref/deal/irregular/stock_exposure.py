"""A card of the adversary's portion of the stock shown or taken up during the exchange (law 27).

The elder who, taking in or looking at cards he leaves, shows or takes up a card of the younger's portion (the
stock below his own portion: five cards, or what law 39 leaves him) reckons nothing that deal; so does the
younger who shows or takes up a card of the elder's portion that the elder has not said he leaves. Taking such
a card into the hand is taking in past one's portion (law 28); this module is the card seen or picked up and
put back. The adversary may let the penalty go (law 44).

Our readings (exchange.stock-exposure in spec/decisions.yaml): the elder can so offend until the younger has
exchanged, the younger only before the elder's exchange (after it the elder's portion is in the elder's hand, or
left, and the younger may take what is left, law 34); a card already shown by that player is no new offence;
enforcing the penalty is the default and the adversary may waive it during the play, as for a claim not held
(law 54).
"""

from __future__ import annotations

from piquet_ref.hand.cards import PACK_SIZE, Card, check_card, format_card
from piquet_ref.rules.codes import error
from piquet_ref.deal.irregular.misdeal import unannounced_portion
from piquet_ref.rules.ruleset import Player, Ruleset


def exposable(
    player: Player, stock: tuple[Card, ...], portion: int, said_left: int, takes: tuple[int, ...], shown: tuple[Card, ...],
) -> tuple[Card, ...]:
    """The stock cards whose showing by `player` now offends law 27: for the elder, the younger's portion
    (`stock[portion:]`) not yet taken in, until the younger exchanges; for the younger, the elder's portion
    less the `said_left` cards the elder said he leaves, before the elder exchanges; in either case not among
    the cards he has `shown` already. `takes` are the exchanges made (the elder's first).

    laws: 27
    pre: len(set(stock)) == len(stock) and all(0 <= c < PACK_SIZE for c in stock)
    pre: 0 <= said_left <= portion <= len(stock) and len(takes) <= 2 and all(t >= 0 for t in takes)
    post: len(set(__return__)) == len(__return__) and not set(__return__) & set(shown)
    post: elder_offends_by_the_youngers_portion_not_taken_in(player, stock, portion, takes, shown, __return__)
    post: player != "elder" or len(takes) < 2 or __return__ == ()
    post: younger_offends_by_the_elders_portion_not_left(player, stock, portion, said_left, takes, shown, __return__)
    """
    if player == "elder":
        rest = () if len(takes) > 1 else stock[max(portion, takes[0] if takes else 0) :]
    else:
        rest = () if takes else stock[: portion - said_left]
    return tuple(c for c in rest if c not in shown)


def elder_offends_by_the_youngers_portion_not_taken_in(
    player: Player, stock: tuple[Card, ...], portion: int, takes: tuple[int, ...], shown: tuple[Card, ...],
    result: tuple[Card, ...],
) -> bool:
    """Until the younger exchanges, the elder offends by showing any card of the younger's portion he has not
    taken in, that he has not shown already (law 27)."""
    theirs = stock[max(portion, takes[0] if takes else 0) :]
    return player != "elder" or len(takes) == 2 or set(result) == set(theirs) - set(shown)


def younger_offends_by_the_elders_portion_not_left(
    player: Player, stock: tuple[Card, ...], portion: int, said_left: int, takes: tuple[int, ...],
    shown: tuple[Card, ...], result: tuple[Card, ...],
) -> bool:
    """Before the elder exchanges, the younger offends by showing any card of the elder's portion the elder has not
    said he leaves, that he has not shown already; after it, by none (law 27)."""
    return (
        player != "younger"
        or (takes == () and set(result) == set(stock[: portion - said_left]) - set(shown))
        or (takes != () and result == ())
    )


def check_expose(
    player: Player, card: object, stock: tuple[Card, ...], portion: int, said_left: int, takes: tuple[int, ...], shown: tuple[Card, ...], rs: Ruleset,
) -> Card:
    """`card` if showing it now offends law 27 (`exposable`); else `expose-stock-invalid` (law 27) naming the
    card and why it is not the adversary's to see, or `card-unknown` for a value that is no card.

    laws: 27
    raises: PiquetError
    post: __return__ in exposable(player, stock, portion, said_left, takes, shown)
    """
    card = check_card(card, "action.card")
    if card in exposable(player, stock, portion, said_left, takes, shown):
        return card
    name = format_card(card, rs)
    adversary = "younger" if player == "elder" else "elder"
    if card in shown:
        why = "he has shown it already"
    elif card not in stock:
        why = "it is not a card of the stock"
    elif player == "elder" and len(takes) > 1 or player == "younger" and takes:
        why = "the younger has exchanged" if player == "elder" else "the elder has taken in: what is left of his portion the younger may take (law 34)"
    elif player == "elder" and stock.index(card) < portion:
        why = "it is of his own portion of the stock"
    elif player == "elder":
        why = "he has taken it in"
    elif stock.index(card) >= portion:
        why = "it is of his own portion of the stock"
    else:
        why = "the elder said he leaves it"
    raise error("expose-stock-invalid", f"the {player} shows {name} of the stock as a card of the {adversary}'s portion, but {why}")


def recorded_exposure(player: Player, cards: tuple[Card, ...], stock: tuple[Card, ...], rs: Ruleset, where: str) -> tuple[Card, ...]:
    """A deal record's `exposed_stock` of `player` (at `where`): distinct cards of his adversary's portion of
    `stock`, else `record-exposed-stock` (law 27) naming the first card that is not. The record does not say
    whether law 39 cut the elder's portion, so in a stock of seven its fifth card may be either's.

    laws: 27, 39
    raises: PiquetError
    post: __return__ == cards and len(set(cards)) == len(cards) and all(c in stock for c in cards)
    post: elder_recorded_showing_the_youngers_portion(player, stock, rs, __return__)
    post: player != "younger" or all(stock.index(c) < rs.exchange.elder_max for c in __return__)
    """
    split = (min(rs.exchange.elder_max, unannounced_portion(len(stock), rs)), rs.exchange.elder_max)
    theirs = stock[split[0] :] if player == "elder" else stock[: split[1]]
    for card in cards:
        if card not in theirs or cards.count(card) > 1:
            why = "named twice" if cards.count(card) > 1 else "not a card of the stock" if card not in stock else "of his own portion of the stock"
            raise error("record-exposed-stock", f"{where}: {format_card(card, rs)} is {why}, not a card of the {'younger' if player == 'elder' else 'elder'}'s portion he showed")
    return cards


def elder_recorded_showing_the_youngers_portion(
    player: Player, stock: tuple[Card, ...], rs: Ruleset, result: tuple[Card, ...],
) -> bool:
    """The cards a record says the elder showed are of the younger's portion: past the elder's five, or past what
    law 39 leaves him in a stock of seven (laws 27, 39)."""
    split = min(rs.exchange.elder_max, unannounced_portion(len(stock), rs))
    return player != "elder" or all(stock.index(c) >= split for c in result)
