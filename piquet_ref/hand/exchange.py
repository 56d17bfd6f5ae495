"""The exchange: how many cards each player may discard, and the hands after taking in."""

from __future__ import annotations

from typing import NoReturn

from piquet_ref.hand.cards import PACK_SIZE, Card, Hand, cards_of, check_cards, check_distinct, check_hand, format_card, hand_of_pack, pack_if_held, pack_of, pack_of_hand, size
from piquet_ref.rules.errors import PiquetError as PiquetError  # named by a `raises:` line
from piquet_ref.rules.codes import error
from piquet_ref.rules.loader import ruleset_of
from piquet_ref.rules.ruleset import Player, Ruleset, check_player
from piquet_ref.rules.errors import shown


def discard_limits(player: Player, elder_discarded: int, ruleset: Ruleset | str | None = None) -> tuple[int, int]:
    """(least, most) cards `player` may discard; the younger's most depends on what the elder took."""
    rs = ruleset_of(ruleset)
    check_player(player)
    if type(elder_discarded) is not int or not 0 <= elder_discarded <= rs.pack.stock_size:
        raise error("argument-invalid", f"elder_discarded must be a count 0..{rs.pack.stock_size}, got {shown(elder_discarded)}")
    return _limits(player, elder_discarded, rs)


def _limits(player: Player, elder_discarded: int, ruleset: Ruleset) -> tuple[int, int]:
    ex = ruleset.exchange
    if player == "elder":
        return ex.elder_min, ex.elder_max
    remaining = ruleset.pack.stock_size - elder_discarded
    most = remaining if ex.younger_max is None else min(ex.younger_max, remaining)
    return ex.younger_min, most


def check_discard(
    player: Player, dealt: Hand, discard: tuple[Card, ...], elder_discarded: int, ruleset: Ruleset | str | None = None,
    limits: tuple[int, int] | None = None,
) -> None:
    """Raise unless `discard` is distinct cards of the dealt hand, in a number the laws allow (`limits`, when
    given, for a deal of the wrong number of cards).

    Accepted only when the discard is distinct cards of the hand dealt to the player, as many as his limits
    allow: the elder from his least to his most, the younger from his least to his most, which is no more
    than the stock holds once the elder has taken in (the refusals themselves: `play_contracts.discard_refused`).

    rules: exchange.elder-limits, exchange.younger-limits
    raises: PiquetError
    post: len(set(discard)) == len(discard) and set(discard) <= set(cards_of(dealt))
    post: limits is None or limits[0] <= len(discard) <= limits[1]
    post: elders_discard_within_the_rulesets_limits(player, discard, ruleset, limits)
    post: youngers_discard_within_the_rulesets_limits(player, discard, elder_discarded, ruleset, limits)
    """
    rs = ruleset_of(ruleset)
    discard_limits(player, elder_discarded, rs)  # checks the player and the count
    dealt = check_hand(dealt, f"{player}.dealt")
    _discard_pack(player, pack_of_hand(dealt), check_cards(discard, f"{player}.discard"), elder_discarded, rs, limits)


def elders_discard_within_the_rulesets_limits(
    player: Player, discard: tuple[Card, ...], ruleset: Ruleset | str | None, limits: tuple[int, int] | None,
) -> bool:
    """Unless a deal of the wrong number sets the limits, the elder discards from his least to his most (rule
    exchange.elder-limits)."""
    return limits is not None or player != "elder" or (
        ruleset_of(ruleset).exchange.elder_min <= len(discard) <= ruleset_of(ruleset).exchange.elder_max
    )


def youngers_discard_within_the_rulesets_limits(
    player: Player, discard: tuple[Card, ...], elder_discarded: int, ruleset: Ruleset | str | None,
    limits: tuple[int, int] | None,
) -> bool:
    """Unless a deal of the wrong number sets the limits, the younger discards from his least to his most, and
    no more than the elder left in the stock (rule exchange.younger-limits)."""
    return limits is not None or player != "younger" or (
        ruleset_of(ruleset).exchange.younger_min
        <= len(discard)
        <= min(ruleset_of(ruleset).pack.stock_size - elder_discarded,
               ruleset_of(ruleset).exchange.younger_max or PACK_SIZE)
    )


