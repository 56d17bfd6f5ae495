"""The contracts of the scoring core's exchange, play-counting and bonus functions, evaluated at run time.

`scoring` (`resolve`), `accretion` (`bar_step`, `bonuses`), `exchange` and `counts` carry their contracts in their own
docstrings (CrossHair is not given them: they take a ruleset, whole hands, positions or records);
`play.check_trick` and the refusals of the exchange's checks are stated by the wrappers of
`verification/contracts/play.py`. Each condition is read from the docstring as CrossHair reads it and evaluated
on every input of a box where the domain is small (`bar_step`'s states, two scores for `bonuses`, the plies
asked of a small position, every card played to one), else on Hypothesis hands, discards, deals and records
of `piquet_ref.strategies` under every ruleset, and on the positions of the machine's walks. A calibration
requires the same checks to find bugs planted in copies of the modules, each by the postcondition it names.
"""

from __future__ import annotations

from importlib import import_module
from itertools import product
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_ref.deal import counts
from piquet_ref.hand import play
from verification.contracts import play as play_contracts
from piquet_ref.deal import accretion, normal_form, result, scoring
from piquet_ref.deal.irregular import resolution
from piquet_ref.hand.cards import PACK_SIZE, Hand, cards_of, format_cards, hand_of, pack_of_hand
from piquet_ref.hand.declarations import DeclareChoice
from piquet_ref.deal.counts import Position
from piquet_ref.rules.laws import NUMBERS
from piquet_ref.rules.loader import load_ruleset
from piquet_ref.rules.tables import ruleset_ids
from piquet_ref.machine.state import DealState, record
from piquet_ref.deal.record import DealRecord, parse_record
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.ruleset import CATEGORIES, PLAYERS, other
from piquet_ref.strategies import RS, deal_records, disjoint_hands, hand_records

from verification.calibration.planted_deal import Plant, planted_function
from verification.crosshair import contracts
from verification.walks import walks
from verification.runtime import assert_caught, broken, conditions, plant
from verification.runtime import holds
from tests.support import examples

exchange = import_module("piquet_ref.hand.exchange")  # the package exports the function `exchange` under the module's name
RULESETS = tuple(load_ruleset(i) for i in ruleset_ids())
OTHERS = {"score_deal", "cards_scores"}  # contracts checked elsewhere (score_deal: tests/test_deal_contracts.py)
CHECKED = {
    scoring: {"resolve"},
    normal_form: {"is_regular", "dealt_hands", "dealt_packs", "hands_as_given", "resolved", "regular_form"},
    resolution: {"irregular_form"},
    accretion: {"bar_step", "bonuses", "tricks_for_the_cards", "score_normal_form", "scored"},
    result: {"holding_scores"},
    exchange: {"check_discard", "exchange", "check_deal", "deal_exchange", "exchanged_packs"},
    counts: {"count_discards", "legal_plies", "legal_hand", "after_ply", "plies_left", "count_play", "check_position", "position_of"},
    play_contracts: {"trick_refused", "discard_refused", "deal_check_refused", "ply_refused", "position_refused"},
}
STATES = tuple(product((-2, -1, 0, 1, 2), (-1, 0, 5, 30), (-1, 0, 5, 30)))  # bar_step's states, a little past its domain
SCORES = tuple(product((-1, 0, 1, 2), CATEGORIES, (0, 10, 30)))  # one score: player, category, points


def test_every_function_with_a_contract_in_these_modules_is_checked_here() -> None:
    for module, functions in CHECKED.items():
        own = {c.function for c in contracts((module.__name__,))} - OTHERS
        assert own == functions, module.__name__


def test_every_contract_here_names_rules_or_laws_that_exist() -> None:
    ids = set(RS.rules)
    for c in contracts(tuple(m.__name__ for m in CHECKED)):
        assert c.rules or c.laws, f"{c.function}: no `rules:` or `laws:` line"
        assert set(c.rules) <= ids and set(c.laws) <= set(NUMBERS), (c.function, c.rules, c.laws)


# ------------------------------------------------------------------------------ boxes


def test_bar_step_keeps_its_postconditions_on_every_state_and_player() -> None:
    """declare.barred: a barred score saves as a score does and counts towards nothing."""
    admitted = [args for args in product(STATES, (-1, 0, 1, 2)) if broken(accretion, "bar_step", args) is not None]
    assert len(admitted) > 1 and len(admitted) < len(STATES) * 4
    assert all(holds(accretion, "bar_step", args) for args in admitted)


