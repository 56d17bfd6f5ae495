"""`piquet-ref rulesets`, `sources`, `ambiguities` and `rules`: the tables of spec/, looked up."""

from __future__ import annotations

import argparse
import json
from typing import Any

from piquet_ref.cli.documents import emit
from piquet_ref.rules.loader import load_ruleset
from piquet_ref.rules.tables import ruleset_ids


def ruleset_json(rid: str) -> dict[str, Any]:
    rs = load_ruleset(rid)
    return {"id": rs.id, "name": rs.name, "description": rs.description, "base": rs.base,
            "knobs": [{"rule": k.rule, "param": k.param, "value": json.loads(k.value), "ambiguity": k.ambiguity, "ruleset": k.ruleset}
                      for k in rs.knobs]}


def ruleset_text(rid: str) -> str:
    rs = load_ruleset(rid)
    lines = [f"{rs.id}: {rs.name}", f"  {rs.description}", f"  base: {rs.base or 'none (the tables as written)'}"]
    lines += [f"  {k.rule}.{k.param} = {k.value}  ({k.ambiguity}; set by {k.ruleset})" for k in rs.knobs]
    return "\n".join(lines) + "\n"


def cmd_rulesets(args: argparse.Namespace) -> int:
    if args.id:
        return emit(args.format, lambda: ruleset_json(args.id), lambda: ruleset_text(args.id))
    return emit(args.format, lambda: [ruleset_json(rid) for rid in ruleset_ids()],
                lambda: "".join(f"{rid:<34} {len(load_ruleset(rid).knobs):>2} knob(s)  {load_ruleset(rid).name}\n" for rid in ruleset_ids()))


def cmd_reference(args: argparse.Namespace) -> int:
    """`sources`, `ambiguities` and `rules`: one entry by its key or id, the entries some words match, or the list;
    as text or JSON."""
    from piquet_ref.docs.lookup import find, listing
    from piquet_ref.docs.rules_info import VIEWS

    view, query = VIEWS[args.command], " ".join(args.key)
    if not query:
        return emit(args.format, view.all_json, view.all_text)
    found = find(args.command, query)
    if found.exact is not None:
        key = found.exact
        return emit(args.format, lambda: view.one_json(key), lambda: view.one_text(key))
    return emit(args.format, lambda: [view.one_json(e.key) for e in found.matches], lambda: listing(args.command, found))
