"""The memrefs of the source interpreter (`dfv.lowering.reference`, `dfv.lowering.affine_eval`): root buffers,
views onto them, and the accesses MLIR leaves undefined, refused at their operation.

A root memref (an argument or an allocation) is an xDSL `ShapedArray` of its shape on the run (a dynamic size is
the argument value's, `dfv.lowering.memref_args`); a view (`subview`, `reinterpret_cast`, `collapse_shape`,
`expand_shape`) is a `StridedView` sharing the root's buffer. An access checks every index against its own
dimension (an index past one dimension may still give an in-range flat address, which would hide the error).
"""

from __future__ import annotations

from xdsl.dialects.builtin import DYNAMIC_INDEX
from xdsl.interpreters.shaped_array import ShapedArray
from xdsl.ir import Operation

from dfv.lowering.errors import LoweringError
from dfv.lowering.lower_memory import row_major


class StridedView:
    """A memref view onto a root ShapedArray: flat = offset + sum(idx_k * stride_k)."""

    def __init__(self, root: ShapedArray, offset: int, strides: tuple[int, ...], shape: list[int]):
        self.root, self.offset, self.strides, self.shape = root, offset, tuple(strides), list(shape)

    def _flat(self, index) -> int:
        return self.offset + sum(i * s for i, s in zip(index, self.strides, strict=True))

    def load(self, index):
        return self.root.data_ptr[self._flat(index)]

    def store(self, index, value) -> None:
        self.root.data_ptr[self._flat(index)] = value


def view(v) -> StridedView:
    """`v` (a root or a view) as a view."""
    if isinstance(v, StridedView):
        return v
    return StridedView(v, 0, row_major(v.shape), v.shape)


def checked_view(op: Operation, memref_type, mem, indices, loc: str) -> StridedView:
    """The view `op` accesses at `indices`, after checking every index against its own dimension (a LoweringError
    at `loc` otherwise)."""
    v = view(mem)
    for dim, (i, size) in enumerate(zip(indices, v.shape, strict=True)):
        if not 0 <= i < size:
            raise LoweringError(f"{op.name}: index {i} is out of range in dimension {dim} of {memref_type} "
                                f"(0..{size - 1})", loc)
    return v


def run_shape(mem) -> list[int]:
    """The shape of memref value `mem` on this run (`memref.dim` reads it)."""
    return view(mem).shape


def check_cast(name: str, mem, to_type, loc: str) -> None:
    """A cast to a static size is a promise about the run's size (MLIR leaves a wrong one undefined): refuse a
    run on which it does not hold."""
    shape = run_shape(mem)
    for k, (have, want) in enumerate(zip(shape, to_type.get_shape(), strict=True)):
        if want != DYNAMIC_INDEX and have != want:
            raise LoweringError(f"{name} to {to_type}: dimension {k} is {have} on this run, not {want} (undefined in "
                                "MLIR)", loc)
