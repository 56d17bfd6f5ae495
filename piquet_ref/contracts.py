"""Plain-value entry points to the rule logic under the default ruleset, carrying the rules as contracts.

The rule functions that take a `Ruleset` cannot be searched symbolically as they stand (CrossHair
would have to invent a ruleset); each function here fixes the default ruleset and takes only
numbers and names, and states the rule as PEP 316 pre- and postconditions in its docstring, which
`crosshair check --analysis_kind PEP316` searches for counterexamples (see tests/test_crosshair.py
and VERIFICATION.md). Numbers in the conditions are read from the ruleset, never written here.
"""

from __future__ import annotations

from .declarations import DECL_CATEGORIES, CategoryComparison, verdict
from .exchange import _limits
from .loader import default_ruleset
from .ruleset import CATEGORIES, PLAYERS, Bonus
from .suit import point_length
from .scoring import bonus_step, cards_scores

RS = default_ruleset()
TRICKS = RS.play.tricks
ACC = RS.accretion


def cards_and_capot(won: int) -> tuple[int, int]:
    """(the cards, capot) scored by a player who won `won` tricks of a complete deal.

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
