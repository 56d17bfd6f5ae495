"""Buggy copies of the reference, for the fuzzer's tests: each is the reference's own source with one textual change,
executed as a fresh module (the reference itself is left untouched), and answers the protocol in-process
(`--python tests.adapters.planted:NAME`, or `FunctionAdapter`).

- `repique_by_calling`: the younger's good holdings are reckoned after the elder's whole hand, in the order the
  players call rather than the order of accretion, so an elder's thirty in hand makes a repique although the
  younger's point or sequence, counted first, should have saved it (spec/ambiguities.yaml `repique.precedence`).
- `pique_winner_first`: the point for winning a trick is reckoned before the leader's point for leading it, so the
  pique is judged as though only the trick's winner could reach it: an elder whose losing lead makes thirty loses
  his pique (rule `pique.score`: the card that brings him to thirty need not win its trick).
- `equal_sequences_to_elder`: equal sequences are scored as the elder's, as though good, instead of neither
  scoring (rule `sequence.compare`).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

from piquet_ref.deal.record import parse_record
from piquet_ref.deal.scoring import resolve
from piquet_ref.protocol.results import result_json
from piquet_ref.rules.errors import PiquetError

Answer = Callable[[dict[str, Any]], dict[str, Any]]
ACCRETION = "piquet_ref.deal.accretion"


def buggy_copy(name: str, old: str, new: str) -> ModuleType:
    """A fresh module run from the source of the module `name`, with `old` (which must occur exactly once; empty:
    no change) replaced by `new`. It keeps the module's name, so that its dataclasses resolve as the original's."""
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None, name
    source = Path(spec.origin).read_text(encoding="utf-8")
    assert old == "" or source.count(old) == 1, f"{name}: the text to replace is not there exactly once"
    module = ModuleType(name)
    module.__file__ = spec.origin
    exec(compile(source.replace(old, new) if old else source, spec.origin, "exec"), module.__dict__)  # noqa: S102
    return module


def answerer(accretion: ModuleType, name: str) -> Answer:
    """A protocol function scoring deals with `accretion.score_normal_form` (the reference's parsing, resolution and
    JSON around it)."""
    score = accretion.score_normal_form

    def answer(request: dict[str, Any]) -> dict[str, Any]:
        if request.get("cmd") == "hello":
            return {"protocol": 1, "implementation": {"name": name, "version": "0"},
                    "capabilities": {"ops": ["score_deal"], "rulesets": []}}
        if request.get("op") != "score_deal":
            return {"seq": request.get("seq"), "unsupported": True}
        try:
            return {"seq": request["seq"], "result": result_json(score(resolve(parse_record(request["input"]))))}
        except PiquetError as exc:
            return {"seq": request["seq"], "error": exc.to_json()}

    return answer


repique_by_calling = answerer(buggy_copy(
    ACCRETION,
    "    for category in rs.accretion.order:\n",
    "    for category in sorted(rs.accretion.order, key=lambda c: (c not in rs.accretion.hand, c in DECL_INDEX and comparison.good(c) == 1)):\n",
), "repique-by-calling")

pique_winner_first = answerer(buggy_copy(
    ACCRETION,
    """            add(leader, "play", lead_points, LEAD.rule, ONE_CARD[lead], LEAD.note, n)
            add(winner, "play", win_points, SECOND_WINS.rule, ONE_CARD[follow], SECOND_WINS.note, n)
""",
    """            add(winner, "play", win_points, SECOND_WINS.rule, ONE_CARD[follow], SECOND_WINS.note, n)
            add(leader, "play", lead_points, LEAD.rule, ONE_CARD[lead], LEAD.note, n)
""",
), "pique-winner-first")


equal_sequences_to_elder = answerer(buggy_copy(
    ACCRETION,
    "            good = comparison.good(category)\n",
    "            good = comparison.good(category)\n"
    '            if good is None and category == "sequences" and comparison.keys[2]:  # equal, not both none\n'
    "                good = 0\n",
), "equal-sequences-to-elder")
