"""Timing-driven buffering: register slices where a lowered circuit's combinational paths exceed the clock
period (`dfv lower --target-mhz`, issue 26).

A generated circuit is a chain of primitives whose valid, data and ready pass through them in the same
cycle: fork -> join -> arith -> cond_br -> ..., forward for valid and data, backward for ready. The delay of
every such arc of every module is in the kit's delay table (`dfv.timing.netdelay`, characterised with Yosys
by `dfv timing --characterise`), with one routing delay per net; a register inside a module launches its
outputs at its clock-to-q and captures its inputs at its setup time; where a path passes from one module to
the next out of logic it saves `merge_ns` (synthesis of the whole circuit merges the LUTs on either side of the
boundary; fitted to nextpnr, docs/timing.md "The delay model"), and nothing out of a register or a pass-through
(`merge_credit`); every wire into a module (or the function's registers) costs `hop_ns`, the routing between two
modules' placement sites that the characterisation of each module alone does not see. Over a lowered graph
that gives a timing graph (vertices: a node's `<port>_valid/_data/_ready`; edges: the modules' arcs and the
channels' wires) whose longest path is the circuit's clock period as the model sees it.

A register slice (`handshake.buffer`, two slots, which cuts valid, data and ready: nothing passes it in the
same cycle) on a channel cuts the three wires of the channel. Which channels get one is a mixed-integer
program in the form of Dynamatic's timing-driven buffer placement (FPL'22), solved with HiGHS: an arrival
time per vertex; a binary per channel; every launch, capture, arc and uncut wire constrains the arrivals, a
slice's launch and capture only where it is placed (big-M terms from bounds on each arrival, so the program
holds exactly when `longest_path` is within the period: an arrival may be negative, a path saving more
`merge_ns` than it spends, or above the period where no capture follows); the cost of a slice is one, plus
`RECURRENCE_COST` on a channel of a cycle (a loop's recurrence, whose every added register can cost a cycle
per iteration), plus a little per data bit (area). The slices chosen are put in the graph before the slack
pass (`dfv.lowering.slack`), which balances the latency they add, so a pipelined loop keeps its rate unless a
slice had to go on its recurrence; `recurrence_bound` reports each loop's bound after.

A path that lies inside one operation (its own registers', or from a slice through it to a slice) no slice
shortens: where the model puts one above the period, the program holds every path ending there to the
operation's own arrival instead, every other path is brought within the period, and the plan names the
operations (`TimingPlan.beyond`). So a target is never refused: the model's figure for a large operation alone
runs above what nextpnr places (arith_mulf f32: 9.6 ns against 6.4), and a refusal on it kept every other path
of the circuit at that operation's length. The solver runs within `SOLVE_SECONDS` and says so if it runs over.
"""

from __future__ import annotations

import copy
import dataclasses
import math
import os
import re
from dataclasses import dataclass, field

from dfv.golden.catalogue import WIRING_IN, WIRING_OUT, spec
from dfv.lowering.dfg import DFG, Ref
from dfv.lowering.errors import LoweringError
from dfv.lowering.recurrence import CARRIES, recurrence_bound
from dfv.lowering.slack import EXTMEMORY_READ_CYCLES, components
from dfv.lowering.timing_plan import (
    BEST_LADDER,
    BEST_MARGIN,
    Channel,
    ClockGoal,
    ClockTarget,
    ClockTry,
    PathReport,
    TimingPlan,
    Vertex,
)
from dfv.lowering.topgen import port_base
from dfv.timing.netdelay import LAUNCH, DelayTable, ModuleArcs, load_table

#: the slice: an opaque two-slot buffer (registers both ways)
SLICE_OP = "handshake.buffer"
#: the weight of a slice on a channel of a cycle, against one for any other channel
RECURRENCE_COST = 100.0
#: the weight of one data bit of a slice (its flip-flops), to break ties toward narrow channels
BIT_COST = 0.001
#: the bound of one solve
SOLVE_SECONDS = 60.0
#: a difference of delays below this is rounding (a big-M this small is no constraint)
EPS_NS = 1e-6
#: a register of the environment (the function's ports are registered around it): its clock-to-q
TOP_LAUNCH_NS = LAUNCH["TRELLIS_FF"]["Q"]


