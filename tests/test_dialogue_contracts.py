"""The contracts of the calling dialogue's deciders (`piquet_ref/machine/dialogue.py`) evaluated at run time.

`singles`, `best`, `openings`, `values`, `left_out`, `reply`, `answers`, `called`, `amendments` and the
deciders of what is held, called and reckoned (`key`, `good_against`, `described`, `reckoned`, `judged`, `barred_point`, `implied`,
`false_calls`, `misnamed`, `say`, ...) state laws 46, 48-55 and the comparison rules as PEP 316 conditions. They take whole hands and a ruleset, beyond CrossHair's per-path budget, so each condition is
read from the docstring as CrossHair reads it and evaluated on Hypothesis hands (every category, every
number of cards for `best` and `values`, every rank of a trio for `left_out`, the hand's openings and some of
its calls of what it does not hold) and, for the dialogue's steps,
on every dialogue under way in the machine's walks, claims of what is not held included. A calibration requires the same checks to find bugs planted in copies of the
module, each by the postcondition it names.
"""

from __future__ import annotations

from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_ref.machine import dialogue
from piquet_ref.hand.cards import PACK_SIZE, Hand, hand_of
from piquet_ref.machine.state import DealState, declarations
from piquet_ref.machine.actions import Allow, AskValue, AskWhich, Call, CallPoint, CallSequence, CallSet, CallValue, NameOut, Reply
from piquet_ref.strategies import RS
from piquet_ref.hand.declarations import DECL_CATEGORIES, DeclCategory, declare_all
from piquet_ref.rules.ruleset import PLAYERS

from verification.calibration.planted_deal import Plant
from verification.walks import walks
from verification.runtime import assert_caught, broken, broken_by, conditions, plant
from tests.support import examples

HandAndDiscard = tuple[Hand, tuple[int, ...]]


@st.composite
def hands_and_discards(draw: st.DrawFn) -> HandAndDiscard:
    """Twelve cards of the pack and up to five others the holder put out."""
    deck = draw(st.permutations(range(PACK_SIZE)))
    return hand_of(deck[:12]), tuple(deck[12 : 12 + draw(st.integers(0, 5))])


def hand_breaks(held: HandAndDiscard, only: str | None = None) -> set[tuple[str, str]]:
    """(function, postcondition) of every condition of `singles`, `best`, `openings`, `values` and `left_out`
    broken on `held` (of `only` that function's, when given)."""
    hand, discard = held
    out: set[tuple[str, str]] = set()
    for category in DECL_CATEGORIES:
        calls: list[tuple[str, tuple[Any, ...]]] = [("singles", (hand, category, RS)), ("openings", (hand, discard, category, RS))]
        calls += [("best", (hand, category, p, RS, n)) for p in ("elder", "younger") for n in ((None, 3, 5) if category == "point" else (None,))]
        if category == "point":
            calls += [("values", (hand, n, RS)) for n in range(1, 9)]
        if category == "sets":
            calls += [("left_out", (hand, CallSet("elder", 3, rank), held)) for rank in RS.sets.ranks for held in (False, True)]
        calls += holding_calls(hand, discard, category)
        out |= broken_by(dialogue, (c for c in calls if only in (None, c[0])))
    return out


def holding_calls(hand: Hand, discard: tuple[int, ...], category: DeclCategory) -> list[tuple[str, tuple[Any, ...]]]:
    """The calls of the deciders of what a hand holds, calls and reckons: its best holdings in the category
    (and one other), its openings, some of its calls of what it does not hold, the holdings they describe."""
    held = dialogue.singles(hand, category, RS)
    tops = [h for h in (dialogue.best(hand, category, "elder", RS), held[0] if held else None) if h is not None]
    opens = dialogue.openings(hand, discard, category, RS)
    false = dialogue.false_calls(hand, category, (), RS)[::7]
    calls: list[tuple[str, tuple[Any, ...]]] = [("longest", (hand,)), ("false_calls", (hand, category, (), RS)), ("choice", (category, tuple(tops)))]
    calls += [("key", (hand, category, h, p, RS)) for h in tops for p in PLAYERS]
    calls += [("good_against", (hand, discard, category, h, RS)) for h in tops]
    calls += [("younger_holdings", (hand, category, tops[0], RS))] if tops else []
    calls += [("described", (hand, c, RS)) for c in opens + false] + [("category_of", (c,)) for c in opens[:1]]
    calls += [("check_opening", (hand, discard, category, c, RS)) for c in opens + false]
    calls += [("reckoned", (hand, discard, category, dialogue.described(hand, c, RS)[0], RS)) for c in opens]
    return calls


