"""`dfv verify-ip` (`dfv.tb.ip_command`): another team's primitive checked from the command line, its ports mapped by a
YAML port map (`dfv.tb.port_map_file`, schema dfv/tb/schema/port_map.schema.json).

Two one-slot buffers in Verilog-2001, named Dynamatic's way with an active-low reset: a transparent one played as
the kit's `handshake_tehb`, an opaque one played as `handshake_fifo` with DEPTH = 1 that claims a full rate where the
kit's documents half. Each passes the kit's suite and its full-rate bench on both simulators with the same cycles,
and each one's planted bug fails on the check that exists for it: the tehb's latency check (a transparent buffer
that stores before it offers) and the throughput check against the claimed rate (an opaque buffer that refuses a
token while its own leaves). Bad input is one located `dfv: error:` line and exit 2.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from dfv.cli import main
from dfv.paths import RTL_DIR
from dfv.tb.common.op_harness import parse_header
from dfv.tb.common.rates import CLAIMED, DOC, rate_misses

pytestmark = pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")

HERE = Path(__file__).parent
TRANSPARENT = [str(HERE / "one_slot_transparent.v"), "--as", "handshake_tehb", "--ports",
               str(HERE / "one_slot_transparent.yaml"), "--param", "W=8"]
OPAQUE = [str(HERE / "one_slot_opaque.v"), "--as", "handshake_fifo", "--ports", str(HERE / "one_slot_opaque.yaml"),
          "--param", "W=16", "--param", "DEPTH=1"]
LINE = re.compile(r"(PASS|FAIL)  (\w+) +(\d+) cycles(?:  (.*))?$")


def _verify(args: list[str], out: Path, capsys) -> tuple[int, dict[str, tuple[bool, int, str]], str]:
    """Exit status, test -> (passed, cycles, first message) and stderr of one `dfv verify-ip`."""
    status = main(["verify-ip", *args, "--out", str(out)])
    captured = capsys.readouterr()
    tests = {m.group(2): (m.group(1) == "PASS", int(m.group(3)), m.group(4) or "")
             for m in map(LINE.match, captured.out.splitlines()) if m}
    return status, tests, captured.err


@pytest.mark.parametrize("case", ["transparent", "opaque"])
def test_a_correct_one_slot_buffer_passes_on_both_simulators_with_the_same_cycles(case, tmp_path, capsys):
    args = TRANSPARENT if case == "transparent" else [*OPAQUE, "--rate", "out=1"]
    by_sim = {sim: _verify([*args, "--sim", sim], tmp_path / sim, capsys) for sim in ("icarus", "verilator")}
    (st_i, icarus, _), (st_v, verilator, _) = by_sim["icarus"], by_sim["verilator"]
    assert st_i == st_v == 0
    assert sorted(icarus) == sorted(verilator) and "FullRateBench" in icarus and len(icarus) == 10
    for name, (passed, cycles, message) in icarus.items():
        assert passed and verilator[name][0], (name, message, verilator[name][2])
        assert cycles == verilator[name][1] > 0, name


def test_a_transparent_buffer_that_stores_first_fails_the_tehb_latency_check(tmp_path, capsys):
    status, tests, _ = _verify([*TRANSPARENT, "--module-param", "BUG=1", "--test", "BufferRandomTest"], tmp_path,
                               capsys)
    assert status == 1
    passed, _cycles, message = tests["BufferRandomTest"]
    assert not passed
    assert re.match(r"handshake_tehb: out: token 0 offered after the cycle `in` took it \(a tehb passes a token on in "
                    r"the same cycle\) \(\d+ such tokens\)$", message), message


def test_an_opaque_buffer_at_half_its_claimed_rate_fails_only_the_throughput_check(tmp_path, capsys):
    """Every token arrives intact and in time; only the rate the user claimed is missed."""
    status, tests, _ = _verify([*OPAQUE, "--rate", "out=1", "--module-param", "BUG=1"], tmp_path, capsys)
    assert status == 1
    assert [name for name, (passed, _c, _m) in tests.items() if not passed] == ["FullRateBench"]
    message = tests["FullRateBench"][2]
    assert re.match(r"throughput: handshake_fifo \[DEPTH=1,INIT=0,NINIT=0,W=16\] out 0\.50\d tokens/cycle, "
                    rf"claimed 1\.000 \({CLAIMED}\)$", message), message


def test_without_a_claim_the_documented_rate_is_checked(tmp_path, capsys):
    """The kit's one-slot FIFO documents 1/2 token per cycle: a faster module is a miss unless it claims its rate."""
    status, tests, _ = _verify([*OPAQUE, "--test", "FullRateBench"], tmp_path, capsys)
    assert status == 1
    assert tests["FullRateBench"][2] == ("throughput: handshake_fifo [DEPTH=1,INIT=0,NINIT=0,W=16] out 1.000 "
                                         f"tokens/cycle, documented 0.500 ({DOC})")


