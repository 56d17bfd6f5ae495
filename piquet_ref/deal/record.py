"""The deal record (input of `score_deal`): parsing and validating it into typed values.

Shape (docs/formats.md): `ruleset` (optional), `elder` and `younger` each either `{dealt, discard}` (then
`stock`, top first, is required) or `{hand}` (the hand after the exchange), `tricks` as
`[[lead, follow], ...]`. Each player may add `declare` (see `DeclareChoice`), and in the dealt form
`take` (the cards he took in, when not the number he discarded: an irregular exchange, laws 30-35) and
`waives_penalty` (true: he did not enforce his adversary's penalty of reckoning nothing, law 44). In
either form a player may add `false_claim` (true: he called something he does not hold, had it allowed
good and did not correct it before the younger played to the first trick, a misnomer or a claim his hand
and discard could not hold aside: he reckons nothing that deal, laws 52-54; his adversary's holdings of
that category are declared as on its discovery). In either form a player may add `barred` (a list of
declaration categories, `point`, `sequences`, `sets`: what he declared there is compared as usual, so it
bars the adversary and saves a repique or pique, but he scores nothing for it; rule `declare.barred`:
a younger who replied equal to a shorter point, law 46 and Case I; holdings declared by implication and
not reckoned before the younger played to the first trick, law 56 and Case IV). The record may add
`out_of_turn`: the tricks (indices into `tricks`) led out of turn, each by the adversary of the player the
rules put on lead, and played to, so standing (law 59 III); the winner of each trick still leads the next.
In the dealt form a player may add `exposed_stock`: the cards of his adversary's portion of the stock he
showed or took up and put back in the exchange (law 27): he reckons nothing that deal, unless waived. In the dealt
form the younger may add `took_in_first` (true: he took in before the elder, from the top of the stock, so cards of
the elder's portion, law 29): he reckons nothing that deal unless the elder waives it, and the elder takes in after
him, from where he stopped.
"""

from __future__ import annotations

from itertools import chain
from typing import Any, Mapping, NamedTuple

from piquet_ref.hand.cards import Card, all_card_numbers, check_cards, notation, read_cards
from piquet_ref.hand.cards import parse_card as parse_card  # read by the contracts: each card text stands for the card it writes
from piquet_ref.hand.declarations import ALL, DECL_CATEGORIES, DeclCategory, DeclareChoice
from piquet_ref.rules.codes import error
from piquet_ref.rules.loader import DEFAULT_RULESET, load_ruleset
from piquet_ref.rules.ruleset import PLAYERS, Player, Ruleset
from piquet_ref.rules.errors import shown

class PlayerRecord(NamedTuple):
    """One player's part of a deal record: dealt hand and discard, or the hand after the exchange."""

    dealt: tuple[Card, ...] | None
    discard: tuple[Card, ...] | None
    hand: tuple[Card, ...] | None
    declare: DeclareChoice
    take: int | None = None  # cards taken in, when not the number discarded (laws 30-35)
    waives_penalty: bool = False  # he waived his adversary's penalty of reckoning nothing (law 44)
    false_claim: bool = False  # a claim not held allowed good and left uncorrected: he reckons nothing (law 54)
    barred: tuple[DeclCategory, ...] = ()  # categories declared and compared, that bar but score nothing (laws 46, 56)
    exposed_stock: tuple[Card, ...] = ()  # cards of the adversary's portion of the stock he showed in the exchange (law 27)
    took_in_first: bool = False  # the younger took in before the elder, from the elder's portion (law 29)


class DealRecord(NamedTuple):
    """A deal record with every card parsed; legality is checked when it is scored."""

    ruleset: Ruleset
    elder: PlayerRecord
    younger: PlayerRecord
    stock: tuple[Card, ...] | None
    tricks: tuple[tuple[Card, Card], ...]
    out_of_turn: tuple[int, ...] = ()  # tricks (indices into tricks) led out of turn and standing (law 59 III)

    def player(self, who: Player) -> PlayerRecord:
        return self.elder if who == "elder" else self.younger


