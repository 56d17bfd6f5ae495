"""The human spec, generated from spec/ and the corpus: a build product (`piquet-ref spec-doc` writes build/SPEC.md).

Organised as a reader meets the game: the pack, the deal, carte blanche, the exchange, declarations,
play, scoring, the partie, the laws. For every rule: its statement, citations, the values each
ruleset gives it, the ambiguities that touch it with each ruleset's reading, the conformance cases
that exercise it, and the functions of piquet_ref that carry it out. Rules of an area the outline does
not know yet (rules of the Laws to come) fall into the section whose prefixes name them, or into "Other rules".
"""

from __future__ import annotations

from typing import NamedTuple

from piquet_ref.rules.catalogue import Ambiguity, Source, ambiguities, sources
from piquet_ref.docs.code_map import locations
from piquet_ref.rules.loader import DEFAULT_RULESET, default_ruleset, load_ruleset
from piquet_ref.rules.tables import ruleset_ids
from piquet_ref.rules.ruleset import Rule
from piquet_ref.docs.rules_info import cases_of_rule


class Section(NamedTuple):
    title: str
    prefixes: tuple[str, ...]  # rule ids starting with one of these belong here
    intro: str


OUTLINE: tuple[Section, ...] = (
    Section("The pack", ("pack.",), "Thirty-two cards, their order and their values."),
    Section("The deal", ("deal.",), "Who deals, how many cards each player gets, the stock."),
    Section("Carte blanche", ("carte-blanche.",), "A dealt hand without a court card."),
    Section("The exchange", ("exchange.",), "Discarding and taking in from the stock."),
    Section("Declarations", ("point.", "sequence.", "sets.", "declare."), "The point, sequences, quatorzes and trios: who is good, and what they score."),
    Section("Play", ("play.",), "Tricks, following suit, and the points made in play."),
    Section("Scoring", ("cards.", "capot.", "accretion.", "repique.", "pique.", "bonus."), "The cards and capot, the order of accretion, repique and pique."),
    Section("The partie", ("partie.", "game.", "chouette.", "stakes."), "Six deals and the rubicon; games of a hundred up; chouette; stakes."),
    Section("The laws", ("laws.", "law."), "The calling dialogue and the irregularities of the Laws of Piquet."),
)
KIND_WORDS = {"variant": "variant", "older-rule": "older rule", "source-error": "error in a source", "wording": "wording only", "unspecified": "unspecified"}


def _section_of(rule_id: str) -> int:
    for i, s in enumerate(OUTLINE):
        if rule_id.startswith(s.prefixes):
            return i
    return len(OUTLINE)


def _anchor(text: str) -> str:
    """An anchor id: lower case, spaces as hyphens (placed explicitly, so every renderer finds it)."""
    return "-".join(text.lower().split())


def _laws(a: Ambiguity, lead: str = " (") -> str:
    """'(law 9)' / ', laws 16, 71', or nothing when the entry names no law."""
    if not a.laws:
        return ""
    word = "law" if len(a.laws) == 1 else "laws"
    return f"{lead}{word} {', '.join(map(str, a.laws))}" + (")" if lead == " (" else "")


