"""A deal resolved for scoring: the hands after the exchange, the tricks, and the penalties that apply.

The normal form is all the scorer reads (`accretion.score_normal_form`): plain values, with nothing left of how
the record put them. A regular record resolves here (`regular_form`): the exchange within its limits, each player
taking in as many cards as he lays out, or the hands after the exchange as given. An irregular one (a take other
than the discard, a deal of the wrong number, a claim not held, a card of the stock shown, the younger taking in
first) resolves to the same form in `piquet_ref.deal.irregular.resolution`, its penalties stated as fields: who
reckons nothing, how many tricks the deal has, and the tricks credited at its end. So the scorer never asks how a
deal went wrong, and a regular deal never reaches the code of irregularities.
"""

from __future__ import annotations

from typing import NamedTuple

from piquet_ref.deal.record import DealRecord, PlayerRecord
from piquet_ref.hand.cards import Card, Hand, bit_of, cards_of, check_distinct, hand_of_pack, pack_of
from piquet_ref.hand.cards import tuple_new as _new
from piquet_ref.hand.declarations import DeclareChoice, DeclCategory, carte_blanche_packed
from piquet_ref.hand.exchange import exchanged_packs
from piquet_ref.rules.codes import error
from piquet_ref.rules.errors import PiquetError as PiquetError  # named by a `raises:` line
from piquet_ref.rules.ruleset import PLAYERS, Ruleset


class NormalDeal(NamedTuple):
    """A deal as the scorer reads it. The last three fields are the penalties of an irregular deal; a regular
    deal has none: nobody silent, the ruleset's tricks (None), nothing credited."""

    ruleset: Ruleset
    hands: tuple[Hand, Hand]  # (elder, younger) after the exchange
    dealt: tuple[tuple[Card, ...], tuple[Card, ...]]  # the dealt hands' cards; both () when the record gives the hands after the exchange
    carte_blanche: tuple[bool, bool]
    declare: tuple[DeclareChoice, DeclareChoice]
    tricks: tuple[tuple[Card, Card], ...]  # leader's card first
    out_of_turn: tuple[int, ...]  # tricks (indices) led out of turn by the other player, standing (law 59 III)
    barred: tuple[tuple[DeclCategory, ...], tuple[DeclCategory, ...]]  # categories that bar and save but score nothing
    silent: tuple[bool, bool]  # reckons nothing that deal but a carte blanche (laws 25-35, 44, 54, 58)
    tricks_to_play: int | None  # the tricks of the deal when a short hand makes them fewer than the ruleset's (law 57)
    credited: tuple[int, int]  # tricks counted at the end for cards that nothing can be played to (law 57)


# The exchange's rules as predicates over a resolved deal: the postconditions of the functions that resolve a record.

def hands_as_recorded(record: DealRecord, deal: NormalDeal) -> bool:
    """A record of the hands after the exchange: the deal's hands are those cards, and nobody holds carte blanche
    (a property of the dealt hand)."""
    if record.elder.dealt is not None:
        return True
    given = (set(record.elder.hand or ()), set(record.younger.hand or ()), (False, False))
    return (set(cards_of(deal.hands[0])), set(cards_of(deal.hands[1])), deal.carte_blanche) == given


def _taken(p: PlayerRecord) -> int:
    return len(p.discard or ()) if p.take is None else p.take


def hands_taken_in_turn(record: DealRecord, deal: NormalDeal) -> bool:
    """A record of the dealt hands: each hand after the exchange is the dealt hand less the discard, with the
    cards taken in off the top of the stock in turn (as many as laid out, unless the record says otherwise), the
    elder first and the younger from where he stopped, or the younger first where he took in before the elder
    (law 29)."""
    if record.elder.dealt is None:
        return True
    stock, start = record.stock or (), 0
    for i in (1, 0) if record.younger.took_in_first else (0, 1):
        p = record.player(PLAYERS[i])
        taken = stock[start : start + _taken(p)]
        if set(cards_of(deal.hands[i])) != set(p.dealt or ()) - set(p.discard or ()) | set(taken):
            return False
        start += _taken(p)
    return True


def hands_apart(deal: NormalDeal) -> bool:
    """No card is in both hands."""
    return not set(cards_of(deal.hands[0])) & set(cards_of(deal.hands[1]))


