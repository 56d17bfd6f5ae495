"""Exhaustive proofs over finite domains: each fast evaluator equals a plain definition of the rule.

The definitions here work on lists of rank symbols (as a player reads his cards), not on bit masks,
and are written from the rule statements in spec/ (the numbers come from the spec tables). Every
element of each domain is checked, so within these domains agreement is proven, not sampled:

- all 256 subsets of a suit: length, pips, point key, sequences (runs, best, points), set spread;
- every distribution of counts 0..4 over the set ranks (5^5): best set and points of all sets;
- every pair of sequence keys, of point keys and of set keys: the comparison and its verdict;
- every name of a sequence (length x top card);
- every number of tricks 0..12 won by the elder: the cards and capot.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product

import pytest

from piquet_ref import load_ruleset
from piquet_ref.hand.cards import BITS_PER_SUIT, Hand
from piquet_ref.hand.declarations import Sequence, sequence_name, verdict
from piquet_ref.rules.ruleset import PLAYERS, SCORE_KEYS, AccretionRules
from piquet_ref.deal.result import PlayerScore
from piquet_ref.deal.accretion import bonuses, cards_scores
from piquet_ref.hand.suit import (
    MASKS,
    length,
    pips,
    point_key,
    point_length,
    point_pips,
    runs,
    sequence_key,
    SET_FIELD_BITS,
    set_key,
    tables,
)

RS = load_ruleset()


def set_counts(spread_sum: int, n_fields: int) -> tuple[int, ...]:
    """Decode a summed spread (3-bit count fields, one per eligible rank) into each rank's count."""
    field = (1 << SET_FIELD_BITS) - 1
    return tuple(spread_sum >> (SET_FIELD_BITS * j) & field for j in range(n_fields))
T = tables(RS)
HIGH_FIRST = [r.symbol for r in reversed(RS.pack.ranks)]  # A K Q J T 9 8 7
PIP = {r.symbol: r.pips for r in RS.pack.ranks}
SET_RANKS = [RS.pack.ranks[b].symbol for b in RS.sets.ranks]
MIN_RUN = RS.sequences.min_length


BIT = {r.symbol: bit for bit, r in enumerate(RS.pack.ranks)}  # where a rank sits in a suit mask


def held(mask: int) -> list[str]:
    """The rank symbols a suit mask holds, highest first (the only place a mask is decoded)."""
    return [sym for sym in HIGH_FIRST if mask >> BIT[sym] & 1]


def definitional_runs(ranks: list[str]) -> list[tuple[int, str]]:
    """Every sequence in one suit: a maximal stretch of ranks next to each other in rank order, of at least the minimum length."""
    out: list[tuple[int, str]] = []
    stretch: list[str] = []
    for sym in HIGH_FIRST + [""]:  # the sentinel ends the last stretch
        if sym in ranks:
            stretch.append(sym)
            continue
        if len(stretch) >= MIN_RUN:
            out.append((len(stretch), stretch[0]))
        stretch = []
    return out


def rank_index(sym: str) -> int:
    """Position in rank order, higher is better."""
    return len(HIGH_FIRST) - HIGH_FIRST.index(sym)


# ------------------------------------------------------------------------------ 256 suit masks


@pytest.mark.rules("pack.rank-order", "pack.pips", "point.compare", "sequence.definition", "sequence.score", "sets.eligible-ranks")
@pytest.mark.parametrize("mask", MASKS)
def test_per_suit_evaluators_equal_the_definitions_for_every_subset_of_a_suit(mask: int) -> None:
    """Length, pips, point key, runs, best run, points of all runs and the set spread of one suit."""
    ranks = held(mask)
    assert length(mask) == len(ranks)
    assert pips(mask, tuple(r.pips for r in RS.pack.ranks)) == sum(PIP[s] for s in ranks)
    assert T.point[mask] == point_key(len(ranks), sum(PIP[s] for s in ranks))
    expected = definitional_runs(ranks)
    got = [(n, RS.pack.ranks[top].symbol) for n, top in runs(mask, MIN_RUN)]
    assert got == expected  # highest first, as the definition walks the ranks
    assert T.runs[mask] == runs(mask, MIN_RUN)
    every_run = [  # every stretch of ranks next to each other within the suit's, of at least the minimum length
        (len(ranks[i:j]), ranks[i]) for i in range(len(ranks)) for j in range(i + MIN_RUN, len(ranks) + 1)
        if HIGH_FIRST.index(ranks[j - 1]) - HIGH_FIRST.index(ranks[i]) == j - 1 - i
    ]
    got_within = [(m.bit_count(), RS.pack.ranks[m.bit_length() - 1].symbol) for m in T.runs_within[mask]]
    assert sorted(got_within) == sorted(every_run) and len(set(got_within)) == len(got_within)
    assert [m.bit_length() for m in T.runs_within[mask]] == sorted(m.bit_length() for m in T.runs_within[mask])  # by top, lowest first
    best = max(expected, key=lambda r: (r[0], rank_index(r[1])), default=None)
    assert T.seq_best[mask] == (0 if best is None else sequence_key(best[0], BIT[best[1]]))
    assert T.seq_points[mask] == sum(RS.sequences.values[n] for n, _ in expected)
    counts = set_counts(T.spread[mask], len(SET_RANKS))
    assert list(counts) == [1 if sym in ranks else 0 for sym in SET_RANKS]


