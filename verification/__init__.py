"""Verification tooling, kept out of the wheel: the CrossHair run and its calibration, the plain-value wrappers it
searches, run-time contract checks, mutation testing and the verification report."""
