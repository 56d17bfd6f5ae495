"""Plain-value entry points to the cards' notation and the deal record's small fields, carrying the rules of
the pack and its notation as contracts checked at run time.

The functions of `cards` take a ruleset and are searched by CrossHair in CI, so their contracts are not
written there: each wrapper here fixes the default ruleset (`RS`), calls one function of `cards` (through
its module, so that a test can plant a bug in it) and states its rule as PEP 316 conditions in its
docstring, the refusals included: a wrapper returns an `Outcome`, the value on acceptance or the code and
message of the typed error (spec/errors.yaml). The conditions recompute what is due from the ruleset's pack
(`RS.pack`: ranks lowest first, suits in the spec's order, their symbols, aliases and glyphs), never from
the notation table the functions read.

`parse_barred` and `parse_declare` carry their own contracts (piquet_ref/deal/record.py) on what they accept;
their refusals are stated by the wrappers `barred_read` and `declare_read` here, because a condition can
speak of a typed error only from a wrapper that catches it, and the plain readings of the record schema's
forms (conformance/schema/record.schema.json: `_barred_form`, `_declare_form`) are contract machinery that
does not belong in the record parser.

tests/test_card_contracts.py evaluates every condition, read from the docstrings as CrossHair reads them, on
every card and every spelling of one (case variants and near-misses included), on Hypothesis hands, texts and
records, and on the conformance corpus's records, and finds bugs planted in copies of `cards` and `record`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Callable, NamedTuple

from piquet_ref.hand import cards as _cards
from piquet_ref.deal import record as _record
from piquet_ref.hand.cards import BITS_PER_SUIT, PACK_SIZE, SUIT_MASK, Hand, bit_of, cards_of, hand_of, notation, parse_card, suit_of
from piquet_ref.hand.declarations import DECL_CATEGORIES
from piquet_ref.rules.errors import PiquetError, shown
from piquet_ref.rules.loader import default_ruleset
from piquet_ref.rules.ruleset import Player

RS = default_ruleset()
PACK = range(PACK_SIZE)
SUITS = len(RS.pack.suits)
TABLE = notation(RS).parse  # the spelling table `read_cards` is given by its callers (the conditions never read it)
WHO: Player = "elder"  # the player whose record fields the record wrappers read
CHOICES = ("all", "none")  # the words a declare value may be instead of cards (record.schema.json, `choice`)


class Outcome(NamedTuple):
    """What a call did: its value on acceptance, else the code and message of the typed error it raised."""

    value: Any
    code: str  # "" when it accepted
    message: str


def _attempt(call: Callable[[], object]) -> Outcome:
    try:
        return Outcome(call(), "", "")
    except PiquetError as exc:
        return Outcome(None, exc.code, exc.message)


def _name(card: int) -> str:
    """The canonical text of `card`: its rank's symbol, then its suit's."""
    return RS.pack.ranks[bit_of(card)].symbol + RS.pack.suits[suit_of(card)].symbol


def _spells(text: object, card: int) -> bool:
    """Whether `text` writes `card`: its rank's symbol or an alias, then its suit's symbol or glyph, each
    character in upper or lower case, white space around it aside."""
    rank, suit = RS.pack.ranks[bit_of(card)], RS.pack.suits[suit_of(card)]
    spellings = [r + s for r in (rank.symbol, *rank.aliases) for s in (suit.symbol, suit.glyph)]
    word = text.strip() if isinstance(text, str) else None
    return word is not None and any(len(word) == len(s) and all(a in (b.upper(), b.lower()) for a, b in zip(word, s)) for s in spellings)


def _is_card_text(text: object) -> bool:
    return any(_spells(text, c) for c in PACK)


def _items(value: object) -> list[object]:
    """The card texts a cards value gives: a list's items, or a string's pieces between white space and commas."""
    if isinstance(value, str):
        return [t for t in re.split(r"[\s,]", value) if t]
    return list(value) if isinstance(value, (list, tuple)) else []


def _first_bad(value: object) -> tuple[int, object]:
    """The position and item of the first of `value`'s card texts that writes no card."""
    return next((i, t) for i, t in enumerate(_items(value)) if not _is_card_text(t))


def _is_card_number(card: object) -> bool:
    """Whether `card` is a card number: an int (not a bool) from 0 to the pack's last."""
    return type(card) is int and 0 <= card < PACK_SIZE


