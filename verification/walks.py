"""Walks through the deal's state machine: a legal deal and legal actions drawn one by one (a Hypothesis
strategy shared by tests/test_machine.py, tests/test_machine_counts.py and tests/test_deal_contracts.py), and
the play counted through the machine."""

from __future__ import annotations

from functools import cache, partial

from hypothesis import strategies as st

from piquet_ref.hand.cards import cards_of, hand_of, parse_cards
from piquet_ref.rules.errors import PiquetError
from piquet_ref.machine.state import DealState, apply, irregular_actions, legal_actions, named_calls, new_deal
from piquet_ref.machine.dialogue import category_of, false_calls, implied
from piquet_ref.machine.actions import call_options
from piquet_ref.machine.actions import DIALOGUE_TYPES, Action, AskShow, Call, CallPoint, CallSequence, CallSet, Correct, Elect, Exchange, ExposeStock, LayOut, LeadOutOfTurn, LeadSeveral, Leave, MixLeft, Overplay, Play, Revoke, SeeLeft, Show, TakeUp
from piquet_ref.strategies import HAND_SIZE, RS, STOCK_SIZE, blanche_decks, dealt_decks


WAIVER = Elect("younger", "waive")  # in the play: the younger lets go the elder's penalty for a claim (laws 44, 54)
ELDER_WAIVER = Elect("elder", "waive")  # ... and the elder the younger's


def decks() -> st.SearchStrategy[list[int]]:
    return st.one_of(dealt_decks(), dealt_decks(), blanche_decks("elder"), blanche_decks("younger"))


def start(deck: list[int]) -> DealState:
    return new_deal(hand_of(deck[:HAND_SIZE]), hand_of(deck[HAND_SIZE : 2 * HAND_SIZE]), tuple(deck[2 * HAND_SIZE :]), RS)


