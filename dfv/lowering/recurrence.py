"""The recurrence bound of a lowered loop: the fewest cycles per iteration its circuit allows.

A loop iteration cannot start before the values it carries from the previous one exist. In the lowered
circuit every such dependence is a cycle through one of the loop's `dataflow.carry` or
`dataflow.invariant` nodes (an iter arg, a while loop's condition, a memory group's ctrl-done chain, a
while loop's imported value), and a cycle that passes k of them spans k iterations. With the stage
latencies of `dfv.lowering.slack` (registered stages 1, a memory load its read round trip, combinational
stages 0), the bound is the maximum over those cycles of
(latency on the cycle) / k: the loop's initiation interval can be no smaller, whatever the buffering.
`make bench` prints it beside the measured cycles per innermost iteration.

A cycle through an `scf.if` branch (a `cond_br` side and its `mux`) counts on every iteration, so a loop
that takes such a branch on some iterations only can run faster than the bound (`if_no_else`).

A loop's own `dataflow.stream` paces it too: with `*=` and `/=` its elements come `stream_interval` cycles
apart (W + 2, the iterative product or quotient of each element's successor), so the bound is at least that
(the lowering makes `+=` streams, one element per cycle; a user's graph may hold any step).

The carries of other loops are left out, so only the recurrences of the given loops count (an outer
loop's cycle runs once per outer iteration, not per innermost one), and so is every part of the graph outside
the strongly connected components of the loops' carries, where none of their cycles can pass. The maximum
cycle ratio is found by bisection on a Bellman-Ford test for a cycle of positive weight latency - ratio * k.
"""

from __future__ import annotations

from dfv.golden.catalogue import OPS, stream_interval
from dfv.lowering.dfg import DFG
from dfv.lowering.slack import components, part, stage_latency

CARRIES = ("dataflow.carry", "dataflow.invariant")


def recurrence_bound(g: DFG, loops: set[str], read_cycles: int) -> float | None:
    """Cycles per iteration the recurrences of `loops` (ids of `g.loops`) impose, with `read_cycles`
    for a memory load's round trip, and at least the interval of their streams when it is more than one
    cycle; None when the loops carry nothing (a free-running body) and their streams give an element a cycle."""
    cycles = _cycle_bound(g, loops, read_cycles)
    pace = _stream_pace(g, loops)
    return cycles if pace == 1 else max(cycles or 0.0, float(pace))


def _stream_pace(g: DFG, loops: set[str]) -> int:
    """The most cycles between two elements of the streams of `loops` (`stream_interval`)."""
    spec = OPS["dataflow.stream"]
    return max((stream_interval(spec.rtl_params(n.params)) for n in g.nodes.values()
                if n.op == "dataflow.stream" and n.meta.get("loop") in loops), default=1)


def _cycle_bound(g: DFG, loops: set[str], read_cycles: int) -> float | None:
    """The largest ratio of latency to carries over the cycles through the carries of `loops`; None when
    they carry nothing."""
    own = {nid for nid, n in g.nodes.items() if n.op in CARRIES and n.meta.get("loop") in loops}
    other = {nid for nid, n in g.nodes.items() if n.op in CARRIES and nid not in own}
    edges: list[tuple[tuple[str, str], tuple[str, str], int, int]] = []  # (u, v, latency at v, carries)
    vertices: set[tuple[str, str]] = set()
    for n in g.nodes.values():
        if n.id in other:
            continue
        for p, r in n.inputs.items():
            if r is None or r.node in other:
                continue
            u, v = (r.node, part(g.nodes[r.node].op, r.port)), (n.id, part(n.op, p))
            vertices |= {u, v}
            edges.append((u, v, stage_latency(n, v[1], read_cycles), 1 if n.id in own else 0))
    # only the strongly connected components of the loops' carries hold their cycles
    succ: dict = {x: [] for x in vertices}
    for u, v, _, _ in edges:
        succ[u].append(v)
    comp = components(sorted(vertices), succ)
    keep = {comp[x] for x in vertices if x[0] in own}
    vertices = {x for x in vertices if comp[x] in keep}
    edges = [e for e in edges if comp[e[0]] in keep and comp[e[0]] == comp[e[1]]]
    if not own or not _positive_cycle(vertices, edges, 0.0):
        return None
    lo, hi = 0.0, float(sum(e[2] for e in edges)) + 1.0
    if _positive_cycle(vertices, edges, hi):
        return None  # a cycle through none of the loops' carries: not a loop recurrence
    for _ in range(40):
        mid = (lo + hi) / 2
        if _positive_cycle(vertices, edges, mid):
            lo = mid
        else:
            hi = mid
    return round(hi, 3)


def _positive_cycle(vertices: set, edges: list, ratio: float) -> bool:
    """Whether some cycle has latency - ratio * carries > 0 (a cycle with at least one carry and
    latency >= 0 exists only through the loops; zero-latency cycles are not positive)."""
    dist = dict.fromkeys(vertices, 0.0)
    for _ in range(len(vertices)):
        changed = False
        for u, v, lat, k in edges:
            w = dist[u] + lat - ratio * k
            if w > dist[v] + 1e-9:
                dist[v] = w
                changed = True
        if not changed:
            return False
    return True