@pytest.mark.parametrize("acc", sorted({rs.accretion for rs in RULESETS}, key=repr), ids=lambda a: f"cumulative={a.cumulative}")
def test_bonuses_keep_their_postconditions_on_every_run_of_up_to_two_scores(acc: Any) -> None:
    runs = [()] + [(s,) for s in SCORES] + list(product(SCORES, repeat=2))
    admitted = [run for run in runs if broken(accretion, "bonuses", (run, acc)) is not None]
    assert 1 < len(admitted) < len(runs)
    assert all(holds(accretion, "bonuses", (run, acc)) for run in admitted)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.sampled_from(CATEGORIES), st.integers(0, 35)), max_size=10), st.sampled_from(RULESETS))
def test_bonuses_keep_their_postconditions_on_any_scores_under_every_ruleset(scores: list[tuple[int, str, int]], rs: Any) -> None:
    assert holds(accretion, "bonuses", (tuple(scores), rs.accretion))


def small_positions() -> list[Position]:
    """Positions of up to three cards a hand: each way of dealing the cards 0-5 of two suits (three each) or
    of the top cards of every suit, either player on lead, between tricks and after each possible lead."""
    out = []
    for pack in ((0, 1, 2, 8, 9, 10), (7, 15, 23, 31, 6, 14)):
        for mask in range(1 << len(pack)):
            mine = [c for i, c in enumerate(pack) if mask >> i & 1]
            if len(mine) * 2 != len(pack):
                continue
            theirs = [c for c in pack if c not in mine]
            for leader in PLAYERS:
                pos = Position(hand_of(mine), hand_of(theirs), leader)
                out += [pos] + [pos._replace(lead=c) for c in cards_of(pos.hand(leader))]
    return out


def test_the_play_counts_keep_their_postconditions_on_small_positions_for_every_number_of_plies() -> None:
    """play.follow-suit: a count of one ply is the legal plies; of more, the sum of the counts after each."""
    positions = small_positions()
    for pos in positions:
        for plies in range(-1, 8):
            holds(counts, "count_play", (pos, plies))
        holds(counts, "plies_left", (pos,))
        holds(counts, "legal_plies", (pos,))
        holds(counts, "legal_hand", (pos,))
        holds(counts, "check_position", (pos,))
        for card in range(-1, PACK_SIZE + 1):
            holds(counts, "after_ply", (pos, card))
            holds(play_contracts, "ply_refused", (pos, card))


BOX_HANDS = (Hand(0, 0, 0, 0), hand_of([0]), hand_of([0, 8]), hand_of([1, 9]), hand_of([8]), Hand(256, 0, 0, 0), Hand(0, -1, 0, 0))


def test_a_position_is_refused_exactly_when_broken_with_the_code_of_its_first_fault() -> None:
    """Every pair of hands of a box (valid, overlapping, not masks), every leader and lead, and a little past."""
    box = list(product(BOX_HANDS, BOX_HANDS, (-2, -1, 0, 1, 2), (-3, -2, -1, 0, 1, 8, 9, 31, 32, 33)))
    admitted = [args for args in box if broken(play_contracts, "position_refused", args) is not None]
    assert 1 < len(admitted) < len(box)
    assert all(holds(play_contracts, "position_refused", args) for args in admitted)
    assert all(holds(counts, "check_position", (Position(e, y, PLAYERS[p], None if c < 0 else c),)) for e, y, p, c in admitted if p >= 0 and c >= -1)


def test_check_position_keeps_its_postconditions_on_broken_positions() -> None:
    """What it accepts is a position: a shared card, an unknown leader or a lead not held are refused."""
    pos = small_positions()[0]
    not_held = cards_of(pos.younger if pos.leader == "elder" else pos.elder)[0]
    bad: list[Any] = [pos._replace(younger=pos.elder), pos._replace(lead=not_held), pos._replace(lead=not_held ^ 16), tuple(pos)]
    bad += [pos._replace(leader="dealer"), pos._replace(elder=(256, 0, 0, 0))]  # type: ignore[arg-type]
    for broken_pos in bad:
        holds(counts, "check_position", (broken_pos,))


# ------------------------------------------------------------------------------ Hypothesis inputs


