"""The contracts of the declarations' wrappers (`verification/contracts/declarations.py`) evaluated at run time.

Each condition is read from the docstring as CrossHair reads it and evaluated, under every variant of the rules
(`DECL_VARIANTS`, `POINT_VARIANTS`, ...), on every input of a finite domain where it is small (every suit mask in
every suit, every rank in every set of suits, every point, sequence and set and every pair of them, every
holding of a box past the possible ones), else on Hypothesis hands, pairs of hands and declare choices, and on
the hands of the corpus's `evaluate_hand` and `compare_declarations` cases. A calibration requires the same check
to find bugs planted in copies of piquet_ref/hand/declarations.py, each by the postcondition it names.
"""

from __future__ import annotations

import re
from itertools import product
from pathlib import Path
from types import FunctionType
from typing import Any, Callable, Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verification.contracts import declarations as dc
from piquet_ref.hand import declarations
from piquet_ref.hand.cards import BITS_PER_SUIT, PACK_SIZE, SUIT_MASK, Hand, hand_of, pack_of_hand, parse_cards
from verification.contracts.core import POINT_VARIANTS, SEQUENCE_VARIANTS, SET_VARIANTS
from piquet_ref.runner.corpus import load_cases
from piquet_ref.hand.declarations import Declaration, DeclareChoice, Point, Sequence, SetHolding
from piquet_ref.rules.loader import load_ruleset
from piquet_ref.deal.record import parse_declare
from piquet_ref.rules.ruleset import PLAYERS
from piquet_ref.strategies import declare_choices, disjoint_hands, hands

from verification.calibration.planted_deal import Plant, planted_function
from verification.crosshair import contracts
from verification.runtime import assert_caught, broken, broken_by, conditions
from tests.support import examples

ROOT = Path(__file__).resolve().parent.parent
SUITS = range(4)
VARIANTS = range(-1, len(dc.DECL_VARIANTS) + 1)  # a variant past each end: the preconditions refuse them
HAND_FUNCTIONS = ("point_held_in", "point_found", "sequences_held_in", "sequences_found", "sets_held_in", "sets_found",
                  "blanche", "blanche_packed", "everything_declared", "hand_evaluated")
PAIR_FUNCTIONS = ("hands_judged", "hands_refused", "tables_compared")
NOT_HANDS: tuple[Any, ...] = ((-1, 0, 0, 0), (0, 0, 0, SUIT_MASK + 1), (0, 0, 0), (0, 0, 0, 0, 0), (True, 0, 0, 0), (1.0, 0, 0, 0))


def suit_hands() -> list[Any]:
    """Every suit mask in every suit (the point and the sequences are rules of one suit), every rank held in
    every set of suits (the sets are rules of one rank), and some tuples that are not hands."""
    out: list[Any] = [Hand(*(m if s == suit else 0 for s in SUITS)) for suit in SUITS for m in range(SUIT_MASK + 1)]
    out += [Hand(*((1 << r) if suits >> s & 1 else 0 for s in SUITS)) for r in range(BITS_PER_SUIT) for suits in range(16)]
    return out + list(NOT_HANDS)


def mask_families() -> list[Hand]:
    """Every suit mask held in two suits, alternate suits and all four: ties between suits, the same runs in
    several suits, sets of every rank, plain hands of twelve cards (fixed inputs for the calibration)."""
    return [h for m in range(SUIT_MASK + 1) for h in (Hand(m, m, 0, 0), Hand(0, m, 0, m), Hand(m, m, m, m))]


def hand_calls(hands_: Iterable[Any], variants: Iterable[int] = VARIANTS) -> list[tuple[str, tuple[Any, ...]]]:
    return [(f, (v, h)) for h in hands_ for v in variants for f in HAND_FUNCTIONS]


def pair_calls(pairs: Iterable[tuple[Any, Any]], variants: Iterable[int] = VARIANTS) -> list[tuple[str, tuple[Any, ...]]]:
    out: list[tuple[str, tuple[Any, ...]]] = []
    for (e, y), v in product(pairs, variants):
        out += [("hands_judged", (v, e, y)), ("hands_refused", (v, e, y))]
        if dc.is_hand(e) and dc.is_hand(y) and not pack_of_hand(e) & pack_of_hand(y):
            ed, yd = (declarations.declare_all(h, dc.DECL_VARIANTS[max(v, 0) % len(dc.DECL_VARIANTS)]) for h in (e, y))
            out += [("tables_compared", (v, e, y)), ("declarations_compared", (v, ed, yd)), ("made_declarations_compared", (v, ed, yd))]
            out += [("declaration_refused", (v, d, p)) for d, p in ((ed, 0), (yd, 1))]
    return out


