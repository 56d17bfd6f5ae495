"""Per-suit evaluators on 8-bit rank masks, and the lookup tables built from them.

Each function here is the rule stated on one suit; `tables(ruleset)` tabulates them over all
256 masks so that whole-hand evaluation is a few lookups. Both are checked exhaustively against
a definitional implementation in the tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from piquet_ref.hand.cards import BITS_PER_SUIT, SUIT_MASK, Hand
from piquet_ref.rules.ruleset import Ruleset

MASKS = range(SUIT_MASK + 1)
SET_FIELD_BITS = 3  # a per-rank count 0..4 fits in 3 bits, so summing four suits never carries
POINT_SHIFT = 8  # point key = length << 8 | pips (pips of one suit < 256)
RANK_SHIFT = 3  # sequence and set keys = length or count << 3 | rank bit (rank bit < 8)


def length(mask: int) -> int:
    """Number of cards in the suit.

    rules: pack.cards, point.compare
    pre: 0 <= mask <= SUIT_MASK
    post: __return__ == len([b for b in range(BITS_PER_SUIT) if mask >> b & 1])
    post: 0 <= __return__ <= BITS_PER_SUIT
    """
    return mask.bit_count()


def pips(mask: int, values: tuple[int, ...]) -> int:
    """Pip total of the suit; `values[bit]` is the pip value of rank `bit`.

    rules: pack.pips, point.compare
    pre: 0 <= mask <= SUIT_MASK
    pre: len(values) == BITS_PER_SUIT and all(v >= 0 for v in values)
    post: __return__ == sum([values[b] for b in range(BITS_PER_SUIT) if mask >> b & 1])
    """
    return sum(values[bit] for bit in range(BITS_PER_SUIT) if mask >> bit & 1)


def runs(mask: int, min_length: int) -> tuple[tuple[int, int], ...]:
    """Maximal runs of consecutive ranks of at least `min_length` cards, as (length, top bit), highest first.

    rules: sequence.definition
    pre: 0 <= mask <= SUIT_MASK
    pre: 1 <= min_length <= BITS_PER_SUIT
    post: all(n >= min_length for n, _ in __return__)
    post: all(all(mask >> b & 1 for b in range(top - n + 1, top + 1)) for n, top in __return__)
    post: all(not mask >> (top + 1) & 1 and (top - n < 0 or not mask >> (top - n) & 1) for n, top in __return__)
    post: every_run_found(mask, min_length, __return__)
    post: all(a[1] > b[1] for a, b in zip(__return__, __return__[1:]))
    """
    out = []
    bit = BITS_PER_SUIT - 1
    while bit >= 0:
        if mask >> bit & 1:
            top = bit
            while bit >= 0 and mask >> bit & 1:
                bit -= 1
            n = top - bit
            if n >= min_length:
                out.append((n, top))
        else:
            bit -= 1
    return tuple(out)


def every_run_found(mask: int, min_length: int, result: tuple[tuple[int, int], ...]) -> bool:
    """Every `min_length` consecutive ranks held lie within one of the runs of `result` (rule sequence.definition)."""
    return all(
        any(top - n < lo and lo + min_length - 1 <= top for n, top in result)
        for lo in range(BITS_PER_SUIT - min_length + 1) if all(mask >> b & 1 for b in range(lo, lo + min_length))
    )


def run_mask(length_: int, top: int) -> int:
    """The mask of the run of `length_` cards whose highest rank is `top`.

    rules: sequence.definition
    pre: 1 <= length_ <= top + 1 <= BITS_PER_SUIT
    post: __return__.bit_count() == length_
    post: all(__return__ >> b & 1 for b in range(top - length_ + 1, top + 1))
    """
    return ((1 << length_) - 1) << (top - length_ + 1)


def runs_within(mask: int, min_length: int) -> tuple[int, ...]:
    """Every run of at least `min_length` consecutive ranks that `mask` holds, the parts of a longer run among them,
    as masks, by top rank, then length: the sequences of the suit a player may call or declare one at a time (a
    quint holds two quarts and three tierces).

    rules: sequence.definition
    pre: 0 <= mask <= SUIT_MASK
    pre: 1 <= min_length <= BITS_PER_SUIT
    post: all(m & mask == m for m in __return__)
    post: all(any(m == run_mask(n, top) for top in range(BITS_PER_SUIT) for n in range(min_length, top + 2)) for m in __return__)
    post: all(run_mask(n, top) in __return__ for top in range(BITS_PER_SUIT) for n in range(min_length, top + 2) if run_mask(n, top) & mask == run_mask(n, top))
    post: list(__return__) == sorted(__return__, key=lambda m: (m.bit_length(), m.bit_count()))
    """
    return tuple(run_mask(n, top) for top in range(BITS_PER_SUIT) for n in range(min_length, top + 2) if run_mask(n, top) & mask == run_mask(n, top))


def point_key(length_: int, pip_total: int) -> int:
    """Comparable key of a point: length first, pips on equal length.

    rules: point.compare
    pre: 0 <= length_ <= BITS_PER_SUIT and 0 <= pip_total < 1 << POINT_SHIFT
    post: point_length(__return__) == length_ and point_pips(__return__) == pip_total
    """
    return length_ << POINT_SHIFT | pip_total


def point_length(key: int) -> int:
    """The length part of a point key: it orders first, so a longer point has a higher key whatever the pips.

    rules: point.compare
    pre: key >= 0
    post: __return__ << POINT_SHIFT <= key < (__return__ + 1) << POINT_SHIFT
    """
    return key >> POINT_SHIFT


def point_pips(key: int) -> int:
    """The pips part of a point key: it decides between points of equal length.

    rules: point.compare
    pre: 0 <= key < (BITS_PER_SUIT + 1) << POINT_SHIFT
    post: point_key(point_length(key), __return__) == key
    """
    return key & ((1 << POINT_SHIFT) - 1)


def point_score(length_: int, pip_total: int, per_card: int, pips_per_point: int | None, less_if_ends_in: int | None) -> int:
    """What a good point of `length_` cards making `pip_total` scores: `per_card` a card, or one for every
    `pips_per_point` pips (the fraction dropped); one less when the pips end in the digit `less_if_ends_in`.

    rules: point.score
    pre: 0 <= length_ <= BITS_PER_SUIT and 0 <= pip_total and 0 <= per_card
    pre: pips_per_point is None or pips_per_point > 0
    post: __return__ >= 0
    post: pips_per_point is not None or less_if_ends_in is not None or __return__ == length_ * per_card
    post: pips_per_point is None or __return__ * pips_per_point <= pip_total
    """
    score = pip_total // pips_per_point if pips_per_point else length_ * per_card
    if less_if_ends_in is not None and pip_total % 10 == less_if_ends_in:
        score -= 1
    return max(score, 0)


def sequence_key(length_: int, top: int) -> int:
    """Comparable key of a sequence: length first, top card on equal length.

    rules: sequence.compare
    pre: 1 <= length_ <= top + 1 <= BITS_PER_SUIT
    post: __return__ > 0
    post: length_ == 1 or sequence_key(length_ - 1, BITS_PER_SUIT - 1) < __return__
    post: top == length_ - 1 or sequence_key(length_, top - 1) < __return__
    """
    return length_ << RANK_SHIFT | top


def set_key(count: int, rank: int) -> int:
    """Comparable key of a set: count first (quatorze over trio), rank on equal count.

    rules: sets.compare
    pre: 1 <= count <= len(Hand._fields) and 0 <= rank < BITS_PER_SUIT
    post: __return__ > 0
    post: count == 1 or set_key(count - 1, BITS_PER_SUIT - 1) < __return__
    post: rank == 0 or set_key(count, rank - 1) < __return__
    """
    return count << RANK_SHIFT | rank


@dataclass(frozen=True)
class SuitTables:
    """The per-suit rules tabulated over all 256 masks, plus the set table over per-rank counts."""

    point: tuple[int, ...]  # mask -> point_key
    runs: tuple[tuple[tuple[int, int], ...], ...]  # mask -> runs
    runs_within: tuple[tuple[int, ...], ...]  # mask -> every run it holds, parts of longer ones too (`runs_within`)
    seq_best: tuple[int, ...]  # mask -> best sequence_key, 0 if none
    seq_points: tuple[int, ...]  # mask -> points of all its sequences
    spread: tuple[int, ...]  # mask -> eligible ranks as 3-bit count fields (one field per eligible rank)
    set_held: tuple[tuple[tuple[int, int], ...], ...]  # summed spread -> (rank bit, count) of each set, best first
    set_best: tuple[int, ...]  # summed spread -> best set_key, 0 if none
    set_points: tuple[int, ...]  # summed spread -> points of all its sets
    set_ranks: tuple[int, ...]  # field index -> rank bit
    point_points: tuple[int, ...]  # point_key -> what that point scores when good


@lru_cache(maxsize=None)
def tables(ruleset: Ruleset) -> SuitTables:
    """Build the lookup tables of `ruleset` (once per ruleset)."""
    pip_values = tuple(r.pips for r in ruleset.pack.ranks)
    seq, pr = ruleset.sequences, ruleset.point
    all_runs = tuple(runs(m, seq.min_length) for m in MASKS)
    set_ranks = ruleset.sets.ranks
    spread = tuple(
        sum(1 << (SET_FIELD_BITS * j) for j, bit in enumerate(set_ranks) if m >> bit & 1) for m in MASKS
    )
    size = 1 << (SET_FIELD_BITS * len(set_ranks))
    set_held: list[tuple[tuple[int, int], ...]] = [()] * size
    set_best, set_points = [0] * size, [0] * size
    # Only sums of four suits' spreads occur: every count 0..(number of suits) of each set rank, built up rank by
    # rank with the sets each holds as (count, rank); other entries stay empty. (Start-up builds these tables.)
    values = ruleset.sets.values
    entries: list[tuple[int, tuple[tuple[int, int], ...]]] = [(0, ())]
    for j, rank in enumerate(set_ranks):
        entries = [(s + (c << (SET_FIELD_BITS * j)), held + ((c, rank),) if c in values else held)
                   for c in range(len(ruleset.pack.suits) + 1) for s, held in entries]
    for s, held in entries:
        if held:
            best_first = sorted(held, reverse=True)
            set_held[s] = tuple((r, c) for c, r in best_first)
            set_best[s] = set_key(*best_first[0])
            set_points[s] = sum(values[c] for c, _ in held)
    return SuitTables(
        point=tuple(point_key(length(m), pips(m, pip_values)) for m in MASKS),
        runs=all_runs,
        runs_within=tuple(runs_within(m, seq.min_length) for m in MASKS),
        seq_best=tuple(max((sequence_key(n_, t) for n_, t in r), default=0) for r in all_runs),
        seq_points=tuple(sum(seq.values[n_] for n_, _ in r) for r in all_runs),
        spread=spread,
        set_held=tuple(set_held),
        set_best=tuple(set_best),
        set_points=tuple(set_points),
        set_ranks=set_ranks,
        point_points=tuple(
            point_score(point_length(k), point_pips(k), pr.per_card, pr.pips_per_point, pr.less_if_ends_in)
            for k in range((BITS_PER_SUIT + 1) << POINT_SHIFT)
        ),
    )
