"""The JSON forms of results as types: one `TypedDict` per object of the JSON Schemas in `conformance/schema/`.

`result_json`, `evaluation_json`, `comparison_json`, `legal_actions_json` and `state_json` return these, so a caller's
type checker knows every key of a result and the type of its value (a `score_deal` result is a `ResultJSON`, its
events `EventJSON`s...) instead of `dict[str, Any]`. They only describe: the JSON text is written by
`protocol/results.py` and `protocol/machine.py`. `tests/test_forms.py` walks each type beside its schema and checks
that the keys, which of them are required, and the type of each value agree, so neither can drift from the other.
(No `from __future__ import annotations` here: Python 3.11 reads `NotRequired` only from annotations that are not
strings.)
"""

from typing import Any, Literal, NotRequired, TypedDict

from piquet_ref.rules.ruleset import Player, ScoreKey

SuitSymbol = Literal["S", "H", "D", "C"]
Status = Literal["good", "not_good", "equal", "none"]
Phase = Literal["exchange", "option", "calls", "play", "complete", "void"]
ActionKind = Literal[
    "carte_blanche", "exchange", "call", "play", "elect", "revoke", "lead_out_of_turn", "lead_several", "change_lead", "overplay",
    "expose_stock", "retake", "take_up", "lay_out", "leave", "see_left", "mix_left", "see_discard", "call_point", "call_value",
    "call_sequence", "call_set", "reply", "allow", "ask_value", "correct", "correct_miscall", "ask_which", "name_out", "ask_show", "show",
]
LegalActionKind = Literal[
    "carte_blanche", "exchange", "call", "play", "elect", "retake", "take_up", "see_left", "see_discard", "call_point", "call_value",
    "call_sequence", "call_set", "reply", "allow", "ask_value", "correct", "correct_miscall", "ask_which", "name_out", "ask_show", "show",
    "lay_out", "leave", "change_lead",
]


class IntPairJSON(TypedDict):
    """A number for each player: running totals, points scored."""

    elder: int
    younger: int


class BoolPairJSON(TypedDict):
    """A yes or no for each player: dealt carte blanche, reckons nothing."""

    elder: bool
    younger: bool


class CardsPairJSON(TypedDict):
    """Cards for each player: the hands after the exchange."""

    elder: list[str]
    younger: list[str]


class PlayerScoreJSON(TypedDict):
    """The ten fixed keys of a player's score."""

    carte_blanche: int
    point: int
    sequences: int
    sets: int
    repique: int
    pique: int
    play: int
    cards: int
    capot: int
    total: int


class EventJSON(TypedDict):
    """One score, in the order of accretion, with the totals after it."""

    player: Player
    category: ScoreKey
    points: int
    rule: str
    cards: list[str]
    note: str
    trick: int | None
    running: IntPairJSON


class StatusJSON(TypedDict):
    elder: Status
    younger: Status


class BestJSON(TypedDict):
    """Each side's best holding as its key's two parts (`{length, pips}`, `{length, top}`, `{count, rank}`), or null."""

    elder: dict[str, int | str] | None
    younger: dict[str, int | str] | None


class VerdictJSON(TypedDict):
    """One category's verdict: who is good, on which part of the key, each side's reply and points."""

    outcome: Literal["good", "equal", "none"]
    winner: Player | None
    deciding: str | None
    status: StatusJSON
    best: BestJSON
    points: IntPairJSON


class ComparisonJSON(TypedDict):
    """The result of `compare_declarations`: the verdict in each category."""

    point: VerdictJSON
    sequences: VerdictJSON
    sets: VerdictJSON


class PointJSON(TypedDict):
    suit: SuitSymbol
    length: int
    pips: int
    cards: list[str]


class SequenceJSON(TypedDict):
    suit: SuitSymbol
    length: int
    top: str
    name: str
    points: int
    cards: list[str]


class SetJSON(TypedDict):
    rank: str
    count: int
    name: str
    points: int
    cards: list[str]


class DeclarationJSON(TypedDict):
    """What a player declares: his point, sequences and sets."""

    point: PointJSON | None
    sequences: list[SequenceJSON]
    sets: list[SetJSON]


class EvaluationJSON(DeclarationJSON):
    """The result of `evaluate_hand`: what a hand holds, and whether it is carte blanche."""

    carte_blanche: bool


