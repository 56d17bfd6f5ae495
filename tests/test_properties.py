"""Hypothesis properties of the scorer, over legal deals built card by card (see piquet_ref/strategies.py).

Every number a property needs (bonuses, thresholds, the points of play, the cards and capot) is
read from `load_ruleset()`, never written here as a literal.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from piquet_ref import (
    Comparison,
    DeclareChoice,
    PiquetError,
    compare_declarations,
    compare_hands,
    declared,
    evaluate_hand,
    load_ruleset,
    parse_card,
    parse_cards,
    parse_record,
    result_json,
    score_deal,
)
from piquet_ref.hand.cards import Card, Hand, bit_of, card_of, cards_of, hand_of, suit_of
from piquet_ref.hand.declarations import DECL_CATEGORIES, DeclCategory, Declaration
from piquet_ref.rules.codes import error_catalogue
from piquet_ref.deal.generate import random_record
from piquet_ref.rules.tables import RULESET_ID
from piquet_ref.rules.ruleset import PLAYERS, SCORE_KEYS, Player, other
from piquet_ref.deal.result import DealResult, Event

from verification.deal_check import broken

from piquet_ref.strategies import (
    PACK,
    Deal,
    DeclareValue,
    any_deals,
    capot_deals,
    card_spellings,
    complete_deals,
    deals,
    declare_choices,
    declaring_deals,
    disjoint_hands,
    junk_records,
    map_cards,
    mirror_hand_deals,
    mutated_records,
    permute_suits,
    suit_permutations,
)

RULES = load_ruleset()
ACC = RULES.accretion
BONUSES = ("repique", "pique")
# The accretion category each score key reckons in: a capot is reckoned with the cards.
ACCRETION_OF = {"carte_blanche": "carte_blanche", "point": "point", "sequences": "sequences", "sets": "sets",
                "play": "play", "cards": "cards", "capot": "cards"}

props = settings(deadline=None)


def score(deal: Deal) -> DealResult:
    return score_deal(deal.record())


def won(result: DealResult, player: Player) -> int:
    return sum(1 for t in result.tricks if t.winner == player)


def declaration_points(result: DealResult, player: Player) -> dict[DeclCategory, int]:
    s = result.score(player)
    return {"point": s.point, "sequences": s.sequences, "sets": s.sets}


def to_choice(value: DeclareValue) -> DeclareChoice:
    """The DeclareChoice a record's `declare` value stands for."""
    if value == "all":
        return DeclareChoice()
    if value == "none":
        return DeclareChoice("none", "none", "none")
    assert isinstance(value, dict)

    def group(v: Any) -> Any:
        return v if v in ("all", "none") else tuple(parse_cards(g) for g in v)

    point = value.get("point", "all")
    return DeclareChoice(
        point if point in ("all", "none") else parse_cards(point),
        group(value.get("sequences", "all")),
        group(value.get("sets", "all")),
    )


def unopposed_points(hand: Hand, category: DeclCategory) -> int:
    """What declaring everything `hand` holds in `category` scores when the adversary declares nothing."""
    ev = evaluate_hand(hand)
    if category == "point":
        return ev.point.length * RULES.point.per_card if ev.point else 0
    if category == "sequences":
        return sum(RULES.sequences.values[s.length] for s in ev.sequences)
    return sum(RULES.sets.values[s.number] for s in ev.sets)


def swapped(c: Comparison) -> Comparison:
    """The comparison with the two sides exchanged."""
    k, v = c.keys, c.values
    return Comparison((k[1], k[0], k[3], k[2], k[5], k[4]), (v[1], v[0], v[3], v[2], v[5], v[4]))


def reaching(events: list[Event], counts: frozenset[str], threshold: int) -> int | None:
    """Index of the event whose points, added to the earlier ones of `counts`, first reach `threshold`."""
    total = 0
    for i, e in enumerate(events):
        if ACCRETION_OF[e.category] in counts:
            total += e.points
            if total >= threshold:
                return i
    return None


# ------------------------------------------------------------------------------ conservation


