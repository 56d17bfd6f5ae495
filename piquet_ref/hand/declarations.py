"""Declarations: what a hand holds (point, sequences, sets, carte blanche) and who is good.

`evaluate_hand` reads everything that scores from a hand; `compare_declarations` decides for each
category who is good, equal or not good, on which key, and what each side scores.
"""

from __future__ import annotations

from functools import lru_cache

from dataclasses import dataclass
from typing import Literal, NamedTuple, TypeVar, Union

from piquet_ref.hand.cards import (  # SUIT_MASK: read by a contract
    BITS_PER_SUIT, CARD_TYPES, SUIT_MASK, Card, Hand, all_card_numbers, card_of, check_card, check_hand, format_card, hand_of, hand_of_pack, pack_if_held,
    pack_of_hand,
)
from piquet_ref.hand.cards import parse_cards
from piquet_ref.hand.notation import cards_repr, cards_text, groups_repr
from piquet_ref.hand.cards import tuple_new as _new
from piquet_ref.rules.codes import error
from piquet_ref.rules.loader import ruleset_of
from piquet_ref.rules.ruleset import PLAYERS, Player, Ruleset
from piquet_ref.hand.suit import POINT_SHIFT, RANK_SHIFT, point_key, point_length, point_pips, run_mask, sequence_key, set_key, tables
from piquet_ref.rules.errors import shown

DeclCategory = Literal["point", "sequences", "sets"]
DECL_CATEGORIES: tuple[DeclCategory, ...] = ("point", "sequences", "sets")
DECL_INDEX: dict[DeclCategory, int] = {c: i for i, c in enumerate(DECL_CATEGORIES)}
Outcome = Literal["good", "equal", "none"]
Choice = Literal["all", "none"]
PointChoice = Union[Choice, tuple[Card, ...]]
GroupChoice = Union[Choice, tuple[tuple[Card, ...], ...]]


@dataclass(frozen=True)
class DeclareChoice:
    """What a player declares in each category: `all` (default), `none` (sink it), or exactly the holdings listed.

    In YAML: `declare: {point: none, sequences: [[QS, JS, TS]], sets: all}`. Listing fewer cards than
    held is calling less than one holds (a trio out of a quatorze, four cards of a five-card point).
    """

    point: PointChoice = "all"
    sequences: GroupChoice = "all"
    sets: GroupChoice = "all"

    @property
    def is_default(self) -> bool:
        return self.point == "all" and self.sequences == "all" and self.sets == "all"

    def __str__(self) -> str:
        """As the record writes it, cards in notation: `point: none, sequences: [QS JS TS], sets: all`."""
        point = self.point if isinstance(self.point, str) else f"[{cards_text(self.point)}]"
        return f"point: {point}, sequences: {_groups_text(self.sequences)}, sets: {_groups_text(self.sets)}"

    def __repr__(self) -> str:
        """The constructor call with the cards in notation (`parse_cards('QS JS TS')`), so that it reads back."""
        point = repr(self.point) if isinstance(self.point, str) else cards_repr(self.point)
        return f"DeclareChoice(point={point}, sequences={_groups_repr(self.sequences)}, sets={_groups_repr(self.sets)})"


def _groups_text(choice: GroupChoice) -> str:
    return choice if isinstance(choice, str) else "[" + ", ".join(cards_text(g) for g in choice) + "]"


def _groups_repr(choice: GroupChoice) -> str:
    return repr(choice) if isinstance(choice, str) else groups_repr(choice)


ALL = DeclareChoice()


