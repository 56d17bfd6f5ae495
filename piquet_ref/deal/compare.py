"""One deal scored under every ruleset, side by side, each difference traced to its ambiguity.

The baseline is the default ruleset; a ruleset differs from it only by its knobs, each tied to an
ambiguity of spec/ambiguities, so a score that differs is traced to the knobs whose rules bear on it.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.codes import error
from piquet_ref.rules.loader import DEFAULT_RULESET, load_ruleset
from piquet_ref.rules.tables import ruleset_ids
from piquet_ref.rules.ruleset import PLAYERS, SCORE_KEYS, Knob, Player, Ruleset
from piquet_ref.deal.result import DealResult
from piquet_ref.deal.scoring import score_deal
from piquet_ref.rules.errors import shown

KEYS: tuple[str, ...] = (*SCORE_KEYS, "total")
EXCHANGE = ("exchange.", "deal.sizes")  # knobs on what a deal may be: they decide whether it is accepted
# The rules (by id prefix) each score key rests on directly; a bonus rests also on what it counts.
BEARS_ON: dict[str, tuple[str, ...]] = {
    "carte_blanche": ("carte-blanche.", "pack.court"),
    "point": ("point.", "pack.pips"),
    "sequences": ("sequence.",),
    "sets": ("sets.",),
    "repique": ("repique.", "bonus.", "accretion."),
    "pique": ("pique.", "bonus.", "accretion."),
    "play": ("play.",),
    "cards": ("cards.", "play.trick-winner"),
    "capot": ("capot.", "play.trick-winner"),
}


class RulesetScore(NamedTuple):
    """A deal under one ruleset: its result, or the error that ruleset's laws raise."""

    ruleset: Ruleset
    result: DealResult | None
    error: PiquetError | None


class Difference(NamedTuple):
    """One score (or the outcome) that differs from the baseline, and the knobs it is traced to."""

    ruleset: str
    player: Player | None  # None: the deal as a whole (accepted by one ruleset, rejected by another)
    key: str
    baseline: int | str
    value: int | str
    knobs: tuple[Knob, ...]

    @property
    def ambiguities(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(k.ambiguity for k in self.knobs))


class RulesetComparison(NamedTuple):
    baseline: RulesetScore
    scores: tuple[RulesetScore, ...]  # every ruleset, the baseline first
    differences: tuple[Difference, ...]


def _bearing(key: str, rs: Ruleset) -> tuple[str, ...]:
    """Rule id prefixes a difference in score `key` can come from under `rs`."""
    own = BEARS_ON[key]
    if key in ("repique", "pique"):
        counted = (rs.accretion.repique if key == "repique" else rs.accretion.pique).counts
        own += tuple(p for c in counted for p in BEARS_ON[c])
    return own


def traced(knobs: tuple[Knob, ...], prefixes: tuple[str, ...]) -> tuple[Knob, ...]:
    return tuple(k for k in knobs if k.rule.startswith(prefixes))


def _score(record: Mapping[str, Any], rs: Ruleset) -> RulesetScore:
    try:
        return RulesetScore(rs, score_deal({**record, "ruleset": rs.id}), None)
    except PiquetError as exc:
        if exc.code in ("record-invalid", "ruleset-unknown", "argument-invalid"):
            raise
        return RulesetScore(rs, None, exc)


def compare_rulesets(record: Any, rulesets: tuple[str, ...] | None = None) -> RulesetComparison:
    """Score the deal `record` (a mapping) under each ruleset (default: all) against the default ruleset."""
    if not isinstance(record, Mapping):
        raise error("record-invalid", f"a deal record must be a mapping, got {type(record).__name__}")
    if rulesets is not None and (not isinstance(rulesets, (tuple, list)) or not all(isinstance(r, str) for r in rulesets)):
        raise error("argument-invalid", f"rulesets must be a tuple of ruleset ids or None, got {shown(rulesets)}")
    ids = rulesets if rulesets is not None else ruleset_ids()
    base_rs = load_ruleset(DEFAULT_RULESET)
    baseline = _score(record, base_rs)
    scores = [baseline] + [_score(record, load_ruleset(rid)) for rid in ids if rid != DEFAULT_RULESET]
    differences = [d for s in scores[1:] for d in _differences(baseline, s)]
    return RulesetComparison(baseline, tuple(scores), tuple(differences))


