"""`scf.for` and `scf.while` for the source interpreter (`dfv.lowering.reference`), with the checks xDSL's
interpreter lacks and the hardware needs (`counted_loop` is shared with `affine.for`, `dfv.lowering.affine_eval`).

* `scf.for` needs a positive step at run time (MLIR leaves any other step undefined; the hardware
  stream would never end or report error 0x103).
* Its induction variable must not wrap: after the last trip it becomes `lb + trips * step`, which must
  fit the signed index; otherwise the hardware's wrapped `idx < ub` holds again and the loop goes on.
* Every trip is counted against the run's `TripBudget`, so a runaway `scf.while` is reported with its
  location instead of hanging; an `scf.for` that needs more than the budget is refused up front.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.dialects.builtin import IndexType
from xdsl.interpreter import Interpreter, InterpreterFunctions, impl, register_impls
from xdsl.ir import Region

from dfv.lowering.parse import LoweringError, SourceModule
from dfv.lowering.trip_budget import TripBudget


def counted_loop(interp: Interpreter, budget: TripBudget, name: str, loc: str, bounds: tuple[int, int, int],
                 width: int, body: Region, carried) -> tuple:
    """Run `body` for i = lb, lb + step, ... while i < ub (`bounds`: lb, ub, step) with the values `carried`
    from trip to trip, after the checks of a counted loop (`scf.for`, `affine.for`) named `name` at `loc` whose
    induction variable is `width` bits: a positive step, no wrap past the largest index, the trips within the
    budget. Returns the values carried out."""
    lb, ub, step = bounds
    if step <= 0:
        raise LoweringError(f"{name} step is {step} at run time; {name} needs a positive step", loc)
    trips = max(0, -((lb - ub) // step))
    top = (1 << (width - 1)) - 1
    if trips and lb + trips * step > top:
        raise LoweringError(f"{name} induction variable wraps: after its last trip it is {lb} + {trips} * "
                            f"{step} = {lb + trips * step}, past the largest {width}-bit index {top}", loc)
    with budget.loop(name, loc, trips) as active:
        for i in range(lb, ub, step):
            budget.take(active)
            carried = interp.run_ssacfg_region(body, (i, *carried), name)
    return tuple(carried)


@register_impls
class LoopFunctions(InterpreterFunctions):
    """The loop implementations of one source run: `src` gives locations, `budget` bounds the trips."""

    def __init__(self, src: SourceModule, budget: TripBudget):
        self.src, self.budget = src, budget

    @impl(scf.ForOp)
    def run_for(self, interp: Interpreter, op: scf.ForOp, args):
        lb, ub, step, *carried = args
        width = interp.index_bitwidth if isinstance(op.lb.type, IndexType) else op.lb.type.width.data
        return counted_loop(interp, self.budget, "scf.for", self.src.loc(op), (lb, ub, step), width, op.body,
                            carried)

    @impl(scf.WhileOp)
    def run_while(self, interp: Interpreter, op: scf.WhileOp, args):
        carried = args
        with self.budget.loop("scf.while", self.src.loc(op)) as active:
            while True:
                cond, *forwarded = interp.run_ssacfg_region(op.before_region, carried, "while.before_region")
                if not cond:
                    return tuple(forwarded)
                self.budget.take(active)
                carried = interp.run_ssacfg_region(op.after_region, tuple(forwarded), "while.after_region")
