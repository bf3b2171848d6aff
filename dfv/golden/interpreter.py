"""Run a lowered DFG on the golden machines until it is quiescent, bounded or unbounded.

Every node becomes the golden machine of its operation (`dfv.golden.catalogue.make_machine(op, **params)`),
every channel one deque shared by the producer's output queue and the consumer's input queue. In
`Mode.UNBOUNDED` a channel holds any number of tokens (the pure token semantics); in `Mode.BOUNDED`
it holds what the generated RTL top gives it (`dfv.golden.bounded`), so a circuit that deadlocks in
hardware because of finite capacity deadlocks here too.

The function interface nodes are handled here: `func.start` holds one control token, `func.arg` one
token with the argument value, `func.result` / `func.done` collect what reaches them.
Memref arguments initialise the `contents` of their `handshake.extmemory`.

Control tokens are `None`. The dataflow machines (`carry`, `invariant`) only take data words, so a
control stream routed through them (spec 004's memory-control carries) is carried as the 1-bit word 0
and turned back into `None` on the way out.

`run_dfg` returns the results, the final contents of every memory, the tokens left in channels
(each with the channel, its producer and the MLIR operation it came from), the machines that are
not back in their initial state, the lowest error code raised, and per memory group the accesses in
the order the memory served them (`accesses`: `(we, addr, wdata)`, wdata 0 for loads, the same
triple an `extmemory` puts on `mem_req`). The run is deterministic (Kahn network): the firing order does not
change any stream.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from dfv.golden.bounded import BoundedRun, RunawayError
from dfv.golden.catalogue import make_machine
from dfv.golden.core import Machine, Stateless
from dfv.golden.loops import TripCounts, trip_counts
from dfv.golden.types import CONTROL, data_width
from dfv.golden.values import from_word, to_word

#: the loop-trip budget of one run, shared by the source interpreter (`dfv.lowering.trip_budget`, `dfv run
#: --max-trips`) and the golden run, so a program the source interpreter finishes never runs out here
DEFAULT_MAX_TRIPS = 1_000_000


@dataclass(frozen=True)
class Budget:
    """How far a golden run may go (`dfv.golden.loops`): a loop driver may fire `4 * (max_trips + 1)` times
    (each activation adds one element, so a legal run stays below half of it), a handshake program's loop
    makes a trip each time an exit keeps a token in it (all loops of a run share `max_trips` trips, as in
    the source interpreter), and any run may fire `len(nodes)` times `per_driver` in all."""

    max_trips: int = DEFAULT_MAX_TRIPS

    @property
    def per_driver(self) -> int:
        return 4 * (self.max_trips + 1)

    def total(self, g) -> int:
        return self.per_driver * max(1, len(g.nodes))


@dataclass
class Stranded:
    channel: str
    src: str
    dst: str
    count: int
    origin: str
    tokens: list

    def __str__(self) -> str:
        return (f"{self.count} token(s) {self.tokens[:4]} stranded in channel {self.channel} "
                f"({self.src} -> {self.dst}) from {self.origin}")


@dataclass(frozen=True)
class IdleState:
    """Where a circuit's initial tokens (FIFOs with `init`, CIRCT's `buffer {initValues}`) come to rest
    when nothing is given to it: tokens per channel, and the nodes not in their initial state. A
    circuit with initial tokens ends a run in this state, not in its reset state: a loop's initial
    condition token has moved on to wait at the loop's muxes for the next call, as after reset."""

    channels: dict[str, list]
    busy: frozenset[str]


@dataclass
class InterpResult:
    results: list[list[int | None]]
    memories: dict[str, list[int]]
    stranded: list[Stranded] = field(default_factory=list)
    busy: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    done: int = 0
    firings: int = 0
    error_code: int = 0
    accesses: dict[str, list[tuple[int, int, int]]] = field(default_factory=dict)
    watched: dict[str, list] = field(default_factory=dict)
    deadlock: str = ""
    idle: IdleState | None = None  # the end state expected instead of an empty one (initial tokens)
    busy_nodes: list[str] = field(default_factory=list)  # the node of each `busy` entry

    @property
    def clean(self) -> bool:
        return not self.deadlock and not self.stranded and not self.busy and not self.errors and self.done == 1 and all(
            len(r) == 1 for r in self.results)

    def problems(self) -> list[str]:
        out = [self.deadlock] if self.deadlock else []
        out += [str(s) for s in self.stranded]
        out += self.busy + self.errors
        if self.done != 1:
            out.append(f"done fired {self.done} times (expected 1)")
        for i, r in enumerate(self.results):
            if len(r) != 1:
                out.append(f"result {i} received {len(r)} tokens (expected 1)")
        return out


