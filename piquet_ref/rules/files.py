"""Where the rule tables live, and reading them safely; reading input from outside within a resource policy.

The rule tables are the package's own; a record, a request or the answer of a program under test is not,
so it is read by `read_untrusted` and checked by `guard` against `Limits` before any code walks it."""

from __future__ import annotations

import copy
import json
import marshal
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import accumulate
from pathlib import Path
from typing import Any, Callable

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

try:  # libyaml's parser, for the events of a document from outside (see `_untrusted_loader`)
    from yaml._yaml import CParser
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml.parser import Parser as CParser  # type: ignore[assignment]

from piquet_ref.rules.errors import PiquetError, RecordError, SpecError, shown

try:  # the C build of PyYAML's safe loader: the same safe constructors as `safe_load`, ten times faster
    from yaml import CSafeLoader as _SafeLoader
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml import SafeLoader as _SafeLoader  # type: ignore[assignment]

PACKAGE = Path(__file__).resolve().parent.parent  # piquet_ref/


@lru_cache(maxsize=1)
def spec_dir() -> Path:
    """The `spec/` directory: inside the installed wheel, else beside the package in a checkout."""
    packaged = PACKAGE / "spec"
    if (packaged / "errors.yaml").is_file():
        return packaged
    return PACKAGE.parent / "spec"


@lru_cache(maxsize=1)
def corpus_dir() -> Path:
    """The `conformance/` corpus: inside the installed wheel, else beside the package in a checkout."""
    packaged = PACKAGE / "conformance"
    if (packaged / "cases").is_dir():
        return packaged
    return PACKAGE.parent / "conformance"


