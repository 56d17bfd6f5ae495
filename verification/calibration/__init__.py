"""Planted bugs for calibrating CrossHair: copies of real rule functions, each with one mutation.

The CrossHair settings used in CI must find a counterexample for every function in `planted.py`;
if one stops being found, the search budget is too small (tests/test_crosshair.py says so).
"""
