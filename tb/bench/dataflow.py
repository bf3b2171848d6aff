"""Throughput benchmarks of the four dataflow operations, on the same environment as their tests.

One long burst (`LENGTH` iterations) is sent with inputs always valid; the outputs are always
ready (full rate) or ready half of the time at random. Each output's tokens per cycle are counted
from its first to its last transfer, the run is still checked against the golden model, and the
figures are appended to `DFV_RUN_DIR/bench.jsonl` for `dfv.sim.bench` to tabulate.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import cocotb
import pyuvm

from tb.common.op_env import OpItem, OpSequence
from tb.common.traffic import FULL, Pattern, TrafficConfig
from tb.dataflow import carry, gate, invariant, stream

LENGTH = 2000

TESTBENCHES = {
    "dataflow_carry": (carry.CarryTest, lambda n: {"a": [1], "b": list(range(n)), "d": [1] * n + [0]}),
    "dataflow_invariant": (invariant.InvariantTest, lambda n: {"a": [7], "d": [1] * n + [0]}),
    "dataflow_gate": (gate.GateTest, lambda n: {"before_value": list(range(n + 1)), "before_cond": [1] * n + [0]}),
    "dataflow_stream": (stream.StreamTest, lambda n: {"start": [(0, 0)], "step": [1], "bound": [n]}),
}


def _toplevel() -> str:
    return cocotb.top._name


class LongBurst(OpSequence):
    def generate(self):
        yield OpItem(tokens=TESTBENCHES[_toplevel()][1](LENGTH), kind="long")


_Base = TESTBENCHES.get(_toplevel() if cocotb.top is not None else "", (carry.CarryTest,))[0]


class ThroughputBench(_Base):
    """Measure tokens per cycle on every output of the DUT under `traffic()`."""

    LABEL = ""
    SAMPLE_COVERAGE = False

    def sequences(self):
        return [LongBurst.create("long")]

    async def run_phase(self):
        wall = time.perf_counter()
        await super().run_phase()
        wall = time.perf_counter() - wall
        env = self.env
        record = {
            "module": _toplevel(), "case": self.LABEL,
            "cycles": env.tb.cycle, "wall_s": wall,
            "outputs": {n: round(m.throughput(), 4) for n, m in env.monitors.items() if not m.spec.is_input},
        }
        with open(Path(os.environ["DFV_RUN_DIR"]) / "bench.jsonl", "a") as f:
            f.write(json.dumps(record) + "\n")


@pyuvm.test()
class FullRateBench(ThroughputBench):
    LABEL = "full rate"

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=FULL, backpressure=FULL)


@pyuvm.test()
class HalfBackpressureBench(ThroughputBench):
    LABEL = "50% back-pressure"

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=FULL, backpressure=Pattern("random", 0.5))
