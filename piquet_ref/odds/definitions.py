"""The odds of the take-in read plainly from their definitions: the postconditions of `piquet_ref.odds.take_in`.

Each function restates a definition from its text (the condition and feature types' docstrings in
`odds`, the rules of point, sequence and set in spec/rules/) on the cards of one take-in at a time,
listing every take-in, or counts hands another way than `odds` does (Burnside's lemma over the suit
permutations, every suit-length tuple); none calls the counting of `odds` (its lines, groups and
convolutions). `odds`' docstrings name them as PEP 316 postconditions, those that list take-ins only
for questions of at most `SMALL` take-ins; tests/test_odds_contracts.py checks them at run time and
finds the bugs planted in copies of `odds` (docs/verification.md).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations, product
from math import comb, factorial, prod
from typing import Iterator

from piquet_ref.hand.cards import BITS_PER_SUIT, Hand, cards_of
from piquet_ref.rules.ruleset import Ruleset
from piquet_ref.hand.suit import POINT_SHIFT, point_key, sequence_key, set_key
from piquet_ref.odds.conditions import AllOf, AnyOf, Condition, Count, Feature, Not, PointAtLeast, Question, SequenceAtLeast, SetHeld

SMALL = 4096  # the most take-ins a postcondition lists one by one
Cards = frozenset[int]


def suit_cards(cards: Cards, rs: Ruleset) -> list[list[int]]:
    """The rank bits held in each suit of the ruleset's pack."""
    return [[c % BITS_PER_SUIT for c in cards if c // BITS_PER_SUIT == s] for s in range(len(rs.pack.suits))]


def best_point(cards: Cards, rs: Ruleset) -> tuple[int, int]:
    """(cards, pips) of the best suit for point: most cards, then most pips (point.compare)."""
    return max(((len(s), sum(rs.pack.ranks[b].pips for b in s)) for s in suit_cards(cards, rs)), default=(0, 0))


def best_run(cards: Cards, rs: Ruleset) -> tuple[int, int]:
    """(length, top rank bit) of the best run of consecutive ranks of one suit at least the ruleset's
    sequence long, longest first, then highest (sequence.definition, sequence.compare); (0, 0) for none."""
    runs = [(n, top) for s in suit_cards(cards, rs) for top in s for n in range(rs.sequences.min_length, top + 2)
            if all(b in s for b in range(top - n + 1, top + 1))]
    return max(runs, default=(0, 0))


def rank_held(cards: Cards, rank: int) -> int:
    """How many cards of rank bit `rank` are among `cards`."""
    return sum(1 for c in cards if c % BITS_PER_SUIT == rank)


def scoring_sets(cards: Cards, rs: Ruleset) -> list[tuple[int, int]]:
    """(count, rank bit) of every set held: a rank that scores held in a number that scores (sets.eligible-ranks)."""
    return [(rank_held(cards, r), r) for r in rs.sets.ranks if rank_held(cards, r) in rs.sets.values]


def discard_sizes(player: str, elder_took: int | None, rs: Ruleset) -> range:
    """How many cards `player` may discard, and so take in (exchange.elder-limits, exchange.younger-limits): the
    elder from his least to his most; the younger from his least to what the elder left of the stock
    (`elder_took` cards taken, by default the elder's least), no more than his most where the ruleset sets one."""
    ex = rs.exchange
    if player == "elder":
        return range(ex.elder_min, ex.elder_max + 1)
    left = rs.pack.stock_size - (ex.elder_min if elder_took is None else elder_took)
    return range(ex.younger_min, min(left, left if ex.younger_max is None else ex.younger_max) + 1)


def take_ins(kept: Hand, unseen: Hand, take: int) -> Iterator[tuple[Cards, Cards]]:
    """Every take-in of `take` of the unseen cards, as (cards taken, hand after), each listed once."""
    held = frozenset(cards_of(kept))
    for chosen in combinations(cards_of(unseen), take):
        yield frozenset(chosen), held | frozenset(chosen)


def feature_value(f: Feature, rs: Ruleset, taken: Cards, after: Cards) -> int:
    """The value of feature `f` on one take-in, read from `Feature`'s docstring: a count of its cards taken
    or held, capped at `cap`, 0 under its `floor`; whether the point, sequence or set is reached; the
    longest suit, the best sequence's key or the best set's key (0 for none)."""
    if f.kind in ("count_taken", "count_hand"):
        n = sum(1 for c in (taken if f.kind == "count_taken" else after) if f.cards >> c & 1)
        return 0 if n < f.floor else n if f.cap is None else min(n, f.cap)
    run = best_run(after, rs)
    best_sequence = sequence_key(*run) if run[0] else 0
    if f.kind == "point":
        return int(point_key(*best_point(after, rs)) >= f.key)
    if f.kind == "sequence":
        return int(best_sequence >= f.key)
    if f.kind == "point_length":
        return best_point(after, rs)[0]
    if f.kind == "sequence_best":
        return best_sequence
    sets = scoring_sets(after, rs)
    if f.kind == "set":
        return int(any(n == f.key and f.rank in (-1, r) for n, r in sets))
    return max((set_key(n, r) for n, r in sets), default=0)  # set_best


def listed_joint(rs: Ruleset, kept: Hand, unseen: Hand, take: int, features: tuple[Feature, ...]) -> dict[tuple[int, ...], int]:
    """How many take-ins give each tuple of feature values, every take-in listed."""
    return dict(Counter(tuple(feature_value(f, rs, t, a) for f in features) for t, a in take_ins(kept, unseen, take)))


def counts_as_drawn(kept: Hand, unseen: Hand, take: int, features: tuple[Feature, ...], joint: dict[tuple[int, ...], int]) -> bool:
    """Each count feature's values fall as in drawing `take` of the unseen cards without replacement: exactly
    k of its a unseen cards come in C(a, k) C(u - a, take - k) ways (a hypergeometric count), held ones
    added for a count of the hand, then capped and floored as `feature_value` says."""
    u, held, unseen_cards = len(cards_of(unseen)), cards_of(kept), cards_of(unseen)
    for i, f in enumerate(features):
        if f.kind not in ("count_taken", "count_hand"):
            continue
        a = sum(1 for c in unseen_cards if f.cards >> c & 1)
        base = sum(1 for c in held if f.cards >> c & 1) if f.kind == "count_hand" else 0
        due: Counter[int] = Counter()
        for k in range(0, min(a, take) + 1):
            n = base + k
            due[0 if n < f.floor else n if f.cap is None else min(n, f.cap)] += comb(a, k) * comb(u - a, take - k)
        got: Counter[int] = Counter()
        for values, ways in joint.items():
            got[values[i]] += ways
        if +due != +got:
            return False
    return True


def leaves(cond: Condition) -> list[Condition]:
    """The leaf conditions of a condition tree, in order."""
    if isinstance(cond, (AllOf, AnyOf)):
        return [leaf for c in cond.items for leaf in leaves(c)]
    if isinstance(cond, Not):
        return leaves(cond.item)
    return [cond]


def satisfied(cond: Condition, rs: Ruleset, taken: Cards, after: Cards) -> bool:
    """Whether one take-in satisfies `cond`, read from the condition types' docstrings: all of, any of, not;
    between at least and at most of the cards taken or held; a point of as many cards and pips or more; a
    sequence as long and as high or better; a set of exactly that many cards of a rank, a set that scores."""
    if isinstance(cond, AllOf):
        return all(satisfied(c, rs, taken, after) for c in cond.items)
    if isinstance(cond, AnyOf):
        return any(satisfied(c, rs, taken, after) for c in cond.items)
    if isinstance(cond, Not):
        return not satisfied(cond.item, rs, taken, after)
    if isinstance(cond, Count):
        n = sum(1 for c in (taken if cond.scope == "taken" else after) if cond.cards >> c & 1)
        return cond.at_least <= n and (cond.at_most is None or n <= cond.at_most)
    if isinstance(cond, PointAtLeast):
        return best_point(after, rs) >= (cond.length, cond.pips)
    if isinstance(cond, SequenceAtLeast):
        return best_run(after, rs) >= (cond.length, cond.top)
    return any(n == cond.count and cond.rank in (None, r) for n, r in scoring_sets(after, rs))


def listed_favourable(q: Question, cond: Condition, rs: Ruleset) -> int:
    """How many take-ins of `q` satisfy `cond`, every take-in listed."""
    return sum(satisfied(cond, rs, t, a) for t, a in take_ins(q.kept, q.unseen, q.take))


def listed_outlook(q: Question, rs: Ruleset) -> tuple[tuple[tuple[int, int], ...], ...]:
    """(point, sequence, sets, courts) as in `odds.Outlook`, every take-in listed: the longest suit, the best
    sequence's key and the best set's key after (0 for none), highest first, and how many court cards
    (pack.court) are taken, fewest first."""
    point, sequence, sets, courts = Counter[int](), Counter[int](), Counter[int](), Counter[int]()
    for taken, after in take_ins(q.kept, q.unseen, q.take):
        point[best_point(after, rs)[0]] += 1
        run = best_run(after, rs)
        sequence[sequence_key(*run) if run[0] else 0] += 1
        sets[max((set_key(n, r) for n, r in scoring_sets(after, rs)), default=0)] += 1
        courts[sum(1 for c in taken if rs.carte_blanche.court_mask >> (c % BITS_PER_SUIT) & 1)] += 1
    return highest_first(point), highest_first(sequence), highest_first(sets), tuple(sorted(courts.items()))


def highest_first(d: dict[int, int]) -> tuple[tuple[int, int], ...]:
    """A distribution of values as (value, how many) pairs, highest value first: the shape of `odds.Outlook`'s rows."""
    return tuple(sorted(d.items(), reverse=True))


def malformed_at(cond: object, what: str = "condition") -> str | None:
    """Where `cond` is not a condition, as the path to the first part that is not (`condition[1].not`),
    None when it is one: all and any need a non-empty tuple of conditions; a count, a scope of `taken` or
    `hand`, a set of the pack's cards and whole numbers at least <= at most; a point, a sequence and a set,
    whole numbers, a point's pips fewer than its key holds (no suit makes so many), a sequence's top a rank
    bit, a set's rank a rank bit or none."""
    def whole(v: object) -> bool:
        return type(v) is int and v >= 0

    if isinstance(cond, (AllOf, AnyOf)):
        if not isinstance(cond.items, tuple) or not cond.items:
            return what
        return next((w for i, c in enumerate(cond.items) if (w := malformed_at(c, f"{what}[{i}]")) is not None), None)
    if isinstance(cond, Not):
        return malformed_at(cond.item, f"{what}.not")
    if isinstance(cond, Count):
        ok = (cond.scope in ("taken", "hand") and whole(cond.cards) and cond.cards >> (4 * BITS_PER_SUIT) == 0 and whole(cond.at_least)
              and (cond.at_most is None or whole(cond.at_most) and cond.at_least <= cond.at_most))
    elif isinstance(cond, PointAtLeast):
        ok = whole(cond.length) and whole(cond.pips) and cond.pips < 1 << POINT_SHIFT
    elif isinstance(cond, SequenceAtLeast):
        ok = whole(cond.length) and whole(cond.top) and cond.top < BITS_PER_SUIT
    elif isinstance(cond, SetHeld):
        ok = whole(cond.count) and (cond.rank is None or whole(cond.rank) and cond.rank < BITS_PER_SUIT)
    else:
        ok = False
    return None if ok else what


def suit_length_patterns(cards: int, n_suits: int, n_ranks: int) -> list[tuple[int, ...]]:
    """Every way to share `cards` among the suits, longest first (each suit at most `n_ranks`), found by
    trying every tuple of lengths."""
    return [p for p in product(range(n_ranks + 1), repeat=n_suits) if sum(p) == cards and list(p) == sorted(p, reverse=True)]


def arrangements(pattern: tuple[int, ...]) -> int:
    """How many tuples of suit lengths are orderings of `pattern` (distinct permutations)."""
    return factorial(len(pattern)) // prod(factorial(m) for m in Counter(pattern).values())


def orbits(cards: int, n_suits: int, n_ranks: int) -> int:
    """Hands of `cards` cards distinct up to a permutation of the suits, by Burnside's lemma: the mean over
    the suit permutations of the hands each leaves unchanged (every suit of a cycle holds the same ranks,
    so a cycle of length L holds L k cards for some k, in C(n_ranks, k) ways)."""
    fixed = 0
    for perm in permutations(range(n_suits)):
        seen: set[int] = set()
        ways = [1] + [0] * cards  # ways[n]: hands of n cards fixed by perm, over the cycles so far
        for start in range(n_suits):
            if start in seen:
                continue
            cycle, s = 0, start
            while s not in seen:
                seen.add(s)
                s, cycle = perm[s], cycle + 1
            ways = [sum(ways[n - cycle * k] * comb(n_ranks, k) for k in range(n_ranks + 1) if n - cycle * k >= 0) for n in range(cards + 1)]
        fixed += ways[cards]
    return fixed // factorial(n_suits)
