"""Negative tests for every error code of spec/errors.yaml.

Each code is provoked through a public door (the API, the loader, the CLI or the protocol) and the
failure is checked against the catalogue: the exception class is the one of the code's `kind`, `law`
and `rule` are the catalogue's, and the message names the offending card or field. Every negative
input sits beside a minimally different input that is accepted. The meta-test at the end fails when
a code is added to spec/errors.yaml without a negative test here.

The deal used throughout is Cavendish's worked example (000 §Example), bundled with the package;
the hands after the exchange are worked out by hand from its dealt hands, discards and stock.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml

import piquet_ref
import piquet_ref.odds.take_in
from piquet_ref import (
    CardError,
    DealError,
    DeclarationError,
    ExchangeError,
    PiquetError,
    PlayError,
    PartieError,
    ProtocolError,
    RecordError,
    SpecError,
    hand_of,
    load_ruleset,
    score_partie,
    parse_cards,
    score_deal,
)
from piquet_ref.rules import catalogue
from piquet_ref.rules import codes, errors, files
from piquet_ref.cli.main import main
from piquet_ref.rules.codes import error_catalogue
from piquet_ref.rules.loader import load_ruleset_from
from piquet_ref.machine.state import new_deal, run
from piquet_ref.machine.actions import ExposeStock
from piquet_ref.machine.actions import AskShow, Allow, AskValue, Call, CallPoint, CallSequence, CallSet, CallValue, Correct, CorrectMiscall, Elect, Exchange, LeadOutOfTurn, MixLeft, Play, Reply, Retake, Revoke
from piquet_ref.machine.actions import LayOut, Leave, SeeDiscard, SeeLeft, ShowBlanche, TakeUp
from piquet_ref.machine.actions import ChangeLead, LeadSeveral, Overplay

from verification.walks import CASE_IV_ACES, CASE_IV_CALLS, case_iv_deal
from piquet_ref.protocol.ops import op_compare_declarations, op_evaluate_hand
from piquet_ref.protocol.serve import respond
from piquet_ref.rules.files import spec_dir
from tests.support import EXAMPLE_PATH, EXAMPLE, cli_run, machine_deal, cavendish_state, EXCHANGED, card, NO_CALLS


# After the exchange (dealt - discard + the top of the stock, elder first): worked out by hand.
ELDER_HAND = "AS JS AH QH JH 8H JC 9S 8S KH 9C KD"
YOUNGER_HAND = "TS TH KC QC TC AD QD JD TD QS AC 7D"
MISSING_FILE = str(Path(__file__).resolve().parent / "no-such-deal.yaml")

# docs/protocol.md, "Errors": the subclass for each kind of spec/errors.yaml.
KIND_CLASS: dict[str, type[PiquetError]] = {
    "card": CardError,
    "deal": DealError,
    "exchange": ExchangeError,
    "play": PlayError,
    "declaration": DeclarationError,
    "record": RecordError,
    "protocol": ProtocolError,
    "spec": SpecError,
    "partie": PartieError,
}


# --- building inputs -----------------------------------------------------------------------------

KeyPath = tuple[str | int, ...]
DELETE = object()


def deal(*edits: tuple[KeyPath, object]) -> dict[str, Any]:
    """Cavendish's deal record with each (path, value) set; value DELETE removes the key."""
    record: dict[str, Any] = copy.deepcopy(EXAMPLE)
    for path, value in edits:
        target: Any = record
        for key in path[:-1]:
            target = target[key]
        if value is DELETE:
            del target[path[-1]]
        else:
            target[path[-1]] = copy.deepcopy(value)
    return record


def hands(elder: dict[str, Any] | None = None, younger: dict[str, Any] | None = None) -> dict[str, Any]:
    """A record of hands after the exchange (no stock, no tricks), each side optionally extended."""
    return {
        "elder": {"hand": ELDER_HAND, **(elder or {})},
        "younger": {"hand": YOUNGER_HAND, **(younger or {})},
    }


def run_line(op: str, data: object, seq: int = 1) -> str:
    return json.dumps({"cmd": "run", "seq": seq, "op": op, "input": data})


# --- the doors -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Door:
    """How a negative input is fed in: `api` raises; `cli` and `protocol` report on their channel."""

    name: str


API, CLI, PROTOCOL = Door("api"), Door("cli"), Door("protocol")


def cli_rejects(code: str, exit_code: int, argv: list[str], stdin: str | None = None) -> Callable[[], object]:
    def run() -> str:
        status, out, err = cli_run(argv, stdin)
        assert status == exit_code, (status, err)
        assert err.startswith(f"piquet-ref: error: {code}"), err
        assert "Traceback" not in err and out == ""
        return err

    return run


def cli_accepts(argv: list[str], stdin: str | None = None) -> Callable[[], object]:
    def run() -> str:
        status, out, err = cli_run(argv, stdin)
        assert (status, err) == (0, "")
        return out

    return run


def protocol_rejects(code: str, line: str) -> Callable[[], object]:
    def run() -> dict[str, Any]:
        response, stop = respond(line)
        assert response is not None and not stop
        assert set(response) == {"seq", "error"}, response
        err = response["error"]
        entry = error_catalogue()[code]
        assert set(err) == {"code", "law", "rule", "message"}
        assert (err["code"], err["law"], err["rule"]) == (code, entry.law, entry.rule)
        return response

    return run


def protocol_accepts(line: str) -> Callable[[], object]:
    def run() -> dict[str, Any]:
        response, _ = respond(line)
        assert response is not None and "result" in response, response
        return response

    return run


# --- the broken spec copies (spec-invalid) -------------------------------------------------------

Edit = Callable[[Path], None]


def edit_yaml(rel: str, change: Callable[[Any], None]) -> Edit:
    """An edit of one spec file: load it, change the data in place, write it back."""

    def apply(root: Path) -> None:
        path = root / rel
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")

    return apply


def write_text(rel: str, text: str) -> Edit:
    def apply(root: Path) -> None:
        (root / rel).write_text(text, encoding="utf-8")

    return apply


def rule_of(data: Any, rule_id: str) -> dict[str, Any]:
    found: dict[str, Any] = next(r for r in data["rules"] if r["id"] == rule_id)
    return found


def set_param(rule_id: str, name: str, value: object) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        rule_of(data, rule_id).setdefault("params", {})[name] = value

    return change


def drop_param(rule_id: str, name: str) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        del rule_of(data, rule_id)["params"][name]

    return change


def cite(rule_id: str, key: str) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        rule_of(data, rule_id)["sources"][0]["key"] = key

    return change


def add_rule_copy(rule_id: str, source: str, target: str) -> Edit:
    """Append to the rules of `target` a copy of rule `rule_id` read from `source` (both rule files)."""

    def apply(root: Path) -> None:
        original = rule_of(yaml.safe_load((root / source).read_text(encoding="utf-8")), rule_id)
        edit_yaml(target, lambda data: data["rules"].append(copy.deepcopy(original)))(root)

    return apply


def add_ruleset(knobs: dict[str, Any], ruleset_id: str = "variant", ambiguity: str = "point.scoring") -> Edit:
    """A new ruleset file: an overlay of portland-1882 setting `knobs` (rule id -> {param: value}) as the
    reading of `ambiguity`, which gains a reading for the new ruleset."""
    body = {
        "id": ruleset_id,
        "name": "A test overlay",
        "description": "Portland with one knob changed, for the loader tests.",
        "sources": [{"key": "L", "at": "62"}],
        "base": "portland-1882",
        "overrides": [{"ambiguity": ambiguity, "set": knobs}],
    }

    def reading(data: Any) -> None:
        entry = next(a for a in data["ambiguities"] if a["id"] == ambiguity)
        entry["readings"][ruleset_id] = {"reading": "A test reading.", "reason": "For the loader tests."}

    def apply(root: Path) -> None:
        write_text(f"rulesets/{ruleset_id}.yaml", yaml.safe_dump(body, sort_keys=False))(root)
        edit_yaml("ambiguities.yaml", reading)(root)

    return apply


def no_edit(root: Path) -> None:
    del root


