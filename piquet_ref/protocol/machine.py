"""The state machine over JSON: actions read from and written to the protocol's form, the state summary,
and the `apply` and `legal_actions` ops.

An action is a mapping with `player` (elder | younger) and `action`:
`{action: carte_blanche}`; `{action: exchange, discard: [cards], take: n, announced?: bool}` (`take` defaults
to the number discarded; `announced: false`, only for the younger dealt twelve taking in fewer than he
discards, says he did not announce leaving the card, which he may take up in the play with
`{action: take_up}`, Case XIII; the younger's exchange while the elder has still to exchange is his taking in
first, from the top of the stock, law 29, which the elder elects on at once); `{action: call, category: point | sequences | sets, holdings: [[cards], ...]}`
(`[]` calls nothing: sinking the category; the elder's `call` in a category he called nothing in, of the holdings
his calls there declare by implication, is his reckoning of them, until the younger plays to the first trick, law 56,
Case IV); `{action: play, card: C}`; `{action: elect, choice: fresh_deal |
enforce | waive | stand}` (the innocent player's election after an irregularity, laws 28, 29 and 44; the
elder's, to have a fresh deal or stand it, after a wrong number dealt or a card exposed, laws 11 and 13);
`{action: revoke, card: C}` (a card played to a trick not following suit though the player could, law 59 IV)
and `{action: retake}` (the revoke found and taken back); `{action: see_left, look: true | false}` (the
younger's election whether he looks at the cards left in the stock, or the elder's look, law 36);
`{action: mix_left}` (the younger mixes the cards left with his discard unshown) and `{action: see_discard}`
(the elder then sees that discard, once he has led, law 37).
The setup may deal the wrong number of cards (the whole pack, laws 11, 12, 39-43) and name the cards
the dealer `exposed` in dealing (law 13).
The calling dialogue (laws 46-51): `{action: call_point, cards: n}`, `{action: call_value, value: n}`,
`{action: call_sequence, length: n, head?: R}`, `{action: call_set, count: n, rank?: R}` (R a rank symbol;
left out only for a call good against the cards), and the younger's `{action: reply}`, `{action: allow}`,
`{action: ask_value}`, and `{action: correct}` (his reply on his hand in place of an allowing, law 51);
the elder's call of something he does not hold (an irregularity, laws 52-54) and
`{action: correct_miscall, category: C}`, its correction once allowed good (law 52); the younger's
`{action: ask_which}` after a trio and the elder's `{action: name_out, card: C}` (Cases VII, VIII).
Carte blanche's discard first (law 20, Case V): `{action: lay_out, discard: [cards]}`, the younger's discard laid
out before the elder's exchange at the request of an elder holding carte blanche, and `{action: leave, count: n}`,
the elder's saying how many cards of his portion he leaves (law 32), before or after his showing.
Showing (law 55): `{action: ask_show, category: C}`, the player's request that his adversary show his call
of C allowed good or equal (answered by the showing), and `{action: show, category: C}`, his own showing unasked.
"""

from __future__ import annotations

from typing import Any, Mapping, cast

from piquet_ref.hand.cards import Card, cards_of, check_distinct, format_card, format_cards, hand_of, parse_cards
from piquet_ref.hand.declarations import DECL_CATEGORIES
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.codes import error
from piquet_ref.protocol.forms import LegalActionJSON, LegalActionsJSON, StateJSON
from piquet_ref.protocol.results import dumps, result_json
from piquet_ref.rules.loader import DEFAULT_RULESET, load_ruleset
from piquet_ref.machine.state import DealState, apply, check_state, legal_actions, new_deal, options, record_mapping, replies, score
from piquet_ref.machine.actions import Action, Allow, AskValue, AskWhich, Call, CallPoint, CallSequence, CallSet, CallValue, Correct, CorrectMiscall, Elect, Exchange, MixLeft, Play, Reply
from piquet_ref.machine.actions import AskShow, LayOut, LeadOutOfTurn, Leave, NameOut, Retake, Revoke, SeeDiscard, SeeLeft, Show, ShowBlanche, TakeUp
from piquet_ref.machine.actions import ChangeLead, ExposeStock, LeadSeveral, Overplay
from piquet_ref.rules.laws import ELECTIONS
from piquet_ref.machine.counts import count_actions
from piquet_ref.rules.files import LIMITS, Limits
from piquet_ref.rules.ruleset import PLAYERS, Player, Ruleset
from piquet_ref.rules.errors import shown

