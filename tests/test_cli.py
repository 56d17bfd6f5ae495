"""The `piquet-ref` command line (docs/cli.md): commands, formats, inputs and exit codes.

Exit codes: 0 success; 1 the input was read but the laws reject it or it is malformed (the error
code on stderr, never a traceback); 2 usage error or unreadable input file. The figures of the
bundled example are Cavendish's (000 §Example): A (elder) 28, B (younger) 23.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

import piquet_ref
from piquet_ref import load_ruleset
from piquet_ref.cli.main import main
from piquet_ref.rules.tables import ruleset_ids

EXAMPLE_PATH = Path(piquet_ref.__file__).resolve().parent / "examples" / "cavendish-example.yaml"
EXAMPLE_TEXT = EXAMPLE_PATH.read_text(encoding="utf-8")
EXAMPLE: dict[str, Any] = yaml.safe_load(EXAMPLE_TEXT)

# docs/formats.md, "The result": the ten fixed keys of each player.
SCORE_KEYS = {"carte_blanche", "point", "sequences", "sets", "repique", "pique", "play", "cards", "capot", "total"}

Capsys = pytest.CaptureFixture[str]


def run(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def usage_error(capsys: Capsys, *argv: str) -> str:
    """Run argv, expecting argparse's usage error: exit status 2 and a message on stderr."""
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    out, err = capsys.readouterr()
    assert info.value.code == 2 and out == ""
    assert "usage:" in err and "Traceback" not in err
    return err


def rejected(capsys: Capsys, code: str, *argv: str, status: int = 1) -> str:
    """Run argv, expecting the typed error `code` on stderr and exit `status`; stdout stays empty."""
    got, out, err = run(capsys, *argv)
    assert (got, out) == (status, "")
    assert err.startswith(f"piquet-ref: error: {code}"), err
    assert "Traceback" not in err and err.count("\n") == 1
    return err


def totals(text: str) -> tuple[int, int]:
    found = {m[0]: int(m[1]) for m in re.findall(r"^Total (elder|younger)\s+(\d+)", text, re.MULTILINE)}
    return found["elder"], found["younger"]


# --- score -----------------------------------------------------------------------------------------


def test_score_example_prints_the_ledger_with_cavendish_totals_28_and_23(capsys: Capsys) -> None:
    code, out, err = run(capsys, "score", "--example")
    assert (code, err) == (0, "")
    assert totals(out) == (28, 23)
    # The ledger names each score's rule id (spec/rules) and ends each line with the running totals.
    for rule in ("point.score", "sequence.score", "sets.score", "play.lead-point", "play.last-trick", "cards.majority"):
        assert rule in out
    assert load_ruleset().id in out


def test_score_example_ledger_running_totals_read_as_cavendish_counts_aloud(capsys: Capsys) -> None:
    """000 §Example: A 'nine' in hand, B 'seventeen'; A 'sixteen', 'eighteen' late in play, then 'twenty-eight'."""
    _, out, _ = run(capsys, "score", "--example")
    running = [tuple(int(x) for x in m) for m in re.findall(r"\s(\d+)\s+(\d+)\s+[a-z-]+\.[a-z.-]+$", out, re.MULTILINE)]
    assert (9, 17) in running and (16, 23) in running and (18, 23) in running
    assert running[-1] == (28, 23)
    assert [e for e, _ in running] == sorted(e for e, _ in running)  # totals only grow


def test_score_json_gives_the_ten_fixed_keys_per_player(capsys: Capsys) -> None:
    code, out, _ = run(capsys, "score", "--example", "--format", "json")
    assert code == 0
    result = json.loads(out)
    for player in ("elder", "younger"):
        assert set(result[player]) == SCORE_KEYS
        score = result[player]
        assert score["total"] == sum(v for k, v in score.items() if k != "total")
    assert (result["elder"]["total"], result["younger"]["total"]) == (28, 23)
    # 000 §Example: A's point five and quart major four; B's four tens and three queens seventeen; A wins the cards.
    assert (result["elder"]["point"], result["elder"]["sequences"], result["younger"]["sets"]) == (5, 4, 17)
    assert result["elder"]["cards"] == load_ruleset().cards.points and result["younger"]["cards"] == 0
    assert result["complete"] is True


