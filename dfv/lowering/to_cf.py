"""A generated program with its control flow as blocks and branches (`dfv fuzz --cf`).

The program's text is read with xDSL, its `scf.for` and `scf.if` are lowered by xDSL's
`convert-scf-to-cf` and its `scf.while` by `WhileLowering` below (xDSL has no pattern for it), and the
result is printed again. `dfv run` then lifts it back to `scf` (`dfv.lowering.lift_cf`) while the source
interpreter runs the `cf` text as printed, so every run of such a program tests the lifting.
"""

from __future__ import annotations

from io import StringIO

from xdsl.dialects import cf, scf
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.printer import Printer
from xdsl.rewriter import BlockInsertPoint, InsertPoint
from xdsl.transforms.convert_scf_to_cf import ForLowering, IfLowering, SwitchLowering

from dfv.lowering.parse import parse_text


class WhileLowering(RewritePattern):
    """`scf.while` as blocks, as MLIR's SCFToControlFlow lowers it: the block holding the loop branches to
    the before region's first block with the initial values; its `scf.condition` becomes a `cf.cond_br` to
    the after region (true) or to the rest of the block (false), both given the forwarded values; the
    after region's `scf.yield` branches back to the before region."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.WhileOp, rewriter: PatternRewriter, /):
        head = op.parent_block()
        rest = head.split_before(op)
        for i, ty in enumerate(op.result_types):
            rewriter.insert_block_argument(rest, i, ty)
        before, after = op.before_region.first_block, op.after_region.first_block
        condition = op.before_region.last_block.last_op
        yielded = op.after_region.last_block.last_op
        assert isinstance(condition, scf.ConditionOp) and isinstance(yielded, scf.YieldOp)
        rewriter.replace(condition, cf.ConditionalBranchOp(condition.condition, after, condition.args, rest,
                                                              condition.args))
        rewriter.replace(yielded, cf.BranchOp(before, *yielded.operands))
        rewriter.inline_region(op.before_region, BlockInsertPoint.before(rest))
        rewriter.inline_region(op.after_region, BlockInsertPoint.before(rest))
        rewriter.insert(cf.BranchOp(before, *op.arguments), InsertPoint.at_end(head))
        rewriter.replace(op, [], rest.args)


def to_cf(text: str) -> str:
    """`text` (one module of `func.func` in `scf`) with every `scf.for`, `scf.if` and `scf.while` as
    blocks and `cf` branches."""
    module = parse_text(text, "<generated>").module
    patterns = [SwitchLowering(), IfLowering(), ForLowering(), WhileLowering()]
    # dce off: the program keeps its unused operations (views, casts), as the scf text has them
    PatternRewriteWalker(GreedyRewritePatternApplier(patterns, dce_enabled=False)).rewrite_module(module)
    module.verify()
    out = StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue() + "\n"
