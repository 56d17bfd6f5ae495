"""What a player may elect when a law offers him a choice (the protocol's `elect` action): a fresh deal
(laws 11, 13, 28), letting the deal stand (laws 11, 13), enforcing or waiving a penalty (law 44).
Which law offers which is spec/laws.yaml's `elections`."""

from __future__ import annotations

from typing import Literal

Election = Literal["fresh_deal", "enforce", "waive", "stand"]
ELECTIONS: tuple[Election, ...] = ("fresh_deal", "enforce", "waive", "stand")
