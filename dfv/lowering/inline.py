"""`func.call` of functions of the same file: checked on the program as written, inlined in the lowering's copy.

A circuit has no call stack, so a called function becomes part of its caller's circuit: `inline_calls` replaces
each `func.call` by a copy of the callee's body (its arguments bound to the call's operands, its `func.return`
operands standing for the call's results), until no call is left. That ends because `call_closure` refused
recursion first, direct or mutual, naming the chain of calls (`@a -> @b -> @a`) at the call that closes it, and
refused a call to a function without a body in the file (a declaration of an external function), at the call.
The source interpreter runs the program as written, calls included (`dfv.lowering.reference`), so a fault of the
inlining shows as a mismatch.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import Operation
from xdsl.rewriter import InsertPoint, Rewriter

from dfv.lowering.errors import LoweringError
from dfv.lowering.parse import SourceModule

MAX_INLINED_OPS = 50_000
"""Most operations a function may have once its calls are inlined (a call tree is copied once per call: a few
levels of calls in loops can multiply a small program past what the lowering handles)."""


def _functions(src: SourceModule) -> dict[str, func.FuncOp]:
    return {op.sym_name.data: op for op in src.module.walk() if isinstance(op, func.FuncOp)}


def _calls(fn: func.FuncOp) -> list[func.CallOp]:
    return [op for op in fn.walk() if isinstance(op, func.CallOp)]


def call_closure(src: SourceModule, fn: func.FuncOp) -> list[func.FuncOp]:
    """`fn` and every function it calls, directly or not; a LoweringError at the call for a recursion (with the
    chain of calls) or a call to a function with no body in this file (a callee in `cf` is lifted to `scf` before
    it is inlined: `dfv.lowering.prepare`)."""
    funcs = _functions(src)
    order: list[func.FuncOp] = []
    done: set[str] = set()
    path: list[str] = []

    def visit(f: func.FuncOp) -> None:
        name = f.sym_name.data
        path.append(name)
        for call in _calls(f):
            callee_name = call.callee.root_reference.data
            callee = funcs.get(callee_name)
            loc = src.loc(call)
            if callee is None:
                raise LoweringError(f"func.call @{callee_name}: no function @{callee_name} in this file", loc)
            if not callee.body.blocks:
                raise LoweringError(f"func.call @{callee_name}: @{callee_name} is only declared here (an external "
                                    "function): its body is not in this file, so the call cannot become hardware", loc)
            if callee_name in path:
                chain = " -> ".join(f"@{n}" for n in [*path[path.index(callee_name):], callee_name])
                raise LoweringError(f"func.call @{callee_name}: recursion ({chain}) cannot be inlined into a circuit",
                                    loc)
            if callee_name not in done:
                visit(callee)
        path.pop()
        done.add(name)
        order.append(f)

    visit(fn)
    return order


def inline_calls(work: SourceModule, fn: func.FuncOp) -> None:
    """Replace every `func.call` in `fn` (of `work`, the lowering's copy) by the callee's body, located where the
    callee's operations are; `call_closure` must have accepted `fn`."""
    funcs = _functions(work)
    while calls := _calls(fn):
        for call in calls:
            _inline(work, call, funcs[call.callee.root_reference.data])
        size = sum(1 for _ in fn.walk())
        if size > MAX_INLINED_OPS:
            raise LoweringError(f"@{fn.sym_name.data} has {size} operations with its calls inlined, more than "
                                f"{MAX_INLINED_OPS} (dfv.lowering.inline.MAX_INLINED_OPS)", work.loc(fn))


def _inline(work: SourceModule, call: func.CallOp, callee: func.FuncOp) -> None:
    body = callee.body.clone()
    for original, copy in zip(callee.body.walk(), body.walk(), strict=True):
        work.record(copy, original)
    block = body.blocks[0]
    ret = block.last_op
    assert isinstance(ret, func.ReturnOp)
    Rewriter.inline_block(block, InsertPoint.before(call), tuple(call.arguments))
    results = list(ret.arguments)  # after inlining: the caller's values
    Rewriter.erase_op(ret)
    _replace(call, results)


def _replace(call: Operation, values: list) -> None:
    for r, v in zip(call.results, values, strict=True):
        r.replace_all_uses_with(v)
    Rewriter.erase_op(call)