def _differences(base: RulesetScore, other: RulesetScore) -> list[Difference]:
    rs = other.ruleset
    if base.result is None or other.result is None:
        outcome_b = "accepted" if base.error is None else base.error.code
        outcome_o = "accepted" if other.error is None else other.error.code
        if outcome_b == outcome_o:
            return []
        rules = tuple(e.rule for e in (base.error, other.error) if e is not None and e.rule)
        return [Difference(rs.id, None, "outcome", outcome_b, outcome_o, traced(rs.knobs, rules + EXCHANGE))]
    out = []
    for player in PLAYERS:
        b, o = base.result.score(player), other.result.score(player)
        mine = [
            Difference(rs.id, player, key, bv, ov, traced(rs.knobs, _bearing(key, rs)))
            for key, bv, ov in zip(SCORE_KEYS, b, o) if bv != ov
        ]
        if b.total != o.total:  # a total differs through the scores that differ
            knobs = tuple(dict.fromkeys(k for d in mine for k in d.knobs))
            mine.append(Difference(rs.id, player, "total", b.total, o.total, knobs))
        out += mine
    return out


def comparison_json(c: RulesetComparison) -> dict[str, Any]:
    """The comparison as JSON-ready data."""

    def one(s: RulesetScore) -> dict[str, Any]:
        entry: dict[str, Any] = {"id": s.ruleset.id, "name": s.ruleset.name}
        if s.result is not None:
            entry.update({p: s.result.score(p).as_dict() for p in PLAYERS})
        else:
            assert s.error is not None
            entry["error"] = s.error.to_json()
        return entry

    return {
        "baseline": c.baseline.ruleset.id,
        "rulesets": [one(s) for s in c.scores],
        "differences": [
            {
                "ruleset": d.ruleset, "player": d.player, "key": d.key, "baseline": d.baseline, "value": d.value,
                "ambiguities": list(d.ambiguities),
                "knobs": [{"ambiguity": k.ambiguity, "rule": k.rule, "param": k.param, "value": k.value, "set_by": k.ruleset} for k in d.knobs],
            }
            for d in c.differences
        ],
    }


def comparison_text(c: RulesetComparison) -> str:
    """Side by side: one column per ruleset, a star on each value that differs from the baseline."""
    n = len(c.scores)
    lines = [f"The deal under {n} rulesets; * marks a score that differs from [1] {c.baseline.ruleset.id}", ""]
    lines += [f"  [{i}] {s.ruleset.id}: {s.ruleset.name}" for i, s in enumerate(c.scores, 1)]
    lines.append("")
    lines.append(f"  {'':<16}" + "".join(f"{f'[{i}]':>8}" for i in range(1, n + 1)))
    differing = {(d.ruleset, d.player, d.key) for d in c.differences}
    for player in PLAYERS:
        lines.append(player)
        for k, key in enumerate(KEYS):
            cells = []
            for s in c.scores:
                if s.result is None:
                    cells.append(f"{'error':>8}")
                    continue
                star = "*" if (s.ruleset.id, player, key) in differing else " "
                cells.append(f"{s.result.score(player)[k]:>7}{star}")
            lines.append(f"  {key:<16}" + "".join(cells))
    errors = [(i, s) for i, s in enumerate(c.scores, 1) if s.error is not None]
    if errors:
        lines.append("")
        lines += [f"  [{i}] rejects the deal: {s.error}" for i, s in errors]
    lines.append("")
    lines.append("Differences, each traced to the ambiguities whose readings differ")
    if not c.differences:
        lines.append("  none: every ruleset scores this deal alike")
    for d in c.differences:
        who = f"{d.player} {d.key}" if d.player else d.key
        knobs = "; ".join(f"{k.ambiguity}: {k.rule}.{k.param} = {k.value}" for k in d.knobs) or "untraced"
        lines.append(f"  {d.ruleset}: {who} {d.baseline} -> {d.value} ({knobs})")
    return "\n".join(lines) + "\n"
