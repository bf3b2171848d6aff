"""Memory benchmarks: accesses per cycle with every port busy, and load-to-data latency.

Every port gets `LENGTH` accesses at once (inputs always valid, outputs always ready), on the same
environments as the memory tests, so each run is still checked against the golden model;
`handshake_extmemory` runs behind the memory model at read latency 1 with no stalls. Measured:
accesses per cycle (all ports, first to last accepted access) and, per load, the cycles from its
`ld_addr` handshake to its `ld_data` handshake (min / mean / max). Records go to
`DFV_RUN_DIR/bench.jsonl` for `dfv.sim.bench`.
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
from tb.handshake.common import run_params, toplevel
from tb.memory import extmemory, memory
from tb.memory.common import accesses, ports

LENGTH = 500
BASES = {"handshake_memory": memory.MemoryTest, "handshake_extmemory": extmemory.ExtMemoryTest}


class BusyPorts(OpSequence):
    """LENGTH accesses on every port, random addresses and data."""

    def generate(self):
        rng = random.Random(f"{cocotb.RANDOM_SEED}:bench")
        yield OpItem(tokens={c.name: [rng.getrandbits(c.width) for _ in range(LENGTH)] for c in self.cfg.inputs},
                     kind="busy", n=LENGTH)


_Base = BASES.get(toplevel(), memory.MemoryTest)


@pyuvm.test()
class BusyPortsBench(_Base):
    """All ports busy; the external memory answers after 1 cycle without stalls."""

    SAMPLE_COVERAGE = False
    MODEL_LATENCY = 1

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=FULL, backpressure=FULL)

    def sequences(self):
        return [BusyPorts.create("busy")]

    async def run_phase(self):
        self.wall = time.perf_counter()
        await super().run_phase()
        self.wall = time.perf_counter() - self.wall

    def report_phase(self):
        params = run_params()
        n_load, n_store = ports(params)
        observed = self.env.scoreboard.final_observed
        accs, _ = accesses(observed, n_load, n_store)
        span = accs[-1].cycle - accs[0].cycle + 1
        latencies = [d.cycle - a.cycle for j in range(n_load)
                     for a, d in zip(observed[f"ld_addr[{j}]"], observed[f"ld_data[{j}]"], strict=True)]
        record = {
            "module": toplevel(), "params": params, "case": "all ports busy", "cycles": self.env.tb.cycle,
            "wall_s": self.wall, "accesses": len(accs), "accesses_per_cycle": round(len(accs) / span, 4),
            "latency": [min(latencies), round(sum(latencies) / len(latencies), 3), max(latencies)]
            if latencies else None,
            "model_latency": self.MODEL_LATENCY if toplevel() == "handshake_extmemory" else None,
        }
        with open(Path(os.environ["DFV_RUN_DIR"]) / "bench.jsonl", "a") as f:
            f.write(json.dumps(record) + "\n")
