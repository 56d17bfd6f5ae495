"""Exact odds of the take-in (piquet_ref.odds.take_in): the sources' figures, agreement with brute force, properties.

Expected values come from the sources (the odds they print) or from counts written here straight from
the question (binomials, or a plain enumeration of every take-in with definitions of point, sequence
and set written from the rule text), never from the code under test.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations
from math import comb
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from piquet_ref import PiquetError, hand_of, load_ruleset, parse_cards
from piquet_ref.odds.conditions import (
    AllOf, AnyOf, Condition, Count, Not, PointAtLeast, Question, SequenceAtLeast, SetHeld,
)
from piquet_ref.odds.take_in import (
    chance, distinct_hands, hand_counts, legal_discards, outlook, question, rank_discards,
)
from piquet_ref.protocol.ops import run_op
from tests.support import leaf_conditions, CONDITIONS

RS = load_ruleset()
ROOT = Path(__file__).resolve().parent.parent


def packed(text: str) -> int:
    return sum(1 << c for c in parse_cards(text))


ACES, KINGS = packed("AS AH AD AC"), packed("KS KH KD KC")
COURTS = packed("KS QS JS KH QH JH KD QD JD KC QC JC")


def P(text: str) -> tuple[int, ...]:
    return parse_cards(text)


# --- the sources' figures ---------------------------------------------------------------------------


def test_de_moivre_1_younger_without_an_ace_takes_one_in_three_cards_29_to_28() -> None:
    """004 dM1: 29 to 28 that he takes one ace or more."""
    q = question(hand_of(P("KS QS TS 8S KH JH 9H 7H QD TD 9C 8C")), take=3, player="younger")
    c = chance(q, Count("taken", ACES))
    assert c.odds == (29, 28)
    assert c.probability == 1 - Fraction(comb(16, 3), comb(20, 3))


def test_de_moivre_2_elder_without_an_ace_takes_one_in_five_cards_232_to_91() -> None:
    """004 dM2: 232 to 91, about 5 to 2."""
    q = question(hand_of(P("KS QS TS 8S KH JH 9H 7H QD TD 9C 8C")), P("8S 9H 7H 9C 8C"), player="elder")
    c = chance(q, Count("taken", ACES))
    assert c.odds == (232, 91)
    assert c.probability == 1 - Fraction(comb(16, 5), comb(20, 5))
    assert abs(Fraction(232, 91) / Fraction(5, 2) - 1) < Fraction(2, 100)


def test_de_moivre_3_elder_without_ace_or_king_takes_both_331_to_315_against() -> None:
    """004 dM3: 331 to 315 against, about 21 to 20."""
    q = question(hand_of(P("QS JS TS 9S QH JH TH 8H QD 9D 8C 7C")), P("9S 8H 9D 8C 7C"))
    c = chance(q, AllOf((Count("taken", ACES), Count("taken", KINGS))))
    assert c.odds == (315, 331)
    assert c.probability == Fraction(comb(20, 5) - 2 * comb(16, 5) + comb(12, 5), comb(20, 5))


def test_de_moivre_4_carte_blanche_about_1791_to_1_against() -> None:
    """004 dM4 and ODDS: 1791 to 1 against a carte blanche in a named hand ("nearly")."""
    c = chance(question(hand_of(()), take=12), Count("taken", COURTS, 0, 0))
    assert c.probability == Fraction(comb(20, 12), comb(32, 12))
    against = Fraction(c.odds[1], c.odds[0])
    assert 1791 < against < 1792


def test_two_hands_cannot_both_be_carte_blanche_so_once_in_about_896_deals() -> None:
    """002: about once in nine hundred deals. A carte blanche leaves 8 non-court cards unseen, too few
    for a second; so the chance per deal is twice the chance per named hand."""
    blank = hand_of(P("AS TS 9S 8S AH TH 9H 8H AD TD 9D 8D"))
    assert chance(question(blank, take=12), Count("taken", COURTS, 0, 0)).favourable == 0
    per_hand = chance(question(hand_of(()), take=12), Count("taken", COURTS, 0, 0)).probability
    per_deal = 2 * per_hand
    assert per_deal == Fraction(2 * comb(20, 12), comb(32, 12))
    assert abs(1 / per_deal - 900) / 900 < Fraction(1, 100)


def test_hoyle_trio_to_quatorze_in_five_cards_three_to_one_against() -> None:
    """002 Application of Skill: a trio becomes a quatorze in five cards at 3 to 1 against."""
    q = question(hand_of(P("KS KH KD AS QS JS AH 9H 8D 7D 9C 8C")), P("9H 8D 7D 9C 8C"), player="elder")
    assert chance(q, SetHeld(4, 6)).odds == (1, 3)


def test_hoyle_queens_three_to_one_against_and_another_heart_five_to_two() -> None:
    """002 Application of Skill: keep the queens, 3 to 1 against the fourth; keep the hearts, 5 to 2 for another heart."""
    hand = hand_of(P("AH KH QH 7H QS QD AS JS 9S KD TD 8C"))
    queens = chance(question(hand, P("7H JS 9S TD 8C")), SetHeld(4, 5))
    assert queens.odds == (1, 3)
    heart = chance(question(hand, P("QD JS 9S TD 8C")), Count("taken", packed("AH KH QH JH TH 9H 8H 7H")))
    assert heart.probability == 1 - Fraction(comb(16, 5), comb(20, 5))
    assert abs(Fraction(*heart.odds) / Fraction(5, 2) - 1) < Fraction(2, 100)


def test_hoyle_knave_of_clubs_three_to_one_against() -> None:
    """002 Application of Skill: keeping the five clubs, 3 to 1 against taking the knave."""
    q = question(hand_of(P("QC TC 9C 8C 7C JD TD KH QH JH AS 9S")), P("JD TD JH AS 9S"), player="elder")
    assert chance(q, Count("taken", packed("JC"))).odds == (1, 3)


# --- de Moivre's fifth problem --------------------------------------------------------------------


def burnside(cards: int, suits: int, ranks: int) -> int:
    """Hands up to a permutation of the suits, by Burnside's lemma: the average over the suit
    permutations of the hands each leaves fixed (a cycle of length L takes one rank set L times)."""
    total = 0
    for perm in permutations(range(suits)):
        seen, cycles = set(), []
        for i in range(suits):
            length, j = 0, i
            while j not in seen:
                seen.add(j)
                j, length = perm[j], length + 1
            if length:
                cycles.append(length)
        poly = Counter({0: 1})
        for length in cycles:
            nxt: Counter[int] = Counter()
            for e, v in poly.items():
                for k in range(ranks + 1):
                    nxt[e + length * k] += v * comb(ranks, k)
            poly = nxt
        total += poly[cards]
    assert total % len(list(permutations(range(suits)))) == 0
    return total // len(list(permutations(range(suits))))


def test_de_moivre_5_total_is_stated_and_his_count_is_28_957_278_not_28_967_278() -> None:
    """004 dM5: 225,792,840 hands (right); 28,967,278 essentially different (one digit off)."""
    h = distinct_hands()
    assert h.total == 225_792_840 == comb(32, 12)
    assert h.by_suit_lengths != 28_967_278
    assert 28_967_278 - h.by_suit_lengths == 10_000
    assert h.patterns == 27
    assert h.up_to_suit_permutation == burnside(12, 4, 8)


@pytest.mark.parametrize("cards", range(0, 13))
def test_hand_counts_agree_with_enumerating_every_hand_of_a_small_pack(cards: int) -> None:
    """Four suits of three ranks: de Moivre's count is the hands whose suit lengths do not rise in suit
    order; the count up to suits is the number of distinct sorted tuples of suit masks."""
    suits, ranks = 4, 3
    nonrising = orbits = 0
    seen = set()
    for hand in combinations(range(suits * ranks), cards):
        masks = [sum(1 << (c % ranks) for c in hand if c // ranks == s) for s in range(suits)]
        lengths = [m.bit_count() for m in masks]
        nonrising += lengths == sorted(lengths, reverse=True)
        seen.add(tuple(sorted(masks)))
    orbits = len(seen)
    h = hand_counts(cards, suits, ranks)
    assert (h.total, h.by_suit_lengths, h.up_to_suit_permutation) == (comb(12, cards), nonrising, orbits)
    assert orbits == burnside(cards, suits, ranks)


# --- brute force ------------------------------------------------------------------------------------

PIPS = [r.pips for r in RS.pack.ranks]
SET_RANKS = RS.sets.ranks


def brute_holds(cond: Condition, taken: frozenset[int], after: frozenset[int]) -> bool:
    """The condition read straight from its definition on the cards taken and the hand after."""
    if isinstance(cond, AllOf):
        return all(brute_holds(c, taken, after) for c in cond.items)
    if isinstance(cond, AnyOf):
        return any(brute_holds(c, taken, after) for c in cond.items)
    if isinstance(cond, Not):
        return not brute_holds(cond.item, taken, after)
    if isinstance(cond, Count):
        n = sum(1 for c in (taken if cond.scope == "taken" else after) if cond.cards >> c & 1)
        return cond.at_least <= n and (cond.at_most is None or n <= cond.at_most)
    if isinstance(cond, PointAtLeast):
        best = max(((len(s), sum(PIPS[c & 7] for c in s)) for s in suits(after)), default=(0, 0))
        return best >= (cond.length, cond.pips)
    if isinstance(cond, SequenceAtLeast):
        return best_run(after) >= (cond.length, cond.top)
    assert isinstance(cond, SetHeld)
    return any(
        sum(1 for c in after if c & 7 == r) == cond.count and cond.rank in (None, r) for r in SET_RANKS
    ) and cond.count in RS.sets.values


def suits(cards: frozenset[int]) -> list[list[int]]:
    return [[c for c in cards if c >> 3 == s] for s in range(4)]


def best_run(cards: frozenset[int]) -> tuple[int, int]:
    """(length, top rank bit) of the best run of at least three consecutive ranks in one suit, or (0, 0)."""
    best = (0, 0)
    for s in range(4):
        bits = {c & 7 for c in cards if c >> 3 == s}
        for top in bits:
            n = 0
            while top - n in bits:
                n += 1
            if n >= RS.sequences.min_length and top + 1 not in bits:
                best = max(best, (n, top))
    return best


def brute_chance(q: Question, cond: Condition) -> tuple[int, int]:
    kept = frozenset(c for c in range(32) if q.kept[c >> 3] >> (c & 7) & 1)
    unseen = [c for c in range(32) if q.unseen[c >> 3] >> (c & 7) & 1]
    good = total = 0
    for combo in combinations(unseen, q.take):
        taken = frozenset(combo)
        total += 1
        good += brute_holds(cond, taken, kept | taken)
    return good, total


@st.composite
def small_questions(draw: st.DrawFn) -> tuple[Question, tuple[int, ...]]:
    """A hand, a discard and seen cards leaving 4 to 11 cards unseen, so every take-in can be listed."""
    deck = draw(st.permutations(range(32)))
    unseen = draw(st.integers(4, 11))
    held = draw(st.integers(0, 32 - unseen))
    hand = tuple(deck[:held])
    seen = tuple(deck[held : 32 - unseen])
    discard = tuple(draw(st.lists(st.sampled_from(hand), unique=True, max_size=min(5, unseen)))) if hand else ()
    take = len(discard) if discard else draw(st.integers(0, min(5, unseen)))
    return question(hand_of(hand), discard, seen, take), hand


@given(small_questions(), CONDITIONS)
def test_chance_agrees_with_listing_every_take_in(qh: tuple[Question, tuple[int, ...]], cond: Condition) -> None:
    q, _ = qh
    c = chance(q, cond)
    assert (c.favourable, c.combinations) == brute_chance(q, cond)
    assert 0 <= c.probability <= 1


@given(small_questions())
def test_outlook_agrees_with_listing_every_take_in(qh: tuple[Question, tuple[int, ...]]) -> None:
    q, hand = qh
    o = outlook(q, hand_of(hand))
    kept = frozenset(c for c in range(32) if q.kept[c >> 3] >> (c & 7) & 1)
    unseen = [c for c in range(32) if q.unseen[c >> 3] >> (c & 7) & 1]
    point, seq, sets, courts = Counter[int](), Counter[int](), Counter[int](), Counter[int]()
    for combo in combinations(unseen, q.take):
        after = kept | frozenset(combo)
        point[max((len(s) for s in suits(after)), default=0)] += 1
        n, top = best_run(after)
        seq[n << 3 | top if n else 0] += 1
        held = [(sum(1 for c in after if c & 7 == r), r) for r in SET_RANKS]
        sets[max((n << 3 | r for n, r in held if n in RS.sets.values), default=0)] += 1
        courts[sum(1 for c in combo if COURTS >> c & 1)] += 1
    assert dict(o.point) == point and dict(o.sequence) == seq and dict(o.sets) == sets and dict(o.courts) == courts
    for dist in (o.point, o.sequence, o.sets, o.courts):
        assert sum(n for _, n in dist) == o.combinations == comb(len(unseen), q.take)
    assert o.carte_blanche == (len(hand) >= 12 and not any(COURTS >> c & 1 for c in hand))


# --- properties ---------------------------------------------------------------------------------------


@given(small_questions(), CONDITIONS, CONDITIONS)
def test_negation_complements_and_union_plus_intersection_is_the_sum(
    qh: tuple[Question, tuple[int, ...]], a: Condition, b: Condition
) -> None:
    q, _ = qh
    pa, pb = chance(q, a).probability, chance(q, b).probability
    assert chance(q, Not(a)).probability == 1 - pa
    assert chance(q, AllOf((a, b))).probability + chance(q, AnyOf((a, b))).probability == pa + pb


ELDER = hand_of(P("AS KS JS AH QH JH 8H JC 8C 7C 9D 8D"))


def test_an_elder_hand_has_1585_legal_discards_ranked_best_first() -> None:
    """L21: one to five of twelve cards, C(12,1) + ... + C(12,5) = 1585."""
    ranked = rank_discards(ELDER, PointAtLeast(6))
    assert len(ranked) == sum(comb(12, k) for k in range(1, 6)) == 1585
    chances = [r.chance.probability for r in ranked]
    assert chances == sorted(chances, reverse=True)
    assert len({r.discard for r in ranked}) == 1585
    best = ranked[0]
    assert best.chance == chance(question(ELDER, best.discard), PointAtLeast(6))


def test_the_younger_discards_within_what_the_elder_left() -> None:
    """L22: the younger takes at least one and at most the cards left in the stock."""
    younger = hand_of(P("TS 7S TH 9H 7H KC QC TC AD QD JD TD"))
    assert len(legal_discards(younger, "younger", elder_took=5)) == sum(comb(12, k) for k in range(1, 4))
    assert len(legal_discards(younger, "younger")) == sum(comb(12, k) for k in range(1, 8))


def test_a_discarded_card_never_comes_back() -> None:
    """Keeping three knaves, the quatorze needs the fourth among five of twenty; discarding a knave, never."""
    keep_knave = chance(question(ELDER, P("KS 7C 9D 8D 8C")), SetHeld(4, 4)).probability
    assert keep_knave == Fraction(comb(19, 4), comb(20, 5))  # JD among the five of twenty
    lose_knave = chance(question(ELDER, P("KS JC 9D 8D 8C")), SetHeld(4, 4)).probability
    assert lose_knave == 0


# --- questions that cannot be asked ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, code",
    [
        ({"discard": P("TS")}, "exchange-discard-not-held"),
        ({"discard": P("KS KS")}, "card-duplicate"),
        ({"seen": P("AS")}, "card-duplicate"),
        ({"discard": P("KS"), "take": 2}, "odds-take-count"),
        ({"take": 21}, "odds-take-count"),
        ({"take": 6, "player": "elder"}, "exchange-elder-count"),
        ({"take": 8, "player": "younger"}, "exchange-younger-count"),
        ({"take": -1}, "argument-invalid"),
    ],
)
def test_a_question_that_cannot_be_asked_is_a_typed_error(kwargs: dict[str, object], code: str) -> None:
    with pytest.raises(PiquetError) as info:
        question(ELDER, **kwargs)  # type: ignore[arg-type]
    assert info.value.code == code


def test_the_accepted_twins_of_those_questions() -> None:
    assert question(ELDER, P("KS")).take == 1
    assert question(ELDER, take=20).take == 20
    assert question(ELDER, take=5, player="elder").take == 5
    assert question(ELDER, take=7, player="younger").take == 7


def test_a_dealt_hand_of_the_wrong_size_is_refused_for_a_player() -> None:
    with pytest.raises(PiquetError) as info:
        question(hand_of(P("AS KS")), take=1, player="elder")
    assert info.value.code == "deal-hand-size"


@pytest.mark.parametrize("bad", [Count("taken", -1), Count("both", 1), PointAtLeast(-1), SetHeld(4, 9), AllOf(()), "point"])  # type: ignore[arg-type]
def test_a_condition_that_is_not_one_is_argument_invalid(bad: object) -> None:
    with pytest.raises(PiquetError) as info:
        chance(question(ELDER, take=1), bad)  # type: ignore[arg-type]
    assert info.value.code == "argument-invalid"


# --- the op --------------------------------------------------------------------------------------------


def test_the_op_gives_counts_lowest_terms_odds_and_a_float() -> None:
    got = run_op("odds", {"kind": "take_in", "player": "younger", "hand": "KS QS TS 8S KH JH 9H 7H QD TD 9C 8C",
                          "take": 3, "condition": {"taken": "A"}})
    assert got == {"kind": "take_in", "unseen": 20, "take": 3, "combinations": comb(20, 3),
                   "favourable": comb(20, 3) - comb(16, 3), "probability": "29/57", "odds": {"for": 29, "against": 28},
                   "float": 29 / 57}


def test_the_op_reads_every_selector_and_condition() -> None:
    def p(cond: object, **extra: object) -> str:
        data = {"kind": "take_in", "hand": "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D", "discard": "KS 8C 7C 9D 8D", "condition": cond, **extra}
        return str(run_op("odds", data)["probability"])

    one_of_twenty = str(Fraction(comb(19, 4), comb(20, 5)))
    assert p({"taken": "JD"}) == p({"taken": "jd"}) == p({"taken": ["JD"]}) == one_of_twenty
    assert p({"quatorze": "J"}) == one_of_twenty
    assert p({"holds": "J", "at_least": 4}) == one_of_twenty
    assert p({"taken": "10D"}) == p({"taken": "TD"}) == one_of_twenty
    assert p({"taken": "♦", "at_least": 0}) == "1/1"
    assert p({"not": {"taken": "court", "at_most": 5}}) == "0/1"
    assert p({"point": 4}) == "1/1"
    assert p({"sequence": 3}) == p({"sequence": 3, "top": "9"})
    assert p({"trio": "any"}) == str(chance(question(ELDER, P("KS 8C 7C 9D 8D")), SetHeld(3)).probability)
    assert p({"any": [{"taken": "JD"}, {"taken": "JD"}]}) == one_of_twenty
    assert p({"all": [{"taken": "JD"}, {"not": {"taken": "JD"}}]}) == "0/1"
    assert p({"taken": "JD"}, seen=["JD"]) == "0/1"


@pytest.mark.parametrize(
    "cond",
    [
        {"pointt": 5}, {"point": 0}, {"point": 5, "top": "A"}, {"sequence": 2}, {"sequence": 9}, {"sequence": 5, "top": "9"},
        {"quatorze": "9"}, {"trio": "X"}, {"taken": "XX"}, {"taken": []}, {"taken": 7}, {"taken": "A", "at_least": 2, "at_most": 1},
        {"all": []}, {"any": "taken"}, {"not": []}, {}, [], "point", {"point": 5, "sequence": 3},
    ],
)
def test_an_unknown_or_malformed_condition_is_record_invalid(cond: object) -> None:
    with pytest.raises(PiquetError) as info:
        run_op("odds", {"kind": "take_in", "hand": "AS", "take": 1, "condition": cond})
    assert info.value.code == "record-invalid"


def test_the_hands_op_counts_de_moivres_fifth_problem() -> None:
    got = run_op("odds", {"kind": "hands"})
    assert got["total"] == comb(32, 12) and got["up_to_suit_permutation"] == burnside(12, 4, 8)
    assert run_op("odds", {"kind": "hands", "cards": 1})["up_to_suit_permutation"] == 8  # one card: its rank
    with pytest.raises(PiquetError):
        run_op("odds", {"kind": "hands", "cards": 33})
