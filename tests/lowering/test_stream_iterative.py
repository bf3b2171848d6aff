"""Programs whose loop control is a `*=` or `/=` stream, on both simulators: `dataflow_stream`'s iterative
product (shift and add, stop 68) and division (restoring, stop 67), W + 2 cycles per element, inside a whole
circuit, against the golden run and an exact-integer oracle.

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


def _wrap(v: int) -> int:
    """v in 32-bit two's complement."""
    v &= (1 << WIDTH) - 1
    return v - (1 << WIDTH) if v >> (WIDTH - 1) else v


def _oracle(step_op: str, lo: int, hi: int, st: int) -> int:
    """The sum of x = lo, x <step_op> st, ... while x < hi, in 32-bit two's complement (Python's own integers):
    the product wrapped, the quotient truncated toward zero."""
    acc, x = 0, lo
    while x < hi:
        acc = _wrap(acc + x)
        if step_op == "*=":
            x = _wrap(x * st)
        else:
            q = abs(x) // abs(st)
            x = _wrap(q if (x < 0) == (st < 0) else -q)
    return acc


@pytest.fixture(scope="module")
def sum_graph(tmp_path_factory) -> str:
    """The sum loop's lowered graph, with its one `+=` stream."""
    out = tmp_path_factory.mktemp("sum")
    (out / "sum.mlir").write_text(SUM)
    proc = run_dfv("lower", str(out / "sum.mlir"), "-o", str(out / "lowered"))
    assert proc.returncode == 0, proc.stderr
    text = (out / "lowered" / "dfg.mlir").read_text()
    assert text.count('step_op = "+="') == 1
    return text


@pytest.mark.parametrize("step_op,lo,hi,st", [
    ("/=", -1000, -1, 2), ("/=", -(2**31), 0, 3), ("/=", -1000, 5, -2), ("/=", 5 - 2**31, 0, 2**31 - 1),
    # a product that wraps (1, 1000003, 1000003^2 ... past 2^31), a negative step, MIN as the step
    ("*=", 1, 2**30, 1000003), ("*=", 7, 2**30, -3), ("*=", -3, 0, -(2**31))])
def test_an_iterative_loop_runs_alike_on_both_simulators(tmp_path, sum_graph, step_op, lo, hi, st):
    graph = tmp_path / "loop.mlir"
    graph.write_text(sum_graph.replace('step_op = "+="', f'step_op = "{step_op}"'))
    (tmp_path / "in.json").write_text(json.dumps({"args": [lo, hi, st]}))
    runs = {}
    for engine in ("icarus", "verilator"):
        proc = run_dfv("run", str(graph), "--inputs", str(tmp_path / "in.json"), "--engine", engine, "--json",
                       timeout=600)
        assert proc.returncode == 0, proc.stderr
        runs[engine] = json.loads(proc.stdout)
        assert runs[engine]["status"] == "pass", runs[engine]
        assert runs[engine]["returns"] == [_oracle(step_op, lo, hi, st)], runs[engine]
    assert runs["icarus"]["cycles"] == runs["verilator"]["cycles"]
