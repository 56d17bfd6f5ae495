"""Pictures of Piquet as SVG: a hand, and a deal with its ledger. Pure and dependency-free, for the site and embedders.

People would rather look at a deal than read one, so every worked example of the sources is drawn, and
`piquet-ref score FILE --format svg` draws any deal. The functions return SVG text and never touch a file:

- `hand_svg(cards)`: one row of cards;
- `deal_svg(record)`: the deal a record describes, scored as `score_deal` scores it: each player's hand as dealt
  with his discard beside it (or the hands after the exchange, for a record given so), the stock with who took
  in each card, the tricks with their winners and the running totals, and the ledger, every score in the order
  of accretion with its rule and the running totals;
- `ledger_svg(result)`: the ledger alone.

A card face is drawn from text glyphs, its rank and its suit's glyph from the ruleset's pack, hearts and
diamonds in red: no image, no font of our own, so the picture is small and the text stays selectable. Each card
is an SVG group of class `pq-card` carrying `data-card` (its canonical text) and `data-role` (`dealt`,
`discard`, `stock`, `hand`, `trick`), so a page or a test can count what is drawn.
"""

from __future__ import annotations

from html import escape
from typing import Any, Iterable, Sequence

from piquet_ref.deal.record import DealRecord, parse_record
from piquet_ref.deal.result import DealResult
from piquet_ref.deal.scoring import score_deal
from piquet_ref.hand.cards import Card, bit_of, cards_of, check_cards, format_card, parse_cards, suit_of
from piquet_ref.rules.loader import ruleset_of
from piquet_ref.rules.ruleset import PLAYERS, Ruleset

CARD_W, CARD_H, GAP = 34, 48, 4  # a card and the space between two in a row
STEP = CARD_W + GAP
LABEL_W = 78  # the column of row labels
ROW_H = CARD_H + 26  # a row of cards with its caption above
LINE_H = 15  # one line of the ledger
RED_SUITS = frozenset({"hearts", "diamonds"})  # a drawing convention, not a rule: the two red suits of the pack
FONT = "'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols 2', Arial, sans-serif"
STYLE = (  # scoped by the pq- prefix, since an SVG's style applies to the whole page it is inlined in
    ".pq-card rect{fill:#fff;stroke:#444;stroke-width:1}"
    ".pq-card.pq-won rect{stroke:#1a5fb4;stroke-width:2.5}"
    ".pq-card.pq-gone{opacity:.45}"
    ".pq-card text{font-family:" + FONT + ";fill:#111}"
    ".pq-card.pq-red text{fill:#c01c28}"
    ".pq-rank{font-size:13px;font-weight:bold}"
    ".pq-suit{font-size:21px}"
    ".pq-txt{font-family:" + FONT + ";font-size:12px;fill:#222}"
    ".pq-small{font-size:10.5px;fill:#555}"
    ".pq-head{font-weight:bold}"
    ".pq-num{font-variant-numeric:tabular-nums}"
)


def _rank_text(card: Card, rs: Ruleset) -> str:
    """The rank as players write it: a numeric alias (10) before a letter (T)."""
    rank = rs.pack.ranks[bit_of(card)]
    return next((a for a in rank.aliases if a.isdigit()), rank.symbol)


def _card(card: Card, x: float, y: float, rs: Ruleset, role: str, extra: str = "") -> str:
    """One card face at (x, y): its rank at the top left, its suit's glyph in the middle."""
    suit = rs.pack.suits[suit_of(card)]
    classes = "pq-card" + (" pq-red" if suit.name in RED_SUITS else "") + (f" {extra}" if extra else "")
    name = escape(f"{rs.pack.ranks[bit_of(card)].name} of {suit.name}")
    return (
        f'<g class="{classes}" data-card="{format_card(card, rs)}" data-role="{role}" transform="translate({x:g},{y:g})">'
        f"<title>{name}</title>"
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="4"/>'
        f'<text class="pq-rank" x="4" y="15">{escape(_rank_text(card, rs))}</text>'
        f'<text class="pq-suit" x="{CARD_W / 2:g}" y="{CARD_H - 9}" text-anchor="middle">{escape(suit.glyph)}</text>'
        "</g>"
    )


def _row(cards: Sequence[Card], x: float, y: float, rs: Ruleset, role: str, marked: frozenset[Card] = frozenset(), mark: str = "") -> list[str]:
    return [_card(c, x + i * STEP, y, rs, role, mark if c in marked else "") for i, c in enumerate(cards)]


