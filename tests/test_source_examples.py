"""Every worked example of one deal in the sources reproduces the figures the source prints.

The deals are the corpus cases in conformance/cases/source-examples/ (cards, exchange and play);
the figures below are the ones printed in the sources, not computed by this project. Where a
source is internally wrong, the test says so and pins the correct reading.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from piquet_ref import format_cards, score_deal
from piquet_ref.deal.result import DealResult

CASES = Path(__file__).resolve().parent.parent / "conformance" / "cases" / "source-examples"


def score(name: str) -> DealResult:
    data: dict[str, Any] = yaml.safe_load((CASES / f"{name}.yaml").read_text(encoding="utf-8"))
    return score_deal(data["input"])


def running(result: DealResult) -> list[tuple[int, int]]:
    return [t.running for t in result.tricks]


def test_cavendish_example_is_28_to_23_with_every_running_total() -> None:
    """000 §Example (and 003): A 28, B 23; the running totals of the text after every trick."""
    r = score("cavendish-example-28-23")
    assert (r.elder.total, r.younger.total) == (28, 23)
    assert (r.elder.point, r.elder.sequences, r.younger.sets) == (5, 4, 17)
    elder_stated = [10, 11, 12, 13, 14, 15, 15, 15, 15, 15, 16, 18]
    younger_stated = [17, 17, 17, 17, 17, 18, 19, 20, 21, 22, 23, 23]
    assert running(r) == list(zip(elder_stated, younger_stated))


def test_cavendish_example_003_clubs_misprint_reads_spades() -> None:
    """003 has A keep the ace and knave 'of clubs' while B runs his clubs; B leads the ace of clubs, so A's are spades (as 000)."""
    r = score("cavendish-example-28-23")
    assert format_cards([r.tricks[6].lead]) == ["AC"] and r.tricks[6].leader == "younger"
    elder_last = {t.follow for t in r.tricks[10:11]} | {t.lead for t in r.tricks[11:]}
    assert sorted(format_cards(elder_last)) == ["AS", "JS"]


def test_hoyle_modernized_example_is_43_to_23_and_no_pique_at_30() -> None:
    """002: A 43, B 23; A's running totals 24..33; A reaches 30 at trick 10 but B has counted 17: no pique."""
    r = score("hoyle-modernized-example-43-23")
    assert (r.elder.total, r.younger.total) == (43, 23)
    assert [e for e, _ in running(r)] == [25, 26, 26, 26, 26, 26, 27, 28, 29, 30, 31, 33]
    assert [y for _, y in running(r)] == [17, 18, 19, 20, 21, 22, 23, 23, 23, 23, 23, 23]
    assert (r.elder.point, r.elder.sequences, r.younger.sets) == (6, 18, 17)
    assert r.elder.pique == 0


def test_hoyle_170_hand() -> None:
    """002: 3 + 12 + 42 + 60 + 12 + 1 + 40 = 170."""
    e = score("hoyle-170-four-major-tierces").elder
    assert (e.point, e.sequences, e.sets, e.repique, e.play, e.cards + e.capot, e.total) == (3, 12, 42, 60, 13, 40, 170)


def test_capot_example_is_66_without_pique() -> None:
    """000 §Scoring: 13 in hand + 13 in play = 26, + 40 for the capot = 66; the capot never makes a pique."""
    e = score("capot-66-no-pique").elder
    assert (e.point + e.sequences + e.sets, e.play, e.total, e.pique) == (13, 13, 66, 0)
    assert (e.cards, e.capot) == (10, 30)


def test_pique_example_counts_sixty_on_the_lead_that_makes_thirty() -> None:
    """000/003: 23 in hand, quint and two aces led: the seventh lead makes 30, counted 'sixty'."""
    r = score("pique-sixty")
    assert r.elder.point + r.elder.sequences + r.elder.sets == 23
    assert r.tricks[5].running[0] == 29 and r.tricks[6].running[0] == 60


def test_repique_example_counts_ninety_four() -> None:
    """000/002/003: point 5 + quint 15 + quatorze 14 = 34 in hand, counted 'ninety-four'.

    001 says a repique 'adds 90'; it is the count of thirty that becomes ninety, so sixty is added
    (L68; 000 and 004 count 34 as 94). This pins +60.
    """
    r = score("repique-ninety-four")
    hand = [e for e in r.events if e.trick is None and e.player == "elder"]
    assert hand[-1].running[0] == 94 and r.elder.repique == 60


def test_equality_does_not_save_a_pique() -> None:
    """000/003: point equal, quint and quatorze good = 29; a lead makes 30: pique."""
    e = score("equality-does-not-save-pique").elder
    assert e.point == 0 and e.sequences + e.sets == 29 and e.pique == 30


