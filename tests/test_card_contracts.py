"""The contracts of the cards' notation (`verification/contracts/cards.py`) and of the deal record's parser
(`piquet_ref/deal/record.py`) evaluated at run time.

Each condition is read from the docstring as CrossHair reads it (`conditions`, `broken` of
tests/test_law_contracts.py) and evaluated: the card wrappers on every card and every spelling of one (each
rank spelling with each suit spelling, in every mix of case, with white space around), on near-misses and on
values that are no text at all, on every single-suit hand and hands a mask out of range, and on Hypothesis
hands, texts and card lists; the record's functions on the corpus's deal records and on Hypothesis records
(legal ones with barred categories and flags added, mutated ones, junk). The conditions' readings of
conformance/schema/record.schema.json are checked against the schema itself. A calibration requires the same
checks to find bugs planted in copies of `cards` and `record`, each by the postcondition it names.
"""

from __future__ import annotations

import json
from itertools import chain, permutations, product
from pathlib import Path
from typing import Any, Callable, Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from verification.contracts import cards as card_contracts
from piquet_ref.hand import cards
from piquet_ref.deal import record
from verification.contracts.cards import PACK, RS, _anything, _barred_form, _declare_form, _is_card_text
from piquet_ref.hand.cards import SUIT_MASK, Hand
from piquet_ref.runner.corpus import load_cases
from piquet_ref.hand.declarations import DECL_CATEGORIES
from piquet_ref.rules.ruleset import PLAYERS
from piquet_ref.strategies import (
    card_listish, card_names, card_sets, declare_records, deal_records, hand_records, hands, json_values, junk_records, mutated_records,
)

from verification.calibration.planted_deal import Plant
from verification.crosshair import contracts
from verification.runtime import assert_caught, broken, broken_by, plant
from tests.support import examples

ROOT = Path(__file__).resolve().parent.parent
Call = tuple[str, tuple[Any, ...]]


def case_variants(text: str) -> set[str]:
    """`text` with each character in upper or lower case, every mix."""
    return {"".join(p) for p in product(*({c.upper(), c.lower()} for c in text))}


# Every spelling of every card from the ruleset's pack (rank symbol or alias, then suit symbol or glyph), each mix of case.
SPELLINGS = sorted({v for r in RS.pack.ranks for s in RS.pack.suits for rt in (r.symbol, *r.aliases) for stx in (s.symbol, s.glyph)
                    for v in case_variants(rt + stx)})
# Texts that are nearly cards, and values that are no text.
NEAR = ["", " ", "1S", "AX", "10H", "10", "A", "S", "♠", "A S", "AS S", "AAS", "ASS", "11H", "6S", "2C", "1C", "0H", "ZS", "A♤", "A♡",
        "Aſ", "\u212aS", "TEN", "T10", "01H", "1OH", "AS,KS", "S A", "♠A", "A\u00a0S", "A-S", "ÅS", "ᴀS", "ＡS"]