def read_yaml(path: Path) -> Any:
    """Read one YAML file with the safe loader (`safe_load`, in C where PyYAML has it); errors name the file. The same bytes are parsed once (the
    rule tables are read by every ruleset load); each caller gets its own copy."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SpecError("spec-invalid", f"{path.name}: cannot be read ({exc.strerror})") from None
    marshalled, value = _parsed(path.name, data)
    return copy.deepcopy(value) if marshalled is None else marshal.loads(marshalled)


@lru_cache(maxsize=1024)
def _parsed(name: str, data: bytes) -> tuple[bytes | None, Any]:
    """The file's data, kept as marshal bytes where it can be (a fresh copy for each read, made in C: a deep copy in
    Python cost more than reading the file), else as it is (a YAML type marshal does not know, such as a date)."""
    try:
        value = _plain_load(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise SpecError("spec-invalid", f"{name}: is not UTF-8 text") from None
    except yaml.YAMLError as exc:
        raise SpecError("spec-invalid", f"{name}: not valid YAML ({exc})") from None
    try:
        return marshal.dumps(value), None
    except ValueError:
        return None, value


_STR, _SEQ, _MAP = "tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"


def _plain_load(text: str) -> Any:
    """What `yaml.safe_load` gives for the package's own files, several times faster: the nodes are composed in C
    where PyYAML has libyaml, strings, mappings and sequences are built here directly, and every other scalar
    (numbers, booleans, null) by the safe constructor. The spec and the corpus are mostly strings, mappings and
    sequences, and reading them is most of the start-up and of loading the corpus; tests/test_speed_equivalence.py
    holds this equal to `safe_load` on every file of both."""
    loader = _SafeLoader(text)
    try:
        node = loader.get_single_node()
        return None if node is None else _plain(node, loader)
    finally:
        loader.dispose()


def _plain(node: Any, loader: Any) -> Any:
    tag = node.tag
    if tag == _STR:
        return node.value
    if tag == _MAP and not any(key.tag == "tag:yaml.org,2002:merge" for key, _ in node.value):
        return {_plain(key, loader): _plain(value, loader) for key, value in node.value}
    if tag == _SEQ:
        return [_plain(item, loader) for item in node.value]
    return loader.construct_object(node, deep=True)


# ------------------------------------------------------------------ input from outside: the resource policy


@dataclass(frozen=True)
class Limits:
    """The resource policy for input from outside the package (docs/limits.md): what a record, a request or
    an answer of a program under test may hold before it is refused, and how much work one question may ask.

    The defaults suit an oracle on a server: the largest input of the conformance corpus uses a few hundred
    values, seven levels of nesting and three-digit integers; the costliest question of the corpus a small
    part of its budget. A caller who wants a long computation on purpose raises them (the API's `limits`
    arguments; `serve` and the CLI's `--limit NAME=N`)."""

    input_bytes: int = 4_000_000  # a document or request line, in UTF-8
    depth: int = 64  # lists and mappings within one another
    values: int = 200_000  # values of a document, each alias counted again where it is used
    integer_digits: int = 40  # digits of an integer
    string_chars: int = 100_000  # characters of one string
    count_work: int = 200_000  # states a count of action sequences enters and actions it lists (the corpus: 12,000 at most)
    odds_steps: int = 200_000  # steps of an odds question's count by lines (the corpus's costliest: under 2,000)

    def raised(self, **changes: int) -> Limits:
        """These limits with some raised (or lowered): a value under 1 is refused."""
        for name, value in changes.items():
            if type(value) is not int or value < 1:
                raise error_of("argument-invalid", f"the limit {name} must be a whole number of at least 1, not {shown(value)}")
        return replace(self, **changes)


LIMITS = Limits()


def error_of(code: str, message: str) -> PiquetError:
    """The typed error for one of the input codes of spec/errors.yaml (kind record, no law, no rule): built here,
    below `codes`, which reads its table through this module; tests/test_errors.py checks the codes agree."""
    return RecordError(code, message)


def guard(value: Any, where: str, limits: Limits = LIMITS) -> Any:
    """`value` itself, once seen to keep within `limits`; `input-too-large` naming the first limit passed.

    It walks the value without recursion, counting each value where it is used (so a YAML document of aliases
    nested in aliases is counted as expanded, and refused long before it is expanded), and stops at the first
    limit passed: its cost is bounded by the limits, whatever the value.
    """
    stack: list[tuple[Any, int]] = [(value, 1)]
    seen = 0
    while stack:
        item, depth = stack.pop()
        seen += 1
        if seen > limits.values:
            raise _too_large(where, f"holds more than {limits.values} values (aliases counted where used)", "values")
        if depth > limits.depth:
            raise _too_large(where, f"is nested more than {limits.depth} deep", "depth")
        if isinstance(item, bool) or item is None or isinstance(item, float):
            continue
        if isinstance(item, int):
            if item.bit_length() > limits.integer_digits * 3.33:
                raise _too_large(where, f"holds an integer of more than {limits.integer_digits} digits", "integer_digits")
        elif isinstance(item, str):
            if len(item) > limits.string_chars:
                raise _too_large(where, f"holds a string of {len(item)} characters, more than {limits.string_chars}", "string_chars")
        elif isinstance(item, dict):
            stack.extend((k, depth + 1) for k in item.keys())
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend((v, depth + 1) for v in item)
    return value


def over_budget(what: str, limit: str, value: int, unit: str) -> PiquetError:
    """The error for a question that would take more work than the budget `limit` (worth `value`) allows:
    "`what` more than `value` `unit`: ..." """
    return error_of("request-over-budget", f"{what} more than {value:,} {unit}: the budget {limit} of the resource "
                                           "policy (docs/limits.md); raise it to compute this on purpose")


def _too_large(where: str, what: str, limit: str) -> PiquetError:
    return error_of("input-too-large", f"{where} {what}: the limit {limit} of the resource policy (docs/limits.md)")


def read_untrusted(text: str, where: str, limits: Limits = LIMITS) -> Any:
    """A YAML or JSON document from outside (a record, a condition, a request): its data, within `limits`.

    JSON is tried first (PyYAML, being YAML 1.1, refuses some valid JSON, such as indentation by tabs); YAML
    is read with the safe loader cut down to the JSON types: no sets, timestamps or binary (whose rendering
    could depend on hashing, or which no record holds), and no integer written with more digits than the
    limit (converting one costs time, and Python refuses the longest). A document too large, unreadable or
    past a limit is a typed error (`input-too-large`, `input-unreadable`), never a traceback.
    """
    def parse(document: str) -> Any:
        try:
            return _json(document, limits)
        except json.JSONDecodeError:
            return yaml.load(document, Loader=_untrusted_loader(limits))

    return _read(text, where, limits, parse, "not valid YAML or JSON")


def read_json(text: str, where: str, limits: Limits = LIMITS) -> Any:
    """A JSON text from outside (a protocol line; the answer of a program under test): its data, within
    `limits`; `input-unreadable` for what is not JSON (NaN and Infinity included), `input-too-large` past a
    limit. The JSON reader nests by recursion, so nesting past the interpreter's stack is refused as too deep."""
    return _read(text, where, limits, lambda document: _json(document, limits), "not JSON", _within_by_its_text)


def _within_by_its_text(text: str, limits: Limits) -> bool:
    """Whether a JSON text is short enough to keep within the limits whatever it holds, so that `guard` need not
    walk its value (most of the cost of reading a request): each value and key takes a character at least, no
    string is longer than the text, the value nests no deeper than its brackets plus one, and the JSON reader
    has refused every integer longer than the limit already."""
    if len(text) > limits.values or len(text) > limits.string_chars:
        return False
    return text.count("[") + text.count("{") < limits.depth or _json_depth(text) < limits.depth


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_NESTING = {"[": 1, "{": 1, "]": -1, "}": -1}


def _json_depth(text: str) -> int:
    """How deep the brackets of a JSON text nest, its strings left out."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_NESTING.__getitem__, brackets)), default=0)


def _json(text: str, limits: Limits) -> Any:
    return json.loads(text, parse_int=_integer(limits), parse_constant=_no_constant, parse_float=_finite)


def _read(
    text: str, where: str, limits: Limits, parse: Callable[[str], Any], unreadable: str,
    within: Callable[[str, Limits], bool] = lambda text, limits: False,
) -> Any:
    """`parse(text)` within `limits`, each way it can fail a typed error naming `where`, then `guard`ed unless
    `within` finds the text alone keeps it within the limits."""
    _check_size(text, where, limits)
    try:
        data = parse(text)
    except json.JSONDecodeError as exc:
        raise error_of("input-unreadable", f"{where}: {unreadable} ({exc.msg} at column {exc.colno})") from None
    except yaml.YAMLError as exc:
        raise error_of("input-unreadable", f"{where}: {unreadable} ({_first_line(exc)})") from None
    except RecursionError:
        raise _too_large(where, "is nested too deeply to read", "depth") from None
    except _Refused as exc:
        raise error_of("input-too-large" if exc.limit else "input-unreadable", f"{where} {exc.args[0]}") from None
    except ValueError as exc:  # e.g. a number Python will not convert
        raise error_of("input-unreadable", f"{where}: {unreadable} ({shown(str(exc))})") from None
    return data if within(text, limits) else guard(data, where, limits)


def _check_size(text: str, where: str, limits: Limits) -> None:
    if len(text) > limits.input_bytes or len(text.encode("utf-8", "surrogatepass")) > limits.input_bytes:
        raise _too_large(where, f"is longer than {limits.input_bytes} bytes", "input_bytes")


class _Refused(Exception):
    """A value the untrusted reader will not build (`limit`: past a limit of the policy, else not allowed)."""

    def __init__(self, message: str, limit: bool) -> None:
        super().__init__(message)
        self.limit = limit


def _first_line(exc: yaml.YAMLError) -> str:
    return shown(str(exc).splitlines()[0] if str(exc) else type(exc).__name__, 200)


def _no_constant(name: str) -> Any:
    raise _Refused(f"holds {name}, which is not a JSON number", False)


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused(f"holds the number {shown(text)}, too large for a double", False)
    return value


def _integer(limits: Limits) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if len(text.lstrip("+-")) > limits.integer_digits:
            raise _Refused(f"holds an integer of {len(text.lstrip('+-'))} digits, more than {limits.integer_digits}: "
                           "the limit integer_digits of the resource policy (docs/limits.md)", True)
        return int(text)

    return parse


@lru_cache(maxsize=8)
def _untrusted_loader(limits: Limits) -> type[Any]:
    """A loader for YAML from outside: libyaml's parser (in C, with no recursion), PyYAML's composer in Python
    counting the nesting as it goes (libyaml's own composer nests by recursion in C, which a document of
    nested sequences on one line, `- - - - x`, can drive past the C stack), and the safe constructors of the
    JSON types only, integers bounded by `limits`."""

    class Loader(Composer, CParser, SafeConstructor, Resolver):
        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            self.depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.depth >= limits.depth:
                raise _Refused(f"is nested more than {limits.depth} deep: the limit depth of the resource policy (docs/limits.md)", True)
            self.depth += 1
            try:
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1

    def integer(loader: Any, node: Any) -> int:
        digits = str(node.value).replace("_", "").lstrip("+-")
        if len(digits) > limits.integer_digits:
            raise _Refused(f"holds an integer of {len(digits)} characters, more than {limits.integer_digits}: "
                           "the limit integer_digits of the resource policy (docs/limits.md)", True)
        return int(loader.construct_yaml_int(node))

    def refused(loader: Any, node: Any) -> Any:
        raise _Refused(f"holds a YAML {node.tag.rsplit(':', 1)[-1]} (line {node.start_mark.line + 1}), which no record or request holds", False)

    Loader.add_constructor("tag:yaml.org,2002:int", integer)
    for tag in ("set", "timestamp", "binary", "omap", "pairs"):
        Loader.add_constructor(f"tag:yaml.org,2002:{tag}", refused)
    return Loader
