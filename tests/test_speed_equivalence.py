"""What the optimisations for speed must not change: every answer of `serve`, byte for byte, on a fixed stream
recorded before them (tests/serve_stream.py); the legal actions listed on demand against the eager listing; the
lean totals against the full result; what a state of the machine carries over from the state before against what
it derives afresh."""

from __future__ import annotations

import os
import random
import shutil
import time
from dataclasses import fields
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_ref import load_ruleset, ruleset_ids
from piquet_ref.rules.ruleset import PLAYERS
from piquet_ref.deal.generate import SITUATIONS, random_record, situation_record
from piquet_ref.deal.scoring import score_deal
from piquet_ref.deal.totals import deal_totals
from piquet_ref.hand.cards import cards_of, hand_of
from piquet_ref.machine.actions import Action, Actions, Call, Calls, Exchange, Exchanges, call_options
from piquet_ref.hand.declarations import DECL_CATEGORIES, compare_declarations
from piquet_ref.machine.dialogue import younger_false_calls
from piquet_ref.machine.state import DERIVED, DealState, _dropped, _false_call, _pack_singles, apply, declarations, legal_actions, replies
from piquet_ref.protocol.ops import run_op
from piquet_ref.rules.errors import PiquetError
from piquet_ref.rules.loader import ruleset_of
from piquet_ref.rules.files import _plain_load, corpus_dir, spec_dir
from piquet_ref.runner.corpus import EXPORTED, load_cases
from piquet_ref.runner.corpus_json import corpus_json
from tests.serve_stream import DIGESTS, answers, digest, read_stream
from tests.support import examples
from verification.walks import CASE_IV_CALLS, CASE_IV_KNAVES, case_iv_deal, start, walks


def test_every_answer_of_the_recorded_stream_is_unchanged() -> None:
    lines = read_stream()
    expected = DIGESTS.read_text().split()
    got = [digest(a) for a in answers(lines)]
    assert len(got) == len(expected) == len(lines) - 0  # one answer per request, the hello included
    first = next((i for i, (a, b) in enumerate(zip(got, expected)) if a != b), None)
    assert first is None, f"the answer to request {first} changed: {lines[first][:300]}"


def _random_deal(rng: random.Random) -> DealState:
    """A deal of a shuffled pack, just dealt."""
    return start(rng.sample(range(32), 32))


def _exchange_states(n: int, seed: int) -> list[DealState]:
    rng = random.Random(seed)
    states = []
    for _ in range(n):
        state = _random_deal(rng)
        states.append(state)
        states.append(apply(state, rng.choice(legal_actions(state))))  # the younger's exchange after the elder's
    return states


@pytest.mark.parametrize("seed", range(3))
def test_the_exchanges_listed_on_demand_are_the_eager_listing(seed: int) -> None:
    for state in _exchange_states(4, seed):
        actions = legal_actions(state)
        assert isinstance(actions, Actions)
        ex = next(p for p in actions.parts if isinstance(p, Exchanges))
        held = cards_of(state.dealt[0 if ex.player == "elder" else 1])
        eager = tuple(Exchange(ex.player, out, take) for k, take in ex.sizes for out in combinations(held, k))
        listed = tuple(actions)
        assert listed == sum((eager if p is ex else tuple(p) for p in actions.parts), ()) and len(actions) == len(listed)
        assert all(actions[i] == a for i, a in enumerate(listed))  # unranked by index, as listed
        assert all(actions[i - len(listed)] == a for i, a in enumerate(listed))  # and counted from the end
        assert actions[3:40:7] == listed[3:40:7] and actions == listed and listed == actions
        assert all(a in actions for a in listed)
        sizes = {k for k, _ in ex.sizes}
        for k, take in ex.sizes:  # not listed: a wrong take, a card not held, a size not allowed, the other player
            out = held[:k]
            assert Exchange(ex.player, out, take + 1) not in actions
            assert Exchange("younger" if ex.player == "elder" else "elder", out, take) not in actions
            assert Exchange(ex.player, out, take, announced=False) not in actions
        stranger = next(c for c in range(32) if c not in held)
        assert Exchange(ex.player, (stranger,), dict(ex.sizes).get(1, 1)) not in actions
        assert all(Exchange(ex.player, held[:k], 0) not in actions for k in range(len(held) + 1) if k not in sizes and k)


