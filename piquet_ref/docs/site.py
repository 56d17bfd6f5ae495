"""The rulebook as a website: every rule, law, dispute and worked deal, generated from spec/ and the corpus.

`piquet-ref site` writes the pages this module makes (Markdown for Sphinx with MyST, and the pictures of the deals
as SVG) under build/site-src/ and has Sphinx build them into build/site/; docs/site.md says why Sphinx and how to
build. Both are build products, never kept in the repository: the site is remade from spec/ whenever it is wanted,
so it can never disagree with the tables.

The pages, as a reader meets the game:

- a chapter per part of the game (`rules/`): every rule under its own id as the anchor, with its statement, its
  sources in full, its values under each ruleset in plain words, the disputes that touch it, and up to three
  cases of the corpus shown in full (the rest listed by link); then the laws, the Cases and Decisions, the odds;
- a page per dispute (`disputes/`, made by `disputes.py`);
- a page per worked example of the sources played as a deal (`deals/`): its picture with the ledger;
- the corpus, area by area (`corpus/`), every case under its id; the rulesets, the sources, and the Python API
  from the docstrings (`reference/`).

Every function here is pure: `site_files()` returns the files to write, and nothing touches the disk.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from piquet_ref.docs.code_map import locations
from piquet_ref.docs.disputes import dispute_pages
from piquet_ref.docs.rules_info import cases_of_rule, corpus_cases, values_in_words
from piquet_ref.docs.svg import hand_svg
from piquet_ref.docs.site_kit import (
    CHAPTERS, DECISIONS_PAGE, KIND_WORDS, LAWS_PAGE, MAX_PAGE, ODDS_PAGE, OTHER, RULESETS_PAGE, SOURCES_PAGE, Chapter, Page,
    anchor, area_of, case_in_full, case_link, cases_by_id, chapter_of, chapter_page, citation, corpus_page, corpus_paging, deal_page,
    decision_link, dispute_link, drawn_record, is_worked_deal, knob_words, law_link, link, md, picture, picture_path,
    rule_link, ruleset_link, sources_by_key, totals_table, worked_choice,
)
from piquet_ref.rules.catalogue import ambiguities, touching
from piquet_ref.rules.decisions import decisions
from piquet_ref.rules.laws import laws
from piquet_ref.rules.loader import DEFAULT_RULESET, default_ruleset, load_ruleset
from piquet_ref.rules.ruleset import Rule
from piquet_ref.rules.tables import ruleset_ids
from piquet_ref.runner.corpus import Case

TITLE = "Piquet: the rulebook"
SHOWN = 3  # cases shown in full beside a rule; the rest are listed by link
READING = 160  # characters of a ruleset's reading shown beside a rule; the dispute's page gives it whole
API_PAGE = "reference/api.md"
CSS = """/* The rulebook site's own style: pictures fit the page, tables scroll rather than squeeze. */
.pq-picture, svg.pq-deal, svg.pq-hand { max-width: 100%; height: auto; }
.pq-figure { overflow-x: auto; margin: 1em 0; }
article table.docutils { display: block; overflow-x: auto; }
.pq-case { border-left: 3px solid var(--color-background-border); padding-left: .8em; }
"""
CONF = '''"""Sphinx's configuration of the rulebook site, written by `piquet-ref site` (piquet_ref/docs/site.py).

