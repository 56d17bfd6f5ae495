"""Random legal deals (for benchmarks, fuzzing and property tests), driven by a caller-supplied RNG.

`random_record` deals uniformly: a shuffled pack, legal discards of random size, random legal tricks. Uniform deals
seldom hold what decides a dispute between two engines: a thousand of them hold a handful of repiques and piques,
and no equality of sequences, carte blanche or capot with a pique. So a real engine's repique bug went unseen.

The situation generators (`situation_record`, one for each `Situation`) build such deals on purpose. Most place
the holdings that make the situation in the hands after the exchange, fill the hands at random, and work back to
a legal dealt hand, discard and stock (`_record`); the carte blanche and the deal of the wrong number that stood
are built forward from the dealt hands, since they are properties of the deal itself. The tricks are played by a
simple policy: the strong side leads a sure winner when it has one and wins as cheaply as it can, the weak side
plays low. A generator is biased, not sure: what a deal holds is judged from the oracle's score of it
(`piquet_ref.runner.situations`), which is what the fuzzer counts. Every number that is a rule (thresholds, the
values of the tables, the limits of the exchange) is read from the ruleset.

There is no generator of equal sets: sets are compared by count, then rank, and a rank has one card in each suit,
so two players never hold sets of the same rank, and no equality of sets can arise.
"""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import Any, Callable, Literal, Mapping, get_args

from piquet_ref.deal.accretion import cards_scores
from piquet_ref.deal.irregular.misdeal import discard_bounds
from piquet_ref.deal.irregular.penalties import younger_room
from piquet_ref.deal.scoring import score_deal
from piquet_ref.hand.cards import Card, bit_of, card_of, cards_of, format_cards, hand_of, remove, suit_of
from piquet_ref.hand.declarations import declare_all, held_point, held_sequences
from piquet_ref.hand.exchange import discard_limits, exchange
from piquet_ref.rules.loader import default_ruleset
from piquet_ref.hand.play import beats, legal_follows
from piquet_ref.rules.ruleset import PLAYERS, Ruleset


def random_record(rng: random.Random, ruleset: Ruleset | None = None, tricks: int | None = None) -> dict[str, Any]:
    """A legal deal record: shuffled deal, legal discards of random size, `tricks` legal tricks (default all)."""
    rs = ruleset or default_ruleset()
    n_hand, n_stock = rs.pack.hand_size, rs.pack.stock_size
    deck: list[Card] = list(range(2 * n_hand + n_stock))
    rng.shuffle(deck)
    dealt = (deck[:n_hand], deck[n_hand : 2 * n_hand])
    stock = deck[2 * n_hand :]
    lo, hi = discard_limits("elder", 0, rs)
    e_discard = rng.sample(dealt[0], rng.randint(lo, hi))
    lo, hi = discard_limits("younger", len(e_discard), rs)
    y_discard = rng.sample(dealt[1], rng.randint(lo, hi))
    hands = list(exchange(hand_of(dealt[0]), hand_of(dealt[1]), tuple(e_discard), tuple(y_discard), tuple(stock), rs))
    leader = 0 if rs.play.first_leader == "elder" else 1
    played: list[list[str]] = []
    for _ in range(rs.play.tricks if tricks is None else tricks):
        lead = rng.choice(cards_of(hands[leader]))
        follow = rng.choice(cards_of(legal_follows(hands[1 - leader], lead)))
        hands[leader] = remove(hands[leader], lead)
        hands[1 - leader] = remove(hands[1 - leader], follow)
        played.append(format_cards((lead, follow), rs))
        if beats(lead, follow):
            leader = 1 - leader
    return {
        "ruleset": rs.id,
        "elder": {"dealt": format_cards(dealt[0], rs), "discard": format_cards(e_discard, rs)},
        "younger": {"dealt": format_cards(dealt[1], rs), "discard": format_cards(y_discard, rs)},
        "stock": format_cards(stock, rs),
        "tricks": played,
    }