# Utterances of either player, each tried where the dialogue under way does not allow it (`refusal`): the
# answers, values a point may or may not make (and one no number), cards of a rank named out or none.
UTTERANCES = tuple(u for p in PLAYERS for u in (
    Reply(p), Allow(p), AskValue(p), AskWhich(p), CallValue(p, 0), CallValue(p, 31), CallValue(p, 41), CallValue(p, "x"),  # type: ignore[arg-type]
    NameOut(p, 5), NameOut(p, 29), NameOut(p, 40), CallPoint(p, 5), CallSequence(p, 3, 7), CallSet(p, 3, 4)))


def walk_breaks(state: DealState) -> set[tuple[str, str]]:
    """The conditions of the dialogue's steps broken in `state`: `implied` on the elder's calls in each category; `reply`, `answers`, `called`, `amendments`,
    `next_speaker`, `false_calls`, `impossible`, `judged`, `barred_point`, `claimed_key` and `say` (every utterance open, the
    calls of what is not held included) on the dialogue under way; `misnamed`, `discovered`, `corrected`,
    `impossible` and `claimed_key` on each claim of the elder's standing; on each of the younger's, `younger_claim`
    and `younger_standing`, and, where he is to answer a call stated by its cards, `younger_false_calls` and
    `claim_allowed` (on every seventh of his calls of what he does not hold)."""
    talk, hands, rs = state.talk, state.hands, state.ruleset
    if hands is None:
        return set()
    discard = state.discards[0]
    elders = [c for c in state.claims if c.player == "elder"]
    calls: list[tuple[str, tuple[Any, ...]]] = [(f, (hands[0], claim, rs) if f == "misnamed" else (hands, discard, claim, rs))
                                                for claim in elders for f in ("misnamed", "discovered", "corrected")]
    calls += [("impossible", (hands[0], discard, claim.talk, rs)) for claim in elders]
    elder_calls = tuple(c for c in state.calls if c.player == "elder")
    calls += [("implied", (elder_calls, k, rs)) for k in DECL_CATEGORIES]  # what the elder's calls declare by implication (Case IV)
    calls += younger_claim_calls(state)
    out = {("claimed_key", b) for t in [c.talk for c in elders] + ([talk] if talk else []) for b in broken(dialogue, "claimed_key", (t,)) or ()}
    if talk:
        assert isinstance(talk[0], (CallPoint, CallSequence, CallSet))
        category = dialogue.category_of(talk[0])
        mine = dialogue.called(hands[0], talk, rs)
        calls += [("answers", (hands, discard, talk, rs)), ("called", (hands[0], talk, rs)), ("next_speaker", (talk,)),
                  ("false_calls", (hands[0], category, talk, rs)), ("impossible", (hands[0], discard, talk, rs)),
                  ("judged", (hands, discard, category, talk, mine, rs)), ("barred_point", (hands[1], talk, rs))]
        calls += [("reply", (hands, talk, rs))] if len(talk) != 2 else []
        calls += [("amendments", (hands[0], discard, talk[0], rs))] if len(talk) == 1 else []
        said = dialogue.answers(hands, discard, talk, rs) + dialogue.false_calls(hands[0], category, talk, rs)
        calls += [("say", (hands, state.discards, category, talk, a, rs)) for a in said]
        speaker = dialogue.next_speaker(talk)
        calls += [("refusal", (hands, talk, a, speaker, rs)) for a in UTTERANCES if a not in said and not (
            len(talk) == 1 and a.player == "elder" and isinstance(a, dialogue.OPENING[category]))]
        calls += [("describe", (a, rs)) for a in talk + UTTERANCES if not isinstance(a, NameOut) or 0 <= a.card < PACK_SIZE]
    for function, args in calls:
        bad = broken(dialogue, function, args)
        assert bad is not None, (function, "the preconditions refuse the machine's own dialogue")
        out |= {(function, b) for b in bad}
    return out