def test_a_suit_mask_is_all_256_subsets_of_the_eight_ranks() -> None:
    """The domain above is complete: every subset of the ranks of one suit, once."""
    assert len(MASKS) == 2 ** len(RS.pack.ranks) == 256
    assert len({tuple(held(m)) for m in MASKS}) == 256


# ------------------------------------------------------------------------- set count vectors


@pytest.mark.rules("sets.score", "sets.compare", "sets.good-scores-all")
@pytest.mark.parametrize("counts", list(product(range(len(RS.pack.suits) + 1), repeat=len(SET_RANKS))))
def test_set_tables_equal_the_definition_for_every_distribution_of_counts(counts: tuple[int, ...]) -> None:
    """Quatorze beats trio, then the higher rank; the good side scores every set it holds."""
    spread = sum(c << (3 * j) for j, c in enumerate(counts))
    assert set_counts(spread, len(SET_RANKS)) == counts
    scoring = [(c, sym) for c, sym in zip(counts, SET_RANKS) if c in RS.sets.values]
    best = max(scoring, key=lambda cs: (cs[0], rank_index(cs[1])), default=None)
    expected_best = 0 if best is None else set_key(best[0], BIT[best[1]])
    assert T.set_best[spread] == expected_best
    best_first = sorted(scoring, key=lambda cs: (cs[0], rank_index(cs[1])), reverse=True)
    assert T.set_held[spread] == tuple((BIT[sym], c) for c, sym in best_first)
    assert T.set_points[spread] == sum(RS.sets.values[c] for c, _ in scoring)


@pytest.mark.rules("sets.eligible-ranks")
def test_only_the_spec_counts_and_ranks_make_sets() -> None:
    """Trio and quatorze are the only scoring counts; nines and below never make a set."""
    assert sorted(RS.sets.values) == [3, 4]
    assert SET_RANKS == ["T", "J", "Q", "K", "A"]


# ------------------------------------------------------------------------------ comparisons


def expected_status(mine: tuple[int, int] | None, theirs: tuple[int, int] | None) -> str:
    """Definition of good / equal: compare the first component, then the second; a holding beats nothing."""
    if mine is None:
        return "none"
    if theirs is None:
        return "good"
    if mine[0] != theirs[0]:
        return "good" if mine[0] > theirs[0] else "not_good"
    if mine[1] != theirs[1]:
        return "good" if mine[1] > theirs[1] else "not_good"
    return "equal"


SEQ_KEYS: list[tuple[int, int] | None] = [None] + [
    (n, top) for n in range(MIN_RUN, BITS_PER_SUIT + 1) for top in range(n - 1, BITS_PER_SUIT)
]
SET_KEYS: list[tuple[int, int] | None] = [None] + [(c, r) for c in sorted(RS.sets.values) for r in RS.sets.ranks]
POINT_PIPS = {n: sorted({sum(PIP[s] for s in held(m)) for m in MASKS if length(m) == n}) for n in range(1, BITS_PER_SUIT + 1)}
POINT_KEYS: list[tuple[int, int] | None] = [None] + [(n, p) for n in POINT_PIPS for p in POINT_PIPS[n]]


def encode(category: str, key: tuple[int, int] | None) -> int:
    if key is None:
        return 0
    if category == "point":
        return point_key(*key)
    return sequence_key(*key) if category == "sequences" else set_key(*key)


