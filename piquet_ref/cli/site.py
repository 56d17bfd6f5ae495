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

MARK = ".piquet-ref-site"  # left in the source folder, so that a later run knows the folder is its own to empty
NEEDS = ("sphinx", "myst_parser", "furo")


def add_site_command(sub: Any) -> None:
    p = sub.add_parser(
        "site", help="build the rulebook website (every rule, law, dispute and worked deal) into build/site/",
        description="Generate the rulebook site from spec/ and the corpus as Markdown, and build it with Sphinx "
        "(the docs extra: pip install 'piquet-ref[docs]'). Open build/site/index.html.",
    )
    p.add_argument("--output", default="build/site", metavar="DIR", help="where the HTML goes (default build/site)")
    p.add_argument("--source", default="build/site-src", metavar="DIR", help="where the generated Markdown goes (default build/site-src)")
    p.add_argument("--markdown-only", action="store_true", help="write the pages and stop: no Sphinx needed")
    p.set_defaults(func=cmd_site)


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

    source, output = Path(args.source), Path(args.output)
    for folder, mark in ((source, MARK), (output, ".buildinfo")):
        if not _ours_to_empty(folder, mark):
            print(f"piquet-ref: {folder} holds files an earlier run did not write; choose another folder", file=sys.stderr)
            return 2
    started = time.monotonic()
    files = site_files()
    _write(source, [(f.path, f.text) for f in files])
    pages = sum(f.path.endswith(".md") for f in files)
    print(f"wrote {pages} pages and {len(files) - pages} other files to {source} in {time.monotonic() - started:.1f} s")
    if args.markdown_only:
        return 0
    missing = [m for m in NEEDS if importlib.util.find_spec(m) is None]
    if missing:
        print(f"piquet-ref: building the site needs {', '.join(missing)}: pip install 'piquet-ref[docs]' "
              "(or --markdown-only for the pages alone)", file=sys.stderr)
        return 2
    if output.exists():
        shutil.rmtree(output)
    built = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", "-W", "--keep-going", str(source), str(output)], check=False)
    if done.returncode != 0:
        print(f"piquet-ref: Sphinx failed (exit {done.returncode}): the warnings above name the page", file=sys.stderr)
        return 1
    html = sorted(output.rglob("*.html"), key=lambda p: p.stat().st_size)
    largest = html[-1]
    print(f"built {len(html)} HTML pages into {output} in {time.monotonic() - built:.1f} s; the largest is "
          f"{largest.relative_to(output).as_posix()} ({largest.stat().st_size / 1000:.0f} KB); open {output / 'index.html'}")
    return 0
