"""Hypothesis strategies for Piquet: cards, hands, legal deals (legal exchanges, legal play) and their
records, declaration choices, and junk input, for anyone's property tests.

    from hypothesis import given
    from piquet_ref.strategies import complete_deals

    @given(complete_deals())
    def test_my_scorer_agrees(deal):
        assert my_score(deal.record()) == piquet_ref.score_deal(deal.record()).elder.total

Every choice is drawn from Hypothesis (no seeded `random.Random`), so failures shrink to small,
readable deals. The rules used to *build* legal deals (how many cards may be discarded, which cards
may follow, who wins a trick) come from `piquet_ref` itself, under the default ruleset.

`partie_records()` draws valid partie records (docs/formats.md, "The partie record") in any of the five forms,
their deals given by scores or by the deal records above.

Cards are the package's ints (`suit * 8 + rank bit`); a `Deal` keeps them as ints and renders the
documented record mapping (`Deal.record()`), in the `dealt` form (dealt hands, discards, stock) or
the `hand` form (hands after the exchange).

Hypothesis is an optional dependency (`pip install piquet-ref[strategies]`): `import piquet_ref`
never needs it; importing this module without it raises ImportError saying so.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Literal, Union

try:
    from hypothesis import assume
    from hypothesis import strategies as st
    from hypothesis.strategies import SearchStrategy
except ImportError as missing:  # pragma: no cover - exercised in a subprocess by tests/test_strategies_module.py
    raise ImportError(
        "piquet_ref.strategies needs Hypothesis, an optional dependency of piquet-ref: "
        "pip install 'piquet-ref[strategies]' (or pip install hypothesis)"
    ) from missing

from piquet_ref.hand.cards import (
    BITS_PER_SUIT,
    Card,
    Hand,
    bit_of,
    card_of,
    cards_of,
    format_card,
    format_cards,
    hand_of,
    notation,
    parse_card,
    remove,
    suit_of,
)
from piquet_ref.hand.declarations import evaluate_hand
from piquet_ref.hand.exchange import discard_limits, exchange
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.loader import default_ruleset, load_ruleset
from piquet_ref.partie.scoring import games, partie_over
from piquet_ref.hand.play import follower_wins, legal_follows
from piquet_ref.deal.record import PLAYER_KEYS, RECORD_KEYS
from piquet_ref.rules.ruleset import FORMS, PLAYERS, Player, Ruleset
from piquet_ref.rules.ruleset import Form as PartieForm
from piquet_ref.deal.scoring import score_deal

RS = default_ruleset()
N_SUITS = len(RS.pack.suits)
N_RANKS = len(RS.pack.ranks)
HAND_SIZE = RS.pack.hand_size
STOCK_SIZE = RS.pack.stock_size
N_TRICKS = RS.play.tricks
PACK: tuple[Card, ...] = tuple(card_of(s, b) for s in range(N_SUITS) for b in range(N_RANKS))
NON_COURT: tuple[Card, ...] = tuple(c for c in PACK if not (1 << bit_of(c)) & RS.carte_blanche.court_mask)
DECLARE_CATEGORIES = ("point", "sequences", "sets")

# A player's `declare` value as the record gives it: "all", "none", or a mapping per category.
DeclareValue = Union[str, dict[str, Any]]
Form = Literal["dealt", "hand"]
Trick = tuple[Card, Card]


@dataclass(frozen=True)
class Deal:
    """A legal deal, card by card (ints), and the hands after the exchange.

    `dealt`, `discards` and `stock` are None for a deal given in `hand` form. `declare` holds each
    player's declaration choice as the record writes it (None: the key is left out).
    """

    form: Form
    dealt: tuple[tuple[Card, ...], tuple[Card, ...]] | None
    discards: tuple[tuple[Card, ...], tuple[Card, ...]] | None
    stock: tuple[Card, ...] | None
    hands: tuple[Hand, Hand]
    tricks: tuple[Trick, ...]
    declare: tuple[DeclareValue | None, DeclareValue | None] = (None, None)

    def first(self, k: int) -> Deal:
        """The same deal with only its first `k` tricks (a deal in progress)."""
        return replace(self, tricks=self.tricks[:k])

    def with_declare(self, player: Player, value: DeclareValue | None) -> Deal:
        """The same deal with `player`'s declaration choice replaced."""
        both = list(self.declare)
        both[PLAYERS.index(player)] = value
        return replace(self, declare=(both[0], both[1]))

    def as_hand_form(self) -> Deal:
        """The same deal given by the hands after the exchange (dealt hands unknown)."""
        return replace(self, form="hand", dealt=None, discards=None, stock=None)

    def untaken(self) -> tuple[Card, ...]:
        """The cards of the stock that nobody took (dealt form only)."""
        assert self.stock is not None and self.discards is not None
        return self.stock[len(self.discards[0]) + len(self.discards[1]) :]

    def record(self) -> dict[str, Any]:
        """The deal record mapping documented in docs/formats.md and piquet_ref/deal/record.py."""
        out: dict[str, Any] = {}
        for i, who in enumerate(PLAYERS):
            player: dict[str, Any]
            if self.form == "dealt":
                assert self.dealt is not None and self.discards is not None
                player = {"dealt": format_cards(self.dealt[i]), "discard": format_cards(self.discards[i])}
            else:
                player = {"hand": format_cards(cards_of(self.hands[i]))}
            choice = self.declare[i]
            if choice is not None:
                player["declare"] = choice
            out[who] = player
        if self.form == "dealt":
            assert self.stock is not None
            out["stock"] = format_cards(self.stock)
        out["tricks"] = [format_cards(t) for t in self.tricks]
        return out