def _discard_pack(
    player: Player, dealt_pack: int, discard: tuple[Card, ...], elder_discarded: int, ruleset: Ruleset,
    limits: tuple[int, int] | None = None,
) -> int:
    """The checked discard of the dealt hand `dealt_pack`, packed (see `cards.pack_of`); `limits` (least, most)
    replace the ruleset's for a deal of the wrong number of cards (`misdeal.discard_bounds`)."""
    given = pack_if_held(discard, dealt_pack)
    if given is None:
        _check_cards(player, hand_of_pack(dealt_pack), discard, ruleset)
    least, most = _limits(player, elder_discarded, ruleset) if limits is None else limits
    if not least <= len(discard) <= most:
        code = "exchange-elder-count" if player == "elder" else "exchange-younger-count"
        raise error(code, f"{player}.discard: {len(discard)} cards discarded; the {player} must exchange {least} to {most}")
    return given


def _check_cards(player: Player, dealt: Hand, discard: tuple[Card, ...], ruleset: Ruleset) -> NoReturn:
    """Raise naming the first card of `discard` given twice or not dealt to the player (`cards.pack_if_held` found
    one)."""
    seen = set()
    for card in discard:
        if card in seen:
            raise error("card-duplicate", f"{player}.discard: {format_card(card, ruleset)} is discarded twice")
        seen.add(card)
        if not dealt[card >> 3] >> (card & 7) & 1:
            raise error(
                "exchange-discard-not-held",
                f"{player}.discard: {format_card(card, ruleset)} is not in the hand dealt to the {player}",
            )
    raise AssertionError(f"{player}.discard: no card given twice or not dealt")  # unreachable: the caller found one


def exchange(
    elder_dealt: Hand,
    younger_dealt: Hand,
    elder_discard: tuple[Card, ...],
    younger_discard: tuple[Card, ...],
    stock: tuple[Card, ...],
    ruleset: Ruleset | str | None = None,
) -> tuple[Hand, Hand]:
    """Check both discards and return the hands after each takes from the top of the stock, elder first.

    Each player's hand after the exchange is his dealt hand less his discard with as many cards taken in, in
    order off the top of the stock: the elder's first, then the younger's from where the elder stopped, so
    that the younger takes only what the elder left; each discard within its limits.

    rules: exchange.take-from-top, exchange.elder-limits, exchange.younger-limits
    raises: PiquetError
    post: elders_hand_after_the_exchange(elder_dealt, elder_discard, stock, __return__)
    post: youngers_hand_after_the_exchange(younger_dealt, elder_discard, younger_discard, stock, __return__)
    post: len(elder_discard) + len(younger_discard) <= len(tuple(stock))
    post: ruleset_of(ruleset).exchange.elder_min <= len(elder_discard) <= ruleset_of(ruleset).exchange.elder_max
    post: youngers_discard_within_his_limits(younger_discard, ruleset)
    """
    rs = ruleset_of(ruleset)
    elder_dealt, younger_dealt, stock = check_deal(elder_dealt, younger_dealt, stock, rs)
    e_out, y_out = check_cards(elder_discard, "elder.discard"), check_cards(younger_discard, "younger.discard")
    return deal_exchange(elder_dealt, younger_dealt, e_out, y_out, stock, rs)


def elders_hand_after_the_exchange(
    elder_dealt: Hand, elder_discard: tuple[Card, ...], stock: tuple[Card, ...], result: tuple[Hand, Hand],
) -> bool:
    """The elder's hand after the exchange is his dealt hand less his discard, with as many cards taken in off
    the top of the stock (rule exchange.take-from-top)."""
    taken = set(tuple(stock)[: len(elder_discard)])
    return set(cards_of(result[0])) == set(cards_of(elder_dealt)) - set(elder_discard) | taken


