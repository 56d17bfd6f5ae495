"""What stands in place of a proof for the postconditions CrossHair searches without confirming them.

CrossHair confirms most postconditions of the contract-bearing modules over all paths; for the others it reports no
counterexample within its budget, which is a search, not a proof. For each function with such a postcondition, one
of:

- `DOMAINS`: its conditions evaluated on every input of a finite domain (`tests/test_contract_domains.py`), either
  every input its preconditions admit (a proof of the function as written), or a domain restated smaller, when the
  inputs are unbounded, with the reason that domain stands for the rest;
- `LONGER_SEARCH`: CrossHair again, with a longer budget per condition and per path than the CI's, on the functions
  whose paths are few but long to solve (`python -m verification.report --longer` records it; the report counts a
  postcondition it confirms as confirmed);
- `BOUNDED`: why no proof is given: the domain is too large to list and CrossHair does not confirm it within its
  budget; what is checked instead is named there.

`tests/test_contract_domains.py` requires every postcondition the recorded CrossHair run does not confirm to be
on a function of one or the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any, Callable, Iterable

from piquet_ref.hand.cards import BITS_PER_SUIT, PACK_SIZE, SUIT_MASK
from piquet_ref.hand.suit import POINT_SHIFT
from piquet_ref.rules.ruleset import CATEGORIES
from verification.contracts.core import ACCRETION_VARIANTS, RULESETS, SEQUENCE_VARIANTS

Inputs = Callable[[], Iterable[tuple[Any, ...]]]


@dataclass(frozen=True)
class Domain:
    """A finite domain on which a function's conditions are all evaluated."""

    module: str
    function: str
    what: str  # the domain in words, and for a restated one why it stands for every input
    complete: bool  # every input the preconditions admit (True), or a domain restated smaller (False)
    inputs: Inputs  # a box holding the domain: the preconditions pick the inputs evaluated
    admitted: int  # how many inputs of the box the preconditions admit, derived from the domain's definition
    deep: bool = False  # evaluated in the deep tier only (a long run)


MASK_BOX = range(-1, SUIT_MASK + 2)  # every suit mask, and one past each end (which the preconditions refuse)
MASKS = SUIT_MASK + 1
PIP_VALUES = tuple(sorted({tuple(r.pips for r in rs.pack.ranks) for rs in RULESETS}))
UNIT_VALUES = tuple(tuple(int(b == i) for b in range(BITS_PER_SUIT)) for i in range(BITS_PER_SUIT))
ZERO_VALUES = ((0,) * BITS_PER_SUIT,)


def bonus_box() -> Iterable[tuple[int, ...]]:
    """Every argument of `bonus_in` in the ranges its preconditions allow, and one past each end of the totals."""
    for variant, acc in enumerate(ACCRETION_VARIANTS):
        rep, piq = acc.accretion.repique.threshold, acc.accretion.pique.threshold
        for first, r, p in product((-1, 0, 1), range(-1, rep + 1), range(-1, piq + 1)):
            if first < 0 and (r, p) != (0, 0):
                continue
            for player, category, points in product((0, 1), range(len(CATEGORIES)), range(rep + piq + 1)):
                yield (variant, first, r, p, player, category, points)


def bonus_admitted() -> int:
    """The inputs `bonus_in`'s preconditions admit: with no score yet (first -1) only zero totals, else every total
    under each threshold; every player, category and points up to the two thresholds together."""
    total = 0
    for acc in ACCRETION_VARIANTS:
        rep, piq = acc.accretion.repique.threshold, acc.accretion.pique.threshold
        total += (1 + 2 * rep * piq) * 2 * len(CATEGORIES) * (rep + piq + 1)
    return total


STOCK_SIZE = RULESETS[0].pack.stock_size


def stock_box() -> Iterable[tuple[Any, ...]]:
    """Stocks of 0 to a stock's size of distinct cards, in two orders, each with no take, one, two or three."""
    takes = [()] + [(a,) for a in range(-1, STOCK_SIZE + 2)] + list(product(range(-1, STOCK_SIZE + 2), repeat=2)) + [(1, 1, 1)]
    for n in range(STOCK_SIZE + 1):
        for stock in (tuple(range(n)), tuple(range(PACK_SIZE - 1, PACK_SIZE - 1 - n, -1))):
            for t in takes:
                yield (stock, t)