@st.composite
def walks(
    draw: st.DrawFn, stop_anywhere: bool = False, irregular: bool = False, revokes: bool = False, claims: bool = False, showings: bool = False,
    point_lost: bool = False, shortfall: bool = False, blanche: bool = False, younger_claims: bool = False, implied_calls: bool = False,
    out_of_turn: bool = False, multiple_leads: bool = False,
) -> tuple[list[int], tuple[Action, ...], DealState]:
    """A legal deal and legal actions drawn one by one from `legal_actions` (to the end, or stopping anywhere);
    with `irregular`, an exchange may take in another number of cards than the legal one drawn, one of
    `irregular_actions` (and no fresh deal is elected), and where a player may show a card of his adversary's
    portion of the stock (`irregular_actions`, law 27) he does so one step in six, as the younger takes in before the
    elder's exchange (law 29); a younger taking in fewer than he discards leaves
    the card unannounced half the time (Case XIII), and the take-up, once open, is drawn one step in eight
    (with `shortfall`, the younger always takes in fewer than he discards, unannounced, where the stock lets him, and
    may mix the cards left with his discard in one walk in four); with `revokes`, up to three revokes of
    `irregular_actions` are made in the play (each retaken when the walk draws the retake, at the latest
    once every trick is played), and the younger may mix the cards left with his discard (law 37); with
    `claims`, the elder may call in the dialogue something he does not hold, one of `irregular_actions`
    (laws 52-54), and must when nothing else is open to him (a value after a point of cards not held); with
    `showings`, a showing of `legal_actions` (law 55), asked for or unasked, is drawn one time in three when open;
    with `point_lost`, the elder opens sequences or sets before his point (`irregular_actions`, law 46; something
    he does not hold only with `claims`). Once the
    point is called, the elder opens sequences or sets first with even odds (law 47); where his calls so far name a
    sequence or set of the category he opens by a call by cards, he calls nothing in it one time in three, declaring
    it by implication (Case IV), and his reckoning of it is drawn as any legal action until the younger plays (law 56);
    with `implied_calls`, he states every call by its cards, of holdings no larger holding of his contains, and
    always calls nothing where his calls name a holding. Each player's waiver of his adversary's penalty for a claim or a card of the stock shown (laws 44, 54, 27) is drawn or
    not when it opens, once. Where the elder holds carte blanche, the younger's laying out first and the
    elder's saying what he leaves, each when open, are drawn or not with even odds (Case V); with `blanche`, the
    elder is always dealt carte blanche. With `younger_claims`, the elder states each call by its cards and the
    younger answers with a call of a holding he does not hold (`irregular_actions`, laws 52-54) one time in two
    (half of those, where he can, one with a card of his discard in it, which his hand and discard could hold),
    which the legal actions may then correct, retake the lead after or waive. With `out_of_turn`, a lead out of turn of
    `irregular_actions` (law 59 III) is drawn one time in four where one is open; the legal actions then play to it
    (it stands) or take it back (`Retake`, either player's). With `multiple_leads`, the player on lead lays down two
    to four cards of his hand together (`LeadSeveral`, law 59 II) one time in four where `apply` takes it, and an
    overplay of `irregular_actions` (Case X) is drawn one time in two where open; the legal actions then change a
    card laid (Case XI), answer them, and take a surplus back (`Retake`, either player's)."""
    deck = draw(blanche_decks("elder") if blanche else decks())
    state = start(deck)
    taken: list[Action] = []
    waivers_drawn: set[Action] = set()
    mixing = not shortfall or draw(st.integers(0, 3)) == 0  # with a shortfall, the mixing that bars its take-up in one walk in four
    while state.phase != "complete":
        if stop_anywhere and draw(st.integers(0, 15)) == 0:
            break
        choices = tuple(a for a in legal_actions(state) if a != Elect(a.player, "fresh_deal"))
        for waiver in (WAIVER, ELDER_WAIVER):  # law 54's waivers: each drawn once, when it opens, or never
            if state.phase == "play" and waiver in choices:
                if waiver not in waivers_drawn and draw(st.booleans()):
                    choices = (waiver,)
                else:
                    choices = tuple(a for a in choices if a != waiver)
                waivers_drawn.add(waiver)
        irregulars = cache(partial(irregular_actions, state))  # listed at most once a step
        shown = [a for a in irregulars() if isinstance(a, ExposeStock)] if irregular else []
        if shown and draw(st.integers(0, 5)) == 0:  # a card of the adversary's portion of the stock shown (law 27)
            choices = tuple(shown)
        early = [a for a in irregulars() if isinstance(a, Exchange) and a.player != state.to_move] if irregular and state.phase == "exchange" else []
        if early and draw(st.integers(0, 5)) == 0:  # the younger takes in before the elder (law 29)
            choices = tuple(early)
        wrong = [a for a in irregulars() if isinstance(a, Revoke) or isinstance(a, MixLeft) and mixing] if revokes else []
        if wrong and sum(isinstance(a, Revoke) for a in taken) < 3 and draw(st.integers(0, 3)) == 0:
            choices = tuple(wrong)
        misled = [a for a in irregulars() if isinstance(a, LeadOutOfTurn)] if out_of_turn else []
        if misled and draw(st.integers(0, 3)) == 0:
            choices = tuple(misled)
        if multiple_leads and state.position is not None and any(isinstance(a, Play) for a in choices) and draw(st.integers(0, 3)) == 0:
            held = cards_of(state.position.hand(state.position.leader))
            several = LeadSeveral(state.position.leader, tuple(draw(st.permutations(held))[: draw(st.integers(2, 4))]))
            choices = (several,) if takes(state, several) else choices
        over = [a for a in irregulars() if isinstance(a, Overplay)] if multiple_leads else []
        if over and draw(st.integers(0, 1)) == 1:
            choices = tuple(over)
        false = [a for a in irregulars() if isinstance(a, DIALOGUE_TYPES)] if claims else []
        if false and (not choices or draw(st.integers(0, 2)) == 0):
            choices = tuple(false)
        claimed = [a for a in irregulars() if isinstance(a, Call)] if younger_claims and state.to_move == "younger" else []
        if claimed and draw(st.integers(0, 1)) == 1:
            assert state.hands is not None
            seen = set(cards_of(state.hands[1])) | set(state.discards[1])
            could = [a for a in claimed if set(a.holdings[0]) <= seen]  # a card of his discard in it: no exemption (law 54)
            choices = tuple(could) if could and draw(st.integers(0, 1)) == 1 else tuple(claimed)
        if younger_claims and state.phase == "calls" and state.to_move == "elder" and not state.talk:
            choices = tuple(a for a in choices if isinstance(a, Call)) or choices
        if state.phase == "calls" and state.to_move == "elder" and not state.talk:
            assert state.hands is not None
            not_held = {f for c in ("sequences", "sets") for f in false_calls(state.hands[0], c, (), RS)} if not claims else set()
            lost = [a for a in irregulars() if opened(a) not in (None, "point") and a not in not_held] if point_lost else []
            choices = tuple(lost) or choices
            first = draw(st.sampled_from(state.to_open))  # law 47: sets as often as sequences first
            choices = tuple(a for a in choices if opened(a) in (None, first)) or choices
            silent = [a for a in choices if isinstance(a, Call) and not a.holdings and implied(named_calls(state), a.category, RS)]
            if silent and (implied_calls or draw(st.integers(0, 2)) == 0):  # Case IV: nothing called where his calls name a holding
                choices = tuple(silent)
            elif implied_calls:  # the elder states his calls by their cards, holdings no larger holding of his contains
                full = [a for a in choices if isinstance(a, Call) and a.holdings and not any(set(h) < set(b) for h in a.holdings for b in _options_of(state, a.category))]
                choices = tuple(full) or tuple(a for a in choices if isinstance(a, Call)) or choices
        shows = [a for a in choices if isinstance(a, (AskShow, Show))] if showings else []
        if shows and draw(st.integers(0, 2)) == 0:
            choices = tuple(shows)
        if TakeUp("younger") in choices:  # Case XIII: found at some point of the play, one step in eight
            rest = tuple(a for a in choices if a != TakeUp("younger"))
            choices = (TakeUp("younger"),) if not rest or draw(st.integers(0, 7)) == 0 else rest
        for kind in (LayOut, Leave):  # Case V: the discard laid out first, the saying of what is left, half the time when open
            these = tuple(a for a in choices if isinstance(a, kind))
            if these and len(these) < len(choices):
                choices = these if draw(st.booleans()) else tuple(a for a in choices if not isinstance(a, kind))
        action = draw(st.sampled_from(choices))
        room = STOCK_SIZE - state.takes[0] if action.player == "younger" and state.takes else STOCK_SIZE - state.mixed
        others = [t for t in range(room + 1) if t != action.take] if isinstance(action, Exchange) and action.player == state.to_move else []
        short = min(len(action.discard), room) if isinstance(action, Exchange) and action.player == "younger" else 0
        if shortfall and short:  # the same discard, fewer taken in, unannounced (Case XIII)
            assert isinstance(action, Exchange)
            action = Exchange(action.player, action.discard, draw(st.integers(0, short - 1)), announced=False)
        elif irregular and others and not (action.player == "elder" and state.leaves) and draw(st.booleans()):  # the same discard, another number taken in
            assert isinstance(action, Exchange)
            action = Exchange(action.player, action.discard, draw(st.sampled_from(others)))
            fewer = action.player == "younger" and action.take < min(len(action.discard), room)
            if fewer and draw(st.booleans()):  # he does not say he leaves the card (Case XIII)
                action = Exchange(action.player, action.discard, action.take, announced=False)
        state = apply(state, action)
        taken.append(action)
    return deck, tuple(taken), state