class DeclaredJSON(TypedDict):
    elder: DeclarationJSON
    younger: DeclarationJSON


class TrickJSON(TypedDict):
    number: int
    leader: Player
    cards: list[str]
    winner: Player
    running: IntPairJSON


class ResultJSON(TypedDict):
    """The result of `score_deal` (docs/formats.md, "The result")."""

    ruleset: str
    elder: PlayerScoreJSON
    younger: PlayerScoreJSON
    events: list[EventJSON]
    declarations: ComparisonJSON
    declared: DeclaredJSON
    carte_blanche: BoolPairJSON
    hands: CardsPairJSON
    tricks: list[TrickJSON]
    complete: bool
    reckons_nothing: NotRequired[BoolPairJSON]  # only when a player reckons nothing that deal (laws 25-35, 58)


class TotalsJSON(TypedDict):
    """The result of `score_totals`: the ten totals of `score_deal`'s result alone (docs/protocol.md)."""

    ruleset: str
    elder: PlayerScoreJSON
    younger: PlayerScoreJSON
    complete: bool


class ActionKeysJSON(TypedDict):
    """The keys an action has besides its player and kind, each for the kinds that take it (docs/protocol.md)."""

    discard: NotRequired[list[str]]
    take: NotRequired[int]
    announced: NotRequired[bool]
    category: NotRequired[Literal["point", "sequences", "sets"]]
    holdings: NotRequired[list[list[str]]]
    card: NotRequired[str]
    cards: NotRequired[list[str] | int]  # the cards of a multiple lead; the number of cards of a call of point
    to: NotRequired[str]
    choice: NotRequired[str]
    count: NotRequired[int]
    look: NotRequired[bool]
    value: NotRequired[int]
    length: NotRequired[int]
    head: NotRequired[str]
    rank: NotRequired[str]


class ActionJSON(ActionKeysJSON):
    """An action of the state machine as the `apply` op takes it: the player and the kind, then the kind's own keys."""

    player: Player
    action: ActionKind


class LegalActionJSON(ActionKeysJSON):
    """An action `legal_actions` offers: the kinds the laws allow, never an irregularity (a revoke, a lead out of
    turn, a card of the stock shown...), which only `irregular_actions` lists."""

    player: Player
    action: LegalActionKind


class LegalActionsJSON(TypedDict):
    """The result of the `legal_actions` op: the phase, who is to act, and every action the laws allow next."""

    phase: Phase
    to_move: Player | None
    count: int
    actions: list[LegalActionJSON]


# The `apply` op's answer: the state of a deal after the actions given (`state_json`). Keys the schema leaves optional
# are `NotRequired` here, though some (`takes`, `pending`, `talk`...) are always written.

Category = Literal["point", "sequences", "sets"]


class BlancheJSON(TypedDict):
    dealt: bool
    shown: bool


class BlanchePairJSON(TypedDict):
    elder: BlancheJSON
    younger: BlancheJSON


class DiscardsJSON(TypedDict):
    elder: list[str] | None
    younger: list[str] | None


class TakesJSON(TypedDict):
    elder: int | None
    younger: int | None


class PendingJSON(TypedDict):
    """Who is to elect, under which law, and what he may elect."""

    player: Player
    law: int
    options: list[Literal["fresh_deal", "enforce", "waive", "stand"]]


class CallJSON(TypedDict):
    player: Player
    action: Literal["call"]
    category: Category
    holdings: list[list[str]]


class TalkJSON(TypedDict):
    """A word of the calling dialogue under way, in the action form `apply` takes."""

    player: Player
    action: Literal["call_point", "call_value", "call_sequence", "call_set", "reply", "allow", "ask_value", "ask_which"]
    cards: NotRequired[int]
    value: NotRequired[int]
    length: NotRequired[int]
    count: NotRequired[int]
    head: NotRequired[str]
    rank: NotRequired[str]


class ClaimJSON(TypedDict):
    category: Category
    talk: list[ActionJSON]
    exempt: bool
    found: NotRequired[bool]
    player: NotRequired[Literal["younger"]]
    holding: NotRequired[list[str]]


class LaidOutJSON(TypedDict):
    discard: list[str]
    may_alter: bool


class LeavesJSON(TypedDict):
    count: int
    before_showing: bool