def test_score_reads_a_yaml_file(capsys: Capsys, tmp_path: Path) -> None:
    path = tmp_path / "deal.yaml"
    path.write_text(EXAMPLE_TEXT, encoding="utf-8")
    code, out, _ = run(capsys, "score", str(path))
    assert code == 0 and totals(out) == (28, 23)


@pytest.mark.parametrize("indent", [None, 2, "\t"], ids=["compact", "spaces", "tabs"])
def test_score_reads_a_json_file(capsys: Capsys, tmp_path: Path, indent: int | str | None) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(EXAMPLE, indent=indent), encoding="utf-8")
    code, out, err = run(capsys, "score", str(path), "--format", "json")
    assert (code, err) == (0, "")
    assert json.loads(out)["elder"]["total"] == 28


def test_score_reads_stdin_given_as_dash(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(EXAMPLE)))
    code, out, _ = run(capsys, "score", "-")
    assert code == 0 and totals(out) == (28, 23)


def test_yaml_and_json_inputs_give_the_same_result(capsys: Capsys, tmp_path: Path) -> None:
    (tmp_path / "deal.yaml").write_text(EXAMPLE_TEXT, encoding="utf-8")
    (tmp_path / "deal.json").write_text(json.dumps(EXAMPLE), encoding="utf-8")
    _, from_yaml, _ = run(capsys, "score", str(tmp_path / "deal.yaml"), "--format", "json")
    _, from_json, _ = run(capsys, "score", str(tmp_path / "deal.json"), "--format", "json")
    assert json.loads(from_yaml) == json.loads(from_json)


def test_score_accepts_cards_as_one_string_with_tens_and_glyphs(capsys: Capsys, tmp_path: Path) -> None:
    record = dict(EXAMPLE)
    record["younger"] = {
        "dealt": " ".join(EXAMPLE["younger"]["dealt"]).replace("TS", "10S").replace("TH", "10♥"),
        "discard": "7♠ 9h 7H",
    }
    (tmp_path / "deal.yaml").write_text(yaml.safe_dump(record, allow_unicode=True), encoding="utf-8")
    code, out, _ = run(capsys, "score", str(tmp_path / "deal.yaml"))
    assert code == 0 and totals(out) == (28, 23)


def test_score_ruleset_option_names_the_ruleset(capsys: Capsys) -> None:
    code, out, _ = run(capsys, "score", "--example", "--ruleset", "portland-1882", "--format", "json")
    assert code == 0 and json.loads(out)["ruleset"] == "portland-1882"


def test_score_of_a_deal_in_progress_is_incomplete(capsys: Capsys, tmp_path: Path) -> None:
    (tmp_path / "deal.json").write_text(json.dumps({**EXAMPLE, "tricks": EXAMPLE["tricks"][:3]}), encoding="utf-8")
    code, out, _ = run(capsys, "score", str(tmp_path / "deal.json"), "--format", "json")
    result = json.loads(out)
    assert code == 0 and result["complete"] is False
    assert result["elder"]["cards"] == result["younger"]["cards"] == 0


# --- evaluate --------------------------------------------------------------------------------------


def test_evaluate_text_is_the_readme_example(capsys: Capsys) -> None:
    """Spades A K Q J 9 are a point of five, 11+10+10+10+9 = 50; A K Q J a quart major; hearts 9 8 7 a tierce minor."""
    code, out, err = run(capsys, "evaluate", "AS", "KS", "QS", "JS", "9S", "9H", "8H", "7H")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "point      5 cards in S, making 50: AS KS QS JS 9S",
        "sequence   quart major (4): AS KS QS JS",
        "sequence   tierce minor (3): 9H 8H 7H",
    ]


def test_evaluate_json_has_point_sequences_sets_and_carte_blanche(capsys: Capsys) -> None:
    code, out, _ = run(capsys, "evaluate", "AS KS QS JS 9S 9H 8H 7H", "--format", "json")
    data = json.loads(out)
    assert code == 0 and set(data) == {"point", "sequences", "sets", "carte_blanche"}
    assert (data["point"]["suit"], data["point"]["length"], data["point"]["pips"]) == ("S", 5, 50)
    assert [s["cards"] for s in data["sequences"]] == [["AS", "KS", "QS", "JS"], ["9H", "8H", "7H"]]
    assert data["sets"] == [] and data["carte_blanche"] is False


