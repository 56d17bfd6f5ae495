"""The calling dialogue (laws 46-51, L 000 §Calling): the elder calls by description, the machine replies.

In each category the elder may open with a call that describes a holding instead of showing it (the
compact `Call`): a point by its number of cards (law 46), a sequence by its length and head, a quatorze or
trio by its number and rank (law 48; the head or rank may go unnamed only when the call is good against
the cards). The younger then answers: `Reply` has the machine compare the call with the best he holds and
say good, equal or not good; `Allow` lets the call be good though he holds as good or better (law 51);
at the point `AskValue`, open to him only when he holds as many cards or more, has the elder say what his
point makes and bars the younger from any longer point (law 46). After an equal number of cards, or
the asking, the elder's `CallValue` is answered in the same way (Case I: the value completes the first
call, it is no new one); a younger who asked holding more cards than called answers it with his points
of as many cards, and, when none of them beats the value, with his longer point, which is compared as
usual, so the elder's is not good, but is barred from scoring (`barred_point`; Case I, rule declare.barred).

When the dialogue of a category ends, it is written as the two compact calls it amounts to, so the
deal record stays the declared holdings: the holding the elder described (the best one answering the
description); the younger's best holding when he is not barred and the reply is not good or equal. An
elder whose call is good reckons with it only holdings equal to it or lower, out of each run or rank he holds
its best part no better than the call (000 §Calling: a tierce minor out of a quart minor), and every holding
he has when his first call was good against the cards (law 49).

The elder may also call, naming its head or rank, something he does not hold (an irregularity: laws
52-54). It is answered as called. Not allowed good it counts for nothing. Allowed good it stands as a
`Claim`, which he may correct until the younger plays to the first trick; his call is then his best holding
of the category, replied to on the younger's hand. Uncorrected, he reckons nothing that deal, unless the
claim is one his hand and discard together could not hold. Such a claim counts for nothing, or, as a
misnomer (law 53), stands for the holding of as many cards that it misnames. The younger then reckons
what he has good against it (Case II). To a trio named by its rank the younger may answer `AskWhich`
("which one do you not reckon?"), which admits it good (Case VII); the elder's `NameOut` names the card
left out and so defines the trio he claims (Case VIII).

The elder's calls may name every card of a sequence or set in a category he called nothing in: he has declared
it by implication (`implied`; Case IV), which the machine compares as usual (`machine.implications`).

The younger's replies are computed, so he can call what he does not hold only where he states his holding:
in a call answering the elder's call stated by its cards (the compact `Call`, `younger_false_calls`). Allowed
good (`claim_allowed`) it stands as his `Claim` (`younger_claim`), counting for what `younger_standing` gives,
until he corrects it, which he may until he plays to the first trick (laws 52-54).
"""

from __future__ import annotations

from functools import lru_cache

from itertools import combinations
from typing import Literal, NamedTuple

from piquet_ref.hand.cards import CARD_TYPES, PACK_SIZE, SUIT_CARDS, Card, Hand, card_of, format_card, hand_of_pack, pack_of, pack_of_hand
from piquet_ref.hand.notation import cards_repr
from piquet_ref.hand.declarations import DECL_INDEX, DeclCategory, Declaration, DeclareChoice, compare_declarations, declare_all, declared, table_comparison
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.codes import error
from piquet_ref.machine.actions import (
    Allow, AskValue, AskWhich, Call, CallPoint, CallSequence, CallSet, CallValue, Correct, NameOut, Opening, Reply, Utterance, suit_parts,
)
from piquet_ref.rules.ruleset import Player, Ruleset
from piquet_ref.hand.suit import point_key, sequence_key, set_key, tables
from piquet_ref.rules.errors import shown

Verdict = Literal["good", "equal", "not_good"]
Holding = tuple[Card, ...]
FULL_PACK = (1 << PACK_SIZE) - 1
NO_CARDS = hand_of_pack(0)
OPENING: dict[DeclCategory, type] = {"point": CallPoint, "sequences": CallSequence, "sets": CallSet}
NAMES = {"point": "a point", "sequences": "a sequence", "sets": "a quatorze or trio"}


def singles(hand: Hand, category: DeclCategory, rs: Ruleset) -> tuple[Holding, ...]:
    """Every single holding `hand` can call in `category`: any cards of one suit for a point, any run of
    at least the minimum length, any set of a counting size of a rank that scores.

    rules: point.compare, sequence.definition, sets.eligible-ranks
    laws: 46, 48
    post: all(all(hand[c >> 3] >> (c & 7) & 1 for c in h) for h in __return__)
    post: len(set(__return__)) == len(__return__)
    post: category != "point" or len(__return__) == sum(2 ** m.bit_count() - 1 for m in hand)
    post: category != "point" or all(len({c >> 3 for c in h}) == 1 for h in __return__)
    post: each_sequence_is_a_run_of_one_suit(category, rs, __return__)
    post: each_set_is_of_one_counting_rank(category, rs, __return__)
    """
    if category == "point":
        return tuple(SUIT_CARDS[s][m] for s in range(4) for m in suit_parts(hand[s]))
    if category == "sequences":
        within = tables(rs).runs_within
        return tuple(SUIT_CARDS[s][m] for s in range(4) for m in within[hand[s]])
    return tuple(
        tuple(card_of(s, rank) for s in chosen)
        for rank in rs.sets.ranks for n in sorted(rs.sets.values) for chosen in combinations([s for s in range(4) if hand[s] >> rank & 1], n)
    )


def each_sequence_is_a_run_of_one_suit(category: DeclCategory, rs: Ruleset, result: tuple[Holding, ...]) -> bool:
    """Each sequence is a run of consecutive cards of one suit, at least as long as the ruleset's shortest
    (rule sequence.definition)."""
    return category != "sequences" or all(
        len({c >> 3 for c in h}) == 1
        and len(h) >= rs.sequences.min_length
        and max(c & 7 for c in h) - min(c & 7 for c in h) == len(h) - 1
        for h in result
    )


def each_set_is_of_one_counting_rank(category: DeclCategory, rs: Ruleset, result: tuple[Holding, ...]) -> bool:
    """Each quatorze or trio is of cards of one rank the ruleset scores, as many as it counts
    (rule sets.eligible-ranks)."""
    return category != "sets" or all(
        len({c & 7 for c in h}) == 1 and len(h) in rs.sets.values and h[0] & 7 in rs.sets.ranks for h in result
    )


def choice(category: DeclCategory, holdings: tuple[Holding, ...]) -> DeclareChoice:
    """The declaration choice of holdings in one category (the others sunk).

    laws: 46, 48
    post: all(getattr(__return__, c) == "none" for c in ("point", "sequences", "sets") if c != category)
    post: category != "point" or __return__.point == (holdings[0] if holdings else "none")
    post: category == "point" or getattr(__return__, category) == (holdings or "none")
    """
    if category == "point":
        return DeclareChoice(holdings[0] if holdings else "none", "none", "none")
    return DeclareChoice("none", holdings or "none", "none") if category == "sequences" else DeclareChoice("none", "none", holdings or "none")


def key(hand: Hand, category: DeclCategory, holding: Holding, player: Player, rs: Ruleset) -> int:
    """The comparison key of one holding (length and pips, length and head, number and rank).

    A point is compared by its number of cards, then what it makes; a sequence by its length, then its head;
    a quatorze or trio by its number, then its rank (law 46, L 000 §Calling).

    rules: point.compare, sequence.compare, sets.compare
    laws: 46
    post: keys_rank_as_the_laws_compare(hand, category, holding, player, rs, __return__)
    post: keys_tie_as_the_laws_compare(hand, category, holding, player, rs, __return__)
    """
    return _holding_key(category, holding, rs)


@lru_cache(maxsize=1 << 14)
def _holding_key(category: DeclCategory, holding: Holding, rs: Ruleset) -> int:
    """`key` of a holding the caller holds: it depends on the holding alone, and on the ruleset's pips (the dialogue
    asks for the keys of the same holdings at every step of the calls, so each is kept)."""
    if not holding:
        return 0
    if category == "point":
        return point_key(len(holding), sum(rs.pack.ranks[c & 7].pips for c in holding))
    if category == "sequences":
        return sequence_key(len(holding), max(c & 7 for c in holding))
    return set_key(len(holding), holding[0] & 7)


# The dialogue asks for the same hand's holdings many times a step (every opening the elder may make, every
# amendment, every reply): they are plain values of plain arguments, so each listing is kept. The contracts above
# state `singles` itself; the cached form is what the dialogue's code calls.
_singles = lru_cache(maxsize=1 << 12)(singles)


def keys_rank_as_the_laws_compare(
    hand: Hand, category: DeclCategory, holding: Holding, player: Player, rs: Ruleset, result: int
) -> bool:
    """A holding of the hand has a lower key than `holding` exactly when the laws rank it lower: a point by its
    cards, then what it makes; a sequence by its length, then its head; a set by its number, then its rank
    (law 46)."""
    return all(
        (key(hand, category, h, player, rs) < result) == (_order(category, h, rs) < _order(category, holding, rs))
        for h in singles(hand, category, rs)
    )


def keys_tie_as_the_laws_compare(
    hand: Hand, category: DeclCategory, holding: Holding, player: Player, rs: Ruleset, result: int
) -> bool:
    """A holding of the hand has the same key as `holding` exactly when the laws rank the two equal (law 46)."""
    return all(
        (key(hand, category, h, player, rs) == result) == (_order(category, h, rs) == _order(category, holding, rs))
        for h in singles(hand, category, rs)
    )


def _order(category: DeclCategory, holding: Holding, rs: Ruleset) -> tuple[int, int]:
    """What the laws compare holdings by, for the contracts: a point's number of cards, then what it makes; a
    sequence's length, then its head; a quatorze's or trio's number, then its rank (law 46, L 000 §Calling)."""
    return len(holding), sum(rs.pack.ranks[c & 7].pips for c in holding) if category == "point" else max(c & 7 for c in holding)


