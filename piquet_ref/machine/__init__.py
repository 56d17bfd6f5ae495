"""The Laws of Piquet executed: the deal as a state machine (an immutable state, `legal_actions` and `apply`), the
calling dialogue, showing, revokes and the other irregularities of the play."""
