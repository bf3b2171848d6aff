"""The bench of a harness with SystemVerilog agents (dfv/tb/hdl): `GpiTB` (the clock from the harness, or
a GPI clock for a top level without one), `RunControl` (the Python side of `dfv_run_control`: Python sleeps
until it raises attention: a log half full, the run complete, a quiet-probe point, a deadline), and how
Python programs an agent's seeded pattern generator (`dfv_stall_gen`).

Every read of the simulator happens at a falling edge (all agent and DUT state is updated at rising
edges, so values are settled there and writes are allowed). Seeded patterns come from a 32-bit xorshift
generator per agent seeded from the channel's Python generator, so a seed reproduces a run exactly on
both simulators.
"""

from __future__ import annotations

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge

from dfv.tb.common.bench import TB
from dfv.tb.common.clock import CLOCK_NS
from dfv.tb.common.signals import SignalXError, read_int
from dfv.tb.common.traffic import MAX_STALL_RUN, Pattern

MASK32 = (1 << 32) - 1


def try_u(handle, default: int = 0) -> int:
    try:
        return read_int(handle)
    except SignalXError:
        return default


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
    if kind == "full" or p == 0.0:
        gen.kind.value = 0
        return
    if kind == "random":
        gen.kind.value = 1
        gen.thresh.value = min(0xFFFF, round(p * 65536))
        return
    # bursty: run lengths uniform in 1..M have mean (M + 1) / 2; traffic.StallGenerator's means are 1/p
    # (go runs) and 1/(1-p) (stall runs, capped at MAX_STALL_RUN)
    gen.kind.value = 2
    gen.go_max.value = max(1, min(0xFFFF, round(2.0 / p - 1)))
    gen.stall_max.value = max(1, min(MAX_STALL_RUN, round(2.0 / (1.0 - p) - 1)))


class GpiTB(TB):
    """A `TB` whose cycle count is the harness's counter (`dfv_run_control`) and whose clock is the harness's
    own (`clock_from_python=False`) or a GPI clock (no Python per edge).

    The per-cycle loop of `TB` runs only when some component registered a callback; `setup` callbacks run
    once, at the first reset, before it is released (agents write their configuration then)."""

    def __init__(self, dut, counter, clk: str = "clk", rst: str = "rst", clock_from_python: bool = True) -> None:
        self._counter = counter
        self.clock_from_python = clock_from_python
        super().__init__(dut, clk, rst)
        self.setup: list = []
        self.async_reset_listeners: list = []
        self._set_up = False

    @property
    def cycle(self) -> int:
        return try_u(self._counter)

    @cycle.setter
    def cycle(self, value: int) -> None:  # the per-cycle loop's count is the harness's
        pass

    def start(self) -> None:
        if self._started:
            return
        self._started = True
        self.rst.value = 1
        if self.clock_from_python:
            cocotb.start_soon(Clock(self.clk, CLOCK_NS, unit="ns", impl="gpi").start())
        if self.samplers or self.drivers or self.responders:
            cocotb.start_soon(self._loop())

    async def reset(self, cycles: int = 3) -> None:
        """As `TB.reset`; returns at the falling edge after the first cycle out of reset."""
        self.start()
        self.in_reset = True
        await FallingEdge(self.clk)
        self.epoch += 1
        for listener in self.reset_listeners:
            listener()
        for alistener in self.async_reset_listeners:
            await alistener()
        if not self._set_up:
            self._set_up = True
            for fn in self.setup:
                fn()
        self.rst.value = 1
        for _ in range(cycles):
            await RisingEdge(self.clk)
        self.rst.value = 0
        await RisingEdge(self.clk)
        await FallingEdge(self.clk)
        self.in_reset = False
        if self.released_at is None:  # the cycle in which rst fell, as the per-cycle `TB` counts
            self.released_at = self.cycle - 1


class RunControl:
    """Python side of `dfv_run_control`: waits for its attention toggle, then lands on the next falling edge."""

    def __init__(self, tb: GpiTB, handle) -> None:
        self.tb, self.h = tb, handle
        self._seen = 0
        warm(handle, "arm", "wake_cycle", "probe_period", "attn_q", "quiet_q", "progress_q", "complete_q", "cycle_q")

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

    @property
    def complete(self) -> bool:
        return read_int(self.h.complete_q) == 1