def broken_spec(root: Path, edit: Edit, ruleset_id: str = "portland-1882") -> piquet_ref.Ruleset:
    """Copy the shipped spec/ to `root`, apply `edit`, and load `ruleset_id` from the copy."""
    shutil.copytree(spec_dir(), root)
    edit(root)
    return load_ruleset_from(root, ruleset_id)


@dataclass(frozen=True)
class SpecBreak:
    name: str
    bad: Edit
    good: Edit  # the minimally different edit that the loader accepts
    names: tuple[str, ...]  # the file and the key the message must name
    ruleset: str = "portland-1882"


SPEC_BREAKS: list[SpecBreak] = [
    SpecBreak(
        "a missing param",
        edit_yaml("rules/point.yaml", drop_param("point.score", "per_card")),
        edit_yaml("rules/point.yaml", set_param("point.score", "per_card", 1)),
        ("rules/point.yaml", "point.score.params.per_card", "missing"),
    ),
    SpecBreak(
        "a param of the wrong type",
        edit_yaml("rules/point.yaml", set_param("point.score", "per_card", "one")),
        edit_yaml("rules/point.yaml", set_param("point.score", "per_card", 2)),
        ("rules/point.yaml", "point.score.params.per_card", "'one'"),
    ),
    SpecBreak(
        "a boolean where a count is due",
        edit_yaml("rules/sequences.yaml", set_param("sequence.definition", "min_length", True)),
        edit_yaml("rules/sequences.yaml", set_param("sequence.definition", "min_length", 3)),
        ("rules/sequences.yaml", "sequence.definition.params.min_length"),
    ),
    SpecBreak(
        "a pip table missing a rank",
        edit_yaml("rules/pack.yaml", lambda d: rule_of(d, "pack.pips")["params"]["values"].pop("7")),
        edit_yaml("rules/pack.yaml", lambda d: rule_of(d, "pack.pips")["params"]["values"].update({"7": 7})),
        ("rules/pack.yaml", "pack.pips.params.values"),
    ),
    SpecBreak(
        "an unknown source key in a citation",
        edit_yaml("rules/point.yaml", cite("point.compare", "999")),
        edit_yaml("rules/point.yaml", cite("point.compare", "002")),
        ("rules/point.yaml", "point.compare.sources[0]", "'999'"),
    ),
    SpecBreak(
        "a rule id duplicated in one file",
        edit_yaml("rules/point.yaml", lambda d: d["rules"].append(copy.deepcopy(rule_of(d, "point.score")))),
        edit_yaml("rules/point.yaml", lambda d: d["rules"].append({**copy.deepcopy(rule_of(d, "point.equal")), "id": "point.other"})),
        ("rules/point.yaml", "point.score", "already defined"),
    ),
    SpecBreak(
        "a rule id duplicated across files",
        add_rule_copy("point.equal", "rules/point.yaml", "rules/sets.yaml"),
        no_edit,
        ("rules/sets.yaml", "'point.equal'", "rules/point.yaml"),
    ),
    SpecBreak(
        "a param no code reads",
        edit_yaml("rules/point.yaml", set_param("point.compare", "tie_break", "suit")),
        no_edit,
        ("rules/point.yaml", "point.compare.params.tie_break", "reads"),
    ),
    SpecBreak(
        "an override in the default ruleset, which takes the tables as written",
        edit_yaml("rulesets/portland-1882.yaml", lambda d: d.update(overrides=[{"ambiguity": "point.scoring", "set": {"point.score": {"per_card": 2}}}])),
        edit_yaml("rulesets/portland-1882.yaml", lambda d: d.update(overrides=[])),
        ("rulesets/portland-1882.yaml", "overrides", "must be []"),
    ),
    SpecBreak(
        "an override naming an unknown rule (overlay ruleset)",
        add_ruleset({"point.nope": {"per_card": 2}}),
        add_ruleset({"point.score": {"per_card": 2}}),
        ("rulesets/variant.yaml", "overrides[0].set.point.nope"),
        ruleset="variant",
    ),
    SpecBreak(
        "an override of a param the rule does not have",
        add_ruleset({"point.score": {"per_cards": 2}}),
        add_ruleset({"point.score": {"per_card": 2}}),
        ("rulesets/variant.yaml", "overrides[0].set.point.score.per_cards"),
        ruleset="variant",
    ),
    SpecBreak(
        "a ruleset file without a description",
        edit_yaml("rulesets/portland-1882.yaml", lambda d: d.pop("description")),
        edit_yaml("rulesets/portland-1882.yaml", lambda d: d.update(description="Another description.")),
        ("rulesets/portland-1882.yaml", "description"),
    ),
    SpecBreak(
        "a rule file that is not valid YAML",
        write_text("rules/point.yaml", "area: point\nrules: [\n  {id: point.score\n"),
        write_text("rules/point.yaml", (spec_dir() / "rules" / "point.yaml").read_text(encoding="utf-8")),
        ("point.yaml", "not valid YAML", "line"),
    ),
    SpecBreak(
        "a sources file that is not valid YAML",
        write_text("sources.yaml", "sources:\n  - key: '000\n"),
        no_edit,
        ("sources.yaml", "not valid YAML"),
    ),
]


@pytest.mark.parametrize("case", SPEC_BREAKS, ids=[b.name for b in SPEC_BREAKS])
def test_broken_spec_table_is_spec_invalid_naming_file_and_key(case: SpecBreak, tmp_path: Path) -> None:
    with pytest.raises(SpecError) as info:
        broken_spec(tmp_path / "spec", case.bad, case.ruleset)
    exc = info.value
    assert exc.code == "spec-invalid" and exc.law is None and exc.rule is None
    for fragment in case.names:
        assert fragment in exc.message


@pytest.mark.parametrize("case", SPEC_BREAKS, ids=[b.name for b in SPEC_BREAKS])
def test_minimally_different_spec_table_loads(case: SpecBreak, tmp_path: Path) -> None:
    rs = broken_spec(tmp_path / "spec", case.good, case.ruleset)
    assert rs.id == case.ruleset


def test_a_valid_override_changes_only_its_knob(tmp_path: Path) -> None:
    rs = broken_spec(tmp_path / "spec", add_ruleset({"point.score": {"per_card": 2}}), "variant")
    default = load_ruleset()
    assert rs.point.per_card == 2 and default.point.per_card == 1
    assert rs.sets == default.sets and rs.sequences == default.sequences


def test_an_untouched_copy_of_spec_loads_as_the_shipped_default(tmp_path: Path) -> None:
    rs = broken_spec(tmp_path / "spec", no_edit)
    default = load_ruleset()
    assert (rs.id, rs.name, rs.pack, rs.point, rs.sets, rs.play) == (
        default.id, default.name, default.pack, default.point, default.sets, default.play,
    )


# --- every other code, through every door ----------------------------------------------------------


@dataclass(frozen=True)
class Negative:
    code: str
    name: str
    door: Door
    bad: Callable[[], object]
    good: Callable[[], object]  # minimally different, accepted
    names: tuple[str, ...]  # the offending card or field the message must name
    law: int | None = None  # a situational code's law in this situation (the catalogue's law otherwise)


def api(fn: Callable[..., object], *args: object) -> Callable[[], object]:
    return lambda: fn(*args)


def spec_break_in_tempdir(edit: Edit) -> Callable[[], object]:
    def run() -> object:
        with tempfile.TemporaryDirectory() as tmp:
            return broken_spec(Path(tmp) / "spec", edit)

    return run


def tricks_with(index: int, trick: object) -> dict[str, Any]:
    return deal((("tricks", index), trick))


CAVENDISH_TRICKS: list[list[str]] = EXAMPLE["tricks"]
PARTIE: dict[str, Any] = {"players": ["A", "B"], "deals": [{"dealer": "B", "scores": {"A": 28, "B": 23}}]}


def partie_deals(dealers: tuple[str, ...]) -> dict[str, Any]:
    """A Rubicon partie record whose deals are dealt by `dealers` in turn, A winning each 20 to 10."""
    return {"players": ["A", "B"], "deals": [{"dealer": d, "scores": {"A": 20, "B": 10}} for d in dealers]}

# --- the state machine: Cavendish's deal action by action, and a deal where the elder holds carte blanche