def _collection(cards: object) -> bool:
    """Whether `cards` is a collection of items at all: not text (`parse_cards` reads text), not a mapping."""
    return isinstance(cards, Iterable) and not isinstance(cards, (str, bytes, Mapping))


def _first_repeat(groups: list[tuple[str, tuple[int, ...]]]) -> tuple[int, str, str] | None:
    """Reading the groups in order, the first card met a second time, with the groups it was met in first and second."""
    seen: dict[int, str] = {}
    for name, cards in groups:
        for card in cards:
            if card in seen:
                return card, seen[card], name
            seen[card] = name
    return None


def card_parsed(text: object) -> Outcome:
    """`parse_card` under the default ruleset: the card `text` writes, or the refusal of a text that writes none.

    A card is written as its rank (symbol, or an alias such as 10 for the ten) then its suit (letter or glyph),
    in any case, white space around it aside; any other text is no card of the pack and is refused, naming it.

    rules: pack.cards, pack.rank-order
    post: (__return__.code == "") == any(_spells(text, c) for c in PACK)
    post: __return__.code != "" or (__return__.value in PACK and _spells(text, __return__.value))
    post: __return__.code in ("", "card-unknown")
    post: __return__.code == "" or shown(text) in __return__.message
    """
    return _attempt(lambda: _cards.parse_card(text, RS))  # type: ignore[arg-type]


def cards_read(value: object, what: str) -> Outcome:
    """`read_cards` with the default ruleset's spellings: the cards of the field `what`, in order, or its refusal.

    A field of cards is a list of card texts or one string of them separated by white space or commas;
    anything else is refused as no such field (record-invalid), and a text that writes no card as no card
    (card-unknown), naming its position and itself; either message opens with the field's name.

    rules: pack.cards
    post: (__return__.code == "") == (isinstance(value, (str, list, tuple)) and all(_is_card_text(t) for t in _items(value)))
    post: __return__.code != "" or (len(__return__.value) == len(_items(value)) and all(_spells(t, c) for t, c in zip(_items(value), __return__.value)))
    post: (__return__.code == "record-invalid") == (not isinstance(value, (str, list, tuple)))
    post: __return__.code != "card-unknown" or "[%d]: %r" % _first_bad(value) in __return__.message
    post: __return__.code == "" or __return__.message.startswith(what)
    """
    return _attempt(lambda: _cards.read_cards(value, TABLE, what))


def cards_parsed(value: object) -> Outcome:
    """`parse_cards` under the default ruleset: the cards of a list of texts or of a string of them, or the refusal.

    It reads its value as a field named `cards`, as `read_cards` reads one.

    rules: pack.cards
    post: __return__ == cards_read(value, "cards")
    """
    return _attempt(lambda: _cards.parse_cards(value, RS))  # type: ignore[arg-type]


def card_checked(card: object, what: str) -> Outcome:
    """`check_card`: `card` itself if it is a card number (an int, suit * 8 + rank bit), else its refusal naming `what` and it.

    rules: pack.cards
    post: (__return__.code == "") == _is_card_number(card)
    post: __return__.code != "" or __return__.value is card
    post: __return__.code in ("", "card-unknown")
    post: __return__.code == "" or __return__.message.startswith(f"{what}: {shown(card)}")
    """
    return _attempt(lambda: _cards.check_card(card, what))


def cards_checked(cards: object, what: str) -> Outcome:
    """`check_cards`: `cards` as a tuple if it is a collection of card numbers, else its refusal.

    Text and mappings are no collection of cards (argument-invalid); an item that is no card number is refused
    as no card (card-unknown), naming the field, the first such item's position and the item.

    rules: pack.cards
    pre: not isinstance(cards, Iterator)
    post: (__return__.code == "") == (_collection(cards) and all(_is_card_number(c) for c in cards))
    post: __return__.code != "" or __return__.value == tuple(cards)
    post: (__return__.code == "argument-invalid") == (not _collection(cards))
    post: __return__.code != "card-unknown" or __return__.message.startswith("%s[%d]: %r" % next((what, i, c) for i, c in enumerate(cards) if not _is_card_number(c)))
    post: __return__.code == "" or __return__.message.startswith(what)
    """
    return _attempt(lambda: _cards.check_cards(cards, what))


