"""Where spec 003's upstream (U) extra signals may go in a handshake program: only across wiring (bundle /
unbundle pairs, compose / decompose, `br`, a one-input merge, a one-output fork), from a result of the
function to an argument. An operation that would have to combine or store them is refused with the reason.
"""

from __future__ import annotations

from xdsl.ir import Attribute, Operation

from dfv.golden.catalogue import WIRING
from dfv.golden.types import upstream_width
from dfv.lowering import handshake_ir as hs
from dfv.lowering import handshake_signals as sig
from dfv.lowering import handshake_types as ht
from dfv.lowering.dfg import DFG
from dfv.lowering.errors import LoweringError


def is_wire(op: Operation) -> bool:
    """Point-to-point wiring, which may carry upstream (U) extra signals: the signal operations, `br`, a
    merge of one input and a fork of one output."""
    if isinstance(op, hs.ForkOp | hs.LazyForkOp):
        return len(op.outs) == 1
    if isinstance(op, hs.MergeOp):
        return len(op.ins) == 1
    return isinstance(op, hs.BrOp | sig.ComposeOp | sig.DecomposeOp | sig.UnbundleOp | sig.BundleOp)


def channel_bundle(op: Operation) -> bool:
    """A bundle into a channel (not the bundle of a control token's valid)."""
    return isinstance(op, sig.BundleOp) and isinstance(op.outs[0].type, ht.ChannelType)


FORK_UPSTREAM = "a fork would have to combine the upstream signals of its consumers (specs README)"
_UPSTREAM_REASONS = {
    "handshake.fork": FORK_UPSTREAM,
    "handshake.lazy_fork": FORK_UPSTREAM,
    "handshake.cond_br": "a cond_br would have to combine the upstream signals of its two outputs (specs README)",
    "handshake.buffer": "a buffer's registers would put them out of step with the tokens they go with (they are "
                        "wires: they cross only wiring, docs/handshake.md)",
}


def has_upstream(t: Attribute) -> bool:
    return isinstance(t, ht.ChannelType) and any(e.upstream for e in t.extras)


def refuse_upstream(op: Operation, loc: str) -> None:
    """Refuse operation `op`, which is not wiring, on a channel with upstream (U) extra signals."""
    t = next((v.type for v in (*op.operands, *op.results) if has_upstream(v.type)), None)
    if t is not None:
        reason = _UPSTREAM_REASONS.get(op.name, "no primitive here carries them: they cross only wiring (bundle/"
                                                "unbundle pairs, compose/decompose, br) from a result of the "
                                                "function to an argument")
        raise LoweringError(f"{op.name}: {t} has upstream (U) extra signals; {reason}", loc)


def refuse_upstream_off_wiring(g: DFG) -> None:
    """After materialisation, every channel with upstream (U) extra signals runs between wiring nodes and
    the function's arguments and results only: a value used several times got a fork (which would have to
    combine its consumers' upstream signals), an unused one a sink (nothing would drive them)."""
    for c in g.channels:
        if not upstream_width(c.type):
            continue
        for end in (c.src, c.dst):
            n = g.nodes[end.node]
            if n.op in WIRING or n.op in ("func.arg", "func.result"):
                continue
            if n.op == "handshake.fork":
                users = [d.dst.node for d in g.channels if d.src.node == n.id]
                raise LoweringError(f"a value of type {c.type} is used {len(users)} times: {FORK_UPSTREAM}",
                                    g.nodes[users[1]].loc)
            if n.op == "handshake.sink":
                raise LoweringError(f"a value of type {c.type} is never used: nothing would drive its upstream (U) "
                                    "extra signals", n.loc)
            raise LoweringError(f"{c.type} reaches {n.op}: upstream (U) extra signals cross wiring only", n.loc)