def _calls_states(n: int, seed: int) -> list[DealState]:
    """States of random walks in the calls, before any dialogue: the elder to open, the younger to answer."""
    rng, states = random.Random(seed), list[DealState]()
    while len(states) < n:
        state = _random_deal(rng)
        while state.phase in ("exchange", "calls", "option"):
            if state.phase == "calls" and not state.talk:
                states.append(state)
            state = apply(state, rng.choice(legal_actions(state)))
    return states


@pytest.mark.parametrize("seed", range(3))
def test_the_calls_listed_on_demand_are_the_calls_of_every_option(seed: int) -> None:
    for state in _calls_states(12, seed):
        actions = legal_actions(state)
        assert isinstance(actions, Actions)
        listed = tuple(actions)
        player = state.to_move
        assert player is not None
        hand = state.hands[0 if player == "elder" else 1]  # type: ignore[index]
        for part in actions.parts:
            if isinstance(part, Calls):
                eager = tuple(Call(player, part.category, h) for h in call_options(hand, part.category, state.ruleset))
                assert tuple(part) == eager and len(part) == len(eager) and all(part[i] == c for i, c in enumerate(eager))
                assert all(c in part for c in eager) and part[-1] == eager[-1] and part[1:5] == eager[1:5]
                assert Call("younger" if player == "elder" else "elder", part.category, eager[0].holdings) not in part
                assert not any(c in part for c in (Call(player, part.category, ((31, 30, 29, 28, 27, 26, 25, 24, 23),)), Call(player, part.category, [[0]])))  # type: ignore[arg-type]
        assert all(actions[i] == a for i, a in enumerate(listed)) and actions == listed and all(a in actions for a in listed)
        assert len(set(listed)) == len(listed)


def test_an_exchange_listing_out_of_range_is_an_index_error() -> None:
    ex = Exchanges("elder", tuple(range(12)), ((1, 1), (2, 2)))
    malformed: list[Any] = [5, (["x"],), ("a",), (0, 0.5)]
    assert not any(Exchange("elder", out, 1) in ex for out in malformed)  # not listed, and no TypeError
    assert len(ex) == 12 + 66
    with pytest.raises(IndexError):
        ex[len(ex)]
    with pytest.raises(IndexError):
        ex[-len(ex) - 1]


def _full_and_lean(record: object) -> tuple[object, object]:
    """What `score_deal` and `deal_totals` make of a record: the totals and completeness, or the error (its code and
    message, which names the trick or card at fault)."""
    out: list[object] = []
    for score in (score_deal, deal_totals):
        try:
            r = score(record)
            out.append((r.ruleset.id, r.elder, r.younger, r.complete, r.score("elder"), r.score("younger")))
        except PiquetError as exc:
            out.append((exc.code, exc.message))
    return out[0], out[1]


def test_the_event_log_is_built_only_when_it_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """One scorer decides every score; its trace becomes the event log only when a caller reads the events or the
    tricks, never for the lean totals (what the speed of `deal_totals` is for), and once for a result read twice."""
    import piquet_ref.deal.result as result_module

    built: list[int] = []
    real = result_module.event_log

    def counted(trace: Any) -> Any:
        built.append(len(trace))
        return real(trace)

    monkeypatch.setattr(result_module, "event_log", counted)
    rng = random.Random(9)
    records = [random_record(rng) for _ in range(60)] + [random_record(rng, tricks=rng.randrange(12)) for _ in range(20)]
    records += [situation_record(s, rng) for s in SITUATIONS for _ in range(3)]
    for record in records:
        deal_totals(record)
    assert built == []
    result = score_deal(records[0])
    assert built == [] and result.elder.total == deal_totals(records[0]).elder.total
    assert result.events and result.tricks and result.events is result.events
    assert len(built) == 1 and sum(e.points for e in result.events if e.player == "elder") == result.elder.total


def test_an_illegal_trick_is_refused_by_the_lean_totals_as_by_the_full_result() -> None:
    rng = random.Random(4)
    refused = 0
    for _ in range(60):
        record = random_record(rng)
        k = rng.randrange(12)
        lead, follow = record["tricks"][k]
        record["tricks"][k] = [follow, lead] if rng.random() < 0.5 else [lead, record["stock"][0]]
        full, lean = _full_and_lean(record)
        assert lean == full, record
        refused += isinstance(full, tuple) and len(full) == 2
    assert refused > 40


