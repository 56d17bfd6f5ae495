"""Copies of rule functions with their contracts, each with one planted mutation (named in its docstring).

Never imported by the package; only `crosshair check` reads this module (see tests/test_crosshair.py).
"""

from __future__ import annotations

from typing import Sequence

from piquet_ref.hand.cards import BITS_PER_SUIT, PACK_SIZE, SUIT_MASK, Hand, bit_of, suit_of
from verification.contracts.core import ACC, POINT_VARIANTS, RS, TRICKS
from piquet_ref.hand.exchange import _limits
from verification.contracts.laws import EX, HAND, PACK, STOCK
from piquet_ref.rules.ruleset import CATEGORIES, PLAYERS, Bonus
from piquet_ref.hand.suit import POINT_SHIFT, point_score
from piquet_ref.deal.accretion import bonus_step


def runs_off_by_one(mask: int, min_length: int) -> tuple[tuple[int, int], ...]:
    """`suit.runs` with `n >= min_length` mutated to `n > min_length`: a run of exactly the minimum is lost.

    pre: 0 <= mask <= SUIT_MASK
    pre: 1 <= min_length <= BITS_PER_SUIT
    post: all(any(top - n < lo and lo + min_length - 1 <= top for n, top in __return__) for lo in range(BITS_PER_SUIT - min_length + 1) if all(mask >> b & 1 for b in range(lo, lo + min_length)))
    """
    out = []
    bit = BITS_PER_SUIT - 1
    while bit >= 0:
        if mask >> bit & 1:
            top = bit
            while bit >= 0 and mask >> bit & 1:
                bit -= 1
            n = top - bit
            if n > min_length:
                out.append((n, top))
        else:
            bit -= 1
    return tuple(out)


def run_mask_shifted(length_: int, top: int) -> int:
    """`suit.run_mask` with the shift `top - length_ + 1` mutated to `top - length_`: the run sits one rank low.

    pre: 1 <= length_ <= top + 1 <= BITS_PER_SUIT
    post: all(__return__ >> b & 1 for b in range(top - length_ + 1, top + 1))
    """
    return ((1 << length_) - 1) << max(top - length_, 0)


def beats_any_suit(lead: int, follow: int) -> bool:
    """`play.beats` with the same-suit test dropped: a higher card of another suit wins.

    pre: 0 <= lead < PACK_SIZE and 0 <= follow < PACK_SIZE and lead != follow
    post: __return__ == (suit_of(follow) == suit_of(lead) and bit_of(follow) > bit_of(lead))
    """
    return follow > lead


def fault_never_out_of_turn(leader_hand: Sequence[int], follower_hand: Sequence[int], lead: int, follow: int) -> str | None:
    """`play.trick_fault` with the out-of-turn test dropped: a card of the follower's led is reported as not held.

    pre: len(leader_hand) == len(follower_hand) == len(Hand._fields)
    pre: all(0 <= m <= SUIT_MASK for m in leader_hand) and all(0 <= m <= SUIT_MASK for m in follower_hand)
    pre: all(a & b == 0 for a, b in zip(leader_hand, follower_hand))
    pre: 0 <= lead < PACK_SIZE and 0 <= follow < PACK_SIZE and lead != follow
    post: __return__ not in ("out-of-turn", "lead-not-held") or (__return__ == "out-of-turn") == bool(follower_hand[suit_of(lead)] >> bit_of(lead) & 1)
    """
    if not leader_hand[lead >> 3] >> (lead & 7) & 1:
        return "lead-not-held"
    if not follower_hand[follow >> 3] >> (follow & 7) & 1:
        return "follow-not-held"
    if follow >> 3 != lead >> 3 and follower_hand[lead >> 3]:
        return "revoke"
    return None


def trick_without_follow_suit(leader_hand: Sequence[int], follower_hand: Sequence[int], lead: int, follow: int) -> bool:
    """`play.trick_is_legal` with the follow-suit test dropped: a revoke is legal.

    pre: len(leader_hand) == len(follower_hand) == len(Hand._fields)
    pre: all(0 <= m <= SUIT_MASK for m in leader_hand) and all(0 <= m <= SUIT_MASK for m in follower_hand)
    pre: 0 <= lead < PACK_SIZE and 0 <= follow < PACK_SIZE
    post: not __return__ or suit_of(follow) == suit_of(lead) or follower_hand[suit_of(lead)] == 0
    """
    suit = lead >> 3
    return bool(leader_hand[suit] >> (lead & 7) & 1 and follower_hand[follow >> 3] >> (follow & 7) & 1)


