"""A source function made ready for the lowering: the program as front ends emit it becomes the plain
`scf`/`arith`/`memref` function the control and memory lowerings read.

`prepare` checks the program as written (calls: `dfv.lowering.inline.call_closure`; attributes:
`dfv.lowering.attributes`), then, on a copy of the module (the source interpreter runs the original), puts in
place of each function of several blocks (`cf`) its lifting to `scf` (`dfv.lowering.lift_cf`; callees too, so that
they can be inlined), inlines the calls (`dfv.lowering.inline`), lowers `affine` to `scf` + `arith`
(`dfv.lowering.lower_affine`) and gives every `llvm.mlir.undef` its value, `UNDEF_WORD`. Every operation of the
copy keeps, or is given, the location and name of the operation of the text it comes from, so errors and the
graph's locations point into the file.

`llvm.mlir.undef` is a value the program may not rely on (MLIR: any value of its type, possibly a different one at
each use). dfv picks one: the word `UNDEF_WORD` (0; +0.0 for a float), the same in the source interpreter
(`dfv.lowering.reference`), the golden model and the RTL, so a comparison never fails because of it.
"""

from __future__ import annotations

from xdsl.dialects import arith, func, llvm
from xdsl.dialects.builtin import FloatAttr, IndexType, IntegerAttr, IntegerType
from xdsl.ir import Operation
from xdsl.rewriter import InsertPoint, Rewriter

from dfv.golden.types import FLOAT_WIDTHS
from dfv.lowering.attributes import check_attributes
from dfv.lowering.errors import LoweringError
from dfv.lowering.inline import call_closure, inline_calls
from dfv.lowering.lift_cf import lift_function, needs_lifting
from dfv.lowering.lower_affine import lower_affine
from dfv.lowering.parse import SourceModule

UNDEF_WORD = 0
"""The word every `llvm.mlir.undef` stands for (all zeros: 0, or +0.0 for a float)."""


def undef_attr(op: llvm.UndefOp, loc: str) -> IntegerAttr | FloatAttr:
    """The constant that `op` (an `llvm.mlir.undef`) stands for."""
    ty = op.res.type
    if isinstance(ty, IntegerType | IndexType):
        return IntegerAttr(UNDEF_WORD, ty)
    if str(ty) in FLOAT_WIDTHS:
        return FloatAttr(float(UNDEF_WORD), ty)
    raise LoweringError(f"llvm.mlir.undef of type {ty} is not supported (only integer, index and float values)", loc)


def _needs_copy(fn: func.FuncOp) -> bool:
    return needs_lifting(fn) or any(isinstance(op, func.CallOp | llvm.UndefOp) or op.name.startswith("affine.")
                                    for op in fn.walk())


def copy_module(src: SourceModule) -> tuple[SourceModule, dict[int, Operation]]:
    """A copy of `src`'s module whose operations are located and named as the originals, and the copy of each
    original operation by `id`."""
    module = src.module.clone()
    work = SourceModule(module, src.filename, float_bits=src.float_bits)
    copies = {}
    for original, copy in zip(src.module.walk(), module.walk(), strict=True):
        work.record(copy, original, src)
        copies[id(original)] = copy
    return work, copies


def _replace_undefs(work: SourceModule, fn: Operation) -> None:
    for op in list(fn.walk()):
        if isinstance(op, llvm.UndefOp):
            const = arith.ConstantOp(undef_attr(op, work.loc(op)))
            work.record(const, op)
            Rewriter.replace_op(op, const)


def _function(work: SourceModule, name: str) -> func.FuncOp:
    return next(op for op in work.module.ops if isinstance(op, func.FuncOp) and op.sym_name.data == name)


def _put_lifted(work: SourceModule, copy: func.FuncOp, lifted: SourceModule) -> None:
    """Put the function of `lifted` (`lift_function`'s module of one function) in place of `copy` in `work`,
    with the locations and names the lifting gave its operations."""
    new = lifted.module.body.block.first_op
    assert isinstance(new, func.FuncOp)
    new.detach()
    Rewriter.insert_op(new, InsertPoint.before(copy))
    copy.detach()
    copy.erase()
    work.locs.update(lifted.locs)
    work.names.update(lifted.names)
    work.keep.append(new)


def prepare(src: SourceModule, fn: func.FuncOp, index_width: int) -> tuple[SourceModule, func.FuncOp]:
    """The module and function the lowering reads for `fn` of `src` (`src` itself when `fn` has nothing to inline,
    lower or replace); a LoweringError, located, for what cannot be prepared."""
    closure = call_closure(src, fn)
    check_attributes(src, closure, index_width)
    if not any(_needs_copy(f) for f in closure):
        return src, fn
    work, copies = copy_module(src)
    for f in closure:
        if needs_lifting(f):
            _put_lifted(work, copies[id(f)], lift_function(src, f))
    wfn = copies[id(fn)] if not needs_lifting(fn) else _function(work, fn.sym_name.data)
    inline_calls(work, wfn)
    lower_affine(work, wfn)
    _replace_undefs(work, wfn)
    return work, wfn