@pytest.mark.parametrize(
    "category, keys",
    [("sequences", SEQ_KEYS), ("sets", SET_KEYS), ("point", POINT_KEYS)],
    ids=["sequences", "sets", "point"],
)
@pytest.mark.rules("point.compare", "point.equal", "sequence.compare", "sequence.equal-nullifies", "sets.compare")
def test_every_pair_of_keys_compares_as_the_rule_says(category: str, keys: list[tuple[int, int] | None]) -> None:
    """Longer beats shorter, then higher top (sequence) / rank (set) / pips (point); only identical keys are equal."""
    for e, y in product(keys, repeat=2):
        c = verdict(category, encode(category, e), encode(category, y), 7, 5)  # type: ignore[arg-type]
        assert (c.status("elder"), c.status("younger")) == (expected_status(e, y), expected_status(y, e)), (category, e, y)
        assert (c.elder_key, c.younger_key) == (e, y)
        assert (c.elder_points, c.younger_points) == ((7 if c.winner == "elder" else 0), (5 if c.winner == "younger" else 0))
        if category == "sets" and e is not None and y is not None:
            assert c.outcome != "equal" or e == y  # two players can never hold equal sets
    assert all(point_length(encode("point", k)) == k[0] and point_pips(encode("point", k)) == k[1] for k in POINT_KEYS if k)


def test_the_key_domains_are_complete() -> None:
    """21 sequences (6 tierces ... 1 huitième), 10 sets, and every reachable (length, pips) of a point."""
    assert len(SEQ_KEYS) - 1 == sum(BITS_PER_SUIT + 1 - n for n in range(MIN_RUN, BITS_PER_SUIT + 1)) == 21
    assert len(SET_KEYS) - 1 == 10
    assert POINT_PIPS[BITS_PER_SUIT] == [sum(PIP.values())]


@pytest.mark.rules("sequence.names")
@pytest.mark.parametrize("key", [k for k in SEQ_KEYS if k])
def test_every_sequence_is_named_by_length_and_top_card(key: tuple[int, int]) -> None:
    """Major when headed by the ace, minor when it ends at the seven, otherwise 'to' its top card."""
    n, top = key
    name = sequence_name(Sequence(0, n, top), RS)
    length_name = RS.sequences.names[n]
    if top == BITS_PER_SUIT - 1:
        assert name == RS.sequences.major.format(length=length_name)
    elif top == n - 1:
        assert name == RS.sequences.minor.format(length=length_name)
    else:
        assert name == RS.sequences.other.format(length=length_name, top=RS.pack.ranks[top].name)


# ------------------------------------------------------------------------------ the cards


@pytest.mark.rules("cards.majority", "cards.divided", "capot.score")
@pytest.mark.parametrize("won", range(RS.play.tricks + 1))
def test_the_cards_and_capot_for_every_number_of_tricks_won(won: int) -> None:
    """More than half the tricks wins the cards; six-all divides them; all twelve is a capot on top."""
    cards = RS.cards.points if 2 * won > RS.play.tricks else 0
    capot = RS.cards.capot_points if won == RS.play.tricks else 0
    assert cards_scores(won, RS) == (cards, capot)
    assert cards_scores(won, RS)[0] == 0 or cards_scores(RS.play.tricks - won, RS)[0] == 0  # never both


def test_a_player_score_is_the_ten_fixed_result_keys_in_order() -> None:
    """The ten fixed result keys (docs/formats.md): the nine score keys, then the total (the scorer fills them by position)."""
    assert PlayerScore._fields == (*SCORE_KEYS, "total") and len(PlayerScore._fields) == 10


def test_a_hand_is_four_suit_masks() -> None:
    """The representation the domains above are taken over."""
    assert Hand._fields == ("s", "h", "d", "c") and len(RS.pack.suits) == 4


# ------------------------------------------------------------------ repique and pique decisions

ACC = RS.accretion
HAND_CATEGORIES = [c for c in ACC.order if c in ACC.hand]  # carte blanche, point, sequences, sets
# Points a good holding can score in each hand category, chosen around the threshold of thirty.
HAND_VALUES = {"carte_blanche": [RS.carte_blanche.points], "point": [4, 5, 8], "sequences": [3, 4, 15, 16, 18, 19],
               "sets": [3, 14, 17, 28]}


