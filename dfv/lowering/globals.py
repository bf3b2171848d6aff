"""`memref.global` tables: what a `memref.get_global` of a program reads, for the source interpreter
(`dfv.lowering.reference`) and the memory lowering (`dfv.lowering.lower_memory`).

A global is one buffer of its module: every `memref.get_global` of its symbol in a run is that buffer (so a store
through one is seen by a load through another), and a run starts from its initial value: the elements of its
`dense<...>` (a splat repeated), or zeros for `= uninitialized` (MLIR leaves those undefined; zeros are what an
internal memory holds, as for `memref.alloc`). The hardware holds it in an internal memory initialised with the
table (`handshake_memory` `INIT`, reloaded at reset when the program stores to it).

Refused at the `memref.get_global`, located: an unknown symbol, a type other than the global's, an element type the
flow does not hold (integers i1..i64, f16, bf16, f32, f64), a layout other than plain row-major, more than
`MAX_DEPTH` elements; and a store to a `constant` global (undefined in MLIR: its memory is read-only).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod

from xdsl.dialects import memref
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, IntegerType, MemRefType, NoneAttr

from dfv.golden.fp.format import FORMATS
from dfv.golden.memory.memory import MAX_DEPTH
from dfv.golden.types import FLOAT_WIDTHS, INT_WIDTHS
from dfv.lowering.errors import LoweringError
from dfv.lowering.float_literals import word_of_value
from dfv.lowering.parse import SourceModule


@dataclass(frozen=True)
class GlobalTable:
    """A `memref.global` as the engines hold it: its symbol, memref type, whether it is `constant`, and its initial
    contents as element words, row-major (unsigned words of the element's width; a float as its IEEE word)."""

    symbol: str
    type: MemRefType
    constant: bool
    words: tuple[int, ...]

    @property
    def shape(self) -> list[int]:
        return list(self.type.get_shape())


def _element_width(ty: MemRefType) -> int | None:
    """The width of a supported element type of a global (None: not supported)."""
    et = ty.get_element_type()
    if isinstance(et, IntegerType) and et.width.data in INT_WIDTHS and et.signedness.data.name == "SIGNLESS":
        return et.width.data
    return FLOAT_WIDTHS.get(str(et))


def _words(op: memref.GlobalOp, width: int, size: int) -> tuple[int, ...]:
    init = op.initial_value
    if not isinstance(init, DenseIntOrFPElementsAttr):
        return (0,) * size  # `= uninitialized`
    values = list(init.get_values())
    fmt = FORMATS.get(str(op.type.get_element_type()))
    mask = (1 << width) - 1
    words = [word_of_value(fmt, v) if fmt is not None else int(v) & mask for v in values]
    return tuple(words * size if len(words) == 1 and size != 1 else words)


def global_table(src: SourceModule, op: memref.GetGlobalOp) -> GlobalTable:
    """The table `op` reads (a LoweringError at `op` for what is refused: the module docstring)."""
    loc = src.loc(op)
    sym = op.name_.root_reference.data
    found = [g for g in src.module.ops if isinstance(g, memref.GlobalOp) and g.sym_name.data == sym]
    if not found:
        raise LoweringError(f"memref.get_global: no memref.global @{sym} in the module", loc)
    glob = found[0]
    ty = glob.type
    if op.memref.type != ty:
        raise LoweringError(f"memref.get_global @{sym}: the result type {op.memref.type} is not the global's {ty}", loc)
    width = _element_width(ty)
    if width is None:
        raise LoweringError(f"memref.global @{sym} : {ty}: the element type {ty.get_element_type()} is not supported "
                            f"(integers i1 i8 i16 i32 i64, {' '.join(FLOAT_WIDTHS)})", loc)
    if not isinstance(ty.layout, NoneAttr):
        raise LoweringError(f"memref.global @{sym} : {ty}: the layout {ty.layout} is not supported (a global must be "
                            "row-major without a layout)", loc)
    size = prod(ty.get_shape())
    if size > MAX_DEPTH:
        raise LoweringError(f"memref.global @{sym} : {ty} has {size} elements, more than the {MAX_DEPTH} a memory may "
                            "hold (dfv.golden.memory.memory.MAX_DEPTH)", loc)
    return GlobalTable(sym, ty, glob.constant is not None, _words(glob, width, size))
