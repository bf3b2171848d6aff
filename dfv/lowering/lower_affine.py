"""`affine` to `scf` + `arith`, in the lowering's copy of a program (`dfv.lowering.prepare`), as MLIR's
`lower-affine` does. xDSL's `lower-affine` pass covers constant loop bounds and maps without symbols only (it
drops the operands of a bound and the symbols of a subscript), and lowers `mod` / `floordiv` to operations with
other meanings; this one covers what Polygeist emits:

* `affine.for %i = max #lb(...) to min #ub(...) step s iter_args(...)`: `scf.for` from the largest result of
  `#lb` to the smallest of `#ub` by the constant `s`;
* `affine.if #set(...)`: `scf.if` on the conjunction of the set's constraints (`e >= 0`: `cmpi sge`, `e == 0`:
  `cmpi eq`);
* `affine.load` / `affine.store %m[<map>]`: `memref.load` / `memref.store` at the map's results;
* `affine.apply`, `affine.min`, `affine.max`: the map's result; the smallest / largest of its results
  (`minsi` / `maxsi`);
* `affine.yield`: `scf.yield`.

An affine expression becomes `index` arithmetic: `+` `addi` (`subi` for `a - b`), `*` `muli`, and, by a
positive constant `c` (the only divisor an affine map has), `a mod c` = `r < 0 ? r + c : r` with `r = remsi(a,
c)`, `a floordiv c` = `r < 0 ? q - 1 : q` and `a ceildiv c` = `r > 0 ? q + 1 : q` with `q = divsi(a, c)`.
Every operation made is located and named as the affine operation it comes from. The source interpreter runs
the affine operations themselves (`dfv.lowering.affine_eval`), so the two are checked against each other.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import affine, arith, memref, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, i1
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
    AffineSymExpr,
)
from xdsl.ir.affine.affine_set import AffineConstraintKind
from xdsl.rewriter import InsertPoint, Rewriter

from dfv.lowering import affine_syntax
from dfv.lowering.errors import LoweringError
from dfv.lowering.parse import SourceModule

DIVISIONS = (AffineBinaryOpKind.Mod, AffineBinaryOpKind.FloorDiv, AffineBinaryOpKind.CeilDiv)


def constant_divisor(expr: AffineBinaryOpExpr) -> int:
    """The divisor of a `mod` / `floordiv` / `ceildiv`: a positive constant in an affine map (MLIR's rule); a
    ValueError names anything else (a semi-affine map)."""
    rhs = expr.rhs
    if not isinstance(rhs, AffineConstantExpr) or rhs.value <= 0:
        raise ValueError(f"{expr}: {expr.kind.get_token()} by {rhs} (the divisor of an affine expression must be a "
                         "positive constant)")
    return rhs.value


class _Emitter:
    """Builds `index` arithmetic before `origin` (an affine operation of `work`), located and named as it."""

    def __init__(self, work: SourceModule, origin: Operation):
        self.work, self.origin = work, origin

    def add(self, op: Operation) -> SSAValue:
        Rewriter.insert_op(op, InsertPoint.before(self.origin))
        self.work.record(op, self.origin)
        return op.results[0]

    def const(self, value: int) -> SSAValue:
        return self.add(arith.ConstantOp(IntegerAttr(value, IndexType())))

    def expr(self, e: AffineExpr, dims: Sequence[SSAValue], syms: Sequence[SSAValue]) -> SSAValue:
        if isinstance(e, AffineConstantExpr):
            return self.const(e.value)
        if isinstance(e, AffineDimExpr):
            return dims[e.position]
        if isinstance(e, AffineSymExpr):
            return syms[e.position]
        assert isinstance(e, AffineBinaryOpExpr)
        kind = e.kind
        if kind is AffineBinaryOpKind.Add:
            neg = e.rhs
            if (isinstance(neg, AffineBinaryOpExpr) and neg.kind is AffineBinaryOpKind.Mul
                    and isinstance(neg.rhs, AffineConstantExpr) and neg.rhs.value == -1):
                return self.add(arith.SubiOp(self.expr(e.lhs, dims, syms), self.expr(neg.lhs, dims, syms)))
            return self.add(arith.AddiOp(self.expr(e.lhs, dims, syms), self.expr(e.rhs, dims, syms)))
        if kind is AffineBinaryOpKind.Mul:
            return self.add(arith.MuliOp(self.expr(e.lhs, dims, syms), self.expr(e.rhs, dims, syms)))
        try:
            c = constant_divisor(e)
        except ValueError as exc:
            raise LoweringError(f"{self.work.op_name(self.origin)}: {exc}", self.work.loc(self.origin)) from None
        a, cv, zero = self.expr(e.lhs, dims, syms), self.const(c), self.const(0)
        r = self.add(arith.RemSIOp(a, cv))
        if kind is AffineBinaryOpKind.Mod:
            neg = self.add(arith.CmpiOp(r, zero, "slt"))
            return self.add(arith.SelectOp(neg, self.add(arith.AddiOp(r, cv)), r))
        q = self.add(arith.DivSIOp(a, cv))
        one = self.const(1)
        if kind is AffineBinaryOpKind.FloorDiv:
            neg = self.add(arith.CmpiOp(r, zero, "slt"))
            return self.add(arith.SelectOp(neg, self.add(arith.SubiOp(q, one)), q))
        pos = self.add(arith.CmpiOp(r, zero, "sgt"))
        return self.add(arith.SelectOp(pos, self.add(arith.AddiOp(q, one)), q))

    def results(self, m: AffineMap, operands: Sequence[SSAValue]) -> list[SSAValue]:
        dims, syms = list(operands[:m.num_dims]), list(operands[m.num_dims:])
        return [self.expr(e, dims, syms) for e in m.results]

    def pick(self, values: list[SSAValue], op_class: type[Operation]) -> SSAValue:
        """The smallest (`arith.MinSIOp`) or largest (`arith.MaxSIOp`) of `values`."""
        acc = values[0]
        for v in values[1:]:
            acc = self.add(op_class(acc, v))
        return acc


def _lower(work: SourceModule, op: Operation) -> None:
    e = _Emitter(work, op)
    if isinstance(op, affine.ForOp):
        if op.step.value.data <= 0:  # MLIR's verifier refuses it; xDSL reads `step 0`
            raise LoweringError(f"affine.for step must be a positive constant, got {op.step.value.data}", work.loc(op))
        lb = e.pick(e.results(op.lowerBoundMap.data, op.lowerBoundOperands), arith.MaxSIOp)
        ub = e.pick(e.results(op.upperBoundMap.data, op.upperBoundOperands), arith.MinSIOp)
        step = e.const(op.step.value.data)
        new = scf.ForOp(lb, ub, step, list(op.inits), Rewriter.move_region_contents_to_new_regions(op.body))
    elif isinstance(op, affine.IfOp):
        s = op.condition.data
        dims, syms = list(op.args[:s.num_dims]), list(op.args[s.num_dims:])
        cond = None
        pred = {AffineConstraintKind.ge: "sge", AffineConstraintKind.le: "sle", AffineConstraintKind.eq: "eq"}
        for c in s.constraints:
            zero_rhs = isinstance(c.rhs, AffineConstantExpr) and c.rhs.value == 0
            v = e.expr(c.lhs if zero_rhs else c.lhs - c.rhs, dims, syms)
            holds = e.add(arith.CmpiOp(v, e.const(0), pred[c.kind]))
            cond = holds if cond is None else e.add(arith.AndIOp(cond, holds))
        if cond is None:
            cond = e.add(arith.ConstantOp(IntegerAttr(1, i1)))
        new = scf.IfOp(cond, list(op.res.types), Rewriter.move_region_contents_to_new_regions(op.then_region),
                       Rewriter.move_region_contents_to_new_regions(op.else_region))
    elif isinstance(op, affine.LoadOp):
        new = memref.LoadOp.get(op.memref, e.results(op.map.data, op.indices))
    elif isinstance(op, affine.StoreOp):
        new = memref.StoreOp.get(op.value, op.memref, e.results(op.map.data, op.indices))
    elif isinstance(op, affine.ApplyOp):
        value = e.results(op.map.data, op.mapOperands)[0]
        op.result.replace_all_uses_with(value)
        Rewriter.erase_op(op)
        return
    elif isinstance(op, affine.MinOp | affine_syntax.MaxOp):
        pick = arith.MinSIOp if isinstance(op, affine.MinOp) else arith.MaxSIOp
        value = e.pick(e.results(op.map.data, op.arguments), pick)
        op.result.replace_all_uses_with(value)
        Rewriter.erase_op(op)
        return
    elif isinstance(op, affine.YieldOp):
        new = scf.YieldOp(*op.arguments)
    else:
        raise LoweringError(f"unsupported operation {op.name}", work.loc(op))
    work.record(new, op)
    Rewriter.replace_op(op, new)


def lower_affine(work: SourceModule, fn: Operation) -> None:
    """Lower every `affine` operation of `fn` (in `work`, the lowering's copy) to `scf` + `arith`."""
    for op in list(fn.walk()):
        if op.name.startswith("affine."):
            _lower(work, op)
