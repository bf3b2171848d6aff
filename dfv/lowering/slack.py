"""Slack matching: FIFOs where paths of different latency meet, so loops pipeline (issue 9).

A loop runs one iteration per cycle only if no channel makes the loop's stream wait. Where a value
forks and the branches meet again at a stage that needs both (a store's address and its data loaded
through the memory; a carry's condition and the body value it waits for), the short branch must hold
the tokens of the iterations in flight on the long one: with zero-capacity channels the fork stalls
until the long branch delivers, and the loop runs at the pace of its longest path instead of its
recurrence. Dynamatic sizes such buffers with an MILP; this pass uses the same model in its simplest
form:

* every stage has a latency (`stage_latency`: 1 for registered stages and memories, the assumed read
  round trip for an `extmemory`'s load ports, its module's latency for a pipelined or iterative unit
  (the catalogue's `OpSpec.latency`), 0 for combinational ones);
* the graph is condensed into its strongly connected components (a recurrence fires as one unit: its
  members wait for the latest of the component's inputs from outside);
* the arrival time of a token on each channel is the longest path from the sources over that
  condensation;
* every channel into a component that arrives `s` > 0 cycles before the component's latest input gets
  a `handshake.fifo` of `s + 1` slots (at most `MAX_SLACK` plus the latency of the pipelined units on
  the longer path, which are as many more tokens in flight), on that channel's consumer side, unless
  its consumer feeds no loop (a token per call, where slack only adds a cycle: a loop's exit values,
  the function's done) or feeds an access of a group that keeps its ctrl-done chain (that loop runs at
  the pace of its chain, `lower_memory.feeding_ordered_accesses`);
* except when that component waits for the result of a loop nested in its own (gemm's
  `C[i][j] = beta C[i][j] + sum_k ...`: the read-modify-write of `C` waits for the k loop's sum). That
  loop runs at the pace of the nested loop, not of the chain, and the accesses' addresses must be
  held while the nested loop runs: without slack they stall the fork of the loop's index, so the next
  run of the nested loop cannot start until the store is done.

Only channels between components get slack: a channel of a recurrence is never lengthened, since its
latency is the loop's initiation interval. FIFOs only add storage, so they cannot introduce a deadlock
into the determinate networks the lowering builds (and the bounded golden run checks every program).
"""

from __future__ import annotations

from dfv.golden.catalogue import OPS, Storage, ops_with
from dfv.lowering.dfg import DFG, Node, Ref
from dfv.lowering.lower_memory import feeding_ordered_accesses, loop_exit

#: read round trip assumed for an `extmemory` load (request register, memory latency, response
#: register): the memory model's largest regression latency (3) plus its two registers
EXTMEMORY_READ_CYCLES = 5
#: at most this many slots of slack on one channel, beyond the operations in flight in the pipelined units
#: (float arithmetic, muli, div and rem) of the longer path it balances, which a loop at full rate must be
#: able to hold too
MAX_SLACK = 8
#: the operations whose stages hold operations in flight (`Storage.PIPELINED`)
PIPELINED = ops_with(Storage.PIPELINED)
#: the memory interfaces, which every loop of a function may share: not a path into a loop's body
MEMORIES = ops_with(Storage.MEMORY)



def part(op: str, port: str) -> str:
    """The independent part of a stage a port belongs to: a load's address and data paths, a memory's
    ports; one part for every other stage."""
    if op == "handshake.load":
        return "data" if port in ("data_from_mem", "data") else "addr"
    if op in ("handshake.memory", "handshake.extmemory"):
        return port[:2] + port[port.index("["):] if "[" in port else port
    return ""


def stage_latency(n: Node, part: str, read_cycles: int = EXTMEMORY_READ_CYCLES) -> int:
    """Cycles from node `n`'s inputs to its outputs: `read_cycles` for an `extmemory` load port, the unit's
    latency for a pipelined one, 1 for a registered stage or a memory, 0 for a combinational one (and for
    the function's own nodes, which are not operations)."""
    op = OPS.get(n.op)
    if op is None:
        return 0
    if n.op == "handshake.extmemory" and part.startswith("ld"):
        return read_cycles
    if op.storage is Storage.PIPELINED:
        return op.latency(n.params)
    return 1 if op.storage in (Storage.REGISTERED, Storage.MEMORY) else 0


def components(vertices: list, succ: dict) -> dict:
    """Vertex -> index of its strongly connected component (Tarjan, iterative); the indices are in
    reverse topological order of the condensation (a component's successors have smaller indices)."""
    index: dict = {}
    low: dict = {}
    comp: dict = {}
    stack: list = []
    on: set = set()
    counter = ncomp = 0
    for root in vertices:
        if root in index:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        work = [(root, iter(succ[root]))]
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(succ[w])))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp[x] = ncomp
                    if x == v:
                        break
                ncomp += 1
    return comp


