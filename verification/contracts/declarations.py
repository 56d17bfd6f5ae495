"""Plain entry points to the declarations (`piquet_ref/hand/declarations.py`), carrying the rules of the point,
sequences, sets, carte blanche and the comparison of two declarations as contracts checked at run time.

`declarations` is searched by CrossHair in CI, so its functions taking a `Ruleset` carry no contracts of
their own (CrossHair would have to invent a ruleset). Each function here names the function it wraps in
backticks on its docstring's first line and takes the rules as a small number, `variant`, an index into a
tuple holding one ruleset for each distinct form the rules concerned take among every ruleset of
spec/rulesets/ (`contracts.variants`; variant 0 is the default ruleset): `POINT_VARIANTS`,
`SEQUENCE_VARIANTS` and `SET_VARIANTS` of `verification.contracts.core` for what one category scores,
`DECL_VARIANTS` for what a whole hand holds and how two declarations compare. The conditions state the
rules from their text, from the helpers below (plain definitions over suit masks and holdings, written from
the rules cited on their docstrings), never from the lookup tables the wrapped functions read. They take whole
hands and declarations, so CrossHair is not given them: tests/test_declaration_contracts.py evaluates every
condition, read from the docstrings as CrossHair reads them, on every suit mask or holding where the domain is
small, else on Hypothesis hands and pairs of hands under every variant, and on the corpus's hands.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from piquet_ref.hand.cards import BITS_PER_SUIT, SUIT_MASK, Card, Hand, format_card, pack_of_hand, size
from verification.contracts.core import POINT_VARIANTS, SEQUENCE_VARIANTS, SET_VARIANTS, variants
from piquet_ref.hand.declarations import (
    DECL_CATEGORIES, Comparison, Declaration, DeclareChoice, DeclCategory, HandEvaluation, Point, Sequence, SetHolding,
    carte_blanche, carte_blanche_packed, check_declaration, compare_declarations, compare_hands, compared, declaration_of, declare_all,
    declared, evaluate_hand,
    held_point, held_sequences, held_sets, point_of, point_points, sequences_of, sequences_points, sets_of,
    sets_points, table_comparison,
)
from piquet_ref.rules.errors import PiquetError as PiquetError  # named by `raises:` lines
from piquet_ref.rules.loader import default_ruleset
from piquet_ref.rules.ruleset import PLAYERS, Ruleset
from piquet_ref.hand.suit import length, pips, point_key, point_score, runs, sequence_key, set_key
from piquet_ref.rules.errors import shown

RS = default_ruleset()
SUITS = range(len(RS.pack.suits))


def decl_rules(rs: Ruleset) -> tuple[object, ...]:
    """What a hand holds and scores under `rs` depends on: the point, sequences, sets, the pack (pips, court
    cards) and carte blanche."""
    return (rs.point, rs.sequences, rs.sets, rs.pack, rs.carte_blanche)


DECL_VARIANTS = variants(decl_rules)  # one ruleset for each distinct form of `decl_rules`
POINT_RULES = tuple(rs.point for rs in POINT_VARIANTS)


def variant_of(rs: Ruleset) -> int:
    """The index of `DECL_VARIANTS` whose rules of declaring are `rs`'s."""
    return next(i for i, v in enumerate(DECL_VARIANTS) if decl_rules(v) == decl_rules(rs))


# Definitions from the rule text, over a hand's four suit masks and the holdings declared.


def pip_values(rs: Ruleset) -> tuple[int, ...]:
    """The pips of each rank, lowest rank first (pack.pips)."""
    return tuple(r.pips for r in rs.pack.ranks)


def is_hand(hand: object) -> bool:
    """Four suit masks, each of the eight ranks of one suit."""
    return isinstance(hand, tuple) and len(hand) == len(SUITS) and all(type(m) is int and 0 <= m <= SUIT_MASK for m in hand)


def point_right(hand: tuple[int, ...], point: Point | None, rs: Ruleset) -> bool:
    """point.compare: a point is every card the hand holds of one suit, with as many cards and pips as that
    suit holds; a hand has no point only when it holds no card."""
    if point is None:
        return not any(hand)
    return point.mask == hand[point.suit] != 0 and point.length == length(point.mask) and point.pips == pips(point.mask, pip_values(rs))


def point_longest(hand: tuple[int, ...], point: Point | None, rs: Ruleset) -> bool:
    """point.compare: no suit of the hand holds more cards than the point, nor as many making more pips; of
    equal suits the point is the first in suit order."""
    if point is None:
        return True
    held = [(length(m), pips(m, pip_values(rs))) for m in hand]
    return all(h <= (point.length, point.pips) for h in held) and all(h < (point.length, point.pips) for h in held[: point.suit])


