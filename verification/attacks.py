"""Attacks on every entry point: hostile values for the API, hostile lines for `serve`, hostile argument lists
for the CLI, and the check each entry point must pass on any of them (a result or a typed error with a
stable code; never another exception; within a time and a memory bound).

tests/test_attacks.py runs these as Hypothesis properties, at a small budget in the standard tier and a large
one in the deep tier. For a long, coverage-guided search, one command drives the same properties with
atheris (`pip install atheris`), or, without it, with Hypothesis's own search for as long as asked:

    python -m verification.attacks record --seconds 3600
    python -m verification.attacks request --seconds 3600

A failure is written as the smallest input Hypothesis finds, with its traceback.
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any, Callable

from hypothesis import strategies as st

from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.files import corpus_dir
from piquet_ref.runner.corpus import load_cases

SECONDS = 10.0  # what any one call may take, at most (the budgets of docs/limits.md keep it far below)
MEGABYTES = 200  # what any one call may allocate, at most
CARDS = ["AS", "KH", "TD", "7C", "10H", "7♣", "as", "ZZ", "A", "", " "]
KEYS = ["elder", "younger", "dealt", "discard", "hand", "stock", "tricks", "ruleset", "declare", "take", "kind",
        "cards", "actions", "action", "player", "card", "depth", "plies", "condition", "players", "deals", "dealer",
        "scores", "form", "stake", "any", "all", "not", "point", "sequences", "sets", "taken", "holds", "at_least"]
OPS = ["evaluate_hand", "compare_declarations", "score_deal", "count", "score_partie", "odds", "apply", "legal_actions"]
INPUTS: dict[str, list[Any]] = {}
for _case in load_cases(corpus_dir() / "cases"):
    INPUTS.setdefault(_case.op, []).append(_case.data["input"])

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**60), 10**60), st.integers(-3, 40),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20), st.sampled_from(CARDS + KEYS + OPS),
)
values = st.recursive(scalars, lambda kids: st.lists(kids, max_size=6) | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), kids, max_size=6), max_leaves=40)


def _nested(depth: int, leaf: Any) -> Any:
    out: Any = leaf
    for _ in range(depth):
        out = [out]
    return out


@st.composite
def mutated(draw: st.DrawFn, op: str) -> Any:
    """An input of the corpus for `op` with one of its values, somewhere, replaced by a hostile one (nested at
    most 900 deep, so that it can be written as JSON by recursion; deeper nesting is written as text)."""
    value = json.loads(json.dumps(draw(st.sampled_from(INPUTS[op]))))
    holder, key = None, None
    node = value
    for _ in range(draw(st.integers(0, 5))):
        keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
        if not keys:
            break
        holder, key = node, draw(st.sampled_from(keys))
        node = node[key]
    hostile = draw(values | st.builds(_nested, st.integers(50, 900), values) | st.text(min_size=1000, max_size=5000))
    if holder is None:
        return hostile
    holder[key] = hostile
    return value


def record_values(op: str) -> st.SearchStrategy[Any]:
    return mutated(op) | values


def bounded(call: Callable[[], Any]) -> Any:
    """`call()` within the time and memory bounds; a PiquetError is an answer, any other exception a failure."""
    tracemalloc.start()
    began = time.monotonic()
    try:
        return call()
    except PiquetError as exc:
        assert exc.code and len(exc.message) <= 2000, exc
        return exc
    finally:
        took = time.monotonic() - began
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        assert took < SECONDS, f"took {took:.1f} s"
        assert peak < MEGABYTES, f"allocated {peak:.0f} MB"


def attack_api(op: str, value: Any) -> None:
    """The API behind `op` on `value` (the public function where there is one, else the protocol's op function,
    which the API's state machine and odds functions sit under): a result or a typed error."""
    import piquet_ref as api
    from piquet_ref.protocol.ops import OPS as PROTOCOL
    from piquet_ref.rules.files import LIMITS

    public: dict[str, Callable[[Any], Any]] = {
        "score_deal": api.score_deal, "score_partie": api.score_partie, "compare_rulesets": api.compare_rulesets,
        "evaluate_hand": lambda v: api.evaluate_hand(api.hand_of(api.parse_cards(v.get("cards") if isinstance(v, dict) else v))),  # type: ignore[arg-type]
    }
    call = public.get(op)
    bounded(lambda: call(value) if call is not None else PROTOCOL[op](value, LIMITS))


def attack_request(line: str) -> None:
    """`serve`'s answer to one request line: one JSON object, with the seq it can read, never an exception."""
    from piquet_ref.protocol.serve import respond_text

    text, _ = bounded(lambda: respond_text(line))
    if text is not None:
        reply = json.loads(text)
        assert isinstance(reply, dict) and ("seq" in reply or "protocol" in reply)
        assert sum(k in reply for k in ("result", "error", "unsupported", "errored", "protocol")) == 1, reply


def request_lines() -> st.SearchStrategy[str]:
    """Request lines: a run of any op on a hostile input, a hostile object, or text that is no JSON."""
    runs = st.builds(lambda op, seq, value: json.dumps({"cmd": "run", "seq": seq, "op": op, "input": value}, allow_nan=True),
                     st.sampled_from(OPS), st.integers(0, 10) | st.text(max_size=5), st.sampled_from(OPS).flatmap(record_values))
    junk = st.text(max_size=200) | st.builds(lambda v: json.dumps(v, allow_nan=True), values) | st.builds(
        lambda depth, op: f'{{"cmd": "run", "seq": 1, "op": "{op}", "input": ' + "[" * depth + "]" * depth + "}", st.integers(60, 200_000), st.sampled_from(OPS))
    return runs | junk


def cli_argvs() -> st.SearchStrategy[list[str]]:
    """Argument lists of the quick subcommands: known flags with hostile values, and hostile words."""
    words = st.sampled_from(["--format", "json", "text", "--ruleset", "portland-1882", "--example", "-", "--limit",
                             "depth=1", "values=0", "--top", "-5", "--take", "99", "--if", "{point: 5}", "[[[[", "AS", "KS",
                             "--player", "younger", "--discard", "AS", "--rank-by", "--hands", "nan", "1e999", "9" * 50])
    commands = st.sampled_from([["score"], ["evaluate"], ["odds"], ["rules"], ["laws"], ["rulesets"], ["ambiguities"], ["replay"]])
    return st.builds(lambda c, rest: c + rest, commands, st.lists(words | st.text(max_size=12), max_size=6))


def attack_cli(argv: list[str], stdin: str = "") -> None:
    """`piquet-ref ARGV` in this process: exit 0, 1 or 2, nothing but a one-line error on stderr."""
    from piquet_ref.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8"), out, err
    try:
        status = bounded(lambda: main(argv))
    except SystemExit as exit_:
        status = exit_.code
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    assert status in (0, 1, 2), (argv, status)
    assert "Traceback" not in err.getvalue(), err.getvalue()[-2000:]


def main(argv: list[str] | None = None) -> int:
    """Run one attack for a while: with atheris when it is installed (coverage-guided), else Hypothesis."""
    from hypothesis import given, settings

    parser = argparse.ArgumentParser(prog="python -m verification.attacks", description=__doc__.split("\n\n")[0])
    parser.add_argument("target", choices=("record", "request", "cli"))
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to search (default 60)")
    args = parser.parse_args(argv)
    op = st.sampled_from(OPS)
    tests: dict[str, Callable[..., None]] = {
        "record": given(op.flatmap(lambda o: st.tuples(st.just(o), record_values(o))))(lambda pair: attack_api(*pair)),
        "request": given(request_lines())(attack_request),
        "cli": given(cli_argvs())(lambda argv: attack_cli(argv)),
    }
    test = settings(deadline=None, max_examples=10**9, database=None)(tests[args.target])
    stop = time.monotonic() + args.seconds
    try:
        atheris: Any = importlib.import_module("atheris")  # the `fuzz` extra
    except ImportError:
        atheris = None
    if atheris is not None:
        atheris.instrument_all()  # coverage of the package's own code guides the search
        atheris.Setup([sys.argv[0], f"-max_total_time={max(int(args.seconds), 1)}", "-rss_limit_mb=2048"],
                      test.hypothesis.fuzz_one_input)  # type: ignore[attr-defined]
        atheris.Fuzz()
        return 0
    while time.monotonic() < stop:
        test()
    return 0


if __name__ == "__main__":
    sys.exit(main())