def takes(state: DealState, action: Action) -> bool:
    """Whether `apply` accepts `action` in `state`."""
    try:
        apply(state, action)
    except PiquetError:
        return False
    return True


def case_iv_deal() -> DealState:
    """Case IV's hands (PQ-VV5A0), each side dealt one card it exchanges (elder 8C for 7C, younger 7H for 9C)."""
    return new_deal(hand_of(parse_cards("AS JS TS 8S 7S AH KH QH AD KD QD 8C")), hand_of(parse_cards("KS QS 9S JH TH 8H JD 9D 7D JC TC 7H")),
                    tuple(parse_cards("7C 9C 9H TD 8D AC KC QC")), RS)


CASE_IV_ACES = Call("elder", "sets", (tuple(parse_cards("AS AH AD")),))  # the three aces his calls name
CASE_IV_KNAVES = Call("younger", "sets", (tuple(parse_cards("JH JD JC")),))
CASE_IV_CALLS = (  # the elder's point headed by the ace and tierces major in hearts and diamonds, nothing of aces; the younger silent
    Exchange("elder", tuple(parse_cards("8C")), 1), Exchange("younger", tuple(parse_cards("7H")), 1),
    Call("elder", "point", (tuple(parse_cards("AS JS TS 8S 7S")),)), Call("younger", "point", ()),
    Call("elder", "sequences", (tuple(parse_cards("AH KH QH")), tuple(parse_cards("AD KD QD")))), Call("younger", "sequences", ()),
    Call("elder", "sets", ()), Call("younger", "sets", ()),
)


def _options_of(state: DealState, category: str) -> tuple[tuple[int, ...], ...]:
    """Every holding the elder's hand has in `category` (for the walks' choice of his fullest calls)."""
    assert state.hands is not None
    return tuple(h for option in call_options(state.hands[0], category, RS) for h in option)


def opened(action: Action) -> str | None:
    """The category an elder's call or opening calls (None for any other action)."""
    if isinstance(action, Call) and action.player == "elder":
        return action.category
    return category_of(action) if isinstance(action, (CallPoint, CallSequence, CallSet)) else None


def plies_through_the_machine(state: DealState, plies: int) -> tuple[int, list[tuple[Action, int]]]:
    """Sequences of `plies` cards played, walked through `legal_actions` and `apply` (those that end the deal sooner
    count once), by first card. Where cards are left in the stock the younger must say whether he looks at them
    (law 36), which plays no card: he is taken to decline. The elder's look, where the younger has looked
    already, the showings of calls (law 55) and the elder's reckoning of holdings his calls declared by
    implication (law 56, Case IV) play no card and change no play: they are left out, as is the younger's taking back
    his allowing of the elder's call before the lead (`Correct`, law 51)."""
    actions = legal_actions(state)
    if SeeLeft("younger", False) in actions:
        return plies_through_the_machine(apply(state, SeeLeft("younger", False)), plies)
    assert all(isinstance(a, (Play, AskShow, Show)) or a in (SeeLeft("elder", True), Correct("younger")) or isinstance(a, Call) and a.player == "elder" for a in actions), actions
    actions = tuple(a for a in actions if isinstance(a, Play))
    if plies == 0 or not actions:
        return 1, []
    by_first = [(a, plies_through_the_machine(apply(state, a), plies - 1)[0]) for a in actions]
    return sum(n for _, n in by_first), by_first