@pytest.mark.rules("exchange.elder-limits", "exchange.younger-limits", "exchange.take-from-top", "deal.sizes")
@props
@given(deals(blanche=None) | deals(blanche="elder") | deals(blanche="younger"))
def test_exchange_conserves_the_pack(deal: Deal) -> None:
    """Hands after the exchange, both discards and the untaken stock hold each of the 32 cards once."""
    result = score(deal)
    assert deal.discards is not None
    hands = [cards_of(h) for h in result.hands]
    assert [len(h) for h in hands] == [RULES.pack.hand_size] * 2
    everything = Counter(hands[0] + hands[1] + deal.discards[0] + deal.discards[1] + deal.untaken())
    assert everything == Counter(PACK)


@pytest.mark.rules("play.first-lead", "play.follow-suit")
@props
@given(declaring_deals())
def test_every_played_card_was_held_by_the_player_who_played_it(deal: Deal) -> None:
    """Each trick's cards come from the leader's and follower's hands, once; the lead passes to the winner."""
    result = score(deal)
    played: dict[Player, list[Card]] = {"elder": [], "younger": []}
    leader: Player = RULES.play.first_leader
    for t in result.tricks:
        assert t.leader == leader
        played[t.leader].append(t.lead)
        played[other(t.leader)].append(t.follow)
        leader = t.winner
    for i, p in enumerate(PLAYERS):
        assert len(set(played[p])) == len(played[p])
        assert set(played[p]) <= set(cards_of(result.hands[i]))
        if result.complete:
            assert sorted(played[p]) == sorted(cards_of(result.hands[i]))


# ---------------------------------------------------------------------------- the event log


@props
@given(declaring_deals())
def test_totals_are_the_sums_of_the_event_log(deal: Deal) -> None:
    """Each score key and total is the sum of its events; every `running` is a prefix sum; tricks agree."""
    result = score(deal)
    for p in PLAYERS:
        mine = [e for e in result.events if e.player == p]
        s = result.score(p)
        for key in SCORE_KEYS:
            assert getattr(s, key) == sum(e.points for e in mine if e.category == key), key
        assert s.total == sum(e.points for e in mine) == sum(getattr(s, k) for k in SCORE_KEYS)
    running = [0, 0]
    for e in result.events:
        assert e.points > 0
        running[PLAYERS.index(e.player)] += e.points
        assert e.running == (running[0], running[1])
    assert (result.elder.total, result.younger.total) == (running[0], running[1])
    for t in result.tricks:
        assert t.running == [e for e in result.events if e.trick is not None and e.trick <= t.number][-1].running


@props
@given(declaring_deals())
def test_the_same_record_scores_to_the_same_json(deal: Deal) -> None:
    """Scoring is deterministic: the same record (or its parsed form) gives byte-equal JSON."""
    first = result_json(score_deal(deal.record()))
    second = result_json(score_deal(deal.record()))
    third = result_json(score_deal(parse_record(deal.record())))
    assert first == second == third
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)


@pytest.mark.rules("pack.cards")
@props
@given(declaring_deals(), suit_permutations())
def test_scores_are_invariant_under_any_permutation_of_suits(deal: Deal, perm: tuple[int, ...]) -> None:
    """No suit ranks above another: relabelling the suits of every card leaves all ten keys unchanged."""
    before = score_deal(deal.record())
    after = score_deal(permute_suits(deal.record(), perm))
    assert after.elder == before.elder and after.younger == before.younger


@props
@given(declaring_deals(), st.data())
def test_any_spelling_of_the_cards_scores_the_same(deal: Deal, data: st.DataObject) -> None:
    """Every accepted spelling of a card (10 for T, glyphs, lower case) reads as that card."""
    record = deal.record()
    respelled = map_cards(record, lambda text: data.draw(st.sampled_from(card_spellings(parse_card(text)))))
    assert result_json(score_deal(respelled)) == result_json(score_deal(record))


@pytest.mark.rules("carte-blanche.definition")
@props
@given(deals())
def test_hand_form_scores_as_the_dealt_form_but_for_carte_blanche(deal: Deal) -> None:
    """Given by the hands after the exchange, a deal scores the same, save that carte blanche is unknown."""
    dealt = score(deal)
    by_hand = score(deal.as_hand_form())
    assert by_hand.carte_blanche == (False, False)
    assert by_hand.hands == dealt.hands
    if dealt.carte_blanche == (False, False):
        assert result_json(by_hand) == result_json(dealt)