# ---------------------------------------------------------------------------------------- cards


def cards() -> SearchStrategy[Card]:
    """Any card of the pack (shrinks towards the seven of spades)."""
    return st.sampled_from(PACK)


def card_spellings(card: Card) -> tuple[str, ...]:
    """Every accepted spelling of `card` (rank symbol or alias, suit letter or glyph, any case)."""
    return tuple(sorted(text for text, c in notation(RS).parse.items() if c == card))


def card_names() -> SearchStrategy[str]:
    """The text of any card, in any accepted spelling."""
    return cards().flatmap(lambda c: st.sampled_from(card_spellings(c)))


def card_sets(min_size: int = 0, max_size: int = HAND_SIZE) -> SearchStrategy[frozenset[Card]]:
    """A set of distinct cards."""
    return st.frozensets(cards(), min_size=min_size, max_size=max_size)


def hands(min_size: int = 0, max_size: int = HAND_SIZE) -> SearchStrategy[Hand]:
    """A hand (four suit masks) of distinct cards."""
    return card_sets(min_size, max_size).map(hand_of)


@st.composite
def disjoint_hands(draw: st.DrawFn, min_size: int = 0, max_size: int = HAND_SIZE) -> tuple[Hand, Hand]:
    """Two hands with no card in common, as two players could hold them."""
    deck = draw(st.permutations(PACK))
    a = draw(st.integers(min_size, max_size))
    b = draw(st.integers(min_size, max_size))
    return hand_of(deck[:a]), hand_of(deck[a : a + b])


def dealt_decks() -> SearchStrategy[list[Card]]:
    """A shuffled pack: elder's twelve, younger's twelve, then the stock, top first."""
    return st.permutations(PACK)


@st.composite
def blanche_decks(draw: st.DrawFn, player: Player) -> list[Card]:
    """A shuffled pack in which `player` is dealt no court card (carte blanche)."""
    plain = draw(st.permutations(NON_COURT))
    blanche, rest = plain[:HAND_SIZE], draw(st.permutations(plain[HAND_SIZE:] + [c for c in PACK if c not in NON_COURT]))
    if player == "elder":
        return blanche + rest
    return rest[:HAND_SIZE] + blanche + rest[HAND_SIZE:]


def suit_permutations() -> SearchStrategy[tuple[int, ...]]:
    """A relabelling of the suits: suit i becomes suit perm[i]."""
    return st.permutations(range(N_SUITS)).map(tuple)


# ----------------------------------------------------------------------------------------- play


