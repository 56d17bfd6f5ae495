"""Plain-value entry points to the rule logic, carrying the rules as contracts.

The rule functions that take a `Ruleset` cannot be searched symbolically as they stand (CrossHair
would have to invent a ruleset); each function here fixes the ruleset and takes only numbers and
names, and states the rule as PEP 316 pre- and postconditions in its docstring, which
`crosshair check --analysis_kind PEP316` searches for counterexamples (see tests/test_crosshair.py
and the verification report). Numbers in the conditions are read from the ruleset, never written here.

The functions up to `category_verdict` fix the default ruleset. Those after it take the rules as a
small number, `variant`, so that the search covers every ruleset of spec/rulesets/, not the default
alone: an index into a tuple holding one ruleset for each distinct form the rules concerned take among
all the rulesets (rulesets that agree on them would only repeat the same paths).
"""

from __future__ import annotations

from typing import Callable

from piquet_ref.hand.cards import BITS_PER_SUIT, PACK_SIZE, bit_of, notation, suit_of
from piquet_ref.hand.declarations import (
    DECL_CATEGORIES, CategoryComparison, Sequence, SetHolding, sequence_name, set_name, verdict,
)
from piquet_ref.hand.exchange import _limits, discard_limits
from piquet_ref.rules.loader import default_ruleset, load_ruleset
from piquet_ref.rules.tables import ruleset_ids
from piquet_ref.partie.scoring import points_won, tens
from piquet_ref.rules.ruleset import CATEGORIES, PLAYERS, Bonus, Ruleset
from piquet_ref.hand.suit import POINT_SHIFT, RANK_SHIFT, point_length, point_score, runs, sequence_key, tables
from piquet_ref.deal.accretion import bonus_step, cards_scores

RS = default_ruleset()
TRICKS = RS.play.tricks
ACC = RS.accretion
RULESETS = (RS,) + tuple(load_ruleset(rid) for rid in ruleset_ids() if rid != RS.id)  # the default first


def variants(part: Callable[[Ruleset], object]) -> tuple[Ruleset, ...]:
    """One ruleset for each distinct value of `part` among `RULESETS` (the first that has it; variant 0 is the default's)."""
    out: list[Ruleset] = []
    for rs in RULESETS:
        if all(part(rs) != part(seen) for seen in out):
            out.append(rs)
    return tuple(out)


POINT_VARIANTS = variants(lambda rs: rs.point)
SEQUENCE_VARIANTS = variants(lambda rs: (rs.sequences, rs.pack.ranks))
SET_VARIANTS = variants(lambda rs: (rs.sets, rs.pack.ranks))
PACK_VARIANTS = variants(lambda rs: rs.pack)
EXCHANGE_VARIANTS = variants(lambda rs: (rs.exchange, rs.pack.stock_size))
ACCRETION_VARIANTS = variants(lambda rs: rs.accretion)
PARTIE_VARIANTS = variants(lambda rs: (rs.partie.bonus, rs.partie.rubicon_threshold, rs.partie.winner_needs_threshold))
CHOUETTE_VARIANTS = variants(lambda rs: (rs.chouette.unit, rs.chouette.round_up_from))
# The scorer's lookup tables and the card spellings, built here: under the search lru_cache is bypassed, and
# building them again on every path would outlast the budget.
SEQUENCE_TABLES = tuple(tables(rs) for rs in SEQUENCE_VARIANTS)
NOTATIONS = tuple(notation(rs) for rs in PACK_VARIANTS)


def cards_and_capot(won: int) -> tuple[int, int]:
    """`cards_scores` under the default ruleset: (the cards, capot) scored by a player who won `won` tricks.

    More than half the tricks wins the cards; an even split divides them; every trick is a capot.

    rules: cards.majority, cards.divided, capot.score
    pre: 0 <= won <= TRICKS
    post: (__return__[0] > 0) == (2 * won > TRICKS)
    post: won != TRICKS - won or __return__ == (0, 0)
    post: (__return__[1] > 0) == (won == TRICKS)
    """
    return cards_scores(won, RS)


def discard_range(player: int, elder_discarded: int) -> tuple[int, int]:
    """(least, most) cards `PLAYERS[player]` may discard when the elder has discarded `elder_discarded`.

    Each must exchange at least one card; the elder may take up to his portion of the stock, the
    younger every card the elder left, so the elder always leaves the younger one to take.

    rules: exchange.elder-limits, exchange.younger-limits
    pre: player in (0, 1)
    pre: RS.exchange.elder_min <= elder_discarded <= RS.exchange.elder_max
    post: 1 <= __return__[0] <= __return__[1]
    post: player != 0 or __return__[1] + RS.exchange.younger_min <= RS.pack.stock_size
    post: player != 1 or __return__[1] == RS.pack.stock_size - elder_discarded
    """
    return _limits(PLAYERS[player], elder_discarded, RS)


