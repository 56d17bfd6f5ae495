"""The match: the Rubicon partie, games of a hundred up, chouette, and stakes settled in money."""