def blanche_state() -> Any:  # the elder's twelve hold no king, queen or knave
    return machine_deal("AS TS 9S 8S 7S AH TH 9H 8H 7H AD TD", "KS QS JS KH QH JH KD QD JD KC QC JC", "9D 8D 7D AC TC 9C 8C 7C")


def machine(start: Callable[[], Any], *actions: Any) -> Callable[[], object]:
    return lambda: run(start(), actions)


LEFT_ONE = (EXCHANGED[0], Exchange("younger", parse_cards("7S 9H"), 2))  # the younger leaves 7D in the stock
POINT_49 = (CallPoint("elder", 5), AskValue("younger"), CallValue("elder", 49), Reply("younger"))  # 000 §EXAMPLE's point
QUART_MAJOR = (CallSequence("elder", 4, 7), Reply("younger"))  # 000 §EXAMPLE's quart major in hearts, good


def short_state() -> Any:  # after the exchange the elder holds six spades, the younger no suit longer than four
    state = machine_deal("AS KS QS JS TS 9S AH KH QH AD KD QD", "8S 7S JH TH 9H 8H JD TD 9D AC KC QC", "7H 8D 7D JC TC 9C 8C 7C")
    return run(state, (Exchange("elder", parse_cards("AD"), 1), Exchange("younger", parse_cards("8S"), 1)))
MULTIPLE_LEAD = (LeadSeveral("elder", (card("AH"), card("KH"))), Play("younger", card("TH")))  # law 59 II: the ace and king of hearts laid, the ace played to
PLAYED = tuple(
    play for t in score_deal(EXAMPLE).tricks
    for play in (Play(t.leader, t.lead), Play("younger" if t.leader == "elder" else "elder", t.follow))
)

EVAL_GOOD = run_line("evaluate_hand", {"cards": "AS KS QS"})

BUDGET_DEAL = {"elder": {"dealt": "AS KS QS JS TS 9S 8S 7S AH KH QH JH"}, "younger": {"dealt": "TH 9H 8H 7H AD KD QD JD TD 9D 8D 7D"},
               "stock": "AC KC QC JC TC 9C 8C 7C", "actions": []}  # a deal from which the exchanges alone are 1,585 x dozens
