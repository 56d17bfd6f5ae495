"""What the optimisations for speed must not change: every answer of `serve`, byte for byte, on a fixed stream
recorded before them (tests/serve_stream.py); the legal actions listed on demand against the eager listing; the
lean totals against the full result."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from piquet_ref.hand.cards import cards_of, hand_of
from piquet_ref.machine.actions import Actions, Exchange, Exchanges
from piquet_ref.machine.state import DealState, apply, legal_actions, new_deal
from tests.serve_stream import DIGESTS, answers, digest, read_stream


def test_every_answer_of_the_recorded_stream_is_unchanged() -> None:
    lines = read_stream()
    expected = DIGESTS.read_text().split()
    got = [digest(a) for a in answers(lines)]
    assert len(got) == len(expected) == len(lines) - 0  # one answer per request, the hello included
    first = next((i for i, (a, b) in enumerate(zip(got, expected)) if a != b), None)
    assert first is None, f"the answer to request {first} changed: {lines[first][:300]}"


def _exchange_states(n: int, seed: int) -> list[DealState]:
    rng = random.Random(seed)
    states = []
    for _ in range(n):
        pack = list(range(32))
        rng.shuffle(pack)
        state = new_deal(hand_of(pack[:12]), hand_of(pack[12:24]), tuple(pack[24:]))
        states.append(state)
        states.append(apply(state, rng.choice(legal_actions(state))))  # the younger's exchange after the elder's
    return states


@pytest.mark.parametrize("seed", range(3))
def test_the_exchanges_listed_on_demand_are_the_eager_listing(seed: int) -> None:
    for state in _exchange_states(4, seed):
        actions = legal_actions(state)
        assert isinstance(actions, Actions)
        ex = actions.exchanges
        held = cards_of(state.dealt[0 if ex.player == "elder" else 1])
        eager = tuple(Exchange(ex.player, out, take) for k, take in ex.sizes for out in combinations(held, k))
        listed = tuple(actions)
        assert listed == actions.head + eager + actions.tail and len(actions) == len(listed)
        assert all(actions[i] == a for i, a in enumerate(listed))  # unranked by index, as listed
        assert all(actions[i - len(listed)] == a for i, a in enumerate(listed))  # and counted from the end
        assert actions[3:40:7] == listed[3:40:7] and actions == listed and listed == actions
        assert all(a in actions for a in listed)
        sizes = {k for k, _ in ex.sizes}
        for k, take in ex.sizes:  # not listed: a wrong take, a card not held, a size not allowed, the other player
            out = held[:k]
            assert Exchange(ex.player, out, take + 1) not in actions
            assert Exchange("younger" if ex.player == "elder" else "elder", out, take) not in actions
            assert Exchange(ex.player, out, take, announced=False) not in actions
        stranger = next(c for c in range(32) if c not in held)
        assert Exchange(ex.player, (stranger,), dict(ex.sizes).get(1, 1)) not in actions
        assert all(Exchange(ex.player, held[:k], 0) not in actions for k in range(len(held) + 1) if k not in sizes and k)


def test_an_exchange_listing_out_of_range_is_an_index_error() -> None:
    ex = Exchanges("elder", tuple(range(12)), ((1, 1), (2, 2)))
    assert len(ex) == 12 + 66
    with pytest.raises(IndexError):
        ex[len(ex)]
    with pytest.raises(IndexError):
        ex[-len(ex) - 1]