class Point(NamedTuple):
    """A point: cards of one suit (usually the player's longest).

    Printed as the game says it, with its cards (`point of 5 in hearts, making 49: AH KH QH JH 8H`, the words of
    the ledger's note); `Point.parse` reads that text or the cards alone, and the `repr` is the parse of the cards.
    """

    suit: int
    mask: int
    length: int
    pips: int

    @classmethod
    def parse(cls, text: str, ruleset: Ruleset | str | None = None) -> Point:
        """The point of the cards written in `text` (cards of one suit, after an optional `...:` naming it, which
        must name what the cards make). A DeclarationError `declare-invalid` if they are not a point."""
        rs = ruleset_of(ruleset)
        cards, named = _holding_text(text, rs)
        h = hand_of(cards, rs)
        suits = [i for i in range(4) if h[i]]
        if len(suits) != 1:
            raise error("declare-invalid", f"a point is cards of one suit, got {shown(text)}")
        mask = h[suits[0]]
        point = Point(suits[0], mask, mask.bit_count(), sum(r.pips for b, r in enumerate(rs.pack.ranks) if mask >> b & 1))
        return _named_as(point, _point_words(point, rs), named, text)

    def __str__(self) -> str:
        return f"{_point_words(self)}: {cards_text(self.cards)}"

    def __repr__(self) -> str:
        return f"Point.parse({cards_text(self.cards)!r})"

    @property
    def key(self) -> int:
        return point_key(self.length, self.pips)

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(card_of(self.suit, b) for b in range(BITS_PER_SUIT - 1, -1, -1) if self.mask >> b & 1)


class Sequence(NamedTuple):
    """A run of `length` cards of one suit whose highest rank is `top`.

    Printed by its name and cards (`quart major: AS KS QS JS`); `Sequence.parse` reads that text or the cards
    alone, and the `repr` is the parse of the cards.
    """

    suit: int
    length: int
    top: int

    @classmethod
    def parse(cls, text: str, ruleset: Ruleset | str | None = None) -> Sequence:
        """The sequence of the cards written in `text` (a run of one suit, at least a tierce, after an optional
        `...:` naming it, which must be its name). A DeclarationError `declare-invalid` if they are not one."""
        rs = ruleset_of(ruleset)
        cards, named = _holding_text(text, rs)
        h = hand_of(cards, rs)
        suits = [i for i in range(4) if h[i]]
        seq = sequence_of_mask(suits[0], h[suits[0]], rs.sequences.min_length) if len(suits) == 1 else None
        if seq is None:
            raise error("declare-invalid", f"a sequence is a run of at least {rs.sequences.min_length} cards of one suit, got {shown(text)}")
        return _named_as(seq, sequence_name(seq, rs), named, text)

    def __str__(self) -> str:
        return f"{sequence_name(self)}: {cards_text(self.cards)}"

    def __repr__(self) -> str:
        return f"Sequence.parse({cards_text(self.cards)!r})"

    @property
    def key(self) -> int:
        return sequence_key(self.length, self.top)

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(card_of(self.suit, b) for b in range(self.top, self.top - self.length, -1))


class SetHolding(NamedTuple):
    """`number` cards (three or four) of rank `rank`; `suits` has bit i set when suit i is held.

    Printed by its name and cards (`quatorze of tens: TS TH TD TC`); `SetHolding.parse` reads that text or the
    cards alone, and the `repr` is the parse of the cards.
    """

    rank: int
    number: int
    suits: int

    @classmethod
    def parse(cls, text: str, ruleset: Ruleset | str | None = None) -> SetHolding:
        """The quatorze or trio of the cards written in `text` (of one scoring rank, after an optional `...:`
        naming it, which must be its name). A DeclarationError `declare-invalid` if they are not one."""
        rs = ruleset_of(ruleset)
        cards, named = _holding_text(text, rs)
        h = hand_of(cards, rs)
        ranks = {c & 7 for c in cards}
        rank = next(iter(ranks)) if len(ranks) == 1 else -1
        if rank not in rs.sets.ranks or len(cards) not in rs.sets.values:
            raise error("declare-invalid", f"a quatorze or trio is {' or '.join(map(str, sorted(rs.sets.values, reverse=True)))} cards of a scoring rank, got {shown(text)}")
        held = SetHolding(rank, len(cards), sum(1 << s for s in range(4) if h[s]))
        return _named_as(held, set_name(held, rs), named, text)

    def __str__(self) -> str:
        return f"{set_name(self)}: {cards_text(self.cards)}"

    def __repr__(self) -> str:
        return f"SetHolding.parse({cards_text(self.cards)!r})"

    @property
    def key(self) -> int:
        return set_key(self.number, self.rank)

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(card_of(s, self.rank) for s in range(4) if self.suits >> s & 1)