Situation = Literal[
    "repique", "repique_saved", "pique", "pique_losing_lead", "pique_saved", "point_equal", "sequences_equal",
    "sinking", "carte_blanche", "capot", "capot_pique", "seven_card_stock", "last_trick",
]
SITUATIONS: tuple[Situation, ...] = get_args(Situation)
"""The situations that decide disputes between engines, each with a generator (`situation_record`):

- `repique`: a player reaches the repique's threshold in hand before his adversary counts anything;
- `repique_saved`, `pique_saved`: the adversary's score in hand, counted first (a trio, a point, a sequence),
  prevents a repique or a pique its player would otherwise have won;
- `pique`: the elder reaches the pique's threshold in hand and play before the younger counts anything;
- `pique_losing_lead`: the card whose lead brings him to it loses its trick;
- `point_equal`, `sequences_equal`: the best holdings are equal, and neither scores;
- `sinking`: a player declares less than he holds, or nothing (`declare`);
- `carte_blanche`: a dealt hand without a court card;
- `capot`, `capot_pique`: one player wins every trick (with the pique, the elder);
- `seven_card_stock`: a deal of one card astray, a stock of seven, that stood (laws 11, 39-43);
- `last_trick`: the last trick decides the cards (won or divided) or the capot."""

Policy = Literal["random", "strong", "weak"]
Hands = tuple[frozenset[Card], frozenset[Card]]  # the hands after the exchange, elder's first
Tricks = tuple[tuple[Card, Card], ...]
Builder = Callable[[random.Random, Ruleset], dict[str, Any]]
ATTEMPTS = 20  # tries of a construction that can come out wrong (too many cards, a fill that spoils an equality)


def situation_record(situation: Situation, rng: random.Random, ruleset: Ruleset | None = None) -> dict[str, Any]:
    """A legal deal record (the format of `random_record`) built to hold `situation` far more often than a uniform
    deal does; the same record for the same state of `rng`."""
    rs = ruleset or default_ruleset()
    return BUILDERS[situation](rng, rs)


# ------------------------------------------------------------------ cards and holdings


def _pack(rs: Ruleset) -> list[Card]:
    return [card_of(s, b) for s in range(len(rs.pack.suits)) for b in range(len(rs.pack.ranks))]


def _run(suit: int, length: int, top: int) -> set[Card]:
    return {card_of(suit, b) for b in range(top - length + 1, top + 1)}


def _fill(rng: random.Random, cards: set[Card], n: int, pool: list[Card]) -> frozenset[Card]:
    """`cards` and as many more of `pool` (less `cards`), drawn at random, as make `n`."""
    free = [c for c in pool if c not in cards]
    return frozenset(cards | set(rng.sample(free, n - len(cards))))


def _holdings(rng: random.Random, rs: Ruleset, want: int, sets_first: float) -> set[Card] | None:
    """Runs and sets (each of the largest kind, most of the time) worth `want` by the ruleset's tables, or None when
    they come to more cards than a hand; a set is drawn with probability `sets_first`."""
    cards: set[Card] = set()
    value = 0
    set_ranks = list(rs.sets.ranks)
    counts, lengths = sorted(rs.sets.values), sorted(rs.sequences.values)
    n_ranks, n_suits = len(rs.pack.ranks), len(rs.pack.suits)
    while value < want:
        if set_ranks and rng.random() < sets_first:
            rank = set_ranks.pop(rng.randrange(len(set_ranks)))
            count = counts[-1] if rng.random() < 0.8 else rng.choice(counts)
            cards |= {card_of(s, rank) for s in rng.sample(range(n_suits), count)}
            value += rs.sets.values[count]
        else:
            length = rng.choice([n for n in lengths if n < n_ranks])
            cards |= _run(rng.randrange(n_suits), length, rng.randint(length - 1, n_ranks - 1))
            value += rs.sequences.values[length]
        if len(cards) > rs.pack.hand_size:
            return None
    return cards


def _big_hand(rng: random.Random, rs: Ruleset, want: int, sets_first: float) -> set[Card]:
    """The holdings of `_holdings` on a hand, drawn again until they fit it (else a run of the longest kind)."""
    for _ in range(ATTEMPTS):
        cards = _holdings(rng, rs, want, sets_first)
        if cards is not None:
            return cards
    return _run(rng.randrange(len(rs.pack.suits)), min(rs.pack.hand_size, len(rs.pack.ranks)), len(rs.pack.ranks) - 1)


