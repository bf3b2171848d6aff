"""Pipelined loops (issue 9, docs/lowering.md "Pipelining"): the ordering rule of memory groups, the
slack FIFOs, and loops that overlap their iterations on the RTL.

The rule is pinned both ways: accesses of one array that may touch the same address stay serial (the
next one is triggered by the previous one's done token); a group with one access is triggered by its
region's control, so its iterations overlap."""

from __future__ import annotations

import shutil

import pytest

from dfv.golden.encodings import StepOp
from dfv.lowering.dfg import DFG, Ref
from dfv.lowering.parse import parse_text
from dfv.lowering.pipeline import lower_program
from dfv.lowering.verify import origin
from dfv.sim.kernel_bench import SUM_PROGRAM

VADD = """func.func @vadd(%a: memref<N x i32>, %b: memref<N x i32>, %c: memref<N x i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant N : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<N x i32>
    %y = memref.load %b[%i] : memref<N x i32>
    %s = arith.addi %x, %y : i32
    memref.store %s, %c[%i] : memref<N x i32>
  }
  func.return
}
"""

INCREMENT = """func.func @inc(%a: memref<N x i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %n = arith.constant N : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<N x i32>
    %s = arith.addi %x, %one : i32
    memref.store %s, %a[%i] : memref<N x i32>
  }
  func.return
}
"""

SUM = SUM_PROGRAM.replace("@sum_100", "@sum")  # the scalar accumulation of make bench


def _lower(text: str, n: int = 8) -> DFG:
    return lower_program(parse_text(text.replace("N x ", f"{n}x").replace(" N :", f" {n} :"), "k.mlir")).g


def _ctrl_origin(g: DFG, kind: str) -> list[str]:
    """For every access of `kind`, what its ctrl token comes from: op.port, forks/buffers/FIFOs looked
    through."""
    out = []
    for n in g.nodes.values():
        if n.op == f"handshake.{kind}":
            o = origin(g, n.inputs["ctrl"])
            out.append(f"{g.nodes[o.node].op}.{o.port}")
    return out


def test_single_access_groups_are_triggered_by_their_region():
    """vector add: three arrays, one access each; no access waits for a done token."""
    g = _lower(VADD)
    for kind in ("load", "store"):
        for o in _ctrl_origin(g, kind):
            assert not o.startswith(("handshake.extmemory", "handshake.memory", "handshake.join")), o
    completion = [n for n in g.nodes.values() if n.op == "handshake.join" and n.meta.get("role") == "completion"]
    assert len(completion) == 3  # each group's done still joins its access's done tokens


def test_accesses_that_may_alias_stay_serial():
    """a[i] = a[i] + 1: the store is triggered by the load's done token (the load of the same
    iteration has completed), and the next load by the store's (through the loop's carry)."""
    g = _lower(INCREMENT)
    assert _ctrl_origin(g, "store") == ["handshake.extmemory.ld_done[0]"]
    (load_ctrl,) = _ctrl_origin(g, "load")
    assert load_ctrl == "dataflow.carry.o"
    carry = next(n for n in g.nodes.values() if n.op == "dataflow.carry" and n.meta.get("role") == "for_mem")
    b = origin(g, carry.inputs["b"])
    split = g.nodes[b.node]
    assert split.meta.get("role") == "for_mem_split"
    assert origin(g, split.inputs["data"]) == Ref(next(n.id for n in g.nodes.values()
                                                      if n.op == "handshake.extmemory"), "st_done[0]")


def _sccs(g: DFG) -> dict[str, int]:
    from dfv.lowering.slack import components
    succ: dict = {nid: [] for nid in g.nodes}
    for n in g.nodes.values():
        for r in n.inputs.values():
            if r is not None:
                succ[r.node].append(n.id)
    return components(list(g.nodes), succ)