@dataclass
class TimingGraph:
    """Arcs (u, v, ns) inside the operations; per channel its wires (u, v) and the vertex sides they join;
    when each vertex is launched after the clock and how long before it each must arrive."""

    arcs: list[tuple[Vertex, Vertex, float]] = field(default_factory=list)
    wires: dict[Channel, list[tuple[Vertex, Vertex, str]]] = field(default_factory=dict)  # (u, v, signal)
    launch: dict[Vertex, float] = field(default_factory=dict)
    capture: dict[Vertex, float] = field(default_factory=dict)
    width: dict[Channel, int] = field(default_factory=dict)
    internal: dict[str, float] = field(default_factory=dict)  # node -> its longest path between its own registers
    # what a wire from this vertex saves (`merge_ns` where logic drives it, module docstring); absent: nothing
    credit: dict[Vertex, float] = field(default_factory=dict)
    # what a wire into this vertex costs (`hop_ns` into a module or the function's registers); absent: nothing
    hop: dict[Vertex, float] = field(default_factory=dict)

    def wire_ns(self, u: Vertex, v: Vertex) -> float:
        """The delay of the uncut wire from `u` to `v`: its hop less what it saves."""
        return self.hop.get(v, 0.0) - self.credit.get(u, 0.0)

    def vertices(self) -> set[Vertex]:
        out = set(self.launch) | set(self.capture)
        for u, v, _ in self.arcs:
            out |= {u, v}
        for ws in self.wires.values():
            for u, v, _ in ws:
                out |= {u, v}
        return out


def _int_params(params: dict[str, str]) -> dict[str, int]:
    return {k: int(v) for k, v in params.items() if re.fullmatch(r"-?\d+", str(v))}


def node_arcs(g: DFG, nid: str, table: DelayTable) -> ModuleArcs:
    """The port timing of node `nid`'s module from the table; wiring (no module) passes valid and data forward
    and ready back at no delay."""
    n = g.nodes[nid]
    op = spec(n.op)
    if not op.wiring:
        module = op.module_for(n.params)
        arcs = table.arcs(module, _int_params(op.rtl_params(n.params)))
        if arcs is None:
            raise ValueError(f"internal: the delay table has no {module} (dfv timing --characterise)")
        return arcs
    a, b = WIRING_IN, WIRING_OUT
    return ModuleArcs({(f"{a}_valid", f"{b}_valid"): 0.0, (f"{a}_data", f"{b}_data"): 0.0,
                       (f"{b}_ready", f"{a}_ready"): 0.0}, {}, {})


def timing_graph(g: DFG, table: DelayTable) -> TimingGraph:
    """The timing graph of `g` (after forks and sinks: every output feeds one input)."""
    tg = TimingGraph()
    on_channel: set[Vertex] = set()
    for n in g.nodes.values():
        for p, r in n.inputs.items():
            if r is None:
                continue
            a, b = port_base(r.port), port_base(p)
            ws = [((r.node, f"{a}_valid"), (n.id, f"{b}_valid"), "valid"),
                  ((n.id, f"{b}_ready"), (r.node, f"{a}_ready"), "ready")]
            width = g.out_type(r).width
            if width:
                ws.append(((r.node, f"{a}_data"), (n.id, f"{b}_data"), "data"))
            tg.wires[(n.id, p)] = ws
            tg.width[(n.id, p)] = width
            for u, v, _ in ws:
                on_channel |= {u, v}
                # a wiring operation (no module) is no placement site: its wires are one with its neighbours'
                op = g.nodes[v[0]].op
                if op.startswith("func.") or not spec(op).wiring:
                    tg.hop[v] = table.hop_ns
    for n in g.nodes.values():
        if n.op.startswith("func."):
            # the function's ports: registers of the environment (a wrapper's, a testbench's)
            for p in map(port_base, n.in_types):
                tg.capture[(n.id, f"{p}_valid")] = tg.capture[(n.id, f"{p}_data")] = table.route_ns
                tg.launch[(n.id, f"{p}_ready")] = TOP_LAUNCH_NS
            for p in map(port_base, n.out_types):
                tg.launch[(n.id, f"{p}_valid")] = tg.launch[(n.id, f"{p}_data")] = TOP_LAUNCH_NS
                tg.capture[(n.id, f"{p}_ready")] = table.route_ns
            continue
        m = node_arcs(g, n.id, table)
        tg.internal[n.id] = m.internal
        for (a, b), ns in m.arcs.items():
            tg.arcs.append(((n.id, a), (n.id, b), ns))
        for b, ns in m.launch.items():
            tg.launch[(n.id, b)] = ns
        for a, ns in m.capture.items():
            tg.capture[(n.id, a)] = ns
        # a port of the module that no channel joins faces the function's ports (a memory interface's
        # requests and responses): launched or captured by the environment's registers
        for (a, b), _ in m.arcs.items():
            if (n.id, a) not in on_channel:
                tg.launch.setdefault((n.id, a), TOP_LAUNCH_NS)
            if (n.id, b) not in on_channel:
                tg.capture.setdefault((n.id, b), table.route_ns)
    tg.credit = merge_credit(tg, table)
    return tg


