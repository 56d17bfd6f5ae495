"""A fixed stream of `serve` requests and the digests of the answers it got, so that a change made for speed
can be shown to leave every answer byte for byte as it was.

The stream (tests/data/serve-stream.jsonl.gz) holds `score_deal` requests on random legal deals, deals of the rare
situations and deals still in play, and `legal_actions`, `apply` and `count_actions` requests at states sampled
from random walks through the state machine (the exchange, the calls and the dialogue, the play). It and the
digests (tests/data/serve-stream.sha256, one per answer line) were written once, before the optimisations of the
scorer, the writer of results and the machine's listing of actions; tests/test_speed_equivalence.py replays it.

The one digest changed since is the hello's (its list of ops gained `score_totals`). `python -m tests.serve_stream`
writes both again: only for a deliberate change of the answers, stated as such.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
STREAM = DATA / "serve-stream.jsonl.gz"
DIGESTS = DATA / "serve-stream.sha256"


def digest(line: str) -> str:
    """The digest kept of one answer line."""
    return hashlib.sha256(line.encode()).hexdigest()[:20]


def requests(seed: int = 1882) -> list[dict[str, Any]]:
    """The requests of the stream, built from `seed`."""
    from piquet_ref.deal.generate import SITUATIONS, random_record, situation_record
    from piquet_ref.hand.cards import format_cards, hand_of
    from piquet_ref.machine.state import apply, legal_actions, new_deal
    from piquet_ref.protocol.machine import action_json

    rng = random.Random(seed)
    out: list[dict[str, Any]] = [{"cmd": "hello", "protocol": 1}]
    records = [random_record(rng) for _ in range(120)]
    records += [random_record(rng, tricks=rng.randrange(12)) for _ in range(20)]
    records += [situation_record(situation, rng) for situation in SITUATIONS for _ in range(3)]
    out += [{"cmd": "run", "seq": len(out), "op": "score_deal", "input": r} for r in records]
    for _ in range(40):
        pack = list(range(32))
        rng.shuffle(pack)
        state = new_deal(hand_of(pack[:12]), hand_of(pack[12:24]), tuple(pack[24:]))
        setup = {"elder": {"dealt": format_cards(pack[:12], state.ruleset)},
                 "younger": {"dealt": format_cards(pack[12:24], state.ruleset)},
                 "stock": format_cards(pack[24:], state.ruleset)}
        taken: list[dict[str, Any]] = []
        while state.phase not in ("complete", "void"):
            if rng.random() < 0.25:
                op = rng.choice(("legal_actions", "legal_actions", "apply", "count"))
                data: dict[str, Any] = {**setup, "actions": list(taken)}
                if op == "count":
                    data |= {"kind": "actions", "depth": 1}
                out.append({"cmd": "run", "seq": len(out), "op": op, "input": data})
            action = rng.choice(legal_actions(state))
            taken.append(action_json(action, state.ruleset))
            state = apply(state, action)
    return out


def answers(lines: list[str]) -> list[str]:
    """The answer lines of `serve` in this process to the request lines."""
    from piquet_ref.protocol.serve import respond_text

    replies = []
    for line in lines:
        reply, _ = respond_text(line)
        if reply is not None:
            replies.append(reply)
    return replies


def read_stream() -> list[str]:
    with gzip.open(STREAM, "rt", encoding="utf-8") as f:
        return f.read().splitlines()


def main() -> None:
    lines = [json.dumps(r, separators=(",", ":")) for r in requests()]
    DATA.mkdir(exist_ok=True)
    with gzip.GzipFile(STREAM, "wb", mtime=0) as f:
        f.write(("\n".join(lines) + "\n").encode())
    DIGESTS.write_text("".join(digest(a) + "\n" for a in answers(lines)))
    print(f"{len(lines)} requests written to {STREAM}, digests to {DIGESTS}")


if __name__ == "__main__":
    main()
