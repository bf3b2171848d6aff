"""Properties of the `cf` lifting over random control-flow graphs (hypothesis).

A graph is `n` blocks with random successors, written as a `cf.switch` per block (two cases may go to
one block); every block also leaves for `^ret` when its fuel runs out, so every program ends. Blocks
pass `(fuel, x)` along and some use a value of a block that dominates them (computed here, by the
textbook iterative data flow), so values cross loop exits without block arguments.

* The lifting refuses a graph exactly when it is irreducible, decided here independently by Hecht and
  Ullman's T1/T2 reduction (a graph is reducible iff removing self-loops and merging each block with a
  single predecessor into it leaves one node).
* A lifted graph computes what the `cf` program computes, on xDSL's interpreter; and on the golden
  engine (fewer examples: lowering and a golden run take a second).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dfv.lowering.lift_cf import lift_function
from dfv.lowering.lower_control import find_function
from dfv.lowering.parse import LoweringError, parse_text
from dfv.lowering.reference import run_source
from dfv.runner import run_program

OPS = ("addi", "subi", "muli", "xori")


@st.composite
def graphs(draw) -> dict:
    n = draw(st.integers(1, 6))
    return {
        "n": n,
        "succs": [draw(st.lists(st.integers(1, n), min_size=1, max_size=3)) for _ in range(n)],
        "ops": [draw(st.sampled_from(OPS)) for _ in range(n)],
        "consts": [draw(st.integers(-9, 9)) for _ in range(n)],
        "picks": [draw(st.integers(0, 1000)) for _ in range(n)],
    }


def _edges(g: dict) -> dict[int, set[int]]:
    """Block 0 is the entry, 1..n the graph, n + 1 the return block."""
    ret = g["n"] + 1
    out = {0: {1}, ret: set()}
    for k in range(1, g["n"] + 1):
        out[k] = set(g["succs"][k - 1]) | {ret}
    return out


def _reachable(edges: dict[int, set[int]]) -> set[int]:
    seen, work = {0}, [0]
    while work:
        for s in edges[work.pop()]:
            if s not in seen:
                seen.add(s)
                work.append(s)
    return seen


def _dominators(edges: dict[int, set[int]]) -> dict[int, set[int]]:
    nodes = _reachable(edges)
    preds = {b: {a for a in nodes if b in edges[a]} for b in nodes}
    dom = {b: set(nodes) for b in nodes}
    dom[0] = {0}
    changed = True
    while changed:
        changed = False
        for b in nodes - {0}:
            new = {b} | set.intersection(*(dom[p] for p in preds[b]))
            if new != dom[b]:
                dom[b], changed = new, True
    return dom


def reducible(edges: dict[int, set[int]]) -> bool:
    """Hecht and Ullman's T1/T2 reduction of the reachable graph to a single node."""
    nodes = _reachable(edges)
    succ = {b: set(edges[b]) & nodes for b in nodes}
    while True:
        for b in succ:
            succ[b].discard(b)  # T1
        merged = False
        for b in list(succ):
            preds = [a for a in succ if b in succ[a]]
            if b != 0 and len(preds) == 1:  # T2: b into its only predecessor
                p = preds[0]
                succ[p] = (succ[p] | succ[b]) - {b}
                del succ[b]
                merged = True
                break
        if not merged:
            return len(succ) == 1


def program(g: dict) -> str:
    edges, n = _edges(g), g["n"]
    dom = _dominators(edges)
    lines = ["func.func @g(%x0: i32, %f0: i32) -> i32 {", "  %one = arith.constant 1 : i32",
             "  %zero = arith.constant 0 : i32", "  cf.br ^b1(%f0, %x0 : i32, i32)"]
    for k in range(1, n + 1):
        succs = g["succs"][k - 1]
        lines += [f"^b{k}(%f{k}: i32, %x{k}: i32):",
                  f"  %g{k} = arith.subi %f{k}, %one : i32",
                  f"  %c{k} = arith.constant {g['consts'][k - 1]} : i32",
                  f"  %y{k} = arith.{g['ops'][k - 1]} %x{k}, %c{k} : i32"]
        above = sorted(d for d in dom.get(k, ()) if 1 <= d <= n and d != k)
        if above:  # a value of a dominating block, used without a block argument
            lines.append(f"  %w{k} = arith.addi %y{k}, %y{above[g['picks'][k - 1] % len(above)]} : i32")
        else:
            lines.append(f"  %w{k} = arith.addi %y{k}, %zero : i32")
        lines += [f"  %m{k} = arith.constant {len(succs)} : i32",
                  f"  %r{k} = arith.remui %w{k}, %m{k} : i32",
                  f"  %d{k} = arith.cmpi sle, %g{k}, %zero : i32",
                  f"  %s{k} = arith.select %d{k}, %m{k}, %r{k} : i32",
                  f"  cf.switch %s{k} : i32, [", f"    default: ^ret(%w{k} : i32),"]
        lines += [f"    {i}: ^b{s}(%g{k}, %w{k} : i32, i32)," for i, s in enumerate(succs)]
        lines[-1] = lines[-1].rstrip(",")
        lines.append("  ]")
    lines += ["^ret(%res: i32):", "  return %res : i32", "}", ""]
    return "\n".join(lines)


INPUTS = [(3, 7), (-5, 20), (11, 1)]


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs())
def test_lifting_refuses_exactly_the_irreducible_graphs_and_keeps_the_results(g):
    text = program(g)
    src = parse_text(text, "k.mlir")
    fn = find_function(src, None)
    try:
        out = lift_function(src, fn)
    except LoweringError as exc:
        assert not reducible(_edges(g)), f"refused a reducible graph: {exc}\n{text}"
        assert "irreducible control flow: blocks ^b" in str(exc)
        return
    assert reducible(_edges(g)), f"lifted an irreducible graph\n{text}"
    lifted = find_function(out, None)
    for args in INPUTS:
        assert run_source(out, lifted, list(args), 32) == run_source(src, fn, list(args), 32), text


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(graphs(), st.sampled_from(INPUTS))
def test_lifted_graphs_pass_on_golden(tmp_path_factory, g, args):
    assume(reducible(_edges(g)))
    d = tmp_path_factory.mktemp("g")
    (d / "k.mlir").write_text(program(g))
    (d / "in.json").write_text(json.dumps({"args": list(args)}))
    res = run_program(str(d / "k.mlir"), None, str(d / "in.json"), "golden")
    assert res["status"] == "pass", res["message"]


@pytest.mark.parametrize("edges,expected", [
    ({0: {1}, 1: {2, 3}, 2: {1, 3}, 3: set()}, True),  # a loop with two exits
    ({0: {1, 2}, 1: {2}, 2: {1}}, False),  # a cycle entered at both blocks
    ({0: {1}, 1: {2, 3}, 2: {3}, 3: {2, 4}, 4: {1}}, False),  # the same inside a reducible outer loop
])
def test_reference_reducibility_check(edges, expected):
    """The independent check itself, on graphs whose answer is known."""
    assert reducible(edges) is expected
