"""The wheel ships the package, its rule tables and the corpus, and none of the tools that verify it."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from piquet_ref.runner.corpus_json import corpus_json

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.deep  # builds the wheel: seconds, and a build environment from the package index
def test_the_wheel_holds_the_package_tables_and_corpus_and_no_tooling(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(tmp_path)],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    (wheel,) = tmp_path.glob("piquet_ref-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert {n.split("/")[0] for n in names} == {"piquet_ref", wheel.name.split("-py3")[0] + ".dist-info"}
    assert not [n for n in names if n.startswith(("piquet_ref/verification", "piquet_ref/tests")) or "/contracts/" in n]
    for needed in ("piquet_ref/py.typed", "piquet_ref/spec/errors.yaml", "piquet_ref/spec/rules/point.yaml", "piquet_ref/conformance/schema/record.schema.json",
                   "piquet_ref/examples/cavendish-example.yaml", "piquet_ref/deal/scoring.py", "piquet_ref/machine/state.py"):
        assert needed in names, needed
    cases = [n for n in names if n.startswith("piquet_ref/conformance/cases/") and n.endswith(".yaml")]
    assert len(cases) == len(list((ROOT / "conformance" / "cases").rglob("*.yaml")))
    assert zipfile.ZipFile(wheel).read("piquet_ref/conformance/corpus.json").decode() == corpus_json(ROOT / "conformance")


@pytest.mark.deep  # builds the sdist: a build environment from the package index
def test_the_sdist_carries_the_corpus_as_json_and_the_hook_that_writes_it(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "build", "--sdist", "-o", str(tmp_path), str(ROOT)],
                          capture_output=True, text=True, timeout=600, check=False, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    (sdist,) = tmp_path.glob("piquet_ref-*.tar.gz")
    with tarfile.open(sdist) as tar:
        top = sdist.name.removesuffix(".tar.gz")
        text = tar.extractfile(f"{top}/conformance/corpus.json")
        assert text is not None and text.read().decode() == corpus_json(ROOT / "conformance")
        assert f"{top}/hatch_build.py" in tar.getnames()
