"""Checking another implementation: the conformance corpus, the runner and its adapters, reports, and
differential fuzzing."""