def draw_tricks(draw: st.DrawFn, hands_: tuple[Hand, Hand], n: int, first_lead: tuple[Card, ...] | None = None) -> tuple[Trick, ...]:
    """`n` legal tricks from `hands_`: the first leader of the ruleset leads, the winner of each trick
    leads the next, and the follower follows suit when he can. `first_lead` narrows the first lead."""
    held = [hands_[0], hands_[1]]
    leader = PLAYERS.index(RS.play.first_leader)
    out: list[Trick] = []
    for i in range(n):
        options = cards_of(held[leader])
        if i == 0 and first_lead is not None:
            options = tuple(c for c in options if c in first_lead)
        lead = draw(st.sampled_from(options))
        follow = draw(st.sampled_from(cards_of(legal_follows(held[1 - leader], lead))))
        held[leader] = remove(held[leader], lead)
        held[1 - leader] = remove(held[1 - leader], follow)
        out.append((lead, follow))
        if follower_wins(lead, follow):
            leader = 1 - leader
    return tuple(out)


def trick_counts(min_tricks: int, max_tricks: int | None) -> SearchStrategy[int]:
    """How many tricks to play: any number in range, and the most of them half the time."""
    most = N_TRICKS if max_tricks is None else max_tricks
    return st.one_of(st.just(most), st.integers(min_tricks, most))


# ---------------------------------------------------------------------------------------- deals


@st.composite
def deals(
    draw: st.DrawFn,
    min_tricks: int = 0,
    max_tricks: int | None = None,
    blanche: Player | None = None,
) -> Deal:
    """A legal deal in `dealt` form: a shuffled pack, discards of legal sizes, legal tricks.

    `blanche` deals that player a hand without a court card.
    """
    deck = draw(dealt_decks() if blanche is None else blanche_decks(blanche))
    dealt = (tuple(deck[:HAND_SIZE]), tuple(deck[HAND_SIZE : 2 * HAND_SIZE]))
    stock = tuple(deck[2 * HAND_SIZE :])
    lo, hi = discard_limits("elder", 0, RS)
    e_discard = tuple(draw(st.lists(st.sampled_from(dealt[0]), min_size=lo, max_size=hi, unique=True)))
    lo, hi = discard_limits("younger", len(e_discard), RS)
    y_discard = tuple(draw(st.lists(st.sampled_from(dealt[1]), min_size=lo, max_size=hi, unique=True)))
    after = exchange(hand_of(dealt[0]), hand_of(dealt[1]), e_discard, y_discard, stock, RS)
    tricks = draw_tricks(draw, after, draw(trick_counts(min_tricks, max_tricks)))
    return Deal("dealt", dealt, (e_discard, y_discard), stock, after, tricks)


@st.composite
def hand_deals(draw: st.DrawFn, min_tricks: int = 0, max_tricks: int | None = None) -> Deal:
    """A legal deal in `hand` form: two disjoint hands of twelve and legal tricks."""
    deck = draw(dealt_decks())
    both = (hand_of(deck[:HAND_SIZE]), hand_of(deck[HAND_SIZE : 2 * HAND_SIZE]))
    tricks = draw_tricks(draw, both, draw(trick_counts(min_tricks, max_tricks)))
    return Deal("hand", None, None, None, both, tricks)


def split_counts(draw: st.DrawFn, capacity: tuple[int, ...], total: int) -> list[int]:
    """Counts per suit, each at most its capacity, summing to `total`."""
    counts: list[int] = []
    left = total
    for i, cap in enumerate(capacity):
        room_after = sum(capacity[i + 1 :])
        n = draw(st.integers(max(0, left - room_after), min(cap, left)))
        counts.append(n)
        left -= n
    return counts


@st.composite
def rich_hand_deals(draw: st.DrawFn, rich: Player, min_tricks: int = 0, max_tricks: int | None = None) -> Deal:
    """A `hand`-form deal where `rich` holds one run per suit: many sequences, sets, repiques and piques."""
    lengths = split_counts(draw, (N_RANKS,) * N_SUITS, HAND_SIZE)
    held: list[Card] = []
    for suit, n in enumerate(lengths):
        if n:
            top = draw(st.integers(n - 1, N_RANKS - 1))
            held.extend(card_of(suit, b) for b in range(top, top - n, -1))
    rest = draw(st.permutations([c for c in PACK if c not in held]))
    pair = (hand_of(held), hand_of(rest[:HAND_SIZE]))
    both = pair if rich == "elder" else (pair[1], pair[0])
    tricks = draw_tricks(draw, both, draw(trick_counts(min_tricks, max_tricks)))
    return Deal("hand", None, None, None, both, tricks)