def test_evaluate_names_sets_and_carte_blanche(capsys: Capsys) -> None:
    """Twelve cards without king, queen or knave are carte blanche; four tens a quatorze, three aces a trio."""
    rs = load_ruleset()
    code, out, _ = run(capsys, "evaluate", "AS AH AD TS TH TD TC 9S 8S 9H 7D 7C")
    assert code == 0
    assert f"carte blanche ({rs.carte_blanche.points})" in out
    assert f"quatorze of tens ({rs.sets.values[4]}): TS TH TD TC" in out
    assert f"trio of aces ({rs.sets.values[3]}): AS AH AD" in out


def test_evaluate_accepts_ten_spelled_10_and_suit_glyphs(capsys: Capsys) -> None:
    _, canonical, _ = run(capsys, "evaluate", "AS", "KS", "QS", "JS", "TS", "--format", "json")
    _, spelled, _ = run(capsys, "evaluate", "a♠", "K♠", "qs", "Js", "10S", "--format", "json")
    assert json.loads(canonical) == json.loads(spelled)


def test_evaluate_of_three_odd_cards_is_a_point_of_one_and_nothing_else(capsys: Capsys) -> None:
    """No two cards of a suit: the point is one card, the king (10 pips) beating the nine and the seven."""
    code, out, _ = run(capsys, "evaluate", "KS", "9H", "7D")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 1
    assert lines[0].startswith("point") and "making 10: KS" in lines[0]


# --- rulesets, help, version -------------------------------------------------------------------------


def test_rulesets_lists_every_ruleset_with_its_name(capsys: Capsys) -> None:
    code, out, _ = run(capsys, "rulesets")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == len(ruleset_ids())
    for rid, line in zip(ruleset_ids(), lines):
        assert line.split()[0] == rid and load_ruleset(rid).name in line
    assert "portland-1882" in ruleset_ids()