def younger_claim_calls(state: DealState) -> list[tuple[str, tuple[Any, ...]]]:
    """The calls of the deciders of the younger's claims (laws 52-54) the machine makes, or would make, in `state`."""
    hands, rs = state.hands, state.ruleset
    assert hands is not None
    younger = [c for c in state.claims if c.player == "younger"]
    calls: list[tuple[str, tuple[Any, ...]]] = [("younger_standing", (hands[1], c, rs)) for c in younger]
    calls += [("younger_claim", (hands[1], state.discards[1], c.category, c.holding)) for c in younger]
    answering = state.phase == "calls" and not state.talk and state.to_move == "younger" and len(state.calls) % 2
    if answering and state.category is not None:
        false = dialogue.younger_false_calls(hands[1], state.category, rs)
        calls += [("younger_false_calls", (hands[1], state.category, rs))]
        calls += [("claim_allowed", (declarations(state)[0], state.category, h, rs)) for h in false[::7]]
        calls += [("younger_claim", (hands[1], state.discards[1], state.category, h)) for h in false[::11]]
    return calls


@settings(max_examples=examples(150), deadline=None)
@given(hands_and_discards())
def test_the_holdings_best_holdings_and_openings_of_any_hand_keep_their_postconditions(held: HandAndDiscard) -> None:
    assert hand_breaks(held) == set()


@settings(max_examples=examples(150), deadline=None)
@given(st.one_of(walks(stop_anywhere=True, claims=True), walks(stop_anywhere=True, implied_calls=True)))
def test_every_reply_of_the_machines_dialogues_keeps_its_postconditions(walk: tuple[list[int], tuple[Any, ...], DealState]) -> None:
    assert walk_breaks(walk[2]) == set()


@settings(max_examples=examples(60), deadline=None)
@given(walks(stop_anywhere=True, younger_claims=True))
def test_every_claim_of_the_younger_in_the_machines_walks_keeps_its_postconditions(walk: tuple[list[int], tuple[Any, ...], DealState]) -> None:
    """Laws 52-54 for the younger: his calls of what he does not hold, whether each is allowed good, exempt, and
    what it counts for, at the states the walks reach (answering a call stated by its cards, or with claims standing)."""
    assert walk_breaks(walk[2]) == set()