class _Read(DealRecord):
    """A DealRecord as `parse_record` built it from a mapping: its fields are of their types by construction, so
    `parse_record` hands it on without checking them again (a DealRecord made by a caller is checked, `_checked`).
    A copy with fields replaced is a plain DealRecord, checked in its turn."""

    __slots__ = ()

    def _replace(self, **changes: Any) -> DealRecord:  # type: ignore[override]  # a plain DealRecord, checked when scored
        return DealRecord(*self)._replace(**changes)

    def __repr__(self) -> str:
        return repr(DealRecord(*self))


RECORD_KEYS = {"ruleset", "elder", "younger", "stock", "tricks", "out_of_turn"}
PAIR_TYPES = {list, tuple}  # what a trick may be given as (besides a string of two cards)
PLAYER_KEYS = {"dealt", "discard", "hand", "declare", "take", "waives_penalty", "false_claim", "barred", "exposed_stock", "took_in_first"}
FIELD = {(who, key): f"{who}.{key}" for who in PLAYERS for key in PLAYER_KEYS}  # names for error messages


def parse_record(data: Any) -> DealRecord:
    """Parse a deal record (a mapping as read from YAML or JSON). Raises a typed `PiquetError`.

    Each field of cards holds the cards its texts write, in order (a list of texts, or one string of them
    separated by white space or commas); both players are given the same way, with a stock exactly when their
    dealt hands are; a DealRecord given is returned as it is, once its fields are checked.

    rules: pack.cards
    raises: PiquetError
    post: not isinstance(data, DealRecord) or __return__ is data
    post: isinstance(data, DealRecord) or __return__.ruleset.id == data.get("ruleset", DEFAULT_RULESET)
    post: (__return__.elder.hand is None) == (__return__.younger.hand is None) == (__return__.stock is not None)
    post: cards_read_as_written(data, __return__)
    post: stock_read_as_written(data, __return__)
    post: tricks_read_as_written(data, __return__)
    rules: deal.sizes
    post: len(__return__.tricks) <= __return__.ruleset.play.tricks
    rules: declare.sinking
    post: declare_all_unless_given(data, __return__)
    post: take_waiver_and_false_claim_as_given(data, __return__)
    post: took_in_first_as_given(data, __return__)
    post: only_a_dealt_younger_takes_in_first(__return__)
    rules: declare.barred
    post: barred_as_given(data, __return__)
    """
    if isinstance(data, DealRecord):
        return data if type(data) is _Read else _checked(data)
    if type(data) is not dict and not isinstance(data, Mapping):
        raise error("record-invalid", f"a deal record must be a mapping, got {type(data).__name__}")
    if not data.keys() <= RECORD_KEYS:
        unknown = data.keys() - RECORD_KEYS
        raise error("record-invalid", f"unknown key(s) {sorted(map(str, unknown))} in deal record; expected {sorted(RECORD_KEYS)}")
    name = data.get("ruleset", DEFAULT_RULESET)
    if not isinstance(name, str):
        raise error("record-invalid", f"ruleset must be a ruleset id string, got {shown(name)}")
    rs = load_ruleset(name)
    table = notation(rs).parse
    elder, younger = _player(data.get("elder"), "elder", rs, table), _player(data.get("younger"), "younger", rs, table)
    dealt_form = elder.hand is None
    if dealt_form != (younger.hand is None):
        raise error("record-invalid", "both players must be given the same way: both {dealt, discard} or both {hand}")
    stock = None
    if dealt_form:
        if "stock" not in data:
            raise error("record-invalid", "stock (8 cards, top first) is required when the dealt hands are given")
        stock = read_cards(data["stock"], table, "stock")
    elif "stock" in data:
        raise error("record-invalid", "stock is only given with dealt hands, not with hands after the exchange")
    tricks = _tricks(data.get("tricks", []), rs, table)
    return _Read(rs, elder, younger, stock, tricks, _out_of_turn(data["out_of_turn"], len(tricks)) if "out_of_turn" in data else ())


