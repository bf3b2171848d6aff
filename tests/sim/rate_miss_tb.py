"""cocotb tests for tests/sim/test_rates.py: the full-rate bench test of `dfv.tb.bench.handshake` with its
documented rate as it is, halved (the check must fire with its message) and with a channel nobody
measures (reported as not measured)."""

from __future__ import annotations

from dfv.tb.bench.handshake import FullRateBench
from dfv.tb.common.variants import register


@register
class DocumentedRateBench(FullRateBench):
    """The documented rate: passes."""


@register
class HalvedRateBench(FullRateBench):
    """A documented rate half the real one: the DUT is 'too fast' and the check names the channel."""

    def documented(self) -> dict[str, float]:
        return {ch: rate / 2 for ch, rate in super().documented().items()}


@register
class UnmeasuredRateBench(FullRateBench):
    """A documented channel the DUT does not have."""

    def documented(self) -> dict[str, float]:
        return {**super().documented(), "nowhere": 1.0}
