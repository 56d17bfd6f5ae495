"""The rule tables of spec/, read, validated and typed: the ruleset, the sources and ambiguities, the laws and
Cases, and the error codes. The ground floor: it imports nothing else of the package."""