def merge_credit(tg: TimingGraph, table: DelayTable) -> dict[Vertex, float]:
    """Per vertex that drives a wire, what the wire saves: `merge_ns` where every way to the vertex ends in logic
    of its module (its last LUT merges with the consumer's first), nothing where a register drives it directly
    (a clock-to-q launch alone) or a pass-through does (a fork's or a branch's data: a wire inside the module,
    arc 0), whose LUT, if any, is the previous module's and was credited on the wire before it. Crediting those
    too took two merges off a register -> fork -> compare chain that has no LUT to merge (`sum` at a 64-bit
    index: the entry test's path, 2.3 ns by the model, 4.5 by nextpnr)."""
    into: dict[Vertex, list[float]] = {}
    for _, v, ns in tg.arcs:
        into.setdefault(v, []).append(ns)
    drivers = {u for ws in tg.wires.values() for u, _, _ in ws}
    out = {}
    for u in drivers:
        arcs = into.get(u, [])
        launch = tg.launch.get(u)
        if (arcs or launch is not None) and all(ns > EPS_NS for ns in arcs) \
                and (launch is None or launch > TOP_LAUNCH_NS + EPS_NS):
            out[u] = table.merge_ns
    return out


def _slice_arcs(table: DelayTable, width: int) -> ModuleArcs:
    module = spec(SLICE_OP).module_for({"width": width})
    arcs = table.arcs(module, {"W": width} if width else {})
    if arcs is None or arcs.arcs:
        raise ValueError(f"internal: the delay table has no {module}, or a path through it")
    return arcs


def _slice_ends(table: DelayTable, width: int) -> dict[str, tuple[float, float]]:
    """Per wire signal, (capture on the producer side, launch on the consumer side) of a slice."""
    s = _slice_arcs(table, width)
    out = {"valid": (s.capture.get("in_valid", 0.0), s.launch.get("out_valid", 0.0)),
           "ready": (s.capture.get("out_ready", 0.0), s.launch.get("in_ready", 0.0))}
    if width:
        out["data"] = (s.capture.get("in_data", 0.0), s.launch.get("out_data", 0.0))
    return out


def _slice_wires(tg: TimingGraph, table: DelayTable, c: Channel) -> list[tuple[Vertex, Vertex, float, float]]:
    """Per wire (u, v) of channel `c` with a slice on it: the capture the slice puts on `u` and the launch it puts
    on `v`."""
    ends = _slice_ends(table, tg.width[c])
    return [(u, v, *ends[sig]) for u, v, sig in tg.wires[c]]


def _successors(tg: TimingGraph, cut: set[Channel]) -> dict[Vertex, list[tuple[Vertex, float]]]:
    """The edges of `tg` (vertex -> (vertex, ns)) with a slice on every channel of `cut`: the modules' arcs and
    the wires of the other channels."""
    succ: dict[Vertex, list[tuple[Vertex, float]]] = {}
    for u, v, ns in tg.arcs:
        succ.setdefault(u, []).append((v, ns))
    for c, ws in tg.wires.items():
        if c not in cut:
            for u, v, _ in ws:
                succ.setdefault(u, []).append((v, tg.wire_ns(u, v)))
    return succ


