"""What a release ships (docs/releasing.md): the wheel holds the package, its rule tables, the schemas and the corpus,
and none of the tools that verify or maintain it; the sdist carries the corpus as JSON; `twine check` passes both;
the metadata states the licence, the development status, the Python versions the tiers run on, and the typing."""

from __future__ import annotations

import email
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from piquet_ref.runner.corpus_json import corpus_json

ROOT = Path(__file__).resolve().parent.parent
TOOLING = ("verification", "tests", "dev/", "bench", "hatch_build", "build/")  # folders and files of the checkout never in the wheel


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel and the sdist, as `python -m build` makes them for a release."""
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "-o", str(out), str(ROOT)],
                          capture_output=True, text=True, timeout=900, check=False, cwd=out)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return out


def wheel_of(folder: Path) -> Path:
    (wheel,) = folder.glob("piquet_ref-*.whl")
    return wheel


@pytest.mark.deep  # builds the wheel and the sdist: a minute, and a build environment from the package index
def test_the_wheel_holds_the_package_tables_schemas_and_corpus_and_no_tooling(built: Path) -> None:
    wheel = wheel_of(built)
    names = zipfile.ZipFile(wheel).namelist()
    assert {n.split("/")[0] for n in names} == {"piquet_ref", wheel.name.split("-py3")[0] + ".dist-info"}
    inside = [n.removeprefix("piquet_ref/") for n in names if n.startswith("piquet_ref/")]
    assert not [n for n in inside if n.startswith(TOOLING) or "/contracts/" in n or n.endswith((".pyc", "conftest.py"))]
    for needed in ("py.typed", "examples/cavendish-example.yaml", "deal/scoring.py", "machine/state.py", "cli/parser.py",
                   "conformance/VERSION", "conformance/ids.lock.json", "conformance/levels.yaml"):
        assert needed in inside, needed
    for folder, target, pattern in (("spec", "spec", "*.yaml"), ("spec", "spec", "*.json"), ("conformance/schema", "conformance/schema", "*.json"),
                                    ("conformance/cases", "conformance/cases", "*.yaml")):
        for path in (ROOT / folder).rglob(pattern):
            assert f"{target}/{path.relative_to(ROOT / folder).as_posix()}" in inside, path
    assert zipfile.ZipFile(wheel).read("piquet_ref/conformance/corpus.json").decode() == corpus_json(ROOT / "conformance")


@pytest.mark.deep
def test_the_metadata_states_licence_status_pythons_and_typing(built: Path) -> None:
    wheel = wheel_of(built)
    info = next(n for n in zipfile.ZipFile(wheel).namelist() if n.endswith(".dist-info/METADATA"))
    meta = email.message_from_bytes(zipfile.ZipFile(wheel).read(info))
    classifiers = meta.get_all("Classifier") or []
    assert meta["License-Expression"] == "MIT" and "License :: OSI Approved :: MIT License" in classifiers
    assert any(c.startswith("Development Status :: ") for c in classifiers) and "Typing :: Typed" in classifiers
    assert "Programming Language :: Python :: 3.11" in classifiers and meta["Requires-Python"] == ">=3.11"
    assert [r for r in meta.get_all("Requires-Dist") or [] if "extra ==" not in r] == ["pyyaml>=6.0"]  # the one run-time dependency


@pytest.mark.deep
def test_twine_check_passes_the_wheel_and_the_sdist(built: Path) -> None:
    files = sorted(str(p) for p in built.iterdir())
    done = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *files], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert done.stdout.count("PASSED") == 2


@pytest.mark.deep
def test_the_sdist_carries_the_corpus_as_json_and_the_hook_that_writes_it(built: Path) -> None:
    (sdist,) = built.glob("piquet_ref-*.tar.gz")
    with tarfile.open(sdist) as tar:
        top = sdist.name.removesuffix(".tar.gz")
        text = tar.extractfile(f"{top}/conformance/corpus.json")
        assert text is not None and text.read().decode() == corpus_json(ROOT / "conformance")
        assert f"{top}/hatch_build.py" in tar.getnames() and f"{top}/dev/__main__.py" in tar.getnames()


@pytest.mark.deep
def test_the_installed_wheel_scores_the_example_and_refuses_the_maintainers_tools(built: Path, tmp_path: Path) -> None:
    """From a normal (not editable) install in a fresh environment: the command works, and `python -m dev` run
    from a checkout refuses to write into the installed copy."""
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # the installed copy, not a checkout's
    env = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(env)], check=True, timeout=300)
    python = env / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel_of(built))], check=True, timeout=300)
    done = subprocess.run([str(env / "bin" / "piquet-ref"), "score", "--example"], capture_output=True, text=True, timeout=120,
                          check=False, cwd=tmp_path, env=clean)
    assert done.returncode == 0 and "Total elder      28" in done.stdout
    code = ("import sys, piquet_ref; sys.path.insert(0, sys.argv[1]); from dev.__main__ import main; sys.exit(main(['corpus', 'lock']))")
    done = subprocess.run([str(python), "-c", code, str(ROOT)], capture_output=True, text=True, timeout=120, check=False, cwd=tmp_path, env=clean)
    assert done.returncode == 2 and "refuses" in done.stderr, done.stderr[-1000:]
