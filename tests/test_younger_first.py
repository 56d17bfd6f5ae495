"""The younger who takes in before the elder has exchanged (law 29; reading exchange.younger-first).

Checked against definitions written here from the law, not from the code: the hands after such an exchange
(the younger takes from the top, the elder after him, no more than the cards left of his portion), which
exchanges the record and the machine accept, the election the elder makes at once, and the penalty: the younger
scores nothing but his carte blanche and his adversary scores as he would have, the elder's waiver (law 44)
giving the younger his scores. `resolve`'s postconditions hold on such records; the deciders' contracts are
checked on the machine's walks and boxes (tests/test_law_contracts.py).
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_ref.deal import scoring
from piquet_ref.hand.cards import cards_of, format_cards, hand_of, parse_cards
from piquet_ref.cli.main import main
from piquet_ref.rules.errors import PiquetError
from piquet_ref.machine.state import DealState, apply, irregular_actions, legal_actions, new_deal, record, run
from piquet_ref.machine.actions import Call, Elect, Exchange, ExposeStock, LayOut, Leave, ShowBlanche
from piquet_ref.deal.irregular.penalties import exchanged_first
from piquet_ref.cli.replay import actions_of_record
from piquet_ref.deal.record import parse_record
from piquet_ref.deal.scoring import score_deal
from piquet_ref.strategies import HAND_SIZE, RS, STOCK_SIZE, blanche_decks, dealt_decks

from verification.runtime import holds

PORTION = RS.exchange.elder_max  # the elder's five
YOUNGER_MOST = STOCK_SIZE - PORTION  # what the younger may lay out had the elder taken his five


def dealt(deck: list[int]) -> tuple[list[int], list[int], list[int]]:
    return deck[:HAND_SIZE], deck[HAND_SIZE : 2 * HAND_SIZE], deck[2 * HAND_SIZE :]


def start(deck: list[int]) -> DealState:
    e, y, stock = dealt(deck)
    return new_deal(hand_of(e), hand_of(y), tuple(stock), RS)


def by_the_law(deck: list[int], y_out: tuple[int, ...], j: int, e_out: tuple[int, ...], k: int) -> tuple[set[int], set[int]] | None:
    """Law 29 as read in exchange.younger-first, card by card: the younger, laying out one to three, takes the top `j`
    of the stock, at least one and no more than he laid out; the elder, laying out one up to the cards of his five
    the younger left him, takes the `k` cards after the younger's; None where the law so read refuses it."""
    e, y, stock = dealt(deck)
    if not (1 <= len(y_out) <= YOUNGER_MOST and 1 <= j <= len(y_out) and 1 <= len(e_out) <= PORTION - j and 0 <= k <= STOCK_SIZE - j):
        return None
    return set(e) - set(e_out) | set(stock[j : j + k]), set(y) - set(y_out) | set(stock[:j])


@settings(deadline=None)
@given(dealt_decks(), st.integers(0, 4), st.integers(-1, 5), st.integers(0, 6), st.integers(-1, 9), st.data())
def test_the_hands_after_the_younger_took_in_first_are_the_laws_and_every_other_exchange_is_refused(
    deck: list[int], y_n: int, j: int, e_n: int, k: int, data: st.DataObject,
) -> None:
    e, y, stock = dealt(deck)
    y_out = tuple(data.draw(st.permutations(y))[:y_n])
    e_out = tuple(data.draw(st.permutations(e))[:e_n])
    expected = by_the_law(deck, y_out, j, e_out, k)
    try:
        got = exchanged_first(hand_of(e), hand_of(y), (e_out, y_out), (k, j), tuple(stock), RS)
    except PiquetError as exc:
        assert expected is None, (exc.code, str(exc))
        assert exc.code in ("exchange-younger-count", "exchange-elder-count", "exchange-take-count", "record-took-in-first")
        return
    assert expected is not None and (set(cards_of(got[0])), set(cards_of(got[1]))) == expected


def first_record(deck: list[int], y_out: tuple[int, ...], j: int, e_out: tuple[int, ...], waived: bool) -> dict[str, Any]:
    e, y, stock = dealt(deck)
    younger: dict[str, Any] = {"dealt": format_cards(y), "discard": format_cards(y_out), "took_in_first": True}
    younger.update({"take": j} if j != len(y_out) else {})
    elder: dict[str, Any] = {"dealt": format_cards(e), "discard": format_cards(e_out)}
    elder.update({"waives_penalty": True} if waived else {})
    return {"elder": elder, "younger": younger, "stock": format_cards(stock)}