@st.composite
def mirror_hand_deals(draw: st.DrawFn, min_tricks: int = 0, max_tricks: int | None = None) -> Deal:
    """A `hand`-form deal whose two hands are of equal strength in every category: the suits are paired
    off, and where the elder holds a rank in one suit of a pair the younger holds it in the other.

    The younger's hand is the elder's with the suits of each pair exchanged (points of the same length
    and pips, sequences of the same lengths and tops, sets of the same ranks and counts), and the two
    hands are still disjoint hands of twelve.
    """
    order = draw(suit_permutations())
    pairs = [(order[i], order[i + 1]) for i in range(0, N_SUITS, 2)]
    slots = draw(st.permutations([(p, b) for p in range(len(pairs)) for b in range(N_RANKS)]))[:HAND_SIZE]
    sides = [draw(st.booleans()) for _ in slots]
    elder = hand_of(card_of(pairs[p][side], b) for (p, b), side in zip(slots, sides))
    younger = hand_of(card_of(pairs[p][1 - side], b) for (p, b), side in zip(slots, sides))
    both = (elder, younger)
    return Deal("hand", None, None, None, both, draw_tricks(draw, both, draw(trick_counts(min_tricks, max_tricks))))


@st.composite
def capot_deals(draw: st.DrawFn, winner: Player) -> Deal:
    """A complete `hand`-form deal in which `winner` wins every trick.

    In every suit the winner's cards are all higher than the loser's, so he can never be beaten;
    if the winner is the younger, the elder's first lead is from a suit the younger holds.
    """
    deck = draw(dealt_decks())[: 2 * HAND_SIZE]
    by_suit = [sorted((c for c in deck if suit_of(c) == s), reverse=True) for s in range(N_SUITS)]
    counts = split_counts(draw, tuple(len(cs) for cs in by_suit), HAND_SIZE)
    top = hand_of(c for s, cs in enumerate(by_suit) for c in cs[: counts[s]])
    low = hand_of(c for s, cs in enumerate(by_suit) for c in cs[counts[s] :])
    if winner == "elder":
        both = (top, low)
        first: tuple[Card, ...] | None = None
    else:
        both = (low, top)
        first = tuple(c for c in cards_of(low) if top[suit_of(c)])
        assume(first)
    return Deal("hand", None, None, None, both, draw_tricks(draw, both, N_TRICKS, first))


def any_deals(min_tricks: int = 0, max_tricks: int | None = None) -> SearchStrategy[Deal]:
    """A mixture: plain dealt deals, carte blanche for either player, hand form, rich hands, capots."""
    parts: list[SearchStrategy[Deal]] = [
        deals(min_tricks, max_tricks),
        deals(min_tricks, max_tricks),
        deals(min_tricks, max_tricks, blanche="elder"),
        deals(min_tricks, max_tricks, blanche="younger"),
        hand_deals(min_tricks, max_tricks),
        rich_hand_deals("elder", min_tricks, max_tricks),
        rich_hand_deals("younger", min_tricks, max_tricks),
    ]
    if max_tricks is None or max_tricks >= N_TRICKS:
        parts += [capot_deals("elder"), capot_deals("younger")]
    return st.one_of(parts)


def complete_deals() -> SearchStrategy[Deal]:
    """Deals with all twelve tricks played."""
    return any_deals(min_tricks=N_TRICKS)


# --------------------------------------------------------------------------- declaration choices