def _text(x: float, y: float, text: str, cls: str = "pq-txt", anchor: str = "start") -> str:
    anchor_attr = "" if anchor == "start" else f' text-anchor="{anchor}"'
    return f'<text class="{cls}" x="{x:g}" y="{y:g}"{anchor_attr}>{escape(text)}</text>'


def _svg(width: float, height: float, body: list[str], label: str, kind: str) -> str:
    """A complete SVG document: its size, its style, an accessible name, and the drawing."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="pq-{kind}" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title><style>{STYLE}</style>" + "".join(body) + "</svg>"
    )


def _cards(cards: Iterable[Card] | str | Sequence[str], rs: Ruleset) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards, rs)
    items: tuple[object, ...] = tuple(cards)
    if all(isinstance(c, str) for c in items):
        return parse_cards([str(c) for c in items], rs)
    return check_cards(items)


def hand_svg(cards: Iterable[Card] | str | Sequence[str], ruleset: Ruleset | str | None = None) -> str:
    """One row of cards, in the order given: card numbers, card texts (`["AS", "10H"]`) or one string (`"AS 10H"`).

    raises: PiquetError (`card-unknown` for a text that is not a card)
    """
    rs = ruleset_of(ruleset)
    hand = _cards(cards, rs)
    width = max(1, len(hand)) * STEP + GAP
    body = _row(hand, GAP, GAP, rs, "hand")
    return _svg(width, CARD_H + 2 * GAP, body, "cards: " + " ".join(format_card(c, rs) for c in hand), "hand")


def _event_text(result: DealResult, index: int) -> str:
    """An event as the text ledger writes it: a trick's cards, a holding's cards."""
    rs, e = result.ruleset, result.events[index]
    if e.trick is not None and e.category == "play":
        t = result.tricks[e.trick - 1]
        return f"trick {e.trick} ({format_card(t.lead, rs)} {format_card(t.follow, rs)}): {e.note}"
    if e.cards and e.category != "carte_blanche":
        return f"{e.note} [{' '.join(format_card(c, rs) for c in e.cards)}]"
    return e.note


def _ledger(result: DealResult, y: float, width: float) -> tuple[list[str], float]:
    """The ledger's lines from `y`: a heading, every score in the order of accretion with its rule and the running
    totals, then each player's total; returns the drawing and the height it takes."""
    rs = result.ruleset
    cols = {"player": 8, "what": 70, "pts": 468, "elder": 520, "younger": 580, "rule": 598}
    out = [_text(8, y + 12, "Ledger, in the order of accretion", "pq-txt pq-head")]
    y += 30
    heads = (("player", "player", "start"), ("what", "score", "start"), ("pts", "pts", "end"), ("elder", "elder", "end"),
             ("younger", "younger", "end"), ("rule", "rule", "start"))
    out += [_text(cols[k], y, label, "pq-txt pq-small", anchor) for k, label, anchor in heads]
    section = None
    for i, e in enumerate(result.events):
        in_hand = e.category in rs.accretion.hand or e.category == "repique"
        head = "In play" if e.trick is not None else "In hand" if in_hand else "The cards"
        if head != section:
            y += LINE_H
            out.append(_text(8, y, head, "pq-txt pq-head"))
            section = head
        y += LINE_H
        out.append(f'<g class="pq-event" data-rule="{escape(e.rule)}">')
        out += [_text(cols["player"], y, e.player), _text(cols["what"], y, _event_text(result, i)),
                _text(cols["pts"], y, str(e.points), "pq-txt pq-num", "end"),
                _text(cols["elder"], y, str(e.running[0]), "pq-txt pq-num", "end"),
                _text(cols["younger"], y, str(e.running[1]), "pq-txt pq-num", "end"),
                _text(cols["rule"], y, e.rule, "pq-txt pq-small"), "</g>"]
    y += LINE_H + 6
    for p in PLAYERS:
        s = result.score(p)
        parts = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in s.as_dict().items() if v and k != "total")
        y += LINE_H
        out.append(_text(8, y, f"Total {p}: {s.total}" + (f" ({parts})" if parts else " (nothing)"), "pq-txt pq-head"))
    return out, y + 10


def ledger_svg(result: DealResult) -> str:
    """The ledger of a scored deal: every score in the order of accretion, its rule, the running totals."""
    body, height = _ledger(result, 0, 760)
    return _svg(760, height, body, f"ledger: elder {result.elder.total}, younger {result.younger.total}", "ledger")