def good_against(hand: Hand, discard: tuple[Card, ...], category: DeclCategory, holding: Holding, rs: Ruleset) -> bool:
    """Whether `holding` beats anything the adversary could hold, judged from what its caller sees: his
    hand and his discard (law 48); every best holding fits in twelve cards, so it is compared with the best
    holding of all the cards unseen.

    Good against the cards: no holding the adversary could have, of the cards neither in the caller's hand nor
    in his discard, is as good (law 48): the holding's key (`key`) is above the best key of the cards unseen, read
    from the tables of a hand (`table_comparison`); who calls it makes no difference.

    laws: 48
    post: beats_every_holding_unseen(hand, discard, category, holding, rs, __return__)
    """
    unseen = hand_of_pack(FULL_PACK & ~(pack_of_hand(hand) | pack_of(discard)))
    return _holding_key(category, holding, rs) > table_comparison(unseen, NO_CARDS, rs).keys[2 * DECL_INDEX[category]]


def beats_every_holding_unseen(
    hand: Hand, discard: tuple[Card, ...], category: DeclCategory, holding: Holding, rs: Ruleset, result: bool
) -> bool:
    """Good against the cards exactly when every holding of the cards neither in the caller's hand nor in his discard
    is ranked lower (law 48)."""
    return result == all(
        _order(category, h, rs) < _order(category, holding, rs)
        for h in singles(hand_of_pack(FULL_PACK & ~(pack_of_hand(hand) | pack_of(discard))), category, rs)
    )


def described(hand: Hand, call: Opening, rs: Ruleset) -> tuple[Holding, ...]:
    """The holdings answering the elder's opening call, best first (empty when he holds none).

    laws: 46, 48
    post: described_are_holdings_held_once(hand, call, rs, __return__)
    post: described_have_the_number_called(call, __return__)
    post: described_have_the_head_or_rank_called(call, __return__)
    post: every_holding_answering_the_call_is_described(hand, call, rs, __return__)
    post: described_best_first(hand, call, rs, __return__)
    """
    held = _singles(hand, "point" if isinstance(call, CallPoint) else "sequences" if isinstance(call, CallSequence) else "sets", rs)
    if isinstance(call, CallPoint):
        fits = [h for h in held if len(h) == call.cards]
    elif isinstance(call, CallSequence):
        fits = [h for h in held if len(h) == call.length and (call.head is None or h[0] & 7 == call.head)]
    else:
        fits = [h for h in held if len(h) == call.count and (call.rank is None or h[0] & 7 == call.rank)]
    cat = category_of(call)
    return tuple(sorted(fits, key=lambda h: -_holding_key(cat, h, rs)))  # `key`, kept


def described_are_holdings_held_once(hand: Hand, call: Opening, rs: Ruleset, result: tuple[Holding, ...]) -> bool:
    """Each holding described is one the hand holds in the call's category, none twice (laws 46, 48)."""
    return all(h in singles(hand, category_of(call), rs) for h in result) and len(set(result)) == len(result)


def described_have_the_number_called(call: Opening, result: tuple[Holding, ...]) -> bool:
    """Each holding described has the number of cards the call names (laws 46, 48)."""
    return all(
        len(h) == (
            call.cards if isinstance(call, CallPoint) else call.length if isinstance(call, CallSequence) else call.count
        )
        for h in result
    )


def described_have_the_head_or_rank_called(call: Opening, result: tuple[Holding, ...]) -> bool:
    """Each sequence or set described has the head or rank the call names, when it names one (law 48)."""
    return (
        isinstance(call, CallPoint)
        or (call.head if isinstance(call, CallSequence) else call.rank) is None
        or all(max(c & 7 for c in h) == (call.head if isinstance(call, CallSequence) else call.rank) for h in result)
    )


def every_holding_answering_the_call_is_described(
    hand: Hand, call: Opening, rs: Ruleset, result: tuple[Holding, ...]
) -> bool:
    """Every holding of the hand of the number of cards called, and of the head or rank called if any, is described
    (laws 46, 48)."""
    return all(
        h in result
        for h in singles(hand, category_of(call), rs)
        if len(h) == (
            call.cards if isinstance(call, CallPoint) else call.length if isinstance(call, CallSequence) else call.count
        )
        and (
            isinstance(call, CallPoint)
            or (call.head if isinstance(call, CallSequence) else call.rank) in (None, max(c & 7 for c in h))
        )
    )


def described_best_first(hand: Hand, call: Opening, rs: Ruleset, result: tuple[Holding, ...]) -> bool:
    """The holdings described come best first, by the caller's keys (law 46)."""
    return all(
        key(hand, category_of(call), a, call.player, rs) >= key(hand, category_of(call), b, call.player, rs)
        for a, b in zip(result, result[1:])
    )


def category_of(call: Opening) -> DeclCategory:
    """The category an opening call is made in.

    laws: 46, 48
    post: isinstance(call, OPENING[__return__])
    """
    return "point" if isinstance(call, CallPoint) else "sequences" if isinstance(call, CallSequence) else "sets"


def openings(hand: Hand, discard: tuple[Card, ...], category: DeclCategory, rs: Ruleset) -> tuple[Opening, ...]:
    """Every opening call the elder may make in `category` (law 46 and 48).

    rules: declare.sinking
    laws: 46, 48
    post: len(set(__return__)) == len(__return__) and all(c.player == "elder" for c in __return__)
    post: all(described(hand, c, rs) for c in __return__)
    post: all(any(h in described(hand, c, rs) for c in __return__) for h in singles(hand, category, rs))
    post: all(isinstance(c, CallPoint) == (category == "point") for c in __return__)
    post: unnamed_openings_are_good_against_the_cards(hand, discard, category, rs, __return__)
    """
    held = _singles(hand, category, rs)
    if category == "point":
        return tuple(CallPoint("elder", n) for n in sorted({len(h) for h in held}))
    described_ = sorted({(len(h), h[0] & 7) for h in held})
    named: list[Opening] = [CallSequence("elder", n, r) if category == "sequences" else CallSet("elder", n, r) for n, r in described_]
    unnamed: list[Opening] = [CallSequence("elder", n, None) if category == "sequences" else CallSet("elder", n, None) for n in sorted({n for n, _ in described_})]
    return tuple(named) + tuple(c for c in unnamed if good_against(hand, discard, category, described(hand, c, rs)[0], rs))


# The elder's openings are listed at each of his steps of the calls and again for each amendment of his call, the same
# each time (they depend on his hand and discard alone): each listing is kept.
kept_openings = lru_cache(maxsize=1 << 10)(openings)


def unnamed_openings_are_good_against_the_cards(
    hand: Hand, discard: tuple[Card, ...], category: DeclCategory, rs: Ruleset, result: tuple[Opening, ...]
) -> bool:
    """An opening leaves the head or rank unnamed only when the holding it describes is good against the cards
    (law 48)."""
    return all(
        isinstance(c, CallPoint)
        or (c.head if isinstance(c, CallSequence) else c.rank) is not None
        or good_against(hand, discard, category, described(hand, c, rs)[0], rs)
        for c in result
    )


def values(hand: Hand, n: int, rs: Ruleset) -> tuple[int, ...]:
    """What the points of `n` cards of `hand` make, lowest first.

    A point of n cards makes the pips of its cards, counted as the ruleset gives each rank (law 46's "what do
    they make").

    rules: point.compare
    laws: 46
    post: values_are_what_the_points_make(hand, n, rs, __return__)
    """
    return tuple(sorted({key(hand, "point", h, "elder", rs) & POINT_LOW for h in _singles(hand, "point", rs) if len(h) == n}))


def values_are_what_the_points_make(hand: Hand, n: int, rs: Ruleset, result: tuple[int, ...]) -> bool:
    """What the points of `n` cards make, lowest first: the pips of their cards as the ruleset counts each rank
    (law 46)."""
    return list(result) == sorted(
        {sum(rs.pack.ranks[c & 7].pips for c in h) for h in singles(hand, "point", rs) if len(h) == n}
    )


POINT_LOW = 0xFF  # the pips part of a point's key (declarations.POINT_SHIFT is 8)


def best(hand: Hand, category: DeclCategory, player: Player, rs: Ruleset, cards: int | None = None) -> Holding | None:
    """The player's best holding in `category` (of `cards` cards for a point when given).

    rules: point.compare, sequence.compare, sets.compare
    post: (__return__ is None) == (not any(cards is None or len(h) == cards for h in singles(hand, category, rs)))
    post: best_is_a_holding_of_the_cards_asked(hand, category, rs, cards, __return__)
    post: best_is_none_worse_than_any(hand, category, player, rs, cards, __return__)
    """
    held = [h for h in _singles(hand, category, rs) if cards is None or len(h) == cards]
    return max(held, key=lambda h: _holding_key(category, h, rs)) if held else None  # `key`, kept


def best_is_a_holding_of_the_cards_asked(
    hand: Hand, category: DeclCategory, rs: Ruleset, cards: int | None, result: Holding | None
) -> bool:
    """The best holding is one the hand holds in the category, of `cards` cards when given."""
    return result is None or (result in singles(hand, category, rs) and (cards is None or len(result) == cards))


def best_is_none_worse_than_any(
    hand: Hand, category: DeclCategory, player: Player, rs: Ruleset, cards: int | None, result: Holding | None
) -> bool:
    """No holding of the hand in the category (of `cards` cards when given) has a higher key than the best."""
    return result is None or all(
        key(hand, category, h, player, rs) <= key(hand, category, result, player, rs)
        for h in singles(hand, category, rs)
        if cards is None or len(h) == cards
    )


