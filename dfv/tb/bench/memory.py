"""Memory benchmarks: accesses per cycle with every port busy, and load-to-data latency.

Every port gets `length()` accesses at once (inputs always valid, outputs always ready), on the same
environments as the memory tests, so each run is still checked against the golden model;
`handshake_extmemory` runs behind the memory model at read latency `dfv.tb.common.rates.EXTMEMORY_LATENCY`
(1) with no stalls. Measured: accesses per cycle of each port (`st_addr[i]`, `ld_addr[j]`) and of all
ports together (first to last accepted access), which must be the documented ones of `dfv.tb.common.rates`
(`handshake_memory`: every port one per cycle, all at once; `handshake_extmemory`: one access per cycle
in total, a load port at min(1, MAXOUT / (L + 2))), else the test fails with `throughput: ...`; and,
per load, the cycles from its `ld_addr` handshake to its `ld_data` handshake (min / mean / max).

`make bench` (`DFV_BENCH=1`) runs `LENGTH` accesses per port and appends the figures to
`DFV_RUN_DIR/bench.jsonl` for `dfv.sim.bench`; the regression runs `CHECK_LENGTH` per port beside the
suite's own tests (the suite's `bench` key in configs/regression.yaml).
"""

from __future__ import annotations

import random

from dfv.tb.bench.check import RateCheckMixin, run_length
from dfv.tb.common import variants
from dfv.tb.common.op_sequence import OpItem, OpSequence
from dfv.tb.common.rates import ACCESSES, EXTMEMORY_LATENCY
from dfv.tb.common.traffic import FULL, TrafficConfig
from dfv.tb.common.variants import register
from dfv.tb.handshake.common import run_params, toplevel
from dfv.tb.memory import extmemory, memory
from dfv.tb.memory.common import accesses, ports

LENGTH = 500  # accesses per port in `make bench`
CHECK_LENGTH = 100  # in the regression
BASES = {"handshake_memory": memory.MemoryTest, "handshake_extmemory": extmemory.ExtMemoryTest}


def length() -> int:
    return run_length(LENGTH, CHECK_LENGTH)


class BusyPorts(OpSequence):
    """length() accesses on every port, random addresses and data."""

    def generate(self):
        rng = random.Random(f"{variants.seed()}:bench")
        n = length()
        yield OpItem(tokens={c.name: [rng.getrandbits(c.width) for _ in range(n)] for c in self.cfg.inputs},
                     kind="busy", n=n)


_Base = BASES.get(toplevel(), memory.MemoryTest)


@register
class BusyPortsBench(RateCheckMixin, _Base):
    """All ports busy; the external memory answers after 1 cycle without stalls."""

    CASE = "all ports busy"
    SAMPLE_COVERAGE = False
    MODEL_LATENCY = EXTMEMORY_LATENCY

    def model_latency(self) -> int:  # extmemory: the latency the documented rates assume
        return self.MODEL_LATENCY

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=FULL, backpressure=FULL)

    def sequences(self):
        return [BusyPorts.create("busy")]


    def measured(self) -> dict[str, float]:
        n_load, n_store = ports(run_params())
        accs, _ = accesses(self.env.scoreboard.final_observed, n_load, n_store)
        span = accs[-1].cycle - accs[0].cycle + 1 if accs else 0
        return {**super().measured(), ACCESSES: round(len(accs) / span, 4) if span else 0.0}

    def report_phase(self):
        params = run_params()
        n_load, n_store = ports(params)
        observed = self.env.scoreboard.final_observed
        accs, _ = accesses(observed, n_load, n_store)
        latencies = [d.cycle - a.cycle for j in range(n_load)
                     for a, d in zip(observed[f"ld_addr[{j}]"], observed[f"ld_data[{j}]"], strict=True)]
        measured = self.measured()
        self.record({
            "module": toplevel(), "params": params, "case": self.CASE, "cycles": self.env.tb.cycles_since_reset(),
            "wall_s": self.wall, "length": length(), "accesses": len(accs), "accesses_per_cycle": measured[ACCESSES],
            "latency": [min(latencies), round(sum(latencies) / len(latencies), 3), max(latencies)]
            if latencies else None,
            "model_latency": self.MODEL_LATENCY if toplevel() == "handshake_extmemory" else None,
            "measured": measured, "documented": self.documented(),
        })
        self.check_rates(measured)
