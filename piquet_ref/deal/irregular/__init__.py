"""Irregularities of the deal (laws 11-13, 23-35, 39-44, 57-58): wrong numbers dealt, irregular exchanges, a card
of the stock shown. Only an irregular record and the state machine come here: a regular deal never does."""