@st.composite
def declare_choices(draw: st.DrawFn, hand: Hand) -> DeclareValue:
    """A legal `declare` value for `hand`: all, none, or per category all / none / a subset held."""
    kind = draw(st.sampled_from(["all", "none", "each"]))
    if kind != "each":
        return kind
    ev = evaluate_hand(hand, RS)
    out: dict[str, Any] = {}
    for category in DECLARE_CATEGORIES:
        mode = draw(st.sampled_from(["omit", "all", "none", "list"]))
        if mode == "omit":
            continue
        if mode != "list":
            out[category] = mode
        elif category == "point":
            suits = [s for s in range(N_SUITS) if hand[s]]
            if not suits:
                out[category] = "none"
                continue
            suit = draw(st.sampled_from(suits))
            held = [c for c in cards_of(hand) if suit_of(c) == suit]
            out[category] = format_cards(draw(st.lists(st.sampled_from(held), min_size=1, max_size=len(held), unique=True)))
        elif category == "sequences":
            runs: list[list[str]] = []
            for seq in ev.sequences:
                if draw(st.booleans()):
                    n = draw(st.integers(RS.sequences.min_length, seq.length))
                    top = draw(st.integers(seq.top - (seq.length - n), seq.top))
                    runs.append(format_cards(card_of(seq.suit, b) for b in range(top, top - n, -1)))
            out[category] = runs
        else:
            sets: list[list[str]] = []
            for held_set in ev.sets:
                if draw(st.booleans()):
                    count = draw(st.sampled_from(sorted(c for c in RS.sets.values if c <= held_set.number)))
                    chosen = draw(st.lists(st.sampled_from(held_set.cards), min_size=count, max_size=count, unique=True))
                    sets.append(format_cards(chosen))
            out[category] = sets
    return out


@st.composite
def declaring_deals(draw: st.DrawFn, base: SearchStrategy[Deal] | None = None) -> Deal:
    """A deal (from `base`, default `any_deals()`) in which each player may sink or call less."""
    deal = draw(any_deals() if base is None else base)
    for i, who in enumerate(PLAYERS):
        if draw(st.booleans()):
            deal = deal.with_declare(who, draw(declare_choices(deal.hands[i])))
    return deal


# ------------------------------------------------------------------------------------- records


def deal_records(min_tricks: int = 0, max_tricks: int | None = None) -> SearchStrategy[dict[str, Any]]:
    """Legal records in `dealt` form (dealt hands, discards, stock, 0..12 tricks)."""
    return deals(min_tricks, max_tricks).map(Deal.record)


def hand_records(min_tricks: int = 0, max_tricks: int | None = None) -> SearchStrategy[dict[str, Any]]:
    """Legal records in `hand` form (hands after the exchange, no stock)."""
    return hand_deals(min_tricks, max_tricks).map(Deal.record)


def declare_records() -> SearchStrategy[dict[str, Any]]:
    """Legal records, either form, with declaration choices (sinking, calling less)."""
    return declaring_deals().map(Deal.record)


# ------------------------------------------------------------------------------ partie records

PLAYER_NAMES: tuple[str, ...] = tuple("ABCDEFGHIJ")
DEFAULT_NAMES: tuple[str, ...] = ("A", "B", "C")
# What one deal scores, as a score card records it: most deals score a few dozen points.
DEAL_SCORES: SearchStrategy[int] = st.one_of(st.integers(0, 60), st.integers(0, 170))


def deal_scores_of(entry: dict[str, Any], pair: tuple[str, str], rs: Ruleset = RS) -> tuple[int, int]:
    """What each of `pair` scored in a partie's deal entry: its `scores`, or its deal record scored under
    `rs` (the player who did not deal is the elder)."""
    if "scores" in entry:
        return entry["scores"][pair[0]], entry["scores"][pair[1]]
    result = score_deal({**entry["deal"], "ruleset": rs.id})
    elder = result.elder.total, result.younger.total
    return elder if entry["dealer"] == pair[1] else (elder[1], elder[0])


@st.composite
def partie_deals(draw: st.DrawFn, pair: tuple[str, str], dealer: str, records: bool = True) -> dict[str, Any]:
    """One deal of a partie dealt by `dealer`: its scores as a score card gives them, or (if `records`)
    a legal deal record, which `score_partie` scores."""
    if records and draw(st.integers(0, 3)) == 0:
        return {"dealer": dealer, "deal": draw(declare_records())}
    return {"dealer": dealer, "scores": {pair[0]: draw(DEAL_SCORES), pair[1]: draw(DEAL_SCORES)}}


