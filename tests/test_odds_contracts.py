"""The contracts of the take-in odds (piquet_ref/odds/take_in.py) evaluated at run time, and a calibration.

Each condition is read from the docstring as CrossHair reads it (`broken`) and evaluated on every input of a
box where the domain is small (the hand counts of every pack of up to four suits of up to eight ranks, every
hand size of every ruleset), else on Hypothesis inputs: hands, questions leaving 4 to 11 cards unseen (so
that the definitional postconditions list every take-in), condition trees, malformed ones too, and on the
inputs of the corpus's odds cases. The calibration plants one-token bugs in copies of the module and requires
each to be caught by the postcondition it names.
"""

from __future__ import annotations

from itertools import product
from pathlib import Path
from typing import Any, Callable, Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_ref.odds import take_in as odds
from piquet_ref.odds import definitions as odds_contracts
from verification.contracts import odds as odds_refusals
from piquet_ref.hand.cards import PACK_SIZE, Hand, hand_of
from piquet_ref.runner.corpus import load_cases
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.loader import load_ruleset
from piquet_ref.rules.tables import ruleset_ids
from piquet_ref.odds.conditions import (
    SUIT_KINDS, AllOf, AnyOf, Condition, Count, Feature, Not, PointAtLeast, Question, SequenceAtLeast, SetHeld,
)
from piquet_ref.protocol.odds import parse_question
from piquet_ref.protocol.ops import run_op
from piquet_ref.strategies import hands

from verification.calibration.planted_deal import Plant
from verification.crosshair import contracts
from verification.runtime import assert_caught, broken, broken_by, plant
from tests.support import CONDITIONS, examples

ROOT = Path(__file__).resolve().parent.parent
RULESETS = tuple(load_ruleset(r) for r in ruleset_ids())
RS = load_ruleset()
MODULES = (odds, odds_contracts, odds_refusals)
CHECKED = {"lines_of", "joint", "features_of", "leaf_features", "holds", "question", "chance", "check_condition", "outlook",
           "legal_discards", "rank_discards", "distinct_hands", "hand_counts", "condition_refused"}
OUTLOOK_FEATURES = (Feature("point_length"), Feature("sequence_best"))  # read along the suits
RANK_FEATURES = (Feature("set_best"), Feature("set", key=3), Feature("set", key=4, rank=6))  # along the ranks


def assert_kept(module: Any, calls: Iterable[tuple[str, tuple[Any, ...]]]) -> None:
    """Every call meets its function's preconditions and breaks none of its postconditions."""
    bad = broken_by(module, calls)
    assert not bad, sorted(bad)


def test_the_functions_with_contracts_are_exactly_those_checked_here() -> None:
    assert {c.function for c in contracts(tuple(m.__name__ for m in MODULES))} == CHECKED


# --- boxes --------------------------------------------------------------------------------------------


def test_hand_counts_keep_their_contract_on_every_pack_of_up_to_four_suits_of_eight_ranks() -> None:
    """A box past the preconditions: -1 to 13 cards, 0 to 5 suits, 0 to 9 ranks."""
    checked = 0
    for args in product(range(-1, 14), range(0, 6), range(0, 10)):
        bad = broken(odds, "hand_counts", args)
        if bad is None:
            continue
        checked += 1
        assert not bad, (args, bad)
    assert 300 < checked < 14 * 6 * 10


def test_distinct_hands_keep_their_contract_for_every_hand_size_under_every_ruleset() -> None:
    assert_kept(odds, (("distinct_hands", (n, rs)) for rs in RULESETS for n in (None, "12", -1, *range(0, 34))))


def test_legal_discards_keep_their_contract_for_every_player_size_and_elder_take() -> None:
    """Hands of 0 to 12 cards, both players, every number the elder may have taken (and past it)."""
    sizes = [hand_of(range(3, 3 + n)) for n in (0, 1, 2, 5, 8, 12)]
    assert_kept(odds, (("legal_discards", (h, p, rs, took)) for rs in RULESETS for h in sizes for p in ("elder", "younger", "dealer")
                       for took in (None, -1, 0, 3, 5, 8, 9)))


# --- Hypothesis inputs ----------------------------------------------------------------------------------


@st.composite
def small_questions(draw: st.DrawFn) -> tuple[Question, Hand, tuple[int, ...], tuple[int, ...]]:
    """A hand, a discard and seen cards leaving 4 to 11 cards unseen, so every take-in can be listed: the
    question, the hand, the discard and the cards seen."""
    deck = draw(st.permutations(range(PACK_SIZE)))
    unseen = draw(st.integers(4, 11))
    held = draw(st.integers(0, min(12, PACK_SIZE - unseen)))
    hand, seen = tuple(deck[:held]), tuple(deck[held : PACK_SIZE - unseen])
    discard = tuple(draw(st.lists(st.sampled_from(hand), unique=True, max_size=min(5, unseen)))) if hand else ()
    take = len(discard) if discard else draw(st.integers(0, min(5, unseen)))
    return odds.question(hand_of(hand), discard, seen, take), hand_of(hand), discard, seen


