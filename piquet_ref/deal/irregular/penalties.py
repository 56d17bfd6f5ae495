"""Irregular exchanges and what follows them (laws 23, 25-31, 33, 35, 44, 57, 58; Cases XIII, XIV, XIX, XXI, XXII).

A player who takes in a number of cards other than he discards plays on with the wrong number: fewer
than twelve without penalty, the adversary counting as tricks the cards that cannot be played to
(laws 26, 30, 57); more than twelve, reckoning nothing that deal (laws 25, 31, 33, 35, 58). An elder
who takes into his hand a card of the younger's portion of the stock (any past his own five) reckons
nothing, or the younger may have a fresh deal (law 28); if the deal stands, the younger takes only what
is left. A younger who takes in before the elder, from the top of the stock and so from the elder's portion,
reckons nothing, or the elder may have a fresh deal (law 29); if the deal stands, the elder takes only what is left
of his portion. The adversary of a player who reckons nothing may waive the penalty (law 44).

A player who reckons nothing still scores a carte blanche, which accrues before any card is taken in
(Case XXI), and his holdings and his cards still bar: his calls are compared as anyone's, and every
score he would have made but for the penalty counts, for the repique and pique, as a score made
(000 §Scoring, law 58, Case I): so the adversary cannot reach thirty before him where he would have
scored first.

Our readings where the laws are silent, each noted where it is used: the twelfth trick alone earns the
last-trick point, so a deal of eleven tricks has none (Case XIX reads "last" as presupposing twelve
cards each); the cards that cannot be played to count as tricks for the cards and the capot only,
up to the twelve tricks of a deal; a younger may discard up to his three even when the elder has
taken some of his portion.
"""

from __future__ import annotations

from typing import cast

from piquet_ref.hand.cards import Card, Hand, hand_of_pack, pack_of, pack_of_hand, size
from piquet_ref.rules.codes import error
from piquet_ref.hand.exchange import _discard_pack
from piquet_ref.rules.laws import Election, Law, law, law_of
from piquet_ref.deal.irregular.misdeal import discard_bounds, excess
from piquet_ref.rules.ruleset import Player, Ruleset
from piquet_ref.rules.errors import shown

def elections(law_number: int) -> tuple[Election, ...]:
    """What the innocent player may elect under the law numbered `law_number` (spec/laws.yaml `elections`)."""
    return cast(tuple[Election, ...], law(law_number).elections)


def available(player: Player, elder_take: int, stock: int) -> int:
    """How many cards of a stock of `stock` cards `player` can take in: all of it for the elder, what he left for the younger."""
    return stock if player == "elder" else stock - elder_take


def check_take(player: Player, take: object, discarded: int, most: int) -> int:
    """The number taken in, checked: a count from nothing to what the stock holds for him (law 23)."""
    if type(take) is not int or not 0 <= take <= most:
        raise error(
            "exchange-take-count",
            f"{player}.take: the {player} takes in {shown(take)} cards after discarding {discarded}; the stock holds {most} for him",
        )
    return take


def younger_room(elder_take: int, rs: Ruleset) -> int:
    """What the elder's take leaves the younger's discard limits reckoned from: at most his own portion."""
    return min(elder_take, rs.exchange.elder_max)


def offence(player: Player, discarded: int, take: int, rs: Ruleset, shift: int = 0, portion: int | None = None) -> Law | None:
    """The law under which a player who discarded `discarded` and took `take` reckons nothing, or None: the
    elder taking a card past his portion of the stock (`portion`, five unless law 39 cuts it), or a player
    ending with more than twelve (taking in more than he laid out, less his excess `shift` of a wrong deal)."""
    if player == "elder" and take > (rs.exchange.elder_max if portion is None else portion):
        return law_of("exchange.elder-takes-younger-card")
    if take > discarded - shift:
        if shift:
            return law_of("play.more-than-twelve")
        return law_of("exchange.elder-takes-in-more" if player == "elder" else "exchange.younger-takes-in-more")
    return None


def election_law(offended: Law) -> Law:
    """The law the innocent player elects under after `offended`: its own if it offers an election, else the
    waiver of any penalty of reckoning nothing."""
    return offended if offended.elections else law_of("penalty.reckons-nothing")