def test_younger_good_point_prevents_repique_of_32() -> None:
    """000/003: quint, tierce and quatorze make 32 in hand, but the younger's good point reckons first: no repique."""
    e = score("point-not-good-no-repique").elder
    assert e.sequences + e.sets == 32 and e.repique == 0 and e.pique == 0


def test_three_tens_save_a_pique() -> None:
    """000/003: huitieme 26 + tierce 3 + a lead = 30, but three tens reckon before play: no pique."""
    r = score("three-tens-save-pique")
    assert r.elder.point + r.elder.sequences == 29 and r.younger.sets == 3 and r.elder.pique == 0


def test_carte_blanche_counts_toward_a_repique() -> None:
    """000/003, L18: carte blanche 10 + point and quint good = 30 in hand: repique."""
    e = score("carte-blanche-counts-toward-repique").elder
    assert e.carte_blanche == 10 and e.repique == 60


def test_carte_blanche_saves_pique_and_repique() -> None:
    """000/003, L18: the younger's carte blanche reckons first and saves him from pique and repique."""
    assert score("carte-blanche-saves-repique").elder.repique == 0
    assert score("carte-blanche-saves-pique").elder.pique == 0


def test_sequence_example_scores_seven_and_000_quart_to_a_ten_is_a_knave() -> None:
    """000/003: quart to a queen good, tierce minor too: 7; B's quart (000 misprints 'to a ten') is to a knave and scores 0."""
    r = score("good-sequence-scores-lesser-sequences")
    assert (r.elder.sequences, r.younger.sequences) == (7, 0)
    best = r.comparison.sequences.younger_key
    assert best is not None and best[0] == 4 and r.ruleset.pack.ranks[best[1]].name == "knave"


def test_equal_best_sequences_nullify_every_sequence() -> None:
    """000/001/003: tierce major against tierce major: neither scores any sequence."""
    r = score("equal-sequences-nullify-all")
    assert (r.elder.sequences, r.younger.sequences) == (0, 0)


def test_quatorze_of_tens_beats_three_aces() -> None:
    """000/003: four tens and three knaves score 17; three aces nothing."""
    r = score("quatorze-of-tens-beats-three-aces")
    assert (r.elder.sets, r.younger.sets) == (17, 0)


def test_point_of_forty_eight_against_47_48_49() -> None:
    """000/003: A K J 9 8 = 48 is good against 47, equal against 48, not good against 49."""
    good = score("point-48-good")
    assert good.comparison.point.elder_key == (5, 48) and good.elder.point == 5
    assert score("point-48-equal").comparison.point.outcome == "equal"
    assert score("point-48-not-good").younger.point == 5


def test_six_tricks_each_is_no_capot_though_004_says_half_the_tricks_make_one() -> None:
    """004's main text gives the capot for 'half the tricks'; its glossary and every other source say
    every trick (L66). Six tricks each divide the cards and score neither the cards nor a capot."""
    data: dict[str, Any] = yaml.safe_load(
        (CASES.parent / "hands" / "six-tricks-each-divides-the-cards.yaml").read_text(encoding="utf-8")
    )
    r = score_deal(data["input"])
    assert [t.winner for t in r.tricks].count("elder") == 6
    assert (r.elder.cards, r.elder.capot, r.younger.cards, r.younger.capot) == (0, 0, 0, 0)


def test_the_last_trick_counts_one_more_not_two_more() -> None:
    """001's 'the last trick counts 2' could be read as two on top of the lead; 000's running totals
    (16 before the last lead, 18 after it, A leading and winning) and 002's (31 -> 33) pin one more."""
    cavendish = running(score("cavendish-example-28-23"))
    hoyle = running(score("hoyle-modernized-example-43-23"))
    assert cavendish[-1][0] - cavendish[-2][0] == 2 and hoyle[-1][0] - hoyle[-2][0] == 2


def test_case_i_the_elder_cannot_score_the_point_and_the_youngers_saves_the_repique() -> None:
    """CD I, L46: four cards answered equal by five; the elder scores no point, the younger's five are barred
    from scoring yet beat the four and save the elder's 36 in hand from a repique."""
    r = score("case-i-equal-reply-bars-the-longer-point")
    assert r.comparison.good("point") == 1 and r.elder.point == 0 and r.younger.point == 0
    assert r.elder.sequences + r.elder.sets >= 30 and r.elder.repique == 0 and r.younger.total == 0


def test_case_iv_aces_declared_by_implication_bar_the_knaves_and_are_lost() -> None:
    """CD IV, L56: three aces implied by the calls, not reckoned before the younger plays, score nothing, and
    the younger cannot reckon his three knaves."""
    r = score("case-iv-aces-by-implication-bar-the-knaves")
    assert r.comparison.good("sets") == 0 and r.elder.sets == 0 and r.younger.sets == 0
    assert format_cards(r.declaration("younger").sets[0].cards, r.ruleset) == ["JH", "JD", "JC"]