Holding = Union[Point, Sequence, SetHolding]
H = TypeVar("H", Point, Sequence, SetHolding)


def _holding_text(text: object, rs: Ruleset) -> tuple[tuple[Card, ...], str | None]:
    """The cards of a holding's text and the words naming it before a colon (None when the text is cards only)."""
    if not isinstance(text, str):
        raise error("argument-invalid", f"a holding is read from text, got {type(text).__name__}")
    named, colon, cards = text.rpartition(":")
    return parse_cards(cards, rs, "holding"), named.strip() if colon else None


def _named_as(holding: H, words: str, named: str | None, text: str) -> H:
    """`holding`, when the words the text names it by (if any) are what its cards make; else `declare-invalid`."""
    if named is not None and named != words:
        raise error("declare-invalid", f"{shown(text)}: the cards make {shown(words)}, not {shown(named)}")
    return holding


def _point_words(point: Point, ruleset: Ruleset | str | None = None) -> str:
    """E.g. 'point of 5 in hearts, making 49' (as the ledger notes a point)."""
    rs = ruleset_of(ruleset)
    return f"point of {point.length} in {rs.pack.suits[point.suit].name}, making {point.pips}"


@dataclass(frozen=True)
class Declaration:
    """What a player declares (by default: everything that scores), best holding first.

    Printed one holding a line (`str`); its `repr` is the constructor's, each holding by its parse, so it reads back.
    """

    point: Point | None
    sequences: tuple[Sequence, ...]
    sets: tuple[SetHolding, ...]

    def __str__(self) -> str:
        lines = [str(h) for h in (self.point, *self.sequences, *self.sets) if h is not None]
        return "\n".join(lines) or "nothing that scores"


NOTHING_DECLARED = Declaration(None, (), ())


@dataclass(frozen=True)
class HandEvaluation(Declaration):
    """Everything a hand holds that can score; `carte_blanche` judges the hand as given (a dealt hand)."""

    carte_blanche: bool

    def __str__(self) -> str:
        held = super().__str__()
        return f"carte blanche\n{held}" if self.carte_blanche else held


def evaluate_hand(hand: Hand, ruleset: Ruleset | str | None = None) -> HandEvaluation:
    """Point (best suit; the first in suit order on a tie), all sequences, all sets, carte blanche."""
    hand, rs = check_hand(hand), ruleset_of(ruleset)
    return HandEvaluation(held_point(hand, rs), held_sequences(hand, rs), held_sets(hand, rs), carte_blanche(hand, rs))


def point_of(hand: Hand, ruleset: Ruleset | str | None = None) -> Point | None:
    """The hand's point: its best suit by length, then pips; the first in suit order on a tie."""
    return held_point(check_hand(hand), ruleset_of(ruleset))


def sequences_of(hand: Hand, ruleset: Ruleset | str | None = None) -> tuple[Sequence, ...]:
    """Every sequence of the hand, best first (suit order between equals)."""
    return held_sequences(check_hand(hand), ruleset_of(ruleset))


def sets_of(hand: Hand, ruleset: Ruleset | str | None = None) -> tuple[SetHolding, ...]:
    """Every quatorze and trio of the hand, best first."""
    return held_sets(check_hand(hand), ruleset_of(ruleset))


# The public functions above check their arguments; the scorer calls the ones below directly on the
# hands it has built itself.


def declare_all(hand: Hand, rs: Ruleset) -> Declaration:
    """Everything that can score in a hand after the exchange: its point, every sequence, every set."""
    return Declaration(held_point(hand, rs), held_sequences(hand, rs), held_sets(hand, rs))


