"""Cards and what one hand holds: the notation, suit masks, declarations and their comparison, the exchange, and
the play of one trick."""