def test_the_lean_totals_are_the_full_results_on_random_and_rare_deals() -> None:
    rng = random.Random(26)
    records = [random_record(rng) for _ in range(600)]
    records += [random_record(rng, tricks=rng.randrange(13)) for _ in range(150)]
    records += [situation_record(s, rng) for s in SITUATIONS for _ in range(40)]
    records += [random_record(rng, load_ruleset(rid)) for rid in ruleset_ids() for _ in range(40)]
    records += [situation_record(s, rng, load_ruleset(rid)) for rid in ruleset_ids() for s in SITUATIONS for _ in range(4)]
    for record in records:
        full, lean = _full_and_lean(record)
        assert lean == full, record


def test_the_lean_totals_are_the_full_results_on_every_deal_of_the_corpus() -> None:
    inputs = [c.data["input"] for c in load_cases(corpus_dir() / "cases") if c.data["op"] == "score_deal"]
    assert len(inputs) > 250
    for data in inputs:
        full, lean = _full_and_lean(data)
        assert lean == full, data


def test_the_totals_op_writes_the_totals_of_the_full_result() -> None:
    rng = random.Random(3)
    for record in [random_record(rng) for _ in range(50)] + [{"elder": {}}]:
        full, lean = run_op_safely("score_deal", record), run_op_safely("score_totals", record)
        if "error" in full:
            assert lean == full
        else:
            assert lean == {k: full[k] for k in ("ruleset", "elder", "younger", "complete")}


def run_op_safely(op: str, data: object) -> dict[str, object]:
    try:
        result: dict[str, object] = run_op(op, data)
        return result
    except PiquetError as exc:
        return {"error": exc.code}


def test_the_package_reads_its_own_yaml_as_the_safe_loader_does() -> None:
    files = sorted(spec_dir().rglob("*.yaml")) + sorted(corpus_dir().rglob("*.yaml"))
    assert len(files) > 900
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert _plain_load(text) == yaml.safe_load(text), path
    assert _plain_load("a: &x [1, 2.5, null, true, '3']\nb: *x\nc: {<<: {d: 1}, e: 0x10}") == {
        "a": [1, 2.5, None, True, "3"], "b": [1, 2.5, None, True, "3"], "c": {"d": 1, "e": 16}}


def test_the_cases_are_read_from_the_json_copy_only_while_it_is_the_copy_of_the_files(tmp_path: Path) -> None:
    root = tmp_path / "conformance"
    shutil.copytree(corpus_dir(), root, ignore=shutil.ignore_patterns("corpus.json"))
    from_yaml = load_cases(root / "cases")
    (root / EXPORTED).write_text(corpus_json(root), encoding="utf-8")
    assert load_cases(root / "cases") == from_yaml
    first = root / "cases" / from_yaml[0].path
    first.write_text(first.read_text(encoding="utf-8").replace("rev: 1", "rev: 7", 1), encoding="utf-8")
    os.utime(first, (time.time() + 5, time.time() + 5))  # edited after the copy was made
    assert load_cases(root / "cases")[0].data["rev"] == 7
    os.utime(root / EXPORTED, (time.time() + 10, time.time() + 10))  # a copy newer, but of other files
    (root / "cases" / "extra.yaml").write_text((root / "cases" / from_yaml[1].path).read_text(encoding="utf-8"))
    assert len(load_cases(root / "cases")) == len(from_yaml) + 1


def test_a_result_from_the_trace_is_the_result_of_its_fields() -> None:
    """A result whose log is built on demand equals and hashes as the result built from its fields, pickles with its
    log, its repr reads back, and it refuses to be changed."""
    import pickle

    import piquet_ref
    from piquet_ref.deal.result import FIELDS, DealResult

    rng = random.Random(31)
    names = {name: getattr(piquet_ref, name) for name in piquet_ref.__all__}
    for record in [random_record(rng) for _ in range(5)] + [situation_record(s, rng) for s in SITUATIONS[:4]]:
        lazy = score_deal(record)
        built = DealResult(**{name: getattr(lazy, name) for name in FIELDS})
        assert built == lazy and lazy == built and hash(built) == hash(lazy) and built._fields == FIELDS
        if lazy.reckons_nothing == (False, False) and lazy.barred == ((), ()) and not lazy.out_of_turn:  # no penalty: the defaults
            assert DealResult(**{name: getattr(lazy, name) for name in FIELDS[:-3]}) == lazy
        copy = pickle.loads(pickle.dumps(lazy))  # the ruleset is compared by identity: a copy has one of its own
        assert (copy.ruleset.id, copy.elder, copy.events, copy.tricks, copy.hands) == (lazy.ruleset.id, lazy.elder, lazy.events, lazy.tricks, lazy.hands)
        assert eval(repr(lazy), names) == lazy  # noqa: S307
        assert lazy != score_deal(random_record(rng)) and lazy != lazy.elder
        with pytest.raises(AttributeError, match="immutable"):
            lazy.complete = False  # type: ignore[misc]
        with pytest.raises(AttributeError, match="immutable"):
            del lazy.events


