"""Load and validate the rule tables of spec/ into a frozen, typed `Ruleset`.

A broken table raises `SpecError` (code `spec-invalid`) naming the file and key. Every parameter a
table gives must be read by the builder: a value the code would ignore is an error too.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, TypeVar, cast

from piquet_ref.rules.catalogue import load_ambiguities
from piquet_ref.rules.codes import error, error_catalogue
from piquet_ref.rules.ruleset import (
    CATEGORIES,
    PLAYERS,
    AccretionRules,
    BonusRule,
    CardsRules,
    CarteBlancheRules,
    Category,
    ChouetteRules,
    DealingRules,
    FORMS,
    Form,
    GameRules,
    Knob,
    PartieRules,
    Stake,
    ExchangeRules,
    PackRules,
    Player,
    PlayRules,
    PointRules,
    Rank,
    Ruleset,
    SequenceRules,
    SetRules,
    Suit,
)
from piquet_ref.rules.files import read_yaml, spec_dir
from piquet_ref.rules.tables import RULESET_ID, RawRule, read_citations, read_rule_files, ruleset_ids, source_keys, spec_invalid
from piquet_ref.rules.errors import shown

DEFAULT_RULESET = "portland-1882"
SUITS_IN_A_HAND = 4  # the hand representation: one 8-bit mask per suit
RANKS_IN_A_SUIT = 8
T = TypeVar("T")


class _Tables:
    """The raw rule tables with typed, tracked access to each rule's params."""

    def __init__(self, raw: dict[str, RawRule]) -> None:
        self.raw = raw

    def param(self, rule_id: str, name: str, check: Callable[[Any], T], expect: str) -> T:
        entry = self.raw.get(rule_id)
        if entry is None:
            raise spec_invalid("spec/rules", f"rule {shown(rule_id)} is missing")
        where = f"{entry.rule.file}: {rule_id}.params.{name}"
        if name not in entry.params:
            raise spec_invalid(where, "is missing")
        entry.used.add(name)
        value = entry.params[name]
        try:
            return check(value)
        except (TypeError, ValueError, KeyError) as exc:
            raise spec_invalid(where, f"must be {expect}, got {shown(value)} ({exc})") from None

    def integer(self, rule_id: str, name: str, low: int = 0, high: int = 1000) -> int:
        def check(v: Any) -> int:
            if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
                raise ValueError("out of range or not an integer")
            return v

        return self.param(rule_id, name, check, f"an integer {low}..{high}")

    def where(self, rule_id: str, name: str) -> str:
        return f"{self.raw[rule_id].rule.file}: {rule_id}.params.{name}"

    def unused(self) -> list[str]:
        return [
            f"{e.rule.file}: {rid}.params.{name}"
            for rid, e in self.raw.items()
            for name in e.params
            if name not in e.used
        ]


def _str(v: Any) -> str:
    if not isinstance(v, str) or not v:
        raise ValueError("not a non-empty string")
    return v


def _str_list(v: Any) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(x, str) and x for x in v):
        raise ValueError("not a list of strings")
    if len(set(v)) != len(v):
        raise ValueError("repeated entry")
    return tuple(v)


def _template(*fields: str) -> Callable[[Any], str]:
    """A check that a value is a name template using only `fields` (e.g. "{length} to a {top}")."""

    def check(v: Any) -> str:
        text = _str(v)
        text.format(**dict.fromkeys(fields, ""))
        return text

    return check


def _optional_count(low: int, high: int) -> Callable[[Any], int | None]:
    def check(v: Any) -> int | None:
        if v is None:
            return None
        if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
            raise ValueError(f"not null or an integer {low}..{high}")
        return v

    return check


def _boolean(v: Any) -> bool:
    if not isinstance(v, bool):
        raise ValueError("not true or false")
    return v


def _mapping(v: Any) -> dict[Any, Any]:
    if not isinstance(v, dict) or not v:
        raise ValueError("not a non-empty mapping")
    return v