def bonus_after(
    first: int, repique_total: int, pique_total: int, player: int, category: int, points: int
) -> tuple[tuple[int, int, int] | None, tuple[Bonus, ...]]:
    """`bonus_step` under the default ruleset: one score's effect on the repique and the pique.

    `first` is the first player to have scored (0 elder, 1 younger, -1 nobody yet) and the totals
    are his towards each bonus; `category` indexes the accretion categories (`CATEGORIES`). Only the first to score can win a bonus; only the elder a pique;
    a repique and a pique are never both won; a repique counts only scores in hand; a score of
    nothing changes nothing; once the adversary scores, no bonus can follow.

    rules: repique.score, pique.score, pique.elder-only, bonus.not-cumulative, bonus.equalities-do-not-save
    pre: first in (-1, 0, 1) and player in (0, 1) and 0 <= category < len(CATEGORIES)
    pre: 0 <= repique_total < ACC.repique.threshold and 0 <= pique_total < ACC.pique.threshold
    pre: first >= 0 or (repique_total == 0 and pique_total == 0)
    pre: 0 <= points <= ACC.repique.threshold + ACC.pique.threshold
    post: not __return__[1] or first in (-1, player)
    post: "pique" not in __return__[1] or player == 0
    post: len(__return__[1]) <= 1
    post: "repique" not in __return__[1] or CATEGORIES[category] in ACC.hand
    post: "repique" not in __return__[1] or repique_total + points >= ACC.repique.threshold
    post: "pique" not in __return__[1] or pique_total + points >= ACC.pique.threshold
    post: points > 0 or __return__ == ((first, repique_total, pique_total), ())
    post: points == 0 or first in (-1, player) or __return__[0] is None
    """
    return bonus_step((first, repique_total, pique_total), player, CATEGORIES[category], points, ACC)


def category_verdict(category: int, ek: int, yk: int, e_points: int, y_points: int) -> CategoryComparison:
    """`verdict` for category `DECL_CATEGORIES[category]` (point, sequences, sets) from both sides' keys
    (0: nothing declared) and would-be points.

    The higher key is good and scores everything it would; the other side scores nothing; equal keys
    score nothing for either side; a good point holds at least as many cards as the point it beats.

    rules: point.compare, point.equal, sequence.compare, sequence.good-scores-all, sequence.equal-nullifies, sets.compare, sets.good-scores-all
    pre: 0 <= category < len(DECL_CATEGORIES)
    pre: ek >= 0 and yk >= 0 and e_points >= 0 and y_points >= 0
    post: (__return__.winner == "elder") == (ek > yk) and (__return__.winner == "younger") == (yk > ek)
    post: __return__.elder_points == (e_points if ek > yk else 0)
    post: __return__.younger_points == (y_points if yk > ek else 0)
    post: (__return__.outcome == "equal") == (ek == yk != 0)
    post: category != 0 or __return__.winner is None or point_length(max(ek, yk)) >= point_length(min(ek, yk))
    """
    return verdict(DECL_CATEGORIES[category], ek, yk, e_points, y_points)


def point_scored(variant: int, length_: int, pip_total: int) -> int:
    """What a good point of `length_` cards making `pip_total` pips scores under `POINT_VARIANTS[variant]`
    (the function its table of point scores is built from, `suit.tables`).

    A card a point, or one for every so many pips where the ruleset says so, one less where the pips end
    in the digit the ruleset names.

    rules: point.score
    pre: 0 <= variant < len(POINT_VARIANTS) and 1 <= length_ <= BITS_PER_SUIT and 0 <= pip_total < 1 << POINT_SHIFT
    post: POINT_VARIANTS[variant].point.pips_per_point is not None or POINT_VARIANTS[variant].point.less_if_ends_in is not None or __return__ == length_ * POINT_VARIANTS[variant].point.per_card
    post: POINT_VARIANTS[variant].point.pips_per_point is None or POINT_VARIANTS[variant].point.less_if_ends_in is not None or __return__ == pip_total // POINT_VARIANTS[variant].point.pips_per_point
    post: POINT_VARIANTS[variant].point.less_if_ends_in is None or POINT_VARIANTS[variant].point.pips_per_point is not None or __return__ == max(length_ * POINT_VARIANTS[variant].point.per_card - (pip_total % 10 == POINT_VARIANTS[variant].point.less_if_ends_in), 0)
    """
    pr = POINT_VARIANTS[variant].point
    return point_score(length_, pip_total, pr.per_card, pr.pips_per_point, pr.less_if_ends_in)