def exchanged_hands(
    elder_dealt: Hand, younger_dealt: Hand, discards: tuple[tuple[Card, ...], tuple[Card, ...]],
    takes: tuple[int, int], stock: tuple[Card, ...], rs: Ruleset,
) -> tuple[Hand, Hand]:
    """The hands after an exchange in which each took `takes` cards from the top of the stock, elder first,
    whatever he discarded (the discards checked as `exchange.deal_exchange` checks them, with the limits
    of `misdeal.discard_bounds` for a deal of the wrong number of cards).

    Each lays out his discard and takes in from the top of the stock, the elder first and the younger from
    where the elder stopped; taking more or fewer than he laid out changes the size of his hand (laws 23,
    28-35, 57, 58).

    rules: exchange.take-from-top
    laws: 23, 30, 31
    raises: PiquetError
    post: pack_of_hand(__return__[0]) & pack_of_hand(__return__[1]) == 0
    post: pack_of_hand(__return__[0]) == pack_of_hand(elder_dealt) & ~pack_of(discards[0]) | pack_of(stock[: takes[0]])
    post: younger_takes_in_where_the_elder_stopped(younger_dealt, discards, takes, stock, __return__)
    post: size(__return__[0]) == size(elder_dealt) - len(discards[0]) + takes[0]
    post: size(__return__[1]) == size(younger_dealt) - len(discards[1]) + takes[1]
    """
    e_pack, y_pack = pack_of_hand(elder_dealt), pack_of_hand(younger_dealt)
    n, portion = len(stock), rs.exchange.elder_max
    e_out = _discard_pack("elder", e_pack, discards[0], 0, rs, discard_bounds("elder", excess(elder_dealt, rs), n, 0, portion, rs))
    k = check_take("elder", takes[0], len(discards[0]), available("elder", 0, n))
    room = younger_room(k, rs)
    y_out = _discard_pack("younger", y_pack, discards[1], room, rs, discard_bounds("younger", excess(younger_dealt, rs), n, room, portion, rs))
    j = check_take("younger", takes[1], len(discards[1]), available("younger", k, n))
    return hand_of_pack(e_pack & ~e_out | pack_of(stock[:k])), hand_of_pack(y_pack & ~y_out | pack_of(stock[k : k + j]))


def younger_takes_in_where_the_elder_stopped(
    younger_dealt: Hand, discards: tuple[tuple[Card, ...], tuple[Card, ...]], takes: tuple[int, int],
    stock: tuple[Card, ...], result: tuple[Hand, Hand],
) -> bool:
    """The younger's hand is his hand dealt less his discard, with the cards of the stock from where the elder
    stopped, as many as he took (laws 23, 30, 31)."""
    kept = pack_of_hand(younger_dealt) & ~pack_of(discards[1])
    return pack_of_hand(result[1]) == kept | pack_of(stock[takes[0] : takes[0] + takes[1]])


def exchanged_first(
    elder_dealt: Hand, younger_dealt: Hand, discards: tuple[tuple[Card, ...], tuple[Card, ...]],
    takes: tuple[int, int], stock: tuple[Card, ...], rs: Ruleset,
) -> tuple[Hand, Hand]:
    """The hands after an exchange in which the younger took in first, out of turn (law 29): he takes `takes[1]`
    cards, at least one, from the top of the stock, which are of the elder's portion; the elder then takes
    `takes[0]` from where he stopped.

    The younger's discard limits are those he would have had after the elder took his whole portion (as for a
    discard laid out first, law 20) and he takes no more than that portion nor than he lays out (ending with
    more than twelve as well is not modelled); the elder's portion is cut to the
    cards the younger left of it (law 29: he takes only his unmixed cards), his discard limits with it, and a
    take past them reaches the younger's portion (law 28: he then ends with more than twelve, since he lays out no
    more than those cards). Every other check is
    `exchanged_hands`'s (reading exchange.younger-first).

    rules: exchange.take-from-top
    laws: 23, 29
    raises: PiquetError
    post: pack_of_hand(__return__[0]) & pack_of_hand(__return__[1]) == 0
    post: younger_taking_in_first_takes_from_the_top(younger_dealt, discards, takes, stock, __return__)
    post: elder_takes_in_where_the_younger_stopped(elder_dealt, discards, takes, stock, __return__)
    post: 1 <= takes[1] <= min(rs.exchange.elder_max, len(discards[1]) - excess(younger_dealt, rs))
    post: len(discards[0]) <= rs.exchange.elder_max - takes[1] + excess(elder_dealt, rs)
    """
    e_pack, y_pack = pack_of_hand(elder_dealt), pack_of_hand(younger_dealt)
    n, portion = len(stock), rs.exchange.elder_max
    room = younger_room(portion, rs)
    shift = excess(younger_dealt, rs)
    y_out = _discard_pack("younger", y_pack, discards[1], room, rs, discard_bounds("younger", shift, n, room, portion, rs))
    j = check_first_take(takes[1], len(discards[1]), shift, portion)
    if j < 1:
        raise error("record-took-in-first", f"younger.took_in_first: the younger took in first but took no card of the stock (take {j})")
    e_out = _discard_pack("elder", e_pack, discards[0], 0, rs, discard_bounds("elder", excess(elder_dealt, rs), n, 0, portion - j, rs))
    k = check_take("elder", takes[0], len(discards[0]), n - j)
    return hand_of_pack(e_pack & ~e_out | pack_of(stock[j : j + k])), hand_of_pack(y_pack & ~y_out | pack_of(stock[:j]))


