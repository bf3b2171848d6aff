"""The wall-clock bound of the cocotb engines (dfv/tb/common/stall_guard.py): a design that loops at zero delay
on Icarus is stopped, and the run fails with the guard's message (what stalled, from when); the same
design without the loop passes, so the guard does not fire on a run that advances."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dfv.sim.build import BuildSpec
from dfv.sim.run import run_tests
from dfv.tb.common import stall_guard
from dfv.tb.common.dut import Dut

HERE = Path(__file__).parent


def test_message_names_what_ran_away():
    text = stall_guard.stall_message("Main@r1", 5, 190.0)
    assert text.startswith("Main@r1: simulated time stopped after 190 ns: no progress for 5 s of wall-clock time")
    assert "zero-delay loop" in text


def test_limit_from_the_environment(monkeypatch):
    monkeypatch.setenv(stall_guard.LIMIT_ENV, "7.5")
    assert stall_guard.limit_seconds() == 7.5
    for bad in ("0", "-3", "soon"):
        monkeypatch.setenv(stall_guard.LIMIT_ENV, bad)
        assert stall_guard.limit_seconds() == stall_guard.DEFAULT_LIMIT_S


def _run(tmp_path: Path, stall_at: int):
    spec = BuildSpec("zero_delay_loop", {"STALL_AT": stall_at}, extra_sources=(HERE / "zero_delay_loop.sv",),
                     coverage=False, build_root=tmp_path / "build")
    with pytest.MonkeyPatch.context() as mp:
        mp.syspath_prepend(str(HERE))  # the simulator's Python path is this process's
        mp.setenv(stall_guard.LIMIT_ENV, "3")  # read by the host's watch
        return run_tests(spec, "icarus", "stall_tb", 1, tmp_path / f"run{stall_at}", dut=Dut("zero_delay_loop", {}))


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
def test_a_zero_delay_loop_is_stopped_with_its_message(tmp_path):
    results = _run(tmp_path, 20)
    assert [r.name for r in results] == ["<stall>"]
    assert not results[0].passed
    # the loop starts 20 cycles after reset, before the second beat (at 10,000 ns): the last beat was at 0 ns
    assert results[0].message.startswith("HundredCycles: simulated time stopped after 0 ns: no progress for 3 s"), \
        results[0].message


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
def test_a_run_that_advances_is_not_stopped(tmp_path):
    results = _run(tmp_path, 0)
    assert [(r.name, r.passed) for r in results] == [("HundredCycles", True)], results
