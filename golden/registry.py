"""Operation name -> golden machine factory, for the DFG interpreter and the testbenches.

Each golden subpackage (`golden.dataflow`, `golden.handshake`, `golden.memory`) exports a
`MACHINES` dict mapping an MLIR-style operation name (for example "dataflow.carry") to a factory
`f(**params) -> Machine`; this module merges them so callers need one lookup.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from golden.core import Machine

_PACKAGES = ("golden.dataflow", "golden.handshake", "golden.memory")


def machines() -> dict[str, Callable[..., Machine]]:
    """Every registered operation factory, keyed by operation name."""
    table: dict[str, Callable[..., Machine]] = {}
    for pkg in _PACKAGES:
        try:
            mod = importlib.import_module(pkg)
        except ModuleNotFoundError as exc:
            if exc.name != pkg:
                raise
            continue
        for name, factory in getattr(mod, "MACHINES", {}).items():
            if name in table:
                raise RuntimeError(f"operation {name} registered twice")
            table[name] = factory
    return table


def make_machine(op: str, **params) -> Machine:
    """Build the golden machine of operation `op` with its parameters."""
    table = machines()
    if op not in table:
        raise KeyError(f"no golden model for operation '{op}'")
    return table[op](**params)
