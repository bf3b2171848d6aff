"""Fork/sink materialisation and buffer insertion.

After `materialize(dfg)` every output port feeds exactly one input port: an output with several
consumers gets a `handshake.fork`, an output with none a `handshake.sink`. Then every cycle of the
graph is cut by a `handshake.buffer` (an opaque 2-slot skid buffer: no combinational path through
it) on a back edge of a depth-first search, so the generated circuit has no combinational cycle
(loop feedback into `carry.b` is the usual place). Where the loop feedback comes out of a pipelined
unit (directly or through forks) its valid and data are registers already, and the feedback gets a
`handshake.tehb` instead (a transparent one-slot buffer that cuts only the ready path): the loop's
recurrence is then the unit's latency, not one cycle more. In a lowered program given a clock target, register
slices go where the circuit's combinational paths are longer than its period (`dfv.lowering.timing_buffers`);
then FIFOs of slack go where paths of different latency meet (`dfv.lowering.slack`), so loops pipeline.
Finally the channels are built.
"""

from __future__ import annotations

from dfv.lowering.deadlock import select_cuts
from dfv.lowering.dfg import DFG, Ref, sorted_ports
from dfv.lowering.slack import PIPELINED, add_slack
from dfv.lowering.timing_buffers import buffer_for_timing
from dfv.lowering.timing_plan import ClockTarget


def _fork_and_sink(g: DFG) -> None:
    cons = g.consumers()
    for n in list(g.nodes.values()):
        for p in sorted_ports(n.out_types):
            ref = Ref(n.id, p)
            users = cons.get(ref, [])
            ty = n.out_types[p]
            w = ty.width
            if not users:
                g.add("handshake.sink", {"in": ty}, {}, n.loc, {"width": w}, {"in": ref},
                      meta={"from": str(ref)})
            elif len(users) > 1:
                k = len(users)
                f = g.add("handshake.fork", {"in": ty}, {f"out[{i}]": ty for i in range(k)}, n.loc,
                          {"n": k, "width": w}, {"in": ref}, meta={"from": str(ref)})
                for i, (nid, port) in enumerate(users):
                    g.nodes[nid].inputs[port] = Ref(f.id, f"out[{i}]")


def registered_valid(g: DFG, ref: Ref) -> bool:
    """Whether the valid and data of output `ref` come from registers: it is the output of a pipelined
    unit, directly or through eager forks (whose out_valid follows in_valid and their own state only)."""
    while g.nodes[ref.node].op == "handshake.fork":
        ref = g.nodes[ref.node].inputs["in"]
    return g.nodes[ref.node].op in PIPELINED


def cuts(g: DFG, nid: str) -> bool:
    """Whether node `nid` cuts every combinational path through it: a buffer or FIFO (registers both
    ways), or a tehb (a registered ready) fed by registered valid and data."""
    n = g.nodes[nid]
    return n.op in ("handshake.buffer", "handshake.fifo") or (
        n.op == "handshake.tehb" and registered_valid(g, n.inputs["in"]))


def _back_edges(g: DFG) -> list[tuple[str, str]]:
    """(consumer node, input port) of DFS back edges over the single-consumer graph."""
    succ: dict[str, list[tuple[str, str]]] = {nid: [] for nid in g.nodes}
    for n in g.nodes.values():
        for p, r in n.inputs.items():
            if r is not None and not cuts(g, r.node):
                succ[r.node].append((n.id, p))
    color: dict[str, int] = {}
    back = []
    for root in g.nodes:
        if root in color:
            continue
        color[root] = 1
        stack = [(root, iter(succ[root]))]
        while stack:
            nid, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                color[nid] = 2
                stack.pop()
                continue
            m, port = nxt
            c = color.get(m, 0)
            if c == 0:
                color[m] = 1
                stack.append((m, iter(succ[m])))
            elif c == 1:
                back.append((m, port))
    return back


def _buffer_input(g: DFG, nid: str, port: str, loc: str, meta: dict, transparent: bool = False) -> None:
    """Put an opaque 2-slot `handshake.buffer` (or, `transparent`, a one-slot `handshake.tehb`) in front of
    input `port` of node `nid`."""
    n = g.nodes[nid]
    ref = n.inputs[port]
    ty = g.out_type(ref)
    op, params = ("handshake.tehb", {"width": ty.width}) if transparent else (
        "handshake.buffer", {"width": ty.width, "slots": 2})
    b = g.add(op, {"in": ty}, {"out": ty}, loc, params, {"in": ref}, meta=meta)
    n.inputs[port] = Ref(b.id, "out")


def _lowering_buffers(g: DFG) -> None:
    """The storage the `scf` lowering's structures need (docs/lowering.md)."""
    # Every loop back edge enters a `carry` on `b`: a buffer there gives the loop-carried value one
    # token of slack, so the body's last operation can fire while the carry waits for the next
    # condition (zero-capacity handshake channels otherwise deadlock on that reconvergence). A value
    # out of a pipelined unit gets the one slot of a tehb, which adds no cycle to the recurrence.
    for n in list(g.nodes.values()):
        if n.op == "dataflow.carry":
            _buffer_input(g, n.id, "b", n.loc, {"cycle": True, "role": "loop_back"},
                          transparent=registered_valid(g, n.inputs["b"]))
    # An invariant consumes a true `d` only together with the transfer of its copy on `o`; when that
    # copy's consumer needs a later element of the same condition stream (a while loop's after
    # region: cond_br(raw, invariant(raw, v))) the zero-capacity channel deadlocks. A buffer on `o`
    # lets the invariant run one element ahead.
    cons = g.consumers()
    for n in list(g.nodes.values()):
        if n.op == "dataflow.invariant":
            for nid, port in cons.get(Ref(n.id, "o"), []):
                _buffer_input(g, nid, port, n.loc, {"role": "invariant_slack"})
    # A value derived from an iteration's entry values (iv, iter args) must not reach the loop's
    # memory split without storage (dfv.lowering.deadlock): a buffer on every select on such a path.
    for nid, port in select_cuts(g):
        _buffer_input(g, nid, port, g.nodes[nid].loc, {"role": "select_slack"})


def materialize(g: DFG, lowered: bool = True, target_mhz: ClockTarget | None = None) -> DFG:
    """Forks and sinks where a value has several or no users, then storage: for a graph the `scf`
    lowering built (`lowered`), the buffers its loops and conditions need; for every graph a buffer on
    each cycle that has no storage (a DFS back edge); for a `target_mhz`, the register slices its clock needs
    (what was done: `g.timing`). A handshake program is a circuit already: it gets only the forks, sinks and
    cycle cuts it lacks (cycles through a memory interface: one without any storage was refused,
    `dfv.lowering.comb_cycles`), so a graph written by dfv reads back unchanged, and register slices only
    for a `target_mhz` (a handshake circuit is latency-insensitive: a slice on any channel keeps what it
    computes, and the run on golden and RTL checks it)."""
    for n in g.nodes.values():
        for p, r in n.inputs.items():
            if r is None:
                raise ValueError(f"internal: input {p} of {n.op} ({n.id}, {n.loc}) left unconnected")
    _fork_and_sink(g)
    if lowered:
        _lowering_buffers(g)
    for nid, port in _back_edges(g):
        _buffer_input(g, nid, port, g.nodes[nid].loc, {"cycle": True})
    if target_mhz is not None:
        g.timing = buffer_for_timing(g, target_mhz)
    if lowered:
        add_slack(g)
    g.build_channels()
    return g

