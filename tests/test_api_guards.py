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
from piquet_ref.hand.cards import Hand, all_card_numbers, check_card, check_cards, check_hand
from piquet_ref.deal.record import DealRecord, parse_record
from piquet_ref.deal.normal_form import is_regular

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


# ------------------------------------------------------------------ each malformed field of a DealRecord given directly

CAVENDISH = {
    "elder": {"dealt": "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D".split(), "discard": "KS 8C 7C 9D 8D".split()},
    "younger": {"dealt": "TS 7S TH 9H 7H KC QC TC AD QD JD TD".split(), "discard": "7S 9H 7H".split()},
    "stock": "9S 8S KH 9C KD QS AC 7D".split(),
    "tricks": [["AH", "TH"]],
}


AFTER_EXCHANGE = {
    "elder": {"hand": "AS JS 9S 8S AH KH QH JH 8H JC 9C KD".split()},
    "younger": {"hand": "TS QS TH KC QC TC AC AD QD JD TD 7D".split()},
    "tricks": [],
}


def _record() -> DealRecord:
    return parse_record(CAVENDISH)


def _with(rec: DealRecord, **fields: Any) -> DealRecord:
    """`rec` with fields replaced by values of any type (the point: some are not what the record declares)."""
    return rec._replace(**fields)


def _elder(**fields: Any) -> Callable[[DealRecord], DealRecord]:
    return lambda rec: rec._replace(elder=rec.elder._replace(**fields))


BROKEN_RECORDS: list[tuple[str, Callable[[DealRecord], DealRecord], str, str]] = [
    ("a player not a PlayerRecord", lambda rec: _with(rec, elder=tuple(rec.elder)), "argument-invalid", "DealRecord.elder"),
    ("a declaration not a DeclareChoice", _elder(declare="all"), "argument-invalid", "DeclareChoice"),
    ("dealt hand without its discard", _elder(discard=None), "argument-invalid", "dealt and discard, or hand"),
    ("neither dealt hand nor hand", _elder(dealt=None, discard=None), "argument-invalid", "dealt and discard, or hand"),
    ("both dealt hand and hand", lambda rec: _elder(hand=rec.elder.dealt)(rec), "argument-invalid", "dealt and discard, or hand"),
    ("a hand with a dealt hand but no discard", lambda rec: _elder(hand=rec.elder.dealt, discard=None)(rec), "argument-invalid", "dealt and discard, or hand"),
    ("a card number past the pack in a hand given after the exchange",
     lambda rec: parse_record(AFTER_EXCHANGE)._replace(elder=parse_record(AFTER_EXCHANGE).elder._replace(hand=(32,) * 12)), "card-unknown", "elder.hand[0]"),
    ("a negative take", _elder(take=-1), "argument-invalid", "take must be None or a count"),
    ("waives_penalty not a bool", _elder(waives_penalty=1), "argument-invalid", "waives_penalty a bool"),
    ("barred a list", _elder(barred=["point"]), "argument-invalid", "DealRecord.elder.barred"),
    ("barred out of the order of accretion", _elder(barred=("sets", "point")), "argument-invalid", "DealRecord.elder.barred"),
    ("barred naming the play", _elder(barred=("play",)), "argument-invalid", "DealRecord.elder.barred"),
    ("dealt hands without a stock", lambda rec: rec._replace(stock=None), "argument-invalid", "with a stock exactly when"),
    ("tricks a list", lambda rec: _with(rec, tricks=list(rec.tricks)), "argument-invalid", "DealRecord.tricks"),
    ("a trick of three cards", lambda rec: _with(rec, tricks=(rec.tricks[0] + (0,),)), "argument-invalid", "DealRecord.tricks"),
    ("a trick not a tuple", lambda rec: _with(rec, tricks=([12, 13],)), "argument-invalid", "DealRecord.tricks"),
    ("a card number past the pack in the stock", lambda rec: _with(rec, stock=(rec.stock or ())[:-1] + (32,)), "card-unknown", "stock[7]"),
    ("a negative card number in a trick", lambda rec: rec._replace(tricks=((-1, rec.tricks[0][1]),)), "card-unknown", "tricks[0][0]"),
    ("thirteen tricks", lambda rec: rec._replace(tricks=rec.tricks * 13), "play-too-many-tricks", "13 tricks"),
    ("out_of_turn a list", lambda rec: _with(rec, out_of_turn=[0]), "argument-invalid", "DealRecord.out_of_turn"),
    ("out_of_turn past the tricks", lambda rec: _with(rec, out_of_turn=(len(rec.tricks),)), "argument-invalid", "DealRecord.out_of_turn"),
    ("out_of_turn out of order", lambda rec: _with(rec, out_of_turn=(1, 0)), "argument-invalid", "DealRecord.out_of_turn"),
    ("out_of_turn naming a trick twice", lambda rec: _with(rec, out_of_turn=(0, 0)), "argument-invalid", "DealRecord.out_of_turn"),
    ("out_of_turn naming a trick by a bool", lambda rec: _with(rec, out_of_turn=(True,)), "argument-invalid", "DealRecord.out_of_turn"),
    ("a card number past the pack among the stock cards shown", _elder(exposed_stock=(32,)), "card-unknown", "exposed_stock[0]"),
    ("exposed_stock a list", _elder(exposed_stock=[20]), "argument-invalid", "DealRecord.elder.exposed_stock"),
    ("stock cards shown beside a hand given after the exchange",
     lambda rec: parse_record(AFTER_EXCHANGE)._replace(elder=parse_record(AFTER_EXCHANGE).elder._replace(exposed_stock=(20,))),
     "argument-invalid", "DealRecord.elder.exposed_stock"),
    ("took_in_first not a bool", _elder(took_in_first=0), "argument-invalid", "DealRecord.elder.took_in_first"),
    ("the elder taking in first", _elder(took_in_first=True), "argument-invalid", "DealRecord.elder.took_in_first"),
    ("the younger taking in first with a hand given after the exchange",
     lambda rec: parse_record(AFTER_EXCHANGE)._replace(younger=parse_record(AFTER_EXCHANGE).younger._replace(took_in_first=True)),
     "argument-invalid", "DealRecord.younger.took_in_first"),
]