ACTION_KEYS = {
    "carte_blanche": {"player", "action"},
    "exchange": {"player", "action", "discard", "take", "announced"},
    "call": {"player", "action", "category", "holdings"},
    "play": {"player", "action", "card"},
    "elect": {"player", "action", "choice"},
    "revoke": {"player", "action", "card"},
    "lead_out_of_turn": {"player", "action", "card"},
    "lead_several": {"player", "action", "cards"},
    "change_lead": {"player", "action", "card", "to"},
    "overplay": {"player", "action", "card"},
    "expose_stock": {"player", "action", "card"},
    "retake": {"player", "action"},
    "take_up": {"player", "action"},
    "lay_out": {"player", "action", "discard"},
    "leave": {"player", "action", "count"},
    "see_left": {"player", "action", "look"},
    "mix_left": {"player", "action"},
    "see_discard": {"player", "action"},
    "call_point": {"player", "action", "cards"},
    "call_value": {"player", "action", "value"},
    "call_sequence": {"player", "action", "length", "head"},
    "call_set": {"player", "action", "count", "rank"},
    "reply": {"player", "action"},
    "allow": {"player", "action"},
    "ask_value": {"player", "action"},
    "correct": {"player", "action"},
    "correct_miscall": {"player", "action", "category"},
    "ask_which": {"player", "action"},
    "name_out": {"player", "action", "card"},
    "ask_show": {"player", "action", "category"},
    "show": {"player", "action", "category"},
}
CARD_ACTIONS: dict[str, type[Revoke | LeadOutOfTurn | Overplay | NameOut | ExposeStock]] = {  # besides play
    "revoke": Revoke, "lead_out_of_turn": LeadOutOfTurn, "overplay": Overplay, "name_out": NameOut, "expose_stock": ExposeStock,
}
SHOWINGS: dict[str, type[AskShow | Show]] = {"ask_show": AskShow, "show": Show}
ANSWERS: dict[str, type[Reply | Allow | AskValue | Correct | AskWhich]] = {"reply": Reply, "allow": Allow, "ask_value": AskValue, "correct": Correct, "ask_which": AskWhich}
SETUP_KEYS = {"ruleset", "elder", "younger", "stock", "actions", "exposed"}


