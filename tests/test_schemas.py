"""The JSON Schemas of conformance/schema/: every case file, the lock, and every protocol message the
reference sends for the corpus validate; the schemas reject what they should."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from piquet_ref.runner.corpus import load_cases
from piquet_ref.protocol.serve import answer

ROOT = Path(__file__).resolve().parent.parent / "conformance"
CASES = load_cases(ROOT / "cases")


def validator(name: str) -> Draft202012Validator:
    schema = json.loads((ROOT / "schema" / f"{name}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


CASE, REQUEST, RESPONSE, LOCK, RECORD = (validator(n) for n in ("case", "request", "response", "ids-lock", "record"))
RESULTS = {op: validator(f"result-{op}") for op in ("evaluate_hand", "compare_declarations", "score_deal", "count", "score_partie", "odds", "apply", "legal_actions")}


def errors(v: Draft202012Validator, data: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in v.iter_errors(data)]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.path.as_posix())
def test_case_file_validates_and_so_do_the_request_and_the_reference_response(case: Any) -> None:
    assert errors(CASE, case.data) == []
    request = {"cmd": "run", "seq": 1, "op": case.op, "input": case.data["input"]}
    assert errors(REQUEST, request) == []
    response = answer(request)
    assert errors(RESPONSE, response) == []
    if response is not None and "result" in response and case.op in RESULTS:
        assert errors(RESULTS[case.op], response["result"]) == []


def test_the_lock_validates() -> None:
    assert errors(LOCK, json.loads((ROOT / "ids.lock.json").read_text(encoding="utf-8"))) == []


def test_hello_and_stop_validate() -> None:
    assert errors(REQUEST, {"cmd": "hello", "protocol": 1}) == [] and errors(REQUEST, {"cmd": "stop"}) == []
    assert errors(RESPONSE, answer({"cmd": "hello", "protocol": 1})) == []


def test_the_schemas_reject_what_they_should() -> None:
    good = CASES[0].data
    assert errors(CASE, {**good, "id": "PQ-ILOU0"}) != []  # I, L, O, U are not Crockford digits
    assert errors(CASE, {**good, "rev": 0}) != []
    assert errors(CASE, {**good, "surprise": 1}) != []
    assert errors(CASE, {**good, "expect_error": {"code": "play-revoke"}}) != []  # both expectations
    assert errors(CASE, {**good, "description": "two\nlines"}) != []
    assert errors(REQUEST, {"cmd": "run", "op": "score_deal"}) != []
    assert errors(RESPONSE, {"seq": 1}) != []
    assert errors(RESPONSE, {"seq": 1, "errored": True, "result": {}}) != []


def test_every_deal_record_the_reference_scores_or_writes_is_of_the_record_schema() -> None:
    """The inputs of the score_deal cases the reference scores, and the records `apply` writes, validate."""
    checked = 0
    for case in CASES:
        if case.op not in ("score_deal", "apply"):
            continue
        response = answer({"cmd": "run", "seq": 1, "op": case.op, "input": case.data["input"]}) or {}
        record = case.data["input"] if case.op == "score_deal" else response.get("result", {}).get("record")
        if "result" in response and record is not None:
            assert errors(RECORD, record) == [], case.path.as_posix()
            checked += 1
    assert checked > 0


def test_the_record_schema_rejects_what_the_record_reader_refuses() -> None:
    good = next(c.data["input"] for c in CASES if c.op == "score_deal" and "barred" in c.data["input"].get("younger", {}))
    assert errors(RECORD, good) == []
    young = good["younger"]
    for barred in (["play"], ["point", "point"], "point", [["point"]]):
        assert errors(RECORD, {**good, "younger": {**young, "barred": barred}}) != [], barred
    assert errors(RECORD, {**good, "younger": {**young, "dealt": young["hand"]}}) != []  # both forms
    assert errors(RECORD, {**good, "younger": {**young, "discards": []}}) != []  # an unknown key
    assert errors(RECORD, {**good, "younger": {**young, "false_claim": "yes"}}) != []
    assert errors(RECORD, {key: v for key, v in good.items() if key != "elder"}) != []


def test_the_corpus_as_one_json_file_validates_and_holds_every_case_as_its_file_gives_it(tmp_path: Path) -> None:
    from referencing import Registry, Resource

    from piquet_ref.cli.main import main
    from piquet_ref.runner.levels import load_levels

    schemas = [json.loads(p.read_text(encoding="utf-8")) for p in (ROOT / "schema").glob("*.schema.json")]
    registry: Registry[Any] = Registry().with_resources([(s["$id"], Resource.from_contents(s)) for s in schemas])
    corpus = Draft202012Validator(json.loads((ROOT / "schema" / "corpus.schema.json").read_text(encoding="utf-8")), registry=registry)
    assert main(["conformance", "export", "--out", str(tmp_path / "corpus.json")]) == 0
    document = json.loads((tmp_path / "corpus.json").read_text(encoding="utf-8"))
    assert errors(corpus, document) == []
    levels = load_levels(ROOT)
    assert [(c["path"], c["case"], c["levels"]) for c in document["cases"]] == [
        (case.path.as_posix(), case.data, list(levels.classify(case).of_case)) for case in CASES]
    assert document["levels"]["order"] == list(levels.order)
    assert document["corpus_version"] == (ROOT / "VERSION").read_text(encoding="utf-8").strip()
    document["cases"][0]["case"]["expect_nothing"] = True
    assert errors(corpus, document) != []  # a case is held to the case schema
