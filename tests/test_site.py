"""The rulebook site's generator (piquet_ref/docs/site.py, site_kit.py, disputes.py) and `piquet-ref site`.

The standard tier reads the generated Markdown, without Sphinx: every rule stands on its chapter's page under its
own id with its statement, sources, values in plain words, disputes and cases; every law, Case, source, ruleset
and conformance case has its anchor; every dispute its page with each source's position and each ruleset's
reading; every worked example of the sources its page with its picture inline, card for card; every link between
pages lands on a page and an anchor that exist; and no page is over the limit. The deep tier
(tests/test_site_browser.py) builds the site with Sphinx and browses it in a real browser.
"""

from __future__ import annotations

import posixpath
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from piquet_ref.cli.site import MARK
from piquet_ref.deal.compare import compare_rulesets
from piquet_ref.docs import site
from piquet_ref.docs.disputes import shown_deal
from piquet_ref.docs.rules_info import cases_of_rule, corpus_cases, values_in_words
from piquet_ref.docs.site_kit import (
    DECISIONS_PAGE, LAWS_PAGE, RULESETS_PAGE, SOURCES_PAGE, chapter_of, chapter_page, deal_page,
    dispute_page, drawn_record, html_of, md,
)
from piquet_ref.rules.catalogue import ambiguities, sources
from piquet_ref.rules.decisions import decisions
from piquet_ref.rules.laws import laws
from piquet_ref.rules.loader import default_ruleset
from piquet_ref.rules.tables import ruleset_ids

from tests.support import cards_by_role, cli_run

FILES = site.site_files()
TEXT = {p.path: p.text for p in FILES}
PAGES = {p.path: p.text for p in FILES if p.path.endswith(".md")}
SVG = "{http://www.w3.org/2000/svg}"


def anchors(text: str) -> set[str]:
    return set(re.findall(r'<a id="([^"]+)"></a>', text))


def block(text: str, ident: str) -> str:
    """What stands from the anchor `ident` to the next anchor of the page."""
    start = text.index(f'<a id="{ident}"></a>')
    end = text.find('<a id="', start + 10)
    return text[start:end if end > 0 else None]


def test_every_rule_is_on_its_chapter_page_under_its_id() -> None:
    rs = default_ruleset()
    for rule in rs.rules.values():
        text = block(PAGES[chapter_page(chapter_of(rule.id))], rule.id)
        assert f"### `{rule.id}`" in text and md(rule.statement) in text
        assert all(f"#source-{c.key}" in text and md(c.at) in text for c in rule.sources)
        params = rs.params.get(rule.id)
        assert not params or md(values_in_words(params)) in text
        assert f"**Cases.** {len(cases_of_rule(rule.id))} conformance case" in text
        assert all(f"{html_of(dispute_page(a.id))[len('disputes/'):]}" in text for a in ambiguities() if rule.id in a.rules)


def test_values_are_written_in_plain_words_never_as_python_data() -> None:
    for path, text in PAGES.items():
        assert not re.search(r"\{'|'\}|\['|': ", text), path


def test_a_rule_shows_up_to_three_of_its_cases_in_full_and_lists_the_rest_by_link() -> None:
    for rule in default_ruleset().rules.values():
        text = block(PAGES[chapter_page(chapter_of(rule.id))], rule.id)
        cases = cases_of_rule(rule.id)
        shown = text.count("`````{admonition}")
        assert shown == min(3, len(cases))
        assert all(f'#{c.id}"' in text for c in cases)


def test_every_law_case_source_ruleset_and_conformance_case_has_its_anchor() -> None:
    assert {f"law-{x.number}" for x in laws()} <= anchors(PAGES[LAWS_PAGE])
    assert {f"case-{d.case.lower()}" for d in decisions()} <= anchors(PAGES[DECISIONS_PAGE])
    assert {f"source-{s.key}" for s in sources()} <= anchors(PAGES[SOURCES_PAGE])
    assert set(ruleset_ids()) <= anchors(PAGES[RULESETS_PAGE])
    held = {c.id: path for path, text in PAGES.items() if path.startswith("corpus/") for c in corpus_cases() if f'<a id="{c.id}"></a>' in text}
    assert set(held) == {c.id for c in corpus_cases()}


@pytest.mark.parametrize("aid", [a.id for a in ambiguities()])
def test_every_dispute_has_its_page_with_each_position_and_reading(aid: str) -> None:
    a = next(x for x in ambiguities() if x.id == aid)
    text = PAGES[dispute_page(aid)]
    assert text.startswith(f"# {md(a.topic)}\n")
    assert all(f"| {md(p.at)} | {md(p.reading)} |" in text and f"#source-{p.key}" in text for p in a.positions)
    assert all(f"| {md(r.reading)} | {md(r.reason)} |" in text and f"#{rid}" in text for rid, r in a.readings)
    assert all(f'#{c}"' in text for c in a.cases)


