"""The typed JSON forms agree with the JSON Schemas: each TypedDict of `protocol/forms.py` (and the partie's) is
walked beside its schema in `conformance/schema/`, key by key: the same keys, the same required ones, and each
value of the same type (integer, string, boolean, null, an enum's values, an array's items, a nested object, a
mapping by name). A form changed on one side only fails here; the planted differences show that it would.
"""

import json
import re
import types
from pathlib import Path
from typing import Any, Literal, NotRequired, TypedDict, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest
import yaml

from piquet_ref import apply, compare_hands, evaluate_hand, hand_of, parse_action, parse_cards, score_deal
from piquet_ref.machine.state import legal_actions, new_deal
from piquet_ref.partie.result import PartieResultJSON
from piquet_ref.protocol import forms
from piquet_ref.protocol.machine import legal_actions_json, op_apply, op_legal_actions, state_json
from piquet_ref.protocol.ops import run_op
from piquet_ref.protocol.results import totals_json
from piquet_ref.deal.totals import deal_totals
from piquet_ref.protocol.results import comparison_json, evaluation_json, result_json

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "conformance" / "schema"
EXAMPLE = ROOT / "piquet_ref" / "examples" / "cavendish-example.yaml"

FORMS: dict[str, Any] = {
    "result-score_deal": forms.ResultJSON,
    "result-score_totals": forms.TotalsJSON,
    "result-evaluate_hand": forms.EvaluationJSON,
    "result-compare_declarations": forms.ComparisonJSON,
    "result-legal_actions": forms.LegalActionsJSON,
    "result-score_partie": PartieResultJSON,
    "result-apply": forms.StateJSON,
    "result-count": forms.CountJSON,
    "result-odds": forms.OddsJSON,
}
PLAIN = {int: "integer", str: "string", bool: "boolean", type(None): "null", float: "number"}


