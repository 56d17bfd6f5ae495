"""The conventions of the command line (docs/cli.md, "Conventions"), checked on every subcommand by walking its
parser: a description, examples and exit codes in each `--help`; `--format text|json`, with failures as JSON
objects; one meaning of `--ruleset`; progress on stderr only on a terminal; shell completion; the table of
subcommands in docs/cli.md generated from the parser; the maintainers' tools apart, in `python -m dev`; and a
start-up that imports only what the subcommand needs.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from dev.__main__ import NotACheckout, checkout, main as dev_main
from piquet_ref.cli.documents import Progress
from piquet_ref.cli.main import main
from piquet_ref.cli.parser import MIXES, NAMES, parser
from piquet_ref.cli.shell import BEGIN, END, SCRIPTS, Command, commands, markdown_table, with_table
from piquet_ref.rules.tables import ruleset_ids

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "piquet_ref" / "examples" / "cavendish-example.yaml"
RECORD: dict[str, Any] = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
LEAVES = [c for c in commands() if c.path and not c.subcommands]
NO_FORMAT = {("serve",): "its output is the protocol", ("completion",): "its output is a shell script",
             ("conformance", "export"): "its output is the corpus as JSON"}


def cli(*argv: str, stdin: str = "", tty: bool = False) -> tuple[int, str, str]:
    """`piquet-ref ARGV` in this process: exit status (argparse's included), stdout, stderr (a terminal if `tty`)."""
    out, err = io.StringIO(), (_Terminal() if tty else io.StringIO())
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(list(argv))
            except SystemExit as exit_:
                status = exit_.code if isinstance(exit_.code, int) else 2
    finally:
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def label(c: Command) -> str:
    return " ".join(c.path)


# --- every --help --------------------------------------------------------------------------------------


def test_the_walk_finds_every_subcommand_and_the_names_are_the_parsers() -> None:
    top = commands()[0]
    assert top.path == () and top.subcommands == NAMES
    assert {label(c) for c in LEAVES} >= {"score", "conformance run", "conformance lint", "conformance export", "fuzz", "completion"}


@pytest.mark.parametrize("command", LEAVES, ids=label)
def test_every_help_has_a_description_examples_and_exit_codes(command: Command) -> None:
    status, out, _ = cli(*command.path, "--help")
    assert status == 0 and out.startswith("usage: piquet-ref")
    body = out.split("examples:")[0]
    assert len(body.split("\n\n")[1].strip()) > 40, "a description of a sentence or more"
    examples = out.split("examples:\n")[1].split("\n\n")[0].splitlines()
    assert examples and all(e.strip().startswith(("piquet-ref ", "eval ", "echo ")) for e in examples), examples
    assert "exit codes:\n  0 " in out and command.exits and command.exits[0].startswith("0 ")
    assert any(e.startswith("2 ") for e in command.exits), "a usage error is exit 2 everywhere"


@pytest.mark.parametrize("command", LEAVES, ids=label)
def test_every_subcommand_that_prints_a_result_takes_format_text_or_json(command: Command) -> None:
    if command.path in NO_FORMAT:
        assert command.formats == ()
    else:
        assert command.formats[:2] == ("text", "json"), command.formats


@pytest.mark.parametrize("command", LEAVES, ids=label)
def test_ruleset_means_one_thing_everywhere(command: Command) -> None:
    """`--ruleset ID` scores the input under ID: a choice of the rulesets, said in the same words; the corpus
    filter of `conformance run` has another name."""
    for flag in command.flags:
        if "--ruleset" in flag.names:
            assert flag.choices == ruleset_ids()
            assert flag.help.startswith("score ") and "under this ruleset" in flag.help
    if command.path == ("conformance", "run"):
        assert "--only-ruleset" in {n for f in command.flags for n in f.names}
        assert "--ruleset" not in {n for f in command.flags for n in f.names}


def test_the_mixes_of_the_parser_are_the_fuzzers() -> None:
    from piquet_ref.runner.situations import MIXES as FUZZ_MIXES

    assert sorted(MIXES) == sorted(FUZZ_MIXES)


def test_a_parser_built_for_one_subcommand_lists_the_others() -> None:
    """`main` builds only the flags of the subcommand run; the top level still lists every one."""
    one = commands(parser("score"))
    assert one[0].subcommands == NAMES
    assert [c.flags for c in one if c.path == ("score",)] == [c.flags for c in commands() if c.path == ("score",)]
    assert [c.flags for c in one if c.path == ("odds",)] == [()]


# --- exit codes and errors as JSON -----------------------------------------------------------------------


def revoke() -> str:
    return json.dumps({**RECORD, "tricks": [["AH", "TC"]]})


@pytest.mark.parametrize(
    ("argv", "stdin", "status", "code"),
    [
        (["score", "-"], revoke(), 1, "play-revoke"),
        (["score", "-"], '{"elder": [AS', 1, "input-unreadable"),
        (["score", "/no/such/file.yaml"], "", 2, "input-unreadable"),
        (["score", "--example", "--bogus"], "", 2, "usage"),
        (["score", "--example", "--format", "xml"], "", 2, "usage"),
        (["partie", "-"], "[1, 2]", 1, "partie-invalid"),
        (["replay", "-"], revoke(), 1, "play-revoke"),
        (["rulesets", "harewood-1836"], "", 1, "ruleset-unknown"),
        (["rules", "pikue"], "", 1, "reference-unknown"),
        (["laws", "999"], "", 1, "reference-unknown"),
        (["evaluate", "XS"], "", 1, "card-unknown"),
        (["odds", "--rank-by", "point: 6", "--discard", "KS"], "", 2, "usage"),
        (["fuzz", "--deals", "3"], "", 2, "usage"),
        (["conformance", "run", "--python", "piquet_ref.protocol.serve:answer", "--op", "no-such-op"], "", 2, "usage"),
    ],
    ids=["laws", "not-yaml", "no-file", "bad-flag", "bad-format", "partie", "replay", "ruleset", "rules", "laws-query",
         "card", "odds-usage", "fuzz-usage", "no-case"],
)
def test_a_failure_under_format_json_is_a_json_error_object_on_stdout(argv: list[str], stdin: str, status: int, code: str) -> None:
    got, out, err = cli(*argv, "--format", "json", stdin=stdin)
    assert (got, err) == (status, ""), err
    data = json.loads(out)
    assert set(data) == {"error"} and {"code", "law", "rule", "message"} <= set(data["error"])
    assert data["error"]["code"] == code
    text_status, text_out, text_err = cli(*argv, stdin=stdin)  # the same failure as text: the same status, on stderr
    assert (text_status, text_out) == (status, "") and "Traceback" not in text_err
    if code != "usage":
        assert text_err.startswith(f"piquet-ref: error: {code}")


def test_a_json_error_carries_the_law_and_the_rule() -> None:
    _, out, _ = cli("score", "-", "--format", "json", stdin=revoke())
    error = json.loads(out)["error"]
    assert (error["law"], error["rule"]) == (59, "play.follow-suit") and "TC" in error["message"]


def test_a_replay_under_json_is_its_steps() -> None:
    status, out, _ = cli("replay", str(EXAMPLE), "--format", "json")
    assert status == 0 and json.loads(out)["steps"][-1].startswith("end of the deal: elder 28, younger 23")


def test_the_maintainers_commands_are_not_the_users() -> None:
    for argv in (["conformance", "mint"], ["conformance", "lock"], ["conformance", "retire", "PQ-XXXXX", "--why", "x"],
                 ["conformance", "coverage"], ["rulesets", "--lock"], ["spec-doc"]):
        assert cli(*argv)[0] == 2, argv


# --- --ruleset -------------------------------------------------------------------------------------------


def test_ruleset_scores_each_kind_of_input_under_the_ruleset_given() -> None:
    other = next(r for r in ruleset_ids() if r != "portland-1882")
    assert json.loads(cli("score", "--example", "--ruleset", other, "--format", "json")[1])["ruleset"] == other
    assert cli("replay", str(EXAMPLE), "--ruleset", other)[1].startswith(f"deal under {other}:")
    request = {"cmd": "run", "seq": 1, "op": "score_deal", "input": {**RECORD, "ruleset": "portland-1882"}}
    status, out, _ = cli("serve", "--one-shot", "--ruleset", other, stdin=json.dumps(request) + "\n")
    assert status == 0 and json.loads(out)["result"]["ruleset"] == other
    status, out, _ = cli("serve", "--one-shot", stdin=json.dumps(request) + "\n")
    assert json.loads(out)["result"]["ruleset"] == "portland-1882"


def test_serve_ruleset_leaves_other_lines_as_they_came() -> None:
    status, out, _ = cli("serve", "--ruleset", "portland-1882", stdin='{"cmd":"hello","seq":1}\nnot json\n{"cmd":"stop","seq":2}\n')
    replies = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and len(replies) == 2 and replies[0]["protocol"] == 1 and replies[1]["error"]["code"] == "request-invalid"


# --- progress ---------------------------------------------------------------------------------------------


def test_progress_is_drawn_only_on_a_terminal() -> None:
    assert Progress.on(io.StringIO(), 10, "deals") is None
    terminal = _Terminal()
    bar = Progress.on(terminal, 4, "deals")
    assert bar is not None
    bar(2)
    bar(4)
    bar.close()
    assert "2/4 deals" in terminal.getvalue() and terminal.getvalue().endswith("\n") and "#" * Progress.WIDTH in terminal.getvalue()


def test_fuzz_shows_its_progress_on_a_terminal_and_nothing_elsewhere() -> None:
    argv = ("fuzz", "--python", "piquet_ref.protocol.serve:answer", "--deals", "4")
    status, out, err = cli(*argv, tty=True)
    assert status == 0 and "4/4 deals" in err and "4/4" not in out
    status, out, err = cli(*argv)
    assert (status, err) == (0, "")
    assert cli(*argv, "--quiet", tty=True)[2] == ""


def test_ranking_the_discards_shows_its_progress_on_a_terminal_and_nothing_elsewhere() -> None:
    argv = ("odds", "KS", "QS", "TS", "8S", "KH", "JH", "9H", "7H", "QD", "TD", "9C", "8C", "--player", "younger", "--rank-by", "taken: A")
    status, out, err = cli(*argv, tty=True)
    assert status == 0 and "discards" in err and "/" in err and "taken" not in err
    status, plain_out, err = cli(*argv)
    assert (status, err, plain_out) == (0, "", out)


def test_fuzz_under_format_json_is_one_json_document() -> None:
    status, out, _ = cli("fuzz", "--python", "piquet_ref.protocol.serve:answer", "--deals", "3", "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["deals"] == 3 and data["disagreements"] == [] and isinstance(data["situations"], dict)


# --- completion --------------------------------------------------------------------------------------------


def bash_complete(line: str) -> list[str]:
    script = subprocess.run([sys.executable, "-m", "piquet_ref", "completion", "bash"], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    probe = script + '\nread -ra COMP_WORDS <<< "$LINE"; [[ "$LINE" == *" " ]] && COMP_WORDS+=(""); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); _piquet_ref; printf "%s\\n" "${COMPREPLY[@]}"\n'
    done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, check=True, env={"LINE": line, "PATH": "/usr/bin:/bin"})
    return done.stdout.split()


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_bash_completes_subcommands_flags_and_choices() -> None:
    assert bash_complete("piquet-ref sc") == ["score"]
    assert bash_complete("piquet-ref conformance r") == ["run"]
    assert "--only-ruleset" in bash_complete("piquet-ref conformance run --only")
    assert bash_complete("piquet-ref score --format ") == ["text", "json", "svg"]
    assert bash_complete("piquet-ref fuzz --ruleset portland-") == ["portland-1882"]


@pytest.mark.parametrize("shell", sorted(SCRIPTS))
def test_every_shell_gets_a_script_naming_every_subcommand(shell: str) -> None:
    status, out, _ = cli("completion", shell)
    assert status == 0
    for name in NAMES:
        assert name in out
    assert "--only-ruleset" in out or "only-ruleset" in out


# --- the table in docs/cli.md ---------------------------------------------------------------------------------


def test_the_table_of_subcommands_in_the_docs_is_the_parsers() -> None:
    """docs/cli.md carries the table generated from the parser (`python -m dev docs` writes it)."""
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert BEGIN in text and END in text
    assert with_table(text) == text, "docs/cli.md: the table is stale; run `python -m dev docs`"
    table = markdown_table()
    for command in LEAVES:
        words = [w for w in command.path]
        assert f"`piquet-ref {words[0]}" in table and f" {words[-1]}" in table, label(command)


# --- the maintainers' tools -------------------------------------------------------------------------------------


def fake_checkout(tmp_path: Path, git: bool = True) -> Path:
    root = tmp_path / "checkout"
    root.mkdir()
    (root / "pyproject.toml").write_text('[project]\nname = "piquet-ref"\n', encoding="utf-8")
    if git:
        (root / ".git").mkdir()
    shutil.copytree(ROOT / "conformance", root / "conformance")
    (root / "spec").mkdir()
    (root / "docs").mkdir()
    return root


def test_the_maintainers_tools_run_in_this_checkout() -> None:
    assert checkout(ROOT, ROOT / "piquet_ref") == ROOT
    assert dev_main(["docs", "--check"]) == 0


def test_the_maintainers_tools_refuse_what_is_not_a_checkout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(NotACheckout, match="pyproject"):
        checkout(tmp_path)
    with pytest.raises(NotACheckout, match="git"):
        checkout(fake_checkout(tmp_path, git=False))
    with pytest.raises(NotACheckout, match="not this checkout"):
        checkout(ROOT, tmp_path / "site-packages" / "piquet_ref")  # a package installed from a wheel
    root = tmp_path / "checkout"
    lock = (root / "conformance" / "ids.lock.json").read_text(encoding="utf-8")
    assert dev_main(["corpus", "lock"], root=root) == 2 and "refuses" in capsys.readouterr().err
    assert (root / "conformance" / "ids.lock.json").read_text(encoding="utf-8") == lock


def test_the_maintainers_lock_and_retire_write_the_checkouts_corpus(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = fake_checkout(tmp_path)
    before = (root / "conformance" / "ids.lock.json").read_text(encoding="utf-8")
    assert dev_main(["corpus", "lock"], root=root) == 0
    assert (root / "conformance" / "ids.lock.json").read_text(encoding="utf-8") == before  # the corpus is locked already
    case = next((root / "conformance" / "cases").rglob("*.yaml"))
    case_id = yaml.safe_load(case.read_text(encoding="utf-8"))["id"]
    assert dev_main(["corpus", "retire", case_id, "--why", "a test"], root=root) == 1  # its file is still there
    assert "still has a case file" in capsys.readouterr().err
    case.unlink()
    assert dev_main(["corpus", "retire", case_id, "--why", "a test"], root=root) == 0
    assert "a test" in (root / "conformance" / "ids.lock.json").read_text(encoding="utf-8")
    minted = capsys.readouterr()
    assert dev_main(["corpus", "mint", "3"], root=root) == 0
    ids = capsys.readouterr().out.split()
    assert len(set(ids)) == 3 and case_id not in ids and minted.err == ""


# --- start-up: what a subcommand imports ------------------------------------------------------------------------

MODULES = r"""
import json, sys, runpy, contextlib, io
sys.argv = ["piquet-ref", *sys.argv[1:]]
if sys.argv[1:] == ["import"]:
    import piquet_ref
else:
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            runpy.run_module("piquet_ref", run_name="__main__", alter_sys=True)
        except SystemExit as exit_:
            assert exit_.code == 0, exit_.code
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""

HEAVY = ("piquet_ref.runner", "piquet_ref.protocol.serve", "piquet_ref.protocol.ops", "piquet_ref.machine",
         "piquet_ref.docs", "piquet_ref.partie", "piquet_ref.odds", "piquet_ref.strategies", "xml", "http", "urllib.request",
         "email", "html.parser", "sqlite3", "jsonschema", "hypothesis", "subprocess", "concurrent")


def loaded(*argv: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", MODULES, *argv], capture_output=True, text=True, timeout=120, check=True, cwd=ROOT)
    modules: list[str] = json.loads(done.stderr.splitlines()[-1])
    return modules


def families(modules: list[str], heavy: tuple[str, ...] = HEAVY) -> list[str]:
    return sorted({h for h in heavy for m in modules if m == h or m.startswith(h + ".")})


def test_score_imports_the_scorer_and_nothing_of_the_runner_protocol_machine_xml_or_http() -> None:
    modules = loaded("score", "--example")
    assert "piquet_ref.deal.scoring" in modules and "piquet_ref.deal.ledger" in modules
    assert families(modules) == []
    assert families(modules, ("piquet_ref.protocol",)) == []  # the text ledger needs no JSON writer
    clis = sorted(m for m in modules if m.startswith("piquet_ref.cli."))
    assert clis == ["piquet_ref.cli.documents", "piquet_ref.cli.main", "piquet_ref.cli.parser", "piquet_ref.cli.scoring"]


def test_score_as_json_adds_the_result_writer_only() -> None:
    modules = loaded("score", "--example", "--format", "json")
    assert families(modules) == [] and "piquet_ref.protocol.results" in modules


def test_importing_the_package_imports_no_runner_protocol_cli_xml_or_http() -> None:
    """Each public name is imported when first used (piquet_ref/__init__.py)."""
    modules = loaded("import")
    assert families(modules, (*HEAVY, "piquet_ref.protocol", "piquet_ref.cli")) == []
