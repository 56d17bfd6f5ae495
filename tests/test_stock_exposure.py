"""A card of the adversary's portion of the stock shown in the exchange (law 27; piquet_ref/deal/irregular/stock_exposure.py).

`exposable` is proved on every input of a box (both players, stocks of seven and eight, every portion, every card
the elder may have said he leaves, every number of exchanges and cards taken in, no card or any one card shown
before) against a definition written from the law; every postcondition of the module is evaluated on its box, and a
bug planted in a copy of each function must break the postcondition named. The machine's walks show cards where
`irregular_actions` lists them (tests/test_machine.py); here also: the penalty in a record takes every score from the
offender but his carte blanche and leaves his adversary's as they were, and the adversary's waiver restores his own.
"""

from __future__ import annotations

from itertools import product
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from piquet_ref import parse_cards
from piquet_ref.deal.irregular import stock_exposure
from piquet_ref.cli.main import main
from piquet_ref.machine.state import record, run
from piquet_ref.machine.actions import Elect, Exchange, ExposeStock
from piquet_ref.cli.replay import actions_of_record
from piquet_ref.hand.cards import PACK_SIZE, format_cards
from piquet_ref.rules.errors import PiquetError
from piquet_ref.deal.record import DealRecord, PlayerRecord, parse_record
from piquet_ref.rules.ruleset import PLAYERS, Player
from piquet_ref.deal.scoring import score_deal
from piquet_ref.deal.irregular.stock_exposure import check_expose, exposable, recorded_exposure
from piquet_ref.strategies import RS, deal_records

from verification.calibration.planted_deal import Plant
from verification.runtime import assert_caught, broken, plant

STOCKS = (tuple(range(24, 32)), tuple(range(24, 31)))  # a regular stock, and one of seven (laws 39, 41, 43)