@st.composite
def first_cuts(draw: st.DrawFn, pair: tuple[str, str], dealer: str, rs: Ruleset = RS) -> dict[str, str]:
    """The cut for the first deal: two cards of different ranks, the dealer's as the ruleset's cut wants."""
    a, b = draw(st.lists(st.sampled_from(PACK), min_size=2, max_size=2, unique_by=bit_of))
    low, high = sorted((a, b), key=bit_of)
    mine = low if rs.dealing.lower_deals else draw(st.sampled_from((low, high)))
    theirs = high if mine == low else low
    return {dealer: format_card(mine), pair[1 - pair.index(dealer)]: format_card(theirs)}


def dealing_order(draw: st.DrawFn, pair: tuple[str, str], n: int, rs: Ruleset = RS) -> list[str]:
    """Who deals each of `n` deals: alternately (deal.alternation), or afresh each deal."""
    first = draw(st.sampled_from(pair))
    if rs.dealing.alternate:
        return [pair[(pair.index(first) + i) % 2] for i in range(n)]
    return [first] + [draw(st.sampled_from(pair)) for _ in range(n - 1)]


@st.composite
def partie_entries(draw: st.DrawFn, pair: tuple[str, str], form: PartieForm = "rubicon", finished: bool = False,
                   forward: bool = True, rs: Ruleset = RS) -> tuple[dict[str, Any], tuple[int, int] | None]:
    """One Rubicon (or four-deal) partie between `pair`: maybe brought forward, then deals until it is
    over (`finished`) or stops anywhere before. Returns the entry and, when it is over, its totals.

    The partie's length, doubled deals and tie deals come from `piquet_ref.partie.scoring.partie_over`."""
    p = rs.partie
    length, doubled = (p.four_deals, p.doubled) if form == "four-deal" else (p.deals, frozenset[int]())
    entry: dict[str, Any] = {}
    done, totals = 0, (0, 0)
    if forward and draw(st.booleans()):
        done = draw(st.integers(1, length))
        totals = (draw(st.integers(0, 300)), draw(st.integers(0, 300)))
        entry["brought_forward"] = {"deals": done, "scores": {pair[0]: totals[0], pair[1]: totals[1]}}
    most = length + p.extra_deals - done
    wanted = most if finished else draw(st.integers(0, most))
    dealers = dealing_order(draw, pair, most, rs)
    played: list[dict[str, Any]] = []
    while len(played) < wanted and not partie_over(done + len(played), totals, length, p.extra_deals):
        deal = draw(partie_deals(pair, dealers[len(played)]))
        weight = p.factor if done + len(played) + 1 in doubled else 1
        scores = deal_scores_of(deal, pair, rs)
        totals = (totals[0] + weight * scores[0], totals[1] + weight * scores[1])
        played.append(deal)
    if len(played) > 0 and draw(st.booleans()):
        played[0]["cut"] = draw(first_cuts(pair, played[0]["dealer"], rs))
    entry["deals"] = played
    return entry, totals if partie_over(done + len(played), totals, length, p.extra_deals) else None


@st.composite
def game_deals(draw: st.DrawFn, pair: tuple[str, str], form: PartieForm, rs: Ruleset = RS) -> list[dict[str, Any]]:
    """Deals of a game of a hundred up (or best of five games) until the match is over or stops before.

    A deal given by its scores in which both players reach the target, or in which the loser passes the
    double line while the winner reaches the target, cannot be decided without its record: there the
    second player's score is taken as nought. Who has won is read from `piquet_ref.partie.scoring.games`."""
    most = draw(st.integers(0, 8 if form == "hundred-up" else 24))
    dealers = dealing_order(draw, pair, most, rs)
    played: list[dict[str, Any]] = []
    over = False
    while len(played) < most and not over:
        deal = draw(partie_deals(pair, dealers[len(played)]))
        try:
            over = games(played + [deal], pair, rs, form, "deals")[2]
        except PiquetError:  # partie-undecidable: only a deal given by its scores can be
            deal["scores"][pair[1]] = 0
            over = games(played + [deal], pair, rs, form, "deals")[2]
        played.append(deal)
    return played


