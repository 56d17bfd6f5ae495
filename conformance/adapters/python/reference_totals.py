#!/usr/bin/env python3
"""The template's glue, shown on a real engine: piquet-ref itself, cut down to the ten totals a player.

An engine that gives only each player's ten totals reaches level `totals` (every score_deal case
passes) and no further: the cases of level `events` fail, for there is no event log. Needs piquet-ref
importable; run from the repository root:

    piquet-ref conformance run --impl "python3 conformance/adapters/python/reference_totals.py" --op score_deal --level totals
"""
from typing import Any, Dict

from adapter_template import Rejected, Unsupported, serve  # the template beside this file

from piquet_ref import PiquetError, __version__, result_json, ruleset_ids, score_deal

TEN = ("carte_blanche", "point", "sequences", "sets", "repique", "pique", "play", "cards", "capot", "total")


def totals(record: Dict[str, Any]) -> Dict[str, Any]:
    try:
        result = result_json(score_deal(record))
    except PiquetError as exc:  # the engine's own rejection, mapped onto the protocol's
        if exc.code == "ruleset-unknown":
            raise Unsupported(exc.message) from None
        raise Rejected(exc.code, exc.message, exc.law) from None
    return {who: {key: result[who][key] for key in TEN} for who in ("elder", "younger")}


if __name__ == "__main__":
    serve({"score_deal": totals}, name="piquet-ref-totals", version=__version__, rulesets=ruleset_ids())