def held_point(hand: Hand, rs: Ruleset) -> Point | None:
    """The hand's best point (None for an empty hand); of suits with the same point, the first in the order S H D C."""
    pt = tables(rs).point
    best_suit = 0
    best = pt[hand[0]]
    for suit in (1, 2, 3):
        if pt[hand[suit]] > best:
            best, best_suit = pt[hand[suit]], suit
    if not best:
        return None
    return _new(Point, (best_suit, hand[best_suit], point_length(best), point_pips(best)))


def held_sequences(hand: Hand, rs: Ruleset) -> tuple[Sequence, ...]:
    t = tables(rs)
    if not (t.seq_best[hand[0]] or t.seq_best[hand[1]] or t.seq_best[hand[2]] or t.seq_best[hand[3]]):
        return ()
    seqs = [_new(Sequence, (suit, n, top)) for suit in (0, 1, 2, 3) for n, top in t.runs[hand[suit]]]
    seqs.sort(key=_seq_order)
    return tuple(seqs)


def held_sets(hand: Hand, rs: Ruleset) -> tuple[SetHolding, ...]:
    t = tables(rs)
    held = t.set_held[t.spread[hand[0]] + t.spread[hand[1]] + t.spread[hand[2]] + t.spread[hand[3]]]
    if not held:
        return ()
    s, h, d, c = hand
    return tuple(
        [_new(SetHolding, (bit, n, (s >> bit & 1) | (h >> bit & 1) << 1 | (d >> bit & 1) << 2 | (c >> bit & 1) << 3)) for bit, n in held]
    )


def carte_blanche(hand: Hand, rs: Ruleset) -> bool:
    """True when the hand holds no court card and enough cards to count as a dealt hand."""
    return carte_blanche_packed(pack_of_hand(hand), rs)


def carte_blanche_packed(pack: int, rs: Ruleset) -> bool:
    """`carte_blanche` of a hand packed as one int (`cards.pack_of`), as the scorer holds the dealt hands: its
    four suits folded onto one mask hold no court card, and it has the ruleset's least number of cards."""
    cb = rs.carte_blanche
    return not (pack | pack >> 8 | pack >> 16 | pack >> 24) & cb.court_mask and pack.bit_count() >= cb.min_cards


def _seq_order(s: Sequence) -> tuple[int, int]:
    return (-s.key, s.suit)


def _set_order(s: SetHolding) -> int:
    return -s.key


def sequence_name(seq: Sequence, ruleset: Ruleset | str | None = None) -> str:
    """E.g. 'quart major', 'tierce minor', 'quint to a knave'."""
    rs = ruleset_of(ruleset)
    names = rs.sequences
    length_name = names.names[seq.length]
    top = rs.pack.ranks[seq.top].name
    if seq.top == BITS_PER_SUIT - 1:
        template = names.major
    elif seq.top - seq.length + 1 == 0:
        template = names.minor
    else:
        template = names.other
    return template.format(length=length_name, top=top)


def set_name(held: SetHolding, ruleset: Ruleset | str | None = None) -> str:
    """E.g. 'quatorze of tens', 'trio of knaves'."""
    rs = ruleset_of(ruleset)
    return rs.sets.template.format(count=rs.sets.names[held.number], rank=rs.pack.ranks[held.rank].name)


def point_points(point: Point | None, ruleset: Ruleset) -> int:
    """What `point` scores when good (0 for no point)."""
    return tables(ruleset).point_points[point.key] if point else 0


def sequences_points(seqs: tuple[Sequence, ...], ruleset: Ruleset) -> int:
    values = ruleset.sequences.values
    return sum(values[s.length] for s in seqs)


def sets_points(sets: tuple[SetHolding, ...], ruleset: Ruleset) -> int:
    values = ruleset.sets.values
    return sum(values[s.number] for s in sets)


