"""Full-rate throughput of the handshake primitives, arith units and access ports, on their test environments.

One long burst (`LENGTH` tokens on every input, consistent for the mux and the merges) is sent with
inputs always valid and outputs always ready; the run is still checked against the golden model.
Tokens per cycle are counted on the channel(s) that carry one token per firing of the primitive
(`MEASURED`), from the first to the last transfer, and appended to `DFV_RUN_DIR/bench.jsonl` for
`dfv.sim.bench`. docs/primitives.md promises one token per cycle for every primitive except the
FIFOs with DEPTH = 1 (one per 2 cycles); `expected` carries that figure.
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import cocotb
import pyuvm

from tb.common.op_env import OpItem, OpSequence
from tb.common.traffic import FULL, TrafficConfig
from tb.handshake import access, arith, branch, buffer, fork, join, merge, sources
from tb.handshake.common import run_params, toplevel

LENGTH = 1000

BASES = {
    **{name: fork.ForkTest for name in fork.FAMILIES},
    **{name: join.JoinTest for name in join.FAMILIES},
    **{name: branch.BranchTest for name in branch.FAMILIES},
    **{name: merge.MergeTest for name in merge.FAMILIES},
    **{name: sources.SourcesTest for name in sources.FAMILIES},
    **{name: buffer.BufferTest for name in buffer.FAMILIES},
    **{name: arith.ArithTest for name in arith.FAMILIES},
    **{name: access.AccessTest for name in access.FAMILIES},
}

MEASURED = {
    "handshake_fork": ("in",), "handshake_fork_ctrl": ("in",), "handshake_join": ("out",),
    "handshake_cond_br": ("data",), "handshake_cond_br_ctrl": ("data",),
    "handshake_mux": ("out",), "handshake_mux_ctrl": ("out",),
    "handshake_merge": ("out",), "handshake_merge_ctrl": ("out",),
    "handshake_control_merge": ("out",), "handshake_control_merge_ctrl": ("out",),
    "handshake_sink": ("in",), "handshake_sink_ctrl": ("in",), "handshake_source": ("out",),
    "handshake_constant": ("out",),
    "handshake_buffer": ("out",), "handshake_buffer_ctrl": ("out",), "handshake_fifo": ("out",),
    "handshake_fifo_ctrl": ("out",),
    "arith_binop": ("result",), "arith_cmpi": ("result",), "arith_select": ("result",), "arith_cast": ("out",),
    "handshake_load": ("addr_to_mem", "data"), "handshake_store": ("addr_to_mem", "data_to_mem"),
}


def expected_rate(top: str, params: dict) -> float:
    """The documented full-rate throughput (docs/primitives.md)."""
    return 0.5 if top.startswith("handshake_fifo") and int(params.get("DEPTH", 2)) == 1 else 1.0


class LongBurst(OpSequence):
    """LENGTH random tokens on every input; mux: sel uniform with matching data; merges: inputs share LENGTH."""

    def generate(self):
        rng = random.Random(f"{cocotb.RANDOM_SEED}:bench")
        word = lambda w: None if w == 0 else rng.getrandbits(w)  # noqa: E731
        top, params = toplevel(), self.cfg.params
        tokens = {}
        if top.startswith("handshake_mux"):
            n = int(params["N"])
            sels = [rng.randrange(n) for _ in range(LENGTH)]
            tokens["sel"] = sels
            for i in range(n):
                tokens[f"in[{i}]"] = [word(self.cfg.inputs[1].width) for s in sels if s == i]
        elif "merge" in top:
            share = LENGTH // len(self.cfg.inputs)
            tokens = {c.name: [word(c.width) for _ in range(share)] for c in self.cfg.inputs}
        else:
            tokens = {c.name: [word(c.width) for _ in range(LENGTH)] for c in self.cfg.inputs}
        yield OpItem(tokens=tokens, kind="long", n=LENGTH)


_Base = BASES.get(toplevel(), fork.ForkTest)


@pyuvm.test()
class FullRateBench(_Base):
    """Tokens per cycle with inputs always valid and outputs always ready."""

    SAMPLE_COVERAGE = False

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=FULL, backpressure=FULL)

    def sequences(self):
        return [LongBurst.create("long")]

    async def run_phase(self):
        self.wall = time.perf_counter()
        await super().run_phase()
        self.wall = time.perf_counter() - self.wall

    def report_phase(self):
        top, params = toplevel(), run_params()
        monitors = self.env.monitors
        record = {
            "module": top, "params": params, "case": "full rate", "cycles": self.env.tb.cycle, "wall_s": self.wall,
            "measured": {ch: round(monitors[ch].throughput(), 4) for ch in MEASURED[top]},
            "expected": expected_rate(top, params),
        }
        with open(Path(os.environ["DFV_RUN_DIR"]) / "bench.jsonl", "a") as f:
            f.write(json.dumps(record) + "\n")
