"""Showing what was called (law 55, L 000 §Calling): on the adversary's request, or unasked.

Whatever a player called and had allowed good or equal he shows when his adversary asks, the younger
only once the elder has led. What a player may be asked to show, or show, in a category: a call of
something not held that stands allowed good (his claim, laws 52-54) or a call the comparison
finds good or equal; each once. The effect on a claim is decided by the machine (`machine._show_call`):
shown unasked before its caller plays a card it is his correction, free of penalty; otherwise the
showing finds it out.
"""

from __future__ import annotations

from piquet_ref.hand.declarations import DECL_CATEGORIES, CategoryComparison, DeclCategory
from piquet_ref.machine.dialogue import Claim
from piquet_ref.rules.codes import error
from piquet_ref.rules.ruleset import Player
from piquet_ref.rules.errors import shown

Showing = tuple[Player, DeclCategory]  # who showed what


def showable(verdicts: tuple[CategoryComparison, ...], claims: tuple[Claim, ...], shown: tuple[Showing, ...], player: Player) -> tuple[DeclCategory, ...]:
    """The categories called so far in which `player` had his call allowed good or equal and has not shown
    it yet: where a claim of something not held stands allowed good, that claim, its caller's (his adversary
    had nothing allowed there); elsewhere a call of his the comparison finds good or equal.

    laws: 55
    post: len(set(__return__)) == len(__return__) and all(c in {v.category for v in verdicts} for c in __return__)
    post: all((player, c) not in shown for c in __return__)
    post: not any(k.category == c and k.player != player and not k.found for k in claims for c in __return__)
    post: showable_only_where_allowed_good_or_equal(verdicts, claims, player, __return__)
    post: every_good_or_equal_call_unshown_is_showable(verdicts, claims, shown, player, __return__)
    """
    standing = {c.category: c.player for c in claims if not c.found}
    return tuple(
        v.category for v in verdicts
        if (player, v.category) not in shown and (standing[v.category] == player if v.category in standing else v.status(player) in ("good", "equal"))
    )


def showable_only_where_allowed_good_or_equal(
    verdicts: tuple[CategoryComparison, ...], claims: tuple[Claim, ...], player: Player,
    result: tuple[DeclCategory, ...],
) -> bool:
    """A category is showable only where the player's call is good or equal, or a claim of something not held
    stands allowed good (law 55)."""
    return all(
        v.status(player) in ("good", "equal") or any(k.category == v.category and not k.found for k in claims)
        for v in verdicts if v.category in result
    )


def every_good_or_equal_call_unshown_is_showable(
    verdicts: tuple[CategoryComparison, ...], claims: tuple[Claim, ...], shown: tuple[Showing, ...], player: Player,
    result: tuple[DeclCategory, ...],
) -> bool:
    """Every call of the player found good or equal that he has not shown, where no claim of something not held
    stands, is showable (law 55)."""
    return all(
        v.category in result for v in verdicts
        if (player, v.category) not in shown and v.status(player) in ("good", "equal")
        and not any(k.category == v.category and not k.found for k in claims)
    )


def may_ask(shower: Player, elder_has_led: bool) -> bool:
    """Whether the adversary may ask `shower` to show now: the elder at any time, the younger once the elder has led."""
    return shower == "elder" or elder_has_led


def check_show(category: object, shower: Player, asked: bool, open_: tuple[DeclCategory, ...], elder_has_led: bool) -> None:
    """A showing asked for (`asked`) or made unasked, of `category` by `shower`, is one law 55 provides for."""
    verb = f"the {'elder' if shower == 'younger' else 'younger'} asks the {shower} to show" if asked else f"the {shower} shows"
    if category not in open_:
        what = f"{shown(category)}" if category in DECL_CATEGORIES else f"{shown(category)}, which is no category"
        raise error(
            "show-nothing-allowed",
            f"{verb} his call of {what}, but he has no call there allowed good or equal still to show "
            f"(open: {', '.join(open_) or 'none'}): only such a call is shown (law 55)")
    if asked and not may_ask(shower, elder_has_led):
        raise error("show-too-early", f"{verb} his {category}, but the elder has not led: the younger shows only after the elder's lead (law 55)")
