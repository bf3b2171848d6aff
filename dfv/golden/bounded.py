"""Capacity-aware scheduling of a DFG on the golden machines: every channel holds what the RTL gives it.

The unbounded interpreter (`dfv.golden.interpreter`, mode `unbounded`) lets a producer run arbitrarily far
ahead of its consumer. A determinate network that completes that way can still deadlock in hardware,
where channels hold a fixed number of tokens. This scheduler fires the same golden machines under the
storage of the generated `top.sv` (docs/lowering.md, "Bounded golden run"):

* **Combinational stages** (latency 0 in their RTL header: arith units, fork, join, cond_br, mux,
  merge, control_merge, constant, load, store, carry, invariant, gate) store nothing. A firing presents
  its outputs and *holds* the tokens it consumed (their channels stay occupied, as the RTL keeps the
  input valid up until the transfer) until every token it produced has been absorbed. So a chain of
  combinational stages holds one token, at its registered source, and the channel out of a
  combinational stage holds the one token presented on it. A stage fires again only once its last
  firing has been absorbed (the RTL changes state when the outputs go, so a carry cannot take `d`
  while it still presents `o`). A firing that produces nothing (a carry taking a false `d`, a sink)
  completes at once.
* **Registered stages** absorb what they take when they fire: `handshake.buffer` (its slots),
  `handshake.fifo` (its depth), `handshake.tehb` (one slot: it passes a token on in the same cycle, but
  takes a stalled one off its producer), `dataflow.stream` (one element on `idx` / `cont`), the function's
  start/argument sources and result/done sinks (the testbench) and `handshake.sink`; and the pipelined
  and iterative arithmetic units (the float units, `arith_muli`, `arith_divi`), which hold as many
  operations as they have room for (`OpSpec.slots`: a pipeline's stages and a credit unit's FIFO, one for
  an iterative divider), delivered in order.
* **Memories**: each `ld_data`, `ld_done`, `st_done` output is a one-token register, except an
  `handshake.extmemory`'s `st_done`, a two-token queue (`ExtMemory.ST_DONE_SLOTS`). `handshake.memory`
  serves an access only while that access's output registers are free. `handshake.extmemory` issues one
  request per firing in the RTL's priority (store ports while their `st_done` queue has room, then load
  ports while fewer than `max_outstanding` (RTL `MAXOUT`) loads are outstanding) and delivers the
  responses in request order, each only when both registers of its port are free: a full head blocks
  every later response, as in the RTL.
* **Load ports** have two independent paths (address, data); each fires when its own output has room.

An absorbed token frees the channel it was taken from and, through the chain of holding firings, the
channels upstream. Until then the token is still *on* its channel, as in the RTL, where the producer keeps it
valid until the transfer (an eager fork holds its input until every output has taken it): the end state of a
run (`BoundedRun.contents`) lists it there, so the golden run's stranded tokens and idle state
(`dfv.golden.interpreter.IdleState`) are what the RTL end check sees on the wires. When nothing can fire
any more and the function has not finished, the run deadlocked: `BoundedRun.holders()` names every channel
still holding a token, in the same words as the RTL watchdog of the kernel environment.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from dfv.golden.catalogue import BUFFERS, Storage, ops_with, spec
from dfv.golden.core import Machine, Stateless, check_word
from dfv.golden.memory.memory import ExtMemory, Memory

#: operations whose firing stores what it takes (output slots come from the machine or are 1): those of
#: the catalogue, and the function interface (the top's argument and result registers)
REGISTERED = (ops_with(Storage.REGISTERED) | ops_with(Storage.PIPELINED) | ops_with(Storage.TRANSPARENT)
              | {"func.start", "func.arg", "func.result", "func.done"})
#: the arithmetic units whose output channel holds their operations in flight
PIPELINED = ops_with(Storage.PIPELINED)
#: operations that store what they take: a path of tokens through one of them is cut
STORAGE = REGISTERED | ops_with(Storage.MEMORY)


@dataclass(eq=False)
class _Held:
    """A token taken off `channel` by a firing whose outputs are not all absorbed yet: in the RTL it is still
    on that channel (its producer keeps it valid until the transfer). `origin` is the combinational firing
    that produced it (None: a registered stage), which holds its own inputs until this token is absorbed."""

    channel: str
    origin: _Firing | None
    token: object


@dataclass(eq=False)
class _Firing:
    """A combinational firing that still holds what it consumed (one `_Held` per token)."""

    node: str
    consumed: list[_Held]
    pending: int = 0


@dataclass
class _ExtState:
    """The outstanding loads of one extmemory: (load port, data read at issue), in request order."""

    outstanding: deque = field(default_factory=deque)


class _Snapshot(dict):
    """The attributes of a machine before a speculative firing (nested machines snapshotted too)."""


def _snapshot(m: Machine) -> _Snapshot:
    """Copy what a firing can change: the machine's attributes, containers one level deep."""
    return _Snapshot({k: _snapshot(v) if isinstance(v, Machine) else
                      copy.copy(v) if isinstance(v, list | dict | set | deque) else v for k, v in vars(m).items()})


