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

from piquet_ref.hand.cards import Card, Hand, bit_of, cards_of, check_card, check_hand, remove, size, suit_of
from piquet_ref.hand.notation import card_repr
from piquet_ref.rules.errors import PiquetError as PiquetError  # named by a `raises:` line
from piquet_ref.rules.codes import error
from piquet_ref.hand.exchange import discard_limits, exchange
from piquet_ref.rules.loader import ruleset_of
from piquet_ref.hand.play import beats, check_trick, follows_in, legal_follows
from piquet_ref.deal.record import parse_record
from piquet_ref.rules.ruleset import PLAYERS, Player, Ruleset, check_player, other
from piquet_ref.deal.scoring import score_deal
from piquet_ref.rules.errors import shown


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

    def __repr__(self) -> str:
        """The constructor call with the cards in notation, so that it reads back."""
        lead = "None" if self.lead is None else card_repr(self.lead)
        return f"Position(elder={self.elder!r}, younger={self.younger!r}, leader={self.leader!r}, lead={lead})"


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

    A discard of k cards of a hand of n is one of the C(n, k) subsets of that size: the count is the sum, over
    each number the elder may discard, of the subsets of his hand of that size times the subsets of the
    younger's hand of each size he may then discard (at least his least, at most his most and what the stock
    holds once the elder has taken in).

    rules: exchange.elder-limits, exchange.younger-limits
    raises: PiquetError
    post: every_number_the_elder_may_discard(ruleset, __return__)
    post: younger_discards_within_his_limits(stock, ruleset, __return__)
    post: each_elder_discard_with_each_younger_discard(ruleset, __return__)
    post: __return__.total == sum(n for _, n in __return__.by_elder)
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


def every_number_the_elder_may_discard(ruleset: Ruleset | str | None, result: DiscardCount) -> bool:
    """The exchanges are counted for each number of cards the elder may discard, from his least to his most (or his
    whole hand), and no other (rule exchange.elder-limits)."""
    rs = ruleset_of(ruleset)
    return [k for k, _ in result.by_elder] == [k for k, _ in result.younger] == list(
        range(rs.exchange.elder_min, min(rs.exchange.elder_max, rs.pack.hand_size) + 1)
    )


def younger_discards_within_his_limits(
    stock: tuple[Card, ...], ruleset: Ruleset | str | None, result: DiscardCount,
) -> bool:
    """After the elder discards k cards, the younger may discard any set of his cards from his least to his most,
    no more than the stock holds once the elder has taken in (rule exchange.younger-limits)."""
    rs = ruleset_of(ruleset)
    return all(
        n == sum(
            comb(rs.pack.hand_size, j)
            for j in range(
                rs.exchange.younger_min,
                min(rs.pack.hand_size, len(stock) - k, rs.exchange.younger_max or len(stock)) + 1,
            )
        )
        for k, n in result.younger
    )


def each_elder_discard_with_each_younger_discard(ruleset: Ruleset | str | None, result: DiscardCount) -> bool:
    """The exchanges that begin with the elder discarding k cards are his discards of k cards, each with every
    discard then open to the younger (rules exchange.elder-limits, exchange.younger-limits)."""
    return all(n == comb(ruleset_of(ruleset).pack.hand_size, k) * dict(result.younger)[k] for k, n in result.by_elder)


# ------------------------------------------------------------------------------ the play


def legal_plies(pos: Position) -> tuple[Card, ...]:
    """The cards that may be played next: any card of the leader's between tricks, else the
    follower's legal answers to the lead (canonical order).

    Between tricks the player on lead may lead any card he holds; to a card led, the other must play a card
    of the suit led if he holds one, any card he holds if not.

    rules: play.follow-suit, play.first-lead
    pre: isinstance(pos, Position)
    post: pos.lead is not None or __return__ == cards_of(pos.hand(pos.leader))
    post: follower_follows_suit_if_he_can(pos, __return__)
    """
    return cards_of(legal_hand(pos))


def legal_hand(pos: Position) -> Hand:
    """The cards that may be played next (`legal_plies`) as a hand.

    rules: play.follow-suit, play.first-lead
    post: cards_of(__return__) == legal_plies(pos)
    """
    if pos.lead is None:
        return pos.hand(pos.leader)
    return follows_in(pos.hand(other(pos.leader)), pos.lead >> 3)