PLANTED: tuple[tuple[str, Plant], ...] = (
    ("openings", Plant("unnamed-not-good", "a sequence or set may be called without its head or rank though not good against the cards (law 48)",
          "for c in unnamed if good_against(", "for c in unnamed if True or good_against(",
          "unnamed_openings_are_good_against_the_cards(hand, discard, category, rs, __return__)")),
    ("best", Plant("best-is-the-worst", "the best holding is the lowest", "return max(held, key=lambda h: _holding_key(", "return min(held, key=lambda h: _holding_key(",
          "best_is_none_worse_than_any(hand, category, player, rs, cards, __return__)")),
    ("reply", Plant("equal-cards-not-equal", "a point called of as many cards as the younger's longest suit is answered not good (law 46)",
          "if theirs is not None and m == n:", "if theirs is not None and m == n + 1:",
          "point_answered_by_the_number_of_cards(hands, talk, __return__)")),
    ("values", Plant("values-of-longer-points", "what a point of n cards makes counts points of more cards too",
          '& POINT_LOW for h in _singles(hand, "point", rs) if len(h) == n}', '& POINT_LOW for h in _singles(hand, "point", rs) if len(h) >= n}',
          "values_are_what_the_points_make(hand, n, rs, __return__)")),
    ("answers", Plant("asking-short", "the younger may ask what the point makes holding one card fewer (law 46)",
          "longest(hands[1]) >= opening.cards", "longest(hands[1]) + 1 >= opening.cards",
          "asking_only_with_as_many_cards(hands, talk, __return__)")),
    ("good_against", Plant("equal-is-good-against", "a holding the adversary could equal is taken as good against the cards (law 48)",
          "_holding_key(category, holding, rs) > table_comparison(", "_holding_key(category, holding, rs) >= table_comparison(",
          "beats_every_holding_unseen(hand, discard, category, holding, rs, __return__)")),
    ("reckoned", Plant("reckons-better-ones", "a call not good against the cards lets the elder reckon better holdings too (law 49)",
          "if set(h) <= whole and k <= top]", "if set(h) <= whole and k >= 0]",
          "reckons_none_better_than_called(hand, discard, category, called, rs, __return__)")),
    ("reckoned", Plant("whole-runs-only", "a call not good against the cards lets the elder reckon only whole runs or ranks no better than it, not a lower part of a better one (000 §Calling: two tierce minors out of a quart minor and a tierce minor)",
          "if set(h) <= whole and k <= top]", "if set(h) == whole and k <= top]",
          "reckons_the_best_part_of_each_holding_no_better_than_called(hand, discard, category, called, rs, __return__)")),
    ("judged", Plant("asking-not-barred", "the younger who asked the value reckons a longer point (law 46)",
          "talk[0].cards if asked and isinstance(talk[0], CallPoint) else None", "None",
          "asker_reckons_no_longer_point(talk, __return__)")),
    ("barred_point", Plant("asked-equal-length-barred", "a younger who asked the value of as many cards as his longest point holds is barred from it (law 46, Case I)",
          "or longest(hand) <= opening.cards:", "or longest(hand) < opening.cards:",
          "barred_only_after_asking_with_more_cards(talk, __return__)")),
    ("implied", Plant("called-category-implied", "a category the player called something in is taken as one his other calls imply holdings of (Case IV)",
          'if category == "point" or any(c.category == category and c.holdings for c in calls):', 'if category == "point":',
          "not __return__ or not any(c.category == category and c.holdings for c in calls)")),
    ("false_calls", Plant("held-called-false", "a call of a holding held is taken for one of something not held (law 52)",
          "return tuple(c for c in calls if not described(hand, c, rs))", "return tuple(c for c in calls if True or not described(hand, c, rs))",
          "all(called(hand, talk + (c,) if talk else (c,), rs) is None for c in __return__)")),
    ("next_speaker", Plant("elder-answers-himself", "the elder speaks again after saying what his point makes (law 46)",
          'return "elder" if len(talk) == 2 else "younger"', 'return "elder" if len(talk) >= 2 else "younger"',
          "__return__ != talk[-1].player")),
    ("discovered", Plant("claim-as-corrected", "a claim found out uncorrected counts as corrected, not for nothing (law 54)",
          "claim.talk, misnamed(hands[0], claim, rs), rs)", 'claim.talk, best(hands[0], claim.category, "elder", rs), rs)',
          "misnamed(hands[0], claim, rs) is not None or __return__[0] == ()")),
    ("impossible", Plant("discard-forgotten", "a claim of what the discard holds is taken as impossible, so exempt (laws 53, 54)",
          "seen = hand_of_pack(pack_of_hand(hand) | pack_of(discard))", "seen = hand",
          "impossible_when_nothing_seen_is_described(hand, discard, talk, rs, __return__)")),
    ("younger_holdings", Plant("younger-reckons-one", "the younger whose sequence is good reckons only the first of his sequences",
          'return tuple(h.cards for h in (held.sequences if category == "sequences" else held.sets))',
          'return tuple(h.cards for h in (held.sequences[:1] if category == "sequences" else held.sets))',
          'category == "point" or all(any(set(s) <= set(h) for h in __return__) for s in singles(hand, category, rs))')),
    ("say", Plant("claim-never-exempt", "a claim allowed good is never exempt, even one hand and discard could not hold (law 54)",
          'Claim(category, talk, impossible(hands[0], discards[0], talk, rs)) if verdict == "good" else None',
          'Claim(category, talk, False) if verdict == "good" else None',
          "claim_left_is_a_call_not_held(hands, discards, rs, __return__)")),
    ("refusal", Plant("asking-again-short", "a second asking of the value, after the elder has said it, is refused as asking with too few cards (law 46)",
          "if len(talk) == 1 and isinstance(opening, CallPoint):", "if isinstance(opening, CallPoint):",
          "asking_refused_short_only_for_want_of_cards(hands, talk, action, __return__)")),
    ("describe", Plant("point-miscounted", "a call of point is put in words with one card fewer",
          'return f"{call.cards} cards for point"', 'return f"{call.cards - 1} cards for point"',
          "words_name_the_number(call, __return__)")),
)
YOUNGER_PLANTED: tuple[tuple[str, Plant], ...] = (
    ("younger_false_calls", Plant("held-stated-false", "a holding the younger holds is taken for a call of what he does not hold (law 54)",
          "if h not in held)", "if True)", "all(not all(hand[c >> 3] >> (c & 7) & 1 for c in h) for h in __return__)")),
    ("claim_allowed", Plant("equal-allowed-good", "the younger's claim equal to the elder's call is taken as allowed good (law 54)",
          '.category(category).status("younger") == "good"', '.category(category).status("younger") != "not_good"',
          "allowed_when_better_than_the_elders_best(elder, category, holding, rs, __return__)")),
    ("younger_claim", Plant("younger-discard-forgotten", "the younger's claim of a card he discarded is taken as impossible, so exempt (law 54)",
          "seen = pack_of_hand(hand) | pack_of(discard)", "seen = pack_of_hand(hand)",
          "__return__.exempt == any(not hand[c >> 3] >> (c & 7) & 1 and c not in discard for c in holding)")),
    ("younger_standing", Plant("misnomer-counts-nothing", "the younger's misnomer counts for nothing, not for the holding it misnames (law 53)",
          "if claim.exempt else None", "if False else None",
          "stands_for_something_only_as_a_misnomer(hand, claim, rs, __return__)")),
)
PLANTED += YOUNGER_PLANTED
CALIBRATION_HANDS = [hand_of(range(k, k + 12)) for k in range(0, 21, 4)] + [hand_of(range(0, 32, 3)[:12])]


