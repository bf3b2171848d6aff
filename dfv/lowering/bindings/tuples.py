"""CIRCT's tuples: `pack`, `unpack` and `sync`.

`pack` is a `handshake.pack` node (a join that keeps the data, the fields side by side), `unpack` a
`handshake.unpack` node (an eager fork that hands each output its field); `sync` is both, a pack of its
operands unpacked to its results (CIRCT builds its hardware so: the join of their handshakes forked to the
results, the data passed through). With no data (control tokens only) the pack is a `join`, the unpack a
`fork`, and a sync of one operand is a wire. A graph dfv writes holds a sync as its pack and unpack."""

from __future__ import annotations

from xdsl.ir import SSAValue

from dfv.golden.types import CONTROL, TokenType
from dfv.lowering import handshake_ir as hs
from dfv.lowering.bindings.registry import builds, reads
from dfv.lowering.dfg import Ref


def _join(r, op, ins: list[tuple[TokenType, SSAValue]], out: TokenType, results) -> object:
    """The node that takes one token of every input: a pack, or a join of control tokens."""
    if out == CONTROL:
        return r.node(op, "handshake.join", {f"in[{i}]": (CONTROL, v) for i, (_, v) in enumerate(ins)},
                      {"out": CONTROL}, {"n": len(ins)}, results=results)
    return r.node(op, "handshake.pack", {f"in{i}": tv for i, tv in enumerate(ins)}, {"out": out},
                  {"widths": [t.width for t, _ in ins]}, results=results)


def _split(fields: list[TokenType], whole: TokenType) -> tuple[str, dict[str, TokenType], dict, list[str]]:
    """The node that hands every output a field: (operation, outputs, parameters, output ports)."""
    if whole == CONTROL:
        ports = [f"out[{i}]" for i in range(len(fields))]
        return "handshake.fork", dict.fromkeys(ports, CONTROL), {"n": len(fields), "width": 0}, ports
    ports = [f"out{i}" for i in range(len(fields))]
    return "handshake.unpack", dict(zip(ports, fields, strict=True)), {"widths": [f.width for f in fields]}, ports


@reads(hs.PackOp)
def read_pack(r, op: hs.PackOp, loc: str) -> None:
    _join(r, op, [(r.dtype(v.type, loc), v) for v in op.ins], r.dtype(op.result.type, loc), None)


@reads(hs.UnpackOp)
def read_unpack(r, op: hs.UnpackOp, loc: str) -> None:
    whole, fields = r.dtype(op.operand.type, loc), [r.dtype(v.type, loc) for v in op.outs]
    if len(fields) == 1 and whole == CONTROL:
        r.alias[op.outs[0]] = op.operand
        return
    name, outs, params, ports = _split(fields, whole)
    r.node(op, name, {"in": (whole, op.operand)}, outs, params, results=list(zip(op.outs, ports, strict=True)))


@reads(hs.SyncOp)
def read_sync(r, op: hs.SyncOp, loc: str) -> None:
    if len(op.ins) == 1:
        r.alias[op.outs[0]] = op.ins[0]
        return
    ins = [(r.dtype(v.type, loc), v) for v in op.ins]
    fields = [t for t, _ in ins]
    whole = r.tuple_of(fields)
    first = _join(r, op, ins, whole, [])
    name, outs, params, ports = _split(fields, whole)
    second = r.g.add(name, {"in": whole}, outs, loc, params, {"in": Ref(first.id, "out")})
    for v, p in zip(op.outs, ports, strict=True):
        r.out[v] = Ref(second.id, p)


# ------------------------------------------------------------------ building
@builds("handshake.pack")
def build_pack(b, n) -> None:
    ports = b.in_ports(n)
    b.emit(n, hs.PackOp.create(operands=b.operands(n, ports), result_types=b.types(n, ["out"]),
                               attributes=b.attrs(n)), ["out"])


@builds("handshake.unpack")
def build_unpack(b, n) -> None:
    ports = sorted(n.out_types, key=lambda p: int(p[3:]))
    b.emit(n, hs.UnpackOp.create(operands=b.operands(n, ["in"]), result_types=b.types(n, ports),
                                 attributes=b.attrs(n)), ports)
