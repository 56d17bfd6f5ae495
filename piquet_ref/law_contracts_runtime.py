"""Plain-value entry points to the deciders of the laws' state machine that CrossHair cannot search within
its budget, carrying the laws as contracts checked at run time.

Written as in `law_contracts` (the default ruleset fixed, a player as a number, the laws of 1882 on a
`laws:` line), but these deciders read spec/laws.yaml through `laws.law_of` or spec/errors.yaml through
`errors.error` (whose caches CrossHair bypasses, so that every path loads the file again) or a hand's size
through functions with contracts of their own, and no path of theirs finishes within CrossHair's per-path
budget. Their domains are finite:
tests/test_law_contracts.py evaluates every condition, read from the docstrings as CrossHair reads them, on
every input the preconditions admit (on Hypothesis hands and deals for those that take hands, which are too many).
Law numbers in the conditions are read from spec/laws.yaml through the situation the machine applies.
"""

from __future__ import annotations

from .cards import PACK_SIZE, SUIT_MASK, Hand, bit_of, cards_of, hand_of_pack, suit_of
from .counts import Position
from .laws import law_of, laws
from .loader import default_ruleset
from .misdeal import deal_options, deal_shape, exposed_option
from .errors import PiquetError as PiquetError  # named by a `raises:` line
from .penalties import available, check_take, election_law, offence, reckons_nothing, tricks_counted, tricks_to_play
from .revokes import revoke_cards
from .ruleset import PLAYERS

RS = default_ruleset()
HAND, STOCK, TRICKS = RS.pack.hand_size, RS.pack.stock_size, RS.play.tricks
EX = RS.exchange
HANDS = tuple(hand_of_pack((1 << n) - 1) for n in range(HAND + 3))  # a hand of each size up to two over: these deciders read only sizes
EMPTY = Hand(0, 0, 0, 0)
LAWS = {law_.number: law_ for law_ in laws()}
TAKES_YOUNGER_CARD = law_of("exchange.elder-takes-younger-card").number
ELDER_TAKES_MORE = law_of("exchange.elder-takes-in-more").number
YOUNGER_TAKES_MORE = law_of("exchange.younger-takes-in-more").number
MORE_THAN_TWELVE = law_of("play.more-than-twelve").number
CARD_EXPOSED, WRONG_NUMBER = law_of("deal.card-exposed").number, law_of("deal.wrong-number").number
OFFENCES = (TAKES_YOUNGER_CARD, ELDER_TAKES_MORE, YOUNGER_TAKES_MORE, MORE_THAN_TWELVE)  # the laws `offence` applies
ELECTIONS = {n: LAWS[n].elections for n in (*OFFENCES, law_of("penalty.reckons-nothing").number)}


def take_checked(player: int, take: int, elder_take: int, stock: int) -> int:
    """`penalties.check_take` of `take` cards taken in by `PLAYERS[player]` from a stock of `stock`, the elder
    having taken `elder_take`, against what `penalties.available` leaves him.

    A player takes in from nothing up to what the stock holds for him: the elder from the whole stock, the
    younger only what the elder left (laws 23, 28); any other count is refused with a typed error.

    rules: exchange.take-from-top, exchange.younger-limits
    laws: 23, 28
    pre: player in (0, 1) and 0 <= elder_take <= stock <= STOCK
    raises: PiquetError
    post: __return__ == take
    post: 0 <= __return__ <= (stock if player == 0 else stock - elder_take)
    """
    return check_take(PLAYERS[player], take, 0, available(PLAYERS[player], elder_take, stock))

