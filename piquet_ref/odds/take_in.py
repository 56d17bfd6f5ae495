"""Exact odds of the take-in, as fractions: counted over every set of cards a player may take in.

A player sees some cards (his hand, his discard, cards of the stock he has been shown); the cards he
takes in are, as far as he can tell, any `take` of the cards he cannot see, each set as likely as any
other. The chance of a condition is the number of those sets that satisfy it over their number
C(unseen, take), an exact `Fraction`, never a sample.

Counting does not visit the sets one by one. The pack is cut into lines, its four suits or its
eight ranks, and every condition is built from features of one line (cards of a kind taken in or
held, a point or sequence of a length in a suit, a set of a rank) that combine over the lines by a
sum or a maximum. For each line the subsets of its unseen cards are grouped by (cards taken from it,
feature values), read from the suit evaluators' 256-entry tables and the set tables; the lines are
then convolved, keeping only (cards taken so far, combined values). Conditions that read only ranks
(sets) run along the ranks, all others along the suits. The per-line groups and the first lines'
convolutions are memoised, so ranking every discard of a hand reuses nearly all of it.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb, factorial, prod
from typing import Callable, NamedTuple

from piquet_ref.hand.cards import BITS_PER_SUIT, Card, Hand, cards_of, format_card, check_cards, check_hand, hand_of_pack, pack_of, pack_of_hand, size
from piquet_ref.hand.declarations import carte_blanche
from piquet_ref.rules.errors import PiquetError as PiquetError  # named by a `raises:` line
from piquet_ref.rules.codes import error
from piquet_ref.hand.exchange import discard_limits
from piquet_ref.rules.loader import ruleset_of
from piquet_ref.rules.files import LIMITS, Limits, over_budget
from piquet_ref.rules.ruleset import Player, Ruleset, check_player
from piquet_ref.odds.definitions import (  # the postconditions' plain readings
    SMALL, arrangements, counts_as_drawn, discard_sizes, highest_first, leaves, listed_favourable, listed_joint, listed_outlook, malformed_at, orbits,
    suit_length_patterns,
)
from piquet_ref.hand.suit import POINT_SHIFT, RANK_SHIFT, SET_FIELD_BITS, point_key, sequence_key, tables
from piquet_ref.odds.conditions import (
    CONDITION_TYPES, MAX_KINDS, RANK_KINDS, SUIT_KINDS, AllOf, AnyOf, Axis, Condition, Count, Feature, Not, PointAtLeast, Question,
    SequenceAtLeast, SetHeld,
)
from piquet_ref.rules.errors import shown


# ------------------------------------------------------------------------------ the lines of the pack


def lines_of(hand: Hand, axis: Axis) -> tuple[int, ...]:
    """The hand as line masks: per suit its rank mask, or per rank (bit order) its suit mask.

    Every card of the hand lies on one line, the line of its suit (at its rank's bit) or of its rank (at
    its suit's bit), and nothing else does.

    rules: pack.cards
    pre: axis in ("suit", "rank")
    post: len(__return__) == (len(hand) if axis == "suit" else BITS_PER_SUIT)
    post: each_card_on_its_line(hand, axis, __return__)
    post: sum(m.bit_count() for m in __return__) == size(hand)
    """
    if axis == "suit":
        return tuple(hand)
    return tuple(sum((m >> bit & 1) << s for s, m in enumerate(hand)) for bit in range(BITS_PER_SUIT))


def each_card_on_its_line(hand: Hand, axis: Axis, result: tuple[int, ...]) -> bool:
    """Every card of the hand lies on its line, that of its suit (at its rank's bit) or of its rank (at its suit's
    bit), and no other card does (rule pack.cards)."""
    return all(
        (result[s] >> r if axis == "suit" else result[r] >> s) & 1 == hand[s] >> r & 1
        for s in range(len(hand)) for r in range(BITS_PER_SUIT)
    )


def _line_value(f: Feature, rs: Ruleset, axis: Axis, line: int, kept: int, taken: int) -> int:
    held = kept | taken
    if f.kind in ("count_taken", "count_hand"):
        cards = lines_of(hand_of_pack(f.cards), axis)[line]
        return ((taken if f.kind == "count_taken" else held) & cards).bit_count()
    t = tables(rs)
    if axis == "rank":  # set, set_best: the set tables read on a spread of this one rank
        ranks = t.set_ranks
        if line not in ranks or (f.kind == "set" and f.rank not in (-1, line)):
            return 0
        best = t.set_best[held.bit_count() << (SET_FIELD_BITS * ranks.index(line))]
        return best if f.kind == "set_best" else int(bool(best) and best >> RANK_SHIFT == f.key)
    if f.kind == "point":
        return int(t.point[held] >= f.key)
    if f.kind == "sequence":
        return int(t.seq_best[held] >= f.key)
    if f.kind == "point_length":
        return held.bit_count()
    return t.seq_best[held]  # sequence_best


def _combine(features: tuple[Feature, ...], a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    out = []
    for f, x, y in zip(features, a, b):
        if f.kind in MAX_KINDS:
            out.append(x if x >= y else y)
        else:
            v = x + y
            out.append(v if f.cap is None or v < f.cap else f.cap)
    return tuple(out)


def _cap(f: Feature, v: int) -> int:
    return v if f.cap is None or v < f.cap else f.cap


Groups = tuple[tuple[int, tuple[int, ...], int], ...]
"""Subsets of one line's unseen cards as (cards taken, feature values, how many subsets), by size."""


@lru_cache(maxsize=1 << 16)
def line_groups(rs: Ruleset, features: tuple[Feature, ...], axis: Axis, line: int, kept: int, unseen: int) -> Groups:
    """Every subset of `unseen` (one line's mask) grouped by its size and its feature values with `kept`."""
    counts: dict[tuple[int, tuple[int, ...]], int] = defaultdict(int)
    sub = unseen
    while True:
        values = tuple(_cap(f, _line_value(f, rs, axis, line, kept, sub)) for f in features)
        counts[(sub.bit_count(), values)] += 1
        if sub == 0:
            break
        sub = (sub - 1) & unseen
    return tuple(sorted((n, v, c) for (n, v), c in counts.items()))


States = tuple[tuple[int, tuple[int, ...], int], ...]
KEPT_FEATURES = 6  # a question of more features may have many states: its lines are not kept in the cache


@lru_cache(maxsize=1 << 10)
def _prefix(rs: Ruleset, features: tuple[Feature, ...], axis: Axis, kept: tuple[int, ...], unseen: tuple[int, ...], take: int,
            steps: int = LIMITS.odds_steps) -> States:
    """(cards taken, combined values, ways) over the first len(kept) lines, keeping only states from
    which the remaining lines' unseen cards can still complete a take-in of `take` cards.

    Each line combines every state so far with every group of the line: more than `steps` of those in one
    line is `request-over-budget` (a condition of many leaves multiplies the states)."""
    k = len(kept) - 1
    before: States = ((0, tuple(0 for _ in features), 1),) if k == 0 else _prefix(rs, features, axis, kept[:-1], unseen, take, steps)
    groups = line_groups(rs, features, axis, k, kept[-1], unseen[k])
    if len(before) * len(groups) > steps:
        raise over_budget("sorting the take-ins of this question, one line of the pack takes", "odds_steps", steps, "steps")
    later = sum(m.bit_count() for m in unseen[k + 1:])
    last = k == len(unseen) - 1
    reach = tuple(_still_to_come(f, axis, k) if f.floor else -1 for f in features)
    out: dict[tuple[int, tuple[int, ...]], int] = defaultdict(int)
    for n, values, ways in before:
        for m, v, c in groups:
            total = n + m
            if total > take:
                break
            if total + later < take or (last and total != take):
                continue
            combined = _combine(features, values, v) if k else v
            if any(r >= 0 and x + r < f.floor for f, x, r in zip(features, combined, reach)):
                combined = tuple(0 if r >= 0 and x + r < f.floor else x for f, x, r in zip(features, combined, reach))
            out[(total, combined)] += ways * c
    return tuple((n, v, c) for (n, v), c in out.items())


@lru_cache(maxsize=1 << 12)
def _still_to_come(f: Feature, axis: Axis, line: int) -> int:
    """The most a count can still gain from the lines after `line`: its cards in them."""
    return sum(m.bit_count() for m in lines_of(hand_of_pack(f.cards), axis)[line + 1:])


def joint(rs: Ruleset, kept: Hand, unseen: Hand, take: int, features: tuple[Feature, ...], steps: int = LIMITS.odds_steps) -> dict[tuple[int, ...], int]:
    """How many take-ins of `take` cards from `unseen` give each tuple of combined feature values
    (counted along the ranks when no feature reads a whole suit, else along the suits).

    The take-ins are every set of `take` unseen cards, each counted once: the counts add up to
    C(unseen, take); a count of cards falls as in drawing without replacement; on a question of at most
    SMALL take-ins, each take-in gives the values its cards give by `Feature`'s definitions.

    rules: exchange.take-from-top
    pre: not pack_of_hand(kept) & pack_of_hand(unseen)
    pre: 0 <= take <= size(unseen)
    pre: not (any(f.kind in SUIT_KINDS for f in features) and any(f.kind in RANK_KINDS for f in features))
    post: sum(__return__.values()) == comb(size(unseen), take)
    post: all(len(v) == len(features) and n > 0 for v, n in __return__.items())
    post: counts_as_drawn(kept, unseen, take, features, __return__)
    rules: exchange.take-from-top, point.compare, sequence.definition, sequence.compare, sets.eligible-ranks, sets.compare
    post: comb(size(unseen), take) > SMALL or __return__ == listed_joint(rs, kept, unseen, take, features)
    """
    if not features:
        return {(): comb(size(unseen), take)}
    axis: Axis = "suit" if any(f.kind in SUIT_KINDS for f in features) else "rank"
    if axis == "suit" and any(f.kind in RANK_KINDS for f in features):
        raise AssertionError("features read both whole suits and whole ranks")  # compile() never mixes them
    try:
        states = _prefix(rs, features, axis, lines_of(kept, axis), lines_of(unseen, axis), take, steps)
    finally:
        if _prefix.cache_info().currsize and len(features) > KEPT_FEATURES:
            _prefix.cache_clear()  # the states of a question of many features are not kept for the next one
    return {v: c for n, v, c in states if n == take}


# ------------------------------------------------------------------------------ compiling a condition


def features_of(cond: Condition, rs: Ruleset) -> tuple[Feature, ...]:
    """The features a condition reads, each once, in a canonical order.

    They are the features of its leaves, read along the suits when a leaf reads a whole suit (a point or
    a sequence), so that they never read both whole suits and whole ranks.

    raises: PiquetError
    pre: isinstance(cond, CONDITION_TYPES)
    post: len(set(__return__)) == len(__return__) and list(__return__) == sorted(__return__, key=repr)
    post: the_features_of_its_leaves(cond, rs, __return__)
    post: whole_suits_read_for_a_point_or_sequence(cond, __return__)
    post: not any(f.kind in RANK_KINDS for f in __return__) or not any(f.kind in SUIT_KINDS for f in __return__)
    """
    leaves: list[Condition] = []

    def walk(c: Condition) -> None:
        if isinstance(c, (AllOf, AnyOf)):
            for item in c.items:
                walk(item)
        elif isinstance(c, Not):
            walk(c.item)
        else:
            leaves.append(c)

    walk(cond)
    by_suit = any(isinstance(c, (PointAtLeast, SequenceAtLeast)) for c in leaves)
    return tuple(sorted({f for c in leaves for f in leaf_features(c, by_suit, rs)}, key=repr))


def the_features_of_its_leaves(cond: Condition, rs: Ruleset, result: tuple[Feature, ...]) -> bool:
    """A condition reads the features of its leaves, along the suits when one of them is a point or a sequence."""
    by_suit = any(isinstance(x, (PointAtLeast, SequenceAtLeast)) for x in leaves(cond))
    return set(result) == {f for c in leaves(cond) for f in leaf_features(c, by_suit, rs)}


def whole_suits_read_for_a_point_or_sequence(cond: Condition, result: tuple[Feature, ...]) -> bool:
    """A condition reads whole suits exactly when one of its leaves is a point or a sequence."""
    return any(f.kind in SUIT_KINDS for f in result) == any(
        isinstance(c, (PointAtLeast, SequenceAtLeast)) for c in leaves(cond)
    )


def leaf_features(c: Condition, by_suit: bool, rs: Ruleset) -> tuple[Feature, ...]:
    """The features a leaf condition reads. Sets read the ranks unless the condition also reads whole
    suits; then each set rank's held cards are counted (up to one more than the set) along the suits.

    A count reads its own cards in its own scope, capped high enough to tell a count within its bounds
    from one above them; a point and a sequence read their threshold's key (length first); a set its count
    and rank, or by the suits the four cards of each rank it may be of.

    raises: PiquetError
    rules: point.compare, sequence.compare
    post: a_count_reads_its_cards_in_its_scope(c, __return__)
    post: a_count_capped_above_its_bounds(c, __return__)
    post: not isinstance(c, PointAtLeast) or __return__ == (Feature("point", key=point_key(c.length, c.pips)),)
    post: not isinstance(c, SequenceAtLeast) or __return__ == (Feature("sequence", key=sequence_key(c.length, c.top)),)
    rules: sets.eligible-ranks, sets.compare
    post: a_set_read_along_the_ranks(c, by_suit, __return__)
    post: a_set_read_on_the_four_cards_of_each_rank(c, by_suit, rs, __return__)
    post: a_set_counts_the_cards_held_of_its_rank(c, by_suit, __return__)
    """
    if isinstance(c, Count):
        cap = max(c.at_least, c.at_most + 1 if c.at_most is not None else 0)
        return (Feature("count_taken" if c.scope == "taken" else "count_hand", cards=c.cards, cap=cap, floor=c.at_least),)
    if isinstance(c, PointAtLeast):
        return (Feature("point", key=point_key(c.length, c.pips)),)
    if isinstance(c, SequenceAtLeast):
        return (Feature("sequence", key=sequence_key(c.length, c.top)),)
    if isinstance(c, SetHeld):
        if not by_suit:
            return (Feature("set", key=c.count, rank=-1 if c.rank is None else c.rank),)
        ranks = tables(rs).set_ranks if c.rank is None else (c.rank,)
        return tuple(_rank_count(r, c.count) for r in ranks)
    raise error("argument-invalid", f"condition: {shown(c)} is not a condition (Count, PointAtLeast, SequenceAtLeast, SetHeld, AllOf, AnyOf, Not)")


def a_count_reads_its_cards_in_its_scope(c: Condition, result: tuple[Feature, ...]) -> bool:
    """A count reads one feature: its own cards, taken in or held as its scope says, from its least."""
    return not isinstance(c, Count) or (
        len(result) == 1
        and result[0].kind == ("count_taken" if c.scope == "taken" else "count_hand")
        and result[0].cards == c.cards
        and result[0].floor == c.at_least
    )


def a_count_capped_above_its_bounds(c: Condition, result: tuple[Feature, ...]) -> bool:
    """A count's feature is capped high enough to tell a count within its bounds from one above them."""
    return not isinstance(c, Count) or (
        result[0].cap is not None and result[0].cap >= c.at_least and (c.at_most is None or result[0].cap > c.at_most)
    )


def a_set_read_along_the_ranks(c: Condition, by_suit: bool, result: tuple[Feature, ...]) -> bool:
    """Read along the ranks, a set is one feature of its count and rank, any rank that scores where none is named
    (rules sets.eligible-ranks, sets.compare)."""
    return not isinstance(c, SetHeld) or by_suit or result == (
        Feature("set", key=c.count, rank=-1 if c.rank is None else c.rank),
    )


def a_set_read_on_the_four_cards_of_each_rank(
    c: Condition, by_suit: bool, rs: Ruleset, result: tuple[Feature, ...],
) -> bool:
    """Read along the suits, a set reads the four cards of each rank it may be of: its own, or every rank that
    scores (rules sets.eligible-ranks, sets.compare)."""
    return not isinstance(c, SetHeld) or not by_suit or sorted(f.cards for f in result) == sorted(
        sum(1 << (s * BITS_PER_SUIT + r) for s in range(len(rs.pack.suits)))
        for r in (rs.sets.ranks if c.rank is None else (c.rank,))
    )


def a_set_counts_the_cards_held_of_its_rank(c: Condition, by_suit: bool, result: tuple[Feature, ...]) -> bool:
    """Read along the suits, a set counts the cards held of each of its ranks, from its count and capped above it
    (rules sets.eligible-ranks, sets.compare)."""
    return not isinstance(c, SetHeld) or not by_suit or all(
        f.kind == "count_hand" and f.floor == c.count and f.cap is not None and f.cap > c.count for f in result
    )


def _rank_count(rank: int, count: int) -> Feature:
    return Feature("count_hand", cards=sum(1 << (s * BITS_PER_SUIT + rank) for s in range(4)), cap=count + 1, floor=count)


def holds(cond: Condition, values: dict[Feature, int], by_suit: bool, rs: Ruleset) -> bool:
    """Whether `cond` holds given the combined value of each feature.

    All of, any of and not combine their items' verdicts; a count holds between its bounds; a point or a
    sequence when its threshold is reached; a set of a counting size and a rank that scores when one of its
    features shows the set held.

    rules: sets.eligible-ranks
    pre: all(f in values for c in leaves(cond) for f in leaf_features(c, by_suit, rs))
    post: not isinstance(cond, AllOf) or __return__ == all(holds(c, values, by_suit, rs) for c in cond.items)
    post: not isinstance(cond, AnyOf) or __return__ == any(holds(c, values, by_suit, rs) for c in cond.items)
    post: not isinstance(cond, Not) or __return__ == (not holds(cond.item, values, by_suit, rs))
    post: a_count_holds_between_its_bounds(cond, values, by_suit, rs, __return__)
    post: a_point_or_sequence_holds_at_its_threshold(cond, values, by_suit, rs, __return__)
    post: a_set_holds_when_held_of_a_scoring_size_and_rank(cond, values, by_suit, rs, __return__)
    """
    if isinstance(cond, AllOf):
        return all(holds(c, values, by_suit, rs) for c in cond.items)
    if isinstance(cond, AnyOf):
        return any(holds(c, values, by_suit, rs) for c in cond.items)
    if isinstance(cond, Not):
        return not holds(cond.item, values, by_suit, rs)
    fs = leaf_features(cond, by_suit, rs)
    if isinstance(cond, Count):
        v = values[fs[0]]
        return cond.at_least <= v and (cond.at_most is None or v <= cond.at_most)
    if isinstance(cond, (PointAtLeast, SequenceAtLeast)) or fs[0].kind == "set":
        return values[fs[0]] == 1
    assert isinstance(cond, SetHeld)
    if cond.count not in rs.sets.values or cond.rank not in (None, *tables(rs).set_ranks):
        return False
    return any(values[f] == cond.count for f in fs)


def a_count_holds_between_its_bounds(
    cond: Condition, values: dict[Feature, int], by_suit: bool, rs: Ruleset, result: bool,
) -> bool:
    """A count holds when its feature's value lies between its least and its most (if it has one)."""
    return not isinstance(cond, Count) or result == (
        cond.at_least <= values[leaf_features(cond, by_suit, rs)[0]]
        and (cond.at_most is None or values[leaf_features(cond, by_suit, rs)[0]] <= cond.at_most)
    )


def a_point_or_sequence_holds_at_its_threshold(
    cond: Condition, values: dict[Feature, int], by_suit: bool, rs: Ruleset, result: bool,
) -> bool:
    """A point or a sequence holds when its feature shows its threshold reached."""
    return not isinstance(cond, (PointAtLeast, SequenceAtLeast)) or result == (
        values[leaf_features(cond, by_suit, rs)[0]] == 1
    )


def a_set_holds_when_held_of_a_scoring_size_and_rank(
    cond: Condition, values: dict[Feature, int], by_suit: bool, rs: Ruleset, result: bool,
) -> bool:
    """A set holds when it is of a number and rank that score and one of its features shows it held (rule
    sets.eligible-ranks)."""
    return not isinstance(cond, SetHeld) or result == (
        cond.count in rs.sets.values
        and cond.rank in (None, *rs.sets.ranks)
        and any(values[f] == (cond.count if by_suit else 1) for f in leaf_features(cond, by_suit, rs))
    )


# ------------------------------------------------------------------------------ the public functions


class Chance(NamedTuple):
    """`favourable` of the `combinations` equally likely take-ins satisfy the condition."""

    favourable: int
    combinations: int

    @property
    def probability(self) -> Fraction:
        return Fraction(self.favourable, self.combinations)

    @property
    def odds(self) -> tuple[int, int]:
        """(for, against) in lowest terms: the chance is for / (for + against)."""
        p = self.probability
        return p.numerator, p.denominator - p.numerator


def question(
    hand: Hand,
    discard: tuple[Card, ...] = (),
    seen: tuple[Card, ...] = (),
    take: int | None = None,
    player: Player | None = None,
    ruleset: Ruleset | str | None = None,
) -> Question:
    """The take-in of a player who holds `hand`, lays out `discard` (cards of it) and has seen `seen`
    (cards known not to come to him), taking `take` cards (by default as many as he discards).

    With `player`, the hand must be a dealt hand and the number taken within that player's limits
    (the younger's as if the elder took the fewest he may). Raises typed errors naming the input.

    He keeps his hand but the discard; every card of the pack he neither holds nor has seen is unseen; he
    takes in as many as he discards (laws 30, 31).

    raises: PiquetError
    rules: exchange.take-from-top
    post: set(cards_of(__return__.kept)) == set(cards_of(hand)) - set(discard)
    post: unseen_are_the_cards_neither_held_nor_seen(hand, seen, ruleset, __return__)
    post: as_many_taken_in_as_discarded(discard, take, __return__)
    post: 0 <= __return__.take <= size(__return__.unseen)
    rules: exchange.elder-limits, exchange.younger-limits
    post: player is None or size(hand) == ruleset_of(ruleset).pack.hand_size
    post: player is None or __return__.take in discard_sizes(player, None, ruleset_of(ruleset))
    """
    rs = ruleset_of(ruleset)
    hand = check_hand(hand)
    discard, seen = check_cards(discard, "discard"), check_cards(seen, "seen")
    held, out, known = pack_of_hand(hand), pack_of(discard), pack_of(seen)
    if out.bit_count() != len(discard) or known.bit_count() != len(seen):
        cards = discard if out.bit_count() != len(discard) else seen
        twice = next(c for i, c in enumerate(cards) if c in cards[:i])
        raise error("card-duplicate", f"{'discard' if cards is discard else 'seen'}: {format_card(twice, rs)} is listed twice")
    if out & ~held:
        raise error("exchange-discard-not-held", f"discard: {format_card((out & ~held).bit_length() - 1, rs)} is not in the hand")
    if known & held:
        raise error("card-duplicate", f"{format_card((known & held).bit_length() - 1, rs)} is in both the hand and seen")
    if take is None:
        take = len(discard)
    if type(take) is not int or take < 0:
        raise error("argument-invalid", f"take must be a number of cards >= 0, got {shown(take)}")
    if discard and take != len(discard):
        raise error("odds-take-count", f"take: {take} cards taken in for {len(discard)} discarded; a player takes in as many as he discards (laws 30, 31)")
    if player is not None:
        check_player(player)
        if size(hand) != rs.pack.hand_size:
            raise error("deal-hand-size", f"hand has {size(hand)} cards; each player is dealt {rs.pack.hand_size}")
        least, most = discard_limits(player, rs.exchange.elder_min, rs)
        if not least <= take <= most:
            code = "exchange-elder-count" if player == "elder" else "exchange-younger-count"
            raise error(code, f"take: {take} cards; the {player} takes in {least} to {most}")
    unseen_pack = ((1 << (len(rs.pack.suits) * BITS_PER_SUIT)) - 1) & ~held & ~known
    if take > unseen_pack.bit_count():
        raise error("odds-take-count", f"take: {take} cards, but only {unseen_pack.bit_count()} cards are unseen")
    return Question(hand_of_pack(held & ~out), hand_of_pack(unseen_pack), take)


def unseen_are_the_cards_neither_held_nor_seen(
    hand: Hand, seen: tuple[Card, ...], ruleset: Ruleset | str | None, result: Question,
) -> bool:
    """The unseen cards are every card of the pack the player neither holds nor has seen (rule
    exchange.take-from-top)."""
    pack = {
        s * BITS_PER_SUIT + r
        for s in range(len(ruleset_of(ruleset).pack.suits)) for r in range(len(ruleset_of(ruleset).pack.ranks))
    }
    return set(cards_of(result.unseen)) == pack - set(cards_of(hand)) - set(seen)


def as_many_taken_in_as_discarded(discard: tuple[Card, ...], take: int | None, result: Question) -> bool:
    """He takes in the number asked, by default and in any case with a discard as many as he discards (rule
    exchange.take-from-top; laws 30, 31)."""
    return result.take == (len(discard) if take is None else take) and (not discard or result.take == len(discard))


def chance(q: Question, cond: Condition, ruleset: Ruleset | str | None = None, limits: Limits = LIMITS) -> Chance:
    """The exact chance that the take-in of `q` satisfies `cond`.

    A fraction of the C(unseen, take) equally likely take-ins; all of two conditions is no likelier than
    either, any of them no less likely, and not a condition takes the take-ins it leaves; on a question of
    at most SMALL take-ins, the favourable ones are those that satisfy the condition's definition.

    raises: PiquetError
    rules: exchange.take-from-top
    post: __return__.combinations == comb(size(q.unseen), q.take)
    post: a_fraction_of_the_take_ins(__return__)
    post: all_of_no_likelier_than_each(q, cond, ruleset, __return__)
    post: any_of_no_less_likely_than_each(q, cond, ruleset, __return__)
    post: not_of_a_condition_takes_the_take_ins_it_leaves(q, cond, ruleset, __return__)
    rules: exchange.take-from-top, point.compare, sequence.definition, sequence.compare, sets.eligible-ranks
    post: __return__.combinations > SMALL or __return__.favourable == listed_favourable(q, cond, ruleset_of(ruleset))
    """
    rs = ruleset_of(ruleset)
    _check_question(q)
    features = features_of(check_condition(cond), rs)
    by_suit = any(f.kind in SUIT_KINDS for f in features)
    total = comb(size(q.unseen), q.take)
    good = 0
    for values, ways in joint(rs, q.kept, q.unseen, q.take, features, limits.odds_steps).items():
        if holds(cond, dict(zip(features, values)), by_suit, rs):
            good += ways
    return Chance(good, total)


def a_fraction_of_the_take_ins(result: Chance) -> bool:
    """The favourable take-ins are some of the take-ins, and the chance is a fraction of their number (rule
    exchange.take-from-top)."""
    return 0 <= result.favourable <= result.combinations and result.combinations % result.probability.denominator == 0


def all_of_no_likelier_than_each(q: Question, cond: Condition, ruleset: Ruleset | str | None, result: Chance) -> bool:
    """All of some conditions is no likelier than any one of them (rule exchange.take-from-top)."""
    return not isinstance(cond, AllOf) or all(result.favourable <= chance(q, c, ruleset).favourable for c in cond.items)


def any_of_no_less_likely_than_each(
    q: Question, cond: Condition, ruleset: Ruleset | str | None, result: Chance,
) -> bool:
    """Any of some conditions is no less likely than any one of them (rule exchange.take-from-top)."""
    return not isinstance(cond, AnyOf) or all(result.favourable >= chance(q, c, ruleset).favourable for c in cond.items)


def not_of_a_condition_takes_the_take_ins_it_leaves(
    q: Question, cond: Condition, ruleset: Ruleset | str | None, result: Chance,
) -> bool:
    """Not a condition is satisfied by exactly the take-ins the condition leaves (rule exchange.take-from-top)."""
    return not isinstance(cond, Not) or (
        result.favourable == result.combinations - chance(q, cond.item, ruleset).favourable
    )


def check_condition(cond: object, what: str = "condition") -> Condition:
    """`cond` if it is a condition tree of this module's types, else argument-invalid.

    (`verification.contracts.odds.condition_refused` states the refusal: exactly the malformed conditions, the
    message naming the part.)

    raises: PiquetError
    post: __return__ is cond and malformed_at(cond, what) is None
    """
    if isinstance(cond, (AllOf, AnyOf)):
        if not isinstance(cond.items, tuple) or not cond.items:
            raise error("argument-invalid", f"{what}: all/any needs a non-empty tuple of conditions")
        for i, item in enumerate(cond.items):
            check_condition(item, f"{what}[{i}]")
    elif isinstance(cond, Not):
        check_condition(cond.item, f"{what}.not")
    elif not isinstance(cond, CONDITION_TYPES) or not _leaf_ok(cond):
        raise error("argument-invalid", f"{what}: {shown(cond)} is not a condition (Count, PointAtLeast, SequenceAtLeast, SetHeld, AllOf, AnyOf, Not with fields in range)")
    return cond


def _leaf_ok(c: object) -> bool:
    def count(v: object) -> bool:
        return type(v) is int and v >= 0

    if isinstance(c, Count):
        return c.scope in ("taken", "hand") and count(c.cards) and c.cards < 1 << 32 and count(c.at_least) and (
            c.at_most is None or count(c.at_most) and c.at_most >= c.at_least
        )
    if isinstance(c, PointAtLeast):  # no suit makes 1 << POINT_SHIFT pips: more would spill into the key's length
        return count(c.length) and count(c.pips) and c.pips < 1 << POINT_SHIFT
    if isinstance(c, SequenceAtLeast):  # the top is a rank bit
        return count(c.length) and count(c.top) and c.top < BITS_PER_SUIT
    if isinstance(c, SetHeld):
        return count(c.count) and (c.rank is None or count(c.rank) and c.rank < BITS_PER_SUIT)
    return True


def _check_question(q: object) -> Question:
    if not isinstance(q, Question):
        raise error("argument-invalid", f"question must be a Question (see odds.question), got {type(q).__name__}")
    kept, unseen = check_hand(q.kept, "question.kept"), check_hand(q.unseen, "question.unseen")
    if any(a & b for a, b in zip(kept, unseen)) or type(q.take) is not int or not 0 <= q.take <= size(unseen):
        raise error("argument-invalid", f"question: {shown(q)} keeps unseen cards or takes a number outside 0..unseen")
    return q


# ------------------------------------------------------------------------------ what a take-in can bring


class Outlook(NamedTuple):
    """Every quantity a take-in can bring, with the number of take-ins giving each value (out of
    `combinations`): the point length and best sequence and set of the hand after (keys as in
    `suit`: 0 for none), and how many court cards are taken in."""

    combinations: int
    carte_blanche: bool  # the hand as given is carte blanche: court cards taken in are what can rescue it
    point: tuple[tuple[int, int], ...]
    sequence: tuple[tuple[int, int], ...]
    sets: tuple[tuple[int, int], ...]
    courts: tuple[tuple[int, int], ...]


def outlook(q: Question, hand: Hand, ruleset: Ruleset | str | None = None) -> Outlook:
    """The exact distribution of what the take-in of `q` brings; `hand` is the hand as dealt (for carte blanche).

    Each distribution shares out the C(unseen, take) take-ins; carte blanche is a hand of at least its
    least size without a court card; on a question of at most SMALL take-ins, each take-in is counted under
    the point length, best sequence, best set and court cards its cards give.

    raises: PiquetError
    rules: exchange.take-from-top
    post: __return__.combinations == comb(size(q.unseen), q.take)
    post: each_distribution_shares_out_the_take_ins(__return__)
    rules: carte-blanche.definition, pack.court
    post: carte_blanche_as_dealt(hand, ruleset, __return__)
    rules: point.compare, sequence.compare, sets.compare, pack.court
    post: the_outlook_as_listed(q, ruleset, __return__)
    """
    rs = ruleset_of(ruleset)
    _check_question(q)
    hand = check_hand(hand)
    court = sum(rs.carte_blanche.court_mask << (s * BITS_PER_SUIT) for s in range(len(rs.pack.suits)))

    def dist(f: Feature) -> dict[int, int]:
        out: dict[int, int] = defaultdict(int)
        for (v,), c in joint(rs, q.kept, q.unseen, q.take, (f,)).items():
            out[v] += c
        return out

    return Outlook(
        comb(size(q.unseen), q.take),
        carte_blanche(hand, rs),
        highest_first(dist(Feature("point_length"))),
        highest_first(dist(Feature("sequence_best"))),
        highest_first(dist(Feature("set_best"))),
        tuple(sorted(dist(Feature("count_taken", cards=court)).items())),
    )


def each_distribution_shares_out_the_take_ins(result: Outlook) -> bool:
    """Each distribution shares out every take-in, each value it lists given by some (rule exchange.take-from-top)."""
    return all(
        sum(n for _, n in d) == result.combinations and all(n > 0 for _, n in d)
        for d in (result.point, result.sequence, result.sets, result.courts)
    )


def carte_blanche_as_dealt(hand: Hand, ruleset: Ruleset | str | None, result: Outlook) -> bool:
    """The hand as dealt is carte blanche when it has at least the ruleset's least number of cards and no court card
    (rules carte-blanche.definition, pack.court)."""
    return result.carte_blanche == (
        size(hand) >= ruleset_of(ruleset).carte_blanche.min_cards
        and not any(ruleset_of(ruleset).carte_blanche.court_mask >> (c % BITS_PER_SUIT) & 1 for c in cards_of(hand))
    )


def the_outlook_as_listed(q: Question, ruleset: Ruleset | str | None, result: Outlook) -> bool:
    """On a question of at most SMALL take-ins, each take-in is counted under the point length, best sequence, best
    set and court cards its cards give (rules point.compare, sequence.compare, sets.compare, pack.court)."""
    return result.combinations > SMALL or (
        (result.point, result.sequence, result.sets, result.courts) == listed_outlook(q, ruleset_of(ruleset))
    )


# ------------------------------------------------------------------------------ ranking discards


class RankedDiscard(NamedTuple):
    discard: tuple[Card, ...]
    chance: Chance


def legal_discards(hand: Hand, player: Player, ruleset: Ruleset | str | None = None, elder_took: int | None = None) -> tuple[tuple[Card, ...], ...]:
    """Every discard `player` may make from `hand` (canonical card order, smaller first); the younger's
    limit assumes the elder took `elder_took` cards (by default the fewest he may).

    Exactly the sets of the hand's cards of a size within the player's limits (no more than the hand
    holds), each once.

    raises: PiquetError
    rules: exchange.elder-limits, exchange.younger-limits
    post: all(tuple(c for c in cards_of(hand) if c in d) == d and len(set(d)) == len(d) for d in __return__)
    post: each_discard_once_fewer_cards_first(__return__)
    post: all(len(d) in discard_sizes(player, elder_took, ruleset_of(ruleset)) for d in __return__)
    post: len(__return__) == sum(comb(size(hand), k) for k in discard_sizes(player, elder_took, ruleset_of(ruleset)))
    """
    rs = ruleset_of(ruleset)
    check_player(player)
    took = rs.exchange.elder_min if elder_took is None else elder_took
    least, most = discard_limits(player, took, rs)
    cards = cards_of(check_hand(hand))
    return tuple(d for k in range(least, min(most, len(cards)) + 1) for d in combinations(cards, k))


def each_discard_once_fewer_cards_first(result: tuple[tuple[Card, ...], ...]) -> bool:
    """Each discard is listed once, those of fewer cards first (rules exchange.elder-limits,
    exchange.younger-limits)."""
    return len(set(result)) == len(result) and [len(d) for d in result] == sorted(len(d) for d in result)


def rank_discards(
    hand: Hand,
    cond: Condition,
    player: Player = "elder",
    seen: tuple[Card, ...] = (),
    ruleset: Ruleset | str | None = None,
    elder_took: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[RankedDiscard, ...]:
    """Every legal discard of `hand` with the exact chance that its take-in satisfies `cond`, best first
    (equal chances in the order of `legal_discards`); `progress(done, total)` is told of each discard counted (the
    elder's 1,585 can take seconds).

    raises: PiquetError
    rules: exchange.elder-limits, exchange.younger-limits, exchange.take-from-top
    post: sorted(r.discard for r in __return__) == sorted(legal_discards(hand, player, ruleset, elder_took))
    post: each_discard_with_the_chance_of_its_take_in(hand, cond, seen, ruleset, __return__)
    post: best_first_equal_chances_in_legal_order(hand, player, ruleset, elder_took, __return__)
    """
    rs = ruleset_of(ruleset)
    check_condition(cond)
    out = []
    discards = legal_discards(hand, player, rs, elder_took)
    for d in discards:
        out.append(RankedDiscard(d, chance(question(hand, d, seen, None, None, rs), cond, rs)))
        if progress is not None:
            progress(len(out), len(discards))
    out.sort(key=lambda r: -r.chance.probability)
    return tuple(out)


def each_discard_with_the_chance_of_its_take_in(
    hand: Hand, cond: Condition, seen: tuple[Card, ...], ruleset: Ruleset | str | None,
    result: tuple[RankedDiscard, ...],
) -> bool:
    """Each discard is ranked by the chance that the take-in it leads to satisfies the condition (rule
    exchange.take-from-top)."""
    return all(r.chance == chance(question(hand, r.discard, seen, None, None, ruleset), cond, ruleset) for r in result)


def best_first_equal_chances_in_legal_order(
    hand: Hand, player: Player, ruleset: Ruleset | str | None, elder_took: int | None,
    result: tuple[RankedDiscard, ...],
) -> bool:
    """The discards come best chance first, those of equal chances in the order of `legal_discards` (rules
    exchange.elder-limits, exchange.younger-limits, exchange.take-from-top)."""
    return all(
        a.chance.probability > b.chance.probability
        or (
            a.chance.probability == b.chance.probability
            and legal_discards(hand, player, ruleset, elder_took).index(a.discard)
            < legal_discards(hand, player, ruleset, elder_took).index(b.discard)
        )
        for a, b in zip(result, result[1:])
    )


# ------------------------------------------------------------------------------ de Moivre's fifth problem


class HandCounts(NamedTuple):
    """Hands of `cards` cards: all of them, how many suit-length patterns they fall into, de Moivre's
    count (over each pattern, the product of the ways to choose each suit's ranks) and the number of
    hands distinct up to a permutation of the suits."""

    cards: int
    total: int
    patterns: int
    by_suit_lengths: int
    up_to_suit_permutation: int


def distinct_hands(cards: int | None = None, ruleset: Ruleset | str | None = None) -> HandCounts:
    """The counts of `HandCounts` for hands of `cards` cards (by default a dealt hand) from the ruleset's pack.

    raises: PiquetError
    rules: pack.cards, deal.sizes
    post: __return__.cards == (ruleset_of(ruleset).pack.hand_size if cards is None else cards)
    post: the_counts_of_the_rulesets_pack(ruleset, __return__)
    post: every_hand_of_the_pack(ruleset, __return__)
    post: fewer_up_to_the_suits_than_in_all(ruleset, __return__)
    """
    rs = ruleset_of(ruleset)
    n_suits, n_ranks = len(rs.pack.suits), len(rs.pack.ranks)
    cards = rs.pack.hand_size if cards is None else cards
    if type(cards) is not int or not 0 <= cards <= n_suits * n_ranks:
        raise error("argument-invalid", f"cards must be a count 0..{n_suits * n_ranks}, got {shown(cards)}")
    return hand_counts(cards, n_suits, n_ranks)


def the_counts_of_the_rulesets_pack(ruleset: Ruleset | str | None, result: HandCounts) -> bool:
    """The counts are those of a pack of the ruleset's suits and ranks (rule pack.cards)."""
    return result == hand_counts(result.cards, len(ruleset_of(ruleset).pack.suits), len(ruleset_of(ruleset).pack.ranks))


def every_hand_of_the_pack(ruleset: Ruleset | str | None, result: HandCounts) -> bool:
    """The hands are every set of so many cards of the ruleset's pack (rules pack.cards, deal.sizes)."""
    return result.total == comb(len(ruleset_of(ruleset).pack.suits) * len(ruleset_of(ruleset).pack.ranks), result.cards)


def fewer_up_to_the_suits_than_in_all(ruleset: Ruleset | str | None, result: HandCounts) -> bool:
    """Hands distinct up to the suits are no more than de Moivre's count, itself no more than every hand, and each
    stands for at most one hand per ordering of the suits (rule pack.cards)."""
    return (
        result.up_to_suit_permutation
        <= result.by_suit_lengths
        <= result.total
        <= result.up_to_suit_permutation * factorial(len(ruleset_of(ruleset).pack.suits))
    )


def hand_counts(cards: int, n_suits: int, n_ranks: int) -> HandCounts:
    """`HandCounts` for a pack of `n_suits` suits of `n_ranks` ranks.

    A hand up to suit permutation is a multiset of per-suit rank masks, so within each group of `m`
    suits of one length `k` it counts the multisets of `m` of the C(n_ranks, k) masks, where de Moivre
    counts their ordered tuples.

    The patterns are the ways to share the cards among the suits longest first; the hands of every
    ordering of every pattern make up all the hands; de Moivre's count takes one ordering of each pattern;
    the hands distinct up to suits are the orbits of the suit permutations (Burnside's lemma).

    rules: pack.cards
    pre: 0 <= n_suits <= 4 and 0 <= n_ranks <= BITS_PER_SUIT and 0 <= cards <= n_suits * n_ranks
    post: __return__.cards == cards and __return__.total == comb(n_suits * n_ranks, cards)
    post: __return__.patterns == len(suit_length_patterns(cards, n_suits, n_ranks))
    post: every_ordering_of_every_pattern_makes_all_hands(cards, n_suits, n_ranks, __return__)
    post: de_moivre_takes_one_ordering_of_each_pattern(cards, n_suits, n_ranks, __return__)
    post: __return__.up_to_suit_permutation == orbits(cards, n_suits, n_ranks)
    """
    patterns = _patterns(cards, n_suits, n_ranks)
    by_lengths = up_to = 0
    for pattern in patterns:
        ordered = unordered = 1
        for k in set(pattern):
            m = pattern.count(k)
            ordered *= comb(n_ranks, k) ** m
            unordered *= comb(comb(n_ranks, k) + m - 1, m)
        by_lengths += ordered
        up_to += unordered
    return HandCounts(cards, comb(n_suits * n_ranks, cards), len(patterns), by_lengths, up_to)


def every_ordering_of_every_pattern_makes_all_hands(cards: int, n_suits: int, n_ranks: int, result: HandCounts) -> bool:
    """The hands of every ordering of every suit-length pattern make up all the hands (rule pack.cards)."""
    return sum(
        arrangements(p) * prod(comb(n_ranks, k) for k in p) for p in suit_length_patterns(cards, n_suits, n_ranks)
    ) == result.total


def de_moivre_takes_one_ordering_of_each_pattern(cards: int, n_suits: int, n_ranks: int, result: HandCounts) -> bool:
    """De Moivre's count takes one ordering of each suit-length pattern, each suit's ranks chosen every way (rule
    pack.cards)."""
    return result.by_suit_lengths == sum(
        prod(comb(n_ranks, k) for k in p) for p in suit_length_patterns(cards, n_suits, n_ranks)
    )


def _patterns(total: int, parts: int, most: int) -> list[tuple[int, ...]]:
    """Suit lengths, longest first, each at most `most`, summing to `total` over `parts` suits."""
    if parts == 0:
        return [()] if total == 0 else []
    return [(k, *rest) for k in range(min(total, most), -1, -1) for rest in _patterns(total - k, parts - 1, k)]