def _categories(v: Any) -> tuple[Category, ...]:
    items = _str_list(v)
    for item in items:
        if item not in CATEGORIES:
            raise ValueError(f"{shown(item)} is not a category ({', '.join(CATEGORIES)})")
    return cast(tuple[Category, ...], items)


def _players(v: Any) -> frozenset[Player]:
    items = _str_list(v)
    for item in items:
        if item not in PLAYERS:
            raise ValueError(f"{shown(item)} is not elder or younger")
    return frozenset(cast(tuple[Player, ...], items))


def _apply_overrides(raw: dict[str, RawRule], data: dict[str, Any], file: str, readings: dict[str, Any]) -> list[Knob]:
    """Apply a ruleset's overrides to the raw tables; each knob names the ambiguity whose reading it takes.

    `readings` maps ambiguity id -> (rule ids it touches, ruleset ids that state a reading).
    """
    overrides, ruleset_id = data["overrides"], str(data["id"])
    if data["base"] is None:
        if overrides != []:
            raise spec_invalid(f"{file}: overrides", "the default takes the rule tables as written: overrides must be []")
        return []
    if not isinstance(overrides, list) or not overrides:
        raise spec_invalid(f"{file}: overrides", "must be a non-empty list of {ambiguity, set}: an overlay changes at least one knob")
    knobs = []
    for i, item in enumerate(overrides):
        where = f"{file}: overrides[{i}]"
        if not isinstance(item, dict) or set(item) != {"ambiguity", "set"}:
            raise spec_invalid(where, "must have exactly ambiguity and set")
        aid = item["ambiguity"]
        if aid not in readings:
            raise spec_invalid(f"{where}.ambiguity", f"names no ambiguity of spec/ambiguities ({shown(aid)})")
        touched, reading_rulesets = readings[aid]
        if ruleset_id not in reading_rulesets:
            raise spec_invalid(f"{where}.ambiguity", f"{aid} states no reading for {ruleset_id}: say in spec/ambiguities which reading it takes and why")
        sets = item["set"]
        if not isinstance(sets, dict) or not sets:
            raise spec_invalid(f"{where}.set", "must map rule id -> {param: value}")
        for rid, params in sets.items():
            at = f"{where}.set.{rid}"
            if rid not in raw:
                raise spec_invalid(at, "names no rule in spec/rules")
            if rid not in touched:
                raise spec_invalid(at, f"is not among the rules ambiguity {aid} touches")
            if not isinstance(params, dict) or not params:
                raise spec_invalid(at, "must be a mapping of param to value")
            for name, value in params.items():
                if name not in raw[rid].params:
                    raise spec_invalid(f"{at}.{name}", "is not a param of that rule")
                if raw[rid].params[name] == value:
                    raise spec_invalid(f"{at}.{name}", f"is already {shown(value)} in the base: an overlay names only the knobs it changes")
                raw[rid].params[name] = value
                knobs.append(Knob(ruleset_id, aid, rid, name, value_text(value)))
    return knobs