def next_speaker(talk: tuple[Utterance, ...]) -> Player:
    """Who speaks next in a category's dialogue under way: the elder states his point's value after an equal
    number of cards or the asking, the younger answers everything else.

    The two speak in turn: the younger answers the elder's call or value, the elder answers the younger's
    asking or his reply of equal (law 46, Case I) or his asking which card (Case VIII).

    laws: 46
    pre: 1 <= len(talk) <= 3
    post: __return__ != talk[-1].player
    """
    return "elder" if len(talk) == 2 else "younger"


def answers(hands: tuple[Hand, Hand], discard: tuple[Card, ...], talk: tuple[Utterance, ...], rs: Ruleset) -> tuple[Utterance, ...]:
    """What may be said next in a dialogue under way (`talk` not empty): the younger's answers and, before
    any answer, the elder's amendment of his call to a larger one (law 50).

    laws: 46, 50, 51
    pre: len(talk) in (1, 2, 3) and isinstance(talk[0], (CallPoint, CallSequence, CallSet))
    post: len(talk) == 2 or Reply("younger") in __return__
    post: asking_only_with_as_many_cards(hands, talk, __return__)
    post: Allow("younger") not in __return__ or reply(hands, talk, rs)[0] != "good"
    post: len(talk) == 1 or all(a.player == ("elder" if len(talk) == 2 else "younger") for a in __return__)
    """
    opening = talk[0]
    assert isinstance(opening, (CallPoint, CallSequence, CallSet))
    if len(talk) == 2:
        if isinstance(opening, CallSet):
            return tuple(NameOut("elder", c) for c in left_out(hands[0], opening, True))
        assert isinstance(opening, CallPoint)
        return tuple(CallValue("elder", v) for v in values(hands[0], opening.cards, rs))
    verdict = reply(hands, talk, rs)[0]
    out: list[Utterance] = [Reply("younger")]
    if len(talk) == 1 and isinstance(opening, CallPoint) and longest(hands[1]) >= opening.cards:
        out.append(AskValue("younger"))
    if len(talk) == 1 and isinstance(opening, CallSet) and opening.rank is not None and opening.count == len(rs.pack.suits) - 1:
        out.append(AskWhich("younger"))  # which one of four a trio leaves out (Cases VII, VIII)
    out += [Allow("younger")] if verdict != "good" else []
    return tuple(out) + (amendments(hands[0], discard, opening, rs) if len(talk) == 1 else ())


def asking_only_with_as_many_cards(
    hands: tuple[Hand, Hand], talk: tuple[Utterance, ...], result: tuple[Utterance, ...]
) -> bool:
    """The younger may ask what the point makes only in answer to the call of point, holding as many cards of a suit
    or more (law 46)."""
    return AskValue("younger") not in result or (
        isinstance(talk[0], CallPoint) and len(talk) == 1 and longest(hands[1]) >= talk[0].cards
    )


def left_out(hand: Hand, call: CallSet, held: bool) -> tuple[Card, ...]:
    """The cards of the rank of a trio called that the elder may name as not reckoned: those whose naming
    leaves a trio he holds (`held`), or, naming one of the rest, claims a card he has not got (Case VIII).

    laws: 55
    pre: call.rank is not None
    post: all(c & 7 == call.rank for c in __return__) and len(set(__return__)) == len(__return__)
    post: named_out_leave_a_trio_held(hand, call, held, __return__)
    post: named_out_claim_a_card_not_held(hand, call, held, __return__)
    post: len(left_out(hand, call, True)) + len(left_out(hand, call, False)) == 4
    """
    assert call.rank is not None
    cards = SETS_OF[call.rank]
    return tuple(c for c in cards if all(hand[d >> 3] >> (d & 7) & 1 for d in cards if d != c) == held)


def named_out_leave_a_trio_held(hand: Hand, call: CallSet, held: bool, result: tuple[Card, ...]) -> bool:
    """Held: naming any of the cards returned as not reckoned leaves the other three of the rank, all in the hand
    (law 55, Case VIII)."""
    return not held or all(
        all(hand[d >> 3] >> (d & 7) & 1 for d in range(call.rank, PACK_SIZE, 8) if d != c)  # type: ignore[arg-type]
        for c in result
    )


def named_out_claim_a_card_not_held(hand: Hand, call: CallSet, held: bool, result: tuple[Card, ...]) -> bool:
    """Not held: naming any of the cards returned as not reckoned leaves three of the rank the hand does not all hold
    (law 55, Case VIII)."""
    return held or all(
        not all(hand[d >> 3] >> (d & 7) & 1 for d in range(call.rank, PACK_SIZE, 8) if d != c)  # type: ignore[arg-type]
        for c in result
    )


def amendments(hand: Hand, discard: tuple[Card, ...], opening: Opening, rs: Ruleset) -> tuple[Opening, ...]:
    """The calls an elder may put in place of `opening` before it is answered: larger ones (law 50); in
    place of a call of something he does not hold, any call he holds (its correction, law 52).

    laws: 50, 52
    post: all(c in openings(hand, discard, category_of(opening), rs) for c in __return__)
    post: amendments_are_larger(hand, opening, rs, __return__)
    post: any_opening_replaces_a_call_not_held(hand, discard, opening, rs, __return__)
    """
    cat = category_of(opening)
    fits = described(hand, opening, rs)
    worth = _holding_key(cat, fits[0], rs) if fits else -1  # `key`, kept
    return tuple(c for c in kept_openings(hand, discard, cat, rs) if _holding_key(cat, described(hand, c, rs)[0], rs) > worth)


def amendments_are_larger(hand: Hand, opening: Opening, rs: Ruleset, result: tuple[Opening, ...]) -> bool:
    """When the elder holds what he called, each amendment describes a holding better than his call (law 50)."""
    return not described(hand, opening, rs) or all(
        key(hand, category_of(opening), described(hand, c, rs)[0], "elder", rs)
        > key(hand, category_of(opening), described(hand, opening, rs)[0], "elder", rs)
        for c in result
    )


def any_opening_replaces_a_call_not_held(
    hand: Hand, discard: tuple[Card, ...], opening: Opening, rs: Ruleset, result: tuple[Opening, ...]
) -> bool:
    """When he holds nothing his call describes, every opening of the category may replace it
    (its correction, law 52)."""
    return bool(described(hand, opening, rs)) or set(result) == set(openings(hand, discard, category_of(opening), rs))


def longest(hand: Hand) -> int:
    """The number of cards of the hand's longest suit: its longest point (law 46).

    laws: 46
    post: __return__ == max(sum(m >> r & 1 for r in range(BITS)) for m in hand)
    """
    return max(m.bit_count() for m in hand)


def reply(hands: tuple[Hand, Hand], talk: tuple[Utterance, ...], rs: Ruleset) -> tuple[Verdict, Holding | None, Holding | None]:
    """The younger's reply to the call under way: the verdict for the elder, the elder's holding called
    (None: he does not hold what he called, which is judged as called, laws 52-54), and the younger's
    holding it is judged against (None: he holds nothing that counts against it).

    rules: point.compare, sequence.compare, sets.compare
    laws: 46, 52
    pre: len(talk) != 2
    post: __return__[0] in ("good", "equal", "not_good")
    post: __return__[1] is None or all(hands[0][c >> 3] >> (c & 7) & 1 for c in __return__[1])
    post: __return__[2] is None or all(hands[1][c >> 3] >> (c & 7) & 1 for c in __return__[2])
    post: __return__[2] is not None or __return__[0] == "good"
    post: point_answered_by_the_number_of_cards(hands, talk, __return__)
    post: judged_against_the_youngers_best(hands, talk, rs, __return__)
    """
    opening = talk[0]
    assert isinstance(opening, (CallPoint, CallSequence, CallSet))
    cat = category_of(opening)
    mine = called(hands[0], talk, rs)
    if isinstance(opening, CallPoint):
        n = opening.cards
        if len(talk) == 3:  # the value called, judged against the younger's best point of as many cards
            theirs = best(hands[1], "point", "younger", rs, n)
        else:  # the number of cards only
            m = longest(hands[1])
            theirs = best(hands[1], "point", "younger", rs) if m >= n else None
            if theirs is not None and m == n:
                return "equal", mine, theirs
            return ("good" if m < n else "not_good"), mine, theirs
    else:
        theirs = best(hands[1], cat, "younger", rs)
    if theirs is None:
        return "good", mine, None
    ek, yk = claimed_key(talk) if mine is None else key(hands[0], cat, mine, "elder", rs), key(hands[1], cat, theirs, "younger", rs)
    return ("good" if ek > yk else "equal" if ek == yk else "not_good"), mine, theirs


def point_answered_by_the_number_of_cards(
    hands: tuple[Hand, Hand], talk: tuple[Utterance, ...], result: tuple[Verdict, Holding | None, Holding | None]
) -> bool:
    """A point called by its number of cards is good, equal or not good as the younger's longest suit is shorter, as
    long or longer (law 46)."""
    return not isinstance(talk[0], CallPoint) or len(talk) == 3 or result[0] == (
        "good" if longest(hands[1]) < talk[0].cards else "equal" if longest(hands[1]) == talk[0].cards else "not_good"
    )


def judged_against_the_youngers_best(
    hands: tuple[Hand, Hand],
    talk: tuple[Utterance, ...],
    rs: Ruleset,
    result: tuple[Verdict, Holding | None, Holding | None],
) -> bool:
    """A sequence or set is judged against the younger's best holding of its category (law 46)."""
    return (
        result[2] is None
        or isinstance(talk[0], CallPoint)
        or result[2] == best(hands[1], category_of(talk[0]), "younger", rs)  # type: ignore[arg-type]
    )


