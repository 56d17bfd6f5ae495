"""The younger's unannounced shortfall and its taking up (Case XIII; laws 30, 36, 37, 59 IV).

A younger dealt twelve who takes in fewer cards than he lays out plays short (law 30). If he said he
would leave the card, he plays with eleven (Case XIII, first branch). If he did not say so, the card
stays on the table where he left it, and once the error is found in the play he may take it up, unless
it went among his discard: then he holds twelve, and if he had already failed to follow the suit of a
card taken up, the cards from that trick on are retaken and the play resumes as if no error had been
made (law 59 IV).

Our readings (ambiguity `exchange.unannounced-shortfall`): only the younger dealt twelve can leave
cards unannounced (the elder declares what he leaves, law 32); the cards so left are the top ones of
what the stock still holds after both takes; they are not cards he knowingly left, so law 36's
election does not concern them, but they lie with any other cards left and may be mixed with his
discard (law 37), after which they can no longer be taken up; the taking up is open in the play only,
from the end of the calls until the last trick is complete, whoever is to play; calls made stand.
"""

from __future__ import annotations

from .cards import Card, Hand, format_cards, hand_of_pack, pack_of, pack_of_hand
from .counts import Position
from .errors import error
from .ruleset import Player, Ruleset


def unannounced_short(player: Player, announced: object, discarded: int, take: int, available: int, shift: int) -> int:
    """How many cards the exchange leaves on the table unannounced: none when `announced`; else the
    younger dealt twelve (`shift` 0) taking in fewer than he discarded, as far as the stock holds cards
    for him. `exchange-unannounced-invalid` (law 30) where leaving a card unannounced means nothing."""
    if type(announced) is not bool:
        raise error("argument-invalid", f"{player}.announced must be true or false, got {announced!r}")
    if announced:
        return 0
    short = min(discarded, available) - take
    if player != "younger" or shift or short <= 0:
        why = (
            "the elder declares what he leaves (law 32)" if player != "younger"
            else "he was not dealt twelve" if shift
            else f"he takes in {take} after discarding {discarded}, with {available} card(s) in the stock for him: no card is left short"
        )
        raise error("exchange-unannounced-invalid", f"{player}.announced: false means the younger left a card of his take unannounced, but {why}")
    return short


def short_cards(stock: tuple[Card, ...], takes: tuple[int, ...], short: int) -> tuple[Card, ...]:
    """The cards the younger left on the table unannounced: the top `short` of those neither took in."""
    return stock[sum(takes) : sum(takes) + short] if len(takes) == 2 else ()


def check_take_up(player: Player, cards: tuple[Card, ...], mixed: bool, phase: str, rs: Ruleset) -> None:
    """Raise `take-up-not-open` unless `player` may now take up cards he left short unannounced (Case XIII)."""
    if player == "younger" and cards and not mixed and phase == "play":
        return
    why = (
        "only the younger takes up a card he left short" if player != "younger"
        else "no card of his take was left on the table unannounced (or it is taken up already)" if not cards
        else f"the card(s) he left, {' '.join(format_cards(cards, rs))}, went among his discard (law 37)" if mixed
        else f"the deal is at the {phase}: the shortfall is taken up in the play"
    )
    raise error("take-up-not-open", f"the {player} takes up the card(s) he left short, but {why}")


def first_renounce(tricks: tuple[tuple[Card, Card], ...], elder: Hand, cards: tuple[Card, ...]) -> int | None:
    """The first trick led by the elder in the suit of one of `cards` to which the younger played another
    suit (a renounce the cards, had he held them, would have prevented); None if there is none."""
    suits = {c >> 3 for c in cards}
    led = pack_of_hand(elder)
    return next((i for i, (lead, follow) in enumerate(tricks) if 1 << lead & led and lead >> 3 in suits and follow >> 3 != lead >> 3), None)


def with_cards(pos: Position, cards: tuple[Card, ...]) -> Position:
    """`pos` with `cards` added to the younger's hand."""
    return pos._replace(younger=hand_of_pack(pack_of_hand(pos.younger) | pack_of(cards)))


def retaken(pos: Position, tricks: tuple[tuple[Card, Card], ...], k: int, elder: Hand) -> Position:
    """The position just before the younger played to trick `k` (which the elder led): every card of the
    tricks from `k` on back in its owner's hand (`elder` the elder's hand after the exchange), the lead of
    trick `k` on the table (law 59 IV)."""
    back = pack_of(c for t in tricks[k:] for c in t)
    mine = pack_of_hand(elder)
    return Position(
        hand_of_pack(pack_of_hand(pos.elder) | back & mine), hand_of_pack(pack_of_hand(pos.younger) | back & ~mine), "elder", tricks[k][0],
    )
