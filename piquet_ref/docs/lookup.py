"""Finding a rule, a law, an ambiguity or a source by words as well as by its id, and "did you mean" for a miss.

A player settling a dispute knows the game's words ("pique", "carte blanche"), not our ids (`pique.score`), so
`piquet-ref rules`, `laws`, `ambiguities` and `sources` take either. An exact id (a law's number, a source's key)
names one entry; anything else is words, each of which must occur in an entry (its id, its title or its text, in
any case), and the entries found are listed, those whose id holds every word first. A query that finds nothing
is a `reference-unknown` error offering the nearest ids and words (difflib's ratio, the standard library's), so a
misspelling is answered with its correction rather than with the whole list.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from piquet_ref.rules.catalogue import ambiguities, sources
from piquet_ref.rules.codes import error
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.laws import laws
from piquet_ref.rules.loader import default_ruleset

Kind = Literal["rules", "laws", "ambiguities", "sources"]
KINDS: tuple[Kind, ...] = ("rules", "laws", "ambiguities", "sources")
SINGULAR: dict[Kind, str] = {"rules": "rule", "laws": "law", "ambiguities": "ambiguity", "sources": "source"}
WORD = re.compile(r"[\w'-]+")
CLOSE = 0.75  # difflib's ratio a suggestion needs: a letter or two off in a word of five or more


@dataclass(frozen=True)
class Entry:
    """One entry as lookup sees it: the key that names it, a one-line title, and all the text a word may match."""

    key: str
    title: str
    text: str  # lower case: the key, the title and the rest


@dataclass(frozen=True)
class Found:
    """What a query names: one entry by its exact key (`exact`), or the entries its words match, best first."""

    exact: str | None
    matches: tuple[Entry, ...]


def _entry(key: str, title: str, *rest: str | None) -> Entry:
    return Entry(key, title, " ".join(x for x in (key, title, *rest) if x).lower())


@lru_cache(maxsize=None)
def entries(kind: Kind) -> tuple[Entry, ...]:
    """Every entry of one kind, in the order of its table."""
    if kind == "rules":
        return tuple(_entry(r.id, r.statement, r.area) for r in default_ruleset().rules.values())
    if kind == "laws":
        return tuple(_entry(str(x.number), f"({x.section}) {x.statement}", x.trigger, x.remedy, x.kind, x.why_not, x.machine,
                            *(i.statement for i in x.items)) for x in laws())
    if kind == "ambiguities":
        return tuple(_entry(a.id, a.topic, *(p.reading for p in a.positions), *(r.reading for _, r in a.readings), a.evidence)
                     for a in ambiguities())
    return tuple(_entry(s.key, s.citation(), s.speaks_for, s.cited_as) for s in sources())


def words_of(query: str) -> tuple[str, ...]:
    """The words of a query, lower case; the punctuation of an id (`pique.score`) kept within its word."""
    return tuple(w.lower() for w in query.split() if w.strip())


def matching(kind: Kind, query: str) -> tuple[Entry, ...]:
    """The entries holding every word of `query`: those whose key holds them all first, then those whose title
    does, then the rest, each group in table order."""
    words = words_of(query)
    if not words:
        return ()
    found = [e for e in entries(kind) if all(w in e.text for w in words)]
    rank = {e.key: 0 if all(w in e.key.lower() for w in words) else 1 if all(w in e.title.lower() for w in words) else 2 for e in found}
    return tuple(sorted(found, key=lambda e: rank[e.key]))


@lru_cache(maxsize=None)
def _vocabulary(kind: Kind) -> tuple[str, ...]:
    """Every key and every word of the entries of one kind: what a misspelt query may have meant."""
    seen: dict[str, None] = {}
    for e in entries(kind):
        seen[e.key.lower()] = None
        for w in WORD.findall(e.text):
            if len(w) > 2:
                seen[w] = None
    return tuple(seen)


def suggestions(kind: Kind, query: str, n: int = 5) -> tuple[str, ...]:
    """The keys and words nearest to each word of `query` that matches nothing, nearest first."""
    vocabulary = _vocabulary(kind)
    out: dict[str, None] = {}
    for w in words_of(query):
        if not any(w in e.text for e in entries(kind)):
            out.update(dict.fromkeys(difflib.get_close_matches(w, vocabulary, n=n, cutoff=CLOSE)))
    return tuple(out)[:n]


def not_found(kind: Kind, query: str) -> PiquetError:
    """The `reference-unknown` error for a query that names and matches nothing, with what it may have meant."""
    near = suggestions(kind, query)
    said = [repr(s) for s in near]
    hint = f"; did you mean {', '.join(said[:-1]) + ' or ' if said[:-1] else ''}{said[-1]}?" if said else ""
    return error("reference-unknown", f"no {SINGULAR[kind]} is or matches {query!r}{hint} (`piquet-ref {kind}` lists them)")


def find(kind: Kind, query: str) -> Found:
    """What `query` names: the entry whose key it is, or every entry its words match.

    raises: PiquetError (`reference-unknown`, with suggestions, when it names and matches nothing)
    """
    q = query.strip()
    keys = {e.key: e for e in entries(kind)}
    if q in keys:
        return Found(q, (keys[q],))
    if kind == "laws" and q.isdigit():  # a number names a law or nothing: law 99 is no misspelling of a word
        raise error("reference-unknown", f"no law {q!r}: the laws are numbered 1-{len(keys)} (`piquet-ref laws` lists them)")
    found = matching(kind, q)
    if not found:
        raise not_found(kind, q)
    return Found(None, found)


def listing(kind: Kind, found: Found, width: int = 100) -> str:
    """The matches of a query as text: one line each, key and title, then how to read one in full."""
    head = max((len(e.key) for e in found.matches), default=0) + 2
    lines = [f"{e.key:<{head}}{_shorten(e.title, width - head)}" for e in found.matches]
    n = len(found.matches)
    lines.append(f"{n} {SINGULAR[kind] if n == 1 else kind} found; `piquet-ref {kind} {'N' if kind == 'laws' else 'ID'}` prints one in full")
    return "\n".join(lines) + "\n"


def _shorten(text: str, room: int) -> str:
    one = " ".join(text.split())
    return one if len(one) <= room else one[: max(0, room - 3)].rstrip() + "..."