def called(hand: Hand, talk: Said, rs: Ruleset) -> Holding | None:
    """The elder's holding answering what he has said in the category (his best of the number of cards
    called before a value is said), or None when he holds none.

    laws: 46, 48, 52
    post: __return__ is None or all(hand[c >> 3] >> (c & 7) & 1 for c in __return__)
    post: point_called_has_the_cards_called(talk, __return__)
    post: sequence_called_has_the_length_and_head_called(talk, __return__)
    post: set_called_has_the_rank_called(talk, __return__)
    post: point_called_makes_the_value_said(talk, rs, __return__)
    """
    opening = talk[0]
    assert isinstance(opening, (CallPoint, CallSequence, CallSet))
    if isinstance(opening, CallSet) and isinstance(talk[-1], NameOut):  # the trio the answer defines (Case VIII)
        assert opening.rank is not None
        return None if talk[-1].card in left_out(hand, opening, False) else tuple(c for c in SETS_OF[opening.rank] if c != talk[-1].card)
    if not isinstance(opening, CallPoint):
        fits = described(hand, opening, rs)
        return fits[0] if fits else None
    value = talk[2] if len(talk) == 3 else None
    assert value is None or isinstance(value, CallValue)
    if value is None:
        return best(hand, "point", "elder", rs, opening.cards)
    return next((h for h in _singles(hand, "point", rs) if len(h) == opening.cards and key(hand, "point", h, "elder", rs) & POINT_LOW == value.value), None)


def point_called_has_the_cards_called(talk: Said, result: Holding | None) -> bool:
    """A point answering the call has the number of cards called, all of one suit (law 46)."""
    return (
        result is None
        or not isinstance(talk[0], CallPoint)
        or (len(result) == talk[0].cards and len({c >> 3 for c in result}) == 1)
    )


def sequence_called_has_the_length_and_head_called(talk: Said, result: Holding | None) -> bool:
    """A sequence answering the call has the length called, and the head called when named (law 48)."""
    return (
        result is None
        or not isinstance(talk[0], CallSequence)
        or (len(result) == talk[0].length and (talk[0].head is None or max(c & 7 for c in result) == talk[0].head))
    )


def set_called_has_the_rank_called(talk: Said, result: Holding | None) -> bool:
    """A quatorze or trio answering the call is of one rank, the rank called when named (law 48)."""
    return (
        result is None
        or not isinstance(talk[0], CallSet)
        or (len({c & 7 for c in result}) == 1 and (talk[0].rank is None or result[0] & 7 == talk[0].rank))
    )


def point_called_makes_the_value_said(talk: Said, rs: Ruleset, result: Holding | None) -> bool:
    """Once its value is said, the point answering the call makes that value (law 46)."""
    return (
        result is None
        or len(talk) < 3
        or not isinstance(talk[2], CallValue)
        or sum(rs.pack.ranks[c & 7].pips for c in result) == talk[2].value
    )


def claimed_key(talk: Said) -> int:
    """The comparison key of what the elder's call claims (a point's once its value is said).

    Claims compare as the laws compare holdings: a point by its number of cards, then what it makes; a
    sequence by its length, then its head; a quatorze or trio by its number, then its rank (law 46).

    laws: 46, 52
    pre: claim_is_fully_stated(talk)
    post: point_claims_rank_by_cards_then_value(talk, __return__)
    post: sequence_claims_rank_by_length_then_head(talk, __return__)
    post: set_claims_rank_by_number_then_rank(talk, __return__)
    """
    opening, last = talk[0], talk[-1]
    if isinstance(opening, CallPoint):
        assert isinstance(last, CallValue)
        return point_key(opening.cards, last.value)
    if isinstance(opening, CallSequence):
        assert opening.head is not None
        return sequence_key(opening.length, opening.head)
    assert isinstance(opening, CallSet) and opening.rank is not None
    return set_key(opening.count, opening.rank)


def claim_is_fully_stated(talk: Said) -> bool:
    """What the elder claims is stated in full: a point with its value said, a sequence with its head, a quatorze or
    trio with its rank (laws 46, 52)."""
    return (
        (isinstance(talk[0], CallPoint) and isinstance(talk[-1], CallValue))
        or (isinstance(talk[0], CallSequence) and talk[0].head is not None)
        or (isinstance(talk[0], CallSet) and talk[0].rank is not None)
    )


def point_claims_rank_by_cards_then_value(talk: Said, result: int) -> bool:
    """Claims of point rank by their number of cards, then the value said (law 46)."""
    return not isinstance(talk[0], CallPoint) or all(
        (claimed_key((CallPoint("elder", n), CallValue("elder", v))) < result)
        == ((n, v) < (talk[0].cards, talk[-1].value))  # type: ignore[union-attr]
        for n in range(1, BITS + 1)
        for v in range(0, 100, 9)
    )


def sequence_claims_rank_by_length_then_head(talk: Said, result: int) -> bool:
    """Claims of a sequence rank by their length, then the head (law 46)."""
    return not isinstance(talk[0], CallSequence) or all(
        (claimed_key((CallSequence("elder", n, h),)) < result) == ((n, h) < (talk[0].length, talk[0].head))
        for n in range(1, BITS + 1)
        for h in range(n - 1, BITS)
    )


def set_claims_rank_by_number_then_rank(talk: Said, result: int) -> bool:
    """Claims of a quatorze or trio rank by their number, then the rank (law 46)."""
    return not isinstance(talk[0], CallSet) or all(
        (claimed_key((CallSet("elder", n, r),)) < result) == ((n, r) < (talk[0].count, talk[0].rank))
        for n in range(1, 5)
        for r in range(BITS)
    )


Said = tuple[Utterance, ...]
Resolved = tuple[tuple[Holding, ...], tuple[Holding, ...]]


class Claim(NamedTuple):
    """A call of something its caller does not hold, allowed good and not yet corrected (laws 52-54): the
    category, what was said in it (the elder's dialogue; empty for the younger's), whether it is exempt from
    the penalty (a misnomer, law 53, or a claim his hand and discard together could not hold, law 54), whether
    a showing has found it out (law 55), which ends its correction, who made it, and the holding the younger
    stated in his call (empty for the elder's, which the talk describes)."""

    category: DeclCategory
    talk: Said
    exempt: bool
    found: bool = False
    player: Player = "elder"
    holding: Holding = ()

    def __repr__(self) -> str:
        """The constructor call with the cards in notation, so that it reads back."""
        return (f"Claim(category={self.category!r}, talk={self.talk!r}, exempt={self.exempt!r}, found={self.found!r}, "
                f"player={self.player!r}, holding={cards_repr(self.holding)})")


def say(
    hands: tuple[Hand, Hand], discards: tuple[tuple[Card, ...], ...], category: DeclCategory, talk: Said, action: Utterance, rs: Ruleset,
) -> tuple[Said, Resolved | None, Claim | None]:
    """The dialogue after `action`: what has been said in the category, once it is over the holdings each
    player is taken to declare (elder, younger), and the claim it leaves standing when the elder's call of
    something he does not hold was allowed good. A typed error with its law if the laws reject it.

    The elder opens each category and the two speak in turn (law 46), the elder amending his call before its
    answer aside (law 50); a category ends only on the younger's
    reply or allowing, or on the elder's naming the card his trio leaves out (Case VIII); allowed good, the
    call leaves the younger nothing to reckon in it (law 51) unless it claims what the elder does not hold,
    which stands as a claim, exempt exactly when his hand and discard could not hold it (laws 52-54).

    laws: 46, 51, 52, 53, 54
    raises: PiquetError
    post: talk or (action.player == "elder" and isinstance(action, OPENING[category]))
    post: not talk or action.player == next_speaker(talk) or (len(talk) == 1 and isinstance(action, OPENING[category]))
    post: __return__[0] in ((), (action,), talk + (action,)) and (__return__[1] is None or __return__[0] == ())
    post: __return__[1] is None or isinstance(action, (Reply, Allow, NameOut))
    post: claim_left_is_a_call_not_held(hands, discards, rs, __return__)
    post: allowed_call_leaves_the_younger_nothing(action, __return__)
    """
    player = action.player
    if not talk:
        if player != "elder" or not isinstance(action, OPENING[category]):
            who = "the younger answers; he does not call first" if player == "younger" else f"the elder is to call {NAMES[category]}"
            raise error("call-out-of-turn", f"the {player} says {type(action).__name__}, but {who}: the elder opens each category, his point first (law 46), then sequences and sets in either order (law 47)")
        assert isinstance(action, (CallPoint, CallSequence, CallSet))
        if action not in false_calls(hands[0], category, talk, rs):
            check_opening(hands[0], discards[0], category, action, rs)
        return (action,), None, None
    speaker, allowed = next_speaker(talk), answers(hands, discards[0], talk, rs)
    if len(talk) == 1 and player == "elder" and isinstance(action, OPENING[category]) and action not in allowed:
        assert isinstance(action, (CallPoint, CallSequence, CallSet))
        check_opening(hands[0], discards[0], category, action, rs)
        raise error("amend-not-larger", f"elder.{category}: the elder amends {describe(talk[0], rs)} to {describe(action, rs)}, which is no larger: a call may be corrected only to a larger one (law 50)")
    if action not in allowed and action not in false_calls(hands[0], category, talk, rs):
        raise refusal(hands, talk, action, speaker, rs)
    opening = talk[0]
    assert isinstance(opening, (CallPoint, CallSequence, CallSet))
    if isinstance(action, (CallPoint, CallSequence, CallSet)):  # the elder's amendment before the reply (law 50)
        return (action,), None, None
    if isinstance(action, (AskValue, CallValue, AskWhich)):
        return talk + (action,), None, None
    if isinstance(action, NameOut):  # the asking admitted the trio good (Case VII); the answer defines it (Case VIII)
        said = talk + (action,)
        named = called(hands[0], said, rs)
        if named is None:
            standing = Claim(category, said, impossible(hands[0], discards[0], said, rs))
            return (), discovered(hands, discards[0], standing, rs), standing
        return (), (reckoned(hands[0], discards[0], category, named, rs), ()), None
    verdict, mine, theirs = reply(hands, talk, rs)
    longer = barred_point(hands[1], talk, rs)
    if isinstance(action, Allow):
        verdict, theirs = "good", None
    elif mine is not None and verdict != "not_good" and longer is not None:  # Case I: his longer point bars, scoring nothing
        return (), ((mine,), (longer,)), None
    elif verdict == "equal" and len(talk) == 1 and isinstance(opening, CallPoint):
        return talk + (action,), None, None  # an equal number of cards: the elder says what his point makes
    if mine is None:  # a call of something not held: allowed good it stands as a claim (laws 52-54); else void
        claim = Claim(category, talk, impossible(hands[0], discards[0], talk, rs)) if verdict == "good" else None
        return (), discovered(hands, discards[0], claim, rs) if claim else judged(hands, discards[0], category, talk, None, rs), claim
    if verdict == "good":
        return (), (reckoned(hands[0], discards[0], category, mine, rs), ()), None
    if verdict == "equal" or category == "point":
        assert theirs is not None
        return (), ((mine,), (theirs,)), None
    assert theirs is not None
    return (), ((mine,), younger_holdings(hands[1], category, theirs, rs)), None


