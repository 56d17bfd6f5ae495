"""A pytest plugin for the test-suite mutation judge (`python -m verification.mutation run --judge tests`).

Under coverage.py it records the lines each test reaches under its own context, the test's node id
(setup, call and teardown, Hypothesis' generation included), so that the judge can run on a mutant only
the tests that reach the function it mutates. Lines reached outside any test (imports, collection)
keep the empty context.
"""

from __future__ import annotations

from typing import Iterator

import coverage
import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    cov = coverage.Coverage.current()
    if cov is not None:
        cov.switch_context(item.nodeid)
    yield
    if cov is not None:
        cov.switch_context("")
