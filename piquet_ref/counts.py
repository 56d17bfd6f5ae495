"""Counts, the perft analogue: how many legal exchanges a deal allows, and how many ways play can go on.

Legal exchanges pair each discard the elder may make with each discard the younger may then make;
both depend only on how many cards are discarded, so the count is a sum of products of binomials
read from the ruleset's limits. A play tree counts the sequences of the next N plies (one card each)
from a position, following suit when possible, the lead passing to each trick's winner. Positions
that differ only by the ranks of cards already gone, or by a relabelling of suits, have the same
subtree size, so the counter memoises on that shape and counts even a whole deal quickly.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Any, Mapping, NamedTuple

from .cards import Card, Hand, cards_of, check_card, check_hand, remove, size
from .errors import error
from .exchange import discard_limits, exchange
from .loader import ruleset_of
from .play import beats, check_trick, legal_follows
from .ruleset import PLAYERS, Player, Ruleset, check_player, other
from .scoring import score_deal


class DiscardCount(NamedTuple):
    """Legal exchanges of a deal: the total, and per number of cards the elder discards, the exchanges
    that begin so (`by_elder`) and the discards then open to the younger (`younger`)."""

    total: int
    by_elder: tuple[tuple[int, int], ...]
    younger: tuple[tuple[int, int], ...]


class Position(NamedTuple):
    """A deal in play: the cards each player still holds, who is on lead, and the card he has led
    to an unfinished trick (None between tricks). A card led stays in the leader's hand until the
    trick is complete."""

    elder: Hand
    younger: Hand
    leader: Player
    lead: Card | None = None

    def hand(self, player: Player) -> Hand:
        return self.elder if player == "elder" else self.younger


Memo = dict[tuple[tuple[tuple[int, int], ...], int], int]
"""Subtree sizes by (shape of the position between tricks, plies): local to one count."""


class PlayCount(NamedTuple):
    """Play sequences of a number of plies from a position: the total, and per first card (in
    canonical card order) the sequences that begin with it ("divide")."""

    total: int
    by_first: tuple[tuple[Card, int], ...]


# ------------------------------------------------------------------------------ the exchange


def count_discards(elder_dealt: Hand, younger_dealt: Hand, stock: tuple[Card, ...], ruleset: Ruleset | str | None = None) -> DiscardCount:
    """Legal exchanges of a deal: each elder discard (within the elder's limits, cards of his hand)
    with each younger discard then allowed (within the younger's limits given what the elder left).

    The deal is checked as the exchange checks it (hand and stock sizes, every card distinct).
    """
    rs = ruleset_of(ruleset)
    elder_dealt, younger_dealt = check_hand(elder_dealt, "elder.dealt"), check_hand(younger_dealt, "younger.dealt")
    least = (cards_of(elder_dealt)[: rs.exchange.elder_min], cards_of(younger_dealt)[: rs.exchange.younger_min])
    exchange(elder_dealt, younger_dealt, *least, stock, rs)  # raises for a deal the exchange rejects
    n = rs.pack.hand_size
    lo, hi = discard_limits("elder", 0, rs)
    by_elder, younger = [], []
    for k in range(lo, min(hi, n) + 1):
        y_lo, y_hi = discard_limits("younger", k, rs)
        options = sum(comb(n, j) for j in range(y_lo, min(y_hi, n) + 1))
        by_elder.append((k, comb(n, k) * options))
        younger.append((k, options))
    return DiscardCount(sum(x for _, x in by_elder), tuple(by_elder), tuple(younger))


# ------------------------------------------------------------------------------ the play


def legal_plies(pos: Position) -> tuple[Card, ...]:
    """The cards that may be played next: any card of the leader's between tricks, else the
    follower's legal answers to the lead (canonical order)."""
    if pos.lead is None:
        return cards_of(pos.hand(pos.leader))
    return cards_of(legal_follows(pos.hand(other(pos.leader)), pos.lead))


def after_ply(pos: Position, card: Card) -> Position:
    """The position after `card` is played. An illegal card raises the scorer's code (`play-not-held`,
    `play-out-of-turn`, `play-revoke`)."""
    card = check_card(card)
    if card not in legal_plies(pos):  # the scorer's check names the fault; a bad lead fails it before the follow is read
        lead, follow = (card, card) if pos.lead is None else (pos.lead, card)
        number = ruleset_of(None).play.tricks - size(pos.hand(pos.leader))
        check_trick(pos.hand(pos.leader), pos.hand(other(pos.leader)), pos.leader, lead, follow, number)
        raise AssertionError("check_trick passed a card legal_plies refused")  # pragma: no cover
    if pos.lead is None:
        return pos._replace(lead=card)
    follower = other(pos.leader)
    hands = {pos.leader: remove(pos.hand(pos.leader), pos.lead), follower: remove(pos.hand(follower), card)}
    return Position(hands["elder"], hands["younger"], follower if beats(pos.lead, card) else pos.leader)


def plies_left(pos: Position) -> int:
    """How many cards remain to be played in the deal."""
    return size(pos.elder) + size(pos.younger) - (pos.lead is not None)


def count_play(pos: Position, plies: int) -> PlayCount:
    """Legal play sequences of `plies` plies from `pos` (all complete ones if fewer remain), by first card.

    With nothing to play (no plies asked, or the deal over) the one empty sequence counts: total 1,
    no first card.
    """
    pos = check_position(pos)
    if type(plies) is not int or plies < 0:
        raise error("argument-invalid", f"plies must be a count >= 0, got {plies!r}")
    plies = min(plies, plies_left(pos))
    if plies == 0:
        return PlayCount(1, ())
    memo: Memo = {}
    by_first = tuple((card, _from(after_ply(pos, card), plies - 1, memo)) for card in legal_plies(pos))
    return PlayCount(sum(n for _, n in by_first), by_first)


def check_position(pos: object) -> Position:
    """`pos` if it is a Position of disjoint hands, a player on lead, and a lead he holds."""
    if not isinstance(pos, Position):
        raise error("argument-invalid", f"position must be a Position, got {type(pos).__name__}")
    elder, younger = check_hand(pos.elder, "position.elder"), check_hand(pos.younger, "position.younger")
    check_player(pos.leader, "position.leader")
    if any(e & y for e, y in zip(elder, younger)):
        raise error("card-duplicate", "position: a card is in both hands")
    if pos.lead is not None and not pos.hand(pos.leader)[check_card(pos.lead, "position.lead") >> 3] >> (pos.lead & 7) & 1:
        raise error("play-not-held", f"position: the {pos.leader} has led card {pos.lead}, which he does not hold")
    return pos


def _from(pos: Position, plies: int, memo: Memo) -> int:
    leader, follower = pos.hand(pos.leader), pos.hand(other(pos.leader))
    if pos.lead is None:
        return _between_tricks(leader, follower, plies, memo)
    return _after_lead(leader, follower, pos.lead, plies, memo)


def _between_tricks(leader: Hand, follower: Hand, plies: int, memo: Memo) -> int:
    """Sequences of `plies` plies (at most what remains) from a trick boundary, memoised on the shape."""
    if plies == 0 or not any(leader):
        return 1
    key = (tuple(sorted(map(_suit_shape, leader, follower))), plies)
    known = memo.get(key)
    if known is None:
        known = memo[key] = sum(_after_lead(leader, follower, lead, plies - 1, memo) for lead in cards_of(leader))
    return known


def _after_lead(leader: Hand, follower: Hand, lead: Card, plies: int, memo: Memo) -> int:
    """Sequences of `plies` plies once `lead` (still in the leader's hand) has been led."""
    if plies == 0:
        return 1
    follows = cards_of(legal_follows(follower, lead))
    if plies == 1:
        return len(follows)
    rest, total = remove(leader, lead), 0
    for follow in follows:
        answered = remove(follower, follow)
        total += _between_tricks(answered, rest, plies - 1, memo) if beats(lead, follow) else _between_tricks(rest, answered, plies - 1, memo)
    return total


@lru_cache(maxsize=None)
def _suit_shape(leader: int, follower: int) -> tuple[int, int]:
    """One suit with the cards already gone squeezed out: (cards left, which of them the leader holds,
    in rank order). Only the relative order of the cards left matters to the play."""
    held, n = 0, 0
    for bit in range(8):
        if (leader | follower) >> bit & 1:
            held |= (leader >> bit & 1) << n
            n += 1
    return n, held


def position_of(record: Any) -> tuple[Ruleset, Position]:
    """The position a deal record reaches: its tricks checked and scored as `score_deal` does them."""
    result = score_deal(record)
    hands = dict(zip(PLAYERS, result.hands))
    leader = result.ruleset.play.first_leader
    for trick in result.tricks:
        hands[trick.leader] = remove(hands[trick.leader], trick.lead)
        hands[other(trick.leader)] = remove(hands[other(trick.leader)], trick.follow)
        leader = trick.winner
    return result.ruleset, Position(hands["elder"], hands["younger"], leader)
