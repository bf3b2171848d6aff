"""A control merge's index that only muxes' selects read is narrowed to the bits the merge and the muxes need
(`dfv.lowering.select_width`), and left as written when anything else reads it. The values expected are those
the programs compute (a + b), not the golden model's."""

from __future__ import annotations

import json
import os

import pytest
from kernel_inputs import ROOT

from dfv.lowering.parse import parse_file
from dfv.lowering.pipeline import lower_program
from dfv.runner import run_program

# a + b, each through a one-input mux whose select is the entry control merge's index (CIRCT's entry block)
PICK = """module {
  handshake.func @pick(%arg0: i32, %arg1: i32, %arg2: none, ...) -> (i32, none) {
    %result, %index = control_merge %arg2 : none, index
    %0 = buffer [2] fifo %index : index
    %1:FORKS = fork [FORKS] %0 : index
    %2 = mux %1#0 [%arg0] : index, i32
    %3 = mux %1#1 [%arg1] : index, i32
    %4 = arith.addi %2, %3 : i32
    EXTRAreturn %4, %result : i32, none
  }
}
"""


def _program(tmp_path, extra: str = "") -> str:
    text = PICK.replace("FORKS", "3" if extra else "2").replace("EXTRA", extra)
    path = tmp_path / "pick.mlir"
    path.write_text(text)
    return str(path)


def _select_widths(path: str) -> tuple[int, list[int]]:
    """The width of the control merge's index and of every mux's select in the lowered graph."""
    g = lower_program(parse_file(path)).g
    (cm,) = [n for n in g.nodes.values() if n.op == "handshake.control_merge"]
    return cm.out_types["index"].width, sorted(n.in_types["sel"].width for n in g.nodes.values()
                                               if n.op == "handshake.mux")


def test_an_index_only_selects_read_is_narrowed(tmp_path):
    assert _select_widths(_program(tmp_path)) == (1, [1, 1])


def test_an_index_anything_else_reads_is_left_as_written(tmp_path):
    # the third copy of the index goes into a sink: the chain is not only selects
    assert _select_widths(_program(tmp_path, "sink %1#2 : index\n    ")) == (32, [32, 32])


@pytest.mark.parametrize("engine", ["golden", "golden-unbounded", "verilator"])
def test_the_narrowed_circuit_computes_what_the_program_does(tmp_path, engine):
    (tmp_path / "in.json").write_text(json.dumps({"args": [3, -10]}))
    out = run_program(_program(tmp_path), None, str(tmp_path / "in.json"), engine)
    assert out["status"] == "pass", out["message"]
    assert out["returns"] == [-7]


@pytest.mark.parametrize("name", ["tri_nest", "horner"])
def test_the_circt_kernels_entry_selects_are_narrowed(name):
    """CIRCT's entry block: a one-input control merge whose index is forked to every value's mux; its 32-bit
    test was the kernels' critical path (docs/timing.md, stop 73)."""
    g = lower_program(parse_file(os.path.join(ROOT, "kernels", "handshake", f"{name}.mlir"))).g
    one_input_muxes = [n for n in g.nodes.values() if n.op == "handshake.mux" and n.params["n"] == 1]
    assert len(one_input_muxes) >= 5
    assert {n.in_types["sel"].width for n in one_input_muxes} == {1}
