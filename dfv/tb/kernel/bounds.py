"""The bounds and the traffic of a kernel run, as `dfv run` and the regression choose them: a module without
the simulator's imports, so the command line reads its defaults without loading cocotb."""

from __future__ import annotations

from dataclasses import dataclass

from dfv.tb.common.traffic import FULL, Pattern

DEADLOCK_CYCLES = 2000
"""Cycles without progress after which the kernel environment calls a run deadlocked (docs/kernel_env.md)."""

MAX_MEM_LATENCY = DEADLOCK_CYCLES // 2
"""Longest memory read latency a run may ask for (`dfv run --mem-latency`): while a load waits nothing moves,
so a latency near DEADLOCK_CYCLES would be taken for a deadlock."""

DEFAULT_MAX_CYCLES = 200_000
"""The runaway bound of a kernel run: cycles after the start token (`dfv run --max-cycles`)."""

MAX_MAX_CYCLES = 1_000_000_000
"""The largest runaway bound `dfv run --max-cycles` takes (hours of simulation on Verilator)."""


@dataclass(frozen=True)
class KernelTraffic:
    """How the environment stalls a kernel run: the ready of the results and done (`results`), the memory
    model's request ready (`mem_req`) and its holding back of responses (`mem_resp`)."""

    results: Pattern = FULL
    mem_req: Pattern = FULL
    mem_resp: Pattern = FULL

    @classmethod
    def from_json(cls, doc: dict) -> KernelTraffic:
        """The traffic as `dataclasses.asdict` wrote it (`KernelDescription.write`)."""
        return cls(**{k: Pattern(**v) for k, v in doc.items()})


TRAFFIC = {
    # never a stall: the pipelined figures of `make bench`
    "full": KernelTraffic(),
    # seeded random stalls, the regression's: results/done ready half of the time (so long stalls are seen on
    # the one or two tokens a program returns), the memory not ready on 30% of the cycles and each response held
    # back on 30% of the cycles it could be presented
    "random": KernelTraffic(Pattern("random", 0.5), Pattern("random", 0.3), Pattern("random", 0.3)),
    # the same rates in runs of go and stall (dfv.tb.common.traffic, `bursty`)
    "bursty": KernelTraffic(Pattern("bursty", 0.5), Pattern("bursty", 0.3), Pattern("bursty", 0.3)),
}
"""The traffic presets of `dfv run --traffic` (default `random`)."""
