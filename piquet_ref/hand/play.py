"""The play: which cards may be played, and who wins a trick."""

from __future__ import annotations

from typing import Literal, Sequence

from piquet_ref.hand.cards import PACK_SIZE, SUIT_MASK, Card, Hand, bit_of, check_card, check_hand, format_card, pack_of_hand, suit_of
from piquet_ref.hand.cards import hand_of_pack as hand_of_pack  # read by the contracts of follows_the_rules
from piquet_ref.rules.loader import ruleset_of
from piquet_ref.rules.codes import error
from piquet_ref.rules.ruleset import Player, Ruleset, check_player, other


def follower_wins(lead: Card, follow: Card) -> bool:
    """No trumps: the follower wins only with a higher card of the suit led.

    rules: play.trick-winner, pack.rank-order
    pre: 0 <= lead < PACK_SIZE and 0 <= follow < PACK_SIZE and lead != follow
    post: __return__ == (suit_of(follow) == suit_of(lead) and bit_of(follow) > bit_of(lead))
    """
    return beats(check_card(lead, "lead"), check_card(follow, "follow"))


def beats(lead: Card, follow: Card) -> bool:
    """`follower_wins` for card numbers the scorer has checked.

    rules: play.trick-winner, pack.rank-order
    pre: 0 <= lead < PACK_SIZE and 0 <= follow < PACK_SIZE and lead != follow
    post: __return__ == (suit_of(follow) == suit_of(lead) and bit_of(follow) > bit_of(lead))
    """
    return lead >> 3 == follow >> 3 and follow > lead


def trick_is_legal(leader_hand: Sequence[int], follower_hand: Sequence[int], lead: Card, follow: Card) -> bool:
    """The leader holds `lead`, the follower holds `follow` and follows suit if he can (masks per suit, unchecked).

    rules: play.follow-suit
    pre: len(leader_hand) == len(follower_hand) == len(Hand._fields)
    pre: all(0 <= m <= SUIT_MASK for m in leader_hand) and all(0 <= m <= SUIT_MASK for m in follower_hand)
    pre: 0 <= lead < PACK_SIZE and 0 <= follow < PACK_SIZE
    post: not __return__ or bool(leader_hand[suit_of(lead)] >> bit_of(lead) & 1)
    post: not __return__ or bool(follower_hand[suit_of(follow)] >> bit_of(follow) & 1)
    post: not __return__ or suit_of(follow) == suit_of(lead) or follower_hand[suit_of(lead)] == 0
    post: legal_trick_accepted(leader_hand, follower_hand, lead, follow, __return__)
    """
    return follows_the_rules(pack_of_hand(Hand(*leader_hand)), pack_of_hand(Hand(*follower_hand)), lead, follow)


def follows_the_rules(leader: int, follower: int, lead: Card, follow: Card) -> bool:
    """The leader holds `lead`, the follower holds `follow` and follows suit if he can, for hands packed as one int
    each (`cards.pack_of`), as the scorer plays the tricks; `trick_is_legal` asks it of hands given as suit masks.

    rules: play.follow-suit
    pre: 0 <= leader < 1 << PACK_SIZE and 0 <= follower < 1 << PACK_SIZE
    pre: 0 <= lead < PACK_SIZE and 0 <= follow < PACK_SIZE
    post: not __return__ or bool(hand_of_pack(leader)[suit_of(lead)] >> bit_of(lead) & 1)
    post: not __return__ or bool(hand_of_pack(follower)[suit_of(follow)] >> bit_of(follow) & 1)
    post: not __return__ or suit_of(follow) == suit_of(lead) or hand_of_pack(follower)[suit_of(lead)] == 0
    post: legal_trick_accepted(hand_of_pack(leader), hand_of_pack(follower), lead, follow, __return__)
    """
    lead_bit, follow_bit, other_suit = TRICK_CHECKS[lead * PACK_SIZE + follow]
    return bool(leader & lead_bit and follower & follow_bit and not follower & other_suit)