class _CtrlAdapter(Machine):
    """Wraps a data-only machine so control-typed ports carry `None` outside and 0 inside."""

    def __init__(self, inner: Machine, ctrl_in: list[str], ctrl_out: list[str]):
        self.inner, self.ctrl_in, self.ctrl_out = inner, ctrl_in, ctrl_out
        self.INPUTS, self.OUTPUTS = inner.INPUTS, inner.OUTPUTS
        self.error = 0

    def reset(self) -> None:
        self.inner.reset()

    def is_initial(self) -> bool:
        return self.inner.is_initial()

    def state_name(self) -> str:
        return self.inner.state_name()

    def fire(self, inq, outq) -> bool:
        for p in self.ctrl_in:
            q = inq[p]
            if q and q[0] is None:
                q[0] = 0
        before = {p: len(outq[p]) for p in self.ctrl_out}
        fired = self.inner.fire(inq, outq)
        for p in self.ctrl_out:
            q = outq[p]
            for i in range(before[p], len(q)):
                q[i] = None
        self.error = self.inner.error
        return fired


class _ExtrasAdapter(Stateless):
    """An arith machine on channels with extra signals (spec 003, specs README): it computes on the data
    bits; the result's extras are the bitwise OR of every operand's (`data` maps each port to its data
    width; the extras sit above it). The arith machines take one token per input per firing."""

    def __init__(self, inner: Machine, data: dict[str, int]):
        self.inner, self.data = inner, data
        self.INPUTS, self.OUTPUTS = inner.INPUTS, inner.OUTPUTS
        super().__init__()

    def fire(self, inq, outq) -> bool:
        if not all(inq[p] for p in self.INPUTS):
            return False
        heads = {p: inq[p].popleft() for p in self.INPUTS}
        extras = 0
        for p, word in heads.items():
            extras |= word >> self.data[p]
        data_in = {p: deque([word & ((1 << self.data[p]) - 1)]) for p, word in heads.items()}
        data_out = {p: deque() for p in self.OUTPUTS}
        if not self.inner.fire(data_in, data_out):
            for p, word in heads.items():
                inq[p].appendleft(word)
            return False
        for p, q in data_out.items():
            outq[p].extend(v | extras << self.data[p] for v in q)
        self.error = self.inner.error
        return True


class _Collector(Stateless):
    INPUTS = ("in",)
    OUTPUTS = ()

    def __init__(self) -> None:
        self.got: list = []
        super().__init__()

    def fire(self, inq, outq) -> bool:
        if not inq["in"]:
            return False
        self.got.append(inq["in"].popleft())
        return True


class _Emitter(Stateless):
    INPUTS = ()
    OUTPUTS = ("out",)

    def __init__(self, token) -> None:
        self.token = token
        super().__init__()

    def reset(self) -> None:
        super().reset()
        self.sent = False

    def fire(self, inq, outq) -> bool:
        if self.sent:
            return False
        self.sent = True
        outq["out"].append(self.token)
        return True


class _Passive(Stateless):
    """A memory without access ports (a memref argument the function never touches)."""

    INPUTS = ()
    OUTPUTS = ()

    def __init__(self, contents: list) -> None:
        self.contents = contents
        super().__init__()

    def fire(self, inq, outq) -> bool:
        return False


class _Silent(Stateless):
    """A function input that gives nothing (the idle run, `idle_state`)."""

    INPUTS = ()
    OUTPUTS = ("out",)

    def fire(self, inq, outq) -> bool:
        return False


def arg_words(g, args: dict[int, object]) -> dict[int, int | list[int]]:
    """Argument values (as an inputs file gives them: signed or raw integers, objects for extra signals)
    as the raw words of their hardware width, by position: a scalar's channel word, a memref's element
    words. The one place arguments are wrapped to their width (the golden run, the kernel environment's
    inputs and memory contents)."""
    words: dict[int, int | list[int]] = {}
    for a in g.args:
        v = args[a.position]
        if not a.scalar:
            et = a.elem_type
            words[a.position] = [to_word(et, x) for x in v]
        else:
            words[a.position] = to_word(a.type, v)
    return words


