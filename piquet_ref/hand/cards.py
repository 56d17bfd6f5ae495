"""Cards and hands: parsing, formatting, and the compact hand of four 8-bit suit masks.

A card is an int `suit * 8 + bit`: `suit` indexes the spec's suits (S H D C), `bit` the ranks
lowest first (7 = 0 ... A = 7), so in a suit mask a higher rank is a higher bit and a run of
rank order is a run of bits. The rule logic works on these masks and small ints only.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Iterable, Mapping, NamedTuple, Sequence

from piquet_ref.rules.codes import error
from piquet_ref.rules.loader import ruleset_of
from piquet_ref.rules.ruleset import Ruleset
from piquet_ref.rules.errors import shown

Card = int
BITS_PER_SUIT = 8
SUIT_MASK = (1 << BITS_PER_SUIT) - 1
PACK_SIZE = 4 * BITS_PER_SUIT  # card numbers run 0..31: four suit masks side by side


class Hand(NamedTuple):
    """A set of cards as one 8-bit rank mask per suit, in the spec's suit order.

    The masks are what the rules compute with; a person reads and writes the cards. So a hand prints as its cards
    in canonical order (`str`: `AS KS 9H`), its `repr` is the expression that builds it again
    (`Hand.parse('AS KS 9H')`), and `Hand.parse` reads any spelling `parse_cards` reads, refusing a card twice.
    """

    s: int
    h: int
    d: int
    c: int

    @classmethod
    def parse(cls, text: str | Sequence[str], ruleset: Ruleset | str | None = None) -> Hand:
        """The hand of the cards written in `text` (as `parse_cards` reads them); a card written twice is a
        CardError `card-duplicate`, since a hand holds each card once."""
        return hand_of(parse_cards(text, ruleset, "hand"), ruleset)

    def __str__(self) -> str:
        """The cards in canonical order (suit S H D C, rank high to low), space-separated; '' for no card."""
        return " ".join(format_cards(cards_of(self)))

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"



def card_of(suit: int, bit: int) -> Card:
    """The card of rank `bit` in suit `suit`.

    rules: pack.cards
    pre: 0 <= suit < len(Hand._fields) and 0 <= bit < BITS_PER_SUIT
    post: 0 <= __return__ < PACK_SIZE
    post: suit_of(__return__) == suit and bit_of(__return__) == bit
    """
    return suit * BITS_PER_SUIT + bit


def suit_of(card: Card) -> int:
    """The suit of `card` (index into the spec's suits).

    rules: pack.cards
    pre: 0 <= card < PACK_SIZE
    post: 0 <= __return__ < len(Hand._fields)
    post: card_of(__return__, bit_of(card)) == card
    """
    return card >> 3


def bit_of(card: Card) -> int:
    """The rank of `card` as its bit in a suit mask (7 = 0 ... A = 7: a higher rank is a higher bit).

    rules: pack.cards, pack.rank-order
    pre: 0 <= card < PACK_SIZE
    post: 0 <= __return__ < BITS_PER_SUIT
    post: card_of(suit_of(card), __return__) == card
    """
    return card & 7


@dataclass(frozen=True)
class Notation:
    """How one ruleset's pack is written: accepted spellings and canonical names."""

    parse: dict[str, Card]
    names: tuple[str, ...]  # canonical text of each card, indexed by Card


@lru_cache(maxsize=None)
def notation(ruleset: Ruleset) -> Notation:
    """Spellings of every card: rank symbol or alias, then suit symbol or glyph; each character in upper or lower
    case (the table holds every mix, looked up as given: a character that only upper-cases to a letter, like the
    long s to S, spells nothing)."""
    pack = ruleset.pack
    parse: dict[str, Card] = {}
    names = []
    for suit, s in enumerate(pack.suits):
        for bit, r in enumerate(pack.ranks):
            card = card_of(suit, bit)
            for rank_text in (r.symbol, *r.aliases):
                for suit_text in (s.symbol, s.glyph):
                    for spelt in product(*({c.upper(), c.lower()} for c in rank_text + suit_text)):
                        parse["".join(spelt)] = card
    for card in range(len(pack.suits) * BITS_PER_SUIT):
        names.append(pack.ranks[bit_of(card)].symbol + pack.suits[suit_of(card)].symbol)
    return Notation(parse, tuple(names))


SPELLING = "a rank A K Q J T/10 9 8 7, then a suit S H D C or ♠ ♥ ♦ ♣"


def _did_you_mean(text: object, table: Mapping[str, Card]) -> str:
    """A hint for a text that is not a card: the nearest spellings in upper case (`1S` may be `10S`, `AX` an ace),
    or nothing when none is near. Computed only once a card is refused, so a good record never pays for it."""
    if not isinstance(text, str) or len(text) > 8:  # no card is spelled longer: a long text gets no hint, quickly
        return ""
    spellings = sorted(k for k in table if k.isascii() and k == k.upper())
    near = difflib.get_close_matches(text.strip().upper(), spellings, n=3, cutoff=0.5)
    return f"; did you mean {', '.join(near[:-1]) + ' or ' if near[:-1] else ''}{near[-1]}?" if near else ""


class PlayingCard(int):
    """A card number that prints as the card: what `parse_card` and `parse_cards` give a caller. `str` is its name in
    the default notation (`AS`), `repr` the expression that reads it back (`parse_card('AS')`); it is the number in
    every other way (equal to it, hashed as it, indexing by it), so it goes wherever a `Card` goes. Inside, where the
    rules compute, a card stays a plain int (records are read into plain ints; the scorer makes no card objects)."""

    __slots__ = ()

    def __str__(self) -> str:
        return format_card(int(self))

    def __repr__(self) -> str:
        return f"parse_card({format_card(int(self))!r})"

    def __format__(self, spec: str) -> str:
        return str(self) if not spec else int(self).__format__(spec)


CARD_TYPES = {int, PlayingCard}  # what a card number may be: an int, or the printing card the parsers give
PRINTED = tuple(PlayingCard(card) for card in range(PACK_SIZE))


def parse_card(text: str, ruleset: Ruleset | str | None = None) -> Card:
    """Parse `AS`, `TH`, `10H`, `7♣` (any case) into the card, which prints as `AS` (`PlayingCard`). Raises CardError
    `card-unknown`."""
    table = notation(ruleset_of(ruleset)).parse
    card = table.get(text.strip()) if isinstance(text, str) else None
    if card is None:
        raise error("card-unknown", f"{shown(text)} is not a card ({SPELLING}){_did_you_mean(text, table)}")
    return PRINTED[card]


def parse_cards(value: str | Sequence[str], ruleset: Ruleset | str | None = None, what: str = "cards") -> tuple[Card, ...]:
    """Parse a list of card strings, or one space- or comma-separated string, into cards that print by name."""
    return tuple([PRINTED[card] for card in read_cards(value, notation(ruleset_of(ruleset)).parse, what)])


def read_cards(value: object, table: Mapping[str, Card], what: str) -> tuple[Card, ...]:
    """`parse_cards` with the ruleset's spelling table (`notation(rs).parse`) looked up by the caller."""
    if isinstance(value, str):
        items: Sequence[object] = value.replace(",", " ").split()
    elif isinstance(value, (list, tuple)):
        items = value
    else:
        raise error("record-invalid", f"{what} must be a list of cards or a string of cards, got {type(value).__name__}")
    try:
        return tuple([table[item] for item in items])  # type: ignore[index]
    except (KeyError, TypeError):
        pass
    out = []
    for i, item in enumerate(items):
        card = table.get(item.strip()) if isinstance(item, str) else None
        if card is None:
            raise error("card-unknown", f"{what}[{i}]: {shown(item)} is not a card ({SPELLING}){_did_you_mean(item, table)}")
        out.append(card)
    return tuple(out)


def format_card(card: Card, ruleset: Ruleset | str | None = None) -> str:
    """Canonical text: rank symbol (T for ten) and suit letter."""
    return notation(ruleset_of(ruleset)).names[check_card(card)]


def format_cards(cards: Iterable[Card], ruleset: Ruleset | str | None = None) -> list[str]:
    """Canonical text of each card, in the given order."""
    names = notation(ruleset_of(ruleset)).names
    return [names[c] for c in check_cards(cards)]


def hand_of(cards: Iterable[Card], ruleset: Ruleset | str | None = None) -> Hand:
    """The hand holding `cards`. A card given twice is a CardError `card-duplicate` (law 75: a pack holds each card
    once), never merged: a hand of eleven cards written as twelve would otherwise be scored as if nothing were amiss.
    `ruleset` only names the card in that message."""
    given = check_cards(cards)
    hand = hand_of_pack(pack_of(given))
    if size(hand) != len(given):
        check_distinct([("the hand", given)], ruleset)
    return hand


def check_card(card: object, what: str = "card") -> Card:
    """`card` if it is a card number (suit * 8 + rank bit, 0..31), else a CardError naming it."""
    if not isinstance(card, int) or type(card) not in CARD_TYPES or not 0 <= card < PACK_SIZE:  # not a bool, nor another int type
        raise error("card-unknown", f"{what}: {shown(card)} is not a card number (0..{PACK_SIZE - 1}: suit * 8 + rank)")
    return card


def check_cards(cards: object, what: str = "cards") -> tuple[Card, ...]:
    """`cards` as a tuple of card numbers, or a typed error naming the first that is not one."""
    if isinstance(cards, (str, bytes, Mapping)) or not isinstance(cards, Iterable):
        raise error("argument-invalid", f"{what} must be card numbers, got {type(cards).__name__} (parse_cards reads text)")
    out = tuple(cards)
    if not all_card_numbers(out):
        for i, card in enumerate(out):
            check_card(card, f"{what}[{i}]")
    return out


def all_card_numbers(cards: tuple[object, ...]) -> bool:
    """Whether every item is a card number 0..31 (one pass in C; `check_cards` names a bad one)."""
    return not cards or (set(map(type, cards)) <= CARD_TYPES and min(cards) >= 0 and max(cards) < PACK_SIZE)  # type: ignore[type-var, operator]




def check_hand(hand: object, what: str = "hand") -> Hand:
    """`hand` as a Hand if it is four suit masks 0..255, else an argument-invalid error naming it."""
    if isinstance(hand, tuple) and len(hand) == len(Hand._fields):
        if all(type(m) is int and 0 <= m <= SUIT_MASK for m in hand):
            return hand if type(hand) is Hand else Hand(*hand)
    raise error("argument-invalid", f"{what}: {shown(hand)} is not a hand (four suit masks 0..{SUIT_MASK}; see hand_of)")


def pack_of(cards: Iterable[Card]) -> int:
    """`cards` as one 32-bit int, card c at bit c: the four suit masks side by side (for set algebra)."""
    pack = 0
    for card in cards:
        pack |= 1 << card
    return pack


def pack_if_held(cards: tuple[Card, ...], held: int) -> int | None:
    """`cards` (card numbers) packed (`pack_of`) when each is given once and all are among the packed cards `held`;
    None otherwise, and the caller names the card at fault (a discard, a declaration's cards).

    rules: pack.cards
    pre: all(type(c) is int and 0 <= c < PACK_SIZE for c in cards) and 0 <= held < 1 << PACK_SIZE
    post: (__return__ is not None) == (len(set(cards)) == len(cards) and all(held >> c & 1 for c in cards))
    post: __return__ is None or __return__ == sum(1 << c for c in set(cards))
    """
    pack = pack_of(cards)
    return pack if pack.bit_count() == len(cards) and not pack & ~held else None


def hand_of_pack(pack: int) -> Hand:
    """The hand of a packed int (see `pack_of`).

    rules: pack.cards
    pre: 0 <= pack < 1 << PACK_SIZE
    post: all(0 <= m <= SUIT_MASK for m in __return__)
    post: pack_of_hand(__return__) == pack
    """
    return tuple_new(Hand, (pack & SUIT_MASK, pack >> 8 & SUIT_MASK, pack >> 16 & SUIT_MASK, pack >> 24 & SUIT_MASK))


def pack_of_hand(hand: Hand) -> int:
    """The packed int of a hand (see `pack_of`).

    rules: pack.cards
    pre: all(0 <= m <= SUIT_MASK for m in hand)
    post: hand_of_pack(__return__) == hand
    """
    return hand[0] | hand[1] << 8 | hand[2] << 16 | hand[3] << 24


tuple_new = tuple.__new__  # builds a NamedTuple from a tuple of its fields without the constructor frame (hot paths)


# For each suit, the cards of every 8-bit mask in canonical order (rank high to low): an immutable table.
SUIT_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(card_of(suit, bit) for bit in range(BITS_PER_SUIT - 1, -1, -1) if mask >> bit & 1) for mask in range(SUIT_MASK + 1))
    for suit in range(4)
)