def cards_one_trick_late(won: int) -> tuple[int, int]:
    """`contracts.cards_and_capot` with `won >= min_tricks` mutated to `won > min_tricks`: seven tricks lose the cards.

    pre: 0 <= won <= TRICKS
    post: (__return__[0] > 0) == (2 * won > TRICKS)
    """
    cards = RS.cards.points if won > RS.cards.min_tricks else 0
    return cards, RS.cards.capot_points if won == TRICKS else 0


def bonus_one_point_early(first: int, repique_total: int, pique_total: int, player: int, category: int, points: int) -> tuple[tuple[int, int, int] | None, tuple[Bonus, ...]]:
    """`contracts.bonus_after` with the repique total handed on one too high: a repique one point short of thirty.

    pre: first in (-1, 0, 1) and player in (0, 1) and 0 <= category < len(CATEGORIES)
    pre: 0 <= repique_total < ACC.repique.threshold - 1 and 0 <= pique_total < ACC.pique.threshold
    pre: first >= 0 or (repique_total == 0 and pique_total == 0)
    pre: 0 <= points <= ACC.repique.threshold + ACC.pique.threshold
    post: "repique" not in __return__[1] or repique_total + points >= ACC.repique.threshold
    """
    return bonus_step((first, repique_total + 1, pique_total), player, CATEGORIES[category], points, ACC)


def younger_one_card_short(player: int, elder_discarded: int) -> tuple[int, int]:
    """`contracts.discard_range` with the elder's discard counted one too many: the younger may not take the last card.

    pre: player in (0, 1)
    pre: RS.exchange.elder_min <= elder_discarded <= RS.exchange.elder_max
    post: player != 1 or __return__[1] == RS.pack.stock_size - elder_discarded
    """
    return _limits(PLAYERS[player], elder_discarded + 1, RS)


def point_last_digit_ignored(variant: int, length_: int, pip_total: int) -> int:
    """`contracts.point_scored` with the ruleset's `less_if_ends_in` dropped: a bug only a ruleset other than the default shows.

    pre: 0 <= variant < len(POINT_VARIANTS) and 1 <= length_ <= BITS_PER_SUIT and 0 <= pip_total < 1 << POINT_SHIFT
    post: POINT_VARIANTS[variant].point.less_if_ends_in is None or POINT_VARIANTS[variant].point.pips_per_point is not None or __return__ == max(length_ * POINT_VARIANTS[variant].point.per_card - (pip_total % 10 == POINT_VARIANTS[variant].point.less_if_ends_in), 0)
    """
    pr = POINT_VARIANTS[variant].point
    return point_score(length_, pip_total, pr.per_card, pr.pips_per_point, None)


def tens_round_up_from_seven(points: int) -> int:
    """`partie.tens` with `>= up` mutated to `> up`: a unit of six is dropped instead of adding a ten.

    pre: points >= 0
    post: RS.chouette.unit * __return__ - (RS.chouette.unit - RS.chouette.round_up_from) <= points < RS.chouette.unit * __return__ + RS.chouette.round_up_from
    """
    unit, up = RS.chouette.unit, RS.chouette.round_up_from
    return points // unit + (1 if points % unit > up else 0)


def shape_stock_of_eight_void(elder: int, younger: int, stock: int) -> str:
    """`misdeal.deal_shape` (as `law_contracts.shape_of`) with `stock <= full` mutated to `stock < full`: a card astray between the hands voids the deal.

    pre: 0 <= elder <= PACK and 0 <= younger <= PACK and 0 <= stock <= PACK
    post: __return__ != "misdeal" or stock > STOCK or abs(elder - HAND) + abs(younger - HAND) + abs(stock - STOCK) >= 4
    """
    hand, full = HAND, STOCK
    if elder + younger + stock != 2 * hand + full:
        return "not-the-pack"
    if (elder, younger, stock) == (hand, hand, full):
        return "regular"
    astray = (abs(elder - hand) + abs(younger - hand) + abs(stock - full)) // 2
    return "wrong-number" if astray == 1 and stock < full else "misdeal"


def unannounced_portion_kept_whole(stock: int) -> int:
    """`misdeal.unannounced_portion` (as `law_contracts.portion_unannounced`) with `min` mutated to `max`: the elder who did not announce keeps his five of a stock of seven.

    pre: stock in (STOCK - 1, STOCK)
    post: stock - __return__ >= STOCK - EX.elder_max
    """
    return max(EX.elder_max, stock - (STOCK - EX.elder_max))


def look_window_after_the_first_trick(left: bool, moment: int, tricks: int, election: int, mixed: bool) -> bool:
    """`left_cards.election_open` (as `law_contracts.look_window`) with `tricks == 0` mutated to `tricks >= 0`: the younger may first elect to look at a later trick.

    pre: moment in (0, 1, 2) and tricks >= 0 and election in (-1, 0, 1)
    post: not __return__ or (moment == 2 and tricks == 0)
    """
    return left and not mixed and election == -1 and tricks >= 0 and moment == 2