def stock_admitted() -> int:
    """Takes of both players (two numbers, natural, summing to at most the stock) or of one or none, per stock."""
    return sum(2 * (1 + (n + 1) + (n + 1) * (n + 2) // 2) for n in range(STOCK_SIZE + 1))


HELD_CARDS = (0, 13, PACK_SIZE - 1)  # cards at both ends and the middle of the pack: `pack_if_held`'s stand-ins
REST_OF_PACK = ((1 << PACK_SIZE) - 1) & ~sum(1 << c for c in HELD_CARDS)
HELD_LENGTH = 4  # the longest tuple of cards tried: one card three times with another, and every shorter shape


def held_box() -> Iterable[tuple[Any, ...]]:
    """Every tuple of up to HELD_LENGTH of the stand-in cards (repeats included) and of a number one past each end
    of the pack, against every subset of the stand-ins held, the rest of the pack held or not, and a pack one past
    each end."""
    helds = [sum(1 << c for i, c in enumerate(HELD_CARDS) if k >> i & 1) | rest for k in range(1 << len(HELD_CARDS)) for rest in (0, REST_OF_PACK)]
    for n in range(HELD_LENGTH + 1):
        for cards in product(HELD_CARDS + (-1, PACK_SIZE), repeat=n):
            for held in helds + [-1, 1 << PACK_SIZE]:
                yield cards, held


def held_admitted() -> int:
    """Tuples of the stand-in cards alone, against each of the packs in the range."""
    return int(sum(len(HELD_CARDS) ** n for n in range(HELD_LENGTH + 1))) * (1 << len(HELD_CARDS)) * 2


DOMAINS: tuple[Domain, ...] = (
    Domain("piquet_ref.hand.cards", "pack_if_held",
           "every tuple of up to four of three cards (the lowest, one in the middle and the highest, repeats included) "
           "against every subset of them held, with the rest of the pack held or not. Restated: the cards are any "
           "tuple of card numbers and the pack any subset of the 32, but the function and its conditions read a card "
           "only through its own bit (whether it is given again and whether the pack holds it), so these shapes stand "
           "for every input", False, held_box, held_admitted()),
    Domain("piquet_ref.hand.suit", "length", "every suit mask", True, lambda: ((m,) for m in MASK_BOX), MASKS),
    Domain("piquet_ref.hand.suit", "pips",
           "every suit mask, with the pip values of every ruleset, none, and each rank alone worth one. Restated: the "
           "values range over every tuple of naturals, and the function and its condition are both the sum of the "
           "values of the ranks held, so equal on the unit tuples is equal on their sums",
           False, lambda: ((m, v) for m in MASK_BOX for v in PIP_VALUES + UNIT_VALUES + ZERO_VALUES),
           MASKS * (len(PIP_VALUES) + len(UNIT_VALUES) + len(ZERO_VALUES))),
    Domain("piquet_ref.hand.suit", "runs", "every suit mask and every least length 1-8", True,
           lambda: ((m, n) for m in MASK_BOX for n in range(0, BITS_PER_SUIT + 2)), MASKS * BITS_PER_SUIT),
    Domain("piquet_ref.hand.suit", "runs_within", "every suit mask and every least length 1-8", True,
           lambda: ((m, n) for m in MASK_BOX for n in range(0, BITS_PER_SUIT + 2)), MASKS * BITS_PER_SUIT),
    Domain("piquet_ref.hand.suit", "point_key", "every length 0-8 and every pip total a key holds (0-255)", True,
           lambda: ((n, p) for n in range(-1, BITS_PER_SUIT + 2) for p in range(-1, (1 << POINT_SHIFT) + 1)),
           (BITS_PER_SUIT + 1) << POINT_SHIFT),
    Domain("piquet_ref.hand.suit", "point_pips", "every point key of a length 0-8", True,
           lambda: ((k,) for k in range(-1, ((BITS_PER_SUIT + 1) << POINT_SHIFT) + 1)), (BITS_PER_SUIT + 1) << POINT_SHIFT),
    Domain("piquet_ref.hand.declarations", "sequence_of_mask",
           "every suit mask and least length 1-8, in each of the four suits. Restated: the suit is any number to the "
           "preconditions, but it is only copied into the result and no condition reads it",
           False, lambda: ((s, m, n) for s in range(4) for m in MASK_BOX for n in range(0, BITS_PER_SUIT + 2)),
           4 * MASKS * BITS_PER_SUIT),
    Domain("verification.contracts.core", "suit_sequences", "every variant of the sequence rules and every suit mask", True,
           lambda: ((v, m) for v in range(-1, len(SEQUENCE_VARIANTS) + 1) for m in MASK_BOX), len(SEQUENCE_VARIANTS) * MASKS),
    Domain("verification.contracts.core", "bonus_in",
           "every variant of the accretion rules, who scored first, every total short of each threshold, each player, "
           "category and score up to the two thresholds together", True, bonus_box, bonus_admitted(), deep=True),
    Domain("piquet_ref.machine.left_cards", "cards_left",
           "every stock of up to a stock's size of distinct cards, in two orders, with every take the preconditions "
           "admit. Restated: a longer stock is no stock of the laws, and the function and its conditions read the "
           "stock by position only, never by a card's value, so distinct cards in any order stand for every stock of "
           "their size", False, stock_box, stock_admitted()),
)

LONGER_PER_CONDITION = 60.0  # seconds of search per postcondition in the longer search
LONGER_PER_PATH = 10.0  # seconds per execution path in the longer search
LONGER_SEARCH: tuple[str, ...] = ("piquet_ref.hand.play.trick_is_legal",)  # trick_fault was tried: nothing reported within 600 s

CARD_WHY = ("its domain is every hand, 2^32 of them (times 32 cards for `remove`): listing them is hours of CPU, and "
            "CrossHair does not confirm the 32-bit masking within its budget. Checked instead on every suit mask in each "
            "suit with the other suits empty and full (tests/test_contract_domains.py) and on every one-suit hand and "
            "Hypothesis hands (tests/test_card_contracts.py)")
TRICK_WHY = ("its domain is two hands of 2^32 each and 1,024 pairs of cards: too many to list, and CrossHair does not "
             "confirm it within its budget (for `trick_fault`, not within 600 s of a search at the longer budget either). The function and its conditions read the hands only at the suit led and "
             "the suit played, so they are checked on every pair of cards with every combination of what those two "
             "suits hold that they can tell apart (tests/test_contract_domains.py), and on every trick of the "
             "Hypothesis deals (tests/test_counts.py)")

BOUNDED: dict[str, str] = {
    "piquet_ref.hand.cards.hand_of_pack": CARD_WHY,
    "piquet_ref.hand.cards.pack_of_hand": CARD_WHY,
    "piquet_ref.hand.cards.remove": CARD_WHY,
    "piquet_ref.hand.cards.size": CARD_WHY,
    "piquet_ref.hand.play.trick_fault": TRICK_WHY,
    "piquet_ref.hand.play.trick_is_legal": TRICK_WHY,
    "piquet_ref.hand.play.follows_the_rules": TRICK_WHY,
}


def one_suit_hands() -> Iterable[tuple[int, int, int, int]]:
    """Every suit mask in each suit, the other suits empty or full."""
    for suit, mask, rest in product(range(4), range(SUIT_MASK + 1), (0, SUIT_MASK)):
        yield tuple(mask if s == suit else rest for s in range(4))  # type: ignore[misc]


def trick_hands(lead: int, follow: int) -> Iterable[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Hands that tell apart everything `trick_fault`, `trick_is_legal` and `follows_the_rules` read: whether the leader holds the card
    led, whether the follower holds it, holds the card played, and holds another card of the suit led; the other
    suits empty or full; the leader's and the follower's cards apart or not."""
    lead_suit, lead_bit = divmod(lead, BITS_PER_SUIT)
    follow_suit, follow_bit = divmod(follow, BITS_PER_SUIT)
    other_bit = next(b for b in range(BITS_PER_SUIT) if b not in (lead_bit, follow_bit))
    for has_lead, f_has_lead, f_has_follow, f_has_other, rest in product((0, 1), (0, 1), (0, 1), (0, 1), (0, SUIT_MASK)):
        leader = [rest] * 4
        follower = [rest] * 4
        leader[lead_suit] = has_lead << lead_bit
        follower[lead_suit] = f_has_lead << lead_bit | f_has_other << other_bit
        follower[follow_suit] |= f_has_follow << follow_bit
        if not f_has_follow:
            follower[follow_suit] &= ~(1 << follow_bit)
        yield tuple(leader), tuple(follower)