def sequences_are_runs(hand: tuple[int, ...], seqs: tuple[Sequence, ...], rs: Ruleset) -> bool:
    """sequence.definition: each sequence is cards of one suit next to each other in rank, at least the
    ruleset's least length of them, its whole run (the ranks just above and below it are not held)."""
    return all(
        q.suit in SUITS and rs.sequences.min_length <= q.length <= q.top + 1 <= BITS_PER_SUIT
        and all(hand[q.suit] >> b & 1 for b in range(q.top - q.length + 1, q.top + 1))
        and not hand[q.suit] >> (q.top + 1) & 1 and (q.top + 1 == q.length or not hand[q.suit] >> (q.top - q.length) & 1)
        for q in seqs
    )


def every_run_listed(hand: tuple[int, ...], seqs: tuple[Sequence, ...], rs: Ruleset) -> bool:
    """sequence.definition: every run of the least length a suit holds lies within a sequence listed, and no
    sequence is listed twice."""
    n = rs.sequences.min_length
    return len(set(seqs)) == len(seqs) and all(
        any(q.suit == s and q.top - q.length < lo and lo + n - 1 <= q.top for q in seqs)
        for s in SUITS for lo in range(BITS_PER_SUIT - n + 1) if all(hand[s] >> b & 1 for b in range(lo, lo + n))
    )


def sets_are_held(hand: tuple[int, ...], sets: tuple[SetHolding, ...], rs: Ruleset) -> bool:
    """sets.eligible-ranks, sets.score: each set is a rank of the ruleset's set ranks held in as many suits as
    the ruleset scores, its count and suits those the hand holds it in."""
    return all(
        h.rank in rs.sets.ranks and h.number in rs.sets.values
        and h.number == sum(hand[s] >> h.rank & 1 for s in SUITS) and h.suits == sum(1 << s for s in SUITS if hand[s] >> h.rank & 1)
        for h in sets
    )


def court_ranks(rs: Ruleset) -> tuple[int, ...]:
    """The ranks of the ruleset's court cards (pack.court), as rank bits."""
    court = rs.params["pack.court"]["ranks"]
    return tuple(b for b, r in enumerate(rs.pack.ranks) if r.symbol in court)


def best_point(hand: tuple[int, ...], rs: Ruleset = RS) -> tuple[int, int]:
    """(key, points) of the hand's point: its best suit by length then pips (point.compare), scoring as the
    ruleset says (point.score); (0, 0) for an empty hand."""
    pr, values = rs.point, pip_values(rs)
    m = max(hand, key=lambda x: point_key(length(x), pips(x, values)))
    if not m:
        return 0, 0
    return point_key(length(m), pips(m, values)), point_score(length(m), pips(m, values), pr.per_card, pr.pips_per_point, pr.less_if_ends_in)


def all_sequences(hand: tuple[int, ...], rs: Ruleset = RS) -> tuple[int, int]:
    """(key of the best sequence, points of them all): runs of the ruleset's least length or more
    (sequence.definition), the best by length then top card (sequence.compare), each its length's value."""
    held = [(n, top) for m in hand for n, top in runs(m, rs.sequences.min_length)]
    return max((sequence_key(n, top) for n, top in held), default=0), sum(rs.sequences.values[n] for n, _ in held)


def all_sets(hand: tuple[int, ...], rs: Ruleset = RS) -> tuple[int, int]:
    """(key of the best set, points of them all): each of the ruleset's set ranks held as many times as the
    ruleset scores (sets.eligible-ranks), the best by count then rank (sets.compare), each its count's value."""
    held = [(n, r) for r in rs.sets.ranks for n in [sum(m >> r & 1 for m in hand)] if n in rs.sets.values]
    return max((set_key(n, r) for n, r in held), default=0), sum(rs.sets.values[n] for n, _ in held)


def best_of(d: Declaration, category: DeclCategory) -> tuple[int, ...]:
    """The declaration's best holding of `category` as what decides between holdings, () when it declares none:
    a point's cards then pips (point.compare), a sequence's length then top card (sequence.compare), a set's
    count then rank (sets.compare)."""
    if category == "point":
        return () if d.point is None else (d.point.length, d.point.pips)
    if category == "sequences":
        return max(((q.length, q.top) for q in d.sequences), default=())
    return max(((h.number, h.rank) for h in d.sets), default=())


def points_of(d: Declaration, category: DeclCategory, rs: Ruleset) -> int:
    """What every holding of `category` the declaration declares would score (point.score, sequence.score, sets.score)."""
    if category == "point":
        p, pr = d.point, rs.point
        return 0 if p is None else point_score(p.length, p.pips, pr.per_card, pr.pips_per_point, pr.less_if_ends_in)
    if category == "sequences":
        return sum(rs.sequences.values[q.length] for q in d.sequences)
    return sum(rs.sets.values[h.number] for h in d.sets)


