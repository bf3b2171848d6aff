"""Spec 000/001's dataflow machines, as a lowered `scf` program has them: `stream`, `gate`, `carry`,
`invariant`."""

from __future__ import annotations

from xdsl.dialects.builtin import StringAttr

from dfv.golden.dataflow.stream import STEP_OPS
from dfv.golden.types import I1
from dfv.lowering import dialects as df
from dfv.lowering.bindings.registry import builds, reads
from dfv.lowering.errors import LoweringError
from dfv.lowering.handshake_syntax import unknown_attributes

_CLASSES = {"dataflow.stream": df.StreamOp, "dataflow.gate": df.GateOp, "dataflow.carry": df.CarryOp,
            "dataflow.invariant": df.InvariantOp}
_OPERANDS = {"dataflow.stream": ("start", "step", "bound"), "dataflow.gate": ("before_value", "before_cond"),
             "dataflow.carry": ("d", "a", "b"), "dataflow.invariant": ("d", "a")}
_RESULTS = {"dataflow.stream": ("idx", "cont"), "dataflow.gate": ("after_value", "after_cond"),
            "dataflow.carry": ("o",), "dataflow.invariant": ("o",)}


@reads(*_CLASSES.values())
def read_dataflow(r, op, loc: str) -> None:
    bad = unknown_attributes(op)
    if bad:
        raise LoweringError(f"{op.name}: unknown attribute {', '.join(repr(b) for b in bad)}", loc)
    if isinstance(op, df.StreamOp):
        sop = STEP_OPS.index(op.step_op.data) if op.step_op is not None else 0
        cc = op.cont_cond.data if op.cont_cond is not None else "<"
        it = r.g.index_type
        r.node(op, op.name, {"start": (it, op.start), "step": (it, op.step), "bound": (it, op.bound)},
               {"idx": it, "cont": I1},
               {"width": r.g.index_width, "step_op": sop, "cont_cond": df.COND_SPELLINGS.index(cc)})
        return
    if isinstance(op, df.GateOp):
        t = r.dtype(op.before_value.type, loc)
        r.node(op, op.name, {"before_value": (t, op.before_value), "before_cond": (I1, op.before_cond)},
               {"after_value": t, "after_cond": I1}, {"width": max(1, t.width)})
        return
    t = r.dtype(op.a.type, loc)
    ins = {"d": (I1, op.d), "a": (t, op.a)}
    if isinstance(op, df.CarryOp):
        ins["b"] = (t, op.b)
    r.node(op, op.name, ins, {"o": t}, {"width": max(1, t.width)})


@builds(*_CLASSES)
def build_dataflow(b, n) -> None:
    extra = None
    if n.op == "dataflow.stream":
        extra = {"step_op": StringAttr(STEP_OPS[n.params["step_op"]]),
                 "cont_cond": StringAttr(df.COND_SPELLINGS[n.params["cont_cond"]])}
    outs = _RESULTS[n.op]
    b.emit(n, _CLASSES[n.op].create(operands=b.operands(n, _OPERANDS[n.op]), result_types=b.types(n, outs),
                                    attributes=b.attrs(n, extra)), outs)
