"""What the Python sides of the SystemVerilog agents (dfv/tb/hdl) share: `RunControl` (the Python side of
`dfv_run_control`: Python sleeps until it raises attention: a log half full, the run complete, a quiet-probe
point, a deadline) and how Python programs an agent's seeded pattern generator (`dfv_stall_gen`).

Seeded patterns come from a 32-bit xorshift generator per agent seeded from the channel's Python
generator, so a seed reproduces a run exactly on both simulators.
"""

from __future__ import annotations

import random

from cocotb.triggers import FallingEdge

from dfv.tb.common.bench import TB
from dfv.tb.common.signals import read_int
from dfv.tb.common.traffic import MAX_STALL_RUN, Pattern

MASK32 = (1 << 32) - 1


def warm(handle, *names: str) -> None:
    """Look up `handle`'s children once at build time (cocotb caches them), so the timed run does not."""
    for name in names:
        getattr(handle, name)


GEN_REGS = ("kind", "thresh", "go_max", "stall_max", "seed")


def seed_word(rng: random.Random) -> int:
    """A non-zero 32-bit seed for a `dfv_stall_gen` from a channel's generator."""
    return rng.getrandbits(32) or 1


def write_pattern(gen, pattern: Pattern, rng: random.Random) -> None:
    """Configure a `dfv_stall_gen` instance for `pattern` (see its header for the mapping)."""
    kind, p = pattern.kind, pattern.p
    gen.seed.value = seed_word(rng)
    if kind == "paced":  # bursty with go runs of one cycle and stall runs of 1..span
        gen.kind.value = 2
        gen.go_max.value = 1
        gen.stall_max.value = min(0xFFFF, pattern.span)
        return
    if kind == "full" or p == 0.0:
        gen.kind.value = 0
        return
    if kind == "random":
        gen.kind.value = 1
        gen.thresh.value = min(0xFFFF, round(p * 65536))
        return
    # bursty: run lengths uniform in 1..M have mean (M + 1) / 2, set to the pattern's means: 1/p cycles
    # (go runs) and 1/(1-p) (stall runs, capped at MAX_STALL_RUN)
    gen.kind.value = 2
    gen.go_max.value = max(1, min(0xFFFF, round(2.0 / p - 1)))
    gen.stall_max.value = max(1, min(MAX_STALL_RUN, round(2.0 / (1.0 - p) - 1)))


class RunControl:
    """Python side of `dfv_run_control`: waits for its attention toggle, then lands on the next falling edge."""

    def __init__(self, tb: TB, handle) -> None:
        self.tb, self.h = tb, handle
        self._seen = 0
        warm(handle, "arm", "wake_cycle", "probe_period", "attn_q", "quiet_q", "progress_q", "cycle_q")

    def arm(self, wake_cycle: int, probe_period: int) -> None:
        self._seen = read_int(self.h.attn_q)
        self.h.wake_cycle.value = wake_cycle & MASK32
        self.h.probe_period.value = probe_period
        self.h.arm.value = 1

    def set_wake(self, wake_cycle: int) -> None:
        self.h.wake_cycle.value = wake_cycle & MASK32

    async def wait(self) -> None:
        """Until the attention toggle moved since the last wait (it may have while Python was busy waiting
        for a dump), then to the falling edge after."""
        if read_int(self.h.attn_q) == self._seen:
            await self.h.attn_q.value_change
            await FallingEdge(self.tb.clk)
        self._seen = read_int(self.h.attn_q)

    @property
    def quiet(self) -> int:
        return read_int(self.h.quiet_q)

    @property
    def progress(self) -> int:
        return read_int(self.h.progress_q)

