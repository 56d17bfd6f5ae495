"""The two tiers of the test suite, and the Hypothesis budget of each.

- `python -m pytest`, the standard tier: every test but those marked `deep`, each Hypothesis property at the
  `standard` budget. It covers every rule, op, error code and corpus case.
- `python -m pytest --deep`, the deep tier: the tests marked `deep` (the CrossHair search and its calibration,
  the corpus with one process per request, the mutation tool's sandboxes) and every Hypothesis property again
  (the tests marked `hypothesis`) at the `deep` budget.

`HYPOTHESIS_PROFILE=thorough` (5,000 examples a property) with either tier is for a long run by hand;
`HYPOTHESIS_PROFILE=mutation` is the judge of `python -m verification.mutation run --judge tests`. A budget a test
fixes for itself is scaled with the tier by `tests.support.examples`.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

SLOW_OK = [HealthCheck.too_slow]
settings.register_profile("standard", max_examples=40, deadline=None, suppress_health_check=SLOW_OK)
settings.register_profile("deep", max_examples=100, deadline=None, suppress_health_check=SLOW_OK)
settings.register_profile("thorough", max_examples=5000, deadline=None, suppress_health_check=SLOW_OK)
settings.register_profile("mutation", max_examples=30, deadline=None, derandomize=True, database=None)  # verification/mutation.py


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--deep", action="store_true", help="the deep tier: the slow checks, and every property at the deep budget")


def pytest_configure(config: pytest.Config) -> None:
    """The tier's Hypothesis profile (HYPOTHESIS_PROFILE overrides it), and the project's markers."""
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("deep" if config.getoption("deep") else "standard"))
    config.addinivalue_line("markers", "rules(*ids): the spec rule ids this test establishes (read by verification/report.py)")
    config.addinivalue_line("markers", "deep: a slow check, run in the deep tier only")
    config.addinivalue_line("markers", "hypothesis: a property whose budget grows with the tier (Hypothesis marks its own @given tests)")


@pytest.hookimpl(trylast=True)  # after Hypothesis's own hook has marked its properties `hypothesis`
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The standard tier leaves out the deep checks; the deep tier runs them and the properties, nothing else."""
    deep = config.getoption("deep")
    keep: list[pytest.Item] = []
    drop: list[pytest.Item] = []
    for item in items:
        slow = item.get_closest_marker("deep") is not None
        chosen = (slow or item.get_closest_marker("hypothesis") is not None) if deep else not slow
        (keep if chosen else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