def cards_read_as_written(data: Any, result: DealRecord) -> bool:
    """Each player's dealt hand, discard and hand after the exchange hold the cards their texts write, in order, and
    are absent where not given (rule pack.cards)."""
    return isinstance(data, DealRecord) or all(
        getattr(result.player(w), k) == (
            tuple(
                parse_card(t, result.ruleset)
                for t in (data[w][k].replace(",", " ").split() if isinstance(data[w][k], str) else data[w][k])
            )
            if k in data[w] else None
        )
        for w in PLAYERS for k in ("dealt", "discard", "hand")
    )


def stock_read_as_written(data: Any, result: DealRecord) -> bool:
    """The stock holds the cards its texts write, top first, and is absent where not given (rule pack.cards)."""
    return isinstance(data, DealRecord) or result.stock == (
        tuple(
            parse_card(t, result.ruleset)
            for t in (data["stock"].replace(",", " ").split() if isinstance(data["stock"], str) else data["stock"])
        )
        if "stock" in data else None
    )


def tricks_read_as_written(data: Any, result: DealRecord) -> bool:
    """Each trick holds the two cards its texts write, the leader's first (rule pack.cards)."""
    return isinstance(data, DealRecord) or result.tricks == tuple(
        tuple(parse_card(t, result.ruleset) for t in (v.replace(",", " ").split() if isinstance(v, str) else v))
        for v in data.get("tricks", [])
    )


def declare_all_unless_given(data: Any, result: DealRecord) -> bool:
    """A player who is not given a `declare` declares all he holds (rule declare.sinking)."""
    return isinstance(data, DealRecord) or all("declare" in data[w] or result.player(w).declare == ALL for w in PLAYERS)


def take_waiver_and_false_claim_as_given(data: Any, result: DealRecord) -> bool:
    """Each player's cards taken in, waiver of a penalty and false claim are as given, by default none (laws 30-35,
    44, 54)."""
    return isinstance(data, DealRecord) or all(
        result.player(w)[4:7]
        == (data[w].get("take"), data[w].get("waives_penalty", False), data[w].get("false_claim", False))
        for w in PLAYERS
    )


def took_in_first_as_given(data: Any, result: DealRecord) -> bool:
    """A player took in first exactly when the record says so (law 29)."""
    return isinstance(data, DealRecord) or all(
        result.player(w).took_in_first == data[w].get("took_in_first", False) for w in PLAYERS
    )


def only_a_dealt_younger_takes_in_first(result: DealRecord) -> bool:
    """Only the younger can take in before his turn, and only in a record of the dealt hands (law 29)."""
    return not result.elder.took_in_first and (not result.younger.took_in_first or result.younger.hand is None)


def barred_as_given(data: Any, result: DealRecord) -> bool:
    """Each player is barred from the categories given, and no other (rule declare.barred)."""
    return isinstance(data, DealRecord) or all(
        sorted(result.player(w).barred) == sorted(data[w].get("barred", [])) for w in PLAYERS
    )