def word_args(g, words: dict[int, int | list[int]]) -> dict[int, object]:
    """Arguments given as raw words (what `arg_words` makes, what a testbench takes off a channel) in the
    form `run_dfg` takes them (`dfv.golden.values.from_word`): a float word and a float's value are both
    integers, so words must not be passed where values are read."""
    out: dict[int, object] = {}
    for a in g.args:
        if a.position in words:
            w = words[a.position]
            out[a.position] = [from_word(a.elem_type, x) for x in w] if not a.scalar else from_word(a.type, w)
    return out


def memref_extent(grp, args: dict[int, object]) -> int:
    """The elements of memory group `grp` a run reports: as many as its memref argument's value has (fewer than
    the memory holds when the memref has a dynamic size, `dfv.lowering.memref_args`), else the memory's size."""
    value = args.get(grp.position) if grp.position is not None else None
    return len(value) if isinstance(value, list) else grp.size


def _machine(g, node, args: dict[int, object], silent: bool = False) -> Machine:
    op, params = node.op, dict(node.params)
    if silent and op in ("func.start", "func.arg"):
        return _Silent()
    if op == "func.start":
        return _Emitter(None)
    if op == "func.arg":
        return _Emitter(args[node.params["position"]])
    if op in ("func.result", "func.done"):
        return _Collector()
    if op in ("handshake.memory", "handshake.extmemory"):
        pos = node.meta.get("position")
        image = list(args[pos]) if pos is not None else None
        if not (params.get("n_load") or params.get("n_store")):
            # a memref nobody accesses: no ports, the contents stay as given
            return _Passive(image if image is not None else [0] * node.meta.get("size", 0))
        if op == "handshake.extmemory" and image is not None:
            params["contents"] = image
            params["size"] = node.meta.get("size", len(image))  # the memref's elements: nothing beyond
    extras = params.pop("extras", 0)
    m = make_machine(op, **params)
    if extras:
        ports = {**node.in_types, **node.out_types}
        m = _ExtrasAdapter(m, {p: data_width(t) for p, t in ports.items()})
    if op.startswith("dataflow."):
        ci = [p for p, t in node.in_types.items() if t == CONTROL]
        co = [p for p, t in node.out_types.items() if t == CONTROL]
        if ci or co:
            m = _CtrlAdapter(m, ci, co)
    return m


class _Tap(deque):
    """A channel queue that counts the tokens put into it (a loop's trips, `dfv.golden.loops`) and, with
    `log`, also keeps them (`run_dfg(watch=...)`). A token taken back (`pop`: the bounded run undoing a
    firing whose output had no room) is not counted."""

    def __init__(self, log: bool) -> None:
        super().__init__()
        self.log: list | None = [] if log else None
        self.count = 0

    def append(self, x) -> None:
        self.count += 1
        if self.log is not None:
            self.log.append(x)
        super().append(x)

    def extend(self, xs) -> None:
        xs = list(xs)
        self.count += len(xs)
        if self.log is not None:
            self.log.extend(xs)
        super().extend(xs)

    def pop(self):
        self.count -= 1
        if self.log is not None:
            self.log.pop()
        return super().pop()


def _run_unbounded(g, machines: dict[str, Machine], inq, outq,
                   check: Callable[[str, dict[str, int], int], None]) -> int:
    """Fire every machine until none can, each channel an unbounded FIFO; return the firing count (`check`
    runs after every firing: the run's budget)."""
    consumer_of: dict[str, list[str]] = {nid: [] for nid in g.nodes}
    for c in g.channels:
        consumer_of[c.src.node].append(c.dst.node)
    fired = {nid: 0 for nid in g.nodes}
    work = deque(machines)
    queued = set(machines)
    firings = 0
    while work:
        nid = work.popleft()
        queued.discard(nid)
        m, iq, oq = machines[nid], inq[nid], outq[nid]
        any_fired = False
        while m.fire(iq, oq):
            any_fired = True
            firings += 1
            fired[nid] += 1
            check(nid, fired, firings)
        if any_fired:
            for succ in consumer_of[nid]:
                if succ not in queued:
                    queued.add(succ)
                    work.append(succ)
    return firings