Sphinx with the Furo theme: maintained, client-side search built in (the index is a static file the browser
reads, so the site needs no server), MyST for the generated Markdown, and autodoc for the API from the docstrings.
"""

import sys

sys.path.insert(0, {package_root!r})  # autodoc documents the very package that wrote the pages

project = "piquet-ref"
html_title = {title!r}
extensions = ["myst_parser", "sphinx.ext.autodoc"]
source_suffix = {{".md": "markdown"}}
root_doc = "index"
html_theme = "furo"
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_favicon = "_static/favicon.svg"
html_copy_source = False  # the Markdown is a build product of spec/: nothing to read there that the page lacks
html_show_sourcelink = False
html_show_sphinx = True
html_show_copyright = False
html_permalinks = True
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
myst_enable_extensions = []
suppress_warnings = ["myst.header"]  # a rule's heading sits at the level of its chapter's sections, by design


CONTRACT = ("pre:", "post:", "rules:", "laws:", "raises:")


def _contracts_apart(app, what, name, obj, options, lines):
    """A docstring's PEP 316 conditions (`pre:`, `post:`) and the rules, laws and errors they state, which the
    package writes one a line, shown one a line, as code, rather than run together into a paragraph; the field
    docstrings a NamedTuple writes for itself ("Alias for field number 0") left out."""
    said = [line for line in lines if line.strip()]
    if said and all(line.startswith("Alias for field number") for line in said):
        lines[:] = []
        return
    start = next((i for i, line in enumerate(lines) if line.strip().startswith(CONTRACT)), None)
    if start is not None:
        lines[start:] = ["The contracts, and the rules and laws they state:", "", ".. code-block:: text", ""] + [
            "    " + line for line in lines[start:]] + [""]


def setup(app):
    """Every rule an object of its own kind (the `rule` directive marks it), so that search finds a rule by any
    part of its id ("pique" finds pique.score) and links to it; a page title alone would not."""
    app.add_crossref_type("rule", "rule", objname="rule of Piquet")
    app.connect("autodoc-process-docstring", _contracts_apart)
    # Rank a rule with the page titles, above the pages that merely mention its words: Sphinx gives a kind of
    # object this priority only at its creation, so set it on the object type just made (if the registry is as
    # expected; else the rules are still found, lower in the list).
    kind = getattr(app.registry, "domain_object_types", {{}}).get("std", {{}}).get("rule")
    if kind is not None:
        kind.attrs["searchprio"] = 0
'''


# ------------------------------------------------------------------ rules


def _values(rule: Rule) -> list[str]:
    """A rule's values under the default ruleset, then those each other ruleset changes, in plain words."""
    default = default_ruleset().params.get(rule.id)
    if not default:
        return []
    out = [f"**Values.** Under {ruleset_link(chapter_page(chapter_of(rule.id)), DEFAULT_RULESET)} (the default): "
           f"{md(values_in_words(default))}.", ""]
    frm = chapter_page(chapter_of(rule.id))
    for rid in ruleset_ids():
        other = load_ruleset(rid).params.get(rule.id)
        if rid != DEFAULT_RULESET and other is not None and other != default:
            changed = {k: v for k, v in other.items() if default.get(k) != v}
            out += [f"- Under {ruleset_link(frm, rid)}: {md(values_in_words(changed))}."]
    return out + ([""] if out[-1] != "" else [])


def rule_markdown(rule: Rule) -> list[str]:
    """One rule as its chapter shows it."""
    frm = chapter_page(chapter_of(rule.id))
    out = [anchor(rule.id), "", "```{rule} " + rule.id, "```", "", f"### `{rule.id}`", "", md(rule.statement), "", "**Sources.**", ""]
    out += [f"- {citation(frm, c.key, c.at)}" for c in rule.sources] + [""]
    out += _values(rule)
    disputes = touching(rule.id)
    if disputes:
        out += ["**Disputes.**", ""]
        for a in disputes:
            readings = "; ".join(f"{ruleset_link(frm, rid)}: {md(textwrap.shorten(r.reading, READING, placeholder=' ...'))}"
                                 for rid, r in a.readings)
            out.append(f"- {dispute_link(frm, a.id)}: {md(a.topic)} ({KIND_WORDS[a.kind]}). {readings}")
        out.append("")
    cases = cases_of_rule(rule.id)
    shown = worked_choice(cases, SHOWN)
    out += [f"**Cases.** {len(cases)} conformance case{'s' if len(cases) != 1 else ''} pin this rule"
            + (f"; {len(shown)} shown in full." if shown else "."), ""]
    for case in shown:
        out += ["`````{admonition} " + deal_title(case), ":class: pq-case", "", *case_in_full(frm, case), "`````", ""]
    rest = [c for c in cases if c not in shown]
    if rest:
        out += ["More: " + ", ".join(case_link(frm, c.id) for c in rest) + ".", ""]
    code = sorted({(loc.module, loc.function) for loc in locations(rule)})
    out += ["**Carried out by** " + ", ".join(f"`{m}` `{f or '(module)'}`" for m, f in code) + ".", ""]
    return out


