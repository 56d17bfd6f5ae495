"""Measure PEP 316 docstring contracts against icontract decorators under CrossHair.

The same conditions on three rule functions (the cards and capot, a category verdict, a trick
winner) and on one planted bug, written once in each style as thin wrappers over the package's
functions; each is searched with the CI settings of verification/crosshair.py and timed.

    pip install icontract && python bench/contract_styles.py

icontract is not a dependency of piquet-ref: this script only measures the choice (see the verification report, `python -m verification.report`).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from verification.crosshair import PER_CONDITION_TIMEOUT, PER_PATH_TIMEOUT  # noqa: E402

# (name, signature, body, preconditions, postconditions); `r` is the result.
FUNCTIONS = [
    ("cards", "won: int) -> tuple[int, int]", "cards_and_capot(won)",
     ["0 <= won <= TRICKS"], ["(r[0] > 0) == (2 * won > TRICKS)", "(r[1] > 0) == (won == TRICKS)"]),
    ("verdict", "category: int, ek: int, yk: int, e: int, y: int) -> CategoryComparison",
     "category_verdict(category, ek, yk, e, y)",
     ["0 <= category < len(DECL_CATEGORIES)", "ek >= 0 and yk >= 0 and e >= 0 and y >= 0"],
     ["r.elder_points == (e if ek > yk else 0)", "r.younger_points == (y if yk > ek else 0)"]),
    ("winner", "lead: int, follow: int) -> bool", "beats(lead, follow)",
     ["0 <= lead < PACK_SIZE and 0 <= follow < PACK_SIZE and lead != follow"],
     ["r == (follow >> 3 == lead >> 3 and follow & 7 > lead & 7)"]),
    ("planted", "lead: int, follow: int) -> bool", "follow > lead",
     ["0 <= lead < PACK_SIZE and 0 <= follow < PACK_SIZE and lead != follow"],
     ["r == (follow >> 3 == lead >> 3 and follow & 7 > lead & 7)"]),
]
IMPORTS = (
    "from verification.contracts.core import TRICKS, cards_and_capot, category_verdict\n"
    "from piquet_ref.hand.cards import PACK_SIZE\n"
    "from piquet_ref.hand.declarations import DECL_CATEGORIES, CategoryComparison\n"
    "from piquet_ref.hand.play import beats\n"
)


def pep316() -> str:
    out = [IMPORTS]
    for name, sig, body, pres, posts in FUNCTIONS:
        conds = [f"    pre: {p}" for p in pres] + [f"    post: {_ret(q)}" for q in posts]
        out.append(f"def {name}({sig}:\n    \"\"\"\n" + "\n".join(conds) + f"\n    \"\"\"\n    return {body}\n")
    return "\n\n".join(out)


def _ret(cond: str, name: str = "__return__") -> str:
    """A postcondition with the result `r` named as the style names it."""
    return re.sub(r"\br\b", name, cond)


def icontract() -> str:
    out = ["import icontract\n" + IMPORTS]
    for name, sig, body, pres, posts in FUNCTIONS:
        args = sig.split(")")[0]
        names = ", ".join(a.split(":")[0].strip() for a in args.split(","))
        decos = [f"@icontract.require(lambda {names}: {p})" for p in pres]
        decos += [f"@icontract.ensure(lambda {names}, result: {_result(q)})" for q in posts]
        out.append("\n".join(decos) + f"\ndef {name}({sig}:\n    return {body}\n")
    return "\n\n".join(out)


def _result(cond: str) -> str:
    return _ret(cond, "result")


def measure(kind: str, source: str) -> list[tuple[str, float, str]]:
    """(function, seconds, outcome) for each function checked alone."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"styles_{kind.lower()}.py"
        path.write_text(source, encoding="utf-8")
        for name, *_ in FUNCTIONS:
            start = time.monotonic()
            done = subprocess.run(
                [sys.executable, "-m", "crosshair", "check", "--analysis_kind", kind,
                 "--per_condition_timeout", str(PER_CONDITION_TIMEOUT), "--per_path_timeout", str(PER_PATH_TIMEOUT),
                 "--report_all", f"{path}:{_line_of(source, name)}"],
                cwd=ROOT, capture_output=True, text=True, check=False,
            )
            seconds = time.monotonic() - start
            outcome = "counterexample" if ": error:" in done.stdout else (
                "confirmed" if "Confirmed over all paths" in done.stdout and "Not confirmed" not in done.stdout
                else "not confirmed" if done.stdout.strip() else f"no result ({done.stderr.strip()[-80:]})")
            rows.append((name, seconds, outcome))
    return rows


def _line_of(source: str, name: str) -> int:
    return source.splitlines().index(next(line for line in source.splitlines() if line.startswith(f"def {name}("))) + 1


def main() -> None:
    print("| function | PEP 316 | icontract |\n|---|---|---|")
    a, b = measure("PEP316", pep316()), measure("icontract", icontract())
    for (name, t1, o1), (_, t2, o2) in zip(a, b):
        print(f"| {name} | {o1}, {t1:.1f} s | {o2}, {t2:.1f} s |")


if __name__ == "__main__":
    main()
