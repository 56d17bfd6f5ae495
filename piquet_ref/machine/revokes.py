"""A revoke made at the table and its retaking (law 59 IV; Case XIII); a lead out of turn (law 59 III).

A player who does not follow suit when he can has revoked. `Play` refuses such a card; a `Revoke`
records that it was played all the same. The play goes on from the trick it spoiled, and when the
revoke is found the cards played since are taken back by both players, the revoker follows suit, and
the deal goes on as if the error had not been made: no penalty, so a deal with a revoke found is
scored as the deal it becomes. Several revokes before the first is found are retaken together, back
to the first.

Our reading where the law is silent: a revoke can be found at any time (law 60 lets either player
look through the tricks at any time), at the latest once the last trick is played, so a deal cannot
end with a revoke standing; the finding is the revoker's `Retake`, open to him whoever is to play.

A lead out of turn (law 59 III): `Play` refuses a lead by the player not on lead; a `LeadOutOfTurn`
records that it was made. Until the adversary plays to it, it may be taken back (`Retake`) and the player
on lead leads; once he has played to it, it stands: the offender led that trick, and its winner leads the
next (reading play.lead-out-of-turn).
"""

from __future__ import annotations

from typing import NamedTuple

from piquet_ref.hand.cards import Card, cards_of, check_card, format_card, remove
from piquet_ref.hand.notation import cards_repr
from piquet_ref.deal.counts import Position
from piquet_ref.rules.codes import error
from piquet_ref.hand.play import beats
from piquet_ref.rules.ruleset import Player, Ruleset, other


class Revoked(NamedTuple):
    """The first revoke still standing: who made it, and the play just before it (the position, the number of tricks,
    and the cards of a multiple lead not yet played to, law 59 II)."""

    player: Player
    position: Position
    tricks: int
    laid: tuple[Card, ...] = ()

    def __repr__(self) -> str:
        """The constructor call with the cards in notation, so that it reads back."""
        return f"Revoked(player={self.player!r}, position={self.position!r}, tricks={self.tricks!r}, laid={cards_repr(self.laid)})"


def revoke_cards(pos: Position) -> tuple[Card, ...]:
    """The cards the player to follow would revoke with: none between tricks or when he holds no card of
    the suit led; else every card he holds of another suit (canonical order)."""
    if pos.lead is None:
        return ()
    suit = pos.lead >> 3
    hand = pos.hand(other(pos.leader))
    return tuple(c for c in cards_of(hand) if c >> 3 != suit) if hand[suit] else ()


def after_revoke(pos: Position, card: object, number: int, rs: Ruleset) -> Position:
    """The position after the follower revokes with `card`; `play-not-held` or `play-not-a-revoke` (law 59) if he cannot.

    A revoke is a card of another suit played by a follower who holds the suit led; it stands until found
    (law 59 IV), and a card of another suit never wins the trick.

    rules: play.follow-suit, play.trick-winner
    laws: 59
    raises: PiquetError
    post: pos.lead is not None and pos.hand(other(pos.leader))[pos.lead >> 3] != 0 and card >> 3 != pos.lead >> 3
    post: __return__.lead is None and __return__.leader == pos.leader
    post: __return__.hand(other(pos.leader)) == remove(pos.hand(other(pos.leader)), card)
    post: __return__.hand(pos.leader) == remove(pos.hand(pos.leader), pos.lead)
    """
    card = check_card(card)
    follower = other(pos.leader)
    hand = pos.hand(follower)
    if pos.lead is not None and not hand[card >> 3] >> (card & 7) & 1:
        raise error("play-not-held", f"tricks[{number}]: the {follower} revokes with {format_card(card, rs)}, which he does not hold")
    if card not in revoke_cards(pos):
        why = "a lead cannot be a revoke" if pos.lead is None else (
            f"{format_card(card, rs)} follows suit" if card >> 3 == pos.lead >> 3 else f"he holds no {rs.pack.suits[pos.lead >> 3].name}, so any card is good")
        raise error("play-not-a-revoke", f"tricks[{number}]: the {follower if pos.lead is not None else pos.leader} plays {format_card(card, rs)} as a revoke, but {why}")
    assert pos.lead is not None
    hands = {pos.leader: remove(pos.hand(pos.leader), pos.lead), follower: remove(hand, card)}
    return Position(hands["elder"], hands["younger"], follower if beats(pos.lead, card) else pos.leader)


def check_retake(standing: Revoked | None, player: Player) -> Revoked:
    """The revoke `player` retakes; `play-retake-not-open` (law 59) when none stands or it is his adversary's."""
    if standing is None:
        raise error("play-retake-not-open", f"the {player} takes back cards played, but no revoke stands: a card once played stays (law 59)")
    if standing.player != player:
        raise error("play-retake-not-open", f"the {player} takes back cards played, but the revoke is the {standing.player}'s: he retakes")
    return standing


def out_of_turn_leads(pos: Position) -> tuple[Card, ...]:
    """The cards the player not on lead could lead out of turn: between tricks, every card he holds; none
    once a card is led (canonical order).

    laws: 59
    post: pos.lead is None or __return__ == ()
    post: all(pos.hand(other(pos.leader))[c >> 3] >> (c & 7) & 1 for c in __return__)
    post: pos.lead is not None or len(__return__) == sum(m.bit_count() for m in pos.hand(other(pos.leader)))
    """
    return () if pos.lead is not None else cards_of(pos.hand(other(pos.leader)))


def after_lead_out_of_turn(pos: Position, player: Player, card: object, number: int, rs: Ruleset) -> Position:
    """The position after `player` leads `card` out of turn (law 59 III): he is on lead with it, his adversary
    to play to it; `play-not-held`, or `play-not-out-of-turn` (law 59) when it is no lead out of turn.

    A lead out of turn is a card led by the player whose adversary is on lead, between tricks; it stays in
    his hand, as every card led does, until the trick is complete.

    rules: play.first-lead
    laws: 59
    raises: PiquetError
    post: pos.lead is None and player != pos.leader and card in out_of_turn_leads(pos)
    post: __return__ == Position(pos.elder, pos.younger, player, card)
    """
    card = check_card(card)
    if not pos.hand(player)[card >> 3] >> (card & 7) & 1:
        raise error("play-not-held", f"tricks[{number}]: the {player} leads {format_card(card, rs)} out of turn, which he does not hold")
    if player == pos.leader or pos.lead is not None:
        why = f"{format_card(pos.lead, rs)} is led already: only a lead between tricks is out of turn" if pos.lead is not None else "he is on lead: his lead is a play"
        raise error("play-not-out-of-turn", f"tricks[{number}]: the {player} leads {format_card(card, rs)} out of turn, but {why}")
    return Position(pos.elder, pos.younger, player, card)
