"""`cf.br`, `cf.cond_br`, `cf.switch` and `func.return` for the source interpreter (`dfv.lowering.reference`).

xDSL's interpreter runs `cf.br` and `cf.cond_br` but not `cf.switch`, and it counts no loop trips, so a
`cf` loop that never ends would hang the reference run. Here every branch along a retreating edge of
the body's graph (`dfv.lowering.cfg`: in a reducible graph, a back edge to a loop's header) is one trip of
that loop, counted against the run's `TripBudget` like an `scf.while` trip, and a runaway loop is named
by its header block: `k.mlir:6:1: cf loop ^hdr does not finish: ...`. A loop is active from a branch into
its header from outside until a branch leaves its blocks or the function returns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects import cf, func
from xdsl.dialects.builtin import IntegerType
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    ReturnedValues,
    Successor,
    impl_terminator,
    register_impls,
)
from xdsl.ir import Block, Region

from dfv.lowering.cfg import ControlFlowGraph, Loop
from dfv.lowering.parse import SourceModule
from dfv.lowering.trip_budget import ActiveLoop, TripBudget


@dataclass
class _RegionLoops:
    """The loops of one body and the activations running now."""

    cfg: ControlFlowGraph
    by_header: dict[Block, Loop]
    running: dict[Block, ActiveLoop] = field(default_factory=dict)


@register_impls
class BranchFunctions(InterpreterFunctions):
    """The branches of one source run: `src` names the loops, `budget` bounds their trips."""

    def __init__(self, src: SourceModule, budget: TripBudget):
        self.src, self.budget = src, budget
        self._regions: dict[Region, _RegionLoops] = {}

    def _loops(self, region: Region) -> _RegionLoops:
        info = self._regions.get(region)
        if info is None:
            cfg = ControlFlowGraph(region)
            info = _RegionLoops(cfg, {lp.header: lp for lp in cfg.loops})
            self._regions[region] = info
        return info

    def _branch(self, op, target: Block, args: tuple[Any, ...]):
        """Count the trip or the loop change of going from `op`'s block to `target`."""
        source = op.parent_block()
        info = self._loops(source.parent)
        for header, active in list(info.running.items()):
            if target not in info.by_header[header].blocks:
                self.budget.leave(active)
                del info.running[header]
        lp = info.by_header.get(target)
        if lp is not None:
            if any(e.src is source for e in lp.back_edges) and target in info.running:
                self.budget.take(info.running[target])
            else:
                if target in info.running:
                    self.budget.leave(info.running.pop(target))
                label = self.src.label(target)
                name = f"cf loop {label.name}" if label is not None else "cf loop"
                info.running[target] = self.budget.enter(name, label.loc if label is not None else self.src.loc(op))
        return Successor(target, args), ()

    @impl_terminator(cf.BranchOp)
    def run_br(self, interp: Interpreter, op: cf.BranchOp, args: tuple[Any, ...]):
        return self._branch(op, op.successor, args)

    @impl_terminator(cf.ConditionalBranchOp)
    def run_cond_br(self, interp: Interpreter, op: cf.ConditionalBranchOp, args: tuple[Any, ...]):
        if args[0]:
            return self._branch(op, op.then_block, interp.get_values(op.then_arguments))
        return self._branch(op, op.else_block, interp.get_values(op.else_arguments))

    @impl_terminator(cf.SwitchOp)
    def run_switch(self, interp: Interpreter, op: cf.SwitchOp, args: tuple[Any, ...]):
        """The case whose value equals the flag (compared as words of the flag's width), else the default."""
        ty = op.flag.type
        width = ty.width.data if isinstance(ty, IntegerType) else interp.index_bitwidth
        mask = (1 << width) - 1
        cases = op.case_values.get_values() if op.case_values is not None else ()
        for value, block, operands in zip(cases, op.case_blocks, op.case_operand, strict=True):
            if (value - args[0]) & mask == 0:
                return self._branch(op, block, interp.get_values(operands))
        return self._branch(op, op.default_block, interp.get_values(op.default_operands))

    @impl_terminator(func.ReturnOp)
    def run_return(self, interp: Interpreter, op: func.ReturnOp, args: tuple[Any, ...]):
        info = self._regions.get(op.parent_block().parent)
        if info is not None:
            for active in info.running.values():
                self.budget.leave(active)
            info.running.clear()
        return ReturnedValues(args), ()
