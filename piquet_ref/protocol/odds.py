"""The `odds` op's input read into typed questions and conditions, and its result written as JSON.

A condition (conformance/ADAPTER.md, "odds") is a mapping with one key saying what it asks:
`taken` / `holds` (how many of some cards are taken in / held after taking in, `at_least` 1 unless
`at_least` or `at_most` is given), `point`, `sequence`, `quatorze`, `trio`, or `all` / `any` / `not`
over other conditions. Cards are selected by a rank (`A`), a suit (`H`), a card (`JC`), `court`, or a
list of these (their union). Every malformed question is a `record-invalid` error naming the path.
"""

from __future__ import annotations

from typing import Any, Mapping

from piquet_ref.hand.cards import BITS_PER_SUIT, Card, check_distinct, hand_of, notation, read_cards
from piquet_ref.rules.codes import error
from piquet_ref.protocol.forms import HandsOddsJSON
from piquet_ref.protocol.results import dumps
from piquet_ref.rules.loader import DEFAULT_RULESET, load_ruleset
from piquet_ref.odds.conditions import (
    AllOf, AnyOf, Condition, Count, Not, PointAtLeast, Question, SequenceAtLeast, SetHeld,
)
from piquet_ref.odds.take_in import Chance, HandCounts, chance, distinct_hands, question
from piquet_ref.rules.ruleset import PLAYERS, Player, Ruleset
from piquet_ref.hand.suit import POINT_SHIFT
from piquet_ref.rules.errors import shown
from piquet_ref.rules.files import LIMITS, Limits

KINDS = ("take_in", "hands")
LEAF_KEYS = {
    "taken": {"taken", "at_least", "at_most"},
    "holds": {"holds", "at_least", "at_most"},
    "point": {"point", "pips"},
    "sequence": {"sequence", "top"},
    "quatorze": {"quatorze"},
    "trio": {"trio"},
    "all": {"all"},
    "any": {"any"},
    "not": {"not"},
}
SET_COUNTS = {"quatorze": 4, "trio": 3}


def _ruleset(data: Mapping[str, Any]) -> Ruleset:
    name = data.get("ruleset", DEFAULT_RULESET)
    if not isinstance(name, str):
        raise error("record-invalid", f"odds: ruleset must be a ruleset id string, got {shown(name)}")
    return load_ruleset(name)


def _keys(data: Any, where: str, keys: set[str]) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise error("record-invalid", f"{where} must be a mapping, got {type(data).__name__}")
    unknown = sorted(set(map(str, data)) - keys)
    if unknown:
        raise error("record-invalid", f"{where}: unknown key(s) {unknown}; expected {sorted(keys)}")
    return data