TRICK_CHECKS: tuple[tuple[int, int, int], ...] = tuple(
    (1 << lead, 1 << follow, 0 if lead >> 3 == follow >> 3 else SUIT_MASK << (lead & 24))
    for lead in range(PACK_SIZE) for follow in range(PACK_SIZE)
)
"""What makes a trick legal on hands packed as one int each (rule play.follow-suit), for each (card led, card played
to it), indexed `lead * PACK_SIZE + follow`: the bit of the card led, which the leader must hold; the bit of the card
played, which the follower must hold; and where it is of another suit than the card led, that suit's cards, of which
the follower must hold none (else 0). `follows_the_rules` reads it, and the scorer's table of tricks carries it."""


def legal_trick_accepted(
    leader_hand: Sequence[int], follower_hand: Sequence[int], lead: Card, follow: Card, result: bool,
) -> bool:
    """A trick is legal whenever the leader holds the card led and the follower the card played, of the suit led if
    he holds one (rule play.follow-suit)."""
    return result or not (
        leader_hand[suit_of(lead)] >> bit_of(lead) & 1 and follower_hand[suit_of(follow)] >> bit_of(follow) & 1
        and (suit_of(follow) == suit_of(lead) or follower_hand[suit_of(lead)] == 0)
    )


def legal_follows(hand: Hand, lead: Card) -> Hand:
    """The cards the second player may play to `lead`: his cards of that suit, or any card if he has none.

    rules: play.follow-suit
    pre: all(0 <= m <= SUIT_MASK for m in hand) and 0 <= lead < PACK_SIZE
    post: only_the_suit_led_if_held(hand, lead, __return__)
    post: hand[suit_of(lead)] != 0 or __return__ == hand
    """
    return follows_in(check_hand(hand), check_card(lead, "lead") >> 3)


def follows_in(hand: Hand, suit: int) -> Hand:
    """`legal_follows` to a card of `suit`, `hand` taken as valid (the machine plays from hands it has checked).

    rules: play.follow-suit
    pre: all(0 <= m <= SUIT_MASK for m in hand) and 0 <= suit < 4
    post: __return__ == (Hand(*(m if s == suit else 0 for s, m in enumerate(hand))) if hand[suit] else hand)
    """
    if hand[suit]:
        masks = [0, 0, 0, 0]
        masks[suit] = hand[suit]
        return Hand(*masks)
    return hand


def only_the_suit_led_if_held(hand: Hand, lead: Card, result: Hand) -> bool:
    """A player who holds the suit led may play his cards of that suit and no other (rule play.follow-suit)."""
    return hand[suit_of(lead)] == 0 or result == tuple(
        hand[s] if s == suit_of(lead) else 0 for s in range(len(Hand._fields))
    )


TrickFault = Literal["out-of-turn", "lead-not-held", "follow-not-held", "revoke"]


def trick_fault(leader_hand: Sequence[int], follower_hand: Sequence[int], lead: Card, follow: Card) -> TrickFault | None:
    """What makes a trick illegal (masks per suit, unchecked), None if nothing does: the decision `check_trick`
    reports as an error.

    The leader leads a card he holds (a card of the follower's led is a lead out of turn); the follower plays
    a card he holds, of the suit led if he holds one (another is a revoke).

    rules: play.follow-suit
    pre: len(leader_hand) == len(follower_hand) == len(Hand._fields)
    pre: all(0 <= m <= SUIT_MASK for m in leader_hand) and all(0 <= m <= SUIT_MASK for m in follower_hand)
    pre: all(a & b == 0 for a, b in zip(leader_hand, follower_hand))
    pre: 0 <= lead < PACK_SIZE and 0 <= follow < PACK_SIZE and lead != follow
    post: no_fault_exactly_when_legal(leader_hand, follower_hand, lead, follow, __return__)
    post: (__return__ in ("out-of-turn", "lead-not-held")) == (not leader_hand[suit_of(lead)] >> bit_of(lead) & 1)
    post: out_of_turn_when_the_follower_holds_the_lead(follower_hand, lead, __return__)
    post: __return__ != "follow-not-held" or not follower_hand[suit_of(follow)] >> bit_of(follow) & 1
    post: revoke_only_holding_the_suit_led(follower_hand, lead, follow, __return__)
    """
    if not leader_hand[lead >> 3] >> (lead & 7) & 1:
        return "out-of-turn" if follower_hand[lead >> 3] >> (lead & 7) & 1 else "lead-not-held"
    if not follower_hand[follow >> 3] >> (follow & 7) & 1:
        return "follow-not-held"
    if follow >> 3 != lead >> 3 and follower_hand[lead >> 3]:
        return "revoke"
    return None