def player_names(n: int) -> SearchStrategy[tuple[str, ...]]:
    """`n` distinct player names."""
    return st.lists(st.sampled_from(PLAYER_NAMES), min_size=n, max_size=n, unique=True).map(tuple)


@st.composite
def partie_records(draw: st.DrawFn, form: PartieForm | None = None, ruleset: str | None = None) -> dict[str, Any]:
    """A valid partie record (docs/formats.md, "The partie record") in `form` (default: any of the five), under
    `ruleset` (default: the default ruleset, which the record may leave unnamed): players named or left to their defaults, deals dealt in turn, given by their scores or
    by legal deal records, parties finished before the next begins, and a stake where points are won.

    The rules used to *build* it (when a partie or match is over, how the chouette's seats turn) come
    from `piquet_ref.partie.scoring` and the laws it cites; the record may stop anywhere, finished or not."""
    chosen: PartieForm = form if form is not None else draw(st.sampled_from(FORMS))
    n = 3 if chosen == "chouette" else 2
    named = draw(st.booleans())
    names = draw(player_names(n)) if named else DEFAULT_NAMES[:n]
    rs = RS if ruleset is None else load_ruleset(ruleset)
    record: dict[str, Any] = {}
    if rs.id != RS.id or draw(st.booleans()):
        record["ruleset"] = rs.id
    if chosen != rs.partie.default_form or draw(st.booleans()):
        record["form"] = chosen
    if named:
        record["players"] = list(names)
    pair = (names[0], names[-1])
    if chosen in ("hundred-up", "best-of-five"):
        record["deals"] = draw(game_deals(pair, chosen, rs))
        return record
    if chosen == "chouette":
        seats = (names[0], names[1], names[2])  # single, playing, advising
        parties: list[dict[str, Any]] = []
        for _ in range(draw(st.integers(1, 3))):
            finished = draw(st.booleans())
            entry, totals = draw(partie_entries((seats[0], seats[1]), "rubicon", finished, rs=rs))
            parties.append(entry)
            if totals is None:
                break
            single_lost = totals[1] > totals[0]  # chouette.rotation: a beaten single player is replaced
            seats = (seats[1], seats[2], seats[0]) if single_lost else (seats[0], seats[2], seats[1])
        record["parties"] = parties
    elif draw(st.booleans()):
        entry, _ = draw(partie_entries(pair, chosen, forward=False, rs=rs))
        record["deals"] = entry["deals"]
    else:
        several: list[dict[str, Any]] = []
        for _ in range(draw(st.integers(1, 3))):
            finished = draw(st.booleans())
            entry, totals = draw(partie_entries(pair, chosen, finished, rs=rs))
            several.append(entry)
            if totals is None:
                break
        record["parties"] = several
    if draw(st.booleans()):
        record["stake"] = draw(st.sampled_from(sorted(rs.stakes)))
    return record


# ---------------------------------------------------------------------------------------- junk

JSON_SCALARS: SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=6),
    card_names(),
    st.sampled_from(["all", "none", RS.id, "", " "]),
)
KEYS = sorted(RECORD_KEYS | PLAYER_KEYS | set(DECLARE_CATEGORIES))


def json_values() -> SearchStrategy[Any]:
    """Arbitrary JSON-like values, with record keys and card names thrown in to reach deeper."""
    return st.recursive(
        JSON_SCALARS,
        lambda inner: st.one_of(
            st.lists(inner, max_size=5),
            st.dictionaries(st.one_of(st.sampled_from(KEYS), st.text(max_size=5)), inner, max_size=5),
        ),
        max_leaves=24,
    )


def card_listish() -> SearchStrategy[Any]:
    """Something shaped like a list of cards: a list of card names and junk, a string, or junk."""
    return st.one_of(
        st.lists(st.one_of(card_names(), card_names(), JSON_SCALARS), max_size=14),
        st.lists(card_names(), max_size=14).map(" ".join),
        json_values(),
    )