@pytest.mark.parametrize("aid", [a.id for a in ambiguities() if a.scope == "deal"])
def test_a_dispute_over_a_deal_scores_one_under_every_ruleset_and_explains_its_own_differences(aid: str) -> None:
    a = next(x for x in ambiguities() if x.id == aid)
    text = PAGES[dispute_page(aid)]
    shown = shown_deal(a)
    if shown is None:
        assert "No case of this dispute is a deal" in text
        return
    case, _, turns = shown
    assert "## One deal under every ruleset" in text and f'#{case.id}"' in text
    found = compare_rulesets(case.data["input"])
    section = text[text.index("## One deal under every ruleset"):].splitlines()
    for s in found.scores:
        row = next(line for line in section if line.startswith(f"| <a href=\"../reference/rulesets.html#{s.ruleset.id}\""))
        assert (f"| scored | {s.result.elder.total} | {s.result.younger.total} |" if s.result else f"| rejected: `{s.error and s.error.code}` |") in row
    own = [d for d in found.differences if a.id in d.ambiguities and d.key != "total"]
    assert turns == bool(own)
    explained = [line for line in section if line.startswith("- Under ")]
    assert len(explained) == sum(1 for d in found.differences if d.key != "total")
    assert sum(f'{aid}.html"' in line for line in explained) >= len(own)


def test_the_dispute_pages_show_each_reading_that_makes_a_difference() -> None:
    """The test above can fail: the disputes whose readings change a score in some deal of the corpus do show one."""
    turning = [a.id for a in ambiguities() if a.scope == "deal" and (s := shown_deal(a)) is not None and s[2]]
    assert {"point.scoring", "play.counting-cards", "bonus.cumulative", "pique.and-the-cards"} <= set(turning)


WORKED = [c for c in corpus_cases() if c.data.get("provenance") == "source-example" and c.path.parts[0] == "source-examples"]


@pytest.mark.parametrize("case", WORKED, ids=[c.path.stem for c in WORKED])
def test_every_worked_example_of_the_sources_has_its_page_with_its_picture_inline(case: object) -> None:
    from piquet_ref.runner.corpus import Case

    assert isinstance(case, Case)
    text = PAGES[deal_page(case)]
    record = drawn_record(case.id)
    assert record is not None, "every worked example of source-examples/ is a deal that can be drawn"
    svg = text[text.index("<svg"):text.index("</svg>") + len("</svg>")]
    drawn = [g for g in ET.fromstring(svg).iter(f"{SVG}g") if "pq-card" in g.get("class", "").split()]
    assert Counter(g.get("data-role") for g in drawn) == cards_by_role(record)
    assert "Ledger, in the order of accretion" in svg


def test_every_link_lands_on_a_page_and_an_anchor_that_exist() -> None:
    targets = {html_of(path): anchors(text) for path, text in TEXT.items()}
    linked: set[tuple[str, str]] = set()
    for path, text in PAGES.items():
        for ref in re.findall(r'(?:href|src)="([^"]+)"', text):
            if ref.startswith(("http://", "https://", "mailto:")):
                continue
            page, _, fragment = ref.partition("#")
            target = posixpath.normpath(posixpath.join(posixpath.dirname(path), page)) if page else html_of(path)
            assert target in targets, (path, ref)
            assert not fragment or fragment in targets[target], (path, ref)
            linked.add((target, fragment))
    assert {(html_of(chapter_page(chapter_of(r))), r) for r in default_ruleset().rules} <= linked  # the test saw links to check


def test_no_page_is_over_the_limit_and_every_picture_shown_is_written() -> None:
    assert site.oversized(FILES) == []
    shown = set(re.findall(r'src="[./]*(_static/pictures/[^"]+)"', "".join(PAGES.values())))
    assert shown and shown <= set(TEXT)


def test_every_chapter_of_the_issue_is_a_page_and_every_page_is_reached_from_a_contents() -> None:
    titles = [PAGES[chapter_page(c)].split("\n", 1)[0] for c, _ in site.rules_by_chapter()]
    assert titles[:9] == ["# The pack", "# The deal", "# Carte blanche", "# The exchange", "# Declarations and calling", "# Play",
                          "# Scoring and the order of accretion", "# Pique, repique and capot", "# The partie and its forms"]
    listed = set()
    for path, text in PAGES.items():
        for tree in re.findall(r"```\{toctree\}\n(.*?)```", text, re.S):
            listed |= {posixpath.join(posixpath.dirname(path), line) + ".md" for line in tree.splitlines() if line and not line.startswith(":")}
    assert set(PAGES) - {"index.md"} == {posixpath.normpath(p) for p in listed}


def test_the_site_command_writes_the_pages_and_stops_with_markdown_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(site, "site_files", lambda: FILES)
    source = tmp_path / "src"
    code, out, err = cli_run(["site", "--markdown-only", "--source", str(source), "--output", str(tmp_path / "out")])
    assert (code, err) == (0, "") and f"wrote {len(PAGES)} pages" in out
    written = {p.relative_to(source).as_posix() for p in source.rglob("*") if p.is_file()}
    assert written == set(TEXT) | {MARK}
    assert (source / "index.md").read_text(encoding="utf-8") == TEXT["index.md"]
    code, _, _ = cli_run(["site", "--markdown-only", "--source", str(source)])  # its own folder, emptied and written again
    assert code == 0 and not (tmp_path / "out").exists()


def test_the_site_command_leaves_a_folder_it_did_not_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(site, "site_files", lambda: FILES)
    (tmp_path / "mine.txt").write_text("keep me", encoding="utf-8")
    code, out, err = cli_run(["site", "--markdown-only", "--source", str(tmp_path)])
    assert (code, out) == (2, "") and "did not write" in err and (tmp_path / "mine.txt").exists()


def test_the_site_command_without_sphinx_says_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    monkeypatch.setattr(site, "site_files", lambda: FILES)
    found = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "sphinx" else found(name, *a))
    code, _, err = cli_run(["site", "--source", str(tmp_path / "src"), "--output", str(tmp_path / "out")])
    assert code == 2 and "piquet-ref[docs]" in err and not (tmp_path / "out").exists()