NEGATIVES: list[Negative] = [
    # card-unknown
    Negative("card-unknown", "a rank that is not in the pack", API,
             api(parse_cards, ["AS", "XS"]), api(parse_cards, ["AS", "KS"]), ("XS",)),
    Negative("card-unknown", "eleven is not ten", API,
             api(parse_cards, "10H 11H"), api(parse_cards, "10H JH"), ("11H",)),
    Negative("card-unknown", "a suit that is not in the pack", API,
             api(score_deal, deal((("elder", "dealt", 0), "AX"))), api(score_deal, deal()), ("AX", "elder.dealt[0]")),
    Negative("card-unknown", "a bad card in a space-separated string names its field", API,
             api(score_deal, deal((("younger", "discard"), "7S 9H XH"))), api(score_deal, deal((("younger", "discard"), "7S 9H 7H"))),
             ("XH", "younger.discard[2]")),
    Negative("card-unknown", "a card that is not a string", API,
             api(parse_cards, ["AS", 7]), api(parse_cards, ["AS", "7S"]), ("7",)),
    Negative("card-unknown", "evaluate_hand over the protocol", PROTOCOL,
             protocol_rejects("card-unknown", run_line("evaluate_hand", {"cards": "AS KS ZZ"})),
             protocol_accepts(EVAL_GOOD), ("ZZ",)),
    Negative("card-unknown", "evaluate on the command line", CLI,
             cli_rejects("card-unknown", 1, ["evaluate", "AS", "1S"]), cli_accepts(["evaluate", "AS", "TS"]), ("1S",)),
    # argument-invalid: the Python API given values of the wrong type or range
    Negative("argument-invalid", "a hand mask above 255", API,
             api(piquet_ref.evaluate_hand, (256, 0, 0, 0)), api(piquet_ref.evaluate_hand, (255, 0, 0, 0)), ("256",)),
    Negative("argument-invalid", "a negative hand mask", API,
             api(piquet_ref.cards_of, (0, -1, 0, 0)), api(piquet_ref.cards_of, (0, 1, 0, 0)), ("-1",)),
    Negative("argument-invalid", "a player who is neither elder nor younger", API,
             api(piquet_ref.discard_limits, "dealer", 0), api(piquet_ref.discard_limits, "younger", 0), ("dealer",)),
    Negative("argument-invalid", "a ruleset that is neither a Ruleset nor an id", API,
             api(piquet_ref.evaluate_hand, (1, 0, 0, 0), 1882), api(piquet_ref.evaluate_hand, (1, 0, 0, 0), "portland-1882"),
             ("int",)),
    Negative("argument-invalid", "a declaration choice that is not a DeclareChoice", API,
             api(piquet_ref.declared, piquet_ref.hand_of(range(12)), "none", "elder"),
             api(piquet_ref.declared, piquet_ref.hand_of(range(12)), piquet_ref.DeclareChoice("none", "none", "none"), "elder"),
             ("elder.declare", "str")),
    Negative("argument-invalid", "a hand of cards rather than card numbers", API,
             api(piquet_ref.hand_of, "AS KS"), api(piquet_ref.hand_of, [7, 6]), ("str",)),
    Negative("argument-invalid", "something that is not a scored deal", API,
             api(piquet_ref.result_text, EXAMPLE), api(lambda: piquet_ref.result_text(score_deal(EXAMPLE))), ("dict",)),
    # card-duplicate
    Negative("card-duplicate", "a card dealt to both players", API,
             api(score_deal, deal((("younger", "dealt", 0), "AS"))), api(score_deal, deal()),
             ("AS", "elder.dealt", "younger.dealt")),
    Negative("card-duplicate", "a card discarded twice", API,
             api(score_deal, deal((("elder", "discard"), ["KS", "KS", "7C", "9D", "8D"]))), api(score_deal, deal()),
             ("KS", "elder.discard")),
    Negative("card-duplicate", "a card in both hands compared", API,
             api(op_compare_declarations, {"elder": ELDER_HAND, "younger": YOUNGER_HAND.replace("TS", "AS")}),
             api(op_compare_declarations, {"elder": ELDER_HAND, "younger": YOUNGER_HAND}),
             ("AS", "elder.hand", "younger.hand")),
    Negative("card-duplicate", "a card listed twice in a declared holding", API,
             api(score_deal, hands({"declare": {"sets": [["JS", "JH", "JS"]]}})),
             api(score_deal, hands({"declare": {"sets": [["JS", "JH", "JC"]]}})), ("JS", "elder.declare.sets[0]")),
    Negative("card-duplicate", "evaluate_hand over the protocol", PROTOCOL,
             protocol_rejects("card-duplicate", run_line("evaluate_hand", {"cards": "AS KS AS"})),
             protocol_accepts(EVAL_GOOD), ("AS",)),
    # deal-hand-size
    Negative("deal-hand-size", "eleven cards dealt to the elder", API,
             api(score_deal, deal((("elder", "dealt"), EXAMPLE["elder"]["dealt"][:-1]))), api(score_deal, deal()),
             ("elder.dealt", "11")),
    Negative("deal-hand-size", "thirteen cards dealt to the younger", API,
             api(score_deal, deal((("younger", "dealt"), EXAMPLE["younger"]["dealt"] + ["9S"]))),
             api(score_deal, deal()), ("younger.dealt", "13")),
    # deal-stock-size
    Negative("deal-stock-size", "a stock of seven", API,
             api(score_deal, deal((("stock",), EXAMPLE["stock"][:-1]))), api(score_deal, deal()), ("stock", "7")),
    # hand-size
    Negative("hand-size", "eleven cards in a hand after the exchange", API,
             api(score_deal, hands({"hand": ELDER_HAND.rsplit(" ", 1)[0]})), api(score_deal, hands()),
             ("elder.hand", "11")),
    # exchange-discard-not-held
    Negative("exchange-discard-not-held", "the elder discards the younger's card", API,
             api(score_deal, deal((("elder", "discard", 0), "TS"))), api(score_deal, deal()), ("TS", "elder.discard")),
    Negative("exchange-discard-not-held", "the younger discards a card of the stock", API,
             api(score_deal, deal((("younger", "discard", 2), "9S"))), api(score_deal, deal()),
             ("9S", "younger.discard")),
    # exchange-elder-count
    Negative("exchange-elder-count", "the elder discards nothing", API,
             api(score_deal, deal((("elder", "discard"), []))),
             api(score_deal, deal((("elder", "discard"), ["KS"]), (("younger", "discard"), ["7S"]),
                                  (("tricks",), []))),
             ("elder.discard", "0")),
    Negative("exchange-elder-count", "the elder discards six", API,
             api(score_deal, deal((("elder", "discard"), ["KS", "8C", "7C", "9D", "8D", "JC"]))),
             api(score_deal, deal()), ("elder.discard", "6")),
    # exchange-younger-count
    Negative("exchange-younger-count", "the younger discards more than the stock has left", API,
             api(score_deal, deal((("younger", "discard"), ["7S", "9H", "7H", "TH"]))), api(score_deal, deal()),
             ("younger.discard", "4")),
    Negative("exchange-younger-count", "the younger discards nothing", API,
             api(score_deal, deal((("younger", "discard"), []), (("tricks",), []))),
             api(score_deal, deal((("younger", "discard"), ["7S"]), (("tricks",), []))), ("younger.discard", "0")),
    # play-not-held
    Negative("play-not-held", "the younger plays a card he discarded", API,
             api(score_deal, tricks_with(0, ["AH", "9H"])), api(score_deal, tricks_with(0, ["AH", "TH"])),
             ("9H", "tricks[0]")),
    Negative("play-not-held", "the elder leads a card he discarded", API,
             api(score_deal, tricks_with(0, ["9D", "TD"])), api(score_deal, tricks_with(0, ["AH", "TH"])),
             ("9D", "tricks[0]")),
    Negative("play-not-held", "the elder leads a card he has already played", API,
             api(score_deal, tricks_with(1, ["AH", "7D"])), api(score_deal, tricks_with(1, ["KH", "7D"])),
             ("AH", "tricks[1]")),
    # play-out-of-turn
    Negative("play-out-of-turn", "the younger leads the first trick", API,
             api(score_deal, tricks_with(0, ["TH", "AH"])), api(score_deal, tricks_with(0, ["AH", "TH"])),
             ("TH", "tricks[0]")),
    # play-revoke
    Negative("play-revoke", "the younger renounces hearts holding the ten", API,
             api(score_deal, tricks_with(0, ["AH", "TC"])), api(score_deal, tricks_with(0, ["AH", "TH"])),
             ("TC", "AH", "tricks[0]")),
    Negative("play-revoke", "over the protocol", PROTOCOL,
             protocol_rejects("play-revoke", run_line("score_deal", tricks_with(0, ["AH", "TC"]))),
             protocol_accepts(run_line("score_deal", deal())), ("TC", "tricks[0]")),
    # play-trick-shape
    Negative("play-trick-shape", "a trick of one card", API,
             api(score_deal, tricks_with(0, ["AH"])), api(score_deal, tricks_with(0, ["AH", "TH"])), ("tricks[0]",)),
    Negative("play-trick-shape", "a trick of three cards", API,
             api(score_deal, tricks_with(0, ["AH", "TH", "KH"])), api(score_deal, tricks_with(0, ["AH", "TH"])),
             ("tricks[0]",)),
    Negative("play-trick-shape", "a trick given as a one-card string", API,
             api(score_deal, tricks_with(3, "JH")), api(score_deal, tricks_with(3, "JH JD")), ("tricks[3]",)),
    # play-too-many-tricks
    Negative("play-too-many-tricks", "a thirteenth trick", API,
             api(score_deal, deal((("tricks",), CAVENDISH_TRICKS + [["AH", "TH"]]))), api(score_deal, deal()),
             ("tricks", "13")),
    # declare-not-held
    Negative("declare-not-held", "a point with a card the elder lacks", API,
             api(score_deal, hands({"declare": {"point": ["AH", "KH", "QH", "JH", "TH"]}})),
             api(score_deal, hands({"declare": {"point": ["AH", "KH", "QH", "JH", "8H"]}})),
             ("TH", "elder.declare.point")),
    Negative("declare-not-held", "a trio with the adversary's knave", API,
             api(score_deal, hands({"declare": {"sets": [["JS", "JH", "JD"]]}})),
             api(score_deal, hands({"declare": {"sets": [["JS", "JH", "JC"]]}})), ("JD", "elder.declare.sets[0]")),
    # declare-invalid
    Negative("declare-invalid", "a sequence with a gap", API,
             api(score_deal, hands({"declare": {"sequences": [["AH", "KH", "JH"]]}})),
             api(score_deal, hands({"declare": {"sequences": [["AH", "KH", "QH"]]}})),
             ("elder.declare.sequences[0]", "JH")),
    Negative("declare-invalid", "a point of two suits", API,
             api(score_deal, hands({"declare": {"point": ["AH", "KH", "AS"]}})),
             api(score_deal, hands({"declare": {"point": ["AH", "KH", "QH"]}})), ("elder.declare.point",)),
    Negative("declare-invalid", "a pair of eights as a set", API,
             api(score_deal, hands({"declare": {"sets": [["8H", "8S"]]}})),
             api(score_deal, hands({"declare": {"sets": [["JS", "JH", "JC"]]}})), ("elder.declare.sets[0]", "8H")),
    # record-invalid
    Negative("record-invalid", "an unknown key in the record", API,
             api(score_deal, deal((("bogus",), 1))), api(score_deal, deal()), ("bogus",)),
    Negative("record-invalid", "an unknown key in a player", API,
             api(score_deal, deal((("elder", "dealtt"), []))), api(score_deal, deal()), ("dealtt", "elder")),
    Negative("record-invalid", "a record without a stock", API,
             api(score_deal, deal((("stock",), DELETE))), api(score_deal, deal()), ("stock",)),
    Negative("record-invalid", "a player given as a list", API,
             api(score_deal, deal((("younger",), EXAMPLE["younger"]["dealt"]))), api(score_deal, deal()),
             ("younger",)),
    Negative("record-invalid", "dealt cards given as a number", API,
             api(score_deal, deal((("elder", "dealt"), 12))), api(score_deal, deal()), ("elder.dealt",)),
    Negative("record-invalid", "tricks given as a mapping", API,
             api(score_deal, deal((("tricks",), {"1": ["AH", "TH"]}))), api(score_deal, deal((("tricks",), [])),),
             ("tricks",)),
    Negative("record-invalid", "a declare choice that is not all, none or holdings", API,
             api(score_deal, hands({"declare": "some"})), api(score_deal, hands({"declare": "none"})),
             ("elder.declare",)),
    Negative("record-invalid", "evaluate_hand without cards over the protocol", PROTOCOL,
             protocol_rejects("record-invalid", run_line("evaluate_hand", {"card": "AS KS QS"})),
             protocol_accepts(EVAL_GOOD), ("card",)),
    Negative("record-invalid", "a record that is a list, on the command line", CLI,
             cli_rejects("record-invalid", 1, ["score", "-"], stdin="[AS, KS]\n"),
             cli_accepts(["score", "-"], stdin=EXAMPLE_PATH.read_text(encoding="utf-8")), ("mapping",)),
    # ruleset-unknown
    Negative("ruleset-unknown", "a record naming a ruleset that does not exist", API,
             api(score_deal, deal((("ruleset",), "portland-1883"))),
             api(score_deal, deal((("ruleset",), "portland-1882"))), ("portland-1883",)),
    Negative("ruleset-unknown", "the loader asked for a ruleset that does not exist", API,
             api(load_ruleset, "portland-1883"), api(load_ruleset, "portland-1882"), ("portland-1883",)),
    Negative("ruleset-unknown", "a ruleset id that is a path", API,
             api(load_ruleset, "../errors"), api(load_ruleset, "portland-1882"), ("../errors",)),
    Negative("ruleset-unknown", "evaluate_hand naming an unknown ruleset", API,
             api(op_evaluate_hand, {"cards": "AS", "ruleset": "hundred-up"}),
             api(op_evaluate_hand, {"cards": "AS", "ruleset": "portland-1882"}), ("hundred-up",)),
    # input-unreadable
    Negative("input-unreadable", "a file that does not exist", CLI,
             cli_rejects("input-unreadable", 2, ["score", MISSING_FILE]),
             cli_accepts(["score", str(EXAMPLE_PATH)]), (MISSING_FILE,)),
    Negative("input-unreadable", "stdin that is not YAML or JSON", CLI,
             cli_rejects("input-unreadable", 1, ["score", "-"], stdin='{"elder": [AS, KS\n'),
             cli_accepts(["score", "-"], stdin=json.dumps(EXAMPLE)), ("stdin:", "not valid YAML or JSON")),
    # input-too-large
    Negative("input-too-large", "an integer of 5,000 digits in a record on stdin", CLI,
             cli_rejects("input-too-large", 1, ["score", "-"], stdin="elder: " + "9" * 5000 + "\n"),
             cli_accepts(["score", "-"], stdin=json.dumps(EXAMPLE)), ("stdin", "integer_digits")),
    Negative("input-too-large", "a request nested 100 deep", PROTOCOL,
             protocol_rejects("input-too-large", '{"cmd":"run","seq":1,"op":"evaluate_hand","input":{"cards":' + "[" * 100 + "]" * 100 + "}}"),
             protocol_accepts('{"cmd":"run","seq":1,"op":"evaluate_hand","input":{"cards":"AS"}}'), ("depth",)),
    # request-over-budget
    Negative("request-over-budget", "a count of three actions from the deal, past count_work", PROTOCOL,
             protocol_rejects("request-over-budget", json.dumps({"cmd": "run", "seq": 1, "op": "count", "input": {"kind": "actions", "depth": 3, **BUDGET_DEAL}})),
             protocol_accepts(json.dumps({"cmd": "run", "seq": 1, "op": "count", "input": {"kind": "actions", "depth": 1, **BUDGET_DEAL}})), ("count_work",)),
    # request-invalid
    Negative("request-invalid", "an unknown cmd", PROTOCOL,
             protocol_rejects("request-invalid", '{"cmd":"rnu","seq":1,"op":"evaluate_hand","input":{"cards":"AS"}}'),
             protocol_accepts('{"cmd":"run","seq":1,"op":"evaluate_hand","input":{"cards":"AS"}}'), ("'rnu'",)),
    Negative("request-invalid", "a run without op", PROTOCOL,
             protocol_rejects("request-invalid", '{"cmd":"run","seq":1,"input":{"cards":"AS"}}'),
             protocol_accepts('{"cmd":"run","seq":1,"op":"evaluate_hand","input":{"cards":"AS"}}'), ("op",)),
    Negative("request-invalid", "a run without input", PROTOCOL,
             protocol_rejects("request-invalid", '{"cmd":"run","seq":1,"op":"evaluate_hand"}'),
             protocol_accepts('{"cmd":"run","seq":1,"op":"evaluate_hand","input":{"cards":"AS"}}'), ("input",)),
    Negative("request-invalid", "a line that is not JSON", PROTOCOL,
             protocol_rejects("request-invalid", "{'cmd': 'hello'}"), lambda: respond('{"cmd": "hello"}'), ("JSON",)),
    Negative("request-invalid", "a JSON line that is not an object", PROTOCOL,
             protocol_rejects("request-invalid", '["hello"]'), lambda: respond('{"cmd": "hello"}'), ("list",)),
    Negative("request-invalid", "a hello for another protocol", PROTOCOL,
             protocol_rejects("request-invalid", '{"cmd":"hello","protocol":2}'),
             lambda: respond('{"cmd":"hello","protocol":1}'), ("protocol 2",)),
    # reference-unknown
    Negative("reference-unknown", "an ambiguity id that spec/ does not hold", API,
             api(catalogue.ambiguity, "exchange.younger-minimun"), api(catalogue.ambiguity, "exchange.younger-minimum"),
             ("exchange.younger-minimun",)),
    Negative("reference-unknown", "a rule id that spec/ does not hold, on the command line", CLI,
             cli_rejects("reference-unknown", 1, ["rules", "point.scores"]), cli_accepts(["rules", "point.score"]),
             ("point.scores",)),
    Negative("reference-unknown", "a law number past the last law, on the command line", CLI,
             cli_rejects("reference-unknown", 1, ["laws", "79"]), cli_accepts(["laws", "78"]), ("'79'",)),
    # the partie
    Negative("partie-invalid", "a partie record with an unknown key", API,
             api(score_partie, {**PARTIE, "dealz": []}), api(score_partie, PARTIE), ("dealz",)),
    Negative("partie-invalid", "a deal whose dealer is not a player, over the protocol", PROTOCOL,
             protocol_rejects("partie-invalid", run_line("score_partie", {"players": ["A", "B"], "deals": [{"dealer": "C", "scores": {"A": 1, "B": 2}}]})),
             protocol_accepts(run_line("score_partie", PARTIE)), ("deals[0].dealer", "'C'")),
    Negative("partie-invalid", "a stake the tables do not name, on the command line", CLI,
             cli_rejects("partie-invalid", 1, ["partie", "-"], stdin=json.dumps({**PARTIE, "stake": "guinea-points"})),
             cli_accepts(["partie", "-"], stdin=json.dumps({**PARTIE, "stake": "shilling-points"})), ("guinea-points",)),
    Negative("partie-dealer", "the same player dealing twice running", API,
             api(score_partie, partie_deals(("B", "B"))), api(score_partie, partie_deals(("B", "A"))), ("deals[1]", "B deals twice")),
    Negative("partie-cut", "the higher cut dealing in the hundred-up game", API,
             api(score_partie, {**partie_deals(("B",)), "ruleset": "cavendish-au-cent", "deals": [{"dealer": "B", "cut": {"A": "9H", "B": "KS"}, "scores": {"A": 1, "B": 2}}]}),
             api(score_partie, {**partie_deals(("A",)), "ruleset": "cavendish-au-cent", "deals": [{"dealer": "A", "cut": {"A": "9H", "B": "KS"}, "scores": {"A": 1, "B": 2}}]}),
             ("deals[0]", "A cut the lower card")),
    Negative("partie-too-many-deals", "a seventh deal after a decided partie", API,
             api(score_partie, partie_deals(("B", "A") * 3 + ("B",))), api(score_partie, partie_deals(("B", "A") * 3)), ("deals[6]", "over after 6 deals")),
    Negative("partie-undecidable", "both players reach a hundred in a deal given by its scores", API,
             api(score_partie, {"ruleset": "harewood-1835", "deals": [{"dealer": "A", "scores": {"A": 95, "B": 90}}, {"dealer": "B", "scores": {"A": 10, "B": 10}}]}),
             api(score_partie, {"ruleset": "harewood-1835", "deals": [{"dealer": "A", "scores": {"A": 95, "B": 90}}, {"dealer": "B", "scores": {"A": 10, "B": 5}}]}),
             ("deals[1]", "both players reach 100")),
    # odds-take-count
    Negative("odds-take-count", "more cards taken in than the player cannot see", PROTOCOL,
             protocol_rejects("odds-take-count", run_line("odds", {"kind": "take_in", "hand": ELDER_HAND, "take": 21, "condition": {"taken": "A"}})),
             protocol_accepts(run_line("odds", {"kind": "take_in", "hand": ELDER_HAND, "take": 20, "condition": {"taken": "A"}})),
             ("take", "21", "20")),
    Negative("odds-take-count", "a take-in other than the discard, on the command line", CLI,
             cli_rejects("odds-take-count", 1, ["odds", ELDER_HAND, "--discard", "9S 8S", "--take", "3", "--if", "taken: A"]),
             cli_accepts(["odds", ELDER_HAND, "--discard", "9S 8S", "--take", "2", "--if", "taken: A"]), ("3", "2")),
    Negative("odds-take-count", "the API asked to take more than remain", API,
             api(lambda: piquet_ref.odds.take_in.question(piquet_ref.hand_of(parse_cards(ELDER_HAND)), take=21)),
             api(lambda: piquet_ref.odds.take_in.question(piquet_ref.hand_of(parse_cards(ELDER_HAND)), take=20)), ("21",)),
    Negative("record-invalid", "an odds condition that is not one", PROTOCOL,
             protocol_rejects("record-invalid", run_line("odds", {"kind": "take_in", "hand": ELDER_HAND, "take": 5, "condition": {"pointt": 6}})),
             protocol_accepts(run_line("odds", {"kind": "take_in", "hand": ELDER_HAND, "take": 5, "condition": {"point": 6}})), ("pointt",)),
    # the state machine of the Laws
    Negative("blanche-not-held", "the younger shows carte blanche holding court cards", API,
             machine(blanche_state, ShowBlanche("younger")), machine(blanche_state, ShowBlanche("elder")), ("younger", "KS")),
    Negative("blanche-not-shown", "the elder exchanges before showing his carte blanche", API,
             machine(blanche_state, Exchange("elder", parse_cards("7S"), 1)),
             machine(blanche_state, ShowBlanche("elder"), Exchange("elder", parse_cards("7S"), 1)), ("elder", "carte blanche")),
    Negative("exchange-out-of-turn", "the younger lays out his discard before the elder's exchange and takes in nothing", API,
             machine(cavendish_state, Exchange("younger", EXCHANGED[1].discard, 0)), machine(cavendish_state, EXCHANGED[1]), ("younger", "before the elder", "taking in nothing")),
    Negative("exchange-out-of-turn", "the younger who took in before the elder exchanges again after him", API,
             machine(cavendish_state, EXCHANGED[1], Elect("elder", "enforce"), Exchange("elder", parse_cards("KS 8C"), 2), EXCHANGED[1]),
             machine(cavendish_state, EXCHANGED[1], Elect("elder", "enforce"), Exchange("elder", parse_cards("KS 8C"), 2)), ("younger", "again")),
    Negative("exchange-out-of-turn", "the elder exchanges a second time", API,
             machine(cavendish_state, EXCHANGED[0], EXCHANGED[0]), machine(cavendish_state, *EXCHANGED), ("elder", "again")),
    Negative("exchange-take-count", "the younger takes in four where the elder left him three", API,
             machine(cavendish_state, EXCHANGED[0], Exchange("younger", EXCHANGED[1].discard, 4)),
             machine(cavendish_state, EXCHANGED[0], Exchange("younger", EXCHANGED[1].discard, 2)),
             ("younger.take", "4", "3")),
    Negative("option-pending", "the younger exchanges before electing after the elder took in six", API,
             machine(cavendish_state, Exchange("elder", EXCHANGED[0].discard, 6), EXCHANGED[1]),
             machine(cavendish_state, Exchange("elder", EXCHANGED[0].discard, 6), Elect("younger", "enforce")),
             ("younger", "law 28"), law=28),
    Negative("option-not-offered", "a fresh deal elected where the laws offer only to enforce or waive", API,
             machine(cavendish_state, Exchange("elder", EXCHANGED[0].discard[:4], 5), Elect("younger", "fresh_deal")),
             machine(cavendish_state, Exchange("elder", EXCHANGED[0].discard[:4], 5), Elect("younger", "waive")),
             ("younger", "fresh_deal", "enforce, waive"), law=44),
    Negative("call-out-of-turn", "the younger calls his point before the elder", API,
             machine(cavendish_state, *EXCHANGED, NO_CALLS[1]), machine(cavendish_state, *EXCHANGED, NO_CALLS[0]),
             ("younger", "point")),
    Negative("reply-out-of-turn", "the elder replies to his own call of point", API,
             machine(cavendish_state, *EXCHANGED, CallPoint("elder", 5), Reply("elder")),
             machine(cavendish_state, *EXCHANGED, CallPoint("elder", 5), Reply("younger")), ("elder", "Reply", "younger is to answer")),
    Negative("ask-value-short", "the younger asks the value of six cards holding four", API,
             machine(short_state, CallPoint("elder", 6), AskValue("younger")), machine(short_state, CallPoint("elder", 6), Reply("younger")),
             ("6 cards", "only 4")),
    Negative("call-head-missing", "a tierce called without its head, not good against the cards", API,
             machine(cavendish_state, *EXCHANGED, *POINT_49, CallSequence("elder", 3, None)),
             machine(cavendish_state, *EXCHANGED, *POINT_49, CallSequence("elder", 4, None)), ("sequence of 3", "head")),
    Negative("amend-not-larger", "four cards amended to three", API,
             machine(cavendish_state, *EXCHANGED, CallPoint("elder", 4), CallPoint("elder", 3)),
             machine(cavendish_state, *EXCHANGED, CallPoint("elder", 4), CallPoint("elder", 5)), ("4 cards", "3 cards")),
    Negative("allow-nothing-better", "the younger allows forty-nine holding forty-eight", API,
             machine(cavendish_state, *EXCHANGED, *POINT_49[:3], Allow("younger")),
             machine(cavendish_state, *EXCHANGED, *POINT_49[:3], Reply("younger")), ("making 49",)),
    Negative("correction-too-late", "the younger corrects his allowing after the elder's next call", API,
             machine(cavendish_state, *EXCHANGED, CallPoint("elder", 5), Allow("younger"), CallSequence("elder", 4, 7), Correct("younger")),
             machine(cavendish_state, *EXCHANGED, CallPoint("elder", 5), Allow("younger"), Correct("younger")), ("younger", "law 51")),
    Negative("miscall-not-open", "the elder corrects his point, allowed good and held, in place of his three kings allowed good and not held", API,
             machine(cavendish_state, *EXCHANGED, *POINT_49, *QUART_MAJOR, CallSet("elder", 3, 6), Allow("younger"), CorrectMiscall("elder", "point")),
             machine(cavendish_state, *EXCHANGED, *POINT_49, *QUART_MAJOR, CallSet("elder", 3, 6), Allow("younger"), CorrectMiscall("elder", "sets")),
             ("elder", "'point'", "law 52")),
    Negative("show-nothing-allowed", "the younger asks the elder to show his three kings, not good against four tens", API,
             machine(cavendish_state, *EXCHANGED, *POINT_49, *QUART_MAJOR, CallSet("elder", 3, 6), Reply("younger"), AskShow("younger", "sets")),
             machine(cavendish_state, *EXCHANGED, *POINT_49, *QUART_MAJOR, CallSet("elder", 3, 6), Reply("younger"), AskShow("younger", "sequences")),
             ("younger", "'sets'", "law 55")),
    Negative("show-too-early", "the elder asks the younger to show his four tens before leading", API,
             machine(cavendish_state, *EXCHANGED, *POINT_49, *QUART_MAJOR, CallSet("elder", 3, 6), Reply("younger"), AskShow("elder", "sets")),
             machine(cavendish_state, *EXCHANGED, *POINT_49, *QUART_MAJOR, CallSet("elder", 3, 6), Reply("younger"), Play("elder", card("AH")), AskShow("elder", "sets")),
             ("younger", "sets", "law 55")),
    Negative("reckon-too-late", "the elder reckons the three aces his point and tierces named after the younger has played to the first trick (Case IV)", API,
             machine(case_iv_deal, *CASE_IV_CALLS, Play("elder", card("AS")), SeeLeft("younger", False), Play("younger", card("9S")), CASE_IV_ACES),
             machine(case_iv_deal, *CASE_IV_CALLS, Play("elder", card("AS")), SeeLeft("younger", False), CASE_IV_ACES, Play("younger", card("9S"))),
             ("elder", "sets", "law 56")),
    Negative("record-false-claim", "false_claim given as a word", API,
             api(score_deal, deal((("elder", "false_claim"), "yes"))), api(score_deal, deal((("elder", "false_claim"), True))),
             ("elder.false_claim", "'yes'")),
    Negative("record-exposed-stock", "exposed_stock naming a card of the player's own portion of the stock", API,
             api(score_deal, deal((("elder", "exposed_stock"), ["KD"]))), api(score_deal, deal((("elder", "exposed_stock"), ["QS"]))),
             ("elder.exposed_stock", "KD", "own portion")),
    Negative("record-took-in-first", "took_in_first given as a word", API,
             api(score_deal, deal((("younger", "took_in_first"), "yes"))), api(score_deal, deal((("younger", "took_in_first"), False))),
             ("younger.took_in_first", "'yes'")),
    Negative("record-took-in-first", "took_in_first given for the elder", API,
             api(score_deal, deal((("elder", "took_in_first"), True))), api(score_deal, deal((("elder", "took_in_first"), False))),
             ("elder.took_in_first", "only the younger")),
    Negative("record-took-in-first", "took_in_first for a younger who took no card of the stock", API,
             api(score_deal, deal((("younger", "took_in_first"), True), (("younger", "take"), 0), (("elder", "discard"), ["KS", "8C"]), (("tricks",), []))),
             api(score_deal, deal((("younger", "took_in_first"), True), (("elder", "discard"), ["KS", "8C"]), (("tricks",), []))),
             ("younger.took_in_first", "took no card")),
    Negative("record-exposed-stock", "exposed_stock naming a card twice", API,
             api(score_deal, deal((("younger", "exposed_stock"), ["9S", "9S"]))), api(score_deal, deal((("younger", "exposed_stock"), ["9S"]))),
             ("younger.exposed_stock", "9S", "named twice")),
    Negative("record-barred", "barred naming a category that is not declared", API,
             api(score_deal, deal((("younger", "barred"), ["point", "play"]))), api(score_deal, deal((("younger", "barred"), ["point"]))),
             ("younger.barred", "'play'")),
    Negative("record-barred", "barred naming a category twice", API,
             api(score_deal, deal((("elder", "barred"), ["sets", "sets"]))), api(score_deal, deal((("elder", "barred"), ["sets"]))),
             ("elder.barred", "'sets', 'sets'")),
    Negative("play-too-early", "the elder leads before the calls", API,
             machine(cavendish_state, *EXCHANGED, PLAYED[0]), machine(cavendish_state, *EXCHANGED, *NO_CALLS, PLAYED[0]),
             ("elder", "calls")),
    Negative("deal-over", "a card played after the twelfth trick", API,
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, *PLAYED, PLAYED[0]),
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, *PLAYED), ("12 tricks",)),
    # a revoke made at the table and its retaking (law 59 IV); the cards left in the stock (law 36)
    Negative("play-not-a-revoke", "a card following suit given as a revoke", API,
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, PLAYED[0], Revoke("younger", card("TH"))),
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, PLAYED[0], Revoke("younger", card("TS"))), ("younger", "TH", "follows suit")),
    Negative("play-retake-not-open", "cards taken back with no revoke standing", API,
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, PLAYED[0], PLAYED[1], Retake("younger")),
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, PLAYED[0], Revoke("younger", card("TS")), Retake("younger")),
             ("younger", "no revoke stands")),
    Negative("play-not-out-of-turn", "the elder, on lead, gives his first lead as a lead out of turn", API,
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, LeadOutOfTurn("elder", card("AH"))),
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, LeadOutOfTurn("younger", card("AD"))), ("elder", "AH", "he is on lead")),
    Negative("play-retake-not-open", "a lead out of turn taken back after the adversary played to it", API,
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, LeadOutOfTurn("younger", card("AD")), Play("elder", card("KD")), Retake("younger")),
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, LeadOutOfTurn("younger", card("AD")), Retake("younger")),
             ("younger", "played to", "law 59 III")),
    Negative("lead-several-invalid", "the elder lays down the ace of hearts and the younger's ace of diamonds to be played to", API,
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, LeadSeveral("elder", (card("AH"), card("AD")))),
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, LeadSeveral("elder", (card("AH"), card("KH")))), ("elder", "AD", "does not hold")),
    Negative("change-lead-not-open", "a card laid changed after the last card laid was played to (Case XI)", API,
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, *MULTIPLE_LEAD, Play("younger", card("7D")), ChangeLead("elder", card("KH"), card("QH"))),
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, *MULTIPLE_LEAD, ChangeLead("elder", card("KH"), card("QH"))), ("elder", "QH", "KH")),
    Negative("overplay-not-open", "the leader of a multiple lead plays a card beyond it (law 59 II)", API,
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, *MULTIPLE_LEAD, Play("younger", card("7D")), Overplay("elder", card("QH"))),
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, *MULTIPLE_LEAD, Play("younger", card("7D")), Overplay("younger", card("QS"))), ("elder", "QH")),
    Negative("record-out-of-turn", "out_of_turn naming a trick past those given", API,
             api(score_deal, deal((("out_of_turn",), [12]))), api(score_deal, deal((("out_of_turn",), []))),
             ("out_of_turn", "[12]")),
    Negative("left-cards-undeclared", "the younger plays to the first trick before saying whether he looks at the card left", API,
             machine(cavendish_state, *LEFT_ONE, *NO_CALLS, PLAYED[0], PLAYED[1]),
             machine(cavendish_state, *LEFT_ONE, *NO_CALLS, PLAYED[0], SeeLeft("younger", False), PLAYED[1]), ("younger", "1 card")),
    Negative("left-cards-window", "the younger elects before the elder has led", API,
             machine(cavendish_state, *LEFT_ONE, *NO_CALLS, SeeLeft("younger", True)),
             machine(cavendish_state, *LEFT_ONE, *NO_CALLS, PLAYED[0], SeeLeft("younger", True)), ("younger", "before the elder has led")),
    Negative("left-cards-none", "the younger elects when he took in every card left", API,
             machine(cavendish_state, *EXCHANGED, *NO_CALLS, PLAYED[0], SeeLeft("younger", True)),
             machine(cavendish_state, *LEFT_ONE, *NO_CALLS, PLAYED[0], SeeLeft("younger", True)), ("younger", "no card is left")),
    Negative("left-cards-mix-invalid", "the elder mixes the card the younger left with a discard", API,
             machine(cavendish_state, *LEFT_ONE, *NO_CALLS, MixLeft("elder")),
             machine(cavendish_state, *LEFT_ONE, *NO_CALLS, MixLeft("younger")), ("elder", "younger's to mix")),
    Negative("discard-not-open", "the elder sees the younger's discard before leading, the card left mixed into it", API,
             machine(cavendish_state, *LEFT_ONE, *NO_CALLS, MixLeft("younger"), SeeDiscard("elder")),
             machine(cavendish_state, *LEFT_ONE, *NO_CALLS, MixLeft("younger"), PLAYED[0], SeeDiscard("elder")), ("elder", "not led")),
    Negative("expose-stock-invalid", "the younger shows a card of the elder's portion once the elder has taken it in", API,
             machine(cavendish_state, EXCHANGED[0], ExposeStock("younger", card("9S"))),
             machine(cavendish_state, ExposeStock("younger", card("9S"))), ("younger", "9S", "the elder has taken in")),
    Negative("expose-stock-invalid", "the elder shows a card of his own portion", API,
             machine(cavendish_state, ExposeStock("elder", card("KD"))),
             machine(cavendish_state, ExposeStock("elder", card("QS"))), ("elder", "KD", "his own portion")),
    # the younger's shortfall left unannounced and taken up (Case XIII)
    Negative("exchange-unannounced-invalid", "announced false on a younger's exchange taking in all he discards", API,
             machine(cavendish_state, EXCHANGED[0], Exchange("younger", parse_cards("7S 9H"), 2, announced=False)),
             machine(cavendish_state, EXCHANGED[0], Exchange("younger", parse_cards("7S 9H"), 1, announced=False)), ("younger.announced", "no card is left short")),
    Negative("take-up-not-open", "the younger takes up the card he left short after mixing it with his discard", API,
             machine(cavendish_state, EXCHANGED[0], Exchange("younger", parse_cards("7S 9H"), 1, announced=False), *NO_CALLS, MixLeft("younger"), TakeUp("younger")),
             machine(cavendish_state, EXCHANGED[0], Exchange("younger", parse_cards("7S 9H"), 1, announced=False), *NO_CALLS, TakeUp("younger")),
             ("younger", "went among his discard")),
    # the younger's discard laid out first at the elder's carte blanche, and the elder's saying what he leaves (Case V)
    Negative("lay-out-out-of-turn", "the younger lays out first after the elder has shown his carte blanche", API,
             machine(blanche_state, ShowBlanche("elder"), LayOut("younger", parse_cards("JS JH JD"))),
             machine(blanche_state, LayOut("younger", parse_cards("JS JH JD"))), ("younger", "unshown carte blanche")),
    Negative("leave-invalid", "the elder says he leaves a card after showing, the younger not having laid out", API,
             machine(blanche_state, ShowBlanche("elder"), Leave("elder", 1)),
             machine(blanche_state, Leave("elder", 1)), ("elder", "leaves 1")),
    Negative("exchange-contradicts-leave", "the elder takes all five after saying he leaves one", API,
             machine(blanche_state, Leave("elder", 1), ShowBlanche("elder"), Exchange("elder", parse_cards("8S 7S 8H 7H 7D"), 5)),
             machine(blanche_state, Leave("elder", 1), ShowBlanche("elder"), Exchange("elder", parse_cards("8S 7S 8H 7H"), 4)), ("leaves 1", "takes in 5")),
    Negative("discard-laid-out", "the younger alters his laid-out discard though the elder said he leaves a card before showing", API,
             machine(blanche_state, LayOut("younger", parse_cards("JS JH JD")), Leave("elder", 1), ShowBlanche("elder"),
                     Exchange("elder", parse_cards("8S 7S 8H 7H"), 4), Exchange("younger", parse_cards("JS JH JD JC"), 4)),
             machine(blanche_state, LayOut("younger", parse_cards("JS JH JD")), ShowBlanche("elder"), Leave("elder", 1),
                     Exchange("elder", parse_cards("8S 7S 8H 7H"), 4), Exchange("younger", parse_cards("JS JH JD JC"), 4)), ("JS JH JD", "JC")),
    # spec-invalid (the full set of breaks is SPEC_BREAKS above)
    Negative("spec-invalid", "a param of the wrong type", API,
             spec_break_in_tempdir(SPEC_BREAKS[1].bad), spec_break_in_tempdir(SPEC_BREAKS[1].good),
             ("rules/point.yaml", "point.score.params.per_card")),
]


