"""Narrow the select chains of a handshake program: a control merge's `index` that reaches only the selects of
muxes (through FIFOs, buffers and forks) carries as many bits as those need, not the `index` width it is written at.

CIRCT writes a control merge's index as `index` (64 or 32 bits in hardware) and forks it to the muxes of a block,
one of them per value the block receives, through the FIFOs its buffering inserts. A control merge of N inputs
gives only 0..N-1, so every bit above `sel_width(N)` is 0 on every token; a mux tests every bit of its select
(a select >= its N is never consumed), so at 32 bits each mux of the chain compared 31 constant zeros on a carry
chain, and that chain, the fork's gathering of the muxes' readies and the FIFO's refill were the critical path of
the CIRCT kernels handshake/tri_nest and handshake/horner (docs/timing.md, stop 73). Narrowed, the channels of the
chain carry the same values, so the circuit computes what the program does, bit for bit, on golden and on RTL.

A chain is narrowed only when every consumer it reaches is a mux's select or a pass-through that keeps tokens as
they are (a FIFO or buffer without initial tokens, a fork); one other consumer (an arithmetic operation, a
branch's data, a sink, the function's result) keeps the chain as written."""

from __future__ import annotations

from dfv.golden.handshake.common import sel_width, sel_width_param
from dfv.golden.types import channel_int
from dfv.lowering.dfg import DFG, Node, Ref

PASS_THROUGH = ("handshake.fifo", "handshake.buffer", "handshake.fork")
"""The operations whose outputs carry exactly the tokens of their input."""


def narrow_select_chains(g: DFG) -> None:
    """Narrow every control merge's select chain of `g` (before materialisation) that only muxes' selects read
    (module docstring)."""
    consumers = g.consumers()
    for cm in [n for n in g.nodes.values() if n.op == "handshake.control_merge"]:
        chain = _chain(g, cm, consumers)
        if chain is None:
            continue
        passes, muxes = chain
        width = max([sel_width(cm.params["n"])] + [sel_width(m.params["n"]) for m in muxes])
        if width >= cm.out_types["index"].width:
            continue
        t = channel_int(f"i{width}")
        cm.out_types["index"] = t
        _set_sel_width(cm, width)
        for p in passes:
            p.in_types = dict.fromkeys(p.in_types, t)
            p.out_types = dict.fromkeys(p.out_types, t)
            p.params["width"] = width
        for m in muxes:
            m.in_types["sel"] = t
            _set_sel_width(m, width)


def _chain(g: DFG, cm: Node, consumers: dict[Ref, list[tuple[str, str]]]) -> tuple[list[Node], list[Node]] | None:
    """The pass-throughs and the muxes that control merge `cm`'s index reaches, or None when it reaches anything
    else (or nothing)."""
    passes: list[Node] = []
    muxes: list[Node] = []
    todo = [Ref(cm.id, "index")]
    seen: set[Ref] = set()
    while todo:
        ref = todo.pop()
        if ref in seen:
            continue  # a loop of pass-throughs: its tokens are the chain's too
        seen.add(ref)
        users = consumers.get(ref, [])
        if not users:
            return None  # a dangling index: left as written
        for nid, port in users:
            n = g.nodes[nid]
            if n.op == "handshake.mux" and port == "sel":
                muxes.append(n)
            elif n.op in PASS_THROUGH and not n.params.get("init"):
                passes.append(n)
                todo.extend(Ref(n.id, out) for out in n.out_types)
            else:
                return None
    return passes, muxes


def _set_sel_width(n: Node, width: int) -> None:
    """A mux's or control merge's `sel_width` parameter for a select of `width` bits, as the reader writes it."""
    n.params.pop("sel_width", None)
    n.params.update(sel_width_param(width, n.params["n"]))
