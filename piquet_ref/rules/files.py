"""Where the rule tables live, and reading them safely."""

from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from piquet_ref.rules.errors import SpecError

try:  # the C build of PyYAML's safe loader: the same safe constructors as `safe_load`, ten times faster
    from yaml import CSafeLoader as _SafeLoader
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml import SafeLoader as _SafeLoader  # type: ignore[assignment]

PACKAGE = Path(__file__).resolve().parent.parent  # piquet_ref/


@lru_cache(maxsize=1)
def spec_dir() -> Path:
    """The `spec/` directory: inside the installed wheel, else beside the package in a checkout."""
    packaged = PACKAGE / "spec"
    if (packaged / "errors.yaml").is_file():
        return packaged
    return PACKAGE.parent / "spec"


@lru_cache(maxsize=1)
def corpus_dir() -> Path:
    """The `conformance/` corpus: inside the installed wheel, else beside the package in a checkout."""
    packaged = PACKAGE / "conformance"
    if (packaged / "cases").is_dir():
        return packaged
    return PACKAGE.parent / "conformance"


def read_yaml(path: Path) -> Any:
    """Read one YAML file with the safe loader (`safe_load`, in C where PyYAML has it); errors name the file. The same bytes are parsed once (the
    rule tables are read by every ruleset load); each caller gets its own copy."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SpecError("spec-invalid", f"{path.name}: cannot be read ({exc.strerror})") from None
    return copy.deepcopy(_parsed(path.name, data))


@lru_cache(maxsize=1024)
def _parsed(name: str, data: bytes) -> Any:
    try:
        return yaml.load(data.decode("utf-8"), Loader=_SafeLoader)
    except UnicodeDecodeError:
        raise SpecError("spec-invalid", f"{name}: is not UTF-8 text") from None
    except yaml.YAMLError as exc:
        raise SpecError("spec-invalid", f"{name}: not valid YAML ({exc})") from None