def claim_left_is_a_call_not_held(
    hands: tuple[Hand, Hand],
    discards: tuple[tuple[Card, ...], ...],
    rs: Ruleset,
    result: tuple[Said, Resolved | None, Claim | None],
) -> bool:
    """A claim is left standing only as the category ends, on a call of what the elder does not hold; it is exempt
    exactly when his hand and discard together could not hold it (laws 52-54)."""
    return result[2] is None or (
        result[1] is not None
        and called(hands[0], result[2].talk, rs) is None
        and result[2].exempt == impossible(hands[0], discards[0], result[2].talk, rs)
    )


def allowed_call_leaves_the_younger_nothing(
    action: Utterance, result: tuple[Said, Resolved | None, Claim | None]
) -> bool:
    """Allowed good, the call leaves the younger nothing to reckon in the category, or stands as a claim
    (laws 51, 52)."""
    return not isinstance(action, Allow) or result[2] is not None or (result[1] is not None and result[1][1] == ())


def barred_point(hand: Hand, talk: Said, rs: Ruleset) -> Holding | None:
    """The younger's best point when he asked the value of a point of fewer cards than it has (law 46): he
    may not count it, but it is compared as usual (Case I); None when he did not ask or has no longer point.

    rules: declare.barred
    laws: 46
    post: barred_only_after_asking_with_more_cards(talk, __return__)
    post: __return__ is None or __return__ == best(hand, "point", "younger", rs)
    """
    opening = talk[0]
    if not isinstance(opening, CallPoint) or AskValue("younger") not in talk or longest(hand) <= opening.cards:
        return None
    return best(hand, "point", "younger", rs)


def barred_only_after_asking_with_more_cards(talk: Said, result: Holding | None) -> bool:
    """A point is barred only from a younger who asked the value of a point of fewer cards than it has
    (law 46, Case I)."""
    return result is None or (
        isinstance(talk[0], CallPoint) and AskValue("younger") in talk and len(result) > talk[0].cards
    )


def implied(calls: tuple[Call, ...], category: DeclCategory, rs: Ruleset) -> tuple[Holding, ...]:
    """The holdings of `category` a player's calls declare by implication (Case IV): none where he called
    something in the category; else every holding the ruleset counts there whose cards his calls in the
    other categories all name (the holdings of those cards, whole: a quatorze, not its trios; a run, not its
    tierces). A point is never implied: the elder calls it first, and a point not called before his other
    calls is lost (law 46).

    rules: declare.barred
    laws: 46, 56
    post: category != "point" or __return__ == ()
    post: not __return__ or not any(c.category == category and c.holdings for c in calls)
    post: all(c in {x for k in calls for h in k.holdings for x in h} for h in __return__ for c in h)
    post: implied_holdings_are_of_the_cards_named(calls, category, rs, __return__)
    post: len({c for h in __return__ for c in h}) == sum(len(h) for h in __return__)
    post: every_holding_of_the_cards_named_is_implied(calls, category, rs, __return__)
    """
    if category == "point" or any(c.category == category and c.holdings for c in calls):
        return ()
    named = declare_all(hand_of_pack(pack_of(c for k in calls for h in k.holdings for c in h)), rs)
    return tuple(h.cards for h in (named.sequences if category == "sequences" else named.sets))


def implied_holdings_are_of_the_cards_named(
    calls: tuple[Call, ...], category: DeclCategory, rs: Ruleset, result: tuple[Holding, ...]
) -> bool:
    """Each holding implied is one the ruleset counts of the cards the calls name (Case IV)."""
    return all(
        h in singles(hand_of_pack(pack_of(x for k in calls for g in k.holdings for x in g)), category, rs)
        for h in result
    )


def every_holding_of_the_cards_named_is_implied(
    calls: tuple[Call, ...], category: DeclCategory, rs: Ruleset, result: tuple[Holding, ...]
) -> bool:
    """Where nothing was called in the category, each holding of the cards named lies within a holding implied
    (law 56, Case IV)."""
    return (
        category == "point"
        or any(c.category == category and c.holdings for c in calls)
        or all(
            any(set(s) <= set(h) for h in result)
            for s in singles(hand_of_pack(pack_of(x for k in calls for g in k.holdings for x in g)), category, rs)
        )
    )


def younger_holdings(hand: Hand, category: DeclCategory, theirs: Holding, rs: Ruleset) -> tuple[Holding, ...]:
    """What a younger who is good reckons: his best point (`theirs`), or every sequence or set he holds.

    The side whose best holding is good scores every holding of the category, whole (L 000 §Calling).

    rules: point.compare, sequence.compare, sets.compare
    post: category != "point" or __return__ == (theirs,)
    post: category == "point" or (theirs in __return__ and all(h in singles(hand, category, rs) for h in __return__))
    post: len({c for h in __return__ for c in h}) == sum(len(h) for h in __return__)
    post: category == "point" or all(any(set(s) <= set(h) for h in __return__) for s in singles(hand, category, rs))
    """
    if category == "point":
        return (theirs,)
    held = declare_all(hand, rs)
    return tuple(h.cards for h in (held.sequences if category == "sequences" else held.sets))


def younger_false_calls(hand: Hand, category: DeclCategory, rs: Ruleset) -> tuple[Holding, ...]:
    """The holdings the younger may state in his call without holding them (laws 52-54): any single holding
    of the category the ruleset counts, of the whole pack, that `hand` does not hold. Where the protocol
    lets him state his holding (his call after the elder's call stated by its cards), such a call is an
    irregularity the deal survives (reading calling.false-claim).

    laws: 52, 54
    post: false_calls_are_holdings_of_the_pack(category, rs, __return__)
    post: all(not all(hand[c >> 3] >> (c & 7) & 1 for c in h) for h in __return__)
    post: len(__return__) + len(singles(hand, category, rs)) == len(singles(hand_of_pack(FULL_PACK), category, rs))
    """
    held = set(_singles(hand, category, rs))
    return tuple(h for h in _singles(hand_of_pack(FULL_PACK), category, rs) if h not in held)


def false_calls_are_holdings_of_the_pack(category: DeclCategory, rs: Ruleset, result: tuple[Holding, ...]) -> bool:
    """Each holding the younger may state falsely is a single holding of the whole pack the ruleset counts, none
    twice (laws 52, 54)."""
    return len(set(result)) == len(result) and all(h in singles(hand_of_pack(FULL_PACK), category, rs) for h in result)


def claim_allowed(elder: Declaration, category: DeclCategory, holding: Holding, rs: Ruleset) -> bool:
    """Whether the younger's call of `holding`, which he does not hold, is allowed good: the laws' comparison of
    the call as stated with the elder's call in the category finds it good, as the machine computes every
    answer (laws 52, 54; reading calling.false-claim).

    laws: 52, 54
    post: allowed_when_better_than_the_elders_best(elder, category, holding, rs, __return__)
    """
    claimed = declared(hand_of_pack(pack_of(holding)), choice(category, (holding,)), "younger", rs)
    return compare_declarations(elder, claimed, rs).category(category).status("younger") == "good"


def allowed_when_better_than_the_elders_best(
    elder: Declaration, category: DeclCategory, holding: Holding, rs: Ruleset, result: bool
) -> bool:
    """The younger's call is allowed good exactly when its key is above the best the elder declared in the category
    (laws 52, 54)."""
    return result == (
        key(hand_of_pack(pack_of(holding)), category, holding, "younger", rs)
        > max(
            [h.key for h in ((elder.point,) if elder.point else ()) if category == "point"]
            + [
                h.key
                for h in (elder.sequences if category == "sequences" else elder.sets if category == "sets" else ())
            ],
            default=-1,
        )
    )


def younger_claim(hand: Hand, discard: tuple[Card, ...], category: DeclCategory, holding: Holding) -> Claim:
    """The younger's call of `holding`, not held and allowed good, as his claim (laws 52-54): exempt from the
    penalty when his hand and discard together could not hold it. Stated by its cards, it could be held there
    only if every card of it is there; a misnomer (law 53) is such a claim too.

    laws: 53, 54
    post: younger_claim_of_the_holding_stated(category, holding, __return__)
    post: __return__.exempt == any(not hand[c >> 3] >> (c & 7) & 1 and c not in discard for c in holding)
    """
    seen = pack_of_hand(hand) | pack_of(discard)
    return Claim(category, (), any(not seen >> c & 1 for c in holding), player="younger", holding=holding)


def younger_claim_of_the_holding_stated(category: DeclCategory, holding: Holding, result: Claim) -> bool:
    """The claim is the younger's, of the holding he stated in the category, with no talk, not yet found out
    (laws 53, 54)."""
    return (
        result.player == "younger"
        and result.category == category
        and result.holding == holding
        and result.talk == ()
        and not result.found
    )