def checked(module: Any, calls: Iterable[tuple[str, tuple[Any, ...]]]) -> tuple[set[str], set[tuple[str, str]]]:
    """(the functions whose preconditions admitted some call, (function, postcondition) of every condition broken)."""
    admitted: set[str] = set()
    bad: set[tuple[str, str]] = set()
    for function, args in calls:
        out = broken(module, function, args)
        if out is not None:
            admitted.add(function)
            bad |= {(function, b) for b in out}
    return admitted, bad


def test_every_wrapper_with_contracts_is_checked_here() -> None:
    functions = {c.function for c in contracts((dc.__name__,))}
    assert functions == set(HAND_FUNCTIONS) | set(PAIR_FUNCTIONS) | set(HOLDING_BOXES) | {
        "declarations_compared", "made_declarations_compared", "declaration_refused", "declaration_made", "choice_declared", "declare_refused"}


def test_every_wrapper_names_one_function_of_declarations_and_every_public_one_is_named() -> None:
    """As `verification.report.core_uncontracted` reads them: the first docstring line's names in backticks."""
    named = {f: re.findall(r"`([a-z_]+)`", (getattr(dc, f).__doc__ or "").splitlines()[0]) for f in {c.function for c in contracts((dc.__name__,))}}
    predicates = {m for c in contracts((declarations.__name__,)) for m in re.findall(r"\b([a-z_]+)\(", c.condition)}
    public = {f for f, fn in vars(declarations).items() if isinstance(fn, FunctionType) and fn.__module__ == declarations.__name__
              and not f.startswith("_") and not conditions(declarations, f)[1]
              and not (f in predicates and fn.__annotations__.get("return") in (bool, "bool"))}  # the named predicates of its own contracts
    assert all(len(n) == 1 and n[0] in public for n in named.values()), named
    assert {n[0] for n in named.values()} == public - {"sequence_name", "set_name", "verdict"}  # those three: contracts.py's wrappers


@pytest.mark.parametrize("function", HAND_FUNCTIONS)
def test_the_hand_postconditions_hold_on_every_suit_mask_in_every_suit_and_every_rank_in_every_set_of_suits(function: str) -> None:
    admitted, bad = checked(dc, ((f, a) for f, a in hand_calls(suit_hands()) if f == function))
    assert function in admitted and bad == set()


def test_the_hands_of_the_families_are_never_refused_and_their_postconditions_hold() -> None:
    """Valid hands are evaluated, not refused (a refusal would pass the checked wrappers' `raises:` line)."""
    for h in mask_families()[::5]:
        dc.hand_evaluated(0, h)
    assert checked(dc, hand_calls(mask_families()[::3], range(len(dc.DECL_VARIANTS))))[1] == set()


def test_the_preconditions_refuse_what_is_past_the_boxes() -> None:
    """Each box reaches past the preconditions (a variant out of range at least), so that they bound what is checked."""
    for function, args in hand_calls(suit_hands()[:1], (-1,)) + [(f, box()[0]) for f, box in HOLDING_BOXES.items()]:
        assert broken(dc, function, args) is None, function


def possible_points(rs: Any) -> list[Point | None]:
    return [None, *sorted(dc.possible_holdings(rs)[0])]


def impossible_points() -> list[Point]:
    return [Point(0, 5, 2, 15), Point(0, 5, 2, 16), Point(4, 1, 1, 7), Point(0, 0, 0, 0), Point(0, 256, 1, 7)]


HOLDING_BOXES: dict[str, Callable[[], list[tuple[Any, ...]]]] = {
    # every point (and none) and a few that cannot be, under every point variant
    "point_scores": lambda: [(len(POINT_VARIANTS), None)] + [(v, p) for v in range(len(POINT_VARIANTS))
                                                              for p in possible_points(POINT_VARIANTS[v]) + impossible_points()],
    # no sequence, every sequence, every pair of them, and some that cannot be
    "sequences_score": lambda: [(len(SEQUENCE_VARIANTS), ())] + [(v, qs) for v in range(len(SEQUENCE_VARIANTS)) for qs in (
        [(), (Sequence(0, 2, 5),), (Sequence(0, 4, 2),)] + [(q,) for q in sorted(dc.possible_holdings(SEQUENCE_VARIANTS[v])[1])]
        + list(product(sorted(dc.possible_holdings(SEQUENCE_VARIANTS[v])[1]), repeat=2)))],
    # no set, every set, every pair of them, and some that cannot be
    "sets_score": lambda: [(len(SET_VARIANTS), ())] + [(v, hs) for v in range(len(SET_VARIANTS)) for hs in (
        [(), (SetHolding(0, 3, 7),), (SetHolding(7, 2, 3),)] + [(h,) for h in sorted(dc.possible_holdings(SET_VARIANTS[v])[2])]
        + list(product(sorted(dc.possible_holdings(SET_VARIANTS[v])[2]), repeat=2)))],
}


