"""The human-readable reference generated from spec/ and the corpus: the rule lookup, where the code carries out
each rule, the spec document and the table of the sources' odds."""
