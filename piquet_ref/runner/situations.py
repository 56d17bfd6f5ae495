"""Which situations a deal exhibits, judged from the oracle's result, and the mixes of generators the fuzzer draws
deals from.

A generator (`piquet_ref.deal.generate.situation_record`) only aims at its situation, so the fuzzer does not count
what it asked for: it counts what `detect` finds in the oracle's score of each deal it drew. The `rare` mix draws
each deal from a weighted choice of the generators (and uniform deals), building again, a bounded number of times,
a deal that missed the situation it was drawn for; the `uniform` mix is `random_record`, deal for deal the deals
the fuzzer always drew for a seed.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Literal, Mapping, get_args

from piquet_ref.deal.accretion import bonuses
from piquet_ref.deal.generate import SITUATIONS, Situation, last_trick_decides, random_record, situation_record
from piquet_ref.hand.cards import hand_of, parse_cards
from piquet_ref.hand.declarations import declare_all
from piquet_ref.protocol.results import declaration_text
from piquet_ref.rules.loader import load_ruleset
from piquet_ref.rules.ruleset import ACCRETION_OF, PLAYERS, Bonus, Category, Ruleset
from piquet_ref.runner.corpus import reference_response

Mix = Literal["uniform", "rare"]
MIXES: tuple[Mix, ...] = get_args(Mix)
Source = Situation | Literal["uniform"]
RARE_MIX: tuple[tuple[Source, int], ...] = (
    ("uniform", 2),
    *((s, 1) for s in SITUATIONS),
)
"""The weight of each source of a deal in the rare mix: every situation's generator, and uniform deals."""
REBUILDS = 8  # the most deals a generator builds for one draw of the rare mix, until one exhibits its situation
BONUSES: tuple[Bonus, ...] = ("repique", "pique")


@dataclass(frozen=True)
class Drawn:
    """A deal drawn for the fuzzer: its record, the oracle's result, and the situations that result exhibits."""

    record: dict[str, Any]
    result: dict[str, Any]
    situations: frozenset[Situation]


def draw(rng: random.Random, mix: Mix, rs: Ruleset) -> Drawn:
    """The next deal of `mix`, drawn with `rng`, scored by the oracle."""
    if mix == "uniform":
        return _scored(random_record(rng, rs))
    sources, weights = zip(*RARE_MIX)
    source: Source = rng.choices(sources, weights)[0]
    if source == "uniform":
        return _scored(random_record(rng, rs))
    drawn = _scored(situation_record(source, rng, rs))
    for _ in range(REBUILDS - 1):
        if source in drawn.situations:
            break
        drawn = _scored(situation_record(source, rng, rs))
    return drawn


def _scored(record: dict[str, Any]) -> Drawn:
    response = reference_response("score_deal", record)
    if not isinstance(response.get("result"), Mapping):
        raise RuntimeError(f"a generated deal is not legal: {response.get('error')}; record {record}")
    return Drawn(record, response["result"], detect(record, response["result"]))


def detect(record: Mapping[str, Any], result: Mapping[str, Any]) -> frozenset[Situation]:
    """The situations (as `SITUATIONS` describes them) the deal `record` exhibits, judged from `result`, the oracle's
    score of it (a `score_deal` result as JSON: its score keys, events, declarations, hands and tricks), and from
    the record only what it alone says: what a player chose to declare, and a stock of the wrong size.

    A saved bonus is one the deal's scores, folded by the order of accretion without the adversary's scores in
    hand, give a player who did not win it; the last trick decides when the cards or capot each player scores
    would differ had its other player won it."""
    rs = load_ruleset(result["ruleset"])
    events: list[Mapping[str, Any]] = result["events"]
    tricks: list[Mapping[str, Any]] = result["tricks"]
    found: set[Situation] = set()
    won = {(e["player"], e["category"]) for e in events if e["category"] in BONUSES}
    if any(b == "repique" for _, b in won):
        found.add("repique")
    for e in events:
        if e["category"] == "pique":
            found.add("pique")
            if e["trick"] is not None and tricks[e["trick"] - 1]["winner"] != e["player"]:
                found.add("pique_losing_lead")
    for player, bonus in _saved(events, rs):
        if (player, bonus) not in won:
            found.add("repique_saved" if bonus == "repique" else "pique_saved")
    for category in ("point", "sequences"):
        if result["declarations"][category]["outcome"] == "equal":
            found.add("point_equal" if category == "point" else "sequences_equal")
    if any("declare" in record[p] and result["declared"][p] != _held(result["hands"][p], rs) for p in PLAYERS):
        found.add("sinking")
    if any(result["carte_blanche"].values()):
        found.add("carte_blanche")
    for p in PLAYERS:
        if result[p]["capot"] > 0:
            found.add("capot")
            if result[p]["pique"] > 0:
                found.add("capot_pique")
    if "stock" in record and len(parse_cards(record["stock"], rs)) < rs.pack.stock_size:
        found.add("seven_card_stock")
    if result["complete"] and len(tricks) == rs.play.tricks:
        before = [sum(1 for t in tricks[:-1] if t["winner"] == p) for p in PLAYERS]
        if last_trick_decides((before[0], before[1]), rs):
            found.add("last_trick")
    return frozenset(found)


def _saved(events: list[Mapping[str, Any]], rs: Ruleset) -> set[tuple[str, Bonus]]:
    """The bonuses a player would have won had his adversary's scores in hand not been counted: the scores of the
    deal folded by the order of accretion without them."""
    acc = rs.accretion
    scores: list[tuple[int, Category, int]] = [
        (PLAYERS.index(e["player"]), ACCRETION_OF[e["category"]], e["points"])
        for e in events
        if e["category"] not in BONUSES and (e["category"] != "capot" or rs.cards.capot_counts_toward_bonuses)
    ]
    out: set[tuple[str, Bonus]] = set()
    for i in range(len(PLAYERS)):
        if not any(p != i and c in acc.hand for p, c, _ in scores):
            continue
        without = [(p, c, n) for p, c, n in scores if p == i or c not in acc.hand]
        out |= {(PLAYERS[p], b) for _, p, b in bonuses(without, acc) if p == i}
    return out


def _held(hand: list[str], rs: Ruleset) -> Any:
    """Everything a hand holds that scores, as the result's `declared` writes it."""
    return json.loads(declaration_text(declare_all(hand_of(parse_cards(hand, rs)), rs), rs))
