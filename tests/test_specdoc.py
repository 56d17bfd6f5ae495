"""`piquet-ref spec-doc` writes the spec's index (build/SPEC.md): every chapter, rule and dispute with its address on
the rulebook site, which holds the spec in full. It stays short: the index is what a plain file can carry."""

from __future__ import annotations

import re
from pathlib import Path

from piquet_ref import default_ruleset
from piquet_ref.docs.site import site_pages
from piquet_ref.docs.site_kit import chapter_of, chapter_page, dispute_page, html_of
from piquet_ref.docs.spec_doc import spec_markdown
from piquet_ref.rules.catalogue import ambiguities

from tests.support import cli_run

TEXT = spec_markdown()
MOST = 40_000  # an index, not the spec: a few lines a rule


def test_every_rule_and_dispute_is_listed_with_its_address_on_the_site() -> None:
    for rule in default_ruleset().rules.values():
        assert f"[`{rule.id}`](site/{html_of(chapter_page(chapter_of(rule.id)))}#{rule.id})" in TEXT
    for a in ambiguities():
        assert f"[`{a.id}`](site/{html_of(dispute_page(a.id))})" in TEXT


def test_every_address_is_a_page_of_the_site_and_the_index_is_short() -> None:
    pages = {html_of(p.path) for p in site_pages()}
    for target in re.findall(r"\]\(site/([^)#]+)", TEXT):
        assert target in pages, target
    assert len(TEXT.encode("utf-8")) < MOST


def test_spec_doc_writes_the_index_where_it_is_told(tmp_path: Path) -> None:
    out = tmp_path / "nested" / "SPEC.md"
    code, stdout, _ = cli_run(["spec-doc", "--output", str(out)])
    assert code == 0 and out.read_text(encoding="utf-8") == TEXT and str(out) in stdout
