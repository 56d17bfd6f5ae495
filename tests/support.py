"""What several test files share, in one place.

- `examples`: a test's own Hypothesis budget, scaled with the tier (tests/conftest.py).
- `assert_break_refused`: a copy of spec/ broken on purpose is refused with `spec-invalid`, naming what is wrong.
- Cavendish's worked deal (000 §EXAMPLE, bundled with the package): the record, the state machine's deal and
  exchange, `cli_run` for the CLI in-process.
- The calling dialogue read from the laws, independently of the machine (`dialogues`, `held_call`,
  `claim_allowed`, ...): the oracle tests/test_dialogue.py and tests/test_machine.py hold the machine against.
- Boxes and states for the run-time checks of the laws' deciders; condition trees for the odds.
- `cards_by_role`: what the picture of a deal record must hold, read from the record alone (tests/test_svg.py,
  tests/test_site.py and the browser test count the cards drawn against it).
"""

from __future__ import annotations

import contextlib
import io
from collections import Counter
import shutil
import sys
from itertools import combinations
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml
from hypothesis import settings
from hypothesis import strategies as st

import piquet_ref
from piquet_ref.cli.main import main
from piquet_ref.hand.cards import BITS_PER_SUIT, PACK_SIZE, card_of, format_card, hand_of, parse_cards
from piquet_ref.machine.actions import (
    Action, Allow, AskShow, AskValue, AskWhich, Call, CallPoint, CallSequence, CallSet, CallValue, Correct, CorrectMiscall, Exchange,
    NameOut, Play, Reply, Revoke, Show,
)
from piquet_ref.machine.state import DealState, apply, new_deal, run
from piquet_ref.odds.conditions import AllOf, AnyOf, Condition, Count, Not, PointAtLeast, SequenceAtLeast, SetHeld
from piquet_ref.rules.errors import PiquetError, SpecError
from piquet_ref.rules.files import spec_dir
from piquet_ref.strategies import RS

WRITTEN_FOR = 400  # the budget a property the tests' own budgets were written for; each tier scales them by its own


