"""The conformance corpus: case files, their ids and lock, and judging a response against a case.

Matching is partial (conformance/INTERPRETING.md): a mapping in `expect` matches when each of its keys
is present in the result and matches; a list matches a list of the same length element by element;
scalars match by equal value and type (true is not 1; 3 matches 3.0). `expect_error` matches an error
response whose fields equal each field the expectation gives (`code`, and `law` or `step` if given).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Literal, Mapping

from piquet_ref.rules.errors import PiquetError, shown
from piquet_ref.rules.tables import ruleset_ids, source_keys
from piquet_ref.protocol.serve import answer
from piquet_ref.rules.files import read_yaml, spec_dir

CASE_ID = re.compile(r"^PQ-[0-9A-HJKMNP-TV-Z]{5}$")
CASE_KEYS = ("id", "rev", "op", "description", "rules", "sources", "rulesets", "requirement", "provenance", "input")
OPTIONAL_KEYS = ("tags", "notes", "expect", "expect_error")
NORMATIVE = ("op", "input", "expect", "expect_error", "rulesets", "requirement")  # what the lock's hash covers
PROTOCOL_OPS = ("evaluate_hand", "compare_declarations", "score_deal", "count", "apply", "legal_actions", "score_partie", "odds")
LOCK_FILE = "ids.lock.json"

Status = Literal["pass", "fail", "error", "crash", "timeout", "unsupported", "skip", "xfail", "xpass"]


@dataclass(frozen=True)
class Case:
    """One case file: its path relative to the cases directory and its parsed content."""

    path: Path
    data: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.data.get("id"))

    @property
    def op(self) -> str:
        return str(self.data.get("op"))

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(self.data.get("rules", ()))

    @property
    def tags(self) -> tuple[str, ...]:
        return tuple(self.data.get("tags", ()))

    @property
    def rulesets(self) -> tuple[str, ...]:
        return tuple(self.data.get("rulesets", ()))

    @property
    def area(self) -> str:
        """The directory under `cases/` that holds the case."""
        return self.path.parts[0] if len(self.path.parts) > 1 else ""

    @property
    def rev(self) -> int:
        rev = self.data.get("rev")
        return rev if isinstance(rev, int) else 0


class CorpusError(Exception):
    """A corpus that cannot be read (not a rule rejection: the runner reports it as a usage error)."""


def load_cases(cases_dir: Path) -> list[Case]:
    """Every case file under `cases_dir` (recursively), sorted by path.

    Where the JSON copy of the corpus lies beside `cases_dir` (an installed package has one, `conformance/
    corpus.json`) and is newer than every case file and lists the same files, the cases are read from it: the same
    data, read some fifty times faster than the YAML files."""
    if not cases_dir.is_dir():
        raise CorpusError(f"{cases_dir}: no such corpus directory")
    paths = sorted(cases_dir.rglob("*.yaml"))
    exported = _exported(cases_dir, paths)
    if exported is not None:
        return exported
    cases = []
    for path in paths:
        try:
            data = read_yaml(path)
        except PiquetError as exc:
            raise CorpusError(f"{path}: {exc}") from None
        if not isinstance(data, dict):
            raise CorpusError(f"{path}: a case file holds one mapping")
        cases.append(Case(path.relative_to(cases_dir), data))
    return cases


def _exported(cases_dir: Path, paths: list[Path]) -> list[Case] | None:
    """The cases of the JSON copy beside `cases_dir` when it is the copy of these very files (see `load_cases`)."""
    copy = cases_dir.parent / EXPORTED
    try:
        if copy.stat().st_mtime < max((p.stat().st_mtime for p in paths), default=0):
            return None
        document = json.loads(copy.read_text(encoding="utf-8"))
        cases = [Case(Path(c["path"]), c["case"]) for c in document["cases"]]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if [c.path for c in cases] != [p.relative_to(cases_dir) for p in paths] or not all(isinstance(c.data, dict) for c in cases):
        return None
    return cases


EXPORTED = "corpus.json"  # the JSON copy's name (runner.corpus_json writes it)


# ------------------------------------------------------------------ judging


Segment = str | int  # a key of a mapping, or the index of a list item
SHOWN = 400  # characters of a value quoted in a difference


@dataclass(frozen=True)
class Difference:
    """One way a response fails its case: where (`path` below the result or error; None for the response as a
    whole, which fails every level the case checks) and a line a person can act on."""

    path: tuple[Segment, ...] | None
    text: str


def as_json(value: Any, limit: int = SHOWN) -> str:
    """A value as compact JSON, cut to `limit` characters: what a difference quotes of a response."""
    try:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    except (TypeError, ValueError):
        text = "<not JSON data>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def differences(expected: Any, actual: Any, root: str = "$", path: tuple[Segment, ...] = ()) -> list[Difference]:
    """Where `actual` fails to match `expected` (empty when it matches), with paths below `root`."""
    where = root + "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in path)
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [Difference(path, f"{where}: expected a mapping, got {as_json(actual)}")]
        out = []
        for key, value in expected.items():
            if key not in actual:
                out.append(Difference((*path, key), f"{where}.{key}: missing"))
            else:
                out.extend(differences(value, actual[key], root, (*path, key)))
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return [Difference(path, f"{where}: expected a list, got {as_json(actual)}")]
        if len(expected) != len(actual):
            return [Difference(path, f"{where}: expected {len(expected)} items, got {len(actual)}" + _first_apart(expected, actual, where))]
        return [d for i, (e, a) in enumerate(zip(expected, actual)) for d in differences(e, a, root, (*path, i))]
    if _kind(expected) != _kind(actual) or expected != actual:
        return [Difference(path, f"{where}: expected {as_json(expected)}, got {as_json(actual)}")]
    return []


def _first_apart(expected: list[Any], actual: list[Any], where: str) -> str:
    """For lists of different lengths: the first item that differs or is missing, in full, with the items
    around it in the response (an event log is read in its order of accretion, so neighbours matter)."""
    index = next((i for i, (e, a) in enumerate(zip(expected, actual)) if differences(e, a)), min(len(expected), len(actual)))
    want = as_json(expected[index], 300) if index < len(expected) else "no item"
    got = as_json(actual[index], 300) if index < len(actual) else "no item"
    lines = [f"; the first that differs is [{index}]: expected {want}, got {got}"]
    for j in (index - 1, index + 1):
        if 0 <= j < len(actual):
            lines.append(f"  got [{j}]: {as_json(actual[j], 300)}")
    return "\n".join(lines)


def mismatches(expected: Any, actual: Any, path: str = "$") -> list[str]:
    """Where `actual` fails to match `expected` (empty when it matches), as lines."""
    return [d.text for d in differences(expected, actual, path)]


def _kind(value: Any) -> str:
    """The JSON type of a scalar: booleans are not numbers, integers and floats are both numbers."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return type(value).__name__