def younger_taking_in_first_takes_from_the_top(
    younger_dealt: Hand, discards: tuple[tuple[Card, ...], tuple[Card, ...]], takes: tuple[int, int],
    stock: tuple[Card, ...], result: tuple[Hand, Hand],
) -> bool:
    """The younger who took in before the elder holds his hand dealt less his discard, with as many cards as he
    took from the top of the stock, the elder's portion (laws 23, 29)."""
    return pack_of_hand(result[1]) == pack_of_hand(younger_dealt) & ~pack_of(discards[1]) | pack_of(stock[: takes[1]])


def elder_takes_in_where_the_younger_stopped(
    elder_dealt: Hand, discards: tuple[tuple[Card, ...], tuple[Card, ...]], takes: tuple[int, int],
    stock: tuple[Card, ...], result: tuple[Hand, Hand],
) -> bool:
    """After the younger took in first, the elder holds his hand dealt less his discard, with the cards of the
    stock from where the younger stopped, as many as he took (laws 23, 29)."""
    kept = pack_of_hand(elder_dealt) & ~pack_of(discards[0])
    return pack_of_hand(result[0]) == kept | pack_of(stock[takes[1] : takes[1] + takes[0]])


def check_first_take(take: object, discarded: int, shift: int, most: int) -> int:
    """The younger's take before the elder's exchange, checked (law 29, reading exchange.younger-first): a count
    of cards of the elder's portion, no more than the `most` of it the elder has not said he leaves, nor than the
    younger lays out, less his excess `shift` of a wrong deal (taking in first more than that is not modelled);
    else `exchange-take-count`."""
    if type(take) is int and take > discarded - shift:
        raise error("exchange-take-count", f"younger.take: the younger, taking in before the elder, takes in {take} cards after discarding {discarded}: no more than he lays out")
    return check_take("younger", take, discarded, most)


def reckons_nothing(hands: tuple[Hand, Hand], waived: tuple[bool, bool], rs: Ruleset) -> tuple[bool, bool]:
    """Who reckons nothing: a player holding more than twelve after the exchange (law 58), unless his
    adversary waived the penalty (law 44; `waived[i]` is player i's waiver of the other's penalty)."""
    e, y = (size(h) > rs.pack.hand_size for h in hands)
    return e and not waived[1], y and not waived[0]


def tricks_to_play(hands: tuple[Hand, Hand], rs: Ruleset) -> int:
    """The tricks of the deal: twelve, or as many as the shorter hand can play to (law 57)."""
    return min(rs.play.tricks, size(hands[0]), size(hands[1]))


def unplayable_credit(hands: tuple[Hand, Hand], rs: Ruleset) -> tuple[int, int]:
    """(elder, younger) tricks credited at the end of the deal for the cards nothing can be played to: against a
    hand of fewer than twelve, the adversary's cards beyond the tricks played (law 57). The scorer adds them to the
    tricks won, up to the twelve of a deal: a thirteenth card is no trick (Case XIX).

    laws: 57
    post: all(n >= 0 for n in __return__)
    post: size(hands[1]) < rs.pack.hand_size or __return__[0] == 0
    post: size(hands[0]) < rs.pack.hand_size or __return__[1] == 0
    post: elder_credited_his_cards_beyond_the_tricks(hands, rs, __return__)
    """
    played = tricks_to_play(hands, rs)
    short = tuple(size(h) < rs.pack.hand_size for h in hands)
    return (size(hands[0]) - played if short[1] else 0, size(hands[1]) - played if short[0] else 0)


def elder_credited_his_cards_beyond_the_tricks(hands: tuple[Hand, Hand], rs: Ruleset, result: tuple[int, int]) -> bool:
    """Against a younger's hand of fewer than twelve, the elder is credited with his cards beyond the tricks the
    deal has (law 57)."""
    played = min(rs.play.tricks, size(hands[0]), size(hands[1]))
    return size(hands[1]) >= rs.pack.hand_size or result[0] == size(hands[0]) - played
