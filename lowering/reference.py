"""Run the *source* program with xDSL's reference interpreter (`xdsl.interpreter`).

`register_implementations` provides scf / arith / memref / func; this module adds what the kernels
need beyond it: `memref.alloca`, the view operations (`cast`, `subview`, `reinterpret_cast`,
`collapse_shape`, `expand_shape`, as strided views sharing the root buffer) and the integer ops
`divui remui shrui extsi extui trunci index_castui maxsi minsi maxui minui`.
"""

from __future__ import annotations

from math import prod
from typing import Any

from xdsl.dialects import arith, func, memref
from xdsl.dialects.builtin import IndexType, IntegerType, MemRefType
from xdsl.interpreter import Interpreter, InterpreterFunctions, impl, register_impls
from xdsl.interpreters import register_implementations
from xdsl.interpreters.builtin import xtype_for_el_type
from xdsl.interpreters.shaped_array import ShapedArray
from xdsl.interpreters.utils.ptr import TypedPtr

from golden.types import to_signed, to_unsigned
from lowering.arith_ops import IndexCastUIOp
from lowering.lower_memory import row_major
from lowering.parse import LoweringError, SourceModule


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


def _view(v) -> StridedView:
    if isinstance(v, StridedView):
        return v
    return StridedView(v, 0, row_major(v.shape), v.shape)


def _w(interp: Interpreter, t) -> int:
    return interp.index_bitwidth if isinstance(t, IndexType) else t.width.data