@pytest.mark.parametrize("function", sorted(HOLDING_BOXES))
def test_what_holdings_score_keeps_its_postconditions_on_every_holding_and_pair_of_holdings(function: str) -> None:
    admitted, bad = checked(dc, ((function, a) for a in HOLDING_BOXES[function]()))
    assert function in admitted and bad == set()


def declaration_box(variant: int) -> list[object]:
    """Declarations of one holding each, from a box past the possible ones (suits, masks, lengths, tops, ranks and
    counts one past each end, pips one off), declarations of what is not a tuple, and things not declarations."""
    values = dc.pip_values(dc.DECL_VARIANTS[variant])
    points = [Point(s, m, m.bit_count() + dl, sum(values[b] for b in range(8) if m >> b & 1) + dp) for s in (-1, 0, 3, 4)
              for m in range(0, SUIT_MASK + 2) for dl, dp in ((0, 0), (1, 0), (0, -1))]
    seqs = [Sequence(s, n, t) for s in (-1, 0, 4) for n in range(0, 10) for t in range(-1, 9)]
    sets = [SetHolding(r, n, suits) for r in range(-1, 9) for n in range(0, 6) for suits in range(-1, 17)]
    out: list[object] = [Declaration(p, (), ()) for p in points]
    out += [Declaration(None, (q,), ()) for q in seqs] + [Declaration(None, (), (h,)) for h in sets]
    odd: Any = ([Sequence(0, 3, 2)], [SetHolding(7, 3, 7)], Point(0, 7, 3, float(24)), ((0, 3, 2),), Point(True, 7, 3, 24))  # type: ignore[arg-type]  # not of the types declared
    out += [Declaration(None, odd[0], ()), Declaration(None, (), odd[1]), Declaration(odd[2], (), ()), Declaration(None, odd[3], ()),
            Declaration(odd[4], (), ()), None, (), "all", Point(0, 7, 3, 24)]
    return out


def test_a_declaration_is_refused_exactly_when_it_declares_what_no_hand_can_hold() -> None:
    calls = [("declaration_refused", (v, d, p)) for v in range(len(dc.DECL_VARIANTS)) for d in declaration_box(v) for p in (0, 1)]
    assert broken_by(dc, calls) == set()
    refused = sum(dc.declaration_refused(0, d, 0)[0] != "" for d in declaration_box(0))
    assert 0 < refused < len(declaration_box(0))  # the box holds both


variants = st.integers(0, len(dc.DECL_VARIANTS) - 1)


@settings(max_examples=examples(200), deadline=None)
@given(variants, st.one_of(hands(), hands(10, 20)))
def test_the_hand_postconditions_hold_on_any_hand_under_every_variant(variant: int, hand: Hand) -> None:
    assert broken_by(dc, hand_calls([hand], [variant])) == set()


@settings(max_examples=examples(150), deadline=None)
@given(variants, disjoint_hands(), hands())
def test_comparing_two_hands_or_their_declarations_keeps_its_postconditions_under_every_variant(
    variant: int, pair: tuple[Hand, Hand], other: Hand,
) -> None:
    """Two hands as two players could hold them, and the first against any hand (sharing cards or not)."""
    assert checked(dc, pair_calls([pair, (pair[0], other), (pair[0], (-1, 0, 0, 0))], [variant]))[1] == set()


