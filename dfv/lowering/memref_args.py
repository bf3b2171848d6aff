"""Memref arguments on a run: their values (flat or nested lists), their shapes, the sizes the circuit takes as
arguments and the depth of the hardware memory that holds them.

* **Values.** A memref argument is given as a flat row-major list or as a nested list whose nesting is the
  memref's shape (`[[1, 2, 3], [4, 5, 6]]` for `memref<2x3xi32>`); `flatten` checks the shape dimension by
  dimension and gives the flat list every engine uses.
* **Dynamic sizes** (`memref<?xi32>`, `memref<?x16xf32>`: Polygeist's pointer arguments) are bound on each run
  by the value's shape: a nested list gives every size, a flat list the one dynamic size it determines (the
  leading one of a memref whose other sizes are static). The lowered circuit takes each dynamic size of each
  memref argument as an extra `index` argument, after the function's own (`size_args`), which `memref.dim`
  reads and the address of a memref with a dynamic inner size multiplies by; a run binds them (`bind`).
* **Depth.** The hardware memory of a memref argument with a dynamic size holds `MemLimits.of(position)`
  elements (`dfv.lowering.mem_limits`); a run whose argument has more elements is refused, naming the argument,
  its size and the limit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import prod

from xdsl.dialects.builtin import DYNAMIC_INDEX, MemRefType
from xdsl.ir import Operation

from dfv.lowering.mem_limits import MemLimits


class ShapeError(ValueError):
    """A memref value that does not have its argument's shape, or does not fit its memory (the message says
    which dimension or limit)."""


@dataclass(frozen=True)
class SizeArg:
    """An argument of the lowered circuit that carries dimension `dim` of memref argument `arg` on a run."""

    position: int
    arg: int
    dim: int


def memref_params(fn: Operation) -> list:
    """The arguments of function `fn` (its entry block's)."""
    return list(fn.body.blocks[0].args) if fn.body.blocks else []


def size_args(fn: Operation) -> list[SizeArg]:
    """One per dynamic dimension of each memref argument of `fn`, in argument then dimension order, placed
    after `fn`'s own arguments."""
    params = memref_params(fn)
    out = []
    for a in params:
        if isinstance(a.type, MemRefType):
            for d, size in enumerate(a.type.get_shape()):
                if size == DYNAMIC_INDEX:
                    out.append(SizeArg(len(params) + len(out), a.index, d))
    return out


def is_dynamic(ty: MemRefType) -> bool:
    return any(d == DYNAMIC_INDEX for d in ty.get_shape())


def flatten(ty: MemRefType, value, what: str) -> tuple[list, tuple[int, ...]]:
    """The flat row-major list and the shape of memref value `value` of type `ty` (`what` names it in a
    ShapeError): a nested list must have the memref's rank and, in each dimension, the static size or (dynamic)
    one size for every list of that level; a flat list must have the static element count, or determine the one
    dynamic size as the leading one. An empty list of a memref of rank 2 or more has no rows (an inner dynamic
    size is then 0)."""
    shape = list(ty.get_shape())
    if not isinstance(value, list):
        raise ShapeError(f"{what} ({ty}) must be a list of values (flat, or nested like the memref's shape)")
    nested = any(isinstance(v, list) for v in value) or (not value and len(shape) > 1)  # [] has no rows
    if not nested or len(shape) <= 1:
        if nested:
            raise ShapeError(f"{what} ({ty}) has one dimension: a flat list of values, not nested lists")
        return list(value), _flat_shape(ty, shape, len(value), what)
    flat: list = []
    sizes: list[int | None] = [None if d == DYNAMIC_INDEX else d for d in shape]
    _walk(value, 0, sizes, shape, flat, what, ty, [])
    return flat, tuple(s if s is not None else 0 for s in sizes)


def _flat_shape(ty: MemRefType, shape: list[int], n: int, what: str) -> tuple[int, ...]:
    dynamic = [k for k, d in enumerate(shape) if d == DYNAMIC_INDEX]
    rest = prod(d for d in shape if d != DYNAMIC_INDEX)
    if not dynamic:
        if n != rest:
            raise ShapeError(f"{what} ({ty}) needs {rest} values, got {n}")
        return tuple(shape)
    if len(dynamic) > 1 or dynamic[0] != 0:
        raise ShapeError(f"{what} ({ty}): a flat list does not say its dynamic sizes; give it as a nested list "
                         f"({len(shape)} levels)")
    if n % rest:
        raise ShapeError(f"{what} ({ty}) needs a multiple of {rest} values (whole rows of {rest}), got {n}")
    return (n // rest, *shape[1:])


def _walk(value, level: int, sizes: list[int | None], shape: list[int], flat: list, what: str, ty, path: list[int]):
    """Check one nested list of `level` against `sizes` (fixed by the type or by the first list of the level)."""
    where = what + "".join(f"[{i}]" for i in path)
    if not isinstance(value, list):
        raise ShapeError(f"{where} ({ty}): dimension {level} must be a list, got a single value")
    n = len(value)
    if sizes[level] is None:
        sizes[level] = n
    elif n != sizes[level]:
        size_of = ("the type says" if shape[level] != DYNAMIC_INDEX else "the first list of this level has")
        raise ShapeError(f"{where} ({ty}): dimension {level} has {n} values, {size_of} {sizes[level]} "
                         "(a ragged or mis-shaped list)")
    last = level == len(sizes) - 1
    for i, v in enumerate(value):
        if last:
            if isinstance(v, list):
                raise ShapeError(f"{where}[{i}] ({ty}): nested deeper than the memref's {len(sizes)} dimensions")
            flat.append(v)
        else:
            _walk(v, level + 1, sizes, shape, flat, what, ty, [*path, i])


@dataclass
class Bound:
    """The values of one run: `args` the function's arguments (memrefs as flat row-major lists), `shapes` each
    memref argument's shape, `circuit` every argument of the lowered circuit by position (the function's, then
    the dynamic sizes of `size_args`)."""

    args: list
    shapes: dict[int, tuple[int, ...]] = field(default_factory=dict)
    circuit: dict[int, object] = field(default_factory=dict)


def bind(fn: Operation, values: list, limits: MemLimits, params: list | None = None) -> Bound:
    """Bind `values` (one per argument of `fn`, or of `params` when given: the arguments an inputs file lists)
    for one run; a ShapeError for a memref value of the wrong shape or one that does not fit its memory."""
    params = memref_params(fn) if params is None else params
    args, shapes = [], {}
    for i, (p, v) in enumerate(zip(params, values, strict=True)):
        if isinstance(p.type, MemRefType):
            flat, shape = flatten(p.type, v, f"argument {i}")
            if is_dynamic(p.type) and len(flat) > limits.of(i):
                dims = "x".join(map(str, shape))
                raise ShapeError(f"argument {i} ({p.type}) has {len(flat)} elements (shape {dims}): its hardware "
                                 f"memory holds {limits.of(i)} ({limits.option(i)}; raise it with --max-mem N, or "
                                 f"--max-mem {i}=N for this argument)")
            args.append(flat)
            shapes[i] = shape
        else:
            args.append(v)
    circuit: dict[int, object] = dict(enumerate(args))
    for s in size_args(fn):
        circuit[s.position] = shapes[s.arg][s.dim]
    return Bound(args, shapes, circuit)