def test_an_operation_names_its_module_and_the_parameters_it_fixes(tmp_path, capsys):
    """`--as arith.addi` plays arith_binop with OP = 0; the port map is the adder's CIRCT naming."""
    ports = tmp_path / "adder.yaml"
    ports.write_text("at_init: null\nerrors: false\nparams: {W: WIDTH}\nchannels: {lhs: in0, rhs: in1, result: out0}\n")
    status, tests, err = _verify([str(HERE / "adder_comb.sv"), "--as", "arith.addi", "--ports", str(ports),
                                  "--param", "W=8", "--test", "ArithRandomTest", "--test", "FullRateBench"],
                                 tmp_path / "run", capsys)
    assert (status, err) == (0, "") and sorted(tests) == ["ArithRandomTest", "FullRateBench"]


def test_claimed_and_documented_rates_are_told_apart():
    assert rate_misses("handshake_fifo", {"W": 8, "DEPTH": 1}, {"out": 0.5}, claimed={"out": 1.0}) == [
        f"throughput: handshake_fifo [DEPTH=1,W=8] out 0.500 tokens/cycle, claimed 1.000 ({CLAIMED})"]
    assert rate_misses("handshake_fifo", {"W": 8, "DEPTH": 1}, {"out": 1.0}, claimed={"out": 1.0}) == []


def test_verilog_2001_headers_are_read():
    src = Path(__file__).parent / "one_slot_opaque.v"
    header = parse_header(src)
    assert header.params == (("", "DATA_WIDTH", "8"), ("", "BUG", "0"))
    assert [(p.direction, p.range, p.name) for p in header.ports][-3:] == [
        ("output", "[DATA_WIDTH-1:0]", "outs"), ("output", "", "outs_valid"), ("input", "", "outs_ready")]


def test_several_names_to_a_declaration_and_parameter_lists(tmp_path):
    src = tmp_path / "m.v"
    src.write_text("module m #(parameter A = 1, B = {2'b0, 2'b1}, parameter integer C = 3, localparam D = A + 1)\n"
                   "  (input wire clk, rst, input [A-1:0] x, y, output reg signed [3:0] z);\nendmodule\n")
    header = parse_header(src)
    assert header.params == (("", "A", "1"), ("", "B", "{2'b0, 2'b1}"), ("integer", "C", "3"))
    assert header.localparams == (("", "D", "A + 1"),)
    assert [(p.direction, p.range, p.name) for p in header.ports] == [
        ("input", "", "clk"), ("input", "", "rst"), ("input", "[A-1:0]", "x"), ("input", "[A-1:0]", "y"),
        ("output", "[3:0]", "z")]


def _error(args: list[str], tmp_path: Path, capsys) -> str:
    status = main(["verify-ip", *args, "--out", str(tmp_path / "run")])
    captured = capsys.readouterr()
    assert status == 2, captured
    (line,) = captured.err.splitlines()
    assert line.startswith("dfv: error: "), line
    return line.removeprefix("dfv: error: ")


