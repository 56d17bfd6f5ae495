"""Random legal deals (for benchmarks, fuzzing and property tests), driven by a caller-supplied RNG."""

from __future__ import annotations

import random
from typing import Any

from piquet_ref.hand.cards import Card, cards_of, format_cards, hand_of, remove
from piquet_ref.hand.exchange import discard_limits, exchange
from piquet_ref.rules.loader import default_ruleset
from piquet_ref.hand.play import beats, legal_follows
from piquet_ref.rules.ruleset import Ruleset


def random_record(rng: random.Random, ruleset: Ruleset | None = None, tricks: int | None = None) -> dict[str, Any]:
    """A legal deal record: shuffled deal, legal discards of random size, `tricks` legal tricks (default all)."""
    rs = ruleset or default_ruleset()
    n_hand, n_stock = rs.pack.hand_size, rs.pack.stock_size
    deck: list[Card] = list(range(2 * n_hand + n_stock))
    rng.shuffle(deck)
    dealt = (deck[:n_hand], deck[n_hand : 2 * n_hand])
    stock = deck[2 * n_hand :]
    lo, hi = discard_limits("elder", 0, rs)
    e_discard = rng.sample(dealt[0], rng.randint(lo, hi))
    lo, hi = discard_limits("younger", len(e_discard), rs)
    y_discard = rng.sample(dealt[1], rng.randint(lo, hi))
    hands = list(exchange(hand_of(dealt[0]), hand_of(dealt[1]), tuple(e_discard), tuple(y_discard), tuple(stock), rs))
    leader = 0 if rs.play.first_leader == "elder" else 1
    played: list[list[str]] = []
    for _ in range(rs.play.tricks if tricks is None else tricks):
        lead = rng.choice(cards_of(hands[leader]))
        follow = rng.choice(cards_of(legal_follows(hands[1 - leader], lead)))
        hands[leader] = remove(hands[leader], lead)
        hands[1 - leader] = remove(hands[1 - leader], follow)
        played.append(format_cards((lead, follow), rs))
        if beats(lead, follow):
            leader = 1 - leader
    return {
        "ruleset": rs.id,
        "elder": {"dealt": format_cards(dealt[0], rs), "discard": format_cards(e_discard, rs)},
        "younger": {"dealt": format_cards(dealt[1], rs), "discard": format_cards(y_discard, rs)},
        "stock": format_cards(stock, rs),
        "tricks": played,
    }