def hand_profiles() -> list[list[tuple[int, str, int]]]:
    """Every assignment of each hand category to nobody, the elder or the younger, with each value."""
    options = [[None] + [(p, c, v) for p in (0, 1) for v in HAND_VALUES[c]] for c in HAND_CATEGORIES]
    return [[s for s in choice if s is not None] for choice in product(*options)]


def expected_bonuses(scores: list[tuple[int, str, int]], acc: AccretionRules = ACC) -> set[tuple[int, int, str]]:
    """The rule text: a player wins a repique with thirty in hand alone, and the elder a pique with thirty in
    hand and play, counting only his scores that reckon before the adversary's first score; a repique
    excludes the pique unless the bonuses are cumulative. Returns (index of the score reaching thirty,
    player, bonus). `acc` varies only who may win each bonus and whether both may be won."""
    won: set[tuple[int, int, str]] = set()
    for player in (0, 1):
        adverse = next((i for i, s in enumerate(scores) if s[0] != player and s[2] > 0), len(scores))
        hand_total = play_total = 0
        repique_at = pique_at = None
        for i, (who, category, points) in enumerate(scores[:adverse]):
            if who != player:
                continue
            play_total += points
            if category in ACC.hand:
                hand_total += points
                if repique_at is None and hand_total >= ACC.repique.threshold:
                    repique_at = i
            if pique_at is None and play_total >= ACC.pique.threshold:
                pique_at = i
        reached = [(at, order, bonus) for at, order, bonus in ((repique_at, 0, "repique"), (pique_at, 1, "pique"))
                   if at is not None and PLAYERS[player] in (acc.repique if bonus == "repique" else acc.pique).players]
        for at, _, bonus in sorted(reached)[: None if acc.cumulative else 1]:  # the first reached; the repique on a tie
            won.add((at, player, bonus))
    return won


@pytest.mark.rules("accretion.order", "repique.score", "pique.score", "pique.elder-only", "bonus.not-cumulative")
@pytest.mark.parametrize("elder_run", range(RS.play.tricks + 2))
def test_repique_and_pique_for_every_hand_profile_and_run_of_elder_play_points(elder_run: int) -> None:
    """Each hand category nobody's, the elder's or the younger's (values around thirty), then the elder
    scoring `elder_run` points in play before the younger's first: bonuses() equals the rule text."""
    assert ACC.pique.players == frozenset({"elder"}) and not ACC.cumulative  # what the definition states
    for profile in hand_profiles():
        scores = profile + [(0, "play", 1)] * elder_run + [(1, "play", 1), (0, "play", 1)]
        got = set(bonuses(scores, ACC))  # type: ignore[arg-type]
        assert got == expected_bonuses(scores), (profile, elder_run)


VARIANTS = [
    replace(ACC, cumulative=cumulative, repique=replace(ACC.repique, players=frozenset(rep)), pique=replace(ACC.pique, players=frozenset(piq)))
    for cumulative in (False, True) for rep in (PLAYERS, ("elder",)) for piq in (PLAYERS, ("younger",))
]


def _variant_id(acc: AccretionRules) -> str:
    return f"cumulative={acc.cumulative}-repique={'+'.join(sorted(acc.repique.players))}-pique={'+'.join(sorted(acc.pique.players))}"


@pytest.mark.rules("repique.score", "pique.score", "bonus.not-cumulative")
@pytest.mark.parametrize("acc", VARIANTS, ids=_variant_id)
@pytest.mark.parametrize("run", [0, 9, 14, 15, 30])
def test_bonus_variants_for_every_hand_profile(acc: AccretionRules, run: int) -> None:
    """Bonuses cumulative or not, each open to either player or one: for every hand profile, then `run` play
    points to whoever scored first (or the elder), bonuses() equals the rule text so varied."""
    for profile in hand_profiles():
        first = profile[0][0] if profile else 0
        scores = profile + [(first, "play", 1)] * run + [(1 - first, "play", 1)]
        got = set(bonuses(scores, acc))  # type: ignore[arg-type]
        assert got == expected_bonuses(scores, acc), (profile, run)


@pytest.mark.rules("bonus.equalities-do-not-save")
def test_scores_of_no_points_are_not_counting_scores() -> None:
    """An equality scores nothing: a zero does not stop the elder's pique nor count for anyone."""
    scores = [(1, "point", 0), (0, "sequences", 15), (0, "sets", 14)] + [(0, "play", 1)] * 2
    assert bonuses(scores, ACC) == ((3, 0, "pique"),)  # type: ignore[arg-type]