def action_of(data: Any, rs: Ruleset, where: str) -> Action:
    """The action a JSON mapping describes; record-invalid naming `where` if it is not one."""
    kind = data.get("action") if isinstance(data, Mapping) else None
    if not isinstance(kind, str) or kind not in ACTION_KEYS:
        raise error("record-invalid", f"{where}: an action is a mapping whose action is one of {sorted(ACTION_KEYS)}, got {shown(data)}")
    unknown = sorted(set(map(str, data)) - ACTION_KEYS[kind])
    if unknown:
        raise error("record-invalid", f"{where}: unknown key(s) {unknown} for a {kind} action; expected {sorted(ACTION_KEYS[kind])}")
    player = data.get("player")
    if player not in PLAYERS:
        raise error("record-invalid", f"{where}.player must be elder or younger, got {shown(player)}")
    if kind == "carte_blanche":
        return ShowBlanche(player)
    if kind == "retake":
        return Retake(player)
    if kind == "take_up":
        return TakeUp(player)
    if kind == "mix_left":
        return MixLeft(player)
    if kind == "see_discard":
        return SeeDiscard(player)
    if kind == "see_left":
        look = data.get("look")
        if type(look) is not bool:
            raise error("record-invalid", f"{where}.look must be true or false, got {shown(look)}")
        return SeeLeft(player, look)
    if kind in ANSWERS:
        return ANSWERS[kind](player)
    if kind in ("call_point", "call_value", "call_sequence", "call_set"):
        return _dialogue_call(data, kind, player, rs, where)
    if kind == "lay_out":
        return LayOut(player, parse_cards(data.get("discard", []), rs, f"{where}.discard"))
    if kind == "leave":
        count = data.get("count")
        if type(count) is not int:
            raise error("record-invalid", f"{where}.count must be an integer, got {shown(count)}")
        return Leave(player, count)
    if kind == "exchange":
        discard = parse_cards(data.get("discard", []), rs, f"{where}.discard")
        take = data.get("take", len(discard))
        if type(take) is not int:
            raise error("record-invalid", f"{where}.take must be an integer, got {shown(take)}")
        announced = data.get("announced", True)
        if type(announced) is not bool:
            raise error("record-invalid", f"{where}.announced must be true or false, got {shown(announced)}")
        return Exchange(player, discard, take, announced)
    if kind == "elect":
        choice = data.get("choice")
        if not isinstance(choice, str):
            raise error("record-invalid", f"{where}.choice must be one of {list(ELECTIONS)}, got {shown(choice)}")
        return Elect(player, choice)
    if kind in ("call", "correct_miscall", *SHOWINGS):
        category = data.get("category")
        if category not in DECL_CATEGORIES:
            raise error("record-invalid", f"{where}.category must be one of {list(DECL_CATEGORIES)}, got {shown(category)}")
        if kind == "correct_miscall":
            return CorrectMiscall(player, category)
        if kind in SHOWINGS:
            return SHOWINGS[kind](player, category)
        holdings = data.get("holdings", [])
        if not isinstance(holdings, list):
            raise error("record-invalid", f"{where}.holdings must be a list of card lists, got {shown(holdings)}")
        return Call(player, category, tuple(parse_cards(h, rs, f"{where}.holdings[{i}]") for i, h in enumerate(holdings)))
    if kind == "lead_several":
        if not isinstance(data.get("cards"), list):
            raise error("record-invalid", f"{where}.cards must be a list of the cards laid down, in the order they are to be played to, got {shown(data.get('cards'))}")
        return LeadSeveral(player, parse_cards(data["cards"], rs, f"{where}.cards"))
    if kind == "change_lead":
        return ChangeLead(player, _one_card(data, "card", rs, where, kind), _one_card(data, "to", rs, where, kind))
    return CARD_ACTIONS.get(kind, Play)(player, _one_card(data, "card", rs, where, kind))


def _one_card(data: Mapping[str, Any], key: str, rs: Ruleset, where: str, kind: str) -> Card:
    """The one card an action's `key` names; record-invalid if it is missing or not one card."""
    if key not in data:
        raise error("record-invalid", f"{where}: a {kind} action needs {key}")
    cards = parse_cards(data[key], rs, f"{where}.{key}")
    if len(cards) != 1:
        raise error("record-invalid", f"{where}.{key} must be one card, got {shown(data[key])}")
    return cards[0]


def _dialogue_call(data: Mapping[str, Any], kind: str, player: Player, rs: Ruleset, where: str) -> Action:
    """A call of the dialogue from its JSON form: integers, and a rank symbol for a head or rank."""
    field = {"call_point": "cards", "call_value": "value", "call_sequence": "length", "call_set": "count"}[kind]
    n = data.get(field)
    if type(n) is not int:
        raise error("record-invalid", f"{where}.{field} must be an integer, got {shown(n)}")
    if kind == "call_point":
        return CallPoint(player, n)
    if kind == "call_value":
        return CallValue(player, n)
    named = data.get("head" if kind == "call_sequence" else "rank")
    symbols = [r.symbol for r in rs.pack.ranks]
    if named is not None and named not in symbols:
        raise error("record-invalid", f"{where}.{'head' if kind == 'call_sequence' else 'rank'} must be a rank symbol {symbols} or absent, got {shown(named)}")
    rank = None if named is None else symbols.index(named)
    return CallSequence(player, n, rank) if kind == "call_sequence" else CallSet(player, n, rank)


