"""Testbench of `dataflow_invariant` (dfv/rtl/dataflow/dataflow_invariant.sv) against
`dfv.golden.dataflow.Invariant`.

One item is one loop burst of N iterations: one invariant value on `a` and N trues then a false on
`d`; the output must repeat the value N + 1 times.
"""

from __future__ import annotations

from cocotb.triggers import FallingEdge
from pyuvm import uvm_factory

from dfv.golden.dataflow import Invariant
from dfv.tb.common.faults import ExpectedErrors
from dfv.tb.common.fcov import LENGTH_BINS, length_bin, sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_coverage import OpCoverage
from dfv.tb.common.op_scoreboard import OpScoreboard
from dfv.tb.common.op_sequence import OpItem
from dfv.tb.common.op_test import OpTest, standard_tests
from dfv.tb.common.sv_channel import x_idle_supported
from dfv.tb.common.variants import register
from dfv.tb.dataflow.bursts import BurstSequence, CornerBurstMixin
from dfv.tb.dataflow.payload import TAG_BINS, payload_type, tag_bin

NAME = "dataflow_invariant"


def make_config(params: dict) -> OpConfig:
    width = int(params["W"])
    return OpConfig.from_model(NAME, lambda: Invariant(width), params)


class InvariantBursts(BurstSequence):
    def make_item(self, n: int, value) -> OpItem:
        return OpItem(tokens={"a": [value()], "d": [1] * n + [0]}, kind=length_bin(n), trips=n)


class InvariantCornerBursts(CornerBurstMixin, InvariantBursts):
    pass


class InvariantCoverage(OpCoverage):
    def sample_item(self, item: OpItem) -> None:
        sample_point(f"{NAME}.burst_len", LENGTH_BINS, item.kind)
        sample_point(f"{NAME}.payload", TAG_BINS, tag_bin(payload_type(int(self.cfg.params["W"]))))

    def transitions(self) -> tuple[str, ...]:
        return ("INIT->COND", "COND->COND", "COND->INIT")


class InvariantTest(OpTest):
    COVERAGE = InvariantCoverage

    def make_config(self, params: dict) -> OpConfig:
        return make_config(params)

    def sequences(self):
        return [InvariantCornerBursts.create("corner"), InvariantBursts.create("random")]


for _test in standard_tests(InvariantTest, "Invariant"):
    globals()[_test.__name__] = register(_test)


class ExpectXReadyScoreboard(ExpectedErrors, OpScoreboard):
    """Passes only on the idle-ready X check's error for `d` (four-state simulators; elsewhere X is never
    driven, the check is off and the run must be clean)."""

    def expected_errors(self) -> list[str]:
        return [r"^d: ready is X at cycle \d+ while valid is low \(d_ready is [xX]\): the idle data is X, "]

    def verdict(self) -> None:
        if x_idle_supported():
            super().verdict()
        else:
            OpScoreboard.verdict(self)


@register
class InvariantIdleReadyXCaughtTest(InvariantTest):
    """Expected failure: `d_ready` seen X once while `d_valid` is low (the channel driver puts X on idle data on
    Icarus): exactly the monitor's idle-ready check must fire. On Verilator (no X) the run must be clean."""

    SAMPLE_COVERAGE = False

    def overrides(self) -> None:
        uvm_factory().set_type_override_by_type(OpScoreboard, ExpectXReadyScoreboard)

    async def stimulus(self) -> None:
        """The monitor's ready input is made X for one cycle before any token is offered (`d_valid` low), on
        four-state simulators (the harness's `mon_d_x_ready`, dfv/tb/common/op_harness.py)."""
        if x_idle_supported():
            self.env.tb.dut.mon_d_x_ready.value = 1
            await FallingEdge(self.env.tb.clk)
            self.env.tb.dut.mon_d_x_ready.value = 0
        await super().stimulus()
