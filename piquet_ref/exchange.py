"""The exchange: how many cards each player may discard, and the hands after taking in."""

from __future__ import annotations

from .cards import EMPTY, Card, Hand, format_card, hand_of, minus, size, union
from .errors import error
from .ruleset import Player, Ruleset


def discard_limits(player: Player, elder_discarded: int, ruleset: Ruleset) -> tuple[int, int]:
    """(least, most) cards `player` may discard; the younger's most depends on what the elder took."""
    ex = ruleset.exchange
    if player == "elder":
        return ex.elder_min, ex.elder_max
    remaining = ruleset.pack.stock_size - elder_discarded
    most = remaining if ex.younger_max is None else min(ex.younger_max, remaining)
    return ex.younger_min, most


def check_discard(player: Player, dealt: Hand, discard: tuple[Card, ...], elder_discarded: int, ruleset: Ruleset) -> Hand:
    """The discard as a hand; raises unless it is distinct cards of the dealt hand, in a number the laws allow."""
    given = hand_of(discard)
    if size(given) != len(discard) or minus(given, dealt) != EMPTY:
        _check_cards(player, dealt, discard, ruleset)
    least, most = discard_limits(player, elder_discarded, ruleset)
    if not least <= len(discard) <= most:
        code = "exchange-elder-count" if player == "elder" else "exchange-younger-count"
        raise error(code, f"{player}.discard: {len(discard)} cards discarded; the {player} must exchange {least} to {most}")
    return given


def _check_cards(player: Player, dealt: Hand, discard: tuple[Card, ...], ruleset: Ruleset) -> None:
    """Raise naming the first card of `discard` given twice or not dealt to the player."""
    seen = set()
    for card in discard:
        if card in seen:
            raise error("card-duplicate", f"{player}.discard: {format_card(card, ruleset)} is discarded twice")
        seen.add(card)
        if not dealt[card >> 3] >> (card & 7) & 1:
            raise error(
                "exchange-discard-not-held",
                f"{player}.discard: {format_card(card, ruleset)} is not in the hand dealt to the {player}",
            )


def exchange(
    elder_dealt: Hand,
    younger_dealt: Hand,
    elder_discard: tuple[Card, ...],
    younger_discard: tuple[Card, ...],
    stock: tuple[Card, ...],
    ruleset: Ruleset,
) -> tuple[Hand, Hand]:
    """Check both discards and return the hands after each takes from the top of the stock, elder first."""
    e_out = check_discard("elder", elder_dealt, elder_discard, 0, ruleset)
    y_out = check_discard("younger", younger_dealt, younger_discard, len(elder_discard), ruleset)
    k = len(elder_discard)
    elder = union(minus(elder_dealt, e_out), hand_of(stock[:k]))
    younger = union(minus(younger_dealt, y_out), hand_of(stock[k : k + len(younger_discard)]))
    return elder, younger
