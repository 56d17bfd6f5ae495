"""The human spec is a build product: `piquet-ref spec-doc` writes it from spec/ and the corpus (build/SPEC.md),
and it gives every rule its statement, sources, cases, code and the ambiguities that touch it."""

from __future__ import annotations

from pathlib import Path

from piquet_ref import default_ruleset
from piquet_ref.rules.catalogue import ambiguities
from piquet_ref.rules.tables import ruleset_ids
from piquet_ref.docs.spec_doc import OUTLINE, _section_of, spec_markdown

from tests.support import cli_run

TEXT = spec_markdown()


def test_every_rule_has_its_statement_sources_cases_and_code() -> None:
    for rule in default_ruleset().rules.values():
        start = TEXT.index(f'<a id="rule-{rule.id}"></a>')
        block = TEXT[start:TEXT.index("<a id=", start + 10)]
        assert rule.statement in block
        assert "**Sources.** " + "; ".join(f"{c.key} {c.at}" for c in rule.sources) in block
        assert "**Cases** (" in block and "**Carried out by** `piquet_ref/" in block
        for a in ambiguities():
            if rule.id in a.rules:
                assert f"[`{a.id}`](#ambiguity-{a.id})" in block


def test_sections_follow_the_game_and_every_ambiguity_and_ruleset_is_written_out() -> None:
    titles = [s.title for s in OUTLINE]
    assert titles == ["The pack", "The deal", "Carte blanche", "The exchange", "Declarations", "Play", "Scoring", "The partie", "The laws"]
    positions = [TEXT.index(f" {t}\n\n") for t in titles]
    assert positions == sorted(positions)
    assert all(f'<a id="ambiguity-{a.id}"></a>' in TEXT for a in ambiguities())
    assert all(f"\n### {rid}\n" in TEXT for rid in ruleset_ids())


def test_rules_of_the_laws_to_come_land_in_the_laws_section() -> None:
    assert OUTLINE[_section_of("laws.point-first")].title == "The laws"
    assert _section_of("nothing.known") == len(OUTLINE)  # "Other rules"


def test_spec_doc_writes_the_spec_where_it_is_told(tmp_path: Path) -> None:
    out = tmp_path / "nested" / "SPEC.md"
    code, stdout, _ = cli_run(["spec-doc", "--output", str(out)])
    assert code == 0 and out.read_text(encoding="utf-8") == TEXT and str(out) in stdout
