"""The busy check of `at_init` in simulation (cocotb tests in at_init_faults_tb.py, on Icarus): on
`handshake_fork` it passes with the DUT's own at_init, and a DUT whose at_init is stuck at 1 is caught with
the check's message (the test passes only on exactly that error). The replay itself: test_at_init_busy.py."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dfv.sim.regress import suite_spec
from dfv.sim.run import run_tests

pytestmark = pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")


def test_stuck_at_one_is_caught_and_the_real_at_init_passes(tmp_path):
    with pytest.MonkeyPatch.context() as mp:
        mp.syspath_prepend(str(Path(__file__).parent))  # the simulator's Python path is this process's
        results = {r.name: r for r in run_tests(suite_spec("handshake_fork", {"W": 64, "N": 3},
                                                                       "dfv.tb.handshake.fork"), "icarus",
                                                "at_init_faults_tb", 1, tmp_path)}
    assert set(results) == {"ForkRandomTest", "AtInitStuckAtOne"}
    for name, r in results.items():
        assert r.passed, f"{name}: {r.message}"