@st.composite
def discards(draw: st.DrawFn) -> tuple[Any, ...]:
    """(player, dealt hand, discard, elder_discarded, ruleset, limits): a hand of twelve and a discard of up to
    nine cards drawn mostly from it, some from the rest of the pack, sometimes one twice."""
    deck = draw(st.permutations(range(PACK_SIZE)))
    dealt = deck[:12]
    pool = dealt * 3 + deck[12:15]
    discard = draw(st.lists(st.sampled_from(pool), max_size=9, unique=draw(st.integers(0, 3)) > 0))
    limits = draw(st.none() | st.tuples(st.integers(0, 3), st.integers(2, 8)))
    return draw(st.integers(0, 1)), hand_of(dealt), tuple(discard), draw(st.integers(0, 8)), draw(st.sampled_from(RULESETS)), limits


@settings(max_examples=examples(400), deadline=None)
@given(discards())
def test_a_discard_is_accepted_only_when_legal_and_refused_exactly_when_not(case: tuple[Any, ...]) -> None:
    player, dealt, discard, elder_discarded, rs, limits = case
    holds(exchange, "check_discard", (PLAYERS[player], dealt, discard, elder_discarded, rs, limits))
    holds(play_contracts, "discard_refused", (player, dealt, discard, elder_discarded))


@st.composite
def exchanges(draw: st.DrawFn) -> tuple[Hand, Hand, tuple[int, ...], tuple[int, ...], tuple[int, ...], Any]:
    """A shuffled pack dealt twelve, twelve and eight, and discards of 0-8 cards of each dealt hand (so of legal
    and illegal numbers), under any ruleset."""
    deck = draw(st.permutations(range(PACK_SIZE)))
    e, y = draw(st.permutations(deck[:12])), draw(st.permutations(deck[12:24]))
    return (hand_of(deck[:12]), hand_of(deck[12:24]), tuple(e[: draw(st.integers(0, 8))]), tuple(y[: draw(st.integers(0, 8))]),
            tuple(deck[24:]), draw(st.sampled_from(RULESETS)))


@settings(max_examples=examples(400), deadline=None)
@given(exchanges())
def test_the_hands_after_an_exchange_are_the_dealt_hands_less_the_discards_with_the_stock_taken_in_order(deal: tuple[Any, ...]) -> None:
    ed, yd, e_out, y_out, stock, rs = deal
    holds(exchange, "exchange", deal)
    holds(exchange, "deal_exchange", deal)
    holds(exchange, "exchanged_packs", (pack_of_hand(ed), pack_of_hand(yd), *deal[2:]))
    holds(exchange, "check_deal", (ed, yd, stock, rs))
    holds(counts, "count_discards", (ed, yd, stock, rs))


@st.composite
def odd_deals(draw: st.DrawFn) -> tuple[Hand, Hand, tuple[int, ...]]:
    """Hands of 11-13 cards and a stock of 7-9 drawn from the pack (what is left of it), a card sometimes given twice."""
    deck = draw(st.permutations(range(PACK_SIZE)))
    e, y, s = draw(st.integers(11, 13)), draw(st.integers(11, 13)), draw(st.integers(7, 9))
    stock = list(deck[e + y : e + y + s])
    if draw(st.booleans()) and stock:
        stock[-1] = deck[draw(st.integers(0, e + y + len(stock) - 2))]  # another card of the deal
    return hand_of(deck[:e]), hand_of(deck[e : e + y]), tuple(stock)


@settings(max_examples=examples(300), deadline=None)
@given(odd_deals())
def test_a_deal_is_accepted_only_when_regular_and_refused_exactly_when_not(deal: tuple[Hand, Hand, tuple[int, ...]]) -> None:
    holds(exchange, "check_deal", (*deal, RS))
    holds(play_contracts, "deal_check_refused", deal)
    holds(counts, "count_discards", (*deal, RS))


@settings(max_examples=examples(60), deadline=None)
@given(st.one_of(deal_records(), hand_records()))
def test_the_hands_of_a_record_and_the_position_it_reaches_keep_their_postconditions(record: dict[str, Any]) -> None:
    resolution_holds(parse_record(record))
    holds(counts, "position_of", (record,))


@settings(max_examples=examples(40), deadline=None)
@given(walks(irregular=True))
def test_the_hands_of_an_irregular_exchange_keep_their_postconditions(walk: tuple[list[int], tuple[Any, ...], DealState]) -> None:
    """Exchanges taking in more or fewer cards than discarded (laws 25-35), as the machine records them."""
    rec = record(walk[2])
    resolution_holds(parse_record(rec))
    holds(counts, "position_of", (rec,))


