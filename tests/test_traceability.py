"""Rule traceability: every rule id is established by a proof, contract or property, and pinned by a case.

Contracts count whether CrossHair searches them or, beyond its reach, they are checked at run time on
Hypothesis inputs (`RUNTIME_CONTRACT_MODULES`: `score_deal`, `score_partie`), which is a property's strength.

Prints the matrix (run with `-s` to see it). The rules without a proof, contract or property are
exactly those listed in `verification.report.NO_PROPERTY`, each with its reason, so the list cannot go
stale in either direction.
"""

from __future__ import annotations

from piquet_ref import default_ruleset

from verification.crosshair import CONTRACT_MODULES, contracts
from verification.report import NO_CASE, NO_PROPERTY, RUNTIME_CONTRACT_MODULES, case_counts, marked_tests

RULES = tuple(default_ruleset().rules)


def matrix() -> dict[str, tuple[int, int, int, int]]:
    """Rule id -> (exhaustive and property tests, contract postconditions, example tests, conformance cases)."""
    tests, cases = marked_tests(), case_counts()
    posts: dict[str, int] = {}
    for c in contracts(CONTRACT_MODULES + RUNTIME_CONTRACT_MODULES):
        if c.kind == "post":
            for rid in c.rules:
                posts[rid] = posts.get(rid, 0) + 1
    return {
        rid: (
            sum(e.kind in ("exhaustive", "property") for e in tests.get(rid, [])),
            posts.get(rid, 0),
            sum(e.kind == "example" for e in tests.get(rid, [])),
            cases.get(rid, 0),
        )
        for rid in RULES
    }


def test_every_rule_has_a_proof_contract_or_property_and_a_conformance_case() -> None:
    m = matrix()
    print(f"\n{'rule':34} proofs+props contracts examples cases")
    for rid, (props, posts, examples, cases) in m.items():
        print(f"{rid:34} {props:12} {posts:9} {examples:8} {cases:5}  {NO_PROPERTY.get(rid, '')}")
    unestablished = {rid for rid, (props, posts, _, _) in m.items() if not props and not posts}
    assert unestablished == set(NO_PROPERTY), (
        f"not established and not listed: {sorted(unestablished - set(NO_PROPERTY))}; "
        f"listed but now established: {sorted(set(NO_PROPERTY) - unestablished)}"
    )
    uncased = {rid for rid, (_, _, _, cases) in m.items() if not cases}
    assert uncased == set(NO_CASE), f"rules no conformance case names: {sorted(uncased - set(NO_CASE))}"


def test_every_marked_rule_id_exists() -> None:
    unknown = set(marked_tests()) - set(RULES)
    assert not unknown, f"tests marked with rule ids that are not in spec/rules/: {sorted(unknown)}"