def value_text(value: Any) -> str:
    """A table value as canonical JSON text (what knobs and the released-ruleset lock record)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _ruleset_chain(root: Path, ruleset_id: str, seen: tuple[str, ...] = ()) -> list[tuple[str, dict[str, Any]]]:
    file = f"rulesets/{ruleset_id}.yaml"
    path = root / "rulesets" / f"{ruleset_id}.yaml"
    if not RULESET_ID.match(ruleset_id) or ruleset_id not in ruleset_ids(root):
        raise error("ruleset-unknown", f"no ruleset {shown(ruleset_id)}; known: {', '.join(ruleset_ids(root))}")
    if ruleset_id in seen:
        raise spec_invalid(file, f"base chain loops: {' -> '.join(seen + (ruleset_id,))}")
    data = read_yaml(path)
    required = {"id", "name", "description", "sources", "base", "overrides"}
    if not isinstance(data, dict) or set(data) != required:
        raise spec_invalid(file, f"must have exactly {', '.join(sorted(required))}")
    if data["id"] != ruleset_id:
        raise spec_invalid(f"{file}: id", f"must equal the file name ({shown(ruleset_id)})")
    for key in ("name", "description"):
        if not isinstance(data[key], str) or not data[key]:
            raise spec_invalid(f"{file}: {key}", "must be a non-empty string")
    base = data["base"]
    chain = [] if base is None else _ruleset_chain(root, str(base), seen + (ruleset_id,))
    return chain + [(file, data)]


def load_ruleset(ruleset_id: str = DEFAULT_RULESET) -> Ruleset:
    """Load, validate and build the named ruleset from the shipped spec/ (cached: the same object every time)."""
    if not isinstance(ruleset_id, str):
        raise error("ruleset-unknown", f"a ruleset is named by its id string, got {shown(ruleset_id)}")
    return _load_shipped(ruleset_id)


@lru_cache(maxsize=None)
def _load_shipped(ruleset_id: str) -> Ruleset:
    return load_ruleset_from(spec_dir(), ruleset_id)


def ruleset_of(ruleset: Ruleset | str | None) -> Ruleset:
    """The ruleset an API function is given: a `Ruleset`, a ruleset id, or None for the default."""
    if ruleset is None:
        return default_ruleset()
    if isinstance(ruleset, Ruleset):
        return ruleset
    if isinstance(ruleset, str):
        return load_ruleset(ruleset)
    raise error("argument-invalid", f"ruleset must be a Ruleset, a ruleset id or None, got {type(ruleset).__name__}")


def load_ruleset_from(root: Path, ruleset_id: str = DEFAULT_RULESET) -> Ruleset:
    """Load, validate and build a ruleset from the spec directory `root` (uncached; for tools and tests)."""
    keys = source_keys(root)
    raw = read_rule_files(root, keys)
    chain = _ruleset_chain(root, ruleset_id)
    readings = _readings(root) if len(chain) > 1 else {}  # only an overlay has knobs to tie to ambiguities
    knobs: list[Knob] = []
    for file, data in chain:
        read_citations(file, "ruleset", data["sources"], keys)
        knobs += _apply_overrides(raw, data, file, readings)
    tables = _Tables(raw)
    ruleset = _build(tables, chain[-1][1], tuple(knobs))
    leftover = tables.unused()
    if leftover:
        raise spec_invalid(leftover[0], "is given but no rule logic reads it")
    for code, entry in error_catalogue().items():
        if entry.rule is not None and entry.rule not in raw:
            raise spec_invalid(f"errors.yaml: {code}.rule", f"names no rule ({shown(entry.rule)})")
    return ruleset


def default_ruleset() -> Ruleset:
    """The default ruleset, portland-1882."""
    return load_ruleset(DEFAULT_RULESET)


def _readings(root: Path) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """Ambiguity id -> (the rule ids it touches, the ruleset ids that state a reading of it)."""
    return {a.id: (frozenset(a.rules), frozenset(r for r, _ in a.readings)) for a in load_ambiguities(root)}


def _build(t: _Tables, meta: dict[str, Any], knobs: tuple[Knob, ...] = ()) -> Ruleset:
    pack = _build_pack(t)
    symbols = {r.symbol: bit for bit, r in enumerate(pack.ranks)}

    def rank_bits(v: Any) -> tuple[int, ...]:
        return tuple(sorted(symbols[s] for s in _str_list(v)))

    def rank_bit(v: Any) -> int:
        return symbols[_str(v)]

    court_ref = t.param("carte-blanche.definition", "court", _str, "a rule id")
    if court_ref != "pack.court":
        raise spec_invalid(t.where("carte-blanche.definition", "court"), "must refer to pack.court")
    carte_blanche = CarteBlancheRules(
        court_mask=pack.court_mask,
        min_cards=t.integer("carte-blanche.definition", "min_cards", 1, pack.hand_size + 1),
        points=t.integer("carte-blanche.score", "points"),
    )

    def younger_max(v: Any) -> int | None:
        if v == "remaining":
            return None
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= pack.stock_size:
            return v
        raise ValueError("neither 'remaining' nor a card count")

    exchange = ExchangeRules(
        elder_min=t.integer("exchange.elder-limits", "min", 0, pack.stock_size),
        elder_max=t.integer("exchange.elder-limits", "max", 0, pack.stock_size),
        younger_min=t.integer("exchange.younger-limits", "min", 0, pack.stock_size),
        younger_max=t.param("exchange.younger-limits", "max", younger_max, "'remaining' or a card count"),
    )
    if exchange.elder_min > exchange.elder_max:
        raise spec_invalid(t.where("exchange.elder-limits", "min"), "exceeds max")

    sequences = _build_sequences(t)
    counts = t.param("sets.score", "counts", _mapping, "a mapping count -> {name, points}")
    set_names: dict[int, str] = {}
    set_values: dict[int, int] = {}
    for count, entry in counts.items():
        where = f"{t.where('sets.score', 'counts')}.{count}"
        if not isinstance(count, int) or not 2 <= count <= SUITS_IN_A_HAND:
            raise spec_invalid(where, f"count must be 2..{SUITS_IN_A_HAND}")
        if not isinstance(entry, dict) or set(entry) != {"name", "points"}:
            raise spec_invalid(where, "must be {name, points}")
        if not isinstance(entry["name"], str) or not isinstance(entry["points"], int):
            raise spec_invalid(where, "name must be a string and points an integer")
        set_names[count], set_values[count] = entry["name"], entry["points"]
    sets = SetRules(
        ranks=t.param("sets.eligible-ranks", "ranks", rank_bits, "a list of rank symbols"),
        names=set_names,
        values=set_values,
        template=t.param("sets.score", "name", _template("count", "rank"), "a name template with {count} and {rank}"),
    )

    def player(v: Any) -> Player:
        if v not in PLAYERS:
            raise ValueError("not elder or younger")
        return cast(Player, v)

    play = PlayRules(
        first_leader=t.param("play.first-lead", "first_leader", player, "elder or younger"),
        tricks=t.integer("play.first-lead", "tricks", 1, pack.hand_size),
        lead_points=t.integer("play.lead-point", "points"),
        second_win_points=t.integer("play.second-wins-point", "points"),
        last_trick_extra=t.integer("play.last-trick", "extra"),
        lead_min=t.param("play.lead-point", "min_rank", rank_bit, "a rank symbol"),
        win_min=t.param("play.second-wins-point", "min_rank", rank_bit, "a rank symbol"),
        last_any_rank=t.param("play.last-trick", "any_rank", _boolean, "true or false"),
    )
    if play.tricks != pack.hand_size:
        raise spec_invalid(t.where("play.first-lead", "tricks"), "must equal the hand size (every card is played)")
    cards = CardsRules(
        min_tricks=t.integer("cards.majority", "min_tricks", 1, play.tricks),
        points=t.integer("cards.majority", "points"),
        capot_points=t.integer("capot.score", "points"),
        capot_counts_toward_bonuses=t.param("capot.score", "counts_toward_bonuses", _boolean, "true or false"),
    )
    return Ruleset(
        id=str(meta["id"]),
        name=str(meta["name"]),
        description=" ".join(str(meta["description"]).split()),
        rules={rid: e.rule for rid, e in t.raw.items()},
        pack=pack,
        carte_blanche=carte_blanche,
        exchange=exchange,
        point=PointRules(
            per_card=t.integer("point.score", "per_card"),
            pips_per_point=t.param("point.score", "pips_per_point", _optional_count(1, 100), "null or a count 1..100"),
            less_if_ends_in=t.param("point.score", "one_less_if_pips_end_in", _optional_count(0, 9), "null or a digit"),
        ),
        sequences=sequences,
        sets=sets,
        play=play,
        cards=cards,
        accretion=_build_accretion(t),
        **_build_match(t),
        params={rid: copy.deepcopy(e.params) for rid, e in t.raw.items() if e.params},
        base=None if meta["base"] is None else str(meta["base"]),
        knobs=knobs,
    )


def _build_pack(t: _Tables) -> PackRules:
    def suits(v: Any) -> tuple[Suit, ...]:
        if not isinstance(v, list) or len(v) != SUITS_IN_A_HAND:
            raise ValueError(f"need exactly {SUITS_IN_A_HAND} suits")
        out = tuple(Suit(_str(s["symbol"]), _str(s["name"]), _str(s["glyph"])) for s in v)
        tokens = [s.symbol for s in out] + [s.glyph for s in out]
        if len(set(tokens)) != len(tokens):
            raise ValueError("suit symbols and glyphs must be distinct")
        return out

    def ranks(v: Any) -> list[tuple[str, str, tuple[str, ...]]]:
        if not isinstance(v, list) or len(v) != RANKS_IN_A_SUIT:
            raise ValueError(f"need exactly {RANKS_IN_A_SUIT} ranks")
        out = [(_str(r["symbol"]), _str(r["name"]), tuple(_str(a) for a in r["aliases"])) for r in v]
        tokens = [sym for sym, _, _ in out] + [a for _, _, al in out for a in al]
        if len(set(tokens)) != len(tokens):
            raise ValueError("rank symbols and aliases must be distinct")
        return out

    suit_list = t.param("pack.cards", "suits", suits, "a list of {symbol, name, glyph}")
    high_first = t.param("pack.rank-order", "ranks", ranks, "a list of {symbol, name, aliases}, highest first")
    pips = t.param("pack.pips", "values", _mapping, "a mapping rank -> pips")
    if set(map(str, pips)) != {sym for sym, _, _ in high_first}:
        raise spec_invalid(t.where("pack.pips", "values"), "must give a value for exactly the ranks of pack.rank-order")
    pip_of = {str(k): v for k, v in pips.items()}
    for sym, value in pip_of.items():
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100:
            raise spec_invalid(f"{t.where('pack.pips', 'values')}.{sym}", "must be an integer 0..100")
    rank_list = tuple(Rank(sym, name, aliases, pip_of[sym]) for sym, name, aliases in reversed(high_first))
    bit_of = {r.symbol: bit for bit, r in enumerate(rank_list)}
    court = t.param("pack.court", "ranks", _str_list, "a list of rank symbols")
    unknown = [c for c in court if c not in bit_of]
    if unknown:
        raise spec_invalid(t.where("pack.court", "ranks"), f"names unknown ranks {unknown}")
    hand = t.integer("deal.sizes", "hand", 1, 16)
    stock = t.integer("deal.sizes", "stock", 0, 32)
    if 2 * hand + stock != SUITS_IN_A_HAND * RANKS_IN_A_SUIT:
        raise spec_invalid(t.where("deal.sizes", "stock"), "two hands and the stock must make the whole pack")
    return PackRules(suit_list, rank_list, sum(1 << bit_of[c] for c in court), hand, stock)


def _build_sequences(t: _Tables) -> SequenceRules:
    min_length = t.integer("sequence.definition", "min_length", 2, RANKS_IN_A_SUIT)
    lengths = set(range(min_length, RANKS_IN_A_SUIT + 1))

    def by_length(kind: Callable[[Any], T]) -> Callable[[Any], dict[int, T]]:
        def check(v: Any) -> dict[int, T]:
            m = _mapping(v)
            if set(m) != lengths:
                raise ValueError(f"keys must be exactly the lengths {sorted(lengths)}")
            return {int(k): kind(x) for k, x in m.items()}

        return check

    def points(v: Any) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ValueError("not a score")
        return v

    return SequenceRules(
        min_length=min_length,
        names=t.param("sequence.names", "lengths", by_length(_str), "a mapping length -> name"),
        values=t.param("sequence.score", "values", by_length(points), "a mapping length -> points"),
        major=t.param("sequence.names", "major", _template("length", "top"), "a name template"),
        minor=t.param("sequence.names", "minor", _template("length", "top"), "a name template"),
        other=t.param("sequence.names", "other", _template("length", "top"), "a name template"),
    )


def _build_accretion(t: _Tables) -> AccretionRules:
    order = t.param("accretion.order", "order", _categories, "a list of categories")
    if sorted(order) != sorted(CATEGORIES):
        raise spec_invalid(t.where("accretion.order", "order"), f"must order exactly {', '.join(CATEGORIES)}")
    hand = frozenset(t.param("accretion.order", "hand", _categories, "a list of categories"))

    def bonus(rule_id: str, players: frozenset[Player]) -> BonusRule:
        return BonusRule(
            threshold=t.integer(rule_id, "threshold", 1),
            points=t.integer(rule_id, "points"),
            counts=frozenset(t.param(rule_id, "counts", _categories, "a list of categories")),
            players=players,
        )

    return AccretionRules(
        order=order,
        hand=hand,
        repique=bonus("repique.score", frozenset(PLAYERS)),
        pique=bonus("pique.score", t.param("pique.elder-only", "players", _players, "a list of players")),
        cumulative=t.param("bonus.not-cumulative", "cumulative", _boolean, "true or false"),
    )


def _build_match(t: _Tables) -> dict[str, Any]:
    """The rules of the match: the order of dealing, the partie, games of a hundred, chouette, stakes."""

    def choice(*allowed: str) -> Callable[[Any], str]:
        def check(v: Any) -> str:
            if v not in allowed:
                raise ValueError(f"not one of {', '.join(allowed)}")
            return str(v)

        return check

    four = t.integer("partie.four-deal", "deals", 1, 12)

    def deal_numbers(v: Any) -> frozenset[int]:
        if not isinstance(v, list) or not all(type(n) is int and 1 <= n <= four for n in v):
            raise ValueError(f"not a list of deal numbers 1..{four}")
        return frozenset(v)

    def stakes(v: Any) -> dict[str, Stake]:
        out = {}
        for name, s in _mapping(v).items():
            if not isinstance(s, dict) or set(s) != {"pence_per_hundred", "unit"}:
                raise ValueError(f"{name}: not {{pence_per_hundred, unit}}")
            rate, unit = s["pence_per_hundred"], s["unit"]
            if type(rate) is not int or type(unit) is not int or rate <= 0 or unit <= 0 or rate * unit % 100:
                raise ValueError(f"{name}: rate and unit must be positive and make whole pence a unit")
            out[str(name)] = Stake(str(name), rate, unit)
        return out

    return {
        "dealing": DealingRules(
            lower_deals=t.param("deal.cut", "deals_first", choice("higher-chooses", "lower"), "higher-chooses or lower") == "lower",
            alternate=t.param("deal.alternation", "alternate", _boolean, "true or false"),
            elder_deals_twice=t.param("deal.alternation", "out_of_turn", choice("elder-deals-twice", "stands"), "elder-deals-twice or stands")
            == "elder-deals-twice",
        ),
        "partie": PartieRules(
            default_form=cast(Form, t.param("partie.form", "default", choice(*FORMS), f"one of {', '.join(FORMS)}")),
            deals=t.integer("partie.deals", "deals", 1, 12),
            extra_deals=t.integer("partie.ties", "extra_deals", 0, 12),
            four_deals=four,
            doubled=t.param("partie.four-deal", "doubled", deal_numbers, "a list of deal numbers"),
            factor=t.integer("partie.four-deal", "factor", 1, 10),
            bonus=t.integer("partie.points-won", "bonus"),
            rubicon_threshold=t.integer("partie.rubicon", "threshold"),
            winner_needs_threshold=t.param("partie.rubicon", "winner_needs_threshold", _boolean, "true or false"),
        ),
        "game": GameRules(
            target=t.integer("game.target", "target", 1),
            double_under=t.integer("game.double", "under"),
            double_value=t.integer("game.double", "value", 1, 10),
            games=t.integer("game.partie-of-games", "games", 1, 10),
        ),
        "chouette": ChouetteRules(
            single_stake=t.integer("chouette.rotation", "single_stake", 1, 10),
            unit=t.integer("chouette.rounding", "unit", 1),
            round_up_from=t.integer("chouette.rounding", "round_up_from", 0),
        ),
        "stakes": t.param("stakes.settlement", "stakes", stakes, "a mapping of stake name -> {pence_per_hundred, unit}"),
    }
