"""The typed, frozen `Ruleset`: every number and name the rule logic uses, read from spec/."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from piquet_ref.rules.codes import error
from piquet_ref.rules.errors import shown

Player = Literal["elder", "younger"]
PLAYERS: tuple[Player, Player] = ("elder", "younger")

# Accretion categories (the order itself is a spec table) and the ten fixed result keys (docs/formats.md).
Category = Literal["carte_blanche", "point", "sequences", "sets", "play", "cards"]
CATEGORIES: tuple[Category, ...] = ("carte_blanche", "point", "sequences", "sets", "play", "cards")
ScoreKey = Literal[
    "carte_blanche", "point", "sequences", "sets", "repique", "pique", "play", "cards", "capot"
]
SCORE_KEYS: tuple[ScoreKey, ...] = (
    "carte_blanche", "point", "sequences", "sets", "repique", "pique", "play", "cards", "capot"
)
Bonus = Literal["repique", "pique"]
# The accretion category each score key reckons in: a capot is reckoned with the cards (L66, L67);
# the bonuses are placed after the score that wins them and reckon in no category of their own.
ACCRETION_OF: dict[ScoreKey, Category] = {
    "carte_blanche": "carte_blanche", "point": "point", "sequences": "sequences", "sets": "sets",
    "play": "play", "cards": "cards", "capot": "cards",
}


def other(player: Player) -> Player:
    """The adversary of `player`."""
    return "younger" if player == "elder" else "elder"


def check_player(player: object, what: str = "player") -> Player:
    """`player` if it is elder or younger, else an argument-invalid error."""
    if player not in PLAYERS:
        raise error("argument-invalid", f"{what} must be elder or younger, got {shown(player)}")
    return player


@dataclass(frozen=True)
class Citation:
    """A source key (see spec/sources.yaml) and a location in it."""

    key: str
    at: str


@dataclass(frozen=True)
class Rule:
    """One rule of a spec table: stable id, our statement, its citations, the file it lives in."""

    id: str
    area: str
    statement: str
    sources: tuple[Citation, ...]
    file: str
    code: tuple[str, ...] = ()  # functions that carry the rule out, where the code never names it


@dataclass(frozen=True)
class Suit:
    symbol: str
    name: str
    glyph: str


@dataclass(frozen=True)
class Rank:
    symbol: str
    name: str
    aliases: tuple[str, ...]
    pips: int


@dataclass(frozen=True)
class PackRules:
    """Suits in spec order (index = suit number); ranks lowest first (index = bit in a suit mask)."""

    suits: tuple[Suit, ...]
    ranks: tuple[Rank, ...]
    court_mask: int
    hand_size: int
    stock_size: int


@dataclass(frozen=True)
class CarteBlancheRules:
    court_mask: int
    min_cards: int
    points: int


@dataclass(frozen=True)
class ExchangeRules:
    elder_min: int
    elder_max: int
    younger_min: int
    younger_max: int | None  # None: every card left in the stock


@dataclass(frozen=True)
class PointRules:
    per_card: int
    pips_per_point: int | None  # None: the point scores per card; n: one for every n pips
    less_if_ends_in: int | None  # a point whose pips end in this digit scores one less


@dataclass(frozen=True)
class SequenceRules:
    min_length: int
    names: dict[int, str]
    values: dict[int, int]
    major: str
    minor: str
    other: str


@dataclass(frozen=True)
class SetRules:
    ranks: tuple[int, ...]  # rank bits that may form sets, lowest first
    names: dict[int, str]  # count -> name
    values: dict[int, int]  # count -> points
    template: str  # how a set is named, from {count} (its name) and {rank}


@dataclass(frozen=True)
class PlayRules:
    first_leader: Player
    tricks: int
    lead_points: int
    second_win_points: int
    last_trick_extra: int
    lead_min: int  # rank bit: a lead of a lower card scores nothing
    win_min: int  # rank bit: a second player's win with a lower card scores nothing
    last_any_rank: bool  # the last trick's lead and win score whatever their rank


@dataclass(frozen=True)
class CardsRules:
    min_tricks: int
    points: int
    capot_points: int
    capot_counts_toward_bonuses: bool


@dataclass(frozen=True)
class BonusRule:
    threshold: int
    points: int
    counts: frozenset[Category]
    players: frozenset[Player]


@dataclass(frozen=True)
class AccretionRules:
    order: tuple[Category, ...]
    hand: frozenset[Category]
    repique: BonusRule
    pique: BonusRule
    cumulative: bool


Form = Literal["rubicon", "four-deal", "hundred-up", "best-of-five", "chouette"]
FORMS: tuple[Form, ...] = ("rubicon", "four-deal", "hundred-up", "best-of-five", "chouette")


@dataclass(frozen=True)
class DealingRules:
    lower_deals: bool  # the lower cut deals first (else the higher cut chooses)
    alternate: bool  # the deal alternates (else the players cut for every deal)
    elder_deals_twice: bool  # the elder of a deal out of turn that stood deals the next two (L16; else the turn goes on from it)


@dataclass(frozen=True)
class PartieRules:
    default_form: Form
    deals: int
    extra_deals: int  # played after a tie, one each
    four_deals: int
    doubled: frozenset[int]  # deals of the four-deal partie that count double
    factor: int
    bonus: int  # added to the points won
    rubicon_threshold: int
    winner_needs_threshold: bool


@dataclass(frozen=True)
class GameRules:
    target: int
    double_under: int  # the adversary's score below which a game is double
    double_value: int
    games: int  # games that win a partie of games


@dataclass(frozen=True)
class ChouetteRules:
    single_stake: int  # the single player's stake, the partners' being one
    unit: int
    round_up_from: int


@dataclass(frozen=True)
class Stake:
    """Money for points: pence a hundred points, reckoned in whole blocks of `unit` points."""

    name: str
    pence_per_hundred: int
    unit: int


@dataclass(frozen=True)
class Knob:
    """One table value a ruleset overlay changes, and the ambiguity whose reading it takes."""

    ruleset: str  # the ruleset (this one or a base) that sets it
    ambiguity: str
    rule: str
    param: str
    value: str  # canonical JSON


@dataclass(frozen=True, eq=False)
class Ruleset:
    """A complete, validated set of rules. Compared and hashed by identity (rulesets are loaded once)."""

    id: str
    name: str
    description: str
    rules: dict[str, Rule] = field(repr=False)
    pack: PackRules = field(repr=False)
    carte_blanche: CarteBlancheRules = field(repr=False)
    exchange: ExchangeRules = field(repr=False)
    point: PointRules = field(repr=False)
    sequences: SequenceRules = field(repr=False)
    sets: SetRules = field(repr=False)
    play: PlayRules = field(repr=False)
    cards: CardsRules = field(repr=False)
    accretion: AccretionRules = field(repr=False)
    dealing: DealingRules = field(repr=False)
    partie: PartieRules = field(repr=False)
    game: GameRules = field(repr=False)
    chouette: ChouetteRules = field(repr=False)
    stakes: dict[str, Stake] = field(repr=False)
    params: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False)  # resolved table values, by rule
    base: str | None = None  # the ruleset this one overlays
    knobs: tuple[Knob, ...] = field(default=(), repr=False)  # every value changed from the default, base's first

    def __str__(self) -> str:
        """The id and the name: `portland-1882 (Portland and Turf Clubs, 1882 (Rubicon piquet))`."""
        return f"{self.id} ({self.name})"

    def __repr__(self) -> str:
        """The call that gives this ruleset again (`load_ruleset` caches, so a shipped ruleset reads back as the
        same object); the tables themselves are thousands of values and say nothing at a glance."""
        return f"load_ruleset({self.id!r})"