def test_a_result_is_written_the_same_from_its_trace_and_from_its_fields() -> None:
    """The JSON text of a result is written from the scorer's trace without its log built (`DealResult.replay`), and
    from the events and tricks of a result built from its fields: byte for byte the same, on random and rare deals
    under every ruleset; the trace replayed gives the log's own events and tricks."""
    from piquet_ref.deal.result import FIELDS, DealResult, Event, Trick
    from piquet_ref.protocol.results import result_text

    rng = random.Random(47)
    records = [random_record(rng) for _ in range(40)] + [random_record(rng, tricks=rng.randrange(13)) for _ in range(10)]
    records += [situation_record(s, rng, load_ruleset(rid)) for rid in ruleset_ids() for s in SITUATIONS for _ in range(2)]
    written = 0
    for record in records:
        try:
            lazy = score_deal(record)
        except PiquetError:
            continue
        text = result_text(lazy)  # the log not yet built
        built = DealResult(**{name: getattr(lazy, name) for name in FIELDS})
        assert result_text(built) == text and result_text(lazy) == text, record
        events: list[Event] = []
        tricks: list[Trick] = []
        lazy.replay(lambda p, k, n, r, c, note, t, e, y: events.append(Event(PLAYERS[p], k, n, r, c, note, t, (e, y))),
                    lambda n, l, a, b, w, e, y: tricks.append(Trick(n, PLAYERS[l], a, b, PLAYERS[w], (e, y))))
        assert (tuple(events), tuple(tricks)) == (lazy.events, lazy.tricks)
        written += 1
    assert written > 100


def test_a_holding_is_good_against_the_cards_as_the_whole_declarations_compare() -> None:
    """`good_against` compares the holding's key with the best key of the cards unseen: the verdict of the holding
    declared alone against a declaration of everything unseen (law 48), for every single holding of random hands,
    discards of every size, both players (whoever calls it, the verdict is the same) and every ruleset."""
    from piquet_ref.hand.cards import hand_of_pack, pack_of, pack_of_hand
    from piquet_ref.hand.declarations import declare_all, declared
    from piquet_ref.machine.dialogue import FULL_PACK, choice, good_against, singles

    rng = random.Random(48)
    good = tried = 0
    for rid in ruleset_ids():
        rs = load_ruleset(rid)
        for _ in range(60):
            pack = rng.sample(range(32), 32)
            hand, discard = hand_of(pack[:12]), tuple(pack[12 : 12 + rng.randrange(9)])
            unseen = declare_all(hand_of_pack(FULL_PACK & ~(pack_of_hand(hand) | pack_of(discard))), rs)
            for category in DECL_CATEGORIES:
                for holding in singles(hand, category, rs):
                    mine = declared(hand, choice(category, (holding,)), "elder", rs)
                    for i, player in enumerate(PLAYERS):
                        pair = (mine, unseen) if i == 0 else (unseen, mine)
                        whole = compare_declarations(*pair, rs).category(category).status(player) == "good"
                        assert good_against(hand, discard, category, holding, rs) == whole, (rid, hand, discard, holding)
                        good += whole
                        tried += 1
    assert tried > 10_000 and good > 100


def _afresh(state: DealState) -> DealState:
    """The state made again from its fields alone: nothing derived carried in."""
    return DealState(**{f.name: getattr(state, f.name) for f in fields(DealState)})


def carried_astray(deck: list[int], actions: tuple[Action, ...]) -> list[str]:
    """Each value the first state of the walk that differs carried over from the state before (`_kept_while`) and
    that differs from the value worked out afresh from its fields: a field the value reads missing from its list (the
    walk stops there: its next actions may not be open in a state that carried a wrong value)."""
    state, out = start(deck), []
    for n, action in enumerate(actions):
        for d in DERIVED:
            getattr(state, d.name)  # worked out now, so that the next state may carry it
        state = apply(state, action)
        carried = {d.name: state.__dict__[d.name] for d in DERIVED if d.name in state.__dict__}
        assert all(d.reads is not None for d in DERIVED if d.name in carried)  # only a value kept while its fields stand
        fresh = _afresh(state)
        out += [f"step {n} ({action!r}): {name} carried {value!r}, afresh {getattr(fresh, name)!r}"
                for name, value in carried.items() if getattr(fresh, name) != value]
        if out:
            break
    return out