NOT_TEXT: list[object] = [None, 5, 0, True, 1.5, b"AS", ["AS"], ("AS",), {"AS": 1}]
TEXTS: list[object] = [*SPELLINGS, *(w + t + w for t in SPELLINGS[::7] for w in (" ", "\t", "\n ")), *NEAR, *NOT_TEXT]
# Values of a cards field: lists and strings of card texts, near-misses among them, and values of no such shape.
CARD_VALUES: list[object] = [
    [], "", "  ", ",", *([t] for t in TEXTS if isinstance(t, str)), ["AS", "KS"], ("AS", "10h", "7♣"), ["AS", 5], ["AS", None, "XX"],
    ["AS", "1S"], [" as ", "kS"], ["AS", ["KS"]], "AS KS", "AS,KS", "AS, KS ,QS", "AS  KS\t10H\n7♣", "AS 1S", "AS,,KS", "A S",
    " ".join(SPELLINGS[::5]), ",".join(SPELLINGS[1::9]), None, 5, b"AS KS", {"AS": 1}, {"AS"}, frozenset(), 1.0,
]
CHECKS = ("cards", "elder.hand")
# Collections of card numbers, and of things that are not: every card alone, the whole pack, duplicates, out of range.
NUMBER_VALUES: list[object] = [
    (), [], *((c,) for c in PACK), tuple(PACK), list(PACK)[::-1], set(PACK), frozenset({3, 9}), (0, 0), (5, 3, 5), range(6),
    (-1,), (32,), (0, 32), (True,), (1.0,), ("AS",), (None,), (0, "AS", 33), [3, 2**40], "AS", b"\x01", {1: 2}, 5, None, iter((1, 2)),
]
BOOLS = (False, True)
MASK_BOX = (-1, 0, 1, 0x81, SUIT_MASK, SUIT_MASK + 1)
# Hands: every mask of one suit, the others empty; masks out of range; tuples of other lengths; lists; bools; Hands.
HAND_VALUES: list[object] = [
    *(tuple(m if s == suit else 0 for s in range(4)) for suit in range(4) for m in range(SUIT_MASK + 1)),
    *product(MASK_BOX, repeat=4), Hand(1, 2, 3, 4), Hand(SUIT_MASK, SUIT_MASK, SUIT_MASK, SUIT_MASK), (0, 0, 0), (0, 0, 0, 0, 0),
    [1, 2, 3, 4], (True, 0, 0, 0), (1.0, 0, 0, 0), ("1", 0, 0, 0), None, 5, "1234", (),
]
BARRED_VALUES: list[object] = [
    *(list(p) for n in range(4) for p in permutations(DECL_CATEGORIES, n)), *(tuple(p) for p in permutations(DECL_CATEGORIES, 2)),
    ["point", "point"], ["sets", "point", "sets"], ["Point"], ["point", 1], ["carte_blanche"], [None], [["point"]], "point", None,
    {"point": True}, 3, {"point"},
]
DECLARE_VALUES: list[object] = [
    "all", "none", "All", "", None, 5, ["all"], {}, {"point": "all"}, {"point": "none", "sets": "none"}, {"point": ["AS", "KS"]},
    {"point": "AS KS,QS"}, {"point": ("AS",)}, {"point": []}, {"point": ""}, {"point": ["AS", "1S"]}, {"point": ["AS", 5]},
    {"point": 5}, {"point": None}, {"point": {"AS": 1}}, {"sequences": [["QS", "JS", "TS"]]}, {"sequences": ["QS JS TS", ("AH", "KH", "QH")]},
    {"sequences": []}, {"sequences": "QS JS TS"}, {"sequences": [["QS", "XS"]]}, {"sequences": [5]}, {"sequences": ("all",)},
    {"sets": [["AS", "AH", "AD"]], "point": "none"}, {"sets": [["AS", "AH", "AD"], "KS KH KD KC"]}, {"sets": "none", "extra": 1},
    {"points": "all"}, {"point": ["1S"], "sequences": 5}, {"point": 5, "sequences": [["ZZ"]]}, {"sets": [["AS"], None]},
]


def records_of_corpus() -> list[Any]:
    """The deal records of the corpus's score_deal cases, each under every ruleset its case is run under."""
    out = []
    for case in load_cases(ROOT / "conformance" / "cases"):
        if case.op == "score_deal":
            data = case.data["input"]
            given = not isinstance(data, dict) or "ruleset" in data  # junk records of the error cases are taken as they are
            out += [data] if given else [{**data, "ruleset": rid} for rid in case.data["rulesets"]]
    return out


CORPUS_RECORDS = records_of_corpus()


def record_calls(data: Any) -> list[Call]:
    """`parse_record` of `data`, and, where its players are mappings, `parse_declare` and `parse_barred` of their fields."""
    calls: list[Call] = [("parse_record", (data,))]
    for who in PLAYERS:
        side = data.get(who) if isinstance(data, dict) else None
        if isinstance(side, dict):
            calls += [("parse_declare", (side.get("declare", "all"), who, RS)), ("parse_barred", (side.get("barred", []), f"{who}.barred"))]
    return calls


