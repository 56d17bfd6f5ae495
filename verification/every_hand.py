"""`evaluate_hand` and the comparison's keys checked on every twelve-card hand against the plain definition of
`verification/hand_definition.py`.

    python -m verification.every_hand [--jobs N]     # every hand (minutes); records verification/results/every_hand.json
    python -m verification.every_hand --planted      # the calibration: the planted bug found by the same check, missed
                                                    # by a property at the standard Hypothesis profile; adds it to the record

Why one hand per orbit is enough. There are C(32, 12) = 225,792,840 twelve-card hands. A permutation of the suits
permutes a hand's four suit masks; so the hands that one permutation of the suits carries into each other are the
hands with the same multiset of suit masks, and the sorted 4-tuples of masks holding twelve cards in all are one
hand of each orbit (their number is checked against `piquet_ref.odds.definitions.orbits`, Burnside's lemma,
9,662,590). The evaluator treats the suits alike: every suit is read through the same per-suit table (proven on all
256 masks, tests/test_exhaustive.py) and the suits are combined by sums, maxima and unions, the suit's index
deciding only where a holding lies and, on a tie, the order in which holdings are listed (sequences) or which of
two equal points is reported (the first suit). So the evaluation of a hand carried by a permutation of the suits is
the evaluation of the hand carried the same way, but for those orders, which the definition states too. To exercise
them, each representative is checked with its masks put in one of the 24 orders of the suits, the orders taken in
turn; tests/test_every_hand.py checks every order of a slice of the representatives.

What is checked on each hand: the point (suit, cards, length, pips), every sequence and every set in the order
reported, carte blanche, what each category scores when good, and the keys and values `table_comparison` (the
scorer's comparison of two hands) takes from the hand for each category, as the elder's and as the younger's; and
that `compare_declarations` (the API's comparison, of two evaluations) takes the same keys and values. The
keys with their values that occur are recorded: tests/test_every_hand.py compares every pair of them (every pair two
disjoint hands can hold is among them) as `Comparison` does, against the definition's verdict. So evaluation and
comparison together cover every pair of hands.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import sys
import time
from bisect import bisect_left
from dataclasses import dataclass
from itertools import permutations
from math import comb
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Callable, Iterator

from piquet_ref import load_ruleset
from piquet_ref.hand.cards import BITS_PER_SUIT, SUIT_MASK, Hand, notation
from piquet_ref.hand.declarations import DECL_CATEGORIES, HandEvaluation, compare_declarations, evaluate_hand, table_comparison
from piquet_ref.odds.definitions import orbits
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.ruleset import Ruleset
from verification import hand_definition as definition
from verification.hand_definition import PlainRules, Ranks, Strength, best_strengths, card_names, holdings, plain_rules

ROOT = Path(__file__).resolve().parent.parent
RECORD = Path(__file__).resolve().parent / "results" / "every_hand.json"
HAND_CARDS = 12  # a dealt hand, and a hand after the exchange (deal.sizes)
SUITS = 4
EVALUATOR_SOURCES = ("piquet_ref/hand/cards.py", "piquet_ref/hand/suit.py", "piquet_ref/hand/declarations.py")
CHECK_SOURCES = ("verification/hand_definition.py", "verification/every_hand.py")
SUIT_ORDERS = tuple(permutations(range(SUITS)))  # 24
KEPT_DIFFERENCES = 5  # differences kept of a failing run, in the order found

Evaluator = Callable[[Hand, Ruleset], HandEvaluation]
Entry = tuple[int, int, int, tuple[int, int] | None]  # category index, key, value, the definition's strength


@dataclass(frozen=True)
class Reading:
    """How the driver reads a hand and the evaluator's answer in the pack's notation (never in the definition)."""

    rs: Ruleset
    rules: PlainRules
    held: tuple[Ranks, ...]  # suit mask -> the rank symbols it holds, highest first
    names: tuple[str, ...]  # card number -> its text, e.g. AS
    symbols: tuple[str, ...]  # rank bit -> rank symbol


def reading(rs: Ruleset) -> Reading:
    """The decoding of masks and card numbers for ruleset `rs` (the hand's representation, piquet_ref/hand/cards.py)."""
    symbols = tuple(r.symbol for r in rs.pack.ranks)
    held = tuple(tuple(symbols[b] for b in range(BITS_PER_SUIT - 1, -1, -1) if m >> b & 1) for m in range(SUIT_MASK + 1))
    return Reading(rs, plain_rules(rs), held, notation(rs).names, symbols)


def representatives(cards: int = HAND_CARDS, first: range = range(SUIT_MASK + 1)) -> Iterator[tuple[int, int, int, int]]:
    """One hand of each orbit of the suit permutations: the sorted 4-tuples of suit masks holding `cards` cards in all,
    in increasing order (`first`: only those whose first mask is in it)."""
    by_count = [[m for m in range(SUIT_MASK + 1) if m.bit_count() == n] for n in range(BITS_PER_SUIT + 1)]
    for m0 in first:
        left0 = cards - m0.bit_count()
        for m1 in range(m0, SUIT_MASK + 1):
            left1 = left0 - m1.bit_count()
            if left1 < 0:
                continue
            for m2 in range(m1, SUIT_MASK + 1):
                left2 = left1 - m2.bit_count()
                if not 0 <= left2 <= BITS_PER_SUIT:
                    continue
                last = by_count[left2]
                for m3 in last[bisect_left(last, m2):]:
                    yield (m0, m1, m2, m3)


def differences(hand: Hand, evaluate: Evaluator, rd: Reading) -> tuple[list[str], list[Entry]]:
    """Where the evaluator and the comparison's keys differ from the definition on `hand` (none: they agree), and the
    (category, key, value, strength) the hand holds."""
    want = holdings(tuple(rd.held[m] for m in hand), rd.rules)
    got = evaluate(hand, rd.rs)
    names, out = rd.names, []
    p = got.point
    got_point = None if p is None else (tuple(names[c] for c in p.cards), p.length, p.pips)
    want_point = None if want.point is None else (card_names(want.point.suit, want.point.ranks), want.point.cards, want.point.pips)
    if got_point != want_point:
        out.append(f"point {got_point} != {want_point}")
    got_seqs = tuple(tuple(names[c] for c in s.cards) for s in got.sequences)
    want_seqs = tuple(card_names(s.suit, s.ranks) for s in want.sequences)
    if got_seqs != want_seqs:
        out.append(f"sequences {got_seqs} != {want_seqs}")
    got_sets = tuple((tuple(names[c] for c in s.cards), s.number) for s in got.sets)
    want_sets = tuple((tuple(s.rank + suit for suit in s.suits), len(s.suits)) for s in want.sets)
    if got_sets != want_sets:
        out.append(f"sets {got_sets} != {want_sets}")
    if got.carte_blanche != want.carte_blanche:
        out.append(f"carte blanche {got.carte_blanche} != {want.carte_blanche}")
    comparison = table_comparison(hand, hand, rd.rs)  # the same hand as the elder's and as the younger's
    try:
        declared = compare_declarations(got, got, rd.rs)  # the API's comparison of two evaluations, which declare everything
        if (declared.keys, declared.values) != (comparison.keys, comparison.values):
            out.append(f"compare_declarations {declared} != table_comparison {comparison}")
    except PiquetError as refused:  # it refuses a holding no hand can hold
        out.append(f"compare_declarations refused the evaluation: {refused}")
    strengths = best_strengths(want, rd.rules)
    scores = (want.point_score, want.sequences_score, want.sets_score)
    entries = []
    for i, category in enumerate(DECL_CATEGORIES):
        verdict = comparison.category(category)
        sides = {(strength_of(i, verdict.elder_key, rd), comparison.values[2 * i]),
                 (strength_of(i, verdict.younger_key, rd), comparison.values[2 * i + 1])}
        if sides != {(strengths[i], scores[i])}:
            out.append(f"{category}: (strength, value) as elder and younger {sorted(sides, key=str)} != {(strengths[i], scores[i])}")
        entries.append((i, comparison.keys[2 * i], comparison.values[2 * i], strengths[i]))
    return out, entries


def strength_of(category: int, key: tuple[int, int] | None, rd: Reading) -> Strength | None:
    """A key as `verdict` reads it, in the definition's terms: (cards, pips) of a point; (length or count, minus the
    place of the top card or rank in the rank order) of a sequence or set."""
    if key is None or category == 0:
        return key
    return (key[0], -rd.rules.ranks.index(rd.symbols[key[1]]))


@dataclass(frozen=True)
class Part:
    """What the check of some representatives found."""

    hands: int
    differences: tuple[str, ...]  # the first few
    failing: int  # hands with a difference
    entries: frozenset[Entry]
    cpu_seconds: float = 0.0  # processor time of the check (the wall time depends on what else the cores run)


def check(hands: Iterator[tuple[int, int, int, int]], evaluate: Evaluator, rd: Reading, order_from: int = 0) -> Part:
    """Check each hand, its masks put in the next of the 24 orders of the suits (starting at `order_from`)."""
    cpu = time.process_time()
    n = failing = 0
    kept: list[str] = []
    entries: set[Entry] = set()
    for masks in hands:
        order = SUIT_ORDERS[(order_from + n) % len(SUIT_ORDERS)]
        hand = Hand(masks[order[0]], masks[order[1]], masks[order[2]], masks[order[3]])
        n += 1
        found, held = differences(hand, evaluate, rd)
        entries.update(held)
        if found:
            failing += 1
            if len(kept) < KEPT_DIFFERENCES:
                kept.append(f"{tuple(hand)}: " + "; ".join(found))
    return Part(n, tuple(kept), failing, frozenset(entries), time.process_time() - cpu)


def _check_first_mask(m0: int) -> Part:
    """One task of the pool: the representatives whose first mask is `m0`, under the default ruleset."""
    return check(representatives(first=range(m0, m0 + 1)), evaluate_hand, reading(load_ruleset()), m0)


def run_all(jobs: int) -> tuple[Part, float]:
    """Every representative, in `jobs` processes; the parts merged, and the wall time."""
    start = time.monotonic()
    tasks = list(range(SUIT_MASK + 1))
    tasks.sort(key=lambda m: m.bit_count())  # the largest tasks (few cards in the first suit) first
    if jobs == 1:
        parts = [_check_first_mask(m) for m in tasks]
    else:
        with get_context("fork").Pool(jobs) as pool:
            parts = list(pool.imap_unordered(_check_first_mask, tasks))
    merged = Part(sum(p.hands for p in parts), tuple(d for p in parts for d in p.differences)[:KEPT_DIFFERENCES],
                  sum(p.failing for p in parts), frozenset().union(*(p.entries for p in parts)), sum(p.cpu_seconds for p in parts))
    return merged, time.monotonic() - start


def orbit_size(masks: tuple[int, int, int, int]) -> int:
    """How many hands the permutations of the suits make of the hand `masks`: its distinct orderings."""
    return len(set(permutations(masks)))


def first_failure(evaluate: Evaluator, rd: Reading) -> tuple[int, int, str]:
    """Check the representatives in order until one differs: (hands checked, of them the failing one, its differences);
    (all, 0, '') when none differs."""
    n = 0
    for masks in representatives():
        n += 1
        found, _ = differences(Hand(*masks), evaluate, rd)
        if found:
            return n, 1, f"{masks}: " + "; ".join(found)
    return n, 0, ""


def sources_digest() -> str:
    """A digest of what the recorded run depends on: the evaluator's modules, the definition and this driver, and
    the default ruleset's rule tables. The record is stale when it changes."""
    digest = hashlib.sha256()
    for name in (*EVALUATOR_SOURCES, *CHECK_SOURCES):
        digest.update(name.encode() + b"\0" + (ROOT / name).read_bytes() + b"\0")
    digest.update(json.dumps(load_ruleset().params, sort_keys=True, default=str).encode())
    return digest.hexdigest()


def entries_json(entries: frozenset[Entry]) -> dict[str, list[list[Any]]]:
    """The (key, value, strength) a hand can hold, by category, sorted."""
    return {c: sorted([[k, v, None if s is None else list(s)] for i, k, v, s in entries if i == ci], key=lambda e: (e[0], e[1]))
            for ci, c in enumerate(DECL_CATEGORIES)}


def entries_of(record: dict[str, Any]) -> dict[str, list[tuple[int, int, tuple[int, int] | None]]]:
    """The recorded (key, value, strength) entries, by category, as tuples."""
    return {c: [(k, v, None if s is None else (s[0], s[1])) for k, v, s in rows] for c, rows in record["entries"].items()}


def read_record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(RECORD.read_text(encoding="utf-8"))
    return data


def write_record(data: dict[str, Any]) -> None:
    RECORD.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def measure(jobs: int) -> dict[str, Any]:
    """Check every representative; the record of the run (raises SystemExit when the evaluator differs)."""
    part, seconds = run_all(jobs)
    expected = orbits(HAND_CARDS, SUITS, BITS_PER_SUIT)
    return {
        "command": "python -m verification.every_hand" + (f" --jobs {jobs}" if jobs != 1 else ""),
        "date": time.strftime("%Y-%m-%d", time.gmtime()),
        "representatives": part.hands,
        "orbits": expected,
        "hands": comb(SUITS * BITS_PER_SUIT, HAND_CARDS),
        "failing": part.failing,
        "differences": list(part.differences),
        "seconds": round(seconds, 1),
        "cpu_seconds": round(part.cpu_seconds, 1),
        "processes": jobs,
        "cores": os.cpu_count(),
        "load_average_at_start": round(os.getloadavg()[0], 2),
        "python": platform.python_version(),
        "definition": "verification/hand_definition.py",
        "definition_functions": [f for f in vars(definition) if callable(getattr(definition, f)) and getattr(getattr(definition, f), "__module__", "") == definition.__name__],
        "sources_sha256": sources_digest(),
        "entries": entries_json(part.entries),
    }


def measure_planted() -> dict[str, Any]:
    """The calibration: the check finds the bug planted in a copy of the evaluator, and a property at the standard
    Hypothesis profile (tests/conftest.py) on random twelve-card hands, run under several seeds, mostly does not."""
    from verification.calibration.planted_hand import SIX_CARDS_OF_SIXTY, planted_evaluator, shows_it

    rd = reading(load_ruleset())
    evaluate = planted_evaluator()
    start = time.monotonic()
    checked, found, first = first_failure(evaluate, rd)
    seconds = time.monotonic() - start
    showing = [masks for masks in representatives() if shows_it(holdings(tuple(rd.held[m] for m in masks), rd.rules))]
    return {"planted": {"bug": SIX_CARDS_OF_SIXTY.name, "what": SIX_CARDS_OF_SIXTY.what, "found_after": checked, "found": bool(found),
                        "first_difference": first, "seconds": round(seconds, 1), "representatives_showing_it": len(showing),
                        "hands_showing_it": sum(orbit_size(masks) for masks in showing),
                        "hypothesis": hypothesis_trial(evaluate, rd)}}


HYPOTHESIS_SEEDS = tuple(range(20))


def hypothesis_trial(evaluate: Evaluator, rd: Reading) -> dict[str, Any]:
    """The same comparison as a Hypothesis property on random twelve-card hands (`strategies.hands(12, 12)`) at the
    standard profile's budget, once per seed: in how many runs it found the bug, and with how many examples."""
    from hypothesis import given, seed, settings

    import tests.conftest  # noqa: F401  (registers the tiers' profiles)
    from piquet_ref.strategies import hands

    profile = settings.get_profile("standard")
    found = 0
    for s in HYPOTHESIS_SEEDS:
        @seed(s)
        @settings(profile, database=None, deadline=None)
        @given(hands(HAND_CARDS, HAND_CARDS))
        def agrees(hand: Hand) -> None:
            assert not differences(hand, evaluate, rd)[0]

        try:
            agrees()
        except AssertionError:
            found += 1
    return {"max_examples": profile.max_examples, "strategy": "piquet_ref.strategies.hands(12, 12)", "seeds": len(HYPOTHESIS_SEEDS),
            "runs_that_found_it": found}


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if "--planted" in args:
        part = measure_planted()
        write_record({**read_record(), **part})
        p = part["planted"]
        print(f"planted bug found after {p['found_after']:,} hands ({p['representatives_showing_it']:,} show it); "
              f"Hypothesis found it in {p['hypothesis']['runs_that_found_it']} of {p['hypothesis']['seeds']} runs")
        return
    jobs = int(args[args.index("--jobs") + 1]) if "--jobs" in args else 1
    record = measure(jobs)
    kept = {k: v for k, v in read_record().items() if k == "planted"} if RECORD.exists() else {}
    write_record({**record, **kept})
    print(f"{record['representatives']:,} hands (orbits: {record['orbits']:,}) in {record['seconds']:g} s, {jobs} process(es): "
          f"{record['failing']} differ from the definition")
    if record["failing"] or record["representatives"] != record["orbits"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