@pytest.mark.parametrize("argv", [["--help"], ["-h"], ["score", "--help"], ["evaluate", "--help"], ["serve", "--help"]])
def test_help_exits_0(capsys: Capsys, argv: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    out, _ = capsys.readouterr()
    assert info.value.code == 0 and out.startswith("usage: piquet-ref")


def test_top_level_help_lists_the_commands(capsys: Capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out, _ = capsys.readouterr()
    for command in ("score", "evaluate", "serve", "rulesets"):
        assert command in out


def test_version_is_the_package_version(capsys: Capsys) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    out, _ = capsys.readouterr()
    assert info.value.code == 0 and out.strip() == f"piquet-ref {piquet_ref.__version__}"


def test_no_command_prints_help_and_returns_2(capsys: Capsys) -> None:
    code, out, _ = run(capsys)
    assert code == 2 and out.startswith("usage: piquet-ref")


# --- exit codes ----------------------------------------------------------------------------------------


def test_a_deal_the_laws_reject_exits_1_with_code_and_law_on_stderr(capsys: Capsys, tmp_path: Path) -> None:
    """The younger holds the ten of hearts and throws a club to the ace of hearts: a revoke (law 59)."""
    path = tmp_path / "revoke.json"
    path.write_text(json.dumps({**EXAMPLE, "tricks": [["AH", "TC"]]}), encoding="utf-8")
    err = rejected(capsys, "play-revoke", "score", str(path))
    assert "law 59" in err and "TC" in err and "tricks[0]" in err
    path.write_text(json.dumps({**EXAMPLE, "tricks": [["AH", "TH"]]}), encoding="utf-8")
    assert run(capsys, "score", str(path))[0] == 0


@pytest.mark.parametrize(
    ("stdin", "code"),
    [
        ("[AS, KS]", "record-invalid"),
        ("just a string", "record-invalid"),
        ("", "record-invalid"),
        (json.dumps({**EXAMPLE, "bogus": 1}), "record-invalid"),
        (json.dumps({**EXAMPLE, "stock": EXAMPLE["stock"][:7]}), "deal-stock-size"),
        (json.dumps({**EXAMPLE, "ruleset": "portland-1883"}), "ruleset-unknown"),
    ],
    ids=["list", "string", "empty", "unknown-key", "short-stock", "unknown-ruleset"],
)
def test_a_malformed_record_exits_1(capsys: Capsys, monkeypatch: pytest.MonkeyPatch, stdin: str, code: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    rejected(capsys, code, "score", "-")


def test_evaluate_of_a_bad_card_exits_1(capsys: Capsys) -> None:
    err = rejected(capsys, "card-unknown", "evaluate", "AS", "XS")
    assert "XS" in err
    assert run(capsys, "evaluate", "AS", "KS")[0] == 0


def test_evaluate_of_a_card_given_twice_exits_1(capsys: Capsys) -> None:
    err = rejected(capsys, "card-duplicate", "evaluate", "AS", "KS", "as")
    assert "AS" in err


def test_a_missing_file_exits_2_naming_it(capsys: Capsys, tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.yaml"
    err = rejected(capsys, "input-unreadable", "score", str(missing), status=2)
    assert str(missing) in err


def test_a_directory_given_as_file_exits_2(capsys: Capsys, tmp_path: Path) -> None:
    rejected(capsys, "input-unreadable", "score", str(tmp_path), status=2)


def test_a_file_that_is_not_utf8_exits_1(capsys: Capsys, tmp_path: Path) -> None:
    """The file was opened and read: its content is refused, as malformed input is (exit 1)."""
    path = tmp_path / "deal.yaml"
    path.write_bytes(b"elder: \xff\xfe\n")
    rejected(capsys, "input-unreadable", "score", str(path), status=1)


def test_a_file_that_is_not_yaml_or_json_exits_1(capsys: Capsys, tmp_path: Path) -> None:
    """`input-unreadable` covers text that is not YAML or JSON (spec/errors.yaml): malformed input, exit 1 as
    `--help` says; only a FILE that cannot be opened is a usage error (exit 2)."""
    path = tmp_path / "deal.yaml"
    path.write_text('{"elder": [AS, KS\n', encoding="utf-8")
    err = rejected(capsys, "input-unreadable", "score", str(path), status=1)
    assert str(path) in err


@pytest.mark.parametrize("nesting", ["[" * 100_000, '{"a": ' * 100_000, "- " * 50_000], ids=["json-lists", "json-objects", "yaml-lists"])
def test_deeply_nested_input_is_an_error_not_a_traceback(capsys: Capsys, tmp_path: Path, nesting: str) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text(nesting + "\n", encoding="utf-8")
    got, out, err = run(capsys, "score", str(path))
    assert got in (1, 2) and out == ""
    assert err.startswith("piquet-ref: error: ") and "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["score"],  # neither FILE nor --example
        ["score", str(EXAMPLE_PATH), "--example"],  # both
        ["score", "--example", "--format", "xml"],
        ["score", "--example", "--ruleset", "no-such-ruleset"],
        ["evaluate"],
        ["evaluate", "AS", "--format", "yaml"],
        ["frobnicate"],
        ["score", "--example", "--no-such-option"],
    ],
    ids=["score-nothing", "score-both", "bad-format", "bad-ruleset", "evaluate-nothing", "evaluate-bad-format",
         "unknown-command", "unknown-option"],
)
def test_usage_errors_exit_2(capsys: Capsys, argv: list[str]) -> None:
    usage_error(capsys, *argv)


# --- the installed entry point -------------------------------------------------------------------------


def console_script() -> list[str]:
    found = shutil.which("piquet-ref", path=str(Path(sys.executable).parent)) or shutil.which("piquet-ref")
    if found is None:
        pytest.skip("the piquet-ref console script is not installed")
    return [found]


def test_installed_console_script_scores_the_example() -> None:
    proc = subprocess.run(
        [*console_script(), "score", "--example"], capture_output=True, text=True, timeout=60, check=False
    )
    assert (proc.returncode, proc.stderr) == (0, "")
    assert totals(proc.stdout) == (28, 23)


def test_installed_console_script_exit_code_for_a_rejected_deal() -> None:
    proc = subprocess.run(
        [*console_script(), "score", "-"],
        input=json.dumps({**EXAMPLE, "tricks": [["TH", "AH"]]}),
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr.startswith("piquet-ref: error: play-out-of-turn") and "Traceback" not in proc.stderr


def test_python_dash_m_runs_the_same_command_line() -> None:
    """`python -m piquet_ref` is the console script (the benchmarks start `serve` this way)."""
    proc = subprocess.run(
        [sys.executable, "-m", "piquet_ref", "score", "--example"], capture_output=True, text=True, timeout=60, check=False
    )
    assert (proc.returncode, proc.stderr) == (0, "")
    assert totals(proc.stdout) == (28, 23)
