"""A handshake program's cycles must pass through storage: a cycle of operations that all pass tokens on in
the same cycle (fork, merge, mux, cond_br, arith, ...) is a combinational loop in hardware, whose valid and
ready feed back on themselves. CIRCT's `handshake-insert-buffers` puts a buffer on every such cycle (its
`cycles` strategy does only that); a program without one is refused when it is read, naming the cycle's
operations, rather than run as some other circuit.

Storage here is what cuts every combinational path through it (`dfv.lowering.materialize.cuts`: a buffer
or FIFO, a tehb behind registered valid and data) and a memory interface, whose outputs are registers (a
cycle through a memory, which CIRCT's strategy leaves unbuffered, gets the buffer on its ready path that
`dfv.lowering.materialize` gives every such cycle, as in a lowered program).
"""

from __future__ import annotations

from dfv.golden.catalogue import Storage, spec
from dfv.lowering.dfg import DFG
from dfv.lowering.errors import LoweringError
from dfv.lowering.materialize import cuts


def _stores(g: DFG, nid: str) -> bool:
    op = g.nodes[nid].op
    return op.startswith("func.") or cuts(g, nid) or spec(op).storage is Storage.MEMORY


def combinational_cycle(g: DFG) -> list[str]:
    """The nodes of one cycle of `g` without storage, in the order tokens go round it (starting at the
    node read first), or [] when every cycle has storage."""
    succ: dict[str, list[str]] = {nid: [] for nid in g.nodes}
    for n in g.nodes.values():
        for r in n.inputs.values():
            if r is not None and not _stores(g, r.node) and not _stores(g, n.id):
                succ[r.node].append(n.id)
    order = {nid: k for k, nid in enumerate(g.nodes)}
    state: dict[str, int] = {}  # 1: on the DFS path, 2: done
    for root in g.nodes:
        if root in state:
            continue
        path, stack = [root], [iter(succ[root])]
        state[root] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                cycle = path[path.index(nxt):]
                k = min(range(len(cycle)), key=lambda i: order[cycle[i]])
                return cycle[k:] + cycle[:k]
            elif nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(succ[nxt]))
    return []


def refuse_combinational_cycles(g: DFG) -> None:
    """Refuse `g` (a handshake program as read) if it has a cycle without storage (LoweringError at its
    first operation, naming every operation on it)."""
    cycle = combinational_cycle(g)
    if cycle:
        names = " -> ".join(g.origin_op(nid) for nid in cycle + cycle[:1])
        raise LoweringError(f"a cycle with no buffer on it, a combinational loop in hardware: {names}; put a "
                            "buffer on it (CIRCT's handshake-insert-buffers does)", g.nodes[cycle[0]].loc)
