"""The refusals of the match's order of dealing stated as postconditions: a wrapper that catches them.

`check_dealers` returns nothing when the deals are in order and raises a typed error when they are not;
its own postcondition can speak only of what it accepts. `dealers_refused` turns its verdict into a value,
so that which sequences it refuses, and with what code, is a postcondition too. Not given to CrossHair
(deal lists and a ruleset); tests/test_partie_function_contracts.py checks it on every sequence of up to
four deals, with and without cuts, under each way of dealing the rulesets allow.
"""

from __future__ import annotations

from typing import Sequence

from piquet_ref.rules.errors import PiquetError
from piquet_ref.partie.scoring import _Deal, check_dealers
from piquet_ref.partie.postconditions import dealing_breaches as dealing_breaches  # named by the postconditions
from piquet_ref.rules.ruleset import Ruleset


def dealers_refused(deals: Sequence[_Deal], pair: tuple[str, str], rs: Ruleset, where: str, regular: int | None = None) -> tuple[str, str]:
    """`check_dealers` as a verdict: the code and message of its refusal of `deals`, ("", "") when it accepts them.

    It refuses exactly a run of deals that breaks the order of dealing, at its first deal that does, with
    the code that breach calls for (a deal marked out of turn where nobody's turn is set, a cut after the first
    deal where the deal alternates, a player dealing out of his turn unmarked or in his turn marked out of it,
    the higher cut dealing where the lower deals), the message opening with that deal's place in the record.

    rules: deal.alternation, deal.cut
    pre: pair[0] != pair[1] and all(d.dealer in pair for d in deals)
    post: __return__[0] == next((code for _, code in dealing_breaches(deals, pair, rs, regular)), "")
    post: __return__[0] == "" or __return__[1].startswith(f"{where}[{dealing_breaches(deals, pair, rs, regular)[0][0]}]")
    """
    try:
        check_dealers(list(deals), pair, rs, where, regular)
    except PiquetError as exc:
        return exc.code, exc.message
    return "", ""