@register_impls
class ExtraFunctions(InterpreterFunctions):
    @impl(memref.AllocaOp)
    def run_alloca(self, interp: Interpreter, op: memref.AllocaOp, args):
        ty = op.memref.type
        xt = xtype_for_el_type(ty.get_element_type(), interp.index_bitwidth)
        return (ShapedArray(TypedPtr[Any].zeros(prod(ty.get_shape()), xtype=xt), list(ty.get_shape())),)

    @impl(memref.CastOp)
    def run_cast(self, interp, op, args):
        return (args[0],)

    @impl(memref.SubviewOp)
    def run_subview(self, interp, op: memref.SubviewOp, args):
        src = _view(args[0])
        offs = list(op.static_offsets.get_values())
        sizes = list(op.static_sizes.get_values())
        sts = list(op.static_strides.get_values())
        off = src.offset + sum(o * s for o, s in zip(offs, src.strides, strict=True))
        full = [s * t for s, t in zip(src.strides, sts, strict=True)]
        rank = len(op.result.type.get_shape())
        drop, kept = len(full) - rank, []
        for size, st in zip(sizes, full, strict=True):
            if drop > 0 and size == 1:
                drop -= 1
                continue
            kept.append(st)
        return (StridedView(src.root, off, tuple(kept), list(op.result.type.get_shape())),)

    @impl(memref.ReinterpretCastOp)
    def run_reinterpret(self, interp, op: memref.ReinterpretCastOp, args):
        src = _view(args[0])
        offs = list(op.static_offsets.get_values())
        return (StridedView(src.root, offs[0] if offs else 0, tuple(op.static_strides.get_values()),
                            list(op.result.type.get_shape())),)

    @impl(memref.CollapseShapeOp)
    def run_collapse(self, interp, op: memref.CollapseShapeOp, args):
        src = _view(args[0])
        groups = [[a.value.data for a in g.data] for g in op.reassociation.data]
        return (StridedView(src.root, src.offset, tuple(src.strides[g[-1]] for g in groups),
                            list(op.result.type.get_shape())),)

    @impl(memref.ExpandShapeOp)
    def run_expand(self, interp, op: memref.ExpandShapeOp, args):
        src = _view(args[0])
        out_shape = list(op.static_output_shape.get_values())
        groups = [[a.value.data for a in g.data] for g in op.reassociation.data]
        strides = [0] * len(out_shape)
        for d, g in enumerate(groups):
            acc = src.strides[d]
            for k in reversed(g):
                strides[k] = acc
                acc *= out_shape[k]
        return (StridedView(src.root, src.offset, tuple(strides), out_shape),)

    @impl(memref.DeallocOp)
    def run_dealloc(self, interp, op, args):
        return ()

    def _u(self, interp, op, args):
        w = _w(interp, op.results[0].type)
        return to_unsigned(args[0], w), to_unsigned(args[1], w), w

    @impl(arith.DivUIOp)
    def run_divui(self, interp, op, args):
        a, b, w = self._u(interp, op, args)
        return (to_signed(a // b, w),)

    @impl(arith.RemUIOp)
    def run_remui(self, interp, op, args):
        a, b, w = self._u(interp, op, args)
        return (to_signed(a % b, w),)

    @impl(arith.ShRUIOp)
    def run_shrui(self, interp, op, args):
        a, b, w = self._u(interp, op, args)
        return (to_signed(a >> b if b < w else 0, w),)

    @impl(arith.MaxSIOp)
    def run_maxsi(self, interp, op, args):
        return (max(args[0], args[1]),)

    @impl(arith.MinSIOp)
    def run_minsi(self, interp, op, args):
        return (min(args[0], args[1]),)

    @impl(arith.MaxUIOp)
    def run_maxui(self, interp, op, args):
        a, b, w = self._u(interp, op, args)
        return (to_signed(max(a, b), w),)

    @impl(arith.MinUIOp)
    def run_minui(self, interp, op, args):
        a, b, w = self._u(interp, op, args)
        return (to_signed(min(a, b), w),)

    def _cast(self, interp, op, args, signed: bool):
        iw, ow = _w(interp, op.operands[0].type), _w(interp, op.results[0].type)
        v = to_signed(args[0], iw) if signed else to_unsigned(args[0], iw)
        return (to_signed(v, ow),)

    @impl(arith.ExtSIOp)
    def run_extsi(self, interp, op, args):
        return self._cast(interp, op, args, True)

    @impl(arith.ExtUIOp)
    def run_extui(self, interp, op, args):
        return self._cast(interp, op, args, False)

    @impl(arith.TruncIOp)
    def run_trunci(self, interp, op, args):
        return self._cast(interp, op, args, True)

    @impl(IndexCastUIOp)
    def run_index_castui(self, interp, op, args):
        return self._cast(interp, op, args, False)


def out_value(v: int, width: int) -> int:
    """The reported form of a result: signed and wrapped to `width` (i1 as 0/1)."""
    v = int(v)
    return v & 1 if width == 1 else to_signed(v, width)


def elem_width(t, index_width: int) -> int:
    if isinstance(t, IndexType):
        return index_width
    if isinstance(t, IntegerType):
        return t.width.data
    raise LoweringError(f"unsupported type {t}")


def run_source(src: SourceModule, fn: func.FuncOp, args: list, index_width: int) -> tuple[list[int], dict]:
    """Run `fn` on `args` (JSON values); return (results, {position: final memref contents})."""
    ibw = 64 if index_width > 32 else 32
    interp = Interpreter(src.module, index_bitwidth=ibw)
    register_implementations(interp, _ctx())
    interp.register_implementations(ExtraFunctions(), override=True)
    py_args, arrays = [], {}
    for i, (arg, val) in enumerate(zip(fn.body.blocks[0].args, args, strict=True)):
        t = arg.type
        if isinstance(t, MemRefType):
            et = t.get_element_type()
            w = elem_width(et, index_width)
            xt = xtype_for_el_type(et, ibw)
            data = [to_signed(int(v), w) if w > 1 else int(v) & 1 for v in val]
            arr = ShapedArray(TypedPtr[Any].new(data, xtype=xt), list(t.get_shape()))
            arrays[i] = (arr, w)
            py_args.append(arr)
        else:
            w = elem_width(t, index_width)
            py_args.append(to_signed(int(val), w) if w > 1 else int(val) & 1)
    try:
        outs = interp.call_op(fn.sym_name.data, tuple(py_args))
    except ZeroDivisionError:
        raise LoweringError("division by zero in the source program", src.loc(fn)) from None
    except Exception as exc:  # e.g. a zero scf.for step, an out-of-bounds access
        msg = " ".join(str(exc).split()) or type(exc).__name__
        raise LoweringError(f"the source program cannot be run on these inputs: {msg}", src.loc(fn)) from None
    types = fn.function_type.outputs.data
    results = [out_value(v, elem_width(t, index_width)) for v, t in zip(outs, types, strict=True)]
    mems = {i: [out_value(v, w) for v in arr.data] for i, (arr, w) in arrays.items()}
    return results, mems


def _ctx():
    from lowering.parse import context

    return context()
