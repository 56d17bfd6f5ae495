"""The corpus as one JSON file, so that a runner in any language can read the cases without a YAML parser.

The case files stay the source; this copy is a build product (`piquet-ref conformance export`, and the
wheel and sdist builds through hatch_build.py). It holds the corpus version, the levels table, and each
case as its file gives it, beside its path and the levels it has checks at (derived from the table, so a
runner that judges by level needs no second copy of the classification). Its schema is
conformance/schema/corpus.schema.json.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from piquet_ref.rules.files import read_yaml
from piquet_ref.runner.corpus import EXPORTED, load_cases
from piquet_ref.runner.levels import LEVELS_FILE, load_levels

FORMAT = "piquet-ref-corpus"
JSON_FILE = EXPORTED


def corpus_document(root: Path) -> dict[str, Any]:
    """The JSON copy of the corpus at `root` (its `cases/`, `levels.yaml` and `VERSION`), as data."""
    levels = load_levels(root)
    table = read_yaml(root / LEVELS_FILE)
    version = (root / "VERSION").read_text(encoding="utf-8").strip()
    return {
        "format": FORMAT,
        "version": 1,
        "corpus_version": version,
        "protocol": 1,
        "levels": {"order": list(levels.order), "summaries": dict(levels.summaries), "checks": table["checks"]},
        "cases": [
            {"path": case.path.as_posix(), "levels": list(levels.classify(case).of_case), "case": case.data}
            for case in load_cases(root / "cases")
        ],
    }


def corpus_json(root: Path) -> str:
    """The JSON copy's text: one case per line inside the list, keys in the order the files give them."""
    document = corpus_document(root)
    cases = document.pop("cases")
    head = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    lines = [json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in cases]
    return head[:-1] + ',"cases":[\n' + ",\n".join(lines) + "\n]}\n"