def offence_law(player: int, discarded: int, take: int, shift: int, portion: int) -> int:
    """`penalties.offence` as a law number (0: none) for `PLAYERS[player]`, who was dealt `HAND + shift` cards,
    laid out `discarded` and took in `take`, the elder's portion of the stock being `portion`.

    The elder who takes a card past his portion takes one of the younger's (law 28); a player dealt twelve
    who ends with more than twelve falls under law 31 (elder) or 35 (younger); one dealt the wrong number
    who ends with more than twelve, under law 58. Nobody else offends.

    laws: 28
    pre: player in (0, 1) and shift in (-1, 0, 1) and 1 <= portion <= EX.elder_max
    pre: 0 <= discarded <= HAND + shift and 0 <= take <= STOCK
    post: (__return__ == TAKES_YOUNGER_CARD) == (player == 0 and take > portion)
    laws: 31, 35, 58
    post: __return__ in (0, TAKES_YOUNGER_CARD) or HAND + shift - discarded + take > HAND
    post: __return__ != 0 or (HAND + shift - discarded + take <= HAND and (player == 1 or take <= portion))
    post: __return__ != ELDER_TAKES_MORE or (player == 0 and shift == 0)
    post: __return__ != YOUNGER_TAKES_MORE or (player == 1 and shift == 0)
    post: __return__ != MORE_THAN_TWELVE or shift != 0
    """
    law_ = offence(PLAYERS[player], discarded, take, RS, shift, portion)
    return 0 if law_ is None else law_.number


def elected_under(offended: int) -> int:
    """`penalties.election_law`: the law the innocent player elects under after the offence of law `offended`.

    His adversary may always let a penalty of reckoning nothing go (law 44); an offence whose own law
    offers an election is elected under that law.

    laws: 44
    pre: offended in OFFENCES
    post: "waive" in ELECTIONS[__return__]
    post: __return__ == offended or not ELECTIONS[offended]
    """
    return election_law(LAWS[offended]).number


def silenced(elder_size: int, younger_size: int, elder_waives: bool, younger_waives: bool) -> tuple[bool, bool]:
    """`penalties.reckons_nothing` for hands of these sizes after the exchange; `elder_waives` is the elder's
    waiver of the younger's penalty, `younger_waives` the younger's of the elder's.

    laws: 58
    pre: 0 <= elder_size < len(HANDS) and 0 <= younger_size < len(HANDS)
    post: elder_size <= HAND or younger_waives or __return__[0]
    post: younger_size <= HAND or elder_waives or __return__[1]
    laws: 57
    post: not __return__[0] or elder_size > HAND
    post: not __return__[1] or younger_size > HAND
    laws: 44
    post: not (__return__[0] and younger_waives) and not (__return__[1] and elder_waives)
    """
    return reckons_nothing((HANDS[elder_size], HANDS[younger_size]), (elder_waives, younger_waives), RS)


def tricks_of_deal(elder_size: int, younger_size: int) -> int:
    """`penalties.tricks_to_play` for hands of these sizes: the tricks that can be played.

    Twelve tricks, unless a hand is short: then as many as it can play to (law 57).

    laws: 57
    pre: 0 <= elder_size < len(HANDS) and 0 <= younger_size < len(HANDS)
    post: __return__ <= TRICKS and __return__ <= elder_size and __return__ <= younger_size
    post: __return__ in (TRICKS, elder_size, younger_size)
    """
    return tricks_to_play((HANDS[elder_size], HANDS[younger_size]), RS)


def tricks_credited(elder_won: int, elder_size: int, younger_size: int) -> tuple[int, int]:
    """`penalties.tricks_counted` at the end of a deal with hands of these sizes in which the elder won
    `elder_won` of the tricks played: (elder, younger) tricks for the cards and the capot.

    Each counts the tricks he won; against a short hand, the adversary also takes as tricks his cards that
    nothing can be played to (law 57), up to the twelve of a deal (Case XIX: a thirteenth card is no trick).

    laws: 57
    pre: 0 <= elder_size < len(HANDS) and 0 <= younger_size < len(HANDS)
    pre: 0 <= elder_won <= min(TRICKS, elder_size, younger_size)
    post: __return__[0] <= TRICKS and __return__[1] <= TRICKS
    post: younger_size >= HAND or __return__[0] == min(TRICKS, elder_won + elder_size - min(TRICKS, elder_size, younger_size))
    post: elder_size >= HAND or __return__[1] == min(TRICKS, min(TRICKS, elder_size, younger_size) - elder_won + younger_size - min(TRICKS, elder_size, younger_size))
    post: younger_size < HAND or __return__[0] == elder_won
    post: elder_size < HAND or __return__[1] == min(TRICKS, elder_size, younger_size) - elder_won
    """
    hands = (HANDS[elder_size], HANDS[younger_size])
    return tricks_counted(elder_won, tricks_to_play(hands, RS), hands, RS)