def action_json(action: Action, rs: Ruleset) -> dict[str, Any]:
    """The JSON form of an action (what `action_of` reads)."""
    if isinstance(action, ShowBlanche):
        return {"player": action.player, "action": "carte_blanche"}
    if isinstance(action, Exchange):
        return {"player": action.player, "action": "exchange", "discard": format_cards(action.discard, rs), "take": action.take, **({} if action.announced else {"announced": False})}
    if isinstance(action, LayOut):
        return {"player": action.player, "action": "lay_out", "discard": format_cards(action.discard, rs)}
    if isinstance(action, Leave):
        return {"player": action.player, "action": "leave", "count": action.count}
    if isinstance(action, Elect):
        return {"player": action.player, "action": "elect", "choice": action.choice}
    if isinstance(action, Call):
        return {"player": action.player, "action": "call", "category": action.category, "holdings": [format_cards(h, rs) for h in action.holdings]}
    if isinstance(action, Retake):
        return {"player": action.player, "action": "retake"}
    if isinstance(action, TakeUp):
        return {"player": action.player, "action": "take_up"}
    if isinstance(action, SeeLeft):
        return {"player": action.player, "action": "see_left", "look": action.look}
    if isinstance(action, MixLeft):
        return {"player": action.player, "action": "mix_left"}
    if isinstance(action, SeeDiscard):
        return {"player": action.player, "action": "see_discard"}
    if isinstance(action, CorrectMiscall):
        return {"player": action.player, "action": "correct_miscall", "category": action.category}
    if isinstance(action, (AskShow, Show)):
        return {"player": action.player, "action": "ask_show" if isinstance(action, AskShow) else "show", "category": action.category}
    if isinstance(action, LeadSeveral):
        return {"player": action.player, "action": "lead_several", "cards": format_cards(action.cards, rs)}
    if isinstance(action, ChangeLead):
        return {"player": action.player, "action": "change_lead", "card": format_card(action.card, rs), "to": format_card(action.to, rs)}
    if isinstance(action, (NameOut, Revoke, LeadOutOfTurn, Overplay, ExposeStock)):
        return {"player": action.player, "action": next(k for k, t in CARD_ACTIONS.items() if isinstance(action, t)), "card": format_card(action.card, rs)}
    if isinstance(action, (Reply, Allow, AskValue, Correct, AskWhich)):
        return {"player": action.player, "action": next(k for k, t in ANSWERS.items() if isinstance(action, t))}
    if isinstance(action, CallPoint):
        return {"player": action.player, "action": "call_point", "cards": action.cards}
    if isinstance(action, CallValue):
        return {"player": action.player, "action": "call_value", "value": action.value}
    if isinstance(action, CallSequence):
        head = {} if action.head is None else {"head": rs.pack.ranks[action.head].symbol}
        return {"player": action.player, "action": "call_sequence", "length": action.length, **head}
    if isinstance(action, CallSet):
        rank = {} if action.rank is None else {"rank": rs.pack.ranks[action.rank].symbol}
        return {"player": action.player, "action": "call_set", "count": action.count, **rank}
    return {"player": action.player, "action": "play", "card": format_card(action.card, rs)}


def action_label(action: Action, rs: Ruleset) -> str:
    """A one-line label of an action, for `count` breakdowns: the player, the action, then each other
    field of its JSON form in order, a card list in brackets (`younger exchange [7C 7D] 2`,
    `elder call sequences [[AS KS QS] [9H 8H 7H]]`, `younger play 9S`)."""

    def text(value: Any) -> str:
        return f"[{' '.join(text(v) for v in value)}]" if isinstance(value, list) else str(value)

    data = action_json(action, rs)
    return " ".join(text(value) for value in data.values())