rulesets = st.sampled_from(RULESETS)


@settings(max_examples=examples(150), deadline=None)
@given(hands(), st.sampled_from(["suit", "rank"]))
def test_lines_of_keeps_its_contract_on_any_hand(hand: Hand, axis: str) -> None:
    assert_kept(odds, [("lines_of", (hand, axis))])


@settings(max_examples=examples(60), deadline=None)
@given(small_questions(), CONDITIONS, rulesets)
def test_chance_and_what_it_calls_keep_their_contracts_on_questions_small_enough_to_list(
    qh: tuple[Question, Hand, tuple[int, ...], tuple[int, ...]], cond: Condition, rs: Any
) -> None:
    """chance, and its features, joint and verdict on each take-in's values as chance calls them."""
    q = qh[0]
    features = odds.features_of(cond, rs)
    by_suit = any(f.kind in SUIT_KINDS for f in features)
    calls: list[tuple[str, tuple[Any, ...]]] = [
        ("chance", (q, cond, rs)), ("features_of", (cond, rs)), ("joint", (rs, q.kept, q.unseen, q.take, features)),
        *(("leaf_features", (c, b, rs)) for c in odds_contracts.leaves(cond) for b in (False, True)),
    ]
    for taken, after in list(odds_contracts.take_ins(q.kept, q.unseen, q.take))[:40]:
        values = {f: odds_contracts.feature_value(f, rs, taken, after) for f in features}
        calls.append(("holds", (cond, values, by_suit, rs)))
        assert odds.holds(cond, values, by_suit, rs) == odds_contracts.satisfied(cond, rs, taken, after)
    assert_kept(odds, calls)


@settings(max_examples=examples(40), deadline=None)
@given(small_questions(), rulesets)
def test_outlook_and_its_joints_keep_their_contracts_on_questions_small_enough_to_list(
    qh: tuple[Question, Hand, tuple[int, ...], tuple[int, ...]], rs: Any
) -> None:
    q, hand, _, _ = qh
    assert_kept(odds, [("outlook", (q, hand, rs)), ("joint", (rs, q.kept, q.unseen, q.take, OUTLOOK_FEATURES)),
                       ("joint", (rs, q.kept, q.unseen, q.take, RANK_FEATURES))])


@settings(max_examples=examples(150), deadline=None)
@given(st.permutations(range(PACK_SIZE)), st.integers(0, 14), st.integers(0, 20), st.integers(0, 6),
       st.one_of(st.none(), st.integers(-1, 8)), st.sampled_from([None, "elder", "younger"]), rulesets)
def test_question_keeps_its_contract_on_any_hand_discard_and_seen_cards(
    deck: list[int], held: int, seen: int, discarded: int, take: int | None, player: str | None, rs: Any
) -> None:
    """Any hand (a dealt one one time in three), discard, seen cards, take and player; refusals included."""
    hand = tuple(deck[:held])
    assert_kept(odds, [("question", (hand_of(hand), hand[:discarded], tuple(deck[held : held + seen]), take, player, rs))])


@settings(max_examples=examples(8), deadline=None)
@given(st.permutations(range(PACK_SIZE)), st.integers(5, 7), st.sampled_from(["elder", "younger"]), CONDITIONS)
def test_rank_discards_keeps_its_contract_on_small_hands(deck: list[int], unseen: int, player: str, cond: Condition) -> None:
    """A hand of five cards, all but `unseen` of the others seen: at most 31 discards of at most 21 take-ins."""
    hand, seen = hand_of(deck[:5]), tuple(deck[5 : PACK_SIZE - unseen])
    assert_kept(odds, [("rank_discards", (hand, cond, player, seen, RS, None))])


def malformed() -> st.SearchStrategy[Any]:
    """Condition trees with a malformed part: a bad field, an empty or listed all/any, or no condition at all."""
    junk = st.one_of(st.integers(-2, 2), st.none(), st.booleans(), st.text(max_size=2), st.sampled_from([7, 8, 255, 256, 1 << 32]))
    leaf = st.one_of(
        st.builds(Count, st.sampled_from(["taken", "hand", "both"]), junk, junk, st.one_of(st.none(), junk)),
        st.builds(PointAtLeast, junk, junk), st.builds(SequenceAtLeast, junk, junk), st.builds(SetHeld, junk, st.one_of(st.none(), junk, st.just(8))),
        st.builds(AllOf, st.just(())), st.builds(AnyOf, st.lists(CONDITIONS, max_size=2)), junk,
    )
    return st.recursive(leaf, lambda inner: st.one_of(
        st.lists(st.one_of(inner, CONDITIONS), min_size=1, max_size=3).map(lambda xs: AllOf(tuple(xs))),
        st.lists(st.one_of(inner, CONDITIONS), min_size=1, max_size=3).map(lambda xs: AnyOf(tuple(xs))), inner.map(Not)), max_leaves=4)