@dataclass(frozen=True)
class CategoryComparison:
    """Who is good in one category, on which key component, and what each side scores."""

    category: DeclCategory
    outcome: Outcome
    winner: Player | None
    deciding: str | None  # first key component that differs, 'unopposed', or None when equal/none
    elder_key: tuple[int, int] | None
    younger_key: tuple[int, int] | None
    elder_points: int
    younger_points: int

    def __str__(self) -> str:
        """The reply in the game's words: `point: elder is good (pips), 5`, `sets: equal`, `sequences: none held`."""
        if self.outcome == "none":
            return f"{self.category}: none declared"
        if self.outcome == "equal":
            return f"{self.category}: equal"
        return f"{self.category}: {self.winner} is good ({self.deciding}), {max(self.elder_points, self.younger_points)}"

    def status(self, player: Player) -> Literal["good", "not_good", "equal", "none"]:
        """The reply the player's holding gets: good, not good, equal, or none (nothing declared)."""
        key = self.elder_key if player == "elder" else self.younger_key
        if key is None:
            return "none"
        if self.outcome == "equal":
            return "equal"
        return "good" if self.winner == player else "not_good"


class Comparison(NamedTuple):
    """Both sides' best keys (0: nothing declared) and would-be points, for point, sequences, sets.

    `keys` and `values` are (elder, younger) pairs in category order; the per-category verdicts
    are built on demand, so deciding a deal costs only a few integer comparisons.
    """

    keys: tuple[int, int, int, int, int, int]
    values: tuple[int, int, int, int, int, int]

    def category(self, category: DeclCategory) -> CategoryComparison:
        """The verdict for one category."""
        i = 2 * DECL_INDEX[category]
        k, v = self.keys, self.values
        return verdict(category, k[i], k[i + 1], v[i], v[i + 1])

    @property
    def point(self) -> CategoryComparison:
        return self.category("point")

    @property
    def sequences(self) -> CategoryComparison:
        return self.category("sequences")

    @property
    def sets(self) -> CategoryComparison:
        return self.category("sets")

    def all(self) -> tuple[CategoryComparison, CategoryComparison, CategoryComparison]:
        return (self.point, self.sequences, self.sets)

    def __str__(self) -> str:
        """The three verdicts, one a line (see `CategoryComparison.__str__`)."""
        return "\n".join(str(c) for c in self.all())

    def good(self, category: DeclCategory) -> int | None:
        """The side whose holding is good in `category` (0 elder, 1 younger), None when equal or neither holds one."""
        i = 2 * DECL_INDEX[category]
        elder, younger = self.keys[i], self.keys[i + 1]
        return None if elder == younger else 0 if elder > younger else 1


KEY_PARTS: dict[DeclCategory, tuple[str, str, int, int]] = {
    # category: (first component, second component, shift, low mask)
    "point": ("length", "pips", POINT_SHIFT, (1 << POINT_SHIFT) - 1),
    "sequences": ("length", "top", RANK_SHIFT, (1 << RANK_SHIFT) - 1),
    "sets": ("count", "rank", RANK_SHIFT, (1 << RANK_SHIFT) - 1),
}


def verdict(category: DeclCategory, ek: int, yk: int, e_points: int, y_points: int) -> CategoryComparison:
    """One category's verdict from both sides' keys (0: nothing declared) and would-be points (rule
    contracts: `verification.contracts.core.category_verdict`)."""
    first, second, shift, low = KEY_PARTS[category]
    e_key = (ek >> shift, ek & low) if ek else None
    y_key = (yk >> shift, yk & low) if yk else None
    if ek == yk:
        return CategoryComparison(category, "none" if not ek else "equal", None, None, e_key, y_key, 0, 0)
    winner: Player = "elder" if ek > yk else "younger"
    if not ek or not yk:
        deciding = "unopposed"
    else:
        deciding = first if ek >> shift != yk >> shift else second
    return CategoryComparison(
        category, "good", winner, deciding, e_key, y_key,
        e_points if winner == "elder" else 0, y_points if winner == "younger" else 0,
    )


def compare_declarations(elder: Declaration, younger: Declaration, ruleset: Ruleset | str | None = None) -> Comparison:
    """For point, sequences and sets: who is good / equal / not good, and the points each side scores."""
    rs = ruleset_of(ruleset)
    check_declaration(elder, "elder", rs)
    check_declaration(younger, "younger", rs)
    return compared(elder, younger, rs)


