"""Cards in notation inside the values that hold them: the text of a list of cards, and the expressions a `repr`
writes for cards so that it both reads as cards and evaluates back to the card numbers.

A card stays a number everywhere the rules compute (see `cards`); these are for people reading values, so they use
the default ruleset's notation, the same for every shipped ruleset.
"""

from __future__ import annotations

from typing import Iterable

from piquet_ref.hand.cards import Card, format_card, format_cards
from piquet_ref.rules.ruleset import Ruleset


def cards_text(cards: Iterable[Card], ruleset: Ruleset | str | None = None) -> str:
    """The cards as one string in the given order, space-separated (`AS KS 9H`): what `parse_cards` reads back, and
    how every value holding cards prints them."""
    return " ".join(format_cards(cards, ruleset))


def cards_repr(cards: Iterable[Card]) -> str:
    """The expression that builds the tuple of card numbers `cards` again, written in the cards' notation:
    `parse_cards('AS KS')` (the reprs of values holding cards use it, so that they read as cards and eval back)."""
    return f"parse_cards({cards_text(cards)!r})"


def groups_repr(groups: tuple[tuple[Card, ...], ...]) -> str:
    """A tuple of card tuples as the expression that builds it, the cards in notation: `(parse_cards('AS KS'),)`."""
    return "(" + ", ".join(cards_repr(g) for g in groups) + ("," if len(groups) == 1 else "") + ")"


def card_repr(card: Card) -> str:
    """The expression that gives the card number `card` again, in notation: `parse_card('AS')`."""
    return f"parse_card({format_card(card)!r})"