def revoke_choices(follower: Hand, lead: int) -> tuple[int, ...]:
    """`revokes.revoke_cards` when the elder has led `lead` (-1: nothing led, between tricks) and the younger
    holds `follower`: the cards he would revoke with.

    A revoke is a card of another suit than the one led from a player who holds the suit led (law 59 IV):
    between tricks there is none; holding none of the suit led, any card is good.

    rules: play.follow-suit
    laws: 59
    pre: all(0 <= m <= SUIT_MASK for m in follower) and -1 <= lead < PACK_SIZE
    pre: lead < 0 or not follower[suit_of(lead)] >> bit_of(lead) & 1
    post: lead >= 0 or __return__ == ()
    post: all(follower[suit_of(c)] >> bit_of(c) & 1 and suit_of(c) != suit_of(lead) for c in __return__)
    post: lead < 0 or follower[suit_of(lead)] != 0 or __return__ == ()
    post: lead < 0 or follower[suit_of(lead)] == 0 or set(__return__) == {c for c in cards_of(follower) if suit_of(c) != suit_of(lead)}
    """
    return revoke_cards(Position(hand_of_pack(1 << lead) if lead >= 0 else EMPTY, follower, "elder", None if lead < 0 else lead))


def exposure_option(elder_dealt: Hand, stock: tuple[int, ...], exposed: tuple[int, ...]) -> bool:
    """`misdeal.exposed_option`: whether the cards the dealer exposed give the elder the option of a fresh deal.

    A card exposed in dealing lets the elder have a fresh deal if it was his or the stock's; the dealer's
    own cards give no option (law 13).

    laws: 13
    pre: all(0 <= m <= SUIT_MASK for m in elder_dealt)
    pre: all(0 <= c < PACK_SIZE for c in stock + exposed) and not set(stock) & set(cards_of(elder_dealt))
    post: __return__ == any(c in cards_of(elder_dealt) or c in stock for c in exposed)
    """
    return exposed_option(elder_dealt, stock, exposed)


def fresh_deal_options(elder_dealt: Hand, younger_dealt: Hand, stock: tuple[int, ...], exposed: tuple[int, ...]) -> tuple[int, ...]:
    """`misdeal.deal_options`: the laws under which the elder elects a fresh deal or stands it before the exchange.

    A card of his or of the stock exposed in dealing (law 13) and one card astray (law 11) each give him the
    election; neither gives it twice, nothing else gives it, and law 13's comes first (our reading).

    laws: 11, 13
    pre: all(0 <= m <= SUIT_MASK for m in elder_dealt + younger_dealt)
    pre: all(0 <= c < PACK_SIZE for c in stock + exposed)
    post: (CARD_EXPOSED in __return__) == any(c in cards_of(elder_dealt) or c in stock for c in exposed)
    post: (WRONG_NUMBER in __return__) == (deal_shape(len(cards_of(elder_dealt)), len(cards_of(younger_dealt)), len(stock), RS) == "wrong-number")
    post: set(__return__) <= {CARD_EXPOSED, WRONG_NUMBER} and len(set(__return__)) == len(__return__)
    post: __return__[:1] == (CARD_EXPOSED,) or CARD_EXPOSED not in __return__
    """
    return deal_options((elder_dealt, younger_dealt), stock, exposed, RS)
