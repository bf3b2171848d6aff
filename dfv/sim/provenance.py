"""What a long-running report was made from, so a report made from other sources is refused as stale.

`make mutate` and `make formal` take minutes to an hour; the signoff report (`dfv.sim.signoff`) reads
the figures they left in reports/ rather than running them again. Each of them records the digest of
the files its verdict depends on (`inputs_digest`); the signoff recomputes it and refuses a report whose
sources have changed since, naming the command that refreshes it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

from dfv.paths import REPO

# The files a mutation verdict depends on: the RTL it mutates, the testbenches and golden models that
# judge it, the suites that run and the threshold and waivers that score it, and the tool itself.
MUTATION_INPUTS = ("dfv/rtl", "dfv/tb", "dfv/golden", "dfv/mutate", "configs/mutation.yaml", "configs/regression.yaml")
# The files a proof depends on: the RTL, its properties, the job list and the driver.
FORMAL_INPUTS = ("dfv/rtl", "formal", "dfv/tb/hdl/dfv_hs_chk.sv", "configs/formal.yaml", "dfv/sim/formal.py",
                 "dfv/sim/hierarchy.py")


# The files a timing figure depends on: the RTL, the lowering that makes the kernels' tops, the kernels, the
# parameter sets, the flow and its configuration (the tools are pinned in pyproject.toml).
TIMING_INPUTS = ("dfv/rtl", "dfv/lowering", "dfv/timing", "kernels", "configs/timing.yaml", "configs/regression.yaml",
                 "pyproject.toml")


def _files(root: Path, rel: str) -> list[Path]:
    path = root / rel
    if path.is_file():
        return [path]
    return sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def inputs_digest(inputs: Sequence[str], root: Path = REPO) -> str:
    """A digest of the names and contents of every file under `inputs` (paths relative to `root`)."""
    h = hashlib.sha256()
    for rel in inputs:
        for path in _files(root, rel):
            h.update(path.relative_to(root).as_posix().encode() + b"\0")
            h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:16]