def chapter_markdown(chapter: Chapter, rules: list[Rule]) -> str:
    frm = chapter_page(chapter)
    out = [f"# {chapter.title}", "", md(chapter.intro), "", f"{len(rules)} rules: " + ", ".join(rule_link(frm, r.id) for r in rules) + ".", ""]
    for rule in rules:
        out += rule_markdown(rule)
    return "\n".join(out).rstrip("\n") + "\n"


def rules_by_chapter() -> list[tuple[Chapter, list[Rule]]]:
    """Every chapter with its rules in table order; "Other rules" only when some rule falls outside them all."""
    grouped: dict[str, list[Rule]] = {c.slug: [] for c in (*CHAPTERS, OTHER)}
    for rule in default_ruleset().rules.values():
        grouped[chapter_of(rule.id).slug].append(rule)
    return [(c, grouped[c.slug]) for c in CHAPTERS] + ([(OTHER, grouped[OTHER.slug])] if grouped[OTHER.slug] else [])


# ------------------------------------------------------------------ laws, Cases and Decisions, odds


def laws_markdown() -> str:
    """Every law of 1882 in our words, each under `law-N`: its items, kind, trigger, remedy, what it touches, and
    whether a record of the deal's actions can decide it."""
    frm = LAWS_PAGE
    every = laws()
    out = ["# The laws", "", f"The {len(every)} Laws of Piquet of the Portland and Turf Clubs (1882), law by law in our words. "
           f"{sum(x.executable for x in every)} can be decided from a record of the deal's actions, and the reference "
           "carries them out; each of the others says why not. `piquet-ref laws N` prints one from a terminal.", ""]
    section = None
    for x in every:
        if x.section != section:
            section = x.section
            out += [f"## {x.section}", ""]
        out += [anchor(f"law-{x.number}"), "", f"### Law {x.number}", "", md(x.statement), ""]
        out += [f"- {x_i.mark}. {md(x_i.statement)}" + ("" if x_i.executable else f" *Not executable:* {md(x_i.why_not or '')}") for x_i in x.items]
        out += [""] if x.items else []
        out += [f"**Kind.** {x.kind}. **Trigger.** {md(x.trigger)} **Remedy.** {md(x.remedy or 'none.')}", ""]
        refs = [("Rules", [rule_link(frm, r) for r in x.rules]), ("Errors", [f"`{c}`" for c in x.errors]),
                ("Disputes", [dispute_link(frm, a) for a in x.ambiguities])]
        out += [" ".join(f"**{name}.** {', '.join(items)}." for name, items in refs if items) or "No rule, error code or dispute.", ""]
        out += ["**Executable.** " + ("yes." if x.executable else f"no: {md(x.why_not or '')}"), ""]
        out += [f"**In the state machine.** {md(x.machine)}", ""] if x.machine else []
        out += [f"**Checked by.** {', '.join(f'`{c}`' for c in x.cases)}.", ""] if x.cases else []
        cited = [d for d in decisions() if x.number in d.laws]
        out += ["**Cases and Decisions.** " + ", ".join(decision_link(frm, d.case) for d in cited) + ".", ""] if cited else []
    return "\n".join(out).rstrip("\n") + "\n"


