"""The `affine` operations in the source interpreter (`dfv.lowering.reference`), by their MLIR semantics.

xDSL's implementations run constant loop bounds only, drop the symbols of a map and ignore `iter_args` and
`affine.if`; these run what Polygeist emits: loop bounds as the largest / smallest result of their maps, any
operands, `iter_args`, `affine.if` on an integer set, `affine.apply` / `min` / `max`, and loads and stores at the
results of their maps. An affine expression is evaluated exactly (`mod` is the non-negative remainder, `floordiv`
and `ceildiv` round down and up, by a positive constant); a value that leaves the `--index-width`-bit index on
the way is refused at its operation, since the hardware's index arithmetic would wrap (MLIR's affine values do
not). `dfv.lowering.lower_affine` lowers the same operations to `scf` + `arith` for the hardware; this module is
the independent reading both are compared with.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import affine
from xdsl.interpreter import Interpreter, InterpreterFunctions, impl, register_impls
from xdsl.ir import Operation
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

from dfv.lowering import affine_syntax
from dfv.lowering.errors import LoweringError
from dfv.lowering.lower_affine import constant_divisor
from dfv.lowering.parse import SourceModule
from dfv.lowering.source_loops import counted_loop
from dfv.lowering.source_memory import checked_view
from dfv.lowering.trip_budget import TripBudget


@register_impls
class AffineEval(InterpreterFunctions):
    """The affine operations of one source run: `src` gives locations, `budget` bounds the loop trips."""

    def __init__(self, src: SourceModule, budget: TripBudget):
        self.src, self.budget = src, budget

    def _expr(self, interp: Interpreter, op: Operation, e: AffineExpr, dims: Sequence[int], syms: Sequence[int]) -> int:
        if isinstance(e, AffineConstantExpr):
            value = e.value
        elif isinstance(e, AffineDimExpr):
            return dims[e.position]
        elif isinstance(e, AffineSymExpr):
            return syms[e.position]
        else:
            assert isinstance(e, AffineBinaryOpExpr)
            a = self._expr(interp, op, e.lhs, dims, syms)
            if e.kind is AffineBinaryOpKind.Add:
                value = a + self._expr(interp, op, e.rhs, dims, syms)
            elif e.kind is AffineBinaryOpKind.Mul:
                value = a * self._expr(interp, op, e.rhs, dims, syms)
            else:
                try:
                    c = constant_divisor(e)
                except ValueError as exc:
                    raise LoweringError(f"{op.name}: {exc}", self.src.loc(op)) from None
                value = {AffineBinaryOpKind.Mod: a % c, AffineBinaryOpKind.FloorDiv: a // c,
                         AffineBinaryOpKind.CeilDiv: -(-a // c)}[e.kind]
        width = interp.index_bitwidth
        if not -(1 << (width - 1)) <= value < (1 << (width - 1)):
            raise LoweringError(f"{op.name}: the affine expression {e} is {value} on this run, outside the {width}-bit "
                                "index (the hardware's index arithmetic would wrap)", self.src.loc(op))
        return value

    def _map(self, interp: Interpreter, op: Operation, m: AffineMap, operands: Sequence[int]) -> list[int]:
        dims, syms = operands[:m.num_dims], operands[m.num_dims:]
        return [self._expr(interp, op, e, dims, syms) for e in m.results]

    @impl(affine.ForOp)
    def run_for(self, interp: Interpreter, op: affine.ForOp, args):
        n_lb, n_ub = len(op.lowerBoundOperands), len(op.upperBoundOperands)
        lb = max(self._map(interp, op, op.lowerBoundMap.data, args[:n_lb]))
        ub = min(self._map(interp, op, op.upperBoundMap.data, args[n_lb:n_lb + n_ub]))
        return counted_loop(interp, self.budget, "affine.for", self.src.loc(op), (lb, ub, op.step.value.data),
                            interp.index_bitwidth, op.body, args[n_lb + n_ub:])

    @impl(affine_syntax.IfOp)
    def run_if(self, interp: Interpreter, op: affine_syntax.IfOp, args):
        s = op.condition.data
        dims, syms = args[:s.num_dims], args[s.num_dims:]
        holds = True
        for c in s.constraints:
            v = self._expr(interp, op, c.lhs, dims, syms) - self._expr(interp, op, c.rhs, dims, syms)
            holds = holds and {AffineConstraintKind.ge: v >= 0, AffineConstraintKind.le: v <= 0,
                               AffineConstraintKind.eq: v == 0}[c.kind]
        region = op.then_region if holds else op.else_region
        if not region.blocks:
            return ()
        return interp.run_ssacfg_region(region, (), "affine.if")

    @impl(affine_syntax.LoadOp)
    def run_load(self, interp: Interpreter, op: affine_syntax.LoadOp, args):
        mem, *operands = args
        index = self._map(interp, op, op.map.data, operands)
        return (checked_view(op, op.memref.type, mem, index, self.src.loc(op)).load(index),)

    @impl(affine_syntax.StoreOp)
    def run_store(self, interp: Interpreter, op: affine_syntax.StoreOp, args):
        value, mem, *operands = args
        index = self._map(interp, op, op.map.data, operands)
        checked_view(op, op.memref.type, mem, index, self.src.loc(op)).store(index, value)
        return ()

    @impl(affine.ApplyOp)
    def run_apply(self, interp: Interpreter, op: affine.ApplyOp, args):
        return tuple(self._map(interp, op, op.map.data, args))

    @impl(affine.MinOp)
    def run_min(self, interp: Interpreter, op: affine.MinOp, args):
        return (min(self._map(interp, op, op.map.data, args)),)

    @impl(affine_syntax.MaxOp)
    def run_max(self, interp: Interpreter, op: affine_syntax.MaxOp, args):
        return (max(self._map(interp, op, op.map.data, args)),)