@pytest.mark.parametrize("function, bug", PLANTED, ids=[b.name for _, b in PLANTED])
def test_the_run_time_check_finds_each_bug_planted_in_the_dialogue(function: str, bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    plant(monkeypatch, dialogue, function, bug)
    if function in DIALOGUE_ARGS:
        caught = {b for a in DIALOGUE_ARGS[function]() for b in broken(dialogue, function, a) or ()}
    else:
        caught = {b for h in CALIBRATION_HANDS for _, b in hand_breaks((h, ()), function)}
    assert_caught(bug, caught)


def calibration_talks() -> list[tuple[Any, ...]]:
    """Every opening of point against every pair of the calibration's hands, asked what it makes and answered
    with the most the elder's points of as many cards make (the opening alone when he has none)."""
    pairs = [(e, y) for e in CALIBRATION_HANDS for y in CALIBRATION_HANDS]
    return [(hands, (CallPoint("elder", n), AskValue("younger"), CallValue("elder", max(dialogue.values(hands[0], n, RS), default=0))))
            for hands in pairs for n in range(1, 9)]


def calibration_claims() -> list[tuple[Any, ...]]:
    """Claims of what each calibration hand does not hold, exempt or not, against each other calibration hand."""
    return [((e, y), (), dialogue.Claim(cat, (c, Reply("younger")), exempt), RS) for e in CALIBRATION_HANDS for y in CALIBRATION_HANDS[:2]
            for cat in DECL_CATEGORIES for c in dialogue.false_calls(e, cat, (), RS)[:3] for exempt in (False, True)]


def calibration_calls() -> list[tuple[Call, ...]]:
    """Each calibration hand's calls of everything it holds, and the same with its sets, then its sequences, called as nothing."""
    out = []
    for hand in CALIBRATION_HANDS:
        held = declare_all(hand, RS)
        point = (Call("elder", "point", (held.point.cards,)),) if held.point else ()
        seqs, sets = Call("elder", "sequences", tuple(h.cards for h in held.sequences)), Call("elder", "sets", tuple(h.cards for h in held.sets))
        out += [point + (seqs, sets), point + (seqs, Call("elder", "sets", ())), point + (Call("elder", "sequences", ()), sets)]
    return out


def calibration_younger_claims() -> list[tuple[Any, ...]]:
    """The younger's calls of what each calibration hand does not hold in each category, with a discard of the
    first five cards it does not hold: (hand, discard, category, holding)."""
    out = []
    for y in CALIBRATION_HANDS:
        discard = tuple(c for c in range(PACK_SIZE) if not y[c >> 3] >> (c & 7) & 1)[:5]
        out += [(y, discard, cat, h) for cat in DECL_CATEGORIES for h in dialogue.younger_false_calls(y, cat, RS)[::5]]
    return out


DIALOGUE_ARGS: dict[str, Callable[[], list[tuple[Any, ...]]]] = {
    "reply": lambda: [(hands, talk[:1], RS) for hands, talk in calibration_talks()],
    "answers": lambda: [(hands, (), talk[:1], RS) for hands, talk in calibration_talks()],
    "judged": lambda: [(hands, (), "point", talk, dialogue.called(hands[0], talk, RS), RS) for hands, talk in calibration_talks()],
    "next_speaker": lambda: [(talk[:k],) for _, talk in calibration_talks()[:9] for k in (1, 2, 3)],
    "barred_point": lambda: [(hands[1], talk, RS) for hands, talk in calibration_talks()],
    "discovered": calibration_claims,
    "implied": lambda: [(calls, k, RS) for calls in calibration_calls() for k in DECL_CATEGORIES],
    "say": lambda: [((e, y), ((), ()), cat, (c,), Reply("younger"), RS) for e in CALIBRATION_HANDS for y in CALIBRATION_HANDS[:2]
                    for cat in DECL_CATEGORIES for c in dialogue.false_calls(e, cat, (), RS)[-2:]],  # the largest claims, replied to
    "refusal": lambda: [(hands, talk, AskValue("younger"), "younger", RS) for hands, talk in calibration_talks()],  # asking again
    "describe": lambda: [(CallPoint("elder", n), RS) for n in range(1, 9)],
    "younger_false_calls": lambda: [(y, cat, RS) for y in CALIBRATION_HANDS for cat in DECL_CATEGORIES],
    "claim_allowed": lambda: [(declare_all(e, RS), cat, h, RS) for e in CALIBRATION_HANDS for _, _, cat, h in calibration_younger_claims()[::3]],
    "younger_claim": calibration_younger_claims,
    "younger_standing": lambda: [(y, dialogue.younger_claim(y, d, cat, h)._replace(exempt=exempt), RS) for y, d, cat, h in calibration_younger_claims()
                                 for exempt in (False, True)],
    "impossible": lambda: [(e, tuple(c for c in range(PACK_SIZE) if not e[c >> 3] >> (c & 7) & 1)[:5], (c,), RS)
                           for e in CALIBRATION_HANDS for cat in DECL_CATEGORIES for c in dialogue.false_calls(e, cat, (), RS)],
}


@pytest.mark.parametrize("function", sorted(set(DIALOGUE_ARGS) - {"reply", "answers"}))
def test_the_calibrations_inputs_break_nothing_in_the_unplanted_dialogue(function: str) -> None:
    """So that each planted bug is caught for its own sake (the openings of point are the walks' own)."""
    assert {b for a in DIALOGUE_ARGS[function]() for b in broken(dialogue, function, a) or ()} == set()