def decisions_markdown() -> str:
    """Cavendish's Cases and Decisions, each under `case-N`, with the worked deals that pin them."""
    frm = DECISIONS_PAGE
    every = decisions()
    cases = cases_by_id()
    out = ["# Cases and Decisions", "", f"Cavendish's {len(every)} rulings on disputed hands, in our words. "
           f"{sum(d.decidable for d in every)} can be decided from a record of the deal's actions, "
           f"{sum(bool(d.cases) for d in every)} of them pinned by conformance cases.", ""]
    for d in every:
        out += [anchor(f"case-{d.case.lower()}"), "", f"## Case {d.case}", "", f"**The question.** {md(d.question)}", "",
                f"**The ruling.** {md(d.ruling)}", "", "**Laws.** " + (", ".join(law_link(frm, n) for n in d.laws) or "none") + ".", ""]
        if d.decidable:
            if d.cases:
                pinned = []
                for cid in d.cases:
                    c = cases.get(cid)
                    drawn = c is not None and is_worked_deal(c) and drawn_record(cid) is not None
                    pinned.append(case_link(frm, cid) + (f" (the deal: {link(frm, deal_page(c), 'picture and ledger')})" if c is not None and drawn else ""))
                out += ["**Pinned by** " + ", ".join(pinned) + ".", ""]
            else:
                out += [f"**Decidable; pending:** {md(d.pending or '')}", ""]
        else:
            out += [f"**Not decidable:** {md((d.why_not or '').rstrip('.'))}.", ""]
        out += [f"**In the state machine.** {md(d.machine)}", ""] if d.machine else []
    return "\n".join(out).rstrip("\n") + "\n"


def odds_markdown() -> str:
    """The probabilities the sources state, each checked (the table of `piquet-ref odds --sources`), and the disputes
    and worked examples of the odds."""
    from piquet_ref.docs.odds_figures import markdown

    frm = ODDS_PAGE
    table = [line for line in markdown().split("\n")[1:] if not line.startswith("Generated from")]
    disputes = [a for a in ambiguities() if a.scope == "odds"]
    examples = [c for c in corpus_cases() if c.op == "odds" and c.data.get("provenance") == "source-example"]
    out = ["# Odds", "", "What the take-in can bring, counted exactly over every set of cards a player may take in "
           "(`piquet-ref odds` from a terminal), and every probability the sources print, checked against the count.", *table, ""]
    out += ["## Disputes over the odds", ""] + [f"- {dispute_link(frm, a.id)}: {md(a.topic)}" for a in disputes] + [""]
    out += ["## The sources' examples, as cases", ""] + [f"- {case_link(frm, c.id)}: {md(str(c.data.get('description', '')))}" for c in examples]
    return "\n".join(out).rstrip("\n") + "\n"


# ------------------------------------------------------------------ worked deals


def deal_title(case: Case) -> str:
    """A worked deal's title from its file's name, its roman numerals in capitals."""
    romans = {"i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv", "xvi", "xvii",
              "xviii", "xix", "xx", "xxi", "xxii"}
    words = [w.upper() if w in romans else w for w in case.path.stem.split("-")]
    return " ".join(words)[:1].upper() + " ".join(words)[1:]


def worked_deals() -> tuple[Case, ...]:
    """The worked examples of the sources played as deals: those of source-examples/ first, then the laws' Cases."""
    every = [c for c in corpus_cases() if is_worked_deal(c)]
    return tuple(sorted(every, key=lambda c: area_of(c) != "source-examples"))