def carte_blanche_as_dealt(record: DealRecord, deal: NormalDeal) -> bool:
    """A record of the dealt hands: a player holds carte blanche exactly when his dealt hand has the ruleset's
    least number of cards for it and no court card."""
    if record.elder.dealt is None:
        return True
    cb = record.ruleset.carte_blanche
    due = tuple(len(d or ()) >= cb.min_cards and not any(cb.court_mask >> bit_of(c) & 1 for c in d or ()) for d in (record.elder.dealt, record.younger.dealt))
    return deal.carte_blanche == due


def is_regular(rec: DealRecord) -> bool:
    """Whether the record holds no irregularity: the dealt hands and stock of the ruleset's sizes (or the hands
    after the exchange), nobody taking in another number than he lays out or before his turn, no claim not held,
    no card of the stock shown, no penalty waived. Barred holdings and leads out of turn are no irregularity of the
    deal's shape: the normal form carries them as they are.

    rules: deal.sizes, exchange.take-from-top
    post: no_irregular_exchange_or_claim(rec, __return__)
    post: not __return__ or rec.elder.dealt is None or len(rec.stock or ()) == rec.ruleset.pack.stock_size
    """
    e, y = rec.elder, rec.younger
    for p in (e, y):
        if p.take is not None or p.took_in_first or p.false_claim or p.exposed_stock or p.waives_penalty:
            return False
    if e.dealt is None or y.dealt is None:
        return True
    pack = rec.ruleset.pack
    return len(e.dealt) == len(y.dealt) == pack.hand_size and len(rec.stock or ()) == pack.stock_size


def no_irregular_exchange_or_claim(rec: DealRecord, result: bool) -> bool:
    """In a regular record nobody takes in another number than he lays out or before his turn, claims what he does
    not hold, or shows a card of the stock (rule exchange.take-from-top)."""
    return not result or not any(
        p.take is not None or p.took_in_first or p.false_claim or p.exposed_stock for p in (rec.elder, rec.younger)
    )


def dealt_hands(rec: DealRecord) -> tuple[Hand, Hand]:
    """The dealt hands of a record in the dealt form, each card of them and of the stock checked to be given
    once (`card-duplicate`, naming where).

    rules: pack.cards
    raises: PiquetError
    post: dealt_hands_as_recorded(rec, __return__)
    post: no_card_dealt_twice(rec)
    """
    e_pack, y_pack = dealt_packs(rec)
    return hand_of_pack(e_pack), hand_of_pack(y_pack)


def dealt_packs(rec: DealRecord) -> tuple[int, int]:
    """`dealt_hands` packed as ints (`cards.pack_of`), as the scorer of a regular record holds them.

    rules: pack.cards
    raises: PiquetError
    post: dealt_hands_as_recorded(rec, (hand_of_pack(__return__[0]), hand_of_pack(__return__[1])))
    post: no_card_dealt_twice(rec)
    """
    assert rec.elder.dealt is not None and rec.younger.dealt is not None
    e, y, stock = rec.elder.dealt, rec.younger.dealt, rec.stock or ()
    e_pack, y_pack = pack_of(e), pack_of(y)
    if (e_pack | y_pack | pack_of(stock)).bit_count() != len(e) + len(y) + len(stock):  # a card twice
        check_distinct([("elder.dealt", e), ("younger.dealt", y), ("stock", stock)], rec.ruleset)
    return e_pack, y_pack


def dealt_hands_as_recorded(rec: DealRecord, result: tuple[Hand, Hand]) -> bool:
    """The dealt hands hold the cards the record deals to each player (rule pack.cards)."""
    return (set(cards_of(result[0])), set(cards_of(result[1]))) == (
        set(rec.elder.dealt or ()), set(rec.younger.dealt or ())
    )


def no_card_dealt_twice(rec: DealRecord) -> bool:
    """No card is dealt twice: the dealt hands and the stock give each card once (rule pack.cards)."""
    dealt = (rec.elder.dealt or ()) + (rec.younger.dealt or ()) + (rec.stock or ())
    return len(set(dealt)) == len(dealt)


