"""`math.ctlz`, `math.cttz`, `math.ctpop` (and `math.absi`) through the flow: an `scf` program using them at
i1, i8, i32, i64 and index is lowered, run on the golden model and compared with the source interpreter
(which runs them on the operand's bit string, dfv.lowering.reference, not by the catalogue's semantics) and
with values worked out by hand; a golden model made wrong is caught by that comparison; a handshake
program; the generated top on Icarus and the flow on Verilator."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace

import pytest
from dfv_cli import run_dfv
from rtl_library import rtl_files

from dfv.golden import catalogue
from dfv.golden.values import signed
from dfv.lowering.output import write_outputs
from dfv.lowering.parse import parse_text
from dfv.lowering.pipeline import lower_program
from dfv.lowering.reference import declared_classes
from dfv.lowering.tbgen import run_icarus
from dfv.runner import run_program

SCF = """func.func @counts(%a: memref<6xi32>, %n: index, %b: i8, %c: i64, %d: index, %e: i1)
    -> (i32, i32, i32, i32, i8, i8, i8, i64, i64, index, index, i1, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%lz = %z, %tz = %z, %pc = %z, %ab = %z) -> (i32, i32, i32, i32) {
    %x = memref.load %a[%i] : memref<6xi32>
    %l = math.ctlz %x : i32
    %t = math.cttz %x : i32
    %p = math.ctpop %x : i32
    %v = math.absi %x : i32
    %l2 = arith.addi %lz, %l : i32
    %t2 = arith.addi %tz, %t : i32
    %p2 = arith.addi %pc, %p : i32
    %v2 = arith.addi %ab, %v : i32
    scf.yield %l2, %t2, %p2, %v2 : i32, i32, i32, i32
  }
  %bl = math.ctlz %b : i8
  %bt = math.cttz %b : i8
  %bp = math.ctpop %b : i8
  %cl = math.ctlz %c : i64
  %cp = math.ctpop %c : i64
  %dl = math.cttz %d : index
  %dp = math.ctpop %d : index
  %el = math.ctlz %e : i1
  %ep = math.ctpop %e : i1
  return %r#0, %r#1, %r#2, %r#3, %bl, %bt, %bp, %cl, %cp, %dl, %dp, %el, %ep
      : i32, i32, i32, i32, i8, i8, i8, i64, i64, index, index, i1, i1
}
"""
# a: 0, INT_MIN, -1, 1, 0x00F0_0000, 2^30; b = 0x28 (i8), c = 2^40 - 1, d = 0 (index), e = 0 (i1)
ARGS = [[0, -2**31, -1, 1, 0x00F00000, 2**30], 6, 0x28, 2**40 - 1, 0, 0]
EXPECTED = [
    32 + 0 + 0 + 31 + 8 + 1,  # leading zeros: 0 counts 32; INT_MIN and -1 none; 1: 31; 0x00F00000: 8; 2^30: 1
    32 + 31 + 0 + 0 + 20 + 30,  # trailing zeros
    0 + 1 + 32 + 1 + 4 + 1,  # set bits
    0 + (-2**31) + 1 + 1 + 0x00F00000 + 2**30,  # |x|, |INT_MIN| = INT_MIN; the sum wraps in i32
    2, 3, 2,  # 0x28 = 0b0010_1000
    24, 40,  # 2^40 - 1 in i64
    32, 0,  # index 0 at the default 32-bit index width: the width, no set bit
    1, 0,  # i1 0: ctlz is 1 (the width)
]
EXPECTED[3] = signed(EXPECTED[3] % 2**32, 32)

HANDSHAKE = """handshake.func @h(%a: i16, %start: none) -> (i16, i16, i16, none) {
  %l = math.ctlz %a : i16
  %t = math.cttz %a : i16
  %p = math.ctpop %a : i16
  handshake.return %l, %t, %p, %start : i16, i16, i16, none
}
"""


def test_the_source_interpreter_runs_its_own_implementations():
    """Not the catalogue's semantics: a wrong golden model would otherwise agree with its reference."""
    declared = {cls.__name__ for cls, _ in declared_classes()}
    assert not declared & {"DeclaredCountLeadingZerosOp", "DeclaredCountTrailingZerosOp", "DeclaredCtPopOp",
                           "DeclaredAbsIOp"}


