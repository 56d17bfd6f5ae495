"""The mutation tool (verification/mutation.py): its mutants are stable and real, its judge tells a wrong rule
from the right one, and every mutant declared equivalent still exists and still survives the corpus."""

from __future__ import annotations

import ast
import json
from collections import Counter
from dataclasses import asdict
from pathlib import Path
from typing import Iterator

import pytest
import yaml

from piquet_ref.rules.files import spec_dir

from verification.mutation import (
    ROOT, SUITE_SKIPPED, Lists, Mutant, Outcome, Sandbox, SuiteSandbox, _settled, all_mutants, corpus_cases, corpus_record, RAW, load_lists,
    markdown, mutant_text,
    score, suite_files, suite_lists, reaching_tests, rejudged_survivors, trace_reach, _journal,
)

MUTANTS = all_mutants()
BY_ID = {m.id: m for m in MUTANTS}
LISTS = load_lists()


def test_mutant_ids_are_unique_and_the_same_on_every_generation() -> None:
    assert len(BY_ID) == len(MUTANTS)
    assert [m.id for m in all_mutants()] == [m.id for m in MUTANTS]


def test_there_are_mutants_of_every_rule_module_and_table() -> None:
    files = Counter(m.file for m in MUTANTS)
    assert {f for f in files if f.startswith("piquet_ref/")} == {f"piquet_ref/{name}.py" for name in (
        "hand/suit", "hand/declarations", "hand/play", "hand/exchange", "hand/cards", "deal/record", "deal/normal_form", "deal/accretion",
        "deal/result", "deal/scoring", "deal/totals", "deal/counts", "deal/irregular/resolution",
        "deal/irregular/penalties", "deal/irregular/misdeal", "machine/revokes", "machine/left_cards", "machine/dialogue",
        "machine/showing", "machine/state", "machine/shortfall", "machine/multiple_lead", "partie/scoring", "partie/settlement",
    )}
    assert {Path(f).name for f in files if f.startswith("spec/")} == {p.name for p in (spec_dir() / "rules").glob("*.yaml")}


@pytest.mark.parametrize("mutant", MUTANTS[::37], ids=lambda m: m.id)
def test_a_mutant_changes_its_file_and_nothing_else_breaks_its_syntax(mutant: Mutant) -> None:
    """Sampled: a code mutant is valid Python that differs from the original; a table mutant is YAML
    that differs from the original in the one parameter named."""
    source = (ROOT / mutant.file).read_text(encoding="utf-8")
    text = mutant_text(mutant, source)
    if mutant.file.endswith(".py"):
        assert ast.dump(ast.parse(text)) != ast.dump(ast.parse(source))
    else:
        before, after = yaml.safe_load(source), yaml.safe_load(text)
        changed = [
            f"{rule['id']}.{name}"
            for rule, new in zip(before["rules"], after["rules"])
            for name in rule.get("params") or {}
            if rule["params"][name] != new["params"][name]
        ]
        assert changed == [mutant.where]


def test_every_listed_mutant_exists_and_is_listed_once() -> None:
    listed = [*LISTS.equivalent, *LISTS.unpinned, *LISTS.survivors]
    assert sorted(set(listed) - set(BY_ID)) == [] and len(listed) == len(set(listed))


def test_every_api_only_function_exists_and_holds_mutants() -> None:
    places = Counter(f"{m.file}:{m.where}" for m in MUTANTS)
    for key in LISTS.api_only:
        assert key in BY_ID or any(p == key or p.startswith(key + ".") for p in places), key


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Sandbox]:
    box = Sandbox(ROOT, corpus_cases(), Counter(), timeout=20)
    yield box
    box.close()


@pytest.mark.deep  # a sandbox judged by the corpus or the suite
def test_the_judge_spares_the_original(sandbox: Sandbox) -> None:
    assert sandbox.judge(None).status == "survived"


@pytest.mark.deep  # a sandbox judged by the corpus or the suite
def test_the_judge_kills_a_wrong_repique_bonus_and_names_the_case(sandbox: Sandbox) -> None:
    wrong = [m for m in MUTANTS if m.where == "repique.score.points" and m.mutated == "61"]
    outcome = sandbox.judge(wrong[0])
    assert outcome.status == "killed" and outcome.by is not None and outcome.by.startswith("PQ-")
    assert "60" in outcome.detail or "61" in outcome.detail or "expected" in outcome.detail


