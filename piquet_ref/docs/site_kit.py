"""What every page of the rulebook site shares: where each thing lives, links between pages, and a case shown in full.

The site (`piquet-ref site`, docs/site.md) is generated as Markdown for Sphinx with MyST; this module knows its
map, so that any page can link to any rule, law, Case, dispute, source, ruleset or conformance case:

- every rule lives on its chapter's page under its own id as the anchor (`rules/pique.html#pique.score`), every
  law on the laws page (`#law-69`), every Case and Decision under `#case-iv`, every source under `#source-L`,
  every conformance case on its area's page of the corpus under its id (`#PQ-EBXZA`);
- links are written as HTML anchors with relative addresses, so that an anchor is exactly the id a reader
  quotes (Sphinx would rewrite `pique.score` as `pique-score`), and the browser test of the deep tier follows
  every one of them;
- a case "in full" is its description and what it expects, with the picture of its deal where it has one.

Pure: the functions return text; the pictures are SVG text for the caller to write.
"""

from __future__ import annotations

import json
import posixpath
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import Any, NamedTuple

import yaml

from piquet_ref.docs.rules_info import corpus_cases, value_in_words
from piquet_ref.docs.svg import deal_svg
from piquet_ref.rules.catalogue import Source, sources
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.loader import DEFAULT_RULESET, default_ruleset
from piquet_ref.rules.ruleset import PLAYERS, SCORE_KEYS
from piquet_ref.runner.corpus import Case

PICTURES = "_static/pictures"  # the SVG files of the deals drawn, copied as they are by Sphinx
MAX_PAGE = 300_000  # no page over about 300 KB: a reader's browser and a code host both render it
PER_CORPUS_PAGE = 120  # cases on one page of the corpus, so that no page grows past MAX_PAGE


@dataclass(frozen=True)
class Page:
    """One generated file of the site's source: its path under the source folder and its text."""

    path: str
    text: str


class Chapter(NamedTuple):
    """A chapter of the rulebook: its page, its title, the rule ids it holds (by prefix) and a word of introduction."""

    slug: str
    title: str
    prefixes: tuple[str, ...]
    intro: str


CHAPTERS: tuple[Chapter, ...] = (
    Chapter("pack", "The pack", ("pack.",),
            "Piquet is played with thirty-two cards: the ace, king, queen, knave, ten, nine, eight and seven of each suit. "
            "These rules fix their order, what each is worth when the point is counted, and which are court cards."),
    Chapter("deal", "The deal", ("deal.",),
            "Who deals first, how the deal alternates, and how many cards each player receives: twelve each, the eight "
            "left over forming the stock."),
    Chapter("carte-blanche", "Carte blanche", ("carte-blanche.",),
            "A hand dealt without a king, queen or knave is carte blanche. It scores ten before anything else, so it can "
            "save a pique or a repique or win one."),
    Chapter("exchange", "The exchange", ("exchange.",),
            "The elder discards from one to five cards and takes in as many from the top of the stock; the younger then "
            "discards and takes in from what remains."),
    Chapter("declarations", "Declarations and calling", ("point.", "sequence.", "sets.", "declare."),
            "The point (the most cards of one suit), the sequences and the quatorzes and trios: how each is called, "
            "which is good, and what it scores. The calling dialogue itself and its irregularities are in the laws."),
    Chapter("play", "Play", ("play.",),
            "Twelve tricks, the elder leading first. A player must follow suit if he can; the higher card of the suit "
            "led wins, and the points made in play are counted as the cards fall."),
    Chapter("scoring", "Scoring and the order of accretion", ("accretion.", "cards."),
            "Scores reckon in a fixed order, whoever makes them, and the order decides the bonuses; the player who wins "
            "more than half the tricks wins the cards."),
    Chapter("pique", "Pique, repique and capot", ("pique.", "repique.", "bonus.", "capot."),
            "Thirty in hand alone before the adversary counts is a repique; thirty in hand and play before he counts is "
            "a pique, for the elder only; every trick is a capot."),
    Chapter("partie", "The partie and its forms", ("partie.", "game.", "chouette.", "stakes."),
            "Six deals make a partie of Rubicon piquet; the older game is played to a hundred up; three play at "
            "chouette; and the stakes are settled by the hundred."),
)
LAWS_PAGE, DECISIONS_PAGE, ODDS_PAGE = "rules/laws.md", "rules/cases-and-decisions.md", "rules/odds.md"
OTHER = Chapter("other", "Other rules", (), "Rules that no chapter names yet.")
SOURCES_PAGE, RULESETS_PAGE = "reference/sources.md", "reference/rulesets.md"
KIND_WORDS = {"variant": "a variant between practices", "older-rule": "an older rule", "source-error": "an error in a source",
              "wording": "a matter of wording only", "unspecified": "a point no source settles"}