def deal_markdown(case: Case) -> str:
    """A worked deal's page: what it shows, its sources, its picture with the ledger inline, and what it expects."""
    frm = deal_page(case)
    out = [f"# {md(deal_title(case))}", "", md(str(case.data.get("description", ""))), ""]
    cited = [citation(frm, s["key"], str(s["at"])) for s in case.data.get("sources", []) if s.get("key") in sources_by_key()]
    out += ["**Sources.**", ""] + [f"- {c}" for c in cited] + [""]
    out += [f"The conformance case {case_link(frm, case.id)} (`{case.path.as_posix()}`), under "
            + ", ".join(ruleset_link(frm, r) for r in case.rulesets or (DEFAULT_RULESET,)) + ".", ""]
    svg = picture(case.id)
    if case.op != "score_deal":
        actions = case.data["input"].get("actions", [])
        out += ["The deal is played through the state machine, action by action, as the laws allow"
                + (f" ({len(actions)} actions)" if actions else "") + ("; the picture is the deal as far as it has gone." if svg else "."), ""]
    if svg is not None:
        out += ['<div class="pq-figure">', svg, "</div>", ""]
    else:
        out += ["The actions stop before the play, so there is no deal to draw; the case in full:", "", *case_in_full(frm, case)]
    if case.op == "score_deal" and "expect" in case.data:
        out += ["## What the source makes it", "", *totals_table(case.data["expect"]),
                "The reference scores it so: the conformance corpus holds the reference to these figures.", ""]
    notes = case.data.get("notes", [])
    if notes:
        out += ["## Notes", ""] + [f"- {md(str(n))}" for n in notes] + [""]
    out += ["## Rules", "", ", ".join(rule_link(frm, r) for r in case.rules) + ".", ""]
    return "\n".join(out).rstrip("\n") + "\n"


def deals_index_markdown(deals: tuple[Case, ...]) -> str:
    frm = "deals/index.md"
    out = ["# Worked deals", "", "Every worked example of the sources that is a deal, drawn with its ledger: each card, "
           "who took in each card of the stock, every trick with its winner, and every score in the order of accretion "
           "with the running totals. `piquet-ref score FILE --format svg` draws any deal the same way.", "",
           "```{toctree}", ":hidden:", ":maxdepth: 1", "", *[deal_page(c)[len("deals/"):-3] for c in deals], "```", "",
           "| deal | sources | what it shows |", "|---|---|---|"]
    for c in deals:
        keys = ", ".join(dict.fromkeys(str(s["key"]) for s in c.data.get("sources", [])))
        out.append(f"| {link(frm, deal_page(c), deal_title(c))} | {md(keys)} | {md(str(c.data.get('description', '')))} |")
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------ the corpus


def corpus_markdown(name: str, cases: list[Case]) -> str:
    frm = corpus_page(name)
    out = [f"# The corpus: {name}", "", f"{len(cases)} conformance cases, each under its id: what it checks, the rules it "
           "pins, its rulesets and its requirement. The files are in `conformance/cases/`.", ""]
    for c in cases:
        provenance = str(c.data.get("provenance", "")).replace("-", " ")
        out += [anchor(c.id), "", f"**{c.id}** `{c.path.as_posix()}` · {c.op} · {', '.join(c.rulesets) or DEFAULT_RULESET} · "
                f"{c.data.get('requirement', '')} · {provenance}: {md(str(c.data.get('description', '')))}"
                + (" Rules: " + ", ".join(f"`{r}`" for r in c.rules) + "." if c.rules else "")
                + (f" {link(frm, deal_page(c), 'The worked deal.')}" if is_worked_deal(c) else ""), ""]
    return "\n".join(out).rstrip("\n") + "\n"


def corpus_index_markdown() -> str:
    frm = "corpus/index.md"
    pages = corpus_paging()
    out = ["# The conformance corpus", "", f"The {sum(len(v) for v in pages.values())} cases any implementation of Piquet "
           "is checked against, area by area. conformance/README.md says how to run them against a program.", "",
           "```{toctree}", ":hidden:", ":maxdepth: 1", "", *pages, "```", "", "| page | cases |", "|---|---|"]
    out += [f"| {link(frm, corpus_page(name), name)} | {len(cases)} |" for name, cases in pages.items()]
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------ reference: rulesets, sources, API