@settings(deadline=None)
@given(st.one_of(dealt_decks(), blanche_decks("younger")), st.integers(1, 3), st.data())
def test_taking_in_first_costs_the_younger_every_score_but_his_carte_blanche_and_leaves_the_elders_as_it_was(
    deck: list[int], y_n: int, data: st.DataObject,
) -> None:
    """Law 29 with 000 §Scoring and Case XXI: the younger's holdings still bar and save; the elder scores as he
    would have; the elder's waiver (law 44) gives the younger his scores, which the hands alone decide."""
    e, y, _ = dealt(deck)
    y_out = tuple(data.draw(st.permutations(y))[:y_n])
    j = data.draw(st.integers(1, y_n))
    e_out = tuple(data.draw(st.permutations(e))[: data.draw(st.integers(1, PORTION - j))])
    enforced, waived = (score_deal(first_record(deck, y_out, j, e_out, w)) for w in (False, True))
    holds(scoring, "resolve", (parse_record(first_record(deck, y_out, j, e_out, False)),))
    assert enforced.reckons_nothing == (False, True) and waived.reckons_nothing == (False, False)
    assert enforced.younger.total == enforced.younger.carte_blanche == waived.younger.carte_blanche
    assert enforced.elder == waived.elder and enforced.comparison == waived.comparison
    hands = by_the_law(deck, y_out, j, e_out, len(e_out))
    assert hands is not None and (set(cards_of(waived.hands[0])), set(cards_of(waived.hands[1]))) == hands
    if j == y_n and not any(waived.carte_blanche):  # twelve each: the hands after the exchange score alike
        as_hands = score_deal({"elder": {"hand": format_cards(sorted(hands[0]))}, "younger": {"hand": format_cards(sorted(hands[1]))}})
        assert (waived.elder, waived.younger, waived.comparison) == (as_hands.elder, as_hands.younger, as_hands.comparison)


def candidate_firsts(state: DealState) -> set[Exchange]:
    """Exchanges of the younger while the elder has still to exchange: every discard of up to four of his cards with
    every take from none to six, taken in or not announced."""
    y = cards_of(state.dealt[1])
    out = {Exchange("younger", d, t) for n in range(5) for d in combinations(y, n) for t in range(7) if n < 3 or t in (0, n, n + 1)}
    return out | {Exchange("younger", y[:2], 1, False)}