def suit_sequences(variant: int, mask: int) -> tuple[int, int]:
    """(key of the best sequence, points of every sequence) of the suit `mask` under
    `SEQUENCE_VARIANTS[variant]`, as the scorer's tables give them (key 0: no sequence).

    A sequence is a run of at least the ruleset's minimum length (`suit.runs`); the best is the best of
    them by length, then top card; every one scores the value of its length.

    rules: sequence.definition, sequence.compare, sequence.score
    pre: 0 <= variant < len(SEQUENCE_VARIANTS) and 0 <= mask < 1 << BITS_PER_SUIT
    post: __return__[0] == 0 or __return__[0] >> RANK_SHIFT >= SEQUENCE_VARIANTS[variant].sequences.min_length
    post: __return__[0] == max((sequence_key(n, top) for n, top in runs(mask, SEQUENCE_VARIANTS[variant].sequences.min_length)), default=0)
    post: __return__[1] == sum(SEQUENCE_VARIANTS[variant].sequences.values[n] for n, _ in runs(mask, SEQUENCE_VARIANTS[variant].sequences.min_length))
    """
    return SEQUENCE_TABLES[variant].seq_best[mask], SEQUENCE_TABLES[variant].seq_points[mask]


def sequence_called(variant: int, length_: int, top: int) -> str:
    """`sequence_name` of the run of `length_` cards headed by rank `top`, under `SEQUENCE_VARIANTS[variant]`.

    A sequence is named by its length and by its top card: the name says its length and is no other
    sequence's name.

    rules: sequence.names
    pre: 0 <= variant < len(SEQUENCE_VARIANTS)
    pre: SEQUENCE_VARIANTS[variant].sequences.min_length <= length_ <= top + 1 <= BITS_PER_SUIT
    post: SEQUENCE_VARIANTS[variant].sequences.names[length_] in __return__ and all(sequence_called(variant, n, t) != __return__ for n in SEQUENCE_VARIANTS[variant].sequences.names for t in range(n - 1, BITS_PER_SUIT) if (n, t) != (length_, top))
    """
    return sequence_name(Sequence(0, length_, top), SEQUENCE_VARIANTS[variant])


def set_called(variant: int, count: int, rank: int) -> str:
    """`set_name` of `count` cards of rank `rank` (a quatorze or trio), under `SET_VARIANTS[variant]`: the
    name says the count and the rank and is no other set's name.

    rules: sets.score, sets.eligible-ranks
    pre: 0 <= variant < len(SET_VARIANTS)
    pre: count in SET_VARIANTS[variant].sets.values and rank in SET_VARIANTS[variant].sets.ranks
    post: SET_VARIANTS[variant].sets.names[count] in __return__ and SET_VARIANTS[variant].pack.ranks[rank].name in __return__ and all(set_called(variant, n, r) != __return__ for n in SET_VARIANTS[variant].sets.values for r in SET_VARIANTS[variant].sets.ranks if (n, r) != (count, rank))
    """
    return set_name(SetHolding(rank, count, (1 << count) - 1), SET_VARIANTS[variant])


def card_text(variant: int, card: int) -> str:
    """The canonical text of `card` under `PACK_VARIANTS[variant]`, from the spelling table `format_card`
    and `parse_card` read (`cards.notation`).

    A card is written as its rank symbol then its suit letter, and every spelling of it (rank symbol
    or alias, suit letter or glyph, either case) reads back as that card.

    rules: pack.cards, pack.rank-order
    pre: 0 <= variant < len(PACK_VARIANTS) and 0 <= card < PACK_SIZE
    post: __return__ == PACK_VARIANTS[variant].pack.ranks[bit_of(card)].symbol + PACK_VARIANTS[variant].pack.suits[suit_of(card)].symbol
    post: all(NOTATIONS[variant].parse[(r + s).upper()] == card for r in (PACK_VARIANTS[variant].pack.ranks[bit_of(card)].symbol, *PACK_VARIANTS[variant].pack.ranks[bit_of(card)].aliases) for s in (PACK_VARIANTS[variant].pack.suits[suit_of(card)].symbol, PACK_VARIANTS[variant].pack.suits[suit_of(card)].glyph))
    """
    return NOTATIONS[variant].names[card]


