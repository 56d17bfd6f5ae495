"""Plain-value entry points to the rule logic that carry the rules as PEP 316 contracts, for CrossHair and the
run-time checks (tools only: the package does not import them)."""