def setup_of(data: Any, op: str) -> tuple[DealState, list[Any]]:
    """The dealt state and the raw action list of an `apply` or `legal_actions` input."""
    if not isinstance(data, Mapping):
        raise error("record-invalid", f"{op}: input must be a mapping, got {type(data).__name__}")
    unknown = sorted(set(map(str, data)) - SETUP_KEYS)
    if unknown:
        raise error("record-invalid", f"{op}: unknown key(s) {unknown}; expected {sorted(SETUP_KEYS)}")
    name = data.get("ruleset", DEFAULT_RULESET)
    if not isinstance(name, str):
        raise error("record-invalid", f"ruleset must be a ruleset id string, got {shown(name)}")
    rs = load_ruleset(name)
    groups: list[tuple[str, tuple[Card, ...]]] = []
    for who in PLAYERS:
        side = data.get(who)
        if not isinstance(side, Mapping) or set(side) != {"dealt"}:
            raise error("record-invalid", f"{op}: {who} must be a mapping with dealt (the cards dealt him, twelve in a regular deal), got {shown(side)}")
        groups.append((f"{who}.dealt", parse_cards(side["dealt"], rs, f"{who}.dealt")))
    if "stock" not in data:
        raise error("record-invalid", f"{op}: stock (the cards left after the deal, eight in a regular deal, top first) is required")
    groups.append(("stock", parse_cards(data["stock"], rs, "stock")))
    check_distinct(groups, rs)
    exposed = parse_cards(data.get("exposed", []), rs, "exposed")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise error("record-invalid", f"{op}: actions must be a list, got {type(actions).__name__}")
    return new_deal(hand_of(groups[0][1]), hand_of(groups[1][1]), groups[2][1], rs, exposed), actions


def run_json(data: Any, op: str) -> DealState:
    """The state after the input's actions; a rejection (or a malformed action) carries its `step`."""
    state, raw = setup_of(data, op)
    rs = state.ruleset
    for step, item in enumerate(raw):
        try:
            state = apply(state, action_of(item, rs, f"actions[{step}]"))
        except PiquetError as exc:
            exc.step = step
            raise
    return state


def state_json(state: DealState) -> StateJSON:
    """The summary of a state: phase, who is to act, what has been done, the replies, the score once the calls are over
    (what the `apply` op answers, typed as `forms.StateJSON`)."""
    state = check_state(state)
    rs = state.ruleset
    by_player = dict(zip(PLAYERS, range(len(PLAYERS))))
    made = [(state.discards[i], state.takes[i]) if len(state.discards) > i else None for i in range(len(PLAYERS))]
    made[1] = made[1] or state.took_first  # the younger's exchange made before the elder's (law 29)
    out: dict[str, Any] = {
        "phase": state.phase,
        "to_move": state.to_move,
        "category": state.category,
        "carte_blanche": {p: {"dealt": state.blanche[i], "shown": state.shown[i]} for p, i in by_player.items()},
        "discards": {p: None if m is None else format_cards(m[0], rs) for p, m in zip(PLAYERS, made)},
        "takes": {p: None if m is None else m[1] for p, m in zip(PLAYERS, made)},
        "pending": None if state.pending is None else {"player": state.pending[0], "law": state.pending[1], "options": list(options(state))},
        "reckons_nothing": dict(zip(PLAYERS, state.reckons_nothing)),
        "void_law": state.void_law,
        "left": state.left,
        "hands": {p: format_cards(cards_of(state.hands[i]), rs) for p, i in by_player.items()} if state.hands else None,
        "calls": [action_json(c, rs) for c in state.calls],
        "talk": [action_json(c, rs) for c in state.talk],
        "replies": {c.category: {"outcome": c.outcome, "winner": c.winner, "status": {p: c.status(p) for p in PLAYERS}} for c in replies(state)},
        "tricks": [format_cards(t, rs) for t in state.tricks],
        "lead": format_card(state.position.lead, rs) if state.position and state.position.lead is not None else None,
        "complete": state.phase == "complete",
    }
    if state.claims:  # calls of something not held allowed good, not corrected (laws 52-54)
        out["claims"] = [{"category": c.category, "talk": [action_json(a, rs) for a in c.talk], "exempt": c.exempt, **({"found": True} if c.found else {}),
                          **({"player": c.player, "holding": format_cards(c.holding, rs)} if c.player == "younger" else {})} for c in state.claims]
    if state.laid_out is not None:  # the younger's discard laid out first at a carte blanche's request (Case V)
        out["laid_out"] = {"discard": format_cards(state.laid_out, rs), "may_alter": state.may_alter}
    if state.leaves is not None:  # the elder's saying how many he leaves, and whether before showing (law 32, Case V)
        out["leaves"] = {"count": state.leaves[0], "before_showing": state.leaves[1]}
    if state.took_first is not None:  # the younger took in before the elder (law 29)
        out["took_in_first"] = True
    if any(state.stock_exposed):  # cards of the adversary's portion of the stock shown in the exchange (law 27)
        out["exposed_stock"] = {p: format_cards(cards, rs) for p, cards in zip(PLAYERS, state.stock_exposed) if cards}
    if state.point_lost:  # the elder opened sequences or sets before his point (law 46)
        out["point_lost"] = True
    if state.point_barred:  # the younger's longer point after his asking bars but scores nothing (law 46, Case I)
        out["point_barred"] = True
    if state.showings:  # calls allowed good or equal shown, asked for or unasked (law 55)
        out["showings"] = [{"player": p, "category": c} for p, c in state.showings]
    if state.phase in ("play", "complete"):
        out["cards_left"] = {
            "cards": format_cards(state.cards_left, rs),
            "younger": {None: None, True: "look", False: "decline"}[state.left_election],
            "elder_looked": state.elder_looked,
            "mixed": state.left_mixed,
            "elder_saw_discard": state.discard_seen,
            **({"short": format_cards(state.short_cards, rs)} if state.short else {}),  # left short unannounced (Case XIII)
        }
        out["revoke"] = None if state.revoke is None else {"player": state.revoke.player, "trick": state.revoke.tricks}
        out["lead_out_of_turn"] = state.misled  # the lead under way is out of turn, not yet played to (law 59 III)
        if state.laid:  # a multiple lead under way: its cards not yet played to, the one led now first (law 59 II)
            out["laid"] = format_cards(state.laid, rs)
        if state.overplay_open:  # the follower has just answered a multiple lead's last card and lost it (law 59 II)
            out["overplay_open"] = True
        if state.surplus is not None:  # a card played beyond a multiple lead, lying apart (law 59 II, Case X)
            out["surplus"] = {"player": state.surplus.player, "card": format_card(state.surplus.card, rs), "trick": state.surplus.tricks}
        out["record"] = record_mapping(state)
        if state.revoke is None and state.surplus is None:  # a record with a revoke or a surplus standing is not a legal deal
            out["score"] = result_json(score(state))
    return cast(StateJSON, out)  # built key by key below; tests/test_forms.py checks the shape


