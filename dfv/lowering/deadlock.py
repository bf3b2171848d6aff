"""The deadlock-freedom rule of loop nests (docs/lowering.md, "Deadlock freedom"), stated once.

The loop's memory split `cond_br(after_cond, body_done)` waits for `after_cond[i]`, which the `gate`
emits only together with `after_value[i+1]`, so only once the loop's stream has moved on from element
`i`. The stream moves on when every consumer of its element `i` has taken it: the gate (which holds it
until `after_value[i]` is absorbed), and each iter-arg `carry` / split, which hold it until the
iteration value they hand the body (`carry.o[i]`) is absorbed (the RTL carry takes `d` only after `o`
has gone). Combinational stages hold what they consume until their outputs are absorbed by storage
(`dfv.golden.bounded.STORAGE`). So if a token derived from the body's entry values of iteration `i` (the
iv `after_value[i]`, the iter args `carry.o[i]`) can reach the data input of the loop's memory split
through combinational stages only, the split waits for the stream and the stream for the split: a
deadlock (the bubble sort of issue 8: an inner loop's zero-trip guard, computed from the outer iv,
selects the outer body's done token; the same with an inner bound computed from an iter arg).

Such a path enters the control-token network at a select: the `sel` of a control `mux`, the `cond`
of a control `cond_br`, the `d` of a control `carry` / `invariant`. `select_cuts` names the selects
on such paths (the lowering puts a 2-slot buffer there, off the memory chain's critical path);
`violations` states the rule for the verifier.
"""

from __future__ import annotations

from dfv.golden.bounded import STORAGE
from dfv.golden.types import CONTROL
from dfv.lowering.dfg import DFG, Ref

Port = tuple[str, str]


#: outputs an input of a load port reaches (its address and data paths are independent)
_LOAD_PATHS = {"addr": ("addr_to_mem",), "ctrl": ("addr_to_mem",), "data_from_mem": ("data",)}


def _reach(g: DFG, cons: dict[Ref, list[Port]], start: list[Ref]) -> list[Port]:
    """Every input port a token on one of `start` reaches through combinational stages only."""
    seen: set[Port] = set()
    out: list[Port] = []
    todo = list(start)
    while todo:
        for nid, port in cons.get(todo.pop(), []):
            if (nid, port) in seen:
                continue
            seen.add((nid, port))
            out.append((nid, port))
            n = g.nodes[nid]
            if n.op == "handshake.load":
                todo.extend(Ref(nid, p) for p in _LOAD_PATHS[port])
            elif n.op not in STORAGE:
                todo.extend(Ref(nid, p) for p in n.out_types)
    return out


def _is_select(g: DFG, nid: str, port: str) -> bool:
    """A data input that steers control tokens."""
    n = g.nodes[nid]
    if n.op == "handshake.mux":
        return port == "sel" and n.out_types["out"] == CONTROL
    if n.op == "handshake.cond_br":
        return port == "cond" and n.in_types["data"] == CONTROL
    if n.op in ("dataflow.carry", "dataflow.invariant"):
        return port == "d" and n.out_types["o"] == CONTROL
    return False


def _splits(g: DFG, loop: str) -> set[Port]:
    return {(n.id, "data") for n in g.nodes.values()
            if n.meta.get("role") == "for_mem_split" and n.meta.get("loop") == loop}


def _entries(g: DFG) -> dict[str, list[Ref]]:
    """Per `for` loop, the outputs that hand the body its values of one iteration: the gate's
    `after_value` and the iter-arg carries' `o`."""
    out: dict[str, list[Ref]] = {}
    for n in g.nodes.values():
        if n.op == "dataflow.gate":
            out.setdefault(n.meta.get("loop"), []).append(Ref(n.id, "after_value"))
        elif n.op == "dataflow.carry" and n.meta.get("role") == "for_iter":
            out.setdefault(n.meta.get("loop"), []).append(Ref(n.id, "o"))
    return out


def select_cuts(g: DFG) -> list[Port]:
    """The selects on a combinational path from a loop's entry values to its memory split."""
    cons = g.consumers()
    cuts: list[Port] = []
    for loop, entries in _entries(g).items():
        splits = _splits(g, loop)
        if not splits:
            continue
        for nid, port in _reach(g, cons, entries):
            if (nid, port) not in cuts and _is_select(g, nid, port) and \
                    splits & set(_reach(g, cons, [Ref(nid, p) for p in g.nodes[nid].out_types])):
                cuts.append((nid, port))
    return cuts


def violations(g: DFG) -> list[tuple[str, str]]:
    """(message, node id of the entry value) per loop entry value that reaches its loop's memory split without
    storage."""
    cons = g.consumers()
    out = []
    for loop, entries in _entries(g).items():
        for ref in entries:
            n = g.nodes[ref.node]
            for nid, _ in sorted(_splits(g, loop) & set(_reach(g, cons, [ref]))):
                out.append((f"{n.op} ({n.id}, {n.loc}): {ref.port} reaches the memory split {nid} of its loop "
                            "through combinational stages only; a body value that waits for the next "
                            "after_cond deadlocks (buffer a select on the path)", n.id))
    return out
