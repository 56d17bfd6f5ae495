"""A user's script, typed against the public API only: `mypy --strict` checks it with the rest of the tests (and
`tests/test_tour.py` runs it, and shows that a mistake in such a script is a type error).

It deals a hand, reads what it holds, scores Cavendish's deal and reads its JSON form key by key, and walks a deal
through the state machine, every value annotated with the public type it is.
"""

from __future__ import annotations

from importlib.resources import files

import yaml

from piquet_ref import (
    Action, CategoryComparison, DealResult, DealState, Event, EventJSON, Hand, HandEvaluation, Point, ResultJSON, Sequence,
    apply, compare_hands, evaluate_hand, legal_actions, new_deal, parse_action, parse_cards, result_json, score_deal,
)


def best_point(hand: Hand) -> str:
    """The hand's point in words, or a dash."""
    held: HandEvaluation = evaluate_hand(hand)
    point: Point | None = held.point
    return "-" if point is None else str(point)


def longest_sequence(hand: Hand) -> Sequence | None:
    sequences: tuple[Sequence, ...] = evaluate_hand(hand).sequences
    return max(sequences, key=lambda s: s.length, default=None)


def elder_total(record: object) -> int:
    """The elder's total, read from the typed JSON form."""
    result: DealResult = score_deal(record)
    data: ResultJSON = result_json(result)
    first: EventJSON = data["events"][0]
    assert first["running"]["elder"] + first["running"]["younger"] == first["points"]
    return data["elder"]["total"]


def walk(state: DealState, lines: list[str]) -> DealState:
    """The state after the actions written in notation, each checked to be one the laws allow."""
    for line in lines:
        action: Action = parse_action(line)
        assert action in legal_actions(state), str(action)
        state = apply(state, action)
    return state


def main() -> list[str]:
    hand = Hand.parse("AS KS QS JS 9S 9H 8H 7H TD TC TH 7C")
    younger = Hand.parse("AH KH QH JH AD KD QD JD AC KC QC 8D")
    verdict: CategoryComparison = compare_hands(hand, younger).point
    record = yaml.safe_load((files("piquet_ref") / "examples" / "cavendish-example.yaml").read_text(encoding="utf-8"))
    events: tuple[Event, ...] = score_deal(record).events
    state = new_deal(Hand.parse(record["elder"]["dealt"]), Hand.parse(record["younger"]["dealt"]), parse_cards(record["stock"]))
    state = walk(state, ["elder exchange [KS 8C 7C 9D 8D] 5", "younger exchange [7S 9H 7H] 3"])
    return [best_point(hand), str(longest_sequence(hand)), str(verdict), str(events[0]), str(elder_total(record)), state.phase]


if __name__ == "__main__":
    print("\n".join(main()))
