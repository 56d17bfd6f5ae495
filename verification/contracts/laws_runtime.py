"""Plain-value entry points to the deciders of the laws' state machine that CrossHair cannot search within
its budget, carrying the laws as contracts checked at run time.

Written as in `law_contracts` (the default ruleset fixed, a player as a number, the laws of 1882 on a
`laws:` line), but these deciders read spec/laws.yaml through `laws.law_of` or spec/errors.yaml through
`codes.error` (whose caches CrossHair bypasses, so that every path loads the file again) or a hand's size
through functions with contracts of their own, and no path of theirs finishes within CrossHair's per-path
budget. Their domains are finite:
tests/test_law_contracts.py evaluates every condition, read from the docstrings as CrossHair reads them, on
every input the preconditions admit (on Hypothesis hands and deals for those that take hands, which are too many).
Law numbers in the conditions are read from spec/laws.yaml through the situation the machine applies.
"""

from __future__ import annotations

from typing import Callable

from piquet_ref.hand.cards import PACK_SIZE, SUIT_MASK, Hand, bit_of, cards_of, hand_of_pack, suit_of
from piquet_ref.deal.counts import Position
from piquet_ref.hand.declarations import DECL_CATEGORIES
from piquet_ref.rules.laws import ELECTIONS as ELECTION_NAMES
from piquet_ref.rules.laws import law_of, laws
from piquet_ref.rules.loader import default_ruleset
from piquet_ref.deal.irregular.misdeal import check_dealt, deal_options, deal_shape, excess, exposed_option, size_error
from piquet_ref.rules.errors import PiquetError as PiquetError  # named by a `raises:` line
from piquet_ref.machine.left_cards import check_mix, check_see_discard, check_see_left
from piquet_ref.deal.accretion import tricks_for_the_cards
from piquet_ref.deal.irregular.penalties import unplayable_credit
from piquet_ref.deal.irregular.penalties import available, check_first_take, check_take, election_law, elections, offence, reckons_nothing, tricks_to_play
from piquet_ref.machine.revokes import Revoked, check_retake, revoke_cards
from piquet_ref.machine.showing import check_show
from piquet_ref.rules.ruleset import PLAYERS

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
LEFT = tuple(range(STOCK))  # cards left in the stock: the refusals read only whether there are any
START = Position(EMPTY, EMPTY, "elder", None)
NOT_BOOL = "yes"  # a JSON value where true or false is wanted


def refusal(check: Callable[[], object]) -> str:
    """The code of the typed error `check` raises; "" when it accepts."""
    try:
        check()
    except PiquetError as exc:
        return exc.code
    return ""


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

