"""The disputes of the rulebook site: a page for every ambiguity of spec/, the sources side by side.

A reader settling a dispute wants, on one page: what each source says and where, which reading each ruleset
takes and why, and what difference it makes to a real deal. So each page gives the positions with their
citations, the readings with their reasons, and, for a dispute over how a deal is scored, one deal of the corpus
scored under every ruleset as `piquet-ref score --compare` scores it, each score that differs explained by the
knob and the dispute it comes from. The deal shown is the first of the corpus (the dispute's own cases first)
on which this dispute's readings make a difference; where the readings agree, or no deal turns on them, the
page says so and still shows the deal, so that "it makes no difference" is seen rather than asserted.
"""

from __future__ import annotations

from functools import lru_cache

from piquet_ref.deal.compare import Difference, RulesetComparison, compare_rulesets
from piquet_ref.docs.site_kit import (
    KIND_WORDS, Page, case_heading, case_link, cases_by_id, dispute_link, dispute_page, error_words, knob_words,
    law_link, md, picture, picture_img, rule_link, ruleset_link, short_source, source_link, sources_by_key,
)
from piquet_ref.rules.catalogue import Ambiguity, ambiguities
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.loader import DEFAULT_RULESET, load_ruleset
from piquet_ref.rules.tables import ruleset_ids
from piquet_ref.runner.corpus import Case

INDEX = "disputes/index.md"
SCOPE_WORDS = {"deal": "how a deal is scored", "partie": "how a partie or game is scored", "odds": "the odds",
               "laws": "the laws of the calling and the irregularities", "text": "the reading of a source's text"}


@lru_cache(maxsize=None)
def comparison(case_id: str) -> RulesetComparison | None:
    """A case's deal under every ruleset, or None when the case is no deal any ruleset can read."""
    try:
        return compare_rulesets(cases_by_id()[case_id].data["input"])
    except PiquetError:
        return None


def _candidates(a: Ambiguity) -> list[Case]:
    """The deals that may show this dispute: its own cases, then every case of the rules it touches."""
    cases = cases_by_id()
    own = [cases[c] for c in a.cases if c in cases]
    near = [c for c in cases.values() if c not in own and set(c.rules) & set(a.rules)]
    return [c for c in own + near if c.op == "score_deal"]


def shown_deal(a: Ambiguity) -> tuple[Case, RulesetComparison, bool] | None:
    """The deal a dispute's page scores under every ruleset, and whether this dispute makes a difference to it:
    of the deals on which it does, a worked example of the sources first, then one of the dispute's own cases,
    then the deal with the most tricks (a whole deal shows more than a trick); else the dispute's own first deal."""
    fallback: tuple[Case, RulesetComparison, bool] | None = None
    turning: list[tuple[Case, RulesetComparison]] = []
    for case in _candidates(a):
        found = comparison(case.id)
        if found is None:
            continue
        if any(a.id in d.ambiguities for d in found.differences):
            turning.append((case, found))
        elif fallback is None and case.id in a.cases:
            fallback = (case, found, False)
    if turning:
        case, found = min(turning, key=lambda t: (t[0].data.get("provenance") != "source-example", t[0].id not in a.cases,
                                                  -len(t[0].data["input"].get("tricks", []))))
        return case, found, True
    return fallback


def explain(frm: str, d: Difference) -> str:
    """One difference in words: what the ruleset scores and the baseline does not, and the knobs it comes from."""
    base = DEFAULT_RULESET
    if d.player is None:
        said = {"accepted": "accepts the deal"}
        what = (f"Under {ruleset_link(frm, d.ruleset)} the deal is {'accepted' if d.value == 'accepted' else f'rejected (error `{d.value}`)'}, "
                f"where {ruleset_link(frm, base)} {said.get(str(d.baseline), f'rejects it (error `{d.baseline}`)')}")
    else:
        what = (f"Under {ruleset_link(frm, d.ruleset)} the {d.player}'s {d.key.replace('_', ' ')} is {d.value}, "
                f"where {ruleset_link(frm, base)} gives {d.baseline}")
    why = [f"{dispute_link(frm, k.ambiguity)} reads it so: {rule_link(frm, k.rule)} {md(k.param.replace('_', ' '))} is {md(knob_words(k.value))}"
           for k in d.knobs]
    return what + (", because " + "; and ".join(why) if why else " (traced to no knob)") + "."


def comparison_lines(frm: str, case: Case, found: RulesetComparison, a: Ambiguity | None, turns: bool) -> list[str]:
    """The deal under every ruleset: its picture, a row per ruleset, and each difference explained."""
    out = [case_heading(frm, case), "", md(str(case.data.get("description", ""))), ""]
    if picture(case.id) is not None:
        out += [picture_img(frm, case.id), ""]
    out += ["| ruleset | the deal | elder | younger | differs from " + DEFAULT_RULESET + " in |", "|---|---|---|---|---|"]
    for s in found.scores:
        mine = [d for d in found.differences if d.ruleset == s.ruleset.id and d.key != "total"]
        differs = ", ".join(f"{d.player} {d.key.replace('_', ' ')}" if d.player else "whether the deal stands" for d in mine) or "nothing"
        if s.result is None:
            assert s.error is not None
            out.append(f"| {ruleset_link(frm, s.ruleset.id)} | rejected: `{s.error.code}` | | | {differs} |")
        else:
            out.append(f"| {ruleset_link(frm, s.ruleset.id)} | scored | {s.result.elder.total} | {s.result.younger.total} | {differs} |")
    out.append("")
    explained = [d for d in found.differences if d.key != "total"]
    if a is not None and not turns:
        alike = len(a.readings) <= 1
        out += ["No score of this deal, nor of any deal of the corpus, turns on this dispute"
                + (": every ruleset takes the same reading" if alike else ": the rulesets' readings come to the same") + ".", ""]
    if explained:
        out += ["What differs, and why:", ""] + [f"- {explain(frm, d)}" for d in explained] + [""]
    else:
        out += ["Every ruleset treats this deal alike.", ""]
    return out


