"""`piquet-ref replay FILE`: a recorded deal narrated step by step through the state machine, each step
with the rules it applies and their laws.

FILE is either the input of the `apply` op (setup and actions) or a deal record in the dealt form
(dealt hands, discards, stock, tricks, optional declaration choices), whose actions are read off it:
carte blanche shown where dealt, the two exchanges (the younger's first where he took in first, law 29), each
player's calls (everything he declares), the cards played, the younger declining to look at any cards left in the
stock (law 36: a record does not say, and looking changes no score). A step the laws reject ends the narration with
its error, law and step.
"""

from __future__ import annotations

import sys
from typing import Any, Iterator, Mapping

from piquet_ref.cli.documents import limits_of, print_json, read_document
from piquet_ref.cli.scoring import with_ruleset
from piquet_ref.machine.calling import good_against_the_cards
from piquet_ref.hand.cards import Card, cards_of, format_card, format_cards, hand_of
from piquet_ref.hand.declarations import DECL_CATEGORIES, CategoryComparison
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.codes import error
from piquet_ref.machine.state import DealState, apply, implications, new_deal, options, replies, score, unreckoned
from piquet_ref.machine.dialogue import category_of, describe
from piquet_ref.machine.actions import DIALOGUE_TYPES, Action, AskShow, Call, Correct, CorrectMiscall, Elect, Exchange, ExposeStock, LeadOutOfTurn, MixLeft, Play, Retake, Revoke, SeeDiscard, SeeLeft, Show, TakeUp
from piquet_ref.machine.actions import CallPoint, CallSequence, CallSet, ChangeLead, LayOut, LeadSeveral, Leave, Overplay, ShowBlanche
from piquet_ref.protocol.machine import action_of, setup_of
from piquet_ref.deal.record import DealRecord, parse_record
from piquet_ref.rules.ruleset import PLAYERS, Ruleset, other
from piquet_ref.deal.result import DealResult
from piquet_ref.deal.scoring import score_deal

# The rules each kind of step carries out (their citations, in spec/rules, give the laws).
STEP_RULES = {
    "carte_blanche": ("carte-blanche.definition", "carte-blanche.score"),
    "exchange-elder": ("exchange.elder-limits", "exchange.take-from-top"),
    "exchange-younger": ("exchange.younger-limits", "exchange.take-from-top"),
    "point": ("point.compare", "declare.sinking"),
    "sequences": ("sequence.compare", "declare.sinking"),
    "sets": ("sets.compare", "declare.sinking"),
    "lead": ("play.first-lead", "play.lead-point"),
    "follow": ("play.follow-suit", "play.trick-winner"),
}


def replay_input(data: Any) -> tuple[DealState, list[Action]]:
    """The dealt state and the actions of FILE's contents (an apply input, or a dealt-form deal record)."""
    elder = data.get("elder") if isinstance(data, Mapping) else None
    if isinstance(data, Mapping) and ("actions" in data or (isinstance(elder, Mapping) and set(elder) == {"dealt"})):
        state, raw = setup_of(data, "replay")
        actions = []
        for step, item in enumerate(raw):
            try:
                actions.append(action_of(item, state.ruleset, f"actions[{step}]"))
            except PiquetError as exc:
                exc.step = step
                raise
        return state, actions
    return actions_of_record(data)


def actions_of_record(data: Any) -> tuple[DealState, list[Action]]:
    """A deal record in the dealt form as the state machine's actions (the record is scored first, so a
    record the laws reject fails as `score_deal` fails it)."""
    rec = parse_record(data)
    if rec.elder.dealt is None or rec.younger.dealt is None or rec.stock is None:
        raise error("record-invalid", "replay needs the dealt hands, discards and stock (a record in hand form has no exchange to replay)")
    if rec.elder.false_claim or rec.younger.false_claim:
        raise error("record-invalid", "replay cannot rebuild a call of something not held from a record with false_claim (it holds only what was declared): replay the apply input with its dialogue")
    if rec.elder.barred or rec.younger.barred:
        raise error("record-invalid", "replay cannot rebuild the calls that barred a holding from scoring (laws 46, 56) from a record with barred (it holds only what was declared)")
    result = score_deal(rec)
    dealt = new_deal(hand_of(rec.elder.dealt), hand_of(rec.younger.dealt), rec.stock, rec.ruleset)
    return dealt, _Rebuilt(rec, dealt).actions(result)