@st.composite
def choices(draw: st.DrawFn) -> tuple[Hand, DeclareChoice, int]:
    """A hand, a player, and a choice of what he declares: a legal one (`strategies.declare_choices`), or one with
    a card he does not hold put first, or last, in one of its lists."""
    hand = draw(hands(0, 16))
    player = draw(st.integers(0, 1))
    choice = parse_declare(draw(declare_choices(hand)), PLAYERS[player], dc.RS)
    not_held = [c for c in range(PACK_SIZE) if not hand[c >> 3] >> (c & 7) & 1]
    if draw(st.booleans()) and not_held:
        card, where, first = draw(st.sampled_from(not_held)), draw(st.sampled_from(("point", "sequences", "sets"))), draw(st.booleans())
        held = getattr(choice, where)
        if where == "point":
            cards = held if isinstance(held, tuple) else ()
            choice = DeclareChoice(((card,) + cards) if first else (cards + (card,)), choice.sequences, choice.sets)
        else:
            groups = held if isinstance(held, tuple) else ()
            group = ((card,) + groups[0]) if groups and first else (groups[0] + (card,)) if groups else (card,)
            choice = DeclareChoice(choice.point, **{where: (group,) + groups[1:]}, **{k: getattr(choice, k) for k in ("sequences", "sets") if k != where})
    return hand, choice, player


@settings(max_examples=examples(250), deadline=None)
@given(variants, choices())
def test_what_a_player_declares_keeps_its_postconditions_under_every_variant(variant: int, held: tuple[Hand, DeclareChoice, int]) -> None:
    hand, choice, player = held
    accepted = 0 <= variant < len(dc.DECL_VARIANTS) and dc.declare_refused(variant, hand, choice, player) == ("", "")
    wrappers = ("declaration_made", "declare_refused") + (("choice_declared",) if accepted else ())
    assert broken_by(dc, [(f, (variant, hand, choice, player)) for f in wrappers]) == set()


def corpus_calls() -> list[tuple[str, tuple[Any, ...]]]:
    """The calls on the hands of every `evaluate_hand` and `compare_declarations` case of the corpus: each hand's,
    and for a pair, the pair's, with what each side declares (all, or the case's declare choice)."""
    out: list[tuple[str, tuple[Any, ...]]] = []
    for case in load_cases(ROOT / "conformance" / "cases"):
        if case.op not in ("evaluate_hand", "compare_declarations"):
            continue
        data = case.data["input"]
        rs = load_ruleset(data.get("ruleset", case.rulesets[0]))
        v = dc.variant_of(rs)
        if case.op == "evaluate_hand":
            out += hand_calls([hand_of(parse_cards(data["cards"], rs))], [v])
            continue
        sides = [data[p] if isinstance(data[p], dict) else {"hand": data[p]} for p in PLAYERS]
        pair = (hand_of(parse_cards(sides[0]["hand"], rs)), hand_of(parse_cards(sides[1]["hand"], rs)))
        picks = [(pair[i], parse_declare(side.get("declare", "all"), PLAYERS[i], rs), i) for i, side in enumerate(sides)]
        out += hand_calls(pair, [v]) + pair_calls([pair], [v])
        out += [(f, (v, *p)) for p in picks for f in ("declaration_made", "declare_refused")]
        out += [("choice_declared", (v, *p)) for p in picks if dc.declare_refused(v, *p) == ("", "")]
        if all(dc.declare_refused(v, *p) == ("", "") for p in picks):
            made = tuple(declarations.declared(h, c, PLAYERS[i], rs) for h, c, i in picks)
            out += [("declarations_compared", (v, *made)), ("made_declarations_compared", (v, *made))]
    return out


def test_the_corpus_hands_keep_every_postcondition() -> None:
    calls = corpus_calls()
    assert len({a for _, a in calls}) > 200
    assert broken_by(dc, calls) == set()