def arrivals(tg: TimingGraph, table: DelayTable, cut: set[Channel]) \
        -> tuple[dict[Vertex, float], dict[Vertex, Vertex], dict[Vertex, float]]:
    """With a slice on every channel of `cut`: each vertex's latest arrival, the vertex it came from (absent at a
    launch), and every capture (the slices' with the modules')."""
    launch = dict(tg.launch)
    capture = dict(tg.capture)
    for c in cut:
        for u, v, cap, lau in _slice_wires(tg, table, c):
            capture[u] = max(capture.get(u, 0.0), cap)
            launch[v] = max(launch.get(v, 0.0), lau)
    succ = _successors(tg, cut)
    at: dict[Vertex, float] = {}
    prev: dict[Vertex, Vertex] = {}
    for v in _topological(tg.vertices(), succ):
        if v in launch and at.get(v, -math.inf) < launch[v]:
            at[v] = launch[v]
            prev.pop(v, None)
        if v not in at:
            continue
        for w, ns in succ.get(v, ()):
            if at.get(w, -math.inf) < at[v] + ns:
                at[w] = at[v] + ns
                prev[w] = v
    return at, prev, capture


def longest_path(tg: TimingGraph, table: DelayTable, cut: set[Channel]) -> PathReport:
    """The longest register-to-register path of `tg` with a slice on every channel of `cut`."""
    return _longest(tg, *arrivals(tg, table, cut))


def _longest(tg: TimingGraph, at: dict[Vertex, float], prev: dict[Vertex, Vertex],
             capture: dict[Vertex, float]) -> PathReport:
    """The longest path of `tg` given its `arrivals`, or a module's own register-to-register path if longer."""
    best, end = 0.0, None
    for v, cap in capture.items():
        if v in at and at[v] + cap > best:
            best, end = at[v] + cap, v
    path = []
    while end is not None:
        path.append(end)
        end = prev.get(end)
    inside = max(tg.internal.items(), key=lambda kv: (kv[1], kv[0]), default=("", 0.0))
    if inside[1] > best:  # a module's own register-to-register path is the longest
        return PathReport(inside[1], ((inside[0], "internal"),))
    return PathReport(best, tuple(reversed(path)))


def own_paths(tg: TimingGraph, table: DelayTable) -> tuple[dict[Vertex, float], dict[str, float], PathReport]:
    """What no slice shortens: with a slice on every channel, each vertex's arrival (every path then lies in
    one operation), per node its longest path (its own registers' or from slice to slice through it), and the
    longest of them all (the circuit's floor)."""
    at, prev, capture = arrivals(tg, table, set(tg.wires))
    own = dict(tg.internal)
    for v, cap in capture.items():
        if v in at:
            own[v[0]] = max(own.get(v[0], 0.0), at[v] + cap)
    return at, own, _longest(tg, at, prev, capture)


def _topological(vertices: set[Vertex], succ: dict[Vertex, list[tuple[Vertex, float]]]) -> list[Vertex]:
    indeg = dict.fromkeys(vertices, 0)
    for u in succ:
        for v, _ in succ[u]:
            indeg[v] += 1
    ready = sorted(v for v, d in indeg.items() if d == 0)
    order = []
    while ready:
        u = ready.pop()
        order.append(u)
        for v, _ in succ.get(u, ()):
            indeg[v] -= 1
            if indeg[v] == 0:
                ready.append(v)
    if len(order) != len(indeg):
        left = sorted(v for v, d in indeg.items() if d)
        raise ValueError(f"internal: a combinational cycle in the timing graph of a lowered circuit, through "
                         f"{', '.join(f'{n}.{p}' for n, p in left[:8])}")
    return order


