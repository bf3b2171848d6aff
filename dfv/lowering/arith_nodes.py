"""The DFG nodes of compute operations (`dfv.golden.compute`), shared by the `scf` lowering and the
handshake-program reader.

`compute` builds the node of any compute operation from its declaration (ports, syntax, width
parameters); `arith_node` maps one xDSL operation to its node(s), given how to find the DFG output that
carries each operand: a compute operation of the catalogue becomes its node, and `arith.maxsi` /
`minsi` / `maxui` / `minui`, which no RTL module implements, a `cmpi` and a `select`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.ir import Operation, SSAValue

from dfv.golden.catalogue import COMPUTE
from dfv.golden.compute import Syntax
from dfv.golden.encodings import CmpiPredicate
from dfv.golden.fp.compare import CMPF_PREDICATES
from dfv.golden.types import I1, ChannelType, ScalarType, TokenType, data_width
from dfv.lowering.dfg import DFG, Ref
from dfv.lowering.errors import LoweringError

# min / max as the cmpi predicate that picks the left operand
MINMAX = {"arith.maxsi": CmpiPredicate.SGT, "arith.minsi": CmpiPredicate.SLT,
          "arith.maxui": CmpiPredicate.UGT, "arith.minui": CmpiPredicate.ULT}


def extras_param(t: TokenType) -> dict:
    """`{"extras": E}` for a channel type with E bits of downstream extra signals, else nothing: an arith
    node with it computes on the data and ORs the operands' extras into the result's (specs README)."""
    return {"extras": t.extra_width} if isinstance(t, ChannelType) and t.extra_width else {}


def retyped(t: TokenType, data: ScalarType) -> TokenType:
    """Type `t` with its data type replaced by `data`, its extra signals kept."""
    return ChannelType(data, t.extras) if isinstance(t, ChannelType) and t.extras else data


def data_type(t: TokenType) -> ScalarType:
    """The value type a token of type `t` carries (a channel's data type, else `t` itself)."""
    return t.data if isinstance(t, ChannelType) else t  # type: ignore[return-value]


def handles(name: str) -> bool:
    """Whether `arith_node` builds the node(s) of operation `name`."""
    return name in COMPUTE or name in MINMAX


def compute(g: DFG, op: str, operands: Sequence[Ref], loc: str, out_type: TokenType | None = None,
            params: dict | None = None) -> Ref:
    """The node of compute operation `op` on `operands` (one per input port, in order): the result is
    of the first operand's type (of the last for `select`), an `i1` with its extras for `cmpi`, and
    `out_type` for a cast; each width parameter is the data width of the port that names it."""
    c = COMPUTE[op]
    in_types = {p.name: g.out_type(r) for p, r in zip(c.inputs, operands, strict=True)}
    if c.syntax is Syntax.CAST:
        assert out_type is not None, f"{op}: a cast needs its result type"
        result = out_type
    elif c.syntax in (Syntax.CMPI, Syntax.CMPF):
        result = retyped(in_types[c.inputs[0].name], I1)
    else:
        result = in_types[c.inputs[-1].name]
    types = {**in_types, c.output.name: result}
    golden = {p.width: data_type(types[p.name]).name if p.is_float else data_width(types[p.name])
              for p in (*c.inputs, c.output) if isinstance(p.width, str)}
    if c.check is not None:
        try:
            c.check({**(params or {}), **golden})
        except ValueError as exc:
            raise LoweringError(f"{op}: {exc}", loc) from None
    n = g.add(op, in_types, {c.output.name: result}, loc, {**(params or {}), **golden, **extras_param(result)},
              {p.name: r for p, r in zip(c.inputs, operands, strict=True)})
    return Ref(n.id, c.output.name)


def cmpi(g: DFG, pred: CmpiPredicate, lhs: Ref, rhs: Ref, loc: str) -> Ref:
    return compute(g, "arith.cmpi", (lhs, rhs), loc, params={"predicate": pred.spelling})


def arith_node(g: DFG, op: Operation, lookup: Callable[[SSAValue], Ref], out_type: TokenType | None,
               loc: str) -> Ref | None:
    """The DFG output computing `op`'s result, or None when `op` is not a compute operation or a min / max
    (constants are the caller's: they need a trigger)."""
    name = op.name
    if not handles(name):
        return None
    mode = op.properties.get("roundingmode") or op.attributes.get("roundingmode")
    if mode is not None and "to_nearest_even" not in str(mode) and str(mode) not in ("0", "0 : i32"):
        raise LoweringError(f"{name}: rounding mode {mode} is not supported: every float operation rounds to "
                            "nearest, ties to even (the specs README, \"Floating point\")", loc)
    operands = [lookup(v) for v in op.operands]
    if name in MINMAX:
        a, b = operands
        return compute(g, "arith.select", (cmpi(g, MINMAX[name], a, b, loc), a, b), loc)
    return compute(g, name, operands, loc, out_type, predicate_param(op))


def predicate_param(op: Operation) -> dict | None:
    """The golden `predicate` parameter of a comparison (its spelling), None for other operations."""
    if op.name == "arith.cmpi":
        return {"predicate": CmpiPredicate(op.predicate.value.data).spelling}
    if op.name == "arith.cmpf":
        return {"predicate": list(CMPF_PREDICATES)[op.predicate.value.data]}
    return None
