"""What a hand holds, written plainly from the rule text: the definition `evaluate_hand` is checked against on
every twelve-card hand (`python -m verification.every_hand`).

A hand here is what a player sees when he sorts his cards: for each suit, in the order the spec lists the suits,
the rank symbols he holds, highest first. Nothing here reads a suit mask, a bit, a key or a lookup table of
`piquet_ref.hand`; the numbers and names are the rule tables' own parameters as `spec/rules/` writes them
(`Ruleset.params`, by rule id), read once into `PlainRules`. Each function states a law of the code of 1882 as
Cavendish prints it (Cavendish, *The Laws of Piquet adopted by the Portland and Turf Clubs, with a Treatise on the
Game*, 8th edition, London: Thos. De La Rue & Co.) or its *Description of the Game* (§Calling), with the spec rule
it is stated as:

- the point (law 62; `point.compare`, `point.score`): the suit with the most cards; of two suits of as many cards,
  the one of more pips (ace eleven, court cards and ten ten, the others their face value, `pack.pips`); a good
  point scores one for each card;
- sequences (law 63; `sequence.definition`, `sequence.score`, `sequence.compare`): three or more cards of one suit
  next to each other in rank order, ace high only; an unbroken run is one sequence, scored by its whole length
  (tierce three, quart four, quint fifteen, sixième sixteen, septième seventeen, huitième eighteen);
- quatorzes and trios (law 64; `sets.eligible-ranks`, `sets.score`, `sets.compare`): four or three cards of one
  rank, aces, kings, queens, knaves or tens only; a quatorze fourteen, a trio three; any quatorze beats any trio;
- carte blanche (law 18; `carte-blanche.definition`, `pack.court`): a hand of twelve cards or more with no king,
  queen or knave;
- which holding is good (laws 62-64): the longer point, sequence or the quatorze first, then the more pips, the
  higher top card or the higher rank; a holding is good against none; only identical holdings are equal.

Where the rules leave an order open, the definition states the evaluator's documented order (and says so): of two
points equal in cards and pips, the first suit in the spec's order is reported; sequences are listed best first,
suits in the spec's order between equals; sets best first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from piquet_ref.rules.ruleset import Ruleset

Ranks = tuple[str, ...]  # rank symbols held in one suit, highest first
PlainHand = tuple[Ranks, ...]  # one entry per suit, in the spec's order of the suits
Verdict = Literal["good", "equal", "not_good", "none"]


@dataclass(frozen=True)
class PlainRules:
    """The parameters of the rules above as the spec tables write them: symbols and numbers, no bits or masks."""

    suits: tuple[str, ...]  # suit symbols, in the spec's order
    ranks: tuple[str, ...]  # rank symbols, highest first (pack.rank-order)
    pips: dict[str, int]  # pack.pips
    court: frozenset[str]  # pack.court
    min_sequence: int  # sequence.definition
    sequence_points: dict[int, int]  # sequence.score: length -> points
    set_ranks: frozenset[str]  # sets.eligible-ranks
    set_points: dict[int, int]  # sets.score: count -> points
    per_card: int  # point.score
    pips_per_point: int | None  # point.score (a variant: one for every n pips)
    less_if_pips_end_in: int | None  # point.score (a variant: one less when the pips end in this digit)
    blanche_min_cards: int  # carte-blanche.definition


def plain_rules(rs: Ruleset) -> PlainRules:
    """Read the rules' parameters from the resolved rule tables of `rs` (`spec/rules/` with its overlays)."""
    p = rs.params
    return PlainRules(
        suits=tuple(s["symbol"] for s in p["pack.cards"]["suits"]),
        ranks=tuple(r["symbol"] for r in p["pack.rank-order"]["ranks"]),
        pips=dict(p["pack.pips"]["values"]),
        court=frozenset(p["pack.court"]["ranks"]),
        min_sequence=p["sequence.definition"]["min_length"],
        sequence_points={int(n): v for n, v in p["sequence.score"]["values"].items()},
        set_ranks=frozenset(p["sets.eligible-ranks"]["ranks"]),
        set_points={int(n): c["points"] for n, c in p["sets.score"]["counts"].items()},
        per_card=p["point.score"]["per_card"],
        pips_per_point=p["point.score"]["pips_per_point"],
        less_if_pips_end_in=p["point.score"]["one_less_if_pips_end_in"],
        blanche_min_cards=p["carte-blanche.definition"]["min_cards"],
    )


@dataclass(frozen=True)
class PlainPoint:
    """A point: the suit, its cards (highest first), how many, and their pips."""

    suit: str
    ranks: Ranks
    cards: int
    pips: int


@dataclass(frozen=True)
class PlainSequence:
    """A sequence: the suit and its cards, highest first."""

    suit: str
    ranks: Ranks


@dataclass(frozen=True)
class PlainSet:
    """A quatorze or trio: the rank and the suits it is held in, in the spec's order."""

    rank: str
    suits: tuple[str, ...]


@dataclass(frozen=True)
class PlainHoldings:
    """Everything a hand holds that can score, and what each category scores when good."""

    point: PlainPoint | None
    sequences: tuple[PlainSequence, ...]
    sets: tuple[PlainSet, ...]
    carte_blanche: bool
    point_score: int
    sequences_score: int
    sets_score: int


