"""The `TB` harness: clock, reset, cycle counter and the per-cycle sample/drive loop.

Every testbench output is driven right after the rising edge, and every handshake is sampled once per
cycle in the ReadOnly phase that follows, when all values are stable. A consumer whose ready depends
on the valid it sees (`responders`, as `handshake_join` raises ready only while valid) reads the
settled valid at the falling edge and sets ready there; in a bench that has one, the sampling waits
for the ReadOnly phase after the falling edge. Both give the same values: nothing else changes between
the two. Reading in a ReadOnly phase, never at the `RisingEdge` itself (post-edge on Verilator, not
always on Icarus), gives the same behaviour on Icarus (event driven) and Verilator (cycle based).

Python's cost per cycle is what limits the speed of these benches, so the loop waits on as few
triggers as it can: two per cycle (rising edge, ReadOnly), three with responders. Per-cycle checks
that would otherwise await a clock edge of their own (the drain of `dfv.tb.common.op_env`) are `watchers`,
run after the samplers in the same phase.
"""

from __future__ import annotations

from collections.abc import Callable

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly, RisingEdge

from dfv.tb.common.clock import CLOCK_NS


class TB:
    """Owns the clock and reset of `dut` and calls registered callbacks every cycle.

    `samplers` run in the ReadOnly phase of each cycle and see what will transfer at the next rising
    edge; `watchers` run right after them (same phase, read-only: they may end a wait by setting an
    event); `drivers` run after the rising edge and set the values for the next cycle; `responders`
    run at the falling edge, before the samplers, and may set signals from what the DUT shows in that
    cycle (ready from valid: a DUT must not need ready before valid). `epoch` counts resets so
    observers can tell tokens of an aborted run from those of the current one.
    """

    def __init__(self, dut, clk: str = "clk", rst: str = "rst") -> None:
        self.dut = dut
        self.clk = getattr(dut, clk)
        self.rst = getattr(dut, rst)
        self.cycle = 0
        self.epoch = 0
        self.in_reset = True
        self.released_at: int | None = None
        self.samplers: list[Callable[[], None]] = []
        self.drivers: list[Callable[[], None]] = []
        self.responders: list[Callable[[], None]] = []
        self.watchers: list[Callable[[], None]] = []
        self.reset_listeners: list[Callable[[], None]] = []
        self._started = False

    def start(self) -> None:
        """Start the clock and the sample/drive loop (idempotent)."""
        if self._started:
            return
        self._started = True
        self.rst.value = 1
        cocotb.start_soon(Clock(self.clk, CLOCK_NS, unit="ns").start())
        cocotb.start_soon(self._loop())

    async def _loop(self) -> None:
        rising, falling, read_only = RisingEdge(self.clk), FallingEdge(self.clk), ReadOnly()
        await falling  # edges are counted from a falling edge (see `reset`)
        at_falling = True
        while True:
            if at_falling and not self.in_reset:
                for respond in self.responders:
                    respond()
            await read_only
            if not self.in_reset:
                for sample in self.samplers:
                    sample()
                for watch in tuple(self.watchers):  # a watcher may remove itself
                    watch()
            await rising
            self.cycle += 1
            if not self.in_reset:  # generators start at the first cycle after reset, whatever the clock phase
                for drive in self.drivers:
                    drive()
            at_falling = bool(self.responders)
            if at_falling:
                await falling

    async def reset(self, cycles: int = 3) -> None:
        """Hold `rst` for `cycles` rising edges; listeners (drivers, scoreboards) are told first.

        The edges are counted from a falling edge: at time 0 the clock rises from whatever value the
        simulator starts it at (X on Icarus, a seeded random 0 or 1 on Verilator), which is an edge on one
        and not on the other, and counting it would release the reset a cycle early on some seeds only."""
        self.start()
        self.in_reset = True
        self.epoch += 1
        for listener in self.reset_listeners:
            listener()
        await FallingEdge(self.clk)
        self.rst.value = 1
        for _ in range(cycles):
            await RisingEdge(self.clk)
        self.rst.value = 0
        await RisingEdge(self.clk)
        self.in_reset = False
        if self.released_at is None:
            self.released_at = self.cycle

    def cycles_since_reset(self) -> int:
        """Clock cycles since the first reset was released: the run's length, independent of where
        a previous test in the same simulator process left the clock."""
        return self.cycle - (self.released_at or 0)

    async def cycles(self, n: int) -> None:
        """Wait `n` rising edges."""
        for _ in range(n):
            await RisingEdge(self.clk)

    async def reset_after(self, n: int) -> None:
        """Wait `n` rising edges, then reset (`reset`): a reset in the middle of a run. The drivers do not
        run at the `n`-th edge (the reset has begun when they would)."""
        await self.cycles(n)
        await self.reset()