@pytest.mark.deep  # a sandbox judged by the corpus or the suite
def test_the_judge_calls_a_table_the_loader_rejects_invalid(sandbox: Sandbox) -> None:
    dropped = [m for m in MUTANTS if m.where == "pack.rank-order.ranks" and m.operator.startswith("drop")]
    source = (ROOT / dropped[0].file).read_text(encoding="utf-8")
    assert dropped and sandbox.judge(dropped[0]).status == "invalid", mutant_text(dropped[0], source)[:200]


@pytest.mark.deep  # a sandbox judged by the corpus or the suite
@pytest.mark.parametrize("mutant_id", sorted(LISTS.equivalent)[::25])
def test_a_declared_equivalent_survives_the_corpus(sandbox: Sandbox, mutant_id: str) -> None:
    """Sampled (the full run judges them all): a mutant declared equivalent is not killed (in code only the contracts
    or the Python API reach, the corpus does not judge it at all)."""
    assert sandbox.judge(BY_ID[mutant_id]).status in ("survived", "contract", "api-only")


def test_the_score_counts_timeouts_and_crashes_as_kills_and_leaves_out_what_is_listed() -> None:
    rows = [{"mutant": "a", "status": "killed"}, {"mutant": "b", "status": "timeout"}, {"mutant": "c", "status": "crashed"},
            {"mutant": "d", "status": "survived"}, {"mutant": "e", "status": "survived"}, {"mutant": "f", "status": "invalid"},
            {"mutant": "g", "status": "survived"}, {"mutant": "h", "status": "api-only"}]
    summary = score(rows, Lists({"e": "same for every input"}, {"g": "wording only"}, {}, {}))
    assert (summary["killed"], summary["survived"]) == (3, 1) and summary["score"] == 0.75
    assert {k: v for k, v in summary["by_class"].items() if v} == {
        "killed": 1, "timeout": 1, "crashed": 1, "survived": 1, "equivalent": 1, "unpinned": 1, "invalid": 1, "api-only": 1}


def test_a_later_run_over_a_file_replaces_what_earlier_runs_found_there_and_a_survivor_the_code_no_longer_holds_is_not_counted() -> None:
    def row(mutant: str, file: str, status: str) -> dict[str, object]:
        return {"mutant": mutant, "file": file, "status": status, "line": 1, "where": "f", "operator": "op", "original": "a", "mutated": "b"}
    full = {"date": "d1", "commit": "aaa", "seconds": 10.0, "baseline_seconds": 1.0,
            "outcomes": [row("x:f:1", "piquet_ref/x.py", "survived"), row("y:f:1", "piquet_ref/y.py", "killed")]}
    again = {"date": "d2", "commit": "bbb", "seconds": 2.0, "baseline_seconds": 1.0,
             "outcomes": [row("x:f:2", "piquet_ref/x.py", "killed")]}
    record = corpus_record([full, again])
    assert record["files"] == {"piquet_ref/x.py": {**dict.fromkeys(RAW, 0), "killed": 1}, "piquet_ref/y.py": {**dict.fromkeys(RAW, 0), "killed": 1}}
    assert [run["files"] for run in record["runs"]] == [["piquet_ref/y.py"], ["piquet_ref/x.py"]] and record["survivors"] == []
    page = markdown(record)
    assert "**Score: 2 killed of 2 = 100.0%**" in page and "x:f:1" not in page
    assert "| d2 | `bbb` | `x.py` | 2 | 1.0 |" in page
    assert corpus_record([again], corpus_record([full])) == record  # recorded one after the other, the same
    gone = {**again, "outcomes": [row("x:f:3", "piquet_ref/x.py", "survived")]}
    page = markdown(corpus_record([full, gone]))  # no mutant of today's code has that id: the code changed since that run
    assert "**Score: 1 killed of 1 = 100.0%**" in page and "and 1 survivors of an earlier run that the code no longer holds" in page


def test_the_suite_judge_runs_every_test_file_but_the_skipped_ones_each_with_a_reason() -> None:
    files = {c["id"] for c in suite_files()}
    assert "tests/test_conformance.py" in files and "tests/test_api_guards.py" in files
    assert not files & {f"tests/{name}" for name in SUITE_SKIPPED}
    assert all((ROOT / "tests" / name).is_file() and reason for name, reason in SUITE_SKIPPED.items())


