"""The actions of a deal in the state machine: carte blanche shown, the younger's discard laid out first at its
request and the elder's saying what he leaves (Case V), the exchange, the calls, the cards played, the
innocent player's election after an irregularity, a revoke made at the table and its retaking, a lead
out of turn and its taking back (law 59 III), the
younger's taking up a card he left short unannounced (Case XIII), and the
looking at the cards left in the stock; and the calling dialogue (laws 46-51): the elder's calls by number
of cards, value, length and head, rank, and the younger's reply, asking the value or allowing; and the
question which card a trio leaves out and its answer (Cases VII, VIII); and the correction of a call of
something not held that was allowed good (law 52); the showing of what was called, asked for or
unasked (law 55).

Each action names the player who takes it. Cards inside an action are kept in canonical order (suit
S H D C, rank high to low; holdings by their first card), so two actions that mean the same are equal.
`call_options` lists every call a hand can make in a category: nothing (sinking it), or any holdings
it has (calling less than it holds included).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from itertools import combinations, product
from math import comb
from typing import TypeVar, Union, overload

from piquet_ref.hand.cards import CARD_TYPES, SUIT_CARDS, Card, Hand, card_of
from piquet_ref.hand.cards import format_card, format_cards, parse_cards
from piquet_ref.hand.notation import card_repr, cards_repr, groups_repr
from piquet_ref.rules.codes import error
from piquet_ref.rules.errors import shown
from piquet_ref.rules.loader import ruleset_of
from piquet_ref.hand.declarations import DeclCategory
from piquet_ref.rules.ruleset import Player, Ruleset
from piquet_ref.hand.suit import runs_within


def _canonical(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """`cards` in canonical order, suit by suit and high card first, when they are all card numbers (anything
    else is left for `apply` to reject). A card's number with its three rank bits flipped sorts in that order."""
    if isinstance(cards, tuple) and all(type(c) in CARD_TYPES for c in cards):
        return tuple([c ^ 7 for c in sorted([c ^ 7 for c in cards])])
    return cards


@dataclass(frozen=True)
class ShowBlanche:
    """The player announces and shows carte blanche (laws 18-20)."""

    player: Player


@dataclass(frozen=True)
class Exchange:
    """The player discards `discard` and takes in `take` cards from the top of the stock (laws 21-24, 30-32);
    the elder leaves in the stock what he does not take of his portion. `announced` false: the younger,
    taking in fewer than he discards, did not say he leaves a card, and may take it up later (Case XIII)."""

    player: Player
    discard: tuple[Card, ...]
    take: int
    announced: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "discard", _canonical(self.discard))


@dataclass(frozen=True)
class LayOut:
    """The younger lays out his discard before the elder's exchange, at the request of an elder who holds
    carte blanche and need not show it until his adversary has discarded (law 20, Case V); he takes in
    later, with his `Exchange`."""

    player: Player
    discard: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "discard", _canonical(self.discard))


@dataclass(frozen=True)
class Leave:
    """The elder holding carte blanche, having had the younger lay out first, says he leaves `count` cards of
    his portion of the stock (law 32): said before he shows, the younger's discard stands; said after, the
    younger may alter it (Case V)."""

    player: Player
    count: int


@dataclass(frozen=True)
class Call:
    """The player's call in one category (laws 46-49): the holdings he declares; none is sinking it.

    The point is at most one holding; sequences and sets any number. The adversary's reply (good,
    equal, not good) is not an action: the machine computes it from both calls. The younger's call of one
    holding he does not hold is a claim (laws 52-54), which stands when the comparison allows it good.
    """

    player: Player
    category: DeclCategory
    holdings: tuple[tuple[Card, ...], ...]

    def __post_init__(self) -> None:
        try:
            canonical = _canonical_holdings(self.holdings)
        except TypeError:  # something unhashable, so not holdings of cards: left for `apply` to reject
            return
        object.__setattr__(self, "holdings", canonical)


