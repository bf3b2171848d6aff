"""Shifts by the width or more: MLIR gives poison, which any value refines; the kit reads the amount unsigned and
gives 0 (`shli`, `shrui`) or the sign fill (`shrsi`), in the source interpreter as in the golden model and the
RTL. Shifting by 0xFFFFFFFF or 2^62 was `the source program cannot be run on these inputs: AssertionError` (or a
MemoryError after 8 s)."""

from __future__ import annotations

import json
import shutil

import pytest
from dfv_cli import run_dfv

from dfv.runner import run_program

SHIFTS = """func.func @f(%a: i{w}, %b: i{w}) -> (i{w}, i{w}, i{w}) {{
  %l = arith.shli %a, %b : i{w}
  %r = arith.shrui %a, %b : i{w}
  %s = arith.shrsi %a, %b : i{w}
  func.return %l, %r, %s : i{w}, i{w}, i{w}
}}
"""


def _expected(a: int, b: int, w: int) -> list[int]:
    """The documented results, by exact integer arithmetic on the w-bit words."""
    mask = (1 << w) - 1
    ua, ub = a & mask, b & mask  # the words; the amount read unsigned

    def signed(x: int) -> int:
        x &= mask
        return x - (1 << w) if x >> (w - 1) else x

    shl = (ua * 2**ub) & mask if ub < w else 0
    shr = ua // 2**ub if ub < w else 0
    sign = -1 if signed(ua) < 0 else 0
    sar = signed(ua) // 2**ub if ub < w else sign  # floor division: the arithmetic shift
    return [signed(shl), signed(shr), signed(sar)]


CASES = [(32, a, b) for a in (5, -5, -(2**31)) for b in (3, 31, 32, 33, 2**31, 2**32 - 1, -1)] + \
        [(64, a, b) for a in (5, -5) for b in (63, 64, 2**62, 2**63, 2**64 - 1)] + \
        [(8, a, b) for a in (-128, 127) for b in (7, 8, 255)]


@pytest.mark.parametrize("engine", ["golden", "golden-unbounded"])
@pytest.mark.parametrize("w,a,b", CASES)
def test_over_wide_shift(tmp_path, engine, w, a, b):
    (tmp_path / "k.mlir").write_text(SHIFTS.format(w=w))
    (tmp_path / "in.json").write_text(json.dumps({"args": [a, b]}))
    out = run_program(str(tmp_path / "k.mlir"), None, str(tmp_path / "in.json"), engine)
    assert out["status"] == "pass" and out["returns"] == _expected(a, b, w), out


def test_over_wide_shift_command(tmp_path):
    """The issue's case through the command: i64 shifted by 2^62, within seconds."""
    (tmp_path / "k.mlir").write_text(SHIFTS.format(w=64))
    (tmp_path / "in.json").write_text(json.dumps({"args": [5, 2**62]}))
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--inputs", str(tmp_path / "in.json"), "--json", timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["returns"] == [0, 0, 0]


@pytest.mark.parametrize("sim", ["verilator", "icarus"])
def test_over_wide_shift_on_rtl(tmp_path, sim):
    """The RTL agrees (its results are checked against the golden run and the source interpreter)."""
    if sim == "icarus" and shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    (tmp_path / "k.mlir").write_text(SHIFTS.format(w=32))
    for a, b in ((-5, 2**32 - 1), (5, 32), (-(2**31), 2**31)):
        (tmp_path / "in.json").write_text(json.dumps({"args": [a, b]}))
        proc = run_dfv("run", str(tmp_path / "k.mlir"), "--inputs", str(tmp_path / "in.json"), "--engine", sim,
                       "--json", timeout=600)
        assert proc.returncode == 0, proc.stderr[-2000:]
        out = json.loads(proc.stdout.splitlines()[-1])
        assert out["status"] == "pass" and out["returns"] == _expected(a, b, 32), out
