"""The DFG nodes of `arith` operations, shared by the `scf` lowering and the handshake-program reader.

One table per kind of operation (`BINOPS`, `CMPI`, `MINMAX`, `CASTS`) and one builder per node shape;
`arith_node` maps one xDSL `arith` operation to its node(s), given how to find the DFG output that
carries each operand.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.ir import Operation, SSAValue

from dfv.golden.handshake.arith import BINOP_CODES, CAST_KINDS, CMPI_PREDICATES
from dfv.golden.types import ChannelType, channel_int
from dfv.lowering.dfg import DFG, Ref

# The encodings are the golden model's (dfv.golden.handshake.arith), the one place they are defined.
BINOPS = frozenset(f"arith.{op}" for op in BINOP_CODES)
CASTS = {f"arith.{kind}": code for kind, code in CAST_KINDS.items()}
CMPI = tuple(sorted(CMPI_PREDICATES, key=CMPI_PREDICATES.__getitem__))
MINMAX = {"arith.maxsi": CMPI.index("sgt"), "arith.minsi": CMPI.index("slt"),  # cmpi predicate picking lhs
          "arith.maxui": CMPI.index("ugt"), "arith.minui": CMPI.index("ult")}


def data_width(g: DFG, t: str) -> int:
    """Bits of the data of a channel of type `t` (its extra signals excluded)."""
    vt = g.value_type(t)
    return vt.data.width if isinstance(vt, ChannelType) else vt.width


def extras_param(g: DFG, t: str) -> dict:
    """`{"extras": E}` for a channel type with E bits of downstream extra signals, else nothing: an arith
    node with it computes on the data and ORs the operands' extras into the result's (specs README)."""
    vt = g.value_type(t)
    return {"extras": vt.extra_width} if isinstance(vt, ChannelType) and vt.extra_width else {}


def retyped(g: DFG, t: str, data: str) -> str:
    """Type `t` with its data type replaced by `data`, its extra signals kept."""
    vt = g.value_type(t)
    return str(ChannelType(channel_int(data, g.index_width), vt.extras)) if isinstance(vt, ChannelType) and \
        vt.extras else data


def binop(g: DFG, op: str, lhs: Ref, rhs: Ref, loc: str) -> Ref:
    t = g.out_type(lhs)
    n = g.add(op, {"lhs": t, "rhs": t}, {"result": t}, loc, {"width": data_width(g, t), **extras_param(g, t)},
              {"lhs": lhs, "rhs": rhs})
    return Ref(n.id, "result")


def cmpi(g: DFG, pred: int, lhs: Ref, rhs: Ref, loc: str) -> Ref:
    t = g.out_type(lhs)
    n = g.add("arith.cmpi", {"lhs": t, "rhs": t}, {"result": retyped(g, t, "i1")}, loc,
              {"predicate": CMPI[pred], "width": data_width(g, t), **extras_param(g, t)}, {"lhs": lhs, "rhs": rhs})
    return Ref(n.id, "result")


def select(g: DFG, c: Ref, t: Ref, f: Ref, loc: str) -> Ref:
    ty = g.out_type(t)
    n = g.add("arith.select", {"cond": g.out_type(c), "true_value": ty, "false_value": ty}, {"result": ty}, loc,
              {"width": data_width(g, ty), **extras_param(g, ty)}, {"cond": c, "true_value": t, "false_value": f})
    return Ref(n.id, "result")


def cast(g: DFG, op: str, src: Ref, out_type: str, loc: str) -> Ref:
    it = g.out_type(src)
    n = g.add(op, {"in": it}, {"out": out_type}, loc,
              {"in_width": data_width(g, it), "out_width": data_width(g, out_type), **extras_param(g, it)},
              {"in": src}, meta={"kind": CASTS[op]})
    return Ref(n.id, "out")


def arith_node(g: DFG, op: Operation, lookup: Callable[[SSAValue], Ref], out_type: str, loc: str) -> Ref | None:
    """The DFG output computing `op`'s result, or None when `op` is not an arith computation handled
    here (constants are the caller's: they need a trigger)."""
    name = op.name
    if name in BINOPS:
        return binop(g, name, lookup(op.operands[0]), lookup(op.operands[1]), loc)
    if name == "arith.cmpi":
        return cmpi(g, op.predicate.value.data, lookup(op.lhs), lookup(op.rhs), loc)
    if name == "arith.select":
        return select(g, lookup(op.cond), lookup(op.lhs), lookup(op.rhs), loc)
    if name in MINMAX:
        a, b = lookup(op.operands[0]), lookup(op.operands[1])
        return select(g, cmpi(g, MINMAX[name], a, b, loc), a, b, loc)
    if name in CASTS:
        return cast(g, name, lookup(op.operands[0]), out_type, loc)
    return None
