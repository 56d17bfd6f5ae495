"""The deal as a state machine (issue 6): an immutable state, `apply` and `legal_actions`.

A deal runs through four phases: the exchange (elder, then younger: discard, take in from the top,
the elder leaving what he does not take of his portion, laws 21-24, 30-34; a player dealt carte
blanche shows it before his own exchange, laws 18-20 and Case VI), the calls (point, then sequences, then sets, the order of law 67;
in each the elder calls first, law 46, and the younger's call is his reply, which the machine judges
good, equal or not good), the play (laws 59, 65) and the end. An exchange taking in more or fewer cards
than discarded is an irregularity the deal survives (`penalties`): the player plays with the wrong
number, and where he reckons nothing the innocent player elects at once what the laws offer him (law 28:
a fresh deal, which voids the deal; law 44: enforcing or waiving the penalty); `irregular_actions` lists
those exchanges, `legal_actions` what the laws allow. `apply` returns a new state or raises
a typed `PiquetError` whose code carries its law; the state it was given is never changed. Every rule
is the existing one: the exchange limits and checks of `exchange`, the holdings of `declared`, the
comparison of `compare_declarations`, the play of `counts.legal_plies` / `after_ply`; the finished
state is a deal record and `score_deal` scores it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import Literal

from .cards import Card, Hand, cards_of, format_card, format_cards
from .counts import Position, after_ply, legal_plies
from .declarations import DECL_CATEGORIES, CategoryComparison, DeclareChoice, Declaration, DeclCategory, carte_blanche
from .declarations import compare_declarations, declared
from .errors import PiquetError, error
from .exchange import check_deal, check_discard, deal_exchange, discard_limits
from .loader import ruleset_of
from .dialogue import answers, next_speaker, openings, say
from .machine_actions import ACTION_TYPES, DIALOGUE_TYPES, Action, Allow, Call, Correct, Elect, Exchange, Play, Reply, ShowBlanche, Utterance, call_options
from .penalties import OPTIONS, available, check_take, exchanged_hands, offence, reckons_nothing, tricks_to_play, younger_room
from .record import DealRecord, PlayerRecord
from .ruleset import PLAYERS, Player, Ruleset, check_player, other
from .scoring import DealResult, score_deal

Phase = Literal["exchange", "option", "calls", "play", "complete", "void"]
NO_CALL = DeclareChoice("none", "none", "none")


@dataclass(frozen=True)
class DealState:
    """A deal in progress. `discards` and `calls` hold what has been done, in order; `hands` are the hands
    after the exchange (None before it ends); `position` is the play so far (None before it begins);
    `takes` the cards each took in; `pending` who is to elect an option and under which law; `waived`
    whether each player waived his adversary's penalty (law 44); `void` a fresh deal elected."""

    ruleset: Ruleset
    dealt: tuple[Hand, Hand]
    stock: tuple[Card, ...]
    blanche: tuple[bool, bool]  # (elder, younger) dealt carte blanche
    shown: tuple[bool, bool]  # ... and has shown it
    discards: tuple[tuple[Card, ...], ...]
    hands: tuple[Hand, Hand] | None
    calls: tuple[Call, ...]
    position: Position | None
    tricks: tuple[tuple[Card, Card], ...]
    takes: tuple[int, ...] = ()
    pending: tuple[Player, int] | None = None
    waived: tuple[bool, bool] = (False, False)
    void: bool = False
    talk: tuple[Utterance, ...] = ()  # the calling dialogue under way in the category being called
    allowed: tuple[Utterance, ...] = ()  # a dialogue the younger has just ended by allowing the call (law 51)

    @property
    def phase(self) -> Phase:
        if self.void:
            return "void"
        if self.pending is not None:
            return "option"
        if len(self.discards) < len(PLAYERS):
            return "exchange"
        if len(self.calls) < len(PLAYERS) * len(DECL_CATEGORIES):
            return "calls"
        assert self.hands is not None
        return "play" if len(self.tricks) < tricks_to_play(self.hands, self.ruleset) else "complete"

    @property
    def to_move(self) -> Player | None:
        """Who acts next (in the exchange: who exchanges next); None once the deal is over."""
        phase = self.phase
        if phase == "option":
            assert self.pending is not None
            return self.pending[0]
        if phase == "exchange":
            return PLAYERS[len(self.discards)]
        if phase == "calls":
            return next_speaker(self.talk) if self.talk else PLAYERS[len(self.calls) % len(PLAYERS)]
        if phase == "play":
            assert self.position is not None
            return self.position.leader if self.position.lead is None else other(self.position.leader)
        return None

    @property
    def category(self) -> DeclCategory | None:
        """The category being called (calls phase only)."""
        return DECL_CATEGORIES[len(self.calls) // len(PLAYERS)] if self.phase == "calls" else None

    @property
    def left(self) -> int | None:
        """How many cards of his portion of the stock the elder left (law 32); None before he exchanges."""
        return max(0, self.ruleset.exchange.elder_max - self.takes[0]) if self.discards else None

    @property
    def reckons_nothing(self) -> tuple[bool, bool]:
        """Who reckons nothing that deal, once the exchange is over (laws 25-35, 58, 44)."""
        return reckons_nothing(self.hands, self.waived, self.ruleset) if self.hands else (False, False)


def new_deal(elder_dealt: Hand, younger_dealt: Hand, stock: tuple[Card, ...], ruleset: Ruleset | str | None = None) -> DealState:
    """The state of a deal just dealt: both hands of twelve and the stock, top first (checked as the exchange checks them)."""
    rs = ruleset_of(ruleset)
    e, y, stock = check_deal(elder_dealt, younger_dealt, stock, rs)
    blanche = (carte_blanche(e, rs), carte_blanche(y, rs))
    return DealState(rs, (e, y), stock, blanche, (False, False), (), None, (), None, ())


def apply(state: DealState, action: Action) -> DealState:
    """The state after `action`; a typed `PiquetError` (with the law it enforces) if the laws reject it."""
    after = _apply(state, action)
    return replace(after, allowed=()) if state.allowed and after.allowed == state.allowed else after  # law 51: the window closes


def _apply(state: DealState, action: Action) -> DealState:
    if not isinstance(state, DealState):
        raise error("argument-invalid", f"state must be a DealState (see new_deal), got {type(state).__name__}")
    if not isinstance(action, ACTION_TYPES):
        raise error("argument-invalid", f"action must be ShowBlanche, Exchange, Call, Play, Elect or a call of the dialogue, got {type(action).__name__}")
    player = check_player(action.player, "action.player")
    phase = state.phase
    if phase == "complete":
        raise error("deal-over", f"the deal is over after {len(state.tricks)} tricks; the {player} can take no further action")
    if phase == "void":
        raise error("deal-over", f"the deal is void: a fresh deal was elected; the {player} can take no further action")
    if isinstance(action, Elect):
        return _elect(state, action, player)
    if phase == "option":
        assert state.pending is not None
        who, law = state.pending
        raise error("option-pending", f"the {who} is to elect first what law {law} offers him ({', '.join(OPTIONS[law])}); the {player} cannot act before")
    if isinstance(action, ShowBlanche):
        return _show(state, player, phase)
    if isinstance(action, Exchange):
        return _exchange(state, action, player, phase)
    if isinstance(action, Call):
        return _call(state, action, player, phase)
    if isinstance(action, Correct):
        return _correct(state, player)
    if isinstance(action, DIALOGUE_TYPES):
        return _say(state, action, player, phase)
    return _play(state, action, player, phase)


def _show(state: DealState, player: Player, phase: Phase) -> DealState:
    i = PLAYERS.index(player)
    if not state.blanche[i]:
        courts = [format_card(c, state.ruleset) for c in cards_of(state.dealt[i]) if 1 << (c & 7) & state.ruleset.carte_blanche.court_mask]
        raise error("blanche-not-held", f"the {player} shows carte blanche, but his dealt hand holds {' '.join(courts) or 'too few cards'}")
    if state.shown[i] or len(state.discards) > i:
        raise error("call-out-of-turn", f"the {player} shows carte blanche {'a second time' if state.shown[i] else 'after his exchange'}")
    shown = (True, state.shown[1]) if i == 0 else (state.shown[0], True)
    return replace(state, shown=shown)


def _exchange(state: DealState, action: Exchange, player: Player, phase: Phase) -> DealState:
    rs = state.ruleset
    i = PLAYERS.index(player)
    if len(state.discards) > i:
        raise error("exchange-out-of-turn", f"the {player} exchanges again: a discard cannot be altered once the stock is taken from")
    if player != state.to_move:
        raise error("exchange-out-of-turn", f"the {player} exchanges before the {state.to_move}, who exchanges first")
    if state.blanche[i] and not state.shown[i]:
        raise error("blanche-not-shown", f"the {player} holds carte blanche and must show it before he exchanges")
    elder_take = state.takes[0] if i else 0
    check_discard(player, state.dealt[i], action.discard, younger_room(elder_take, rs) if i else 0, rs)
    take = check_take(player, action.take, len(action.discard), available(player, elder_take, rs))
    discards, takes = state.discards + (action.discard,), state.takes + (take,)
    law = offence(player, len(action.discard), take, rs)
    pending = None if law is None else (other(player), 28 if law == 28 else 44)
    if not i:
        return replace(state, discards=discards, takes=takes, pending=pending)
    if takes == (len(discards[0]), len(discards[1])):
        hands = deal_exchange(state.dealt[0], state.dealt[1], discards[0], discards[1], state.stock, rs)
    else:
        hands = exchanged_hands(state.dealt[0], state.dealt[1], (discards[0], discards[1]), (takes[0], takes[1]), state.stock, rs)
    position = Position(hands[0], hands[1], rs.play.first_leader)
    return replace(state, discards=discards, takes=takes, hands=hands, position=position, pending=pending)


def _elect(state: DealState, action: Elect, player: Player) -> DealState:
    """The innocent player's election (laws 28, 44): a fresh deal voids the deal; waiving lifts the penalty."""
    offered = options(state)
    if action.choice not in offered or player != state.to_move:
        why = f"the {state.to_move} may elect {', '.join(offered)}" if offered else "no law offers an election now"
        raise error("option-not-offered", f"the {player} elects {action.choice!r}, but {why}")
    if action.choice == "fresh_deal":
        return replace(state, pending=None, void=True)
    if action.choice == "waive":
        i = PLAYERS.index(player)
        return replace(state, pending=None, waived=(True, state.waived[1]) if i == 0 else (state.waived[0], True))
    return replace(state, pending=None)


def options(state: DealState) -> tuple[str, ...]:
    """What the player to elect may elect now (empty unless an irregularity calls for an election)."""
    return OPTIONS[state.pending[1]] if state.pending is not None else ()


def _call(state: DealState, action: Call, player: Player, phase: Phase) -> DealState:
    if phase != "calls":
        when = "before the exchange is over" if phase == "exchange" else "once the play has begun"
        raise error("call-out-of-turn", f"the {player} calls {action.category!r} {when}")
    if state.talk:
        raise error("call-out-of-turn", f"the {player} calls {action.category!r} while the dialogue of {state.category} is under way")
    if player != state.to_move or action.category != state.category:
        raise error("call-out-of-turn", f"the {player} calls {action.category!r}, but the {state.to_move} is to call {state.category}: the elder calls first, point, then sequences, then sets")
    holdings = action.holdings
    if not isinstance(holdings, tuple) or not all(isinstance(h, tuple) for h in holdings):
        raise error("argument-invalid", f"{player}.declare.{action.category}: holdings must be a tuple of card tuples, got {holdings!r}")
    if action.category == "point" and len(holdings) > 1:
        raise error("declare-invalid", f"{player}.declare.point: a point is one holding, got {len(holdings)}")
    assert state.hands is not None
    declared(state.hands[PLAYERS.index(player)], choice_of((action,)), player, state.ruleset)  # raises for a holding not held or not valid
    return replace(state, calls=state.calls + (action,))


def _say(state: DealState, action: Utterance, player: Player, phase: Phase) -> DealState:
    """A call or answer of the calling dialogue (`dialogue`); its end is written as the two compact calls."""
    if phase != "calls":
        when = "before the exchange is over" if phase == "exchange" else "once the play has begun"
        raise error("call-out-of-turn", f"the {player} says {type(action).__name__} {when}")
    assert state.hands is not None and state.category is not None
    if not state.talk and len(state.calls) % len(PLAYERS):
        raise error("call-out-of-turn", f"the {player} says {type(action).__name__}, but the younger is to call {state.category} after the elder's call")
    talk, resolved = say(state.hands, state.discards, state.category, state.talk, action, state.ruleset)
    if resolved is None:
        return replace(state, talk=talk)
    calls = (Call("elder", state.category, resolved[0]), Call("younger", state.category, resolved[1]))
    return replace(state, talk=(), calls=state.calls + calls, allowed=state.talk + (action,) if isinstance(action, Allow) else ())


def _correct(state: DealState, player: Player) -> DealState:
    """The younger replies on his hand in place of the allowing he has just made (law 51)."""
    if not state.allowed or player != "younger":
        why = "only the younger corrects his reply" if player != "younger" else "he has allowed nothing, or the elder has called or led since"
        raise error("correction-too-late", f"the {player} corrects a reply, but {why}: no allowing is open to correction (law 51)")
    reopened = replace(state, calls=state.calls[: -len(PLAYERS)], talk=state.allowed[:-1], allowed=())
    return _say(reopened, Reply("younger"), "younger", "calls")


def _play(state: DealState, action: Play, player: Player, phase: Phase) -> DealState:
    if phase != "play":
        raise error("play-too-early", f"the {player} plays {action.card!r} during the {phase.replace('_', ' ')}: the calls come before the lead")
    if player != state.to_move:
        raise error("play-out-of-turn", f"tricks[{len(state.tricks)}]: the {player} plays, but the {state.to_move} is to play")
    assert state.position is not None
    pos = state.position
    after = after_ply(pos, action.card)
    tricks = state.tricks if pos.lead is None else state.tricks + ((pos.lead, action.card),)
    return replace(state, position=after, tricks=tricks)


def legal_actions(state: DealState) -> tuple[Action, ...]:
    """Every action `apply` accepts in `state`, in a fixed order."""
    return _legal_actions(state) + ((Correct("younger"),) if state.allowed else ())


def _legal_actions(state: DealState) -> tuple[Action, ...]:
    phase, rs = state.phase, state.ruleset
    if phase in ("complete", "void"):
        return ()
    player = state.to_move
    assert player is not None
    i = PLAYERS.index(player)
    if phase == "option":
        return tuple(Elect(player, choice) for choice in options(state))
    if phase == "exchange":
        shows = tuple(ShowBlanche(p) for j, p in enumerate(PLAYERS) if state.blanche[j] and not state.shown[j] and len(state.discards) <= j)
        if state.blanche[i] and not state.shown[i]:
            return shows
        least, most = discard_limits(player, younger_room(state.takes[0], rs) if i else 0, rs)
        held = cards_of(state.dealt[i])
        room = available(player, state.takes[0] if i else 0, rs)
        return shows + tuple(Exchange(player, out, min(k, room)) for k in range(least, min(most, len(held)) + 1) for out in combinations(held, k))
    if phase == "calls":
        assert state.hands is not None and state.category is not None
        category = state.category
        if state.talk:
            return answers(state.hands, state.discards[0], state.talk, rs)
        compact = tuple(Call(player, category, h) for h in call_options(state.hands[i], category, rs))
        return compact + (openings(state.hands[0], state.discards[0], category, rs) if i == 0 else ())
    assert state.position is not None
    return tuple(Play(player, card) for card in legal_plies(state.position))


def irregular_actions(state: DealState) -> tuple[Exchange, ...]:
    """The exchanges `apply` accepts though the laws do not allow them: taking in more or fewer cards than
    discarded (laws 25-35), which the deal survives with the consequences of `penalties`. (A younger left
    fewer cards than he discards by an elder who took past his five takes what is left, law 28: that is legal.)"""
    if state.phase != "exchange":
        return ()
    player = state.to_move
    assert player is not None
    i, rs = PLAYERS.index(player), state.ruleset
    if state.blanche[i] and not state.shown[i]:
        return ()
    least, most = discard_limits(player, younger_room(state.takes[0], rs) if i else 0, rs)
    held = cards_of(state.dealt[i])
    room = available(player, state.takes[0] if i else 0, rs)
    return tuple(
        Exchange(player, out, t) for k in range(least, min(most, len(held)) + 1) for out in combinations(held, k) for t in range(room + 1) if t != min(k, room)
    )


def choice_of(calls: tuple[Call, ...]) -> DeclareChoice:
    """The declaration choice of one player's calls (a category not called is sunk)."""
    made = {c.category: c.holdings for c in calls}
    point = made.get("point", ())
    seqs, sets = made.get("sequences", ()), made.get("sets", ())
    return DeclareChoice(point[0] if point else "none", seqs or "none", sets or "none")


def declarations(state: DealState) -> tuple[Declaration, Declaration]:
    """What each player has declared so far (a category not yet called counts as nothing)."""
    hands = state.hands or state.dealt
    return tuple(  # type: ignore[return-value]
        declared(hands[i], choice_of(tuple(c for c in state.calls if c.player == p)), p, state.ruleset) for i, p in enumerate(PLAYERS)
    )


def replies(state: DealState) -> tuple[CategoryComparison, ...]:
    """The verdict in each category both players have called (the younger's reply: good, equal or not good)."""
    e, y = declarations(state)
    comparison = compare_declarations(e, y, state.ruleset)
    return tuple(comparison.category(c) for c in DECL_CATEGORIES[: len(state.calls) // len(PLAYERS)])


def record(state: DealState) -> DealRecord:
    """The deal record of a state whose calls are over (the shape `score_deal` takes)."""
    if state.phase not in ("play", "complete"):
        raise error("argument-invalid", f"a deal record needs the exchange and the calls over; the deal is at the {state.phase.replace('_', ' ')}")
    regular = state.takes == tuple(len(d) for d in state.discards)
    players = [
        PlayerRecord(
            cards_of(state.dealt[i]), state.discards[i], None, choice_of(tuple(c for c in state.calls if c.player == p)),
            None if regular else state.takes[i], state.waived[i],
        )
        for i, p in enumerate(PLAYERS)
    ]
    return DealRecord(state.ruleset, players[0], players[1], state.stock, state.tricks)


def record_mapping(state: DealState) -> dict[str, object]:
    """`record(state)` as the mapping of DESIGN.md (what `score_deal` reads from YAML or JSON)."""
    rec, rs = record(state), state.ruleset
    out: dict[str, object] = {"ruleset": rs.id}
    for p in PLAYERS:
        side = rec.player(p)
        assert side.dealt is not None and side.discard is not None
        choice = side.declare
        declare = {
            "point": choice.point if isinstance(choice.point, str) else format_cards(choice.point, rs),
            "sequences": choice.sequences if isinstance(choice.sequences, str) else [format_cards(h, rs) for h in choice.sequences],
            "sets": choice.sets if isinstance(choice.sets, str) else [format_cards(h, rs) for h in choice.sets],
        }
        mine: dict[str, object] = {"dealt": format_cards(side.dealt, rs), "discard": format_cards(side.discard, rs), "declare": declare}
        mine.update({"take": side.take} if side.take is not None else {})
        mine.update({"waives_penalty": True} if side.waives_penalty else {})
        out[p] = mine
    out["stock"] = format_cards(state.stock, rs)
    out["tricks"] = [format_cards(t, rs) for t in state.tricks]
    return out


def score(state: DealState) -> DealResult:
    """`score_deal` of the state's record: the deal scored as far as it has gone."""
    return score_deal(record(state))


def run(state: DealState, actions: tuple[Action, ...]) -> DealState:
    """`apply` each action in turn; a rejection carries `step`, the index of the action rejected."""
    for step, action in enumerate(actions):
        try:
            state = apply(state, action)
        except PiquetError as exc:
            exc.step = step
            raise
    return state
