"""What the host asks of the kernel environment: one dataclass, written by `dfv.sim.kernel.run_kernel`
and read by `dfv.tb.kernel.env`, so the two ends of the file cannot drift apart.

The description travels as JSON in the run folder, one file per run of the process: the test's variant
names it (`dfv.tb.common.variants.Variant.description`). JSON object keys are strings: the integer keys of
`args` and `source_memrefs` (argument positions) are turned back into integers when read.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from dfv.tb.common import variants
from dfv.tb.kernel.bounds import DEADLOCK_CYCLES, DEFAULT_MAX_CYCLES, KernelTraffic


@dataclass
class KernelDescription:
    """One kernel run: the program (`dfg`: its dfg.yaml), its raw argument words, the reference results
    as raw words (`source_returns`, `source_memrefs`), the memory latency, the traffic (`KernelTraffic`), the
    functional-coverage bins, the cycle bounds, the folder the environment writes its records to, and whether
    the circuit is another flow's (`foreign`: its insides are not the generated top's, so only its boundary is
    watched; `dfv.tb.kernel.foreign`)."""

    name: str
    function: str
    dfg: str
    args: dict[int, int | list[int]]
    source_returns: list[int | None]
    source_memrefs: dict[int, list[int]]
    latency: int = 1
    traffic: KernelTraffic = field(default_factory=KernelTraffic)
    coverage: dict | None = None
    max_cycles: int = DEFAULT_MAX_CYCLES
    deadlock_cycles: int = DEADLOCK_CYCLES
    result_dir: str = "."
    foreign: bool = False

    def write(self, path: Path) -> None:
        path.write_text(json.dumps(asdict(self), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | None = None) -> KernelDescription:
        """The description at `path`, by default that of the running test's variant."""
        path = path or variants.current().description
        if not path:
            raise RuntimeError("the test's variant names no kernel description (run through dfv.sim.kernel)")
        d = json.loads(Path(path).read_text())
        d["args"] = {int(k): v for k, v in d["args"].items()}
        d["source_memrefs"] = {int(k): v for k, v in d["source_memrefs"].items()}
        d["traffic"] = KernelTraffic.from_json(d["traffic"])
        return cls(**d)