# Per contract-bearing function: (module, the calls of the box it is checked on).
BOXES: dict[str, tuple[Any, Callable[[], Iterable[Call]]]] = {
    "card_parsed": (card_contracts, lambda: (("card_parsed", (t,)) for t in TEXTS)),
    "cards_read": (card_contracts, lambda: (("cards_read", (v, w)) for v in CARD_VALUES for w in CHECKS)),
    "cards_parsed": (card_contracts, lambda: (("cards_parsed", (v,)) for v in CARD_VALUES)),
    "card_checked": (card_contracts, lambda: (("card_checked", (c, w)) for c in [*range(-2, 35), True, False, 1.0, "AS", None, (1,)] for w in CHECKS)),
    "cards_checked": (card_contracts, lambda: (("cards_checked", (v, w)) for v in NUMBER_VALUES for w in CHECKS)),
    "numbers_only": (card_contracts, lambda: (("numbers_only", (v if isinstance(v, (tuple, str)) else tuple(v),)) for v in NUMBER_VALUES if isinstance(v, (tuple, list, set, frozenset, range, str)))),
    "cards_formatted": (card_contracts, lambda: (("cards_formatted", (v,)) for v in NUMBER_VALUES)),
    "hand_held": (card_contracts, lambda: (("hand_held", (v,)) for v in NUMBER_VALUES)),
    "hand_checked": (card_contracts, lambda: (("hand_checked", (h, w)) for h in HAND_VALUES for w in ("hand",))),
    "packed": (card_contracts, lambda: (("packed", (p,)) for p in [(), tuple(PACK), *product(PACK, repeat=2), (32,), (-1, 3), [0], (True,)])),
    "hand_cards": (card_contracts, lambda: (("hand_cards", (h,)) for h in HAND_VALUES)),
    "distinct_checked": (card_contracts, lambda: (("distinct_checked", (g,)) for g in chain(
        [[], [("a", ())], [("a", tuple(PACK))], [("a", tuple(PACK)), ("b", (7,))], [("a", (40,))], [(1, (2,))]],
        ([("elder.hand", (a,)), ("stock", (b,))] for a, b in product(PACK, repeat=2)),
        ([("tricks[0]", (a, b))] for a, b in product(range(0, 32, 3), repeat=2)),
        ([("a", (1, 2)), ("b", (3, a)), ("c", (b, 4))] for a, b in product((1, 3, 4, 9), repeat=2)),
    ))),
    "barred_read": (card_contracts, lambda: (("barred_read", (v,)) for v in BARRED_VALUES)),
    "declare_read": (card_contracts, lambda: (("declare_read", (v,)) for v in DECLARE_VALUES)),
    "parse_barred": (record, lambda: (("parse_barred", (v, "younger.barred")) for v in BARRED_VALUES)),
    "parse_declare": (record, lambda: (("parse_declare", (v, w, RS)) for v in DECLARE_VALUES for w in PLAYERS)),
    "parse_record": (record, lambda: (c for r in CORPUS_RECORDS for c in record_calls(r))),
}


def box_breaks(function: str) -> tuple[int, int, set[tuple[str, str]]]:
    """(calls the preconditions admit, calls refused by the preconditions, (function, postcondition) broken) over `function`'s box."""
    module, box = BOXES[function]
    admitted = refused = 0
    out: set[tuple[str, str]] = set()
    for name, args in box():
        bad = broken(module, name, args)
        if bad is None:
            refused += 1
            continue
        admitted += 1
        out |= {(name, b) for b in bad}
    return admitted, refused, out


def test_every_function_with_contracts_has_a_box() -> None:
    """Both ways: the wrappers and record functions with conditions are exactly those the boxes check."""
    functions = {c.function for c in contracts(("verification.contracts.cards", "piquet_ref.deal.record"))}
    assert functions == set(BOXES)


@pytest.mark.parametrize("function", sorted(BOXES))
def test_every_postcondition_holds_on_every_input_of_the_box(function: str) -> None:
    admitted, _, bad = box_breaks(function)
    assert admitted > 1, f"{function}: no input of the box meets the preconditions"
    assert bad == set(), sorted(bad)[:10]


def test_every_card_is_spelt_and_every_near_miss_but_10h_is_refused() -> None:
    """The box of texts reaches every card and the refusal both; of the near-misses only 10H writes a card (a
    character that merely upper-cases to a letter, the long s or the Kelvin sign, writes none)."""
    assert {card_contracts.card_parsed(t).value for t in SPELLINGS} == set(PACK)
    assert {t for t in NEAR if card_contracts.card_parsed(t).code == "card-unknown"} == set(NEAR) - {"10H"}


