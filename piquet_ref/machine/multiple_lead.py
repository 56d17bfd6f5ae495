"""Several cards led at once (law 59 II; Cavendish, Cases X and XI).

The player on lead may lay down several cards together, to be played to in turn (`LeadSeveral`); his
adversary answers them one card at a time, each answer making a trick. While the leader wins, his next card
laid is the next lead; a trick the follower wins gives him the lead, and the cards laid not yet played to go
back to the leader's hand (our reading play.multiple-lead: law 59 and the cases are silent on it). Until the
last card laid is played to, the leader may put another card of his hand in place of one laid not yet played
to (`ChangeLead`, Case XI).

A follower who plays more cards than were led (`Overplay`, right after his answer to the last card laid, which
the leader won) has played a surplus: it lies apart, in no trick, and play goes on. Whenever it is found,
either player takes it back (`Retake`), and every card played after the multiple lead is taken up with it: the
cards go back to their owners and the winner of the multiple lead's last trick leads again (law 59 II, Case X).
A follower short of a card has nothing to play to the last lead, so a deal never ends with a surplus standing.
"""

from __future__ import annotations

from typing import NamedTuple

from piquet_ref.hand.cards import Card, Hand, cards_of, check_card, check_cards, format_card, format_cards, hand_of_pack, pack_of, pack_of_hand
from piquet_ref.hand.notation import card_repr
from piquet_ref.deal.counts import Position
from piquet_ref.rules.codes import error
from piquet_ref.rules.ruleset import Player, Ruleset, other


class Surplus(NamedTuple):
    """A card played to a multiple lead beyond the cards laid: who played it, the card, and the number of tricks
    played when he did (the multiple lead's last trick is the one before)."""

    player: Player
    card: Card
    tricks: int

    def __repr__(self) -> str:
        """The constructor call with the card in notation, so that it reads back."""
        return f"Surplus(player={self.player!r}, card={card_repr(self.card)}, tricks={self.tricks!r})"


def _holds(hand: Hand, card: Card) -> bool:
    return bool(hand[card >> 3] >> (card & 7) & 1)


def lead_several(pos: Position, player: Player, cards: object, number: int, rs: Ruleset) -> tuple[Position, tuple[Card, ...]]:
    """The position after `player` lays down `cards` together to be played to in turn (law 59 II), and the cards
    laid not yet played to (the first, led now, included); `lead-several-invalid` (law 59) unless he is on lead
    with no card led and `cards` are two or more distinct cards of his hand.

    laws: 59
    raises: PiquetError
    post: several_distinct_cards_laid_by_the_leader(pos, player, __return__)
    post: all(_holds(pos.hand(player), c) for c in __return__[1])
    post: __return__[0] == pos._replace(lead=__return__[1][0])
    """
    laid = check_cards(cards, f"tricks[{number}]: cards")
    shown = " ".join(format_cards(laid, rs)) or "no card"
    if player != pos.leader or pos.lead is not None:
        why = f"{format_card(pos.lead, rs)} is led already" if pos.lead is not None else f"the {pos.leader} is on lead"
        raise error("lead-several-invalid", f"tricks[{number}]: the {player} lays down {shown} to be played to, but {why} (law 59)")
    if len(laid) < 2 or len(set(laid)) != len(laid):
        why = "a card twice" if len(laid) >= 2 else "fewer than two cards: a single lead is a play"
        raise error("lead-several-invalid", f"tricks[{number}]: the {player} lays down {shown} to be played to, {why} (law 59)")
    missing = [c for c in laid if not _holds(pos.hand(player), c)]
    if missing:
        raise error("lead-several-invalid", f"tricks[{number}]: the {player} lays down {shown} to be played to, but does not hold {' '.join(format_cards(missing, rs))} (law 59)")
    return pos._replace(lead=laid[0]), laid


def several_distinct_cards_laid_by_the_leader(
    pos: Position, player: Player, result: tuple[Position, tuple[Card, ...]],
) -> bool:
    """Only the player on lead, no card led yet, lays down cards together: two or more, each once (law 59 II)."""
    return pos.lead is None and player == pos.leader and len(result[1]) >= 2 and len(set(result[1])) == len(result[1])


def change_lead(pos: Position, laid: tuple[Card, ...], player: Player, card: object, to: object, number: int, rs: Ruleset) -> tuple[Position, tuple[Card, ...]]:
    """The position and the cards laid after the leader puts `to` in place of `card` (Case XI); `change-lead-not-open`
    (law 59) unless a multiple lead of his is under way, `card` is laid and not yet played to, and `to` is a card
    of his hand not laid.

    laws: 59
    raises: PiquetError
    post: laid and player == pos.leader and card in laid and to not in laid and _holds(pos.hand(player), to)
    post: __return__[1] == tuple(to if c == card else c for c in laid)
    post: __return__[0] == pos._replace(lead=__return__[1][0])
    """
    card, to = check_card(card, f"tricks[{number}]: card"), check_card(to, f"tricks[{number}]: to")
    text, into = format_card(card, rs), format_card(to, rs)
    if not laid or player != pos.leader:
        why = "no multiple lead is under way: it closed once its last card was played to" if not laid else f"the multiple lead is the {pos.leader}'s"
        raise error("change-lead-not-open", f"tricks[{number}]: the {player} puts {into} in place of {text}, but {why} (law 59, Case XI)")
    if card not in laid:
        raise error("change-lead-not-open", f"tricks[{number}]: the {player} puts {into} in place of {text}, which is not among the cards laid not yet played to: {' '.join(format_cards(laid, rs))} (Case XI)")
    if to in laid or not _holds(pos.hand(player), to):
        raise error("change-lead-not-open", f"tricks[{number}]: the {player} puts {into} in place of {text}, but {into} is {'laid already' if to in laid else 'not in his hand'} (Case XI)")
    changed = tuple(to if c == card else c for c in laid)
    return pos._replace(lead=changed[0]), changed