def younger_standing(hand: Hand, claim: Claim, rs: Ruleset) -> tuple[Holding, ...]:
    """What the younger's call counts for while his claim stands, or once it is found out (laws 53, 54): a
    misnomer (the claim exempt, and he holds a holding of as many cards of the category) stands for his best
    such holding; any other claim for nothing, so the elder reckons what he has good against his true calls.

    laws: 53, 54
    pre: claim.player == "younger"
    post: stands_for_a_holding_of_as_many_cards(hand, claim, rs, __return__)
    post: stands_for_something_only_as_a_misnomer(hand, claim, rs, __return__)
    """
    misnamed_ = best(hand, claim.category, "younger", rs, len(claim.holding)) if claim.exempt else None
    return (misnamed_,) if misnamed_ else ()


def stands_for_a_holding_of_as_many_cards(hand: Hand, claim: Claim, rs: Ruleset, result: tuple[Holding, ...]) -> bool:
    """His call stands for at most one holding he holds in the category, of as many cards as he stated (law 53)."""
    return len(result) <= 1 and all(
        h in singles(hand, claim.category, rs) and len(h) == len(claim.holding) for h in result
    )


def stands_for_something_only_as_a_misnomer(
    hand: Hand, claim: Claim, rs: Ruleset, result: tuple[Holding, ...]
) -> bool:
    """It stands for something exactly when the claim is exempt and he holds a holding of as many cards
    (laws 53, 54)."""
    return bool(result) == (
        claim.exempt and any(len(h) == len(claim.holding) for h in singles(hand, claim.category, rs))
    )


def false_calls(hand: Hand, category: DeclCategory, talk: Said, rs: Ruleset) -> tuple[Opening | CallValue | NameOut, ...]:
    """The calls the elder may make next of something he does not hold (laws 52-54): an opening naming a
    holding the ruleset counts that he has not got (its head or rank named: only a holding held can be
    good against the cards, law 48), or, once the value is asked for, a value no point of that many cards
    of his makes, or, asked which card his trio leaves out, a card whose naming claims one he has not got
    (Case VIII). An irregularity the deal survives, not a call the laws allow.

    laws: 48, 52, 53, 54
    post: len(set(__return__)) == len(__return__) and all(c.player == "elder" for c in __return__)
    post: all(called(hand, talk + (c,) if talk else (c,), rs) is None for c in __return__)
    post: false_openings_name_head_or_rank(category, talk, __return__)
    post: talk or category != "point" or {c.cards for c in __return__} == set(range(longest(hand) + 1, BITS + 1))
    post: false_values_are_those_not_made(hand, talk, rs, __return__)
    post: false_names_out_are_the_cards_not_left_held(hand, talk, __return__)
    """
    if not talk:
        if category == "point":
            return tuple(CallPoint("elder", n) for n in range(longest(hand) + 1, BITS + 1))
        calls: list[Opening] = (
            [CallSequence("elder", n, h) for n in range(rs.sequences.min_length, BITS + 1) for h in range(n - 1, BITS)] if category == "sequences"
            else [CallSet("elder", n, r) for n in sorted(rs.sets.values) for r in rs.sets.ranks]
        )
        return tuple(c for c in calls if not described(hand, c, rs))
    opening = talk[0]
    if len(talk) == 2 and isinstance(opening, CallSet):
        return tuple(NameOut("elder", c) for c in left_out(hand, opening, False))
    if len(talk) == 2 and isinstance(opening, CallPoint):
        held = set(values(hand, opening.cards, rs))
        return tuple(CallValue("elder", v) for v in values(hand_of_pack(FULL_PACK), opening.cards, rs) if v not in held)
    return ()


def false_openings_name_head_or_rank(
    category: DeclCategory, talk: Said, result: tuple[Opening | CallValue | NameOut, ...]
) -> bool:
    """With nothing said yet, each call of something not held is an opening of the category naming, but for a point,
    its head or rank (law 48)."""
    return bool(talk) or all(
        isinstance(c, OPENING[category])
        and (
            isinstance(c, CallPoint)
            or (c.head if isinstance(c, CallSequence) else c.rank) is not None  # type: ignore[union-attr]
        )
        for c in result
    )


def false_values_are_those_not_made(
    hand: Hand, talk: Said, rs: Ruleset, result: tuple[Opening | CallValue | NameOut, ...]
) -> bool:
    """Asked the value, the values he may say falsely and those his points of as many cards make are, together, every
    value a point of as many cards can make (laws 52, 54)."""
    return not (len(talk) == 2 and isinstance(talk[0], CallPoint)) or (
        {c.value for c in result} | set(values(hand, talk[0].cards, rs))  # type: ignore[union-attr]
        == set(values(hand_of_pack(FULL_PACK), talk[0].cards, rs))
    )


def false_names_out_are_the_cards_not_left_held(
    hand: Hand, talk: Said, result: tuple[Opening | CallValue | NameOut, ...]
) -> bool:
    """Asked which card his trio leaves out, the cards he may name falsely and those leaving a trio he holds are,
    together, the four cards of the rank (Case VIII)."""
    return not (len(talk) == 2 and isinstance(talk[0], CallSet)) or (
        len(result) + len(left_out(hand, talk[0], True)) == len(SETS_OF[talk[0].rank])  # type: ignore[index]
    )


BITS = 8  # ranks in a suit: the longest point or sequence
SETS_OF = tuple(tuple(card_of(s, rank) for s in range(4)) for rank in range(BITS))  # the four cards of each rank


def impossible(hand: Hand, discard: tuple[Card, ...], talk: Said, rs: Ruleset) -> bool:
    """Whether what the elder claims could not be among his hand and discard taken together: such a
    claim, a misnomer among them, carries no penalty (laws 53, 54).

    Impossible: no holding of the cards of his hand and discard answers the call (its number of cards, head
    or rank), the value he said of his point, or the trio his naming of the card left out defines.

    laws: 53, 54
    pre: isinstance(talk[0], (CallPoint, CallSequence, CallSet))
    post: impossible_when_nothing_seen_is_described(hand, discard, talk, rs, __return__)
    post: impossible_when_no_point_seen_makes_the_value(hand, discard, talk, rs, __return__)
    post: impossible_when_the_trio_named_is_not_seen(hand, discard, talk, __return__)
    post: not __return__ or called(hand, talk, rs) is None
    """
    seen = hand_of_pack(pack_of_hand(hand) | pack_of(discard))
    return called(seen, talk, rs) is None


def impossible_when_nothing_seen_is_described(
    hand: Hand, discard: tuple[Card, ...], talk: Said, rs: Ruleset, result: bool
) -> bool:
    """Until a value or a card is said, the call is impossible exactly when no holding of his hand and discard
    together answers it (laws 53, 54)."""
    return isinstance(talk[-1], (CallValue, NameOut)) or result == (
        not described(hand_of_pack(pack_of_hand(hand) | pack_of(discard)), talk[0], rs)  # type: ignore[arg-type]
    )


def impossible_when_no_point_seen_makes_the_value(
    hand: Hand, discard: tuple[Card, ...], talk: Said, rs: Ruleset, result: bool
) -> bool:
    """A value said is impossible exactly when no point of as many cards of his hand and discard makes it
    (laws 53, 54)."""
    return not isinstance(talk[-1], CallValue) or result == (
        talk[-1].value
        not in values(
            hand_of_pack(pack_of_hand(hand) | pack_of(discard)), talk[0].cards, rs  # type: ignore[union-attr]
        )
    )


def impossible_when_the_trio_named_is_not_seen(
    hand: Hand, discard: tuple[Card, ...], talk: Said, result: bool
) -> bool:
    """A card named out is impossible exactly when the trio it defines is not all in his hand and discard
    (laws 53, 54, Case VIII)."""
    return not isinstance(talk[-1], NameOut) or result == (
        not all(
            hand_of_pack(pack_of_hand(hand) | pack_of(discard))[c >> 3] >> (c & 7) & 1
            for c in SETS_OF[talk[0].rank]  # type: ignore[index, union-attr]
            if c != talk[-1].card
        )
    )


def misnamed(hand: Hand, claim: Claim, rs: Ruleset) -> Holding | None:
    """The holding of the number of cards claimed that a claim impossible in hand and discard misnames (a
    sequence or a quatorze or trio named by the wrong head or rank, law 53), or None. A point is called
    by number and value, never by suit, so it is never a misnomer.

    laws: 53
    post: __return__ is None or (claim.exempt and isinstance(claim.talk[0], (CallSequence, CallSet)))
    post: misnamed_is_held_with_the_number_called(hand, claim, rs, __return__)
    post: misnamed_exactly_when_exempt_and_held(hand, claim, rs, __return__)
    """
    opening = claim.talk[0]
    if not claim.exempt or not isinstance(opening, (CallSequence, CallSet)):
        return None
    n = opening.length if isinstance(opening, CallSequence) else opening.count
    return best(hand, claim.category, "elder", rs, n) if any(len(h) == n for h in _singles(hand, claim.category, rs)) else None


def misnamed_is_held_with_the_number_called(hand: Hand, claim: Claim, rs: Ruleset, result: Holding | None) -> bool:
    """The holding misnamed is one the hand holds in the category, of the number of cards called (law 53)."""
    return result is None or (
        result in singles(hand, claim.category, rs)
        and len(result) == (
            claim.talk[0].length if isinstance(claim.talk[0], CallSequence)
            else claim.talk[0].count  # type: ignore[union-attr]
        )
    )


def misnamed_exactly_when_exempt_and_held(hand: Hand, claim: Claim, rs: Ruleset, result: Holding | None) -> bool:
    """There is one exactly when the claim is exempt, is of a sequence or a set, and the hand holds a holding of the
    category of as many cards (law 53)."""
    return (result is None) == (
        not claim.exempt
        or isinstance(claim.talk[0], CallPoint)
        or not any(
            len(h) == (
                claim.talk[0].length if isinstance(claim.talk[0], CallSequence)
                else claim.talk[0].count  # type: ignore[union-attr]
            )
            for h in singles(hand, claim.category, rs)
        )
    )


