"""`make lint` for RTL: Verilator `--lint-only -Wall` on every module under rtl/.

Each module is linted as the top of one invocation over all RTL sources (so packages resolve),
at its default parameters and at every parameter set the regression builds. Any warning fails.
"""

from __future__ import annotations

import re
import subprocess
import sys

from dfv.sim.regress import load_jobs
from dfv.sim.toolchain import rtl_sources, setup_path

MODULE = re.compile(r"^\s*module\s+(\w+)", re.MULTILINE)


def modules() -> list[str]:
    """Every module declared under rtl/ (one per file, named like the file)."""
    names = []
    for src in rtl_sources():
        names += MODULE.findall(src.read_text())
    return names


def lint(top: str, params: dict[str, int]) -> str:
    """Lint output for `top` at `params` ("" when clean)."""
    cmd = ["verilator", "--lint-only", "-Wall", "--top-module", top, *[f"-G{k}={v}" for k, v in params.items()],
           *map(str, rtl_sources())]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    return (proc.stdout + proc.stderr).strip() if proc.returncode or proc.stderr.strip() else ""


def main() -> int:
    setup_path("verilator")
    targets = {(m, ()) for m in modules()}
    # kernel jobs build generated tops (linted with -Wall by tests/lowering/test_outputs.py), not rtl/ modules
    targets |= {(j.toplevel, j.params) for j in load_jobs() if j.kernel is None}
    failures = 0
    for top, params in sorted(targets):
        out = lint(top, dict(params))
        label = top + "".join(f" {k}={v}" for k, v in params)
        if out:
            failures += 1
            print(f"LINT FAIL {label}\n{out}")
        else:
            print(f"lint ok   {label}")
    print(f"{len(targets) - failures} clean, {failures} with warnings")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