@settings(max_examples=examples(150), deadline=None)
@given(st.one_of(CONDITIONS, malformed()))
def test_check_condition_refuses_exactly_the_malformed_conditions(cond: Any) -> None:
    assert_kept(odds, [("check_condition", (cond, "condition"))])
    assert_kept(odds_refusals, [("condition_refused", (cond,))])


def test_both_kinds_of_condition_are_drawn() -> None:
    """The refusal check sees accepted and refused conditions alike (a few fixed ones of each)."""
    refused = [odds_refusals.condition_refused(c) for c in (Count("taken", -1), AllOf(()), Not(SetHeld(3, 8)), AnyOf((PointAtLeast(1), "x")),  # type: ignore[arg-type]
                                                              PointAtLeast(1, 256), SequenceAtLeast(3, 8))]
    assert all(r is not None for r in refused) and odds_refusals.condition_refused(AllOf((Count("hand", 3), Not(SetHeld(4))))) is None
    assert [r[1].split(":")[0] for r in refused if r] == ["condition", "condition", "condition.not", "condition[1]", "condition", "condition"]
    assert odds_refusals.condition_refused(AnyOf((PointAtLeast(1, 255), SequenceAtLeast(3, 7)))) is None


def test_a_point_or_sequence_past_its_key_is_refused_not_counted_as_a_longer_one() -> None:
    """Found by chance's listing postcondition: 256 pips or a top past the ace spilled into the length of the
    threshold's key, so the chance counted other holdings than the condition's."""
    q = odds.question(hand_of(range(0, 12)), (), tuple(range(12, 24)), 3)
    for c in (PointAtLeast(1, 300), SequenceAtLeast(3, 9)):
        with pytest.raises(PiquetError) as refused:
            odds.chance(q, c, RS)
        assert refused.value.code == "argument-invalid"
    for pips, code in ((255, None), (256, "record-invalid")):  # and the odds op refuses such a record
        try:
            run_op("odds", {"kind": "take_in", "hand": ["AS", "KS"], "take": 2, "condition": {"point": 2, "pips": pips}})
            refusal = None
        except PiquetError as exc:
            refusal = exc.code
        assert refusal == code, (pips, refusal)


# --- the corpus -----------------------------------------------------------------------------------------


def corpus_questions() -> list[tuple[Any, Question, Condition]]:
    """The take-in questions of the corpus's odds cases that the op accepts."""
    out = []
    for case in load_cases(ROOT / "conformance" / "cases" / "odds"):
        if case.op != "odds" or not isinstance(case.data.get("input"), dict) or case.data["input"].get("kind") != "take_in":
            continue
        try:
            rs, q, cond, _ = parse_question(case.data["input"])
        except PiquetError:
            continue
        out.append((rs, q, cond))
    return out


def test_the_corpus_odds_questions_keep_the_contracts() -> None:
    """Questions of up to C(22, 12) take-ins: only the postconditions that list no take-in bind there."""
    questions = corpus_questions()
    assert len(questions) >= 10
    assert_kept(odds, [c for rs, q, cond in questions for c in (("chance", (q, cond, rs)), ("features_of", (cond, rs)))])


# --- calibration ------------------------------------------------------------------------------------------

CLASSES = ("Count", "PointAtLeast", "SequenceAtLeast", "SetHeld", "AllOf", "AnyOf", "Not", "CONDITION_TYPES", "Feature", "Question", "Chance")
ACE_KING = AllOf((Count("taken", 0x01010101 << 7), Count("hand", 0x01010101 << 6, 2)))
CALIBRATION_QUESTIONS = [odds.question(hand_of(range(0, 32, 3)[:k]), (), tuple(range(1, 32, 3)[:j]), t) for k, j, t in ((6, 10, 3), (9, 9, 2), (3, 12, 4))]