def _error_named(error: Mapping[str, Any]) -> str:
    law = error.get("law")
    return f"{as_json(error.get('code'), 80)} (law {as_json(law, 20)})" if "law" in error else as_json(error.get("code"), 80)


def judge_differences(case: Case, response: Mapping[str, Any], expected: Any = None) -> tuple[Status, list[Difference]]:
    """The status of a case given the implementation's response to its run request, and the differences.

    A result is judged against `expect`, an error against `expect_error` (or against `expected`, the case's
    expectation cut to a level); `unsupported` is not a failure; `errored` (the implementation broke) and
    anything else are errors, never a pass.
    """
    erring = "expect_error" in case.data
    if expected is None:
        expected = case.data["expect_error"] if erring else case.data.get("expect", {})
    if response.get("unsupported") is True:
        return "unsupported", []
    if response.get("errored") is True:
        return "error", [Difference(None, f"the implementation reports it broke: {as_json(response.get('message', ''), 200)}")]
    if "result" in response:
        if erring:
            return "fail", [Difference(None, f"expected error {_error_named(case.data['expect_error'])}, got a result: {as_json(response['result'])}")]
        diffs = differences(expected, response["result"])
        return ("fail" if diffs else "pass"), diffs
    error = response.get("error")
    if isinstance(error, dict):
        if not erring:
            return "fail", [Difference(None, f"expected a result, got error {_error_named(error)}: {as_json(error.get('message', ''), 200)}")]
        diffs = differences(expected, error, "$error")
        if diffs:
            both = f" (expected error {_error_named(case.data['expect_error'])}, got {_error_named(error)}: {as_json(error.get('message', ''), 200)})"
            diffs = [Difference(d.path, d.text + both) for d in diffs]
        return ("fail" if diffs else "pass"), diffs
    return "error", [Difference(None, f"not a protocol response: {as_json(response, 200)}")]


