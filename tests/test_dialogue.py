"""The calling dialogue (laws 46-51): an oracle written from the laws' text, and the machine checked against it.

`dialogue_holdings` says, from the two hands after the exchange, the elder's discard and what was said in
one category, which holdings each player is taken to declare. It is written straight from the laws with
cards as text and plain lists (pips A 11, K Q J T 10, 9 8 7 their face), not from the machine's tables:
law 46 (a point by its number of cards; an equal number, or the younger's asking, brings the value),
law 48 (sequences by length and head, sets by number and rank; a head or rank left unnamed only when the
call is good against the cards), law 49 (a first call good against the cards reckons every holding of its
class; otherwise only holdings no better than the one called), law 51 (the younger may allow a call he
could beat), laws 52-54 (a call of something not held: void unless allowed good; allowed, put right to the
elder's best until the younger plays to the first trick; else a misnomer stands for what it misnames, any
other claim counts for nothing, and the elder reckons nothing that deal unless his hand and discard could
not hold the claim), law 55 (a claim allowed good, shown by the elder unasked before he plays a card, is
his correction; asked for, or shown after he has played, it is found out and can no longer be corrected).
tests/test_machine.py writes its record of a dialogue deal with it.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from piquet_ref import PiquetError, score_deal
from piquet_ref.hand.cards import PACK_SIZE, format_card, hand_of, parse_cards
from piquet_ref.machine.state import DealState, apply, irregular_actions, legal_actions, new_deal, replies, run
from piquet_ref.machine.actions import Action, Allow, AskShow, AskValue, AskWhich, Call, CallPoint, CallSequence, CallSet, CallValue, Correct, CorrectMiscall, Exchange, NameOut
from piquet_ref.machine.actions import Play, Reply, Revoke, Show
from tests.support import Held, RANKS, QUART, SETUP, example, after_exchange, refused
from tests.support import claim_allowed, claim_exempt, dialogue_holdings, points, worth
from tests.support import best, holdings, pips, rank, suit
from tests.support import maximal, sets, text, unbeatable

FEW = settings(max_examples=max(10, settings().max_examples // 8), deadline=None)


# --- worked dialogues on the deal of 000 §Example (elder 28, younger 23)


def test_five_cards_equal_then_forty_nine_good_as_in_cavendishs_deal() -> None:
    """000 §Example: the elder's five hearts make 49 against the younger's five diamonds making 48."""
    state = example(CallPoint("elder", 5), Reply("younger"))
    assert state.to_move == "elder" and legal_actions(state) == (CallValue("elder", 49),)
    state = apply(state, CallValue("elder", 49))
    assert legal_actions(state) == (Reply("younger"),)  # he holds nothing as good: no allowing (law 51)
    state = apply(state, Reply("younger"))
    assert replies(state)[0].status("elder") == "good" and state.calls[-2:] == (
        Call("elder", "point", (parse_cards("AH KH QH JH 8H".split()),)), Call("younger", "point", ()))


def test_the_younger_may_ask_the_value_only_holding_as_many_cards_and_asking_bars_a_longer_point() -> None:
    """Law 46 and Case I. The younger holds five diamonds: he may ask against four cards, and then may not count
    his five; as none of his four beats the value, his five are his answer, good against the four but barred."""
    state = example(CallPoint("elder", 4))
    assert set(legal_actions(state)) == {Reply("younger"), AskValue("younger"), Allow("younger"), CallPoint("elder", 5)}  # and law 50
    asked = run(state, (AskValue("younger"), CallValue("elder", 41), Reply("younger")))
    # the elder's best four hearts make 41 (A K Q J), as do the younger's best four diamonds (A Q J T); his five make 51
    assert replies(asked)[0].status("younger") == "good" and asked.calls[-1] == Call("younger", "point", (parse_cards("AD QD JD TD 7D".split()),))
    assert asked.point_barred  # the record marks it barred: it scores nothing (rule declare.barred)
    replied = apply(state, Reply("younger"))  # not good: five cards beat four, and he reckons his five
    assert replies(replied)[0].status("younger") == "good" and len(replied.calls[-1].holdings[0]) == 5
    with pytest.raises(PiquetError) as info:
        run(example(CallPoint("elder", 5), Reply("younger"), CallValue("elder", 49)), (AskValue("younger"),))
    assert info.value.code == "reply-out-of-turn"


def test_asking_is_refused_to_a_younger_short_of_the_cards_called() -> None:
    e, y = "AS KS QS JS TS 9S AH KH QH AD KD QD", "8S 7S JH TH 9H 8H JD TD 9D AC KC QC"
    from piquet_ref.hand.cards import hand_of
    from piquet_ref.machine.state import new_deal

    state = new_deal(hand_of(parse_cards(e.split())), hand_of(parse_cards(y.split())), parse_cards("7H 8D 7D JC TC 9C 8C 7C".split()))
    state = run(state, (Exchange("elder", parse_cards("AD".split()), 1), Exchange("younger", parse_cards("8S".split()), 1), CallPoint("elder", 6)))
    assert AskValue("younger") not in legal_actions(state)
    with pytest.raises(PiquetError) as info:
        apply(state, AskValue("younger"))
    assert (info.value.code, info.value.law) == ("ask-value-short", 46)


def test_a_head_left_unnamed_only_when_the_call_is_good_against_the_cards() -> None:
    """Law 48: the quart major in hearts is good against the cards (no quint is possible for the younger);
    the tierce to the king in spades is not."""
    state = example(CallPoint("elder", 5), Reply("younger"), CallValue("elder", 49), Reply("younger"))
    assert CallSequence("elder", 4, None) in legal_actions(state) and CallSequence("elder", 3, None) not in legal_actions(state)
    with pytest.raises(PiquetError) as info:
        apply(state, CallSequence("elder", 3, None))
    assert (info.value.code, info.value.law) == ("call-head-missing", 48)


def test_a_lower_first_call_bars_a_better_holding_unless_good_against_the_cards() -> None:
    """Law 49. The elder holds the quart major in hearts. A tierce to the king called first is not good
    against the cards: allowed good, it reckons itself alone (the quart shares its cards and is better).
    The quart called without its head is good against the cards and reckons every sequence held."""
    base = (CallPoint("elder", 5), Reply("younger"), CallValue("elder", 49), Reply("younger"))
    lower = example(*base, CallSequence("elder", 3, RANKS.index("K")))
    assert Allow("younger") in legal_actions(lower)  # the younger's tierce major in clubs beats it
    assert replies(apply(lower, Reply("younger")))[1].status("younger") == "good"
    allowed = apply(lower, Allow("younger"))
    assert allowed.calls[-2:] == (Call("elder", "sequences", (parse_cards("KH QH JH".split()),)), Call("younger", "sequences", ()))
    good = example(*base, CallSequence("elder", 4, None), Reply("younger"))
    assert good.calls[-2].holdings == (parse_cards("AH KH QH JH".split()),)


def test_the_elder_may_amend_a_smaller_call_before_the_reply_and_only_to_a_larger_one() -> None:
    """Law 50: four cards amended to five before the younger answers; not to three, and not after the answer."""
    state = example(CallPoint("elder", 4))
    assert CallPoint("elder", 5) in legal_actions(state) and CallPoint("elder", 3) not in legal_actions(state)
    amended = apply(state, CallPoint("elder", 5))
    assert amended.talk == (CallPoint("elder", 5),) and amended.to_move == "younger"
    with pytest.raises(PiquetError) as info:
        apply(state, CallPoint("elder", 3))
    assert (info.value.code, info.value.law) == ("amend-not-larger", 50)
    with pytest.raises(PiquetError) as info:
        run(state, (AskValue("younger"), CallPoint("elder", 5)))
    assert info.value.code == "call-out-of-turn"


def test_the_younger_may_correct_an_allowing_until_the_elders_next_call() -> None:
    """Law 51: the younger allows five cards good holding five diamonds, then corrects: the reply is equal and
    the elder says what his make. Once the elder has called again, the correction is too late."""
    allowed = example(CallPoint("elder", 5), Allow("younger"))
    assert legal_actions(allowed)[-1] == Correct("younger") and allowed.category == "sequences"
    corrected = apply(allowed, Correct("younger"))
    assert corrected.category == "point" and corrected.to_move == "elder" and legal_actions(corrected) == (CallValue("elder", 49),)
    later = apply(allowed, CallSequence("elder", 4, RANKS.index("A")))
    with pytest.raises(PiquetError) as info:
        apply(later, Correct("younger"))
    assert (info.value.code, info.value.law) == ("correction-too-late", 51)


def test_after_the_point_the_elder_calls_his_trio_before_his_quart_and_the_replies_are_the_books() -> None:
    """Law 47: after his point the elder may open sequences or sets; called the other way round, the three knaves are
    still not good (the younger's four tens) and the quart major good, as in 000 §EXAMPLE."""
    point = example(CallPoint("elder", 5), AskValue("younger"), CallValue("elder", 49), Reply("younger"))
    assert {CallSequence("elder", 4, RANKS.index("A")), CallSet("elder", 3, RANKS.index("J"))} <= set(legal_actions(point))
    trio = apply(apply(point, CallSet("elder", 3, RANKS.index("J"))), Reply("younger"))
    assert trio.to_open == ("sequences",) and trio.category == "sequences"
    done = run(trio, QUART)
    assert done.phase == "play" and [(r.category, r.winner) for r in replies(done)] == [("point", "elder"), ("sequences", "elder"), ("sets", "younger")]
    with pytest.raises(PiquetError) as info:
        apply(trio, CallSet("elder", 3, RANKS.index("J")))
    assert info.value.code == "call-out-of-turn"


def test_an_elder_who_calls_his_quart_before_his_point_loses_it_and_the_youngers_five_diamonds_are_good() -> None:
    """Law 46: the elder's 49 in hearts would be good against the younger's 48 in diamonds; calling the quart first,
    he loses it: no point for him, the younger's is good unopposed, and the point can no longer be called."""
    lost = example(*QUART)
    assert lost.point_lost and lost.calls[:2] == (Call("elder", "point", ()), Call("younger", "point", (parse_cards("AD QD JD TD 7D".split()),)))
    assert replies(lost)[0].status("younger") == "good" and replies(lost)[0].status("elder") == "none"
    assert CallPoint("elder", 5) not in legal_actions(lost)
    assert QUART[0] in irregular_actions(example()) and QUART[0] not in legal_actions(example())  # an irregularity, not a call the laws allow
    with pytest.raises(PiquetError) as info:
        apply(lost, CallPoint("elder", 5))
    assert (info.value.code, info.value.law) == ("call-out-of-turn", 46)


# --- a call of something not held (laws 52-54), on the same deal: the elder's hand is AS JS 9S 8S, AH KH QH
# JH 8H, JC 9C, KD; he put out KS 8C 7C 9D 8D. The younger holds five diamonds making 48 and four tens.


def test_six_cards_called_holding_five_is_an_irregularity_answered_as_called_and_void_when_found_out() -> None:
    """Law 54: no suit of his hand and discard holds six, so the claim is exempt; replied good (the younger's
    longest is five), it counts for nothing and the younger reckons his five diamonds."""
    from piquet_ref.machine.state import irregular_actions

    state = example()
    assert CallPoint("elder", 6) in irregular_actions(state) and CallPoint("elder", 6) not in legal_actions(state)
    called = apply(state, CallPoint("elder", 6))
    assert set(legal_actions(called)) == {Reply("younger"), CallPoint("elder", 5)} | {CallPoint("elder", n) for n in range(1, 5)}
    replied = apply(called, Reply("younger"))
    assert [c.exempt for c in replied.claims] == [True] and replied.reckons_nothing == (False, False)
    assert replied.calls == (Call("elder", "point", ()), Call("younger", "point", (parse_cards("AD QD JD TD 7D".split()),)))


def test_three_kings_allowed_and_not_held_cost_the_elder_the_deal_unless_corrected_before_the_younger_plays() -> None:
    """Laws 52, 54 and Case II: he holds KH KD and put out KS, so the claim is neither impossible nor a misnomer.
    Uncorrected he reckons nothing and the younger his four tens and three queens; corrected (after his lead
    too), his three knaves are called and the younger's tens are good against them, without penalty."""
    from piquet_ref.machine.actions import CorrectMiscall, Play

    base = (CallPoint("elder", 5), Reply("younger"), CallValue("elder", 49), Reply("younger"), *QUART)
    allowed = example(*base, CallSet("elder", 3, RANKS.index("K")), Allow("younger"))
    tens_and_queens = (parse_cards("TS TH TD TC".split()), parse_cards("QS QD QC".split()))
    assert allowed.reckons_nothing == (True, False) and allowed.calls[-2:] == (Call("elder", "sets", ()), Call("younger", "sets", tens_and_queens))
    assert Correct("younger") not in legal_actions(allowed)  # law 51 concerns a correct call
    led = apply(allowed, Play("elder", parse_cards(["AH"])[0]))
    for state in (allowed, led):
        corrected = apply(state, CorrectMiscall("elder", "sets"))
        assert corrected.reckons_nothing == (False, False) and not corrected.claims
        assert corrected.calls[-2:] == (Call("elder", "sets", (parse_cards("JS JH JC".split()),)), Call("younger", "sets", tens_and_queens))
    played = apply(led, Play("younger", parse_cards(["TH"])[0]))
    assert CorrectMiscall("elder", "sets") not in legal_actions(played) and played.reckons_nothing == (True, False)
    with pytest.raises(PiquetError) as info:
        apply(played, CorrectMiscall("elder", "sets"))
    assert (info.value.code, info.value.law) == ("miscall-not-open", 52)


def test_the_younger_alone_may_let_the_elders_penalty_go_once_it_is_incurred() -> None:
    """Laws 44 and 54 on the same claim: the penalty is incurred when the younger plays to the first trick with
    the claim standing; from then until the last card he, and not the elder, may waive it, once, and the elder
    reckons after all. Enforcing is the default and needs no action; before the younger's card the elder may
    still correct (law 52), so nothing can be waived."""
    from piquet_ref.machine.state import record
    from piquet_ref.machine.actions import Elect

    base = (CallPoint("elder", 5), Reply("younger"), CallValue("elder", 49), Reply("younger"), *QUART)
    allowed = example(*base, CallSet("elder", 3, RANKS.index("K")), Allow("younger"))
    led = apply(allowed, Play("elder", parse_cards(["AH"])[0]))
    played = apply(led, Play("younger", parse_cards(["TH"])[0]))
    waiver = Elect("younger", "waive")
    for state in (allowed, led):
        assert waiver not in legal_actions(state)
        with pytest.raises(PiquetError) as info:
            apply(state, waiver)
        assert (info.value.code, info.value.law) == ("option-not-offered", 44) and "may still correct his call of sets" in info.value.message
    assert waiver in legal_actions(played) and Elect("elder", "waive") not in legal_actions(played)
    with pytest.raises(PiquetError) as info:
        apply(played, Elect("elder", "waive"))
    assert info.value.code == "option-not-offered"
    waived = apply(played, waiver)
    assert played.reckons_nothing == (True, False) and waived.reckons_nothing == (False, False)
    assert waived.false_claims[0] and record(waived).elder.false_claim and record(waived).younger.waives_penalty
    assert waiver not in legal_actions(waived) and waived.to_move == played.to_move == "elder"  # the waiver plays no card: the elder, who won the trick, leads


# --- showing (law 55), on the same deal: the elder's point (49) and quart major are good; three kings called
# holding KH KD (KS put out) are a claim; the younger's four tens and three queens are good against three knaves.

def test_a_call_allowed_good_is_shown_on_request_the_younger_only_after_the_elders_lead() -> None:
    """Law 55: the elder may be asked at any time; the younger, whose tens are good, only once the elder has led;
    what was not allowed good or equal is never asked for, and a showing is made once."""
    from piquet_ref.machine.actions import Play

    base = (CallPoint("elder", 5), Reply("younger"), CallValue("elder", 49), Reply("younger"), *QUART)
    replied = example(*base, CallSet("elder", 3, RANKS.index("K")), Reply("younger"))
    assert AskShow("younger", "point") in legal_actions(replied) and AskShow("elder", "sets") not in legal_actions(replied)
    shown = apply(replied, AskShow("younger", "point"))
    assert shown.showings == (("elder", "point"),) and shown.calls == replied.calls and AskShow("younger", "point") not in legal_actions(shown)
    for refused, code in ((AskShow("elder", "sets"), "show-too-early"), (AskShow("younger", "sets"), "show-nothing-allowed"), (Show("younger", "point"), "show-nothing-allowed")):
        with pytest.raises(PiquetError) as info:
            apply(replied, refused)
        assert (info.value.code, info.value.law) == (code, 55)
    led = apply(replied, Play("elder", parse_cards(["AH"])[0]))
    assert apply(led, AskShow("elder", "sets")).showings == (("younger", "sets"),)


def test_a_claim_shown_unasked_before_the_lead_is_corrected_and_asked_for_or_after_the_lead_is_found_out() -> None:
    """Laws 54, 55: the three kings allowed good and not held. Shown unasked before the elder plays a card they
    carry no penalty: his call is his three knaves, beaten by the tens. Shown when the younger asks, or unasked
    after the lead, they are found out: the elder reckons nothing and can no longer correct them."""
    from piquet_ref.machine.actions import Play

    base = (CallPoint("elder", 5), Reply("younger"), CallValue("elder", 49), Reply("younger"), *QUART)
    allowed = example(*base, CallSet("elder", 3, RANKS.index("K")), Allow("younger"))
    corrected = apply(allowed, Show("elder", "sets"))
    assert corrected.reckons_nothing == (False, False) and corrected.calls == apply(allowed, CorrectMiscall("elder", "sets")).calls
    led = apply(allowed, Play("elder", parse_cards(["AH"])[0]))
    for found in (apply(allowed, AskShow("younger", "sets")), apply(led, Show("elder", "sets"))):
        assert found.reckons_nothing == (True, False) and found.calls == allowed.calls
        assert CorrectMiscall("elder", "sets") not in legal_actions(found)
        with pytest.raises(PiquetError) as info:
            apply(found, CorrectMiscall("elder", "sets"))
        assert (info.value.code, info.value.law) == ("miscall-not-open", 52)


def test_a_showing_leaves_the_younger_free_to_correct_his_allowing() -> None:
    """Laws 51, 55: asking or showing is neither the elder's next call nor his lead."""
    allowed = example(CallPoint("elder", 5), Allow("younger"))
    for showing in (Show("elder", "point"), AskShow("younger", "point")):
        assert Correct("younger") in legal_actions(apply(allowed, showing))


def test_a_card_named_out_of_another_rank_is_named_in_card_notation_in_the_refusal() -> None:
    """Case VIII's naming of the card not reckoned, refused for a card of another rank: the message names
    the card as the player wrote it (KD), not as the reference's internal number."""
    import yaml

    from piquet_ref.protocol.serve import answer

    from verification.mutation import ROOT

    case = yaml.safe_load((ROOT / "conformance/cases/laws/dialogue-name-out-of-another-rank.yaml").read_text(encoding="utf-8"))
    response = answer({"cmd": "run", "seq": 0, "op": case["op"], "input": case["input"]})
    assert response is not None
    assert response["error"]["code"] == "declare-invalid"
    assert " names KD as the card " in response["error"]["message"]


def test_a_refusal_out_of_turn_says_what_the_speaker_is_to_say_instead() -> None:
    """The message of a word out of turn names what is due: the younger answers and never opens, the elder opens
    the category, says what his point makes, or names the card of a trio he does not reckon (laws 46, 47, Case VIII)."""
    start = example()
    assert "the younger answers; he does not call first" in refused(start, CallPoint("younger", 5))
    assert "the elder is to call a point" in refused(start, Reply("elder"))
    point = example(CallPoint("elder", 5), Reply("younger"))
    assert "is to say what his point makes" in refused(point, NameOut("elder", 0))
    asked = example(CallPoint("elder", 5), Reply("younger"), CallValue("elder", 49), Reply("younger"), CallSet("elder", 3, RANKS.index("K")), AskWhich("younger"))
    assert "is to name the card he does not reckon" in refused(asked, CallValue("elder", 30))
    assert f" names {format_card(0)} as the card " in refused(asked, NameOut("elder", 0))  # the lowest card number is a card too


def test_a_showing_refused_says_when_the_category_is_none() -> None:
    """Law 55's refusal names a category that does not exist as such, and a real one plainly."""
    from piquet_ref.machine.showing import check_show

    for category, no_category in (("bogus", True), ("point", False)):
        with pytest.raises(PiquetError) as caught:
            check_show(category, "elder", False, (), False)
        assert caught.value.code == "show-nothing-allowed" and ("which is no category" in str(caught.value)) == no_category


def test_a_call_out_of_turn_says_who_is_to_call_what() -> None:
    """Laws 46, 47: refused out of turn, a call is answered with what is due: the elder's opening (his point
    first), or the younger's call in the category the elder has just called."""
    opening = refused(example(), Call("younger", "point", ()))
    assert "the elder is to open point" in opening and "his point first (law 46)" in opening
    answer = refused(example(Call("elder", "point", ())), Call("elder", "sequences", ()))
    assert "but the younger is to call point: the elder calls first in each category" in answer


def test_a_correction_refused_says_whether_the_window_closed_or_nothing_stood_to_correct() -> None:
    """Law 52: a claim allowed good may be corrected until the younger plays to the first trick; the refusal
    says which of the two stood in the way."""
    base = (CallPoint("elder", 5), Reply("younger"), CallValue("elder", 49), Reply("younger"), *QUART)
    allowed = example(*base, CallSet("elder", 3, RANKS.index("K")), Allow("younger"))
    led = apply(allowed, Play("elder", parse_cards(["AH"])[0]))
    played = apply(led, next(a for a in legal_actions(led) if isinstance(a, Play) and a.player == "younger"))
    assert "but the younger has played to the first trick" in refused(played, CorrectMiscall("elder", "sets"))
    assert "but no call of something not held stands allowed good" in refused(example(*base), CorrectMiscall("elder", "sets"))
    assert "but no call of something not held stands allowed good" in refused(allowed, CorrectMiscall("elder", "point"))  # a claim stands, elsewhere


def test_a_correction_of_a_reply_refused_says_who_may_correct_and_when() -> None:
    """Law 51: only the younger corrects his reply, and only the allowing he has just made."""
    assert "only the younger corrects his reply" in refused(example(CallPoint("elder", 5), Allow("younger")), Correct("elder"))
    assert "he has allowed nothing, or the elder has called or led since" in refused(example(), Correct("younger"))


def test_a_carte_blanche_refused_names_exactly_the_court_cards_of_the_dealt_hand() -> None:
    """Law 18, rule carte-blanche.definition (a hand without king, queen or knave): the refusal names the courts that spoil it,
    and no other card."""
    from piquet_ref.hand.cards import cards_of, hand_of
    from piquet_ref.machine.state import new_deal
    from piquet_ref.machine.actions import ShowBlanche

    e, y, stock = (parse_cards(t.split()) for t in SETUP)
    message = refused(new_deal(hand_of(e), hand_of(y), stock), ShowBlanche("elder"))
    courts = [format_card(c) for c in cards_of(hand_of(e)) if RANKS[c & 7] in "KQJ"]
    assert courts and message.endswith(f"his dealt hand holds {' '.join(courts)}")



# --- what a call allowed good lets the elder reckon (law 49; 000 §Calling), against the record scorer


def test_a_tierce_minor_called_first_reckons_two_tierce_minors_but_not_the_quart() -> None:
    """000 §Calling: holding a quart minor and a tierce minor, the elder who first calls a tierce minor, admitted
    good, reckons two tierce minors (one out of the quart) and not the quart: 6, whichever suit holds the quart."""
    for quart, tierce in (("S", "H"), ("H", "S")):
        elder = f"T{quart} 9{quart} 8{quart} 7{quart} 9{tierce} 8{tierce} 7{tierce} AD QD JC 9C 7C"
        younger = f"A{tierce} K{tierce} J{tierce} A{quart} K{quart} Q{quart} J{quart} KD JD TD AC KC"
        stock = f"Q{tierce} T{tierce} TC 8D 9D 7D QC 8C"
        state = new_deal(hand_of(parse_cards(elder.split())), hand_of(parse_cards(younger.split())), parse_cards(stock.split()))
        state = run(state, (Exchange("elder", parse_cards(["AD"]), 1), Exchange("younger", parse_cards([f"A{tierce}"]), 1),
                            Call("elder", "point", ())))
        state = apply(state, next(a for a in legal_actions(state) if isinstance(a, Call) and a.player == "younger"))
        state = run(state, (CallSequence("elder", 3, RANKS.index("9")), Allow("younger")))  # the younger's quint would beat it
        verdict = next(c for c in replies(state) if c.category == "sequences")
        assert (verdict.status("elder"), verdict.elder_points) == ("good", 6)
        assert sorted(map(len, state.calls[-2].holdings)) == [3, 3]


@st.composite
def decks_with_runs_and_sets(draw: st.DrawFn) -> list[int]:
    """A shuffled pack whose first twelve cards, the elder's, hold two to four runs or sets: runs of three to six
    cards of a suit, three or four cards of a rank that scores; the rest of his hand any cards."""
    chosen: list[int] = []
    for _ in range(draw(st.integers(2, 4))):
        if draw(st.booleans()):
            s, n = draw(st.integers(0, 3)), draw(st.integers(3, 6))
            top = draw(st.integers(n - 1, 7))
            block = [s * 8 + top - k for k in range(n)]
        else:
            r = RANKS.index(draw(st.sampled_from("TJQKA")))
            block = [s * 8 + r for s in draw(st.permutations(range(4)))[: draw(st.integers(3, 4))]]
        chosen += [c for c in block if c not in chosen]
    chosen = chosen[:12]
    return chosen + draw(st.permutations([c for c in range(PACK_SIZE) if c not in chosen]))


def allowed_call(state: DealState, category: str, data: st.DataObject) -> tuple[DealState, list[Action]]:
    """The elder's point sunk by a call of nothing (unless `category` is the point), then a call opening
    `category`, drawn from those the laws allow, which the younger allows good when he could beat or equal it and
    otherwise replies to; the elder says what his point makes when asked to, any value his points of that many
    make. Returns the state and what was said in the category."""
    if category != "point":
        state = apply(state, Call("elder", "point", ()))
        state = apply(state, next(a for a in legal_actions(state) if isinstance(a, Call) and a.player == "younger"))
    opening = {"point": CallPoint, "sequences": CallSequence, "sets": CallSet}[category]
    opens = [a for a in legal_actions(state) if isinstance(a, opening) and a.player == "elder"]
    assume(opens)  # he holds something in the category
    said: list[Action] = [data.draw(st.sampled_from(opens))]
    state = apply(state, said[0])
    while state.talk:
        acts = legal_actions(state)
        values = [a for a in acts if isinstance(a, CallValue)]
        said.append(Allow("younger") if Allow("younger") in acts else data.draw(st.sampled_from(values)) if values else Reply("younger"))
        state = apply(state, said[-1])
    return state, said


def lets_him_declare(category: str, elder: Held, discard: Held, said: list[Action]) -> list[list[Held]]:
    """Every declaration of `category` the laws let the elder make after `said`, allowed good, read from the text
    with the oracle's own cards: the point called, of the number of cards called (and what it makes, when said);
    after a sequence or set good against the cards every one he holds (law 49); else, beside the call, holdings equal
    to it or lower (000 §Calling), at most one out of each run or rank he holds (ambiguity calling.lower-first)."""
    opening = said[0]
    if isinstance(opening, CallPoint):
        made = [a.value for a in said if isinstance(a, CallValue)]
        return [[h] for h in points(elder) if len(h) == opening.cards and (not made or pips(h) == made[-1])]
    assert isinstance(opening, (CallSequence, CallSet))
    length, named = (opening.length, opening.head) if isinstance(opening, CallSequence) else (opening.count, opening.rank)
    fits = [h for h in holdings(category, elder) if len(h) == length and (named is None or max(rank(c) for c in h) == named)]
    mine = max(fits, key=lambda h: worth(category, h))  # a call by length or number alone is of the best it describes (law 48)
    call = worth(category, mine)
    if unbeatable(category, mine, elder, discard):
        return [maximal(category, elder)]
    options = []
    for whole in maximal(category, elder):
        parts = {worth(category, h): h for h in holdings(category, elder) if set(h) <= set(whole) and worth(category, h) <= call}
        options.append([None, *parts.values()])
    chosen = ([h for h in combo if h is not None] for combo in product(*options))
    return [c for c in chosen if any(worth(category, h) == call for h in c)]


@given(decks_with_runs_and_sets(), st.sampled_from(["point", "sequences", "sets"]), st.data())
def test_after_any_call_allowed_good_the_elder_reckons_what_the_record_scorer_gives_the_best_declaration_the_law_allows(
    deck: list[int], category: str, data: st.DataObject
) -> None:
    """Law 49 and 000 §Calling, for every call the dialogue allows: what the elder reckons in the category is the
    most `score_deal` gives him for any declaration the laws let him make after that call (`lets_him_declare`)."""
    exchanges = (Exchange("elder", (deck[11],), 1), Exchange("younger", (deck[23],), 1))
    state = new_deal(hand_of(deck[:12]), hand_of(deck[12:24]), tuple(deck[24:]))
    assume(exchanges[0] in legal_actions(state))  # no carte blanche to show first
    state = apply(state, exchanges[0])
    assume(exchanges[1] in legal_actions(state))
    state, said = allowed_call(apply(state, exchanges[1]), category, data)
    elder, younger, discard = after_exchange(deck, exchanges)
    verdict = next(c for c in replies(state) if c.category == category)
    assume(verdict.status("elder") == "good")

    def scored(declared: list[Held]) -> int:
        mine: dict[str, Any] = {"point": "none", "sequences": "none", "sets": "none"}
        mine[category] = [text(c) for c in declared[0]] if category == "point" else [[text(c) for c in h] for h in declared]
        record = {"elder": {"hand": [text(c) for c in elder], "declare": mine},
                  "younger": {"hand": [text(c) for c in younger], "declare": "none"}, "tricks": []}
        return int(getattr(score_deal(record).elder, category))

    assert verdict.elder_points == max(scored(d) for d in lets_him_declare(category, elder, discard, said))


def test_the_youngers_claims_are_listed_only_when_he_answers_a_call_stated_by_its_cards() -> None:
    """Laws 52-54 (reading calling.false-claim): answering the elder's point stated by its cards, the younger may
    claim a holding of his own he does not hold, one alone (each such call is among the irregular actions, none
    among the legal ones); before the calls, in the exchange, no claim is open."""
    deal = new_deal(hand_of(parse_cards("AS AH AC 7S 8S 9S 7H 8H 7D 8D 7C JC")),
                    hand_of(parse_cards("KS KH KC QS JS TS QH JH TH QD JD TD")), parse_cards("9H 9D 9C TC 8C AD KD QC"))
    exchanged = apply(apply(deal, Exchange("elder", tuple(parse_cards("7S")), 1)), Exchange("younger", tuple(parse_cards("TD")), 1))
    assert not [a for a in irregular_actions(deal) if isinstance(a, Call)]
    answering = apply(exchanged, Call("elder", "point", (tuple(parse_cards("AH 9H 8H 7H")),)))
    claims = [a for a in irregular_actions(answering) if isinstance(a, Call) and a.player == "younger"]
    held = answering.hands[1] if answering.hands else None
    assert claims and all(len(a.holdings) == 1 for a in claims) and not set(claims) & set(legal_actions(answering))
    assert held is not None and all(not all(held[c >> 3] >> (c & 7) & 1 for c in a.holdings[0]) for a in claims)