def _deal_rest(rng: random.Random, rs: Ruleset, who: int, cards: set[Card], other: set[Card] | None = None) -> Hands:
    """Hands after the exchange: player `who` holds `cards` (the adversary `other`), each filled at random."""
    pack = _pack(rs)
    n = rs.pack.hand_size
    mine = _fill(rng, cards, n, [c for c in pack if c not in (other or set())])
    theirs = _fill(rng, other or set(), n, [c for c in pack if c not in mine])
    return (mine, theirs) if who == 0 else (theirs, mine)


# ------------------------------------------------------------------ the play


def _lead(rng: random.Random, policy: Policy, mine: set[Card], theirs: set[Card]) -> Card:
    """The card a player leads: at random; strong, a sure winner (no card against it beats it) when he has one;
    else, or weak, one of his lowest."""
    cards = sorted(mine)
    if policy == "random":
        return rng.choice(cards)
    if policy == "strong":
        sure = [c for c in cards if not any(beats(c, o) for o in theirs)]
        if sure:
            return rng.choice(sure)
    low = min(bit_of(c) for c in cards)
    return rng.choice([c for c in cards if bit_of(c) == low])


def _follow(rng: random.Random, policy: Policy, mine: set[Card], lead: Card) -> Card:
    """The card a player plays to `lead`, following suit when he can: at random; strong, his lowest card that wins,
    else or weak, one of his lowest."""
    legal = sorted(c for c in mine if suit_of(c) == suit_of(lead)) or sorted(mine)
    if policy == "random":
        return rng.choice(legal)
    if policy == "strong":
        winners = [c for c in legal if beats(lead, c)]
        if winners:
            return min(winners)
    low = min(bit_of(c) for c in legal)
    return rng.choice([c for c in legal if bit_of(c) == low])


def _play(
    rng: random.Random, rs: Ruleset, hands: Hands, policies: tuple[Policy, Policy], strong_for: int | None = None,
) -> Tricks:
    """Every trick of the deal, each player playing by his policy (a strong or weak one only for the first
    `strong_for` tricks when given, at random after)."""
    held = [set(hands[0]), set(hands[1])]
    leader = PLAYERS.index(rs.play.first_leader)
    out: list[tuple[Card, Card]] = []
    for n in range(min(rs.play.tricks, len(held[0]), len(held[1]))):
        policy = policies if strong_for is None or n < strong_for else ("random", "random")
        lead = _lead(rng, policy[leader], held[leader], held[1 - leader])
        follow = _follow(rng, policy[1 - leader], held[1 - leader], lead)
        held[leader].discard(lead)
        held[1 - leader].discard(follow)
        out.append((lead, follow))
        if beats(lead, follow):
            leader = 1 - leader
    return tuple(out)


def _tricks_won(tricks: Tricks, rs: Ruleset) -> tuple[int, int]:
    """(elder, younger) tricks won."""
    leader = PLAYERS.index(rs.play.first_leader)
    won = [0, 0]
    for lead, follow in tricks:
        if beats(lead, follow):
            leader = 1 - leader
        won[leader] += 1
    return won[0], won[1]


def last_trick_decides(tricks_before: tuple[int, int], rs: Ruleset) -> bool:
    """Whether the last trick of a deal decides the cards or the capot: each player scores for them differently
    as he wins it or loses it, with `tricks_before` (elder, younger) won before it."""
    e, y = tricks_before
    return (cards_scores(e + 1, rs), cards_scores(y, rs)) != (cards_scores(e, rs), cards_scores(y + 1, rs))


# ------------------------------------------------------------------ the record


