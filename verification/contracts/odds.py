"""The refusal of a malformed condition by the odds, stated as postconditions: a wrapper that catches it.

`check_condition` raises for what it refuses; stated on a value (the code and message, or None), the refusal can
be compared with `malformed_at`, the plain definition of a malformed condition (tests/test_odds_contracts.py).
"""

from __future__ import annotations

from piquet_ref.odds.definitions import malformed_at
from piquet_ref.odds.take_in import check_condition
from piquet_ref.rules.errors import PiquetError


def condition_refused(cond: object) -> tuple[str, str] | None:
    """`check_condition`'s verdict on `cond`: (code, message) of its refusal, None when it accepts.

    A condition is refused exactly when it is malformed, with argument-invalid, the message opening with the
    path to the part that is not a condition.

    raises: PiquetError
    post: (__return__ is None) == (malformed_at(cond) is None)
    post: __return__ is None or __return__[0] == "argument-invalid"
    post: __return__ is None or __return__[1].startswith(f"{malformed_at(cond)}:")
    """
    try:
        check_condition(cond)
    except PiquetError as exc:
        return exc.code, exc.message
    return None
