"""The deal as a state machine: properties of `apply` and `legal_actions` over random legal deals.

- any sequence of legal actions from a legal deal ends in a complete deal whose score is `score_deal`
  of the record the test writes itself from the actions taken (dealt hands, discards, calls, tricks);
- an illegal action raises a typed error and leaves the state as it was;
- `legal_actions` is exactly the set of actions `apply` accepts, found by trying every action of a
  broad candidate space (every player, every kind of action, cards of the whole pack) on sampled states.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from dataclasses import fields
from itertools import combinations
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from piquet_ref import PiquetError, parse_cards, score_deal
from piquet_ref.machine.calling import good_against_the_cards
from piquet_ref.cli.main import main
from piquet_ref.runner.corpus import load_cases
from piquet_ref.protocol.ops import run_op
from piquet_ref.deal.counts import after_ply, count_discards, count_play, legal_plies
from piquet_ref.hand.cards import BITS_PER_SUIT, card_of, cards_of, format_cards, hand_of
from piquet_ref.hand.declarations import DECL_CATEGORIES
from piquet_ref.hand.exchange import discard_limits
from piquet_ref.machine.state import showing_actions
from piquet_ref.machine.state import DealState, _is_claim, apply, declarations, implications, irregular_actions, legal_actions, new_deal, reckonings, record, replies, run
from piquet_ref.machine.left_cards import elder_may_look
from piquet_ref.machine.actions import Action, Allow, AskValue, AskWhich, Call, CallPoint, CallSequence, CallSet, CallValue, Correct, CorrectMiscall, Elect, Exchange, MixLeft, Play, Reply, Retake
from piquet_ref.machine.actions import ExposeStock
from piquet_ref.machine.actions import AskShow, ChangeLead, LayOut, LeadOutOfTurn, LeadSeveral, Leave, Overplay, NameOut, Revoke, SeeDiscard, SeeLeft, Show, ShowBlanche, TakeUp
from piquet_ref.rules.laws import ELECTIONS
from piquet_ref.machine.counts import count_actions
from piquet_ref.protocol.machine import action_json, action_of, legal_actions_json, state_json
from piquet_ref.cli.replay import actions_of_record
from piquet_ref.rules.ruleset import PLAYERS, Player, other
from piquet_ref.deal.result import DealResult

from tests.support import refused, after_exchange, declared_by_dialogue, false_claim_by_dialogue, standing_claims
from piquet_ref.strategies import HAND_SIZE, N_TRICKS, PACK, RS, STOCK_SIZE, blanche_decks, card_listish, dealt_decks, json_values

from verification.walks import opened, plies_through_the_machine, start, walks
from tests.support import implied_by

FEW = settings(max_examples=max(10, settings().max_examples // 8), deadline=None)
SOME = settings(max_examples=max(10, settings().max_examples // 4), deadline=None)


def waived(actions: tuple[Action, ...]) -> bool:
    """Whether the younger let go a penalty of the elder's (law 44)."""
    return Elect("younger", "waive") in actions


