"""The text ledger: a scored deal narrated in the order of accretion, with running totals."""

from __future__ import annotations

from piquet_ref.hand.cards import cards_of, format_cards
from piquet_ref.rules.ruleset import PLAYERS
from piquet_ref.deal.result import DealResult


def narrate(result: DealResult) -> str:
    """The annotated ledger the CLI prints: hands, each score with its rule, running totals, the result."""
    rs = result.ruleset
    lines = [f"Deal scored under {rs.id} ({rs.name})", ""]
    for p, hand in zip(PLAYERS, result.hands):
        lines.append(f"  {p:<8} {' '.join(format_cards(cards_of(hand), rs))}")
    lines.append("")
    lines.append("Declarations")
    for c in result.comparison.all():
        if c.outcome == "none":
            verdict = "neither holds one"
        elif c.outcome == "equal":
            verdict = "equal: neither scores"
        else:
            verdict = f"{c.winner} is good ({c.deciding})"
        lines.append(f"  {c.category:<10} {verdict}")
    lines.append("")
    lines.append(f"  {'':<4}{'player':<9}{'score':<56}{'pts':>4}   {'elder':>5} {'younger':>7}  rule")
    section = None
    tricks = {t.number: t for t in result.tricks}
    for e in result.events:
        in_hand = e.category in rs.accretion.hand or e.category == "repique"
        head = "In play" if e.trick is not None else "In hand" if in_hand else "The cards"
        if head != section:
            lines.append(head)
            section = head
        note = e.note
        if e.trick is not None and e.category == "play":
            t = tricks[e.trick]
            lead, follow = format_cards((t.lead, t.follow), rs)
            note = f"trick {e.trick} ({lead} {follow}): {note}"
        elif e.cards and e.category not in ("carte_blanche",):
            note = f"{note} [{' '.join(format_cards(e.cards, rs))}]"
        lines.append(f"  {'':<4}{e.player:<9}{note:<56}{e.points:>4}   {e.running[0]:>5} {e.running[1]:>7}  {e.rule}")
    lines.append("")
    won = sum(1 for t in result.tricks if t.winner == "elder")
    lines.append(f"Tricks: elder {won}, younger {len(result.tricks) - won}" + ("" if result.complete else " (deal incomplete)"))
    for p in PLAYERS:
        s = result.score(p)
        parts = ", ".join(f"{k} {v}" for k, v in s.as_dict().items() if v and k != "total")
        lines.append(f"Total {p:<8} {s.total:>4}   ({parts or 'nothing'})")
    return "\n".join(lines) + "\n"