def junk_players() -> SearchStrategy[Any]:
    declare = st.one_of(
        st.sampled_from(["all", "none"]),
        st.fixed_dictionaries(
            {},
            optional={
                "point": st.one_of(st.sampled_from(["all", "none"]), card_listish()),
                "sequences": st.one_of(st.sampled_from(["all", "none"]), st.lists(card_listish(), max_size=3)),
                "sets": st.one_of(st.sampled_from(["all", "none"]), st.lists(card_listish(), max_size=3)),
            },
        ),
        json_values(),
    )
    return st.one_of(
        st.fixed_dictionaries(
            {}, optional={"dealt": card_listish(), "discard": card_listish(), "hand": card_listish(), "declare": declare}
        ),
        json_values(),
    )


def junk_records() -> SearchStrategy[Any]:
    """Arbitrary input for `score_deal`: JSON-like junk, and mappings shaped roughly like a record."""
    record_like = st.fixed_dictionaries(
        {},
        optional={
            "ruleset": st.one_of(st.just(RS.id), json_values()),
            "elder": junk_players(),
            "younger": junk_players(),
            "stock": card_listish(),
            "tricks": st.one_of(st.lists(card_listish(), max_size=13), json_values()),
        },
    )
    return st.one_of(json_values(), record_like)


CardPath = tuple[Union[str, int], ...]


def card_paths(value: Any, path: CardPath = ()) -> list[CardPath]:
    """The paths of every card string in a record mapping (not keys, not `all`/`none`/the ruleset)."""
    if isinstance(value, dict):
        return [p for k, v in value.items() if k != "ruleset" for p in card_paths(v, path + (k,))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in card_paths(v, path + (i,))]
    if isinstance(value, str) and value not in ("all", "none"):
        return [path]
    return []


def set_path(value: Any, path: CardPath, new: Any) -> Any:
    """A copy of `value` with the item at `path` replaced by `new`."""
    if not path:
        return new
    head, tail = path[0], path[1:]
    if isinstance(value, dict):
        return {k: set_path(v, tail, new) if k == head else v for k, v in value.items()}
    assert isinstance(value, list)
    return [set_path(v, tail, new) if i == head else v for i, v in enumerate(value)]


@st.composite
def mutated_records(draw: st.DrawFn) -> Any:
    """A legal record (any form, maybe with declarations) with one card replaced by another card or junk."""
    record = draw(declare_records())
    paths = card_paths(record)
    path = draw(st.sampled_from(paths))
    return set_path(record, path, draw(st.one_of(card_names(), JSON_SCALARS, json_values())))


def map_cards(value: Any, f: Callable[[str], str]) -> Any:
    """Apply `f` (card text -> card text) to every card string of a record mapping."""
    if isinstance(value, dict):
        return {k: v if k == "ruleset" else map_cards(v, f) for k, v in value.items()}
    if isinstance(value, list):
        return [map_cards(v, f) for v in value]
    if isinstance(value, str) and value not in ("all", "none"):
        return f(value)
    return value


def permute_suits(record: dict[str, Any], perm: tuple[int, ...]) -> dict[str, Any]:
    """The record with every card's suit relabelled: suit i becomes suit perm[i]."""

    def relabel(text: str) -> str:
        c = parse_card(text)
        return format_card(card_of(perm[suit_of(c)], bit_of(c)))

    result: dict[str, Any] = map_cards(record, relabel)
    return result


__all__ = [
    "BITS_PER_SUIT", "Deal", "DeclareValue", "HAND_SIZE", "N_TRICKS", "PACK", "RS", "any_deals", "blanche_decks",
    "DEAL_SCORES", "capot_deals", "card_listish", "card_names", "card_paths", "card_sets", "card_spellings", "cards",
    "complete_deals", "deal_records", "deal_scores_of", "dealt_decks", "deals", "declare_choices", "declare_records", "declaring_deals",
    "disjoint_hands", "draw_tricks", "first_cuts", "game_deals", "hand_deals", "hand_records", "hands", "json_values", "junk_records",
    "map_cards", "mirror_hand_deals", "mutated_records", "partie_deals", "partie_entries", "partie_records", "permute_suits", "player_names", "rich_hand_deals", "set_path", "suit_permutations",
]
