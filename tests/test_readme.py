"""The README's examples run as written and print what the README shows.

- A ```console block holds commands, each on a line after `$ ` (a line ending in a backslash goes on to the
  next), each followed by the lines it prints.
- A ```sh block, but the set-up commands (they install), and a ```python block are run whole; what they
  print is the ```text block right after them, or nothing when there is none.

Commands run in a shell from the repository root, with the `piquet-ref` of the environment running the tests
(next to sys.executable, as tests/test_cli.py finds it) and that environment's `python` first on PATH; Python
blocks run with sys.executable. What a command prints (stdout and stderr together, as a terminal shows them)
must be what the README shows once trailing white space is stripped, and it must exit with status 0.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
SETUP = ("pip install . && piquet-ref score --example",
         "pip install build && python -m build --wheel && pip install dist/piquet_ref-*.whl",
         "pip install -e '.[test]' && python -m pytest")
FENCE = re.compile(r"^```(\S*)\s*$")
PROMPT = "$ "
TIMEOUT = 120  # seconds for one example


class Block(NamedTuple):
    """A fenced code block of the README."""

    lang: str
    body: str
    start: int  # line number of the opening fence, from 1
    end: int  # line number of the closing fence


class Example(NamedTuple):
    """Something to run and what the README shows it printing."""

    kind: str  # "shell" or "python"
    code: str
    expected: str
    line: int  # where it starts in the README

    def label(self) -> str:
        first = self.code.strip().splitlines()[0] if self.code.strip() else ""
        return f"README.md:{self.line} {first[:60]}"


def code_blocks(text: str) -> list[Block]:
    """Every fenced code block of `text`, in order."""
    lines = text.splitlines()
    out: list[Block] = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if opening is None:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and lines[j].rstrip() != "```":
            j += 1
        if j == len(lines):
            raise AssertionError(f"README.md:{i + 1}: a code block is never closed")
        out.append(Block(opening.group(1), "\n".join(lines[i + 1:j]), i + 1, j + 1))
        i = j + 1
    return out


def console_examples(block: Block) -> list[Example]:
    """The commands of a console block, each with the lines after it up to the next prompt."""
    lines = block.body.splitlines()
    if not lines or not lines[0].startswith(PROMPT):
        raise AssertionError(f"README.md:{block.start + 1}: a console block starts with a `$ ` prompt")
    out: list[Example] = []
    i = 0
    while i < len(lines):
        line = block.start + 1 + i
        command = lines[i][len(PROMPT):]
        i += 1
        while command.endswith("\\") and i < len(lines):
            command += "\n" + lines[i]
            i += 1
        shown: list[str] = []
        while i < len(lines) and not lines[i].startswith(PROMPT):
            shown.append(lines[i])
            i += 1
        out.append(Example("shell", command, "\n".join(shown), line))
    return out


def readme_examples(text: str) -> tuple[list[Example], list[str]]:
    """The examples to run, and the set-up commands (sh blocks that install), in the README's order."""
    lines = text.splitlines()
    blocks = code_blocks(text)
    examples: list[Example] = []
    setup: list[str] = []
    for k, block in enumerate(blocks):
        if block.lang == "console":
            examples.extend(console_examples(block))
            continue
        if block.lang not in ("sh", "python"):
            continue
        if block.lang == "sh" and "pip install" in block.body:
            setup.append(block.body.strip())
            continue
        after = blocks[k + 1] if k + 1 < len(blocks) else None
        adjacent = after is not None and after.lang == "text" and not "".join(lines[block.end:after.start - 1]).strip()
        shown = after.body if after is not None and adjacent else ""
        examples.append(Example("shell" if block.lang == "sh" else "python", block.body, shown, block.start + 1))
    return examples, setup


EXAMPLES, SETUP_FOUND = readme_examples(README.read_text(encoding="utf-8"))


def normal(text: str) -> str:
    """`text` with the white space at the end of every line, and the blank lines at its end, stripped."""
    return "\n".join(line.rstrip() for line in text.rstrip().splitlines())


def environment() -> dict[str, str]:
    """The environment of an example: this environment's `piquet-ref` and `python` first on PATH."""
    script = shutil.which("piquet-ref", path=str(Path(sys.executable).parent)) or shutil.which("piquet-ref")
    if script is None:
        pytest.skip("the piquet-ref console script is not installed")
    first = dict.fromkeys([str(Path(script).parent), str(Path(sys.executable).parent)])
    path = os.pathsep.join([*first, os.environ.get("PATH", "")])
    return {**os.environ, "PATH": path, "PYTHONUTF8": "1", "COLUMNS": "80"}


def run(example: Example) -> subprocess.CompletedProcess[str]:
    if example.kind == "python":
        argv = [sys.executable, "-c", example.code]
    else:
        argv = [shutil.which("bash") or "/bin/sh", "-c", example.code]
    return subprocess.run(
        argv, cwd=ROOT, env=environment(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        timeout=TIMEOUT, check=False,
    )


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.label() for e in EXAMPLES])
def test_readme_example_prints_what_the_readme_shows(example: Example) -> None:
    done = run(example)
    assert normal(done.stdout) == normal(example.expected), f"{example.label()} prints something else"
    assert done.returncode == 0, f"{example.label()} exits with status {done.returncode}"


def test_the_readme_has_examples_of_each_kind() -> None:
    """The parser finds the examples: a console command and a Python block at least."""
    kinds = {e.kind for e in EXAMPLES}
    assert kinds == {"shell", "python"}, kinds
    assert any(e.code == "piquet-ref score --example" for e in EXAMPLES)


def test_the_set_up_is_the_documented_commands() -> None:
    """The set-up (not run here: it installs) is these commands, each in a block of its own: from a checkout, from
    a wheel built in it (the package is not yet on PyPI), and the test tools."""
    assert tuple(SETUP_FOUND) == SETUP



def test_ci_runs_the_readmes_test_commands_as_written() -> None:
    """.ci/run installs and tests with the README's own line, before anything of its own (the deep tier's extras),
    so that what CI passes is what a reader who follows the README gets."""
    ci = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line.split("  #")[0].strip() for line in ci.splitlines() if line.startswith(("pip ", "python "))]
    assert commands[0] == SETUP[-1]