def _record_accesses(m: Machine, trace: list) -> None:
    """Log every access a memory machine serves, in service order, as (we, addr, wdata)."""
    read, write = m._read, m._write

    def logged_read(addr: int) -> int:
        trace.append((0, addr, 0))
        return read(addr)

    def logged_write(addr: int, data: int) -> None:
        trace.append((1, addr, data))
        write(addr, data)

    m._read, m._write = logged_read, logged_write


class Mode(Enum):
    """How much a channel holds: `bounded` as in the generated RTL top (dfv.golden.bounded), `unbounded`
    without limit (the pure token semantics, blind to deadlocks that come from finite capacity)."""

    BOUNDED = "bounded"
    UNBOUNDED = "unbounded"


def _runaway_check(g, budget: Budget, counts: TripCounts,
                   queues: dict[str, deque]) -> Callable[[str, dict[str, int], int], None]:
    """A check after each firing: RunawayError when a loop (`counts`, `dfv.golden.loops`) or the whole run is
    past `budget`, naming the loop. `queues` are the run's channels (a loop's trip channel is a `_Tap`)."""
    drivers, trips = counts.drivers, {nid: queues[cid] for nid, cid in counts.channels.items()}
    per_driver, total, max_trips = budget.per_driver, budget.total(g), budget.max_trips

    def loop_of(nid: str) -> str:
        head = counts.loop.get(nid, nid)
        return g.origin_op(head) if head == nid else f"the loop through {g.origin_op(head)}"

    def check(nid: str, fired: dict[str, int], firings: int) -> None:
        if nid in trips and sum(q.count for q in trips.values()) > max_trips:
            raise RunawayError(f"the golden run went past its budget of {max_trips} loop trips: {loop_of(nid)} "
                               f"does not finish ({g.origin_op(nid)} kept a token in it {trips[nid].count} times, "
                               "once per trip; raise the budget with --max-trips if it is meant to run that long)")
        if (nid in drivers and fired[nid] > per_driver) or firings > total:
            loops = [d for d in drivers if fired[d]] or list(fired)
            top = max(loops, key=lambda d: fired[d])
            raise RunawayError(f"the golden run went past its budget of {max_trips} loop trips: "
                               f"{loop_of(top)} ran away ({g.nodes[top].op} {top} fired {fired[top]} times)")

    return check


def has_initial_tokens(g) -> bool:
    return any(n.params.get("init") for n in g.nodes.values())


def idle_state(g, args: dict[int, object], budget: Budget = Budget(), mode: Mode = Mode.UNBOUNDED) -> IdleState:
    """The state `g` settles in from reset with no start token and no argument (see `IdleState`); `args`
    as for `run_dfg` (a memref's contents are there before the start)."""
    res = _execute(g, arg_words(g, args), budget, mode, (), silent=True)
    return IdleState({s.channel: list(s.tokens) for s in res.stranded}, frozenset(res.busy_nodes))


def run_dfg(g, args: dict[int, object], budget: Budget = Budget(), mode: Mode = Mode.UNBOUNDED,
            watch: tuple[str, ...] = ()) -> InterpResult:
    """Run `g` with `args` (position -> integer for scalars, list of integers for memrefs; each value,
    signed or raw, is wrapped to the width of its port here, so callers pass argument values as given).

    `mode` chooses the channel capacities (`Mode`); a bounded run that stops before the function is
    done reports the deadlock with every channel holding a token (`InterpResult.deadlock`).
    `watch` names channels whose every token is logged in the result's `watched` (for example a
    loop's condition stream, to count its iterations). A run past its `budget` raises `RunawayError`
    naming the loop that ran away.

    A circuit with initial tokens must end in its idle state (`idle_state`) rather than empty: the tokens
    and busy nodes of that state are not reported, and any other difference is.
    """
    res = _execute(g, arg_words(g, args), budget, mode, watch, silent=False)
    if has_initial_tokens(g):
        idle = idle_state(g, args, budget, mode)
        res.idle = idle
        ends = {s.channel: s for s in res.stranded}
        res.stranded = [s for s in res.stranded if idle.channels.get(s.channel) != list(s.tokens)]
        by_id = {c.id: c for c in g.channels}
        res.busy = [b for b, nid in zip(res.busy, res.busy_nodes, strict=True) if nid not in idle.busy]
        res.busy += [f"channel {cid} ({by_id[cid].src} -> {by_id[cid].dst}) ends empty, but with no input the "
                     f"circuit holds {toks} there (its idle state)" for cid, toks in idle.channels.items()
                     if cid not in ends]
    return res


