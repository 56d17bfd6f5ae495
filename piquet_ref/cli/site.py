"""`piquet-ref site`: the rulebook as a website, generated from spec/ and the corpus and built by Sphinx.

The pages are written as Markdown into a source folder (default build/site-src/), then Sphinx builds them into
HTML (default build/site/), strictly: a warning fails the build, so a broken page never ships. Sphinx, MyST and
Furo are the `docs` extra (`pip install 'piquet-ref[docs]'`); without them `--markdown-only` still writes the
pages. Both folders are build products: a folder is emptied before it is written only if an earlier run made it.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from piquet_ref.cli.documents import UsageError, print_json, report

SITE_FAILED = "site-build-failed"  # the code of a failed Sphinx build in a JSON error object (not an input's)
MARK = ".piquet-ref-site"  # left in the source folder, so that a later run knows the folder is its own to empty
NEEDS = ("sphinx", "myst_parser", "furo")


def _ours_to_empty(folder: Path, mark: str) -> bool:
    """Whether `folder` may be emptied: it is missing or empty, or an earlier run left `mark` in it."""
    return not folder.exists() or not any(folder.iterdir()) or (folder / mark).exists()


def _write(folder: Path, files: list[tuple[str, str]]) -> None:
    if folder.exists():
        shutil.rmtree(folder)
    for rel, text in files:
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (folder / MARK).write_text("written by piquet-ref site; emptied by the next run\n", encoding="utf-8")


def cmd_site(args: argparse.Namespace) -> int:
    from piquet_ref.docs.site import site_files

    json_out = args.format == "json"
    source, output = Path(args.source), Path(args.output)
    for folder, mark in ((source, MARK), (output, ".buildinfo")):
        if not _ours_to_empty(folder, mark):
            raise UsageError(f"{folder} holds files an earlier run did not write; choose another folder")
    started = time.monotonic()
    files = site_files()
    _write(source, [(f.path, f.text) for f in files])
    pages = sum(f.path.endswith(".md") for f in files)
    done_json: dict[str, Any] = {"source": str(source), "pages": pages, "other_files": len(files) - pages}
    if not json_out:
        print(f"wrote {pages} pages and {len(files) - pages} other files to {source} in {time.monotonic() - started:.1f} s")
    if args.markdown_only:
        if json_out:
            print_json(done_json)
        return 0
    missing = [m for m in NEEDS if importlib.util.find_spec(m) is None]
    if missing:
        raise UsageError(f"building the site needs {', '.join(missing)}: pip install 'piquet-ref[docs]' "
                         "(or --markdown-only for the pages alone)")
    if output.exists():
        shutil.rmtree(output)
    built = time.monotonic()
    if sys.stderr.isatty():  # Sphinx runs quiet for about a minute: say so on a terminal
        print(f"building the HTML into {output} with Sphinx (about a minute)...", file=sys.stderr, flush=True)
    done = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", "-W", "--keep-going", str(source), str(output)],
                          check=False, stdout=sys.stderr if json_out else None)
    if done.returncode != 0:
        report(args.format, SITE_FAILED, f"Sphinx failed (exit {done.returncode}): the warnings above name the page")
        return 1
    html = sorted(output.rglob("*.html"), key=lambda p: p.stat().st_size)
    largest = html[-1]
    if json_out:
        print_json({**done_json, "output": str(output), "html_pages": len(html), "index": str(output / "index.html")})
    else:
        print(f"built {len(html)} HTML pages into {output} in {time.monotonic() - built:.1f} s; the largest is "
              f"{largest.relative_to(output).as_posix()} ({largest.stat().st_size / 1000:.0f} KB); open {output / 'index.html'}")
    return 0