def follower_follows_suit_if_he_can(pos: Position, result: tuple[Card, ...]) -> bool:
    """To a card led, the follower may play his cards of the suit led, or any card if he holds none of it (rule
    play.follow-suit)."""
    follower = cards_of(pos.hand(other(pos.leader)))
    return pos.lead is None or result == tuple(
        c for c in follower if suit_of(c) == suit_of(pos.lead) or all(suit_of(d) != suit_of(pos.lead) for d in follower)
    )


def after_ply(pos: Position, card: Card) -> Position:
    """The position after `card` is played. An illegal card raises the scorer's code (`play-not-held`,
    `play-out-of-turn`, `play-revoke`).

    A card led is the leader's and stays in his hand until the trick is complete; a card played to it is the
    follower's, of the suit led if he holds one. The trick complete, each has lost exactly his card of it, and
    the winner (the follower only with a higher card of the suit led: no trumps) is on lead.

    rules: play.follow-suit, play.first-lead, play.trick-winner
    pre: isinstance(pos, Position)
    raises: PiquetError
    post: pos.lead is not None or (card in cards_of(pos.hand(pos.leader)) and __return__ == pos._replace(lead=card))
    post: card_played_follows_suit_if_he_can(pos, card)
    post: each_loses_his_card_of_the_trick(pos, card, __return__)
    post: winner_of_the_trick_leads_next(pos, card, __return__)
    """
    card = check_card(card)
    if not legal_hand(pos)[card >> 3] >> (card & 7) & 1:  # the scorer's check names the fault; a bad lead fails it before the follow is read
        lead, follow = (card, card) if pos.lead is None else (pos.lead, card)
        number = ruleset_of(None).play.tricks - size(pos.hand(pos.leader))
        check_trick(pos.hand(pos.leader), pos.hand(other(pos.leader)), pos.leader, lead, follow, number)
        raise AssertionError("check_trick passed a card legal_plies refused")  # pragma: no cover
    if pos.lead is None:
        return pos._replace(lead=card)
    follower = other(pos.leader)
    hands = {pos.leader: remove(pos.hand(pos.leader), pos.lead), follower: remove(pos.hand(follower), card)}
    return Position(hands["elder"], hands["younger"], follower if beats(pos.lead, card) else pos.leader)


def card_played_follows_suit_if_he_can(pos: Position, card: Card) -> bool:
    """A card played to a card led is the follower's, of the suit led if he holds one (rule play.follow-suit)."""
    follower = cards_of(pos.hand(other(pos.leader)))
    return pos.lead is None or (
        card in follower
        and (suit_of(card) == suit_of(pos.lead) or all(suit_of(c) != suit_of(pos.lead) for c in follower))
    )


def each_loses_his_card_of_the_trick(pos: Position, card: Card, result: Position) -> bool:
    """The trick complete, the leader has lost the card he led and the follower the card he played, and nothing
    else (rule play.first-lead)."""
    return pos.lead is None or (
        set(cards_of(result.hand(pos.leader))) == set(cards_of(pos.hand(pos.leader))) - {pos.lead}
        and set(cards_of(result.hand(other(pos.leader)))) == set(cards_of(pos.hand(other(pos.leader)))) - {card}
    )


def winner_of_the_trick_leads_next(pos: Position, card: Card, result: Position) -> bool:
    """The trick complete, no card is led and its winner is on lead: the follower only with a higher card of the
    suit led, there being no trumps (rule play.trick-winner)."""
    return pos.lead is None or (
        result.lead is None
        and result.leader == (
            other(pos.leader) if suit_of(card) == suit_of(pos.lead) and bit_of(card) > bit_of(pos.lead) else pos.leader
        )
    )


def plies_left(pos: Position) -> int:
    """How many cards remain to be played in the deal.

    Every card held is yet to be played but the one led to an unfinished trick; each ply plays one.

    rules: play.first-lead
    pre: isinstance(pos, Position)
    post: __return__ == len(cards_of(pos.elder)) + len(cards_of(pos.younger)) - (pos.lead is not None)
    post: not legal_plies(pos) or plies_left(after_ply(pos, legal_plies(pos)[0])) == __return__ - 1
    """
    return size(pos.elder) + size(pos.younger) - (pos.lead is not None)