def due(elder_best: tuple[int, ...], younger_best: tuple[int, ...], elder_points: int, younger_points: int) -> tuple[int, int]:
    """(elder's, younger's) score in a category: the side whose best holding is better scores everything it
    declares and the other nothing; equal holdings score nothing (point.equal, sequence.good-scores-all,
    sequence.equal-nullifies, sets.good-scores-all)."""
    if elder_best > younger_best:
        return elder_points, 0
    if younger_best > elder_best:
        return 0, younger_points
    return 0, 0


@lru_cache(maxsize=None)
def possible_holdings(rs: Ruleset) -> tuple[frozenset[Point], frozenset[Sequence], frozenset[SetHolding]]:
    """Every point, sequence and set some hand can hold under `rs`: a point is the cards of one suit; a
    sequence a run of at least the least length (sequence.definition); a set a set rank held in as many suits
    as the ruleset scores (sets.eligible-ranks, sets.score)."""
    values = pip_values(rs)
    return (
        frozenset(Point(s, m, length(m), pips(m, values)) for s in SUITS for m in range(1, SUIT_MASK + 1)),
        frozenset(Sequence(s, n, top) for s in SUITS for n in range(rs.sequences.min_length, BITS_PER_SUIT + 1) for top in range(n - 1, BITS_PER_SUIT)),
        frozenset(SetHolding(r, n, suits) for r in rs.sets.ranks for n in rs.sets.values for suits in range(1 << len(SUITS)) if suits.bit_count() == n),
    )


POSSIBLE = tuple(possible_holdings(rs) for rs in DECL_VARIANTS)


def holding_possible(x: object, kind: type, variant: int) -> bool:
    """`x` is a holding of `kind` (Point, Sequence or SetHolding) of whole numbers that some hand can hold."""
    possible: frozenset[object] = POSSIBLE[variant][{Point: 0, Sequence: 1, SetHolding: 2}[kind]]
    return isinstance(x, kind) and isinstance(x, tuple) and all(type(v) is int for v in x) and x in possible


def impossible_holdings(d: object, variant: int) -> list[object]:
    """The holdings of declaration `d` no hand can hold (its tuples of sequences or sets themselves, when not tuples)."""
    if not isinstance(d, Declaration):
        return [d]
    out: list[object] = [] if d.point is None or holding_possible(d.point, Point, variant) else [d.point]
    for held, kind in ((d.sequences, Sequence), (d.sets, SetHolding)):
        out += [x for x in held if not holding_possible(x, kind, variant)] if isinstance(held, tuple) else [held]
    return out


def listed(choice: DeclareChoice) -> tuple[object, ...]:
    """Every card a declare choice lists (point, then sequences, then sets), in order."""
    out: list[object] = list(choice.point) if isinstance(choice.point, tuple) else []
    for groups in (choice.sequences, choice.sets):
        out += [c for g in groups for c in g] if isinstance(groups, tuple) else []
    return tuple(out)


def first_listed(choice: DeclareChoice) -> object:
    """The first card of the first holding a declare choice lists (point, then sequences, then sets); None when
    it lists none or the first it lists is empty."""
    groups = ([choice.point] if isinstance(choice.point, tuple) else []) + [g for c in (choice.sequences, choice.sets) if isinstance(c, tuple) for g in c]
    return groups[0][0] if groups and groups[0] else None


