"""The correctness invariants of specs 002 and 004, checked on a materialised DFG.

`verify(dfg)` raises `DfgVerifyError` naming the violating operation (node id, operation name and
MLIR source location). It checks:

* structure: every input and output port has exactly one channel, channel types match both ports,
  every channel's ends exist (no dangling channel), exactly one `func.start` / `func.done`;
* control streams (002): per loop, `raw_will_continue` (the `stream.cont` of a `for`, the condition
  of a `while`) is consumed only by the loop's gate, its iter-arg / boundary carries and their exit
  splits, and (while only) the before-region invariants and memory carries; every body-local
  `invariant`, every memory-control `carry` of a `for` and its split use the loop's `after_cond`;
  `iter_arg` carries and their splits use the raw stream;
* deadlock freedom: no loop entry value (a `gate`'s `after_value`, an iter-arg `carry`'s `o`) reaches
  its loop's memory split through combinational stages only (`dfv.lowering.deadlock`, docs/lowering.md
  "Deadlock freedom");
* memory (004): every `load`/`store` has exactly one control input, is wired to exactly one
  memory interface of its group (address, data, and for loads the data from memory), and its done
  token has a consumer that is not a sink; every memory port belongs to an access of its group.
"""

from __future__ import annotations

from dfv.golden.catalogue import BUFFERS
from dfv.golden.types import CONTROL
from dfv.lowering.deadlock import violations
from dfv.lowering.dfg import DFG, Ref


class DfgVerifyError(Exception):
    """A broken invariant; `node` is the id of the node it is found at, when there is one."""

    def __init__(self, message: str, node: str | None = None):
        super().__init__(message)
        self.node = node


def passes(n) -> bool:
    """A stage that passes every token on unchanged: a fork, a buffer or tehb, a FIFO without initial tokens
    (the slack of `dfv.lowering.slack`)."""
    return n.op == "handshake.fork" or (n.op in BUFFERS and not n.params.get("init"))

RAW_ROLES = {"for_iter", "for_iter_split", "while_iter", "while_split", "while_before", "while_mem",
             "while_mem_split"}
AFTER_ROLES = {"for_body", "for_mem", "for_mem_split"}


def _name(g: DFG, nid: str) -> str:
    n = g.nodes[nid]
    return f"{n.op} ({n.id}, {n.loc})"


def origin(g: DFG, ref: Ref) -> Ref:
    """The producer of `ref` with forks and buffers looked through."""
    seen = 0
    while passes(g.nodes[ref.node]) and seen < len(g.nodes):
        ref = g.nodes[ref.node].inputs["in"]
        seen += 1
    return ref