def judge(case: Case, response: Mapping[str, Any]) -> tuple[Status, list[str]]:
    """The status of a case given the response, judged on every check; the differences as lines."""
    status, diffs = judge_differences(case, response)
    return status, [d.text for d in diffs]


def reference_response(op: str, data: Any) -> dict[str, Any]:
    """The reference's response to a run request, in-process: exactly what `serve` answers, parsed."""
    response = answer({"cmd": "run", "seq": 0, "op": op, "input": data})
    assert response is not None  # a run request always gets a response
    return response


def run_case(case: Case) -> list[str]:
    """Run a case in-process against the reference; its differences (empty = pass)."""
    status, diffs = judge(case, reference_response(case.op, case.data.get("input")))
    return diffs if status == "pass" or diffs else [f"status {status}"]


# ------------------------------------------------------------------ ids, lock and lint


def normative_hash(data: Mapping[str, Any]) -> str:
    """sha256 of the case's normative content (`NORMATIVE` keys), as canonical JSON."""
    content = {key: data[key] for key in NORMATIVE if key in data}
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def read_lock(root: Path) -> dict[str, dict[str, Any]]:
    """The lock's entries by id (empty when there is no lock yet)."""
    path = root / LOCK_FILE
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CorpusError(f"{path}: not readable JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("version") != 1 or not isinstance(data.get("ids"), dict):
        raise CorpusError(f"{path}: expected {{version: 1, ids: {{...}}}}")
    return dict(data["ids"])


def lock_text(entries: Mapping[str, Mapping[str, Any]]) -> str:
    """The lock file's text: entries sorted by id, one per line, so that diffs stay readable."""
    lines = [f"    {json.dumps(i)}: {json.dumps(dict(entries[i]), sort_keys=True, ensure_ascii=False)}" for i in sorted(entries)]
    return '{\n  "version": 1,\n  "ids": {\n' + ",\n".join(lines) + "\n  }\n}\n"


def case_problems(case: Case, rule_ids: set[str], keys: set[str], rulesets: set[str]) -> list[str]:
    """What is wrong with one case file on its own (the JSON Schema covers the same shape in the tests)."""
    data, where = case.data, str(case.path)
    out = [f"{where}: missing key {shown(key)}" for key in CASE_KEYS if key not in data]
    out += [f"{where}: unknown key {shown(key)}" for key in data if key not in CASE_KEYS + OPTIONAL_KEYS]
    if not CASE_ID.match(case.id):
        out.append(f"{where}: id {shown(case.id)} is not PQ- and 5 Crockford base32 characters")
    if not (isinstance(data.get("rev"), int) and data["rev"] >= 1):
        out.append(f"{where}: rev must be an integer >= 1")
    if case.op not in PROTOCOL_OPS:
        out.append(f"{where}: op {shown(case.op)} is not a protocol op")
    if ("expect" in data) == ("expect_error" in data):
        out.append(f"{where}: give exactly one of expect and expect_error")
    if data.get("requirement") not in ("must", "variant"):
        out.append(f"{where}: requirement must be must or variant")
    if data.get("provenance") not in ("source-example", "hand", "oracle"):
        out.append(f"{where}: provenance must be source-example, hand or oracle")
    out += [f"{where}: rule {shown(r)} is not in spec/" for r in case.rules if r not in rule_ids]
    out += [f"{where}: ruleset {shown(r)} is not in spec/rulesets/" for r in case.rulesets if r not in rulesets]
    sources = data.get("sources")
    sources = sources if isinstance(sources, list) else []
    out += [f"{where}: source key {shown(s.get('key'))} is not in spec/sources.yaml" for s in sources if isinstance(s, dict) and str(s.get("key")) not in keys]
    for field in ("rules", "sources", "rulesets", "tags"):
        items = [repr(x) for x in data.get(field) or [] if isinstance(data.get(field), list)]
        out += [f"{where}: {field} lists {item} more than once" for item in sorted(set(items)) if items.count(item) > 1]
    return out


def lint(root: Path) -> list[str]:
    """Every problem of the corpus at `root`: bad case files, ids used twice, and drift from the lock."""
    cases = load_cases(root / "cases")
    rule_ids, keys, rulesets = _spec_refs()
    problems = [p for case in cases for p in case_problems(case, rule_ids, keys, rulesets)]
    seen: dict[str, Path] = {}
    for case in cases:
        if case.id in seen:
            problems.append(f"{case.path}: id {case.id} is also used by {seen[case.id]}")
        seen.setdefault(case.id, case.path)
    return problems + lock_problems(cases, read_lock(root))


def lock_problems(cases: list[Case], lock: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Drift between the cases and the lock: an unlocked id, a change without a rev bump, a rev gone
    backwards, a retired id in use again, and an id dropped without being retired."""
    out = []
    present = {case.id for case in cases}
    for case in cases:
        entry = lock.get(case.id)
        if entry is None:
            out.append(f"{case.path}: id {case.id} is not in the lock (run `python -m dev corpus lock`)")
        elif "retired" in entry:
            out.append(f"{case.path}: id {case.id} was retired ({entry['retired']}); ids are never reused")
        elif case.rev < entry["rev"]:
            out.append(f"{case.path}: rev {case.rev} is below the locked rev {entry['rev']}")
        elif case.rev == entry["rev"] and normative_hash(case.data) != entry["hash"]:
            out.append(f"{case.path}: normative content changed without bumping rev (locked rev {entry['rev']})")
        elif case.rev > entry["rev"]:
            out.append(f"{case.path}: rev bumped to {case.rev}; run `python -m dev corpus lock` to record it")
    for case_id, entry in sorted(lock.items()):
        if case_id not in present and "retired" not in entry:
            out.append(f"{LOCK_FILE}: {case_id} ({entry.get('path')}) has no case file; retire it with `python -m dev corpus retire`")
    return out


def updated_lock(cases: list[Case], lock: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """The lock recording new ids and bumped revs. Raises CorpusError on drift a lock update must not hide."""
    refused = [p for p in lock_problems(cases, lock) if "not in the lock" not in p and "run `python -m dev corpus lock`" not in p]
    if refused:
        raise CorpusError("the lock cannot be updated:\n" + "\n".join(refused))
    out = {i: dict(e) for i, e in lock.items()}
    for case in cases:
        out[case.id] = {"rev": case.rev, "hash": normative_hash(case.data), "path": case.path.as_posix()}
    return out


def retired_lock(lock: Mapping[str, Mapping[str, Any]], case_id: str, why: str) -> dict[str, dict[str, Any]]:
    """The lock with `case_id` retired for the reason `why` (it stays listed and is never reused)."""
    if case_id not in lock:
        raise CorpusError(f"{case_id} is not in the lock")
    if not why.strip():
        raise CorpusError("give the reason the id is retired")
    out = {i: dict(e) for i, e in lock.items()}
    out[case_id]["retired"] = why.strip()
    return out


def _spec_refs() -> tuple[set[str], set[str], set[str]]:
    from piquet_ref.rules.loader import default_ruleset

    return set(default_ruleset().rules), set(source_keys(spec_dir())), set(ruleset_ids())


# ------------------------------------------------------------------ minting

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def mint_id(taken: set[str], entropy: bytes) -> str:
    """A new case id `PQ-XXXXX` from 25 bits of `entropy`, not in `taken` (the caller supplies the randomness)."""
    value = int.from_bytes(entropy, "big")
    while True:
        digits = "".join(CROCKFORD[value >> (5 * i) & 31] for i in range(5))
        candidate = f"PQ-{digits}"
        if candidate not in taken:
            return candidate
        value += 1


def mint_ids(count: int, taken: set[str], entropy: Callable[[int], bytes]) -> list[str]:
    """`count` fresh ids, none in `taken` nor repeated (`entropy(n)` gives n random bytes, e.g. `os.urandom`)."""
    out: list[str] = []
    for _ in range(count):
        out.append(mint_id(taken | set(out), entropy(4)))
    return out