# ------------------------------------------------------------------------ bonuses and order


@pytest.mark.rules("repique.score", "pique.score", "pique.elder-only", "bonus.not-cumulative")
@props
@given(any_deals())
def test_bonuses_follow_the_spec_elder_alone_piques_and_no_one_has_both(deal: Deal) -> None:
    """Pique only for the players the spec allows (the elder); never pique with repique; spec values."""
    result = score(deal)
    for p in PLAYERS:
        s = result.score(p)
        assert s.repique in (0, ACC.repique.points)
        assert s.pique in (0, ACC.pique.points)
        if p not in ACC.pique.players:
            assert s.pique == 0
        if p not in ACC.repique.players:
            assert s.repique == 0
        if not ACC.cumulative:
            assert not (s.repique and s.pique)
    assert ACC.pique.players == frozenset({"elder"})
    for e in result.events:
        if e.category == "repique":
            assert (e.points, e.rule) == (ACC.repique.points, "repique.score")
        if e.category == "pique":
            assert (e.points, e.rule) == (ACC.pique.points, "pique.score")


@pytest.mark.rules("carte-blanche.definition", "carte-blanche.score", "pack.court")
@pytest.mark.parametrize("player", PLAYERS)
@props
@given(data=st.data())
def test_carte_blanche_is_scored_for_a_dealt_hand_without_a_court_card(player: Player, data: st.DataObject) -> None:
    """A dealt hand with no king, queen or knave scores carte blanche, first of all events."""
    result = score(data.draw(deals(blanche=player)))
    assert result.score(player).carte_blanche == RULES.carte_blanche.points
    assert result.events[0].category == "carte_blanche" and result.events[0].player == player


@pytest.mark.rules("accretion.order")
@props
@given(declaring_deals())
def test_events_come_in_the_order_of_accretion(deal: Deal) -> None:
    """Carte blanche, point, sequences, sets, play (trick by trick), cards; a bonus right after a score."""
    result = score(deal)
    events = result.events
    order = [ACC.order.index(ACCRETION_OF[e.category]) for e in events if e.category not in BONUSES]
    assert order == sorted(order)
    tricks = [e.trick for e in events if e.category == "play"]
    assert tricks == sorted(t for t in tricks if t is not None)
    assert set(tricks) == set(range(1, len(result.tricks) + 1))
    for e in events:
        if ACCRETION_OF.get(e.category) in ACC.hand or e.category in ("cards", "capot"):
            assert e.trick is None
    for i, e in enumerate(events):
        if e.category in BONUSES:
            assert i > 0
            before = events[i - 1]
            assert before.category not in BONUSES and before.player == e.player and before.trick == e.trick


@pytest.mark.rules("accretion.order", "repique.score", "pique.score")
@props
@given(declaring_deals())
def test_repique_and_pique_are_decided_by_the_order_of_accretion(deal: Deal) -> None:
    """A bonus comes exactly when a player's own scores reach the threshold before any adversary score.

    Repique counts his hand scores, pique (elder only, no pique after a repique) his hand and play
    scores; the log without its bonuses, replayed by this rule, gives back the log with them.
    """
    result = score(deal)
    base = [e for e in result.events if e.category not in BONUSES]
    after: dict[int, list[tuple[Player, str, int]]] = {}
    for p in PLAYERS:
        first_adverse = next((i for i, e in enumerate(base) if e.player != p), len(base))
        own = base[:first_adverse]
        rep = reaching(own, ACC.repique.counts, ACC.repique.threshold) if p in ACC.repique.players else None
        if rep is not None:
            after.setdefault(rep, []).append((p, "repique", ACC.repique.points))
        if p in ACC.pique.players and (rep is None or ACC.cumulative):
            piq = reaching(own, ACC.pique.counts, ACC.pique.threshold)
            if piq is not None:
                after.setdefault(piq, []).append((p, "pique", ACC.pique.points))
    expected: list[tuple[Player, str, int]] = []
    for i, e in enumerate(base):
        expected.append((e.player, e.category, e.points))
        expected.extend(after.get(i, []))
    assert [(e.player, e.category, e.points) for e in result.events] == expected


# --------------------------------------------------------------------- play, cards and capot


