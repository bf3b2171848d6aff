"""Whole programs on another flow's circuit (`dfv run --rtl FILE --top NAME --ports circt|MAP.yaml`,
`dfv.tb.kernel.foreign`): CIRCT's own circuits of tests/ip/circt/sum_i16.mlir and branch_i16.mlir, as CIRCT 1.162.0
exports them (tests/ip/circt/recipe.py), driven by the kernel environment in place of the generated top: results
against the source interpreter and the golden DFG run, token by token, with seeded back-pressure; nothing left on
the boundary. A planted bug in CIRCT's adder is caught on the result; bad input is one `dfv: error:` line, exit 2.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from run_cli import run_error, run_json

from dfv.kernels import gen
from dfv.lowering.to_cf import to_cf

pytestmark = pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")

CIRCT = Path(__file__).parent / "circt"
KERNELS = Path(__file__).parents[2] / "kernels"
SUM = [str(CIRCT / "sum_i16.mlir"), "--rtl", str(CIRCT / "sum_i16.sv"), "--top", "sum"]
BRANCH = [str(CIRCT / "branch_i16.mlir"), "--rtl", str(CIRCT / "branch_i16.sv"), "--top", "branch"]


@pytest.mark.parametrize(("args", "inputs", "returns"), [
    (SUM, [10], [45]), (SUM, [0], [0]), (SUM, [-3], [0]), (BRANCH, [3, 10], [7]), (BRANCH, [10, 3], [9]),
])
def test_circts_circuit_of_the_program_gives_the_programs_results_on_both_simulators(args, inputs, returns,
                                                                                      tmp_path, capsys):
    out = {}
    for sim in ("icarus", "verilator"):
        status, res, err = run_json([*args, "--engine", sim], inputs, tmp_path, capsys)
        assert (status, err) == (0, ""), res
        assert res["status"] == "pass" and res["returns"] == returns, res
        out[sim] = res["cycles"]
    assert out["icarus"] == out["verilator"] > 0


# the kit's scalar kernels as CIRCT compiles them (tests/ip/circt/kernels/, cf text of dfv.lowering.to_cf): index is
# 64 bits in CIRCT's circuits, so they are lowered with --index-width 64
KERNEL_RUNS = [("cf_absdiff", [3, 10], [7]), ("cf_absdiff", [10, -3], [13]), ("cf_sum", [10], [45]),
               ("cf_sum", [-5], [0]), ("gcd", [48, 18], [6]), ("gcd", [7, 7], [7]),
               ("i1_index_args", [1, 5, 7], [15, 1]), ("while_zero", [0, 10], [15, 4]), ("while_zero", [5, 3], [5, 0])]


@pytest.mark.parametrize(("kernel", "inputs", "returns"), KERNEL_RUNS)
def test_circts_circuits_of_the_scalar_kernels_give_their_results(kernel, inputs, returns, tmp_path, capsys):
    args = [str(CIRCT / "kernels" / f"{kernel}.mlir"), "--index-width", "64", "--rtl",
            str(CIRCT / "kernels" / f"{kernel}.sv"), "--top", kernel]
    cycles = {}
    for sim in ("icarus", "verilator"):
        status, res, err = run_json([*args, "--engine", sim], inputs, tmp_path, capsys)
        assert (status, err, res["returns"]) == (0, "", returns), res
        cycles[sim] = res["cycles"]
    assert cycles["icarus"] == cycles["verilator"] > 0


def test_the_kernels_given_to_circt_are_the_kits_kernels_as_cf():
    """tests/ip/circt/kernels/<k>.mlir is kernels/<k>.mlir printed with its control flow as blocks (what the recipe
    hands CIRCT, whose wheel has no scf-to-cf): a kernel that changes must be given to CIRCT again."""
    given = sorted((CIRCT / "kernels").glob("*.mlir"))
    assert [p.stem for p in given] == ["cf_absdiff", "cf_sum", "gcd", "i1_index_args", "while_zero"]
    for path in given:
        assert path.read_text() == to_cf((KERNELS / path.name).read_text()), path.name


def test_a_port_map_file_says_the_same_as_the_built_in_one(tmp_path, capsys):
    ports = tmp_path / "sum.yaml"
    ports.write_text("clock: clock\nreset: reset\nat_init: null\nerrors: false\n"
                     "channels:\n  arg0: in0\n  start: in1\n  res0: out0\n  done: out1\ncontrol: [start, done]\n")
    _, builtin, _ = run_json([*SUM, "--engine", "icarus"], [7], tmp_path, capsys)
    status, mapped, err = run_json([*SUM, "--engine", "icarus", "--ports", str(ports)], [7], tmp_path, capsys)
    assert (status, err, mapped["returns"]) == (0, "", [21])
    assert mapped["cycles"] == builtin["cycles"]


def test_a_circuit_whose_adder_adds_one_too_many_fails_on_the_result(tmp_path, capsys):
    text = (CIRCT / "sum_i16.sv").read_text()
    assert text.count("assign out0 = in0 + in1;") == 1  # CIRCT's one adder module, instantiated twice
    bad = tmp_path / "sum_bad.sv"
    bad.write_text(text.replace("assign out0 = in0 + in1;", "assign out0 = in0 + in1 + 16'h1;"))
    status, res, _ = run_json([SUM[0], "--rtl", str(bad), "--top", "sum", "--engine", "icarus"], [10], tmp_path, capsys)
    assert status == 1 and res["status"] == "fail"
    assert "res0: token 0 is 25, the model expects 45" in res["message"], res["message"]
    assert "result 0: RTL returned 25, the source interpreter 45" in res["message"], res["message"]


# every integer operation CIRCT lowers right (tests/ip/circt/ops/int_ops.mlir; divsi / divui it swaps, a CIRCT finding:
# docs/circt_findings.md), on seeded operands biased to the edges
EDGES = (0, 1, -1, 2, 31, 32, -2**31, 2**31 - 1)


def _int_ops_inputs(seed: int) -> list:
    r = random.Random(f"int_ops:{seed}")
    pick = [r.choice(EDGES) if r.random() < 0.5 else r.randint(-2**31, 2**31 - 1) for _ in range(2)]
    return [*pick, r.randint(0, 1)]


@pytest.mark.parametrize("seed", range(4))
def test_circts_circuit_computes_every_integer_operation_as_the_program_does(seed, tmp_path, capsys):
    args = [str(CIRCT / "ops" / "int_ops.mlir"), "--rtl", str(CIRCT / "ops" / "int_ops.sv"), "--top", "int_ops",
            "--index-width", "64"]
    inputs = _int_ops_inputs(seed)
    cycles = {}
    for sim in ("icarus", "verilator"):
        status, res, err = run_json([*args, "--engine", sim, "--seed", str(seed)], inputs, tmp_path, capsys)
        assert (status, err, res["status"]) == (0, "", "pass"), (inputs, res)
        cycles[sim] = res["cycles"]
    assert cycles["icarus"] == cycles["verilator"] > 0


# loops over memory and nested loops: CIRCT's circuits of the kit's handshake programs (tests/ip/circt/handshake/,
# made by the recipe), their extmem ports served by the kit's memory model through dfv_extmem_adapter; inputs of
# dfv.kernels (seed 2: many trips) and a vscale of eight elements
HS = KERNELS / "handshake"
HANDSHAKE_RUNS = [("vscale", [[1, 2, 3, 4, 5, 6, 7, 8], 3]),
                  *((name, gen(f"handshake/{name}", 2)) for name in ("saxpy", "matmul", "horner", "tri_nest"))]


@pytest.mark.parametrize(("kernel", "inputs"), HANDSHAKE_RUNS)
def test_circts_circuits_of_handshake_programs_run_with_the_kits_memory_model(kernel, inputs, tmp_path, capsys):
    args = [str(HS / f"{kernel}.mlir"), "--rtl", str(CIRCT / "handshake" / f"{kernel}.sv"), "--top", kernel,
            "--index-width", "64"]  # CIRCT's index
    cycles, outs = {}, {}
    for sim in ("icarus", "verilator"):
        status, res, err = run_json([*args, "--engine", sim, "--seed", "3"], inputs, tmp_path, capsys)
        assert (status, err, res["status"]) == (0, "", "pass"), res
        cycles[sim], outs[sim] = res["cycles"], (res["returns"], res["memrefs"])
    _, gold, _ = run_json([args[0], "--engine", "golden", "--index-width", "64"], inputs, tmp_path, capsys)
    assert outs["icarus"] == outs["verilator"] == (gold["returns"], gold["memrefs"])
    assert cycles["icarus"] == cycles["verilator"] > 0


VSCALE_MAP = """clock: clock
reset: reset
at_init: null
errors: false
channels: {start: start, arg1: k, done: done}
control: [start, done]
memories:
  arg0:
    loads: [{address: a_ld0_addr, data: a_ld0_data}]
    stores: [{request: a_st0, done: {data: null, valid: a_st0_done_valid, ready: a_st0_done_ready}}]