def judged(hands: tuple[Hand, Hand], discard: tuple[Card, ...], category: DeclCategory, talk: Said, mine: Holding | None, rs: Ruleset) -> Resolved:
    """The category judged on both hands with `mine` as the elder's call (None: nothing of his counts),
    the younger replying on his hand; after his asking the value he reckons no longer point (law 46).

    laws: 46, 49, 52
    pre: not (isinstance(talk[0], CallPoint) and AskValue("younger") in talk) or longest(hands[1]) >= talk[0].cards
    post: mine is None or any(set(mine) <= set(h) for h in __return__[0])
    post: mine is not None or __return__[0] == ()
    post: judged_holdings_are_held(hands, category, rs, __return__)
    post: asker_reckons_no_longer_point(talk, __return__)
    post: younger_reckons_only_as_good_or_better(hands, category, mine, rs, __return__)
    post: younger_reckons_whenever_as_good_or_better(hands, category, talk, mine, rs, __return__)
    post: len(__return__[0]) <= 1 or not __return__[1]
    """
    asked = isinstance(talk[0], CallPoint) and any(isinstance(a, AskValue) for a in talk)
    theirs = best(hands[1], category, "younger", rs, talk[0].cards if asked and isinstance(talk[0], CallPoint) else None)
    if theirs is None:
        return (reckoned(hands[0], discard, category, mine, rs) if mine else ()), ()
    if mine is None:
        return (), younger_holdings(hands[1], category, theirs, rs)
    ek, yk = key(hands[0], category, mine, "elder", rs), key(hands[1], category, theirs, "younger", rs)
    if ek > yk:
        return reckoned(hands[0], discard, category, mine, rs), ()
    return ((mine,), (theirs,)) if ek == yk else ((mine,), younger_holdings(hands[1], category, theirs, rs))


def judged_holdings_are_held(hands: tuple[Hand, Hand], category: DeclCategory, rs: Ruleset, result: Resolved) -> bool:
    """Each player is taken to declare only holdings of his own hand in the category."""
    return all(h in singles(hands[0], category, rs) for h in result[0]) and all(
        h in singles(hands[1], category, rs) for h in result[1]
    )


def asker_reckons_no_longer_point(talk: Said, result: Resolved) -> bool:
    """A younger who asked what the point makes reckons no point of more cards than called (law 46)."""
    return not (isinstance(talk[0], CallPoint) and AskValue("younger") in talk) or all(
        len(h) <= talk[0].cards for h in result[1]
    )


def younger_reckons_only_as_good_or_better(
    hands: tuple[Hand, Hand], category: DeclCategory, mine: Holding | None, rs: Ruleset, result: Resolved
) -> bool:
    """The younger reckons only when his best holding is as good as the elder's call or better, or the elder's counts
    for nothing (laws 46, 52)."""
    return (
        not result[1]
        or mine is None
        or max(key(hands[1], category, h, "younger", rs) for h in result[1])
        >= key(hands[0], category, mine, "elder", rs)
    )


def younger_reckons_whenever_as_good_or_better(
    hands: tuple[Hand, Hand], category: DeclCategory, talk: Said, mine: Holding | None, rs: Ruleset, result: Resolved
) -> bool:
    """The younger reckons whenever a holding open to him is as good as the elder's call or better, or the elder's
    counts for nothing (laws 46, 52)."""
    return bool(result[1]) or all(
        mine is not None and key(hands[1], category, h, "younger", rs) < key(hands[0], category, mine, "elder", rs)
        for h in singles(hands[1], category, rs)
        if not (isinstance(talk[0], CallPoint) and AskValue("younger") in talk) or len(h) <= talk[0].cards
    )


def discovered(hands: tuple[Hand, Hand], discard: tuple[Card, ...], claim: Claim, rs: Ruleset) -> Resolved:
    """The category once a claim allowed good is found out uncorrected (law 54): a misnomer stands for the
    holding it misnames (law 53); any other claim counts for nothing, and the younger reckons what he has
    good against the elder's true calls (Case II: what he sank on the strength of the claim included).

    laws: 53, 54
    post: misnamed(hands[0], claim, rs) is not None or __return__[0] == ()
    post: misnomer_stands_for_what_it_misnames(hands, claim, rs, __return__)
    post: younger_reckons_against_a_claim_found_out(hands, claim, rs, __return__)
    """
    return judged(hands, discard, claim.category, claim.talk, misnamed(hands[0], claim, rs), rs)


def misnomer_stands_for_what_it_misnames(
    hands: tuple[Hand, Hand], claim: Claim, rs: Ruleset, result: Resolved
) -> bool:
    """A misnomer stands for the holding it misnames, which the elder reckons (law 53)."""
    return misnamed(hands[0], claim, rs) is None or any(
        set(misnamed(hands[0], claim, rs)) <= set(h) for h in result[0]  # type: ignore[arg-type]
    )


def younger_reckons_against_a_claim_found_out(
    hands: tuple[Hand, Hand], claim: Claim, rs: Ruleset, result: Resolved
) -> bool:
    """Against any other claim found out the younger reckons exactly when he holds something in the category
    (law 54, Case II)."""
    return misnamed(hands[0], claim, rs) is not None or bool(result[1]) == bool(singles(hands[1], claim.category, rs))


def corrected(hands: tuple[Hand, Hand], discard: tuple[Card, ...], claim: Claim, rs: Ruleset) -> Resolved:
    """The category once the elder corrects his claim (law 52): his call is his best holding of the
    category, to which the younger replies on his hand (Case IX: the information the reply gives him is
    no matter for any law).

    laws: 52
    post: best(hands[0], claim.category, "elder", rs) is not None or __return__[0] == ()
    post: correction_stands_for_the_elders_best(hands, claim, rs, __return__)
    """
    return judged(hands, discard, claim.category, claim.talk, best(hands[0], claim.category, "elder", rs), rs)


def correction_stands_for_the_elders_best(
    hands: tuple[Hand, Hand], claim: Claim, rs: Ruleset, result: Resolved
) -> bool:
    """Corrected, the elder's call is his best holding of the category, which is among what he is taken to declare
    (law 52)."""
    return best(hands[0], claim.category, "elder", rs) is None or any(
        set(best(hands[0], claim.category, "elder", rs)) <= set(h) for h in result[0]  # type: ignore[arg-type]
    )


def reckoned(hand: Hand, discard: tuple[Card, ...], category: DeclCategory, called: Holding, rs: Ruleset) -> tuple[Holding, ...]:
    """What the elder reckons with a call allowed good: every holding of the class when the call was good against
    the cards (law 49); otherwise only holdings equal to the one called or lower (000 §Calling), one out of each
    run or rank he holds: the best part of it no better than the call, so a tierce minor out of a quart minor
    (000: a quart minor and a tierce minor, the tierce minor called first, reckon two tierce minors) and, by the
    same reading where the book is silent, three tens out of four (ambiguity calling.lower-first). The point is
    one holding: the one called.

    Each run of a suit and each rank is one holding as the hand holds it, so it gives at most one part: a sixième
    is not reckoned as two tierces.

    rules: declare.sinking, sequence.good-scores-all, sets.good-scores-all
    laws: 49
    post: any(set(called) <= set(h) for h in __return__) and all(h in singles(hand, category, rs) for h in __return__)
    post: len({c for h in __return__ for c in h}) == sum(len(h) for h in __return__)
    post: category != "point" or __return__ == (called,)
    post: good_against_the_cards_reckons_the_class(hand, discard, category, called, rs, __return__)
    post: reckons_none_better_than_called(hand, discard, category, called, rs, __return__)
    post: reckons_the_best_part_of_each_holding_no_better_than_called(hand, discard, category, called, rs, __return__)
    """
    if category == "point":
        return (called,)
    held = declare_all(hand, rs)
    mine = held.sequences if category == "sequences" else held.sets
    if good_against(hand, discard, category, called, rs):
        return tuple(h.cards for h in mine)
    top = key(hand, category, called, "elder", rs)
    parts = [(h, key(hand, category, h, "elder", rs)) for h in singles(hand, category, rs)]
    out = [called]
    for whole in (set(h.cards) for h in mine if not set(called) <= set(h.cards)):
        lower = [(k, h) for h, k in parts if set(h) <= whole and k <= top]
        out += [max(lower, key=lambda kh: kh[0])[1]] if lower else []
    return tuple(out)


def good_against_the_cards_reckons_the_class(
    hand: Hand,
    discard: tuple[Card, ...],
    category: DeclCategory,
    called: Holding,
    rs: Ruleset,
    result: tuple[Holding, ...],
) -> bool:
    """A call good against the cards reckons every holding of its class the hand holds (law 49)."""
    return (
        category == "point"
        or not good_against(hand, discard, category, called, rs)
        or all(any(set(s) <= set(h) for h in result) for s in singles(hand, category, rs))
    )


def reckons_none_better_than_called(
    hand: Hand,
    discard: tuple[Card, ...],
    category: DeclCategory,
    called: Holding,
    rs: Ruleset,
    result: tuple[Holding, ...],
) -> bool:
    """Any other call allowed good reckons no holding better than the one called (law 49)."""
    return good_against(hand, discard, category, called, rs) or all(
        key(hand, category, h, "elder", rs) <= key(hand, category, called, "elder", rs) for h in result
    )