def _restore(m: Machine, snap: _Snapshot) -> None:
    for k, v in snap.items():
        if isinstance(v, _Snapshot):
            _restore(getattr(m, k), v)
        else:
            setattr(m, k, v)


class RunawayError(RuntimeError):
    """The run went past its budget (`dfv.golden.interpreter.Budget`); the message names the loop."""


class BoundedRun:
    """Fires `machines` on `queues` with the channel capacities of the generated RTL top.

    `channels` are the DFG's channels (`id`, `src`, `dst` refs); `inq` / `outq` map node -> port -> the
    shared channel deque; `check(node, fired, firings)` runs after every firing (the run's budget).
    `run()` fires until quiescent and returns the number of firings.
    """

    def __init__(self, g, machines: dict[str, Machine], queues: dict[str, deque],
                 inq: dict[str, dict[str, deque]], outq: dict[str, dict[str, deque]],
                 check: Callable[[str, dict[str, int], int], None]):
        self.g, self.machines, self.queues, self.inq, self.outq = g, machines, queues, inq, outq
        self.check = check
        self.in_chan: dict[str, dict[str, str]] = {nid: {} for nid in g.nodes}
        self.out_chan: dict[str, dict[str, str]] = {nid: {} for nid in g.nodes}
        self.producer: dict[str, str] = {}
        self.consumer: dict[str, str] = {}
        for c in g.channels:
            self.in_chan[c.dst.node][c.dst.port] = c.id
            self.out_chan[c.src.node][c.src.port] = c.id
            self.producer[c.id], self.consumer[c.id] = c.src.node, c.dst.node
        self.cap = {c.id: self._slots(c.src.node, c.src.port) for c in g.channels}
        self.held: dict[str, list[_Held]] = {c.id: [] for c in g.channels}
        self.origin: dict[str, deque] = {c.id: deque() for c in g.channels}
        self.ext = {nid: _ExtState() for nid, m in machines.items() if isinstance(m, ExtMemory)}
        self.fired: dict[str, int] = {nid: 0 for nid in g.nodes}
        self.work: deque[str] = deque(g.nodes)
        self.queued = set(g.nodes)
        self.registered = {nid: n.op in REGISTERED for nid, n in g.nodes.items()}
        self.is_load = {nid: n.op == "handshake.load" for nid, n in g.nodes.items()}
        self.open: dict[str, _Firing] = {}  # the firing a combinational machine still presents
        self.stateless = {nid: isinstance(m, Stateless) for nid, m in machines.items()}
        self.memory = {nid: m for nid, m in machines.items() if isinstance(m, Memory | ExtMemory)}

    def _slots(self, nid: str, port: str) -> int:
        """The tokens the channel out of `nid`'s output `port` holds in the RTL."""
        n = self.g.nodes[nid]
        if isinstance(self.machines[nid], ExtMemory) and port.startswith("st_done"):
            return ExtMemory.ST_DONE_SLOTS
        if n.op in PIPELINED:
            return spec(n.op).slots(n.params)
        return int(getattr(self.machines[nid], "slots", 1)) if n.op in BUFFERS else 1

    # ------------------------------------------------------------------ channel bookkeeping
    def space(self, cid: str | None) -> bool:
        """Whether channel `cid` can take one more token (an unconnected output always can)."""
        return cid is None or len(self.queues[cid]) + len(self.held[cid]) < self.cap[cid]

    def _wake(self, nid: str) -> None:
        if nid not in self.queued:
            self.queued.add(nid)
            self.work.append(nid)

    def _take(self, cid: str, token) -> _Held:
        """The head token of channel `cid` taken by a firing: held on the channel until absorbed."""
        held = _Held(cid, self.origin[cid].popleft(), token)
        self.held[cid].append(held)
        return held

    def _account(self, nid: str, before_in: dict[str, list], before_out: dict[str, int], registered: bool) -> None:
        """Book one firing of `nid` (`before_in`: its input queues before it): which tokens it took, which
        it produced, and who holds what."""
        taken: list[_Held] = []
        for p, tokens in before_in.items():
            cid = self.in_chan[nid].get(p)
            taken += [self._take(cid, tok) for tok in tokens[:len(tokens) - len(self.inq[nid][p])]]
        firing = None if registered else _Firing(nid, taken)
        produced = 0
        for p, n in before_out.items():
            cid = self.out_chan[nid].get(p)
            k = len(self.outq[nid][p]) - n
            if cid is None or k == 0:
                continue
            self.origin[cid].extend([firing] * k)
            produced += k
            self._wake(self.consumer[cid])
        if firing is None or produced == 0:
            self._release(taken)
        else:
            firing.pending = produced
            self.open[nid] = firing

    def _release(self, taken: list[_Held]) -> None:
        """Tokens absorbed: free their channels and complete the firings that were holding for them."""
        stack = [taken]
        while stack:
            for held in stack.pop():
                cid, firing = held.channel, held.origin
                self.held[cid].remove(held)
                self._wake(self.producer[cid])
                if firing is not None:
                    firing.pending -= 1
                    if firing.pending == 0:
                        if self.open.get(firing.node) is firing:
                            del self.open[firing.node]
                            self._wake(firing.node)
                        stack.append(firing.consumed)

    # ------------------------------------------------------------------ firing
    def _fire(self, nid: str) -> bool:
        if nid in self.memory:
            m = self.memory[nid]
            return self._fire_extmemory(nid, m) if isinstance(m, ExtMemory) else self._fire_memory(nid, m)
        if nid in self.open and not self.is_load[nid]:
            return False  # still presenting its last outputs: the RTL changes state only when they go
        m = self.machines[nid]
        iq, oq = self.inq[nid], self.outq[nid]
        if iq and self.stateless[nid] and not any(iq.values()) and m.is_initial():
            return False  # nothing to take: a stateless machine cannot fire (a FIFO's initial tokens can)
        view = iq
        if self.is_load[nid]:
            # two independent paths: hide the input of a path whose output has no room
            view = dict(iq)
            if not self.space(self.out_chan[nid].get("addr_to_mem")):
                view["addr"] = deque()
            if not self.space(self.out_chan[nid].get("data")):
                view["data_from_mem"] = deque()
        full = [p for p in oq if not self.space(self.out_chan[nid].get(p))]
        before_in = {p: list(q) for p, q in iq.items()}
        before_out = {p: len(q) for p, q in oq.items()}
        saved = (_snapshot(m), {p: list(q) for p, q in iq.items()}) if full else None
        if not m.fire(view, oq):
            return False
        if saved is not None and any(len(oq[p]) > before_out[p] for p in full):
            self._undo(nid, saved, before_out)
            return False
        self._account(nid, before_in, before_out, self.registered[nid])
        return True

    def _undo(self, nid: str, saved: tuple[_Snapshot, dict[str, list]], before_out: dict[str, int]) -> None:
        """Take back a firing that put a token on a full channel (its consumer cannot take it yet)."""
        snap, inputs = saved
        _restore(self.machines[nid], snap)
        for p, q in self.inq[nid].items():
            deque.clear(q)
            deque.extend(q, inputs[p])
        for p, q in self.outq[nid].items():
            for _ in range(len(q) - before_out[p]):
                q.pop()  # a logging or counting queue takes the token off its log and count too

    # ------------------------------------------------------------------ memories (registered)
    def _pop(self, nid: str, port: str, width: int) -> int:
        """Take the head token of input `port` (checked as a `width`-bit word): a memory stores what it
        takes, so the token's channel, and the firings upstream that held for it, are freed at once."""
        q = self.inq[nid][port]
        word = check_word(q[0], width, port)
        q.popleft()
        self._release([self._take(self.in_chan[nid][port], word)])
        return word

    def _push(self, nid: str, port: str, token) -> None:
        """Put a token into a memory's output register (it holds nothing upstream)."""
        self.outq[nid][port].append(token)
        cid = self.out_chan[nid].get(port)
        if cid is not None:
            self.origin[cid].append(None)
            self._wake(self.consumer[cid])

    def _room(self, nid: str, *ports: str) -> bool:
        return all(self.space(self.out_chan[nid].get(p)) for p in ports)

    def _serve_store(self, nid: str, m, i: int) -> bool:
        iq = self.inq[nid]
        if not (iq[f"st_data[{i}]"] and iq[f"st_addr[{i}]"] and self._room(nid, f"st_done[{i}]")):
            return False
        data = self._pop(nid, f"st_data[{i}]", m.width)
        m._write(self._pop(nid, f"st_addr[{i}]", m.addr_width), data)
        self._push(nid, f"st_done[{i}]", None)
        return True

    def _fire_memory(self, nid: str, m: Memory) -> bool:
        """`handshake.memory`: an access is served when its one-token output registers are free."""
        if any(self._serve_store(nid, m, i) for i in range(m.n_store)):
            return True
        for i in range(m.n_load):
            if self.inq[nid][f"ld_addr[{i}]"] and self._room(nid, f"ld_data[{i}]", f"ld_done[{i}]"):
                self._push(nid, f"ld_data[{i}]", m._read(self._pop(nid, f"ld_addr[{i}]", m.addr_width)))
                self._push(nid, f"ld_done[{i}]", None)
                return True
        return False

    def _fire_extmemory(self, nid: str, m: ExtMemory) -> bool:
        """`handshake.extmemory`: deliver the head response if its port's registers are free, else issue
        one request (stores while their `st_done` queue has room, then loads below the outstanding limit)."""
        st = self.ext[nid]
        if st.outstanding:
            port, value = st.outstanding[0]
            if self._room(nid, f"ld_data[{port}]", f"ld_done[{port}]"):
                st.outstanding.popleft()
                self._push(nid, f"ld_data[{port}]", value)
                self._push(nid, f"ld_done[{port}]", None)
                return True
        if any(self._serve_store(nid, m, i) for i in range(m.n_store)):
            return True
        if len(st.outstanding) >= m.max_outstanding:
            return False
        for i in range(m.n_load):
            if self.inq[nid][f"ld_addr[{i}]"]:
                st.outstanding.append((i, m._read(self._pop(nid, f"ld_addr[{i}]", m.addr_width))))
                return True
        return False

    def run(self) -> int:
        """Fire until nothing can fire; return the number of firings (`check` raises past the budget)."""
        firings = 0
        while self.work:
            nid = self.work.popleft()
            self.queued.discard(nid)
            while self._fire(nid):
                firings += 1
                self.fired[nid] += 1
                self.check(nid, self.fired, firings)
        return firings

    def busy(self) -> bool:
        """True while an extmemory still has responses to deliver (they are not in any channel)."""
        return any(st.outstanding for st in self.ext.values())

    def contents(self, cid: str) -> list:
        """The tokens channel `cid` holds, as the RTL has them: those taken by a firing still waiting
        downstream (its producer still presents them), then the queued ones, in stream order."""
        return [h.token for h in self.held[cid]] + list(self.queues[cid])

    def holders(self) -> list[str]:
        """Every channel that holds a token (queued, or taken by a firing still waiting downstream)."""
        return [f"channel {c.id} ({c.src} -> {c.dst}) from {self.g.origin_op(c.src.node)}"
                for c in self.g.channels if self.queues[c.id] or self.held[c.id]]