def _arrival_bounds(tg: TimingGraph, table: DelayTable) -> tuple[dict[Vertex, float], dict[Vertex, float]]:
    """Per vertex, bounds (lo, hi) within which the program of `place_slices` can put its arrival time for any
    set of slices that `longest_path` finds within the period. Every such arrival is the length of a path from a
    launch, over edges and launches that all exist when every wire is kept and every channel could launch a
    slice: hi is the longest such path, lo at most the shortest. A vertex no launch reaches takes lo, which is
    also at most each successor's lo less the edge, so its arcs hold, and at most 0, so any capture it has holds."""
    succ = _successors(tg, set())
    launch = dict(tg.launch)
    for c in tg.wires:
        for _, v, _, lau in _slice_wires(tg, table, c):
            launch[v] = max(launch.get(v, 0.0), lau)
    order = _topological(tg.vertices(), succ)
    low: dict[Vertex, float] = {}
    high: dict[Vertex, float] = {}
    for v in order:
        if v in launch:
            low[v] = min(low.get(v, math.inf), launch[v])
            high[v] = max(high.get(v, -math.inf), launch[v])
        if v in low:
            for w, ns in succ.get(v, ()):
                low[w] = min(low.get(w, math.inf), low[v] + ns)
                high[w] = max(high.get(w, -math.inf), high[v] + ns)
    lo: dict[Vertex, float] = {}
    for u in reversed(order):
        lo[u] = min([low.get(u, 0.0), 0.0] + [lo[w] - ns for w, ns in succ.get(u, ())])
    return lo, {v: max(high.get(v, lo[v]), lo[v]) for v in order}


def node_components(g: DFG) -> dict[str, int]:
    """Node -> its strongly connected component in `g`."""
    succ: dict[str, list[str]] = {nid: [] for nid in g.nodes}
    for n in g.nodes.values():
        for r in n.inputs.values():
            if r is not None:
                succ[r.node].append(n.id)
    return components(list(g.nodes), succ)


def cyclic_channels(g: DFG) -> set[Channel]:
    """The channels inside a strongly connected component of `g` (on some cycle: a loop's recurrence)."""
    comp = node_components(g)
    return {(n.id, p) for n in g.nodes.values() for p, r in n.inputs.items()
            if r is not None and comp[r.node] == comp[n.id]}


def _highs():
    """A silent HiGHS instance bounded by SOLVE_SECONDS. Imported here: loading HiGHS is paid only by a lowering
    with a clock target. Its constructor prints a banner on the process's stdout (where `dfv run --json`
    prints its result), so stdout is closed while it runs."""
    import highspy

    saved, null = os.dup(1), os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 1)
        h = highspy.Highs()
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(null)
    h.setOptionValue("output_flag", False)
    h.setOptionValue("time_limit", SOLVE_SECONDS)
    # every slice costs at least 1: an incumbent within 0.5 of the bound has the fewest slices there are
    h.setOptionValue("mip_abs_gap", 0.5)
    return h


