"""`piquet-ref odds` (docs/cli.md): the take-in calculator, one chance, ranked discards, the
hand counts, the sources' table; text and JSON; errors. Figures are the sources' (004, 002) or binomials."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from piquet_ref.cli.main import main
from piquet_ref.docs.odds_figures import markdown

ROOT = Path(__file__).resolve().parent.parent
CAVENDISH_ELDER = "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D".split()
NO_ACE = "KS QS TS 8S KH JH 9H 7H QD TD 9C 8C".split()
Capsys = pytest.CaptureFixture[str]


def run(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_calculator_shows_every_distribution_of_the_take_in(capsys: Capsys) -> None:
    code, out, err = run(capsys, "odds", *CAVENDISH_ELDER, "--discard", "KS 8C 7C 9D 8D")
    assert (code, err) == (0, "")
    assert "takes in  5 of 20 unseen cards: 15,504 take-ins" in out
    for title in ("point after taking in", "best sequence after taking in", "best quatorze or trio", "court cards taken in"):
        assert title in out
    assert "carte blanche" not in out


def test_the_calculator_in_json_gives_distributions_that_sum_to_one(capsys: Capsys) -> None:
    code, out, _ = run(capsys, "odds", *CAVENDISH_ELDER, "--discard", "KS 8C 7C 9D 8D", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["combinations"] == comb(20, 5) and data["carte_blanche"] is False
    for key in ("point", "sequence", "sets", "courts"):
        assert sum(Fraction(row["probability"]) for row in data[key]) == 1
        assert sum(row["take_ins"] for row in data[key]) == comb(20, 5)
    assert {row["courts"]: row["take_ins"] for row in data["courts"]}[0] == comb(13, 5)  # he holds 5 courts: 7 unseen, 13 others
    knave = next(row for row in data["sets"] if row["name"] == "quatorze of knaves")
    assert (knave["count"], knave["rank"]) == (4, "J")


def test_a_carte_blanche_hand_is_told_what_can_rescue_it(capsys: Capsys) -> None:
    code, out, _ = run(capsys, "odds", "AS TS 9S 8S AH TH 9H 8H AD TD 9D 8D", "--discard", "8S 8H 8D 9D 9S")
    assert code == 0 and "(the hand is carte blanche: a court card taken in is what can rescue it)" in out


def test_one_chance_de_moivre_1(capsys: Capsys) -> None:
    """004 dM1: 29 to 28."""
    code, out, _ = run(capsys, "odds", *NO_ACE, "--player", "younger", "--take", "3", "--if", "taken: A")
    assert code == 0
    assert "chance 29/57" in out and "(29 to 28 on)" in out and "580 of 1,140 take-ins" in out


def test_one_chance_in_json_is_the_op_result_with_the_condition(capsys: Capsys) -> None:
    code, out, _ = run(capsys, "odds", *NO_ACE, "--discard", "8S 9H 7H 9C 8C", "--if", "{taken: A}", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["probability"] == "232/323" and data["condition"] == {"taken": "A"}


def test_a_bare_small_rank_in_a_yaml_condition_is_that_rank(capsys: Capsys) -> None:
    """YAML reads `9` as a number; the command line takes it as the nine."""
    code, out, _ = run(capsys, "odds", *NO_ACE, "--discard", "8S 9H 7H 9C 8C", "--if", "taken: 9", "--format", "json")
    # two nines unseen (9S, 9D) of twenty: 1 - C(18,5)/C(20,5)
    assert code == 0 and Fraction(json.loads(out)["probability"]) == 1 - Fraction(comb(18, 5), comb(20, 5))


def test_ranking_every_discard_of_an_elder_hand(capsys: Capsys) -> None:
    code, out, _ = run(capsys, "odds", *CAVENDISH_ELDER, "--rank-by", "point: 6", "--top", "3")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "the elder's 1,585 legal discards, by the chance of a point of 6 cards or more"
    assert len(lines) == 2 + 3


def test_ranking_in_json_lists_the_best_first(capsys: Capsys) -> None:
    code, out, _ = run(capsys, "odds", *CAVENDISH_ELDER, "--rank-by", "quatorze: J", "--top", "0", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["discards"] == len(data["ranked"]) == 1585
    chances = [Fraction(r["probability"]) for r in data["ranked"]]
    assert chances == sorted(chances, reverse=True)
    assert chances[0] == Fraction(comb(19, 4), comb(20, 5))  # keeping the three knaves, JD among five of twenty
    assert chances[-1] == 0  # a knave discarded


def test_the_hand_counts_of_de_moivres_fifth_problem(capsys: Capsys) -> None:
    code, out, _ = run(capsys, "odds", "--hands", "--format", "json")
    assert code == 0 and json.loads(out)["total"] == 225_792_840
    code, out, _ = run(capsys, "odds", "--hands")
    assert code == 0 and "225,792,840" in out and "28,957,278" in out


def test_the_sources_table_is_printed_whole(capsys: Capsys) -> None:
    code, out, _ = run(capsys, "odds", "--sources")
    assert code == 0 and out == markdown()


def test_no_hand_and_no_take_is_a_usage_error(capsys: Capsys) -> None:
    code, out, err = run(capsys, "odds")
    assert (code, out) == (2, "") and "give the hand" in err


def test_rank_by_with_a_discard_is_a_usage_error(capsys: Capsys) -> None:
    code, out, err = run(capsys, "odds", *CAVENDISH_ELDER, "--rank-by", "point: 6", "--discard", "KS")
    assert (code, out) == (2, "") and "--rank-by" in err


@pytest.mark.parametrize(
    "argv, code",
    [
        (["--discard", "KS 8C 7C 9D 8D", "--if", "quatorze: 9"], "record-invalid"),
        (["--discard", "KS 8C 7C 9D 8D", "--if", "{point: [6"], "input-unreadable"),
        (["--discard", "KS TS"], "exchange-discard-not-held"),
        (["--rank-by", "point: 6", "--player", "younger", "--seen", "AS"], "card-duplicate"),
    ],
)
def test_a_bad_question_is_a_typed_error(capsys: Capsys, argv: list[str], code: str) -> None:
    status, out, err = run(capsys, "odds", *CAVENDISH_ELDER, *argv)
    assert (status, out) == (1, "") and err.startswith(f"piquet-ref: error: {code}") and "Traceback" not in err


def test_help_explains_conditions(capsys: Capsys) -> None:
    with pytest.raises(SystemExit):
        main(["odds", "--help"])
    out, _ = capsys.readouterr()
    assert "conditions (--if, --rank-by)" in out and "quatorze: Q" in out