def test_scf_program_on_golden_matches_the_source_and_the_hand_values(tmp_path):
    low = lower_program(parse_text(SCF, "counts.mlir"))
    assert {"math.ctlz", "math.cttz", "math.ctpop", "math.absi"} <= {n.op for n in low.g.nodes.values()}
    results, _ = low.reference(ARGS)
    assert results == EXPECTED
    path, inputs = tmp_path / "counts.mlir", tmp_path / "in.json"
    path.write_text(SCF)
    inputs.write_text(json.dumps({"args": ARGS}))
    for engine in ("golden", "golden-unbounded"):
        out = run_program(str(path), None, str(inputs), engine=engine)
        assert (out["status"], out["returns"]) == ("pass", EXPECTED), out["message"]


def test_a_wrong_golden_count_is_caught_by_the_source_interpreter(tmp_path, monkeypatch):
    """Fault injection: ctlz's declared semantics off by one for a word with its top bit clear; the golden
    run then disagrees with the source interpreter, and the run fails naming the result."""
    spec = catalogue.OPS["math.ctlz"]
    right = spec.compute.semantics

    def wrong(p, a):
        result, err = right(p, a)
        return (result + 1 if a >> (p["width"] - 1) == 0 and result < p["width"] else result), err

    bad = replace(spec, compute=replace(spec.compute, semantics=wrong),
                  factory=lambda **params: catalogue.ComputeMachine(replace(spec.compute, semantics=wrong), **params))
    monkeypatch.setitem(catalogue.OPS, "math.ctlz", bad)
    monkeypatch.setitem(catalogue.COMPUTE, "math.ctlz", bad.compute)
    path, inputs = tmp_path / "counts.mlir", tmp_path / "in.json"
    path.write_text(SCF)
    inputs.write_text(json.dumps({"args": ARGS}))
    out = run_program(str(path), None, str(inputs), engine="golden-unbounded")
    assert out["status"] == "fail" and "result 0" in out["message"], out["message"]


def test_scf_program_on_verilator(tmp_path):
    """`dfv run` on Verilator checks the RTL against the source interpreter and the golden run itself."""
    path, inputs = tmp_path / "counts.mlir", tmp_path / "in.json"
    path.write_text(SCF)
    inputs.write_text(json.dumps({"args": ARGS}))
    proc = run_dfv("run", str(path), "--inputs", str(inputs), "--engine", "verilator", "--json", cwd=str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = json.loads(proc.stdout)
    assert (out["status"], out["returns"]) == ("pass", EXPECTED)


@pytest.mark.parametrize(("value", "expected"), [(0, [16, 16, 0]), (-1, [0, 0, 16]), (0x0100, [7, 8, 1]),
                                                 (-32768, [0, 15, 1])])
def test_handshake_program(tmp_path, value, expected):
    path = tmp_path / "h.mlir"
    path.write_text(HANDSHAKE)
    inputs = tmp_path / "in.json"
    inputs.write_text(json.dumps({"args": [value]}))
    proc = run_dfv("run", str(path), "--inputs", str(inputs), "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["returns"] == expected


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
def test_generated_top_on_icarus(tmp_path):
    path = tmp_path / "counts.mlir"
    path.write_text(SCF)
    g = write_outputs(str(path), "counts", 32, str(tmp_path)).g
    assert "math_bitcount" in (tmp_path / "top.sv").read_text()
    r = run_icarus(g, str(tmp_path / "top.sv"), rtl_files(), dict(enumerate(ARGS)), str(tmp_path), timeout=60)
    assert not r["hang"] and not r["timeout"] and r["err"] == 0
    assert [signed(v, res.type.width) for v, res in zip(r["returns"], g.results, strict=True)] == EXPECTED