def spy_on_errors(monkeypatch: pytest.MonkeyPatch) -> list[PiquetError]:
    """Record every typed error the package builds (the CLI and protocol report them, not raise them)."""
    built: list[PiquetError] = []
    real = codes.error

    def spy(code: str, message: str, law: int | None = None) -> PiquetError:
        exc = real(code, message, law)
        built.append(exc)
        return exc

    spy.__wrapped__ = real  # type: ignore[attr-defined]  # a module first imported under an earlier spy kept that spy
    for name, module in list(sys.modules.items()):
        bound = getattr(module, "error", None)
        if name.split(".")[0] == "piquet_ref" and (bound is real or getattr(bound, "__wrapped__", None) is real):
            monkeypatch.setattr(module, "error", spy)
    real_input = files.error_of  # the input codes, built below `codes` (rules/files.py)

    def spy_input(code: str, message: str) -> PiquetError:
        exc = real_input(code, message)
        built.append(exc)
        return exc

    monkeypatch.setattr(files, "error_of", spy_input)
    return built


@pytest.mark.parametrize("case", NEGATIVES, ids=[f"{n.code}: {n.name}" for n in NEGATIVES])
def test_negative_input_fails_with_its_code_class_law_and_names_the_culprit(
    case: Negative, monkeypatch: pytest.MonkeyPatch
) -> None:
    built = spy_on_errors(monkeypatch)
    reported = ""
    if case.door is API:
        with pytest.raises(PiquetError) as info:
            case.bad()
        exc = info.value
    else:
        output = case.bad()
        assert built, "the CLI or protocol reported an error the package did not build"
        exc = built[-1]
        reported = output["error"]["message"] if isinstance(output, dict) else str(output)
        assert exc.message in reported  # the reported error is the one built
    entry = error_catalogue()[case.code]
    assert exc.code == case.code
    assert type(exc) is KIND_CLASS[entry.kind]
    assert isinstance(exc, ValueError)
    assert exc.law == (case.law if entry.situational else entry.law) and exc.rule == entry.rule
    assert case.law is None or entry.situational, "only a situational code's law depends on the situation"
    for fragment in case.names:
        assert fragment in exc.message


