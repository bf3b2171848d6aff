"""The bench of a harness (an operation's, dfv/tb/common/op_harness.py, or a generated top's,
dfv/tb/kernel/harness.py): its reset, its cycle count (the run control's counter, `dfv_run_control`) and
epochs, the callbacks agents register for the reset, and a per-cycle loop for the few checks that need
Python every cycle (spec 003's upstream extras of a kernel, the garbage on a memory's unused port).

The harness generates its own clock, so a run costs Python nothing per edge unless such a check is
registered. Every read of the simulator happens at a falling edge (all agent and DUT state is updated at
rising edges, so values are settled there and writes are allowed), except in the per-cycle loop, whose
`samplers` read in the ReadOnly phase and whose `drivers` write after the rising edge.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import cocotb
from cocotb.triggers import FallingEdge, ReadOnly, RisingEdge

from dfv.tb.common.signals import try_u


class TB:
    """Reset, cycle count and callbacks of the harness `dut` (its run control's counter `dut.ctl.cycle_q`).

    `reset_listeners` run when a reset begins, `async_reset_listeners` after them, with the reset already
    asserted (a memory model dumps its logs, which takes a clock edge), `setup` once, at the first reset,
    before it is released (agents write their configuration then). `samplers` run in the ReadOnly phase of
    each cycle out of reset, `drivers` after each rising edge out of reset; the loop that calls them starts
    only if one was registered before `start`. `epoch` counts resets so observers can tell tokens of an
    aborted run from those of the current one.
    """

    def __init__(self, dut, clk: str = "clk", rst: str = "rst") -> None:
        self.dut = dut
        self.clk = getattr(dut, clk)
        self.rst = getattr(dut, rst)
        self._counter = dut.ctl.cycle_q
        self.epoch = 0
        self.in_reset = True
        self.released_at: int | None = None
        self.samplers: list[Callable[[], None]] = []
        self.drivers: list[Callable[[], None]] = []
        self.reset_listeners: list[Callable[[], None]] = []
        self.async_reset_listeners: list[Callable[[], Awaitable[None]]] = []
        self.setup: list[Callable[[], None]] = []
        self._started = False
        self._set_up = False

    @property
    def cycle(self) -> int:
        """The harness's cycle count (rising edges since time 0)."""
        return try_u(self._counter)

    def start(self) -> None:
        """Hold the reset, and start the per-cycle loop if a check registered for it (idempotent)."""
        if self._started:
            return
        self._started = True
        self.rst.value = 1
        if self.samplers or self.drivers:
            cocotb.start_soon(self._loop())

    async def _loop(self) -> None:
        rising, read_only = RisingEdge(self.clk), ReadOnly()
        while True:
            await read_only
            if not self.in_reset:
                for sample in self.samplers:
                    sample()
            await rising
            if not self.in_reset:
                for drive in self.drivers:
                    drive()

    async def reset(self, cycles: int = 3) -> None:
        """Hold `rst` for `cycles` rising edges; listeners (agents, scoreboards) are told first. Returns at
        the falling edge after the first cycle out of reset."""
        self.start()
        self.in_reset = True
        await FallingEdge(self.clk)
        self.epoch += 1
        for listener in self.reset_listeners:
            listener()
        self.rst.value = 1  # from the next edge on nothing moves while the async listeners wait
        for alistener in self.async_reset_listeners:
            await alistener()
        if not self._set_up:
            self._set_up = True
            for fn in self.setup:
                fn()
        for _ in range(cycles):
            await RisingEdge(self.clk)
        self.rst.value = 0
        await RisingEdge(self.clk)
        await FallingEdge(self.clk)
        self.in_reset = False
        if self.released_at is None:  # the cycle in which rst fell
            self.released_at = self.cycle - 1

    def cycles_since_reset(self) -> int:
        """Clock cycles since the first reset was released: the run's length, independent of where
        a previous test in the same simulator process left the clock."""
        return self.cycle - (self.released_at or 0)

    async def cycles(self, n: int) -> None:
        """Wait `n` cycles, from one falling edge to the `n`-th next."""
        for _ in range(n):
            await FallingEdge(self.clk)

    async def reset_after(self, n: int) -> None:
        """Wait `n` cycles, then reset (`reset`): a reset in the middle of a run."""
        await self.cycles(n)
        await self.reset()