def cards_of(hand: Hand) -> tuple[Card, ...]:
    """The cards of `hand` in canonical order: by suit (S H D C), then rank high to low."""
    hand = check_hand(hand)
    return SUIT_CARDS[0][hand[0]] + SUIT_CARDS[1][hand[1]] + SUIT_CARDS[2][hand[2]] + SUIT_CARDS[3][hand[3]]


def size(hand: Hand) -> int:
    """Number of cards in `hand`.

    rules: pack.cards
    pre: all(0 <= m <= SUIT_MASK for m in hand)
    post: __return__ == len([c for c in range(PACK_SIZE) if hand[suit_of(c)] >> bit_of(c) & 1])
    """
    return hand[0].bit_count() + hand[1].bit_count() + hand[2].bit_count() + hand[3].bit_count()


def remove(hand: Hand, card: Card) -> Hand:
    """`hand` without `card`.

    rules: pack.cards
    pre: all(0 <= m <= SUIT_MASK for m in hand) and 0 <= card < PACK_SIZE
    post: hand_less_the_card(hand, card, __return__)
    """
    return hand_of_pack(pack_of_hand(hand) & ~(1 << card))


def hand_less_the_card(hand: Hand, card: Card, result: Hand) -> bool:
    """`result` holds every card of `hand` but `card`, and nothing else (rule pack.cards)."""
    return all(
        result[suit_of(c)] >> bit_of(c) & 1 == (c != card and hand[suit_of(c)] >> bit_of(c) & 1)
        for c in range(PACK_SIZE)
    )


def check_distinct(groups: list[tuple[str, tuple[Card, ...]]], rs: Ruleset | str | None = None) -> None:
    """Raise `card-duplicate` naming the card and both places if any card appears twice."""
    every = [card for _, cards in groups for card in cards]
    if len(set(every)) == len(every):
        return
    where: dict[Card, str] = {}
    for name, cards in groups:
        for card in cards:
            if card in where:
                places = f"twice in {name}" if where[card] == name else f"in {where[card]} and in {name}"
                raise error("card-duplicate", f"{format_card(card, ruleset_of(rs))} is {places}")
            where[card] = name