@settings(max_examples=max(10, settings().max_examples // 8), deadline=None)
@given(st.one_of(dealt_decks(), blanche_decks("younger"), blanche_decks("elder")), st.data())
def test_the_machine_accepts_a_younger_exchange_before_the_elders_exactly_as_the_law_reads_and_the_elder_then_elects(
    deck: list[int], data: st.DataObject,
) -> None:
    """Law 29 through the machine: the exchanges it accepts are the irregular ones it lists, those the law allows
    (1-3 laid out, 1 up to as many taken, announced); then only the elder's three elections; standing, he lays out
    and takes no more than the cards left of his five; the record marks the younger took in first."""
    state = start(deck)
    if state.blanche[1]:  # a carte blanche is shown before its holder exchanges (law 19)
        state = apply(state, ShowBlanche("younger"))
    accepted = set()
    for action in candidate_firsts(state):
        try:
            apply(state, action)
        except PiquetError as exc:
            assert exc.code in ("exchange-younger-count", "exchange-take-count", "exchange-out-of-turn", "exchange-unannounced-invalid", "card-duplicate"), exc.code
            continue
        accepted.add(action)
    lawful = {a for a in candidate_firsts(state) if 1 <= len(a.discard) <= YOUNGER_MOST and 1 <= a.take <= len(a.discard) and a.announced}
    assert accepted == lawful == {a for a in irregular_actions(state) if isinstance(a, Exchange) and a.player == "younger"} & candidate_firsts(state)
    first = data.draw(st.sampled_from(sorted(lawful, key=repr)))
    taken = apply(state, first)
    assert set(legal_actions(taken)) == {Elect("elder", c) for c in ("fresh_deal", "enforce", "waive")}
    assert taken.pending == ("elder", 29) and taken.took_first == (first.discard, first.take)
    choice = data.draw(st.sampled_from(("fresh_deal", "enforce", "waive")))
    elected = apply(taken, Elect("elder", choice))
    if choice == "fresh_deal":
        assert elected.phase == "void" and elected.void_law == 29 and legal_actions(elected) == ()
        return
    if elected.blanche[0]:
        elected = apply(elected, ShowBlanche("elder"))
    exchanges = {a for a in legal_actions(elected) if isinstance(a, Exchange)}
    e = cards_of(elected.dealt[0])
    assert exchanges == {Exchange("elder", d, n) for n in range(1, PORTION - first.take + 1) for d in combinations(e, n)}
    assert not any(isinstance(a, (Leave, LayOut)) or isinstance(a, ExposeStock) and a.player == "younger" for a in (*legal_actions(elected), *irregular_actions(elected)))
    irregular_takes = {a.take for a in irregular_actions(elected) if isinstance(a, Exchange) and a.player == "elder"}
    assert irregular_takes and max(irregular_takes) == len(elected.stock) - first.take  # at most the stock less what the younger took
    last = data.draw(st.sampled_from(sorted(exchanges, key=repr)))
    done = apply(elected, last)
    hands = by_the_law(deck, first.discard, first.take, last.discard, last.take)
    assert done.phase == "calls" and hands == (set(cards_of(done.hands[0])), set(cards_of(done.hands[1])))  # type: ignore[index]
    assert done.reckons_nothing == (False, choice == "enforce")
    calls = run(done, tuple(Call(p, c, ()) for c in ("point", "sequences", "sets") for p in ("elder", "younger")))
    assert record(calls).younger.took_in_first and score_deal(record(calls)).reckons_nothing == done.reckons_nothing


CASES = Path(__file__).resolve().parent.parent / "conformance" / "cases"


@pytest.mark.parametrize("name, waived", [("took-in-first-recorded", False), ("took-in-first-recorded-waived", True)])
def test_replay_of_a_record_where_the_younger_took_in_first_exchanges_him_first_and_scores_as_the_record(
    name: str, waived: bool, capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    """PQ-WTNCM's and PQ-CTR11's records: the younger's exchange, then the elder's election (law 29), then the elder's
    exchange of the cards left him; the state reached scores as the record, and the narration names law 29."""
    record_ = yaml.safe_load((CASES / "exchange" / f"{name}.yaml").read_text(encoding="utf-8"))["input"]
    state, actions = actions_of_record(record_)
    assert [type(a).__name__ + a.player for a in actions[:3]] == ["Exchangeyounger", "Electelder", "Exchangeelder"]
    assert actions[1] == Elect("elder", "waive" if waived else "enforce")
    replayed, recorded = score_deal(record(run(state, tuple(actions)))), score_deal(record_)
    assert (replayed.elder, replayed.younger, replayed.reckons_nothing, replayed.hands) == (recorded.elder, recorded.younger, recorded.reckons_nothing, recorded.hands)
    (tmp_path / "first.yaml").write_text(yaml.safe_dump(record_), encoding="utf-8")
    assert main(["replay", str(tmp_path / "first.yaml")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "younger: discards 7S 9H 7H, takes in 9S 8S KH, before the elder's exchange" in lines[1] and "(law 29)" in lines[1]
    assert "elder: elects " + ("waive" if waived else "enforce") + " (law 29)" in lines[2]
    assert "elder: discards KS 8C, takes in 9C KD" in lines[3]
    assert lines[-1 if waived else -2].startswith("end of the deal: elder 8, younger " + ("32" if waived else "0"))


def test_replay_of_a_fresh_deal_elected_under_law_29_names_that_law(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = yaml.safe_load((CASES / "laws" / "law-29-fresh-deal.yaml").read_text(encoding="utf-8"))["input"]
    (tmp_path / "fresh.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    assert main(["replay", str(tmp_path / "fresh.yaml")]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "the deal is void: a fresh deal (law 29)"


def test_the_elders_irregular_takes_reach_the_whole_stock_only_when_the_younger_took_none_first() -> None:
    """Laws 25-28: the elder's takes beyond the laws' arithmetic that apply accepts go up to the whole stock, less the
    cards the younger took in before him (law 29); with none taken first, up to all eight."""
    deal = new_deal(hand_of(range(12)), hand_of(range(12, 24)), tuple(range(24, 32)))
    takes = {a.take for a in irregular_actions(deal) if isinstance(a, Exchange) and a.player == "elder"}
    assert max(takes) == STOCK_SIZE and deal.mixed == 0


def test_the_younger_taking_in_first_takes_no_more_of_the_elders_portion_than_the_elder_said_he_leaves_him() -> None:
    """Law 29 with law 32: the elder, holding carte blanche, says he leaves four cards; the younger taking in before him
    takes at most the elder's five less the four said (reading exchange.younger-first): one card, however many he lays out."""
    deal = new_deal(hand_of(parse_cards("AS TS 9S 8S 7S AH TH 9H 8H 7H AD TD")),
                    hand_of(parse_cards("KS QS JS KH QH JH KD QD JD KC QC JC")), parse_cards("9D 8D 7D AC TC 9C 8C 7C"))
    said = apply(deal, Leave("elder", 4))
    firsts = [a for a in irregular_actions(said) if isinstance(a, Exchange) and a.player == "younger"]
    assert {a.take for a in firsts} == {1} and {len(a.discard) for a in firsts} == {1, 2, 3}