def _record(
    rng: random.Random, rs: Ruleset, hands: Hands, tricks: Tricks, declare: tuple[Any, Any] = (None, None),
) -> dict[str, Any]:
    """The record of a regular deal whose hands after the exchange are `hands`: each player discards a random number
    of cards within the limits, the cards he took in drawn from his hand and those he laid out from the rest of the
    pack, the stock holding the elder's take, the younger's, then the cards left."""
    rest = [c for c in _pack(rs) if c not in hands[0] and c not in hands[1]]
    k_e = rng.randint(*discard_limits("elder", 0, rs))
    k_y = rng.randint(*discard_limits("younger", k_e, rs))
    taken = (rng.sample(sorted(hands[0]), k_e), rng.sample(sorted(hands[1]), k_y))
    laid = rng.sample(rest, k_e + k_y)
    discards = (laid[:k_e], laid[k_e:])
    untaken = [c for c in rest if c not in laid]
    rng.shuffle(untaken)
    record: dict[str, Any] = {"ruleset": rs.id}
    for i, who in enumerate(PLAYERS):
        dealt = sorted(hands[i].difference(taken[i]).union(discards[i]))
        record[who] = {"dealt": format_cards(dealt, rs), "discard": format_cards(discards[i], rs)}
        if declare[i] is not None:
            record[who]["declare"] = declare[i]
    record["stock"] = format_cards(taken[0] + taken[1] + untaken, rs)
    record["tricks"] = [format_cards(t, rs) for t in tricks]
    return record


def _random_hands(rng: random.Random, rs: Ruleset) -> Hands:
    deck = _pack(rs)
    rng.shuffle(deck)
    n = rs.pack.hand_size
    return frozenset(deck[:n]), frozenset(deck[n : 2 * n])


# ------------------------------------------------------------------ repique


