"""Build hook: the wheel and the sdist carry conformance/corpus.json, the corpus as one JSON file.

The case files are the source and the JSON copy is a build product, so it is written here, at build time,
by the same function as `piquet-ref conformance export` (piquet_ref/runner/corpus_json.py), and never
committed. An editable install skips it: a checkout has the case files.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CorpusJsonHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "corpus-json"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name == "wheel" and version == "editable":
            return
        root = Path(self.root)
        sys.path.insert(0, str(root))
        try:
            from piquet_ref.runner.corpus_json import JSON_FILE, corpus_json
        finally:
            sys.path.remove(str(root))
        self._out = tempfile.TemporaryDirectory()
        path = Path(self._out.name) / JSON_FILE
        path.write_text(corpus_json(root / "conformance"), encoding="utf-8")
        inside = "piquet_ref/conformance" if self.target_name == "wheel" else "conformance"
        build_data["force_include"][str(path)] = f"{inside}/{JSON_FILE}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        out = getattr(self, "_out", None)
        if out is not None:
            out.cleanup()