def card_names(suit: str, ranks: Ranks) -> tuple[str, ...]:
    """The cards as the pack's notation writes them: rank symbol, then suit symbol."""
    return tuple(rank + suit for rank in ranks)


def point_of(hand: PlainHand, r: PlainRules) -> PlainPoint | None:
    """Law 62: the suit with most cards, of two such the one of more pips; of two equal, the first in the spec's order."""
    best: PlainPoint | None = None
    for suit, ranks in zip(r.suits, hand):
        if not ranks:
            continue
        candidate = PlainPoint(suit, ranks, len(ranks), sum(r.pips[rank] for rank in ranks))
        if best is None or (candidate.cards, candidate.pips) > (best.cards, best.pips):
            best = candidate
    return best


def point_score(point: PlainPoint | None, r: PlainRules) -> int:
    """Law 62: one for each card (under a variant: one for every so many pips, one less on a given last digit)."""
    if point is None:
        return 0
    score = point.pips // r.pips_per_point if r.pips_per_point else point.cards * r.per_card
    if r.less_if_pips_end_in is not None and point.pips % 10 == r.less_if_pips_end_in:
        score -= 1
    return max(score, 0)


def sequences_in_suit(suit: str, ranks: Ranks, r: PlainRules) -> list[PlainSequence]:
    """Law 63: walk the ranks from the ace down; each unbroken stretch of ranks held, long enough, is one sequence."""
    found: list[PlainSequence] = []
    stretch: list[str] = []
    for rank in (*r.ranks, None):  # None ends the last stretch
        if rank is not None and rank in ranks:
            stretch.append(rank)
            continue
        if len(stretch) >= r.min_sequence:
            found.append(PlainSequence(suit, tuple(stretch)))
        stretch = []
    return found


def sequence_strength(seq: PlainSequence, r: PlainRules) -> tuple[int, int]:
    """Law 63: the longer sequence is better; of two as long, the one with the higher top card."""
    return (len(seq.ranks), -r.ranks.index(seq.ranks[0]))


def sequences_of(hand: PlainHand, r: PlainRules) -> tuple[PlainSequence, ...]:
    """Every sequence of the hand, best first; suits in the spec's order between equals."""
    found = [seq for suit, ranks in zip(r.suits, hand) for seq in sequences_in_suit(suit, ranks, r)]
    order = {suit: i for i, suit in enumerate(r.suits)}
    return tuple(sorted(found, key=lambda s: (-sequence_strength(s, r)[0], -sequence_strength(s, r)[1], order[s.suit])))


def sets_of(hand: PlainHand, r: PlainRules) -> tuple[PlainSet, ...]:
    """Law 64: a rank of aces, kings, queens, knaves or tens held in as many suits as a quatorze or trio; best first."""
    found = []
    for rank in r.ranks:
        if rank not in r.set_ranks:
            continue
        suits = tuple(suit for suit, ranks in zip(r.suits, hand) if rank in ranks)
        if len(suits) in r.set_points:
            found.append(PlainSet(rank, suits))
    return tuple(sorted(found, key=lambda s: (-len(s.suits), r.ranks.index(s.rank))))


def set_strength(held: PlainSet, r: PlainRules) -> tuple[int, int]:
    """Law 64: any quatorze beats any trio; of two quatorzes or two trios, the higher rank."""
    return (len(held.suits), -r.ranks.index(held.rank))


def carte_blanche(hand: PlainHand, r: PlainRules) -> bool:
    """Law 18: twelve cards or more, and not a king, queen or knave among them."""
    return sum(len(ranks) for ranks in hand) >= r.blanche_min_cards and not any(rank in r.court for ranks in hand for rank in ranks)


def holdings(hand: PlainHand, r: PlainRules) -> PlainHoldings:
    """Everything `hand` holds that can score, by the functions above."""
    point, seqs, sets = point_of(hand, r), sequences_of(hand, r), sets_of(hand, r)
    return PlainHoldings(
        point=point,
        sequences=seqs,
        sets=sets,
        carte_blanche=carte_blanche(hand, r),
        point_score=point_score(point, r),
        sequences_score=sum(r.sequence_points[len(s.ranks)] for s in seqs),
        sets_score=sum(r.set_points[len(s.suits)] for s in sets),
    )


Strength = tuple[int, int]  # what decides between two holdings of a category: first part first


def best_strengths(h: PlainHoldings, r: PlainRules) -> tuple[Strength | None, Strength | None, Strength | None]:
    """The strength of the best point, sequence and set of a hand (None where it holds none)."""
    return (
        None if h.point is None else (h.point.cards, h.point.pips),
        None if not h.sequences else sequence_strength(h.sequences[0], r),
        None if not h.sets else set_strength(h.sets[0], r),
    )


def verdict(mine: Strength | None, theirs: Strength | None) -> Verdict:
    """Laws 62-64: the stronger holding is good, by its first part and then its second; a holding is good against
    none; only holdings identical in both parts are equal; with nothing declared, there is no verdict."""
    if mine is None:
        return "none"
    if theirs is None or mine > theirs:
        return "good"
    return "equal" if mine == theirs else "not_good"
