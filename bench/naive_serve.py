"""The baseline of the `serve` figures: the naive scorer (bench/naive.py) behind a minimal JSON-lines loop.

What a user would write to offer a scorer over a pipe: read a line, parse it, score the deal, write the ten totals
of each player as one JSON line. It answers `hello` and `run` of `score_deal` (and of `score_totals`, the same),
and nothing else.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from naive import IllegalDeal, score  # noqa: E402  (beside this file, not a package)


def main() -> None:
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("cmd") == "hello":
            reply = {"protocol": 1, "implementation": {"name": "naive"}, "capabilities": {"ops": ["score_deal"]}}
        else:
            try:
                elder, younger = score(request["input"])
                result = {"ruleset": "portland-1882", "elder": elder, "younger": younger,
                          "complete": len(request["input"].get("tricks", [])) == 12}
                reply = {"seq": request.get("seq"), "result": result}
            except IllegalDeal as exc:
                reply = {"seq": request.get("seq"), "error": {"code": "illegal", "message": str(exc)}}
        out.write(json.dumps(reply) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