def test_the_boxes_reach_past_the_preconditions() -> None:
    """Each box of a function with preconditions holds inputs they refuse, so that they, not the box, bound what is checked."""
    with_pre = {c.function for c in contracts(("verification.contracts.cards", "piquet_ref.deal.record")) if c.kind == "pre"}
    assert with_pre and all(box_breaks(f)[1] > 0 for f in with_pre), with_pre


# ----------------------------------------------------------------------------------------- Hypothesis

texts = st.one_of(card_names(), st.text(max_size=4), card_names().map(lambda t: t[::-1]), card_names().map(lambda t: t + t[-1]),
                  st.tuples(card_names(), st.sampled_from([" ", "\t", "\u00a0", "\u2003"])).map(lambda p: p[1] + p[0] + p[1]))
scalars = st.one_of(st.none(), st.integers(-3, 35), st.booleans(), st.floats(allow_nan=False))


@settings(max_examples=examples(300), deadline=None)
@given(texts, st.lists(st.one_of(texts, texts, scalars), max_size=6), st.sampled_from([" ", ",", ", ", "\t"]))
def test_the_parsing_postconditions_hold_on_any_text_and_list_of_texts(text: str, items: list[Any], sep: str) -> None:
    joined = sep.join(t for t in items if isinstance(t, str))
    calls: list[Call] = [("card_parsed", (text,)), ("cards_parsed", (items,)), ("cards_parsed", (joined,)), ("cards_read", (tuple(items), "stock"))]
    assert broken_by(card_contracts, calls) == set()


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.one_of(st.sampled_from(PACK), scalars), max_size=14), card_sets(0, 32), st.tuples(*[st.integers(-2, SUIT_MASK + 2)] * 4))
def test_the_card_number_and_hand_postconditions_hold_on_any_cards_and_masks(items: list[Any], held: frozenset[int], masks: tuple[int, ...]) -> None:
    numbers = tuple(held)
    calls: list[Call] = [(f, (v,)) for f in ("cards_formatted", "hand_held") for v in (items, tuple(items), held, numbers)]
    calls += [("cards_checked", (items, "cards")), ("numbers_only", (tuple(items),)), ("packed", (numbers + numbers[:3],))]
    calls += [(f, (h,)) for f in ("hand_cards",) for h in (masks, Hand(*masks), cards.hand_of(numbers))]
    calls += [("hand_checked", (masks, "hand")), ("distinct_checked", ([("elder.hand", numbers[:12]), ("stock", numbers[12:] + tuple(i for i in items if type(i) is int and i in PACK))],))]
    assert broken_by(card_contracts, calls) == set()


@settings(max_examples=examples(200), deadline=None)
@given(hands(0, 32))
def test_formatting_then_parsing_gives_back_every_hand(hand: Hand) -> None:
    """The hand's cards formatted, then parsed and held again, give the hand back (the conditions of each step hold)."""
    listed = card_contracts.hand_cards(hand)
    texts_ = card_contracts.cards_formatted(listed.value)
    back = card_contracts.cards_parsed(texts_.value)
    calls: list[Call] = [("hand_cards", (hand,)), ("cards_formatted", (listed.value,)), ("cards_parsed", (" ".join(texts_.value),)),
                         ("hand_held", (back.value,))]
    assert broken_by(card_contracts, calls) == set()
    assert card_contracts.hand_held(back.value).value == hand


barred = st.lists(st.sampled_from(DECL_CATEGORIES), unique=True)


@st.composite
def records_with_fields(draw: st.DrawFn) -> dict[str, Any]:
    """A legal record (either form, maybe with declarations) with barred categories, flags and takes drawn for each player."""
    data: dict[str, Any] = draw(st.one_of(deal_records(), hand_records(), declare_records()))
    for who in PLAYERS:
        extra = draw(st.fixed_dictionaries({}, optional={"barred": barred, "waives_penalty": st.booleans(), "false_claim": st.booleans()}))
        data[who].update(extra)
        if "dealt" in data[who] and draw(st.booleans()):
            data[who]["take"] = len(data[who]["discard"])
    return data