@pytest.mark.rules("play.lead-point", "play.second-wins-point", "play.last-trick", "play.trick-winner")
@props
@given(complete_deals())
def test_play_points_are_leads_plus_second_player_wins_plus_last_trick(deal: Deal) -> None:
    """In a complete deal both players' play points are 12 leads, one per trick won second, one for the last."""
    result = score(deal)
    play = RULES.play
    second_wins = sum(1 for t in result.tricks if t.winner != t.leader)
    assert result.complete
    assert result.elder.play + result.younger.play == (
        play.tricks * play.lead_points + second_wins * play.second_win_points + play.last_trick_extra
    )
    for p in PLAYERS:  # and each player's share: his leads, his wins as second player, the last trick if his
        leads = sum(1 for t in result.tricks if t.leader == p)
        seconds = sum(1 for t in result.tricks if t.leader != p and t.winner == p)
        last = play.last_trick_extra if result.tricks[-1].winner == p else 0
        assert result.score(p).play == leads * play.lead_points + seconds * play.second_win_points + last


@pytest.mark.rules("cards.majority", "cards.divided")
@props
@given(any_deals())
def test_cards_need_a_complete_deal_and_a_majority_of_tricks(deal: Deal) -> None:
    """The cards go to a player with more than half the tricks of a complete deal; six-all gives none."""
    result = score(deal)
    assert result.complete == (len(result.tricks) == RULES.play.tricks)
    for p in PLAYERS:
        n = won(result, p)
        majority = result.complete and 2 * n > RULES.play.tricks and n >= RULES.cards.min_tricks
        assert result.score(p).cards == (RULES.cards.points if majority else 0)
    if result.complete and won(result, "elder") == won(result, "younger"):
        assert result.elder.cards == result.younger.cards == 0
    if not result.complete:
        assert result.elder.capot == result.younger.capot == 0


@pytest.mark.rules("capot.score")
@props
@given(complete_deals() | capot_deals("elder") | capot_deals("younger"))
def test_capot_is_every_trick_and_the_cards_are_scored_too(deal: Deal) -> None:
    """A capot means all twelve tricks to that player, scored as the cards (10) plus the capot (30)."""
    result = score(deal)
    for p in PLAYERS:
        s = result.score(p)
        every = won(result, p) == RULES.play.tricks
        assert (s.capot > 0) == every
        if every:
            assert (s.cards, s.capot) == (RULES.cards.points, RULES.cards.capot_points)
            assert s.pique == 0 or result.events.index(
                next(e for e in result.events if e.category == "pique")
            ) < result.events.index(next(e for e in result.events if e.category == "capot"))


@pytest.mark.rules("capot.score")
@pytest.mark.parametrize("winner", PLAYERS)
@props
@given(data=st.data())
def test_a_player_who_wins_every_trick_scores_a_capot(winner: Player, data: st.DataObject) -> None:
    """Deals built so that one player holds the best cards of every suit end in his capot."""
    result = score(data.draw(capot_deals(winner)))
    assert won(result, winner) == RULES.play.tricks
    assert result.score(winner).capot == RULES.cards.capot_points
    assert result.score(other(winner)).cards == 0


@props
@given(complete_deals(), st.data())
def test_a_deal_in_progress_scores_the_prefix_of_the_full_deal(deal: Deal, data: st.DataObject) -> None:
    """The first k < 12 tricks score as the full deal's event log up to trick k: no last trick, cards, capot."""
    k = data.draw(st.integers(0, RULES.play.tricks - 1), label="k")
    full = score(deal)
    part = score(deal.first(k))
    assert full.complete and not part.complete
    assert part.tricks == full.tricks[:k]
    assert part.events == full.events[: len(part.events)]
    assert full.events[len(part.events)].trick == k + 1
    for p in PLAYERS:
        s = part.score(p)
        assert s.cards == s.capot == 0
    assert all(e.rule != "play.last-trick" for e in part.events)
    assert (part.elder.total, part.younger.total) == (part.events[-1].running if part.events else (0, 0))


# ---------------------------------------------------------------------------- declarations