def place_slices(g: DFG, tg: TimingGraph, table: DelayTable, period_ns: float,
                 own_at: dict[Vertex, float]) -> set[Channel]:
    """The cheapest set of channels whose slices bring every path of `tg` within `period_ns` or, where a path
    ends in an operation whose own path to that vertex (`own_at`, from `own_paths`) is longer, within that
    (the mixed-integer program of the module docstring; a slice on every channel always holds). Raises
    LoweringError when the solver runs over its bound."""
    h = _highs()
    lo, hi = _arrival_bounds(tg, table)
    t = {v: h.addVariable(lb=lo[v], ub=hi[v]) for v in sorted(tg.vertices())}
    cyclic = cyclic_channels(g)
    r = {c: h.addBinary() for c in sorted(tg.wires)}
    for v, ns in tg.launch.items():
        h.addConstr(t[v] >= ns)

    def limit(v: Vertex, cap: float) -> float:
        # the latest arrival at v: within the period, or no later than its operation alone makes it; a vertex
        # that no launch reaches with a slice on every channel no launch reaches at all: no path ends there
        return max(period_ns - cap, own_at[v]) if v in own_at else math.inf

    for v, ns in tg.capture.items():
        lim = limit(v, ns)
        if lim < math.inf:
            h.addConstr(t[v] <= lim)
    for u, v, ns in tg.arcs:
        h.addConstr(t[v] - t[u] >= ns)
    for c in tg.wires:
        for u, v, cap, lau in _slice_wires(tg, table, c):
            # uncut: the wire's edge; cut: the slice captures u and launches v (each void where r is 0; a
            # constraint whose big-M is not positive holds within the bounds already, and HiGHS refuses the
            # coefficients of rounding noise)
            wire = tg.wire_ns(u, v)
            m_wire = hi[u] - lo[v] + wire
            if m_wire > EPS_NS:
                h.addConstr(t[v] - t[u] + m_wire * r[c] >= wire)
            lim = limit(u, cap)
            m_cap = hi[u] - lim
            if m_cap > EPS_NS:
                h.addConstr(t[u] + m_cap * r[c] <= lim + m_cap)
            m_lau = lau - lo[v]
            if m_lau > EPS_NS:
                h.addConstr(t[v] - m_lau * r[c] >= lau - m_lau)
    h.minimize(sum((1.0 + (RECURRENCE_COST if c in cyclic else 0.0) + BIT_COST * tg.width[c]) * r[c]
                   for c in r))
    status = h.modelStatusToString(h.getModelStatus())
    if status == "Infeasible":  # a slice on every channel meets every limit: the bounds or the program are wrong
        raise ValueError(f"internal: buffer placement for a {period_ns:.3f} ns clock period found no placement, "
                         "not even a slice on every channel")
    if h.getInfo().primal_solution_status != 2:  # no feasible solution found in time
        raise LoweringError(f"buffer placement for a {period_ns:.3f} ns clock period ran over its "
                            f"{SOLVE_SECONDS:g} s bound (HiGHS: {status})",
                            next(iter(g.nodes.values())).loc)
    return {c for c, x in r.items() if h.val(x) > 0.5}


def buffer_for_timing(g: DFG, target: ClockTarget, table: DelayTable | None = None) -> TimingPlan:
    """Put register slices into `g` (forks and sinks materialised, channels not yet built) so the model's
    longest path fits a `target` clock in MHz (infinity: the fastest its operations allow; `ClockGoal.BEST`: the
    candidate of `best_clock`), at the least cost (module docstring). A path inside one operation that the model
    puts above the period (no slice shortens it) is not refused: every other path is brought within the period,
    and the plan names those operations (the model's own paths of large operations run above nextpnr's:
    docs/timing.md)."""
    table = table or load_table()
    if target is ClockGoal.BEST:
        return best_clock(g, table)
    return _buffer(g, target, table)


def best_clock(g: DFG, table: DelayTable) -> TimingPlan:
    """Buffer `g` for the candidate clock (no slices, a clock of `BEST_LADDER`) at which the model's time of one
    iteration of its slowest loop (the largest recurrence bound times the model's period) is least (on a tie the
    higher clock), if the model puts it `BEST_MARGIN` times shorter than the top clock's; else for the top clock
    (the candidates nearer than that placed slower as often as faster: docs/timing.md). A slice on a loop's
    recurrence buys a shorter period with a cycle per iteration, and on a while loop whose recurrence is a chain
    of handshake primitives the cycles cost more than the clock gains. A clock the circuit meets without slices
    is no slices and is not weighed. Clocks above the model's clock with a slice on every channel are: the model
    gives each that clock (an operation's own path), but the slices cut every other path to the clock asked for,
    and nextpnr places those circuits faster than the one cut to the model's clock (`max`, which is not weighed:
    bicg 74.1 MHz at `max`, 104.6 at 150). Without a loop only the top clock is weighed. The plan lists every
    candidate weighed."""
    tg = timing_graph(g, table)
    before = longest_path(tg, table, set())
    base = {lid: recurrence_bound(g, {lid}, EXTMEMORY_READ_CYCLES) for lid in sorted(g.loops)}
    tries = [ClockTry(None, before.mhz, _slowest(base))]
    plans: dict[float, TimingPlan] = {}
    # with no loop, an iteration is one pass and its time the period: a lower clock would win only with a circuit
    # BEST_MARGIN times shorter than the top clock's, which a placement cut to its own longer period does not
    # give, so only the top clock is weighed (a handshake program's loops are unknown to the model: CIRCT's)
    ladder = BEST_LADDER if tries[0].bound is not None else BEST_LADDER[-1:]
    for mhz in ladder:
        if mhz > before.mhz:
            plans[mhz], bounds = _place(copy.deepcopy(g), mhz, table, base)
            tries.append(ClockTry(mhz, plans[mhz].after.mhz, _slowest(bounds)))
    least = min(t.iteration_ns for t in tries)
    best = [t for t in tries if t.iteration_ns <= least * (1 + 1e-9)][-1]  # the last of equals: the higher clock
    if best.iteration_ns * BEST_MARGIN > tries[-1].iteration_ns:
        best = tries[-1]  # not shorter by more than the model errs: the top clock
    if best.target_mhz is None:
        return TimingPlan(None, before, own_paths(tg, table)[2], before, (), 0, (), (), tuple(tries))
    plan = plans[best.target_mhz]
    _insert_slices(g, plan.cut)  # the circuit the trial on a copy of `g` was
    return dataclasses.replace(plan, tries=tuple(tries))


