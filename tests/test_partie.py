"""The partie, the game of a hundred, chouette and stakes: every arithmetic example of the sources, and
properties checked against definitions written from the laws (L71-L73, AC 28-29, 000 §Scoring).

The figures in the example tests are the sources'; the definitions in the properties are restated here
from the rule text, not taken from piquet_ref.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis.strategies import SearchStrategy
from hypothesis import strategies as st

from piquet_ref import PartieError, load_ruleset, score_deal, score_partie
from piquet_ref.rules.ruleset import Form
from piquet_ref.partie.scoring import partie_json, partie_over, points_won, tens
from piquet_ref.protocol.serve import answer
from piquet_ref.partie.settlement import money, settle, stake_of

from piquet_ref.strategies import Deal, complete_deals, deal_scores_of, partie_records
from tests.support import EXAMPLE, cli_run

props = settings(deadline=None)
RS = load_ruleset()


def partie(a: int, b: int) -> dict[str, Any]:
    """A partie known by its six-deal totals, as the sources give their examples."""
    return {"brought_forward": {"deals": 6, "scores": {"A": a, "B": b}}, "deals": []}


def won(a: int, b: int) -> tuple[str | None, int, bool]:
    p = score_partie({"parties": [partie(a, b)]}).parties[0]
    return p.winner, p.points, p.rubicon


# ------------------------------------------------------------------ the sources' arithmetic


@pytest.mark.parametrize("a,b,expected", [
    (131, 113, ("A", 118, False)),  # 000 §Scoring: "131 - 13 = 118"
    (125, 81, ("A", 306, True)),  # 000 §Scoring: "125 + 181 = 306", a rubicon
    (120, 102, ("A", 118, False)),  # 002 The Final Score
    (120, 98, ("A", 318, True)),  # 002: only four short of 102, and 200 points more
    (91, 92, ("B", 283, True)),  # CD XXII: neither reached a hundred
    (106, 92, ("A", 298, True)),  # CD XXII, had B held twelve cards
])
def test_points_won_in_the_sources_examples(a: int, b: int, expected: tuple[str, int, bool]) -> None:
    assert won(a, b) == expected


def test_case_xxii_swings_581_points() -> None:
    """CD XXII: B's 283 against A's 298 had B not held thirteen cards."""
    assert won(91, 92)[1] + won(106, 92)[1] == 581


CARD = [((27, 15, 44, 18, 35, 25), (13, 31, 6, 29, 12, 23)), ((15, 75, 45, 32, 6, 51), (30, 4, 6, 12, 38, 2)),
        ((20, 4, 10, 33, 3, 5), (18, 115, 42, 11, 74, 41)), ((28, 11, 31, 8, 10, 15), (14, 36, 12, 41, 17, 24)),
        ((23, 9, 40, 15, 27, 16), (12, 25, 8, 26, 13, 20))]  # 000's score card, cells 29 and 31 as the totals require


def card(stake: str | None = None) -> dict[str, Any]:
    parties = [{"deals": [{"dealer": "BA"[i % 2], "scores": {"A": x, "B": y}} for i, (x, y) in enumerate(zip(a, b))]} for a, b in CARD]
    return {"parties": parties, **({"stake": stake} if stake else {})}


def test_cavendish_score_card_gives_150_416_476_141_126_and_a_net_75() -> None:
    r = score_partie(card())
    assert [(p.totals, p.winner, p.points) for p in r.parties] == [
        ((164, 114), "A", 150), ((224, 92), "A", 416), ((75, 301), "B", 476), ((103, 144), "B", 141), ((130, 104), "A", 126)]
    assert r.net == (75, -75) and sum(p.points for p in r.parties if p.winner == "A") == 692


@pytest.mark.parametrize("stake,counted,money_", [
    ("ten-shillings-a-hundred", 50, "5s"),  # 000: fractions of fifty not reckoned, A wins five shillings
    ("ten-shillings-a-hundred-by-twenty-fives", 75, "7s 6d"),  # by agreement only fractions of 25
    ("two-penny-points", 50, "10s"),  # a pound a hundred, fractions of fifty dropped
    ("three-penny-points", 40, "10s"),  # 000: 75 points only score as 40
    ("shilling-points", 60, "£3"),  # 000: 75 points only score as 60
    ("sixpenny-points", 40, "£1"),  # 000 says 60; a pound is forty sixpenny points (stakes.rounding)
])
def test_the_stakes_examples_on_the_card(stake: str, counted: int, money_: str) -> None:
    s = score_partie(card(stake)).settlement
    assert s is not None
    assert [(line.reckoned, money(line.pence)) for line in s.lines] == [(counted, money_), (-counted, money_)]


def test_chouette_rounds_416_to_42_and_141_to_14_and_settles_b_at_45_shillings() -> None:
    """000 §Scoring: 416 counts 420, 141 counts 140; A 190, C 310, B -500; at ten shillings a hundred A
    receives fifteen shillings, C thirty, and B pays forty-five."""
    assert [tens(p, RS) for p in (416, 141, 150, 476, 126)] == [42, 14, 15, 48, 13]
    s = settle({"A": 190, "B": -500, "C": 310}, stake_of("ten-shillings-a-hundred", RS))
    assert [(line.player, line.reckoned, money(line.pence)) for line in s.lines] == [("A", 150, "15s"), ("B", -450, "£2 5s"), ("C", 300, "£1 10s")]


def test_money_is_written_in_pounds_shillings_and_pence() -> None:
    assert [money(p) for p in (60, 90, 240, 360, 540, 6, 0, -720)] == ["5s", "7s 6d", "£1", "£1 10s", "£2 5s", "6d", "nothing", "£3"]


# ------------------------------------------------------------------ properties against the laws


@pytest.mark.rules("partie.points-won", "partie.rubicon")
@props
@given(st.integers(0, 400), st.integers(0, 400))
def test_points_won_follow_l72_and_l73(a: int, b: int) -> None:
    """L72: the difference and a hundred; L73: if the loser has under a hundred, the sum and a hundred."""
    assume(a != b)
    w, l = max(a, b), min(a, b)
    expected = (w + l + 100, True) if l < 100 else (w - l + 100, False)
    assert points_won(w, l, RS) == expected
    assert won(a, b) == ("A" if a > b else "B", *expected)


@pytest.mark.rules("partie.form", "partie.deals", "partie.ties", "partie.four-deal")
@props
@given(st.lists(st.tuples(st.integers(0, 60), st.integers(0, 60)), min_size=0, max_size=8), st.booleans())
def test_a_partie_adds_its_deals_and_ends_as_l71_says(scores: list[tuple[int, int]], four: bool) -> None:
    """Six deals (or four, the first and last doubled); a tie is played off by one deal each, single, and a
    second tie is a draw; a deal after the end is refused."""
    length, doubled = (4, {1, 4}) if four else (6, set())
    totals = [0, 0]
    over_at = None
    for n, (a, b) in enumerate(scores, 1):
        if over_at is None:
            w = 2 if n in doubled else 1
            totals = [totals[0] + w * a, totals[1] + w * b]
            if (n == length and totals[0] != totals[1]) or n == length + 2:
                over_at = n
        elif over_at < n:
            break
    record = {"form": "four-deal" if four else "rubicon", "deals": [{"dealer": "BA"[i % 2], "scores": {"A": a, "B": b}} for i, (a, b) in enumerate(scores)]}
    if over_at is not None and len(scores) > over_at:
        with pytest.raises(PartieError) as info:
            score_partie(record)
        assert info.value.code == "partie-too-many-deals"
        return
    p = score_partie(record).parties[0]
    assert p.totals == (totals[0], totals[1])
    assert partie_over(len(scores), p.totals, length, 2) == (over_at is not None)
    if over_at is None:
        assert p.outcome == "in-progress"
    elif totals[0] == totals[1]:
        assert (p.outcome, p.points) == ("drawn", 0)
    else:
        assert p.winner == ("A" if totals[0] > totals[1] else "B") and p.outcome == "won"


@pytest.mark.rules("chouette.rounding")
@props
@given(st.integers(0, 10_000))
def test_chouette_tens_drop_units_of_five_and_less(points: int) -> None:
    units = points % 10
    assert tens(points, RS) == points // 10 + (1 if units >= 6 else 0)


@pytest.mark.rules("chouette.rotation")
@props
@given(st.lists(st.tuples(st.integers(0, 300), st.integers(0, 300)).filter(lambda t: t[0] != t[1]), min_size=1, max_size=8))
def test_chouette_seats_turn_and_the_card_balances(results: list[tuple[int, int]]) -> None:
    """Each partie is played by the single player and one partner; the single player's entry is twice
    each partner's, the other way; he plays on after a win and is replaced by the partner who beat him."""
    parties: list[dict[str, Any]] = []
    for a, b in results:
        parties.append({"brought_forward": {"deals": 6, "scores": {"X": a, "Y": b}}, "deals": []})
    seats = ["A", "B", "C"]  # single, playing, advising
    expected = []
    for p in parties:  # name the two players of each partie by their seats
        scores = p["brought_forward"]["scores"]
        p["brought_forward"]["scores"] = {seats[0]: scores["X"], seats[1]: scores["Y"]}
        single_lost = scores["Y"] > scores["X"]
        expected.append(tuple(seats))
        seats = [seats[1], seats[2], seats[0]] if single_lost else [seats[0], seats[2], seats[1]]
    r = score_partie({"form": "chouette", "players": ["A", "B", "C"], "parties": parties})
    assert [(c.single, c.playing, c.advising) for c in r.chouette] == expected
    for c in r.chouette:
        assert sum(c.entries) == 0
        single = ["A", "B", "C"].index(c.single)
        sign = 0 if c.partie.outcome == "drawn" else 1 if c.partie.winner == c.single else -1
        assert c.entries[single] == 2 * sign * c.tens
    assert sum(r.net) == 0 and list(r.net) == [10 * x for x in r.chouette[-1].running]