def _map(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "map.yaml"
    path.write_text(text)
    return path


BASE = "reset: rst_n\nreset_active_low: true\nat_init: null\nerrors: false\nparams: {W: DATA_WIDTH}\n"


@pytest.mark.parametrize(("text", "expected"), [
    ("reset: rst_n\nreset_active_low: yes please\n",
     r"map.yaml:2:19: reset_active_low: 'yes please' is not of type 'boolean'$"),
    ("reset: rst_n\nchannels:\n  in: [ins\n", r"map.yaml:4:1: not YAML: "),
    ("resets: rst_n\n", r"map.yaml:1:1: Additional properties are not allowed \('resets' was unexpected\)$"),
    (BASE + "channels:\n  in: ins\n  inp: outs\n",
     r"map.yaml:8:3: the kit module has no channel inp \(its channels: in, out\)$"),
    (BASE + "channels:\n  in: ins\n  out: {data: outs, valid: out_valid, ready: outs_ready}\n",
     r"map.yaml:8:8: module one_slot_transparent has no port out_valid \(valid of channel out\)$"),
    ("reset: rstn\n", r"map.yaml:1:8: module one_slot_transparent has no port rstn \(the reset\)$"),
    (BASE.replace("W: DATA_WIDTH", "W: WIDTH"),
     r"map.yaml:5:13: module one_slot_transparent has no parameter WIDTH$"),
    (BASE + "control: [out]\nchannels: {in: ins}\n",
     r"map.yaml:6:10: control names channel out, which `channels` does not map$"),
    (BASE + "memories:\n  arg0: {loads: [{address: a, data: b}]}\n",
     r"map.yaml:6:1: `memories` describes a program's circuit \(dfv run --rtl\), not a primitive$"),
    (BASE + "memories:\n  mem0: {loads: []}\n", r"map.yaml:7:3: memories: 'mem0' does not match '\^arg\[0-9\]\+\$'$"),
])
def test_a_port_map_that_does_not_fit_is_refused_where_it_is_wrong(text, expected, tmp_path, capsys):
    message = _error([TRANSPARENT[0], "--as", "handshake_tehb", "--ports", str(_map(tmp_path, text))], tmp_path,
                     capsys)
    assert re.search(expected, message), message
    assert message.startswith(str(tmp_path)), message


def test_bad_command_lines_are_refused(tmp_path, capsys):
    ports = str(HERE / "one_slot_transparent.yaml")
    src = TRANSPARENT[0]
    assert _error([src, "--as", "handshake_tehbb", "--ports", ports], tmp_path, capsys).startswith(
        "--as handshake_tehbb: no suite of the kit tests a module 'handshake_tehbb' (suites: ")
    assert _error([src, "--as", "arith.cmpi", "--param", "W=8"], tmp_path, capsys) == (
        "--as arith.cmpi: arith.cmpi (module arith_cmpi) needs its predicate, which no parameter of a width or format "
        "names: play the module itself (arith_cmpi) with all its parameters")
    assert _error([src, "--as", "handshake_tehb", "--ports", ports, "--param", "DEPTH=2"], tmp_path, capsys) == (
        "--param DEPTH: handshake_tehb has no parameter DEPTH (its parameters: W)")
    assert _error([src, "--as", "handshake_tehb", "--ports", ports, "--rate", "in=1"], tmp_path, capsys) == (
        "no documented throughput on channel in of handshake_tehb to replace (it has: out)")
    assert _error([str(tmp_path / "nothing.v"), "--as", "handshake_tehb"], tmp_path, capsys) == (
        f"{tmp_path / 'nothing.v'}: no such file")
    broken = tmp_path / "broken.v"
    broken.write_text(Path(src).read_text().replace("assign ins_ready = ~full;", "assign ins_ready = ~fulll;"))
    message = _error([str(broken), "--as", "handshake_tehb", "--ports", ports], tmp_path, capsys)
    assert message.startswith("icarus cannot build one_slot_transparent: ") and "fulll" in message, message


def test_the_kits_own_module_named_the_kits_way_with_its_package(tmp_path, capsys):
    """No port map: the kit's names. The package file among the sources declares no module and is skipped when
    the design under test is looked for; the divider's timing (one operation in flight) comes from its catalogue
    entry."""
    files = [RTL_DIR / "dfv_pkg.sv", *sorted((RTL_DIR / "common").glob("*.sv")),
             RTL_DIR / "handshake" / "arith_divi.sv"]
    status, tests, err = _verify([*map(str, files), "--top", "arith_divi", "--as", "arith.remui", "--param", "W=6",
                                  "--test", "UnitRandomTest", "--test", "FullRateBench"], tmp_path, capsys)
    assert (status, err) == (0, "") and sorted(tests) == ["FullRateBench", "UnitRandomTest"]