@pytest.mark.parametrize("name, breaks, code, names", BROKEN_RECORDS, ids=[b[0] for b in BROKEN_RECORDS])
def test_a_deal_record_given_directly_is_refused_field_by_field_with_its_code(
    name: str, breaks: Callable[[DealRecord], DealRecord], code: str, names: str
) -> None:
    assert score_deal(_record()).score("elder").total >= 0  # the unbroken record scores
    with pytest.raises(PiquetError) as caught:
        score_deal(breaks(_record()))
    assert caught.value.code == code and names in str(caught.value), str(caught.value)


@pytest.mark.parametrize("cards, expected", [((), True), ((0, 31), True), ((-1,), False), ((32,), False), ((0, 32), False), ((True,), False)])
def test_card_numbers_are_the_ints_0_to_31_at_both_ends(cards: tuple[object, ...], expected: bool) -> None:
    assert all_card_numbers(cards) is expected
    if not expected:
        with pytest.raises(PiquetError) as caught:
            check_cards(cards, "given")
        assert caught.value.code in ("card-unknown", "argument-invalid") and "given[" in str(caught.value)


def test_check_hand_keeps_a_hand_and_builds_one_from_a_plain_tuple() -> None:
    hand = Hand(1, 2, 4, 8)
    assert check_hand(hand) is hand
    assert type(check_hand((1, 2, 4, 8))) is Hand and check_hand((1, 2, 4, 8)) == hand
    with pytest.raises(PiquetError):
        check_card(32)
    assert check_card(31) == 31 and check_card(0) == 0


def test_a_record_of_the_ruleset_sizes_with_nothing_irregular_is_regular_in_either_form() -> None:
    """The regular path is taken for the dealt hands with a stock of eight and for the hands given after the exchange;
    a stock of seven (law 43) is not regular."""
    assert is_regular(parse_record(CAVENDISH)) and is_regular(parse_record(AFTER_EXCHANGE))
    stock = "9S 8S KH 9C KD QS AC".split()  # CAVENDISH's, its last card left out
    assert not is_regular(parse_record(dict(CAVENDISH, stock=stock)))


@pytest.mark.parametrize("player", ["dealer", "", None, 0, ("elder",)])
def test_a_result_asked_for_a_player_who_is_neither_refuses_naming_him(player: Any) -> None:
    """`score` and `declaration` of a result, and `score` of the lean totals, take elder or younger: anything else is
    argument-invalid naming what was given, never the younger's scores by default nor a ValueError."""
    from piquet_ref import deal_totals

    record = deal_records_example()
    for ask in (score_deal(record).score, score_deal(record).declaration, deal_totals(record).score):
        with pytest.raises(PiquetError) as caught:
            ask(player)
        assert caught.value.code == "argument-invalid" and repr(player)[:10] in caught.value.message


@pytest.mark.parametrize("event, trick", [(None, print), (print, "trick"), (1, 2)])
def test_a_replay_given_what_is_not_a_function_refuses_naming_it(event: Any, trick: Any) -> None:
    result = score_deal(deal_records_example())
    with pytest.raises(PiquetError) as caught:
        result.replay(event, trick)
    bad = event if not callable(event) else trick
    assert caught.value.code == "argument-invalid" and type(bad).__name__ in caught.value.message


def deal_records_example() -> dict[str, Any]:
    """A regular deal record, the same each time (the first random record of a fixed seed)."""
    import random

    from piquet_ref.deal.generate import random_record

    return random_record(random.Random(3))