def test_after_a_drawn_chouette_partie_the_single_player_plays_on_and_nothing_is_entered() -> None:
    tied = {"brought_forward": {"deals": 6, "scores": {"A": 100, "B": 100}}, "deals": [
        {"dealer": "A", "scores": {"A": 5, "B": 5}}, {"dealer": "B", "scores": {"A": 7, "B": 7}}]}
    nxt = {"brought_forward": {"deals": 6, "scores": {"A": 120, "C": 90}}, "deals": []}
    r = score_partie({"form": "chouette", "players": ["A", "B", "C"], "parties": [tied, nxt]})
    assert r.chouette[0].partie.outcome == "drawn" and r.chouette[0].entries == (0, 0, 0)
    assert (r.chouette[1].single, r.chouette[1].playing, r.chouette[1].advising) == ("A", "C", "B")


@pytest.mark.rules("stakes.settlement")
@props
@given(st.dictionaries(st.sampled_from("ABC"), st.integers(-2000, 2000), min_size=2, max_size=3), st.sampled_from(sorted(RS.stakes)))
def test_settlement_drops_fractions_from_what_is_receivable(net: dict[str, int], name: str) -> None:
    """Each amount receivable is reduced to whole units; the lone party of a side gets or pays the sum of the others'."""
    rest = -sum(list(net.values())[:-1])
    net[list(net)[-1]] = rest
    stake = stake_of(name, RS)
    s = settle(net, stake)
    assert sum(line.reckoned for line in s.lines) == 0
    for line in s.lines:
        assert abs(line.reckoned) <= abs(line.points) and line.reckoned * line.points >= 0
        assert line.pence * 100 == line.reckoned * stake.pence_per_hundred
    payers = [line for line in s.lines if line.points < 0]
    if len(payers) == 1:
        assert all(line.reckoned == line.points // stake.unit * stake.unit for line in s.lines if line.points > 0)


@pytest.mark.rules("game.target")
@props
@given(complete_deals(), st.integers(60, 99), st.integers(60, 99))
def test_a_game_decided_by_the_event_log_agrees_with_the_scores_where_they_suffice(deal: Deal, a: int, b: int) -> None:
    """Given the deal record, the game goes to the first to reach a hundred in the order of accretion;
    where only one player reaches it in the deal, his scores alone say the same."""
    record = {**deal.record(), "ruleset": "harewood-1835"}
    result = score_deal(record)
    before = [{"dealer": "A", "scores": {"A": a, "B": b}}]
    by_log = score_partie({"ruleset": "harewood-1835", "deals": before + [{"dealer": "B", "deal": record}]})
    scores = {"A": result.elder.total, "B": result.younger.total}
    running = {"A": a, "B": b}
    first = None
    for e in result.events:  # the definition: replay the log from the game totals
        who = "A" if e.player == "elder" else "B"
        running[who] += e.points
        if running[who] >= 100:
            first = who
            break
    assert (by_log.games[0].winner if by_log.complete else None) == first
    if (a + scores["A"] >= 100) != (b + scores["B"] >= 100):
        by_scores = score_partie({"ruleset": "harewood-1835", "deals": before + [{"dealer": "B", "scores": scores}]})
        assert by_scores.games[0].winner == first


# ------------------------------------------------------------------ the doors


def test_partie_on_the_command_line_prints_the_card_or_json() -> None:
    record = json.dumps({"players": ["A", "B"], "deals": [{"dealer": "B", "deal": EXAMPLE}]})
    code, out, err = cli_run(["partie", "-"], stdin=record)
    assert (code, err) == (0, "") and "28      23" in out and "in progress" in out
    code, out, err = cli_run(["partie", "-", "--format", "json"], stdin=json.dumps(card("ten-shillings-a-hundred")))
    data = json.loads(out)
    assert code == 0 and data["net"] == {"A": 75, "B": -75} and data["settlement"]["lines"][0]["money"] == "5s"


def test_score_partie_over_the_protocol_matches_the_api() -> None:
    response = answer({"cmd": "run", "seq": 3, "op": "score_partie", "input": card()})
    assert response is not None and response["result"] == partie_json(score_partie(card()))
    hello = answer({"cmd": "hello", "protocol": 1})
    assert hello is not None and "score_partie" in hello["capabilities"]["ops"]


# ------------------------------------------------------------------ properties of drawn partie records


def names_of(record: dict[str, Any]) -> tuple[str, ...]:
    n = 3 if record.get("form") == "chouette" else 2
    return tuple(record.get("players", ("A", "B", "C")[:n]))


def entries_of(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The record's parties as {deals, brought_forward?} entries (point forms)."""
    return record["parties"] if "parties" in record else [{"deals": record["deals"]}]


def renamed(value: Any, names: dict[str, str]) -> Any:
    """`value` with every player name (as a key or a string) replaced by names[name]; deal records are left as they are."""
    if isinstance(value, dict):
        return {names.get(k, k): v if k == "deal" else renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


def by_name(value: Any) -> Any:
    """A result's JSON without the order of its players: `players` lists dropped, settlement lines sorted by player."""
    if isinstance(value, dict):
        return {k: by_name(v) for k, v in value.items() if k != "players"}
    if isinstance(value, list):
        items = [by_name(v) for v in value]
        return sorted(items, key=lambda v: v["player"]) if items and all(isinstance(v, dict) and "player" in v for v in items) else items
    return value


def records_in(*forms: Form) -> SearchStrategy[dict[str, Any]]:
    """Partie records in any of `forms`."""
    return st.sampled_from(forms).flatmap(partie_records)


@props
@given(partie_records())
def test_every_partie_record_the_public_strategies_draw_is_accepted(record: dict[str, Any]) -> None:
    result = score_partie(record)
    assert result.form == record.get("form", RS.partie.default_form) and result.players == names_of(record)
    assert json.loads(json.dumps(partie_json(result))) == partie_json(result)


@pytest.mark.rules("partie.deals", "partie.four-deal", "partie.ties")
@props
@given(records_in("rubicon", "four-deal", "chouette"))
def test_a_parties_totals_are_what_was_brought_forward_plus_each_deal_counted_at_its_weight(record: dict[str, Any]) -> None:
    """Each deal adds what each player scored in it (its score card entry, or its deal record scored with the
    non-dealer as elder), the first and last of the four-deal partie twice, the tie deals once."""
    result = score_partie(record)
    doubled = RS.partie.doubled if result.form == "four-deal" else frozenset[int]()
    for entry, partie in zip(entries_of(record), result.parties):
        pair = partie.players
        forward = entry.get("brought_forward")
        totals = [forward["scores"][p] for p in pair] if forward else [0, 0]
        done = forward["deals"] if forward else 0
        for n, deal in enumerate(entry["deals"], done + 1):
            scores = deal_scores_of(deal, pair)
            weight = RS.partie.factor if n in doubled else 1
            totals = [totals[0] + weight * scores[0], totals[1] + weight * scores[1]]
        assert partie.totals == tuple(totals)
        assert [d.scores for d in partie.deals] == [deal_scores_of(d, pair) for d in entry["deals"]]


@pytest.mark.rules("partie.points-won", "partie.rubicon", "partie.ties")
@props
@given(records_in("rubicon", "four-deal", "chouette"))
def test_the_winner_of_a_partie_has_the_larger_total_and_the_points_balance(record: dict[str, Any]) -> None:
    """L71-L73: a finished partie goes to the larger aggregate, who wins the difference (the sum, if the loser is
    under the rubicon) and the bonus; equal aggregates draw and nobody wins; what one wins the others lose."""
    result = score_partie(record)
    p = RS.partie
    for partie in result.parties:
        a, b = partie.totals
        if partie.outcome == "drawn":
            assert a == b and partie.winner is None and partie.points == 0
        elif partie.outcome == "won":
            w = partie.players.index(partie.winner or "")
            win, lose = partie.totals[w], partie.totals[1 - w]
            assert win > lose
            assert partie.rubicon == (lose < p.rubicon_threshold)
            assert partie.points == (win + lose if partie.rubicon else win - lose) + p.bonus
    assert sum(result.net) == 0
    assert result.winner == (None if not result.net or max(result.net) <= 0 else result.players[result.net.index(max(result.net))])


@pytest.mark.rules("game.target")
@props
@given(records_in("hundred-up", "best-of-five"))
def test_a_game_goes_to_the_player_who_reaches_the_target_and_the_match_to_the_games_won(record: dict[str, Any]) -> None:
    """The winner of a game has reached the target and the loser has not; a game not yet won has added up
    its deals; each game won counts one, or the double value for a double."""
    result = score_partie(record)
    pair = (result.players[0], result.players[-1])
    target = RS.game.target
    won = [0, 0]
    for game in result.games:
        if game.winner is None:
            assert game is result.games[-1] and not result.complete
            sums = [sum(s) for s in zip(*(d.scores for d in game.deals))] or [0, 0]
            assert list(game.totals) == sums and max(sums) < target
            continue
        w = pair.index(game.winner)
        assert game.totals[w] >= target > game.totals[1 - w]
        won[w] += RS.game.double_value if game.double else 1
    assert result.games_won == tuple(won)
    needed = 1 if result.form == "hundred-up" else RS.game.games
    assert result.complete == (max(won) >= needed)
    assert result.winner == (pair[won.index(max(won))] if result.complete else None)


@props
@given(partie_records(), st.data())
def test_renaming_the_players_renames_them_throughout_the_result(record: dict[str, Any], data: st.DataObject) -> None:
    """Names are labels: exchanging them in the record (seats, dealers, scores, cuts) exchanges them in the result."""
    names = names_of(record)
    mapping = dict(zip(names, data.draw(st.permutations(names))))
    again = {**renamed(record, mapping), "players": [mapping[n] for n in names]}
    assert partie_json(score_partie(again)) == renamed(partie_json(score_partie(record)), mapping)


@props
@given(records_in("rubicon", "four-deal", "hundred-up", "best-of-five"))
def test_listing_the_two_players_the_other_way_round_changes_no_ones_figures(record: dict[str, Any]) -> None:
    """Two players' columns on the score card are in no order of precedence: reversing them changes no total,
    winner, points won or game for either player."""
    names = names_of(record)
    turned = {**record, "players": list(reversed(names))}
    assert by_name(partie_json(score_partie(turned))) == by_name(partie_json(score_partie(record)))


def law_16_dealers(first: str, wrong: int, regular: int) -> list[str]:
    """The dealers of a partie of `regular` deals whose deal `wrong` (counted from 0, after the first) was dealt out of
    turn and stood, read from law 16: in turn until then; that deal by the player whose turn it was not; its elder
    deals the next two, unless it or the next is the last deal of the partie; in turn after that."""
    order = [first]
    for i in range(1, regular):
        turn = "B" if order[-1] == "A" else "A"
        if i == wrong:
            order.append(order[-1])  # the player whose turn it was not: the dealer of the deal before
        elif i == wrong + 2 and wrong + 1 < regular - 1:
            order.append(order[-1])  # the elder of the deal out of turn deals his second deal running
        else:
            order.append(turn)
    return order


@pytest.mark.rules("deal.alternation")
@props
@given(st.sampled_from("AB"), st.data(), st.booleans(), st.integers(1, 20))
def test_a_deal_out_of_turn_that_stood_has_its_elder_deal_twice_and_any_other_order_is_refused(
    first: str, data: st.DataObject, four: bool, margin: int
) -> None:
    """Law 16 on every deal after the first of a partie of six deals (or four) dealt out of turn and standing: the
    dealers `law_16_dealers` gives, with that deal marked `out_of_turn`, are accepted; the same record with any one
    dealer changed, or without the mark, is refused (partie-dealer). A wins every deal, so no tie deals follow."""
    regular = RS.partie.four_deals if four else RS.partie.deals
    wrong = data.draw(st.integers(1, regular - 1))
    dealers = law_16_dealers(first, wrong, regular)

    def record(who: list[str], marked: bool = True) -> dict[str, Any]:
        deals: list[dict[str, Any]] = [{"dealer": d, "scores": {"A": 20 + margin, "B": 20}} for d in who]
        if marked:
            deals[wrong]["out_of_turn"] = True
        return {"form": "four-deal" if four else "rubicon", "deals": deals}

    result = score_partie(record(dealers)).parties[0]
    assert [d.dealer for d in result.deals] == dealers and (result.outcome, result.winner) == ("won", "A")
    changed = data.draw(st.integers(0, regular - 1))
    for refused in (record([("B" if d == "A" else "A") if i == changed else d for i, d in enumerate(dealers)]), record(dealers, False)):
        with pytest.raises(PartieError) as info:
            score_partie(refused)
        assert (info.value.code, info.value.law) == ("partie-dealer", 16), refused


@pytest.mark.parametrize("record, code, message", [
    ({"deals": [{"dealer": "B", "out_of_turn": True}, {"dealer": "A"}]}, "partie-invalid",
     "partie.deals[0].out_of_turn: no deal of a record is out of turn here: the first deal goes as the cut decides"),
    ({"parties": [{"deals": [{"dealer": "B", "out_of_turn": True}, {"dealer": "A"}]}]}, "partie-invalid",
     "parties[0].deals[0].out_of_turn: no deal of a record is out of turn here: the first deal goes as the cut decides"),
    ({"ruleset": "harewood-1835", "deals": [{"dealer": "B"}, {"dealer": "A", "out_of_turn": True}]}, "partie-invalid",
     "deals[1].out_of_turn: no deal of a record is out of turn here: the players cut for every deal"),
    ({"deals": [{"dealer": "B"}, {"dealer": "B"}]}, "partie-dealer", "partie.deals[1]: B deals twice running; the deal alternates"),
    ({"deals": [{"dealer": "B"}, {"dealer": "B", "out_of_turn": True}, {"dealer": "A"}, {"dealer": "B"}]}, "partie-dealer",
     "partie.deals[3]: B deals, but A, the elder of the deal out of turn partie.deals[1], deals twice running"),
])
def test_a_dealer_refused_is_told_which_deal_and_why(record: dict[str, Any], code: str, message: str) -> None:
    """Law 16 and the cut (law 4): the first deal is the cut's, so never out of turn, nor any deal where the players cut
    for every deal; a player dealing twice running where the deal alternates, unless as the elder of a deal out of turn."""
    deals = record.get("deals") or record["parties"][0]["deals"]
    for deal in deals:
        deal["scores"] = {"A": 20, "B": 20}
    with pytest.raises(PartieError) as refused:
        score_partie({"players": ["A", "B"], **record})
    assert (refused.value.code, refused.value.message) == (code, message)
