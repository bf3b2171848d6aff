"""What a golden run counts as loop trips, so its budget (`dfv.golden.interpreter.Budget`) stops a loop that
does not end, naming it.

A lowered `scf` program has loop drivers: `dataflow.stream` fires once per element, `dataflow.carry` twice
per trip (`LOOP_DRIVERS`); the source interpreter has already counted its trips, so the golden run only
needs a bound that a legal run never meets (`Budget.per_driver`).

A handshake program (a circuit read as it was written) has no such operations, and its golden run is its
own reference, so it counts trips as the source interpreter counts `scf` trips. Its loops are its cycles:
the strongly connected components of its channels. A loop decides at its exits: a `cond_br` in the loop
with one output staying in it and the other leaving it (CIRCT's loops, Dynamatic's branches), which keeps
one token in the loop per trip and none when the loop ends (also when it makes no trip at all). So every
token such a `cond_br` puts on its staying output is one trip of its loop. The exits of one loop share its
condition (forked to each of them), so one exit per condition counts (`TripCounts.channels`), and, as
for `scf` programs, all loops of a run share the budget of `max_trips` trips. A cycle with no such exit
(a token generator) has no trips to count: its storage nodes are counted as loop drivers instead
(`TripCounts.drivers`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dfv.golden.catalogue import BUFFERS

#: machines that drive a lowered loop: a stream fires once per element, a carry twice per trip
LOOP_DRIVERS = ("dataflow.stream", "dataflow.carry")


@dataclass(frozen=True)
class TripCounts:
    """Where a run's loop trips are counted: `drivers` (nodes whose firings are counted), `channels`
    (one exit `cond_br` per loop -> the channel it keeps the loop's tokens on: one token, one trip) and, per
    counted node, `loop`, the operation of its loop read first (to name the loop)."""

    drivers: frozenset[str] = frozenset()
    channels: dict[str, str] = field(default_factory=dict)
    loop: dict[str, str] = field(default_factory=dict)


def strongly_connected(g) -> list[list[str]]:
    """The strongly connected components of `g`'s channel graph with more than one node or a self loop,
    each in node order (Tarjan's algorithm, iterative)."""
    succ: dict[str, list[str]] = {nid: [] for nid in g.nodes}
    for c in g.channels:
        succ[c.src.node].append(c.dst.node)
    order = {nid: k for k, nid in enumerate(g.nodes)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    for root in g.nodes:
        if root in index:
            continue
        work = [(root, iter(succ[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            nid, it = work[-1]
            nxt = next(it, None)
            if nxt is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[nid])
                if low[nid] == index[nid]:
                    comp = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        comp.append(m)
                        if m == nid:
                            break
                    if len(comp) > 1 or nid in succ[nid]:
                        out.append(sorted(comp, key=order.__getitem__))
            elif nxt not in index:
                index[nxt] = low[nxt] = len(index)
                stack.append(nxt)
                on_stack.add(nxt)
                work.append((nxt, iter(succ[nxt])))
            elif nxt in on_stack:
                low[nid] = min(low[nid], index[nxt])
    return out


def trip_counts(g) -> TripCounts:
    """Where the trips of a run of `g` are counted (see the module docstring)."""
    drivers = {nid for nid, n in g.nodes.items() if n.op in LOOP_DRIVERS}
    if drivers:
        return TripCounts(frozenset(drivers))
    channels: dict[str, str] = {}
    loop: dict[str, str] = {}
    outs: dict[str, list] = {nid: [] for nid in g.nodes}
    for c in g.channels:
        outs[c.src.node].append(c)
    conditions: set = set()
    for comp in strongly_connected(g):
        inside = set(comp)
        exits = {}
        for nid in comp:
            if g.nodes[nid].op != "handshake.cond_br":
                continue
            staying = [c for c in outs[nid] if c.dst.node in inside]
            if len(staying) == 1 and len(outs[nid]) == 2:
                exits[nid] = staying[0].id
        if not exits:
            stores = [nid for nid in comp if g.nodes[nid].op in BUFFERS]
            drivers.update(stores)
            loop.update((nid, comp[0]) for nid in stores)
        for nid, cid in exits.items():
            cond = _condition(g, nid)
            if cond not in conditions:
                conditions.add(cond)
                channels[nid], loop[nid] = cid, comp[0]
    return TripCounts(frozenset(drivers), channels, loop)


def _condition(g, nid: str):
    """Where the condition of `cond_br` `nid` comes from: its producer's output, before any fork or buffer
    (which pass its stream on)."""
    ref, seen = g.nodes[nid].inputs["cond"], set()
    while (g.nodes[ref.node].op == "handshake.fork" or g.nodes[ref.node].op in BUFFERS) and ref.node not in seen:
        seen.add(ref.node)
        ref = g.nodes[ref.node].inputs["in"]
    return ref
