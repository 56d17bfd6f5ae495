"""Lookup from the terminal (piquet_ref/docs/lookup.py): `rules`, `laws`, `ambiguities` and `sources` take words as
well as ids, list what the words match, and answer a miss with what it may have meant; a text that is not a card
is answered with the nearest cards.

What a query must find is worked out here from spec/ itself (which entries hold every word), so the tests follow
the tables as they grow.
"""

from __future__ import annotations

import json

import pytest

from piquet_ref.docs.lookup import KINDS, Kind, entries, find, matching, suggestions
from piquet_ref.rules.catalogue import ambiguities, sources
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.laws import laws
from piquet_ref.rules.loader import default_ruleset

from tests.support import cli_run


def holding(texts: dict[str, str], *words: str) -> set[str]:
    return {key for key, text in texts.items() if all(w in text.lower() for w in words)}


def rule_texts() -> dict[str, str]:
    return {r.id: f"{r.id} {r.statement} {r.area}" for r in default_ruleset().rules.values()}


def listed(out: str) -> list[str]:
    """The keys a listing names, one a line, before its closing line."""
    return [line.split()[0] for line in out.splitlines()[:-1]]


@pytest.mark.parametrize("words", [("pique",), ("carte", "blanche"), ("last", "trick")])
def test_rules_by_words_lists_every_rule_holding_them_those_named_so_first(words: tuple[str, ...]) -> None:
    code, out, err = cli_run(["rules", *words])
    assert (code, err) == (0, "")
    keys = listed(out)
    want = holding(rule_texts(), *words)
    assert want and set(keys) == want
    named = [k for k in keys if all(w in k for w in words)]
    assert keys[:len(named)] == named  # the rules whose id holds every word come first
    assert out.splitlines()[-1].startswith(f"{len(want)} rule")


def test_rules_pique_finds_the_pique_rules_first() -> None:
    ids = [r for r in default_ruleset().rules if r.split(".")[0] == "pique"]
    assert ids and set(ids) <= set(listed(cli_run(["rules", "pique"])[1])[:len(ids) + 1])


def test_an_exact_id_still_prints_the_whole_entry() -> None:
    code, out, _ = cli_run(["rules", "pique.score"])
    assert code == 0 and out.startswith("pique.score (") and "Sources" in out and "Cases (" in out


def test_words_as_json_give_each_entry_found_in_full() -> None:
    code, out, _ = cli_run(["ambiguities", "pique", "--format", "json"])
    data = json.loads(out)
    assert code == 0 and [a["id"] for a in data] == [e.key for e in matching("ambiguities", "pique")]
    assert all("positions" in a and "readings" in a for a in data)


@pytest.mark.parametrize("words", [("carte", "blanche"), ("revoke",), ("cards", "left")])
def test_laws_by_words_lists_every_law_holding_them(words: tuple[str, ...]) -> None:
    texts = {str(x.number): " ".join(str(v) for v in (x.number, x.section, x.statement, x.trigger, x.remedy, x.kind, x.why_not, x.machine,
                                                       *(i.statement for i in x.items))) for x in laws()}
    code, out, _ = cli_run(["laws", *words])
    want = holding(texts, *words)
    assert code == 0 and want and set(listed(out)) == want


def test_a_law_by_number_and_a_number_no_law_bears() -> None:
    code, out, _ = cli_run(["laws", "69"])
    assert code == 0 and out.startswith("Law 69 (")
    code, out, err = cli_run(["laws", str(len(laws()) + 1)])
    assert (code, out) == (1, "") and "reference-unknown" in err and "did you mean" not in err


def test_sources_by_words() -> None:
    code, out, _ = cli_run(["sources", "hoyle"])
    want = {s.key for s in sources() if "hoyle" in f"{s.key} {s.citation()} {s.speaks_for} {s.cited_as}".lower()}
    assert code == 0 and want and set(listed(out)) == want


@pytest.mark.parametrize(("kind", "typed", "meant"), [("rules", "pikue", "pique"), ("ambiguities", "repiqe", "repique"),
                                                      ("laws", "revolk", "revoke"), ("rules", "carte blanhce", "blanche"),
                                                      ("rules", "pique.scroe", "pique.score")])
def test_a_misspelling_is_answered_with_what_it_may_mean(kind: str, typed: str, meant: str) -> None:
    code, out, err = cli_run([kind, *typed.split()])
    assert (code, out) == (1, "") and "reference-unknown" in err and f"'{meant}'" in err.split("did you mean")[1]


def test_a_word_part_of_longer_words_matches_them() -> None:
    """A word a letter short is no misspelling: "revok" is part of "revoke", so it finds what "revoke" finds."""
    assert [e.key for e in matching("laws", "revok")] == [e.key for e in matching("laws", "revoke")]


def test_a_query_matching_nothing_near_anything_gets_no_suggestion() -> None:
    with pytest.raises(PiquetError) as info:
        find("rules", "xyzzyq")
    assert info.value.code == "reference-unknown" and "did you mean" not in str(info.value)
    assert suggestions("rules", "xyzzyq") == ()


@pytest.mark.parametrize("kind", KINDS)
def test_every_entry_is_found_by_its_own_key(kind: Kind) -> None:
    for e in entries(kind):
        assert find(kind, e.key).exact == e.key


def test_every_ambiguity_is_found_by_the_words_of_its_topic() -> None:
    for a in ambiguities():
        assert a.id in [e.key for e in matching("ambiguities", a.topic)]


@pytest.mark.parametrize(("card", "meant"), [("1S", "10S"), ("KSS", "KS"), ("11H", "10H")])
def test_a_text_that_is_no_card_is_answered_with_the_nearest_cards(card: str, meant: str) -> None:
    code, out, err = cli_run(["evaluate", card, "QD"])
    assert (code, out) == (1, "") and "card-unknown" in err and "did you mean" in err and meant in err.split("did you mean")[1]