def _count(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    if type(value) is not int or value < low or high is not None and value > high:
        raise error("record-invalid", f"{where} must be an integer >= {low}{'' if high is None else f' and <= {high}'}, got {shown(value)}")
    return value


def rank_bit(text: Any, rs: Ruleset, where: str) -> int:
    """The rank bit of a rank symbol or alias (any case)."""
    bit = _rank(text, rs)
    if bit is None:
        ranks = " ".join(r.symbol for r in reversed(rs.pack.ranks))
        raise error("record-invalid", f"{where}: {shown(text)} is not a rank ({ranks})")
    return bit


def _rank(text: Any, rs: Ruleset) -> int | None:
    for bit, r in enumerate(rs.pack.ranks):
        if isinstance(text, str) and text.strip().upper() in (r.symbol.upper(), *(a.upper() for a in r.aliases)):
            return bit
    return None


def selection(value: Any, rs: Ruleset, where: str) -> int:
    """The packed cards a selector names: a rank, a suit, a card, `court`, or a non-empty list of these."""
    items = value if isinstance(value, list) else [value]
    if not items:
        raise error("record-invalid", f"{where}: an empty list selects no card")
    n_suits = len(rs.pack.suits)
    cards = 0
    for i, item in enumerate(items):
        at = f"{where}[{i}]" if isinstance(value, list) else where
        if not isinstance(item, str):
            raise error("record-invalid", f"{at}: a selector is a rank, a suit, a card or court, got {shown(item)}")
        text = item.strip()
        suits = [s for s, suit in enumerate(rs.pack.suits) if text.upper() in (suit.symbol.upper(), suit.glyph)]
        if text.lower() == "court":
            cards |= sum(rs.carte_blanche.court_mask << (s * BITS_PER_SUIT) for s in range(n_suits))
        elif suits:
            cards |= ((1 << BITS_PER_SUIT) - 1) << (suits[0] * BITS_PER_SUIT)
        elif text.upper() in notation(rs).parse:
            cards |= 1 << notation(rs).parse[text.upper()]
        else:
            bit = _rank(text, rs)
            if bit is None:
                raise error("record-invalid", f"{at}: {shown(item)} is not a rank, a suit, a card or court")
            cards |= sum(1 << (s * BITS_PER_SUIT + bit) for s in range(n_suits))
    return cards


def parse_condition(data: Any, rs: Ruleset, where: str = "condition") -> Condition:
    """A condition from its JSON form (see the module docstring)."""
    if not isinstance(data, Mapping) or not data:
        raise error("record-invalid", f"{where} must be a mapping with one of {sorted(LEAF_KEYS)}, got {shown(data)}")
    heads = [k for k in LEAF_KEYS if k in data]
    if len(heads) != 1:
        raise error("record-invalid", f"{where} must have exactly one of {sorted(LEAF_KEYS)}, got {sorted(map(str, data))}")
    head = heads[0]
    data = _keys(data, where, LEAF_KEYS[head])
    body = data[head]
    if head in ("all", "any"):
        if not isinstance(body, list) or not body:
            raise error("record-invalid", f"{where}.{head} must be a non-empty list of conditions")
        items = tuple(parse_condition(c, rs, f"{where}.{head}[{i}]") for i, c in enumerate(body))
        return AllOf(items) if head == "all" else AnyOf(items)
    if head == "not":
        return Not(parse_condition(body, rs, f"{where}.not"))
    if head in ("taken", "holds"):
        cards = selection(body, rs, f"{where}.{head}")
        low = _count(data["at_least"], f"{where}.at_least") if "at_least" in data else (0 if "at_most" in data else 1)
        high = _count(data["at_most"], f"{where}.at_most") if "at_most" in data else None
        if high is not None and high < low:
            raise error("record-invalid", f"{where}: at_most {high} is below at_least {low}")
        return Count("taken" if head == "taken" else "hand", cards, low, high)
    if head == "point":
        length = _count(body, f"{where}.point", 1)
        return PointAtLeast(length, _count(data["pips"], f"{where}.pips", 0, (1 << POINT_SHIFT) - 1) if "pips" in data else 0)
    if head == "sequence":
        least = rs.sequences.min_length
        length = _count(body, f"{where}.sequence", least)
        top = rank_bit(data["top"], rs, f"{where}.top") if "top" in data else length - 1
        if length > len(rs.pack.ranks) or top < length - 1:
            raise error("record-invalid", f"{where}: no sequence of {length} cards{' to that top' if 'top' in data else ''} exists")
        return SequenceAtLeast(length, top)
    count = SET_COUNTS[head]
    if body == "any":
        return SetHeld(count, None)
    bit = rank_bit(body, rs, f"{where}.{head}")
    if bit not in rs.sets.ranks:
        names = " ".join(rs.pack.ranks[b].symbol for b in reversed(rs.sets.ranks))
        raise error("record-invalid", f"{where}.{head}: {shown(body)} does not form sets (only {names}), or give 'any'")
    return SetHeld(count, bit)


def parse_question(data: Any) -> tuple[Ruleset, Question, Condition, Player | None]:
    """The take_in question of an `odds` input: the ruleset, the take-in, its condition and the player."""
    data = _keys(data, "odds (take_in)", {"kind", "ruleset", "player", "hand", "discard", "seen", "take", "condition"})
    rs = _ruleset(data)
    table = notation(rs).parse
    if "hand" not in data or "condition" not in data:
        raise error("record-invalid", "odds (take_in): hand and condition are required")
    groups: list[tuple[str, tuple[Card, ...]]] = [
        (key, read_cards(data[key], table, key)) for key in ("hand", "discard", "seen") if key in data
    ]
    for name, cards in groups:
        check_distinct([(name, cards)], rs)
    given = dict(groups)
    player = data.get("player")
    if player is not None and player not in PLAYERS:
        raise error("record-invalid", f"odds: player must be elder or younger, got {shown(player)}")
    take = data.get("take")
    if take is not None:
        _count(take, "take")
    q = question(hand_of(given["hand"]), given.get("discard", ()), given.get("seen", ()), take, player, rs)
    return rs, q, parse_condition(data["condition"], rs), player


def chance_json(c: Chance) -> dict[str, Any]:
    """The wire form of a chance: exact counts, the probability as "p/q" in lowest terms, odds, and a float."""
    p = c.probability
    good, against = c.odds
    return {
        "combinations": c.combinations,
        "favourable": c.favourable,
        "probability": f"{p.numerator}/{p.denominator}",
        "odds": {"for": good, "against": against},
        "float": float(p),
    }


def hands_json(h: HandCounts) -> HandsOddsJSON:
    """The wire form of the counts of hands (`forms.HandsOddsJSON`)."""
    return {
        "kind": "hands", "cards": h.cards, "total": h.total, "patterns": h.patterns,
        "by_suit_lengths": h.by_suit_lengths, "up_to_suit_permutation": h.up_to_suit_permutation,
    }


def op_odds(data: Any, limits: Limits = LIMITS) -> str:
    """Input `{kind: take_in, hand, discard?, seen?, take?, player?, condition, ruleset?}` -> the exact
    chance; `{kind: hands, cards?, ruleset?}` -> the counts of hands (de Moivre's fifth problem)."""
    kind = data.get("kind") if isinstance(data, Mapping) else None
    if kind not in KINDS:
        raise error("record-invalid", f"odds: input must be a mapping whose kind is one of {list(KINDS)}, got {shown(kind)}")
    if kind == "hands":
        data = _keys(data, "odds (hands)", {"kind", "ruleset", "cards"})
        rs = _ruleset(data)
        n = _count(data["cards"], "cards") if "cards" in data else None
        if n is not None and n > len(rs.pack.suits) * len(rs.pack.ranks):
            raise error("record-invalid", f"cards: {n} is more than the pack holds")
        return dumps(hands_json(distinct_hands(n, rs)))
    rs, q, cond, _ = parse_question(data)
    c = chance(q, cond, rs, limits)
    return dumps({"kind": "take_in", "unseen": sum(m.bit_count() for m in q.unseen), "take": q.take, **chance_json(c)})