@settings(max_examples=examples(150), deadline=None)
@given(records_with_fields())
def test_the_record_postconditions_hold_on_any_legal_record(data: dict[str, Any]) -> None:
    calls = record_calls(data)
    assert broken_by(record, calls) == set()
    parsed = record.parse_record(data)
    assert broken_by(record, [("parse_record", (parsed,))]) == set()
    assert broken_by(card_contracts, [("barred_read", (data[w].get("barred", []),)) for w in PLAYERS]) == set()


@settings(max_examples=examples(200), deadline=None)
@given(st.one_of(mutated_records(), junk_records()))
def test_the_record_postconditions_hold_and_refusals_are_typed_on_mutated_and_junk_records(data: Any) -> None:
    """A record with a card replaced, or junk: accepted with its postconditions, or refused with a typed error (any
    other exception fails the test)."""
    assert broken_by(record, record_calls(data)) == set()


SCHEMA = json.loads((ROOT / "conformance" / "schema" / "record.schema.json").read_text(encoding="utf-8"))


def schema_valid(definition: dict[str, Any], data: Any) -> bool:
    """Whether `data` is valid against `definition`, a part of the record schema (its `$defs` in reach)."""
    return Draft202012Validator({**definition, "$defs": SCHEMA["$defs"]}).is_valid(data)


declare_values = st.one_of(
    st.sampled_from(["all", "none"]),
    st.fixed_dictionaries({}, optional={
        "point": st.one_of(st.sampled_from(["all", "none"]), card_listish()),
        "sequences": st.one_of(st.sampled_from(["all", "none"]), st.lists(card_listish(), max_size=3)),
        "sets": st.one_of(st.sampled_from(["all", "none"]), st.lists(card_listish(), max_size=3)),
    }),
    json_values(),
)


@settings(max_examples=examples(300), deadline=None)
@given(declare_values, st.one_of(barred, st.lists(st.sampled_from([*DECL_CATEGORIES, "cards", 1]), max_size=4), json_values()))
def test_the_declare_and_barred_conditions_hold_and_read_the_schema_as_it_is(declare: Any, barred_: Any) -> None:
    """The refusal wrappers' conditions hold on drawn JSON values; the schema accepts a barred value exactly when
    `_barred_form` does, every declare value the parser accepts, and none whose shape `_declare_form` refuses."""
    assert broken_by(card_contracts, [("declare_read", (declare,)), ("barred_read", (barred_,))]) == set()
    assert broken_by(record, [("parse_declare", (declare, "younger", RS)), ("parse_barred", (barred_, "elder.barred"))]) == set()
    assert schema_valid(SCHEMA["$defs"]["player"]["properties"]["barred"], barred_) == _barred_form(barred_)
    valid = schema_valid(SCHEMA["$defs"]["declare"], declare)
    assert not _declare_form(declare, _is_card_text) or valid
    assert not valid or _declare_form(declare, _anything)


# ---------------------------------------------------------------------------------------- calibration