def _upstream(g: DFG, nodes: list[str]) -> set[str]:
    """`nodes` and every node with a path to one of them."""
    todo, seen = list(nodes), set(nodes)
    while todo:
        for r in g.nodes[todo.pop()].inputs.values():
            if r is not None and r.node not in seen:
                seen.add(r.node)
                todo.append(r.node)
    return seen


def _enclosing_loop(g: DFG, loop: str) -> str | None:
    """The loop whose body holds loop `loop`, or None at the function's level: the first loop node found
    walking back from the inputs of `loop`'s own nodes, not through another loop's exit (a loop run
    before this one, not around it) nor through a memory (which every loop of the function may share)."""
    todo = [r for n in g.nodes.values() if n.meta.get("loop") == loop for r in n.inputs.values() if r is not None]
    seen: set[str] = set()
    while todo:
        r = todo.pop()
        m = g.nodes[r.node]
        if r.node in seen or loop_exit(g, r) or m.op in MEMORIES:
            continue
        seen.add(r.node)
        if "loop" not in m.meta:
            todo.extend(x for x in m.inputs.values() if x is not None)
        elif m.meta["loop"] != loop:
            return m.meta["loop"]
    return None


def slack_fifos(g: DFG) -> list[tuple[str, str, int]]:
    """(consumer node, input port, FIFO slots) for every channel that needs slack (see the module
    docstring). `g` is materialised: every output has one consumer."""
    vertices: list[tuple[str, str]] = []
    succ: dict[tuple[str, str], list[tuple[str, str]]] = {}
    edges: list[tuple[tuple[str, str], tuple[str, str], str]] = []  # (producer, consumer, consumer port)
    exits: set[tuple[str, str]] = set()  # (consumer, port) of the channels that leave a nested loop
    nested = {lp for lp in {n.meta["loop"] for n in g.nodes.values() if "loop" in n.meta}
              if _enclosing_loop(g, lp) is not None}
    for n in g.nodes.values():
        for p in [*n.inputs, *n.out_types]:
            v = (n.id, part(n.op, p))
            if v not in succ:
                succ[v] = []
                vertices.append(v)
    for n in g.nodes.values():
        for p, r in n.inputs.items():
            if r is not None:
                src, dst = (r.node, part(g.nodes[r.node].op, r.port)), (n.id, part(n.op, p))
                succ[src].append(dst)
                edges.append((src, dst, p))
                if loop_exit(g, r) and g.nodes[r.node].meta["loop"] in nested:
                    exits.add((n.id, p))
    comp = components(vertices, succ)
    ncomp = len(set(comp.values()))
    members: dict[int, list[tuple[str, str]]] = {k: [] for k in range(ncomp)}
    for v, k in comp.items():
        members[k].append(v)
    into: dict[int, list] = {k: [] for k in range(ncomp)}
    for e in edges:
        if comp[e[0]] != comp[e[1]]:
            into[comp[e[1]]].append(e)
    ready: dict[int, int] = {}  # the cycle a component's latest outside input arrives
    out_time: dict[tuple[str, str], int] = {}
    # of those cycles, the ones spent in pipelined units (float arithmetic, muli, div, rem), on the path that
    # sets them
    unit_ready: dict[int, int] = {}
    unit_time: dict[tuple[str, str], int] = {}
    arrival: dict = {}
    for k in range(ncomp - 1, -1, -1):  # producers first
        for e in into[k]:
            arrival[e] = out_time[e[0]]
        ready[k] = max((arrival[e] for e in into[k]), default=0)
        unit_ready[k] = max((unit_time[e[0]] for e in into[k] if arrival[e] == ready[k]), default=0)
        for v in members[k]:
            n = g.nodes[v[0]]
            out_time[v] = ready[k] + stage_latency(n, v[1])
            unit_time[v] = unit_ready[k] + (stage_latency(n, v[1]) if n.op in PIPELINED else 0)
    serial = feeding_ordered_accesses(g)
    looping = _upstream(g, [nid for nid, n in g.nodes.items() if n.op.startswith("dataflow.")])
    cuts = []
    for k in range(ncomp):
        after_loop = any((e[1][0], e[2]) in exits for e in into[k])
        for e in into[k]:
            s = ready[k] - arrival[e]
            if s > 0 and (after_loop or e[1][0] not in serial) and e[1][0] in looping:
                cap = MAX_SLACK + max(0, unit_ready[k] - unit_time[e[0]])
                cuts.append((e[1][0], e[2], min(s + 1, cap)))
    return sorted(cuts)


def add_slack(g: DFG) -> None:
    """Put the FIFOs of `slack_fifos` into `g` (role `slack`)."""
    for nid, port, slots in slack_fifos(g):
        n = g.nodes[nid]
        ref = n.inputs[port]
        ty = g.out_type(ref)
        f = g.add("handshake.fifo", {"in": ty}, {"out": ty}, n.loc, {"width": ty.width, "depth": slots},
                  {"in": ref}, meta={"role": "slack"})
        n.inputs[port] = Ref(f.id, "out")
