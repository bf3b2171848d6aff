"""Compute operations (`dfv.golden.compute`) and `arith.maxsi` / `minsi` / `maxui` / `minui`: their nodes
come from `dfv.lowering.arith_nodes`. The reader takes them after every other operation, in an order where
each one's operands come first (`read_compute` per operation); building uses the operation's IR class
(`dfv.lowering.handshake_arith`)."""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Attribute, Operation

from dfv.golden.catalogue import COMPUTE
from dfv.golden.types import ChannelType
from dfv.lowering import arith_nodes
from dfv.lowering.bindings.registry import builds
from dfv.lowering.dfg import Ref
from dfv.lowering.errors import LoweringError
from dfv.lowering.handshake_arith import ARITH_OPS
from dfv.lowering.handshake_syntax import unknown_attributes
from dfv.lowering.read_upstream import refuse_upstream

_CLASSES = {cls.name: cls for cls in ARITH_OPS}


def _extras_of(r, t: Attribute, loc: str) -> str:
    """The extra signals of a value's type, as text ("" for none)."""
    vt = r.dtype(t, loc)
    return ", ".join(map(str, vt.extras)) if isinstance(vt, ChannelType) else ""


def read_compute(r, op: Operation) -> None:
    """The node(s) of one `arith` / compute operation, its operands' nodes already made."""
    loc = r.loc(op)
    if op.name == "arith.constant":
        raise LoweringError("arith.constant has no trigger in a handshake.func: use handshake.constant", loc)
    bad = unknown_attributes(op)
    if bad:
        raise LoweringError(f"{op.name}: unknown attribute {', '.join(repr(b) for b in bad)}", loc)
    refuse_upstream(op, loc)
    out_type = r.dtype(op.results[0].type, loc) if op.results else ""
    extras = {_extras_of(r, v.type, loc) for v in (*op.operands, *op.results)}
    if len(extras) > 1:
        raise LoweringError(f"{op.name}: every operand and the result must carry the same extra signals "
                            f"(specs README), got {' / '.join(e or 'none' for e in sorted(extras))}", loc)
    if op.name == "arith.index_cast" and not r.fa.written:
        # CIRCT's hardware carries unsigned data and widens an index_cast with zeros (its handshake
        # lowering pads); its programs rely on that, e.g. an i1 condition cast to a mux select.
        ref = arith_nodes.compute(r.g, "arith.index_castui", (r.resolve(op.operands[0], loc),), loc, out_type)
    else:
        ref = arith_nodes.arith_node(r.g, op, lambda v: r.resolve(v, loc), out_type, loc)
    if ref is None:
        raise LoweringError(f"unsupported operation {op.name}", loc)
    n = r.adopt(op, r.g.nodes[ref.node])
    r.out[op.results[0]] = Ref(n.id, ref.port)


@builds(*COMPUTE)
def build_compute(b, n) -> None:
    c = COMPUTE[n.op]
    cls = _CLASSES[n.op]
    props = {"predicate": IntegerAttr(cls.PREDICATES[n.params["predicate"]], 64)} if "predicate" in n.params else {}
    outs = [c.output.name]
    b.emit(n, cls.create(operands=b.operands(n, c.input_names), result_types=b.types(n, outs),
                                    attributes=b.attrs(n), properties=props), outs)
