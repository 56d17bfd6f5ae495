"""The deal as a state machine: an immutable state, `apply` and `legal_actions`.

A deal runs through four phases: the exchange (elder, then younger: discard, take in from the top,
the elder leaving what he does not take of his portion, laws 21-24, 30-34; a player dealt carte
blanche shows it before his own exchange, laws 18-20 and Case VI; an elder holding it may have the younger lay
out his discard first and say what he leaves, before or after showing, Case V), the calls (the elder's point first,
law 46, then sequences and sets in either order, law 47; in each category the elder calls first and the
younger's call is his reply, which the machine judges good, equal or not good; an elder who opens
sequences or sets before his point loses it, law 46; sequences or sets his calls name in a category he called
nothing in are declared by implication, barring, and scored once he reckons them, until the younger plays to the
first trick, or once the younger calls something there, Case IV and law 56), the play (laws 59, 65) and the end. A
card of the adversary's portion of the stock shown in the exchange (law 27, `stock_exposure`: `ExposeStock`) is an
irregularity listed in `irregular_actions`; its player reckons nothing unless waived in the play (law 44). So is the
younger's exchange made before the elder's (law 29): he takes in from the top, cards of the elder's portion, and the
elder elects at once a fresh deal, to enforce his penalty of reckoning nothing, or to waive it; the deal standing, the
elder's portion is what the younger left of it. A
lead out of turn (law 59 III) is an irregularity listed in `irregular_actions`: taken back (`Retake`) until the
adversary plays to it, it stands once he has, and the record names the tricks so led (`out_of_turn`). Several cards
led at once (law 59 II, `multiple_lead`: `LeadSeveral`, not listed, an abbreviation of single leads) are played to
one by one; their leader may change one not yet played to (`ChangeLead`, Case XI); a card played beyond them
(`Overplay`, irregular) lies apart until it is taken back with the tricks played since (`Retake`, Case X). An exchange taking in more or fewer cards
than discarded is an irregularity the deal survives (`penalties`): the player plays with the wrong
number, and where he reckons nothing the innocent player elects at once what the laws offer him (law 28:
a fresh deal, which voids the deal; law 44: enforcing or waiving the penalty); `irregular_actions` lists
those exchanges, `legal_actions` what the laws allow. A younger who takes in fewer than he discards without
announcing it may take up the cards so left in the play (`TakeUp`, Case XIII; `shortfall`). A deal of the wrong number of cards or with a card
exposed in dealing (`misdeal`: laws 11-13, 39-43) opens with the elder's election of a fresh deal or
standing it, or is void at once. `apply` returns a new state or raises
a typed `PiquetError` whose code carries its law; the state it was given is never changed. Every rule
is the existing one: the exchange limits and checks of `exchange`, the holdings of `declared`, the
comparison of `compare_declarations`, the play of `counts.legal_plies` / `after_ply`; the finished
state is a deal record and `score_deal` scores it.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from functools import lru_cache
from itertools import combinations
from collections.abc import Sequence
from typing import Any, Callable, Generic, Literal, TypeVar

from piquet_ref.hand.cards import PACK_SIZE, SUIT_CARDS, Card, Hand, cards_of, hand_of_pack, check_card, check_cards, check_hand, check_distinct, format_card, format_cards
from piquet_ref.hand.notation import cards_repr, cards_text, groups_repr
from piquet_ref.deal.counts import Position, after_ply, legal_hand
from piquet_ref.hand.declarations import DECL_CATEGORIES, CategoryComparison, DeclareChoice, Declaration, DeclCategory, carte_blanche
from piquet_ref.hand.declarations import compared, declaration_of, declared
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.codes import error
from piquet_ref.hand.exchange import check_discard, deal_exchange
from piquet_ref.rules.loader import ruleset_of
from piquet_ref.machine.dialogue import Claim, answers, barred_point, best, category_of, claim_allowed, corrected, false_calls, implied, next_speaker, kept_openings, say
from piquet_ref.machine.dialogue import FULL_PACK, singles, younger_claim, younger_false_calls, younger_standing
from piquet_ref.rules.laws import law_of
from piquet_ref.machine.left_cards import cards_left, check_mix, check_see_discard, check_see_left, discard_open, elder_may_look, election_open, may_mix
from piquet_ref.machine.actions import ACTION_TYPES, DIALOGUE_TYPES, Action, Allow, Call, Correct, CorrectMiscall, Elect, Exchange, LeadOutOfTurn, MixLeft, Play, Reply, Retake, Revoke, SeeDiscard, TakeUp
from piquet_ref.machine.actions import ChangeLead, ExposeStock, LeadSeveral, Overplay
from piquet_ref.machine.actions import Actions, Calls, Exchanges, LayOut, Leave
from piquet_ref.machine.actions import AskShow, CallPoint, CallSequence, CallSet, CallValue, NameOut, Opening, SeeLeft, Show, ShowBlanche, Utterance, call_options
from piquet_ref.machine.multiple_lead import Surplus, change_lead, lead_several, overplay, overplays, surplus_retaken, with_surplus
from piquet_ref.deal.irregular.misdeal import check_dealt, deal_options, discard_bounds, excess, unannounced_portion
from piquet_ref.deal.irregular.penalties import available, check_first_take, check_take, election_law, elections, exchanged_first, exchanged_hands, offence, reckons_nothing, tricks_to_play, younger_room
from piquet_ref.deal.record import DealRecord, PlayerRecord
from piquet_ref.machine.revokes import Revoked, after_lead_out_of_turn, after_revoke, check_retake, out_of_turn_leads, revoke_cards
from piquet_ref.rules.ruleset import PLAYERS, Player, Ruleset, check_player, other
from piquet_ref.deal.result import DealResult
from piquet_ref.deal.scoring import score_deal
from piquet_ref.deal.irregular.stock_exposure import check_expose, exposable
from piquet_ref.machine.shortfall import check_take_up, first_renounce, retaken, short_cards, unannounced_short, with_cards
from piquet_ref.machine.showing import Showing, check_show, may_ask, showable
from piquet_ref.rules.errors import shown

OPENINGS = (CallPoint, CallSequence, CallSet)
Phase = Literal["exchange", "option", "calls", "play", "complete", "void"]
NO_CALL = DeclareChoice("none", "none", "none")


T = TypeVar("T")


class derived(Generic[T]):
    """A value a state derives from its fields, worked out the first time it is asked for and kept in the state (a
    state never changes): `functools.cached_property` without its lock, which cost more than most of the values.
    One that `reads` only some fields (`_kept_while`) is carried to the next state while none of them changes."""

    def __init__(self, compute: Callable[[Any], T], reads: frozenset[str] | None = None) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__
        self.reads = reads  # None: worked out afresh in every state

    def __get__(self, state: object, owner: type | None = None) -> T:
        if state is None:
            return self  # type: ignore[return-value]  # the descriptor itself, looked up on the class
        value = self.compute(state)
        state.__dict__[self.name] = value
        return value


def _kept_while(*reads: str) -> Callable[[Callable[[Any], T]], derived[T]]:
    """A `derived` value that depends on the fields `reads` alone, so that a state made from another with none of
    them changed (`_replaced`) keeps it: most steps change the play or the calls and leave the hands, the ruleset
    and the waivers as they were. tests/test_speed_equivalence.py holds each to its value worked out afresh at every step
    of random walks, irregular ones among them."""
    return lambda compute: derived(compute, frozenset(reads))


@dataclass(frozen=True)
class DealState:
    """A deal in progress. `discards` and `calls` hold what has been done, in order; `hands` are the hands
    after the exchange (None before it ends); `position` is the play so far (None before it begins);
    `takes` the cards each took in; `pending` who is to elect an option and under which law; `waived`
    whether each player waived his adversary's penalty (law 44); `void` a fresh deal elected or compelled,
    `void_law` the law under which; `exposed` the cards the dealer exposed in dealing (law 13);
    `unannounced` an elder dealt a wrong number who took in without announcing it (law 39);
    `revoke` the first revoke still standing (law 59 IV); `left_election` the younger's election to look
    at the cards left (True) or not (False), None before it, and `elder_looked` the elder's look (law 36);
    `left_mixed` the younger's mixing them with his discard unshown and `discard_seen` the elder's look at it (law 37);
    `claims` either player's calls of something he does not hold that were allowed good and are not corrected,
    `younger_played` whether the younger has played to the first trick, which ends their correction (law 52),
    and `relead` whether the elder may take back the card he led, the younger having corrected such a call
    after the lead (law 52);
    `showings` who has shown his call of which category (law 55); `point_lost` whether the elder opened
    sequences or sets before his point and so lost it (law 46); `point_barred` whether the younger's point,
    of more cards than the elder's whose value he asked, is his call in the point, barred from scoring (law 46,
    Case I); `short` how many cards the younger left on
    the table short of his take without announcing it, until he takes them up (Case XIII); `laid_out` the
    discard the younger laid out before the elder's exchange at the request of an elder holding carte blanche
    (law 20), and `leaves` what that elder said he leaves of his portion and whether he said it before showing
    (law 32, Case V); `by_cards` every category the elder called by cards, the only calls that name cards, so
    the only ones that declare holdings by implication (Case IV) (a call of the dialogue names a number, a length, a head or a rank, never a suit); `out_of_turn` the tricks (indices into `tricks`, the one under way
    included) led out of turn, and `misled` whether the lead under way is out of turn and not yet played to, so may be
    taken back (law 59 III); `laid` the cards of a multiple lead under way not yet played to, the one led now first,
    `overplay_open` whether the follower has just answered its last card and lost it, so may play a card beyond it,
    and `surplus` such a card, lying apart until it is taken back (law 59 II, Cases X and XI); `stock_exposed` the cards of
    his adversary's portion of the stock each player showed or took up in the exchange (law 27); `took_first` the
