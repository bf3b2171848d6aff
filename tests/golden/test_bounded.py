"""The bounded golden run (`dfv.golden.bounded`): it must see deadlocks that come only from the finite
storage of the generated RTL, and agree with the unbounded run wherever the circuit completes."""

from __future__ import annotations

from pathlib import Path

import pytest

from dfv.golden.interpreter import Budget, Mode, RunawayError, run_dfg
from dfv.kernels import KERNELS, gen, kernel_path
from dfv.lowering.dfg import DFG, Ref
from dfv.lowering.parse import parse_file
from dfv.lowering.pipeline import lower_file, lower_program
from dfv.lowering.verify import DfgVerifyError, verify


def _without_cuts(g: DFG) -> DFG:
    """The circuit the lowering built before the deadlock fix: no buffer on the selects that
    `dfv.lowering.deadlock.select_cuts` names."""
    for b in [n for n in g.nodes.values() if n.meta.get("role") == "select_slack"]:
        src = b.inputs["in"]
        for n in g.nodes.values():
            for p, r in n.inputs.items():
                if r == Ref(b.id, "out"):
                    n.inputs[p] = src
        del g.nodes[b.id]
    g.build_channels()
    return g


@pytest.mark.parametrize("name", KERNELS)
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_bounded_equals_unbounded(name, seed):
    prog = lower_program(parse_file(str(kernel_path(name))), name)
    g, raw = prog.g, prog.bind(gen(name, seed), "kernel inputs").circuit  # nested lists, dynamic sizes
    free, bounded = run_dfg(g, raw, mode=Mode.UNBOUNDED), run_dfg(g, raw, mode=Mode.BOUNDED)
    assert bounded.clean, bounded.problems()
    assert bounded.results == free.results
    assert bounded.memories == free.memories


def test_bubble_sort_deadlocks_only_with_bounded_channels():
    """Without the select buffers the bubble sort completes with unbounded channels but
    deadlocks in hardware; the bounded run must report that deadlock, naming the channels."""
    g = _without_cuts(lower_file(str(kernel_path("bubble_sort")), "bubble_sort"))
    raw = {0: [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]}
    free = run_dfg(g, raw, mode=Mode.UNBOUNDED)
    assert free.clean and free.memories["arg0"] == list(range(1, 11))
    stuck = run_dfg(g, raw, mode=Mode.BOUNDED)
    assert stuck.deadlock.startswith("deadlock in the bounded golden run after ")
    # the outer loop's memory split waits for after_cond, which the gate cannot produce
    assert "-> cond_br_37.data) from scf.for at " in stuck.deadlock
    assert "(stream_5.cont -> gate_6.before_cond) from scf.for at " in stuck.deadlock
    assert stuck.problems()[0] == stuck.deadlock


def test_verifier_requires_the_select_buffers():
    g = _without_cuts(lower_file(str(kernel_path("bubble_sort")), "bubble_sort"))
    with pytest.raises(DfgVerifyError, match=r"dataflow.gate \(gate_6, .*bubble_sort.mlir:6:3\): after_value "
                                             r"reaches the memory split cond_br_37 of its loop through "
                                             r"combinational stages only"):
        verify(g)


@pytest.mark.parametrize("mode", list(Mode))
def test_runaway_names_the_loop(mode):
    g = lower_file(str(kernel_path("dot_product")), "dot_product")
    with pytest.raises(RunawayError, match=r"the golden run went past its budget of 2 loop trips: scf\.for at "
                                           r".*dot_product\.mlir:\d+:\d+ ran away \(dataflow\.(stream|carry) "
                                           r"\w+ fired 13 times\)"):
        run_dfg(g, dict(enumerate(gen("dot_product", 2))), Budget(2), mode=mode)


def test_iter_arg_path_needs_a_select_buffer(tmp_path):
    """The fuzzer's reproducer: an inner zero-trip guard computed from the outer loop's iter arg. Its one
    load no longer waits on a chain (a group with one access, docs/lowering.md), so a store of the same
    array is added here to keep the chain whose split the guard reached; and its `x rem 1` becomes `x and 0`
    (the same 0): a divider is an iterative unit that stores its operation (`arith_divi`), which cuts the
    combinational path this test is about."""
    path = Path(__file__).parents[1] / "fuzz" / "reproducers" / "iter_arg_inner_bound" / "prog.mlir"
    load = "      %v73 = memref.load %a1[%t13] : memref<2xi32>\n"
    rem = "    %t6 = arith.remui %x57, %t5 : index\n"
    text = path.read_text()
    assert load in text and rem in text
    store = "      memref.store %v73, %a1[%t13] : memref<2xi32>\n"
    text = text.replace(load, load + store).replace(rem, "    %t6 = arith.andi %x57, %t4 : index\n")
    (tmp_path / "prog.mlir").write_text(text)
    g = _without_cuts(lower_file(str(tmp_path / "prog.mlir"), "fuzz"))
    with pytest.raises(DfgVerifyError, match=r"dataflow.carry \(carry_11, .*prog.mlir:\d+:3\): o reaches the "
                                             r"memory split cond_br_\d+ of its loop"):
        verify(g)
    stuck = run_dfg(g, {0: [0, 0], 1: 0}, mode=Mode.BOUNDED)
    assert stuck.deadlock.startswith("deadlock in the bounded golden run")
    assert run_dfg(g, {0: [0, 0], 1: 0}, mode=Mode.UNBOUNDED).clean
