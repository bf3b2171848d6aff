"""`make lint` for RTL: Verilator `--lint-only -Wall` on every module under dfv/rtl/, and on the
SystemVerilog testbench agents of dfv/tb/hdl (the kernel harness's, `dfv.tb.kernel.harness`).

Each module is linted as the top of one invocation over all RTL sources (so packages resolve),
at its default parameters and at every parameter set the regression builds; each dfv/tb/hdl module over
the dfv/tb/hdl sources, at its default parameters and at a wide-data set. Any warning fails.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from dfv.sim.regress import load_jobs
from dfv.sim.toolchain import rtl_sources, setup_path
from dfv.tb.common.op_harness import hdl_sources

MODULE = re.compile(r"^\s*module\s+(\w+)", re.MULTILINE)


# dfv/tb/hdl modules linted beyond their defaults: wide data (several 32-bit words of idle garbage)
HDL_PARAMS = {"dfv_chan_source": ({"W": 40},), "dfv_chan_monitor": ({"W": 40, "IS_OUTPUT": 1, "IDLE_X": 0},),
              "dfv_mem_model": ({"W": 40, "AW": 6, "SIZE": 64},),
              "dfv_extmem_adapter": ({"W": 40, "AW": 64, "PAW": 3, "NLD": 2, "NST": 0},
                                     {"W": 8, "AW": 6, "PAW": 6, "NLD": 0, "NST": 3})}


def modules(sources: list[Path] | None = None) -> list[str]:
    """Every module declared in `sources` (default: under dfv/rtl/; one per file, named like the file)."""
    names = []
    for src in rtl_sources() if sources is None else sources:
        names += MODULE.findall(src.read_text())
    return names


def lint(top: str, params: dict[str, int], sources: list[Path] | None = None) -> str:
    """Lint output for `top` at `params` over `sources` (default: dfv/rtl/) ("" when clean)."""
    cmd = ["verilator", "--lint-only", "-Wall", "--timing", "--top-module", top,
           *[f"-G{k}={v}" for k, v in params.items()], *map(str, rtl_sources() if sources is None else sources)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    return (proc.stdout + proc.stderr).strip() if proc.returncode or proc.stderr.strip() else ""


def main() -> int:
    setup_path("verilator")
    targets = {(m, ()) for m in modules()}
    # kernel jobs build generated tops (linted with -Wall by tests/lowering/test_outputs.py), not dfv/rtl/ modules
    targets |= {(j.toplevel, j.params) for j in load_jobs() if j.kernel is None}
    hdl = hdl_sources()
    hdl_targets = {(m, ()) for m in modules(hdl)}
    hdl_targets |= {(m, tuple(sorted(p.items()))) for m, sets in HDL_PARAMS.items() for p in sets}
    runs = [("", top, params, None) for top, params in sorted(targets)]
    runs += [("dfv/tb/hdl ", top, params, hdl) for top, params in sorted(hdl_targets)]
    # the generated harnesses of the operation suites (dfv/tb/common/op_harness.py), as they are built
    harnessed = {(j.toplevel, j.params): j.spec for j in load_jobs() if j.kernel is None}
    runs += [("harness ", spec.toplevel, params, [*rtl_sources(), *spec.extra_sources])
             for (_top, params), spec in sorted(harnessed.items())]
    failures = 0
    for prefix, top, params, sources in runs:
        out = lint(top, dict(params), sources)
        label = prefix + top + "".join(f" {k}={v}" for k, v in params)
        if out:
            failures += 1
            print(f"LINT FAIL {label}\n{out}")
        else:
            print(f"lint ok   {label}")
    print(f"{len(runs) - failures} clean, {failures} with warnings")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
