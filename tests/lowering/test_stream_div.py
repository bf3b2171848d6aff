"""A program whose loop control is a `/=` stream, on both simulators: `dataflow_stream`'s iterative division (W + 2
cycles per element, stop 67) inside a whole circuit, against the golden run and an exact-integer oracle.

The lowering makes `+=` streams only; a user's graph (`dfv lower`'s `dfg.mlir`, edited here) may hold any step.
"""

from __future__ import annotations

import json

import pytest
from dfv_cli import run_dfv

SUM = """func.func @sum(%lo: index, %hi: index, %st: index) -> index {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %lo to %hi step %st iter_args(%acc = %c0) -> (index) {
    %n = arith.addi %acc, %i : index
    scf.yield %n : index
  }
  return %r : index
}
"""
WIDTH = 32  # `dfv lower`'s default index width


def _oracle(lo: int, hi: int, st: int) -> int:
    """The sum of x = lo, trunc(x / st), ... while x < hi, in 32-bit two's complement (Python's own integers)."""
    def wrap(v: int) -> int:
        v &= (1 << WIDTH) - 1
        return v - (1 << WIDTH) if v >> (WIDTH - 1) else v

    acc, x = 0, lo
    while x < hi:
        acc = wrap(acc + x)
        q = abs(x) // abs(st)
        x = wrap(q if (x < 0) == (st < 0) else -q)  # truncation toward zero
    return acc


@pytest.fixture(scope="module")
def div_graph(tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("div")
    (out / "sum.mlir").write_text(SUM)
    proc = run_dfv("lower", str(out / "sum.mlir"), "-o", str(out / "lowered"))
    assert proc.returncode == 0, proc.stderr
    text = (out / "lowered" / "dfg.mlir").read_text()
    assert text.count('step_op = "+="') == 1
    graph = out / "div.mlir"
    graph.write_text(text.replace('step_op = "+="', 'step_op = "/="'))
    return str(graph)


@pytest.mark.parametrize("lo,hi,st", [(-1000, -1, 2), (-(2**31), 0, 3), (-1000, 5, -2), (5 - 2**31, 0, 2**31 - 1)])
def test_a_dividing_loop_runs_alike_on_both_simulators(tmp_path, div_graph, lo, hi, st):
    (tmp_path / "in.json").write_text(json.dumps({"args": [lo, hi, st]}))
    runs = {}
    for engine in ("icarus", "verilator"):
        proc = run_dfv("run", div_graph, "--inputs", str(tmp_path / "in.json"), "--engine", engine, "--json",
                       timeout=600)
        assert proc.returncode == 0, proc.stderr
        runs[engine] = json.loads(proc.stdout)
        assert runs[engine]["status"] == "pass", runs[engine]
        assert runs[engine]["returns"] == [_oracle(lo, hi, st)], runs[engine]
    assert runs["icarus"]["cycles"] == runs["verilator"]["cycles"]