CAVENDISH = Path(__file__).resolve().parents[1] / "piquet_ref" / "examples" / "cavendish-example.yaml"


def test_the_normal_forms_predicates_refuse_a_form_wrong_in_what_each_speaks_of() -> None:
    """Each predicate of the resolution's postconditions holds of the form resolved from Cavendish's deal and fails
    on a form wrong in the one field it speaks of: a predicate weakened would let a wrong resolution pass unseen."""
    rec = parse_record(yaml.safe_load(CAVENDISH.read_text(encoding="utf-8")))
    deal = normal_form.regular_form(rec)
    e, y = deal.hands
    given = (rec, deal.hands, deal.carte_blanche)
    checks: list[tuple[Callable[..., bool], tuple[Any, ...], Any]] = [
        (normal_form.hands_taken_in_turn, (rec,), deal._replace(hands=(y, e))),
        (normal_form.hands_apart, (), deal._replace(hands=(e, e))),
        (normal_form.carte_blanche_as_dealt, (rec,), deal._replace(carte_blanche=(True, False))),
        (normal_form.carte_blanche_as_dealt, (rec,), deal._replace(carte_blanche=(False, True))),
        (normal_form.declarations_and_bars_as_recorded, (rec,), deal._replace(declare=(DeclareChoice(point="none"), deal.declare[1]))),
        (normal_form.declarations_and_bars_as_recorded, (rec,), deal._replace(barred=((), ("point",)))),
        (normal_form.hands_and_tricks_as_given, given, deal._replace(tricks=deal.tricks[:-1])),
        (normal_form.hands_and_tricks_as_given, given, deal._replace(carte_blanche=(True, False))),
        (normal_form.dealt_hands_as_recorded, (rec,), (y, e)),
        (normal_form.hands_after_the_exchange_as_recorded, (parse_record({"elder": {"hand": cards_text(e)}, "younger": {"hand": cards_text(y)}}),), (y, e)),
    ]
    right = {normal_form.dealt_hands_as_recorded: (hand_of(rec.elder.dealt or ()), hand_of(rec.younger.dealt or ())),
             normal_form.hands_after_the_exchange_as_recorded: (e, y)}
    for predicate, args, wrong in checks:
        assert predicate(*args, right.get(predicate, deal)), predicate.__name__
        assert not predicate(*args, wrong), (predicate.__name__, wrong)
    stock = rec.stock or ()
    assert normal_form.no_card_dealt_twice(rec)
    for dealt in (rec.elder.dealt or (), rec.younger.dealt or ()):  # a card of the stock dealt to either player too
        assert not normal_form.no_card_dealt_twice(rec._replace(stock=(dealt[0], *stock[1:])))


def cards_text(hand: Hand) -> list[str]:
    """A hand's cards written as a record writes them."""
    return list(format_cards(cards_of(hand), RS))


def resolution_holds(rec: DealRecord) -> None:
    """The record's resolution keeps the postconditions of every step it takes, regular or irregular."""
    holds(scoring, "resolve", (rec,))
    holds(normal_form, "is_regular", (rec,))
    holds(normal_form, "dealt_hands" if rec.elder.dealt is not None else "hands_as_given", (rec,))
    if rec.elder.dealt is not None:
        holds(normal_form, "dealt_packs", (rec,))
    holds(normal_form, "regular_form", (rec,)) if normal_form.is_regular(rec) else holds(resolution, "irregular_form", (rec,))
    try:
        deal = scoring.resolve(rec)
    except PiquetError:
        return
    holds(normal_form, "resolved", (rec, deal.hands, deal.carte_blanche))
    holds(accretion, "score_normal_form", (deal,))
    holds(accretion, "scored", (deal,))


@settings(max_examples=examples(80), deadline=None)
@given(disjoint_hands(), st.sampled_from(RULESETS), st.booleans())
def test_the_holdings_a_good_player_scores_keep_their_postconditions(hands: tuple[Hand, Hand], rs: Any, declared: bool) -> None:
    """What each holding of a hand scores, from all it holds or from its declaration of all (rules point.score,
    sequence.score, sets.score), under every ruleset."""
    from piquet_ref.hand.declarations import declare_all

    for hand in hands:
        for category in ("point", "sequences", "sets"):
            args = (category, declare_all(hand, rs) if declared else None, hand, rs)
            assert broken(result, "holding_scores", args) == [], args


