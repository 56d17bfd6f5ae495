"""`evaluate_hand` on every twelve-card hand, and the comparison on every pair of keys such hands hold.

The whole check (one hand of each of the 9,662,590 orbits of the suit permutations, against the plain definition of
`verification/hand_definition.py`) takes minutes: `python -m verification.every_hand --jobs 2` runs it and records it
in `verification/results/every_hand.json`, with a digest of the sources it depends on. Here:

- the standard tier checks that the representatives are one hand of each orbit (their number against Burnside's
  count, and on small hands against listing every hand), a slice of them under every ruleset and in every order of
  the suits, every pair of recorded keys compared as the rules say, and that the check finds a bug planted in a copy
  of the evaluator;
- the deep tier checks a slice of one representative in twenty and that the record is complete, without a
  difference, and fresh: a change to the evaluator, the definition, the driver or the rule tables makes it stale
  until the run is repeated.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, islice, permutations
from math import comb
from typing import Any

import pytest

from piquet_ref import load_ruleset
from piquet_ref.hand.cards import BITS_PER_SUIT, Hand, hand_of
from piquet_ref.hand.declarations import DECL_CATEGORIES, KEY_PARTS, Comparison, DeclCategory, evaluate_hand
from piquet_ref.odds.definitions import orbits
from piquet_ref.rules.tables import ruleset_ids
from verification.calibration.planted_hand import planted_evaluator
from verification.every_hand import (
    HAND_CARDS,
    SUIT_ORDERS,
    check,
    entries_of,
    first_failure,
    read_record,
    reading,
    representatives,
    sources_digest,
)
from verification.hand_definition import Strength, verdict

RS = load_ruleset()
RD = reading(RS)
RECORD = read_record()
EVERY_HAND_RULES = ("pack.rank-order", "pack.pips", "pack.court", "point.compare", "point.score", "sequence.definition",
                    "sequence.score", "sets.eligible-ranks", "sets.score", "carte-blanche.definition")
COMPARISON_RULES = ("point.compare", "point.equal", "sequence.compare", "sequence.equal-nullifies", "sequence.good-scores-all",
                    "sets.compare", "sets.good-scores-all")


STANDARD_STRIDE = 2000  # the standard tier's slice: one representative in so many
ORDERS_STRIDE = 40000  # every order of the suits of one in so many
RULESET_STRIDE = 20000  # under every ruleset, one in so many
DEEP_STRIDE = 20  # the deep tier's slice


@lru_cache(maxsize=None)
def one_in(stride: int, start: int = 0) -> tuple[tuple[int, int, int, int], ...]:
    """Every `stride`-th representative, from the `start`-th."""
    return tuple(islice(representatives(), start, None, stride))


# ------------------------------------------------------------------------------ the representatives


def test_the_representatives_are_as_many_as_the_orbits_of_the_suit_permutations() -> None:
    """One sorted tuple of suit masks per orbit: as many as Burnside's lemma counts (odds.definitions.orbits)."""
    assert sum(1 for _ in representatives()) == orbits(HAND_CARDS, len(Hand._fields), BITS_PER_SUIT)


@pytest.mark.parametrize("cards", [2, 3])
def test_on_small_hands_the_sorted_mask_tuples_are_exactly_the_orbits(cards: int) -> None:
    """Listing every hand of `cards` cards: the sorted tuple of its masks names its orbit (the hands that permuting
    the suits makes of it, and no other), and `representatives` lists each orbit once."""
    orbit_of: dict[tuple[int, ...], frozenset[tuple[int, ...]]] = {}
    for chosen in combinations(range(len(Hand._fields) * BITS_PER_SUIT), cards):
        hand = tuple(hand_of(chosen))
        orbit_of[hand] = frozenset(tuple(hand[i] for i in order) for order in permutations(range(len(hand))))
    assert len(orbit_of) == comb(32, cards)
    named = {hand: tuple(sorted(hand)) for hand in orbit_of}
    by_name: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    for hand, name in named.items():
        by_name.setdefault(name, set()).add(hand)
    assert all(by_name[name] == orbit_of[hand] for hand, name in named.items())  # the hands of a name are an orbit
    assert sorted(representatives(cards)) == sorted(by_name)
    assert len(set(orbit_of.values())) == orbits(cards, len(Hand._fields), BITS_PER_SUIT)


# ------------------------------------------------------------------------------------- slices


def test_a_slice_of_every_hand_agrees_with_the_plain_definition() -> None:
    """One representative in STANDARD_STRIDE, each in the next order of the suits; the keys they hold are recorded."""
    part = check(iter(one_in(STANDARD_STRIDE)), evaluate_hand, RD)
    assert part.hands > 4000 and part.failing == 0, part.differences
    recorded = {c: set(rows) for c, rows in entries_of(RECORD).items()}
    assert all((k, v, s) in recorded[DECL_CATEGORIES[i]] for i, k, v, s in part.entries)