@pytest.mark.parametrize("text", [VADD, INCREMENT, SUM])
def test_slack_is_never_put_on_a_recurrence(text):
    """Every slack FIFO sits between two strongly connected components: a recurrence's latency (the
    loop's initiation interval) is never lengthened."""
    g = _lower(text)
    comp = _sccs(g)
    slack = [n for n in g.nodes.values() if n.meta.get("role") == "slack"]
    for f in slack:
        (user,) = [n for n in g.nodes.values() if Ref(f.id, "out") in n.inputs.values()]
        assert comp[f.inputs["in"].node] != comp[user.id], f.id
    assert slack or text is not VADD


def test_vector_add_gets_slack_on_its_store():
    """The store's address and control arrive before its data (which comes through the memory): both
    get a FIFO deep enough for the loads in flight."""
    g = _lower(VADD)
    store = next(n for n in g.nodes.values() if n.op == "handshake.store")
    for port in ("addr", "ctrl"):
        f = g.nodes[store.inputs[port].node]
        assert f.op == "handshake.fifo" and f.meta.get("role") == "slack", port
        assert f.params["depth"] >= 4
    assert g.nodes[store.inputs["data"].node].op != "handshake.fifo"


SIMS = [s for s in ("icarus", "verilator") if shutil.which({"icarus": "iverilog", "verilator": "verilator"}[s])]


def _cycles(tmp_path, name: str, text: str, args: list, sim: str) -> int:
    from dfv.sim.kernel_bench import run_one
    path = tmp_path / f"{name}.mlir"
    path.write_text(text)
    return run_one(name, path, args, sim, seed=1).cycles


@pytest.mark.parametrize("sim", SIMS)
def test_loops_overlap_on_the_rtl(tmp_path, sim):
    """At full rate, one-cycle memory: a scalar accumulation and a loop over three arrays run at one
    iteration per cycle in steady state (the issue's bounds: sum N=100 in at most 110 cycles, vector add
    of N elements in at most 1.1 N + 20), and the same on both simulators."""
    assert _cycles(tmp_path, "pipe_sum", SUM.replace("@sum", "@pipe_sum"), [100], sim) <= 110
    n = 32
    text = VADD.replace("N x ", f"{n}x").replace(" N :", f" {n} :").replace("@vadd", "@pipe_vadd")
    assert _cycles(tmp_path, "pipe_vadd", text, [list(range(n)), list(range(n)), [0] * n], sim) <= 1.1 * n + 20


def test_may_alias_loop_does_not_overlap(tmp_path):
    """The serial loop (a[i] = a[i] + 1) pays the memory round trip every iteration: the rule holds on
    the RTL too, so a future change that overlaps it must change this test on purpose."""
    if not SIMS:
        pytest.skip("no simulator")
    n = 32
    text = INCREMENT.replace("N x ", f"{n}x").replace(" N :", f" {n} :").replace("@inc", "@pipe_inc")
    assert _cycles(tmp_path, "pipe_inc", text, [list(range(n))], SIMS[-1]) >= 3 * n


# ------------------------------------------------------------------ the recurrence bound (make bench)
def _bound(text: str, read_cycles: int) -> float | None:
    from dfv.lowering.recurrence import recurrence_bound
    g = _lower(text)
    return recurrence_bound(g, set(g.loops), read_cycles)


def test_recurrence_bound_of_a_scalar_accumulation_is_one_cycle():
    """acc -> addi -> loop-back buffer -> carry: one registered stage per iteration."""
    assert _bound(SUM, 3) == 1


def test_recurrence_bound_counts_the_memory_round_trip_of_an_ordered_group():
    """a[i] = a[i] + 1 keeps its chain: load round trip, store, loop-back buffer per iteration; the bound
    follows the read latency. Vector add has no chain through memory: one cycle, whatever the latency."""
    assert _bound(INCREMENT, 3) >= 3 + 1 + 1
    assert _bound(INCREMENT, 5) == _bound(INCREMENT, 3) + 2
    assert _bound(VADD, 3) == _bound(VADD, 7) == 1