@pytest.mark.rules("point.compare", "point.equal", "sequence.compare", "sequence.equal-nullifies", "sets.compare")
@props
@given(disjoint_hands())
def test_comparing_hands_is_antisymmetric(pair: tuple[Hand, Hand]) -> None:
    """Exchanging the two hands exchanges good and not good, keeps equal, and keeps the deciding key."""
    a, b = pair
    ab, ba = compare_hands(a, b), compare_hands(b, a)
    assert ab == swapped(ba)
    for category in DECL_CATEGORIES:
        x, y = ab.category(category), ba.category(category)
        assert x.outcome == y.outcome and x.deciding == y.deciding
        assert x.winner == (None if y.winner is None else other(y.winner))
        assert (x.status("elder"), x.status("younger")) == (y.status("younger"), y.status("elder"))
        assert (x.elder_points, x.younger_points) == (y.younger_points, y.elder_points)


@pytest.mark.rules("point.compare", "sequence.compare", "sets.compare", "declare.sinking")
@props
@given(disjoint_hands(), st.data())
def test_comparing_declarations_is_antisymmetric(pair: tuple[Hand, Hand], data: st.DataObject) -> None:
    """The same for what each side chooses to declare (sinking, calling less)."""
    a, b = pair
    da = declared(a, to_choice(data.draw(declare_choices(a))), "elder")
    db = declared(b, to_choice(data.draw(declare_choices(b))), "younger")
    ab, ba = compare_declarations(da, db), compare_declarations(db, da)
    assert ab == swapped(ba)
    for category in DECL_CATEGORIES:
        x, y = ab.category(category), ba.category(category)
        assert x.outcome == y.outcome
        assert (x.status("elder"), x.status("younger")) == (y.status("younger"), y.status("elder"))


@pytest.mark.rules("point.score", "sequence.good-scores-all", "sets.good-scores-all")
@props
@given(disjoint_hands())
def test_compare_hands_agrees_with_compare_declarations_of_evaluated_hands(pair: tuple[Hand, Hand]) -> None:
    """The table-driven fast path equals comparing the full evaluations."""
    a, b = pair
    assert compare_hands(a, b) == compare_declarations(evaluate_hand(a), evaluate_hand(b))


@pytest.mark.rules("point.compare", "sequence.compare", "sets.compare", "sequence.good-scores-all", "sets.good-scores-all")
@props
@given(disjoint_hands(), suit_permutations())
def test_relabelling_the_suits_of_one_hand_alone_keeps_every_verdict_and_score(pair: tuple[Hand, Hand], perm: tuple[int, ...]) -> None:
    """Holdings of equal strength: the same hand with its suits relabelled (its spades become hearts, ...) holds
    points, sequences and sets of the same length, pips, tops and ranks, so against the same adversary
    every category has the same verdict, on the same keys, for the same points."""
    a, b = pair
    relabelled = hand_of(card_of(perm[suit_of(c)], bit_of(c)) for c in cards_of(a))
    assert compare_declarations(evaluate_hand(relabelled), evaluate_hand(b)) == compare_declarations(evaluate_hand(a), evaluate_hand(b))
    assert compare_declarations(evaluate_hand(b), evaluate_hand(relabelled)) == compare_declarations(evaluate_hand(b), evaluate_hand(a))


def exchanged(elder: Declaration, younger: Declaration, category: DeclCategory) -> tuple[Declaration, Declaration]:
    """The two declarations with their holdings in `category` exchanged, the rest left where it was."""
    return replace(elder, **{category: getattr(younger, category)}), replace(younger, **{category: getattr(elder, category)})


