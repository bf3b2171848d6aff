"""Tests of the kernel environment; the host (`dfv.sim.kernel`) picks them with `testcase`.

- `KernelRun`: one activation of the program with the description's inputs, memory latency and
  seeded back-pressure; must match the golden DFG run and the source interpreter exactly.
- `KernelWrongModel` (expected failure): the scoreboard's golden model is wrong (first result flipped,
  or the done token dropped for a program without results); the token comparison must catch it.
- `KernelCorruptResult` (expected failure): the first result (or done) is corrupted on its way to the
  scoreboard; the token comparison and the result check against the source interpreter must catch it.
- `KernelBench`: `KernelRun` that also records wall time and innermost-loop figures for `make bench`.

The expected-failure tests are not `expect_fail` tests (cocotb passes those on any failed assertion):
each passes only when exactly the checks its fault must trip failed, and a deadlock fails it
(`dfv.tb.common.faults.ExpectedErrors`, `RunAborted`).
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from pyuvm import ConfigDB, uvm_factory

from dfv.tb.common import variants
from dfv.tb.common.harness_env import RunAborted
from dfv.tb.common.op_test import OpTest, record_cycles
from dfv.tb.common.sv_channel import SvChannelMonitor
from dfv.tb.common.traffic import TrafficConfig
from dfv.tb.common.variants import register
from dfv.tb.kernel.env import (
    KernelCorruptingMonitor,
    KernelCorruptResultScoreboard,
    KernelCoverage,
    KernelEnv,
    KernelScoreboard,
    KernelSequence,
    KernelWrongModelScoreboard,
    kernel_traffic,
    load_kernel,
    make_config,
)


class KernelTest(OpTest):
    """Reset, offer start and the arguments, run until done and every result arrived, check."""

    COVERAGE = KernelCoverage
    SCOREBOARD = KernelScoreboard
    ENV = KernelEnv

    def build_phase(self):
        self.kernel = load_kernel()
        ConfigDB().set(None, "*", "KERNEL", self.kernel)
        ConfigDB().set(None, "*", "TEST_NAME", variants.current_test_name(type(self).__name__))
        if self.kernel.desc.coverage is None:
            self.SAMPLE_COVERAGE = False
        super().build_phase()

    def make_config(self, params: dict):
        return make_config(self.kernel)

    def traffic(self) -> TrafficConfig:
        return kernel_traffic(self.kernel.desc)

    def sequences(self):
        return [KernelSequence.create("activation")]

    async def run_phase(self):
        self.raise_objection()
        env: KernelEnv = self.env
        wall = time.perf_counter()
        env.tb.start()
        await env.tb.reset()
        await self.stimulus()
        try:
            await env.drain()
        except RunAborted as exc:  # deadlock or runaway: the scoreboard raises it with the end state
            env.aborted = str(exc)
        env.sim_seconds = time.perf_counter() - wall  # simulation wall time (the build is not in it)
        env.capture_end_state()
        if env.cycles is not None:
            record_cycles(type(self).__name__, env.cycles)  # the program's cycles, for the results table
        self.drop_objection()


@register
class KernelRun(KernelTest):
    pass


@register
class KernelWrongModel(KernelTest):
    SCOREBOARD = KernelWrongModelScoreboard
    SAMPLE_COVERAGE = False


@register
class KernelCorruptResult(KernelTest):
    SCOREBOARD = KernelCorruptResultScoreboard
    SAMPLE_COVERAGE = False

    def overrides(self) -> None:
        uvm_factory().set_type_override_by_type(SvChannelMonitor, KernelCorruptingMonitor)


@register
class KernelBench(KernelTest):
    def report_phase(self):
        env: KernelEnv = self.env
        record = {"cycles": env.cycles, "sim_cycles": env.tb.cycle, "wall_s": env.sim_seconds, "wakes": env.wakes}
        Path(self.kernel.desc.result_dir, "bench.json").write_text(json.dumps(record) + "\n")