def rulesets_markdown() -> str:
    frm = RULESETS_PAGE
    out = ["# Rulesets", "", f"`{DEFAULT_RULESET}` is the default; every other ruleset overlays it (or another) and names "
           "only the values it changes, each tied to the dispute whose reading it takes.", ""]
    for rid in ruleset_ids():
        rs = load_ruleset(rid)
        out += [anchor(rid), "", f"## `{rid}`", "", f"**{md(rs.name)}.** {md(rs.description)}", "",
                "Base: " + (ruleset_link(frm, rs.base) if rs.base else "none: the rule tables as written") + ".", ""]
        if rs.knobs:
            out += ["| value | becomes | the dispute | set by |", "|---|---|---|---|"]
            out += [f"| {rule_link(frm, k.rule)} {md(k.param.replace('_', ' '))} | {md(knob_words(k.value))} | {dispute_link(frm, k.ambiguity)} "
                    f"| {ruleset_link(frm, k.ruleset)} |" for k in rs.knobs] + [""]
    return "\n".join(out).rstrip("\n") + "\n"


def sources_markdown() -> str:
    out = ["# Sources", "", "The books and articles the rules rest on, each under the key the rules cite it by.", ""]
    for s in sources_by_key().values():
        out += [anchor(f"source-{s.key}"), "", f"## {md(s.key)}: {md(s.name)}", "", md(s.citation("*")).replace("\\*", "*"), ""]
        out += [f"Read it at <{s.location}>." if s.location else "No public copy is known.", ""]
        out += [f"**Speaks for.** {md(s.speaks_for)}", "", f"**Cited as.** {md(s.cited_as)}", ""]
        out += [f"**Note.** {md(s.note)}", ""] if s.note else []
    return "\n".join(out).rstrip("\n") + "\n"


def api_pages() -> list[Page]:
    """The public API from the docstrings: an index page, then a page per layer of the package (hand, deal, machine...)
    with each module that defines a public name, its docstring, then the names, so that no page grows past MAX_PAGE."""
    from piquet_ref import _EXPORTS

    by_module: dict[str, list[str]] = {}
    for name, module in _EXPORTS.items():
        by_module.setdefault(module, []).append(name)
    by_module["piquet_ref.docs.svg"] = ["hand_svg", "deal_svg", "ledger_svg"]
    by_layer: dict[str, list[str]] = {}
    for module in sorted(by_module):
        by_layer.setdefault(module.split(".")[1], []).append(module)
    index = ["# The Python API", "", "What `from piquet_ref import ...` offers, generated from the docstrings, one page per "
             "layer of the package: each module that defines a public name, what the module is for, then its names. A "
             "docstring states why as well as what; its `pre:` and `post:` lines are the contracts the tests check. The "
             "pictures are drawn by `piquet_ref.docs.svg`.", "",
             "```{toctree}", ":maxdepth: 1", "", *[f"api/{layer}" for layer in by_layer], "```", ""]
    pages = [Page(API_PAGE, "\n".join(index).rstrip("\n") + "\n")]
    for layer, modules in by_layer.items():
        out = [f"# The Python API: `piquet_ref.{layer}`", ""]
        for module in modules:
            out += [f"## `{module}`", "", "```{eval-rst}", f".. automodule:: {module}", f"   :members: {', '.join(sorted(by_module[module]))}",
                    "   :no-index:", "```", ""]
        pages.append(Page(f"reference/api/{layer}.md", "\n".join(out).rstrip("\n") + "\n"))
    return pages


# ------------------------------------------------------------------ the home page and the whole