@pytest.mark.rules("point.compare", "point.equal", "sequence.compare", "sequence.equal-nullifies", "sets.compare")
@props
@given(declaring_deals(any_deals() | mirror_hand_deals()), st.sampled_from(DECL_CATEGORIES))
def test_exchanging_one_categorys_holdings_between_the_players_mirrors_its_verdict_and_keeps_the_others(deal: Deal, category: DeclCategory) -> None:
    """What is swapped: the holdings one category declares (the point, or every sequence, or every set), between
    the elder's and the younger's declarations of a legal deal; every holding stays one a hand held, so both
    sides are still declarations `compare_declarations` accepts. Why every verdict is kept: each category is
    decided on its own holdings alone and the seat decides nothing in it, so the swapped category keeps its
    outcome and deciding key with winner, keys and points exchanged (an equality stays an equality, for
    neither side), and the other two categories keep their verdicts exactly."""
    da, db = (declared(deal.hands[i], to_choice(deal.declare[i] or "all"), who) for i, who in enumerate(PLAYERS))
    before = compare_declarations(da, db)
    after = compare_declarations(*exchanged(da, db, category))
    for c in DECL_CATEGORIES:
        x, y = before.category(c), after.category(c)
        if c != category:
            assert y == x
            continue
        assert (y.outcome, y.deciding) == (x.outcome, x.deciding)
        assert y.winner == (None if x.winner is None else other(x.winner))
        assert (y.elder_key, y.younger_key, y.elder_points, y.younger_points) == (x.younger_key, x.elder_key, x.younger_points, x.elder_points)
        assert (y.status("elder"), y.status("younger")) == (x.status("younger"), x.status("elder"))


@pytest.mark.rules("point.equal", "sequence.equal-nullifies")
@props
@given(mirror_hand_deals())
def test_hands_of_equal_strength_are_equal_in_either_seat_and_neither_scores_a_declaration(deal: Deal) -> None:
    """What is swapped: the younger holds the elder's hand with the suits of each pair exchanged (hearts for
    spades, ...): a point of the same length and pips, sequences of the same lengths and tops; then the two
    hands exchange seats. Why every verdict is kept: equal holdings are equal, good for neither player, and the
    seat decides nothing, so in either seat no category has a winner and neither player scores for point,
    sequences or sets. (Neither can hold a set: each holds at most two cards of a rank here, and a set of
    equal strength on both sides would need six cards of one rank.)"""
    a, b = deal.hands
    for elder, younger in ((a, b), (b, a)):
        for c in compare_hands(elder, younger).all():
            assert c.winner is None and c.elder_key == c.younger_key
            assert c.elder_points == c.younger_points == 0
    result = score(deal)
    for player in PLAYERS:
        assert set(declaration_points(result, player).values()) == {0}


@pytest.mark.rules("declare.sinking")
@props
@given(any_deals(), st.sampled_from(PLAYERS), st.sampled_from(DECL_CATEGORIES))
def test_sinking_a_category_never_increases_the_sinkers_points(deal: Deal, player: Player, category: DeclCategory) -> None:
    """Sinking scores nothing there, leaves his other categories, and can only help the adversary."""
    full = score(deal)
    sunk = score(deal.with_declare(player, {category: "none"}))
    adv = other(player)
    mine_full, mine_sunk = declaration_points(full, player), declaration_points(sunk, player)
    assert mine_sunk[category] == 0
    assert all(mine_sunk[c] == mine_full[c] for c in DECL_CATEGORIES if c != category)
    # what is not declared does not bar the adversary: he scores his holdings there as if unopposed
    assert declaration_points(sunk, adv)[category] == unopposed_points(deal.hands[PLAYERS.index(adv)], category)
    assert sunk.comparison.category(category).status(player) == "none"
    assert all(declaration_points(sunk, adv)[c] >= declaration_points(full, adv)[c] for c in DECL_CATEGORIES)
    assert sunk.score(player).total <= full.score(player).total
    assert sunk.score(adv).total >= full.score(adv).total


@pytest.mark.rules("declare.sinking")
@props
@given(any_deals(), st.sampled_from(PLAYERS), st.data())
def test_declaring_less_never_gains_and_never_costs_the_adversary(deal: Deal, player: Player, data: st.DataObject) -> None:
    """Any sinking or calling less scores the caller no more, per category and in total, and the adversary no less."""
    choice = data.draw(declare_choices(deal.hands[PLAYERS.index(player)]), label="declare")
    full = score(deal)
    less = score(deal.with_declare(player, choice))
    adv = other(player)
    for c in DECL_CATEGORIES:
        assert declaration_points(less, player)[c] <= declaration_points(full, player)[c]
        assert declaration_points(less, adv)[c] >= declaration_points(full, adv)[c]
    assert less.score(player).total <= full.score(player).total
    assert less.score(adv).total >= full.score(adv).total