class _Rebuilt:
    """The actions of a record, found by running them through the machine as they are chosen: each election a
    law opens is the one the record implies (a deal dealt wrong stood, law 11 or 13; a penalty enforced unless the
    adversary `waives_penalty`, laws 28, 29, 44), and the younger declines to look at any cards left (law 36). A step
    the machine refuses ends the list there, so that the narration stops at it."""

    def __init__(self, rec: DealRecord, state: DealState) -> None:
        self.rec, self.state, self.taken = rec, state, list[Action]()
        self.refused = False

    def act(self, action: Action) -> None:
        if self.refused:
            return
        self.taken.append(action)
        try:
            self.state = apply(self.state, action)
        except PiquetError:
            self.refused = True
            return
        self.settle()

    def settle(self) -> None:
        """Make the elections pending, as the record implies them."""
        while self.state.pending is not None and not self.refused:
            who = self.state.pending[0]
            stand = "stand" in options(self.state)
            self.act(Elect(who, "stand" if stand else "waive" if self.rec.player(who).waives_penalty else "enforce"))

    def actions(self, result: DealResult) -> list[Action]:
        rec = self.rec
        self.settle()  # a deal dealt wrong: the elder stands it
        self.act_all([ShowBlanche(p) for p, shown in zip(PLAYERS, result.carte_blanche) if shown])
        self.act_all([ExposeStock(p, c) for p in PLAYERS for c in rec.player(p).exposed_stock])  # law 27: before the elder takes in
        for p in reversed(PLAYERS) if rec.younger.took_in_first else PLAYERS:  # the younger first where he took in first (law 29)
            side = rec.player(p)
            assert side.discard is not None
            self.act(Exchange(p, side.discard, len(side.discard) if side.take is None else side.take))
        declared = [result.declaration(p) for p in PLAYERS]
        for category in DECL_CATEGORIES:
            for i, p in enumerate(PLAYERS):
                d = declared[i]
                held: tuple[tuple[Card, ...], ...]
                if category == "point":
                    held = (d.point.cards,) if d.point else ()
                else:
                    held = tuple(h.cards for h in (d.sequences if category == "sequences" else d.sets))
                self.act(Call(p, category, held))
        self.act_all([Elect(other(p), "waive") for p in PLAYERS if rec.player(p).exposed_stock and rec.player(other(p)).waives_penalty and not self.state.waived[PLAYERS.index(other(p))]])  # law 44
        for t in result.tricks:  # a trick the record says was led out of turn is so led (law 59 III)
            self.act(LeadOutOfTurn(t.leader, t.lead) if t.number - 1 in rec.out_of_turn else Play(t.leader, t.lead))
            if not self.refused and self.state.left_election_open:  # the younger's election on the cards left (law 36), which no record holds
                self.act(SeeLeft(PLAYERS[1], False))
            self.act(Play(other(t.leader), t.follow))
        return self.taken

    def act_all(self, actions: list[Action]) -> None:
        for action in actions:
            self.act(action)


def laws(keys: tuple[str, ...], rs: Ruleset) -> str:
    """The rules of a step with their citations of the laws (key L), or their other citations where none."""
    out = []
    for rule_id in keys:
        cites = rs.rules[rule_id].sources
        shown = [c for c in cites if c.key == "L"] or list(cites[:1])
        out.append(f"{rule_id} ({', '.join(('law ' + c.at) if c.key == 'L' else f'{c.key} {c.at}' for c in shown)})")
    return "; ".join(out)