def takes_of(stock: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """No exchange, the elder's (any take), or both (any takes the stock holds)."""
    yield ()
    for t in range(len(stock) + 1):
        yield (t,)
        for u in range(len(stock) - t + 1):
            yield (t, u)


def exposable_box() -> Iterator[tuple[Any, ...]]:
    for stock, player in product(STOCKS, PLAYERS):
        for portion in (4, 5):
            for said, takes, shown in product(range(portion + 1), takes_of(stock), ((),) + tuple((c,) for c in stock)):
                yield player, stock, portion, said, takes, shown


def by_the_law(player: Player, stock: tuple[int, ...], portion: int, said: int, takes: tuple[int, ...], shown: tuple[int, ...]) -> set[int]:
    """Law 27 as read in exchange.stock-exposure, card by card: the elder offends by showing a card below his portion
    that he has not taken in, while the younger has not exchanged; the younger by showing one of the elder's portion
    that the elder has not said he leaves, before the elder has exchanged; never twice by the same card."""
    out = set()
    for i, card in enumerate(stock):
        if player == "elder":
            offends = i >= portion and len(takes) < 2 and not (takes and i < takes[0])
        else:
            offends = i < portion - said and not takes
        if offends and card not in shown:
            out.add(card)
    return out


def test_the_cards_whose_showing_offends_are_those_the_law_names_on_every_input_of_the_box() -> None:
    checked = 0
    for args in exposable_box():
        got = exposable(*args)
        assert set(got) == by_the_law(*args) and len(got) == len(set(got)), args
        checked += 1
    assert checked > 10_000


def check_expose_box() -> Iterator[tuple[Any, ...]]:
    stock = STOCKS[0]
    for player, portion, said, takes, shown in product(PLAYERS, (4, 5), range(3), takes_of(stock), ((), (24,), (29,))):
        for card in (*stock, 0, -1, PACK_SIZE, "9S"):
            yield player, card, stock, portion, said, takes, shown, RS


def recorded_box() -> Iterator[tuple[Any, ...]]:
    for stock, player in product(STOCKS, PLAYERS):
        others = (0,)  # a card of no stock
        for cards in ((),) + tuple((c,) for c in stock + others) + tuple((a, b) for a in stock for b in stock):
            yield player, cards, stock, RS, f"{player}.exposed_stock"


BOXES = {"exposable": exposable_box, "check_expose": check_expose_box, "recorded_exposure": recorded_box}


def test_every_function_with_contracts_has_a_box() -> None:
    from verification.crosshair import contracts

    assert {c.function for c in contracts(("piquet_ref.deal.irregular.stock_exposure",))} == set(BOXES)


@pytest.mark.parametrize("function", sorted(BOXES))
def test_every_postcondition_holds_on_every_input_of_its_box(function: str) -> None:
    checked, failures = 0, []
    for args in BOXES[function]():
        try:
            bad = broken(stock_exposure, function, args)
        except PiquetError:  # a refusal of a value that is no card (check_card's code), which no postcondition speaks of
            continue
        if bad is None:
            continue
        checked += 1
        failures += [(args, b) for b in bad]
    assert checked > 100 and not failures, failures[:10]


def test_a_refused_showing_names_the_card_and_why() -> None:
    stock = STOCKS[0]
    cases: list[tuple[tuple[Any, ...], str]] = [
        (("younger", 24, stock, 5, 0, (5,), ()), "the elder has taken in"),
        (("elder", 28, stock, 5, 0, (), ()), "his own portion"),
        (("elder", 29, stock, 5, 0, (6,), ()), "he has taken it in"),
        (("elder", 29, stock, 5, 0, (5, 3), ()), "the younger has exchanged"),
        (("younger", 28, stock, 5, 1, (), ()), "the elder said he leaves it"),
        (("younger", 24, stock, 5, 0, (), (24,)), "he has shown it already"),
        (("younger", 0, stock, 5, 0, (), ()), "not a card of the stock"),
    ]
    for args, why in cases:
        with pytest.raises(PiquetError) as info:
            check_expose(*(*args, RS))
        assert info.value.code == "expose-stock-invalid" and info.value.law == 27
        assert why in str(info.value) and format_cards([args[1]], RS)[0] in str(info.value), (args, str(info.value))


PLANTED: tuple[tuple[str, Plant], ...] = (
    ("exposable", Plant("elder-after-the-youngers-exchange", "the elder may still show the younger's cards once the younger has exchanged",
                        "rest = () if len(takes) > 1 else", "rest = () if len(takes) > 2 else",
                        'player != "elder" or len(takes) < 2 or __return__ == ()')),
    ("exposable", Plant("younger-shows-the-cards-said-left", "the younger's showing of a card the elder said he leaves offends",
                        "rest = () if takes else stock[: portion - said_left]", "rest = () if takes else stock[:portion]",
                        "younger_offends_by_the_elders_portion_not_left(player, stock, portion, said_left, takes, shown, __return__)")),
    ("check_expose", Plant("any-stock-card-accepted", "any card of the stock may be shown as the adversary's",
                           "if card in exposable(player, stock, portion, said_left, takes, shown):", "if card in stock:",
                           "__return__ in exposable(player, stock, portion, said_left, takes, shown)")),
    ("recorded_exposure", Plant("record-own-portion-accepted", "a record may name a card of the player's own portion",
                                "theirs = stock[split[0] :] if player == \"elder\" else stock[: split[1]]", "theirs = stock",
                                "elder_recorded_showing_the_youngers_portion(player, stock, rs, __return__)")),
)


@pytest.mark.parametrize("function, bug", PLANTED, ids=[b.name for _, b in PLANTED])
def test_the_box_check_finds_each_bug_planted_in_the_stock_exposure(function: str, bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    plant(monkeypatch, stock_exposure, function, bug)
    caught: set[str] = set()
    for args in BOXES[function]():
        try:
            caught |= set(broken(stock_exposure, function, args) or ())
        except PiquetError:
            continue
    assert_caught(bug, caught)


def with_side(record: DealRecord, who: Player, side: PlayerRecord) -> DealRecord:
    return record._replace(elder=side) if who == "elder" else record._replace(younger=side)


def exposed(record: DealRecord, who: Player, cards: list[int]) -> DealRecord:
    """`record` with `who` having shown `cards` of his adversary's portion of the stock."""
    return with_side(record, who, record.player(who)._replace(exposed_stock=tuple(cards)))


@given(deal_records(), st.sampled_from(PLAYERS), st.data())
def test_a_card_of_the_stock_shown_takes_every_score_from_its_player_but_his_carte_blanche_and_none_from_his_adversary(
    data: Any, who: Player, draw: st.DataObject,
) -> None:
    """Law 27 with 000 §Scoring and Case XXI: the offender's cards still bar; his adversary scores as before; the
    adversary's waiver (law 44) gives the offender his scores back."""
    record = parse_record(data)
    if record.stock is None or record.player(who).take is not None or record.player(who).false_claim:
        return
    stock = record.stock
    theirs = stock[5:] if who == "elder" else stock[:5]
    cards = draw.draw(st.lists(st.sampled_from(theirs), min_size=1, max_size=2, unique=True))
    before, after = score_deal(record), score_deal(exposed(record, who, cards))
    i = PLAYERS.index(who)
    if before.reckons_nothing[1 - i] or before.reckons_nothing[i]:
        return
    assert after.reckons_nothing[i] and after.score(who).total == before.score(who).carte_blanche
    assert after.score(PLAYERS[1 - i]) == before.score(PLAYERS[1 - i]) and after.comparison == before.comparison
    waiver = record.player(PLAYERS[1 - i])._replace(waives_penalty=True)
    waived = exposed(with_side(record, PLAYERS[1 - i], waiver), who, cards)
    assert score_deal(waived).score(who) == before.score(who)


def test_recorded_exposure_refuses_a_card_named_twice_or_of_no_stock() -> None:
    for cards, why in (((24, 24), "named twice"), ((0,), "not a card of the stock"), ((30,), "own portion")):
        with pytest.raises(PiquetError) as info:
            recorded_exposure("younger", cards, STOCKS[0], RS, "younger.exposed_stock")
        assert info.value.code == "record-exposed-stock" and why in str(info.value)


CASES = Path(__file__).resolve().parent.parent / "conformance" / "cases"


@pytest.mark.parametrize("waived", [False, True])
def test_replay_of_a_record_with_a_card_of_the_stock_shown_shows_it_and_scores_as_the_record(waived: bool, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """PQ-2Q9G5's record (the younger showed the nine of spades) replays the showing before the elder takes in, then,
    with the elder's waiver, his waiver before the first lead; the state reached scores as the record."""
    record_ = yaml.safe_load((CASES / "exchange" / "stock-card-shown-recorded.yaml").read_text(encoding="utf-8"))["input"]
    if waived:
        record_["elder"]["waives_penalty"] = True
    state, actions = actions_of_record(record_)
    assert actions[0] == ExposeStock("younger", parse_cards(["9S"], RS)[0]) and isinstance(actions[1], Exchange)
    assert (Elect("elder", "waive") in actions) == waived
    replayed, recorded = score_deal(record(run(state, tuple(actions)))), score_deal(record_)
    assert (replayed.elder, replayed.younger, replayed.reckons_nothing, replayed.tricks) == (recorded.elder, recorded.younger, recorded.reckons_nothing, recorded.tricks)
    assert replayed.reckons_nothing == (False, not waived)
    (tmp_path / "shown.yaml").write_text(yaml.safe_dump(record_), encoding="utf-8")
    assert main(["replay", str(tmp_path / "shown.yaml")]) == 0
    lines = capsys.readouterr().out.splitlines()
    shown = [line for line in lines if "portion of the stock" in line]
    assert len(shown) == 1 and "younger: shows 9S" in shown[0] and "(laws 27, 44)" in shown[0]
    assert sum("lets go the younger's penalty of reckoning nothing (law 44)" in line for line in lines) == waived