def compared(elder: Declaration, younger: Declaration, rs: Ruleset) -> Comparison:
    """`compare_declarations` of declarations the caller has made itself (`declared`, `declaration_of`): unchecked,
    as the state machine compares its players' calls at every step of the calls."""
    ep, yp = elder.point, younger.point
    return Comparison(
        (
            ep.key if ep else 0,
            yp.key if yp else 0,
            max((s.key for s in elder.sequences), default=0),
            max((s.key for s in younger.sequences), default=0),
            max((s.key for s in elder.sets), default=0),
            max((s.key for s in younger.sets), default=0),
        ),
        (
            point_points(ep, rs),
            point_points(yp, rs),
            sequences_points(elder.sequences, rs),
            sequences_points(younger.sequences, rs),
            sets_points(elder.sets, rs),
            sets_points(younger.sets, rs),
        ),
    )


def compare_hands(elder: Hand, younger: Hand, ruleset: Ruleset | str | None = None) -> Comparison:
    """`compare_declarations` of two hands that declare everything, straight from the lookup tables."""
    elder, younger, rs = check_hand(elder, "elder"), check_hand(younger, "younger"), ruleset_of(ruleset)
    common = pack_of_hand(elder) & pack_of_hand(younger)
    if common:
        card = common.bit_length() - 1
        raise error("card-duplicate", f"{format_card(card, rs)} is in both the elder's and the younger's hand")
    return table_comparison(elder, younger, rs)


def table_comparison(elder: Hand, younger: Hand, rs: Ruleset) -> Comparison:
    """`compare_hands` on hands the scorer has built (unchecked)."""
    t = tables(rs)
    pt, sb, sp, spread, setb, setp = t.point, t.seq_best, t.seq_points, t.spread, t.set_best, t.set_points
    e0, e1, e2, e3 = elder
    y0, y1, y2, y3 = younger
    ek = max(pt[e0], pt[e1], pt[e2], pt[e3])
    yk = max(pt[y0], pt[y1], pt[y2], pt[y3])
    es = spread[e0] + spread[e1] + spread[e2] + spread[e3]
    ys = spread[y0] + spread[y1] + spread[y2] + spread[y3]
    pp = t.point_points
    return Comparison(
        (
            ek, yk,
            max(sb[e0], sb[e1], sb[e2], sb[e3]), max(sb[y0], sb[y1], sb[y2], sb[y3]),
            setb[es], setb[ys],
        ),
        (
            pp[ek], pp[yk],
            sp[e0] + sp[e1] + sp[e2] + sp[e3], sp[y0] + sp[y1] + sp[y2] + sp[y3],
            setp[es], setp[ys],
        ),
    )


def _check_choice(choice: object, where: str) -> None:
    """Raise argument-invalid unless `choice` is a DeclareChoice of the documented shape."""
    if not isinstance(choice, DeclareChoice):
        raise error("argument-invalid", f"{where} must be a DeclareChoice, got {type(choice).__name__}")
    if not (choice.point in ("all", "none") or isinstance(choice.point, tuple)):
        raise error("argument-invalid", f"{where}.point must be all, none or a tuple of cards, got {shown(choice.point)}")
    for key in ("sequences", "sets"):
        value = getattr(choice, key)
        if not (value in ("all", "none") or isinstance(value, tuple) and all(isinstance(v, tuple) for v in value)):
            raise error("argument-invalid", f"{where}.{key} must be all, none or a tuple of card tuples, got {shown(value)}")


