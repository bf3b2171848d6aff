"""Where the kit's files are, and where a run writes.

The kit's own files ship inside the package, so an installed `dfv` finds them wherever it was installed
(`importlib.resources`): the hand-written RTL (`dfv/rtl/`), the SystemVerilog testbench agents
(`dfv/tb/hdl/`) and the JSON Schema of `dfg.yaml` (`dfv/lowering/schema/`).

A run writes builds and reports under a work folder: `$DFV_WORK` when it is set, else the repository
when the package is used from its checkout (so `make` targets and `dfv` agree), else the current
folder. The development flows (`make sim`, `make formal`, `make mutate`, ...) also read the checkout's
`configs/` and `formal/`: from `REPO`, the checkout (outside one, the work folder, where they report the
missing file).
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

PACKAGE_DIR = Path(str(resources.files("dfv")))
RTL_DIR = PACKAGE_DIR / "rtl"
HDL_DIR = PACKAGE_DIR / "tb" / "hdl"
SCHEMA_DIR = PACKAGE_DIR / "lowering" / "schema"
TB_SCHEMA_DIR = PACKAGE_DIR / "tb" / "schema"

WORK_ENV = "DFV_WORK"


def _checkout() -> Path | None:
    """The repository the package is used from, or None for an installed package."""
    root = PACKAGE_DIR.parent
    return root if (root / "pyproject.toml").is_file() and (root / "configs").is_dir() else None


CHECKOUT = _checkout()
WORK_DIR = Path(os.environ.get(WORK_ENV) or CHECKOUT or Path.cwd()).resolve()
BUILD_DIR = WORK_DIR / "build"
REPORTS_DIR = WORK_DIR / "reports"

REPO = CHECKOUT or WORK_DIR