@settings(max_examples=examples(40), deadline=None)
@given(st.one_of(
    walks(stop_anywhere=True, irregular=True, revokes=True), walks(stop_anywhere=True, claims=True, showings=True),
    walks(stop_anywhere=True, younger_claims=True), walks(stop_anywhere=True, implied_calls=True),
    walks(stop_anywhere=True, out_of_turn=True, revokes=True), walks(stop_anywhere=True, shortfall=True, revokes=True),
    walks(stop_anywhere=True, multiple_leads=True),
))
def test_what_a_state_carries_over_from_the_state_before_is_what_it_derives_afresh(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    assert carried_astray(walk[0], walk[1]) == []


def test_a_value_read_from_a_field_left_off_its_list_is_caught() -> None:
    """The check above fails where a kept value does not list a field it reads (the replies read as if they read the
    hands alone, on a walk through a whole deal)."""
    verdicts = next(d for d in DERIVED if d.name == "verdicts")
    reads = verdicts.reads
    rng = random.Random(3)
    deck = rng.sample(range(32), 32)
    state, actions = start(deck), []
    while state.phase not in ("complete", "void"):
        actions.append(rng.choice(legal_actions(state)))
        state = apply(state, actions[-1])
    assert carried_astray(deck, tuple(actions)) == []
    try:
        verdicts.reads = frozenset({"hands"})
        _dropped.cache_clear()
        assert any("verdicts carried" in line for line in carried_astray(deck, tuple(actions)))
    finally:
        verdicts.reads = reads
        _dropped.cache_clear()


def test_a_call_is_found_false_as_the_listing_of_false_calls_finds_it() -> None:
    """`_false_call` tests a holding without listing the younger's false calls: the same answer as the listing, for
    every single holding of the pack in each category and a holding of no category, on random hands."""
    rng = random.Random(9)
    rs = ruleset_of(None)
    for _ in range(40):
        hand = hand_of(rng.sample(range(32), 12))
        for category in DECL_CATEGORIES:
            listed = set(younger_false_calls(hand, category, rs))
            tried = list(_pack_singles(category, rs)) + [(0, 9), (0, 1, 2, 3, 4, 5, 6, 7, 8)]
            assert [_false_call(hand, category, h, rs) for h in tried] == [h in listed for h in tried]


def replies_astray(state: DealState, actions: tuple[Action, ...]) -> list[str]:
    """The states of the walk from `state` whose replies (kept by the calls of the categories replied in) differ from
    the replies worked out from both players' whole declarations so far (`declarations`)."""
    out = []
    for n, action in enumerate(actions):
        state = apply(state, action)
        if state.phase in ("calls", "play", "complete"):
            done = {c.category for c in state.calls if c.player == "younger"}
            whole = compare_declarations(*declarations(state), state.ruleset)
            if replies(state) != tuple(whole.category(c) for c in DECL_CATEGORIES if c in done):
                out.append(f"step {n} ({action!r})")
    return out


@settings(max_examples=examples(40), deadline=None)
@given(st.one_of(
    walks(stop_anywhere=True, implied_calls=True), walks(stop_anywhere=True, claims=True, showings=True),
    walks(stop_anywhere=True, younger_claims=True), walks(stop_anywhere=True, point_lost=True, claims=True),
))
def test_the_replies_are_those_of_the_whole_declarations(walk: tuple[list[int], tuple[Action, ...], DealState]) -> None:
    assert replies_astray(start(walk[0]), walk[1]) == []


def test_the_replies_count_the_holdings_the_elder_declared_by_implication() -> None:
    """Case IV: the elder's aces, declared by implication (his call of nothing in sets, his other calls naming them),
    beat the younger's knaves; his call read as nothing would lose to them."""
    calls = CASE_IV_CALLS[:-1] + (CASE_IV_KNAVES,)
    state = case_iv_deal()
    for action in calls:
        state = apply(state, action)
    assert replies(state)[-1].category == "sets" and replies(state)[-1].status("elder") == "good"
    assert replies_astray(case_iv_deal(), calls) == []