def check_declaration(d: object, what: str, rs: Ruleset) -> None:
    """Raise argument-invalid unless `d` is a Declaration whose every holding is one that can exist."""
    if not isinstance(d, Declaration):
        raise error("argument-invalid", f"{what} must be a Declaration (see declared, evaluate_hand), got {type(d).__name__}")
    if not (
        (d.point is None or _valid_point(d.point, rs))
        and isinstance(d.sequences, tuple) and all(_valid_sequence(q, rs) for q in d.sequences)
        and isinstance(d.sets, tuple) and all(_valid_set(h, rs) for h in d.sets)
    ):
        raise error("argument-invalid", f"{what}: {shown(d)} holds a point, sequence or set that cannot exist (see declared)")


def _ints(t: object) -> bool:
    return isinstance(t, tuple) and all(type(x) in CARD_TYPES for x in t)


def _valid_point(p: object, rs: Ruleset) -> bool:
    return isinstance(p, Point) and _ints(p) and 0 <= p.suit < 4 and 0 < p.mask <= 255 and p == Point(
        p.suit, p.mask, p.mask.bit_count(), sum(r.pips for b, r in enumerate(rs.pack.ranks) if p.mask >> b & 1)
    )


def _valid_sequence(q: object, rs: Ruleset) -> bool:
    return isinstance(q, Sequence) and _ints(q) and 0 <= q.suit < 4 and rs.sequences.min_length <= q.length <= q.top + 1 <= BITS_PER_SUIT


def _valid_set(h: object, rs: Ruleset) -> bool:
    return isinstance(h, SetHolding) and _ints(h) and h.rank in rs.sets.ranks and h.number in rs.sets.values and (
        0 <= h.suits < 16 and h.suits.bit_count() == h.number
    )


def sequence_of_mask(suit: int, mask: int, min_length: int) -> Sequence | None:
    """The sequence `mask` makes in `suit` if it is one run of at least `min_length`, else None.

    rules: sequence.definition
    pre: 0 <= mask <= SUIT_MASK and 1 <= min_length <= BITS_PER_SUIT
    post: __return__ is None or __return__.length >= min_length
    post: sequence_ranks_held(mask, __return__)
    post: __return__ is None or mask.bit_count() == __return__.length
    post: no_sequence_only_if_short_or_broken(mask, min_length, __return__)
    """
    n = mask.bit_count()
    top = mask.bit_length() - 1
    if n < min_length or mask != run_mask(n, top):
        return None
    return Sequence(suit, n, top)


def sequence_ranks_held(mask: int, result: Sequence | None) -> bool:
    """A sequence found holds every rank of its run, from its top down its length (rule sequence.definition)."""
    return result is None or all(mask >> b & 1 for b in range(result.top - result.length + 1, result.top + 1))


def no_sequence_only_if_short_or_broken(mask: int, min_length: int, result: Sequence | None) -> bool:
    """No sequence is found only when the cards are fewer than a sequence's least or have a gap between them
    (rule sequence.definition)."""
    return result is not None or mask.bit_count() < min_length or any(
        mask >> b & 1 and not mask >> (b + 1) & 1 for b in range(mask.bit_length() - 1)
    )


def declared(hand: Hand, choice: DeclareChoice, player: Player, ruleset: Ruleset | str | None = None) -> Declaration:
    """What `player` declares from `hand` under `choice`; explicit holdings are checked against the hand."""
    hand, rs = check_hand(hand), ruleset_of(ruleset)
    if player not in PLAYERS:
        raise error("argument-invalid", f"player must be elder or younger, got {shown(player)}")
    return declaration_of(hand, choice, player, rs)


def declaration_of(hand: Hand, choice: DeclareChoice, player: Player, rs: Ruleset) -> Declaration:
    """`declared` of a hand and a player the caller has built itself (the state machine's): the hand unchecked, the
    choice checked as `declared` checks it (a state a caller builds may hold calls of any shape)."""
    _check_choice(choice, f"{player}.declare")
    if choice.is_default:
        return declare_all(hand, rs)
    try:
        hash(choice)
    except TypeError:  # a caller's choice holding something unhashable: checked, and refused, below
        return _declared(hand, choice, player, rs)
    return _declared_once(hand, choice, player, rs)