def chapter_of(rule_id: str) -> Chapter:
    """The chapter a rule belongs to: the first whose prefixes name it, or "Other rules"."""
    return next((c for c in CHAPTERS if rule_id.startswith(c.prefixes)), OTHER)


def chapter_page(chapter: Chapter) -> str:
    return f"rules/{chapter.slug}.md"


def html_of(path: str) -> str:
    return path[: -len(".md")] + ".html" if path.endswith(".md") else path


def href(frm: str, to: str, anchor: str | None = None) -> str:
    """The relative address of page `to` (a source path, `.md`) from page `frm`, with `#anchor` if given."""
    rel = posixpath.relpath(html_of(to), posixpath.dirname(frm) or ".")
    return rel + (f"#{anchor}" if anchor else "")


def link(frm: str, to: str, text: str, anchor: str | None = None, code: bool = False) -> str:
    """An HTML link (its text escaped; `code` sets it in the code face)."""
    shown = f"<code>{escape(text)}</code>" if code else escape(text)
    return f'<a href="{escape(href(frm, to, anchor))}">{shown}</a>'


def md(text: str) -> str:
    """Text from spec/ set as Markdown: the characters Markdown would read as markup escaped, backquotes kept
    (the tables write code in them)."""
    return "".join("\\" + ch if ch in "\\*_<>[]|#" else ch for ch in " ".join(str(text).split()))


def anchor(ident: str) -> str:
    """An empty anchor carrying `ident`, placed before what it names."""
    return f'<a id="{escape(ident)}"></a>'


# ------------------------------------------------------------------ where each thing lives


def rule_link(frm: str, rule_id: str) -> str:
    return link(frm, chapter_page(chapter_of(rule_id)), rule_id, rule_id, code=True)


def law_link(frm: str, number: int, text: str | None = None) -> str:
    return link(frm, LAWS_PAGE, text or f"law {number}", f"law-{number}")


def decision_link(frm: str, numeral: str) -> str:
    return link(frm, DECISIONS_PAGE, f"Case {numeral}", f"case-{numeral.lower()}")


def dispute_page(aid: str) -> str:
    return f"disputes/{aid}.md"


def dispute_link(frm: str, aid: str) -> str:
    return link(frm, dispute_page(aid), aid, code=True)


def ruleset_link(frm: str, rid: str) -> str:
    return link(frm, RULESETS_PAGE, rid, rid, code=True)


@lru_cache(maxsize=1)
def sources_by_key() -> dict[str, Source]:
    return {s.key: s for s in sources()}


def source_link(frm: str, key: str) -> str:
    return link(frm, SOURCES_PAGE, key, f"source-{key}")


def citation(frm: str, key: str, at: str) -> str:
    """A citation in full: the source's key (linked to its entry), where in it, and its bibliographic line."""
    s = sources_by_key()[key]
    return f"{source_link(frm, key)} {md(at)}: {md(s.citation())}"