@pytest.mark.deep  # a sandbox judged by the corpus or the suite
def test_the_suite_judge_runs_only_the_tests_that_reach_a_mutant_and_kills_a_broken_argument_check() -> None:
    """Judged by one test file (the full run gives pytest every file of `suite_files`)."""
    broken = next(m for m in MUTANTS if m.where == "check_card" and m.operator == "negate condition")
    unreached = next(m for m in MUTANTS if m.where == "_between_tricks")
    box = SuiteSandbox(ROOT, [{"id": "tests/test_api_guards.py"}], Counter(), timeout=300)
    try:
        assert box.judge(None).status == "survived"
        box.reach = reaching_tests(box.dir, trace_reach(box.dir, ["tests/test_api_guards.py"], 600), [broken, unreached])
        chosen = box.reach[broken.id]
        assert chosen and all(t.startswith("tests/test_api_guards.py::") for t in chosen), chosen
        assert box.reach[unreached.id] == (), f"test_api_guards.py reaches {unreached.where}"
        outcome = box.judge(broken)
        assert (outcome.status, outcome.by) == ("killed", "tests/test_api_guards.py"), outcome
        assert box.judge(unreached) == Outcome(unreached.id, "survived", None, f"no test reaches {unreached.where}", 0.0)
    finally:
        box.close()


def test_a_mutant_of_a_table_of_module_code_of_a_class_line_or_of_a_cached_function_is_judged_by_every_file(tmp_path: Path) -> None:
    """Without coverage data nothing reaches a function body, but what runs at import must always be judged;
    so must a cached function, whose body coverage sees only at its first call."""
    table = next(m for m in MUTANTS if m.file.endswith(".yaml"))
    module = next(m for m in MUTANTS if m.where == "<module>")
    header = next(m for m in MUTANTS if m.where == "Notation" and m.operator == "flip bool")  # @dataclass(frozen=True)
    body = next(m for m in MUTANTS if m.where == "_between_tricks")
    cached = next(m for m in MUTANTS if m.where == "_bonus_note")  # @lru_cache
    reach = reaching_tests(ROOT, tmp_path / "no-data", [table, module, header, body, cached])
    assert reach == {table.id: None, module.id: None, header.id: None, body.id: (), cached.id: None}


def test_a_corpus_kill_stands_for_the_suite_and_the_rest_is_left_to_pytest() -> None:
    row = {"mutant": "m", "status": "killed", "by": "PQ-0001", "detail": "differs"}
    lists = Lists({"e": "same for every input"}, {"u": "wording"}, {}, {})
    assert _settled(row, lists, False) == Outcome("m", "killed", "corpus: PQ-0001", "differs", 0.0)
    assert _settled({**row, "status": "api-only"}, lists, False) is None
    assert _settled({**row, "mutant": "u", "status": "survived"}, lists, False) is None
    assert _settled({**row, "mutant": "e", "status": "survived"}, lists, False) is None
    assert _settled({**row, "mutant": "e", "status": "survived"}, lists, True) is not None
    assert _settled(None, lists, True) is None
    contract = {**row, "status": "contract"}
    assert _settled(contract, lists, False) == Outcome("m", "contract", None, "a named predicate of a contract; not run (--contracts)", 0.0)
    assert _settled(contract, lists, False, contracts=True) is None


def test_for_the_suite_what_the_corpus_leaves_open_counts_as_a_survivor() -> None:
    rows = [{"mutant": "a", "status": "killed"}, {"mutant": "u", "status": "survived"}, {"mutant": "e", "status": "survived"}]
    lists = Lists({"e": "same for every input"}, {"u": "wording"}, {}, {})
    assert score(rows, lists)["score"] == 1.0
    assert score(rows, suite_lists(lists))["score"] == 0.5


def test_a_journal_gives_back_every_outcome_written_to_it_for_a_resumed_run(tmp_path: Path) -> None:
    outcomes = [Outcome("a", "killed", "tests/test_x.py", "failed", 1.5), Outcome("b", "survived", None, "", 2.0)]
    journal = tmp_path / "run.jsonl"
    journal.write_text("".join(json.dumps(asdict(o)) + "\n" for o in outcomes), encoding="utf-8")
    assert _journal(journal) == {o.mutant: o for o in outcomes}
    assert _journal(tmp_path / "none.jsonl") == {} and _journal(None) == {}