def _resolve(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    """`schema` with a `$ref` into the root's `$defs` followed (the keywords beside it, like a description, dropped)."""
    while "$ref" in schema:
        ref = schema["$ref"]
        assert ref.startswith("#/$defs/"), ref
        schema = root["$defs"][ref.removeprefix("#/$defs/")]
    return schema


def _schema_branches(schema: dict[str, Any], root: dict[str, Any]) -> list[dict[str, Any]]:
    """The alternatives a schema allows, one type each: `oneOf`s flattened, a `type` list split, an enum's null apart."""
    schema = _resolve(schema, root)
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return [b for s in schema[key] for b in _schema_branches(s, root)]
    if "enum" in schema or "const" in schema:
        given = schema["enum"] if "enum" in schema else [schema["const"]]
        values = [v for v in given if v is not None]
        return ([{"type": "null"}] if None in given else []) + ([{"enum": values}] if values else [])
    if isinstance(schema.get("type"), list):
        return [{**schema, "type": t} for t in schema["type"]]
    return [schema]


def _type_branches(hint: Any) -> list[Any]:
    """The alternatives a type allows: a union's members, a Literal's None apart from its other values."""
    if get_origin(hint) in (Union, types.UnionType):
        return [b for a in get_args(hint) for b in _type_branches(a)]
    if get_origin(hint) is Literal:
        values = [v for v in get_args(hint) if v is not None]
        return ([type(None)] if None in get_args(hint) else []) + ([Literal[tuple(values)]] if values else [])
    return [hint]


def _kind(hint: Any) -> str:
    if get_origin(hint) is Literal:
        return "enum"
    if is_typeddict(hint) or get_origin(hint) is dict:
        return "object"
    if get_origin(hint) is list:
        return "array"
    return PLAIN.get(hint, f"unknown type {hint!r}")


def _schema_kind(schema: dict[str, Any]) -> str:
    return "enum" if "enum" in schema else str(schema.get("type", f"no type in {schema}"))


def disagreements(hint: Any, schema: dict[str, Any], root: dict[str, Any], where: str = "$") -> list[str]:
    """Where the type `hint` and the JSON Schema `schema` disagree (empty when they agree)."""
    hints = sorted(_type_branches(hint), key=_kind)
    branches = sorted(_schema_branches(schema, root), key=_schema_kind)
    if [_kind(h) for h in hints] != [_schema_kind(b) for b in branches]:
        return [f"{where}: the type allows {[_kind(h) for h in hints]}, the schema {[_schema_kind(b) for b in branches]}"]
    out: list[str] = []
    for h, b in zip(hints, branches):
        kind = _kind(h)
        if kind == "enum" and set(get_args(h)) != set(b["enum"]):
            out.append(f"{where}: the type's values {sorted(get_args(h))}, the schema's {sorted(b['enum'])}")
        elif kind == "array":
            out += disagreements(get_args(h)[0], b.get("items", {}), root, f"{where}[]")
        elif kind == "object" and is_typeddict(h):
            out += _object_disagreements(h, b, root, where)
        elif kind == "object" and get_args(h)[1] is Any:
            if _properties(b) or "additionalProperties" in b:
                out.append(f"{where}: the type is any mapping, the schema says what it holds")
        elif kind == "object":
            extra = b.get("additionalProperties")
            if not isinstance(extra, dict) or _properties(b):
                out.append(f"{where}: the type is a mapping by name, the schema an object of fixed keys")
            else:
                out += disagreements(get_args(h)[1], extra, root, f"{where}.*")
    return out


def _object_disagreements(form: Any, schema: dict[str, Any], root: dict[str, Any], where: str) -> list[str]:
    """A TypedDict beside an object schema: keys, required keys and each value's type. An open schema (no
    `additionalProperties: false`) may leave keys to the type, which then must not require them."""
    hints = get_type_hints(form)
    properties = _properties(schema)
    required = set(schema.get("required", ()))
    out = []
    closed = schema.get("additionalProperties") is False
    extra = set(hints) - set(properties)
    if set(properties) - set(hints) or (closed and extra):
        out.append(f"{where}: keys only in the type {sorted(extra)}, only in the schema {sorted(set(properties) - set(hints))}")
    listed = set(form.__required_keys__) - (set() if closed else extra)  # an open schema leaves keys it does not list to the type
    if listed != required - (set() if closed else extra) or not required <= set(form.__required_keys__):
        out.append(f"{where}: the type requires {sorted(form.__required_keys__)}, the schema {sorted(required)}")
    for key in sorted(set(hints) & set(properties)):
        out += disagreements(hints[key], properties[key], root, f"{where}.{key}")
    return out


def _properties(schema: dict[str, Any]) -> dict[str, Any]:
    """An object schema's keys and their schemas: `properties`, and the names a `patternProperties` pattern of the form
    `^(a|b)$` spells out."""
    out = dict(schema.get("properties", {}))
    for pattern, sub in schema.get("patternProperties", {}).items():
        spelled = re.fullmatch(r"\^\(([a-z_|]+)\)\$", pattern)
        assert spelled, f"a pattern of keys this walk cannot spell out: {pattern}"
        out.update(dict.fromkeys(spelled.group(1).split("|"), sub))
    return out


@pytest.mark.parametrize("name", sorted(FORMS))
def test_each_typed_form_agrees_with_its_schema(name: str) -> None:
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    assert disagreements(FORMS[name], schema, schema) == []


def test_every_result_schema_has_its_typed_form_or_is_left_to_the_protocol() -> None:
    """Every result of an op has its type."""
    results = {p.name.removesuffix(".schema.json") for p in SCHEMAS.glob("result-*.schema.json")}
    assert results - set(FORMS) == set()


class _Planted(TypedDict):
    elder: int
    younger: NotRequired[int]


class _Wrong(TypedDict):
    elder: str
    younger: int


class _Extra(TypedDict):
    elder: int
    younger: int
    other: int


@pytest.mark.parametrize("form, why", [(_Planted, "requires"), (_Wrong, "allows"), (_Extra, "keys only in the type")])
def test_a_form_differing_from_its_schema_is_caught(form: Any, why: str) -> None:
    """The walk can fail: a key not required, a value of another type, a key the schema does not have."""
    schema = {"type": "object", "additionalProperties": False, "required": ["elder", "younger"],
              "properties": {"elder": {"type": "integer"}, "younger": {"type": "integer"}}}
    found = disagreements(form, schema, schema)
    assert found and why in found[0], found


def test_an_enum_differing_from_its_literal_is_caught() -> None:
    schema = {"enum": ["good", "equal", "none", None]}
    assert disagreements(Union[Literal["good", "equal"], None], schema, schema)
    assert disagreements(Literal["good", "equal", "none"], schema, schema)
    assert not disagreements(Literal["good", "equal", "none"] | None, schema, schema)


def test_the_typed_functions_give_what_the_ops_answer() -> None:
    """`result_json`, `totals_json`, `evaluation_json`, `comparison_json` and `legal_actions_json` are the ops' answers
    as data."""
    record = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    assert result_json(score_deal(record)) == run_op("score_deal", record)
    assert totals_json(deal_totals(record)) == run_op("score_totals", record)
    cards = record["elder"]["dealt"]
    assert evaluation_json(evaluate_hand(hand_of(parse_cards(cards)))) == run_op("evaluate_hand", {"cards": cards})
    younger = record["younger"]["dealt"]
    both = compare_hands(hand_of(parse_cards(cards)), hand_of(parse_cards(younger)))
    assert comparison_json(both) == run_op("compare_declarations", {"elder": cards, "younger": younger})
    setup = {"elder": {"dealt": cards}, "younger": {"dealt": younger}, "stock": record["stock"], "actions": []}
    state = new_deal(hand_of(parse_cards(cards)), hand_of(parse_cards(younger)), parse_cards(record["stock"]))
    typed = legal_actions_json(state)
    assert typed == json.loads(op_legal_actions(setup)) and typed["count"] == len(legal_actions(state))
    setup["actions"] = [{"player": "elder", "action": "exchange", "discard": record["elder"]["discard"], "take": 5}]
    summary = state_json(apply(state, parse_action("elder exchange [KS 8C 7C 9D 8D] 5")))
    assert summary == json.loads(op_apply(setup)) and summary["discards"]["elder"] == ["KS", "9D", "8D", "8C", "7C"]