def verify(g: DFG) -> None:
    fail = DfgVerifyError
    # ---------------------------------------------------------------- structure
    into: dict[tuple[str, str], int] = {}
    outof: dict[tuple[str, str], int] = {}
    for c in g.channels:
        for end in (c.src, c.dst):
            if end.node not in g.nodes:
                raise fail(f"channel {c.id} is dangling: node {end.node} does not exist")
        src, dst = g.nodes[c.src.node], g.nodes[c.dst.node]
        if c.src.port not in src.out_types:
            raise fail(f"channel {c.id}: {_name(g, src.id)} has no output {c.src.port}", node=src.id)
        if c.dst.port not in dst.in_types:
            raise fail(f"channel {c.id}: {_name(g, dst.id)} has no input {c.dst.port}", node=dst.id)
        if src.out_types[c.src.port] != c.type or dst.in_types[c.dst.port] != c.type:
            raise fail(
                f"channel {c.id} type {c.type} does not match {_name(g, src.id)}.{c.src.port} "
                f"({src.out_types[c.src.port]}) -> {_name(g, dst.id)}.{c.dst.port} ({dst.in_types[c.dst.port]})"
            )
        into[(c.dst.node, c.dst.port)] = into.get((c.dst.node, c.dst.port), 0) + 1
        outof[(c.src.node, c.src.port)] = outof.get((c.src.node, c.src.port), 0) + 1
    for n in g.nodes.values():
        for p in n.in_types:
            k = into.get((n.id, p), 0)
            if k != 1:
                raise fail(f"{_name(g, n.id)}: input {p} has {k} channels (must be exactly one)", node=n.id)
        for p in n.out_types:
            k = outof.get((n.id, p), 0)
            if k != 1:
                raise fail(f"{_name(g, n.id)}: output {p} has {k} channels (must be exactly one)", node=n.id)
    for op in ("func.start", "func.done"):
        k = sum(1 for n in g.nodes.values() if n.op == op)
        if k != 1:
            raise fail(f"the DFG has {k} {op} nodes (must be one)")

    # ---------------------------------------------------------------- control streams
    raws = {}
    for lid, lp in g.loops.items():
        raws[origin(g, lp["raw"])] = lid
    for n in g.nodes.values():
        role, loop = n.meta.get("role"), n.meta.get("loop")
        if role is None or loop is None:
            continue
        lp = g.loops.get(loop)
        if lp is None:
            raise fail(f"{_name(g, n.id)}: refers to unknown loop {loop}", node=n.id)
        port = "d" if n.op.startswith("dataflow.") else "cond"
        if port not in n.inputs:
            continue
        src = origin(g, n.inputs[port])
        if role in AFTER_ROLES:
            if lp["after"] is None or src != origin(g, lp["after"]):
                raise fail(f"{_name(g, n.id)}: body-local {role} must use after_cond of loop {loop}, "
                           f"uses {src}", node=n.id)
        elif role in RAW_ROLES and src != origin(g, lp["raw"]):
            raise fail(f"{_name(g, n.id)}: {role} must use raw_will_continue of loop {loop}, uses {src}", node=n.id)
    # stream lengths by construction: each for loop's gate shifts exactly its own stream's pair
    for n in g.nodes.values():
        if n.op == "dataflow.gate":
            loop = n.meta.get("loop")
            v, c = origin(g, n.inputs["before_value"]), origin(g, n.inputs["before_cond"])
            if loop not in g.nodes or v != Ref(loop, "idx") or c != Ref(loop, "cont"):
                raise fail(f"{_name(g, n.id)}: must gate the (idx, cont) pair of its own stream {loop}, "
                           f"gets ({v}, {c})", node=n.id)
    # deadlock freedom (docs/lowering.md, dfv.lowering.deadlock)
    if deadlocks := violations(g):
        raise fail(*deadlocks[0])
    # raw_will_continue of a for loop: only the gate, the iter-arg carries and their splits.
    for n in g.nodes.values():
        if passes(n):
            continue
        for p, r in n.inputs.items():
            o = origin(g, r)
            lid = raws.get(o)
            if lid is None or g.loops[lid]["kind"] != "for":
                continue
            ok = (n.op == "dataflow.gate" and p == "before_cond") or (
                n.meta.get("loop") == lid and n.meta.get("role") in ("for_iter", "for_iter_split")
                and p in ("d", "cond"))
            if not ok and n.op != "handshake.sink":
                raise fail(f"{_name(g, n.id)}: uses raw_will_continue of loop {lid} on {p}; body-local "
                           "consumers must use after_cond", node=n.id)

    # ---------------------------------------------------------------- memory
    cons = {(c.src.node, c.src.port): c.dst for c in g.channels}

    def final_users(ref: Ref) -> list[str]:
        out, todo = [], [ref]
        while todo:
            r = todo.pop()
            d = cons.get((r.node, r.port))
            if d is None:
                continue
            dn = g.nodes[d.node]
            if passes(dn):
                todo.extend(Ref(dn.id, p) for p in dn.out_types)
            else:
                out.append(dn.op)
        return out

    for grp in g.groups.values():
        mem = g.nodes.get(grp.node)
        if mem is None or mem.op not in ("handshake.memory", "handshake.extmemory"):
            raise fail(f"memory group {grp.name}: no memory interface node")
        for aid in grp.accesses:
            a = g.nodes.get(aid)
            if a is None:
                raise fail(f"memory group {grp.name}: access {aid} missing")
            if a.meta.get("mem") != mem.id:
                raise fail(f"{_name(g, aid)}: not connected to the memory of group {grp.name}", node=aid)
            if "ctrl" not in a.inputs or a.inputs["ctrl"] is None or g.out_type(a.inputs["ctrl"]) != CONTROL:
                raise fail(f"{_name(g, aid)}: needs exactly one control input", node=aid)
            addr_user = cons.get((aid, "addr_to_mem"))
            if addr_user is None or origin_forward(g, cons, addr_user) != mem.id:
                raise fail(f"{_name(g, aid)}: address does not reach memory {mem.id}", node=aid)
            if a.op == "handshake.load":
                src = origin(g, a.inputs["data_from_mem"])
                if src.node != mem.id or not src.port.startswith("ld_data"):
                    raise fail(f"{_name(g, aid)}: data from memory must come from {mem.id}.ld_data", node=aid)
            done = a.meta.get("done")
            if done is None or done.node != mem.id:
                raise fail(f"{_name(g, aid)}: has no done token from its memory", node=aid)
            users = final_users(done)
            if not users or all(u == "handshake.sink" for u in users):
                raise fail(f"{_name(g, aid)}: its done token has no consumer", node=aid)
        for p in mem.in_types:
            src = origin(g, mem.inputs[p])
            if g.nodes[src.node].op not in ("handshake.load", "handshake.store") or src.node not in grp.accesses:
                raise fail(f"{_name(g, mem.id)}: port {p} is fed by {src}, not by an access of group {grp.name}",
                           node=mem.id)


def origin_forward(g: DFG, cons, ref: Ref) -> str:
    """The first non-fork/buffer node downstream of an input end `ref`."""
    n = g.nodes[ref.node]
    seen = 0
    while passes(n) and seen < len(g.nodes):
        d = cons.get((n.id, "out[0]") if n.op == "handshake.fork" else (n.id, "out"))
        if d is None:
            break
        n = g.nodes[d.node]
        seen += 1
    return n.id
