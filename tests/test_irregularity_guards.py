"""The irregularities of the exchange and the play, pinned where the machine's walks leave them loose:
a hand short on the younger's side (laws 30, 57), a penalty waived by the adversary (law 44), the law an
excess take falls under (laws 28, 31, 35, 58), a card exposed in dealing (law 13), a revoke refused
(law 59 IV) and the refusals about the cards left (laws 36, 37), each refusal naming its reason.

Expected values come from the law text with plain card lists (tricks won by the suit led and the rank
order, a card exposed is the elder's or the stock's by membership), never from the module under test.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_ref import PiquetError, score_deal
from piquet_ref.hand.cards import format_card, hand_of, parse_cards
from piquet_ref.deal.counts import Position
from piquet_ref.rules.laws import law
from piquet_ref.machine.left_cards import check_mix, check_see_discard, check_see_left, election_open
from piquet_ref.rules.loader import default_ruleset
from piquet_ref.machine.state import new_deal
from piquet_ref.deal.irregular.misdeal import exposed_option
from piquet_ref.deal.irregular.penalties import offence
from piquet_ref.machine.revokes import after_revoke
from piquet_ref.rules.ruleset import PLAYERS
from piquet_ref.deal.accretion import cards_scores
from piquet_ref.strategies import PACK
from tests.support import examples

RS = default_ruleset()
RANKS = "789TJQKA"  # low to high, as the pack ranks them for play
SUITS = "SHDC"


def rank(card: str) -> int:
    return RANKS.index(card[0])


def play_out(elder: list[str], younger: list[str]) -> tuple[list[list[str]], int]:
    """A legal play to the end of the shorter hand, written from the rules of play: the leader leads his
    first card, the follower follows suit with his first card of it if he can, else plays his first card;
    the follower wins with a higher card of the suit led, and the winner leads. (tricks, elder's wins)"""
    hands = {"elder": list(elder), "younger": list(younger)}
    leader, tricks, elder_won = "elder", [], 0
    while hands["elder"] and hands["younger"]:
        follower = "younger" if leader == "elder" else "elder"
        lead = hands[leader][0]
        same = [c for c in hands[follower] if c[1] == lead[1]]
        follow = same[0] if same else hands[follower][0]
        hands[leader].remove(lead)
        hands[follower].remove(follow)
        tricks.append([lead, follow])
        winner = follower if follow[1] == lead[1] and rank(follow) > rank(lead) else leader
        elder_won += winner == "elder"
        leader = winner
    return tricks, elder_won


def deal_of(deck: list[int]) -> tuple[list[str], list[str], list[str]]:
    names = [format_card(c) for c in deck]
    return names[:12], names[12:24], names[24:]


decks = st.permutations(list(PACK))


@settings(max_examples=examples(40))
@given(decks)
def test_a_younger_short_of_a_card_concedes_the_elders_last_card_as_a_trick(deck: list[int]) -> None:
    """Law 30: the younger lays out three and takes two, so plays eleven cards; law 57: the deal ends after
    eleven tricks, and the elder's card that cannot be played to counts as his trick."""
    e, y, stock = deal_of(deck)
    after_e, after_y = e[3:] + stock[:3], y[3:] + stock[3:5]
    tricks, elder_won = play_out(after_e, after_y)
    assert len(tricks) == 11
    r = score_deal({"elder": {"dealt": e, "discard": e[:3]}, "younger": {"dealt": y, "discard": y[:3], "take": 2},
                    "stock": stock, "tricks": tricks})
    assert r.complete
    counted = (elder_won + 1, 11 - elder_won)
    for player, n in zip(PLAYERS, counted):
        assert (r.score(player).cards, r.score(player).capot) == cards_scores(n, RS), (player, counted)


@settings(max_examples=examples(20))
@given(decks, st.booleans())
def test_an_elder_holding_thirteen_reckons_nothing_unless_the_younger_waives_it(deck: list[int], younger_waives: bool) -> None:
    """Law 31: the elder lays out three and takes four, so holds thirteen and reckons nothing; law 44: the
    younger may waive that penalty. The elder's own waiver flag is about the younger's penalty, not his."""
    e, y, stock = deal_of(deck)
    after_e, after_y = e[3:] + stock[:4], y[3:] + stock[4:7]
    tricks, _ = play_out(after_e, after_y)
    r = score_deal({"elder": {"dealt": e, "discard": e[:3], "take": 4, "waives_penalty": not younger_waives},
                    "younger": {"dealt": y, "discard": y[:3], "waives_penalty": younger_waives},
                    "stock": stock, "tricks": tricks})
    assert r.reckons_nothing == (not younger_waives, False)


@pytest.mark.parametrize(
    ("player", "discarded", "take", "shift", "portion", "number"),
    [
        ("elder", 3, 6, 0, None, 28),  # a card past his five: the younger's portion (law 28)
        ("elder", 3, 4, 0, None, 31),  # within his five, more than he laid out (law 31)
        ("younger", 2, 3, 0, None, 35),  # the younger taking more than he laid out (law 35)
        ("elder", 3, 3, 1, None, 58),  # a hand of thirteen dealt, its excess not laid out: plays with more (law 58)
        ("elder", 3, 3, 0, None, None),
        ("elder", 4, 4, 0, 4, None),  # law 39's portion of four, within it: no offence
        ("elder", 4, 4, 0, 3, 28),  # past a portion cut to three
    ],
)
def test_an_excess_take_falls_under_its_law(player: Any, discarded: int, take: int, shift: int, portion: int | None, number: int | None) -> None:
    found = offence(player, discarded, take, RS, shift, portion)
    assert (found.number if found else None) == number


def test_an_excess_take_without_a_wrong_deal_is_no_shift() -> None:
    assert offence("elder", 3, 3, RS) is None
    assert offence("elder", 3, 4, RS) == law(31)


@settings(max_examples=examples(20))
@given(decks)
def test_a_card_exposed_in_dealing_gives_the_option_exactly_when_the_elders_or_the_stocks(deck: list[int]) -> None:
    """Law 13, over every card of the pack: the dealer's own card exposed gives nothing."""
    elder, stock = deck[:12], tuple(deck[24:])
    for c in PACK:
        assert exposed_option(hand_of(elder), stock, (c,)) == (c in elder or c in stock), format_card(c)


def test_a_deal_with_a_card_dealt_twice_is_refused_naming_it() -> None:
    deck = list(PACK)
    younger = deck[11:23]  # the elder's last card dealt to the younger as well
    with pytest.raises(PiquetError) as e:
        new_deal(hand_of(deck[:12]), hand_of(younger), tuple(deck[23:31]))  # twelve, twelve and eight, the last card of the pack missing
    assert e.value.code == "card-duplicate" and format_card(deck[11]) in str(e.value)


def position(elder: str, younger: str, leader: Any = "elder", lead: str | None = None) -> Position:
    return Position(hand_of(parse_cards(elder)), hand_of(parse_cards(younger)), leader, parse_cards(lead)[0] if lead else None)


@pytest.mark.parametrize(
    ("pos", "card", "code", "reason"),
    [
        (position("AS KS", "QH 7S", lead="AS"), "8H", "play-not-held", "does not hold"),
        (position("AS KS", "QH 7S"), "QH", "play-not-a-revoke", "a lead cannot be a revoke"),
        (position("AH KS", "QS 7H", lead="AH"), "7H", "play-not-a-revoke", "7H follows suit"),
        (position("AD KS", "QH 7C", lead="AD"), "QH", "play-not-a-revoke", "he holds no diamonds"),
    ],
)
def test_a_revoke_the_laws_refuse_names_why(pos: Position, card: str, code: str, reason: str) -> None:
    """Law 59 IV: a revoke is a card of another suit while holding the suit led; a card not held, a lead, a
    card of the suit led and any card of a player void in the suit led are no revoke."""
    with pytest.raises(PiquetError) as e:
        after_revoke(pos, parse_cards(card)[0], 0, RS)
    assert e.value.code == code and reason in str(e.value)


def test_a_revoke_with_another_suit_while_holding_the_suit_led_is_made() -> None:
    after = after_revoke(position("AS KS", "QH 7S", lead="AS"), parse_cards("QH")[0], 0, RS)
    assert after.leader == "elder" and after.lead is None


LEFT = parse_cards("8D 7D")


def test_the_younger_elects_on_the_cards_left_once_the_elder_has_led() -> None:
    led, not_led = position("AS", "KH", lead="AS"), position("AS", "KH")
    assert election_open(LEFT, 0, led, None)
    assert not election_open(LEFT, 0, not_led, None)
    assert not election_open(LEFT, 0, led, None, True)  # mixed with his discard: nothing left to see
    assert not election_open((), 0, led, None)


@pytest.mark.parametrize(
    ("player", "mixed", "elder_looked", "reason"),
    [
        ("elder", False, False, "they are the younger's"),
        ("younger", True, False, "mixed already"),
        ("younger", False, True, "the elder has seen them"),
    ],
)
def test_mixing_the_cards_left_the_laws_refuse_names_why(player: Any, mixed: bool, elder_looked: bool, reason: str) -> None:
    with pytest.raises(PiquetError) as e:
        check_mix(player, LEFT, mixed, elder_looked)
    assert e.value.code == "left-cards-mix-invalid" and reason in str(e.value)


@pytest.mark.parametrize(
    ("player", "mixed", "led", "seen", "reason"),
    [
        ("younger", True, True, False, "only the elder may"),
        ("elder", False, True, False, "no card left was mixed"),
        ("elder", True, False, False, "he has not led yet"),
        ("elder", True, True, True, "he has seen it already"),
    ],
)
def test_seeing_the_discard_the_laws_refuse_names_why(player: Any, mixed: bool, led: bool, seen: bool, reason: str) -> None:
    with pytest.raises(PiquetError) as e:
        check_see_discard(player, mixed, led, seen)
    assert e.value.code == "discard-not-open" and reason in str(e.value)


@pytest.mark.parametrize(
    ("player", "look", "open_", "election", "elder_looked", "reason"),
    [
        ("younger", True, False, None, False, "before the elder has led"),
        ("younger", True, False, True, False, "a second time"),
        ("elder", False, False, True, False, "the election is the younger's"),
        ("elder", True, False, True, True, "he has looked already"),
        ("elder", True, False, False, False, "the younger declined to look"),
        ("elder", True, False, None, False, "the younger has not elected to look"),
    ],
)
def test_looking_at_the_cards_left_the_laws_refuse_names_why(
    player: Any, look: bool, open_: bool, election: bool | None, elder_looked: bool, reason: str,
) -> None:
    with pytest.raises(PiquetError) as e:
        check_see_left(player, look, LEFT, open_, election, elder_looked)
    assert e.value.code == "left-cards-window" and reason in str(e.value)


def test_the_elder_looks_at_the_cards_left_after_the_younger_chose_to() -> None:
    check_see_left("elder", True, LEFT, False, True, False)
    check_see_left("younger", False, LEFT, True, None, False)


@pytest.mark.parametrize(("elder_take", "younger_take", "named"), [(9, 3, "the elder takes in 9 cards after discarding 3"),
                                                                    (3, 6, "the younger takes in 6 cards after discarding 2")])
def test_a_take_past_the_stock_names_the_players_own_discard(elder_take: int, younger_take: int, named: str) -> None:
    """Law 23: a player takes from the stock what it holds for him; the refusal names his own discard."""
    e, y, stock = deal_of(list(PACK))
    with pytest.raises(PiquetError) as err:
        score_deal({"elder": {"dealt": e, "discard": e[:3], "take": elder_take},
                    "younger": {"dealt": y, "discard": y[:2], "take": younger_take}, "stock": stock, "tricks": []})
    assert err.value.code == "exchange-take-count" and named in str(err.value)