def test_the_tricks_for_the_cards_keep_their_postconditions_on_every_count_under_every_ruleset() -> None:
    counts_ = range(-1, 14)
    for rs in RULESETS:
        admitted = [(w, c, rs) for w in product(counts_, counts_) for c in product((-1, 0, 1, 2), (-1, 0, 1, 2))
                    if broken(accretion, "tricks_for_the_cards", (w, c, rs)) is not None]
        assert len(admitted) == 14 * 14 * 9
        assert all(holds(accretion, "tricks_for_the_cards", args) for args in admitted)


@settings(max_examples=examples(300), deadline=None)
@given(disjoint_hands(), st.integers(0, 1), st.integers(0, PACK_SIZE - 1), st.integers(0, PACK_SIZE - 1), st.integers(0, 11))
def test_a_trick_is_refused_exactly_when_illegal_with_the_code_of_its_fault(hands: tuple[Hand, Hand], leader: int, lead: int, follow: int, number: int) -> None:
    if lead != follow:
        holds(play_contracts, "trick_refused", (*hands, leader, lead, follow, number))


@settings(max_examples=examples(60), deadline=None)
@given(walks(stop_anywhere=True))
def test_the_play_functions_keep_their_postconditions_where_the_machines_walks_stop(walk: tuple[list[int], tuple[Any, ...], DealState]) -> None:
    """Every card played to the position reached, legal or not; a count of a few plies from it."""
    pos = walk[2].position
    if pos is None:
        return
    holds(counts, "check_position", (pos,))
    holds(counts, "legal_plies", (pos,))
    holds(counts, "plies_left", (pos,))
    if counts.plies_left(pos) <= 6:
        holds(counts, "count_play", (pos, 3))
    leader, follower = pos.hand(pos.leader), pos.hand(other(pos.leader))
    for card in range(PACK_SIZE):
        holds(counts, "after_ply", (pos, card))
        holds(play_contracts, "ply_refused", (pos, card))
        if pos.lead is not None and card != pos.lead:
            holds(play_contracts, "trick_refused", (leader, follower, PLAYERS.index(pos.leader), pos.lead, card, 0))


# ------------------------------------------------------------------------------ calibration


CALIBRATION_POSITIONS = small_positions()[::3]
CALIBRATION_DEALS = [(hand_of(range(k, k + 12)), hand_of([c % 32 for c in range(k + 12, k + 24)]), tuple(c % 32 for c in range(k + 24, k + 32))) for k in (0, 5, 13)]
CALIBRATION_ARGS: dict[str, Callable[[], list[tuple[Any, ...]]]] = {
    "deal_exchange": lambda: [(e, y, cards_of(e)[:a], cards_of(y)[:b], s, RS) for e, y, s in CALIBRATION_DEALS for a in range(1, 6) for b in range(1, 9 - a)],
    "count_discards": lambda: [(e, y, s, rs) for e, y, s in CALIBRATION_DEALS for rs in RULESETS],
    "legal_plies": lambda: [(p,) for p in CALIBRATION_POSITIONS],
    "after_ply": lambda: [(p, c) for p in CALIBRATION_POSITIONS for c in counts.legal_plies(p)],
    "bar_step": lambda: [(s, p) for s in ((-1, 0, 0), (0, 5, 5), (1, 10, 20)) for p in (0, 1)],
    "bonuses": lambda: [(tuple((0, c, n) for c in ("point", "sequences", "sets")), RS.accretion) for n in range(5, 16)],
    "discard_refused": lambda: [(p, e, cards_of(e)[:n], 1) for e, _, _ in CALIBRATION_DEALS for p in (0, 1) for n in range(9)],
    "ply_refused": lambda: [(p, c) for p in CALIBRATION_POSITIONS for c in range(PACK_SIZE)],
    "trick_refused": lambda: [(e, y, 0, lead, follow, 1) for e, y, _ in CALIBRATION_DEALS for lead in cards_of(e) for follow in cards_of(y)],
}

def post(module: Any, function: str, opening: str) -> str:
    """The one postcondition of `function` that opens with `opening` (what a planted bug must break)."""
    found = [c.condition for c in contracts((module.__name__,)) if c.function == function and c.kind == "post" and c.condition.startswith(opening)]
    assert len(found) == 1, (function, opening, found)
    return found[0]