def index_markdown(chapters: list[tuple[Chapter, list[Rule]]], deals: int) -> str:
    rules = sum(len(r) for _, r in chapters)
    example = next(r.id for _, rs in chapters for r in rs if r.id.split(".")[0] == "pique")
    out = [f"# {TITLE}", "", "The rules of Piquet as the Portland and Turf Clubs codified them in 1882, every rule in our own "
           "words with its sources, where the sources disagree and how each ruleset reads them, and the worked deals of "
           "the sources drawn card by card. It is generated from the tables of `spec/` and the conformance corpus of "
           "piquet-ref, the reference implementation, so it says exactly what the reference does.", "",
           f"{rules} rules in {len(chapters)} chapters, {len(laws())} laws, {len(decisions())} Cases and Decisions, "
           f"{len(ambiguities())} disputes, {deals} worked deals, {len(corpus_cases())} conformance cases. Search finds a rule by its "
           "id, its words or its statement (try *pique*).", "",
           "```{toctree}", ":caption: The rules", ":maxdepth: 1", "", *[chapter_page(c)[:-3] for c, _ in chapters],
           LAWS_PAGE[:-3], DECISIONS_PAGE[:-3], ODDS_PAGE[:-3], "```", "",
           "```{toctree}", ":caption: Disputes and deals", ":maxdepth: 1", "", "disputes/index", "deals/index", "```", "",
           "```{toctree}", ":caption: Reference", ":maxdepth: 1", "", RULESETS_PAGE[:-3], SOURCES_PAGE[:-3], "corpus/index", API_PAGE[:-3], "```", "",
           "## How to read a rule", "", "Each rule stands under its id, which is also its address on the page "
           f"({link('index.md', chapter_page(chapter_of(example)), example, example)} for example): our statement of it, "
           "the sources it rests on, its values under each ruleset, the disputes that touch it, and cases of the corpus "
           "that pin it, shown in full.", "",
           "## How to settle a dispute", "", "Find the rule (search, or its chapter), then follow the dispute it names: its page "
           "sets what each source says beside the reading each ruleset takes and why, and scores a deal under every ruleset "
           "so that the difference shows in points. The worked deals of the sources are drawn card by card with every score "
           f"in the order it reckons; {link('index.md', 'deals/index.md', 'the worked deals')} list them all.", ""]
    return "\n".join(out).rstrip("\n") + "\n"


def site_pages() -> list[Page]:
    """Every Markdown page of the site, the home page first."""
    chapters = rules_by_chapter()
    deals = worked_deals()
    pages = [Page("index.md", index_markdown(chapters, len(deals)))]
    pages += [Page(chapter_page(c), chapter_markdown(c, rules)) for c, rules in chapters]
    pages += [Page(LAWS_PAGE, laws_markdown()), Page(DECISIONS_PAGE, decisions_markdown()), Page(ODDS_PAGE, odds_markdown())]
    pages += dispute_pages()
    pages += [Page("deals/index.md", deals_index_markdown(deals))] + [Page(deal_page(c), deal_markdown(c)) for c in deals]
    pages += [Page("corpus/index.md", corpus_index_markdown())] + [Page(corpus_page(n), corpus_markdown(n, cs)) for n, cs in corpus_paging().items()]
    pages += [Page(RULESETS_PAGE, rulesets_markdown()), Page(SOURCES_PAGE, sources_markdown()), *api_pages()]
    return pages


def site_files(package_root: Path | None = None) -> list[Page]:
    """Everything `piquet-ref site` writes into the source folder: the pages, the pictures every page shows as an
    image, the style and Sphinx's configuration (`package_root`: the folder autodoc imports piquet_ref from)."""
    pages = site_pages()
    shown = sorted({ref for p in pages for ref in _pictures_named(p.text)})
    pictures = [Page(picture_path(cid), svg) for cid in shown if (svg := picture(cid)) is not None]
    root = package_root or Path(__file__).resolve().parent.parent.parent
    conf = CONF.format(package_root=str(root), title=TITLE)
    return pages + pictures + [Page("_static/site.css", CSS), Page("_static/favicon.svg", hand_svg("AS")), Page("conf.py", conf)]


def _pictures_named(text: str) -> list[str]:
    """The case ids whose pictures a page shows as images."""
    marker = "_static/pictures/"
    out = []
    start = text.find(marker)
    while start >= 0:
        end = text.index(".svg", start)
        out.append(text[start + len(marker):end])
        start = text.find(marker, end)
    return out


def oversized(pages: list[Page]) -> list[tuple[str, int]]:
    """The pages whose Markdown alone is over MAX_PAGE bytes (the built page adds the theme's frame)."""
    return [(p.path, n) for p in pages if (n := len(p.text.encode("utf-8"))) > MAX_PAGE]