def youngers_hand_after_the_exchange(
    younger_dealt: Hand, elder_discard: tuple[Card, ...], younger_discard: tuple[Card, ...], stock: tuple[Card, ...],
    result: tuple[Hand, Hand],
) -> bool:
    """The younger's hand after the exchange is his dealt hand less his discard, with as many cards taken in from
    where the elder stopped (rule exchange.take-from-top)."""
    taken = set(tuple(stock)[len(elder_discard) :][: len(younger_discard)])
    return set(cards_of(result[1])) == set(cards_of(younger_dealt)) - set(younger_discard) | taken


def youngers_discard_within_his_limits(younger_discard: tuple[Card, ...], ruleset: Ruleset | str | None) -> bool:
    """The younger discards from his least to his most (rule exchange.younger-limits)."""
    return (
        ruleset_of(ruleset).exchange.younger_min
        <= len(younger_discard)
        <= (ruleset_of(ruleset).exchange.younger_max or PACK_SIZE)
    )


def check_deal(elder_dealt: Hand, younger_dealt: Hand, stock: tuple[Card, ...], rs: Ruleset) -> tuple[Hand, Hand, tuple[Card, ...]]:
    """The dealt hands and stock, checked: hands and stock of the ruleset's sizes, every card distinct.

    Returned only for a deal of the ruleset's sizes (twelve cards each and the rest in the stock, by default),
    each card once; the cards as given (the refusals themselves: `play_contracts.deal_check_refused`).

    rules: deal.sizes, pack.cards
    laws: 9, 75
    raises: PiquetError
    post: __return__ == (tuple(elder_dealt), tuple(younger_dealt), tuple(stock))
    post: hands_and_stock_of_the_rulesets_sizes(rs, __return__)
    post: every_card_dealt_once(rs, __return__)
    """
    elder_dealt, younger_dealt = check_hand(elder_dealt, "elder.dealt"), check_hand(younger_dealt, "younger.dealt")
    stock = check_cards(stock, "stock")
    for who, hand in (("elder", elder_dealt), ("younger", younger_dealt)):
        if size(hand) != rs.pack.hand_size:
            raise error("deal-hand-size", f"{who}.dealt has {size(hand)} cards; each player is dealt {rs.pack.hand_size}")
    if len(stock) != rs.pack.stock_size:
        raise error("deal-stock-size", f"stock has {len(stock)} cards; the stock is {rs.pack.stock_size}")
    check_distinct([("elder.dealt", cards_of(elder_dealt)), ("younger.dealt", cards_of(younger_dealt)), ("stock", stock)], rs)
    return elder_dealt, younger_dealt, stock


def hands_and_stock_of_the_rulesets_sizes(rs: Ruleset, result: tuple[Hand, Hand, tuple[Card, ...]]) -> bool:
    """Each player is dealt the ruleset's hand and the rest makes the stock (rule deal.sizes; laws 9, 75)."""
    return (
        len(cards_of(result[0])) == len(cards_of(result[1])) == rs.pack.hand_size
        and len(result[2]) == rs.pack.stock_size
    )


def every_card_dealt_once(rs: Ruleset, result: tuple[Hand, Hand, tuple[Card, ...]]) -> bool:
    """No card is in two places of the deal: the hands and the stock hold every card of the pack once (rule
    pack.cards; laws 9, 75)."""
    return len(set(cards_of(result[0]) + cards_of(result[1]) + result[2])) == 2 * rs.pack.hand_size + rs.pack.stock_size