def narrate(state: DealState, actions: list[Action]) -> Iterator[str]:
    """The lines of the replay, one or more per step; a rejected step raises with its `step`."""
    rs = state.ruleset
    yield f"deal under {rs.id}: elder {' '.join(format_cards(cards_of(state.dealt[0]), rs))}; younger {' '.join(format_cards(cards_of(state.dealt[1]), rs))}"
    for step, action in enumerate(actions):
        before = state
        try:
            state = apply(state, action)
        except PiquetError as exc:
            exc.step = step
            raise
        text, rules = _describe(before, state, action, rs)
        if isinstance(action, Call) and state.calls[-1] == action and good_against_the_cards(before, action):
            text += " (good against the cards)"
        yield f"{step:>3}. {action.player}: {text}" + (f" -- {laws(rules, rs)}" if rules else "")
        lost = state.point_lost and not before.point_lost
        if lost:
            yield "     the elder opens before calling his point: he loses it, and the younger's point is good unopposed (law 46)"
            yield f"     reply: {_reply(next(r for r in replies(state) if r.category == 'point'))}"
        if len(state.calls) > len(before.calls) + (2 if lost else 0) and state.calls[-1].player == "younger":
            yield f"     reply: {_reply(next(r for r in replies(state) if r.category == state.calls[-1].category))}"
        if state.phase != "calls" and before.phase == "calls":
            for k in unreckoned(state):
                held = next(a.holdings for a in implications(state) if a.category == k)
                named = "; ".join(" ".join(format_cards(h, rs)) for h in held)
                yield (f"     the elder's calls name {named}, in {k}, which he called nothing in: declared by implication, they bar the younger's"
                       " lesser holdings and score nothing unless he reckons them before the younger plays to the first trick (law 56, Case IV) -- declare.barred")
        if state.point_barred and not before.point_barred:
            yield "     the younger asked away his longer point: it bars and saves a pique or repique, but scores nothing (law 46, Case I) -- declare.barred"
        if isinstance(action, (Play, Revoke)) and len(state.tricks) > len(before.tricks):
            assert state.position is not None
            yield f"     trick {len(state.tricks)} to the {state.position.leader}"
    if state.phase == "complete":
        result = score(state)
        yield f"end of the deal: elder {result.elder.total}, younger {result.younger.total}"
        for p, silent in zip(PLAYERS, result.reckons_nothing):
            if silent:
                yield f"     the {p} reckons nothing that deal but his carte blanche; his cards still bar (laws 58, 44)"
    elif state.phase == "void":
        yield f"the deal is void: a fresh deal (law {state.void_law})"
    else:
        yield f"the deal stops at the {state.phase.replace('_', ' ')}, the {state.to_move} to act"


def _called_already(state: DealState, action: Call) -> tuple[str, ...]:
    """The categories the player of `action` has called already in `state` (an elder's call there is his reckoning of
    what his calls declared by implication, law 56)."""
    return tuple(c.category for c in state.calls if c.player == action.player)