"""


def test_a_port_map_file_describes_a_circuits_memory_as_the_built_in_map_does(tmp_path, capsys):
    ports = tmp_path / "vscale.yaml"
    ports.write_text(VSCALE_MAP)
    args = [str(HS / "vscale.mlir"), "--rtl", str(CIRCT / "handshake" / "vscale.sv"), "--top", "vscale",
            "--index-width", "64", "--engine", "icarus"]
    _, builtin, _ = run_json(args, [[1, 2, 3, 4, 5, 6, 7, 8], 3], tmp_path, capsys)
    status, mapped, err = run_json([*args, "--ports", str(ports)], [[1, 2, 3, 4, 5, 6, 7, 8], 3], tmp_path, capsys)
    assert (status, err, mapped["status"]) == (0, "", "pass"), mapped
    assert (mapped["memrefs"], mapped["cycles"]) == (builtin["memrefs"], builtin["cycles"])
    ports.write_text(VSCALE_MAP.replace("a_ld0_data}", "a_ld0_dat}"))
    assert _error([*args, "--ports", str(ports)], tmp_path, capsys, inputs=[[1] * 8, 3]) == (
        f"{ports}:9:5: module vscale has no port a_ld0_dat (data of a memory port of memref argument 0)")
    ports.write_text(VSCALE_MAP + "  arg1:\n    loads: [{address: k, data: k}]\n")
    assert _error([*args, "--ports", str(ports)], tmp_path, capsys, inputs=[[1] * 8, 3]) == (
        f"{ports}:11:3: @vscale has no memref argument 1 (its memref arguments: 0)")


def test_a_circuit_that_stores_a_wrong_value_fails_on_the_memory(tmp_path, capsys):
    text = (CIRCT / "handshake" / "vscale.sv").read_text()
    assert text.count("assign out0 = in0 * in1;") == 1  # the multiplier of a[i] * k
    bad = tmp_path / "vscale_bad.sv"
    bad.write_text(text.replace("assign out0 = in0 * in1;", "assign out0 = in0 * in1 + 32'h1;"))
    status, res, _ = run_json([str(HS / "vscale.mlir"), "--rtl", str(bad), "--top", "vscale", "--engine", "icarus"],
                          [[1, 2, 3, 4, 5, 6, 7, 8], 3], tmp_path, capsys)
    assert status == 1 and res["status"] == "fail"
    assert ("memref argument 0 (mem0): final contents differ from the golden DFG run at 8 element(s), first [0]: "
            "RTL 4, golden 3") in res["message"], res["message"]


def _error(args: list[str], tmp_path: Path, capsys, inputs: list | None = None) -> str:
    return run_error(args, [10] if inputs is None else inputs, tmp_path, capsys)


def test_bad_foreign_runs_are_refused(tmp_path, capsys):
    assert _error([*SUM, "--engine", "golden"], tmp_path, capsys) == (
        "--rtl needs an RTL engine (icarus, verilator), not golden")
    assert _error([SUM[0], "--rtl", SUM[2], "--engine", "icarus"], tmp_path, capsys) == (
        "--rtl needs --top: the module of the circuit")
    assert _error([*SUM[:3], "--top", "summ", "--engine", "icarus"], tmp_path, capsys) == (
        f"no file of {SUM[2]} declares module summ")
    ports = tmp_path / "bad.yaml"
    ports.write_text("clock: clock\nchannels:\n  arg0: in0\n  arg1: in1\n")
    assert _error([*SUM, "--engine", "icarus", "--ports", str(ports)], tmp_path, capsys) == (
        f"{ports}:4:3: @sum has no boundary channel arg1 (its channels: start, arg0, res0, done)")
    ports.write_text("clock: clock\nreset: reset\nchannels:\n  arg0: in0\n")
    assert _error([*SUM, "--engine", "icarus", "--ports", str(ports)], tmp_path, capsys) == (
        f"{ports}:4:3: module sum has no port start_valid (valid of channel start, which the map leaves under the "
        "kit's names)")
    vscale = [str(KERNELS / "handshake" / "vscale.mlir"), "--rtl", str(CIRCT / "handshake" / "vscale.sv"), "--top",
              "vscale", "--engine", "icarus"]
    ports.write_text("clock: clock\nreset: reset\nchannels:\n  arg1: k\n")
    assert _error([*vscale, "--ports", str(ports)], tmp_path, capsys, inputs=[[1] * 8, 3]) == (
        f"{ports}:1:1: memref argument 0 of @vscale has no memory ports on vscale (a port map file lists them under "
        "`memories: arg0`)")
    assert _error([*SUM[:2], str(CIRCT / "handshake" / "vscale.sv"), "--top", "vscale", "--engine", "icarus"],
                  tmp_path, capsys) == "--ports circt: module vscale has no port in1_valid (valid of channel start)"


def test_a_circuit_the_simulator_cannot_build_is_bad_input(tmp_path, capsys):
    """The user's RTL, not the kit's: its compiler errors, one line, exit 2."""
    broken = tmp_path / "sum_broken.sv"
    broken.write_text((CIRCT / "sum_i16.sv").read_text().replace("assign out0 = in0 + in1;", "assign out0 = in0 + q;"))
    message = _error([SUM[0], "--rtl", str(broken), "--top", "sum", "--engine", "icarus"], tmp_path, capsys)
    assert message.startswith(f"icarus cannot build sum: {broken}:") and "`q'" in message, message


def test_a_port_of_another_width_than_its_channel_is_refused(tmp_path, capsys):
    """A value cut or extended on its way in would make another program of it (a negative index zero-extended to
    CIRCT's 64 bits runs a loop without end): refused before anything is built."""
    wide = tmp_path / "sum_i32.mlir"
    wide.write_text((CIRCT / "sum_i16.mlir").read_text().replace("i16", "i32"))
    message = _error([str(wide), *SUM[1:], "--engine", "icarus"], tmp_path, capsys)
    assert message == ("--ports circt: port in0 of sum has 16 bits, channel arg0 of @sum 32 (an index has "
                       "--index-width bits: CIRCT's 64)")