def reckons_the_best_part_of_each_holding_no_better_than_called(
    hand: Hand,
    discard: tuple[Card, ...],
    category: DeclCategory,
    called: Holding,
    rs: Ruleset,
    result: tuple[Holding, ...],
) -> bool:
    """Any other call allowed good reckons, out of each run or rank the hand holds, exactly one holding when some part
    of it is no better than the one called, the best such part, and nothing else (000 §Calling: equal or lower
    holdings, a tierce minor out of a quart minor included)."""
    if category == "point" or good_against(hand, discard, category, called, rs):
        return True
    held = declare_all(hand, rs)
    top = key(hand, category, called, "elder", rs)
    for whole in (set(h.cards) for h in (held.sequences if category == "sequences" else held.sets)):
        inside = [h for h in result if set(h) <= whole]
        lower = [key(hand, category, h, "elder", rs) for h in singles(hand, category, rs) if set(h) <= whole and key(hand, category, h, "elder", rs) <= top]
        if len(inside) != (1 if lower else 0) or (inside and key(hand, category, inside[0], "elder", rs) != max(lower)):
            return False
    return all(any(set(h) <= set(w.cards) for w in (held.sequences if category == "sequences" else held.sets)) for h in result)


def check_opening(hand: Hand, discard: tuple[Card, ...], category: DeclCategory, call: Opening, rs: Ruleset) -> None:
    """The elder's opening call describes a holding he has, by a description the laws accept.

    laws: 46, 48
    raises: PiquetError
    post: bool(described(hand, call, rs))
    post: opening_unnamed_only_when_good_against(hand, discard, category, call, rs)
    """
    fields = (call.cards,) if isinstance(call, CallPoint) else (call.length, call.head) if isinstance(call, CallSequence) else (call.count, call.rank)
    if type(fields[0]) is not int or not (len(fields) == 1 or fields[1] is None or type(fields[1]) is int):
        raise error("argument-invalid", f"{type(call).__name__}: the number of cards must be an integer and the head or rank a rank bit or None, got {shown(fields)}")
    n = fields[0]
    rank = fields[1] if len(fields) == 2 else None
    if isinstance(call, CallPoint):
        ok = 1 <= n <= 8
    elif isinstance(call, CallSequence):
        ok = rs.sequences.min_length <= n <= 8 and (rank is None or n - 1 <= rank <= 7)
    else:
        ok = n in rs.sets.values and (rank is None or rank in rs.sets.ranks)
    if not ok:
        raise error("declare-invalid", f"elder.{category}: {shown(call)} describes no {NAMES[category][2:]} the ruleset counts")
    fits = described(hand, call, rs)
    if not fits:
        raise error("declare-not-held", f"elder.{category}: the elder calls {describe(call, rs)}, which he does not hold")
    if rank is None and len(fields) == 2 and not good_against(hand, discard, category, fits[0], rs):
        raise error("call-head-missing", f"elder.{category}: the elder calls {describe(call, rs)} without naming its {'head' if category == 'sequences' else 'rank'}, but the call is not good against the cards")


def opening_unnamed_only_when_good_against(
    hand: Hand, discard: tuple[Card, ...], category: DeclCategory, call: Opening, rs: Ruleset
) -> bool:
    """A sequence or set called without its head or rank is good against the cards (law 48)."""
    return (
        isinstance(call, CallPoint)
        or (call.head if isinstance(call, CallSequence) else call.rank) is not None
        or good_against(hand, discard, category, described(hand, call, rs)[0], rs)
    )


def describe(call: Utterance, rs: Ruleset) -> str:
    """A call in words, for the messages: `5 cards for point`, `a sequence of 4 to the K`, `3 of rank Q`;
    the words name what the call says, its number and the head or rank it names.

    laws: 46, 48
    post: __return__ != ""
    post: words_name_the_number(call, __return__)
    post: words_name_the_head_or_rank(call, rs, __return__)
    """
    if isinstance(call, CallPoint):
        return f"{call.cards} cards for point"
    if isinstance(call, CallValue):
        return f"a point making {call.value}"
    if isinstance(call, CallSequence):
        return f"a sequence of {call.length}" + ("" if call.head is None else f" to the {rs.pack.ranks[call.head].symbol}")
    if isinstance(call, CallSet):
        return f"{call.count} of a rank" if call.rank is None else f"{call.count} of rank {rs.pack.ranks[call.rank].symbol}"
    if isinstance(call, NameOut):
        return f"not reckoning the {format_card(call.card, rs)}"
    return {Reply: "reply", Allow: "allow it good", AskValue: "ask what it makes", Correct: "correct his reply", AskWhich: "ask which one is not reckoned"}.get(
        type(call), type(call).__name__)


def words_name_the_number(call: Utterance, result: str) -> bool:
    """The words name the call's number: of cards, of a sequence's length, of a set's cards, or the value
    (laws 46, 48)."""
    return not isinstance(call, (CallPoint, CallSequence, CallSet, CallValue)) or str(
        call.cards if isinstance(call, CallPoint) else call.length if isinstance(call, CallSequence)
        else call.count if isinstance(call, CallSet) else call.value
    ) in result.split()


def words_name_the_head_or_rank(call: Utterance, rs: Ruleset, result: str) -> bool:
    """The words name the head of a sequence or the rank of a set, when the call names one (law 48)."""
    return (
        not isinstance(call, (CallSequence, CallSet))
        or (call.head if isinstance(call, CallSequence) else call.rank) is None
        or rs.pack.ranks[call.head if isinstance(call, CallSequence) else call.rank].symbol  # type: ignore[index]
        in result.split()
    )


def refusal(hands: tuple[Hand, Hand], talk: Said, action: Utterance, speaker: Player, rs: Ruleset) -> Exception:
    """The typed error for an utterance the dialogue under way does not allow, `speaker` being the one to speak:
    out of turn when the other speaks, or an answer where a call is due and the reverse (law 46); an asking of
    the value by a younger holding fewer cards (law 46); an allowing where the reply is good already (law 51);
    a value the elder's points of that many cards do not make. The message names the player or the utterance.

    laws: 46, 51
    pre: talk and isinstance(talk[0], (CallPoint, CallSequence, CallSet)) and speaker == next_speaker(talk)
    post: isinstance(__return__, PiquetError)
    post: action.player == speaker or __return__.code in ("reply-out-of-turn", "call-out-of-turn")
    post: __return__.code != "reply-out-of-turn" or isinstance(action, (Reply, Allow, AskValue, AskWhich))
    post: __return__.code != "call-out-of-turn" or not isinstance(action, (Reply, Allow, AskValue, AskWhich))
    post: asking_refused_short_only_for_want_of_cards(hands, talk, action, __return__)
    post: allowing_refused_only_when_good_already(hands, talk, action, rs, __return__)
    post: value_refused_only_when_not_made(hands, talk, action, rs, __return__)
    post: action.player in __return__.message.split() or type(action).__name__ in __return__.message
    """
    answering = isinstance(action, (Reply, Allow, AskValue, AskWhich))
    naming = isinstance(talk[0], CallSet)
    if action.player != speaker or answering != (speaker == "younger") or (speaker == "elder" and isinstance(action, (CallValue, NameOut)) and naming != isinstance(action, NameOut)):
        code = "reply-out-of-turn" if answering else "call-out-of-turn"
        due = "answer" if speaker == "younger" else "name the card he does not reckon" if naming else "say what his point makes"
        return error(code, f"the {action.player} says {type(action).__name__}, but the {speaker} is to {due} ({describe(talk[0], rs)} is under way)")
    if isinstance(action, AskWhich):
        return error("reply-out-of-turn", f"the younger asks which card is not reckoned, but only a trio called by its rank may be answered so ({describe(talk[-1], rs)} is under way)")
    if isinstance(action, NameOut):
        card = format_card(action.card, rs) if type(action.card) in CARD_TYPES and 0 <= action.card < PACK_SIZE else repr(action.card)
        return error("declare-invalid", f"elder.sets: the elder names {card} as the card he does not reckon, which is no card of the rank of {describe(talk[0], rs)}")
    if isinstance(action, AskValue):
        opening = talk[0]
        if len(talk) == 1 and isinstance(opening, CallPoint):
            return error("ask-value-short", f"the younger asks what the elder's {opening.cards} cards make, but he holds only {longest(hands[1])} cards of a suit")
        return error("reply-out-of-turn", f"the younger asks the value, but only a call of point by its number of cards may be answered so ({describe(talk[-1], rs)} is under way)")
    if isinstance(action, Allow):
        return error("allow-nothing-better", f"the younger allows {describe(talk[-1], rs)} good, but holds nothing as good: his reply is good already")
    if isinstance(action, CallValue):
        if type(action.value) is not int:
            return error("argument-invalid", f"CallValue: the value must be an integer, got {shown(action.value)}")
        opening = talk[0]
        assert isinstance(opening, CallPoint)
        return error("declare-not-held", f"elder.point: the elder says his {opening.cards} cards make {action.value}, but his points of {opening.cards} cards make {list(values(hands[0], opening.cards, rs))}")
    return error("call-out-of-turn", f"the elder says {type(action).__name__} while {describe(talk[0], rs)} is being answered")


def asking_refused_short_only_for_want_of_cards(
    hands: tuple[Hand, Hand], talk: Said, action: Utterance, result: PiquetError
) -> bool:
    """An asking is refused for want of cards only when the younger holds fewer cards of a suit than called (law 46)."""
    return result.code != "ask-value-short" or (
        isinstance(action, AskValue) and isinstance(talk[0], CallPoint) and longest(hands[1]) < talk[0].cards
    )


def allowing_refused_only_when_good_already(
    hands: tuple[Hand, Hand], talk: Said, action: Utterance, rs: Ruleset, result: PiquetError
) -> bool:
    """An allowing is refused only when the younger's reply is good already (law 51)."""
    return result.code != "allow-nothing-better" or (
        isinstance(action, Allow) and len(talk) != 2 and reply(hands, talk, rs)[0] == "good"
    )


def value_refused_only_when_not_made(
    hands: tuple[Hand, Hand], talk: Said, action: Utterance, rs: Ruleset, result: PiquetError
) -> bool:
    """A value is refused as not held only when no point of the elder's of that many cards makes it (law 46)."""
    return result.code != "declare-not-held" or (
        isinstance(action, CallValue)
        and isinstance(talk[0], CallPoint)
        and action.value not in values(hands[0], talk[0].cards, rs)
    )
