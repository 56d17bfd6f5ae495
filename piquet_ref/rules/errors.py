"""The typed errors: every failure the API, CLI, protocol or runner reports is a `PiquetError`.

An error carries a stable `code` of spec/errors.yaml, the law it enforces and the rule it guards; the classes
below are its kinds. They are built by `piquet_ref.rules.codes.error`, which reads those from the table, so that
no code is raised that the table does not define. This module is the ground floor of the package: it imports
nothing of it.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

MESSAGE_CHARS = 2000  # an error message is cut here, whatever it quotes
SHOWN_CHARS = 80  # what a message quotes of one input value


def shown(value: object, limit: int = SHOWN_CHARS) -> str:
    """An input value as an error message quotes it: bounded and canonical, whatever the value.

    Like `repr` for the small values of a sound input (so `'ZZ'`, `[1, 2]`), but never longer than about
    `limit` characters, never more than a few levels deep, never the digits of a huge integer (converting
    one may be refused, and costs time), and with the items of a set or the keys of a mapping sorted, so that
    the message does not depend on the order of hashing. Other objects are named by their type.
    """
    out: list[str] = []
    _render(value, out, limit, 4)
    text = "".join(out)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _render(value: object, out: list[str], budget: int, depth: int) -> None:
    """Append the rendering of `value` to `out` until `budget` characters are written."""
    if sum(map(len, out)) > budget:
        return
    if value is None or isinstance(value, (bool, float)):
        out.append(repr(value))
    elif isinstance(value, int):
        bits = abs(value).bit_length()
        out.append(repr(value) if bits <= 64 else f"<an integer of {int(bits * 0.30103) + 1} digits>")
    elif isinstance(value, str):
        out.append(repr(value[: budget + 1]) if len(value) <= budget else repr(value[:budget]) + f"… ({len(value)} characters)")
    elif isinstance(value, (list, tuple, set, frozenset, dict)):
        if depth == 0:
            out.append(f"<a {type(value).__name__} of {len(value)}>")
            return
        items: list[Any] = list(value.items()) if isinstance(value, dict) else list(value) if isinstance(value, (list, tuple)) else []
        if isinstance(value, (set, frozenset)):
            items = sorted(value, key=lambda v: shown(v, 40))
        elif isinstance(value, dict):
            items = sorted(items, key=lambda kv: shown(kv[0], 40))
        opening, closing = ("[", "]") if isinstance(value, list) else ("(", ")") if isinstance(value, tuple) else ("{", "}")
        out.append(opening)
        for i, item in enumerate(items):
            if sum(map(len, out)) > budget:
                out.append("…")
                break
            if i:
                out.append(", ")
            if isinstance(value, dict):
                _render(item[0], out, budget, depth - 1)
                out.append(": ")
                _render(item[1], out, budget, depth - 1)
            else:
                _render(item, out, budget, depth - 1)
        out.append("," + closing if isinstance(value, tuple) and len(items) == 1 else closing)
    elif is_dataclass(value) and not isinstance(value, type):
        out.append(f"{type(value).__name__}(")
        for i, f in enumerate(fields(value)):
            if sum(map(len, out)) > budget:
                out.append("…")
                break
            out.append(f"{', ' if i else ''}{f.name}=")
            _render(getattr(value, f.name), out, budget, depth - 1)
        out.append(")")
    else:
        out.append(f"<{type(value).__name__}>")


class PiquetError(ValueError):
    """Base of every error the API, CLI and protocol report. `code` is stable; `law` may be None."""

    def __init__(self, code: str, message: str, law: int | None = None, rule: str | None = None) -> None:
        if len(message) > MESSAGE_CHARS:
            message = message[: MESSAGE_CHARS - 1] + "…"
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
