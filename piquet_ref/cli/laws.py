"""`piquet-ref laws [N]`: the Laws of Piquet as a table, or one law in full with its rules, error
codes, ambiguities and whether the reference can decide it; as text or JSON."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from typing import Any

from piquet_ref.rules.catalogue import ambiguity
from piquet_ref.rules.codes import error_catalogue
from piquet_ref.rules.laws import Law, law, laws
from piquet_ref.rules.loader import default_ruleset

WIDTH = 100


def law_json(x: Law) -> dict[str, Any]:
    """One law with its references spelled out (rule statements, error summaries, ambiguity topics)."""
    rules = default_ruleset().rules
    codes = error_catalogue()
    return {
        "number": x.number, "section": x.section, "kind": x.kind, "statement": x.statement,
        "items": [{"mark": i.mark, "statement": i.statement, "executable": i.executable, "why_not": i.why_not} for i in x.items],
        "trigger": x.trigger, "remedy": x.remedy,
        "rules": [{"id": r, "statement": rules[r].statement} for r in x.rules],
        "errors": [{"code": c, "summary": codes[c].summary} for c in x.errors],
        "ambiguities": [{"id": a, "topic": ambiguity(a).topic} for a in x.ambiguities],
        "executable": x.executable, "why_not": x.why_not,
        "situations": list(x.situations), "elections": list(x.elections),
        **({"machine": x.machine} if x.machine else {}),
        "cases": list(x.cases),
    }


def _row(x: Law) -> str:
    head = f"{x.number:>2}  {x.kind:<12} {'yes' if x.executable else 'no':<4} {x.section:<25} "
    return head + textwrap.shorten(x.statement, WIDTH - len(head), placeholder="...")


def _wrap(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent)


def law_text(x: Law) -> str:
    data = law_json(x)
    lines = [f"Law {x.number} ({x.section}): {x.kind}, " + ("executable" if x.executable else "not executable")]
    lines += _wrap(x.statement)
    for i in x.items:
        lines += _wrap(f"{i.mark}. {i.statement}" + ("" if i.executable else f" [not executable: {i.why_not}]"), "    ")
    lines.append("Trigger")
    lines += _wrap(x.trigger)
    lines.append("Remedy")
    lines += _wrap(x.remedy or "none")
    if not x.executable:
        lines.append("Why not executable")
        lines += _wrap(x.why_not or "")
    if x.machine:
        lines.append("In the state machine")
        lines += _wrap(x.machine)
    if x.cases:
        lines.append("Checked by the conformance cases")
        lines += _wrap(", ".join(x.cases))
    for title, key, name, what in (("Rules", "rules", "id", "statement"), ("Errors", "errors", "code", "summary"),
                                   ("Ambiguities", "ambiguities", "id", "topic")):
        lines.append(title)
        lines += [line for entry in data[key] for line in _wrap(f"{entry[name]}: {entry[what]}")] or ["  none"]
    return "\n".join(lines) + "\n"


def cmd_laws(args: argparse.Namespace) -> int:
    from piquet_ref.docs.lookup import find, listing

    query = " ".join(args.number)
    if query:
        found = find("laws", query)
        if found.exact is None:
            if args.format == "json":
                print(json.dumps([law_json(law(e.key)) for e in found.matches], ensure_ascii=False, indent=2))
            else:
                sys.stdout.write(listing("laws", found))
            return 0
        one = law(found.exact)
        if args.format == "json":
            print(json.dumps(law_json(one), ensure_ascii=False, indent=2))
        else:
            sys.stdout.write(law_text(one))
        return 0
    if args.format == "json":
        print(json.dumps([law_json(x) for x in laws()], ensure_ascii=False, indent=2))
        return 0
    head = f"{'no':>2}  {'kind':<12} {'exec':<4} {'section':<25} statement"
    sys.stdout.write("\n".join([head] + [_row(x) for x in laws()]) + "\n")
    return 0