def test_rejudging_the_survivors_moves_the_killed_and_the_newly_equivalent_out_of_the_score() -> None:
    equivalent = next(iter(LISTS.equivalent))  # a mutant the equivalence list names
    recorded = {"summary": {"killed": 90, "survived": 10}, "survivors": [{"mutant": m} for m in ("a", "b", "c", equivalent)]}
    report = {"date": "d", "commit": "c", "seconds": 3.0, "outcomes": [
        {"mutant": "a", "status": "killed"}, {"mutant": "b", "status": "survived"}, {"mutant": equivalent, "status": "survived"}]}
    again = rejudged_survivors(recorded, [report])
    assert (again["killed"], again["equivalent"], again["still_surviving"]) == (["a"], [equivalent], ["b", "c"])
    assert again["score"] == round(91 / (91 + 8), 4)  # 10 survivors less the one killed and the one equivalent


def test_rejudging_again_keeps_what_an_earlier_rejudging_killed_and_adds_its_runs() -> None:
    recorded = {"summary": {"killed": 90, "survived": 10}, "survivors": [{"mutant": m} for m in ("a", "b", "c")],
                "rejudged": {"dates": ["d0"], "commits": ["c0"], "seconds": 2.0, "killed": ["a"], "equivalent": [], "still_surviving": ["b", "c"]}}
    report = {"date": "d1", "commit": "c1", "seconds": 3.0, "outcomes": [{"mutant": "b", "status": "killed"}]}
    again = rejudged_survivors(recorded, [report])
    assert (again["killed"], again["still_surviving"]) == (["a", "b"], ["c"])
    assert (again["dates"], again["commits"], again["seconds"]) == (["d0", "d1"], ["c0", "c1"], 5.0)
    assert again["score"] == round(92 / 100, 4)


def test_suite_reports_merge_file_by_file_the_last_that_covers_a_file_winning() -> None:
    """A run --only over the files a change touched replaces what an earlier run found in them, and only there."""
    from verification.mutation import merged_suite_report

    def row(mutant: str, file: str, status: str) -> dict[str, object]:
        return {"mutant": mutant, "file": file, "status": status}

    whole = {"date": "2026-01-01", "commit": "a", "seconds": 100.0, "baseline_seconds": 9.0, "unjudged": ["x2"],
             "outcomes": [row("x1", "x.py", "killed"), row("x2", "x.py", "survived"), row("y1", "y.py", "survived")]}
    again = {"date": "2026-01-02", "commit": "b", "seconds": 10.0, "baseline_seconds": 8.0,
             "outcomes": [row("y1", "y.py", "killed"), row("y2", "y.py", "killed")]}
    merged = merged_suite_report([whole, again])
    assert [r["mutant"] for r in merged["outcomes"]] == ["x1", "x2", "y1", "y2"]
    assert [r["status"] for r in merged["outcomes"]] == ["killed", "survived", "killed", "killed"]
    assert (merged["date"], merged["commit"], merged["seconds"], merged["baseline_seconds"]) == ("2026-01-02", "b", 110.0, 8.0)
    assert merged["unjudged"] == ["x2"]
    assert [(r["commit"], r["files"]) for r in merged["runs"]] == [("a", ["x.py"]), ("b", ["y.py"])]
    assert merged_suite_report([whole]) is whole


def test_a_suite_run_cut_short_reports_what_its_journal_holds_and_lists_the_rest_as_unjudged() -> None:
    from verification.mutation import journal_report

    file = "piquet_ref/deal/result.py"
    ours = [m for m in MUTANTS if m.file == file]
    corpus = {"outcomes": [{"mutant": ours[0].id, "status": "killed", "by": "PQ-0001", "detail": ""}]}
    report = journal_report(corpus, {}, [file], False, False)
    assert [r["mutant"] for r in report["outcomes"]] == [ours[0].id] and report["outcomes"][0]["by"] == "corpus: PQ-0001"
    assert report["unjudged"] == [m.id for m in ours[1:]] != [] and report["summary"]["killed"] == 1