def record_from_actions(deck: list[int], actions: tuple[Action, ...]) -> dict[str, Any]:
    """The deal record written straight from the actions taken: what each player discarded and called (the
    holdings a dialogue declares by `test_dialogue.declared_by_dialogue`), and the cards played, paired into
    tricks (leader's card first). A younger who asked the value of fewer cards than the point he declares is
    barred from scoring it (law 46, Case I). A younger's take-up of the cards he left short unannounced (Case XIII) makes
    his take what he discarded (as far as the stock held cards for him); if the elder had led the suit of a
    card taken up to a trick the younger played another suit to, the cards from his play to the first such
    trick on are struck out (law 59 IV). A lead out of turn is struck out with the retake before any card is played to
    it; played to, it stands, and the record names its trick in `out_of_turn` (law 59 III). The cards of his
    adversary's portion of the stock a player showed are his `exposed_stock` (law 27). A younger who exchanged before
    the elder took in first (law 29)."""
    discards = {a.player: a.discard for a in actions if isinstance(a, Exchange)}
    takes = {a.player: a.take for a in actions if isinstance(a, Exchange)}
    waives = {a.player for a in actions if isinstance(a, Elect) and a.choice == "waive"}
    calls: dict[tuple[str, str], tuple[tuple[int, ...], ...]] = {(a.player, a.category): a.holdings for a in actions if isinstance(a, Call)}
    calls.update({k: tuple(v) for k, v in declared_by_dialogue(deck, actions).items()})
    calls.update({("elder", k): h for k, h in reckoned_late(actions).items()})
    silent = {a.category for a in actions if isinstance(a, Call) and a.player == "elder" and not a.holdings}  # nothing called, by cards (Case IV)
    by_cards: dict[tuple[str, str], tuple[tuple[int, ...], ...]] = {(a.player, a.category): a.holdings for a in actions if isinstance(a, Call)}  # the calls that name cards: the dialogue's name none
    unreckoned = [k for k in ("sequences", "sets") if k in silent and calls.get(("elder", k)) == () and implied_by(by_cards, k) and not calls.get(("younger", k))]
    calls.update({("elder", k): implied_by(by_cards, k) for k in ("sequences", "sets") if k in silent and calls.get(("elder", k)) == ()})
    played: list[int] = []
    first_revoke: int | None = None  # where in `played` the first revoke not yet retaken stands (law 59 IV)
    led_out: list[int] = []  # the tricks led out of turn (law 59 III)
    misled = False  # the last card played is a lead out of turn nothing has been played to
    for a in actions:
        if isinstance(a, Retake) and misled:
            played, led_out, misled = played[:-1], led_out[:-1], False
            continue
        if isinstance(a, Revoke) and first_revoke is None:
            first_revoke = len(played)
        if isinstance(a, LeadOutOfTurn):
            led_out.append(len(played) // 2)
        if isinstance(a, (Play, Revoke, LeadOutOfTurn)):
            played.append(a.card)
            misled = isinstance(a, LeadOutOfTurn)
        if isinstance(a, Retake):
            assert first_revoke is not None
            played, first_revoke = played[:first_revoke], None  # both take back every card from the revoke on; its lead stays led
            led_out = [t for t in led_out if t <= len(played) // 2]
        if isinstance(a, TakeUp):
            was, takes["younger"] = takes["younger"], min(len(discards["younger"]), STOCK_SIZE - takes["elder"])
            suits = {c >> 3 for c in deck[2 * HAND_SIZE + takes["elder"] + was : 2 * HAND_SIZE + takes["elder"] + takes["younger"]]}
            elder = set(deck[:HAND_SIZE]) - set(discards["elder"]) | set(deck[2 * HAND_SIZE : 2 * HAND_SIZE + takes["elder"]])
            cut = next((k + 1 for k in range(0, len(played) - 1, 2) if played[k] in elder and played[k] >> 3 in suits and played[k + 1] >> 3 != played[k] >> 3), None)
            if cut is not None:
                played, first_revoke = played[:cut], first_revoke if first_revoke is not None and first_revoke < cut else None
                led_out, misled = [t for t in led_out if t <= len(played) // 2], False
    asked = next((a.cards for a in reversed(actions) if isinstance(a, CallPoint)), None) if AskValue("younger") in actions else None
    out: dict[str, Any] = {}
    for i, who in enumerate(PLAYERS):
        point = calls.get((who, "point"), ())  # a category not yet called (a record taken midway) declares nothing
        out[who] = {
            "dealt": format_cards(cards_of(hand_of(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]))),  # canonical order, as a state keeps it
            "discard": format_cards(discards[who]),
            "declare": {
                "point": format_cards(point[0]) if point else "none",
                "sequences": [format_cards(h) for h in calls.get((who, "sequences"), ())],
                "sets": [format_cards(h) for h in calls.get((who, "sets"), ())],
            },
        }
        if takes[who] != len(discards[who]):
            out[who]["take"] = takes[who]
        if who in waives:
            out[who]["waives_penalty"] = True
        shown = [a.card for a in actions if isinstance(a, ExposeStock) and a.player == who]
        if shown:
            out[who]["exposed_stock"] = format_cards(shown)
        if who == "younger" and list(discards) == ["younger", "elder"]:  # he exchanged first (law 29)
            out[who]["took_in_first"] = True
        if who == "elder" and false_claim_by_dialogue(deck, actions):
            out[who]["false_claim"] = True
        if who == "younger" and asked is not None and point and len(point[0]) > asked:  # asked away, his longer point bars unscored (Case I)
            out[who]["barred"] = ["point"]
        if who == "elder" and unreckoned:  # declared by implication, not reckoned (Case IV, law 56)
            out[who]["barred"] = unreckoned
    out["stock"] = format_cards(deck[2 * HAND_SIZE :])
    out["tricks"] = [format_cards(played[k : k + 2]) for k in range(0, len(played) - 1, 2)]  # a trick under way is not yet in the record
    if any(t < len(played) // 2 for t in led_out):
        out["out_of_turn"] = [t for t in led_out if t < len(played) // 2]
    return out


def reckoned_late(actions: tuple[Action, ...]) -> dict[str, tuple[tuple[int, ...], ...]]:
    """The elder's calls in a category he had called already: his reckoning of what his calls declared by
    implication (law 56), category -> holdings."""
    seen: set[str] = set()
    out: dict[str, tuple[tuple[int, ...], ...]] = {}
    for a in actions:
        k = opened(a)
        if k is not None and isinstance(a, Call) and k in seen:
            out[k] = a.holdings
        seen |= {k} if k is not None else set()
    return out


@SOME
@given(walks())
def test_any_legal_sequence_reaches_a_complete_deal_scored_as_score_deal_scores_its_record(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    deck, actions, state = walk
    assert state.phase == "complete" and legal_actions(state) == ()
    result = score_deal(record_from_actions(deck, actions))
    assert result.complete
    assert scored(score_deal(record(state))) == scored(result)
    assert state.hands == result.hands
    assert tuple(c.status(p) for c in replies(state) for p in PLAYERS) == tuple(
        result.comparison.category(c).status(p) for c in DECL_CATEGORIES for p in PLAYERS
    )
    assert sum(isinstance(a, ShowBlanche) for a in actions) == sum(result.carte_blanche)


def worth(category: str, holding: tuple[int, ...]) -> tuple[int, int]:
    """What the laws compare a sequence or set by: its length, then its head or rank."""
    return len(holding), max(c & 7 for c in holding)


@SOME
@given(walks(implied_calls=True))
def test_holdings_the_elders_calls_imply_bar_the_youngers_lesser_ones_and_score_only_reckoned_in_time_or_objected_to(
    walk: tuple[list[int], tuple[Action, ...], DealState],
) -> None:
    """Case IV, law 56: where the elder called nothing in sequences or sets, the runs or sets the cards of his other
    calls form bar the younger's lesser holdings there, which score nothing; they score for the elder only when he
    reckoned them, which he can only before the younger plays to the first trick, or when the younger called
    something there (the elder objecting); and the deal scores as the record written from the actions."""
    deck, actions, state = walk
    result = score_deal(record(state))
    assert scored(result) == scored(score_deal(record_from_actions(deck, actions)))
    first_play = next((i for i, a in enumerate(actions) if isinstance(a, Play) and a.player == "younger"), len(actions))
    late = {i: a for i, a in enumerate(actions) if isinstance(a, Call) and a.player == "elder" and opened(a) in {opened(b) for b in actions[:i]}}
    assert all(i < first_play for i in late)
    first = {(a.player, a.category): a.holdings for a in reversed(actions) if isinstance(a, Call)}  # each player's first call there
    last: dict[tuple[str, str], tuple[tuple[int, ...], ...]] = {(a.player, a.category): a.holdings for a in actions if isinstance(a, Call)}
    younger = {a.category: a.holdings for a in actions if isinstance(a, Call) and a.player == "younger"}
    for k in ("sequences", "sets"):
        implied = implied_by(last, k) if first.get(("elder", k)) == () else ()
        if not implied or any(worth(k, h) >= max(worth(k, i) for i in implied) for h in younger.get(k, ())):
            continue
        assert getattr(result.younger, k) == 0
        reckoned = bool(younger.get(k)) or any(a.category == k for a in late.values())
        assert (getattr(result.elder, k) > 0) == reckoned, (k, implied, younger.get(k))


@SOME
@given(walks(claims=True))
def test_a_deal_with_calls_of_what_is_not_held_is_scored_as_score_deal_scores_the_record_the_laws_give(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    """Laws 52-54 through the machine: the record written from the actions by the oracle of tests/test_dialogue.py
    (what each declares, and whether the elder reckons nothing) scores as the machine's own record."""
    deck, actions, state = walk
    assert state.phase == "complete" and legal_actions(state) == ()
    assume(not implications(state))  # Case IV's holdings declared by implication: the oracle knows nothing of them (tested above)
    result = score_deal(record_from_actions(deck, actions))
    assert scored(score_deal(record(state))) == scored(result)
    assert result.reckons_nothing[0] == state.reckons_nothing[0] == (false_claim_by_dialogue(deck, actions) and not waived(actions))
    if state.reckons_nothing[0]:
        assert not any(e.player == "elder" for e in result.events if e.category != "carte_blanche")  # Case XXI: the blanche accrues first


@SOME
@given(walks(claims=True, showings=True))
def test_showings_are_of_calls_allowed_good_or_equal_once_the_younger_after_the_lead_and_score_as_the_laws_give(
    walk: tuple[list[int], tuple[Action, ...], DealState],
) -> None:
    """Law 55 through the machine: the record the oracle of tests/test_dialogue.py writes from the actions (a claim
    shown unasked before the elder's lead is corrected, one asked for or shown later found out) scores as the
    machine's own; each call is shown once, by a player whose call there the laws' comparison of the oracle's
    record finds good or equal, or whose claim stands allowed good; the younger, asked, only after the elder's lead."""
    deck, actions, state = walk
    result = score_deal(record_from_actions(deck, actions))
    assert scored(score_deal(record(state))) == scored(result)
    assert result.reckons_nothing[0] == state.reckons_nothing[0] == (false_claim_by_dialogue(deck, actions) and not waived(actions))
    shown = [(a.player if isinstance(a, Show) else other(a.player), a) for a in actions if isinstance(a, (AskShow, Show))]
    assert len({(who, a.category) for who, a in shown}) == len(shown) == len(state.showings)
    for who, a in shown:
        i = actions.index(a)
        if isinstance(a, AskShow) and who == "younger":
            assert any(isinstance(b, (Play, Revoke)) for b in actions[:i])
        if who == "elder" and a.category in standing_claims(deck, actions[:i]):
            continue  # the elder's claim allowed good, not held: shown, it is corrected or found out
        verdict = score_deal(record_from_actions(deck, actions[:i])).comparison.category(a.category).status(who)
        assert verdict in ("good", "equal") and a.category not in standing_claims(deck, actions[:i])


@SOME
@given(walks(point_lost=True))
def test_an_elder_who_opens_sequences_or_sets_before_his_point_loses_it_and_the_youngers_point_is_good_unopposed(
    walk: tuple[list[int], tuple[Action, ...], DealState],
) -> None:
    """Law 46 through the machine (reading `calling.point-not-first`): the record the oracle of tests/test_dialogue.py
    writes from the actions (no point for the elder, the younger's best point) scores as the machine's own."""
    deck, actions, state = walk
    assert state.phase == "complete" and state.point_lost and legal_actions(state) == ()
    result = score_deal(record_from_actions(deck, actions))
    assert scored(score_deal(record(state))) == scored(result)
    assert result.comparison.point.status("younger") == "good" and result.comparison.point.status("elder") == "none"


def calling_order_swapped(deck: list[int], actions: tuple[Action, ...]) -> tuple[tuple[Action, ...], tuple[str, ...]]:
    """The same deal with the elder's sequences and sets called in the other order (law 47): each category's
    actions (its calls, its dialogue, the younger's correction of an allowing in it, law 51) moved as a block;
    the showings left out (law 55: they score nothing where nothing not held is called). Also the order the
    original opened the categories in (the point not among them when the elder lost it, law 46)."""
    state = start(deck)
    blocks: dict[str, list[Action]] = {c: [] for c in DECL_CATEGORIES}
    before: list[Action] = []
    after: list[Action] = []
    opened: list[str] = []
    for a in actions:
        if isinstance(a, Correct):
            blocks[state.calls[-1].category].append(a)
        elif state.phase == "calls" and not isinstance(a, (AskShow, Show)):
            assert state.category is not None
            category = a.category if isinstance(a, Call) and a.player == "elder" and not len(state.calls) % 2 else state.category
            if isinstance(a, (CallSequence, CallSet)) and not state.talk:
                category = "sequences" if isinstance(a, CallSequence) else "sets"
            opened += [category] if category not in opened else []
            blocks[category].append(a)
        elif not isinstance(a, (AskShow, Show)):
            (before if state.phase in ("exchange", "option") else after).append(a)
        state = apply(state, a)
    first, second = opened[-2:]
    return tuple(before + blocks["point"] + blocks[second] + blocks[first] + after), tuple(opened)


@settings(SOME, suppress_health_check=[HealthCheck.filter_too_much])  # a third of walks imply a holding (Case IV) and are left out
@given(st.one_of(walks(), walks(point_lost=True)))
def test_the_score_of_a_deal_is_the_same_whatever_order_sequences_and_sets_are_called_in(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    """Law 47 with law 67: the order of calling is free after the point, the order of accretion is fixed; the deal
    replayed with sequences and sets called the other way round scores the same, with the same replies (the point
    lost or not, law 46)."""
    deck, actions, state = walk
    assume(not any(isinstance(a, Call) and a.player == "elder" and not a.holdings for a in actions))  # Case IV: what his calls imply depends on which categories he has called when (law 56)
    swapped, opened = calling_order_swapped(deck, actions)
    assert opened == (("point",) if not state.point_lost else ()) + opened[-2:] and set(opened[-2:]) == {"sequences", "sets"}
    again = run(start(deck), swapped)
    assert again.phase == "complete" and again.point_lost == state.point_lost
    assert tuple(c.category for c in again.calls if c.player == "elder")[1:] == opened[:-3:-1]
    assert scored(score_deal(record(again))) == scored(score_deal(record(state))) and replies(again) == replies(state)
    assert [e for e in score_deal(record(again)).events] == [e for e in score_deal(record(state)).events]


def scored(result: DealResult) -> tuple[object, ...]:
    """A scored deal but for which of two holdings of the same worth was declared (a point of the same
    length and pips in another suit, which the dialogue does not name): every score, verdict and trick."""
    return (result.elder, result.younger, result.comparison, result.carte_blanche, result.hands, result.tricks, result.complete, result.reckons_nothing)


def candidates(state: DealState) -> set[Action]:
    """A broad space of actions: every kind, by either player, with cards from the whole pack."""
    out: set[Action] = {ShowBlanche(p) for p in PLAYERS}
    out |= {Play(p, c) for p in PLAYERS for c in PACK} | {Revoke(p, c) for p in PLAYERS for c in PACK} | {LeadOutOfTurn(p, c) for p in PLAYERS for c in PACK}
    out |= {Retake(p) for p in PLAYERS} | {SeeLeft(p, look) for p in PLAYERS for look in (True, False)}
    out |= {MixLeft(p) for p in PLAYERS} | {SeeDiscard(p) for p in PLAYERS} | {TakeUp(p) for p in PLAYERS}
    out |= {ExposeStock(p, c) for p in PLAYERS for c in PACK}
    for i, p in enumerate(PLAYERS):
        held = cards_of(state.dealt[i])
        most = discard_limits(p, len(state.discards[0]) if i and state.discards else 0, RS)[1]
        mover = p == state.to_move and state.phase == "exchange"
        sizes = range(0, min(most, HAND_SIZE) + 2) if mover else range(0, 3)
        for k in sizes:
            for out_ in combinations(held, k):
                out.add(Exchange(p, out_, k))
        out |= {Exchange(p, held[:2], take) for take in (1, 3)} | {Exchange(p, held[:3], take, False) for take in range(5)}  # Case XIII
        out |= {Exchange(p, (held[0], c), 2) for c in state.stock[:2]}
    suits = [[card_of(s, b) for b in range(BITS_PER_SUIT)] for s in range(4)]
    for p in PLAYERS:
        for s in range(4):
            for n in range(1, BITS_PER_SUIT + 1):
                for cards in combinations(suits[s], n):
                    out.add(Call(p, "point", (cards,)))
                    if n >= 2 and cards == tuple(suits[s][b] for b in range(cards[0] & 7, (cards[0] & 7) - n, -1)):
                        out.add(Call(p, "sequences", (cards,)))
        for b in range(BITS_PER_SUIT):
            for n in (2, 3, 4):
                for chosen in combinations(range(4), n):
                    out.add(Call(p, "sets", (tuple(card_of(s, b) for s in chosen),)))
        for category in DECL_CATEGORIES:
            out.add(Call(p, category, ()))
        out.add(Call(p, "point", ((suits[0][7],), (suits[1][7],))))
        out |= {Reply(p), Allow(p), AskValue(p)}
        out |= {CallPoint(p, n) for n in range(0, 10)} | {CallValue(p, v) for v in range(0, 90)}
        out |= {CallSequence(p, n, h) for n in range(2, 10) for h in (None, *range(0, 9))}
        out |= {CallSet(p, n, r) for n in range(2, 6) for r in (None, *range(0, 9))}
        out |= {Elect(p, choice) for choice in ELECTIONS + ("redeal",)}
        out |= {CorrectMiscall(p, category) for category in DECL_CATEGORIES} | {AskWhich(p)} | {NameOut(p, c) for c in PACK}
        out |= {AskShow(p, category) for category in DECL_CATEGORIES} | {Show(p, category) for category in DECL_CATEGORIES}
    out |= {Overplay(p, c) for p in PLAYERS for c in PACK}
    if state.position is not None:
        for p in PLAYERS:
            held = cards_of(state.position.hand(p))
            away = [c for c in PACK if c not in held][:1]
            out |= {LeadSeveral(p, tuple(held[:n])) for n in (1, 2, 3)} | {LeadSeveral(p, (c, c)) for c in held[:1]} | {LeadSeveral(p, (*held[:1], *away))}
            out |= {ChangeLead(p, c, d) for c in state.laid for d in PACK}
    return out | set(legal_actions(state)) | set(irregular_actions(state)[::97])


@FEW
@given(st.one_of(
    walks(stop_anywhere=True), walks(stop_anywhere=True, claims=True), walks(stop_anywhere=True, claims=True, showings=True),
    walks(stop_anywhere=True, point_lost=True), walks(stop_anywhere=True, shortfall=True, revokes=True), walks(stop_anywhere=True, younger_claims=True),
    walks(stop_anywhere=True, implied_calls=True),
    walks(stop_anywhere=True, out_of_turn=True, revokes=True), walks(stop_anywhere=True, multiple_leads=True, revokes=True, out_of_turn=True),
    walks(stop_anywhere=True, irregular=True),
))
def test_legal_actions_are_exactly_the_candidates_apply_accepts(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    """Every candidate `apply` accepts is legal or irregular, but a multiple lead (law 59 II), which neither lists:
    that is accepted exactly when each of its cards, two or more and distinct, is a legal lead of its player."""
    _, _, state = walk
    accepted = set()
    for action in candidates(state):
        try:
            apply(state, action)
        except PiquetError:
            continue
        accepted.add(action)
    several = {a for a in candidates(state) if isinstance(a, LeadSeveral)}
    assert accepted - several == set(legal_actions(state)) | (set(irregular_actions(state)) & candidates(state))
    leads = set(legal_actions(state)) if state.position is not None and state.position.lead is None else set()
    assert accepted & several == {a for a in several if len(set(a.cards)) == len(a.cards) >= 2 and all(Play(a.player, c) in leads for c in a.cards)}
    assert not set(legal_actions(state)) & set(irregular_actions(state))


def claim_key(category: str, holding: tuple[int, ...]) -> tuple[int, int]:
    """What the laws compare holdings by: a point's cards, then its pips; a sequence's length, then its head; a
    quatorze's or trio's number, then its rank."""
    return len(holding), sum(RS.pack.ranks[c & 7].pips for c in holding) if category == "point" else max(c & 7 for c in holding)


def younger_penalty_by_actions(deck: list[int], actions: tuple[Action, ...]) -> bool:
    """Whether the younger reckons nothing that deal for a claim (laws 52-54, 44), from the actions alone: his call,
    in answer to the elder's call stated by its cards, of a holding with a card he does not hold, which beats the
    elder's call in its category as the laws compare them (allowed good), every card of it in his hand or his
    discard (else he could not have held it, and is exempt), neither corrected nor shown unasked before his first
    play, and the elder has not waived the penalty."""
    _, younger, _ = after_exchange(deck, actions)
    discard = next(a.discard for a in actions if isinstance(a, Exchange) and a.player == "younger")
    first_play = next((i for i, a in enumerate(actions) if isinstance(a, (Play, Revoke)) and a.player == "younger"), len(actions))
    for i, a in enumerate(actions):
        if not (isinstance(a, Call) and a.player == "younger" and a.holdings and not set(a.holdings[0]) <= set(younger)):
            continue
        made: dict[tuple[str, str], tuple[tuple[int, ...], ...]] = {("elder", c.category): c.holdings for c in actions[:i] if isinstance(c, Call) and c.player == "elder"}
        elder = made[("elder", a.category)] or implied_by(made, a.category)  # a category he called nothing in: what his calls imply (Case IV)
        allowed = claim_key(a.category, a.holdings[0]) > max((claim_key(a.category, h) for h in elder), default=(-1, -1))
        exempt = not set(a.holdings[0]) <= set(younger) | set(discard)
        put_right = any(isinstance(b, CorrectMiscall) and b.player == "younger" and b.category == a.category for b in actions[i:])
        put_right |= any(b == Show("younger", a.category) for b in actions[i:first_play])
        if allowed and not exempt and not put_right:
            return Elect("elder", "waive") not in actions
    return False


@SOME
@given(walks(younger_claims=True))
def test_the_younger_reckons_nothing_exactly_for_a_claim_allowed_good_left_uncorrected_that_he_could_have_held(
    walk: tuple[list[int], tuple[Action, ...], DealState],
) -> None:
    """Laws 52-54 for the younger, through the machine: the penalty of the oracle above, in the state, its record
    and the score; and the elder takes back his lead only after the younger's correction made once he had led,
    before the younger plays to it (law 52)."""
    deck, actions, state = walk
    penalty = younger_penalty_by_actions(deck, actions)
    assert state.reckons_nothing[1] == score_deal(record(state)).reckons_nothing[1] == penalty
    for i, a in enumerate(actions):
        if a == Retake("elder"):
            lead = max(k for k in range(i) if isinstance(actions[k], Play))
            assert actions[lead].player == "elder" and not any(isinstance(b, Play) and b.player == "younger" for b in actions[:lead])
            assert any(isinstance(b, (CorrectMiscall, Show)) and b.player == "younger" for b in actions[lead:i])


@SOME
@given(walks(stop_anywhere=True), st.data())
def test_an_illegal_action_raises_and_leaves_the_state_as_it_was(walk: tuple[list[int], tuple[Action, ...], DealState], data: st.DataObject) -> None:
    _, _, state = walk
    snapshot = [copy.deepcopy(getattr(state, f.name)) for f in fields(state) if f.name != "ruleset"]
    legal = set(legal_actions(state)) | set(irregular_actions(state))
    illegal = sorted((a for a in candidates(state) if a not in legal), key=repr)
    action = data.draw(st.sampled_from(illegal))
    with pytest.raises(PiquetError):
        apply(state, action)
    assert [getattr(state, f.name) for f in fields(state) if f.name != "ruleset"] == snapshot
    assert state.ruleset is RS


@FEW
@given(walks(), st.data())
def test_repeating_an_action_is_rejected_and_run_names_its_step(walk: tuple[list[int], tuple[Action, ...], DealState], data: st.DataObject) -> None:
    deck, actions, _ = walk
    k = data.draw(st.integers(0, len(actions) - 1))
    with pytest.raises(PiquetError) as info:
        run(start(deck), actions[: k + 1] + (actions[k],))
    assert info.value.step == k + 1
    assert run(start(deck), actions).phase == "complete"


# --- the protocol ops and the replay command, on Cavendish's worked deal (000 §Example: elder 28, younger 23)

EXAMPLE = Path(__file__).resolve().parent.parent / "piquet_ref" / "examples" / "cavendish-example.yaml"


def test_replay_narrates_cavendish_deal_step_by_step_and_ends_with_the_books_totals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLE)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "end of the deal: elder 28, younger 23"
    assert sum(line.startswith("     trick ") for line in lines) == N_TRICKS
    assert any("exchange.elder-limits (law 21)" in line for line in lines)


def test_replay_of_the_trio_called_before_the_quart_cites_each_call_under_its_own_category(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Law 47 in the replay: 000 §EXAMPLE with the sets called before the sequences still ends 28 to 23, and each
    opening is narrated with the rule of its own category; an opening before the point says the point is lost."""
    cases = Path(__file__).resolve().parent.parent / "conformance" / "cases" / "laws"
    for name in ("call-sets-before-sequences", "call-sequence-before-point"):
        (tmp_path / f"{name}.yaml").write_text(yaml.safe_dump(yaml.safe_load((cases / f"{name}.yaml").read_text())["input"]))
    assert main(["replay", str(tmp_path / "call-sets-before-sequences.yaml")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "end of the deal: elder 28, younger 23"
    assert any("says 3 of rank J -- sets.compare (law 64)" in line for line in lines)
    assert any("says a sequence of 4 to the A -- sequence.compare (law 63)" in line for line in lines)
    assert main(["replay", str(tmp_path / "call-sequence-before-point.yaml")]) == 0
    assert "he loses it, and the younger's point is good unopposed (law 46)" in capsys.readouterr().out


def replayed(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The lines `piquet-ref replay` prints for the input of the case laws/NAME.yaml."""
    case = Path(__file__).resolve().parent.parent / "conformance" / "cases" / "laws" / f"{name}.yaml"
    (tmp_path / "deal.yaml").write_text(yaml.safe_dump(yaml.safe_load(case.read_text(encoding="utf-8"))["input"]), encoding="utf-8")
    assert main(["replay", str(tmp_path / "deal.yaml")]) == 0
    return capsys.readouterr().out.splitlines()


def test_replay_of_a_record_with_a_trick_led_out_of_turn_leads_it_out_of_turn_and_scores_as_the_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Law 59 III: a record naming its first trick in out_of_turn is replayed with that lead made out of turn by the
    younger, the elder's ace playing to it, and ends with the record's score."""
    case = Path(__file__).resolve().parent.parent / "conformance" / "cases" / "play" / "lead-out-of-turn-stands-and-scores.yaml"
    record_ = yaml.safe_load(case.read_text(encoding="utf-8"))["input"]
    (tmp_path / "out-of-turn.yaml").write_text(yaml.safe_dump(record_), encoding="utf-8")
    assert main(["replay", str(tmp_path / "out-of-turn.yaml")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(". ", 1)[1].split(",")[0] for line in lines if "out of turn" in line] == ["younger: leads TH out of turn"]
    at = next(i for i, line in enumerate(lines) if "out of turn" in line)
    assert "elder: plays AH" in lines[at + 1] and lines[at + 2].strip() == "trick 1 to the elder" and "elder: leads KH" in lines[at + 3]
    assert lines[-1] == "the deal stops at the play, the elder to act"


def test_replay_of_case_i_says_after_the_reply_that_the_youngers_longer_point_bars_unscored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Law 46, Case I: the reply to the value names the younger's five good and the elder's four not good, and the
    line after it that his five, asked away, score nothing (rule declare.barred)."""
    lines = replayed("case-i-value-completes-the-call-asking-bars-the-five", tmp_path, capsys)
    at = next(i for i, line in enumerate(lines) if line.startswith("  5. younger: says reply"))
    assert "point: the younger's is good" in lines[at + 1] and "declare.barred" in lines[at + 2] and "law 46" in lines[at + 2]
    assert sum("declare.barred" in line for line in lines) == 1


def test_replay_of_case_iv_says_the_aces_are_declared_by_implication_and_names_the_elders_reckoning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Law 56, Case IV: once the calls are over, a line says the aces the elder's calls name bar unscored until he
    reckons them; his call of them after his lead is told as that reckoning, not as a call of the younger's."""
    lines = replayed("case-iv-reckoning-before-the-younger-plays", tmp_path, capsys)
    at = next(i for i, line in enumerate(lines) if line.startswith("  7. younger: calls sets: nothing"))
    assert "AS AH AD" in lines[at + 2] and "law 56" in lines[at + 2] and "declare.barred" in lines[at + 2]
    assert next(line for line in lines if line.startswith(" 10. elder:")).startswith(" 10. elder: reckons sets: AS AH AD")


def test_every_dealt_form_record_of_the_corpus_replays_through_the_machine_to_its_own_score() -> None:
    """`replay`'s reading of a record as actions: the elections its irregularities open (a wrong number dealt stood,
    laws 11, 13; penalties enforced or waived, laws 28, 29, 44), the younger declining to look at cards left (law 36),
    leads out of turn; only records with a claim not held or a holding barred, which hold too little to rebuild their
    calls, are refused (record-invalid)."""
    replayed = refused = 0
    for case in load_cases(Path(__file__).resolve().parent.parent / "conformance" / "cases"):
        data = case.data["input"]
        if case.op != "score_deal" or "expect" not in case.data or not isinstance(data, dict) or "stock" not in data:
            continue
        if any(data[p].get(k) for p in PLAYERS for k in ("false_claim", "barred")):
            with pytest.raises(PiquetError) as info:
                actions_of_record(data)
            assert info.value.code == "record-invalid"
            refused += 1
            continue
        state, actions = actions_of_record(data)
        got, want = score_deal(record(run(state, tuple(actions)))), score_deal(data)
        assert (got.elder, got.younger, got.reckons_nothing, got.hands, got.tricks) == (want.elder, want.younger, want.reckons_nothing, want.hands, want.tricks), case.id
        replayed += 1
    assert replayed > 100 and refused >= 4


def test_replay_stops_at_a_rejected_step_with_its_code_law_and_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    setup = {"elder": {"dealt": data["elder"]["dealt"]}, "younger": {"dealt": data["younger"]["dealt"]}, "stock": data["stock"]}
    bad = {**setup, "actions": [{"player": "younger", "action": "exchange", "discard": data["younger"]["discard"], "take": 0}]}
    (tmp_path / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    assert main(["replay", str(tmp_path / "bad.json")]) == 1
    assert "exchange-out-of-turn (law 24) at step 0" in capsys.readouterr().err


def test_replay_refuses_a_record_whose_claim_not_held_it_cannot_rebuild(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record with false_claim holds only what was declared, not the call of what was not held (law 54):
    the replay says so rather than narrate a deal scored without the penalty."""
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    (tmp_path / "ok.json").write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(tmp_path / "ok.json")]) == 0
    capsys.readouterr()
    data["elder"]["false_claim"] = True
    (tmp_path / "claim.json").write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(tmp_path / "claim.json")]) == 1
    assert "record-invalid" in capsys.readouterr().err


def test_replay_refuses_a_record_with_a_holding_barred_from_scoring(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record with barred says what was compared, not the calls that barred it (laws 46, 56): the replay refuses
    it rather than narrate a deal whose holdings score."""
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["younger"]["barred"] = ["sets"]
    (tmp_path / "barred.json").write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(tmp_path / "barred.json")]) == 1
    assert "record-invalid" in capsys.readouterr().err


def test_the_apply_and_legal_actions_ops_report_the_step_of_a_rejection() -> None:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    setup = {"elder": {"dealt": data["elder"]["dealt"]}, "younger": {"dealt": data["younger"]["dealt"]}, "stock": data["stock"]}
    elder = {"player": "elder", "action": "exchange", "discard": data["elder"]["discard"]}
    younger = {"player": "younger", "action": "exchange", "discard": data["younger"]["discard"]}
    for op in ("apply", "legal_actions"):
        with pytest.raises(PiquetError) as info:
            run_op(op, {**setup, "actions": [elder, elder]})
        assert (info.value.code, info.value.law, info.value.to_json()["step"]) == ("exchange-out-of-turn", 24, 1)
    after = run_op("apply", {**setup, "actions": [elder]})
    assert (after["phase"], after["to_move"], after["left"]) == ("exchange", "younger", 0)
    # law 22 and 34: the younger discards one card at least and at most the three the elder left: C(12,1) + C(12,2) + C(12,3)
    assert run_op("legal_actions", {**setup, "actions": [elder]})["count"] == 12 + 66 + 220
    assert run_op("apply", {**setup, "actions": [elder, younger]})["hands"]["younger"] == sorted_cards("TS QS TH AD QD JD TD 7D AC KC QC TC")


def sorted_cards(text: str) -> list[str]:
    return format_cards(cards_of(hand_of(parse_cards(text))))


def test_every_negative_case_in_laws_sits_beside_a_legal_twin_that_differs_from_its_step_on() -> None:
    """laws/NAME.yaml rejects the action at `step`; laws/NAME-ok.yaml is the same op whose actions agree
    with it before that step."""
    cases = {c.path.stem: c for c in load_cases(Path(__file__).resolve().parent.parent / "conformance" / "cases") if c.area == "laws"}
    negatives = [name for name, c in cases.items() if "expect_error" in c.data]
    assert negatives
    for name in negatives:
        case, twin = cases[name], cases.get(f"{name}-ok")
        assert twin is not None and "expect" in twin.data and twin.op == case.op == "apply", name
        step = case.data["expect_error"]["step"]
        bad, good = case.data["input"], twin.data["input"]
        assert bad["actions"][:step] == good["actions"][:step] and bad["actions"] != good["actions"], name
        assert {k: v for k, v in bad.items() if k != "actions"} == {k: v for k, v in good.items() if k != "actions"}, name


# --- the counts of the corpus (counts.py) agree with what legal_actions enumerates


@FEW
@given(walks(stop_anywhere=True), st.integers(1, 3))
def test_play_trees_walked_through_legal_actions_are_the_counts_of_count_play(walk: tuple[list[int], tuple[Action, ...], DealState], n: int) -> None:
    _, _, state = walk
    if state.phase != "play":
        return
    assert state.position is not None
    assert plies_through_the_machine(state, n)[0] == count_play(state.position, n).total
    done = not state.cards_left or state.left_election is False or state.elder_looked  # law 36 is over or never began
    if done and state.elder_has_led and not showing_actions(state):  # ... and nothing is or will be left to show (law 55): every action left is a card played
        assert count_actions(state, n).total == count_play(state.position, n).total


@FEW
@given(dealt_decks())
def test_exchanges_listed_by_legal_actions_are_the_counts_of_count_discards(deck: list[int]) -> None:
    """Per size of the elder's discard: his discards times the younger's then, as count_discards counts them."""
    state = shown(start(deck))
    count = count_discards(state.dealt[0], state.dealt[1], state.stock, RS)
    by_size: dict[int, list[Exchange]] = {}
    for a in legal_actions(state):
        if isinstance(a, Exchange):
            by_size.setdefault(len(a.discard), []).append(a)
    options = dict(count.younger)
    assert {k: len(v) * options[k] for k, v in by_size.items()} == dict(count.by_elder)
    for k, actions in by_size.items():
        assert len(legal_actions(shown(apply(state, actions[-1])))) == options[k]


def shown(state: DealState) -> DealState:
    """`state` with every carte blanche that may be shown now shown."""
    for action in legal_actions(state):
        if isinstance(action, ShowBlanche):
            state = apply(state, action)
    return state


# --- bad input: only typed errors, through the API and the protocol

JUNK = st.one_of(st.none(), st.booleans(), st.integers(-2, 40), st.text(max_size=4), st.sampled_from(["AH", "elder", "younger", "point"]))


def junk_actions() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.builds(ShowBlanche, JUNK),
        st.builds(Exchange, JUNK, st.one_of(JUNK, st.tuples(JUNK, JUNK)), JUNK),
        st.builds(Call, JUNK, JUNK, st.one_of(JUNK, st.tuples(st.tuples(JUNK)), st.tuples(JUNK))),
        st.builds(Play, JUNK, JUNK),
        st.builds(Revoke, JUNK, JUNK), st.builds(LeadOutOfTurn, JUNK, JUNK),
        st.builds(Retake, JUNK),
        st.builds(SeeLeft, JUNK, JUNK),
        st.builds(MixLeft, JUNK), st.builds(ExposeStock, JUNK, JUNK),
        st.builds(SeeDiscard, JUNK),
        st.builds(LayOut, JUNK, st.one_of(JUNK, st.tuples(JUNK, JUNK))), st.builds(Leave, JUNK, JUNK),
        st.builds(CallPoint, JUNK, JUNK), st.builds(CallValue, JUNK, JUNK), st.builds(CallSequence, JUNK, JUNK, JUNK),
        st.builds(CallSet, JUNK, JUNK, JUNK), st.builds(Reply, JUNK), st.builds(Allow, JUNK), st.builds(AskValue, JUNK),
        JUNK,
    )


@SOME
@given(walks(stop_anywhere=True), junk_actions())
def test_junk_actions_raise_only_typed_errors(walk: tuple[list[int], tuple[Action, ...], DealState], action: Any) -> None:
    _, _, state = walk
    try:
        apply(state, action)
    except PiquetError:
        pass


def junk_requests() -> st.SearchStrategy[Any]:
    setup = {"elder": {"dealt": "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D".split()},
             "younger": {"dealt": "TS 7S TH 9H 7H KC QC TC AD QD JD TD".split()}, "stock": "9S 8S KH 9C KD QS AC 7D".split()}
    action = st.fixed_dictionaries({}, optional={
        "player": st.one_of(st.sampled_from(PLAYERS), json_values()),
        "action": st.one_of(st.sampled_from(["carte_blanche", "exchange", "call", "play", "call_point", "call_value", "call_sequence",
                                             "call_set", "reply", "allow", "ask_value", "take_up"]), json_values()),
        "cards": json_values(), "value": json_values(), "length": json_values(), "head": json_values(), "count": json_values(), "rank": json_values(),
        "discard": card_listish(), "take": json_values(), "announced": json_values(), "category": st.one_of(st.sampled_from(DECL_CATEGORIES), json_values()),
        "holdings": st.one_of(st.lists(card_listish(), max_size=3), json_values()), "card": card_listish(),
    })
    return st.one_of(json_values(), st.lists(st.one_of(action, json_values()), max_size=4).map(lambda a: {**setup, "actions": a}))


@SOME
@given(junk_requests(), st.sampled_from(["apply", "legal_actions"]))
def test_junk_requests_to_the_ops_raise_only_typed_errors(request: Any, op: str) -> None:
    try:
        run_op(op, request)
    except PiquetError:
        pass


# --- good against the cards (laws 48-49)


@SOME
@given(walks())
def test_a_call_good_against_the_cards_is_good_whatever_the_adversary_calls(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    deck, actions, _ = walk
    state = start(deck)
    judged: dict[tuple[str, str], bool] = {}
    for action in actions:
        if isinstance(action, Call):
            judged[action.player, action.category] = good_against_the_cards(state, action)
        state = apply(state, action)
    for verdict in replies(state):
        for p in PLAYERS:
            if judged.get((p, verdict.category)):  # a category called through the dialogue: tests/test_dialogue.py
                assert verdict.status(p) == "good"


def test_cavendish_elders_point_of_49_in_hearts_is_good_against_the_cards() -> None:
    """000 §Example: the elder's five hearts making 49 (A K Q J 8): with the ten, nine and seven of hearts
    unseen, no five-card point of the other suits can reach it and no six-card point is possible."""
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    state = run(start_from(data), (Exchange("elder", parse_cards(data["elder"]["discard"]), 5), Exchange("younger", parse_cards(data["younger"]["discard"]), 3)))
    assert good_against_the_cards(state, Call("elder", "point", (parse_cards("AH KH QH JH 8H"),)))
    assert not good_against_the_cards(state, Call("elder", "point", (parse_cards("AH KH QH JH"),)))


def start_from(data: dict[str, Any]) -> DealState:
    return new_deal(hand_of(parse_cards(data["elder"]["dealt"])), hand_of(parse_cards(data["younger"]["dealt"])), parse_cards(data["stock"]), RS)


# --- irregular exchanges and their penalties (laws 25-35, 44, 57, 58; 000 §Scoring; Cases XIX, XXI)


def expected_options(action: Exchange, earlier: tuple[Action, ...]) -> tuple[str, ...]:
    """What the adversary may elect after `action`, `earlier` the actions before it, straight from the laws: a fresh
    deal besides the penalty when the younger takes in before the elder has exchanged (law 29), or when the elder
    takes past his five, less any the younger took in before him (law 28); enforcing or waiving the penalty of one who
    takes in more than he discards (laws 31, 35, 44); nothing after any other exchange (law 30: no penalty)."""
    before = [a for a in earlier if isinstance(a, Exchange)]
    if action.player == "younger" and not before:
        return ("fresh_deal", "enforce", "waive")
    if action.player == "elder" and action.take > 5 - (before[0].take if before else 0):
        return ("fresh_deal", "enforce", "waive")
    return ("enforce", "waive") if action.take > len(action.discard) else ()


@FEW
@given(walks(irregular=True))
def test_an_irregular_deal_played_out_is_scored_as_score_deal_scores_its_record(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    deck, actions, state = walk
    assert state.phase == "complete" and legal_actions(state) == irregular_actions(state) == ()
    assert state.hands is not None
    result = score_deal(record_from_actions(deck, actions))
    assert result.complete and scored(score_deal(record(state))) == scored(result) and state.hands == result.hands
    assert result.reckons_nothing == state.reckons_nothing
    assert len(state.tricks) == min(N_TRICKS, *(len(cards_of(h)) for h in state.hands))


@FEW
@given(walks(stop_anywhere=True, irregular=True))
def test_the_innocent_players_elections_are_legal_exactly_when_a_law_offers_them(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    deck, actions, state = walk
    before = start(deck)
    for i, action in enumerate(actions):
        assert action in legal_actions(before) or action in irregular_actions(before)
        after = apply(before, action)
        if isinstance(action, Exchange):
            offered = tuple(a.choice for a in legal_actions(after) if isinstance(a, Elect))
            assert offered == expected_options(action, actions[:i])
            assert all(a.player != action.player for a in legal_actions(after) if isinstance(a, Elect))
        before = after
    if state.phase != "option":  # no election but, in the play, the waiver of a card of the stock shown (laws 27, 44)
        waivers = {a for a in legal_actions(state) if isinstance(a, Elect)}
        assert all(a.choice == "waive" and state.phase == "play" and state.stock_exposed[1 - PLAYERS.index(a.player)] for a in waivers)
        for p in PLAYERS:
            if Elect(p, "waive") in waivers:
                continue
            with pytest.raises(PiquetError) as info:
                apply(state, Elect(p, "waive"))
            assert info.value.code in ("option-not-offered", "deal-over")


def with_election(actions: tuple[Action, ...], choice: str) -> tuple[Action, ...]:
    return tuple(Elect(a.player, choice) if isinstance(a, Elect) else a for a in actions)


def waiving(record: dict[str, Any]) -> dict[str, Any]:
    """The record with each player waiving his adversary's penalty, whether or not a waiver was drawn (law 44)."""
    return {**record, **{p: {**record[p], "waives_penalty": True} for p in PLAYERS}}


@FEW
@given(walks(irregular=True))
def test_a_penalised_player_scores_only_his_carte_blanche_and_his_adversary_scores_as_if_the_penalty_were_waived(
    walk: tuple[list[int], tuple[Action, ...], DealState],
) -> None:
    """000 §Scoring, law 58: the cards of a player who reckons nothing are good to bar, not to score; Case
    XXI: his carte blanche still scores. So enforcing the penalty takes every score from him but carte
    blanche and changes nothing of his adversary's, bonuses included, against the same deal waived."""
    deck, actions, _ = walk
    enforced = score_deal(record_from_actions(deck, with_election(actions, "enforce")))
    waived = score_deal(waiving(record_from_actions(deck, with_election(actions, "waive"))))
    assert not any(waived.reckons_nothing)
    for i, p in enumerate(PLAYERS):
        if enforced.reckons_nothing[i]:
            mine = enforced.score(p)._asdict()
            assert mine["total"] == mine["carte_blanche"] == waived.score(p).carte_blanche
            assert all(e.category == "carte_blanche" for e in enforced.events if e.player == p)
            if not enforced.reckons_nothing[1 - i]:
                assert enforced.score(PLAYERS[1 - i]) == waived.score(PLAYERS[1 - i])
        else:
            assert enforced.score(p) == waived.score(p)
    assert enforced.comparison == waived.comparison


@FEW
@given(walks(irregular=True))
def test_the_cards_count_every_trick_of_the_deal_and_a_card_that_cannot_be_played_to(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    """Laws 57 and 66, Case XIX: against a hand short of twelve the adversary counts his unplayed cards as
    tricks (up to twelve); a thirteenth card is no trick; the cards go to more than six, the capot to all twelve."""
    deck, actions, state = walk
    assert state.hands is not None
    waived = score_deal(waiving(record_from_actions(deck, with_election(actions, "waive"))))
    sizes = [len(cards_of(h)) for h in state.hands]
    played = len(state.tricks)
    won = [sum(t.winner == p for t in waived.tricks) for p in PLAYERS]
    for i, p in enumerate(PLAYERS):
        counted = won[i] + (min(N_TRICKS, won[i] + sizes[i] - played) - won[i] if sizes[1 - i] < HAND_SIZE else 0)
        assert waived.score(p).cards == (10 if counted > 6 else 0)
        assert waived.score(p).capot == (30 if counted == N_TRICKS else 0)


# --- a revoke made at the table and retaken (law 59 IV); the cards left in the stock (law 36)


@SOME
@given(walks(revokes=True))
def test_a_deal_with_revokes_found_and_retaken_is_scored_as_the_deal_the_retakes_leave(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    """The record is written from the actions with every card from a first revoke to its retake struck out."""
    deck, actions, state = walk
    assert state.phase == "complete" and state.revoke is None and legal_actions(state) == ()
    assert sum(isinstance(a, Revoke) for a in actions) >= sum(isinstance(a, Retake) for a in actions)
    assert scored(score_deal(record_from_actions(deck, actions))) == scored(score_deal(record(state)))


@SOME
@given(walks(revokes=True))
def test_a_retake_puts_the_play_back_as_it_stood_before_the_first_revoke_standing(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    """At each retake of the walk: the play is as the same deal with the revoke and all after it never played."""
    deck, actions, _ = walk
    first = None
    state = start(deck)
    for i, action in enumerate(actions):
        if isinstance(action, Revoke) and first is None:
            first = i
        if isinstance(action, Retake):
            assert first is not None
            revoker = actions[first].player
            assert action.player == revoker and state.revoke is not None
            assert Retake(revoker) in legal_actions(state) and Retake(other_player(revoker)) not in legal_actions(state)
            if state.played_out:  # the deal cannot end with a revoke standing: the retake is all that is left but showings (law 55)
                assert state.phase == "play" and state.to_move == revoker
                assert set(legal_actions(state)) - set(showing_actions(state)) == {Retake(revoker)}
            before = run(start(deck), actions[:first])  # the same deal with the revoke and all after it never played
            after = apply(state, action)
            assert (after.position, after.tricks, after.revoke) == (before.position, before.tricks, None)
            assert before.position is not None and before.position.lead is not None
            lead_suit = before.position.lead >> 3
            assert all(a.card >> 3 == lead_suit for a in legal_actions(after) if isinstance(a, Play))  # the revoker now follows suit
            with pytest.raises(PiquetError) as info:
                apply(after, Retake(revoker))
            assert info.value.code == "play-retake-not-open"
            first = None
        state = apply(state, action)


def other_player(player: Player) -> Player:
    return PLAYERS[1 - PLAYERS.index(player)]


# --- a lead out of turn (law 59 III)


@SOME
@given(walks(out_of_turn=True, revokes=True))
def test_a_deal_with_leads_out_of_turn_taken_back_or_standing_is_scored_as_score_deal_scores_its_record(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    """The record is written from the actions: a lead out of turn taken back is struck out, one played to is named
    in `out_of_turn` (and revokes are struck out from the first to its retake, as above)."""
    deck, actions, state = walk
    assert state.phase == "complete" and legal_actions(state) == ()
    assert scored(score_deal(record_from_actions(deck, actions))) == scored(score_deal(record(state)))


@SOME
@given(walks(stop_anywhere=True, out_of_turn=True))
def test_a_lead_out_of_turn_is_taken_back_by_either_player_until_played_to_and_then_stands_led_by_its_player(
    walk: tuple[list[int], tuple[Action, ...], DealState],
) -> None:
    """At each lead out of turn of the walk: either player's retake puts the play back as it stood before it, the
    player on lead to lead; every card the adversary may play to it makes it stand, a trick its player led, its
    winner on lead, and no retake is open any longer."""
    deck, actions, _ = walk
    state = start(deck)
    for action in actions:
        if isinstance(action, LeadOutOfTurn):
            assert state.position is not None and state.position.lead is None and action.player != state.to_move
            after = apply(state, action)
            assert after.to_move == state.to_move and not set(a for a in legal_actions(after) if isinstance(a, Retake)) ^ {Retake(p) for p in PLAYERS}
            for p in PLAYERS:
                back = apply(after, Retake(p))
                assert (back.position, back.tricks, back.out_of_turn, back.to_move) == (state.position, state.tricks, state.out_of_turn, state.to_move)
            for follow in (a for a in legal_actions(after) if isinstance(a, Play)):
                stood = apply(after, follow)
                assert stood.tricks == state.tricks + ((action.card, follow.card),) and not any(isinstance(a, Retake) for a in legal_actions(stood))
                trick = score_deal(record(stood)).tricks[-1]
                assert trick.leader == action.player and stood.to_move in (None, trick.winner)
                for p in PLAYERS:
                    with pytest.raises(PiquetError) as info:
                        apply(stood, Retake(p))
                    assert info.value.code == ("deal-over" if stood.phase == "complete" else "play-retake-not-open")  # the last trick ends the deal
                    assert stood.phase == "complete" or f"the lead out of turn of tricks[{len(state.tricks)}], but it was played to: it stands (law 59 III)" in str(info.value)
        state = apply(state, action)


def test_a_second_lead_out_of_turn_played_to_is_the_one_a_retake_is_refused_for() -> None:
    """Law 59 III: with two tricks led out of turn and played to, the retake refused names the last, which stands,
    not a revoke (there is none)."""
    from tests.support import EXCHANGED, NO_CALLS, card, cavendish_state

    first = run(cavendish_state(), (*EXCHANGED, *NO_CALLS, LeadOutOfTurn("younger", card("AD")), Play("elder", card("KD"))))
    assert first.out_of_turn == (0,) and first.to_move == "younger"
    lead = next(a for a in irregular_actions(first) if isinstance(a, LeadOutOfTurn))
    led = apply(first, lead)
    stood = apply(led, next(a for a in legal_actions(led) if isinstance(a, Play)))
    assert stood.out_of_turn == (0, 1) and stood.revoke is None
    for p in PLAYERS:
        with pytest.raises(PiquetError) as info:
            apply(stood, Retake(p))
        assert info.value.code == "play-retake-not-open" and "the lead out of turn of tricks[1], but it was played to: it stands (law 59 III)" in str(info.value)


@SOME
@given(walks())
def test_the_younger_elects_once_on_the_cards_left_between_the_elders_first_lead_and_his_own_first_play(
    walk: tuple[list[int], tuple[Action, ...], DealState],
) -> None:
    deck, actions, state = walk
    exchanges = [a for a in actions if isinstance(a, Exchange)]
    left = STOCK_SIZE - sum(a.take for a in exchanges)
    elections = [i for i, a in enumerate(actions) if isinstance(a, SeeLeft) and a.player == "younger"]
    first_lead = next(i for i, a in enumerate(actions) if isinstance(a, Play))
    first_reply = next(i for i, a in enumerate(actions) if isinstance(a, Play) and a.player == "younger")
    assert len(elections) == (1 if left else 0) and all(first_lead < e < first_reply for e in elections)
    before = actions[first_lead + 1: elections[0]] if elections else ()
    assert all(isinstance(a, Call) and a.player == "elder" for a in before)  # only the elder's reckonings (Case IV)
    looks = [i for i, a in enumerate(actions) if a == SeeLeft("elder", True)]
    assert len(looks) <= 1 and (not looks or actions[elections[0]] == SeeLeft("younger", True))
    assert all(a.look for a in actions if isinstance(a, SeeLeft) and a.player == "elder")
    if elections:
        window = run(start(deck), actions[: first_lead + 1])
        assert set(legal_actions(window)) == {SeeLeft("younger", True), SeeLeft("younger", False), *reckonings(window)}
        assert window.position is not None
        for card in cards_of(window.position.younger):
            with pytest.raises(PiquetError) as info:
                apply(window, Play("younger", card))
            assert info.value.code == "left-cards-undeclared"
        for early in (run(start(deck), actions[:first_lead]), apply(window, SeeLeft("younger", False))):
            with pytest.raises(PiquetError) as info:
                apply(early, SeeLeft("younger", True))
            assert info.value.code == "left-cards-window"


def with_one_look(pos: Any, k: int) -> int:
    """Sequences of `k` actions from `pos` when the elder may still look once at any point of the play: a card
    played (any legal ply) or the look, after which only cards are played (a deal played out counts once)."""
    plies = legal_plies(pos)
    if k == 0 or not plies:
        return 1
    return sum(with_one_look(after_ply(pos, c), k - 1) for c in plies) + count_play(pos, k - 1).total


@FEW
@given(walks(), st.integers(1, 3), st.data())
def test_once_the_younger_looks_the_elder_may_look_once_at_any_point_and_once_he_declines_neither_may(
    walk: tuple[list[int], tuple[Action, ...], DealState], n: int, data: st.DataObject,
) -> None:
    deck, actions, _ = walk
    in_play = [i for i in range(len(actions)) if isinstance(actions[i - 1], (Play, SeeLeft))]
    state = run(start(deck), actions[: data.draw(st.sampled_from(in_play))])  # a point of the play after the first lead
    if not state.cards_left:
        return
    if state.left_election_open:
        state = apply(state, SeeLeft("younger", True))
    while showing_actions(state) or reckonings(state):  # everything allowed shown (law 55) and reckoned (law 56, Case IV),
        state = apply(state, (showing_actions(state) or reckonings(state))[0])  # so every action but a look is a card played
    assert state.position is not None
    if state.left_election is False:
        assert count_actions(state, n).total == count_play(state.position, n).total
        with pytest.raises(PiquetError) as info:
            apply(state, SeeLeft("elder", True))
        assert info.value.code == "left-cards-window"
    elif not state.elder_looked:
        assert count_actions(state, n).total == with_one_look(state.position, n)
        looked = apply(state, SeeLeft("elder", True))
        assert looked.position == state.position and looked.to_move == state.to_move
        assert SeeLeft("elder", True) not in legal_actions(looked)


@SOME
@given(walks(revokes=True))
def test_cards_left_mixed_unshown_with_the_younger_discard_open_it_to_the_elder_once_he_has_led(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    """Law 37: after the mixing nothing is left to elect on or look at; the elder's seeing the discard is
    offered from his first lead until he has seen it, and never without the mixing."""
    deck, actions, final = walk
    mixes = [i for i, a in enumerate(actions) if isinstance(a, MixLeft)]
    sees = [i for i, a in enumerate(actions) if isinstance(a, SeeDiscard)]
    assert len(mixes) <= 1 and len(sees) <= len(mixes) and all(i > mixes[0] for i in sees)
    assert final.left_mixed == bool(mixes) and final.discard_seen == bool(sees)
    if not mixes:
        return
    assert all(not isinstance(a, SeeLeft) for a in actions[mixes[0]:])
    state = start(deck)
    for i, action in enumerate(actions):
        if i > mixes[0] and state.phase == "play" and not state.discard_seen:
            offered = SeeDiscard("elder") in legal_actions(state)
            assert offered == (bool(state.tricks) or state.position is not None and state.position.lead is not None)
        state = apply(state, action)
    assert scored(score_deal(record_from_actions(deck, actions))) == scored(score_deal(record(state)))


# --- the younger's unannounced shortfall taken up in the play (Case XIII)


@SOME
@given(walks(shortfall=True, revokes=True))
def test_a_deal_with_a_shortfall_left_unannounced_is_scored_as_score_deal_scores_the_record_of_the_take_up(
    walk: tuple[list[int], tuple[Action, ...], DealState],
) -> None:
    """Calls stand; once taken up the younger holds what he discarded, and a renounce in the suit of a card taken
    up is struck out with all after it (law 59 IV): the record written from the actions scores as the machine's."""
    deck, actions, state = walk
    assert state.phase == "complete" and legal_actions(state) == ()
    assert scored(score_deal(record_from_actions(deck, actions))) == scored(score_deal(record(state)))


@SOME
@given(walks(stop_anywhere=True, shortfall=True, revokes=True))
def test_a_take_up_gives_the_younger_the_cards_he_left_short_and_retakes_the_play_from_his_first_renounce_in_their_suit(
    walk: tuple[list[int], tuple[Action, ...], DealState],
) -> None:
    deck, actions, _ = walk
    state = start(deck)
    for action in actions:
        if isinstance(action, Exchange) and action.player == "younger" and not action.announced:
            elder_take = state.takes[0]
            short = deck[2 * HAND_SIZE + elder_take + action.take : 2 * HAND_SIZE + elder_take + min(len(action.discard), STOCK_SIZE - elder_take)]
        if state.phase == "play" and state.hands is not None and state.takes[1] < min(len(state.discards[1]), STOCK_SIZE - state.takes[0]):
            open_ = not state.left_mixed and any(isinstance(a, Exchange) and not a.announced for a in actions)
            assert (TakeUp("younger") in legal_actions(state)) == open_
            for p in PLAYERS if not open_ else PLAYERS[:1]:  # the elder never takes up
                with pytest.raises(PiquetError) as info:
                    apply(state, TakeUp(p))
                assert info.value.code == "take-up-not-open"
        if isinstance(action, TakeUp):
            assert state.position is not None and state.hands is not None
            after = apply(state, action)
            assert after.hands is not None and after.position is not None
            assert set(cards_of(after.hands[1])) == set(cards_of(state.hands[1])) | set(short) and after.hands[0] == state.hands[0]
            elder = set(cards_of(state.hands[0]))
            suits = {c >> 3 for c in short}
            k = next((j for j, (lead, follow) in enumerate(state.tricks) if lead in elder and lead >> 3 in suits and follow >> 3 != lead >> 3), None)
            if k is None:
                assert after.tricks == state.tricks and set(cards_of(after.position.younger)) == set(cards_of(state.position.younger)) | set(short)
            else:
                assert after.tricks == state.tricks[:k] and after.position.lead == state.tricks[k][0] and after.to_move == "younger"
                assert all(a.card >> 3 == state.tricks[k][0] >> 3 for a in legal_actions(after) if isinstance(a, Play))  # he now follows suit
            assert TakeUp("younger") not in legal_actions(after)
            with pytest.raises(PiquetError) as info:
                apply(after, action)
            assert info.value.code == "take-up-not-open"
        state = apply(state, action)


def test_announced_false_is_refused_where_no_card_is_left_short_unannounced() -> None:
    """Case XIII concerns the younger dealt twelve who takes in fewer than he discards: the elder, or a younger
    taking in all he discarded, leaves nothing unannounced (`exchange-unannounced-invalid`, law 30)."""
    state = start(list(range(32)))
    elder = cards_of(state.dealt[0])
    with pytest.raises(PiquetError) as info:
        apply(state, Exchange("elder", elder[:5], 4, announced=False))
    assert (info.value.code, info.value.law) == ("exchange-unannounced-invalid", 30)
    exchanged = apply(state, Exchange("elder", elder[:5], 5))
    younger = cards_of(state.dealt[1])
    for discard, take in ((3, 3), (2, 2), (1, 1)):
        with pytest.raises(PiquetError) as info:
            apply(exchanged, Exchange("younger", younger[:discard], take, announced=False))
        assert info.value.code == "exchange-unannounced-invalid"
    assert apply(exchanged, Exchange("younger", younger[:3], 2, announced=False)).short == 1


@FEW
@given(walks(stop_anywhere=True, shortfall=True, revokes=True))
def test_a_walk_with_a_shortfall_and_its_take_up_runs_the_same_through_the_json_protocol(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    """`announced` is written only when false and read back (default true); `take_up` reads back as `TakeUp`; the
    `apply` op on the JSON actions reaches the state the walk reached."""
    deck, actions, state = walk
    raw = [action_json(a, RS) for a in actions]
    assert [action_of(r, RS, f"actions[{i}]") for i, r in enumerate(raw)] == list(actions)
    assert all(("announced" in r) == (isinstance(a, Exchange) and not a.announced) for a, r in zip(actions, raw))
    setup = {"elder": {"dealt": format_cards(deck[:HAND_SIZE])}, "younger": {"dealt": format_cards(deck[HAND_SIZE : 2 * HAND_SIZE])},
             "stock": format_cards(deck[2 * HAND_SIZE :])}
    assert run_op("apply", {**setup, "actions": raw}) == json.loads(json.dumps(state_json(state)))


def test_the_card_left_short_unannounced_is_no_card_left_for_law_36s_election_but_lies_with_them_for_law_37() -> None:
    """Reading exchange.unannounced-shortfall: the younger does not know he left it, so law 36's election concerns
    only the other cards left (none when the elder took his five); it may still be mixed with his discard (law 37)."""
    setup = {"elder": {"dealt": "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D".split()},
             "younger": {"dealt": "TS 7S TH 9H 7H KC QC TC AD QD JD TD".split()}, "stock": "9S 8S KH 9C KD QS AC 7D".split()}
    calls: list[dict[str, Any]] = [{"player": p, "action": "call", "category": c, "holdings": []} for c in DECL_CATEGORIES for p in PLAYERS]
    short = {"player": "younger", "action": "exchange", "discard": ["7S", "9H", "7H"], "take": 2, "announced": False}
    for elder_take, left, election in ((5, ["7D"], []), (4, ["AC", "7D"], ["7D"])):  # the elder taking four, 7D is left as usual
        elder = {"player": "elder", "action": "exchange", "discard": ["KS", "8C", "7C", "9D", "8D"], "take": elder_take}
        younger = short  # two of the three he discards: the third he should have taken left short, the others left as usual
        led = run_op("apply", {**setup, "actions": [elder, younger, *calls, {"player": "elder", "action": "play", "card": "AS"}]})
        assert led["cards_left"]["cards"] == left and led["cards_left"]["short"] == left[:1]
        options = run_op("legal_actions", {**setup, "actions": [elder, younger, *calls, {"player": "elder", "action": "play", "card": "AS"}]})["actions"]
        assert any(a["action"] == "see_left" for a in options) == bool(election)
        assert {"player": "younger", "action": "take_up"} in options and {"player": "younger", "action": "mix_left"} not in options  # mixing is irregular
        mixed = run_op("apply", {**setup, "actions": [elder, younger, *calls, {"player": "younger", "action": "mix_left"}]})
        assert mixed["cards_left"]["mixed"] and "take_up" not in [a["action"] for a in run_op("legal_actions", {**setup, "actions": [elder, younger, *calls, {"player": "younger", "action": "mix_left"}]})["actions"]]


# --- Case V: the younger's discard laid out first at the elder's carte blanche, and the elder's saying what he leaves


@given(walks(stop_anywhere=True, irregular=True, blanche=True))
def test_a_discard_laid_out_first_stands_unless_the_elder_left_cards_without_saying_so_before_showing(
    walk: tuple[list[int], tuple[Action, ...], DealState],
) -> None:
    """Case V, law 32: read off the actions taken, not the state's flags. The younger's exchange is of the
    discard he laid out unless the elder's exchange left cards of his five and his saying of it did not come
    before his showing; a younger who takes in before the elder (law 29) exchanges the discard he laid out, and the
    elder then takes no more than the cards of his five left him, whatever he had said he leaves."""
    _, actions, state = walk
    laid = [a for a in actions if isinstance(a, LayOut)]
    mine = [a for a in actions if isinstance(a, Exchange) and a.player == "younger"]
    elder = [a for a in actions if isinstance(a, Exchange) and a.player == "elder"]
    if not laid or not mine:
        return
    assert [action_of(action_json(a, RS), RS, "a") for a in actions] == list(actions)  # the protocol carries them
    at = actions.index
    leave = [a for a in actions if isinstance(a, Leave)]
    if not elder or at(mine[0]) < at(elder[0]):  # the younger took in first (law 29), maybe before the elder showed
        assert mine[0].discard == laid[0].discard and mine[0].take <= STOCK_SIZE - 3 - (leave[0].count if leave and at(leave[0]) < at(mine[0]) else 0)
        after = actions[at(elder[0]) + 1 : at(elder[0]) + 2] if elder else ()
        past = bool(elder) and elder[0].take > STOCK_SIZE - 3 - mine[0].take  # into the younger's portion: law 28's election, his
        assert not past or (after and isinstance(after[0], Elect) and after[0].player == "younger") or (not after and state.pending == ("younger", 28))
        return
    said_in_time = bool(leave) and at(leave[0]) < at(ShowBlanche("elder"))
    left = STOCK_SIZE - 3 - elder[0].take
    assert mine[0].discard == laid[0].discard or (left > 0 and not said_in_time)
    assert not leave or elder[0].take == STOCK_SIZE - 3 - leave[0].count  # he takes the rest of his five (law 32)


def test_an_elder_who_takes_past_his_five_after_the_younger_laid_out_three_leaves_that_discard_to_take_in_the_two_left() -> None:
    """Law 28 with Case V: the elder takes six, leaving the younger two. He left nothing of his five, so the
    younger's three laid out stand; his one exchange is of them, taking in the two the stock holds (law 28's
    younger, left fewer than he discards, takes what is left)."""
    dealt = "AS TS 9S 8S 7S AH TH 9H 8H 7H AD TD", "KS QS JS KH QH JH KD QD JD KC QC JC", "9D 8D 7D AC TC 9C 8C 7C"
    state = new_deal(hand_of(parse_cards(dealt[0])), hand_of(parse_cards(dealt[1])), parse_cards(dealt[2]))
    state = run(state, (LayOut("younger", parse_cards("JS JH JD")), ShowBlanche("elder"), Exchange("elder", parse_cards("8S 7S 8H 7H 9H"), 6)))
    state = run(state, tuple(a for a in legal_actions(state) if isinstance(a, Elect) and a.choice != "fresh_deal")[:1])
    exchanges = [a for a in legal_actions(state) if isinstance(a, Exchange)]
    assert exchanges == [Exchange("younger", parse_cards("JS JH JD"), 2)]
    assert apply(state, exchanges[0]).takes == (6, 2)


@SOME
@given(st.sampled_from(((), (LayOut("younger", parse_cards("JS JH JD")),), (ShowBlanche("elder"),))), junk_actions())
def test_junk_actions_where_the_younger_may_lay_out_first_or_the_elder_say_what_he_leaves_raise_only_typed_errors(
    before: tuple[Action, ...], action: Any,
) -> None:
    """Where Case V's actions are open (an elder dealt carte blanche, before his exchange), junk in them, or a
    count that is not an int (True, 1.0), is a typed error."""
    dealt = "AS TS 9S 8S 7S AH TH 9H 8H 7H AD TD", "KS QS JS KH QH JH KD QD JD KC QC JC", "9D 8D 7D AC TC 9C 8C 7C"
    state = run(new_deal(hand_of(parse_cards(dealt[0])), hand_of(parse_cards(dealt[1])), parse_cards(dealt[2])), before)
    for count in (True, 1.0):
        with pytest.raises(PiquetError, match="leave-invalid|leaves"):
            apply(state, Leave("elder", count))  # type: ignore[arg-type]
    try:
        apply(state, action)
    except PiquetError:
        pass


def test_a_leave_refused_names_the_counts_the_elder_may_say_or_who_alone_may_say_it() -> None:
    """Law 32, Case V: the elder holding carte blanche, refused a count, is told the counts he may say; anyone
    else is told that only he may say it, and when."""
    deal = {"elder": "AS TS 9S 8S 7S AH TH 9H 8H 7H AD TD", "younger": "KS QS JS KH QH JH KD QD JD KC QC JC", "stock": "9D 8D 7D AC TC 9C 8C 7C"}
    elder, younger = (hand_of(parse_cards(deal[p].split())) for p in PLAYERS)
    state = new_deal(elder, younger, tuple(parse_cards(deal["stock"].split())), RS)
    assert ": he may say 1" in refused(state, Leave("elder", 5))
    assert ": only the elder holding carte blanche" in refused(state, Leave("younger", 1))


def test_an_election_refused_after_the_elder_took_in_unannounced_says_he_lost_it() -> None:
    """Law 39: the elder dealt thirteen who takes in without announcing it has lost his option; electing it then
    is refused with a message saying so (case PQ-GD3A3's deal)."""
    from piquet_ref.protocol.serve import answer

    case = next(c for c in load_cases(Path(__file__).resolve().parent.parent / "conformance" / "cases") if c.id == "PQ-GD3A3")
    response = answer({"cmd": "run", "seq": 0, "op": case.op, "input": case.data["input"]})
    assert response is not None and response["error"]["code"] == "option-not-offered"
    assert "the elder lost that election by taking in without announcing a wrong number (law 39)" in response["error"]["message"]


@given(st.lists(st.integers(-40, 80), max_size=8, unique=True))
def test_an_actions_cards_are_put_suit_by_suit_high_card_first(cards: list[int]) -> None:
    """The canonical order `Exchange`, `LayOut` and `Call` give their cards: by suit, then rank from the top."""
    assert Exchange("elder", tuple(cards), 1).discard == tuple(sorted(cards, key=lambda c: (c >> 3, -(c & 7))))


@given(walks(stop_anywhere=True, younger_claims=True, implied_calls=True))
def test_apply_takes_a_younger_call_for_a_claim_exactly_when_irregular_actions_lists_it(
    walk: tuple[list[int], tuple[Action, ...], DealState],
) -> None:
    """`apply` asks of one call whether it is a claim of a holding not held (laws 52-54); that is the listing's answer."""
    state = walk[2]
    listed = {a for a in irregular_actions(state) if isinstance(a, Call) and a.player == "younger"}
    for action in listed | {a for a in legal_actions(state) if isinstance(a, Call)}:
        assert _is_claim(state, action) == (action in listed)


@pytest.mark.parametrize("field", ["dealt", "hands"])
@pytest.mark.parametrize("elder", [(300, 0, 0, 0), (-1, 0, 0, 0), ("x", 0, 0, 0), (1, 2), None, [1, 2, 3, 4]])
def test_a_state_built_with_hands_that_are_not_hands_is_refused_by_a_typed_error(field: str, elder: Any) -> None:
    """A caller may build a DealState with any hands: one whose elder's hand, dealt or after the exchange, is not four
    suit masks 0-255 is refused with argument-invalid naming the field, by every function that takes a state, at
    whatever step it is; never a traceback or a listing worked out from an impossible hand. So is a pair that is
    not two hands."""
    state = start(list(range(32)))
    steps = [state]
    while state.phase != "play":
        state = apply(state, legal_actions(state)[0])
        steps.append(state)
    for step in (steps[0], steps[-3], steps[-1]):
        pair = getattr(step, field)
        shapes: list[dict[str, Any]] = [{field: (elder, pair[1] if pair else hand_of([]))}, {field: 5}]
        action = legal_actions(step)[0]
        asks: list[Callable[[DealState], object]] = [
            legal_actions, state_json, legal_actions_json, declarations, lambda s: apply(s, action),
        ]
        for bad in (dataclasses.replace(step, **changes) for changes in shapes):
            for ask in asks:
                with pytest.raises(PiquetError) as caught:
                    ask(bad)
                assert caught.value.code == "argument-invalid"
                assert f"state.{field}" in caught.value.message


@pytest.mark.parametrize("holdings, code", [
    ((3, 4), "argument-invalid"), ([[3]], "argument-invalid"), (("x",), "argument-invalid"), ((("x",),), "card-unknown"),
])
def test_a_state_built_with_calls_of_no_shape_is_refused_by_a_typed_error(holdings: Any, code: str) -> None:
    """A caller may build a DealState with any calls: the verdicts and the declarations of one whose elder called
    something that is not holdings of cards (unhashable among them) are refused as `declared` refuses them."""
    state = start(list(range(32)))
    while state.phase == "exchange":
        state = apply(state, legal_actions(state)[0])
    bad = dataclasses.replace(state, calls=(Call("elder", "point", holdings), Call("younger", "point", ())))
    for ask in (legal_actions, replies, declarations):
        with pytest.raises(PiquetError) as caught:
            ask(bad)
        assert caught.value.code == code
