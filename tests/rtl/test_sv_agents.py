"""The seeded patterns of the SystemVerilog agents (dfv/tb/hdl) do what dfv/tb/common/traffic.py says: `full` never
stalls, `random` stalls with probability p, `bursty` alternates go and stall runs within their bounds (stall runs
capped, mean about half the bound), an AFTER_VALID sink takes a token 1..3 cycles after valid rose and a
WHILE_VALID one raises ready only with valid (tests/rtl/sv_agents_tb.sv on Icarus, no cocotb)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from dfv.tb.common.op_harness import hdl_sources

pytestmark = pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")

TB = Path(__file__).with_name("sv_agents_tb.sv")


def test_patterns_and_consumers(tmp_path):
    vvp = tmp_path / "a.vvp"
    proc = subprocess.run(["iverilog", "-g2012", "-s", "sv_agents_tb", "-o", str(vvp), *map(str, hdl_sources()),
                           str(TB)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = subprocess.run(["vvp", "-n", str(vvp)], capture_output=True, text=True, timeout=120).stdout
    assert "WHILE_VALID" not in out.replace("AFTER_VALID", ""), out
    assert re.search(r"^FULL go=5000 cycles=5000$", out, re.M), out
    go = int(re.search(r"^RANDOM go=(\d+) cycles=20000$", out, re.M).group(1))
    assert abs(go / 20000 - 0.7) < 0.02, out  # stall probability 0.3
    m = re.search(r"^BURSTY go=(\d+) cycles=20000 max_go=(\d+) max_stall=(\d+) stall_runs=(\d+) stall_total=(\d+)$",
                  out, re.M)
    go, max_go, max_stall, runs, total = map(int, m.groups())
    assert max_go == 5 and max_stall == 24, out  # the bounds are reached and never passed
    assert 11.0 < total / runs < 14.0, out  # uniform in 1..24: mean 12.5
    hist = list(map(int, re.search(r"^AFTER_VALID waits (.*)$", out, re.M).group(1).split()))
    assert sum(hist) == 300 and hist[0] == 0 and sum(hist[4:]) == 0 and min(hist[1:4]) > 50, out