def _repique(rng: random.Random, rs: Ruleset) -> dict[str, Any]:
    """A player (the elder, more often) holding runs and sets worth the repique's threshold, less up to what a point of
    half his hand would add; the adversary at random."""
    who = 0 if rng.random() < 0.6 else 1
    want = rs.accretion.repique.threshold - rng.randint(0, rs.point.per_card * rs.pack.hand_size // 2)
    hands = _deal_rest(rng, rs, who, _big_hand(rng, rs, want, 0.5))
    return _record(rng, rs, hands, _play(rng, rs, hands, ("random", "random")))


def _repique_saved(rng: random.Random, rs: Ruleset) -> dict[str, Any]:
    """A player holding sets and runs worth the repique's threshold, and an adversary holding a long suit (a point
    or a run that is good, so counts first) where the player is short."""
    who = 0 if rng.random() < 0.7 else 1
    cards = _big_hand(rng, rs, rs.accretion.repique.threshold, 0.7)
    suit = min(range(len(rs.pack.suits)), key=lambda s: (sum(1 for c in cards if suit_of(c) == s), rng.random()))
    free = [c for c in _pack(rs) if suit_of(c) == suit and c not in cards]
    long_suit = set(rng.sample(free, min(len(free), rng.randint(len(free) - 2, len(free)))))
    hands = _deal_rest(rng, rs, who, cards, long_suit)
    return _record(rng, rs, hands, _play(rng, rs, hands, ("random", "random")))


# ------------------------------------------------------------------ pique and capot


def _dominant(rng: random.Random, rs: Ruleset, void_cap: bool) -> Hands | None:
    """Hands in which the elder, leading a sure winner each time, wins every trick: in each suit he holds he has its
    top cards and the younger no more of it than those; the younger's cards are all below them. In a suit the elder
    is void of the younger holds what he likes, fewer than the elder's longest suit when `void_cap` (so his point
    is not good). None when the younger cannot be dealt his hand within those limits."""
    n_ranks, n_suits, n = len(rs.pack.ranks), len(rs.pack.suits), rs.pack.hand_size
    held = rng.sample(range(n_suits), rng.randint(-(-n // n_ranks), n_suits))  # enough suits for a hand
    lengths = dict.fromkeys(held, 1)
    while sum(lengths.values()) < n:
        s = rng.choice([s for s in held if lengths[s] < n_ranks])
        lengths[s] += 1
    elder: set[Card] = set()
    caps: dict[int, int] = {}
    for s in range(n_suits):
        if s not in lengths:
            caps[s] = max(lengths.values()) - 1 if void_cap else n_ranks
            continue
        tops = rng.randint(1, lengths[s])
        low = rng.sample(range(n_ranks - tops), lengths[s] - tops)
        elder |= {card_of(s, b) for b in range(n_ranks - tops, n_ranks)} | {card_of(s, b) for b in low}
        caps[s] = min(tops, n_ranks - lengths[s])
    if sum(caps.values()) < n:
        return None
    counts = dict.fromkeys(caps, 0)
    for _ in range(n):
        s = rng.choice([s for s in caps if counts[s] < caps[s]])
        counts[s] += 1
    younger: set[Card] = set()
    for s, k in counts.items():
        younger |= set(rng.sample([c for c in _pack(rs) if suit_of(c) == s and c not in elder], k))
    return frozenset(elder), frozenset(younger)


def _younger_dominant(rng: random.Random, rs: Ruleset) -> Hands:
    """Hands in which the younger wins every trick: he holds only the top cards of his suits, and the elder as many
    of each of them, below them, and nothing else."""
    n_ranks, n_suits, n = len(rs.pack.ranks), len(rs.pack.suits), rs.pack.hand_size
    most = n_ranks // 2
    lengths = [0] * n_suits
    while sum(lengths) < n:
        s = rng.choice([s for s in range(n_suits) if lengths[s] < most])
        lengths[s] += 1
    younger = {card_of(s, b) for s in range(n_suits) for b in range(n_ranks - lengths[s], n_ranks)}
    elder = {card_of(s, b) for s in range(n_suits) for b in rng.sample(range(n_ranks - lengths[s]), lengths[s])}
    return frozenset(elder), frozenset(younger)


def _dominant_hands(rng: random.Random, rs: Ruleset, void_cap: bool) -> Hands:
    for _ in range(ATTEMPTS):
        hands = _dominant(rng, rs, void_cap)
        if hands is not None:
            return hands
    low, tops = _younger_dominant(rng, rs)
    return tops, low  # the younger's top cards, given to the elder


def _hand_totals(rs: Ruleset, hands: Hands) -> tuple[int, int]:
    """(elder, younger) scores in hand, declaring all they hold: the deal scored with no trick played."""
    result = score_deal({
        "ruleset": rs.id, "tricks": [],
        **{who: {"hand": format_cards(sorted(hands[i]), rs)} for i, who in enumerate(PLAYERS)},
    })
    return result.elder.total, result.younger.total


def _pique_hands(rng: random.Random, rs: Ruleset, younger_counts: bool, last_trick: bool = True, loser: bool = False) -> Hands:
    """Hands of `_dominant` (`_with_a_loser` when `loser`), drawn again (a bounded number of times) until the elder's
    score in hand falls short of the repique and the pique by no more than he makes leading every trick (with the
    point for the last trick, when `last_trick`), and the younger scores in hand exactly when `younger_counts` (he
    then saves the pique)."""
    acc, play = rs.accretion, rs.play
    short_of = min(acc.repique.threshold, acc.pique.threshold)
    reach = acc.pique.threshold - play.tricks * play.lead_points - (play.last_trick_extra if last_trick else 0)
    for _ in range(ATTEMPTS):
        hands = _dominant_hands(rng, rs, void_cap=not younger_counts)
        if loser:
            hands = _with_a_loser(rng, rs, hands)
        elder, younger = _hand_totals(rs, hands)
        if reach <= elder < short_of and (younger > 0) == younger_counts:
            break
    return hands


def _pique(rng: random.Random, rs: Ruleset) -> dict[str, Any]:
    """The elder holds the top cards and leads them, the younger playing low and scoring nothing in hand, for a
    while (for the whole deal: a capot); then both play at random."""
    hands = _pique_hands(rng, rs, younger_counts=False)
    tricks = _play(rng, rs, hands, ("strong", "weak"), strong_for=rng.randint(1, rs.play.tricks))
    return _record(rng, rs, hands, tricks)


def _pique_saved(rng: random.Random, rs: Ruleset) -> dict[str, Any]:
    """As for the pique, but the younger scores in hand (a good point, sequence or set), counted first."""
    hands = _pique_hands(rng, rs, younger_counts=True)
    tricks = _play(rng, rs, hands, ("strong", "weak"), strong_for=rng.randint(rs.play.tricks // 2, rs.play.tricks))
    return _record(rng, rs, hands, tricks)


def _capot(rng: random.Random, rs: Ruleset) -> dict[str, Any]:
    """One player (the elder, more often) holds the top cards, and wins every trick playing them; the other plays low."""
    if rng.random() < 0.7:
        hands = _dominant_hands(rng, rs, void_cap=rng.random() < 0.5)
        return _record(rng, rs, hands, _play(rng, rs, hands, ("strong", "weak")))
    hands = _younger_dominant(rng, rs)
    return _record(rng, rs, hands, _play(rng, rs, hands, ("weak", "strong")))


def _capot_pique(rng: random.Random, rs: Ruleset) -> dict[str, Any]:
    """The elder's capot, the younger scoring nothing in hand, so that his leads bring him to the pique."""
    hands = _pique_hands(rng, rs, younger_counts=False)
    return _record(rng, rs, hands, _play(rng, rs, hands, ("strong", "weak")))


def _with_a_loser(rng: random.Random, rs: Ruleset, hands: Hands) -> Hands:
    """`hands` with a card of the elder's that a card of the younger's beats: a card above one of the elder's given to
    the younger for one of his; or, when the elder holds every card above each of his, his top card of a suit where
    he holds two or more exchanged for one of the younger's."""
    elder, younger = set(hands[0]), set(hands[1])
    if any(beats(c, o) for c in elder for o in younger):
        return hands
    pack = _pack(rs)
    above = [o for c in sorted(elder) for o in pack if beats(c, o) and o not in elder]
    if above:
        younger.remove(rng.choice(sorted(younger)))
        younger.add(rng.choice(above))
    else:
        tops = [c for c in sorted(elder) if sum(1 for o in elder if beats(o, c)) >= 1]
        top, given = rng.choice(tops), rng.choice(sorted(younger))
        elder, younger = (elder - {top}) | {given}, (younger - {given}) | {top}
    return frozenset(elder), frozenset(younger)


def _pique_losing_lead(rng: random.Random, rs: Ruleset) -> dict[str, Any]:
    """As for the pique, with a card of the elder's that the younger can beat (`_with_a_loser`): while the younger
    has counted nothing, the elder leads sure winners until a lead would bring him to the pique's threshold; that
    lead is a card the younger beats, and wins with. Then both play at random."""
    hands = _pique_hands(rng, rs, younger_counts=False, last_trick=False, loser=True)
    base = _record(rng, rs, hands, ())
    threshold, lead_points = rs.accretion.pique.threshold, rs.play.lead_points
    held = [set(hands[0]), set(hands[1])]
    leader = PLAYERS.index(rs.play.first_leader)
    tricks: list[tuple[Card, Card]] = []
    chasing = True  # the elder leads towards the pique, the younger having counted nothing
    for _ in range(rs.play.tricks):
        so_far = score_deal({**base, "tricks": [format_cards(t, rs) for t in tricks]}) if chasing and leader == 0 else None
        chasing = so_far is not None and so_far.younger.total == 0
        if so_far is not None and chasing:
            beaten = [c for c in sorted(held[0]) if any(beats(c, o) for o in held[1])]
            if so_far.elder.total + lead_points >= threshold and beaten:  # the lead that reaches it, and loses
                lead = rng.choice(beaten)
                follow, chasing = _follow(rng, "strong", held[1], lead), False
            else:  # a sure winner of a suit that does not draw the younger's winning cards, when he has one
                spared = {c for c in held[0] if all(suit_of(c) != suit_of(b) for b in beaten)}
                lead = _lead(rng, "strong", spared or held[0], held[1])
                follow = _follow(rng, "weak", held[1], lead)
        else:
            lead = _lead(rng, "random", held[leader], held[1 - leader])
            follow = _follow(rng, "random", held[1 - leader], lead)
        held[leader].discard(lead)
        held[1 - leader].discard(follow)
        tricks.append((lead, follow))
        if beats(lead, follow):
            leader = 1 - leader
    return {**base, "tricks": [format_cards(t, rs) for t in tricks]}


# ------------------------------------------------------------------ equalities and sinking


def _point_equal(rng: random.Random, rs: Ruleset) -> dict[str, Any]:
    """The same ranks of two suits, one suit in each hand, as each player's point: filled at random until neither
    hand holds a better point."""
    n_ranks = len(rs.pack.ranks)
    for _ in range(ATTEMPTS):
        length = rng.randint(n_ranks // 2, n_ranks - 2)
        s1, s2 = rng.sample(range(len(rs.pack.suits)), 2)
        ranks = rng.sample(range(n_ranks), length)
        hands = _deal_rest(rng, rs, 0, {card_of(s1, b) for b in ranks}, {card_of(s2, b) for b in ranks})
        points = [held_point(hand_of(h), rs) for h in hands]
        if points[0] is not None and points[1] is not None and points[0].key == points[1].key:
            break
    return _record(rng, rs, hands, _play(rng, rs, hands, ("random", "random")))


def _sequences_equal(rng: random.Random, rs: Ruleset) -> dict[str, Any]:
    """A run of the same length and top in two suits, one in each hand: filled at random until neither hand holds a
    better sequence."""
    n_ranks = len(rs.pack.ranks)
    for _ in range(ATTEMPTS):
        length = rng.choice([n for n in sorted(rs.sequences.values) if n <= n_ranks // 2 + 1])
        top = rng.randint(length - 1, n_ranks - 1)
        s1, s2 = rng.sample(range(len(rs.pack.suits)), 2)
        hands = _deal_rest(rng, rs, 0, _run(s1, length, top), _run(s2, length, top))
        best = [max((q.key for q in held_sequences(hand_of(h), rs)), default=0) for h in hands]
        if best[0] == best[1]:
            break
    return _record(rng, rs, hands, _play(rng, rs, hands, ("random", "random")))


def _declare_less(rng: random.Random, rs: Ruleset, cards: frozenset[Card]) -> Any:
    """A `declare` that calls less than the hand holds: nothing at all, or in some categories nothing, or fewer of
    the holdings, or a shorter run or a smaller set, or fewer cards of the point."""
    full = declare_all(hand_of(cards), rs)
    if rng.random() < 0.2:
        return "none"
    choice: dict[str, Any] = {}
    if full.point is not None and (rng.random() < 0.5 or not (full.sequences or full.sets)):
        point = full.point.cards
        choice["point"] = "none" if len(point) == 1 or rng.random() < 0.5 else format_cards(point[: rng.randint(1, len(point) - 1)], rs)
    if full.sequences and (rng.random() < 0.6 or not choice):
        best, others = full.sequences[0], list(full.sequences[1:])
        shorter = best.length - 1 >= rs.sequences.min_length and rng.random() < 0.5
        kept = [best.cards[:-1] if rng.random() < 0.5 else best.cards[1:]] if shorter else []
        kept += [q.cards for q in others if rng.random() < 0.5]
        choice["sequences"] = [format_cards(q, rs) for q in kept] if kept or rng.random() < 0.5 else "none"
    if full.sets and (rng.random() < 0.6 or not choice):
        smaller = [h.cards[: min(rs.sets.values)] for h in full.sets if h.number > min(rs.sets.values)]
        kept = [rng.choice(smaller)] if smaller and rng.random() < 0.5 else []
        kept += [h.cards for h in full.sets[1:] if rng.random() < 0.5 and all(bit_of(h.cards[0]) != bit_of(k[0]) for k in kept)]
        choice["sets"] = [format_cards(h, rs) for h in kept] if kept else "none"
    return choice or "none"


def _sinking(rng: random.Random, rs: Ruleset) -> dict[str, Any]:
    """One player or both (holding runs and sets, half of the time) declare less than they hold."""
    who = rng.randrange(2)
    if rng.random() < 0.5:
        hands = _deal_rest(rng, rs, who, _big_hand(rng, rs, rs.accretion.repique.threshold // 2, 0.5))
    else:
        hands = _random_hands(rng, rs)
    both = rng.random() < 0.3
    declare = tuple(_declare_less(rng, rs, hands[i]) if i == who or both else None for i in range(2))
    return _record(rng, rs, hands, _play(rng, rs, hands, ("random", "random")), (declare[0], declare[1]))


# ------------------------------------------------------------------ dealt hands: carte blanche, a stock of seven


def _exchange_and_play(
    rng: random.Random, rs: Ruleset, dealt: tuple[list[Card], list[Card]], stock: list[Card], takes: tuple[int | None, int | None],
    discards: tuple[int, int],
) -> dict[str, Any]:
    """The record of the deal `dealt` with `stock`: each player lays out `discards` cards at random and takes in
    `takes` (as many as he lays out when None), the elder first; the tricks played at random."""
    laid = (rng.sample(dealt[0], discards[0]), rng.sample(dealt[1], discards[1]))
    k_e, k_y = (n if take is None else take for n, take in zip(discards, takes))
    taken = (stock[:k_e], stock[k_e : k_e + k_y])
    hands = (
        frozenset(set(dealt[0]).difference(laid[0]).union(taken[0])),
        frozenset(set(dealt[1]).difference(laid[1]).union(taken[1])),
    )
    record: dict[str, Any] = {"ruleset": rs.id}
    for i, who in enumerate(PLAYERS):
        record[who] = {"dealt": format_cards(sorted(dealt[i]), rs), "discard": format_cards(laid[i], rs)}
        if takes[i] is not None:
            record[who]["take"] = takes[i]
    record["stock"] = format_cards(stock, rs)
    record["tricks"] = [format_cards(t, rs) for t in _play(rng, rs, hands, ("random", "random"))]
    return record


def _carte_blanche(rng: random.Random, rs: Ruleset) -> dict[str, Any]:
    """One player dealt a hand without a court card; the rest of the deal at random."""
    court = rs.carte_blanche.court_mask
    pack = _pack(rs)
    who, n = rng.randrange(2), rs.pack.hand_size
    blank = rng.sample([c for c in pack if not court >> bit_of(c) & 1], n)
    rest = [c for c in pack if c not in blank]
    rng.shuffle(rest)
    dealt = (blank, rest[:n]) if who == 0 else (rest[:n], blank)
    k_e = rng.randint(*discard_limits("elder", 0, rs))
    k_y = rng.randint(*discard_limits("younger", k_e, rs))
    return _exchange_and_play(rng, rs, dealt, rest[n:], (None, None), (k_e, k_y))


def _seven_card_stock(rng: random.Random, rs: Ruleset) -> dict[str, Any]:
    """A deal with one card astray that stood (laws 11, 39-43): one player dealt a card too many and the stock one
    short. The long player lays out one more than he takes in, each within the limits of laws 40-43, so both
    play twelve cards."""
    deck = _pack(rs)
    rng.shuffle(deck)
    n, portion = rs.pack.hand_size, rs.exchange.elder_max
    long = rng.randrange(2)
    sizes = (n + (long == 0), n + (long == 1))
    dealt = (deck[: sizes[0]], deck[sizes[0] : sizes[0] + sizes[1]])
    stock = deck[sizes[0] + sizes[1] :]
    shift = (sizes[0] - n, sizes[1] - n)
    d_e = rng.randint(*discard_bounds("elder", shift[0], len(stock), 0, portion, rs))
    take_e = d_e - shift[0]
    d_y = rng.randint(*discard_bounds("younger", shift[1], len(stock), younger_room(take_e, rs), portion, rs))
    take_y = d_y - shift[1]
    takes = (take_e if long == 0 else None, take_y if long == 1 else None)
    return _exchange_and_play(rng, rs, (dealt[0], dealt[1]), stock, takes, (d_e, d_y))


# ------------------------------------------------------------------ the last trick


def _last_trick(rng: random.Random, rs: Ruleset) -> dict[str, Any]:
    """Hands at random, played again at random until the last trick decides the cards or the capot."""
    hands = _random_hands(rng, rs)
    for _ in range(ATTEMPTS):
        tricks = _play(rng, rs, hands, ("random", "random"))
        if last_trick_decides(_tricks_won(tricks[:-1], rs), rs):
            break
    return _record(rng, rs, hands, tricks)


BUILDERS: Mapping[Situation, Builder] = MappingProxyType({
    "repique": _repique,
    "repique_saved": _repique_saved,
    "pique": _pique,
    "pique_losing_lead": _pique_losing_lead,
    "pique_saved": _pique_saved,
    "point_equal": _point_equal,
    "sequences_equal": _sequences_equal,
    "sinking": _sinking,
    "carte_blanche": _carte_blanche,
    "capot": _capot,
    "capot_pique": _capot_pique,
    "seven_card_stock": _seven_card_stock,
    "last_trick": _last_trick,
})