def overplay(pos: Position, player: Player, card: object, number: int, rs: Ruleset, open_: bool) -> Position:
    """The position after the follower plays `card` beyond the cards of a multiple lead (law 59 II, Case X): it
    leaves his hand, in no trick; `overplay-not-open` (law 59) unless `open_` (his answer to the last card laid,
    won by the leader, is the last card played) and he is that follower and holds `card`.

    laws: 59
    raises: PiquetError
    post: open_ and player != pos.leader and pos.lead is None and _holds(pos.hand(player), card)
    post: leader_untouched_by_the_surplus(pos, __return__)
    post: pack_of_hand(__return__.hand(player)) == pack_of_hand(pos.hand(player)) & ~(1 << card)
    """
    card = check_card(card, f"tricks[{number}]: card")
    text = format_card(card, rs)
    if not open_ or player == pos.leader:
        why = "the last card played is no answer of his to the last card of a multiple lead that its leader won"
        raise error("overplay-not-open", f"tricks[{number}]: the {player} plays {text} as a card more than were led, but {why} (law 59 II)")
    if not _holds(pos.hand(player), card):
        raise error("overplay-not-open", f"tricks[{number}]: the {player} plays {text} as a card more than were led, but does not hold it (law 59 II)")
    hand = hand_of_pack(pack_of_hand(pos.hand(player)) & ~(1 << card))
    return pos._replace(elder=hand) if player == "elder" else pos._replace(younger=hand)


def leader_untouched_by_the_surplus(pos: Position, result: Position) -> bool:
    """A card played beyond the multiple lead leaves the leader on lead with his hand as it was, and no card led
    (law 59 II, Case X)."""
    return result.leader == pos.leader and result.lead is None and result.hand(pos.leader) == pos.hand(pos.leader)


def with_surplus(pos: Position, surplus: Surplus) -> Position:
    """`pos` with the surplus card back in its player's hand; nothing else of the play changes.

    laws: 59
    pre: not _holds(pos.hand(surplus.player), surplus.card)
    post: pack_of_hand(__return__.hand(surplus.player)) == pack_of_hand(pos.hand(surplus.player)) | 1 << surplus.card
    post: nothing_else_changes_with_the_surplus_back(pos, surplus, __return__)
    """
    hand = hand_of_pack(pack_of_hand(pos.hand(surplus.player)) | 1 << surplus.card)
    return pos._replace(elder=hand) if surplus.player == "elder" else pos._replace(younger=hand)


def nothing_else_changes_with_the_surplus_back(pos: Position, surplus: Surplus, result: Position) -> bool:
    """The surplus card back in its player's hand changes neither his adversary's hand, nor the leader, nor the card
    led (law 59 II)."""
    adversary = other(surplus.player)
    return result.hand(adversary) == pos.hand(adversary) and result.leader == pos.leader and result.lead == pos.lead


def surplus_retaken(pos: Position, tricks: tuple[tuple[Card, Card], ...], surplus: Surplus, elder: Hand) -> Position:
    """The position once the surplus is taken back (law 59 II, Case X): the surplus card and every card of the
    tricks played after the multiple lead back in their owners' hands (`elder` the elder's hand as exchanged), no
    card led, and the winner of the multiple lead's last trick, the surplus player's adversary, on lead.

    laws: 59
    pre: 0 < surplus.tricks <= len(tricks)
    post: __return__.leader == other(surplus.player) and __return__.lead is None
    post: cards_after_the_multiple_lead_back_in_hand(pos, tricks, surplus, __return__)
    post: _holds(__return__.hand(surplus.player), surplus.card)
    """
    back = pack_of(c for t in tricks[surplus.tricks :] for c in t)
    mine = pack_of_hand(elder)
    restored = Position(hand_of_pack(pack_of_hand(pos.elder) | back & mine), hand_of_pack(pack_of_hand(pos.younger) | back & ~mine), other(surplus.player))
    return with_surplus(restored, surplus)


def cards_after_the_multiple_lead_back_in_hand(
    pos: Position, tricks: tuple[tuple[Card, Card], ...], surplus: Surplus, result: Position,
) -> bool:
    """The hands hold what they held, every card of the tricks played after the multiple lead and the surplus card,
    all taken back (law 59 II, Case X)."""
    back = pack_of(c for t in tricks[surplus.tricks :] for c in t)
    before = pack_of_hand(pos.elder) | pack_of_hand(pos.younger)
    return pack_of_hand(result.elder) | pack_of_hand(result.younger) == before | back | 1 << surplus.card


def overplays(pos: Position, open_: bool) -> tuple[Card, ...]:
    """The cards the follower of a multiple lead just answered and lost could play beyond it (canonical order).

    laws: 59
    post: open_ or __return__ == ()
    """
    return cards_of(pos.hand(other(pos.leader))) if open_ else ()
