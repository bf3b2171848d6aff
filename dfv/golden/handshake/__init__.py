"""Golden models of the handshake primitives, the arith integer ops and the memory access ports.

`dfv.golden.catalogue` maps each operation name to a keyword-parameter factory:
`Fork(n=2, width=32)`, `Join(n=2)`, `CondBr(width=32)`, `Mux(n=2, width=32)`, `Merge(n=2, width=32)`,
`ControlMerge(n=2, width=0)`, `Sink(width=32)`, `Source()`, `Constant(value=0, width=32)`,
`Buffer(width=32, slots=2)`, `Fifo(width=32, depth=2)`, `Tehb(width=32)`,
`Load(width, addr_width, addr_extras, extras_depth)`,
`Store(width, addr_width)`,
`handshake.compose` / `decompose` -> `Wire(width)`, `handshake.repack` (a bundle of unbundled fields) ->
`Repack(width, in_width, fields)`; CIRCT's `pack` / `unpack` of tuples -> `Pack(widths)`, `Unpack(widths)`.
The `arith` operations are compute operations (`dfv.golden.compute`); `dfv.golden.handshake.arith` has
their semantics. A `width` of 0 means control-only tokens (`None`) and selects the `_ctrl` RTL module
(docs/primitives.md).
"""

from __future__ import annotations

from dfv.golden.handshake.access import Load, Store
from dfv.golden.handshake.arith import (
    BINOP_CODES,
    CAST_KINDS,
    CMPI_PREDICATES,
    binop,
    cast,
    cmpi,
)
from dfv.golden.handshake.branch import CondBr, ControlMerge, Merge, Mux
from dfv.golden.handshake.buffer import Buffer, Fifo, Tehb
from dfv.golden.handshake.fork import Fork
from dfv.golden.handshake.join import Join
from dfv.golden.handshake.signals import Repack, Wire
from dfv.golden.handshake.sources import Constant, Sink, Source
from dfv.golden.handshake.tuples import Pack, Unpack

__all__ = [
    "BINOP_CODES",
    "CAST_KINDS",
    "CMPI_PREDICATES",
    "Buffer",
    "CondBr",
    "Constant",
    "ControlMerge",
    "Fifo",
    "Fork",
    "Join",
    "Load",
    "Merge",
    "Mux",
    "Pack",
    "Repack",
    "Sink",
    "Source",
    "Store",
    "Tehb",
    "Unpack",
    "Wire",
    "binop",
    "cast",
    "cmpi",
]
