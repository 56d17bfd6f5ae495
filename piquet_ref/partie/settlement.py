"""Stakes: the points of a sitting settled in money, odd points not reckoned (000 §Scoring).

A stake is so many pence a hundred points and the block of points it reckons in (fractions of fifty,
twenty-five, forty or a pound's worth dropped). Each amount receivable is reduced to whole blocks and
the losers pay only what is receivable (000's chouette: A +190 and C +310 receive 150 and 300, B pays
450 though he lost 500).
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from piquet_ref.rules.codes import error
from piquet_ref.rules.ruleset import Ruleset, Stake
from piquet_ref.rules.errors import shown

PENCE_PER_SHILLING = 12
SHILLINGS_PER_POUND = 20


class SettlementLine(NamedTuple):
    """One player's settlement: points won (+) or lost (-), the points reckoned, and the money in pence."""

    player: str
    points: int
    reckoned: int  # + receives, - pays
    pence: int


class Settlement(NamedTuple):
    stake: Stake
    lines: tuple[SettlementLine, ...]


def stake_of(data: Any, rs: Ruleset) -> Stake:
    """A stake named in the rule tables (`ten-shillings-a-hundred`), or given as {pence_per_hundred, unit}."""
    if isinstance(data, str):
        stake = rs.stakes.get(data)
        if stake is None:
            raise error("partie-invalid", f"stake {shown(data)} is not a stake of spec/ (known: {', '.join(sorted(rs.stakes))})")
        return stake
    if not isinstance(data, Mapping) or set(data) != {"pence_per_hundred", "unit"}:
        raise error("partie-invalid", f"stake must be a stake's name or {{pence_per_hundred, unit}}, got {shown(data)}")
    rate, unit = data["pence_per_hundred"], data["unit"]
    if type(rate) is not int or type(unit) is not int or rate <= 0 or unit <= 0 or rate * unit % 100:
        raise error("partie-invalid", f"stake: pence_per_hundred and unit must be positive whole numbers making whole pence a unit, got {shown(rate)}, {shown(unit)}")
    return Stake("agreed", rate, unit)


def reckoned(points: int, stake: Stake) -> int:
    """The points that count: whole units of the stake, the fraction dropped."""
    return points // stake.unit * stake.unit


def settle(net: Mapping[str, int], stake: Stake) -> Settlement:
    """Settle each player's points (summing to zero) at `stake`: the side with one player gets the sum of
    the other side's reckoned amounts, each reduced to whole units."""
    winners = [p for p, n in net.items() if n > 0]
    losers = [p for p, n in net.items() if n < 0]
    amount = dict.fromkeys(net, 0)
    if len(losers) == 1:
        for p in winners:
            amount[p] = reckoned(net[p], stake)
        amount[losers[0]] = -sum(amount[p] for p in winners)
    elif len(winners) == 1:
        for p in losers:
            amount[p] = -reckoned(-net[p], stake)
        amount[winners[0]] = -sum(amount[p] for p in losers)
    lines = tuple(SettlementLine(p, n, amount[p], amount[p] * stake.pence_per_hundred // 100) for p, n in net.items())
    return Settlement(stake, lines)


def money(pence: int) -> str:
    """An amount in pounds, shillings and pence: 60 -> '5s', 90 -> '7s 6d', 360 -> '£1 10s'."""
    if pence == 0:
        return "nothing"
    shillings, d = divmod(abs(pence), PENCE_PER_SHILLING)
    pounds, s = divmod(shillings, SHILLINGS_PER_POUND)
    parts = [f"£{pounds}"] * bool(pounds) + [f"{s}s"] * bool(s) + [f"{d}d"] * bool(d)
    return " ".join(parts)