def _declared(hand: Hand, choice: DeclareChoice, player: Player, rs: Ruleset) -> Declaration:
    """`declared` of arguments already checked in type."""
    where = f"{player}.declare"
    full = declare_all(hand, rs) if "all" in (choice.point, choice.sequences, choice.sets) else NOTHING_DECLARED
    hand_pack = pack_of_hand(hand)

    def held(cards: tuple[Card, ...], what: str) -> Hand:
        if all_card_numbers(cards):  # card numbers, each once, all held: the cards' hand at once
            pack = pack_if_held(cards, hand_pack)
            if pack is not None:
                return hand_of_pack(pack)
        seen: set[Card] = set()  # else the first card at fault, named
        for i, card in enumerate(cards):
            check_card(card, f"{what}[{i}]")
            if card in seen:
                raise error("card-duplicate", f"{what}: {format_card(card, rs)} is listed twice")
            seen.add(card)
            if not hand[card >> 3] >> (card & 7) & 1:
                raise error("declare-not-held", f"{what}: the {player} does not hold {format_card(card, rs)}")
        return hand_of(cards)

    def suit_mask(cards: tuple[Card, ...], what: str, kind: str) -> tuple[int, int]:
        h = held(cards, what)
        suits = [i for i in range(4) if h[i]]
        if len(suits) != 1:
            raise error("declare-invalid", f"{what}: a {kind} is cards of one suit, got {' '.join(format_card(c, rs) for c in cards) or 'no cards'}")
        return suits[0], h[suits[0]]

    if choice.point == "all":
        point = full.point
    elif choice.point == "none":
        point = None
    else:
        suit, mask = suit_mask(choice.point, f"{where}.point", "point")
        values = [r.pips for r in rs.pack.ranks]
        point = Point(suit, mask, mask.bit_count(), sum(values[b] for b in range(BITS_PER_SUIT) if mask >> b & 1))

    if choice.sequences == "all":
        seqs = full.sequences
    elif choice.sequences == "none":
        seqs = ()
    else:
        found = []
        used = Hand(0, 0, 0, 0)
        for i, cards in enumerate(choice.sequences):
            what = f"{where}.sequences[{i}]"
            suit, mask = suit_mask(cards, what, "sequence")
            seq = sequence_of_mask(suit, mask, rs.sequences.min_length)
            if seq is None:
                raise error("declare-invalid", f"{what}: {' '.join(format_card(c, rs) for c in cards)} is not a run of at least {rs.sequences.min_length} cards")
            if used[suit] & mask:
                raise error("declare-invalid", f"{what}: overlaps another declared sequence")
            used = used._replace(**{used._fields[suit]: used[suit] | mask})
            found.append(seq)
        seqs = tuple(sorted(found, key=_seq_order))

    if choice.sets == "all":
        sets = full.sets
    elif choice.sets == "none":
        sets = ()
    else:
        found_sets = []
        ranks_seen: set[int] = set()
        for i, cards in enumerate(choice.sets):
            what = f"{where}.sets[{i}]"
            h = held(cards, what)
            ranks = {c & 7 for c in cards}
            if len(ranks) != 1 or len(cards) not in rs.sets.values or next(iter(ranks)) not in rs.sets.ranks:
                raise error("declare-invalid", f"{what}: {' '.join(format_card(c, rs) for c in cards) or 'no cards'} is not a quatorze or trio of a scoring rank")
            rank = next(iter(ranks))
            if rank in ranks_seen:
                raise error("declare-invalid", f"{what}: a second set of the same rank")
            ranks_seen.add(rank)
            found_sets.append(SetHolding(rank, len(cards), sum(1 << s for s in range(4) if h[s])))
        sets = tuple(sorted(found_sets, key=_set_order))
    return Declaration(point, seqs, sets)


# The state machine asks what a call declares at every step of the calls and the play (each reply, each showing
# open), always of the same few hands and calls: each answer is kept. Only valid arguments reach it (an invalid
# one raises, and nothing is kept), and the answers are plain values of the arguments.
_declared_once = lru_cache(maxsize=1 << 14)(_declared)