def test_recurrence_bound_is_at_least_the_interval_of_the_loops_stream():
    """A loop whose stream multiplies or divides (a user's graph: the lowering makes `+=` streams) gives an element
    every W + 2 cycles (`stream_interval`), whatever its carried values allow: the sum's one cycle becomes 34 at
    the default 32-bit index, and 66 at 64 bits."""
    from dfv.lowering.recurrence import recurrence_bound
    for step_op, width, want in ((StepOp.ADD, 32, 1), (StepOp.MUL, 32, 34), (StepOp.DIV, 32, 34), (StepOp.DIV, 64, 66)):
        g = _lower(SUM)
        streams = [n for n in g.nodes.values() if n.op == "dataflow.stream"]
        assert len(streams) == 1
        streams[0].params.update(step_op=int(step_op), width=width)
        assert recurrence_bound(g, set(g.loops), 3) == want, (step_op, width)


def test_recurrence_bound_of_straight_line_code_is_none():
    text = "func.func @f(%a: i32) -> i32 {\n  %b = arith.addi %a, %a : i32\n  func.return %b : i32\n}\n"
    assert _bound(text, 3) is None


# A reduction nested before a read-modify-write of C[i] (the shape of gemm: C[i] = beta C[i] + sum_k ...)
NESTED_RMW = """func.func @rmw(%c: memref<N x i32>, %a: memref<N x i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant N : index
  %z = arith.constant 0 : i32
  scf.for %i = %c0 to %n step %c1 {
    %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
      %x = memref.load %a[%k] : memref<N x i32>
      %s = arith.addi %acc, %x : i32
      scf.yield %s : i32
    }
    %y = memref.load %c[%i] : memref<N x i32>
    %r = arith.addi %y, %sum : i32
    memref.store %r, %c[%i] : memref<N x i32>
  }
  func.return
}
"""


def test_a_loop_nested_before_an_ordered_access_gets_its_slack():
    """The ordered group c keeps its chain (the load's ctrl is the previous store's done), but the inner
    reduction only hands its result to that chain: the walk of `feeding_ordered_accesses` stops at the
    inner loop's exit, so the inner loop's carry gets slack (its loads run ahead of its recurrence).
    The accesses of c wait for the inner loop's sum, so their addresses get slack too: the outer loop's
    index must be held while the inner loop runs, or its fork stalls the next run of the inner loop.
    The chain itself (the accesses' ctrl) is never lengthened."""
    g = _lower(NESTED_RMW)
    slack = {(n.id, p) for n in g.nodes.values() for p, r in n.inputs.items()
             if r is not None and g.nodes[r.node].meta.get("role") == "slack"}
    inner = [n for n in g.nodes.values() if n.op == "dataflow.carry" and n.meta.get("role") == "for_iter"]
    assert len(inner) == 1 and any(nid == inner[0].id for nid, _ in slack), sorted(slack)
    (ordered,) = [grp for grp in g.groups.values() if len(grp.accesses) > 1]  # c: a load and a store
    assert len(ordered.accesses) == 2
    for a in ordered.accesses:
        assert (a, "addr") in slack and (a, "ctrl") not in slack, (a, sorted(slack))


@pytest.mark.parametrize("sim", SIMS)
def test_the_next_run_of_a_nested_loop_does_not_wait_for_the_ordered_store(tmp_path, sim):
    """On the RTL: the inner reduction (one iteration per cycle) runs back to back, N runs of N trips
    in about N^2 cycles, while the read-modify-write of c[i] completes behind it. Without the address
    slack each run waited for the previous store: 387 cycles at N = 16 against 281."""
    n = 16
    text = NESTED_RMW.replace("N x ", f"{n}x").replace(" N :", f" {n} :").replace("@rmw", "@pipe_rmw")
    assert _cycles(tmp_path, "pipe_rmw", text, [list(range(n)), list(range(n))], sim) <= n * n + 2 * n + 20
