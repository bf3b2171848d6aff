"""CIRCT's flow as an engine (`dfv run --engine circt-icarus|circt-verilator`, `dfv.circt`).

Without the CIRCT environment (`make circt`), the engines say how to make it and everything else about them is
checked here with stand-ins for CIRCT's Python (a failure, a hang). With it: the kit's scalar kernels, and a loop over
memory written as a handshake program, run on the circuits CIRCT makes of them, on both simulators with the same
cycles; the committed CIRCT-made fixtures are what
the engine makes (tests/ip/circt/recipe.py runs the same script); every integer operation the fuzzer generates is
lowered by CIRCT except those of `NOT_LOWERED`, which CIRCT refuses; and the finding of the fuzz campaign
(tests/ip/circt/findings/, docs/circt_findings.md) still stands."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from run_cli import run_error, run_json

from dfv.circt.flow import NOT_LOWERED, CirctError, CirctUnavailable, circt_python, export_verilog
from dfv.fuzz.gen import BINOPS, UNARY_OPS
from dfv.lowering.to_cf import to_cf

ROOT = Path(__file__).parents[2]
KERNELS = ROOT / "kernels"
FIXTURES = ROOT / "tests" / "ip" / "circt"
FINDINGS = FIXTURES / "findings"


def _has_circt() -> bool:
    try:
        circt_python()
    except CirctUnavailable:
        return False
    return True


needs_circt = pytest.mark.skipif(not _has_circt(), reason="no CIRCT environment (make circt)")
needs_iverilog = pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")


def _stand_in(tmp_path: Path, body: str) -> Path:
    """An executable that takes the place of the CIRCT environment's Python."""
    script = tmp_path / "python"
    script.write_text(f"#!/bin/sh\n{body}\n")
    script.chmod(0o755)
    return script