def numbers_only(cards: tuple[object, ...]) -> bool:
    """`all_card_numbers`: whether every item of `cards` is a card number (an int from 0 to the pack's last).

    rules: pack.cards
    pre: isinstance(cards, tuple)
    post: __return__ == all(_is_card_number(c) for c in cards)
    """
    return _cards.all_card_numbers(cards)


def cards_formatted(cards: object) -> Outcome:
    """`format_cards` under the default ruleset: the canonical text of each card, in order; refused as `check_cards` refuses.

    A card's canonical text is its rank's symbol then its suit's letter, and it reads back as that card:
    formatting, then parsing, gives back the cards.

    rules: pack.cards, pack.rank-order
    pre: not isinstance(cards, Iterator)
    post: __return__[1:] == cards_checked(cards, "cards")[1:]
    post: __return__.code != "" or __return__.value == [_name(c) for c in cards]
    post: __return__.code != "" or tuple(parse_card(t, RS) for t in __return__.value) == tuple(cards)
    """
    return _attempt(lambda: _cards.format_cards(cards, RS))  # type: ignore[arg-type]


def hand_held(cards: object) -> Outcome:
    """`hand_of`: the hand holding exactly the cards of `cards`; refused as `check_cards` refuses, and a card given
    twice refused as a duplicate (never merged: law 75).

    Its cards, listed, are the cards given, in canonical order (`cards_of` undoes `hand_of`).

    rules: pack.cards
    pre: not isinstance(cards, Iterator)
    post: cards_checked(cards, "cards").code == "" or __return__[1:] == cards_checked(cards, "cards")[1:]
    post: cards_checked(cards, "cards").code != "" or (__return__.code == "card-duplicate") == (len(set(cards)) != len(tuple(cards)))
    post: __return__.code != "" or (type(__return__.value) is Hand and all(0 <= m <= SUIT_MASK for m in __return__.value))
    post: __return__.code != "" or all(bool(__return__.value[suit_of(c)] >> bit_of(c) & 1) == (c in cards) for c in PACK)
    post: __return__.code != "" or cards_of(__return__.value) == tuple(sorted(set(cards), key=lambda c: (suit_of(c), -bit_of(c))))
    """
    return _attempt(lambda: _cards.hand_of(cards))  # type: ignore[arg-type]


def hand_checked(hand: object, what: str) -> Outcome:
    """`check_hand`: `hand` as a Hand if it is a tuple of one suit mask (0 to 255) a suit, else its refusal naming `what` and it.

    rules: pack.cards
    post: (__return__.code == "") == (isinstance(hand, tuple) and len(hand) == SUITS and all(type(m) is int and 0 <= m <= SUIT_MASK for m in hand))
    post: __return__.code != "" or (type(__return__.value) is Hand and tuple(__return__.value) == hand)
    post: __return__.code in ("", "argument-invalid")
    post: __return__.code == "" or __return__.message.startswith(f"{what}: {shown(hand)}")
    """
    return _attempt(lambda: _cards.check_hand(hand, what))


def packed(cards: tuple[int, ...]) -> int:
    """`pack_of`: the cards as one int, card c at bit c (the suit masks side by side, a card given twice once).

    rules: pack.cards
    pre: isinstance(cards, tuple) and all(_is_card_number(c) for c in cards)
    post: all((__return__ >> c & 1) == (c in cards) for c in PACK)
    post: 0 <= __return__ < 1 << PACK_SIZE
    post: all(__return__ >> s * BITS_PER_SUIT & SUIT_MASK == hand_held(tuple(set(cards))).value[s] for s in range(SUITS))
    """
    return _cards.pack_of(cards)


def hand_cards(hand: object) -> Outcome:
    """`cards_of`: the cards `hand` holds, each once, by suit in the spec's order, then rank high to low; refused
    as `check_hand` refuses (`hand_of` undoes `cards_of`).

    rules: pack.cards, pack.rank-order
    post: __return__[1:] == hand_checked(hand, "hand")[1:]
    post: __return__.code != "" or set(__return__.value) == {c for c in PACK if hand[suit_of(c)] >> bit_of(c) & 1}
    post: __return__.code != "" or len(set(__return__.value)) == len(__return__.value)
    post: __return__.code != "" or list(__return__.value) == sorted(__return__.value, key=lambda c: (suit_of(c), -bit_of(c)))
    post: __return__.code != "" or hand_of(__return__.value) == hand
    """
    return _attempt(lambda: _cards.cards_of(hand))  # type: ignore[arg-type]


