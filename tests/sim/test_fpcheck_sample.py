"""`make fpcheck` (tools/fpcheck) in little: one float unit that holds the shared significand multiplier
(`dfv_sig_mul`), at one format, against the golden model on Icarus and Verilator, with its lint and Yosys
reads. The whole check (every unit and format, 10^5 vectors each) runs in `make fpcheck` under `make signoff`;
this sample keeps its builds honest under `make test`: Icarus 11 refused `dfv_sig_mul`'s part-selects inside an
`always_comb` from 1ac5005 to 6eef4a3, and nothing that `make test` ran said so."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from dfv.paths import REPO


def test_a_float_unit_sample_is_bit_exact_on_both_simulators(tmp_path: Path):
    run = subprocess.run([sys.executable, str(REPO / "tools" / "fpcheck" / "run.py"), "--units", "arith_mulf",
                          "--formats", "bf16", "--random", "100", "--jobs", "1", "--build", str(tmp_path)],
                         cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True,
                         timeout=1800)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "every result bit-exact on icarus and verilator" in run.stdout, run.stdout[-3000:]