def _describe(before: DealState, after: DealState, action: Action, rs: Ruleset) -> tuple[str, tuple[str, ...]]:
    if isinstance(action, ShowBlanche):
        return "shows carte blanche", STEP_RULES["carte_blanche"]
    if isinstance(action, LayOut):
        return f"lays out {' '.join(format_cards(action.discard, rs))} before the elder's exchange, at his carte blanche's request (law 20)", STEP_RULES["carte_blanche"]
    if isinstance(action, Leave):
        when = "before showing his carte blanche" if not before.shown[0] else "after showing his carte blanche: the younger may alter his discard (Case V)"
        return f"says he leaves {action.count} card(s) of his portion, {when} (law 32)", STEP_RULES["exchange-elder"]
    if isinstance(action, Elect):
        if before.pending is None:  # in the play: the waiver of a claim's or a card shown's penalty (laws 54, 27)
            return f"lets go the {other(action.player)}'s penalty of reckoning nothing (law 44)", ()
        return f"elects {action.choice.replace('_', ' ')} (law {before.pending[1]})", ()
    if isinstance(action, Exchange):
        taken = (before.takes[0] if before.takes else 0) if action.player == "younger" else before.mixed  # the younger takes in after the elder, or first (law 29)
        cards = before.stock[taken : taken + action.take]
        altered = action.player == "younger" and before.laid_out not in (None, action.discard)
        text = f"{'alters his discard to' if altered else 'discards'} {' '.join(format_cards(action.discard, rs))}, takes in {' '.join(format_cards(cards, rs))}"
        if action.player == "elder" and after.left:
            text += f", leaves {after.left}"
        if after.took_first is not None and before.took_first is None:
            text += (", before the elder's exchange: cards of the elder's portion, so he reckons nothing this deal unless the elder waives it,"
                     " or the elder may have a fresh deal; the deal standing, the elder takes only the cards left of his portion (law 29)")
        if action.take != len(action.discard):
            held = len(cards_of(before.dealt[PLAYERS.index(action.player)])) - len(action.discard) + action.take
            text += f", and plays with {held} cards (law {30 if action.take < len(action.discard) else 58})"
            text += "" if action.announced else f", not having said he leaves {' '.join(format_cards(after.short_cards, rs))} (Case XIII)"
        return text, STEP_RULES[f"exchange-{action.player}"]
    if isinstance(action, Call):
        called = "; ".join(" ".join(format_cards(h, rs)) for h in action.holdings) or "nothing"
        if action.category in _called_already(before, action):  # the elder's reckoning of what his calls implied (law 56, Case IV)
            return f"reckons {action.category}: {called}, which his calls declared by implication (law 56, Case IV)", STEP_RULES[action.category]
        if after.calls[-1] != action:  # the younger's call of a holding he does not hold (laws 52-54)
            claimed = len(after.claims) > len(before.claims)
            called += ", which he does not hold: allowed good, it stands as his claim until corrected (law 52)" if claimed else ", which he does not hold and is not good: it counts for nothing (law 54)"
        return f"calls {action.category}: {called}", STEP_RULES[action.category]
    if isinstance(action, Retake) and before.misled:
        assert before.position is not None
        return f"has the {before.position.leader}'s lead out of turn taken back: the {other(before.position.leader)} is on lead (law 59 III)", ()
    if isinstance(action, Retake) and before.relead:
        return "takes back his lead after the younger's correction, to lead again (law 52)", ()
    if isinstance(action, Retake) and before.surplus is not None and len(after.tricks) == before.surplus.tricks:
        card = format_card(before.surplus.card, rs)
        return f"finds the surplus: the {before.surplus.player}'s {card} goes back to his hand with every card played after trick {before.surplus.tricks}, and the {other(before.surplus.player)} leads again (law 59 II, Case X)", ()
    if isinstance(action, Retake):
        assert before.revoke is not None
        return f"retakes the revoke: the cards played since trick {before.revoke.tricks + 1} are taken back (law 59 IV)", ()
    if isinstance(action, TakeUp):
        text = f"takes up {' '.join(format_cards(before.short_cards, rs))}, left short of his take unannounced (Case XIII)"
        if len(after.tricks) < len(before.tricks):
            text += f"; he had renounced in its suit, so the cards played since trick {len(after.tricks) + 1} are taken back (law 59 IV)"
        return text, STEP_RULES["exchange-younger"]
    if isinstance(action, SeeLeft):
        if action.player == "elder":
            return f"looks at the cards left: {' '.join(format_cards(before.cards_left, rs))} (law 36)", ()
        return f"{'will look' if action.look else 'will not look'} at the {len(before.declared_left)} card(s) left (law 36)", ()
    if isinstance(action, ExposeStock):
        return f"shows {format_card(action.card, rs)}, a card of the {other(action.player)}'s portion of the stock: he reckons nothing this deal unless the {other(action.player)} waives it (laws 27, 44)", ()
    if isinstance(action, MixLeft):
        return "mixes the cards left with his discard without showing them (law 37)", ()
    if isinstance(action, SeeDiscard):
        return "looks at the younger's discard and the cards left mixed with it (law 37)", ()
    if isinstance(action, LeadOutOfTurn):
        return f"leads {format_card(action.card, rs)} out of turn, the {other(action.player)} being on lead: it stands once he plays to it (law 59 III)", STEP_RULES["lead"]
    if isinstance(action, Revoke):
        return f"revokes with {format_card(action.card, rs)}, holding the suit led (law 59 IV)", ()
    if isinstance(action, Correct):
        return "corrects his allowing: he replies on his hand (law 51)", ()
    if isinstance(action, CorrectMiscall):
        return f"corrects his call of {action.category}, which he does not hold: his best is called and replied to (law 52)", ()
    if isinstance(action, AskShow):
        return f"asks the {other(action.player)} to show his {action.category}, called and allowed good or equal (law 55)", ()
    if isinstance(action, Show):
        return f"shows his {action.category} unasked (law 55)", ()
    if isinstance(action, DIALOGUE_TYPES):
        assert before.category is not None  # an opening names its own category: after the point, either (law 47)
        category = category_of(action) if isinstance(action, (CallPoint, CallSequence, CallSet)) else before.category
        return f"says {describe(action, rs)}", STEP_RULES[category]
    if isinstance(action, LeadSeveral):
        return f"lays down {' '.join(format_cards(action.cards, rs))} together, to be played to in turn, and leads {format_card(action.cards[0], rs)} (law 59 II)", STEP_RULES["lead"]
    if isinstance(action, ChangeLead):
        return f"puts {format_card(action.to, rs)} in place of {format_card(action.card, rs)}, laid and not yet played to (Case XI)", ()
    if isinstance(action, Overplay):
        return f"plays {format_card(action.card, rs)} beyond the cards led: a surplus, lying apart until it is taken back (law 59 II, Case X)", ()
    leads = before.position is not None and before.position.lead is None
    text = f"{'leads' if leads else 'plays'} {format_card(action.card, rs)}"
    if after.laid and after.position is not None:
        text += f"; the {after.position.leader} wins and leads {format_card(after.laid[0], rs)}, the next card he laid (law 59 II)"
    elif len(before.laid) > 1 and after.position is not None:
        text += f"; the {after.position.leader} wins and leads: the cards laid not yet played to go back to the {other(after.position.leader)}'s hand (law 59 II)"
    return text, STEP_RULES["lead" if leads else "follow"]


def _reply(c: CategoryComparison) -> str:
    if c.outcome == "none":
        return f"{c.category}: nothing called by either"
    if c.outcome == "equal":
        return f"{c.category}: equal, neither scores"
    assert c.winner is not None
    loser = other(c.winner)
    if c.status(loser) == "none":
        return f"{c.category}: the {c.winner}'s is good, unopposed"
    return f"{c.category}: the {c.winner}'s is good, on {c.deciding}; the {loser}'s is not good"


def cmd_replay(args: Any) -> int:
    data = with_ruleset(read_document(args.file, limits_of(args.limit)), args.ruleset, "a deal record or apply input")
    state, actions = replay_input(data)
    if args.format == "json":
        steps: list[str] = []
        try:
            steps.extend(narrate(state, actions))
        except PiquetError as exc:
            print_json({"steps": steps, "error": exc.to_json()})
            return 1
        print_json({"steps": steps})
        return 0
    for line in narrate(state, actions):
        sys.stdout.write(line + "\n")
    return 0