def count_play(pos: Position, plies: int) -> PlayCount:
    """Legal play sequences of `plies` plies from `pos` (all complete ones if fewer remain), by first card.

    With nothing to play (no plies asked, or the deal over) the one empty sequence counts: total 1,
    no first card.

    The sequences of one ply are the legal plies; those of more, for each legal first ply, the sequences of
    one ply fewer from the position it leads to (a sequence ends early only where the deal does).

    rules: play.follow-suit, play.first-lead, play.trick-winner
    raises: PiquetError
    post: min(plies, plies_left(pos)) > 0 or __return__ == (1, ())
    post: min(plies, plies_left(pos)) == 0 or tuple(c for c, _ in __return__.by_first) == legal_plies(pos)
    post: __return__.total == sum(n for _, n in __return__.by_first) or not __return__.by_first
    post: min(plies, plies_left(pos)) != 1 or __return__.total == len(legal_plies(pos))
    post: each_first_ply_counts_the_sequences_after_it(pos, plies, __return__)
    """
    pos = check_position(pos)
    if type(plies) is not int or plies < 0:
        raise error("argument-invalid", f"plies must be a count >= 0, got {shown(plies)}")
    plies = min(plies, plies_left(pos))
    if plies == 0:
        return PlayCount(1, ())
    memo: Memo = {}
    by_first = tuple((card, _from(after_ply(pos, card), plies - 1, memo)) for card in legal_plies(pos))
    return PlayCount(sum(n for _, n in by_first), by_first)


def each_first_ply_counts_the_sequences_after_it(pos: Position, plies: int, result: PlayCount) -> bool:
    """With two plies or more to count, the sequences that begin with a card are those of one ply fewer from the
    position it leads to (rules play.follow-suit, play.first-lead, play.trick-winner)."""
    return min(plies, plies_left(pos)) < 2 or all(
        n == count_play(after_ply(pos, c), plies - 1).total for c, n in result.by_first
    )


def check_position(pos: object) -> Position:
    """`pos` if it is a Position of disjoint hands, a player on lead, and a lead he holds.

    rules: pack.cards, play.first-lead
    raises: PiquetError
    post: __return__ is pos and pos.leader in PLAYERS
    post: not set(cards_of(pos.elder)) & set(cards_of(pos.younger))
    post: pos.lead is None or pos.lead in cards_of(pos.hand(pos.leader))
    """
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
    """The position a deal record reaches: its tricks checked and scored as `score_deal` does them.

    Each trick takes one card from each hand after the exchange; the winner of the last trick (its leader is
    whoever held its lead) is on lead, the elder before any trick; no card is led. The last trick's leader
    leads again unless the follower won it.

    rules: play.first-lead, play.trick-winner
    raises: PiquetError
    post: __return__[1].lead is None and __return__[0] == parse_record(record).ruleset
    post: elders_cards_left_after_the_tricks(record, __return__)
    post: youngers_cards_left_after_the_tricks(record, __return__)
    post: parse_record(record).tricks or __return__[1].leader == __return__[0].play.first_leader
    post: winner_of_the_last_trick_on_lead(record, __return__)
    """
    result = score_deal(record)
    hands = dict(zip(PLAYERS, result.hands))
    leader = result.ruleset.play.first_leader
    for trick in result.tricks:
        hands[trick.leader] = remove(hands[trick.leader], trick.lead)
        hands[other(trick.leader)] = remove(hands[other(trick.leader)], trick.follow)
        leader = trick.winner
    return result.ruleset, Position(hands["elder"], hands["younger"], leader)


def elders_cards_left_after_the_tricks(record: Any, result: tuple[Ruleset, Position]) -> bool:
    """The elder holds his hand after the exchange less the cards of the tricks played (rule play.first-lead)."""
    played = {c for t in parse_record(record).tricks for c in t}
    return set(cards_of(result[1].elder)) == set(cards_of(score_deal(record).hands[0])) - played


def youngers_cards_left_after_the_tricks(record: Any, result: tuple[Ruleset, Position]) -> bool:
    """The younger holds his hand after the exchange less the cards of the tricks played (rule play.first-lead)."""
    played = {c for t in parse_record(record).tricks for c in t}
    return set(cards_of(result[1].younger)) == set(cards_of(score_deal(record).hands[1])) - played


def winner_of_the_last_trick_on_lead(record: Any, result: tuple[Ruleset, Position]) -> bool:
    """After a trick, its leader (whoever held its lead) leads again unless the follower won it with a higher card
    of the suit led (rules play.first-lead, play.trick-winner)."""
    tricks = parse_record(record).tricks
    return not tricks or (result[1].leader == PLAYERS[tricks[-1][0] not in cards_of(score_deal(record).hands[0])]) != (
        suit_of(tricks[-1][1]) == suit_of(tricks[-1][0]) and bit_of(tricks[-1][1]) > bit_of(tricks[-1][0])
    )
