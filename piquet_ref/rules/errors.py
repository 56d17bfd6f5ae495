"""The typed errors: every failure the API, CLI, protocol or runner reports is a `PiquetError`.

An error carries a stable `code` of spec/errors.yaml, the law it enforces and the rule it guards; the classes
below are its kinds. They are built by `piquet_ref.rules.codes.error`, which reads those from the table, so that
no code is raised that the table does not define. This module is the ground floor of the package: it imports
nothing of it.
"""

from __future__ import annotations

from typing import Any


class PiquetError(ValueError):
    """Base of every error the API, CLI and protocol report. `code` is stable; `law` may be None."""

    def __init__(self, code: str, message: str, law: int | None = None, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.law = law
        self.rule = rule
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