younger's discard and take when he took in before the elder's exchange (law 29). Calls are looked
    up by category: after the point the categories may be called in either order (law 47), and the score
    does not depend on it."""

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
    exposed: tuple[Card, ...] = ()
    unannounced: bool = False
    void_law: int | None = None
    revoke: Revoked | None = None
    left_election: bool | None = None
    elder_looked: bool = False
    left_mixed: bool = False
    discard_seen: bool = False
    talk: tuple[Utterance, ...] = ()  # the calling dialogue under way in the category being called
    allowed: tuple[Utterance, ...] = ()  # a dialogue the younger has just ended by allowing the call (law 51)
    claims: tuple[Claim, ...] = ()  # calls of something not held, allowed good, not corrected (laws 52-54)
    younger_played: bool = False  # the younger has played to the first trick: law 52's window is closed
    showings: tuple[Showing, ...] = ()  # calls allowed good or equal shown, asked for or unasked (law 55)
    point_lost: bool = False  # the elder opened sequences or sets before his point: he lost it (law 46)
    point_barred: bool = False  # the younger's point, longer than he asked the value of, bars but scores nothing (law 46, Case I)
    short: int = 0  # cards the younger left short of his take unannounced, not taken up yet (Case XIII)
    laid_out: tuple[Card, ...] | None = None  # the younger's discard laid out first at a carte blanche's request (law 20)
    leaves: tuple[int, bool] | None = None  # the elder's saying he leaves n cards, and whether before showing (law 32, Case V)
    relead: bool = False  # the younger corrected a claim after the elder's lead: the elder may retake it (law 52)
    by_cards: tuple[DeclCategory, ...] = ()  # the categories the elder called by cards, naming them (Case IV)
    out_of_turn: tuple[int, ...] = ()  # the tricks led out of turn, the one under way included (law 59 III)
    misled: bool = False  # the lead under way is out of turn and not yet played to: it may be taken back (law 59 III)
    laid: tuple[Card, ...] = ()  # a multiple lead's cards not yet played to, the one led now first (law 59 II)
    overplay_open: bool = False  # the follower has just answered a multiple lead's last card and lost it (law 59 II)
    surplus: Surplus | None = None  # a card played beyond a multiple lead, not yet taken back (law 59 II, Case X)
    stock_exposed: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())  # (elder, younger) cards of the adversary's stock portion shown (law 27)
    took_first: tuple[tuple[Card, ...], int] | None = None  # the younger's discard and take made before the elder's exchange (law 29)

    # What a state derives from its fields is asked for many times a step (every listing of the legal actions asks
    # the phase and who is to move several times over); a state never changes, so each is worked out once.
    @derived
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
        return "play" if len(self.tricks) < self.deal_tricks or self.revoke or self.surplus else "complete"

    @derived
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
            if self.revoke and self.played_out:
                return self.revoke.player
            return self.position.leader if self.position.lead is None else other(self.position.leader)
        return None

    @derived
    def played_out(self) -> bool:
        """Every trick of the deal has been played (a revoke may still stand)."""
        return self.hands is not None and len(self.tricks) >= self.deal_tricks

    @_kept_while("dealt", "hands")
    def hands_fault(self) -> str | None:
        """What is wrong with the hands, dealt or after the exchange, if one is not four suit masks (`check_hand`);
        None if nothing is. A state a Python caller builds may hold anything; the public functions refuse such a
        state (`check_state`), and a state `new_deal` and `apply` make keeps the verdict while its hands stand."""
        for name, pair in (("dealt", self.dealt), ("hands", self.hands)):
            if pair is None and name == "hands":
                continue
            if not (isinstance(pair, tuple) and len(pair) == len(PLAYERS)):
                return f"state.{name}: {shown(pair)} is not a pair of hands (the elder's, the younger's)"
            for player, hand in zip(PLAYERS, pair):
                try:
                    check_hand(hand, f"state.{name}.{player}")
                except PiquetError as exc:
                    return exc.message
        return None

    @_kept_while("hands", "ruleset")
    def deal_tricks(self) -> int:
        """The tricks of the deal once the hands are made (law 57: as many as the shorter hand can play to); 0 before."""
        return tricks_to_play(self.hands, self.ruleset) if self.hands is not None else 0

    @_kept_while("hands", "dealt", "calls", "by_cards", "ruleset")
    def verdicts(self) -> tuple[CategoryComparison, ...]:
        """The replies (`replies`): they change only with a call. Every step of the calls and the play asks for them
        (the showings open, the dialogue)."""
        return _replies_of(self)

    @property
    def cards_left(self) -> tuple[Card, ...]:
        """The stock cards neither player took in (law 36), once both have exchanged."""
        return cards_left(self.stock, self.takes)

    @property
    def short_cards(self) -> tuple[Card, ...]:
        """The cards the younger left on the table short of his take unannounced, not taken up (Case XIII)."""
        return short_cards(self.stock, self.takes, self.short)

    @property
    def declared_left(self) -> tuple[Card, ...]:
        """The cards left that law 36's election concerns: all the cards left but those the younger left short
        unannounced, which he does not know he left (ambiguity exchange.unannounced-shortfall)."""
        return self.cards_left[self.short :]

    @property
    def take_up_open(self) -> bool:
        """The younger may now take up the cards he left short unannounced (Case XIII): in the play, unmixed."""
        return self.short > 0 and not self.left_mixed and self.phase == "play"

    @derived
    def left_election_open(self) -> bool:
        """The younger is to say now whether he looks at the cards left (law 36)."""
        if self.younger_played:  # his lead out of turn played to stands as his play to the first trick (law 59 III)
            return False
        led = None if self.misled else self.position  # the younger's lead out of turn is not the elder's lead (law 59 III)
        return election_open(self.declared_left, len(self.tricks), led, self.left_election, self.left_mixed)

    @derived
    def elder_has_led(self) -> bool:
        """The elder has led to the first trick (law 37's moment, and law 36's for the elder); a lead of the
        younger's out of turn is not his (law 59 III)."""
        return self.position is not None and ((self.position.lead is not None and self.position.leader == PLAYERS[0]) or bool(self.tricks))

    @derived
    def category(self) -> DeclCategory | None:
        """The category being called (calls phase only): the one whose dialogue is under way, or whose
        elder's call awaits the younger's; when the elder is to open, the first of `to_open` (the order of
        law 67, the usual one: after his point he may open either of the others, law 47)."""
        if self.phase != "calls":
            return None
        if self.talk:
            return _talk_category(self.talk)
        return self.calls[-1].category if len(self.calls) % len(PLAYERS) else self.to_open[0]

    @property
    def to_open(self) -> tuple[DeclCategory, ...]:
        """The categories not yet called that the elder may open: his point before anything else (law 46),
        then sequences and sets in either order (law 47)."""
        done = {c.category for c in self.calls}
        left = tuple(c for c in DECL_CATEGORIES if c not in done)
        return left[:1] if left[:1] == ("point",) else left

    @property
    def left(self) -> int | None:
        """How many cards of his portion of the stock the elder left (law 32); None before he exchanges."""
        return max(0, self.portion - self.takes[0]) if self.discards else None

    @property
    def split(self) -> int:
        """Where the younger's portion of the stock begins: after the elder's five, or what leaves the younger three after law 39."""
        return unannounced_portion(len(self.stock), self.ruleset) if self.unannounced else self.ruleset.exchange.elder_max

    @property
    def mixed(self) -> int:
        """The cards of the elder's portion the younger took in before the elder's exchange (law 29)."""
        return self.took_first[1] if self.took_first is not None else 0

    @property
    def portion(self) -> int:
        """The elder's portion of the stock: the cards above the younger's (`split`), less those the younger took in
        before him (law 29: he takes only his unmixed cards)."""
        return self.split - self.mixed

    @property
    def may_alter(self) -> bool:
        """The younger may alter the discard he laid out first (Case V): the elder, once exchanged, left cards
        of his portion without saying so before he showed his carte blanche."""
        return self.laid_out is not None and len(self.discards) == 1 and bool(self.left) and not (self.leaves and self.leaves[1])

    @property
    def reckons_nothing(self) -> tuple[bool, bool]:
        """Who reckons nothing that deal, once the exchange is over (laws 25-35, 58, 44; law 54)."""
        held = self.exchange_penalties
        due = self.offences
        return held[0] or (due[0] and not self.waived[1]), held[1] or (due[1] and not self.waived[0])

    @_kept_while("hands", "dealt", "calls", "by_cards", "ruleset", "claims", "showings")
    def showable_calls(self) -> tuple[tuple[DeclCategory, ...], tuple[DeclCategory, ...]]:
        """(elder, younger) the categories each may show, asked or not (`showable`): they change only with a call, a
        claim or a showing."""
        verdicts = self.verdicts
        return showable(verdicts, self.claims, self.showings, PLAYERS[0]), showable(verdicts, self.claims, self.showings, PLAYERS[1])

    @_kept_while("calls", "by_cards", "ruleset")
    def implied_calls(self) -> tuple[Call, ...]:
        """The elder's holdings declared by implication (`implications`): they change only with a call."""
        return _implications(self)

    @_kept_while("hands", "waived", "ruleset", "took_first")
    def exchange_penalties(self) -> tuple[bool, bool]:
        """Who reckons nothing for his exchange, unless waived at the election it opened: ending with more than twelve
        (laws 25-35, 58; an elder taking past what the younger left of his portion ends so, law 28) and the younger
        taking in before the elder (law 29)."""
        held = reckons_nothing(self.hands, self.waived, self.ruleset) if self.hands else (False, False)
        return held[0], held[1] or (self.took_first is not None and not self.waived[0])

    @property
    def offences(self) -> tuple[bool, bool]:
        """Who (elder, younger) must reckon nothing, unless waived, for a claim not held (law 54, `false_claims`) or a
        card of his adversary's portion of the stock shown in the exchange (law 27)."""
        claimed, shown = self.false_claims, self.stock_exposed
        return claimed[0] or bool(shown[0]), claimed[1] or bool(shown[1])

    def exposable(self, player: Player) -> tuple[Card, ...]:
        """The stock cards whose showing by `player` now offends law 27 (`stock_exposure.exposable`): none but in the
        exchange, and none by a younger who has taken in before the elder (law 29)."""
        if self.phase != "exchange" or (player == PLAYERS[1] and self.took_first is not None):
            return ()
        return exposable(player, self.stock, self.split, self.said_left, self.takes, self.stock_exposed[PLAYERS.index(player)])

    @property
    def said_left(self) -> int:
        """How many cards of his portion the elder said he leaves (law 32), none if he said nothing."""
        return self.leaves[0] if self.leaves else 0

    @property
    def false_claims(self) -> tuple[bool, bool]:
        """Who (elder, younger) reckons nothing for a claim allowed good that he does not hold, neither corrected
        nor exempt (law 54; as the deal stands: he may still correct it until the younger plays, law 52)."""
        return (any(not c.exempt and c.player == PLAYERS[0] for c in self.claims), any(not c.exempt and c.player == PLAYERS[1] for c in self.claims))

    def __str__(self) -> str:
        """The deal as it stands, in notation: the phase and who is to act, each hand (as dealt until the exchange is
        over, then as held), the stock, each exchange, the calls, the tricks and a lead under way."""
        to_move = self.to_move
        lines = [f"{self.phase}{f', {to_move} to act' if to_move else ''} ({self.ruleset.id})"]
        held = self.position or self.hands
        for i, p in enumerate(PLAYERS):
            hand = self.dealt[i] if held is None else held[i]
            lines.append(f"{p:8} {'dealt' if held is None else 'holds'} {hand or '-'}")
        lines.append(f"stock    {cards_text(self.stock)}")
        for p, discard, take in zip(PLAYERS, self.discards, self.takes):
            lines.append(f"{p:8} discarded {cards_text(discard)}, took {take}")
        lines += [f"call     {c}" for c in self.calls]
        lines += [f"said     {u}" for u in self.talk]
        lines += [f"trick    {cards_text(t)}" for t in self.tricks]
        if self.position is not None and self.position.lead is not None:
            lines.append(f"led      {format_card(self.position.lead)}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        """The constructor call, each field that differs from its default, every card in notation, so that it reads
        back with the public names of `piquet_ref` (the actions, and the state's parts `Position`, `Revoked`, `Claim`,
        `Surplus`, are among them)."""
        parts = []
        for f in fields(self):
            value = getattr(self, f.name)
            if f.default is not MISSING and value == f.default:
                continue
            if f.name in ("stock", "exposed", "laid", "laid_out") and value is not None:
                text = cards_repr(value)
            elif f.name in ("discards", "stock_exposed", "tricks"):
                text = groups_repr(value)
            elif f.name == "took_first" and value is not None:
                text = f"({cards_repr(value[0])}, {value[1]!r})"
            else:
                text = repr(value)
            parts.append(f"{f.name}={text}")
        return f"DealState({', '.join(parts)})"


FIELDS = frozenset(f.name for f in fields(DealState))
DERIVED = tuple(value for value in vars(DealState).values() if isinstance(value, derived))


@lru_cache(maxsize=1 << 8)
def _dropped(changed: tuple[str, ...]) -> tuple[str, ...]:
    """The derived values a change of the fields `changed` leaves to be worked out afresh (keyed by the names in the
    order a caller gives them, which each call site keeps); a name that is no field is a TypeError, as
    `dataclasses.replace` makes it."""
    unknown = set(changed) - FIELDS
    if unknown:
        raise TypeError(f"DealState has no field {sorted(unknown)[0]}")
    return tuple(d.name for d in DERIVED if d.reads is None or d.reads & set(changed))


def _replaced(state: DealState, **changes: object) -> DealState:
    """`dataclasses.replace` for a DealState, in a fraction of its time (every action makes a new state of some
    fifty fields): the fields copied as they are, those named changed, and of what was derived only what reads
    none of them carried over (`_kept_while`)."""
    dropped = _dropped(tuple(changes))
    values = dict(state.__dict__)
    for name in dropped:
        values.pop(name, None)
    values.update(changes)
    new = object.__new__(DealState)
    object.__setattr__(new, "__dict__", values)
    return new


def new_deal(
    elder_dealt: Hand, younger_dealt: Hand, stock: tuple[Card, ...], ruleset: Ruleset | str | None = None, exposed: tuple[Card, ...] = (),
) -> DealState:
    """The state of a deal just dealt: both hands and the stock, top first, the whole pack; `exposed` the
    cards the dealer showed in dealing. Twelve each and eight in the stock is a regular deal; one card
    astray (a stock of seven or eight) gives the elder the option of a fresh deal (law 11), as does a card
    of his or the stock's exposed (law 13); more astray or a stock of nine voids the deal (law 12).

    laws: 9, 11, 12, 13
    post: __return__.dealt == (elder_dealt, younger_dealt) and __return__.stock == stock
    post: __return__.discards == () and __return__.calls == () and __return__.tricks == () and __return__.hands is None
    post: __return__.phase in ("exchange", "option", "void") and __return__.void == (__return__.void_law is not None)
    post: __return__.pending is None or __return__.pending[0] == "elder"
    post: to_the_exchange_only_when_dealt_by_law(elder_dealt, younger_dealt, stock, __return__)
    post: to_the_exchange_when_dealt_by_law_and_none_exposed(elder_dealt, younger_dealt, stock, exposed, __return__)
    """
    rs = ruleset_of(ruleset)
    e, y, stock, shape = check_dealt(elder_dealt, younger_dealt, stock, rs)
    shown = check_cards(exposed, "exposed")
    check_distinct([("exposed", shown)], rs)
    blanche = (carte_blanche(e, rs), carte_blanche(y, rs))
    state = DealState(rs, (e, y), stock, blanche, (False, False), (), None, (), None, (), exposed=tuple(sorted(shown)))
    if shape == "misdeal":
        return _replaced(state, void=True, void_law=law_of("deal.misdeal").number)
    laws = deal_options(state.dealt, stock, state.exposed, rs)
    return _replaced(state, pending=(PLAYERS[0], laws[0])) if laws else state


def to_the_exchange_only_when_dealt_by_law(
    elder_dealt: Hand, younger_dealt: Hand, stock: tuple[Card, ...], result: DealState,
) -> bool:
    """A deal goes straight to the exchange only when dealt by law: twelve cards each and eight to the stock
    (laws 9, 11, 12)."""
    pack = result.ruleset.pack
    dealt = (sum(m.bit_count() for m in elder_dealt), sum(m.bit_count() for m in younger_dealt), len(stock))
    return result.phase != "exchange" or dealt == (pack.hand_size, pack.hand_size, pack.stock_size)


def to_the_exchange_when_dealt_by_law_and_none_exposed(
    elder_dealt: Hand, younger_dealt: Hand, stock: tuple[Card, ...], exposed: tuple[Card, ...], result: DealState,
) -> bool:
    """A deal dealt by law, twelve cards each and eight to the stock, with no card exposed in dealing, goes straight
    to the exchange (laws 9, 13)."""
    pack = result.ruleset.pack
    dealt = (sum(m.bit_count() for m in elder_dealt), sum(m.bit_count() for m in younger_dealt), len(stock))
    return result.phase == "exchange" or not dealt == (pack.hand_size, pack.hand_size, pack.stock_size) or bool(exposed)


def apply(state: DealState, action: Action) -> DealState:
    """The state after `action`; a typed `PiquetError` (with the law it enforces) if the laws reject it.

    The laws accept exactly the actions they allow and the irregularities they provide a remedy for; the deal
    dealt never changes; and a card once played is not taken up again except by retaking a revoke (law 59 IV),
    or a renounce the younger made short of a card he left unannounced and takes up (Case XIII), or the
    elder's lead after the younger's correction of a claim (law 52), or a lead out of turn the adversary has
    not played to (law 59 III), which then stands: only such a lead is taken back while it is under way; or the
    tricks played after a multiple lead with the surplus card played to it (law 59 II, Case X). Several cards led
    at once (`LeadSeveral`) are accepted though not listed: they abbreviate single leads.

    rules: play.follow-suit, play.first-lead
    laws: 52, 59
    raises: PiquetError
    post: action in legal_actions(state) or action in irregular_actions(state) or isinstance(action, LeadSeveral)
    post: __return__.dealt == state.dealt and __return__.stock == state.stock and __return__.ruleset == state.ruleset
    post: isinstance(action, (Retake, TakeUp)) or __return__.tricks[: len(state.tricks)] == state.tricks
    post: isinstance(action, (Play, Revoke, Retake, TakeUp)) or __return__.tricks == state.tricks
    post: lead_taken_back_only_after_the_youngers_correction(state, action, __return__)
    post: lead_out_of_turn_named_while_under_way(state, action, __return__)
    post: lead_out_of_turn_stands_once_played_to(state, action, __return__)
    post: lead_out_of_turn_taken_back_gives_back_the_turn(state, action, __return__)
    post: tricks_led_out_of_turn_in_order(__return__)
    post: first_card_laid_is_the_card_led(state, action, __return__)
    post: overplay_open_only_after_the_last_answer(state, action, __return__)
    post: (__return__.surplus is None) == (state.surplus is None) or isinstance(action, (Overplay, Retake, TakeUp))
    """
    after = _apply(state, action)
    after = _replaced(after, overplay_open=False) if state.overplay_open else after  # open only right after the last answer (law 59 II)
    showing = isinstance(action, (AskShow, Show))  # neither the elder's call nor his lead: law 51's window stays open
    return _replaced(after, allowed=()) if state.allowed and after.allowed == state.allowed and not showing else after  # law 51: the window closes


def lead_taken_back_only_after_the_youngers_correction(state: DealState, action: Action, result: DealState) -> bool:
    """The elder may take back the card he led only while it is led and the younger has not played to the first
    trick, the younger having corrected a call (by this action or before) after the lead (law 52)."""
    return not result.relead or (
        result.position is not None and result.position.lead is not None and not result.younger_played
        and (state.relead or (isinstance(action, (CorrectMiscall, Show)) and action.player == "younger"))
    )


def lead_out_of_turn_named_while_under_way(state: DealState, action: Action, result: DealState) -> bool:
    """A lead out of turn not yet played to is a card led, led out of turn by this action or before, and its trick
    is named among those led out of turn (law 59 III)."""
    return not result.misled or (
        result.position is not None and result.position.lead is not None and len(result.tricks) in result.out_of_turn
        and (state.misled or isinstance(action, LeadOutOfTurn))
    )


def lead_out_of_turn_stands_once_played_to(state: DealState, action: Action, result: DealState) -> bool:
    """A lead out of turn the adversary plays to stands: its trick is made with it, still named as led out of
    turn, and it may no longer be taken back (law 59 III)."""
    return not (state.misled and isinstance(action, (Play, Revoke))) or (
        not result.misled and state.position is not None and result.tricks[-1][0] == state.position.lead
        and len(state.tricks) in result.out_of_turn
    )


def lead_out_of_turn_taken_back_gives_back_the_turn(state: DealState, action: Action, result: DealState) -> bool:
    """A lead out of turn taken back leaves no card led, the player whose turn it was on lead, and its trick no
    longer named as led out of turn (law 59 III)."""
    return not (state.misled and isinstance(action, Retake)) or (
        state.position is not None
        and result.position == state.position._replace(leader=other(state.position.leader), lead=None)
        and result.out_of_turn == state.out_of_turn[:-1]
    )


def tricks_led_out_of_turn_in_order(result: DealState) -> bool:
    """The tricks named as led out of turn are tricks played or the one under way, each once, in order (law 59 III)."""
    led = result.out_of_turn
    return all(i <= len(result.tricks) for i in led) and list(led) == sorted(set(led))


def first_card_laid_is_the_card_led(state: DealState, action: Action, result: DealState) -> bool:
    """While cards of a multiple lead lie not yet played to, the first of them is the card led, and they were laid
    down by this action or before (law 59 II)."""
    return not result.laid or (
        result.position is not None and result.position.lead == result.laid[0]
        and (bool(state.laid) or isinstance(action, LeadSeveral))
    )


def overplay_open_only_after_the_last_answer(state: DealState, action: Action, result: DealState) -> bool:
    """A card may be played beyond a multiple lead only right after the follower's answer to its last card laid
    (law 59 II, Case X)."""
    return not result.overplay_open or (
        not state.overplay_open and len(state.laid) == 1 and isinstance(action, (Play, Revoke)) and not result.laid
    )


def check_state(state: object) -> DealState:
    """`state` if it is a DealState whose hands are hands (`DealState.hands_fault`), else `argument-invalid`: a Python
    caller's argument, checked once per call of a public function (`legal_actions`, `apply`, `protocol.state_json`).

    raises: PiquetError
    post: __return__ is state and __return__.hands_fault is None
    """
    if not isinstance(state, DealState):
        raise error("argument-invalid", f"state must be a DealState (see new_deal, apply), got {type(state).__name__}")
    fault = state.hands_fault
    if fault is not None:
        raise error("argument-invalid", fault)
    return state


def _apply(state: DealState, action: Action) -> DealState:
    state = check_state(state)
    if not isinstance(action, ACTION_TYPES):
        raise error("argument-invalid", f"action must be ShowBlanche, LayOut, Leave, Exchange, Call, Play, Elect, Revoke, Retake, TakeUp, SeeLeft, MixLeft, SeeDiscard, ExposeStock, AskShow, Show or a call of the dialogue, got {type(action).__name__}")
    player = check_player(action.player, "action.player")
    phase = state.phase
    if phase == "complete":
        raise error("deal-over", f"the deal is over after {len(state.tricks)} tricks; the {player} can take no further action")
    if phase == "void":
        raise error("deal-over", f"the deal is void (law {state.void_law}): it is dealt afresh; the {player} can take no further action")
    if isinstance(action, Elect):
        return _elect(state, action, player)
    if phase == "option":
        if isinstance(action, Exchange) and player == state.to_move and _may_take_unannounced(state):
            return _exchange(_replaced(state, pending=None, unannounced=True), action, player, "exchange")
        assert state.pending is not None
        who, law = state.pending
        raise error("option-pending", f"the {who} is to elect first what law {law} offers him ({', '.join(options(state))}); the {player} cannot act before", law)
    if type(action) is Play:  # most steps of a deal: ahead of the other kinds
        return _play(state, action, player, phase)
    if isinstance(action, ShowBlanche):
        return _show(state, player, phase)
    if isinstance(action, Exchange):
        return _exchange(state, action, player, phase)
    if isinstance(action, LayOut):
        return _lay_out(state, action, player)
    if isinstance(action, Leave):
        return _leave(state, action, player)
    if isinstance(action, Call):
        return _call(state, action, player, phase)
    if isinstance(action, Retake):
        return _retake(state, player)
    if isinstance(action, TakeUp):
        return _take_up(state, player, phase)
    if isinstance(action, SeeLeft):
        return _see_left(state, action, player)
    if isinstance(action, ExposeStock):
        return _expose_stock(state, action, player)
    if isinstance(action, MixLeft):
        check_mix(player, state.cards_left, state.left_mixed, state.elder_looked)
        return _replaced(state, left_mixed=True)
    if isinstance(action, SeeDiscard):
        check_see_discard(player, state.left_mixed, state.elder_has_led, state.discard_seen)
        return _replaced(state, discard_seen=True)
    if isinstance(action, Correct):
        return _correct(state, player)
    if isinstance(action, CorrectMiscall):
        return _correct_miscall(state, action, player)
    if isinstance(action, (AskShow, Show)):
        return _show_call(state, action, player)
    if isinstance(action, DIALOGUE_TYPES):
        return _say(state, action, player, phase)
    if isinstance(action, LeadOutOfTurn):
        return _lead_out_of_turn(state, action, player, phase)
    if isinstance(action, (LeadSeveral, ChangeLead, Overplay)):
        return _multiple_lead(state, action, player, phase)
    return _play(state, action, player, phase)


def _expose_stock(state: DealState, action: ExposeStock, player: Player) -> DealState:
    """A card of the adversary's portion of the stock shown in the exchange (law 27): the player reckons nothing
    unless the adversary waives it (law 44, in the play: `_waivers`)."""
    i = PLAYERS.index(player)
    if player == PLAYERS[1] and state.took_first is not None and state.phase == "exchange":
        name = format_card(check_card(action.card, "action.card"), state.ruleset)
        raise error("expose-stock-invalid", f"the younger shows {name} of the stock as a card of the elder's portion, but he has taken in already, before the elder (law 29)")
    card = check_expose(player, action.card, state.stock, state.split, state.said_left, state.takes, state.stock_exposed[i], state.ruleset)  # after the exchange: both took in
    shown = state.stock_exposed[i] + (card,)
    return _replaced(state, stock_exposed=(shown, state.stock_exposed[1]) if i == 0 else (state.stock_exposed[0], shown))


def _show(state: DealState, player: Player, phase: Phase) -> DealState:
    i = PLAYERS.index(player)
    if not state.blanche[i]:
        courts = [format_card(c, state.ruleset) for c in cards_of(state.dealt[i]) if 1 << (c & 7) & state.ruleset.carte_blanche.court_mask]
        raise error("blanche-not-held", f"the {player} shows carte blanche, but his dealt hand holds {' '.join(courts) or 'too few cards'}")
    if state.shown[i] or len(state.discards) > i:
        raise error("call-out-of-turn", f"the {player} shows carte blanche {'a second time' if state.shown[i] else 'after his exchange'}")
    shown = (True, state.shown[1]) if i == 0 else (state.shown[0], True)
    return _replaced(state, shown=shown)


def _exchange(state: DealState, action: Exchange, player: Player, phase: Phase) -> DealState:
    rs = state.ruleset
    i = PLAYERS.index(player)
    if len(state.discards) > i or (i and state.took_first is not None):
        raise error("exchange-out-of-turn", f"the {player} exchanges again: a discard cannot be altered once the stock is taken from")
    if player != state.to_move:
        if i and _first_open(state):
            return _exchange_first(state, action)
        raise error("exchange-out-of-turn", f"the {player} exchanges before the {state.to_move}, who exchanges first")
    if state.blanche[i] and not state.shown[i]:
        raise error("blanche-not-shown", f"the {player} holds carte blanche and must show it before he exchanges")
    _check_case_v(state, action, player)
    elder_take, shift = state.takes[0] if i else 0, excess(state.dealt[i], rs)
    room = younger_room(elder_take, rs) if i else 0
    check_discard(player, state.dealt[i], action.discard, room, rs, discard_bounds(player, shift, len(state.stock), room, state.portion, rs))
    most = available(player, elder_take, len(state.stock)) - state.mixed
    take = check_take(player, action.take, len(action.discard), most)
    short = unannounced_short(player, action.announced, len(action.discard), take, most, shift)
    discards, takes = state.discards + (action.discard,), state.takes + (take,)
    law = offence(player, len(action.discard), take, rs, shift, state.portion)
    pending = None if law is None else (other(player), election_law(law).number)
    if state.took_first is not None:  # the younger took in before the elder (law 29): the exchange is over
        discards, takes = (action.discard, state.took_first[0]), (take, state.mixed)
    elif not i:
        return _replaced(state, discards=discards, takes=takes, pending=pending)
    hands = _exchanged(state, discards, takes)
    position = Position(hands[0], hands[1], rs.play.first_leader)
    return _replaced(state, discards=discards, takes=takes, hands=hands, position=position, pending=pending, short=short)


def _first_open(state: DealState) -> bool:
    """The younger can take in before the elder (law 29's irregularity): in the exchange, neither has exchanged."""
    return state.phase == "exchange" and not state.discards and state.took_first is None


def _exchange_first(state: DealState, action: Exchange) -> DealState:
    """The younger's exchange before the elder's (law 29): he lays out what he could had the elder taken his whole
    portion (the discard he laid out first, if he did: law 20, Case V) and takes in from the top of the stock, at least one card and no more than the elder's portion less what the
    elder said he leaves, nor than he lays out; the elder is to elect at once (reading exchange.younger-first)."""
    rs, younger = state.ruleset, PLAYERS[1]
    if state.blanche[1] and not state.shown[1]:
        raise error("blanche-not-shown", "the younger holds carte blanche and must show it before he exchanges")
    if state.laid_out is not None and action.discard != state.laid_out:
        raise error("discard-laid-out", f"the younger laid out {' '.join(format_cards(state.laid_out, rs))} first and may not alter it to {' '.join(format_cards(action.discard, rs))}")
    check_discard(younger, state.dealt[1], action.discard, younger_room(state.split, rs), rs, _first_bounds(state))
    take = check_first_take(action.take, len(action.discard), excess(state.dealt[1], rs), state.portion - state.said_left)
    if not take:
        raise error("exchange-out-of-turn", "the younger exchanges before the elder, who exchanges first: taking in nothing, he has only laid out his discard out of turn")
    if not action.announced:
        raise error("exchange-unannounced-invalid", "the younger takes in before the elder, from the elder's portion: no card of his own is left short unannounced (Case XIII)")
    return _replaced(state, took_first=(action.discard, take), pending=(PLAYERS[0], law_of("exchange.younger-takes-in-first").number))


def _firsts(state: DealState) -> tuple[Exchange, ...]:
    """The younger's exchanges before the elder's that `apply` accepts (law 29; `_exchange_first`)."""
    if not _first_open(state) or (state.blanche[1] and not state.shown[1]):
        return ()
    shift, (least, most) = excess(state.dealt[1], state.ruleset), _first_bounds(state)
    outs = tuple(out for out in _discards(state, 1, least, most) if least <= len(out) <= most)  # a discard laid out first may be longer (Case V)
    return tuple(Exchange(PLAYERS[1], out, t) for out in outs for t in range(1, min(state.portion - state.said_left, len(out) - shift) + 1))


def _first_bounds(state: DealState) -> tuple[int, int]:
    """(least, most) cards the younger may lay out taking in before the elder: what he could lay out had the elder
    taken his whole portion (reading exchange.younger-first)."""
    rs = state.ruleset
    return discard_bounds(PLAYERS[1], excess(state.dealt[1], rs), len(state.stock), younger_room(state.split, rs), state.split, rs)


def _lay_out_open(state: DealState) -> bool:
    """The younger may lay out his discard first: the elder holds carte blanche unshown and neither has exchanged (law 20)."""
    return state.blanche[0] and not state.shown[0] and not state.discards and state.laid_out is None and state.took_first is None


def _lay_out(state: DealState, action: LayOut, player: Player) -> DealState:
    """The younger's discard laid out before the elder's exchange, at a carte blanche's request (law 20)."""
    if player != PLAYERS[1] or not _lay_out_open(state):
        why = "only the younger lays out first" if player != PLAYERS[1] else "only before an unshown carte blanche of the elder's exchange, once"
        raise error("lay-out-out-of-turn", f"the {player} lays out a discard before the elder's exchange: {why}")
    check_discard(player, state.dealt[1], action.discard, _room(state), state.ruleset, _lay_out_bounds(state))
    return _replaced(state, laid_out=action.discard)


def _room(state: DealState) -> int:
    """What the younger's discard limits are reckoned from before the elder's exchange: his portion, less
    what he said he leaves (law 32)."""
    return younger_room(state.portion - state.said_left, state.ruleset)


def _lay_out_bounds(state: DealState) -> tuple[int, int]:
    """(least, most) cards the younger may lay out first: as if the elder took all but what he said he leaves."""
    least, most, _, _ = _exchange_space(_replaced(state, takes=(_room(state),)), 1)
    return least, most


def _leave_counts(state: DealState) -> tuple[int, ...]:
    """How many cards of his portion the elder holding carte blanche may say he leaves (law 32): before he
    shows, or after it once the younger has laid out (Case V); at least one, and no more than leaves him a take.
    The take he keeps room for and the cards he is dealt over twelve make his discard (laws 40-43)."""
    if not (state.blanche[0] and not state.discards and state.took_first is None and state.leaves is None and (state.laid_out is not None or not state.shown[0])):
        return ()
    shift = excess(state.dealt[0], state.ruleset)
    least, most = discard_bounds(PLAYERS[0], shift, len(state.stock), 0, state.portion, state.ruleset)
    return tuple(n for n in range(1, state.portion + 1) if least <= state.portion - n + shift <= most)


def _leave(state: DealState, action: Leave, player: Player) -> DealState:
    """The elder holding carte blanche says how many cards of his portion he leaves (law 32, Case V)."""
    counts = _leave_counts(state) if player == PLAYERS[0] else ()
    if type(action.count) is not int or action.count not in counts:
        why = f"he may say {', '.join(map(str, counts))}" if counts else "only the elder holding carte blanche, before his exchange, once, and after showing only once the younger has laid out"
        raise error("leave-invalid", f"the {player} says he leaves {shown(action.count)} cards: {why}")
    return _replaced(state, leaves=(action.count, not state.shown[0]))


def _check_case_v(state: DealState, action: Exchange, player: Player) -> None:
    """The elder takes what he said he leaves room for (law 32); the younger exchanges the discard he laid out
    first unless the elder's late saying lets him alter it (Case V)."""
    if player == PLAYERS[0] and state.leaves and state.took_first is None and action.take != state.portion - state.leaves[0]:
        raise error("exchange-contradicts-leave", f"the elder said he leaves {state.leaves[0]} of his {state.portion} cards, but takes in {shown(action.take)}")
    if player == PLAYERS[1] and state.laid_out is not None and action.discard != state.laid_out and not state.may_alter:
        raise error("discard-laid-out", f"the younger laid out {' '.join(format_cards(state.laid_out, state.ruleset))} first and may not alter it to {' '.join(format_cards(action.discard, state.ruleset))}: the elder left no card, or said so before showing")


def _exchanged(state: DealState, discards: tuple[tuple[Card, ...], ...], takes: tuple[int, ...]) -> tuple[Hand, Hand]:
    """The hands after both players laid out `discards` and took `takes` from the top of the stock."""
    rs = state.ruleset
    if state.took_first is not None:  # the younger took in first (law 29)
        return exchanged_first(state.dealt[0], state.dealt[1], (discards[0], discards[1]), (takes[0], takes[1]), state.stock, rs)
    if takes == (len(discards[0]), len(discards[1])) and not any(excess(h, rs) for h in state.dealt):
        return deal_exchange(state.dealt[0], state.dealt[1], discards[0], discards[1], state.stock, rs)
    return exchanged_hands(state.dealt[0], state.dealt[1], (discards[0], discards[1]), (takes[0], takes[1]), state.stock, rs)


def _elect(state: DealState, action: Elect, player: Player) -> DealState:
    """The innocent player's election (laws 11, 13, 28, 29, 44): a fresh deal voids the deal; standing it goes on
    to the next election the deal offers, or to the exchange; waiving lifts the penalty."""
    offered = options(state)
    elector = state.pending[0] if state.pending is not None else _waiver(state, player)  # law 54's waiver: the adversary's
    if action.choice not in offered or player != elector:
        law = _election_law(state, action.choice)
        lost = state.pending is None and law is not None
        correctable = miscall_open(state)
        why = (f"the {elector} may elect {', '.join(offered)}" if offered
               else f"the elder lost that election by taking in without announcing a wrong number (law {law})" if lost
               else f"the {correctable[0].player} may still correct his call of {correctable[0].category} until the younger plays to the first trick (law 52): no penalty is incurred yet" if correctable
               else "no law offers an election now")
        raise error("option-not-offered", f"the {player} elects {shown(action.choice)}, but {why}", law)
    if state.pending is None:  # law 54's penalty let go (law 44)
        return _replaced(state, waived=_waived(state.waived, player))
    if action.choice == "fresh_deal":
        return _replaced(state, pending=None, void=True, void_law=state.pending[1])
    if action.choice == "stand":
        laws = deal_options(state.dealt, state.stock, state.exposed, state.ruleset)
        after = laws[laws.index(state.pending[1]) + 1 :]
        return _replaced(state, pending=(player, after[0]) if after else None)
    if action.choice == "waive":
        i = PLAYERS.index(player)
        return _replaced(state, pending=None, waived=(True, state.waived[1]) if i == 0 else (state.waived[0], True))
    return _replaced(state, pending=None)


def _election_law(state: DealState, choice: object) -> int | None:
    """The law in force when an election is refused: the law of the election pending; law 39 for an elder
    who lost law 11's election by taking in unannounced and elects what it offered; else None (the code's own)."""
    if state.pending is not None:
        return state.pending[1]
    lost = state.unannounced and choice in elections(law_of("deal.wrong-number").number)
    return law_of("deal.wrong-number-unannounced").number if lost else None


def options(state: DealState) -> tuple[str, ...]:
    """What the player to elect may elect now (empty unless an irregularity calls for an election): the
    election pending, or, while the play goes on, a player's waiver of his adversary's penalty under law 54 or 27.

    laws: 11, 13, 27, 28, 29, 44, 54
    post: state.pending is None or __return__ == elections(state.pending[1])
    post: state.pending is not None or __return__ in ((), ("waive",))
    post: waiver_offered_only_against_a_penalty_standing(state, __return__)
    """
    if state.pending is not None:
        return elections(state.pending[1])
    return ("waive",) if _waivers(state) else ()


def waiver_offered_only_against_a_penalty_standing(state: DealState, result: tuple[str, ...]) -> bool:
    """With no election pending, a waiver is offered only in the play, against a player's penalty for a claim not
    held or a card of the stock shown that his adversary has not waived (laws 27, 44, 54)."""
    return state.pending is not None or not result or (
        state.phase == "play" and any(f and not state.waived[1 - i] for i, f in enumerate(state.offences))
    )


def _waiver(state: DealState, player: Player) -> Player:
    """Who may let go law 54's penalty now, for a refusal: `player` if he may, else his adversary (laws 44, 54)."""
    return player if player in _waivers(state) else other(player)


def _waived(waived: tuple[bool, bool], player: Player) -> tuple[bool, bool]:
    """The waivers (law 44) once `player` has let his adversary's penalty go."""
    return (True, waived[1]) if player == PLAYERS[0] else (waived[0], True)


def _waivers(state: DealState) -> tuple[Player, ...]:
    """Who may now let go his adversary's penalty for a claim not held (laws 44, 54) or a card of the stock shown
    (law 27): a claim neither exempt nor correctable any longer (the younger has played to the first trick, or it
    was found out), or a card shown, costs its player the deal by itself, and the adversary has not yet waived. Enforcing is the default, so only the
    waiver is an action, open until the last card is played; one waiver lets go every penalty of reckoning
    nothing that deal (the record holds one per player), so none is offered once the caller reckons nothing
    already by an exchange penalty enforced (reading calling.false-claim)."""
    if state.phase != "play" or not state.hands or not (state.claims or state.stock_exposed[0] or state.stock_exposed[1]):
        return ()
    held = state.exchange_penalties
    claimed = tuple(any(c.player == p and not c.exempt and (c.found or state.younger_played) for c in state.claims) for p in PLAYERS)
    due = tuple((claimed[i] or bool(state.stock_exposed[i])) and not held[i] for i in range(len(PLAYERS)))
    return tuple(other(p) for i, p in enumerate(PLAYERS) if due[i] and not state.waived[1 - i])


def _may_take_unannounced(state: DealState) -> bool:
    """Whether the elder, to elect under law 11 with a hand of other than twelve, may instead take in
    without announcing it (law 39: he loses the option; dealt twelve, he finds the short stock in drawing it)."""
    return (
        state.pending == (PLAYERS[0], law_of("deal.wrong-number").number) and bool(excess(state.dealt[0], state.ruleset))
        and not (state.blanche[0] and not state.shown[0])
    )


def _call(state: DealState, action: Call, player: Player, phase: Phase) -> DealState:
    if player == PLAYERS[0] and not state.talk and action in implications(state) and action.category in unreckoned(state):
        return _reckon(state, action)
    if phase != "calls":
        when = "before the exchange is over" if phase == "exchange" else "once the play has begun"
        raise error("call-out-of-turn", f"the {player} calls {shown(action.category)} {when}")
    if state.talk:
        raise error("call-out-of-turn", f"the {player} calls {shown(action.category)} while the dialogue of {state.category} is under way")
    opening = player == "elder" and not len(state.calls) % len(PLAYERS)
    if player != state.to_move or (action.category != state.category if not opening else action.category not in DECL_CATEGORIES or action.category in called(state)):
        raise error("call-out-of-turn", f"the {player} calls {shown(action.category)}, but {_due(state)}")
    holdings = action.holdings
    if not isinstance(holdings, tuple) or not all(isinstance(h, tuple) for h in holdings):
        raise error("argument-invalid", f"{player}.declare.{action.category}: holdings must be a tuple of card tuples, got {shown(holdings)}")
    if action.category == "point" and len(holdings) > 1:
        raise error("declare-invalid", f"{player}.declare.point: a point is one holding, got {len(holdings)}")
    assert state.hands is not None
    if not opening and _is_claim(state, action):
        return _claimed(state, action)
    declared(state.hands[PLAYERS.index(player)], choice_of((action,)), player, state.ruleset)  # raises for a holding not held or not valid
    state = _opened(state, action.category) if opening else state
    by_cards = state.by_cards + ((action.category,) if opening else ())
    return _replaced(state, calls=state.calls + (action,), by_cards=by_cards)


def _younger_claims(state: DealState) -> tuple[Call, ...]:
    """The younger's calls, in answer to the elder's call stated by its cards, of a holding he does not hold
    (laws 52-54): one holding alone in the category (reading calling.false-claim)."""
    if not _claims_open(state):
        return ()
    assert state.hands is not None and state.category is not None
    return tuple(Call(PLAYERS[1], state.category, (h,)) for h in younger_false_calls(state.hands[1], state.category, state.ruleset))


def _claims_open(state: DealState) -> bool:
    """Whether the younger is to answer a call in the dialogue, where `_younger_claims` are open."""
    return state.phase == "calls" and not state.talk and state.to_move == PLAYERS[1] and bool(len(state.calls) % len(PLAYERS))


def _is_claim(state: DealState, action: Call) -> bool:
    """Whether `action` is one of `_younger_claims(state)`, without listing them (their holdings are in
    canonical order, as a `Call`'s are)."""
    if not _claims_open(state) or action.player != PLAYERS[1] or action.category != state.category or len(action.holdings) != 1:
        return False
    assert state.hands is not None and state.category is not None
    return _false_call(state.hands[1], state.category, action.holdings[0], state.ruleset)


def _false_call(hand: Hand, category: DeclCategory, holding: tuple[Card, ...], rs: Ruleset) -> bool:
    """Whether `holding` is one of `younger_false_calls(hand, category, rs)`: a single holding of the whole pack in
    the category that `hand` does not hold whole (their listing runs to a thousand points of the pack)."""
    return holding in _pack_singles(category, rs) and not all(hand[c >> 3] >> (c & 7) & 1 for c in holding)


@lru_cache(maxsize=None)
def _pack_singles(category: DeclCategory, rs: Ruleset) -> frozenset[tuple[Card, ...]]:
    """Every single holding of the whole pack in `category` (`singles`), once per ruleset."""
    return frozenset(singles(hand_of_pack(FULL_PACK), category, rs))


def _claimed(state: DealState, action: Call) -> DealState:
    """The younger's call of a holding he does not hold (laws 52-54). Allowed good (the comparison with the
    elder's call finds it good) it stands as his claim, and his call counts for what `younger_standing` gives
    until he corrects it; otherwise it counts for nothing (reading calling.false-claim)."""
    assert state.hands is not None
    category, holding, rs = action.category, action.holdings[0], state.ruleset
    if not claim_allowed(declarations(state)[0], category, holding, rs):
        return _replaced(state, calls=state.calls + (Call(PLAYERS[1], category, ()),))
    claim = younger_claim(state.hands[1], state.discards[1], category, holding)
    return _replaced(state, calls=state.calls + (Call(PLAYERS[1], category, younger_standing(state.hands[1], claim, rs)),), claims=state.claims + (claim,))


def called(state: DealState) -> tuple[DeclCategory, ...]:
    """The categories called so far or being called, in the order the elder opened them.

    Each category is called once, the point first (law 46), the others in either order (law 47).

    laws: 46, 47
    post: len(set(__return__)) == len(__return__) and set(__return__) >= {c.category for c in state.calls}
    post: not __return__ or __return__[0] == "point"
    """
    return tuple(c.category for c in state.calls if c.player == "elder") + ((_talk_category(state.talk),) if state.talk else ())


def _talk_category(talk: tuple[Utterance, ...]) -> DeclCategory:
    """The category of a dialogue under way (its first utterance is the elder's opening)."""
    assert isinstance(talk[0], OPENINGS)
    return category_of(talk[0])


def _due(state: DealState) -> str:
    """Who is to call what now, in words, for a refusal (laws 46, 47)."""
    if state.to_move == "younger" or state.talk:
        return f"the {state.to_move} is to {'call' if state.to_move == 'younger' and not state.talk else 'speak in'} {state.category}: the elder calls first in each category"
    return f"the elder is to open {' or '.join(state.to_open)}: his point first (law 46), then sequences and sets in either order, each once (law 47)"


def _opened(state: DealState, category: DeclCategory) -> DealState:
    """The state in which the elder opens `category`: his point lost first if it comes before his point (law 46)."""
    return _point_lost(state) if category != "point" and "point" in state.to_open else state


def _first_call(state: DealState, category: DeclCategory) -> int:
    """Where `category`'s calls stand in `state.calls`: by category, since after the point the elder opens the
    others in either order (law 47)."""
    return len(PLAYERS) * called(state).index(category)


def _point_lost(state: DealState) -> DealState:
    """The elder opens sequences or sets before calling his point: he loses it (law 46). His point counts as if
    he had called nothing, and the younger's is good unopposed: his best point, the reply the machine computes
    for him (ambiguity `calling.order-of-calls`)."""
    assert state.hands is not None and not state.calls
    younger = best(state.hands[1], "point", "younger", state.ruleset)
    lost = (Call("elder", "point", ()), Call("younger", "point", (younger,) if younger else ()))
    return _replaced(state, calls=lost, point_lost=True)


def _say(state: DealState, action: Utterance, player: Player, phase: Phase) -> DealState:
    """A call or answer of the calling dialogue (`dialogue`); its end is written as the two compact calls."""
    if phase != "calls":
        when = "before the exchange is over" if phase == "exchange" else "once the play has begun"
        raise error("call-out-of-turn", f"the {player} says {type(action).__name__} {when}")
    assert state.hands is not None and state.category is not None
    if not state.talk and len(state.calls) % len(PLAYERS):
        raise error("call-out-of-turn", f"the {player} says {type(action).__name__}, but the younger is to call {state.category} after the elder's call")
    category = state.category
    if not state.talk and player == "elder" and isinstance(action, OPENINGS):
        category = category_of(action)
        if category in called(state):
            raise error("call-out-of-turn", f"the elder says {type(action).__name__}, but {category} is called already: {_due(state)}")
        state = _opened(state, category)
    assert state.hands is not None
    talk, resolved, claim = say(state.hands, state.discards, category, state.talk, action, state.ruleset)
    if resolved is None:
        return _replaced(state, talk=talk)
    calls = (Call("elder", category, resolved[0]), Call("younger", category, resolved[1]))
    allowed = state.talk + (action,) if isinstance(action, Allow) and claim is None else ()  # law 51 concerns a correct call
    barred = category == "point" and resolved[1] == (barred_point(state.hands[1], state.talk, state.ruleset),)
    return _replaced(
        state, talk=(), calls=state.calls + calls, allowed=allowed, claims=state.claims + ((claim,) if claim else ()), point_barred=state.point_barred or barred,
    )


def implications(state: DealState) -> tuple[Call, ...]:
    """The elder's holdings declared by implication (Case IV): in each category he called nothing in (by a call by
    cards: a category he spoke of in the dialogue is called, whatever his call there counts for), the holdings there
    that his calls by cards in the others name (`dialogue.implied`), as the call they amount to. His calls in the
    dialogue name no card: a point by its number of cards, a sequence by its length and head, a set by its rank.

    rules: declare.barred
    laws: 56
    post: implied_only_where_the_elder_called_nothing(state, __return__)
    post: all(a.holdings == implied(named_calls(state), a.category, state.ruleset) for a in __return__)
    post: len({a.category for a in __return__}) == len(__return__)
    """
    return state.implied_calls


def _implications(state: DealState) -> tuple[Call, ...]:
    """`implications` worked out (the state keeps them while its calls stand, `DealState.implied_calls`)."""
    mine = named_calls(state)
    made = tuple(c.category for c in mine if not c.holdings)  # by cards and empty: his call of nothing there
    return tuple(Call(PLAYERS[0], k, h) for k in DECL_CATEGORIES if k in made for h in (implied(mine, k, state.ruleset),) if h)


def implied_only_where_the_elder_called_nothing(state: DealState, result: tuple[Call, ...]) -> bool:
    """Holdings declared by implication are the elder's, in a category where his call by cards was of nothing
    (Case IV, law 56)."""
    return all(
        a.player == "elder" and a.holdings and Call("elder", a.category, ()) in named_calls(state) for a in result
    )


def named_calls(state: DealState) -> tuple[Call, ...]:
    """The elder's calls by cards, the only calls that name cards (Case IV): those of the categories he opened by
    cards, not by the dialogue's number, length and head, or rank. A call of nothing among them is his call of
    nothing in that category, where what the others name may declare holdings by implication (`implications`).

    rules: declare.barred
    laws: 56
    post: all(c in state.calls and c.player == "elder" and c.category in state.by_cards for c in __return__)
    post: {c.category for c in __return__} == set(state.by_cards)
    """
    return tuple(c for c in state.calls if c.player == PLAYERS[0] and c.category in state.by_cards)


def unreckoned(state: DealState) -> tuple[DeclCategory, ...]:
    """The categories of the elder's holdings declared by implication that he has not reckoned (Case IV): they
    bar the younger's lesser holdings there, and score nothing. The younger's call of anything in the category
    has the elder object, and so reckon them (not barred); the elder may reckon them himself, by calling them,
    until the younger plays to the first trick (law 56, `reckonings`).

    rules: declare.barred
    laws: 56
    post: all(any(a.category == k for a in implications(state)) for k in __return__)
    post: none_unreckoned_where_the_younger_called(state, __return__)
    post: all_unreckoned_where_the_younger_called_nothing(state, __return__)
    """
    contested = {c.category for c in state.calls if c.player == PLAYERS[1] and c.holdings}
    return tuple(a.category for a in implications(state) if a.category not in contested)


def none_unreckoned_where_the_younger_called(state: DealState, result: tuple[DeclCategory, ...]) -> bool:
    """No category the younger called something in is left unreckoned: his call has the elder object, and so reckon
    his implied holdings there (Case IV, law 56)."""
    return all(not any(c.player == "younger" and c.category == k and c.holdings for c in state.calls) for k in result)


def all_unreckoned_where_the_younger_called_nothing(state: DealState, result: tuple[DeclCategory, ...]) -> bool:
    """Every category of holdings declared by implication where the younger called nothing is unreckoned (Case IV,
    law 56)."""
    return all(
        a.category in result for a in implications(state)
        if not any(c.player == "younger" and c.category == a.category and c.holdings for c in state.calls)
    )


def reckonings(state: DealState) -> tuple[Call, ...]:
    """The elder's calls open now of holdings his calls declared by implication and he has not reckoned (law 56,
    Case IV): until the younger plays to the first trick, while no dialogue is under way and no election pending.

    rules: declare.barred
    laws: 56
    post: not (state.younger_played and __return__)
    post: all(a in implications(state) and a.category in unreckoned(state) for a in __return__)
    """
    if state.younger_played or state.talk or state.phase not in ("calls", "play"):
        return ()
    return tuple(a for a in implications(state) if a.category in unreckoned(state))


def _reckon(state: DealState, action: Call) -> DealState:
    """The elder reckons the holdings his calls declared by implication (law 56, Case IV): his call in the
    category becomes them. Refused once the younger has played to the first trick."""
    if state.younger_played:
        raise error("reckon-too-late", f"the elder reckons the {action.category} his calls declared by implication, but the younger has played to the first trick: nothing omitted is reckoned after that (law 56)")
    calls = tuple(action if c == Call(PLAYERS[0], action.category, ()) else c for c in state.calls)
    return _replaced(state, calls=calls)


def _reckoned_calls(state: DealState, player: Player) -> tuple[Call, ...]:
    """The player's calls with the elder's holdings declared by implication in place of his calls of nothing (Case IV)."""
    mine = tuple(c for c in state.calls if c.player == player)
    if player != PLAYERS[0]:
        return mine
    by_category = {a.category: a for a in implications(state)}
    return tuple(by_category.get(c.category, c) if not c.holdings else c for c in mine)


def miscall_open(state: DealState) -> tuple[Claim, ...]:
    """The claims their callers may correct now (law 52): until the younger has played to the first trick, while
    no dialogue is under way and no election is pending.

    laws: 52, 55
    post: not (state.younger_played and __return__)
    post: all(c in state.claims and not c.found for c in __return__)
    """
    return () if state.younger_played or state.talk or state.phase not in ("calls", "play") else tuple(c for c in state.claims if not c.found)


def _correct_miscall(state: DealState, action: CorrectMiscall, player: Player) -> DealState:
    """A player corrects his claim allowed good of something he does not hold (law 52): his call in the category
    is his best holding of it (`_corrected`)."""
    claim = next((c for c in miscall_open(state) if c.category == action.category and c.player == player), None)
    if claim is None:
        why = "the younger has played to the first trick" if state.younger_played and state.claims else "no call of something not held stands allowed good in that category"
        raise error("miscall-not-open", f"the {player} corrects his call of {shown(action.category)}, but {why}: a miscall allowed good may be corrected only by its caller, until the younger plays to the first trick (law 52)")
    return _corrected(state, claim)


def _corrected(state: DealState, claim: Claim) -> DealState:
    """The state with `claim` corrected (law 52): the elder's category judged again on his best holding of it,
    the younger replying on his hand; the younger's call made his best holding of the category, and if the
    elder has led, the elder may take back his lead (reading calling.false-claim)."""
    assert state.hands is not None
    i = _first_call(state, claim.category)
    claims = tuple(c for c in state.claims if c != claim)
    if claim.player == PLAYERS[1]:
        mine = best(state.hands[1], claim.category, PLAYERS[1], state.ruleset)
        calls = state.calls[: i + 1] + (Call(PLAYERS[1], claim.category, (mine,) if mine else ()),) + state.calls[i + len(PLAYERS) :]
        return _replaced(state, calls=calls, claims=claims, relead=state.relead or state.elder_has_led)
    elder, younger = corrected(state.hands, state.discards[0], claim, state.ruleset)
    calls = state.calls[:i] + (Call("elder", claim.category, elder), Call("younger", claim.category, younger)) + state.calls[i + len(PLAYERS) :]
    return _replaced(state, calls=calls, claims=claims)


def _show_call(state: DealState, action: AskShow | Show, player: Player) -> DealState:
    """A call allowed good or equal shown (law 55): asked for by the adversary, who has it shown, or unasked.
    A claim not held, shown unasked before its caller plays a card, is his correction, free of penalty
    (laws 52, 55); shown otherwise, it is found out: no longer to be corrected, with law 54's penalty
    unless exempt (its category already stands as found out, `dialogue.discovered`)."""
    asked = isinstance(action, AskShow)
    shower = other(player) if asked else player
    if state.left_election_open:
        raise error("left-cards-undeclared", f"the {player} {'asks for' if asked else 'makes'} a showing while the younger is to say whether he will look at the {len(state.declared_left)} card(s) left in the stock: that comes first (law 36)")
    check_show(action.category, shower, asked, showable(replies(state), state.claims, state.showings, shower), state.elder_has_led)
    showings = state.showings + ((shower, action.category),)
    claim = next((c for c in state.claims if c.category == action.category and c.player == shower and not c.found), None)
    if claim is None:
        return _replaced(state, showings=showings)
    if not asked and not (state.younger_played if claim.player == PLAYERS[1] else state.elder_has_led):  # before its caller plays a card
        return _replaced(_corrected(state, claim), showings=showings)
    return _replaced(state, showings=showings, claims=tuple(c._replace(found=True) if c == claim else c for c in state.claims))


def showing_actions(state: DealState) -> tuple[AskShow | Show, ...]:
    """The showings open now (law 55): each player's request of what his adversary may be asked to show, and
    his own showing unasked; none while the younger is to elect on the cards left (law 36).

    laws: 36, 55
    post: len(set(__return__)) == len(__return__)
    post: state.elder_has_led or not any(isinstance(a, AskShow) and a.player == "elder" for a in __return__)
    post: no_call_shown_twice(state, __return__)
    post: not state.left_election_open or __return__ == ()
    """
    if state.phase not in ("calls", "play") or state.left_election_open:
        return ()
    open_ = state.showable_calls
    if not (open_[0] or open_[1]):
        return ()
    asked = tuple(AskShow(p, c) for i, p in enumerate(PLAYERS) if may_ask(other(p), state.elder_has_led) for c in open_[1 - i])
    return asked + tuple(Show(p, c) for i, p in enumerate(PLAYERS) for c in open_[i])


def no_call_shown_twice(state: DealState, result: tuple[AskShow | Show, ...]) -> bool:
    """No showing is offered, asked or unasked, of a call its player has shown already (law 55)."""
    return all((a.player if isinstance(a, Show) else other(a.player), a.category) not in state.showings for a in result)


def _correct(state: DealState, player: Player) -> DealState:
    """The younger replies on his hand in place of the allowing he has just made (law 51)."""
    if not state.allowed or player != "younger":
        why = "only the younger corrects his reply" if player != "younger" else "he has allowed nothing, or the elder has called or led since"
        raise error("correction-too-late", f"the {player} corrects a reply, but {why}: no allowing is open to correction (law 51)")
    i = _first_call(state, _talk_category(state.allowed))
    reopened = _replaced(state, calls=state.calls[:i] + state.calls[i + len(PLAYERS) :], talk=state.allowed[:-1], allowed=())
    return _say(reopened, Reply("younger"), "younger", "calls")


def _play(state: DealState, action: Play | Revoke, player: Player, phase: Phase) -> DealState:
    if phase != "play":
        raise error("play-too-early", f"the {player} plays {shown(action.card)} during the {phase.replace('_', ' ')}: the calls come before the lead")
    if player != state.to_move:
        raise error("play-out-of-turn", f"tricks[{len(state.tricks)}]: the {player} plays, but the {state.to_move} is to play")
    if state.left_election_open:
        raise error("left-cards-undeclared", f"tricks[0]: the younger plays before saying whether he will look at the {len(state.declared_left)} card(s) left in the stock")
    assert state.position is not None
    pos = state.position
    if isinstance(action, Revoke):
        after = after_revoke(pos, action.card, len(state.tricks), state.ruleset)
        assert pos.lead is not None
        revoke = state.revoke or Revoked(player, pos, len(state.tricks), state.laid)
        done = _replaced(state, position=after, tricks=state.tricks + ((pos.lead, action.card),), revoke=revoke, younger_played=True, relead=False, misled=False)
        return _next_laid(done, state.laid, pos.leader)
    after = after_ply(pos, action.card)
    tricks = state.tricks if pos.lead is None else state.tricks + ((pos.lead, action.card),)
    played = state.younger_played or player == "younger" or pos.lead is not None  # a trick made holds a card of his, led out of turn or played
    return _next_laid(_replaced(state, position=after, tricks=tricks, younger_played=played, relead=False, misled=False), state.laid, pos.leader)


def _next_laid(state: DealState, laid: tuple[Card, ...], leader: Player) -> DealState:
    """After the answer to a multiple lead's card (law 59 II): the leader, winning, leads the next card laid; the
    follower, winning, leads, and the cards laid not yet played to stay in the leader's hand (reading
    play.multiple-lead); the last card answered and won by the leader opens the overplay (Case X), unless a surplus
    stands already: one surplus at a time, each taken back before another can be played."""
    assert state.position is not None
    if not laid:
        return state
    won = state.position.leader == leader
    rest = laid[1:] if won else ()
    position = state.position._replace(lead=rest[0]) if rest else state.position
    return _replaced(state, position=position, laid=rest, overplay_open=won and not rest and state.surplus is None)


def _lead_out_of_turn(state: DealState, action: LeadOutOfTurn, player: Player, phase: Phase) -> DealState:
    """A lead out of turn made at the table (law 59 III): the offender is on lead with it, his adversary to play
    to it or have it taken back. It is not the younger's play to the first trick until the elder plays to it
    (reading play.lead-out-of-turn)."""
    if phase != "play":
        raise error("play-too-early", f"the {player} leads {shown(action.card)} out of turn during the {phase.replace('_', ' ')}: the calls come before the lead")
    if state.left_election_open:
        raise error("left-cards-undeclared", f"tricks[0]: the younger leads before saying whether he will look at the {len(state.declared_left)} card(s) left in the stock")
    assert state.position is not None
    after = after_lead_out_of_turn(state.position, player, action.card, len(state.tricks), state.ruleset)
    return _replaced(state, position=after, out_of_turn=state.out_of_turn + (len(state.tricks),), misled=True)


def _multiple_lead(state: DealState, action: LeadSeveral | ChangeLead | Overplay, player: Player, phase: Phase) -> DealState:
    """Several cards laid at once (law 59 II), one of them changed before it is played to (Case XI), or a card played
    beyond them (Case X): see `multiple_lead`."""
    number = len(state.tricks)
    if phase != "play":
        raise error("play-too-early", f"the {player} plays during the {phase.replace('_', ' ')}: the calls come before the lead")
    assert state.position is not None
    if isinstance(action, ChangeLead):
        position, laid = change_lead(state.position, state.laid, player, action.card, action.to, number, state.ruleset)
        return _replaced(state, position=position, laid=laid)
    if isinstance(action, Overplay):
        position = overplay(state.position, player, action.card, number, state.ruleset, state.overplay_open)
        return _replaced(state, position=position, surplus=Surplus(player, action.card, number))  # apply closes the overplay
    position, laid = lead_several(state.position, player, action.cards, number, state.ruleset)
    return _replaced(state, position=position, laid=laid)


def _retake(state: DealState, player: Player) -> DealState:
    """The revoke found (law 59 IV): both players take back every card played since the first revoke standing.
    Or the elder takes back his lead after the younger's correction of a claim (law 52), and leads again. Or a
    lead out of turn not yet played to is taken back, by its player or at his adversary's word, and the player
    on lead leads (law 59 III); while it is under way that is what either player's retake does."""
    if state.misled:
        assert state.position is not None
        pos = state.position
        return _replaced(state, position=Position(pos.elder, pos.younger, other(pos.leader)), out_of_turn=state.out_of_turn[:-1], misled=False)
    if state.relead and player == PLAYERS[0]:
        assert state.position is not None and state.revoke is None
        return _replaced(state, position=state.position._replace(lead=None), relead=False, laid=())
    if state.surplus is not None and (state.revoke is None or state.revoke.player != player or state.revoke.tricks >= state.surplus.tricks):
        return _retake_surplus(state, state.surplus)
    if state.revoke is None and state.out_of_turn[-1:] == (len(state.tricks) - 1,):
        raise error("play-retake-not-open", f"the {player} takes back the lead out of turn of tricks[{len(state.tricks) - 1}], but it was played to: it stands (law 59 III)")
    standing = check_retake(state.revoke, player)
    out_of_turn = tuple(i for i in state.out_of_turn if i <= standing.tricks)  # the revoke's trick keeps its lead, played to: it stands
    return _replaced(state, position=standing.position, tricks=state.tricks[: standing.tricks], revoke=None, out_of_turn=out_of_turn, laid=standing.laid, surplus=None)


def _retake_surplus(state: DealState, surplus: Surplus) -> DealState:
    """The surplus found (law 59 II, Case X): it goes back to its player's hand, every card played after the multiple
    lead goes back to its owner's, and the winner of the multiple lead's last trick leads again; a revoke or a lead
    out of turn made since goes with them."""
    assert state.position is not None and state.hands is not None
    position = surplus_retaken(state.position._replace(lead=None), state.tricks, surplus, state.hands[0])
    revoke = state.revoke if state.revoke is None or state.revoke.tricks < surplus.tricks else None
    out_of_turn = tuple(i for i in state.out_of_turn if i < surplus.tricks)
    return _replaced(state, position=position, tricks=state.tricks[: surplus.tricks], surplus=None, revoke=revoke, out_of_turn=out_of_turn, misled=False, laid=())


def _take_up(state: DealState, player: Player, phase: Phase) -> DealState:
    """The younger takes up the cards he left short unannounced (Case XIII): he holds what he would have
    taken in, and the deal is scored as a regular one from here; if he failed to follow the suit of a card
    taken up, the cards played from that trick on are retaken (law 59 IV), a revoke standing before it
    still standing."""
    cards = state.short_cards
    check_take_up(player, cards, state.left_mixed, phase, state.ruleset)
    assert state.hands is not None and state.position is not None
    takes = (state.takes[0], state.takes[1] + len(cards))
    taken = _replaced(state, takes=takes, hands=_exchanged(state, state.discards, takes), short=0)
    k = first_renounce(state.tricks, state.hands[0], cards)
    revoke = state.revoke
    if revoke is not None and (k is None or revoke.tricks < k):
        revoke = revoke._replace(position=with_cards(revoke.position, cards))
    elif k is not None:
        revoke = None  # retaken with the rest
    if k is None:
        return _replaced(taken, position=with_cards(state.position, cards), revoke=revoke)
    surplus = state.surplus
    pos = with_cards(state.position, cards)
    if surplus is not None and k < surplus.tricks:  # the multiple lead is retaken itself: its surplus goes back with it
        pos, surplus = with_surplus(pos, surplus), None
    position = retaken(pos, state.tricks, k, state.hands[0])
    out_of_turn = tuple(i for i in state.out_of_turn if i <= k)  # trick k keeps its lead
    return _replaced(taken, position=position, tricks=state.tricks[:k], revoke=revoke, out_of_turn=out_of_turn, misled=False, laid=(), surplus=surplus)


def _see_left(state: DealState, action: SeeLeft, player: Player) -> DealState:
    """The younger's election whether he looks at the cards left, or the elder's look (law 36)."""
    left = () if state.left_mixed else state.declared_left  # mixed with the younger's discard: no longer in the stock
    if player == "younger" and left and state.left_election is None and state.younger_played:
        raise error("left-cards-window", "the younger says whether he looks at the cards left after playing to the first trick (a lead out of turn of his, played to, stands as that play): the election was his before it (laws 36, 59 III)")
    check_see_left(player, action.look, left, state.left_election_open, state.left_election, state.elder_looked)
    return _replaced(state, left_election=action.look) if player == "younger" else _replaced(state, elder_looked=True)


def legal_actions(state: DealState) -> Sequence[Action]:
    """Every action `apply` accepts in `state`, in a fixed order: a tuple, or where the state offers an exchange or a
    call an `Actions` sequence that builds each exchange or call only when it is asked for (equal to the tuple of its
    actions).

    Once the deal is over (complete or void) nothing is allowed; while an election is pending only the elector
    acts (laws 11, 13, 28, 29, 44).

    laws: 11, 13, 28, 29, 44
    post: len(set(__return__)) == len(__return__)
    post: state.phase not in ("complete", "void") or __return__ == ()
    post: state.phase != "option" or all(isinstance(a, Elect) and a.player == state.to_move for a in __return__)
    post: state.surplus is None or all(Retake(p) in __return__ for p in PLAYERS)
    post: bool(state.laid) or not any(isinstance(a, ChangeLead) for a in __return__)
    """
    state = check_state(state)
    listed = _legal_actions(state)
    reckoned = reckonings(state)
    rest = (
        showing_actions(state) + ((Correct("younger"),) if state.allowed else ())
        + tuple(CorrectMiscall(c.player, c.category) for c in miscall_open(state)) + reckoned
        + (tuple(Elect(p, "waive") for p in _waivers(state)) if state.pending is None else ())
        + ((TakeUp("younger"),) if state.take_up_open else ()) + ((Retake(PLAYERS[0]),) if state.relead else ())
        + (tuple(Retake(p) for p in PLAYERS) if state.misled else ())  # a lead out of turn not yet played to (law 59 III)
        + (tuple(Retake(p) for p in PLAYERS) if state.surplus else ())  # a card played beyond a multiple lead (law 59 II, Case X)
        + _lead_changes(state)
    )
    if isinstance(listed, Actions):  # the exchanges or calls, built on demand, among actions listed outright
        extra = tuple(a for a in dict.fromkeys(rest) if a not in listed)
        return Actions(*listed.parts, extra) if extra else listed
    if reckoned or any(type(a) is Retake for a in rest):
        return tuple(dict.fromkeys(listed + rest))
    return listed + rest  # only a call reckoned or a retake can be listed twice (the elder's call, a revoke, a lead out of turn, a surplus)


def _lead_changes(state: DealState) -> tuple[ChangeLead, ...]:
    """The leader's changes of a card laid not yet played to for a card of his hand not laid (Case XI)."""
    if not state.laid or state.position is None:
        return ()
    leader = state.position.leader
    return tuple(ChangeLead(leader, c, to) for c in state.laid for to in cards_of(state.position.hand(leader)) if to not in state.laid)


def _legal_actions(state: DealState) -> tuple[Action, ...] | Actions:
    phase, rs = state.phase, state.ruleset
    if phase in ("complete", "void"):
        return ()
    player = state.to_move
    assert player is not None
    i = PLAYERS.index(player)
    if phase == "option":
        return tuple(Elect(player, choice) for choice in options(state))
    if phase == "exchange":
        shows: tuple[Action, ...] = tuple(ShowBlanche(p) for j, p in enumerate(PLAYERS) if state.blanche[j] and not state.shown[j] and len(state.discards) <= j)
        shows += tuple(Leave(PLAYERS[0], n) for n in _leave_counts(state)) + _lay_outs(state)
        if state.blanche[i] and not state.shown[i]:
            return shows
        least, most, shift, room = _exchange_space(state, i)
        if i and state.laid_out is not None and not state.may_alter:  # the discard laid out first stands (Case V)
            out = state.laid_out
            take = min(len(out) - shift, room)
            return shows + ((Exchange(player, out, take),) if _keeps_word(state, i, take) else ())
        held = cards_of(state.dealt[i])
        sizes = tuple((k, min(k - shift, room)) for k in range(least, min(most, len(held)) + 1) if _keeps_word(state, i, min(k - shift, room)))
        return Actions(shows, Exchanges(player, held, sizes), ())
    if phase == "calls":
        assert state.hands is not None and state.category is not None
        if state.talk:
            return answers(state.hands, state.discards[0], state.talk, rs)
        if i:
            return Actions(_calls(player, state.category, state.hands[i], rs))
        return Actions(*(  # the elder opens his point, then sequences or sets, in either order (laws 46, 47)
            part for c in state.to_open for part in (_calls(player, c, state.hands[0], rs), kept_openings(state.hands[0], state.discards[0], c, rs))
        ))
    assert state.position is not None
    if state.left_election_open:
        return (SeeLeft(player, True), SeeLeft(player, False))
    plays = () if state.played_out else _plays(player, legal_hand(state.position))
    look = (SeeLeft("elder", True),) if elder_may_look(state.left_election, state.elder_looked, state.left_mixed) else ()
    see = (SeeDiscard("elder"),) if discard_open(state.left_mixed, state.elder_has_led, state.discard_seen) else ()
    return plays + look + see + ((Retake(state.revoke.player),) if state.revoke and not state.misled else ())


@lru_cache(maxsize=1 << 10)
def _calls(player: Player, category: DeclCategory, hand: Hand, rs: Ruleset) -> Calls:
    """The player's calls open in `category` (`call_options`), listed at each of his steps of the calls and the same
    each time: each listing is kept."""
    return Calls(player, category, call_options(hand, category, rs))


def _plays(player: Player, cards: Hand) -> tuple[Play, ...]:
    """The player's plays of `cards` (`legal_hand`), in the order of `cards_of`: each suit's read from a table of
    every mask of it (a walk through the play lists plays at every step, of ever other cards)."""
    by_suit = _plays_by_suit(player)
    return by_suit[0][cards[0]] + by_suit[1][cards[1]] + by_suit[2][cards[2]] + by_suit[3][cards[3]]


@lru_cache(maxsize=None)
def _plays_by_suit(player: Player) -> tuple[tuple[tuple[Play, ...], ...], ...]:
    """For each suit and each mask of it, the player's plays of its cards, rank high to low (`cards.SUIT_CARDS`),
    each play made once; built once per player."""
    plays = tuple(Play(player, card) for card in range(PACK_SIZE))
    return tuple(tuple(tuple(plays[c] for c in cards) for cards in suit) for suit in SUIT_CARDS)


def _lay_outs(state: DealState) -> tuple[LayOut, ...]:
    """The younger's discards he may lay out first (law 20)."""
    if not _lay_out_open(state):
        return ()
    least, most = _lay_out_bounds(state)
    held = cards_of(state.dealt[1])
    return tuple(LayOut(PLAYERS[1], out) for k in range(least, min(most, len(held)) + 1) for out in combinations(held, k))


def _discards(state: DealState, i: int, least: int, most: int) -> tuple[tuple[Card, ...], ...]:
    """The discards player `i` may exchange: any of `least` to `most` cards, or the younger's laid out first
    unless he may alter it (Case V)."""
    if i and state.laid_out is not None and not state.may_alter:
        return (state.laid_out,)
    held = cards_of(state.dealt[i])
    return tuple(out for k in range(least, min(most, len(held)) + 1) for out in combinations(held, k))


def _keeps_word(state: DealState, i: int, take: int) -> bool:
    """An elder who said what he leaves takes the rest of his portion (law 32), unless the younger has taken in before
    him: he then takes what he may of the cards left of his portion (law 29, reading exchange.younger-first)."""
    return bool(i) or state.leaves is None or state.took_first is not None or take == state.portion - state.leaves[0]


def _exchange_space(state: DealState, i: int) -> tuple[int, int, int, int]:
    """For player `i` to exchange: (least, most) cards he may lay out, his excess over twelve, and the cards
    the stock holds for him (for the elder, less those the younger took in before him, law 29)."""
    rs, player = state.ruleset, PLAYERS[i]
    elder_take = state.takes[0] if i else 0
    shift = excess(state.dealt[i], rs)
    least, most = discard_bounds(player, shift, len(state.stock), younger_room(elder_take, rs) if i else 0, state.portion, rs)
    return least, most, shift, available(player, elder_take, len(state.stock)) - (0 if i else state.mixed)


def irregular_actions(state: DealState) -> tuple[Exchange | ExposeStock | Revoke | LeadOutOfTurn | Overplay | MixLeft | Call | Opening | CallValue | NameOut, ...]:
    """The actions `apply` accepts though the laws do not allow them: exchanges taking in more or fewer cards
    than the deal's arithmetic (laws 25-35, 40-43), which the deal survives with the consequences of
    `penalties`, and an elder dealt a wrong number taking in without announcing it (law 39), whatever he
    takes (a younger left fewer cards than he discards by an elder who took past his five takes what is
    left, law 28: that is legal); in the calls, the elder's call of something he does not hold (laws 52-54)
    and the younger's, where he states his holding (his call after the elder's call stated by its cards),
    and, before his point, his call or opening of sequences or sets, which loses him his point (law 46);
    in the play, a revoke (law 59 IV), which stands until it is retaken, and a lead by the player not on lead,
    between tricks (law 59 III), which may be taken back until his adversary plays to it, and a card played
    beyond a multiple lead right after its last card (law 59 II, Case X), which lies apart until taken back; once
    both have exchanged, the younger's mixing the cards left with his discard unshown (law 37); the younger
    dealt twelve taking in fewer than he discards without announcing it (`announced` false, Case XIII); in the
    exchange, either player's showing a card of his adversary's portion of the stock (law 27, `exposable`), and the
    younger's exchange before the elder's, taking in cards of the elder's portion (law 29).

    laws: 25, 27, 28, 29, 31, 35, 39, 46, 52, 59
    post: not set(__return__) & set(legal_actions(state))
    post: len(set(__return__)) == len(__return__)
    """
    mix = (MixLeft("younger"),) if state.phase in ("calls", "play") and may_mix("younger", state.cards_left, state.left_mixed, state.elder_looked) else ()
    if state.phase == "calls" and state.to_move == "younger":
        return _younger_claims(state) + mix
    if state.phase == "calls" and state.to_move == "elder":
        assert state.hands is not None and state.category is not None
        if state.talk:
            return false_calls(state.hands[0], state.category, state.talk, state.ruleset) + mix
        if "point" not in state.to_open:
            return _openings_not_held(state) + mix
        lost = _point_lost(state)  # what the elder may open in place of his point, losing it (law 46)
        opens = tuple(a for a in _legal_actions(lost) if isinstance(a, (Call, *OPENINGS)))
        return _openings_not_held(state) + _openings_not_held(lost) + opens + mix
    if state.phase == "play" and not state.left_election_open and not state.played_out:
        assert state.position is not None and state.to_move is not None
        pos = state.position
        over = tuple(Overplay(other(pos.leader), card) for card in overplays(pos, state.overplay_open))  # beyond a multiple lead (law 59 II)
        return tuple(Revoke(state.to_move, card) for card in revoke_cards(pos)) + tuple(LeadOutOfTurn(other(pos.leader), card) for card in out_of_turn_leads(pos)) + over + mix
    unannounced = state.phase == "option" and _may_take_unannounced(state)
    if state.phase != "exchange" and not unannounced:
        return mix
    shows: tuple[Exchange | ExposeStock, ...] = tuple(ExposeStock(p, card) for p in PLAYERS for card in state.exposable(p))  # law 27
    shows += _firsts(state)  # the younger taking in before the elder (law 29)
    if unannounced:
        state = _replaced(state, pending=None, unannounced=True)
    player = state.to_move
    assert player is not None
    i = PLAYERS.index(player)
    if state.blanche[i] and not state.shown[i]:
        return shows
    least, most, shift, room = _exchange_space(state, i)
    return shows + tuple(
        Exchange(player, out, t, announced) for out in _discards(state, i, least, most)
        for t in range(room + 1) for announced in (True, False)
        if (unannounced or t != min(len(out) - shift, room)) and (announced or (i and not shift and t < min(len(out), room))) and _keeps_word(state, i, t)
    )


def _openings_not_held(state: DealState) -> tuple[Opening, ...]:
    """The elder's openings of something he does not hold, in each category he may open (laws 52-54)."""
    assert state.hands is not None
    return tuple(a for c in state.to_open for a in false_calls(state.hands[0], c, (), state.ruleset) if isinstance(a, OPENINGS))


def choice_of(calls: tuple[Call, ...]) -> DeclareChoice:
    """The declaration choice of one player's calls (a category not called is sunk).

    laws: 46, 47
    post: sunk_exactly_where_nothing_is_called(calls, __return__)
    post: __return__.point == "none" or any(c.category == "point" and __return__.point == c.holdings[0] for c in calls)
    post: sequences_and_sets_declared_as_called(calls, __return__)
    """
    made = {c.category: c.holdings for c in calls}
    point = made.get("point", ())
    seqs, sets = made.get("sequences", ()), made.get("sets", ())
    return DeclareChoice(point[0] if point else "none", seqs or "none", sets or "none")


def sunk_exactly_where_nothing_is_called(calls: tuple[Call, ...], result: DeclareChoice) -> bool:
    """A category is sunk exactly where the player called nothing (laws 46, 47)."""
    return all(
        (getattr(result, k) == "none") == (not any(c.category == k and c.holdings for c in calls))
        for k in DECL_CATEGORIES
    )


def sequences_and_sets_declared_as_called(calls: tuple[Call, ...], result: DeclareChoice) -> bool:
    """The sequences and the sets declared are those the player called in each (laws 46, 47)."""
    return all(
        getattr(result, k) == "none" or getattr(result, k) in tuple(c.holdings for c in calls if c.category == k)
        for k in ("sequences", "sets")
    )


def declarations(state: DealState) -> tuple[Declaration, Declaration]:
    """What each player has declared so far (a category not yet called counts as nothing).

    laws: 46, 47
    post: declared_only_in_categories_called(state, __return__)
    post: declared_only_cards_held(state, __return__)
    """
    state = check_state(state)
    hands = state.hands or state.dealt
    return tuple(  # type: ignore[return-value]
        declaration_of(hands[i], choice_of(_reckoned_calls(state, p)), p, state.ruleset) for i, p in enumerate(PLAYERS)
    )


def declared_only_in_categories_called(state: DealState, result: tuple[Declaration, Declaration]) -> bool:
    """Each player declares holdings only in the categories he has called (laws 46, 47)."""
    called = {(k.player, k.category) for k in state.calls}
    return all(
        (d.point is None or (p, "point") in called) and (not d.sequences or (p, "sequences") in called)
        and (not d.sets or (p, "sets") in called)
        for d, p in zip(result, PLAYERS)
    )


def declared_only_cards_held(state: DealState, result: tuple[Declaration, Declaration]) -> bool:
    """Each player declares only cards he holds: after the exchange, or as dealt before it (laws 46, 47)."""
    hands = state.hands or state.dealt
    return all(
        (d.point is None or d.point.mask & ~hands[i][d.point.suit] == 0)
        and all(hands[i][c >> 3] >> (c & 7) & 1 for h in d.sequences + d.sets for c in h.cards)
        for i, d in enumerate(result)
    )


def replies(state: DealState) -> tuple[CategoryComparison, ...]:
    """The verdict in each category both players have called (the younger's reply: good, equal or not good),
    in the order of law 67 whatever the order they were called in (law 47).

    rules: accretion.order
    laws: 47, 67
    post: a_verdict_in_each_category_replied_in_order(state, __return__)
    """
    return state.verdicts


def _replies_of(state: DealState) -> tuple[CategoryComparison, ...]:
    """`replies` worked out: nothing before the younger's first call, else the verdicts of the categories he has
    called, from the two players' calls there (`_verdicts`)."""
    done = {c.category for c in state.calls if c.player == "younger"}
    if not done:  # nothing replied to yet
        return ()
    called = tuple(tuple(c for c in _reckoned_calls(state, p) if c.category in done) for p in PLAYERS)
    args = (state.hands or state.dealt, called[0], called[1], state.ruleset)
    try:
        return _verdicts(*args)
    except TypeError:
        try:
            hash(args)
        except TypeError:  # calls of something unhashable, in a state a caller built: refused as `declared` refuses them
            return _verdicts.__wrapped__(*args)
        raise


@lru_cache(maxsize=1 << 12)
def _verdicts(hands: tuple[Hand, Hand], elder_calls: tuple[Call, ...], younger_calls: tuple[Call, ...], rs: Ruleset) -> tuple[CategoryComparison, ...]:
    """The verdicts in the categories the younger has called, from each player's calls in those categories alone (the
    elder's reckoned, `_reckoned_calls`): a declaration is made category by category and compared so, so that an
    opening in a new category leaves the verdicts as they were, and each is kept."""
    e, y = (declaration_of(hands[i], choice_of(calls), p, rs) for i, (p, calls) in enumerate(zip(PLAYERS, (elder_calls, younger_calls))))
    comparison = compared(e, y, rs)
    done = {c.category for c in younger_calls}
    return tuple(comparison.category(c) for c in DECL_CATEGORIES if c in done)


def a_verdict_in_each_category_replied_in_order(state: DealState, result: tuple[CategoryComparison, ...]) -> bool:
    """There is a verdict in each category the younger has replied in, in the order of law 67 whatever the order
    of the calls (law 47)."""
    replied = tuple(c for c in DECL_CATEGORIES if any(k.player == "younger" and k.category == c for k in state.calls))
    return tuple(v.category for v in result) == replied


def record(state: DealState) -> DealRecord:
    """The deal record of a state whose calls are over (the shape `score_deal` takes).

    The record is the state's deal: the hands dealt, the stock, the discards and what each took in, each
    player's calls, the tricks played and those led out of turn (law 59 III), the waivers (law 44), each player's
    claim not held (law 54), the younger's point barred by his asking (law 46, Case I) and the elder's holdings
    declared by implication, barred while he has not reckoned them (Case IV, law 56).

    laws: 44, 46, 54, 56, 59
    raises: PiquetError
    post: ruleset_stock_and_tricks_recorded(state, __return__)
    post: hands_dealt_and_discards_recorded(state, __return__)
    post: takes_and_waivers_recorded(state, __return__)
    post: __return__.younger.declare == choice_of(tuple(c for c in state.calls if c.player == "younger"))
    post: elders_declaration_with_his_implied_holdings(state, __return__)
    post: (__return__.elder.false_claim, __return__.younger.false_claim) == state.false_claims
    post: (__return__.elder.exposed_stock, __return__.younger.exposed_stock) == state.stock_exposed
    post: __return__.younger.took_in_first == (state.took_first is not None) and not __return__.elder.took_in_first
    post: barred_holdings_recorded(state, __return__)
    post: __return__.out_of_turn == tuple(i for i in state.out_of_turn if i < len(state.tricks))
    """
    if state.phase not in ("play", "complete"):
        raise error("argument-invalid", f"a deal record needs the exchange and the calls over; the deal is at the {state.phase.replace('_', ' ')}")
    regular = state.takes == tuple(len(d) for d in state.discards)
    players = [
        PlayerRecord(
            cards_of(state.dealt[i]), state.discards[i], None, choice_of(_reckoned_calls(state, p)),
            None if regular else state.takes[i], state.waived[i], state.false_claims[i], _barred(state, p), state.stock_exposed[i],
            i == 1 and state.took_first is not None,
        )
        for i, p in enumerate(PLAYERS)
    ]
    return DealRecord(state.ruleset, players[0], players[1], state.stock, state.tricks, tuple(i for i in state.out_of_turn if i < len(state.tricks)))


def ruleset_stock_and_tricks_recorded(state: DealState, result: DealRecord) -> bool:
    """The record names the deal's ruleset, its stock and every trick played."""
    return result.ruleset == state.ruleset and result.stock == state.stock and tuple(result.tricks) == state.tricks


def hands_dealt_and_discards_recorded(state: DealState, result: DealRecord) -> bool:
    """The record names each player's hand dealt and his discard."""
    return all(
        result.player(p).dealt == cards_of(state.dealt[i]) and result.player(p).discard == state.discards[i]
        for i, p in enumerate(PLAYERS)
    )


def takes_and_waivers_recorded(state: DealState, result: DealRecord) -> bool:
    """The record names what each player took in, where it is not his discard's number, and his waiver (law 44)."""
    return all(
        result.player(p).take in (None, state.takes[i]) and result.player(p).waives_penalty == state.waived[i]
        for i, p in enumerate(PLAYERS)
    )


def elders_declaration_with_his_implied_holdings(state: DealState, result: DealRecord) -> bool:
    """The elder's declaration is his calls, the holdings they declared by implication in place of his calls of
    nothing there (Case IV, law 56)."""
    by_implication = implications(state)
    calls = tuple(
        next((a for a in by_implication if a.category == c.category), c) for c in state.calls if c.player == "elder"
    )
    return result.elder.declare == choice_of(calls)


def barred_holdings_recorded(state: DealState, result: DealRecord) -> bool:
    """The record bars the elder's holdings declared by implication he has not reckoned (Case IV, law 56) and the
    younger's point after his asking (law 46, Case I)."""
    return (
        result.elder.barred == unreckoned(state) and result.younger.barred == (("point",) if state.point_barred else ())
    )


def _barred(state: DealState, player: Player) -> tuple[DeclCategory, ...]:
    """The categories the player's record marks barred: the younger's point after his asking (law 46, Case I); the
    elder's holdings declared by implication and not reckoned (law 56, Case IV)."""
    if player == PLAYERS[1]:
        return ("point",) if state.point_barred else ()
    return unreckoned(state)


def record_mapping(state: DealState) -> dict[str, object]:
    """`record(state)` as the mapping of docs/formats.md (what `score_deal` reads from YAML or JSON).

    raises: PiquetError
    post: state.revoke is not None or score_deal(__return__) == score_deal(record(state))
    """
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
        mine.update({"false_claim": True} if side.false_claim else {})
        mine.update({"barred": list(side.barred)} if side.barred else {})
        mine.update({"exposed_stock": format_cards(side.exposed_stock, rs)} if side.exposed_stock else {})
        mine.update({"took_in_first": True} if side.took_in_first else {})
        out[p] = mine
    out["stock"] = format_cards(state.stock, rs)
    out["tricks"] = [format_cards(t, rs) for t in state.tricks]
    out.update({"out_of_turn": list(rec.out_of_turn)} if rec.out_of_turn else {})
    return out


def score(state: DealState) -> DealResult:
    """`score_deal` of the state's record: the deal scored as far as it has gone.

    pre: state.phase in ("play", "complete") and state.revoke is None
    post: tricks_scored_as_played(state, __return__)
    post: __return__.reckons_nothing == state.reckons_nothing
    """
    return score_deal(record(state))


def tricks_scored_as_played(state: DealState, result: DealResult) -> bool:
    """The score's tricks are the tricks played, card for card."""
    return len(result.tricks) == len(state.tricks) and all(
        (t.lead, t.follow) == p for t, p in zip(result.tricks, state.tricks)
    )


def run(state: DealState, actions: tuple[Action, ...]) -> DealState:
    """`apply` each action in turn; a rejection carries `step`, the index of the action rejected.

    raises: PiquetError
    post: actions or __return__ == state
    post: not actions or __return__ == apply(run(state, actions[:-1]), actions[-1])
    """
    for step, action in enumerate(actions):
        try:
            state = apply(state, action)
        except PiquetError as exc:
            exc.step = step
            raise
    return state
