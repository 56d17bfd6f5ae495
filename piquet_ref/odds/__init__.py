"""Exact odds of the take-in, counted over every set of cards a player may take in, and de Moivre's counts of hands."""
