"""The documented full-rate throughput of every hand-written module, as its operation's catalogue entry
declares it (`dfv.golden.catalogue.OpSpec.rate`, the figures of docs/primitives.md, "Throughput"), and the
check of a measured rate against it: read by the bench tests of `dfv/tb/bench/` (which assert them, in
`make bench` and beside the module's own tests in the regression) and by `dfv.sim.bench` (which
tabulates them).

A rate is in tokens per cycle on one channel, counted from the channel's first to its last transfer
(`SvChannelMonitor.throughput`), with inputs always valid and outputs always ready; for a memory also
the accesses per cycle of all ports together (`ACCESSES`). Only channels that carry one token per
firing of the module are listed.
"""

from __future__ import annotations

from collections.abc import Mapping

from dfv.golden.catalogue import ACCESSES, Storage, ops_of_module

DOC = "docs/primitives.md"
MISS_PREFIX = "throughput:"  # how every message of a missed rate starts
TOLERANCE = 0.005
EXTMEMORY_LATENCY = 1  # read latency of the memory model behind handshake_extmemory in its bench


def is_memory(top: str) -> bool:
    """Whether module `top` is a memory interface (its bench counts accesses, not tokens)."""
    return any(s.storage is Storage.MEMORY for s in ops_of_module(top))


def documented_rates(top: str, params: dict, latency: int = EXTMEMORY_LATENCY) -> dict[str, float]:
    """Channel -> documented tokens per cycle at full rate for module `top` at `params` (`latency`: the read
    latency of the memory behind an external-memory interface)."""
    rated = [s for s in ops_of_module(top) if s.rate is not None]
    if not rated:
        raise KeyError(f"no documented throughput for module '{top}' (no operation of dfv/golden/catalogue.py "
                       "instantiates it)")
    return rated[0].rate(params, latency)


def within(measured: float, documented: float) -> bool:
    """Whether a measured rate meets its documented figure (within `TOLERANCE`, either way: a module
    faster than documented means the document is wrong)."""
    return abs(measured - documented) < TOLERANCE


def describe_params(params: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(params.items())) or "-"


CLAIMED = "claimed by the user"  # where a rate given to `dfv verify-ip --rate` comes from, in a miss's message


def _expected(rate: float, claimed: bool) -> str:
    return f"claimed {rate:.3f} ({CLAIMED})" if claimed else f"documented {rate:.3f} ({DOC})"


def miss_message(top: str, params: dict, channel: str, measured: float, expected: float, claimed: bool = False) -> str:
    """The message of a missed rate: `expected` is the documented rate, or (`claimed`) the one the user gave."""
    unit = "accesses/cycle" if channel == ACCESSES else "tokens/cycle"
    return (f"{MISS_PREFIX} {top} [{describe_params(params)}] {channel} {measured:.3f} {unit}, "
            f"{_expected(expected, claimed)}")


def rate_misses(top: str, params: dict, measured: dict[str, float],
                documented: dict[str, float] | None = None, claimed: Mapping[str, float] | None = None) -> list[str]:
    """One message per channel whose measured rate is not the expected one: the rate `claimed` for it (another
    team's module that is faster or slower than the kit's, `dfv.tb.common.dut.Dut.rates`), else its documented
    one (`documented` default: `documented_rates(top, params)`). An expected channel not measured is a miss too."""
    documented = documented_rates(top, params) if documented is None else documented
    claimed = claimed or {}
    misses = []
    for channel, rate in {**documented, **claimed}.items():
        got = measured.get(channel)
        if got is None:
            misses.append(f"{MISS_PREFIX} {top} [{describe_params(params)}] {channel} not measured, "
                          f"{_expected(rate, channel in claimed)}")
        elif not within(got, rate):
            misses.append(miss_message(top, params, channel, got, rate, channel in claimed))
    return misses