def deal_exchange(
    elder_dealt: Hand,
    younger_dealt: Hand,
    elder_discard: tuple[Card, ...],
    younger_discard: tuple[Card, ...],
    stock: tuple[Card, ...],
    rs: Ruleset,
) -> tuple[Hand, Hand]:
    """`exchange` on a deal the scorer has already checked (hands, stock and card numbers).

    The elder's discard within his limits, the younger's within his given what the elder left; each takes in
    as many cards as he discards, in order off the top of the stock, the younger from where the elder stopped.

    rules: exchange.take-from-top, exchange.elder-limits, exchange.younger-limits
    laws: 21, 22
    raises: PiquetError
    post: rs.exchange.elder_min <= len(elder_discard) <= rs.exchange.elder_max
    post: youngers_discard_within_what_the_elder_left(elder_discard, younger_discard, stock, rs)
    post: elder_takes_in_off_the_top(elder_dealt, elder_discard, stock, __return__)
    post: younger_takes_in_where_the_elder_stopped(younger_dealt, elder_discard, younger_discard, stock, __return__)
    post: size(__return__[0]) == size(elder_dealt) and size(__return__[1]) == size(younger_dealt)
    """
    elder, younger = exchanged_packs(pack_of_hand(elder_dealt), pack_of_hand(younger_dealt), elder_discard, younger_discard, stock, rs)
    return hand_of_pack(elder), hand_of_pack(younger)


def exchanged_packs(
    elder_dealt: int, younger_dealt: int, elder_discard: tuple[Card, ...], younger_discard: tuple[Card, ...],
    stock: tuple[Card, ...], rs: Ruleset,
) -> tuple[int, int]:
    """`deal_exchange` of dealt hands packed as ints (`cards.pack_of`), as the scorer holds them: the elder's and
    the younger's hands after the exchange, packed.

    rules: exchange.take-from-top, exchange.elder-limits, exchange.younger-limits
    laws: 21, 22
    raises: PiquetError
    pre: 0 <= elder_dealt < 1 << PACK_SIZE and 0 <= younger_dealt < 1 << PACK_SIZE
    post: rs.exchange.elder_min <= len(elder_discard) <= rs.exchange.elder_max
    post: youngers_discard_within_what_the_elder_left(elder_discard, younger_discard, stock, rs)
    post: elder_takes_in_off_the_top(hand_of_pack(elder_dealt), elder_discard, stock, (hand_of_pack(__return__[0]), hand_of_pack(__return__[1])))
    post: younger_takes_in_where_the_elder_stopped(hand_of_pack(younger_dealt), elder_discard, younger_discard, stock, (hand_of_pack(__return__[0]), hand_of_pack(__return__[1])))
    """
    e_out = _discard_pack("elder", elder_dealt, elder_discard, 0, rs)
    y_out = _discard_pack("younger", younger_dealt, younger_discard, len(elder_discard), rs)
    k = len(elder_discard)
    return elder_dealt & ~e_out | pack_of(stock[:k]), younger_dealt & ~y_out | pack_of(stock[k : k + len(younger_discard)])


def youngers_discard_within_what_the_elder_left(
    elder_discard: tuple[Card, ...], younger_discard: tuple[Card, ...], stock: tuple[Card, ...], rs: Ruleset,
) -> bool:
    """The younger discards from his least to his most, and no more than the cards the elder left in the stock
    (rule exchange.younger-limits; law 22)."""
    return (
        rs.exchange.younger_min
        <= len(younger_discard)
        <= min(len(stock) - len(elder_discard), rs.exchange.younger_max or PACK_SIZE)
    )


def elder_takes_in_off_the_top(
    elder_dealt: Hand, elder_discard: tuple[Card, ...], stock: tuple[Card, ...], result: tuple[Hand, Hand],
) -> bool:
    """The elder's hand is his dealt hand less his discard, with as many cards taken in off the top of the stock
    (rule exchange.take-from-top; law 21)."""
    taken = set(stock[: len(elder_discard)])
    return set(cards_of(result[0])) == set(cards_of(elder_dealt)) - set(elder_discard) | taken


def younger_takes_in_where_the_elder_stopped(
    younger_dealt: Hand, elder_discard: tuple[Card, ...], younger_discard: tuple[Card, ...], stock: tuple[Card, ...],
    result: tuple[Hand, Hand],
) -> bool:
    """The younger's hand is his dealt hand less his discard, with as many cards taken in from where the elder
    stopped (rule exchange.take-from-top; law 22)."""
    taken = set(stock[len(elder_discard) : len(elder_discard) + len(younger_discard)])
    return set(cards_of(result[1])) == set(cards_of(younger_dealt)) - set(younger_discard) | taken