def holds(hand: tuple[int, ...], card: object) -> bool:
    """The hand holds `card` (a card number: suit * 8 + rank bit)."""
    return type(card) is int and 0 <= card < len(SUITS) * BITS_PER_SUIT and bool(hand[card // BITS_PER_SUIT] >> (card % BITS_PER_SUIT) & 1)


def cards_of_holding(x: Point | Sequence | SetHolding) -> frozenset[Card]:
    """The cards a holding stands for, from its fields: a point's suit mask, a run's ranks, a set's suits."""
    if isinstance(x, Point):
        return frozenset(x.suit * BITS_PER_SUIT + b for b in range(BITS_PER_SUIT) if x.mask >> b & 1)
    if isinstance(x, Sequence):
        return frozenset(x.suit * BITS_PER_SUIT + b for b in range(x.top - x.length + 1, x.top + 1))
    return frozenset(s * BITS_PER_SUIT + x.rank for s in SUITS if x.suits >> s & 1)


def refusal(check: Callable[..., object], *args: object) -> tuple[str, str]:
    """(code, message) of the typed error `check(*args)` raises; ("", "") when it accepts."""
    try:
        check(*args)
    except PiquetError as exc:
        return exc.code, exc.message
    return "", ""


# The wrappers.


def point_held_in(variant: int, hand: Hand) -> Point | None:
    """`held_point` of the hand under `DECL_VARIANTS[variant]`: the suit with most cards, of equal suits the one
    making most pips, of suits equal in both the first in suit order; none for an empty hand.

    rules: point.compare
    pre: 0 <= variant < len(DECL_VARIANTS) and is_hand(hand)
    post: point_right(hand, __return__, DECL_VARIANTS[variant])
    post: point_longest(hand, __return__, DECL_VARIANTS[variant])
    """
    return held_point(hand, DECL_VARIANTS[variant])


def point_found(variant: int, hand: tuple[int, ...]) -> Point | None:
    """`point_of` of the hand under `DECL_VARIANTS[variant]`: the hand's point, as for point_held_in, for four
    suit masks only (anything else refused with a typed error).

    rules: point.compare
    pre: 0 <= variant < len(DECL_VARIANTS) and isinstance(hand, tuple)
    raises: PiquetError
    post: is_hand(hand)
    post: point_right(hand, __return__, DECL_VARIANTS[variant]) and point_longest(hand, __return__, DECL_VARIANTS[variant])
    """
    return point_of(hand, DECL_VARIANTS[variant])  # type: ignore[arg-type]


def sequences_held_in(variant: int, hand: Hand) -> tuple[Sequence, ...]:
    """`held_sequences` of the hand under `DECL_VARIANTS[variant]`: every whole run of at least the least length
    in one suit, each once, best first (longer, then higher; suit order between equals).

    rules: sequence.definition, sequence.compare
    pre: 0 <= variant < len(DECL_VARIANTS) and is_hand(hand)
    post: sequences_are_runs(hand, __return__, DECL_VARIANTS[variant])
    post: every_run_listed(hand, __return__, DECL_VARIANTS[variant])
    post: all((a.length, a.top, -a.suit) > (b.length, b.top, -b.suit) for a, b in zip(__return__, __return__[1:]))
    """
    return held_sequences(hand, DECL_VARIANTS[variant])


def sequences_found(variant: int, hand: tuple[int, ...]) -> tuple[Sequence, ...]:
    """`sequences_of` of the hand under `DECL_VARIANTS[variant]`: every sequence, as for sequences_held_in,
    for four suit masks only.

    rules: sequence.definition, sequence.compare
    pre: 0 <= variant < len(DECL_VARIANTS) and isinstance(hand, tuple)
    raises: PiquetError
    post: is_hand(hand)
    post: sequences_are_runs(hand, __return__, DECL_VARIANTS[variant]) and every_run_listed(hand, __return__, DECL_VARIANTS[variant])
    post: all((a.length, a.top, -a.suit) > (b.length, b.top, -b.suit) for a, b in zip(__return__, __return__[1:]))
    """
    return sequences_of(hand, DECL_VARIANTS[variant])  # type: ignore[arg-type]


def sets_held_in(variant: int, hand: Hand) -> tuple[SetHolding, ...]:
    """`held_sets` of the hand under `DECL_VARIANTS[variant]`: every rank of the ruleset's set ranks held in as
    many suits as the ruleset scores, best first (more cards, then higher rank).

    rules: sets.eligible-ranks, sets.score, sets.compare
    pre: 0 <= variant < len(DECL_VARIANTS) and is_hand(hand)
    post: sets_are_held(hand, __return__, DECL_VARIANTS[variant])
    post: sorted(x.rank for x in __return__) == sorted(r for r in DECL_VARIANTS[variant].sets.ranks if sum(m >> r & 1 for m in hand) in DECL_VARIANTS[variant].sets.values)
    post: all((a.number, a.rank) > (b.number, b.rank) for a, b in zip(__return__, __return__[1:]))
    """
    return held_sets(hand, DECL_VARIANTS[variant])


def sets_found(variant: int, hand: tuple[int, ...]) -> tuple[SetHolding, ...]:
    """`sets_of` of the hand under `DECL_VARIANTS[variant]`: every quatorze and trio, as for sets_held_in,
    for four suit masks only.

    rules: sets.eligible-ranks, sets.score, sets.compare
    pre: 0 <= variant < len(DECL_VARIANTS) and isinstance(hand, tuple)
    raises: PiquetError
    post: is_hand(hand)
    post: sets_are_held(hand, __return__, DECL_VARIANTS[variant]) and sorted(x.rank for x in __return__) == sorted(r for r in DECL_VARIANTS[variant].sets.ranks if sum(m >> r & 1 for m in hand) in DECL_VARIANTS[variant].sets.values)
    post: all((a.number, a.rank) > (b.number, b.rank) for a, b in zip(__return__, __return__[1:]))
    """
    return sets_of(hand, DECL_VARIANTS[variant])  # type: ignore[arg-type]


def blanche(variant: int, hand: Hand) -> bool:
    """`carte_blanche` of the hand under `DECL_VARIANTS[variant]`: a hand of at least the ruleset's least number
    of cards holding no card of a court rank.

    rules: carte-blanche.definition, pack.court
    pre: 0 <= variant < len(DECL_VARIANTS) and is_hand(hand)
    post: __return__ == (size(hand) >= DECL_VARIANTS[variant].carte_blanche.min_cards and not any(m >> r & 1 for m in hand for r in court_ranks(DECL_VARIANTS[variant])))
    """
    return carte_blanche(hand, DECL_VARIANTS[variant])


def blanche_packed(variant: int, hand: Hand) -> bool:
    """`carte_blanche_packed` of the hand packed as one int, under `DECL_VARIANTS[variant]`: the same as of its suit
    masks, a hand of at least the ruleset's least number of cards holding no card of a court rank.

    rules: carte-blanche.definition, pack.court
    pre: 0 <= variant < len(DECL_VARIANTS) and is_hand(hand)
    post: __return__ == (size(hand) >= DECL_VARIANTS[variant].carte_blanche.min_cards and not any(m >> r & 1 for m in hand for r in court_ranks(DECL_VARIANTS[variant])))
    """
    return carte_blanche_packed(pack_of_hand(hand), DECL_VARIANTS[variant])


def everything_declared(variant: int, hand: Hand) -> Declaration:
    """`declare_all` of the hand under `DECL_VARIANTS[variant]`: its point, every sequence and every set.

    rules: point.compare, sequence.definition, sets.eligible-ranks, sets.score
    pre: 0 <= variant < len(DECL_VARIANTS) and is_hand(hand)
    post: point_right(hand, __return__.point, DECL_VARIANTS[variant]) and point_longest(hand, __return__.point, DECL_VARIANTS[variant])
    post: sequences_are_runs(hand, __return__.sequences, DECL_VARIANTS[variant]) and every_run_listed(hand, __return__.sequences, DECL_VARIANTS[variant])
    post: sets_are_held(hand, __return__.sets, DECL_VARIANTS[variant]) and sorted(x.rank for x in __return__.sets) == sorted(r for r in DECL_VARIANTS[variant].sets.ranks if sum(m >> r & 1 for m in hand) in DECL_VARIANTS[variant].sets.values)
    """
    return declare_all(hand, DECL_VARIANTS[variant])


def hand_evaluated(variant: int, hand: tuple[int, ...]) -> HandEvaluation:
    """`evaluate_hand` of the hand under `DECL_VARIANTS[variant]`: its point, every sequence, every set and
    whether it is carte blanche, for four suit masks only.

    rules: point.compare, sequence.definition, sets.eligible-ranks, sets.score, carte-blanche.definition
    pre: 0 <= variant < len(DECL_VARIANTS) and isinstance(hand, tuple)
    raises: PiquetError
    post: is_hand(hand)
    post: point_right(hand, __return__.point, DECL_VARIANTS[variant]) and point_longest(hand, __return__.point, DECL_VARIANTS[variant])
    post: sequences_are_runs(hand, __return__.sequences, DECL_VARIANTS[variant]) and every_run_listed(hand, __return__.sequences, DECL_VARIANTS[variant])
    post: sets_are_held(hand, __return__.sets, DECL_VARIANTS[variant]) and sorted(x.rank for x in __return__.sets) == sorted(r for r in DECL_VARIANTS[variant].sets.ranks if sum(m >> r & 1 for m in hand) in DECL_VARIANTS[variant].sets.values)
    post: __return__.carte_blanche == (size(hand) >= DECL_VARIANTS[variant].carte_blanche.min_cards and not any(m >> r & 1 for m in hand for r in court_ranks(DECL_VARIANTS[variant])))
    """
    return evaluate_hand(hand, DECL_VARIANTS[variant])  # type: ignore[arg-type]


def point_scores(variant: int, point: Point | None) -> int:
    """`point_points` of the point under `POINT_VARIANTS[variant]`: what it scores when good, nothing for no point.

    A card a point, or one for every so many pips where the ruleset says so, one less where the pips end in
    the digit the ruleset names.

    rules: point.score
    pre: 0 <= variant < len(POINT_VARIANTS)
    pre: point is None or point in possible_holdings(POINT_VARIANTS[variant])[0]
    post: point is not None or __return__ == 0
    post: point is None or POINT_RULES[variant].pips_per_point is not None or POINT_RULES[variant].less_if_ends_in is not None or __return__ == point.length * POINT_RULES[variant].per_card
    post: point is None or POINT_RULES[variant].pips_per_point is None or POINT_RULES[variant].less_if_ends_in is not None or __return__ == point.pips // POINT_RULES[variant].pips_per_point
    post: point is None or POINT_RULES[variant].less_if_ends_in is None or POINT_RULES[variant].pips_per_point is not None or __return__ == max(point.length * POINT_RULES[variant].per_card - (point.pips % 10 == POINT_RULES[variant].less_if_ends_in), 0)
    """
    return point_points(point, POINT_VARIANTS[variant])


def sequences_score(variant: int, seqs: tuple[Sequence, ...]) -> int:
    """`sequences_points` of the sequences under `SEQUENCE_VARIANTS[variant]`: every sequence scores the ruleset's value
    of its length, whatever its suit and top card.

    rules: sequence.score
    pre: 0 <= variant < len(SEQUENCE_VARIANTS)
    pre: all(q in possible_holdings(SEQUENCE_VARIANTS[variant])[1] for q in seqs)
    post: __return__ == sum(SEQUENCE_VARIANTS[variant].sequences.values[q.length] for q in seqs)
    """
    return sequences_points(seqs, SEQUENCE_VARIANTS[variant])


def sets_score(variant: int, sets: tuple[SetHolding, ...]) -> int:
    """`sets_points` of the sets under `SET_VARIANTS[variant]`: every set scores the ruleset's value of its number
    of cards (a quatorze, a trio), whatever its rank.

    rules: sets.score
    pre: 0 <= variant < len(SET_VARIANTS)
    pre: all(h in possible_holdings(SET_VARIANTS[variant])[2] for h in sets)
    post: __return__ == sum(SET_VARIANTS[variant].sets.values[h.number] for h in sets)
    """
    return sets_points(sets, SET_VARIANTS[variant])


def declarations_compared(variant: int, elder: Declaration, younger: Declaration) -> Comparison:
    """`compare_declarations` of the elder's and the younger's declarations under `DECL_VARIANTS[variant]`.

    In each category the side whose best holding is better is good and scores every holding it declares,
    the other side nothing; equal holdings score nothing; the winner of the point holds at least as many
    cards in it as the loser. Declarations holding what no hand can hold are refused (see `check_declaration`).

    rules: point.compare, point.equal, point.score, sequence.compare, sequence.good-scores-all, sequence.equal-nullifies, sequence.score, sets.compare, sets.good-scores-all, sets.score
    pre: 0 <= variant < len(DECL_VARIANTS)
    raises: PiquetError
    post: impossible_holdings(elder, variant) == [] and impossible_holdings(younger, variant) == []
    post: all(__return__.good(c) == (None if best_of(elder, c) == best_of(younger, c) else 0 if best_of(elder, c) > best_of(younger, c) else 1) for c in DECL_CATEGORIES)
    post: all((v.elder_points, v.younger_points) == due(best_of(elder, c), best_of(younger, c), points_of(elder, c, DECL_VARIANTS[variant]), points_of(younger, c, DECL_VARIANTS[variant])) for c, v in zip(DECL_CATEGORIES, __return__.all()))
    post: __return__.values == tuple(points_of(d, c, DECL_VARIANTS[variant]) for c in DECL_CATEGORIES for d in (elder, younger))
    post: all((k == 0) == (best_of(d, c) == ()) for k, (c, d) in zip(__return__.keys, [(c, d) for c in DECL_CATEGORIES for d in (elder, younger)]))
    post: __return__.good("point") is None or (best_of((elder, younger)[__return__.good("point")], "point") + (0,))[0] >= (best_of((younger, elder)[__return__.good("point")], "point") + (0,))[0]
    """
    return compare_declarations(elder, younger, DECL_VARIANTS[variant])


def made_declarations_compared(variant: int, elder: Declaration, younger: Declaration) -> Comparison:
    """`compared` of declarations made by the caller itself (each holding one a hand can hold) under
    `DECL_VARIANTS[variant]`: the comparison `compare_declarations` gives, its checks left out (the state machine
    compares its players' calls so at every step of the calls).

    rules: point.compare, sequence.compare, sets.compare
    pre: 0 <= variant < len(DECL_VARIANTS)
    pre: impossible_holdings(elder, variant) == [] and impossible_holdings(younger, variant) == []
    post: __return__ == compare_declarations(elder, younger, DECL_VARIANTS[variant])
    """
    return compared(elder, younger, DECL_VARIANTS[variant])


def hands_judged(variant: int, elder: tuple[int, ...], younger: tuple[int, ...]) -> Comparison:
    """`compare_hands` of the elder's and the younger's hands under `DECL_VARIANTS[variant]`, each declaring
    everything: the comparison of the two hands' evaluations, for two hands sharing no card only.

    rules: point.compare, point.equal, sequence.compare, sequence.good-scores-all, sequence.equal-nullifies, sets.compare, sets.good-scores-all
    pre: 0 <= variant < len(DECL_VARIANTS) and isinstance(elder, tuple) and isinstance(younger, tuple)
    raises: PiquetError
    post: is_hand(elder) and is_hand(younger) and pack_of_hand(elder) & pack_of_hand(younger) == 0
    post: __return__ == compare_declarations(evaluate_hand(elder, DECL_VARIANTS[variant]), evaluate_hand(younger, DECL_VARIANTS[variant]), DECL_VARIANTS[variant])
    """
    return compare_hands(elder, younger, DECL_VARIANTS[variant])  # type: ignore[arg-type]


def hands_refused(variant: int, elder: tuple[int, ...], younger: tuple[int, ...]) -> tuple[str, str]:
    """`compare_hands` refusing what is not two hands of distinct cards: (code, message), ("", "") when it
    compares them. A card held by both is named in the message.

    rules: pack.cards
    pre: 0 <= variant < len(DECL_VARIANTS)
    post: (__return__[0] == "") == (is_hand(elder) and is_hand(younger) and pack_of_hand(elder) & pack_of_hand(younger) == 0)
    post: __return__[0] != "argument-invalid" or not (is_hand(elder) and is_hand(younger))
    post: __return__[0] != "card-duplicate" or any(holds(elder, c) and holds(younger, c) and format_card(c, DECL_VARIANTS[variant]) in __return__[1] for c in range(len(SUITS) * BITS_PER_SUIT))
    post: __return__[0] in ("", "argument-invalid", "card-duplicate")
    """
    return refusal(compare_hands, elder, younger, DECL_VARIANTS[variant])


def tables_compared(variant: int, elder: Hand, younger: Hand) -> Comparison:
    """`table_comparison` of the elder's and the younger's hands under `DECL_VARIANTS[variant]`, each declaring
    everything: each category's keys are both sides' best holdings, its values what all their holdings score,
    only the side with the higher key scores, and the winner of the point holds at least as many cards in
    his best suit as the loser; the same as comparing the two hands' declarations of everything.

    rules: point.compare, point.equal, point.score, sequence.compare, sequence.good-scores-all, sequence.equal-nullifies, sequence.score, sets.compare, sets.good-scores-all, sets.score
    pre: 0 <= variant < len(DECL_VARIANTS) and is_hand(elder) and is_hand(younger)
    pre: pack_of_hand(elder) & pack_of_hand(younger) == 0
    post: (__return__.keys[0], __return__.values[0], __return__.keys[1], __return__.values[1]) == best_point(elder, DECL_VARIANTS[variant]) + best_point(younger, DECL_VARIANTS[variant])
    post: (__return__.keys[2], __return__.values[2], __return__.keys[3], __return__.values[3]) == all_sequences(elder, DECL_VARIANTS[variant]) + all_sequences(younger, DECL_VARIANTS[variant])
    post: (__return__.keys[4], __return__.values[4], __return__.keys[5], __return__.values[5]) == all_sets(elder, DECL_VARIANTS[variant]) + all_sets(younger, DECL_VARIANTS[variant])
    post: all((c.elder_points, c.younger_points) == ((v[0], 0) if k[0] > k[1] else (0, v[1]) if k[1] > k[0] else (0, 0)) for c, k, v in zip(__return__.all(), zip(__return__.keys[0::2], __return__.keys[1::2]), zip(__return__.values[0::2], __return__.values[1::2])))
    post: __return__.good("point") is None or max(map(length, (elder, younger)[__return__.good("point")])) >= max(map(length, (younger, elder)[__return__.good("point")]))
    post: __return__ == compare_declarations(declare_all(elder, DECL_VARIANTS[variant]), declare_all(younger, DECL_VARIANTS[variant]), DECL_VARIANTS[variant])
    """
    return table_comparison(elder, younger, DECL_VARIANTS[variant])


def declaration_refused(variant: int, d: object, player: int) -> tuple[str, str]:
    """`check_declaration` of the object d as `PLAYERS[player]`'s declaration under `DECL_VARIANTS[variant]`: (code,
    message) of its refusal, ("", "") when it accepts. Refused exactly when `d` is no declaration or declares
    a holding no hand can hold, with code argument-invalid, the message naming the side and the holding.

    rules: point.compare, sequence.definition, sets.eligible-ranks, sets.score
    pre: 0 <= variant < len(DECL_VARIANTS) and player in (0, 1)
    post: (__return__[0] == "") == (impossible_holdings(d, variant) == [])
    post: __return__[0] in ("", "argument-invalid")
    post: __return__[0] == "" or PLAYERS[player] in __return__[1]
    post: __return__[0] == "" or (all(shown(x) in __return__[1] for x in impossible_holdings(d, variant)) if isinstance(d, Declaration) else type(d).__name__ in __return__[1])
    """
    return refusal(check_declaration, d, PLAYERS[player], DECL_VARIANTS[variant])


def declaration_made(variant: int, hand: Hand, choice: DeclareChoice, player: int) -> Declaration:
    """`declared`: what `PLAYERS[player]` declares from the hand under the choice and `DECL_VARIANTS[variant]`.

    `all` declares everything the category holds (as `declare_all`), `none` nothing, a list exactly the
    cards listed; whatever is declared is held.

    rules: declare.sinking, point.compare, sequence.definition, sets.eligible-ranks, sets.score
    pre: 0 <= variant < len(DECL_VARIANTS) and is_hand(hand) and player in (0, 1)
    raises: PiquetError
    post: impossible_holdings(__return__, variant) == []
    post: all(holds(hand, c) for x in ((__return__.point,) if __return__.point else ()) + __return__.sequences + __return__.sets for c in cards_of_holding(x))
    post: choice.point != "all" or (point_right(hand, __return__.point, DECL_VARIANTS[variant]) and point_longest(hand, __return__.point, DECL_VARIANTS[variant]))
    post: choice.sequences != "all" or (sequences_are_runs(hand, __return__.sequences, DECL_VARIANTS[variant]) and every_run_listed(hand, __return__.sequences, DECL_VARIANTS[variant]))
    post: choice.sets != "all" or (sets_are_held(hand, __return__.sets, DECL_VARIANTS[variant]) and sorted(x.rank for x in __return__.sets) == sorted(r for r in DECL_VARIANTS[variant].sets.ranks if sum(m >> r & 1 for m in hand) in DECL_VARIANTS[variant].sets.values))
    post: (choice.point != "none" or __return__.point is None) and (choice.sequences != "none" or __return__.sequences == ()) and (choice.sets != "none" or __return__.sets == ())
    post: not isinstance(choice.point, tuple) or (__return__.point is not None and cards_of_holding(__return__.point) == frozenset(choice.point))
    post: not isinstance(choice.sequences, tuple) or sorted(sorted(cards_of_holding(q)) for q in __return__.sequences) == sorted(sorted(g) for g in choice.sequences)
    post: not isinstance(choice.sets, tuple) or sorted(sorted(cards_of_holding(h)) for h in __return__.sets) == sorted(sorted(g) for g in choice.sets)
    """
    return declared(hand, choice, PLAYERS[player], DECL_VARIANTS[variant])


def choice_declared(variant: int, hand: Hand, choice: DeclareChoice, player: int) -> Declaration:
    """`declaration_of`: what `PLAYERS[player]` declares from the hand under a choice accepted as checked, under
    `DECL_VARIANTS[variant]`: what `declared` gives, the hand's check left out.

    rules: declare.sinking
    pre: 0 <= variant < len(DECL_VARIANTS) and is_hand(hand) and player in (0, 1)
    pre: declare_refused(variant, hand, choice, player) == ("", "")
    post: __return__ == declared(hand, choice, PLAYERS[player], DECL_VARIANTS[variant])
    """
    return declaration_of(hand, choice, PLAYERS[player], DECL_VARIANTS[variant])


def declare_refused(variant: int, hand: Hand, choice: DeclareChoice, player: int) -> tuple[str, str]:
    """`declared` refusing a choice: (code, message), ("", "") when it accepts. A choice listing a card the
    player does not hold is refused; refused as declare-not-held only for a card listed and not held, the
    message naming the player and that card; always so when the first card listed is one, the choice being of
    the documented shape.

    rules: declare.sinking
    pre: 0 <= variant < len(DECL_VARIANTS) and is_hand(hand) and player in (0, 1)
    post: __return__[0] != "" or all(holds(hand, c) for c in listed(choice))
    post: __return__[0] != "declare-not-held" or any(not holds(hand, c) and format_card(c, DECL_VARIANTS[variant]) in __return__[1] for c in listed(choice) if type(c) is int and 0 <= c < len(SUITS) * BITS_PER_SUIT)
    post: __return__[0] != "declare-not-held" or PLAYERS[player] in __return__[1]
    post: type(first_listed(choice)) is not int or holds(hand, first_listed(choice)) or not 0 <= first_listed(choice) < len(SUITS) * BITS_PER_SUIT or __return__[0] in ("declare-not-held", "argument-invalid")
    """
    return refusal(declared, hand, choice, PLAYERS[player], DECL_VARIANTS[variant])
