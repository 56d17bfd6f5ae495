"""The cards left in the stock after the exchange, and who may look at them (law 36).

Every card neither player took in is left (the portland-1882 reading of ambiguity
exchange.left-cards-seen: cards the elder left and the younger did not take count too). When cards
are left, the younger must say whether he will look at them once the elder has led to the first trick
and before he plays to it himself (the elder's naming the suit he will lead is not an action of the
machine; his lead is). If the younger looks, the elder may look too, once, at any time after in the
deal; if the younger declines, neither may. Looking changes no score and no turn: the machine keeps
the election and the looks so that a look the laws refuse is refused.

If the younger mixes the cards left with his discard without their having been shown to the elder
(law 37, an irregularity), there is nothing left to elect on or to look at; instead the elder, once
he has led, may see the younger's discard with those cards, once. Our reading: the mixing can happen
at any time after the exchange until the elder has seen the cards.
"""

from __future__ import annotations

from piquet_ref.hand.cards import PACK_SIZE, Card
from piquet_ref.deal.counts import Position
from piquet_ref.rules.codes import error
from piquet_ref.rules.ruleset import Player
from piquet_ref.rules.errors import shown


def cards_left(stock: tuple[Card, ...], takes: tuple[int, ...]) -> tuple[Card, ...]:
    """The stock cards neither player took in, once both have exchanged (none before).

    Each takes in from the top of the stock, the elder first (law 23); every card neither took in is left
    (law 36, our reading of ambiguity exchange.left-cards-seen).

    rules: exchange.take-from-top
    laws: 23, 36
    pre: len(set(stock)) == len(stock) and all(0 <= c < PACK_SIZE for c in stock)
    pre: len(takes) <= 2 and all(t >= 0 for t in takes) and sum(takes) <= len(stock)
    post: len(takes) == 2 or __return__ == ()
    post: left_are_the_cards_neither_took_in(stock, takes, __return__)
    """
    return stock[sum(takes) :] if len(takes) == 2 else ()


def left_are_the_cards_neither_took_in(stock: tuple[Card, ...], takes: tuple[int, ...], result: tuple[Card, ...]) -> bool:
    """Once both have exchanged, the cards left are the stock's but for the elder's take from the top and the
    younger's from where the elder stopped (laws 23, 36)."""
    return len(takes) < 2 or set(result) == set(stock) - set(stock[: takes[0]]) - set(stock[takes[0] : takes[0] + takes[1]])


def election_open(left: tuple[Card, ...], tricks: int, pos: Position | None, election: bool | None, mixed: bool = False) -> bool:
    """The younger is now to say whether he looks: cards are left (not mixed with his discard), the elder has
    led to the first trick, and the younger has neither elected nor played to it."""
    return bool(left) and not mixed and election is None and tricks == 0 and pos is not None and pos.lead is not None


def elder_may_look(election: bool | None, elder_looked: bool, mixed: bool = False) -> bool:
    """The elder may still look: the younger elected to look, the cards are not mixed with his discard, and the elder has not looked yet.

    If the younger looks the elder may look too, once; if he declines (or has not said), neither may (law 36);
    cards mixed with the younger's discard are no longer there to look at (law 37).

    laws: 36
    post: not __return__ or election is True
    post: not (__return__ and elder_looked)
    post: __return__ or election is not True or elder_looked or mixed
    laws: 37
    post: not (__return__ and mixed)
    """
    return election is True and not elder_looked and not mixed


def may_mix(player: Player, left: tuple[Card, ...], mixed: bool, elder_looked: bool) -> bool:
    """The younger can mix the cards left with his discard unshown (law 37): some are left, not mixed yet, and the elder has not seen them."""
    return player == "younger" and bool(left) and not mixed and not elder_looked


def check_mix(player: Player, left: tuple[Card, ...], mixed: bool, elder_looked: bool) -> None:
    """Raise unless `player` can mix the cards left with his discard as law 37 describes."""
    if may_mix(player, left, mixed, elder_looked):
        return
    if not left:
        raise error("left-cards-none", f"the {player} mixes the cards left with his discard, but no card is left in the stock (or the exchange is not over)")
    why = "they are the younger's to mix with his discard" if player == "elder" else "they are mixed already" if mixed else "the elder has seen them"
    raise error("left-cards-mix-invalid", f"the {player} mixes the cards left with a discard unshown, but {why}")


def discard_open(mixed: bool, led: bool, seen: bool) -> bool:
    """The elder may now see the younger's discard (law 37): cards left were mixed into it unshown, he has led, and he has not seen it yet.

    laws: 37
    post: __return__ == (mixed and led and not seen)
    """
    return mixed and led and not seen


def check_see_discard(player: Player, mixed: bool, led: bool, seen: bool) -> None:
    """Raise unless `player` may see his adversary's discard now (law 37)."""
    if player == "elder" and discard_open(mixed, led, seen):
        return
    why = (
        "only the elder may, under law 37" if player != "elder"
        else "no card left was mixed with it unshown" if not mixed
        else "he has not led yet" if not led
        else "he has seen it already"
    )
    raise error("discard-not-open", f"the {player} asks to see his adversary's discard, but {why}")


def check_see_left(player: Player, look: object, left: tuple[Card, ...], open_: bool, election: bool | None, elder_looked: bool) -> None:
    """Raise unless the laws allow `player` to elect (younger) or to look (elder) at the left cards now (law 36)."""
    if type(look) is not bool:
        raise error("argument-invalid", f"{player}.see_left: look must be true or false, got {shown(look)}")
    if not left:
        raise error("left-cards-none", f"the {player} asks to see the cards left, but no card is left in the stock (or the exchange is not over)")
    if player == "younger":
        if not open_:
            when = "a second time" if election is not None else "before the elder has led to the first trick"
            raise error(
                "left-cards-window",
                f"the younger says whether he looks at the cards left {when}: he says it once, after the elder has led to the first trick and before he plays to it",
            )
        return
    if look is not True or not elder_may_look(election, elder_looked):
        why = (
            "the election is the younger's, the elder may only look" if look is not True
            else "he has looked already" if elder_looked
            else "the younger declined to look, so neither may" if election is False
            else "the younger has not elected to look"
        )
        raise error("left-cards-window", f"the elder asks to see the cards left, but {why}")
