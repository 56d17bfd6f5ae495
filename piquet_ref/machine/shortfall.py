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

from piquet_ref.hand.cards import Card, Hand, format_cards, hand_of_pack, pack_of, pack_of_hand
from piquet_ref.deal.counts import Position
from piquet_ref.rules.codes import error
from piquet_ref.rules.ruleset import Player, Ruleset
from piquet_ref.rules.errors import shown


def unannounced_short(player: Player, announced: object, discarded: int, take: int, available: int, shift: int) -> int:
    """How many cards the exchange leaves on the table unannounced: none when `announced`; else the
    younger dealt twelve (`shift` 0) taking in fewer than he discarded, as far as the stock holds cards
    for him. `exchange-unannounced-invalid` (law 30) where leaving a card unannounced means nothing.

    A card left short and announced is played without (Case XIII); only the younger dealt twelve leaves
    cards unannounced, the elder saying what he leaves (law 32); what he takes in and leaves short make up
    what he discarded (law 30), or all the stock holds for him when that is fewer (law 34).

    laws: 30, 32, 34
    raises: PiquetError
    pre: player in ("elder", "younger")
    pre: 0 <= take <= available
    pre: 0 <= discarded
    post: announced is not True or __return__ == 0
    post: announced is True or (player == "younger" and shift == 0 and __return__ > 0)
    post: announced is True or take + __return__ == min(discarded, available)
    """
    if type(announced) is not bool:
        raise error("argument-invalid", f"{player}.announced must be true or false, got {shown(announced)}")
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
    """The cards the younger left on the table unannounced: the top `short` of those neither took in.

    He takes in off the top of the stock after the elder (law 23), so by our reading the cards he
    leaves are those next below his last, as many as he left short while the stock holds them; none
    before both have taken in.

    rules: exchange.take-from-top
    laws: 23, 30
    pre: 0 <= short
    pre: all(t >= 0 for t in takes) and sum(takes) <= len(stock)
    post: len(takes) == 2 or __return__ == ()
    post: len(takes) != 2 or len(__return__) == min(short, len(stock) - sum(takes))
    post: len(takes) != 2 or stock[: sum(takes)] + __return__ == stock[: sum(takes) + len(__return__)]
    """
    return stock[sum(takes) : sum(takes) + short] if len(takes) == 2 else ()


def check_take_up(player: Player, cards: tuple[Card, ...], mixed: bool, phase: str, rs: Ruleset) -> None:
    """Raise `take-up-not-open` unless `player` may now take up cards he left short unannounced (Case XIII).

    Open to the younger only, while cards he left short stand on the table unmixed with his discard
    (law 37), in the play (Case XIII: the error found in the play).

    laws: 30, 37
    raises: PiquetError
    post: player == "younger" and len(cards) > 0
    post: not mixed
    post: phase == "play"
    """
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
    suit (a renounce the cards, had he held them, would have prevented); None if there is none.

    Case XIII sends a renounce in the suit of a card taken up to law 59 IV: the first trick the elder led
    in that suit and the younger did not follow, which that card would have made him follow.

    rules: play.follow-suit
    laws: 59
    post: __return__ is None or 0 <= __return__ < len(tricks)
    post: __return__ is None or pack_of_hand(elder) >> tricks[__return__][0] & 1 == 1
    post: renounce_in_the_suit_of_a_card_left(tricks, cards, __return__)
    post: no_earlier_renounce(tricks, elder, cards, __return__)
    """
    suits = {c >> 3 for c in cards}
    led = pack_of_hand(elder)
    return next((i for i, (lead, follow) in enumerate(tricks) if 1 << lead & led and lead >> 3 in suits and follow >> 3 != lead >> 3), None)


def renounce_in_the_suit_of_a_card_left(
    tricks: tuple[tuple[Card, Card], ...], cards: tuple[Card, ...], result: int | None,
) -> bool:
    """The trick found, if any, was led in the suit of a card left short, and the younger played another suit to it
    (Case XIII, law 59 IV)."""
    suits = {c >> 3 for c in cards}
    return result is None or tricks[result][0] >> 3 in suits and tricks[result][1] >> 3 != tricks[result][0] >> 3


def no_earlier_renounce(
    tricks: tuple[tuple[Card, Card], ...], elder: Hand, cards: tuple[Card, ...], result: int | None,
) -> bool:
    """No trick before the one found (none at all when none is found) is an elder's lead in the suit of a card left
    short that the younger did not follow (Case XIII, law 59 IV)."""
    return not any(
        pack_of_hand(elder) >> t[0] & 1 and t[0] >> 3 in {c >> 3 for c in cards} and t[1] >> 3 != t[0] >> 3
        for t in tricks[: len(tricks) if result is None else result]
    )


def with_cards(pos: Position, cards: tuple[Card, ...]) -> Position:
    """`pos` with `cards` added to the younger's hand.

    The cards taken up join the younger's hand, who then holds what he would have taken in (Case XIII);
    nothing else of the play changes.

    laws: 30
    pre: not pack_of(cards) & (pack_of_hand(pos.elder) | pack_of_hand(pos.younger))
    post: pack_of_hand(__return__.younger) == pack_of_hand(pos.younger) | pack_of(cards)
    post: __return__.elder == pos.elder and __return__.leader == pos.leader and __return__.lead == pos.lead
    """
    return pos._replace(younger=hand_of_pack(pack_of_hand(pos.younger) | pack_of(cards)))


def retaken(pos: Position, tricks: tuple[tuple[Card, Card], ...], k: int, elder: Hand) -> Position:
    """The position just before the younger played to trick `k` (which the elder led): every card of the
    tricks from `k` on back in its owner's hand (`elder` the elder's hand after the exchange), the lead of
    trick `k` on the table (law 59 IV).

    Law 59 IV: the cards played from the renounce on are taken back and the play goes on as if no error
    had been made; by our reading the elder's lead to that trick stays led (exchange.unannounced-shortfall).

    laws: 59
    pre: 0 <= k < len(tricks)
    pre: not pack_of(c for t in tricks[k:] for c in t) & (pack_of_hand(pos.elder) | pack_of_hand(pos.younger))
    post: __return__.leader == "elder" and __return__.lead == tricks[k][0]
    post: cards_from_the_renounce_back_in_hand(pos, tricks, k, __return__)
    post: all(pack_of_hand(__return__.elder) >> c & 1 == pack_of_hand(elder) >> c & 1 for t in tricks[k:] for c in t)
    """
    back = pack_of(c for t in tricks[k:] for c in t)
    mine = pack_of_hand(elder)
    return Position(
        hand_of_pack(pack_of_hand(pos.elder) | back & mine), hand_of_pack(pack_of_hand(pos.younger) | back & ~mine), "elder", tricks[k][0],
    )


def cards_from_the_renounce_back_in_hand(
    pos: Position, tricks: tuple[tuple[Card, Card], ...], k: int, result: Position,
) -> bool:
    """The hands hold what they held and every card of the tricks from the renounce on, taken back (law 59 IV)."""
    back = pack_of(c for t in tricks[k:] for c in t)
    before = pack_of_hand(pos.elder) | pack_of_hand(pos.younger)
    return pack_of_hand(result.elder) | pack_of_hand(result.younger) == before | back
