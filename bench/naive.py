"""The baseline of the speed figures: the scorer a user would write without this project.

Straightforward code over lists of card strings ("AS", "TH"), written from the Laws of Piquet adopted by the
Portland and Turf Clubs (Cavendish, 1882): no lookup tables, no bit masks, no caching. It reads a regular deal
record in the dealt form (dealt hands, discards, stock, tricks), checks what a careful user would check (known
cards, no card twice, discards held, suit followed), and returns each player's ten totals under the default
ruleset. It exists to be timed beside `score_deal`; `bench/speed.py` checks that the two agree on every deal it
times, so a faster figure is never bought with a wrong score.
"""

from __future__ import annotations

RANKS = "AKQJT987"  # high to low
SUITS = "SHDC"
KEYS = ("carte_blanche", "point", "sequences", "sets", "repique", "pique", "play", "cards", "capot", "total")


class IllegalDeal(ValueError):
    """A record the laws reject."""


def card_value(card: str) -> int:
    """Pips: the ace eleven, the court cards ten, the others their face (law 50)."""
    rank = card[0]
    if rank == "A":
        return 11
    if rank in "KQJT":
        return 10
    return int(rank)


def check_cards(cards: list[str]) -> None:
    for card in cards:
        if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
            raise IllegalDeal(f"{card!r} is not a card")


def suit_cards(hand: list[str], suit: str) -> list[str]:
    """The cards of `suit` in `hand`, highest first."""
    return sorted((c for c in hand if c[1] == suit), key=lambda c: RANKS.index(c[0]))


def best_point(hand: list[str]) -> tuple[int, int]:
    """(cards, pips) of the longest suit, the higher pip count among equal lengths (law 50)."""
    best = (0, 0)
    for suit in SUITS:
        cards = suit_cards(hand, suit)
        best = max(best, (len(cards), sum(card_value(c) for c in cards)))
    return best


def sequences(hand: list[str]) -> list[tuple[int, int]]:
    """Every run of three or more cards of a suit in rank order, as (length, height: 7 for an ace high)."""
    found = []
    for suit in SUITS:
        run = 0
        for i, rank in enumerate(RANKS + "x"):
            if rank + suit in hand:
                run += 1
                continue
            if run >= 3:
                found.append((run, 8 - (i - run)))
            run = 0
    return found


def sets(hand: list[str]) -> list[tuple[int, int]]:
    """Every three or four of aces, kings, queens, knaves or tens, as (count, height)."""
    found = []
    for i, rank in enumerate("AKQJT"):
        count = sum(1 for c in hand if c[0] == rank)
        if count >= 3:
            found.append((count, 5 - i))
    return found


def sequence_points(length: int) -> int:
    """A tierce three, a quart four, a quint or more ten over its length (law 52)."""
    return length if length < 5 else length + 10


def winner(elder: tuple[int, int] | None, younger: tuple[int, int] | None) -> int | None:
    """0 or 1 for the better holding, None for equal or nothing held."""
    if elder == younger:
        return None
    if younger is None or (elder is not None and elder > younger):
        return 0
    return 1


def score(record: dict[str, object]) -> list[dict[str, int]]:
    """Each player's ten totals, elder first."""
    players = [record["elder"], record["younger"]]
    dealt = [list(p["dealt"]) for p in players]  # type: ignore[index]
    discards = [list(p["discard"]) for p in players]  # type: ignore[index]
    stock = list(record["stock"])  # type: ignore[call-overload]
    tricks = [list(t) for t in record.get("tricks", [])]  # type: ignore[attr-defined]
    everything = dealt[0] + dealt[1] + stock
    check_cards(everything)
    if len(dealt[0]) != 12 or len(dealt[1]) != 12 or len(stock) != 8 or len(set(everything)) != 32:
        raise IllegalDeal("the deal is not the pack")
    hands, top = [], 0
    for who in (0, 1):
        most = 5 if who == 0 else 8 - len(discards[0])
        if not 1 <= len(discards[who]) <= most or len(set(discards[who])) != len(discards[who]):
            raise IllegalDeal("a discard of the wrong size")
        if any(c not in dealt[who] for c in discards[who]):
            raise IllegalDeal("a card discarded that is not held")
        taken = stock[top : top + len(discards[who])]
        top += len(discards[who])
        hands.append([c for c in dealt[who] if c not in discards[who]] + taken)

    scores = [dict.fromkeys(KEYS, 0) for _ in (0, 1)]
    in_hand, in_all, bonus = [0, 0], [0, 0], [False, False]

    def add(who: int, key: str, points: int) -> None:
        scores[who][key] += points
        scores[who]["total"] += points
        if key in ("cards", "capot"):
            return
        if key != "play":
            in_hand[who] += points
        in_all[who] += points
        if bonus[who] or scores[1 - who]["total"] > 0:
            return
        if key != "play" and in_hand[who] >= 30:  # repique (law 56)
            bonus[who] = True
            scores[who]["repique"] += 60
            scores[who]["total"] += 60
        elif who == 0 and in_all[who] >= 30:  # pique, the elder only (law 57)
            bonus[who] = True
            scores[who]["pique"] += 30
            scores[who]["total"] += 30

    for who in (0, 1):
        if not any(c[0] in "KQJ" for c in dealt[who]):
            add(who, "carte_blanche", 10)
    points = [best_point(h) for h in hands]
    good = winner(points[0], points[1])
    if good is not None:
        add(good, "point", points[good][0])
    runs = [sequences(h) for h in hands]
    good = winner(max(runs[0], default=None), max(runs[1], default=None))
    if good is not None:
        add(good, "sequences", sum(sequence_points(length) for length, _ in runs[good]))
    held = [sets(h) for h in hands]
    good = winner(max(held[0], default=None), max(held[1], default=None))
    if good is not None:
        add(good, "sets", sum(14 if count == 4 else 3 for count, _ in held[good]))

    leader, won = 0, [0, 0]
    for number, (lead, follow) in enumerate(tricks, 1):
        follower = 1 - leader
        if lead not in hands[leader] or follow not in hands[follower]:
            raise IllegalDeal(f"trick {number}: a card not held")
        if follow[1] != lead[1] and any(c[1] == lead[1] for c in hands[follower]):
            raise IllegalDeal(f"trick {number}: suit not followed")
        hands[leader].remove(lead)
        hands[follower].remove(follow)
        add(leader, "play", 1)  # a card led scores a point
        wins = follow[1] == lead[1] and RANKS.index(follow[0]) < RANKS.index(lead[0])
        taker = follower if wins else leader
        if wins:
            add(follower, "play", 1)  # winning a trick as second player scores a point
        if number == 12:
            add(taker, "play", 1)  # the last trick scores one more
        won[taker] += 1
        leader = taker
    if len(tricks) == 12 and won[0] != won[1]:
        most = 0 if won[0] > won[1] else 1
        add(most, "cards", 10)
        if won[most] == 12:
            add(most, "capot", 30)
    return scores
