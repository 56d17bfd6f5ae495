"""Hypothesis profiles: `default` (what `python -m pytest` and CI run), `quick` / `deep`, and
`mutation` (fixed examples, no database: the judge of `python -m verification.mutation run --judge tests`).

Choose one with HYPOTHESIS_PROFILE=quick|deep; per-test settings (deadline) still apply.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("default", max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("quick", max_examples=50, deadline=None)
settings.register_profile("mutation", max_examples=30, deadline=None, derandomize=True, database=None)  # verification/mutation.py
settings.register_profile("deep", max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_configure(config: pytest.Config) -> None:
    """`@pytest.mark.rules("point.compare", ...)`: the rule ids a test establishes (read by verification/report.py)."""
    config.addinivalue_line("markers", "rules(*ids): the spec rule ids this test establishes")