@pytest.mark.rules("declare.barred")
@props
@given(declaring_deals(), st.sampled_from(PLAYERS), st.sets(st.sampled_from(DECL_CATEGORIES), min_size=1))
def test_barring_a_category_never_gains_and_changes_neither_the_verdicts_nor_the_adversarys_score(
    deal: Deal, player: Player, barred: set[DeclCategory]
) -> None:
    """A holding barred from scoring is compared as declared and saves as if scored: the verdicts and every
    score of the adversary stand; the barred player scores nothing in those categories, the same in the
    others, and no more in all; `score_deal`'s postconditions hold."""
    full = score(deal)
    record = deal.record()
    record[player] = {**record[player], "barred": sorted(barred)}
    less = score_deal(record)
    adv = other(player)
    assert less.comparison == full.comparison
    assert less.score(adv) == full.score(adv)
    mine, was = declaration_points(less, player), declaration_points(full, player)
    assert all(mine[c] == (0 if c in barred else was[c]) for c in DECL_CATEGORIES)
    assert all(getattr(less.score(player), k) == getattr(full.score(player), k) for k in ("carte_blanche", "play", "cards", "capot"))
    assert less.score(player).total <= full.score(player).total
    assert broken(less) == []


# ---------------------------------------------------------------------------------- bad input


def score_or_piquet_error(data: Any) -> DealResult | None:
    """Score `data`; a PiquetError with a catalogued code is an answer, anything else fails the test."""
    try:
        return score_deal(data)
    except PiquetError as exc:
        assert exc.code in error_catalogue() or exc.code == "spec-invalid"
        assert str(exc)
        return None


@props
@given(junk_records())
def test_junk_input_raises_only_piquet_errors(data: Any) -> None:
    """score_deal on arbitrary JSON-like junk returns a result or raises a typed PiquetError, nothing else."""
    score_or_piquet_error(data)


@props
@given(mutated_records())
def test_a_record_with_one_card_mutated_raises_only_piquet_errors(data: Any) -> None:
    """A legal record with one card replaced (another card, a bad spelling, junk) is scored or rejected typed."""
    result = score_or_piquet_error(data)
    if result is not None:
        hands = cards_of(result.hands[0]) + cards_of(result.hands[1])
        assert len(set(hands)) == 2 * RULES.pack.hand_size


@props
@given(st.from_regex(RULESET_ID, fullmatch=True))
@example("a" * 300)
def test_any_ruleset_id_is_known_or_a_piquet_error(name: str) -> None:
    """A ruleset id of the right shape either names a ruleset or is rejected as ruleset-unknown."""
    score_or_piquet_error({"ruleset": name, "elder": {"hand": []}, "younger": {"hand": []}})


@props
@given(deals(min_tricks=1), st.data())
def test_a_trick_that_is_not_a_list_of_two_cards_is_rejected(deal: Deal, data: st.DataObject) -> None:
    """A trick must be a [lead, follow] list (or a string of two cards); a mapping is malformed input."""
    record = deal.record()
    i = data.draw(st.integers(0, len(record["tricks"]) - 1), label="trick")
    lead, follow = record["tricks"][i]
    record["tricks"][i] = {lead: 0, follow: 1}
    with pytest.raises(PiquetError):
        score_deal(record)


def test_strategies_cover_the_pack_and_the_default_ruleset() -> None:
    """The strategies' pack is the ruleset's: 32 distinct cards, as hands plus stock."""
    assert len(set(PACK)) == len(PACK) == 2 * RULES.pack.hand_size + RULES.pack.stock_size
    assert cards_of(hand_of(PACK)) == tuple(sorted(PACK, key=lambda c: (c >> 3, -(c & 7))))


@props
@given(st.integers(0, 2**64), st.one_of(st.none(), st.integers(0, RULES.play.tricks)))
def test_the_generator_deals_legal_reproducible_records(seed: int, tricks: int | None) -> None:
    """piquet_ref.deal.generate (used by the benchmarks and the fuzzer): a legal record for every seed, the
    same record for the same seed, with the number of tricks asked for (all twelve by default)."""
    record = random_record(random.Random(seed), tricks=tricks)
    assert record == random_record(random.Random(seed), tricks=tricks)
    result = score_deal(record)
    assert len(result.tricks) == (RULES.play.tricks if tricks is None else tricks)
    assert result.complete == (len(result.tricks) == RULES.play.tricks)