@pytest.mark.parametrize("case", NEGATIVES, ids=[f"{n.code}: {n.name}" for n in NEGATIVES])
def test_minimally_different_input_is_accepted(case: Negative) -> None:
    case.good()


def test_every_error_code_has_a_negative_test() -> None:
    provoked = {n.code for n in NEGATIVES} | ({"spec-invalid"} if SPEC_BREAKS else set())
    assert provoked == set(error_catalogue())


def test_every_door_is_exercised_by_the_negative_tests() -> None:
    assert {n.door for n in NEGATIVES} == {API, CLI, PROTOCOL}


# --- the catalogue itself ----------------------------------------------------------------------------


@pytest.mark.parametrize("code", sorted(error_catalogue()))
def test_error_built_for_a_code_is_the_class_of_its_kind(code: str) -> None:
    entry = error_catalogue()[code]
    exc = codes.error(code, "a message")
    assert type(exc) is KIND_CLASS[entry.kind]
    assert (exc.code, exc.law, exc.rule, exc.message) == (code, entry.law, entry.rule, "a message")
    assert exc.to_json() == {"code": code, "law": entry.law, "rule": entry.rule, "message": "a message"}


def test_catalogue_rules_are_rule_ids_of_the_spec() -> None:
    rules = load_ruleset().rules
    assert all(e.rule is None or e.rule in rules for e in error_catalogue().values())