def dispute_markdown(a: Ambiguity) -> str:
    """The page of one dispute."""
    frm = dispute_page(a.id)
    out = [f"# {md(a.topic)}", "", f"<code>{a.id}</code> is {KIND_WORDS[a.kind]}, about {SCOPE_WORDS[a.scope]}"
           + (f" (row {a.catalogue} of the catalogue of disagreements)" if a.catalogue else "") + ".", ""]
    if a.rules:
        out += ["Rules it touches: " + ", ".join(rule_link(frm, r) for r in a.rules) + ".", ""]
    if a.laws:
        out += ["Laws it concerns: " + ", ".join(law_link(frm, n) for n in a.laws) + ".", ""]
    out += ["## What the sources say", "", "| source | where | what it says |", "|---|---|---|"]
    out += [f"| {source_link(frm, p.key)} {md(short_source(p.key))} | {md(p.at)} | {md(p.reading)} |" for p in a.positions]
    out += ["", "The sources in full:", ""] + [f"- {source_link(frm, key)}: {md(sources_by_key()[key].citation())}"
                                               for key in dict.fromkeys(p.key for p in a.positions)] + [""]
    if a.evidence:
        out += [f"**Evidence.** {md(a.evidence)}", ""]
    if a.notes:
        out += [f"**Notes.** {md(a.notes)}", ""]
    out += ["## What each ruleset reads, and why", "", "| ruleset | reading | why |", "|---|---|---|"]
    out += [f"| {ruleset_link(frm, rid)} | {md(r.reading)} | {md(r.reason)} |" for rid, r in a.readings]
    stated = {rid for rid, _ in a.readings}
    inherit = [(rid, load_ruleset(rid).base) for rid in ruleset_ids() if rid not in stated]
    if inherit:
        out += ["", "The other rulesets take their base's reading: " + ", ".join(
            f"{ruleset_link(frm, rid)} (from {ruleset_link(frm, base) if base else 'the tables as written'})" for rid, base in inherit) + "."]
    out.append("")
    if a.scope == "deal":
        out += ["## One deal under every ruleset", ""]
        shown = shown_deal(a)
        if shown is None:
            out += ["No case of this dispute is a deal the reference scores; its cases are listed below.", ""]
        else:
            out += comparison_lines(frm, *shown[:2], a, shown[2])
    elif a.scope == "partie" and len(a.readings) > 1:
        out += ["## The readings in play", "", "Each reading is pinned by cases scored under its ruleset:", ""]
        cases = cases_by_id()
        for rid, _ in a.readings:
            mine = [cases[c] for c in a.cases if c in cases and rid in cases[c].rulesets]
            out += [f"- {ruleset_link(frm, rid)}: " + ("; ".join(
                f"{case_link(frm, c.id)} {md(str(c.data.get('description', '')))}"
                + (f" ({error_words(c.data['expect_error'])})" if "expect_error" in c.data else "") for c in mine) or "no case yet")]
        out.append("")
    out += ["## The cases that pin it", ""]
    cases = cases_by_id()
    out += [f"- {case_link(frm, c)}: {md(str(cases[c].data.get('description', '')))}" if c in cases else f"- `{c}`" for c in a.cases] \
        or ["None: no record of a deal's actions can decide it."]
    return "\n".join(out).rstrip("\n") + "\n"


def index_markdown() -> str:
    """The list of every dispute, by what it is about."""
    frm = INDEX
    every = ambiguities()
    out = ["# Disputes between the sources", "",
           f"Every point on which the sources of Piquet disagree or say too little: {len(every)} in all, each on a page "
           "of its own with what each source says, the reading each ruleset takes and why, and, where it bears on the "
           "score of a deal, a deal scored under every ruleset. `piquet-ref ambiguities WORDS` finds them from a "
           "terminal.", "", "```{toctree}", ":hidden:", ":maxdepth: 1", "", *[a.id for a in every], "```", ""]
    for scope, words in SCOPE_WORDS.items():
        mine = [a for a in every if a.scope == scope]
        if not mine:
            continue
        out += [f"## On {words}", "", "| dispute | topic | kind | rulesets with a reading |", "|---|---|---|---|"]
        out += [f"| {dispute_link(frm, a.id)} | {md(a.topic)} | {a.kind.replace('-', ' ')} | {', '.join(rid for rid, _ in a.readings)} |"
                for a in mine]
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def dispute_pages() -> list[Page]:
    return [Page(INDEX, index_markdown())] + [Page(dispute_page(a.id), dispute_markdown(a)) for a in ambiguities()]