def test_without_the_circt_environment_the_engine_says_how_to_make_it(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("DFV_CIRCT_PYTHON", str(tmp_path / "nowhere"))
    message = run_error([str(KERNELS / "gcd.mlir"), "--engine", "circt-icarus"], [4, 6], tmp_path, capsys)
    assert message == (f"CIRCT's flow needs the circt wheel ($DFV_CIRCT_PYTHON = {tmp_path / 'nowhere'} is not a "
                       "Python): run `make circt` (Python 3.13, circt==1.162.0), or set DFV_CIRCT_PYTHON to a Python "
                       "that has it")


def test_a_program_circt_refuses_is_one_error_line_with_circts_diagnostics(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("DFV_CIRCT_PYTHON", str(_stand_in(tmp_path, 'echo "error: no pattern for this op" >&2; exit 1')))
    message = run_error([str(KERNELS / "gcd.mlir"), "--engine", "circt-verilator"], [4, 6], tmp_path, capsys)
    assert message.startswith(f"{KERNELS / 'gcd.mlir'}: CIRCT's flow failed on "), message
    assert message.endswith("program.mlir (exit status 1): error: no pattern for this op"), message


def test_circts_flow_is_bounded_in_time(tmp_path, monkeypatch):
    monkeypatch.setenv("DFV_CIRCT_PYTHON", str(_stand_in(tmp_path, "sleep 30")))
    with pytest.raises(CirctError, match=r"CIRCT's flow ran past 0.5 s on .*program.mlir \(stopped\)"):
        export_verilog("func.func @f() {\n  return\n}\n", "cf", timeout=0.5)


def test_the_circt_engines_take_circts_64_bit_index(tmp_path, capsys):
    message = run_error([str(KERNELS / "gcd.mlir"), "--engine", "circt-icarus", "--index-width", "32"], [4, 6],
                     tmp_path, capsys)
    assert message == ("engine circt-icarus: CIRCT's index has 64 bits, the program was lowered with 32 "
                       "(--index-width 64, the default of the CIRCT engines)")


def test_rtl_and_a_circt_engine_both_name_the_circuit(tmp_path, capsys):
    args = [str(FIXTURES / "sum_i16.mlir"), "--rtl", str(FIXTURES / "sum_i16.sv"), "--top", "sum",
            "--engine", "circt-icarus"]
    assert run_error(args, [3], tmp_path, capsys) == "--rtl needs an RTL engine (icarus, verilator), not circt-icarus"


@needs_circt
def test_the_committed_circt_fixtures_are_what_the_engine_makes():
    for program, source, fixture in [(FIXTURES / "sum_i16.mlir", "cf", "sum_i16"),
                                     (FIXTURES / "kernels" / "gcd.mlir", "cf", "kernels/gcd"),
                                     (KERNELS / "handshake" / "vscale.mlir", "handshake", "handshake/vscale")]:
        made = export_verilog(program.read_text(), source).read_text()
        committed = (FIXTURES / f"{fixture}.sv").read_text()
        assert committed.split("\n", 1)[1] == made.split("\n", 1)[1], fixture  # all but the header line


SCALAR_KERNEL_RUNS = [("gcd", [48, 18], [6]), ("while_zero", [0, 10], [15, 4]), ("i1_index_args", [1, 5, 7], [15, 1])]


@needs_circt
@needs_iverilog
@pytest.mark.parametrize(("kernel", "inputs", "returns"), SCALAR_KERNEL_RUNS)
def test_the_kits_scalar_kernels_run_on_circts_circuits_with_equal_cycles(kernel, inputs, returns, tmp_path, capsys):
    cycles = {}
    for engine in ("circt-icarus", "circt-verilator"):
        status, res, err = run_json([str(KERNELS / f"{kernel}.mlir"), "--engine", engine], inputs, tmp_path, capsys)
        assert (status, err, res["status"], res["returns"]) == (0, "", "pass", returns), res
        cycles[engine] = res["cycles"]
    assert cycles["circt-icarus"] == cycles["circt-verilator"] > 0


@needs_circt
@needs_iverilog
def test_loops_over_memory_run_on_circts_circuits_of_handshake_programs(tmp_path, capsys):
    """A handshake program (CIRCT's wheel has no memref dialect for a cf one) through CIRCT's extmem lowering, its
    memory served by the kit's memory model: both simulators, the same cycles."""
    inputs = [[1, 2, 3, 4, 5, 6, 7, 8], [8, 7, 6, 5, 4, 3, 2, 1], 3, 8]
    cycles = {}
    for engine in ("circt-icarus", "circt-verilator"):
        status, res, err = run_json([str(KERNELS / "handshake" / "saxpy.mlir"), "--engine", engine], inputs, tmp_path,
                                capsys)
        assert (status, err, res["status"]) == (0, "", "pass"), res
        assert res["memrefs"]["1"] == [11, 13, 15, 17, 19, 21, 23, 25]
        cycles[engine] = res["cycles"]
    assert cycles["circt-icarus"] == cycles["circt-verilator"] > 0


def _op_program(op: str) -> str:
    """A function applying the integer operation `op` (`arith.<name>` or `math.<name>`) once to i32 arguments."""
    body = {"arith.index_cast": "%r = arith.index_cast %a : i32 to index", "arith.index_castui":
            "%r = arith.index_castui %a : i32 to index", "arith.extsi": "%r = arith.extsi %a : i32 to i64",
            "arith.extui": "%r = arith.extui %a : i32 to i64", "arith.trunci": "%r = arith.trunci %a : i32 to i8",
            "arith.cmpi": "%r = arith.cmpi ult, %a, %b : i32", "arith.select": "%c = arith.cmpi ult, %a, %b : i32\n"
            "  %r = arith.select %c, %a, %b : i32"}.get(op)
    if body is None:
        body = f"%r = {op} %a : i32" if op in UNARY_OPS else f"%r = {op} %a, %b : i32"
    ty = body.rsplit(" ", 1)[1]
    ty = "i1" if op == "arith.cmpi" else ty
    return f"func.func @f(%a: i32, %b: i32) -> {ty} {{\n  {body}\n  return %r : {ty}\n}}\n"


# every integer operation of the fuzzer's programs (dfv.fuzz.gen)
PROBED = [*(f"arith.{op}" for op in BINOPS), *UNARY_OPS, "arith.cmpi", "arith.select", "arith.index_cast",
          "arith.index_castui", "arith.extsi", "arith.extui", "arith.trunci"]


@needs_circt
@pytest.mark.parametrize("op", PROBED)
def test_circt_lowers_every_integer_operation_but_those_not_lowered(op):
    """NOT_LOWERED, which `dfv fuzz` leaves out of programs for CIRCT, is exactly what CIRCT refuses."""
    if op in NOT_LOWERED:
        with pytest.raises(CirctError):
            export_verilog(_op_program(op), "cf")
    else:
        assert "module f(" in export_verilog(_op_program(op), "cf").read_text()


@needs_circt
def test_circts_self_compare_finding_still_stands(tmp_path, capsys):
    """docs/circt_findings.md: a compare of a value with itself, folded to a constant with no control input by the
    canonicalizer on handshake.func, is refused by lower-handshake-to-hw. Should a new CIRCT lower it, this test
    fails: the finding is then to be closed in the docs (and the program run on the engine)."""
    program = FINDINGS / "self_compare.mlir"
    status, res, _ = run_json([str(program), "--engine", "golden"], [5], tmp_path, capsys)
    assert (status, res["returns"]) == (0, [0])
    message = run_error([str(program), "--engine", "circt-icarus"], [5], tmp_path, capsys)
    assert "failed to legalize operation 'arith.constant'" in message, message
    assert to_cf(program.read_text()).count("arith.cmpi slt") == 1  # what CIRCT is given still has the compare


@needs_circt
@needs_iverilog
def test_circts_swapped_division_finding_still_stands(tmp_path, capsys):
    """docs/circt_findings.md: lower-handshake-to-hw lowers arith.divsi to an unsigned and arith.divui to a signed
    division. The kit's environment catches it on the results, on both simulators; should a new CIRCT divide right,
    this test fails and the finding is to be closed."""
    program = FINDINGS / "div_swapped.mlir"
    status, res, _ = run_json([str(program), "--engine", "golden"], [-7, 2], tmp_path, capsys)
    assert (status, res["returns"]) == (0, [-3, 124])
    for engine in ("circt-icarus", "circt-verilator"):
        status, res, _ = run_json([str(program), "--engine", engine], [-7, 2], tmp_path, capsys)
        assert (status, res["status"], res["returns"]) == (1, "fail", [124, -3]), res
        assert "result 0: RTL returned 124, the source interpreter -3" in res["message"], res["message"]
