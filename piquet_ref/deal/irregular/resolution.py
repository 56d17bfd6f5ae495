"""An irregular deal record resolved to the normal form the scorer reads (`deal.normal_form.NormalDeal`).

The irregularities a record can carry: a deal of one card astray that the elder stood (laws 11, 40-43), a take
other than the discard (laws 23, 25-35), the younger taking in before the elder (law 29), a card of the
adversary's portion of the stock shown (law 27), a claim not held (laws 52-54), and the waiver of a penalty (law
44). Each is resolved here into plain fields: the hands after the exchange, who reckons nothing, how many tricks
the deal has against a short hand, and the tricks credited at its end for the cards nothing can be played to (law
57). A record none of these touch is regular and never comes here (`deal.normal_form.is_regular`).
"""

from __future__ import annotations

from piquet_ref.deal.irregular.misdeal import deal_shape, size_error
from piquet_ref.deal.irregular.penalties import exchanged_first, exchanged_hands, reckons_nothing, unplayable_credit, tricks_to_play
from piquet_ref.deal.irregular.stock_exposure import recorded_exposure
from piquet_ref.deal.normal_form import (  # with the postconditions of irregular_form
    NormalDeal, carte_blanche_as_dealt, dealt_hands, hands_apart, hands_as_given, hands_as_recorded, hands_taken_in_turn, resolved,
)
from piquet_ref.deal.record import FIELD, DealRecord
from piquet_ref.hand.cards import Hand, size
from piquet_ref.rules.errors import PiquetError as PiquetError  # named by a `raises:` line
from piquet_ref.hand.declarations import carte_blanche
from piquet_ref.hand.exchange import deal_exchange
from piquet_ref.rules.ruleset import PLAYERS


def irregular_form(rec: DealRecord) -> NormalDeal:
    """The normal form of an irregular record: its hands after the exchange as the laws make them, and its penalties.

    A player reckons nothing but a carte blanche when he holds more than twelve cards after the exchange (law 58),
    made a claim not held (law 54), showed a card of his adversary's portion of the stock (law 27), or, the younger,
    took in before the elder (law 29), unless his adversary waived the penalty (law 44). Against a hand of fewer
    than twelve, the deal has as many tricks as the shorter hand can play, and the adversary is credited at its end
    with his cards that nothing can be played to (law 57).

    rules: exchange.take-from-top, carte-blanche.definition
    raises: PiquetError
    post: hands_as_recorded(rec, __return__) and hands_apart(__return__) and carte_blanche_as_dealt(rec, __return__)
    laws: 29
    post: hands_taken_in_turn(rec, __return__)
    laws: 27, 44, 54, 58
    post: elder_reckons_nothing_by_the_laws(rec, __return__)
    post: younger_reckons_nothing_by_the_laws(rec, __return__)
    laws: 57
    post: tricks_as_many_as_the_shorter_hand_plays(rec, __return__)
    """
    rs = rec.ruleset
    e, y = rec.elder, rec.younger
    if e.dealt is not None and y.dealt is not None and e.discard is not None and y.discard is not None:
        stock = rec.stock or ()
        for who, p in zip(PLAYERS, (e, y)):
            if p.exposed_stock:
                recorded_exposure(who, p.exposed_stock, stock, rs, FIELD[who, "exposed_stock"])
        shape = deal_shape(len(e.dealt), len(y.dealt), len(stock), rs)
        if shape not in ("regular", "wrong-number"):  # a deal of one card astray is played on (laws 40-43)
            raise size_error(len(e.dealt), len(y.dealt), len(stock), rs)
        ed, yd = dealt_hands(rec)
        takes = (len(e.discard) if e.take is None else e.take, len(y.discard) if y.take is None else y.take)
        hands: tuple[Hand, Hand]
        if y.took_in_first:  # the younger took in before the elder (law 29)
            hands = exchanged_first(ed, yd, (e.discard, y.discard), takes, stock, rs)
        elif e.take is None and y.take is None and shape == "regular":
            hands = deal_exchange(ed, yd, e.discard, y.discard, stock, rs)
        else:  # an irregular exchange (laws 25-35)
            hands = exchanged_hands(ed, yd, (e.discard, y.discard), takes, stock, rs)
        deal = resolved(rec, hands, (carte_blanche(ed, rs), carte_blanche(yd, rs)))
    else:
        deal = resolved(rec, hands_as_given(rec), (False, False))
    waived = (e.waives_penalty, y.waives_penalty)  # each player's waiver of his adversary's penalty
    long_hand = reckons_nothing(deal.hands, waived, rs)
    offended = (e.false_claim or bool(e.exposed_stock), y.false_claim or bool(y.exposed_stock) or y.took_in_first)  # laws 54, 27, 29
    silent = (long_hand[0] or (offended[0] and not waived[1]), long_hand[1] or (offended[1] and not waived[0]))
    played = tricks_to_play(deal.hands, rs)
    return deal._replace(
        silent=silent, tricks_to_play=None if played == rs.play.tricks else played, credited=unplayable_credit(deal.hands, rs),
    )


def elder_reckons_nothing_by_the_laws(rec: DealRecord, result: NormalDeal) -> bool:
    """The elder reckons nothing when he holds more than twelve after the exchange, made a claim not held or showed
    a card of the younger's portion of the stock, unless the younger waived it (laws 27, 44, 54, 58)."""
    offended = (
        size(result.hands[0]) > rec.ruleset.pack.hand_size or rec.elder.false_claim or bool(rec.elder.exposed_stock)
    )
    return result.silent[0] == (offended and not rec.younger.waives_penalty)


def younger_reckons_nothing_by_the_laws(rec: DealRecord, result: NormalDeal) -> bool:
    """The younger reckons nothing when he holds more than twelve after the exchange, made a claim not held, showed
    a card of the elder's portion of the stock or took in first (law 29), unless the elder waived it (laws 27, 44,
    54, 58)."""
    offended = (
        size(result.hands[1]) > rec.ruleset.pack.hand_size or rec.younger.false_claim or bool(rec.younger.exposed_stock)
        or rec.younger.took_in_first
    )
    return result.silent[1] == (offended and not rec.elder.waives_penalty)


def tricks_as_many_as_the_shorter_hand_plays(rec: DealRecord, result: NormalDeal) -> bool:
    """The deal has twelve tricks, or as many as the shorter hand can play to (law 57)."""
    tricks = rec.ruleset.play.tricks
    return (result.tricks_to_play or tricks) == min(tricks, *(size(h) for h in result.hands))
