"""cocotb test for tests/sim/test_stall_guard.py: clocks `zero_delay_loop` for 100 cycles, which it never
finishes when the fixture loops at zero delay (the stall guard must end the run and say why)."""

from __future__ import annotations

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles
from pyuvm import uvm_test

from dfv.tb.common.clock import CLOCK_NS
from dfv.tb.common.variants import register


@register
class HundredCycles(uvm_test):
    """Reset, then 100 clock cycles."""

    async def run_phase(self) -> None:
        self.raise_objection()
        dut = cocotb.top
        cocotb.start_soon(Clock(dut.clk, CLOCK_NS, "ns").start())
        dut.rst.value = 1
        await ClockCycles(dut.clk, 2)
        dut.rst.value = 0
        await ClockCycles(dut.clk, 100)
        self.drop_objection()