def op_apply(data: Any) -> str:
    """Input: setup (`ruleset?`, `elder: {dealt}`, `younger: {dealt}`, `stock`) and `actions` -> the state
    summary after them, or an error whose `step` is the index of the action rejected."""
    return dumps(state_json(run_json(data, "apply")))


def op_legal_actions(data: Any) -> str:
    """Input as for `apply` -> `{phase, to_move, count, actions}`: every action the laws allow next."""
    state = run_json(data, "legal_actions")
    actions = [action_json(a, state.ruleset) for a in legal_actions(state)]
    return dumps({"phase": state.phase, "to_move": state.to_move, "count": len(actions), "actions": actions})


def legal_actions_json(state: DealState) -> LegalActionsJSON:
    """What the `legal_actions` op answers for `state`, as typed data (`forms.LegalActionsJSON`): the phase, who is to
    act, and every action the laws allow next in the form `apply` takes."""
    actions = [cast(LegalActionJSON, action_json(a, state.ruleset)) for a in legal_actions(state)]
    return {"phase": state.phase, "to_move": state.to_move, "count": len(actions), "actions": actions}


def op_count_actions(data: Any, limits: Limits = LIMITS) -> str:
    """Input as for `apply` plus `kind: actions` and `depth` -> `{kind, phase, to_move, total, by_first}`:
    the sequences of `depth` legal actions from the state the actions reach, by first action (`action_label`)."""
    depth = data.get("depth") if isinstance(data, Mapping) else None
    if type(depth) is not int or depth < 0:
        raise error("record-invalid", f"count (actions): depth must be an integer >= 0, got {shown(depth)}")
    state = run_json({k: v for k, v in data.items() if k not in ("kind", "depth")}, "count (actions)")
    count = count_actions(state, depth, limits)
    by_first = {action_label(a, state.ruleset): n for a, n in count.by_first}
    return dumps({"kind": "actions", "phase": state.phase, "to_move": state.to_move, "total": count.total, "by_first": by_first})
