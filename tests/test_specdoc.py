"""`python -m dev spec-doc` (the maintainers' tools, in a checkout) writes the spec's index (build/SPEC.md): every chapter, rule and dispute with its address on
the rulebook site, which holds the spec in full. It stays short: the index is what a plain file can carry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from piquet_ref import default_ruleset
from piquet_ref.docs.site import site_pages
from piquet_ref.docs.site_kit import chapter_of, chapter_page, dispute_page, html_of
from piquet_ref.docs.spec_doc import spec_markdown
from piquet_ref.rules.catalogue import ambiguities

from dev.__main__ import main as dev_main

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


def test_spec_doc_writes_the_index_where_it_is_told(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "nested" / "SPEC.md"
    code = dev_main(["spec-doc", "--output", str(out)])
    assert code == 0 and out.read_text(encoding="utf-8") == TEXT and str(out) in capsys.readouterr().out