def first_take_checked(take: int, discarded: int, shift: int, most: int) -> int:
    """`penalties.check_first_take`: the younger's take before the elder's exchange, `most` being the elder's
    portion less what he said he leaves, after laying out `discarded`, dealt `HAND + shift` cards.

    The younger taking in first takes cards of the elder's portion, no more than the elder has not said he
    leaves, and no more than he lays out (reading exchange.younger-first); any other count is refused with
    `exchange-take-count`. (Taking none is refused by the machine as an exchange out of turn.)

    laws: 29
    pre: shift in (-1, 0, 1) and 0 <= discarded <= HAND + shift and 0 <= most <= EX.elder_max
    raises: PiquetError
    post: __return__ == take
    post: 0 <= __return__ <= most and __return__ <= discarded - shift
    """
    return check_first_take(take, discarded, shift, most)


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
    """`accretion.tricks_for_the_cards` with `penalties.unplayable_credit`, at the end of a deal with hands of these sizes in which the elder won
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
    played = tricks_to_play(hands, RS)
    return tricks_for_the_cards((elder_won, played - elder_won), unplayable_credit(hands, RS), RS)


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


def mix_refused(player: int, left: int, mixed: bool, elder_looked: bool) -> str:
    """`left_cards.check_mix`: the error (its code, "" for none) when `PLAYERS[player]` mixes the `left`
    cards left in the stock with his discard unshown, they being `mixed` already or not, the elder having
    looked at them or not.

    Only the younger mixes them, once, and not after the elder has seen them (law 37); with no card left
    there is nothing to mix, whoever tries.

    laws: 37
    pre: player in (0, 1) and 0 <= left <= STOCK
    post: (__return__ == "") == (player == 1 and left > 0 and not mixed and not elder_looked)
    post: (__return__ == "left-cards-none") == (left == 0)
    post: __return__ in ("", "left-cards-none", "left-cards-mix-invalid")
    """
    return refusal(lambda: check_mix(PLAYERS[player], LEFT[:left], mixed, elder_looked))


def see_discard_refused(player: int, mixed: bool, led: bool, seen: bool) -> str:
    """`left_cards.check_see_discard`: the error when `PLAYERS[player]` asks to see his adversary's discard,
    cards left having been `mixed` into it unshown or not, the elder having `led` or not and `seen` it or not.

    Only the elder may, once, after leading, and only when the younger mixed cards left into it unshown (law 37).

    laws: 37
    pre: player in (0, 1)
    post: (__return__ == "") == (player == 0 and mixed and led and not seen)
    post: __return__ in ("", "discard-not-open")
    """
    return refusal(lambda: check_see_discard(PLAYERS[player], mixed, led, seen))


def see_left_refused(player: int, look: int, left: int, open_: bool, election: int, elder_looked: bool) -> str:
    """`left_cards.check_see_left`: the error when `PLAYERS[player]` says `look` (1 yes, 0 no, -1 not a
    boolean) about the `left` cards left, the younger's window being `open_`, his election `election`
    (-1 none yet, 0 declined, 1 looked), the elder having looked or not.

    The younger says once, in his window, whether he looks (law 36); the elder may then look, once, and only
    if the younger looked (law 36); with no card left there is nothing to look at; an answer that is not yes
    or no is no answer.

    laws: 36
    pre: player in (0, 1) and look in (-1, 0, 1) and 0 <= left <= STOCK and election in (-1, 0, 1)
    post: look != -1 or __return__ == "argument-invalid"
    post: look == -1 or left > 0 or __return__ == "left-cards-none"
    post: look == -1 or left == 0 or player != 1 or (__return__ == "") == open_
    post: look == -1 or left == 0 or player != 0 or (__return__ == "") == (look == 1 and election == 1 and not elder_looked)
    post: __return__ in ("", "argument-invalid", "left-cards-none", "left-cards-window")
    """
    answer = NOT_BOOL if look == -1 else look == 1
    return refusal(lambda: check_see_left(PLAYERS[player], answer, LEFT[:left], open_, None if election == -1 else election == 1, elder_looked))


def retake_refused(standing: int, player: int) -> str:
    """`revokes.check_retake`: the error when `PLAYERS[player]` takes back cards played, the first revoke
    standing being `PLAYERS[standing]`'s (-1: none stands).

    A card played stays played (law 59); only the player whose revoke stands retakes (law 59 IV).

    laws: 59
    pre: standing in (-1, 0, 1) and player in (0, 1)
    post: (__return__ == "") == (standing == player)
    post: __return__ in ("", "play-retake-not-open")
    """
    revoke = None if standing == -1 else Revoked(PLAYERS[standing], START, 0)
    return refusal(lambda: check_retake(revoke, PLAYERS[player]))


def show_refused(category: int, shower: int, asked: bool, open_: int, elder_has_led: bool) -> str:
    """`showing.check_show`: the error when `PLAYERS[shower]` shows (asked for it or not) his call of
    `DECL_CATEGORIES[category]` (-1: a name that is no category), the categories of his calls allowed good
    or equal and not yet shown being the bits of `open_`, the elder having led or not.

    Only a call allowed good or equal is shown, once (law 55); the elder shows whenever asked, the younger
    only once the elder has led (law 55); he may always show of his own accord.

    laws: 55
    pre: -1 <= category < len(DECL_CATEGORIES) and shower in (0, 1) and 0 <= open_ < 1 << len(DECL_CATEGORIES)
    post: (__return__ == "show-nothing-allowed") == (category == -1 or not open_ >> category & 1)
    post: __return__ == "show-nothing-allowed" or (__return__ == "") == (not asked or shower == 0 or elder_has_led)
    post: __return__ in ("", "show-nothing-allowed", "show-too-early")
    """
    shown = tuple(c for i, c in enumerate(DECL_CATEGORIES) if open_ >> i & 1)
    name = NOT_BOOL if category == -1 else DECL_CATEGORIES[category]
    return refusal(lambda: check_show(name, PLAYERS[shower], asked, shown, elder_has_led))


def deal_refused(elder: int, younger: int, stock: int, overlap: bool) -> str:
    """`misdeal.check_dealt`: the error when the elder is dealt `elder` cards, the younger `younger` and the
    stock holds `stock`, dealt in turn round the pack (so past thirty-two cards they repeat), and, if
    `overlap`, the stock's last card being the elder's first.

    A deal is the whole pack, each card once: any other count of cards is no deal of this game (law 9),
    the hands named before the stock; a card twice is an incorrect pack (law 75). A wrong number dealt of
    the whole pack is a deal (laws 11, 12 decide it).

    laws: 9, 75
    pre: 0 <= elder <= PACK_SIZE and 0 <= younger <= PACK_SIZE and 0 <= stock <= PACK_SIZE
    pre: not overlap or (elder > 0 and stock > 0)
    post: (__return__ in ("deal-hand-size", "deal-stock-size")) == (elder + younger + stock != PACK_SIZE)
    post: __return__ != "deal-stock-size" or (elder == HAND and younger == HAND)
    post: __return__ != "deal-hand-size" or elder != HAND or younger != HAND
    post: (__return__ == "card-duplicate") == (elder + younger + stock == PACK_SIZE and overlap)
    post: __return__ in ("", "deal-hand-size", "deal-stock-size", "card-duplicate")
    """
    dealt = [c % PACK_SIZE for c in range(elder + younger + stock)]
    hands = (hand_of_pack(sum(1 << c for c in dealt[:elder])), hand_of_pack(sum(1 << c for c in dealt[elder : elder + younger])))
    rest = tuple(dealt[elder + younger :])
    if overlap:
        rest = rest[:-1] + (dealt[0],)
    return refusal(lambda: check_dealt(*hands, rest, RS))


def elections_offered(number: int) -> tuple[str, ...]:
    """`penalties.elections`: what the innocent player may elect under law `number`.

    Only a law on an irregularity or its penalty gives a choice, and a choice has two ways at least: a
    fresh deal or letting the deal stand (laws 11, 13); a penalty enforced or waived (law 44), the two
    always together; a fresh deal instead of a penalty (laws 28, 29).

    laws: 11, 13, 28, 29, 44
    pre: number in LAWS
    post: all(e in ELECTION_NAMES for e in __return__) and len(set(__return__)) == len(__return__)
    post: not __return__ or (LAWS[number].kind in ("irregularity", "penalty") and len(__return__) >= 2)
    post: ("enforce" in __return__) == ("waive" in __return__) == (LAWS[number].kind == "penalty" and bool(__return__))
    post: "stand" not in __return__ or "fresh_deal" in __return__
    """
    return tuple(elections(number))


def size_refused(elder: int, younger: int, stock: int) -> tuple[str, str]:
    """`misdeal.size_error`: (code, message) of the error for a deal of `elder`, `younger` and `stock` cards
    that is no deal of the whole pack (law 9): a hand of the wrong size named before the stock, the elder's
    before the younger's, the message opening with the part dealt wrong and naming its count.

    laws: 9
    pre: 0 <= elder <= PACK_SIZE and 0 <= younger <= PACK_SIZE and 0 <= stock <= PACK_SIZE
    pre: (elder, younger, stock) != (HAND, HAND, STOCK)
    post: __return__[0] == ("deal-hand-size" if elder != HAND or younger != HAND else "deal-stock-size")
    post: __return__[1].split()[0] == ("elder.dealt" if elder != HAND else "younger.dealt" if younger != HAND else "stock")
    post: str(elder if elder != HAND else younger if younger != HAND else stock) in __return__[1].split()
    """
    err = size_error(elder, younger, stock, RS)
    return err.code, err.message


def excess_of(size: int) -> int:
    """`misdeal.excess`: the cards a hand of `size` holds over the twelve dealt each player (law 11):
    positive when dealt too many, negative when too few, nothing for a regular hand.

    laws: 11
    pre: 0 <= size <= PACK_SIZE
    post: size - __return__ == HAND
    post: (__return__ > 0) == (size > HAND) and (__return__ < 0) == (size < HAND)
    """
    return excess(hand_of_pack((1 << size) - 1), RS)
