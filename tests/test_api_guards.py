"""Every public function of the package answers bad arguments with a typed PiquetError, never with
another exception and never with a silently wrong answer built from an impossible value.

Arguments are drawn per parameter from junk (ints of any sign and size, strings, None, lists,
tuples that look like hands or cards) mixed with valid values, so that the checks are reached one
parameter at a time.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import piquet_ref
from piquet_ref import PiquetError, score_deal
from piquet_ref.cards import Hand

from piquet_ref.strategies import PACK, card_sets, deal_records, hands

FUNCTIONS: dict[str, Callable[..., Any]] = {
    name: getattr(piquet_ref, name)
    for name in piquet_ref.__all__
    if inspect.isfunction(getattr(piquet_ref, name))
}

JUNK: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.integers(-3, 40),
    st.floats(allow_nan=True),
    st.text(max_size=4),
    st.sampled_from(["elder", "younger", "dealer", "portland-1882", "all", "none", "AS"]),
    st.tuples(st.integers(-2, 300), st.integers(-2, 300), st.integers(-2, 300), st.integers(-2, 300)),
    st.lists(st.integers(-2, 40), max_size=6),
    st.lists(st.sampled_from(["AS", "KH", "XX", 3]), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
VALID: st.SearchStrategy[Any] = st.one_of(
    hands(),
    st.sampled_from(PACK),
    card_sets(max_size=5).map(tuple),
    st.sampled_from(["elder", "younger"]),
    st.integers(0, 8),
    st.just(piquet_ref.load_ruleset()),
    deal_records(max_tricks=2),
)


def test_the_guarded_functions_are_every_public_function() -> None:
    """The list this file fuzzes is the package's public API (a new export is fuzzed automatically)."""
    assert {"score_deal", "evaluate_hand", "compare_hands", "exchange", "check_trick", "hand_of", "format_cards"} <= set(FUNCTIONS)


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
@given(data=st.data())
def test_a_public_function_given_junk_raises_only_piquet_errors(name: str, data: st.DataObject) -> None:
    fn = FUNCTIONS[name]
    params = list(inspect.signature(fn).parameters.values())
    required = [p for p in params if p.default is inspect.Parameter.empty]
    count = data.draw(st.integers(len(required), len(params)), label="arguments")
    args = [data.draw(st.one_of(JUNK, VALID), label=p.name) for p in params[:count]]
    try:
        result = fn(*args)
    except PiquetError as exc:
        assert exc.code and str(exc)
        return
    if isinstance(result, Hand):  # a hand that is returned is a real hand
        assert all(type(m) is int and 0 <= m <= 255 for m in result)


@given(deal_records(max_tricks=3))
def test_valid_arguments_pass_the_checks(record: dict[str, Any]) -> None:
    """The checks reject nothing legal: a scored deal's own hands and cards go through every door."""
    result = score_deal(record)
    elder, younger = result.hands
    assert piquet_ref.compare_hands(elder, younger) == result.comparison
    assert piquet_ref.hand_of(piquet_ref.cards_of(elder)) == elder
    assert piquet_ref.format_cards(piquet_ref.cards_of(younger)) == [piquet_ref.format_card(c) for c in piquet_ref.cards_of(younger)]
    assert score_deal(piquet_ref.parse_record(record)) == result