def _player(data: Any, who: Player, rs: Ruleset, table: Mapping[str, Card]) -> PlayerRecord:
    if type(data) is not dict and not isinstance(data, Mapping):
        raise error("record-invalid", f"{who} must be a mapping with dealt and discard, or hand; got {shown(data)}")
    if not data.keys() <= PLAYER_KEYS:
        unknown = data.keys() - PLAYER_KEYS
        raise error("record-invalid", f"unknown key(s) {sorted(map(str, unknown))} in {who}; expected {sorted(PLAYER_KEYS)}")
    declare = parse_declare(data["declare"], who, rs) if "declare" in data else ALL  # a field left out costs no parse
    waives = data.get("waives_penalty", False)
    if type(waives) is not bool:
        raise error("record-invalid", f"{who}.waives_penalty must be true or false, got {shown(waives)}")
    claimed = data.get("false_claim", False)
    if type(claimed) is not bool:
        raise error("record-false-claim", f"{who}.false_claim must be true or false, got {shown(claimed)}")
    barred = parse_barred(data["barred"], FIELD[who, "barred"]) if "barred" in data else ()
    first = _took_in_first(data, who) if "took_in_first" in data else False
    if "hand" in data:
        if "dealt" in data or "discard" in data:
            raise error("record-invalid", f"{who}: give either hand, or dealt and discard, not both")
        for key in ("take", "exposed_stock"):
            if key in data:
                raise error("record-invalid", f"{who}: {key} is given with dealt and discard, not with hand")
        return PlayerRecord(None, None, read_cards(data["hand"], table, FIELD[who, "hand"]), declare, None, waives, claimed, barred)
    if "dealt" not in data or "discard" not in data:
        raise error("record-invalid", f"{who}: dealt and discard are both required (or hand alone)")
    take = data.get("take")
    if take is not None and (type(take) is not int or take < 0):
        raise error("record-invalid", f"{who}.take must be a count of cards taken in, got {shown(take)}")
    exposed = read_cards(data["exposed_stock"], table, FIELD[who, "exposed_stock"]) if "exposed_stock" in data else ()
    return PlayerRecord(
        read_cards(data["dealt"], table, FIELD[who, "dealt"]), read_cards(data["discard"], table, FIELD[who, "discard"]), None, declare,
        take, waives, claimed, barred, exposed, first,
    )


def _took_in_first(data: Mapping[str, Any], who: Player) -> bool:
    """A player's `took_in_first`, given: true or false, true only for the younger in the dealt form (law 29); else
    `record-took-in-first`."""
    first = data["took_in_first"]
    if type(first) is not bool:
        raise error("record-took-in-first", f"{who}.took_in_first must be true or false, got {shown(first)}")
    if (first and who != "younger") or "hand" in data:
        why = "only the younger takes in out of turn before the other" if who != "younger" else "it is given with dealt and discard, not with hand"
        raise error("record-took-in-first", f"{who}.took_in_first: {why}")
    return first


def _tricks(data: Any, rs: Ruleset, table: Mapping[str, Card]) -> tuple[tuple[Card, Card], ...]:
    if not isinstance(data, list):
        raise error("record-invalid", f"tricks must be a list of [lead, follow] pairs, got {type(data).__name__}")
    if len(data) > rs.play.tricks:
        raise error("play-too-many-tricks", f"tricks: {len(data)} tricks given; a deal has {rs.play.tricks}")
    if set(map(type, data)) <= PAIR_TYPES:
        try:  # fast path: pairs of canonical card strings
            return tuple([(table[lead], table[follow]) for lead, follow in data])
        except (KeyError, TypeError, ValueError):
            pass
    out = []
    for i, trick in enumerate(data):
        cards = read_cards(trick, table, f"tricks[{i}]") if isinstance(trick, (list, tuple, str)) else ()
        if len(cards) != 2:
            raise error("play-trick-shape", f"tricks[{i}]: a trick is two cards, leader's first; got {shown(trick)}")
        out.append((cards[0], cards[1]))
    return tuple(out)


def _out_of_turn(data: Any, tricks: int) -> tuple[int, ...]:
    """A record's `out_of_turn`: a list of distinct indices of its `tricks`, returned in ascending order;
    `record-out-of-turn` (law 59) for anything else."""
    if not isinstance(data, (list, tuple)) or not all(type(i) is int and 0 <= i < tricks for i in data) or len(set(data)) != len(data):
        raise error("record-out-of-turn", f"out_of_turn must be a list of distinct indices of the {tricks} trick(s) given (0 to {tricks - 1}), got {shown(data)}")
    return tuple(sorted(data))