def _value(v: object) -> str:
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_value(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return "null" if v is None else str(v).lower() if isinstance(v, bool) else str(v)


def _rule(rule: Rule, number: str, touching: list[Ambiguity]) -> list[str]:
    default = default_ruleset()
    out = [f'<a id="rule-{rule.id}"></a>', "", f"### {number} `{rule.id}`", "", rule.statement, ""]
    out.append("**Sources.** " + "; ".join(f"{c.key} {c.at}" for c in rule.sources) + ".")
    params = default.params.get(rule.id)
    if params:
        out += ["", "**Values.**", "", f"- {DEFAULT_RULESET}: " + ", ".join(f"`{k}` = {_value(v)}" for k, v in params.items())]
        for rid in ruleset_ids():
            other = load_ruleset(rid).params.get(rule.id)
            if rid != DEFAULT_RULESET and other != params and other is not None:
                out.append(f"- {rid}: " + ", ".join(f"`{k}` = {_value(v)}" for k, v in other.items() if params.get(k) != v))
    if touching:
        out += ["", "**Variants.**", ""]
        for a in touching:
            row = f", catalogue {a.catalogue}" if a.catalogue else ""
            out.append(f"- [`{a.id}`](#{_anchor('ambiguity ' + a.id)}) ({KIND_WORDS[a.kind]}{row}): {a.topic}. "
                       + " ".join(f"*{rid}*: {r.reading}" for rid, r in a.readings))
    cases = cases_of_rule(rule.id)
    out += ["", f"**Cases** ({len(cases)})." + ("" if cases else " None yet.")]
    if cases:
        out.append("")
        out += [f"- `{c.id}` {c.path.as_posix()}" + (f" ({', '.join(c.rulesets)})" if c.rulesets != (DEFAULT_RULESET,) else "")
                + f": {c.data.get('description', '')}" for c in cases]
    code = sorted({(loc.module, loc.function) for loc in locations(rule)})
    out += ["", "**Carried out by** " + ", ".join(f"`{m}` `{f or '(module)'}`" for m, f in code) + ".", ""]
    return out


def _law_entries() -> list[str]:
    """Every law of spec/laws.yaml: statement, sub-items, kind, trigger, remedy, references, executable or why not."""
    from piquet_ref.rules.laws import laws

    every = laws()
    out = [f"The {len(every)} Laws of Piquet of the Portland and Turf Clubs (L, 1882), law by law in our words "
           f"(spec/laws.yaml; `piquet-ref laws N`). {sum(x.executable for x in every)} are decidable from a record of "
           "the deal's actions; each of the others says why not.", ""]
    for x in every:
        out += [f'<a id="law-{x.number}"></a>', "", f"### Law {x.number} ({x.section})", "", x.statement, ""]
        if x.items:
            out += [f"- {i.mark}. {i.statement}" + ("" if i.executable else f" *Not executable:* {i.why_not}") for i in x.items] + [""]
        out.append(f"**Kind.** {x.kind}. **Trigger.** {x.trigger} **Remedy.** {x.remedy or 'none.'}")
        refs = [("Rules", [f"[`{r}`](#rule-{r})" for r in x.rules]), ("Errors", [f"`{c}`" for c in x.errors]),
                ("Ambiguities", [f"[`{a}`](#{_anchor('ambiguity ' + a)})" for a in x.ambiguities])]
        out += ["", " ".join(f"**{name}.** {', '.join(items)}." for name, items in refs if items) or "No rule, error code or ambiguity yet."]
        out += ["", "**Executable.** " + ("yes." if x.executable else f"no: {x.why_not}"), ""]
        out += [f"**In the state machine.** {x.machine}", ""] if x.machine else []
        out += [f"**Checked by.** {', '.join(f'`{c}`' for c in x.cases)}.", ""] if x.cases else []
        if x.situations:
            elect = f" **Elections.** {', '.join(f'`{e}`' for e in x.elections)}." if x.elections else ""
            out += [f"**Situations.** {', '.join(f'`{s}`' for s in x.situations)}.{elect}", ""]
    return out


def _decision_entries() -> list[str]:
    """Cavendish's Cases and Decisions (spec/decisions.yaml): question, ruling, laws, and how the reference stands to each."""
    from piquet_ref.rules.decisions import decisions

    every = decisions()
    out = ["### Cases and Decisions (CD)", "", f"Cavendish's {len(every)} rulings on disputed hands, in our words (spec/decisions.yaml). "
           f"{sum(d.decidable for d in every)} are decidable from a record of the deal's actions, "
           f"{sum(bool(d.cases) for d in every)} of them pinned by conformance cases so far.", ""]
    for d in every:
        laws = ", ".join(f"[{n}](#law-{n})" for n in d.laws) or "none"
        status = (f"pinned by {', '.join(f'`{c}`' for c in d.cases)}." if d.cases else f"decidable; pending: {d.pending}.") if d.decidable \
            else f"not decidable: {d.why_not}."
        status += f" *State machine:* {d.machine}" if d.machine else ""
        out += [f'<a id="case-{d.case.lower()}"></a>', "", f"**Case {d.case}** (laws {laws}). {d.question} *Ruling:* {d.ruling} *Status:* {status}", ""]
    return out


def spec_markdown() -> str:
    """The whole of the human spec, as Markdown."""
    default = default_ruleset()
    rules = list(default.rules.values())
    by_section: list[list[Rule]] = [[] for _ in range(len(OUTLINE) + 1)]
    for rule in rules:
        by_section[_section_of(rule.id)].append(rule)
    all_ambiguities = ambiguities()
    out = [
        "# Piquet: the rules as specified",
        "",
        "<!-- Generated by `piquet-ref spec-doc` from spec/ and conformance/cases/. Do not edit by hand. -->",
        "",
        "Every rule of the reference, as a reader meets the game: its statement in our words, the sources",
        "it rests on, the values each ruleset gives it, where the sources disagree and which reading each",
        "ruleset takes, the conformance cases that pin it, and the functions of `piquet_ref/` that carry it out.",
        f"The default ruleset is `{DEFAULT_RULESET}`. {len(rules)} rules, {len(all_ambiguities)} ambiguities, {len(ruleset_ids())} rulesets;",
        "the source keys are listed at the end.",
        "",
        "## Contents",
        "",
    ]
    sections = [(s, by_section[i]) for i, s in enumerate(OUTLINE)] + [(Section("Other rules", (), "Rules outside the outline."), by_section[-1])]
    shown = [(s, rs) for s, rs in sections if rs or s.title == "The laws"]
    out += [f"{i}. [{s.title}](#{_anchor(f'{i} {s.title}')})" for i, (s, _) in enumerate(shown, 1)]
    out += [f"{len(shown) + 1}. [Ambiguities](#{_anchor(f'{len(shown) + 1} ambiguities')})",
            f"{len(shown) + 2}. [Rulesets](#{_anchor(f'{len(shown) + 2} rulesets')})",
            f"{len(shown) + 3}. [Sources](#{_anchor(f'{len(shown) + 3} sources')})", ""]
    for i, (section, members) in enumerate(shown, 1):
        out += [f'<a id="{_anchor(f"{i} {section.title}")}"></a>', "", f"## {i} {section.title}", "", section.intro, ""]
        for j, rule in enumerate(members, 1):
            touching = [a for a in all_ambiguities if rule.id in a.rules]
            out += _rule(rule, f"{i}.{j}", touching)
        if section.title == "The laws":
            out += _law_entries() + _decision_entries()
            pending = [a for a in all_ambiguities if a.scope == "laws"]
            out += ["Not yet carried out by the reference (the Laws as a state machine); the ambiguities they will settle:", ""]
            out += [f"- [`{a.id}`](#{_anchor('ambiguity ' + a.id)}): {a.topic}" + _laws(a) for a in pending]
            out.append("")
    n = len(shown) + 1
    out += [f'<a id="{_anchor(f"{n} ambiguities")}"></a>', "", f"## {n} Ambiguities", "", "Where the sources disagree or say too little. Scope says where a reading takes effect:",
            "`deal` and `partie` readings are carried out by the reference; `laws` readings wait for the Laws;",
            "`text` entries are slips in a source.", ""]
    for a in all_ambiguities:
        out += [f'<a id="{_anchor("ambiguity " + a.id)}"></a>', "", f"### Ambiguity {a.id}", "", f"{a.topic}. *{KIND_WORDS[a.kind]}*, scope {a.scope}"
                + (f", catalogue {a.catalogue}" if a.catalogue else "") + _laws(a, ", ") + ".", ""]
        out += ["**Positions.**", ""] + [f"- {p.key} {p.at}: {p.reading}" for p in a.positions]
        if a.evidence:
            out += ["", f"**Evidence.** {a.evidence}"]
        out += ["", "**Readings.**", ""] + [f"- **{rid}**: {r.reading} *Why:* {r.reason}" for rid, r in a.readings]
        out += ["", "Cases: " + (", ".join(f"`{c}`" for c in a.cases) or "none (not yet executable)") + ".", ""]
    out += [f'<a id="{_anchor(f"{n + 1} rulesets")}"></a>', "", f"## {n + 1} Rulesets", ""]
    for rid in ruleset_ids():
        rs = load_ruleset(rid)
        out += [f"### {rid}", "", f"{rs.name}. {rs.description}", "", f"Base: {rs.base or 'none: the rule tables as written'}.", ""]
        out += [f"- `{k.rule}.{k.param}` = {k.value}: [`{k.ambiguity}`](#{_anchor('ambiguity ' + k.ambiguity)})" + ("" if k.ruleset == rid else f" (from {k.ruleset})") for k in rs.knobs]
        out.append("")
    out += [f'<a id="{_anchor(f"{n + 2} sources")}"></a>', "", f"## {n + 2} Sources", "", "| key | source | where to read it | speaks for | cited as |", "|---|---|---|---|---|"]
    out += [f"| {s.key} | {s.citation('*')} | {_where_to_read(s)} | {s.speaks_for} | {s.cited_as} |" for s in sources()]
    return "\n".join(out).rstrip("\n") + "\n"


def _where_to_read(s: Source) -> str:
    """A source's location as a link (or "No address known."), then its note."""
    where = [f"<{s.location}>." if s.location else "No address known."] + ([s.note] if s.note else [])
    return " ".join(where)
