"""Throughput of the four dataflow operations, on the same environment as their tests.

A stream of iterations in back-to-back bursts (`dataflow_stream`: activations of `STREAM_RATE_TRIPS`
iterations, drawn for the suite's STEP_OP and width; the others: bursts of `BURST` iterations) is
sent with inputs always valid; the outputs are always ready (full rate) or ready half of the time at
random. The run is still checked against the golden model. Each channel's tokens per cycle are
counted from its first to its last transfer. At full rate the channels of `dfv.tb.common.rates` must run
at their documented rate (one per cycle: stream's idx and cont across activations, but with `*=` and `/=`,
whose elements wait for an iterative product or division each; gate's input
pairs, carry's and invariant's `o`, as the RTL headers say): `FullRateBench` fails with
`throughput: <module> [<params>] <channel> <measured> tokens/cycle, documented <rate> ...` otherwise.

`make bench` (`dfv.sim.bench`, `DFV_BENCH=1`) runs `LENGTH` iterations, both tests, and appends the
figures to `DFV_RUN_DIR/bench.jsonl`; the regression runs `FullRateBench` alone with `CHECK_LENGTH`
iterations beside the suite's own tests (the suite's `bench` key in configs/regression.yaml).
"""

from __future__ import annotations

from dfv.golden.catalogue import STREAM_RATE_TRIPS
from dfv.golden.types import to_unsigned
from dfv.tb.bench.check import RateCheckMixin, bench_mode, run_length
from dfv.tb.common.op_sequence import OpItem, OpSequence
from dfv.tb.common.traffic import FULL, Pattern, TrafficConfig
from dfv.tb.common.variants import register
from dfv.tb.dataflow import carry, gate, invariant, stream
from dfv.tb.handshake.common import run_params, toplevel

LENGTH = 2000  # iterations in `make bench`
CHECK_LENGTH = 240  # in the regression
BURST = 20  # iterations per burst (gate, carry, invariant)

BASES = {
    "dataflow_carry": carry.CarryTest, "dataflow_invariant": invariant.InvariantTest,
    "dataflow_gate": gate.GateTest, "dataflow_stream": stream.StreamTest,
}


def length() -> int:
    return run_length(LENGTH, CHECK_LENGTH)


def stream_activation(width: int, step_op: int, trips: int) -> tuple[int, int, int, int]:
    """(start, step, bound, cont_cond) of an activation of exactly `trips` iterations for `step_op`."""
    k = trips
    rows = {
        0: (0, 1, k, 0),            # +=, <
        1: (k, 1, 0, 2),            # -=, >
        2: (1, 2, 1 << k, 0),       # *=, <
        3: (1 << k, 2, 1, 2),       # /=, >
        4: (1, 1, 1 << k, 0),       # <<=, <
        5: (1 << k, 1, 1, 2),       # >>=, >
    }
    start, step, bound, cond = rows[step_op]
    start, step, bound = (to_unsigned(v, width) for v in (start, step, bound))
    got = stream.trip_count(width, step_op, start, step, bound, cond)
    if got != trips:
        raise ValueError(f"stream activation for STEP_OP {step_op} at W={width} runs {got} iterations, not {trips}")
    return start, step, bound, cond


def bursts(top: str, params: dict, iterations: int) -> list[dict[str, list]]:
    """Back-to-back bursts (one per item) adding up to about `iterations` iterations."""
    width = int(params["W"])
    mask = (1 << width) - 1
    if top == "dataflow_stream":
        act = stream_activation(width, int(params["STEP_OP"]), STREAM_RATE_TRIPS)
        count = max(2, iterations // STREAM_RATE_TRIPS)
        return [{"start": [(act[0], act[3])], "step": [act[1]], "bound": [act[2]]} for _ in range(count)]
    items, k = [], 0
    for b in range(max(2, iterations // BURST)):
        values = [(k + i) & mask for i in range(BURST + 1)]
        k += BURST + 1
        if top == "dataflow_gate":
            items.append({"before_value": values, "before_cond": [1] * BURST + [0]})
        elif top == "dataflow_carry":
            items.append({"a": [b & mask], "b": values[:BURST], "d": [1] * BURST + [0]})
        else:  # dataflow_invariant
            items.append({"a": [b & mask], "d": [1] * BURST + [0]})
    return items


class Bursts(OpSequence):
    def generate(self):
        for tokens in bursts(toplevel(), self.cfg.params, length()):
            yield OpItem(tokens=tokens, kind="long")


_Base = BASES.get(toplevel(), carry.CarryTest)


class ThroughputBench(RateCheckMixin, _Base):
    """Measure tokens per cycle on every output of the DUT under `traffic()`."""

    CASE = ""
    SAMPLE_COVERAGE = False

    def sequences(self):
        return [Bursts.create("bursts")]


    def report_phase(self):
        monitors = self.env.monitors
        self.record({
            "module": toplevel(), "params": run_params(), "case": self.CASE,
            "cycles": self.env.tb.cycles_since_reset(), "wall_s": self.wall, "length": length(),
            "outputs": {n: round(m.throughput(), 4) for n, m in monitors.items() if not m.spec.is_input},
            **({"measured": self.measured(), "documented": self.documented()} if self.CASE == "full rate" else {}),
        })


@register
class FullRateBench(ThroughputBench):
    """Inputs always valid, outputs always ready: the documented rate on every channel of dfv.tb.common.rates."""

    CASE = "full rate"

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=FULL, backpressure=FULL)

    def report_phase(self):
        super().report_phase()
        self.check_rates(self.measured())


if bench_mode():  # a figure for the table only: not run in the regression

    @register
    class HalfBackpressureBench(ThroughputBench):
        CASE = "50% back-pressure"

        def traffic(self) -> TrafficConfig:
            return TrafficConfig(idle=FULL, backpressure=Pattern("random", 0.5))