def calls_of(function: str) -> list[tuple[Any, ...]]:
    """What the calibration gives each planted function: the calibration questions, with conditions of every kind."""
    conds: list[Condition] = [ACE_KING, *ACE_KING.items, Not(ACE_KING), PointAtLeast(5), SequenceAtLeast(3), SetHeld(3), AnyOf((SetHeld(4), PointAtLeast(4, 30)))]
    if function == "joint":
        features = [odds.features_of(c, RS) for c in conds] + [OUTLOOK_FEATURES, RANK_FEATURES]
        return [(RS, q.kept, q.unseen, q.take, fs) for q in CALIBRATION_QUESTIONS for fs in features]
    if function == "holds":
        out = []
        for q, c in product(CALIBRATION_QUESTIONS, conds):
            fs = odds.features_of(c, RS)
            for taken, after in list(odds_contracts.take_ins(q.kept, q.unseen, q.take))[:30]:
                out.append((c, {f: odds_contracts.feature_value(f, RS, taken, after) for f in fs}, any(f.kind in SUIT_KINDS for f in fs), RS))
        return out
    if function == "question":
        return [(hand_of(range(0, 32, 3)[:12]), tuple(range(0, 32, 3)[:d]), tuple(range(1, 32, 3)[:s]), None, p, RS)
                for d in (1, 3, 5) for s in (0, 4) for p in (None, "elder")]
    if function == "legal_discards":
        return [(hand_of(range(0, 32, 3)[:n]), p, RS, None) for n in (4, 6, 12) for p in ("elder", "younger")]
    if function == "rank_discards":
        return [(hand_of(range(0, 32, 7)), c, "elder", tuple(c for c in range(1, 32, 2) if c % 7), RS, None) for c in conds]
    if function == "hand_counts":
        return [(n, s, r) for n in range(0, 9) for s in (2, 3, 4) for r in (3, 4) if n <= s * r]
    return [(q, c, RS) for q in CALIBRATION_QUESTIONS for c in conds]  # chance


def post(function: str, opening: str) -> str:
    """The postcondition of `function` that opens with `opening` (for the longer ones)."""
    return next(c.condition for c in contracts(("piquet_ref.odds.take_in",)) if c.function == function and c.kind == "post" and c.condition.startswith(opening))


PLANTED: tuple[tuple[str, Plant], ...] = (
    ("joint", Plant("pruned-one-line-early", "a take-in is dropped as soon as the next line alone cannot complete it (the lines after it forgotten)",
                    "later = sum(m.bit_count() for m in unseen[k + 1:])", "later = sum(m.bit_count() for m in unseen[k + 2:])",
                    "sum(__return__.values()) == comb(size(unseen), take)")),
    ("joint", Plant("point-length-of-kept", "the point length counts the cards kept, not those taken in with them",
                    "        return held.bit_count()\n", "        return kept.bit_count()\n",
                    "comb(size(unseen), take) > SMALL or __return__ == listed_joint(rs, kept, unseen, take, features)")),
    ("joint", Plant("taken-counts-held", "a count of cards taken in counts the cards kept too",
                    '((taken if f.kind == "count_taken" else held) & cards)', '((held if f.kind == "count_taken" else held) & cards)',
                    "counts_as_drawn(kept, unseen, take, features, __return__)")),
    ("holds", Plant("count-excludes-its-least", "a count holds only above its least, not at it",
                    "return cond.at_least <= v and", "return cond.at_least < v and", post("holds", "a_count_holds_between_its_bounds("))),
    ("chance", Plant("not-is-itself", "not a condition is read as the condition itself",
                     "        return not holds(cond.item, values, by_suit, rs)", "        return holds(cond.item, values, by_suit, rs)",
                     post("chance", "not_of_a_condition_takes_the_take_ins_it_leaves("))),
    ("question", Plant("seen-cards-can-come", "cards the player has seen are counted among those he may take in",
                       "& ~held & ~known", "& ~held", post("question", "unseen_are_the_cards_neither_held_nor_seen("))),
    ("legal_discards", Plant("largest-discard-missed", "the largest discards the limits allow are left out",
                             "for k in range(least, min(most, len(cards)) + 1)", "for k in range(least, min(most, len(cards)))",
                             post("legal_discards", "len(__return__) == sum("))),
    ("rank_discards", Plant("worst-first", "the discards are ranked worst first",
                            "out.sort(key=lambda r: -r.chance.probability)", "out.sort(key=lambda r: r.chance.probability)",
                            post("rank_discards", "best_first_equal_chances_in_legal_order("))),
    ("hand_counts", Plant("equal-suits-distinct", "two suits of one length holding the same ranks are counted as a set of masks, not a multiset",
                          "unordered *= comb(comb(n_ranks, k) + m - 1, m)", "unordered *= comb(comb(n_ranks, k), m)",
                          "__return__.up_to_suit_permutation == orbits(cards, n_suits, n_ranks)")),
)


@pytest.mark.parametrize("function, bug", PLANTED, ids=[b.name for _, b in PLANTED])
def test_the_run_time_check_finds_each_bug_planted_in_the_odds(function: str, bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    plant(monkeypatch, odds, function, bug)
    planted: Callable[..., Any] = getattr(odds, function)
    planted.__globals__.update({name: getattr(odds, name) for name in CLASSES})  # the copy reads the module's own types
    caught = {b for args in calls_of(function) for b in broken(odds, function, args) or ()}
    assert_caught(bug, caught)
