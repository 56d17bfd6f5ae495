"""Instructions per `score_deal`, counted by valgrind: steadier than a clock on a shared machine.

Run `python bench/instructions.py` (options: `--deals N`, `--seed S`; needs `valgrind`). The script
runs itself twice under `valgrind --tool=callgrind` with a fixed hash seed: once scoring 2,000 other deals (to
build the tables and fill the caches of holdings, as a running oracle has them), once scoring N more as
well; the difference over N is the cost of one `score_deal` of a record
parsed beforehand (a `DealRecord`, full result), and with `--mapping` of a record as read from JSON,
parsing and validating it included. The full result builds its event log when it is first read; `--log` reads it
(`result.events`), so that the count includes building it.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

from piquet_ref import parse_record, score_deal
from piquet_ref.deal.generate import random_record


WARM_UP = 2000


def collected(deals: int, seed: int, total: int, mapping: bool, log: bool = False) -> int:
    """Instructions of one run of this script under callgrind: the warm-up, `total` records generated, then
    `deals` of them scored."""
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
             sys.executable, __file__, "--inner", str(deals), "--total", str(total), "--seed", str(seed)]
            + (["--mapping"] if mapping else []) + (["--log"] if log else []),
            capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"},
        )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--seed", type=int, default=1882)
    p.add_argument("--mapping", action="store_true", help="score records as read from JSON (parsing included)")
    p.add_argument("--log", action="store_true", help="read each result's event log too (it is built when first read)")
    p.add_argument("--inner", type=int, default=None, help=argparse.SUPPRESS)
    p.add_argument("--total", type=int, default=None, help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.inner is not None:
        rng = random.Random(a.seed)
        for _ in range(WARM_UP):  # the tables built and the caches of holdings filled, outside the difference
            score_deal(random_record(rng))
        raw = [random_record(rng) for _ in range(a.total or a.inner)]
        records = raw if a.mapping else [parse_record(r) for r in raw]
        for record in records[: a.inner]:
            result = score_deal(record)
            if a.log:
                result.events
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    base = collected(0, a.seed, a.deals, a.mapping)
    full = collected(a.deals, a.seed, a.deals, a.mapping, a.log)
    what = ("a record as read from JSON" if a.mapping else "a DealRecord") + (", its event log read" if a.log else "")
    print(f"{(full - base) / a.deals:,.0f} instructions per score_deal of {what} (mean of {a.deals} deals, seed {a.seed})")


if __name__ == "__main__":
    main()