def _stock_roles(record: DealRecord, result: DealResult) -> list[tuple[Card, str]]:
    """Each stock card with who took it in: a card in a player's hand after the exchange is his."""
    assert record.stock is not None
    hands = {p: set(cards_of(h)) for p, h in zip(PLAYERS, result.hands)}
    return [(c, next((f"taken by the {p}" for p in PLAYERS if c in hands[p]), "left")) for c in record.stock]


def deal_svg(record: Any, ruleset: Ruleset | str | None = None) -> str:
    """The picture of the deal `record` (a mapping as read from YAML or JSON, or a `DealRecord`), scored under
    `ruleset` if given, else the record's own: the hands and discards, the stock, the tricks and the ledger.

    raises: PiquetError (the record's errors, as `score_deal` raises them)
    """
    if ruleset is not None and not isinstance(record, DealRecord):
        record = {**record, "ruleset": ruleset_of(ruleset).id} if isinstance(record, dict) else record
    parsed = parse_record(record)
    result = score_deal(parsed)
    rs = result.ruleset
    width = LABEL_W + 18 * STEP + 20
    body: list[str] = []
    y = 4.0
    title = f"Deal under {rs.id}: elder {result.elder.total}, younger {result.younger.total}"
    body.append(_text(8, y + 13, title, "pq-txt pq-head"))
    y += 24
    for i, p in enumerate(PLAYERS):
        side = parsed.player(p)
        if side.dealt is not None:
            discarded = frozenset(side.discard or ())
            body.append(_text(8, y + 12, f"{p}: dealt {len(side.dealt)}" + (" (carte blanche)" if result.carte_blanche[i] else "")
                              + ("" if not discarded else f", discards {len(discarded)}"), "pq-txt pq-head"))
            body += _row(side.dealt, LABEL_W, y + 20, rs, "dealt", discarded, "pq-gone")
            if discarded:
                x = LABEL_W + (len(side.dealt) + 1) * STEP
                body.append(_text(x, y + 12, "discard", "pq-txt pq-small"))
                body += _row(tuple(side.discard or ()), x, y + 20, rs, "discard")
        else:
            hand = cards_of(result.hands[i])
            body.append(_text(8, y + 12, f"{p}: hand after the exchange, {len(hand)} cards", "pq-txt pq-head"))
            body += _row(hand, LABEL_W, y + 20, rs, "hand")
        y += ROW_H
        if i == 0 and parsed.stock is not None:
            body.append(_text(8, y + 12, f"stock: {len(parsed.stock)} cards, top first", "pq-txt pq-head"))
            roles = _stock_roles(parsed, result)
            body += _row([c for c, _ in roles], LABEL_W, y + 20, rs, "stock")
            start = 0
            for j in range(1, len(roles) + 1):  # under each run of cards one player took in, who took them
                if j == len(roles) or roles[j][1] != roles[start][1]:
                    x0, x1 = LABEL_W + start * STEP, LABEL_W + j * STEP - GAP
                    body.append(f'<path d="M{x0 + 2:g},{y + CARD_H + 24:g}v4H{x1 - 2:g}v-4" fill="none" stroke="#777"/>')
                    body.append(_text((x0 + x1) / 2, y + CARD_H + 40, roles[start][1], "pq-txt pq-small", "middle"))
                    start = j
            y += ROW_H + 14
    if result.tricks:
        body.append(_text(8, y + 12, "tricks: the leader's card above, the winner's outlined, the running totals below", "pq-txt pq-head"))
        y += 20
        col = CARD_W + 20
        for t in result.tricks:
            x = LABEL_W + (t.number - 1) * col - 60
            body.append(_text(x + CARD_W / 2, y + 10, str(t.number), "pq-txt pq-small", "middle"))
            lead_won = t.winner == t.leader
            body.append(_card(t.lead, x, y + 14, rs, "trick", "pq-won" if lead_won else ""))
            body.append(_card(t.follow, x, y + 18 + CARD_H, rs, "trick", "" if lead_won else "pq-won"))
            body.append(_text(x + CARD_W / 2, y + 2 * CARD_H + 32, f"{t.running[0]}-{t.running[1]}", "pq-txt pq-small pq-num", "middle"))
        y += 2 * CARD_H + 44
    ledger, y = _ledger(result, y, width)
    body += ledger
    return _svg(width, y, body, title, "deal")