def _slowest(bounds: dict[str, float | None]) -> float | None:
    """The largest of loops' recurrence bounds (None when no loop carries anything)."""
    return max((b for b in bounds.values() if b is not None), default=None)


def _buffer(g: DFG, target_mhz: float, table: DelayTable) -> TimingPlan:
    """`buffer_for_timing` for a clock in MHz."""
    return _place(g, target_mhz, table, None)[0]


def _place(g: DFG, target_mhz: float, table: DelayTable,
           base: dict[str, float | None] | None) -> tuple[TimingPlan, dict[str, float | None]]:
    """Buffer `g` for a clock in MHz; the plan and, when `base` holds the recurrence bound of every loop of `g`
    before, the bound of every loop after (only those of the loops a slice slowed are computed again)."""
    tg = timing_graph(g, table)
    before = longest_path(tg, table, set())
    own_at, own, floor = own_paths(tg, table)
    # `max`: the better of no slices and a slice everywhere (a slice also adds its own setup and clock-to-q, so
    # a circuit whose longest path is inside one operation can be fastest without any)
    period = min(before.ns, floor.ns) * (1 + 1e-9) if math.isinf(target_mhz) else 1000.0 / target_mhz
    cut = set() if before.ns <= period else place_slices(g, tg, table, period, own_at)
    # with no slice needed, nothing is cut to the period and no operation stands above it
    beyond = tuple((g.origin_op(nid), ns) for nid, ns in sorted(own.items(), key=lambda kv: (-kv[1], kv[0]))
                   if ns > period) if cut else ()
    after = longest_path(tg, table, cut)
    # a loop's recurrence bound can change only when a slice lands in the component of its carries
    comp = node_components(g)
    cyclic = cyclic_channels(g)
    touched = {comp[nid] for nid, _ in cut & cyclic}
    carries = {nid: n.meta.get("loop") for nid, n in g.nodes.items() if n.op in CARRIES}
    slowed = {lid for nid, lid in carries.items() if lid is not None and comp[nid] in touched}
    bounds_before = {lid: base[lid] if base is not None else recurrence_bound(g, {lid}, EXTMEMORY_READ_CYCLES)
                     for lid in sorted(slowed)}
    _insert_slices(g, cut)
    bounds = dict(base or {}) | {lid: recurrence_bound(g, {lid}, EXTMEMORY_READ_CYCLES) for lid in sorted(slowed)}
    loops = tuple((g.loops[lid]["loc"], bounds_before[lid], bounds[lid]) for lid in sorted(slowed))
    plan = TimingPlan(target_mhz, before, floor, after, tuple(sorted(cut)), len(cut & cyclic), loops, beyond)
    return plan, bounds


def _insert_slices(g: DFG, cut: set[Channel] | tuple[Channel, ...]) -> None:
    """A register slice on each channel of `cut`."""
    for nid, port in sorted(cut):
        n = g.nodes[nid]
        ref: Ref = n.inputs[port]
        ty = g.out_type(ref)
        b = g.add(SLICE_OP, {"in": ty}, {"out": ty}, n.loc, {"width": ty.width, "slots": 2}, {"in": ref},
                  meta={"role": "timing"})
        n.inputs[port] = Ref(b.id, "out")