def _execute(g, args: dict[int, object], budget: Budget, mode: Mode, watch: tuple[str, ...],
             silent: bool) -> InterpResult:
    machines = {nid: _machine(g, n, args, silent) for nid, n in g.nodes.items()}
    traces: dict[str, list[tuple[int, int, int]]] = {}
    for grp in g.groups.values():
        traces[grp.name] = []
        if hasattr(machines[grp.node], "_read"):
            _record_accesses(machines[grp.node], traces[grp.name])
    counts = trip_counts(g)
    counted = set(counts.channels.values())
    queues = {c.id: _Tap(c.id in watch) if c.id in watch or c.id in counted else deque() for c in g.channels}
    check = _runaway_check(g, budget, counts, queues)
    inq: dict[str, dict[str, deque]] = {nid: {} for nid in g.nodes}
    outq: dict[str, dict[str, deque]] = {nid: {} for nid in g.nodes}
    for c in g.channels:
        q = queues[c.id]
        inq[c.dst.node][c.dst.port] = q
        outq[c.src.node][c.src.port] = q
    for nid, m in machines.items():
        for p in m.INPUTS:
            if p not in inq[nid]:
                raise ValueError(f"{g.nodes[nid].op} ({nid}) has no channel on input {p}")
        for p in m.OUTPUTS:
            outq[nid].setdefault(p, deque())
    deadlock = ""
    sched: BoundedRun | None = None
    if mode is Mode.BOUNDED:
        sched = BoundedRun(g, machines, queues, inq, outq, check)
        firings = sched.run()
        finished = sum(len(m.got) for nid, m in machines.items() if g.nodes[nid].op == "func.done") == 1
        holders = sched.holders()
        if not finished and (holders or sched.busy()):
            deadlock = (f"deadlock in the bounded golden run after {firings} firings (channel capacities of the "
                        f"generated top); holding tokens: {'; '.join(holders) or 'none (memory responses pending)'}")
    else:
        firings = _run_unbounded(g, machines, inq, outq, check)
    res = InterpResult(results=[], memories={}, firings=firings, accesses=traces, deadlock=deadlock,
                       watched={cid: list(queues[cid].log) for cid in watch if cid in queues})
    for r in sorted(g.results, key=lambda r: r.position):
        res.results.append(list(machines[r.node].got))
    for nid, n in g.nodes.items():
        if n.op == "func.done":
            res.done = len(machines[nid].got)
    for grp in g.groups.values():
        m = machines[grp.node]
        outside = getattr(m, "outside", [])
        if outside:
            we, addr = outside[0]
            res.errors.append(f"memref argument {grp.position} ({grp.root}): {len(outside)} access(es) outside its "
                              f"{grp.size} elements through {g.origin_op(grp.node)}, the first a "
                              f"{'store to' if we else 'load of'} address {addr}")
        contents = getattr(m, "contents", {})
        extent = memref_extent(grp, args)
        if isinstance(contents, dict):
            img = [contents.get(i, 0) for i in range(extent)]
        else:
            img = list(contents)[:extent]
        res.memories[grp.name] = img
    for c in g.channels:
        # bounded: a token taken by a firing still waiting downstream is on its channel, as in the RTL
        q = sched.contents(c.id) if sched is not None else list(queues[c.id])
        if q:
            res.stranded.append(Stranded(c.id, str(c.src), str(c.dst), len(q), g.origin_op(c.src.node), q))
    for nid, m in machines.items():
        if not m.is_initial():
            res.busy_nodes.append(nid)
            res.busy.append(f"{g.nodes[nid].op} {nid} from {g.origin_op(nid)} is not in its initial state "
                            f"(state {m.state_name()})")
        if getattr(m, "error", 0):
            res.errors.append(f"{g.nodes[nid].op} {nid} from {g.origin_op(nid)} raised error {m.error:#x}")
            res.error_code = m.error if not res.error_code else min(res.error_code, m.error)
    return res