def test_catalogue_laws_are_the_portland_laws_of_those_checks() -> None:
    """Laws of Piquet (L): 9 twelve cards each and eight in the stock; 21 and 22 the elder's and the
    younger's exchange; 54 calling what one does not hold; 59 III and IV leading out of turn and not
    following suit; 75 a redundant pack."""
    laws = {code: entry.law for code, entry in error_catalogue().items()}
    expected = {
        "deal-hand-size": 9, "deal-stock-size": 9, "hand-size": 9,
        "exchange-elder-count": 21, "exchange-younger-count": 22,
        "declare-not-held": 54, "play-out-of-turn": 59, "play-revoke": 59, "card-duplicate": 75,
    }
    assert {code: laws[code] for code in expected} == expected


def test_only_a_situational_code_carries_the_law_of_its_situation() -> None:
    """An election error names the law whose election is in force (laws 11, 13, 28, 39, 44); every other
    code always carries the catalogue's law, and the code cannot be built with another."""
    situational = {code for code, entry in error_catalogue().items() if entry.situational}
    assert situational == {"option-pending", "option-not-offered"}
    assert codes.error("option-pending", "a message", 13).law == 13
    assert codes.error("option-pending", "a message").law == error_catalogue()["option-pending"].law
    with pytest.raises(AssertionError, match="not situational"):
        codes.error("play-revoke", "a message", 13)