class ExposedStockJSON(TypedDict, total=False):
    elder: list[str]
    younger: list[str]


class ShowingJSON(TypedDict):
    player: Player
    category: Category


class ReplyJSON(TypedDict):
    outcome: Literal["good", "equal", "none"]
    winner: Player | None
    status: StatusJSON


class RepliesJSON(TypedDict, total=False):
    point: ReplyJSON
    sequences: ReplyJSON
    sets: ReplyJSON


class SurplusJSON(TypedDict):
    player: Player
    card: str
    trick: int


class CardsLeftJSON(TypedDict):
    cards: list[str]
    younger: Literal["look", "decline"] | None
    elder_looked: bool
    mixed: bool
    elder_saw_discard: bool
    short: NotRequired[list[str]]


class RevokeJSON(TypedDict):
    player: Player
    trick: int


class StateJSON(TypedDict):
    """The result of the `apply` op: the deal's state after the actions, and once the calls are over its record and score."""

    phase: Phase
    to_move: Player | None
    category: Category | None
    carte_blanche: BlanchePairJSON
    discards: DiscardsJSON
    takes: NotRequired[TakesJSON]
    pending: NotRequired[PendingJSON | None]
    void_law: NotRequired[int | None]
    reckons_nothing: NotRequired[BoolPairJSON]
    left: int | None
    hands: CardsPairJSON | None
    calls: list[CallJSON]
    claims: NotRequired[list[ClaimJSON]]
    laid_out: NotRequired[LaidOutJSON]
    leaves: NotRequired[LeavesJSON]
    point_barred: NotRequired[Literal[True]]
    took_in_first: NotRequired[Literal[True]]
    exposed_stock: NotRequired[ExposedStockJSON]
    point_lost: NotRequired[Literal[True]]
    showings: NotRequired[list[ShowingJSON]]
    talk: NotRequired[list[TalkJSON]]
    replies: RepliesJSON
    tricks: list[list[str]]
    lead: str | None
    lead_out_of_turn: NotRequired[bool]
    laid: NotRequired[list[str]]
    overplay_open: NotRequired[bool]
    surplus: NotRequired[SurplusJSON]
    complete: bool
    record: NotRequired[dict[str, Any]]  # the deal record (docs/formats.md), once the calls are over
    score: NotRequired[ResultJSON]
    cards_left: NotRequired[CardsLeftJSON]
    revoke: NotRequired[RevokeJSON | None]


# The answers of `count` and `odds` (conformance/schema/result-count.schema.json, result-odds.schema.json): each a
# union of one form per `kind`, as the schemas' `oneOf`s are.

class DiscardsCountJSON(TypedDict):
    """`count` of kind `discards`: the legal exchanges by the elder's discard size, and the younger's options."""

    kind: Literal["discards"]
    total: int
    by_first: dict[str, int]  # elder discard size, as a string
    younger_options: dict[str, int]


class PlayCountJSON(TypedDict):
    """`count` of kind `play`: the legal play sequences by their first card."""

    kind: Literal["play"]
    leader: Player
    total: int
    by_first: dict[str, int]  # a card's name


class ActionsCountJSON(TypedDict):
    """`count` of kind `actions`: the sequences of legal actions by their first action's label."""

    kind: Literal["actions"]
    phase: Literal["exchange", "option", "calls", "play", "complete", "void"]
    to_move: Player | None
    total: int
    by_first: dict[str, int]


CountJSON = DiscardsCountJSON | PlayCountJSON | ActionsCountJSON

OddsPairJSON = TypedDict("OddsPairJSON", {"for": int, "against": int})  # `for` is a keyword: the functional form

TakeInOddsJSON = TypedDict("TakeInOddsJSON", {
    "kind": Literal["take_in"], "unseen": int, "take": int, "combinations": int, "favourable": int, "probability": str,
    "odds": OddsPairJSON, "float": float,
})
TakeInOddsJSON.__doc__ = "`odds` of kind `take_in`: the exact chance that the take-in satisfies the condition."


class HandsOddsJSON(TypedDict):
    """`odds` of kind `hands`: the counts of hands of de Moivre's fifth problem."""

    kind: Literal["hands"]
    cards: int
    total: int
    patterns: int
    by_suit_lengths: int
    up_to_suit_permutation: int


OddsJSON = TakeInOddsJSON | HandsOddsJSON