# Bugs planted in copies of piquet_ref/hand/declarations.py: (function planted, wrapper checked, the bug).
PLANTED: tuple[tuple[str, str, Plant], ...] = (
    ("held_point", "point_held_in", Plant(
        "point-tie-to-the-last-suit", "of two suits equal in cards and pips, the point is the later in suit order",
        "        if pt[hand[suit]] > best:\n", "        if pt[hand[suit]] >= best:\n",
        "point_longest(hand, __return__, DECL_VARIANTS[variant])")),
    ("carte_blanche", "blanche", Plant(
        "blanche-needs-thirteen", "twelve cards without a court card are not carte blanche",
        "pack.bit_count() >= cb.min_cards", "pack.bit_count() > cb.min_cards",
        "__return__ == (size(hand) >= DECL_VARIANTS[variant].carte_blanche.min_cards and not any(m >> r & 1 for m in hand for r in court_ranks(DECL_VARIANTS[variant])))")),
    ("held_sequences", "sequences_held_in", Plant(
        "sequences-worst-first", "the sequences are listed worst first",
        "return (-s.key, s.suit)", "return (s.key, s.suit)",
        "all((a.length, a.top, -a.suit) > (b.length, b.top, -b.suit) for a, b in zip(__return__, __return__[1:]))")),
    ("table_comparison", "tables_compared", Plant(
        "elder-point-ignores-clubs", "the elder's point is sought in three suits only",
        "ek = max(pt[e0], pt[e1], pt[e2], pt[e3])", "ek = max(pt[e0], pt[e1], pt[e2], pt[e2])",
        "(__return__.keys[0], __return__.values[0], __return__.keys[1], __return__.values[1]) == best_point(elder, DECL_VARIANTS[variant]) + best_point(younger, DECL_VARIANTS[variant])")),
    ("compared", "made_declarations_compared", Plant(
        "younger-scores-elders-sequences", "the younger would score the elder's sequences",
        "sequences_points(younger.sequences, rs)", "sequences_points(elder.sequences, rs)",
        "__return__ == compare_declarations(elder, younger, DECL_VARIANTS[variant])")),
    ("compare_declarations", "declarations_compared", Plant(
        "younger-declaration-unchecked", "the younger's declaration is not checked",
        '    check_declaration(younger, "younger", rs)\n', "",
        "impossible_holdings(elder, variant) == [] and impossible_holdings(younger, variant) == []")),
    ("check_declaration", "declaration_refused", Plant(
        "major-sequence-refused", "a sequence headed by the ace is refused as one no hand can hold",
        "q.top + 1 <= BITS_PER_SUIT", "q.top + 1 < BITS_PER_SUIT",
        '(__return__[0] == "") == (impossible_holdings(d, variant) == [])')),
    ("declared", "declare_refused", Plant(
        "held-card-not-held", "a card listed and held is refused as not held",
        "                return hand_of_pack(pack)\n",
        '                raise error("declare-not-held", f"{what}: the {player} does not hold {format_card(cards[0], rs)}")\n',
        '__return__[0] != "declare-not-held" or any(not holds(hand, c) and format_card(c, DECL_VARIANTS[variant]) in __return__[1] for c in listed(choice) if type(c) is int and 0 <= c < len(SUITS) * BITS_PER_SUIT)')),
)


CLASSES = ("Point", "Sequence", "SetHolding", "Declaration", "HandEvaluation", "DeclareChoice", "Comparison", "CategoryComparison")


def calibration_calls(wrapper: str) -> list[tuple[Any, ...]]:
    """The fixed inputs of the calibration for `wrapper`: the mask families, pairs of them, their declarations,
    and each hand's choice of its first held sequence or set listed."""
    fams = mask_families()
    if wrapper in HAND_FUNCTIONS:
        return [(v, h) for h in fams for v in range(len(dc.DECL_VARIANTS))]
    pairs = [(Hand(0, 0, m, n), Hand(a, b, 0, 0)) for m, n in product(range(0, 256, 5), range(0, 256, 7)) for a, b in ((m, n), (n, m))]
    if wrapper == "tables_compared":
        return [(0, e, y) for e, y in pairs]
    decls = [declarations.declare_all(h, dc.RS) for h in fams]
    if wrapper == "made_declarations_compared":
        return [(0, e, y) for e, y in zip(decls, decls[1:])]
    if wrapper == "declarations_compared":  # each pair of declarations with an impossible one among them
        bad = Declaration(Point(0, 5, 2, 15), (), ())  # the seven and nine of spades, making one pip less than they do
        return [(0, e, bad) for e in decls[:20]]
    if wrapper == "declaration_refused":
        return [(0, d, 0) for d in decls]
    return [(0, h, DeclareChoice("all", (g,), "all"), 0) for h in fams for g in [q.cards for q in declarations.held_sequences(h, dc.RS)[:1]]]


@pytest.mark.parametrize("function, wrapper, bug", PLANTED, ids=[b.name for _, _, b in PLANTED])
def test_the_run_time_check_finds_each_bug_planted_in_the_declarations(function: str, wrapper: str, bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = calibration_calls(wrapper)
    assert calls and broken_by(dc, ((wrapper, a) for a in calls)) == set()  # the inputs break nothing unplanted
    planted = planted_function(Path(declarations.__file__), bug, function)
    planted.__globals__.update({k: getattr(declarations, k) for k in CLASSES})  # the copy judges the real classes' values
    monkeypatch.setattr(dc, function, planted)
    caught = {post for args in calls for post in broken(dc, wrapper, args) or ()}
    assert_caught(bug, caught)
