"""The check shared by the tests that break a copy of spec/ on purpose: the unchanged copy loads, the
broken one is refused with `spec-invalid` and a message naming each expected part (file, key, value)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Callable

import pytest

from piquet_ref.rules.errors import SpecError
from piquet_ref.rules.files import spec_dir


def assert_break_refused(tmp_path: Path, load: Callable[[Path], Any], edit: Callable[[Path], None], names: tuple[str, ...]) -> None:
    root = tmp_path / "spec"
    shutil.copytree(spec_dir(), root)
    assert load(root)  # the copy, unchanged, loads: the break alone is refused
    edit(root)
    with pytest.raises(SpecError) as info:
        load(root)
    assert info.value.code == "spec-invalid"
    for part in names:
        assert part in str(info.value), (part, str(info.value))