def short_source(key: str) -> str:
    """A source in a few words: its part where the work has several parts cited apart (Cavendish's book), else the
    work up to its subtitle; and its year."""
    s = sources_by_key()[key]
    shared = sum(1 for t in sources_by_key().values() if t.title == s.title) > 1
    work = s.part if s.part and shared else s.title.split(";")[0]
    return work + (f" ({s.year})" if s.year else "")


def cited_briefly(frm: str, key: str, at: str) -> str:
    """A citation in a line: the key (linked to the source in full), where in it, and the work in a few words."""
    return f"{source_link(frm, key)} {md(at)} ({md(short_source(key))})"


def area_of(case: Case) -> str:
    return case.path.parts[0] if len(case.path.parts) > 1 else "other"


def corpus_page(area: str) -> str:
    return f"corpus/{area}.md"


@lru_cache(maxsize=1)
def cases_by_id() -> dict[str, Case]:
    return {c.id: c for c in corpus_cases()}


@lru_cache(maxsize=1)
def corpus_paging() -> dict[str, list[Case]]:
    """The corpus's pages: an area to a page, a large area split into pages of PER_CORPUS_PAGE cases."""
    areas: dict[str, list[Case]] = {}
    for c in corpus_cases():
        areas.setdefault(area_of(c), []).append(c)
    pages: dict[str, list[Case]] = {}
    for area, cases in areas.items():
        chunks = [cases[i:i + PER_CORPUS_PAGE] for i in range(0, len(cases), PER_CORPUS_PAGE)]
        for n, chunk in enumerate(chunks, 1):
            pages[area if len(chunks) == 1 else f"{area}-{n}"] = chunk
    return pages


@lru_cache(maxsize=1)
def page_of_case() -> dict[str, str]:
    """Each case id to the corpus page that holds it."""
    return {c.id: corpus_page(name) for name, cases in corpus_paging().items() for c in cases}


def case_link(frm: str, case_id: str) -> str:
    page = page_of_case().get(case_id)
    if page is None:
        return f"<code>{escape(case_id)}</code>"
    return link(frm, page, case_id, case_id, code=True)


def is_worked_deal(case: Case) -> bool:
    """A worked example of a source played as a deal: it has a page of its own with its picture."""
    return case.data.get("provenance") == "source-example" and case.op in ("score_deal", "apply", "legal_actions")


def deal_page(case: Case) -> str:
    return f"deals/{case.path.stem}.md" if area_of(case) == "source-examples" else f"deals/{area_of(case)}-{case.path.stem}.md"


# ------------------------------------------------------------------ a case in full


@lru_cache(maxsize=None)
def drawn_record(case_id: str) -> dict[str, Any] | None:
    """The deal record a case's picture is drawn from: a `score_deal` case's input, or, for the state machine's
    cases, the record its actions have made once the play has begun; None when there is no deal to draw (the laws
    reject it, or the actions stop before the play)."""
    from piquet_ref.machine.state import record_mapping
    from piquet_ref.protocol.machine import run_json

    case = cases_by_id()[case_id]
    if "expect_error" in case.data:
        return None
    if case.op == "score_deal":
        record: dict[str, Any] = case.data["input"]
        return record
    if case.op not in ("apply", "legal_actions"):
        return None
    try:
        state = run_json(case.data["input"], case.op)
    except PiquetError:
        return None
    if state.phase not in ("play", "complete") or state.revoke is not None or state.surplus is not None:
        return None
    return dict(record_mapping(state))


@lru_cache(maxsize=None)
def picture(case_id: str) -> str | None:
    """The SVG picture of a case's deal with its ledger, or None (see `drawn_record`)."""
    record = drawn_record(case_id)
    return None if record is None else deal_svg(record)


def picture_path(case_id: str) -> str:
    return f"{PICTURES}/{case_id}.svg"