def parse_barred(data: Any, where: str) -> tuple[DeclCategory, ...]:
    """A player's `barred`: a list of distinct declaration categories, returned in the order of accretion.

    Every category given is kept, once, and nothing else; they come in the order point, sequences, sets.
    (Its refusals: `card_contracts.barred_read`.)

    rules: declare.barred
    laws: 46, 56
    raises: PiquetError
    post: isinstance(data, (list, tuple)) and sorted(__return__) == sorted(data)
    post: len(set(__return__)) == len(__return__) and all(c in DECL_CATEGORIES for c in __return__)
    post: list(__return__) == sorted(__return__, key=DECL_CATEGORIES.index)
    """
    if not isinstance(data, (list, tuple)) or not all(isinstance(c, str) and c in DECL_CATEGORIES for c in data) or len(set(data)) != len(data):
        raise error("record-barred", f"{where} must be a list of distinct categories among {list(DECL_CATEGORIES)}, got {shown(data)}")
    return tuple(c for c in DECL_CATEGORIES if c in data)


def parse_declare(data: Any, who: Player, rs: Ruleset) -> DeclareChoice:
    """A player's `declare`: all (the default), none, or per category all, none or the holdings he declares.

    `all` or `none` alone stand for every category; a category left out of the mapping is `all`; the point's
    cards and each sequence's or set's cards are those their texts write, in order. (Its refusals:
    `card_contracts.declare_read`.)

    rules: declare.sinking
    raises: PiquetError
    post: data not in ("all", "none") or __return__ == DeclareChoice(data, data, data)
    post: data in ("all", "none") or (isinstance(data, Mapping) and set(data) <= set(DECL_CATEGORIES))
    post: categories_all_or_none_as_given(data, __return__)
    post: point_read_as_written(data, rs, __return__)
    post: sequences_and_sets_read_as_written(data, rs, __return__)
    """
    if data == "all":
        return ALL
    if data == "none":
        return DeclareChoice("none", "none", "none")
    if not isinstance(data, Mapping):
        raise error("record-invalid", f"{who}.declare must be all, none, or a mapping of point/sequences/sets")
    unknown = sorted(set(map(str, data)) - {"point", "sequences", "sets"})
    if unknown:
        raise error("record-invalid", f"unknown key(s) {unknown} in {who}.declare; expected point, sequences, sets")

    def choice(key: str) -> Any:
        value = data.get(key, "all")
        if value in ("all", "none"):
            return value
        where = f"{who}.declare.{key}"
        if key == "point":
            return read_cards(value, notation(rs).parse, where)
        if not isinstance(value, list):
            raise error("record-invalid", f"{where} must be all, none, or a list of card lists")
        return tuple(read_cards(v, notation(rs).parse, f"{where}[{i}]") for i, v in enumerate(value))

    return DeclareChoice(choice("point"), choice("sequences"), choice("sets"))


def categories_all_or_none_as_given(data: Any, result: DeclareChoice) -> bool:
    """A category given as all or none is declared so, and one left out is all (rule declare.sinking)."""
    return data in ("all", "none") or all(
        getattr(result, k) == data.get(k, "all") for k in DECL_CATEGORIES if data.get(k, "all") in ("all", "none")
    )


def point_read_as_written(data: Any, rs: Ruleset, result: DeclareChoice) -> bool:
    """A point declared by its cards holds the cards their texts write, in order (rule declare.sinking)."""
    return data in ("all", "none") or data.get("point", "all") in ("all", "none") or result.point == tuple(
        parse_card(t, rs)
        for t in (data["point"].replace(",", " ").split() if isinstance(data["point"], str) else data["point"])
    )


def sequences_and_sets_read_as_written(data: Any, rs: Ruleset, result: DeclareChoice) -> bool:
    """Sequences or sets declared by their cards hold, each, the cards their texts write, in order (rule
    declare.sinking)."""
    return data in ("all", "none") or all(
        data.get(k, "all") in ("all", "none")
        or getattr(result, k) == tuple(
            tuple(parse_card(t, rs) for t in (v.replace(",", " ").split() if isinstance(v, str) else v))
            for v in data[k]
        )
        for k in DECL_CATEGORIES[1:]
    )


