"""CIRCT's handshake primitives, as CIRCT 1.162.0 exports them (tests/ip/circt/*.sv, made by tests/ip/circt/recipe.py
from two programs with CIRCT's own flow), each verified with the kit's suite of the primitive it implements through
`dfv verify-ip` and a port map of CIRCT's naming (tests/ip/circt/*.yaml): the golden scoreboard, traffic, protocol,
reset and expected-failure tests, and the full-rate bench against the kit's documented rate.

Evidence from outside the kit: neither the RTL nor its naming was written here. Every primitive passes; the
control-only ones have no data ports, the combinational ones no clock or reset, and the mux of the if-else has a
64-bit select (an index) that the kit's 1-bit select drives zero-extended.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from dfv.cli import main

pytestmark = pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")

CIRCT = Path(__file__).parent / "circt"
LINE = re.compile(r"(PASS|FAIL)  (\w+) +(\d+) cycles(?:  (.*))?$")

# (file, CIRCT's module, port map, the kit module it implements, the kit's parameters)
PRIMITIVES = [
    ("sum_i16", "handshake_fork_in_ui16_out_ui16_ui16", "fork", "handshake_fork", {"W": 16, "N": 2}),
    ("sum_i16", "handshake_fork_in_ui1_out_ui1_ui1_ui1_ui1_ui1", "fork", "handshake_fork", {"W": 1, "N": 5}),
    ("sum_i16", "handshake_fork_in_ui1_out_ui1_ui1_ui1_ui1_ui1_ui1", "fork", "handshake_fork", {"W": 1, "N": 6}),
    ("branch_i16", "handshake_fork_in_ui1_out_ui1_ui1_ui1", "fork", "handshake_fork", {"W": 1, "N": 3}),
    ("sum_i16", "handshake_fork_in_none_out_none_none_none_1ins_3outs_ctrl", "fork_ctrl", "handshake_fork_ctrl",
     {"N": 3}),
    ("sum_i16", "handshake_constant_c0_in_none_out_ui16", "constant", "handshake_constant", {"W": 16, "VALUE": 0}),
    ("sum_i16", "handshake_constant_c1_in_none_out_ui16", "constant", "handshake_constant", {"W": 16, "VALUE": 1}),
    # one slot in CIRCT's count: a data register and a stall register, so two tokens; an initial token 0
    ("sum_i16", "handshake_buffer_in_ui1_out_ui1_1slots_seq_init_0", "buffer", "handshake_fifo",
     {"W": 1, "DEPTH": 2, "NINIT": 1, "INIT": 0}),
    ("sum_i16", "handshake_buffer_in_ui16_out_ui16_2slots_seq", "buffer", "handshake_buffer", {"W": 16}),
    ("sum_i16", "handshake_buffer_in_none_out_none_2slots_seq_1ins_1outs_ctrl", "buffer_ctrl", "handshake_buffer_ctrl",
     {}),
    ("branch_i16", "handshake_buffer_in_ui16_out_ui16_2slots_fifo", "buffer", "handshake_fifo", {"W": 16, "DEPTH": 2}),
    ("branch_i16", "handshake_buffer_in_ui1_out_ui1_2slots_fifo", "buffer", "handshake_fifo", {"W": 1, "DEPTH": 2}),
    ("sum_i16", "handshake_mux_in_ui1_ui16_ui16_out_ui16", "mux", "handshake_mux", {"W": 16, "N": 2}),
    ("branch_i16", "handshake_mux_in_ui64_ui16_ui16_out_ui16", "mux", "handshake_mux", {"W": 16, "N": 2}),
    ("sum_i16", "handshake_mux_in_ui1_none_none_out_none_3ins_1outs_ctrl", "mux_ctrl", "handshake_mux_ctrl", {"N": 2}),
    ("sum_i16", "handshake_cond_br_in_ui1_ui16_out_ui16_ui16", "cond_br", "handshake_cond_br", {"W": 16}),
    ("sum_i16", "handshake_cond_br_in_ui1_none_out_none_none_2ins_2outs_ctrl", "cond_br_ctrl",
     "handshake_cond_br_ctrl", {}),
    ("sum_i16", "handshake_sink_in_ui16", "sink", "handshake_sink", {"W": 16}),
    ("sum_i16", "arith_addi_in_ui16_ui16_out_ui16", "binary", "arith.addi", {"W": 16}),
    ("branch_i16", "arith_subi_in_ui16_ui16_out_ui16", "binary", "arith.subi", {"W": 16}),
    ("branch_i16", "arith_xori_in_ui16_ui16_out_ui16", "binary", "arith.xori", {"W": 16}),
    ("sum_i16", "arith_cmpi_in_ui16_ui16_out_ui1_slt", "binary", "arith_cmpi", {"W": 16, "PRED": 2}),
    ("branch_i16", "arith_cmpi_in_ui16_ui16_out_ui1_ult", "binary", "arith_cmpi", {"W": 16, "PRED": 6}),
    ("branch_i16", "arith_index_cast_in_ui1_out_ui64", "unary", "arith.index_cast", {"IW": 1, "OW": 64}),
]
ON_VERILATOR = {"handshake_buffer_in_ui1_out_ui1_1slots_seq_init_0", "handshake_mux_in_ui64_ui16_ui16_out_ui16",
                "handshake_cond_br_in_ui1_none_out_none_none_2ins_2outs_ctrl", "arith_index_cast_in_ui1_out_ui64"}


def _verify(case: tuple, sim: str, out: Path, capsys) -> tuple[int, dict[str, tuple[bool, int, str]]]:
    file, module, ports, plays, params = case
    args = [str(CIRCT / f"{file}.sv"), "--top", module, "--as", plays, "--ports", str(CIRCT / f"{ports}.yaml"),
            "--sim", sim, "--out", str(out)]
    for k, v in params.items():
        args += ["--param", f"{k}={v}"]
    status = main(["verify-ip", *args])
    captured = capsys.readouterr()
    assert captured.err == "", captured.err
    tests = {m.group(2): (m.group(1) == "PASS", int(m.group(3)), m.group(4) or "")
             for m in map(LINE.match, captured.out.splitlines()) if m}
    return status, tests


@pytest.mark.parametrize("case", PRIMITIVES, ids=[c[1] for c in PRIMITIVES])
def test_circts_primitive_passes_the_kits_suite(case, tmp_path, capsys):
    status, tests = _verify(case, "icarus", tmp_path / "icarus", capsys)
    failed = {name: message for name, (passed, _cycles, message) in tests.items() if not passed}
    assert status == 0 and not failed, failed
    assert len(tests) >= 9 and "FullRateBench" in tests
    if case[1] in ON_VERILATOR:
        status_v, verilator = _verify(case, "verilator", tmp_path / "verilator", capsys)
        assert status_v == 0 and sorted(verilator) == sorted(tests)
        assert {n: c for n, (_p, c, _m) in verilator.items()} == {n: c for n, (_p, c, _m) in tests.items()}


def test_every_circt_primitive_of_the_fixtures_is_verified():
    """Each handshake or arith module CIRCT exported (not the programs' tops) is in the table above."""
    exported = {m for f in CIRCT.glob("*.sv") for m in re.findall(r"^module (\w+)\(", f.read_text(), re.M)}
    assert exported - {"sum", "branch"} == {c[1] for c in PRIMITIVES}