CARDS_PLANTED: tuple[tuple[Any, str, str, Plant], ...] = (
    (cards, "parse_card", "card_parsed", Plant("white-space-kept", "a card text with white space around it is no card",
        "table.get(text.strip())", "table.get(text)", '(__return__.code == "") == any(_spells(text, c) for c in PACK)')),
    (cards, "check_card", "card_checked", Plant("thirty-two-a-card", "the number past the pack's last is taken for a card",
        "not 0 <= card < PACK_SIZE:", "not 0 <= card <= PACK_SIZE:", '(__return__.code == "") == _is_card_number(card)')),
    (cards, "read_cards", "cards_read", Plant("last-card-dropped", "a list of card texts loses its last card",
        "        out.append(card)\n    return tuple(out)", "        out.append(card)\n    return tuple(out[:-1])",
        '__return__.code != "" or (len(__return__.value) == len(_items(value)) and all(_spells(t, c) for t, c in zip(_items(value), __return__.value)))')),
    (cards, "format_cards", "cards_formatted", Plant("glyph-for-letter", "a card is formatted with its suit's glyph, not its letter",
        "names.append(pack.ranks[bit_of(card)].symbol + pack.suits[suit_of(card)].symbol)",
        "names.append(pack.ranks[bit_of(card)].symbol + pack.suits[suit_of(card)].glyph)",
        '__return__.code != "" or __return__.value == [_name(c) for c in cards]')),
    (cards, "cards_of", "hand_cards", Plant("ranks-low-to-high", "a hand's cards are listed rank low to high",
        "for bit in range(BITS_PER_SUIT - 1, -1, -1) if mask", "for bit in range(BITS_PER_SUIT) if mask",
        '__return__.code != "" or list(__return__.value) == sorted(__return__.value, key=lambda c: (suit_of(c), -bit_of(c)))')),
    (cards, "check_distinct", "distinct_checked", Plant("one-duplicate-let-through", "a card given twice passes when it is the only one",
        "if len(set(every)) == len(every):", "if len(set(every)) >= len(every) - 1:", '(__return__.code == "") == (_first_repeat(groups) is None)')),
    (cards, "check_hand", "hand_checked", Plant("mask-of-nine-bits", "a suit mask of 256 is taken for a suit",
        "type(m) is int and 0 <= m <= SUIT_MASK", "type(m) is int and 0 <= m <= SUIT_MASK + 1",
        '(__return__.code == "") == (isinstance(hand, tuple) and len(hand) == SUITS and all(type(m) is int and 0 <= m <= SUIT_MASK for m in hand))')),
    (record, "parse_barred", "barred_read", Plant("barred-twice", "a category given twice in barred is taken once",
        "c in DECL_CATEGORIES for c in data) or len(set(data)) != len(data):", "c in DECL_CATEGORIES for c in data):",
        '(__return__.code == "") == _barred_form(data)')),
)
RECORD_PLANTED: tuple[tuple[str, Plant], ...] = (
    ("parse_barred", Plant("barred-as-given", "barred categories are kept in the order given, not that of accretion",
        "return tuple(c for c in DECL_CATEGORIES if c in data)", "return tuple(data)",
        "list(__return__) == sorted(__return__, key=DECL_CATEGORIES.index)")),
    ("parse_declare", Plant("none-keeps-sets", "declaring none sinks the point and sequences but not the sets",
        'return DeclareChoice("none", "none", "none")', 'return DeclareChoice("none", "none", "all")',
        'data not in ("all", "none") or __return__ == DeclareChoice(data, data, data)')),
    ("parse_record", Plant("stock-reversed", "the stock is read bottom first",
        'stock = read_cards(data["stock"], table, "stock")', 'stock = read_cards(data["stock"], table, "stock")[::-1]',
        "stock_read_as_written(data, __return__)")),
)


@pytest.mark.parametrize("module, function, wrapper, bug", CARDS_PLANTED, ids=[p[3].name for p in CARDS_PLANTED])
def test_the_run_time_check_finds_each_bug_planted_in_the_cards(module: Any, function: str, wrapper: str, bug: Plant,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The planted copy replaces the function the wrapper calls (through its module); the wrapper's conditions judge it."""
    plant(monkeypatch, module, function, bug)
    assert_caught(bug, {b for f, b in box_breaks(wrapper)[2] if f == wrapper})


@pytest.mark.parametrize("function, bug", RECORD_PLANTED, ids=[b.name for _, b in RECORD_PLANTED])
def test_the_run_time_check_finds_each_bug_planted_in_the_record_parser(function: str, bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    plant(monkeypatch, record, function, bug)
    calls = [c for c in BOXES[function][1]() if c[0] == function]
    assert_caught(bug, {b for name, args in calls for b in broken(record, name, args) or ()})


def test_every_planted_bug_names_a_postcondition_of_the_function_that_judges_it() -> None:
    posts = {(c.function, c.condition) for c in contracts(("verification.contracts.cards", "piquet_ref.deal.record")) if c.kind == "post"}
    named = {(w, b.breaks) for _, _, w, b in CARDS_PLANTED} | {(f, b.breaks) for f, b in RECORD_PLANTED}
    assert named <= posts, named - posts
