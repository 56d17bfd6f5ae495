"""One deal from its record: the record read and checked, resolved to a plain normal form, scored in the order of
accretion; counts, the ledger, and one deal under every ruleset."""
