"""A program that keeps only the ten totals per player: the reference's `score_deal`, cut to `elder` and
`younger`, every other op unsupported. It shows the corpus judging such a program at level `totals`
(every score_deal case passes) and not at level `events` (it has no event log)."""

from __future__ import annotations

from typing import Any

from piquet_ref.protocol.serve import answer as reference
from piquet_ref.rules.tables import ruleset_ids


def answer(request: dict[str, Any]) -> dict[str, Any] | None:
    """A protocol response: the hello, a score_deal's totals or its error code, or unsupported."""
    if request.get("cmd") == "hello":
        return {"protocol": 1, "implementation": {"name": "totals-only", "version": "1"},
                "capabilities": {"ops": ["score_deal"], "rulesets": list(ruleset_ids())}}
    seq = request.get("seq")
    if request.get("op") != "score_deal":
        return {"seq": seq, "unsupported": True}
    full = reference(request)
    assert full is not None
    if "result" in full:
        return {"seq": seq, "result": {p: full["result"][p] for p in ("elder", "younger")}}
    if "error" in full:
        return {"seq": seq, "error": {"code": full["error"]["code"], "message": full["error"]["message"]}}
    return full