def no_fault_exactly_when_legal(
    leader_hand: Sequence[int], follower_hand: Sequence[int], lead: Card, follow: Card, result: TrickFault | None,
) -> bool:
    """A trick has no fault exactly when the leader holds the card led and the follower the card played, of the
    suit led if he holds one (rule play.follow-suit)."""
    return (result is None) == bool(
        leader_hand[suit_of(lead)] >> bit_of(lead) & 1 and follower_hand[suit_of(follow)] >> bit_of(follow) & 1
        and (suit_of(follow) == suit_of(lead) or follower_hand[suit_of(lead)] == 0)
    )


def out_of_turn_when_the_follower_holds_the_lead(
    follower_hand: Sequence[int], lead: Card, result: TrickFault | None,
) -> bool:
    """A card led that the leader does not hold is a lead out of turn exactly when it is the follower's (rule
    play.follow-suit)."""
    return result not in ("out-of-turn", "lead-not-held") or (
        (result == "out-of-turn") == bool(follower_hand[suit_of(lead)] >> bit_of(lead) & 1)
    )


def revoke_only_holding_the_suit_led(
    follower_hand: Sequence[int], lead: Card, follow: Card, result: TrickFault | None,
) -> bool:
    """A revoke is a card held of another suit than the one led, by a follower who holds the suit led (rule
    play.follow-suit)."""
    return result != "revoke" or (
        suit_of(follow) != suit_of(lead) and follower_hand[suit_of(lead)] != 0
        and bool(follower_hand[suit_of(follow)] >> bit_of(follow) & 1)
    )


def check_trick(
    leader_hand: Hand, follower_hand: Hand, leader: Player, lead: Card, follow: Card, number: int,
    ruleset: Ruleset | str | None = None,
) -> None:
    """Raise unless the leader holds `lead`, the follower holds `follow`, and the follower follows suit if he can
    (the rule's contracts: `trick_fault`)."""
    leader_hand, follower_hand = check_hand(leader_hand, "leader_hand"), check_hand(follower_hand, "follower_hand")
    lead, follow = check_card(lead, "lead"), check_card(follow, "follow")
    ruleset = ruleset_of(ruleset)
    follower = other(check_player(leader, "leader"))
    where = f"tricks[{number}]"
    fault = trick_fault(leader_hand, follower_hand, lead, follow)
    if fault == "out-of-turn":
        raise error(
            "play-out-of-turn",
            f"{where}: {format_card(lead, ruleset)} is the {follower}'s card, but the {leader} is on lead",
        )
    if fault == "lead-not-held":
        raise error("play-not-held", f"{where}: the {leader} leads {format_card(lead, ruleset)}, which he does not hold")
    if fault == "follow-not-held":
        raise error("play-not-held", f"{where}: the {follower} plays {format_card(follow, ruleset)}, which he does not hold")
    if fault == "revoke":
        raise error(
            "play-revoke",
            f"{where}: the {follower} plays {format_card(follow, ruleset)} to {format_card(lead, ruleset)} "
            f"while holding {ruleset.pack.suits[lead >> 3].name}",
        )
