"""Typed errors: every failure carries a stable code from `spec/errors.yaml` and the law it enforces."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class ErrorCode:
    """One entry of `spec/errors.yaml`."""

    code: str
    kind: str
    law: int | None
    rule: str | None
    summary: str
    situational: bool = False  # the error carries the law of the situation it arises in, `law` by default


class PiquetError(ValueError):
    """Base of every error the API, CLI and protocol report. `code` is stable; `law` may be None."""

    def __init__(self, code: str, message: str, law: int | None = None) -> None:
        super().__init__(message)
        entry = None if code == "spec-invalid" else error_catalogue().get(code)
        if entry is None and code != "spec-invalid":
            raise AssertionError(f"error code {code!r} is not in spec/errors.yaml")
        if law is not None and not (entry and entry.situational):
            raise AssertionError(f"error code {code!r} is not situational in spec/errors.yaml: it carries its own law")
        self.code = code
        self.message = message
        self.law: int | None = law if law is not None else entry.law if entry else None
        self.rule: str | None = entry.rule if entry else None
        self.step: int | None = None  # for a sequence of actions: the index of the one rejected

    def to_json(self) -> dict[str, Any]:
        """The protocol's `error` object (with `step` when a sequence of actions was rejected)."""
        out: dict[str, Any] = {"code": self.code, "law": self.law, "rule": self.rule, "message": self.message}
        if self.step is not None:
            out["step"] = self.step
        return out

    def __str__(self) -> str:
        law = f" (law {self.law})" if self.law is not None else ""
        step = f" at step {self.step}" if self.step is not None else ""
        return f"{self.code}{law}{step}: {self.message}"


class CardError(PiquetError):
    """A card that is not in the pack, or one given twice."""


class DealError(PiquetError):
    """Hands or stock of the wrong size."""


class ExchangeError(PiquetError):
    """A discard the laws do not allow."""


class PlayError(PiquetError):
    """A card played against the laws of play."""


class DeclarationError(PiquetError):
    """A declared holding the player does not have, or that is not a scoring combination."""


class RecordError(PiquetError):
    """A deal record or input of the wrong shape, or naming an unknown ruleset."""


class ProtocolError(PiquetError):
    """A malformed or unsupported JSON-lines request."""


class SpecError(PiquetError):
    """A broken rule table."""


class PartieError(PiquetError):
    """A partie record the laws reject (a deal out of turn, deals after the end) or of the wrong shape."""


KINDS: dict[str, type[PiquetError]] = {
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


def error(code: str, message: str, law: int | None = None) -> PiquetError:
    """Build the typed error for `code` (its class is the code's `kind` in spec/errors.yaml); `law`, only for
    a code marked situational, is the law of the situation in force (the code's own law when None)."""
    entry = None if code == "spec-invalid" else error_catalogue().get(code)
    cls = KINDS[entry.kind] if entry else SpecError
    return cls(code, message, law)


@lru_cache(maxsize=1)
def error_catalogue() -> dict[str, ErrorCode]:
    """The codes of the shipped `spec/errors.yaml`, validated."""
    from piquet_ref.rules.files import spec_dir

    return load_error_catalogue(spec_dir())


def load_error_catalogue(root: Path) -> dict[str, ErrorCode]:
    """The codes of `root`/errors.yaml, validated."""
    from piquet_ref.rules.files import read_yaml

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
            raise SpecError("spec-invalid", f"{where}.situational must be true or false, got {situational!r}")
        code, kind, law, rule, summary = (item[k] for k in ("code", "kind", "law", "rule", "summary"))
        if not isinstance(code, str) or code in out:
            raise SpecError("spec-invalid", f"{where}.code must be a new string, got {code!r}")
        if kind not in KINDS:
            raise SpecError("spec-invalid", f"{where}.kind {kind!r} is not one of {sorted(KINDS)}")
        if law is not None and (not isinstance(law, int) or isinstance(law, bool) or not 1 <= law <= 78):
            raise SpecError("spec-invalid", f"{where}.law must be a law number 1-78 or null, got {law!r}")
        if rule is not None and not isinstance(rule, str):
            raise SpecError("spec-invalid", f"{where}.rule must be a rule id or null")
        if not isinstance(summary, str) or not summary:
            raise SpecError("spec-invalid", f"{where}.summary must be a non-empty string")
        out[code] = ErrorCode(code, kind, law, rule, summary, situational)
    return out