def discard_limits_in(variant: int, player: int, elder_discarded: int) -> tuple[int, int]:
    """`discard_limits` for `PLAYERS[player]` under `EXCHANGE_VARIANTS[variant]`, the elder having discarded
    `elder_discarded`.

    Some discard is always allowed; the elder always leaves the younger enough to take his least; the
    younger may take every card the elder left unless the ruleset caps him.

    rules: exchange.elder-limits, exchange.younger-limits
    pre: 0 <= variant < len(EXCHANGE_VARIANTS) and player in (0, 1)
    pre: EXCHANGE_VARIANTS[variant].exchange.elder_min <= elder_discarded <= EXCHANGE_VARIANTS[variant].exchange.elder_max
    post: 0 <= __return__[0] <= __return__[1] <= EXCHANGE_VARIANTS[variant].pack.stock_size
    post: player != 0 or __return__[1] + EXCHANGE_VARIANTS[variant].exchange.younger_min <= EXCHANGE_VARIANTS[variant].pack.stock_size
    post: player != 1 or EXCHANGE_VARIANTS[variant].exchange.younger_max is not None or __return__[1] == EXCHANGE_VARIANTS[variant].pack.stock_size - elder_discarded
    """
    return discard_limits(PLAYERS[player], elder_discarded, EXCHANGE_VARIANTS[variant])


def bonus_in(
    variant: int, first: int, repique_total: int, pique_total: int, player: int, category: int, points: int
) -> tuple[tuple[int, int, int] | None, tuple[Bonus, ...]]:
    """`bonus_after` under `ACCRETION_VARIANTS[variant]`: one score's effect on the repique and the pique.

    A bonus is won only by a player the ruleset allows it to and only with a score of a category the
    ruleset counts towards it; unless the ruleset makes bonuses cumulative, a repique and a pique are
    never both won (the rules the rulesets differ on; `bonus_after` states the others).

    rules: repique.score, pique.score, pique.elder-only, bonus.not-cumulative
    pre: 0 <= variant < len(ACCRETION_VARIANTS)
    pre: first in (-1, 0, 1) and player in (0, 1) and 0 <= category < len(CATEGORIES)
    pre: 0 <= repique_total < ACCRETION_VARIANTS[variant].accretion.repique.threshold and 0 <= pique_total < ACCRETION_VARIANTS[variant].accretion.pique.threshold
    pre: first >= 0 or (repique_total == 0 and pique_total == 0)
    pre: 0 <= points <= ACCRETION_VARIANTS[variant].accretion.repique.threshold + ACCRETION_VARIANTS[variant].accretion.pique.threshold
    post: all(PLAYERS[player] in getattr(ACCRETION_VARIANTS[variant].accretion, b).players and CATEGORIES[category] in getattr(ACCRETION_VARIANTS[variant].accretion, b).counts for b in __return__[1])
    post: ACCRETION_VARIANTS[variant].accretion.cumulative or len(__return__[1]) <= 1
    """
    state = (first, repique_total, pique_total)
    return bonus_step(state, player, CATEGORIES[category], points, ACCRETION_VARIANTS[variant].accretion)


def partie_points(variant: int, winner_total: int, loser_total: int) -> tuple[int, bool]:
    """`points_won` under `PARTIE_VARIANTS[variant]`: what the winner of a partie with the higher total wins,
    and whether the loser is under the rubicon.

    He wins the bonus and the difference of the totals, or their sum when the loser's total is under the
    rubicon (whether or not the winner's is, unless the ruleset requires it).

    rules: partie.points-won, partie.rubicon
    pre: 0 <= variant < len(PARTIE_VARIANTS) and 0 <= loser_total < winner_total
    post: __return__[1] == (loser_total < PARTIE_VARIANTS[variant].partie.rubicon_threshold and (winner_total >= PARTIE_VARIANTS[variant].partie.rubicon_threshold or not PARTIE_VARIANTS[variant].partie.winner_needs_threshold))
    post: __return__[0] - PARTIE_VARIANTS[variant].partie.bonus == (winner_total + loser_total if __return__[1] else winner_total - loser_total)
    post: __return__[0] > PARTIE_VARIANTS[variant].partie.bonus
    """
    return points_won(winner_total, loser_total, PARTIE_VARIANTS[variant])


def chouette_tens(variant: int, points: int) -> int:
    """`tens` under `CHOUETTE_VARIANTS[variant]`: a chouette partie's points in tens, units of the round-up
    figure and more adding a ten, lower units dropped.

    rules: chouette.rounding
    pre: 0 <= variant < len(CHOUETTE_VARIANTS) and points >= 0
    post: __return__ >= 0
    post: CHOUETTE_VARIANTS[variant].chouette.unit * __return__ - (CHOUETTE_VARIANTS[variant].chouette.unit - CHOUETTE_VARIANTS[variant].chouette.round_up_from) <= points < CHOUETTE_VARIANTS[variant].chouette.unit * __return__ + CHOUETTE_VARIANTS[variant].chouette.round_up_from
    """
    return tens(points, CHOUETTE_VARIANTS[variant])