def examples(n: int) -> int:
    """A test's own budget of `n` examples (written for 400 a property), scaled to the tier running: a tenth of it in
    the standard tier, half in the deep tier, at least a few."""
    budget: int = settings().max_examples
    return max(min(n, 5), n * budget // WRITTEN_FOR)


def assert_break_refused(tmp_path: Path, load: Callable[[Path], Any], edit: Callable[[Path], None], names: tuple[str, ...]) -> None:
    root = tmp_path / "spec"
    shutil.copytree(spec_dir(), root)
    assert load(root)  # the copy, unchanged, loads: the break alone is refused
    edit(root)
    with pytest.raises(SpecError) as info:
        load(root)
    assert info.value.code == "spec-invalid"
    for part in names:
        assert part in str(info.value), (part, str(info.value))


EXAMPLE_PATH = Path(piquet_ref.__file__).resolve().parent / "examples" / "cavendish-example.yaml"
EXAMPLE: dict[str, Any] = yaml.safe_load(EXAMPLE_PATH.read_text(encoding="utf-8"))


def cli_run(argv: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    """Run `piquet-ref ARGV` in-process; return (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def cards_by_role(record: dict[str, Any]) -> Counter[str]:
    """The cards the picture of a deal record draws, by their role: each hand as dealt and its discard (or the hand
    after the exchange, for a record given so), the stock, and both cards of every trick."""
    want: Counter[str] = Counter()
    for p in ("elder", "younger"):
        side = record[p]
        if "dealt" in side:
            want["dealt"] += len(side["dealt"])
            want["discard"] += len(side.get("discard", []))
        else:
            want["hand"] += len(side["hand"])
    want["stock"] += len(record.get("stock", []))
    want["trick"] += 2 * len(record.get("tricks", []))
    return +want


def machine_deal(elder: str, younger: str, stock: str) -> Any:
    return new_deal(hand_of(parse_cards(elder)), hand_of(parse_cards(younger)), parse_cards(stock))


def cavendish_state() -> Any:
    return machine_deal(" ".join(EXAMPLE["elder"]["dealt"]), " ".join(EXAMPLE["younger"]["dealt"]), " ".join(EXAMPLE["stock"]))


EXCHANGED = (
    Exchange("elder", parse_cards(EXAMPLE["elder"]["discard"]), 5),
    Exchange("younger", parse_cards(EXAMPLE["younger"]["discard"]), 3),
)


def card(text: str) -> int:
    return parse_cards(text)[0]


NO_CALLS = tuple(Call(p, c, ()) for c in ("point", "sequences", "sets") for p in ("elder", "younger"))
RANKS = "789TJQKA"
Held = tuple[int, ...]


def after_exchange(deck: list[int], actions: tuple[Action, ...]) -> tuple[Held, Held, Held]:
    """The elder's and younger's hands after the exchange, and the elder's discard, from the actions taken: each takes
    in from the top of the stock in the order they exchanged (the younger first out of turn: law 29)."""
    ex = [a for a in actions if isinstance(a, Exchange)]
    e, y = (ex[0], ex[1]) if ex[0].player == "elder" else (ex[1], ex[0])
    stock = deck[24:]
    first, second = (e, y) if ex[0] is e else (y, e)
    taken = {first.player: tuple(stock[: first.take]), second.player: tuple(stock[first.take : first.take + second.take])}
    elder = tuple(c for c in deck[:12] if c not in e.discard) + taken["elder"]
    younger = tuple(c for c in deck[12:24] if c not in y.discard) + taken["younger"]
    return elder, younger, e.discard


def declared_by_dialogue(deck: list[int], actions: tuple[Action, ...]) -> dict[tuple[str, str], list[Held]]:
    """(player, category) -> holdings, for every category called through the dialogue in `actions`. A second
    call before any answer replaces the first (law 50); a correction replaces the allowing just made by a
    reply (law 51); the elder's correction of a call of something he does not hold judges the category
    again (law 52), and so does his showing it unasked before he plays a card (law 55). An elder whose first
    call is not his point loses it: he declares no point and the younger his best, unopposed (law 46)."""
    return dialogues(deck, actions)[0]


def false_claim_by_dialogue(deck: list[int], actions: tuple[Action, ...]) -> bool:
    """Whether the elder reckons nothing that deal (law 54): a call of something he does not hold was
    allowed good, he did not correct it, and it is no claim his hand and discard together could not hold."""
    return dialogues(deck, actions)[1]


def standing_claims(deck: list[int], actions: tuple[Action, ...]) -> set[str]:
    """The categories where, after `actions`, a call of something the elder does not hold stands allowed good,
    neither corrected nor found out by a showing (laws 52, 55)."""
    return dialogues(deck, actions)[2]


SETUP = ("AS KS JS AH QH JH 8H JC 8C 7C 9D 8D", "TS 7S TH 9H 7H KC QC TC AD QD JD TD", "9S 8S KH 9C KD QS AC 7D")


def example(*said: Action) -> DealState:

    e, y, stock = (parse_cards(t.split()) for t in SETUP)
    state = new_deal(hand_of(e), hand_of(y), stock)
    exchanges = (Exchange("elder", parse_cards("KS 8C 7C 9D 8D".split()), 5), Exchange("younger", parse_cards("7S 9H 7H".split()), 3))
    return run(state, exchanges + said)


QUART = (CallSequence("elder", 4, RANKS.index("A")), Reply("younger"))


def refused(state: DealState, action: Action) -> str:
    """The message of `apply`'s refusal of `action` in `state`."""
    with pytest.raises(PiquetError) as caught:
        apply(state, action)
    return str(caught.value)


BOOLS = (False, True)
COUNTS = range(-1, 10)  # cards of the stock, discarded or taken


def calibration_states() -> list[DealState]:
    """States of the deal of 000 §Example for the calibration below: just exchanged, the calls over with the
    elder's point shown, and the elder's first lead (the younger holds the suit led)."""

    replied = example(CallPoint("elder", 5), Reply("younger"), CallValue("elder", 49), Reply("younger"), *QUART,
                      CallSet("elder", 3, RANKS.index("K")), Reply("younger"))
    shown = apply(replied, AskShow("younger", "point"))
    return [example(), shown, apply(shown, Play("elder", parse_cards(["AH"])[0]))]


def implied_by(calls: dict[tuple[str, str], tuple[tuple[int, ...], ...]], category: str) -> tuple[tuple[int, ...], ...]:
    """The elder's holdings of `category` that the cards of his calls in the other categories form (Case IV):
    for sets, the cards named of each rank that scores, three or four of them; for sequences, each longest run of
    at least three named cards of a suit; a point is never implied (law 46)."""
    if category == "point":
        return ()
    named = {c for (p, k), held in calls.items() if p == "elder" and k != category for h in held for c in h}
    if category == "sets":
        of_rank = [tuple(sorted((c for c in named if c & 7 == r), key=lambda c: c >> 3)) for r in RS.sets.ranks]
        return tuple(h for h in of_rank if len(h) in RS.sets.values)
    runs: list[tuple[int, ...]] = []
    for suit in range(4):
        run: list[int] = []
        for rank in reversed(range(BITS_PER_SUIT)):  # ace first
            card = card_of(suit, rank)
            if card in named:
                run.append(card)
                continue
            runs += [tuple(run)] if len(run) >= RS.sequences.min_length else []
            run = []
        runs += [tuple(run)] if len(run) >= RS.sequences.min_length else []
    return tuple(runs)


def dialogues(deck: list[int], actions: tuple[Action, ...]) -> tuple[dict[tuple[str, str], list[Held]], bool, set[str]]:
    elder, younger, discard = after_exchange(deck, actions)
    out: dict[tuple[str, str], list[Held]] = {}
    ended: dict[str, list[Action]] = {}
    corrected: set[str] = set()
    found: set[str] = set()  # claims shown on request or after the elder's lead: no longer to be corrected (law 55)
    led = False
    said: list[Action] = []
    category = ""
    for a in actions:
        led = led or isinstance(a, (Play, Revoke))
        elder_shows = isinstance(a, (AskShow, Show)) and (a.player == "elder") == isinstance(a, Show)  # unasked, or asked by the younger
        if isinstance(a, (AskShow, Show)) and elder_shows and a.category in ended and a.category not in corrected | found and held_call(a.category, elder, ended[a.category]) is None:
            assert claim_allowed(a.category, younger, ended[a.category])  # law 55: only a call allowed good or equal is shown
            if isinstance(a, AskShow) or led:
                found.add(a.category)
            else:
                a = CorrectMiscall("elder", a.category)
        if isinstance(a, CorrectMiscall):
            corrected.add(a.category)
            out["elder", a.category], out["younger", a.category] = dialogue_holdings(a.category, elder, younger, discard, ended[a.category], True)
        if isinstance(a, (CallPoint, CallSequence, CallSet)):
            category = "point" if isinstance(a, CallPoint) else "sequences" if isinstance(a, CallSequence) else "sets"
            said = [a]
        elif isinstance(a, (Reply, Allow, AskValue, CallValue, Correct, AskWhich, NameOut)):
            if isinstance(a, Correct):
                said, a = said[:-1], Reply(a.player)
            said.append(a)
            ends = isinstance(a, (Allow, NameOut)) or (isinstance(a, Reply) and not (len(said) == 2 and isinstance(said[0], CallPoint) and equal_length(said[0], younger)))
            if ends:
                ended[category] = list(said)
                out["elder", category], out["younger", category] = dialogue_holdings(category, elder, younger, discard, said)
    first = next((a for a in actions if isinstance(a, (Call, CallPoint, CallSequence, CallSet))), None)
    if first is not None and (first.category if isinstance(first, Call) else "point" if isinstance(first, CallPoint) else "other") != "point":
        out["elder", "point"], out["younger", "point"] = [], [max(points(younger), key=lambda h: worth("point", h))]  # law 46: the elder's point lost
    penalised = any(
        held_call(c, elder, t) is None and claim_allowed(c, younger, t) and not claim_exempt(c, elder, discard, t)
        for c, t in ended.items() if c not in corrected
    )
    standing = {c for c, t in ended.items() if c not in corrected | found and held_call(c, elder, t) is None and claim_allowed(c, younger, t)}
    return out, penalised, standing


def points(hand: Held) -> list[Held]:
    """Every point the hand can call: any cards of one suit."""
    by_suit: dict[str, list[int]] = {}
    for c in hand:
        by_suit.setdefault(suit(c), []).append(c)
    return [tuple(chosen) for cards in by_suit.values() for n in range(1, len(cards) + 1) for chosen in combinations(cards, n)]


def worth(category: str, h: Held) -> tuple[int, int]:
    """What decides between two holdings: length then pips (point), length then head (sequence), number then rank (set)."""
    return (len(h), pips(h)) if category == "point" else (len(h), max(rank(c) for c in h))


def dialogue_holdings(category: str, elder: Held, younger: Held, discard: Held, said: list[Action], corrected: bool = False) -> tuple[list[Held], list[Held]]:
    """The holdings each player declares after the dialogue `said` in `category` (elder's, younger's); with
    `corrected`, after the elder's correction of a call of something he does not hold (law 52)."""
    opening, *answers = said
    mine = held_call(category, elder, said)
    if mine is None:
        return false_holdings(category, elder, younger, discard, said, corrected)
    if isinstance(opening, CallPoint):
        n = opening.cards
        m = max(len(h) for h in points(younger))
        values = [a for a in answers if isinstance(a, CallValue)]
        if values:  # law 46: the value, against the younger's best point of as many cards
            theirs = max((h for h in points(younger) if len(h) == n), key=lambda h: pips(h))
            if isinstance(answers[-1], Allow):
                return [mine], []
            if m > n and pips(theirs) <= pips(mine):  # Case I: his longer point, which he asked away, bars unscored
                return [mine], [max(points(younger), key=lambda h: worth("point", h))]
            if pips(theirs) < pips(mine):
                return [mine], []
            return [mine], [theirs]
        if isinstance(answers[-1], Allow) or m < n:
            return [mine], []
        assert m > n
        return [mine], [max(points(younger), key=lambda h: worth("point", h))]
    return reckoning(category, mine, elder, younger, discard, isinstance(answers[-1], (Allow, NameOut)))  # asking which admits it (Case VII)


def held_call(category: str, hand: Held, said: list[Action]) -> Held | None:
    """The holding of `hand` answering what the elder said (the best of those that answer it), or None."""
    opening = said[0]
    if isinstance(opening, CallPoint):
        values = [a.value for a in said if isinstance(a, CallValue)]
        fits = [h for h in points(hand) if len(h) == opening.cards and (not values or pips(h) == values[0])]
    elif isinstance(said[-1], NameOut):  # the answer to "which one do you not reckon?" defines the trio (Case VIII)
        out = said[-1].card
        trio = tuple(c for c in range(PACK_SIZE) if rank(c) == rank(out) and c != out)
        return trio if all(c in hand for c in trio) else None
    else:
        assert isinstance(opening, (CallSequence, CallSet))
        length, named = (opening.length, opening.head) if isinstance(opening, CallSequence) else (opening.count, opening.rank)
        fits = [h for h in holdings(category, hand) if len(h) == length and (named is None or max(rank(c) for c in h) == named)]
    return max(fits, key=lambda h: worth(category, h)) if fits else None


def claim_allowed(category: str, younger: Held, said: list[Action]) -> bool:
    """Whether a call of something not held was allowed good: the younger allowed it, or his reply was good
    because he holds nothing as good as what was claimed (laws 46, 48)."""
    opening, last = said[0], said[-1]
    if isinstance(last, (Allow, NameOut)):  # asking which one is out admits the call good (Case VII)
        return True
    values = [a.value for a in said if isinstance(a, CallValue)]
    if isinstance(opening, CallPoint):
        n = opening.cards
        if not values:
            return max(len(h) for h in points(younger)) < n
        return max(pips(h) for h in points(younger) if len(h) == n) < values[0]
    assert isinstance(opening, (CallSequence, CallSet))
    claimed = (opening.length, opening.head) if isinstance(opening, CallSequence) else (opening.count, opening.rank)
    theirs = best(category, younger)
    return theirs is None or worth(category, theirs) < claimed


def claim_exempt(category: str, elder: Held, discard: Held, said: list[Action]) -> bool:
    """Law 54: no penalty for a claim his hand and discard taken together could not hold (a misnomer among them)."""
    return held_call(category, elder + discard, said) is None


def equal_length(call: CallPoint, younger: Held) -> bool:
    return max(len(h) for h in points(younger)) == call.cards


def rank(card: int) -> int:
    return RANKS.index(text(card)[0])


def suit(card: int) -> str:
    return text(card)[1]


def pips(cards: Held) -> int:
    return sum(PIPS[text(c)[0]] for c in cards)


def holdings(category: str, hand: Held) -> list[Held]:
    return points(hand) if category == "point" else runs(hand) if category == "sequences" else sets(hand)


def best(category: str, hand: Held) -> Held | None:
    held = holdings(category, hand)
    return max(held, key=lambda h: worth(category, h)) if held else None


def false_holdings(category: str, elder: Held, younger: Held, discard: Held, said: list[Action], corrected: bool) -> tuple[list[Held], list[Held]]:
    """A call of something the elder does not hold. Not allowed good, it counts for nothing and the younger
    reckons what he has. Allowed good and corrected (law 52), the elder's call is his best holding, replied
    to on the younger's hand. Allowed and not corrected: a misnomer stands for the holding it misnames (law 53:
    a sequence or set of the number of cards called, named by the wrong head or rank); any other claim
    counts for nothing and the younger reckons what he has good (law 54, Case II)."""
    opening = said[0]
    mine: Held | None = None
    if claim_allowed(category, younger, said):
        if corrected:
            mine = best(category, elder)
        elif claim_exempt(category, elder, discard, said) and isinstance(opening, (CallSequence, CallSet)):
            n = opening.length if isinstance(opening, CallSequence) else opening.count
            misnamed = [h for h in holdings(category, elder) if len(h) == n]
            mine = max(misnamed, key=lambda h: worth(category, h)) if misnamed else None
    if category != "point":
        return reckoning(category, mine, elder, younger, discard, False) if mine else ([], maximal(category, younger))
    assert isinstance(opening, CallPoint)
    asked = any(isinstance(a, AskValue) for a in said)
    pool = [h for h in points(younger) if not asked or len(h) == opening.cards]  # law 46: asking bars a longer point
    theirs = max(pool, key=lambda h: worth("point", h))
    if mine is None:
        return [], [theirs]
    return ([mine], []) if worth("point", mine) > worth("point", theirs) else ([mine], [theirs])


def reckoning(category: str, mine: Held, elder: Held, younger: Held, discard: Held, allowed: bool) -> tuple[list[Held], list[Held]]:
    """A sequence or set called, answered: what each reckons (laws 48, 49, 51). A call allowed good and not good
    against the cards lets the elder reckon only what is equal to it or lower (000 §Calling): out of each run or
    rank he holds, its best part no better than the call (a tierce minor out of a quart minor; three tens out of
    four, the same reading where the book is silent), and from the run or rank called, the call alone."""
    theirs = best(category, younger)
    if allowed or theirs is None or worth(category, theirs) < worth(category, mine):
        if unbeatable(category, mine, elder, discard):  # law 49
            return maximal(category, elder), []
        others = []
        for whole in maximal(category, elder):
            parts = [h for h in holdings(category, elder) if set(h) <= set(whole) and worth(category, h) <= worth(category, mine)]
            if parts and not set(mine) <= set(whole):
                others.append(max(parts, key=lambda h: worth(category, h)))
        return [mine] + others, []
    if worth(category, theirs) == worth(category, mine):
        return [mine], [theirs]
    return [mine], maximal(category, younger)


PIPS = {"7": 7, "8": 8, "9": 9, "T": 10, "J": 10, "Q": 10, "K": 10, "A": 11}


def text(card: int) -> str:
    return format_card(card)


def runs(hand: Held) -> list[Held]:
    """Every sequence the hand can call: three cards or more of one suit in unbroken rank order."""
    out = []
    for s in "SHDC":
        ranks = {rank(c): c for c in hand if suit(c) == s}
        for top in range(8):
            for n in range(3, top + 2):
                if all(top - k in ranks for k in range(n)):
                    out.append(tuple(ranks[top - k] for k in range(n)))
    return out


def sets(hand: Held) -> list[Held]:
    """Every trio or quatorze the hand can call, of a rank ten or higher."""
    out = []
    for r in SET_RANKS:
        cards = [c for c in hand if text(c)[0] == r]
        out += [tuple(chosen) for n in (3, 4) for chosen in combinations(cards, n)]
    return out


def unbeatable(category: str, h: Held, hand: Held, discard: Held) -> bool:
    """Good against the cards: better than the best holding of every card the caller cannot see."""
    unseen = tuple(c for c in range(PACK_SIZE) if c not in hand and c not in discard)
    theirs = best(category, unseen)
    return theirs is None or worth(category, h) > worth(category, theirs)


def maximal(category: str, hand: Held) -> list[Held]:
    """The holdings a player reckons who reckons all he has: each longest run, each largest set."""
    held = holdings(category, hand)
    return [h for h in held if not any(set(h) < set(g) for g in held)]


SET_RANKS = "TJQKA"  # ranks whose quatorzes and trios count (000 §Quatorzes)


def leaf_conditions() -> st.SearchStrategy[Condition]:
    cards = st.sets(st.integers(0, 31), min_size=1, max_size=10).map(lambda s: sum(1 << c for c in s))
    count = st.builds(
        lambda scope, c, lo, extra: Count(scope, c, lo, None if extra is None else lo + extra),
        st.sampled_from(["taken", "hand"]), cards, st.integers(0, 3), st.one_of(st.none(), st.integers(0, 2)),
    )
    return st.one_of(
        count,
        st.builds(PointAtLeast, st.integers(1, 8), st.sampled_from([0, 29, 38, 48, 59])),
        st.builds(SequenceAtLeast, st.integers(3, 8), st.integers(0, 7)),
        st.builds(SetHeld, st.sampled_from([3, 4]), st.one_of(st.none(), st.sampled_from(RS.sets.ranks))),
    )


CONDITIONS = st.recursive(
    leaf_conditions(),
    lambda inner: st.one_of(
        st.lists(inner, min_size=1, max_size=3).map(lambda xs: AllOf(tuple(xs))),
        st.lists(inner, min_size=1, max_size=3).map(lambda xs: AnyOf(tuple(xs))),
        inner.map(Not),
    ),
    max_leaves=5,
)
