"""In-process programs under test that answer with what no program should (for `--python`)."""

from __future__ import annotations

from typing import Any

from piquet_ref.protocol.serve import answer


def deep(request: dict[str, Any]) -> Any:
    """The reference's hello; to every run, a response nested 100,000 deep."""
    if request.get("cmd") != "run":
        return answer(request)
    value: list[Any] = []
    inner = value
    for _ in range(100_000):
        inner.append([])
        inner = inner[0]
    return {"seq": request.get("seq"), "result": {"elder": value}}
