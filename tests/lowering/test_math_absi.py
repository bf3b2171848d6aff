"""`math.absi` through the flow: an `scf` program and a handshake program using it are lowered, run on the
golden model and compared with the source interpreter (which runs it from the operation's declaration,
xDSL having no implementation) and with values written out by hand; the generated top on Icarus, and the
cocotb flow on Verilator."""

from __future__ import annotations

import json
import shutil

import pytest
from dfv_cli import run_dfv
from rtl_library import rtl_files

from dfv.golden.values import signed
from dfv.lowering.output import write_outputs
from dfv.lowering.parse import parse_text
from dfv.lowering.pipeline import lower_program
from dfv.lowering.tbgen import run_icarus

SCF = """func.func @sum_abs(%a: memref<8xi32>, %n: index) -> (i32, i8) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %x = memref.load %a[%i] : memref<8xi32>
    %y = math.absi %x : i32
    %s = arith.addi %acc, %y : i32
    scf.yield %s : i32
  }
  %m = arith.constant -128 : i8
  %am = math.absi %m : i8
  return %r, %am : i32, i8
}
"""
ARGS = [[3, -4, 5, -2147483648, 0, -1, 7, -9], 8]
# 3 + 4 + 5 + (-2^31, its own absolute value) + 0 + 1 + 7 + 9 = 29 - 2^31; |-128| wraps to -128 in i8
EXPECTED = [29 - 2**31, -128]

HANDSHAKE = """handshake.func @h(%a: i16, %start: none) -> (i16, none) {
  %r = math.absi %a : i16
  handshake.return %r, %start : i16, none
}
"""


def test_scf_program_on_golden_matches_the_source_and_the_hand_values():
    low = lower_program(parse_text(SCF, "absi.mlir"))
    assert "math.absi" in {n.op for n in low.g.nodes.values()}
    results, _ = low.reference(ARGS)
    assert results == EXPECTED


def test_scf_program_on_verilator(tmp_path):
    """`dfv run` on Verilator checks the RTL against the source interpreter and the golden run itself."""
    path, inputs = tmp_path / "absi.mlir", tmp_path / "in.json"
    path.write_text(SCF)
    inputs.write_text(json.dumps({"args": ARGS}))
    proc = run_dfv("run", str(path), "--inputs", str(inputs), "--engine", "verilator", "--json", cwd=str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = json.loads(proc.stdout)
    assert (out["status"], out["returns"]) == ("pass", EXPECTED)


@pytest.mark.parametrize(("value", "expected"), [(-7, 7), (7, 7), (-32768, -32768), (0, 0)])
def test_handshake_program(tmp_path, value, expected):
    path = tmp_path / "h.mlir"
    path.write_text(HANDSHAKE)
    inputs = tmp_path / "in.json"
    inputs.write_text(json.dumps({"args": [value]}))
    proc = run_dfv("run", str(path), "--inputs", str(inputs), "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["returns"] == [expected]


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
def test_generated_top_on_icarus(tmp_path):
    path = tmp_path / "absi.mlir"
    path.write_text(SCF)
    g = write_outputs(str(path), "sum_abs", 32, str(tmp_path)).g
    assert "math_absi" in (tmp_path / "top.sv").read_text()
    r = run_icarus(g, str(tmp_path / "top.sv"), rtl_files(), dict(enumerate(ARGS)), str(tmp_path), timeout=20)
    assert not r["hang"] and not r["timeout"] and r["err"] == 0
    assert [signed(v, res.type.width) for v, res in zip(r["returns"], g.results, strict=True)] == EXPECTED