def picture_img(frm: str, case_id: str) -> str:
    """The picture of a case as an image of the page (its file written beside the site's static files)."""
    case = cases_by_id()[case_id]
    return (f'<img class="pq-picture" src="{escape(href(frm, picture_path(case_id)))}" '
            f'alt="{escape("The deal of " + case_id + ": " + str(case.data.get("description", "")))}" loading="lazy"/>')


def _yaml(data: Any) -> list[str]:
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=110)
    return ["```text", *text.rstrip("\n").split("\n"), "```"]


def totals_table(expect: dict[str, Any]) -> list[str]:
    """The scores a `score_deal` case expects, player by player, the keys that score for either, and the total."""
    keys = [k for k in (*SCORE_KEYS, "total") if any((expect.get(p) or {}).get(k) for p in PLAYERS) or k == "total"]
    keys = [k for k in keys if all(k in (expect.get(p) or {}) for p in PLAYERS)]
    if not keys:
        return []
    head = "| | " + " | ".join(k.replace("_", " ") for k in keys) + " |"
    rows = [f"| {p} | " + " | ".join(str(expect[p][k]) for k in keys) + " |" for p in PLAYERS]
    return [head, "|---|" + "---|" * len(keys), *rows, ""]


def error_words(expect_error: dict[str, Any]) -> str:
    law = expect_error.get("law")
    return f"the laws reject it: error `{expect_error.get('code')}`" + (f" (law {law})" if law else "")


def case_heading(frm: str, case: Case) -> str:
    """A case in one line: its id (linked to its entry in the corpus), file, op, rulesets, requirement."""
    rulesets = ", ".join(case.rulesets) or DEFAULT_RULESET
    provenance = str(case.data.get("provenance", "")).replace("-", " ")
    return (f"{case_link(frm, case.id)} <code>{escape(case.path.as_posix())}</code> · {escape(case.op)} · {escape(rulesets)} · "
            f"{escape(str(case.data.get('requirement', '')))} · {escape(provenance)}")


def case_in_full(frm: str, case: Case) -> list[str]:
    """A case shown in full: what it is, its sources, and what it expects; the picture of its deal (with its
    ledger) where it has one, its input and expectation as YAML where it has none."""
    out = [case_heading(frm, case), "", md(str(case.data.get("description", ""))), ""]
    cited = [cited_briefly(frm, s["key"], str(s["at"])) for s in case.data.get("sources", []) if s.get("key") in sources_by_key()]
    if cited:
        out += ["Sources: " + "; ".join(cited) + ".", ""]
    expect_error = case.data.get("expect_error")
    if picture(case.id) is not None:
        out += [picture_img(frm, case.id), ""]
        if case.op == "score_deal":
            out += ["Expected:", "", *totals_table(case.data.get("expect", {}))]
        if is_worked_deal(case):
            out += ["The worked deal: " + link(frm, deal_page(case), "its page") + ".", ""]
        return out
    if expect_error:
        out += [f"Expected: {error_words(expect_error)}.", ""]
    out += ["Input:", "", *_yaml(case.data.get("input")), ""]
    if not expect_error:
        out += ["Expected:", "", *_yaml(case.data.get("expect")), ""]
    return out


def worked_choice(cases: tuple[Case, ...], n: int = 3) -> tuple[Case, ...]:
    """The cases shown in full beside a rule: the worked examples of the sources first, then the deals scored
    without error (they can be drawn), then those of the default ruleset, then the most focused (fewest rules),
    in corpus order."""
    def key(c: Case) -> tuple[int, int, int, int]:
        drawn = c.op == "score_deal" and "expect_error" not in c.data  # drawable without running the state machine
        return (c.data.get("provenance") != "source-example", not drawn,
                DEFAULT_RULESET not in (c.rulesets or (DEFAULT_RULESET,)), len(c.rules))
    return tuple(sorted(cases, key=key)[:n])


def knob_words(value: str) -> str:
    """A knob's value (canonical JSON) in plain words."""
    return value_in_words(json.loads(value))


def default_rules() -> tuple[str, ...]:
    return tuple(default_ruleset().rules)