@lru_cache(maxsize=1 << 14)
def _canonical_holdings(held: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
    """Holdings in canonical order, each holding's cards canonical and the holdings by their first card, when they
    are tuples of card numbers (anything else is left as it is). Every call of a walk through the deal builds
    its holdings again and again, so each canonical form is kept."""
    if isinstance(held, tuple) and all(isinstance(h, tuple) and all(type(c) in CARD_TYPES for c in h) for h in held):
        return tuple(sorted((_canonical(h) for h in held), key=lambda h: [c ^ 7 for c in h]))
    return held


@dataclass(frozen=True)
class Play:
    """The player leads or plays `card` to the trick (laws 59, 65)."""

    player: Player
    card: Card


@dataclass(frozen=True)
class Elect:
    """The innocent player elects what a law offers him after his adversary's irregularity: a fresh deal
    (laws 28, 29), or, where the adversary reckons nothing, to enforce the penalty or waive it (law 44); the
    elder, after a wrong number dealt or a card exposed, a fresh deal or to stand the deal (laws 11, 13)."""

    player: Player
    choice: str


@dataclass(frozen=True)
class Revoke:
    """The player plays `card` to a trick though he holds the suit led and `card` is not of it: a revoke
    (law 59 IV). `Play` refuses such a card (`play-revoke`); this action records that it was played at the
    table, an irregularity the deal survives until it is found and retaken (`Retake`)."""

    player: Player
    card: Card


@dataclass(frozen=True)
class LeadOutOfTurn:
    """The player leads `card` though his adversary is on lead (law 59 III). `Play` refuses such a lead
    (`play-out-of-turn`); this action records that it was led at the table, an irregularity that may be
    taken back (`Retake`) until the adversary plays to it, and stands once he has."""

    player: Player
    card: Card


@dataclass(frozen=True)
class LeadSeveral:
    """The player on lead lays down several cards at once (`cards`, at least two, in the order they are to be
    played to), and his adversary plays to them one `Play` at a time (law 59 II): each answer makes a trick;
    while the leader wins, his next card laid is the next lead; a trick the follower wins gives him the lead,
    and the cards laid not yet played to go back to the leader's hand (reading play.multiple-lead)."""

    player: Player
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ChangeLead:
    """The leader of a multiple lead puts `to`, a card of his hand not laid, in place of `card`, a card he laid
    and his adversary has not yet played to (Cavendish, Case XI): open until the last card laid is played to."""

    player: Player
    card: Card
    to: Card


@dataclass(frozen=True)
class ExposeStock:
    """The player, in the exchange, shows or takes up and puts back a card of his adversary's portion of the
    stock (law 27): he reckons nothing that deal unless the adversary waives it (law 44)."""

    player: Player
    card: Card


@dataclass(frozen=True)
class Overplay:
    """The follower plays one card more than a multiple lead called for, right after his answer to its last
    card, which the leader won (law 59 II, Case X): the card lies apart, in no trick, until it is taken back
    (`Retake`) with every trick played after the multiple lead."""

    player: Player
    card: Card


@dataclass(frozen=True)
class Retake:
    """The revoke is found: the player who made it takes back every card played since his first revoke
    still standing, and so does his adversary; the play goes on from there as if no error had been made
    (law 59 IV). Or the elder takes back the card he led, the younger having corrected a claim of his after
    that lead and before playing to it, and leads again (law 52). Or a lead out of turn not yet played to
    is taken back, by its player or at his adversary's word, and the player on lead leads (law 59 III). Or the
    surplus card played to a multiple lead is taken back by either player, with every trick played after that
    lead, and the winner of its last trick leads again (law 59 II, Case X)."""

    player: Player


@dataclass(frozen=True)
class TakeUp:
    """The younger, having taken in fewer cards than he discarded without saying he left one, takes up
    the card(s) he left on the table, found short in the play (Case XIII): he holds twelve; if he has
    failed to follow their suit, the play is retaken from that trick (law 59 IV)."""

    player: Player


@dataclass(frozen=True)
class CallPoint:
    """The elder calls his point by its number of cards (law 46): the dialogue's first call of point."""

    player: Player
    cards: int


@dataclass(frozen=True)
class AskValue:
    """The younger, holding as many cards or more, asks what the elder's point makes instead of replying;
    he gives up any longer point by asking (law 46)."""

    player: Player


@dataclass(frozen=True)
class SeeLeft:
    """The cards left in the stock after the exchange (law 36): the younger's election whether he will
    look at them (`look` true or false), or, once the younger has looked, the elder's looking (`look` true)."""

    player: Player
    look: bool


@dataclass(frozen=True)
class MixLeft:
    """The younger puts the cards left in the stock among his discard without showing them to the elder
    (law 37): an irregularity after which the elder, once he has led, may see that discard and those cards."""

    player: Player


@dataclass(frozen=True)
class CallValue:
    """The elder says what his point makes, after the younger's reply of equal or his asking (law 46, Case I)."""

    player: Player
    value: int


@dataclass(frozen=True)
class CallSequence:
    """The elder calls a sequence by its length and the rank (bit) of its head; the head may be left
    unnamed (None) only when the call is good against the cards (law 48)."""

    player: Player
    length: int
    head: int | None


@dataclass(frozen=True)
class CallSet:
    """The elder calls a quatorze or trio by its number of cards and its rank (bit); the rank may be left
    unnamed (None) only when the call is good against the cards (law 48)."""

    player: Player
    count: int
    rank: int | None


@dataclass(frozen=True)
class Reply:
    """The younger replies to the elder's call on the strength of his hand: the machine computes good,
    equal or not good from both hands and the call (laws 46, 48)."""

    player: Player


@dataclass(frozen=True)
class SeeDiscard:
    """The elder, once he has led, looks at the younger's discard with the cards left mixed into it (law 37)."""

    player: Player


@dataclass(frozen=True)
class Allow:
    """The younger allows the elder's call good though he holds as good or better (he sinks it; law 51)."""

    player: Player


@dataclass(frozen=True)
class Correct:
    """The younger takes back his allowing of the elder's call and replies on his hand instead: open to
    him until the elder's next call, or his lead when no call follows (law 51)."""

    player: Player


@dataclass(frozen=True)
class AskWhich:
    """The younger asks which card of the rank the elder's trio leaves out ("which king do you not
    reckon?"): the asking admits the trio good (Case VII)."""

    player: Player


@dataclass(frozen=True)
class NameOut:
    """The elder names the card of the rank called that he does not reckon; the answer stands for showing
    the trio, so it defines what he claims (Case VIII)."""

    player: Player
    card: Card


@dataclass(frozen=True)
class CorrectMiscall:
    """The player puts right his call in `category` of a holding he does not hold, which was allowed good
    (law 52): open until the younger has played to the first trick. His call is taken to be the best he
    holds in the category, and the younger replies to it on his hand."""

    player: Player
    category: DeclCategory


@dataclass(frozen=True)
class AskShow:
    """The player asks his adversary to show what he called in `category` and had allowed good or equal
    (law 55): open at any time against the elder, against the younger once the elder has led. The
    adversary must show it, so the request is answered by the showing."""

    player: Player
    category: DeclCategory


@dataclass(frozen=True)
class Show:
    """The player shows, unasked, what he called in `category` and had allowed good or equal (law 55).
    Before he plays a card, a showing of a call he does not hold is his correction of it, free of penalty."""

    player: Player
    category: DeclCategory


Opening = Union[CallPoint, CallSequence, CallSet]
Utterance = Union[CallPoint, AskValue, CallValue, CallSequence, CallSet, Reply, Allow, Correct, AskWhich, NameOut]
DIALOGUE_TYPES = (CallPoint, AskValue, CallValue, CallSequence, CallSet, Reply, Allow, Correct, AskWhich, NameOut)
Action = Union[
    ShowBlanche, LayOut, Leave, Exchange, Call, Play, Elect, Revoke, LeadOutOfTurn, LeadSeveral, ChangeLead, Overplay, Retake, TakeUp, SeeLeft, MixLeft, SeeDiscard, ExposeStock, CallPoint, AskValue, CallValue, CallSequence, CallSet, Reply, Allow, Correct,
    AskWhich, NameOut, CorrectMiscall, AskShow, Show]
ACTION_TYPES = (ShowBlanche, LayOut, Leave, Exchange, Call, Play, Elect, Revoke, LeadOutOfTurn, LeadSeveral, ChangeLead, Overplay, Retake, TakeUp, SeeLeft, MixLeft, SeeDiscard, ExposeStock, CorrectMiscall, AskShow, Show) + DIALOGUE_TYPES


_Item = TypeVar("_Item")


class _OnDemand(Sequence[_Item]):
    """A sequence whose items are built only when asked for: indexed by position or slice as a tuple is (a negative
    position counts from the end, one out of range is an IndexError); a subclass gives its length and the item at a
    position (`_at`)."""

    __slots__ = ()
    what = "item"  # how an IndexError names the items

    @overload
    def __getitem__(self, index: int) -> _Item: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[_Item, ...]: ...
    def __getitem__(self, index: int | slice) -> _Item | tuple[_Item, ...]:
        if isinstance(index, slice):
            return tuple(self._at(i) for i in range(*index.indices(len(self))))
        return self._at(_position(index, len(self), self.what))

    def _at(self, position: int) -> _Item:
        raise NotImplementedError


def _run_ends(lengths: Iterator[int]) -> tuple[int, ...]:
    """Where each of consecutive runs of these lengths ends, counted from the start of the first."""
    ends, total = [], 0
    for n in lengths:
        total += n
        ends.append(total)
    return tuple(ends)


def _run_of(ends: tuple[int, ...], position: int) -> tuple[int, int]:
    """(the run, the position within it) of a position before the last of `ends` (`_run_ends`)."""
    start = 0
    for i, end in enumerate(ends):
        if position < end:
            return i, position - start
        start = end
    raise AssertionError("unreachable: the position is within the ends")


class Exchanges(_OnDemand[Exchange]):
    """The exchanges a player may make, listed on demand: every discard of `held` of each size allowed, with the
    number of cards that size takes in, in the order `combinations` gives (sizes ascending; `held` is in
    canonical order, so each discard is too).

    The elder's choice alone is up to 1,585 discards; building each as an `Exchange` cost most of a walk through a
    deal. Here a discard is built only when it is asked for (by index, by iteration), membership is a test on the
    action itself, and the count is a sum of binomials, so a random legal choice costs one action.
    """

    __slots__ = ("player", "held", "sizes", "_ends")

    def __init__(self, player: Player, held: tuple[Card, ...], sizes: tuple[tuple[int, int], ...]) -> None:
        self.player = player
        self.held = held
        self.sizes = sizes  # (cards discarded, cards taken in), sizes ascending and distinct
        self._ends = _run_ends(comb(len(held), k) for k, _ in sizes)

    what = "exchange"

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def _at(self, position: int) -> Exchange:
        i, within = _run_of(self._ends, position)
        k, take = self.sizes[i]
        return Exchange(self.player, _nth_combination(self.held, k, within), take)

    def __iter__(self) -> Iterator[Exchange]:
        for k, take in self.sizes:
            for out in combinations(self.held, k):
                yield Exchange(self.player, out, take)

    def __contains__(self, action: object) -> bool:
        if type(action) is not Exchange or action.player != self.player or not action.announced:
            return False
        out = action.discard
        if not isinstance(out, tuple) or not all(type(c) in CARD_TYPES for c in out):  # an action built wrong is no exchange listed
            return False
        return (len(out), action.take) in self.sizes and len(set(out)) == len(out) and all(c in self.held for c in out)


def _position(index: int, n: int, what: str) -> int:
    """`index` into a sequence of `n` items as a position from the start (a negative one counts from the end), or
    IndexError, as a tuple would."""
    position = index + n if index < 0 else index
    if not 0 <= position < n:
        raise IndexError(f"{what} index out of range")
    return position


def _nth_combination(pool: tuple[Card, ...], k: int, index: int) -> tuple[Card, ...]:
    """The `index`-th of `combinations(pool, k)` (counted from 0), without listing those before it."""
    out: list[Card] = []
    n, start = len(pool), 0
    while k:
        for i in range(start, n):
            block = comb(n - i - 1, k - 1)  # the combinations whose next card is pool[i]
            if index < block:
                out.append(pool[i])
                start, k = i + 1, k - 1
                break
            index -= block
    return tuple(out)


class Calls(_OnDemand[Call]):
    """A player's calls in one category, one per option of `call_options`, each built when it is asked for: a point
    has a call for every part of every suit, dozens in a hand, of which a walk through the deal draws one."""

    __slots__ = ("player", "category", "options", "_held")

    def __init__(self, player: Player, category: DeclCategory, options: tuple[tuple[tuple[Card, ...], ...], ...]) -> None:
        self.player, self.category, self.options = player, category, options
        self._held: frozenset[tuple[tuple[Card, ...], ...]] | None = None  # the options in canonical form, once asked

    what = "call"

    def __len__(self) -> int:
        return len(self.options)

    def _at(self, position: int) -> Call:
        return Call(self.player, self.category, self.options[position])

    def __iter__(self) -> Iterator[Call]:
        for held in self.options:
            yield Call(self.player, self.category, held)

    def __contains__(self, action: object) -> bool:
        if type(action) is not Call or action.player != self.player or action.category != self.category:
            return False
        if self._held is None:
            self._held = frozenset(_canonical_holdings(h) for h in self.options)
        try:
            return action.holdings in self._held
        except TypeError:  # holdings built of something unhashable: no call listed
            return False


class Actions(_OnDemand[Action]):
    """The legal actions of a state, in parts: those listed outright, and those built only when asked for (the
    exchanges, `Exchanges`; the calls of a category, `Calls`). A sequence like a tuple, and equal to the tuple of
    its actions."""

    __slots__ = ("parts", "_ends")

    def __init__(self, *parts: Sequence[Action]) -> None:
        self.parts = tuple(p for p in parts if len(p))
        self._ends = _run_ends(len(p) for p in self.parts)

    what = "action"

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def _at(self, position: int) -> Action:
        i, within = _run_of(self._ends, position)
        return self.parts[i][within]

    def __iter__(self) -> Iterator[Action]:
        for part in self.parts:
            yield from part

    def __contains__(self, action: object) -> bool:
        return any(action in part for part in self.parts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Actions, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        kinds = ", ".join(f"{len(p)} {type(p).__name__.lower() if not isinstance(p, tuple) else 'listed'}" for p in self.parts)
        return f"Actions({len(self)} actions: {kinds})"


@lru_cache(maxsize=1 << 10)
def call_options(hand: Hand, category: DeclCategory, rs: Ruleset) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Every call `hand` can make in `category`: no holding, or any holdings it has (a point: any cards
    of one suit; sequences: runs that do not overlap; sets: per scoring rank at most one set of a counting size).
    Listed at each of a player's steps of the calls, the same each time, so kept."""
    if category == "point":
        return ((),) + tuple((SUIT_CARDS[s][m],) for s in range(4) for m in suit_parts(hand[s]))
    if category == "sequences":
        per_suit = [_suit_runs(s, hand[s], rs.sequences.min_length) for s in range(4)]
        return tuple(sum(choice, ()) for choice in product(*per_suit))
    per_rank = []
    for rank in rs.sets.ranks:
        suits = [s for s in range(4) if hand[s] >> rank & 1]
        options: list[tuple[tuple[Card, ...], ...]] = [()]
        for n in sorted(rs.sets.values):
            options += [(tuple(card_of(s, rank) for s in chosen),) for chosen in combinations(suits, n)]
        per_rank.append(options)
    return tuple(sum(choice, ()) for choice in product(*per_rank))


# A suit's part of a call depends on its mask alone (of 256), and each deal's walk through the calls lists them
# again at each step: each is worked out once.

@lru_cache(maxsize=None)
def suit_parts(mask: int) -> tuple[int, ...]:
    """Every nonempty part of the suit `mask` (as a mask), in increasing order: the cards of one suit a point may
    be called of (`call_options`, `dialogue.singles`)."""
    return tuple(m for m in range(1, mask + 1) if m & mask == m)


@lru_cache(maxsize=None)
def _suit_runs(suit: int, mask: int, min_length: int) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Each set of runs of `_run_sets` in the suit, as the holdings of its cards."""
    return tuple(tuple(SUIT_CARDS[suit][m] for m in runs) for runs in _run_sets(mask, min_length))


def _run_sets(mask: int, min_length: int) -> list[tuple[int, ...]]:
    """Every set of runs (as masks) of at least `min_length` cards within `mask`, no two sharing a card."""
    out: list[tuple[int, ...]] = [()]
    for run in runs_within(mask, min_length):
        out += [chosen + (run,) for chosen in out if not any(r & run for r in chosen)]
    return out


# The actions in the game's notation. An action prints as one line, its player, its kind and its arguments, cards in
# notation and a list of cards in brackets (`elder play AH`, `younger exchange [7C 7D] 2`, `elder call sequences
# [[AS KS QS] [9H 8H 7H]]`): the kinds and the order of the arguments are those of the protocol's JSON form
# (docs/protocol.md), so the line is the label the `count` op gives an action. `parse_action` reads the line back,
# and an action's `repr` is its constructor with the cards in notation, which reads back too.

KINDS: dict[str, tuple[type[Action], tuple[str, ...]]] = {  # kind -> (class, its fields after the player, in order)
    "carte_blanche": (ShowBlanche, ()), "exchange": (Exchange, ("discard", "take", "announced")), "call": (Call, ("category", "holdings")),
    "play": (Play, ("card",)), "elect": (Elect, ("choice",)), "revoke": (Revoke, ("card",)), "lead_out_of_turn": (LeadOutOfTurn, ("card",)),
    "lead_several": (LeadSeveral, ("cards",)), "change_lead": (ChangeLead, ("card", "to")), "overplay": (Overplay, ("card",)),
    "expose_stock": (ExposeStock, ("card",)), "retake": (Retake, ()), "take_up": (TakeUp, ()), "lay_out": (LayOut, ("discard",)),
    "leave": (Leave, ("count",)), "see_left": (SeeLeft, ("look",)), "mix_left": (MixLeft, ()), "see_discard": (SeeDiscard, ()),
    "call_point": (CallPoint, ("cards",)), "call_value": (CallValue, ("value",)), "call_sequence": (CallSequence, ("length", "head")),
    "call_set": (CallSet, ("count", "rank")), "reply": (Reply, ()), "allow": (Allow, ()), "ask_value": (AskValue, ()), "correct": (Correct, ()),
    "correct_miscall": (CorrectMiscall, ("category",)), "ask_which": (AskWhich, ()), "name_out": (NameOut, ("card",)),
    "ask_show": (AskShow, ("category",)), "show": (Show, ("category",)),
}
KIND_OF: dict[type[Action], str] = {cls: kind for kind, (cls, _) in KINDS.items()}
CARD_FIELDS = {"card", "to"}  # a card; `discard`, `cards` (of LeadSeveral) and `holdings` are lists of cards
RANK_FIELDS = {"head", "rank"}  # a rank by its bit, None when unnamed


def format_action(action: Action, ruleset: Ruleset | str | None = None) -> str:
    """The action as one line of notation (see above): `younger exchange [7C 7D] 2`. `announced` is written only when
    false, a rank left unnamed not at all, as the protocol leaves those keys out."""
    rs = ruleset_of(ruleset)
    kind = KIND_OF.get(type(action))
    if kind is None:
        raise error("argument-invalid", f"action must be one of the state machine's actions (see legal_actions), got {type(action).__name__}")
    words = [action.player, kind]
    for name in KINDS[kind][1]:
        value = getattr(action, name)
        if name == "announced":
            words += [] if value else ["False"]
        elif name in RANK_FIELDS:
            words += [] if value is None else [rs.pack.ranks[value].symbol]
        elif name in CARD_FIELDS:
            words.append(format_card(value, rs))
        elif name == "holdings":
            words.append("[" + " ".join(f"[{' '.join(format_cards(h, rs))}]" for h in value) + "]")
        elif isinstance(value, tuple):
            words.append(f"[{' '.join(format_cards(value, rs))}]")
        else:
            words.append(str(value))
    return " ".join(words)


def parse_action(text: str, ruleset: Ruleset | str | None = None) -> Action:
    """The action a line of notation describes (`format_action`'s form): a RecordError `record-invalid` naming what
    is wrong if it is not one, a CardError for a card that is not one. The action is not judged against a deal:
    `apply` does that."""
    rs = ruleset_of(ruleset)
    if not isinstance(text, str):
        raise error("record-invalid", f"an action is read from text, got {type(text).__name__}")
    words = _nested(text)
    if len(words) < 2 or words[0] not in ("elder", "younger") or not isinstance(words[1], str) or words[1] not in KINDS:
        raise error("record-invalid", f"{shown(text)} is not an action: a player (elder or younger), then one of {', '.join(KINDS)}, then its arguments")
    cls, names = KINDS[words[1]]
    args: list[object] = [words[0]]
    given = words[2:]
    for name in names:
        if name in ("announced", *RANK_FIELDS) and not given:
            args.append(True if name == "announced" else None)
            continue
        if not given:
            raise error("record-invalid", f"{shown(text)}: a {words[1]} action needs its {name}")
        args.append(_argument(name, given.pop(0), cls, rs, text))
    if given:
        raise error("record-invalid", f"{shown(text)}: more arguments than a {words[1]} action takes")
    return cls(*args)  # type: ignore[arg-type]


Nested = Union[str, list["Nested"]]


def _nested(text: str) -> list[Nested]:
    """The words of `text`, a bracketed list as a list (of words or lists): `a [b [c]]` -> ['a', ['b', ['c']]]."""
    stack: list[list[Nested]] = [[]]
    for word in text.replace("[", " [ ").replace("]", " ] ").split():
        if word == "[":
            stack.append([])
        elif word == "]":
            if len(stack) == 1:
                raise error("record-invalid", f"{shown(text)}: a ']' without its '['")
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(word)
    if len(stack) != 1:
        raise error("record-invalid", f"{shown(text)}: a '[' without its ']'")
    return stack[0]


def _argument(name: str, word: Nested, cls: type[Action], rs: Ruleset, text: str) -> object:
    """One argument of an action from its word (or bracketed list), by the field it fills."""
    def cards(value: Nested) -> tuple[Card, ...]:
        if not isinstance(value, list) or not all(isinstance(w, str) for w in value):
            raise error("record-invalid", f"{shown(text)}: the {name} is a list of cards in brackets, got {shown(value)}")
        return parse_cards([str(w) for w in value], rs, name)

    if name in CARD_FIELDS:
        if not isinstance(word, str):
            raise error("record-invalid", f"{shown(text)}: the {name} is one card, got {shown(word)}")
        return parse_cards([word], rs, name)[0]
    if name == "holdings":
        if not isinstance(word, list):
            raise error("record-invalid", f"{shown(text)}: the holdings are a list of card lists, got {shown(word)}")
        return tuple(cards(h) for h in word)
    if name in ("discard",) or (name == "cards" and cls is LeadSeveral):
        return cards(word)
    if not isinstance(word, str):
        raise error("record-invalid", f"{shown(text)}: the {name} is one word, got {shown(word)}")
    if name in RANK_FIELDS:
        bits = [b for b, r in enumerate(rs.pack.ranks) if word.upper() in (r.symbol, *r.aliases)]
        if not bits:
            raise error("record-invalid", f"{shown(text)}: {shown(word)} is not a rank")
        return bits[0]
    if name in ("announced", "look"):
        if word not in ("True", "False"):
            raise error("record-invalid", f"{shown(text)}: the {name} is True or False, got {shown(word)}")
        return word == "True"
    if name in ("category", "choice"):
        return word
    if not word.isdigit():
        raise error("record-invalid", f"{shown(text)}: the {name} is a number, got {shown(word)}")
    return int(word)


def _action_str(action: Action) -> str:
    return format_action(action)


def _action_repr(action: Action) -> str:
    """The constructor call with every card in notation (`Play(player='elder', card=parse_card('AH'))`)."""
    parts = []
    for f in fields(action):
        value = getattr(action, f.name)
        if f.name in CARD_FIELDS:
            text = card_repr(value)
        elif f.name == "holdings":
            text = groups_repr(value)
        elif isinstance(value, tuple):
            text = cards_repr(value)
        else:
            text = repr(value)
        parts.append(f"{f.name}={text}")
    return f"{type(action).__name__}({', '.join(parts)})"


for _cls in ACTION_TYPES:  # every action prints in notation and reads back (the dataclasses' own repr shows card numbers)
    setattr(_cls, "__str__", _action_str)
    setattr(_cls, "__repr__", _action_repr)
