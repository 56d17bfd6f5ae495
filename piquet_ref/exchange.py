"""The exchange: how many cards each player may discard, and the hands after taking in."""

from __future__ import annotations

from .cards import Card, Hand, format_card, hand_of_pack, pack_of, pack_of_hand
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


def check_discard(player: Player, dealt: Hand, discard: tuple[Card, ...], elder_discarded: int, ruleset: Ruleset) -> None:
    """Raise unless `discard` is distinct cards of the dealt hand, in a number the laws allow."""
    _discard_pack(player, pack_of_hand(dealt), dealt, discard, elder_discarded, ruleset)


def _discard_pack(player: Player, dealt_pack: int, dealt: Hand, discard: tuple[Card, ...], elder_discarded: int, ruleset: Ruleset) -> int:
    """The checked discard, packed (see `cards.pack_of`)."""
    given = pack_of(discard)
    if given.bit_count() != len(discard) or given & ~dealt_pack:
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
    e_pack, y_pack = pack_of_hand(elder_dealt), pack_of_hand(younger_dealt)
    e_out = _discard_pack("elder", e_pack, elder_dealt, elder_discard, 0, ruleset)
    y_out = _discard_pack("younger", y_pack, younger_dealt, younger_discard, len(elder_discard), ruleset)
    k = len(elder_discard)
    elder = hand_of_pack(e_pack & ~e_out | pack_of(stock[:k]))
    younger = hand_of_pack(y_pack & ~y_out | pack_of(stock[k : k + len(younger_discard)]))
    return elder, younger