def distinct_checked(groups: list[tuple[str, tuple[int, ...]]]) -> Outcome:
    """`check_distinct` under the default ruleset: accepted when no card appears twice among the groups, else refused.

    Every card of the pack is one card: a card met twice (within a group or in two) makes an incorrect pack (law 75).
    The refusal names the first card met a second time, by its canonical text, and the groups it was met in.

    rules: pack.cards
    laws: 75
    pre: all(isinstance(name, str) and all(_is_card_number(c) for c in cards) for name, cards in groups)
    post: (__return__.code == "") == (_first_repeat(groups) is None)
    post: __return__.code in ("", "card-duplicate")
    post: __return__.code == "" or __return__.message.split()[0] == _name(_first_repeat(groups)[0])
    post: __return__.code == "" or all(name in __return__.message for name in _first_repeat(groups)[1:])
    """
    return _attempt(lambda: _cards.check_distinct(groups, RS))


def _barred_form(data: object) -> bool:
    """record.schema.json's `barred`: an array of distinct categories among point, sequences and sets (from
    Python, a tuple too)."""
    return isinstance(data, (list, tuple)) and all(c in DECL_CATEGORIES for c in data) and all(list(data).count(c) == 1 for c in data)


def _cards_form(value: object, text_ok: Callable[[object], bool]) -> bool:
    """record.schema.json's `cards`: a list of cards, or one string of them (from Python, a tuple too), each
    card text judged by `text_ok`."""
    return isinstance(value, (str, list, tuple)) and all(text_ok(t) for t in _items(value))


def _declare_form(data: object, text_ok: Callable[[object], bool]) -> bool:
    """record.schema.json's `declare`: all, none, or a mapping of some of point, sequences and sets, each all,
    none or its holdings (the point's cards; a list of card lists for the others), each card text judged by `text_ok`."""
    if data in CHOICES:
        return True
    if not isinstance(data, Mapping) or not set(data) <= set(DECL_CATEGORIES):
        return False
    point, groups = data.get("point", "all"), [data.get(k, "all") for k in DECL_CATEGORIES[1:]]
    return (point in CHOICES or _cards_form(point, text_ok)) and all(
        g in CHOICES or (isinstance(g, list) and all(_cards_form(v, text_ok) for v in g)) for g in groups)


def _declare_texts(data: object) -> list[object]:
    """Every item standing where a declare value has card texts, whatever the rest of its shape."""
    if not isinstance(data, Mapping):
        return []
    point, groups = data.get("point"), [data.get(k) for k in DECL_CATEGORIES[1:]]
    return _items(point) + [t for g in groups if isinstance(g, list) for v in g for t in _items(v)]


def _anything(_: object) -> bool:
    return True


def barred_read(data: object) -> Outcome:
    """`parse_barred` of the elder's `barred` field: the categories, or the refusal of a value that is not the
    schema's form (record.schema.json: a list of distinct categories among point, sequences and sets).

    rules: declare.barred
    laws: 46, 56
    post: (__return__.code == "") == _barred_form(data)
    post: __return__.code in ("", "record-barred")
    post: __return__.code == "" or (__return__.message.startswith(f"{WHO}.barred") and shown(data) in __return__.message)
    """
    return _attempt(lambda: _record.parse_barred(data, f"{WHO}.barred"))


def declare_read(data: object) -> Outcome:
    """`parse_declare` of the elder's `declare` field under the default ruleset: his choice, or the refusal of a
    value that is not the schema's form (record-invalid) or whose card texts write no card (card-unknown).

    rules: declare.sinking
    post: (__return__.code == "") == _declare_form(data, _is_card_text)
    post: __return__.code in ("", "record-invalid", "card-unknown")
    post: __return__.code != "record-invalid" or not _declare_form(data, _anything)
    post: __return__.code != "card-unknown" or not all(_is_card_text(t) for t in _declare_texts(data))
    post: __return__.code == "" or f"{WHO}.declare" in __return__.message
    """
    return _attempt(lambda: _record.parse_declare(data, WHO, RS))