@pytest.mark.parametrize("value, accepted", [("yes", False), (1, False), (True, True), (False, True)])
def test_situational_must_be_a_boolean_in_the_catalogue(tmp_path: Path, value: object, accepted: bool) -> None:
    data = yaml.safe_load((spec_dir() / "errors.yaml").read_text(encoding="utf-8"))
    data["errors"][0]["situational"] = value
    (tmp_path / "errors.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    if accepted:
        assert codes.load_error_catalogue(tmp_path)[data["errors"][0]["code"]].situational is value
        return
    with pytest.raises(errors.SpecError, match=r"errors\.yaml: errors\[0\]\.situational"):
        codes.load_error_catalogue(tmp_path)


def test_an_unknown_code_cannot_be_raised() -> None:
    with pytest.raises(AssertionError):
        codes.error("no-such-code", "message")


def test_the_input_codes_built_below_the_catalogue_are_as_the_catalogue_has_them() -> None:
    """rules/files.py builds the input codes itself (the catalogue is read through it): each is the class of
    its kind, with the catalogue's law and rule."""
    for code in ("input-too-large", "input-unreadable", "argument-invalid"):
        built, catalogued = files.error_of(code, "x"), codes.error(code, "x")
        assert (type(built), built.law, built.rule) == (type(catalogued), catalogued.law, catalogued.rule)