PLANTED: tuple[tuple[Any, str, Plant], ...] = (
    (exchange, "deal_exchange", Plant("younger-takes-the-elders-cards", "the younger takes in from the top of the stock, not where the elder stopped",
     "stock[k : k + len(younger_discard)]", "stock[: len(younger_discard)]", post(exchange, "deal_exchange", "younger_takes_in_where_the_elder_stopped("))),
    (counts, "count_discards", Plant("younger-most-left-out", "the younger may not discard his most",
     "for j in range(y_lo, min(y_hi, n) + 1))", "for j in range(y_lo, min(y_hi, n)))", post(counts, "count_discards", "younger_discards_within_his_limits("))),
    (counts, "legal_plies", Plant("no-need-to-follow", "the follower may play any card he holds to a card led",
     "return follows_in(pos.hand(other(pos.leader)), pos.lead >> 3)", "return pos.hand(other(pos.leader))",
     post(counts, "legal_plies", "follower_follows_suit_if_he_can("))),
    (counts, "after_ply", Plant("winner-loses-the-lead", "the winner of a trick does not lead to the next",
     "follower if beats(pos.lead, card) else pos.leader)", "pos.leader if beats(pos.lead, card) else follower)",
     post(counts, "after_ply", "winner_of_the_trick_leads_next("))),
    (accretion, "bar_step", Plant("barred-score-never-saves", "a barred score made after the adversary scored first lets him go on to a bonus",
     "return state if first == player else None", "return state", post(accretion, "bar_step", "(__return__ is None) =="))),
    (accretion, "bonuses", Plant("repique-one-point-late", "a repique needs one point more than its threshold",
     "if rep_total >= rep.threshold and", "if rep_total > rep.threshold and", post(accretion, "bonuses", "every_bonus_reached_is_won("))),
)
PLANTED_CHECKS: tuple[tuple[Any, str, str, Plant], ...] = (  # bugs in the checked module's source, judged through a wrapper
    (exchange, "discard_refused", "check_discard", Plant("younger-limit-of-the-elder", "the younger's most is the elder's",
     "    remaining = ruleset.pack.stock_size - elder_discarded\n", "    remaining = ex.elder_max\n", post(play_contracts, "discard_refused", '(__return__[0] == "") =='))),
    (counts, "ply_refused", "after_ply", Plant("lead-out-of-turn-accepted", "a lead of the adversary's card is taken as a lead",
     "if not legal_hand(pos)[card >> 3] >> (card & 7) & 1:", "if not legal_hand(pos)[card >> 3] >> (card & 7) & 1 and card not in cards_of(pos.hand(other(pos.leader))):",
     post(play_contracts, "ply_refused", '(__return__[0] == "play-out-of-turn") =='))),
    (play, "trick_refused", "check_trick", Plant("void-revokes", "a follower holding none of the suit led revokes by playing another",
     "if follow >> 3 != lead >> 3 and follower_hand[lead >> 3]:", "if follow >> 3 != lead >> 3:",
     post(play_contracts, "trick_refused", '(__return__[0] == "play-revoke") =='))),
)


@pytest.mark.parametrize("module, function, bug", PLANTED, ids=[b.name for _, _, b in PLANTED])
def test_the_run_time_check_finds_each_bug_planted_in_the_core(module: Any, function: str, bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    plant(monkeypatch, module, function, bug)
    assert_caught(bug, {b for args in CALIBRATION_ARGS[function]() for b in broken(module, function, args) or ()})


@pytest.mark.parametrize("module, wrapper, function, bug", PLANTED_CHECKS, ids=[b.name for *_, b in PLANTED_CHECKS])
def test_the_wrappers_find_each_bug_planted_in_the_checks_they_state(module: Any, wrapper: str, function: str, bug: Plant, monkeypatch: pytest.MonkeyPatch) -> None:
    conditions(play_contracts, wrapper)
    monkeypatch.setattr(play_contracts, function, planted_function(Path(module.__file__), bug, function))
    assert_caught(bug, {b for args in CALIBRATION_ARGS[wrapper]() for b in broken(play_contracts, wrapper, args) or ()})


@pytest.mark.parametrize("function", sorted(CALIBRATION_ARGS))
def test_the_calibrations_inputs_break_nothing_in_the_unplanted_core(function: str) -> None:
    module = next(m for m in CHECKED if function in CHECKED[m])
    assert all(holds(module, function, args) for args in CALIBRATION_ARGS[function]())