def _checked(rec: DealRecord) -> DealRecord:
    """A DealRecord given directly (not read by `parse_record`): its fields must have the types it declares."""
    if not isinstance(rec.ruleset, Ruleset):
        raise error("argument-invalid", f"DealRecord.ruleset must be a Ruleset, got {type(rec.ruleset).__name__}")
    for who, player in zip(PLAYERS, (rec.elder, rec.younger)):
        if not isinstance(player, PlayerRecord) or not isinstance(player.declare, DeclareChoice):
            raise error("argument-invalid", f"DealRecord.{who} must be a PlayerRecord with a DeclareChoice")
        if (player.hand is None) == (player.dealt is None or player.discard is None) or (
            player.hand is not None and (player.dealt is not None or player.discard is not None)
        ):
            raise error("argument-invalid", f"DealRecord.{who} must give dealt and discard, or hand")
        if not (player.take is None or (type(player.take) is int and player.take >= 0 and player.hand is None)) or type(player.waives_penalty) is not bool:
            raise error("argument-invalid", f"DealRecord.{who}: take must be None or a count (dealt form only), waives_penalty a bool")
        if type(player.false_claim) is not bool:
            raise error("argument-invalid", f"DealRecord.{who}.false_claim must be a bool, got {shown(player.false_claim)}")
        if not isinstance(player.barred, tuple) or player.barred != tuple(c for c in DECL_CATEGORIES if c in player.barred):
            raise error("argument-invalid", f"DealRecord.{who}.barred must be a tuple of distinct categories in the order {DECL_CATEGORIES}, got {shown(player.barred)}")
        if not isinstance(player.exposed_stock, tuple) or (player.exposed_stock and player.hand is not None):
            raise error("argument-invalid", f"DealRecord.{who}.exposed_stock must be a tuple of cards (dealt form only), got {shown(player.exposed_stock)}")
        if type(player.took_in_first) is not bool or (player.took_in_first and (who != "younger" or player.hand is not None)):
            raise error("argument-invalid", f"DealRecord.{who}.took_in_first must be a bool, true only for the younger in the dealt form, got {shown(player.took_in_first)}")
    if (rec.stock is None) != (rec.elder.hand is not None) or (rec.elder.hand is None) != (rec.younger.hand is None):
        raise error("argument-invalid", "DealRecord: both players given the same way, with a stock exactly when dealt hands are")
    if not isinstance(rec.tricks, tuple) or not all(isinstance(t, tuple) and len(t) == 2 for t in rec.tricks):
        raise error("argument-invalid", "DealRecord.tricks must be a tuple of (lead, follow) pairs")
    oot = rec.out_of_turn
    if not isinstance(oot, tuple) or not all(type(i) is int and 0 <= i < len(rec.tricks) for i in oot) or list(oot) != sorted(set(oot)):
        raise error("argument-invalid", f"DealRecord.out_of_turn must be a tuple of distinct indices of its tricks in ascending order, got {shown(rec.out_of_turn)}")
    groups = [(FIELD[who, key], cards) for who, p in zip(PLAYERS, (rec.elder, rec.younger)) for key, cards in zip(("dealt", "discard", "hand"), p[:3]) if cards is not None]
    groups += [(FIELD[who, "exposed_stock"], p.exposed_stock) for who, p in zip(PLAYERS, (rec.elder, rec.younger)) if p.exposed_stock]
    groups += [("stock", rec.stock)] if rec.stock is not None else []
    every = tuple(chain.from_iterable(cards for _, cards in groups)) + tuple(chain.from_iterable(rec.tricks))
    if not all_card_numbers(every):  # one pass over every card; on a failure, name the group that holds it
        for what, cards in groups + [(f"tricks[{i}]", trick) for i, trick in enumerate(rec.tricks)]:
            check_cards(cards, what)
    if len(rec.tricks) > rec.ruleset.play.tricks:
        raise error("play-too-many-tricks", f"tricks: {len(rec.tricks)} tricks given; a deal has {rec.ruleset.play.tricks}")
    return rec
