"""Released rulesets never change meaning: spec/rulesets/released.lock.json pins every table value.

The lock maps each released ruleset id to its resolved values ("rule.param" -> canonical JSON). A
value may never change and a released ruleset may never disappear; a param added to the tables later
is not in the lock and changes nothing locked. `python -m dev rulesets lock` (in a checkout) records new rulesets and
new params, and refuses while any locked value has changed.
"""

from __future__ import annotations

import json
from pathlib import Path

from piquet_ref.rules.loader import load_ruleset_from, value_text
from piquet_ref.rules.tables import ruleset_ids
from piquet_ref.rules.ruleset import Ruleset

LOCK = Path("rulesets") / "released.lock.json"


def resolved_values(rs: Ruleset) -> dict[str, str]:
    """Every table value of `rs` as "rule.param" -> canonical JSON."""
    return {f"{rule}.{name}": value_text(value) for rule, params in sorted(rs.params.items()) for name, value in sorted(params.items())}


def read_lock(root: Path) -> dict[str, dict[str, str]]:
    """The locked values of each released ruleset (empty before the first release)."""
    path = root / LOCK
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {str(rid): dict(values) for rid, values in data.items()}


def release_problems(root: Path) -> list[str]:
    """Each locked value that a released ruleset no longer has, and each released ruleset that is gone."""
    out = []
    present = set(ruleset_ids(root))
    for rid, locked in sorted(read_lock(root).items()):
        if rid not in present:
            out.append(f"{rid}: a released ruleset has been removed; its id is never reused nor dropped")
            continue
        now = resolved_values(load_ruleset_from(root, rid))
        for key, value in sorted(locked.items()):
            if key not in now:
                out.append(f"{rid}: {key} was {value} and is gone")
            elif now[key] != value:
                out.append(f"{rid}: {key} was {value}, is now {now[key]}: a released ruleset never changes meaning (make a new ruleset id)")
    return out


def locked_text(root: Path) -> str:
    """The lock recording every ruleset of `root` as released; ValueError while a released value has changed."""
    problems = release_problems(root)
    if problems:
        raise ValueError("the lock cannot be updated:\n" + "\n".join(problems))
    lock = {rid: resolved_values(load_ruleset_from(root, rid)) for rid in ruleset_ids(root)}
    return json.dumps(lock, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