def test_every_order_of_the_suits_of_a_slice_agrees_with_the_plain_definition() -> None:
    """The suit order decides which of two equal points is named and how equal sequences are listed: every one of
    the 24 orders of one representative in ORDERS_STRIDE."""
    hands = [tuple(masks[i] for i in order) for masks in one_in(ORDERS_STRIDE, 7) for order in SUIT_ORDERS]
    part = check(iter(hands), evaluate_hand, RD)  # type: ignore[arg-type]
    assert part.hands == 24 * len(one_in(ORDERS_STRIDE, 7)) and part.failing == 0, part.differences


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_a_slice_agrees_with_the_definition_under_every_ruleset(ruleset: str) -> None:
    """The rulesets differ in what a point scores (one a card, by tens of pips, one less on a four), and the
    definition reads each one's tables: the same slice under each."""
    rs = load_ruleset(ruleset)
    part = check(iter(one_in(RULESET_STRIDE, 3)), evaluate_hand, reading(rs))
    assert part.failing == 0, part.differences


# ------------------------------------------------------------------------------ the calibration


def test_the_check_finds_the_bug_planted_in_a_copy_of_the_evaluator() -> None:
    """A six-card point of sixty pips reported as fifty-nine: the check of the representatives in order finds it
    (the recorded run says after how many, and how often a property at the standard profile missed it)."""
    checked, found, difference = first_failure(planted_evaluator(), RD)
    assert found and "point" in difference, difference
    assert not check(islice(representatives(), checked), evaluate_hand, RD).failing  # the evaluator itself is right there
    planted = RECORD["planted"]
    assert planted["found"] and planted["found_after"] == checked


# -------------------------------------------------------------------------------- comparisons


def pairs(category: DeclCategory) -> list[tuple[tuple[int, int, Strength | None], tuple[int, int, Strength | None]]]:
    """Every pair of (key, value, strength) a twelve-card hand holds in `category` (the recorded run's), nothing
    declared included: a superset of the pairs two disjoint hands can hold."""
    entries = sorted(set(entries_of(RECORD)[category]) | {(0, 0, None)}, key=str)
    return [(e, y) for e in entries for y in entries]


@pytest.mark.rules(*COMPARISON_RULES)
@pytest.mark.parametrize("category", DECL_CATEGORIES)
def test_every_pair_of_keys_two_hands_can_hold_compares_as_the_rules_say(category: DeclCategory) -> None:
    """The Comparison the scorer builds from two hands' keys and values (table_comparison) gives each side the
    verdict of the definition (laws 62-64), the deciding part, and the good side all its points, the other none."""
    i = DECL_CATEGORIES.index(category)
    first, second = KEY_PARTS[category][:2]
    n = 0
    for (ek, ev, es), (yk, yv, ys) in pairs(category):
        keys, values = [0] * 6, [0] * 6
        keys[2 * i], keys[2 * i + 1], values[2 * i], values[2 * i + 1] = ek, yk, ev, yv
        comparison = Comparison(tuple(keys), tuple(values))  # type: ignore[arg-type]
        c = comparison.category(category)
        want = (verdict(es, ys), verdict(ys, es))
        assert (c.status("elder"), c.status("younger")) == want, (category, es, ys)
        assert (c.elder_points, c.younger_points) == (ev if want[0] == "good" else 0, yv if want[1] == "good" else 0)
        assert comparison.good(category) == (0 if want[0] == "good" else 1 if want[1] == "good" else None)
        if "good" in want:
            assert c.deciding == ("unopposed" if None in (es, ys) else first if es[0] != ys[0] else second)  # type: ignore[index]
        n += 1
    assert n == len(pairs(category)) > 1


# ------------------------------------------------------------------------------ the deep tier


@pytest.mark.deep
def test_one_representative_in_twenty_agrees_with_the_plain_definition() -> None:
    part = check(iter(one_in(DEEP_STRIDE, 11)), evaluate_hand, RD)
    assert part.hands > 480000 and part.failing == 0, part.differences


@pytest.mark.deep
@pytest.mark.rules(*EVERY_HAND_RULES)
def test_the_recorded_run_covers_every_hand_without_a_difference_and_is_fresh() -> None:
    """The record: every orbit checked, none differing, the planted bug found, and made from the sources as they are."""
    record: dict[str, Any] = RECORD
    assert record["representatives"] == record["orbits"] == orbits(HAND_CARDS, len(Hand._fields), BITS_PER_SUIT)
    assert record["hands"] == comb(32, HAND_CARDS) and record["failing"] == 0 and not record["differences"]
    assert record["planted"]["found"]
    assert record["sources_sha256"] == sources_digest(), (
        "the evaluator, the definition, the driver or the rule tables changed since the recorded run: "
        "run `python -m verification.every_hand --jobs 2` and `python -m verification.every_hand --planted` again")
