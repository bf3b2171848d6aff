"""`handshake.buffer`: a sequential buffer of one or two slots is the kit's 2-slot register slice
(`handshake.buffer`), anything else or a buffer with `initValues` a FIFO (`handshake.fifo`, holding those
tokens after reset: RTL `handshake_fifo` NINIT / INIT, `handshake_fifo_ctrl` NINIT for control tokens).
`handshake.tehb`: the transparent one-slot buffer.

An initial value must be a value of the token's type, read signed or unsigned (`-1` and `1` are both the
`i1` one); anything else is refused rather than cut to the width. A control token has no value: CIRCT
writes 0 for each."""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, StringAttr

from dfv.lowering import handshake_ir as hs
from dfv.lowering.bindings.registry import builds, reads
from dfv.lowering.errors import LoweringError


def initial_tokens(op: hs.BufferOp, width: int, loc: str) -> list[int]:
    """The words of `op`'s initial tokens at `width` bits (0: control tokens, each given as 0)."""
    words = []
    for v in op.init_values():
        if width == 0 and v != 0:
            raise LoweringError(f"handshake.buffer: initValues {v} on a control buffer ({op.operand.type}): a control "
                                "token carries no value, write 0 for each", loc)
        if width and not -(1 << (width - 1)) <= v < (1 << width):
            raise LoweringError(f"handshake.buffer: initValues {v} does not fit {op.operand.type} ({width} bits: "
                                f"{-(1 << (width - 1))}..{(1 << width) - 1}, read signed or unsigned)", loc)
        words.append(v & ((1 << width) - 1))
    return words


@reads(hs.BufferOp)
def read_buffer(r, op: hs.BufferOp, loc: str) -> None:
    t = r.dtype(op.operand.type, loc)
    slots = op.slots.value.data
    w = t.width
    init = initial_tokens(op, w, loc)
    if init:
        r.node(op, "handshake.fifo", {"in": (t, op.operand)}, {"out": t}, {"width": w, "depth": slots, "init": init})
    elif op.buffer_type.data == "seq" and slots <= 2:
        # the 2-slot register slice holds at least as much as a 1- or 2-slot sequential buffer
        r.node(op, "handshake.buffer", {"in": (t, op.operand)}, {"out": t}, {"width": w, "slots": 2})
    else:
        r.node(op, "handshake.fifo", {"in": (t, op.operand)}, {"out": t}, {"width": w, "depth": slots})


@builds("handshake.buffer", "handshake.fifo")
def build_buffer(b, n) -> None:
    fifo = n.op == "handshake.fifo"
    init = n.params.get("init") if fifo else None
    extra = {"initValues": ArrayAttr([IntegerAttr(v, 64) for v in init])} if init else None
    props = {"slots": IntegerAttr(n.params["depth"] if fifo else 2, 32),
             "buffer_type": StringAttr("fifo" if fifo else "seq")}
    b.emit(n, hs.BufferOp.create(operands=b.operands(n, ["in"]), result_types=b.types(n, ["out"]),
                                 attributes=b.attrs(n, extra), properties=props), ["out"])


@reads(hs.TehbOp)
def read_tehb(r, op: hs.TehbOp, loc: str) -> None:
    t = r.dtype(op.operand.type, loc)
    r.node(op, "handshake.tehb", {"in": (t, op.operand)}, {"out": t}, {"width": t.width})


@builds("handshake.tehb")
def build_tehb(b, n) -> None:
    b.emit(n, hs.TehbOp.create(operands=b.operands(n, ["in"]), result_types=b.types(n, ["out"]),
                               attributes=b.attrs(n, None)), ["out"])
