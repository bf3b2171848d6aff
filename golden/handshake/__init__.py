"""Golden models of the handshake primitives, the arith integer ops and the memory access ports.

`MACHINES` maps each operation name to a keyword-parameter factory for `golden.registry`:
`Fork(n=2, width=32)`, `Join(n=2)`, `CondBr(width=32)`, `Mux(n=2, width=32)`, `Merge(n=2, width=32)`,
`ControlMerge(n=2, width=0)`, `Sink(width=32)`, `Source()`, `Constant(value=0, width=32)`,
`Buffer(width=32, slots=2)`, `Fifo(width=32, depth=2)`, `arith.<op>` -> `BinOp(op=<op>, width=32)`,
`Cmpi(predicate="eq", width=32)`, `Select(width=32)`, `arith.<cast>` -> `Cast(kind=<cast>, in_width,
out_width)`, `Load(width, addr_width)`, `Store(width, addr_width)`, `handshake.compose` / `decompose` ->
`Wire(width)`, `handshake.repack` (a bundle of unbundled fields) -> `Repack(width, in_width, fields)`.
A `width` of 0 means control-only tokens (`None`) and selects the `_ctrl` RTL module (docs/primitives.md).
"""

from __future__ import annotations

from functools import partial

from golden.handshake.access import Load, Store
from golden.handshake.arith import (
    BINOP_CODES,
    CAST_KINDS,
    CMPI_PREDICATES,
    BinOp,
    Cast,
    Cmpi,
    Select,
    binop,
    cast,
    cmpi,
)
from golden.handshake.branch import CondBr, ControlMerge, Merge, Mux
from golden.handshake.buffer import Buffer, Fifo
from golden.handshake.fork import Fork
from golden.handshake.join import Join
from golden.handshake.signals import Repack, Wire
from golden.handshake.sources import Constant, Sink, Source

MACHINES = {
    "handshake.fork": Fork,
    "handshake.join": Join,
    "handshake.cond_br": CondBr,
    "handshake.mux": Mux,
    "handshake.merge": Merge,
    "handshake.control_merge": ControlMerge,
    "handshake.sink": Sink,
    "handshake.source": Source,
    "handshake.constant": Constant,
    "handshake.buffer": Buffer,
    "handshake.fifo": Fifo,
    "handshake.load": Load,
    "handshake.store": Store,
    "handshake.compose": Wire,
    "handshake.decompose": Wire,
    "handshake.repack": Repack,
    "arith.cmpi": Cmpi,
    "arith.select": Select,
}
MACHINES.update({f"arith.{op}": partial(BinOp, op=op) for op in BINOP_CODES})
MACHINES.update({f"arith.{kind}": partial(Cast, kind=kind) for kind in CAST_KINDS})

__all__ = [
    "BINOP_CODES",
    "CAST_KINDS",
    "CMPI_PREDICATES",
    "MACHINES",
    "BinOp",
    "Buffer",
    "Cast",
    "Cmpi",
    "CondBr",
    "Constant",
    "ControlMerge",
    "Fifo",
    "Fork",
    "Join",
    "Load",
    "Merge",
    "Mux",
    "Repack",
    "Select",
    "Sink",
    "Source",
    "Store",
    "Wire",
    "binop",
    "cast",
    "cmpi",
]
