"""The error codes of spec/errors.yaml, validated, and `error`, which builds the typed error for a code.

Each code names its kind (the class of `piquet_ref.rules.errors` raised), the law it enforces and the rule it
guards; a code marked `situational` carries the law of the situation it arises in instead (an election's law).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from piquet_ref.rules.errors import KINDS, PiquetError, SpecError
from piquet_ref.rules.files import read_yaml, spec_dir
from piquet_ref.rules.errors import shown


@dataclass(frozen=True)
class ErrorCode:
    """One entry of `spec/errors.yaml`."""

    code: str
    kind: str
    law: int | None
    rule: str | None
    summary: str
    situational: bool = False  # the error carries the law of the situation it arises in, `law` by default


def error(code: str, message: str, law: int | None = None) -> PiquetError:
    """Build the typed error for `code` (its class is the code's `kind` in spec/errors.yaml); `law`, only for
    a code marked situational, is the law of the situation in force (the code's own law when None)."""
    if code == "spec-invalid":  # a broken table: the catalogue itself may be what cannot be read
        return SpecError(code, message)
    entry = error_catalogue().get(code)
    if entry is None:
        raise AssertionError(f"error code {shown(code)} is not in spec/errors.yaml")
    if law is not None and not entry.situational:
        raise AssertionError(f"error code {shown(code)} is not situational in spec/errors.yaml: it carries its own law")
    return KINDS[entry.kind](code, message, entry.law if law is None else law, entry.rule)


@lru_cache(maxsize=1)
def error_catalogue() -> dict[str, ErrorCode]:
    """The codes of the shipped `spec/errors.yaml`, validated."""
    return load_error_catalogue(spec_dir())


def load_error_catalogue(root: Path) -> dict[str, ErrorCode]:
    """The codes of `root`/errors.yaml, validated."""
    data = read_yaml(root / "errors.yaml")
    entries = data.get("errors") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise SpecError("spec-invalid", "errors.yaml: key 'errors' must be a list")
    out: dict[str, ErrorCode] = {}
    for i, item in enumerate(entries):
        where = f"errors.yaml: errors[{i}]"
        if not isinstance(item, dict) or not {"code", "kind", "law", "rule", "summary"} <= set(item) <= {"code", "kind", "law", "rule", "summary", "situational"}:
            raise SpecError("spec-invalid", f"{where} must have code, kind, law, rule, summary and may have situational")
        situational = item.get("situational", False)
        if not isinstance(situational, bool):
            raise SpecError("spec-invalid", f"{where}.situational must be true or false, got {shown(situational)}")
        code, kind, law, rule, summary = (item[k] for k in ("code", "kind", "law", "rule", "summary"))
        if not isinstance(code, str) or code in out:
            raise SpecError("spec-invalid", f"{where}.code must be a new string, got {shown(code)}")
        if kind not in KINDS:
            raise SpecError("spec-invalid", f"{where}.kind {shown(kind)} is not one of {sorted(KINDS)}")
        if law is not None and (not isinstance(law, int) or isinstance(law, bool) or not 1 <= law <= 78):
            raise SpecError("spec-invalid", f"{where}.law must be a law number 1-78 or null, got {shown(law)}")
        if rule is not None and not isinstance(rule, str):
            raise SpecError("spec-invalid", f"{where}.rule must be a rule id or null")
        if not isinstance(summary, str) or not summary:
            raise SpecError("spec-invalid", f"{where}.summary must be a non-empty string")
        out[code] = ErrorCode(code, kind, law, rule, summary, situational)
    return out