def hands_as_given(rec: DealRecord) -> tuple[Hand, Hand]:
    """The hands of a record that gives them after the exchange: each of the ruleset's size (`hand-size`), no
    card in both (`card-duplicate`).

    rules: deal.sizes, pack.cards
    raises: PiquetError
    post: hands_after_the_exchange_as_recorded(rec, __return__)
    post: len(cards_of(__return__[0])) == len(cards_of(__return__[1])) == rec.ruleset.pack.hand_size
    """
    rs, e, y = rec.ruleset, rec.elder.hand, rec.younger.hand
    assert e is not None and y is not None
    for who, cards in (("elder", e), ("younger", y)):
        if len(cards) != rs.pack.hand_size:
            raise error("hand-size", f"{who}.hand has {len(cards)} cards; a player plays with {rs.pack.hand_size}")
    e_pack, y_pack = pack_of(e), pack_of(y)
    if (e_pack | y_pack).bit_count() != 2 * rs.pack.hand_size:  # a card twice
        check_distinct([("elder.hand", e), ("younger.hand", y)], rs)
    return hand_of_pack(e_pack), hand_of_pack(y_pack)


def hands_after_the_exchange_as_recorded(rec: DealRecord, result: tuple[Hand, Hand]) -> bool:
    """The hands hold the cards the record gives each player after the exchange (rule pack.cards)."""
    return (set(cards_of(result[0])), set(cards_of(result[1]))) == (
        set(rec.elder.hand or ()), set(rec.younger.hand or ())
    )


def resolved(rec: DealRecord, hands: tuple[Hand, Hand], blanche: tuple[bool, bool]) -> NormalDeal:
    """The normal form of `rec` with these hands after the exchange and carte blanche, and no penalty.

    rules: declare.barred
    post: hands_and_tricks_as_given(rec, hands, blanche, __return__)
    post: declarations_and_bars_as_recorded(rec, __return__)
    post: (__return__.silent, __return__.tricks_to_play, __return__.credited) == ((False, False), None, (0, 0))
    """
    e, y = rec.elder, rec.younger
    return _new(NormalDeal, (
        rec.ruleset, hands, (e.dealt or (), y.dealt or ()), blanche, (e.declare, y.declare), rec.tricks, rec.out_of_turn,
        (e.barred, y.barred), (False, False), None, (0, 0),
    ))


def hands_and_tricks_as_given(
    rec: DealRecord, hands: tuple[Hand, Hand], blanche: tuple[bool, bool], result: NormalDeal,
) -> bool:
    """The normal form holds the hands and carte blanche given, and the record's tricks and leads out of turn
    (rule declare.barred)."""
    return (result.hands, result.carte_blanche, result.tricks, result.out_of_turn) == (
        hands, blanche, rec.tricks, rec.out_of_turn
    )


def declarations_and_bars_as_recorded(rec: DealRecord, result: NormalDeal) -> bool:
    """Each player declares as the record says, and the categories he is barred from are those recorded (rule
    declare.barred)."""
    return (
        result.declare == (rec.elder.declare, rec.younger.declare)
        and result.barred == (rec.elder.barred, rec.younger.barred)
    )


def regular_form(rec: DealRecord) -> NormalDeal:
    """The normal form of a regular record (`is_regular`): each player's dealt hand less his discard, with as
    many cards taken in from the top of the stock, the elder first and the younger from where he stopped, each
    discard within the ruleset's limits; or the hands after the exchange as given, with no carte blanche (it is a
    property of the dealt hand).

    rules: exchange.take-from-top, exchange.elder-limits, exchange.younger-limits, carte-blanche.definition
    raises: PiquetError
    pre: is_regular(rec)
    post: hands_as_recorded(rec, __return__) and hands_taken_in_turn(rec, __return__)
    post: hands_apart(__return__) and carte_blanche_as_dealt(rec, __return__)
    post: __return__.silent == (False, False) and __return__.tricks_to_play is None and __return__.credited == (0, 0)
    """
    e, y = rec.elder, rec.younger
    if e.discard is None or y.discard is None:
        return resolved(rec, hands_as_given(rec), (False, False))
    rs = rec.ruleset
    ed, yd = dealt_packs(rec)
    elder, younger = exchanged_packs(ed, yd, e.discard, y.discard, rec.stock or (), rs)
    return resolved(rec, (hand_of_pack(elder), hand_of_pack(younger)), (carte_blanche_packed(ed, rs), carte_blanche_packed(yd, rs)))
