"""Evaluating the docstring contracts at run time, and planting bugs to calibrate the checks.

A condition is read from its function's docstring as CrossHair reads it (`verification.crosshair.contracts`),
compiled once, and evaluated in the function's module with the call's arguments and `__return__`. A calibration
replaces a function by a copy of its module's source with one planted bug (`verification.calibration`), and
requires the check to catch it by the postcondition the bug is aimed at."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from types import CodeType
from typing import Any, Iterable

import pytest

from piquet_ref.rules.errors import PiquetError
from verification.calibration.planted_deal import Plant, planted_function
from verification.crosshair import contracts


@lru_cache(maxsize=None)
def conditions(module: Any, function: str) -> tuple[tuple[CodeType, ...], tuple[tuple[str, CodeType], ...]]:
    """(preconditions, postconditions with their text) of `function`, as CrossHair reads them, compiled."""
    cs = [c for c in contracts((module.__name__,)) if c.function == function]
    return (tuple(compile(c.condition, c.condition, "eval") for c in cs if c.kind == "pre"),
            tuple((c.condition, compile(c.condition, c.condition, "eval")) for c in cs if c.kind == "post"))


def broken(module: Any, function: str, args: tuple[Any, ...]) -> list[str] | None:
    """The postconditions `args` break, or None when they do not meet the preconditions."""
    fn = getattr(module, function)
    defaults = dict(zip(fn.__code__.co_varnames[fn.__code__.co_argcount - len(fn.__defaults__ or ()) :], fn.__defaults__ or ()))
    names = {**vars(module), **defaults, **dict(zip(fn.__code__.co_varnames, args))}  # every parameter, as the call binds it
    pres, posts = conditions(module, function)
    if not all(eval(p, names) for p in pres):  # noqa: S307 (our own docstrings' conditions)
        return None
    try:
        names["__return__"] = fn(*args)
    except PiquetError:
        if "raises: PiquetError" not in (fn.__doc__ or ""):
            raise
        return []  # a refusal its docstring declares (`raises:`), which no postcondition speaks of
    return [text for text, post in posts if not eval(post, names)]  # noqa: S307


def broken_by(module: Any, calls: Iterable[tuple[str, tuple[Any, ...]]]) -> set[tuple[str, str]]:
    """(function, postcondition) of every condition of `module`'s functions broken by `calls`, each of which
    its preconditions must admit (a test calls them as the code does, so a refusal is a wrong precondition)."""
    out: set[tuple[str, str]] = set()
    for function, args in calls:
        bad = broken(module, function, args)
        assert bad is not None, (function, "the preconditions refuse a call made as the code makes it")
        out |= {(function, b) for b in bad}
    return out


def plant(monkeypatch: pytest.MonkeyPatch, module: Any, function: str, bug: Plant, judged_by: tuple[str, ...] = ()) -> None:
    """Replace `module.function` by a copy with `bug` planted, the conditions of `judged_by` (the function's own when
    empty) read from the original first, so that the original's conditions judge the planted copy."""
    for name in judged_by or (function,):
        conditions(module, name)
    monkeypatch.setattr(module, function, planted_function(Path(module.__file__), bug, function))


def assert_caught(bug: Plant, caught: set[str]) -> None:
    """A calibration's verdict: the planted `bug` broke the postcondition aimed at it."""
    assert bug.breaks in caught, f"{bug.name}: not caught by its postcondition (caught by {caught or 'none'})"


def holds(module: Any, function: str, args: tuple[Any, ...]) -> bool:
    """The preconditions admit `args` and no postcondition is broken (a refusal its docstring declares included)."""
    bad = broken(module, function, args)
    assert bad is not None, (function, "the preconditions refuse a call made as the code makes it", args)
    assert not bad, (function, bad, args)
    return True
