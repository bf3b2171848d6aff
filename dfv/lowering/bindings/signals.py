"""Spec 003's signal operations (docs/handshake.md). `compose` / `decompose` are wiring nodes. Raw signals run
only put back together: an `unbundle` and the `bundle` that takes its control token back are a
`handshake.repack` (wiring), the valid and ready of a control token unbundled and bundled back are that
token; raw signals used any other way are refused with the reason. Building a repack writes the pair again.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType, NoneType, UnrealizedConversionCastOp
from xdsl.ir import SSAValue

from dfv.golden.types import CONTROL, ChannelType
from dfv.lowering import handshake_signals as sig
from dfv.lowering import handshake_types as ht
from dfv.lowering.bindings.registry import builds, reads
from dfv.lowering.errors import LoweringError
from dfv.lowering.handshake_types import is_control
from dfv.lowering.read_upstream import channel_bundle


# ------------------------------------------------------------------ reading
@reads(sig.ComposeOp, sig.DecomposeOp)
def read_recompose(r, op, loc: str) -> None:
    t = r.dtype(op.input.type, loc)
    r.node(op, op.name, {"in": (t, op.input)}, {"out": r.dtype(op.result.type, loc)}, {"width": t.width})


def _field_uses(r, v: SSAValue, k: int, loc: str) -> None:
    """Result `k` of an unbundle (a raw signal) runs only bundled again with its control token; the
    control token (k = 0) may also have its valid and ready unbundled and put back on the way."""
    for u in v.uses:
        user = u.operation
        if not (channel_bundle(user) or k == 0 and isinstance(user, sig.UnbundleOp)):
            raise LoweringError(f"a raw signal of unbundle (result {k}) is used outside a bundle: raw signals "
                                "run only bundled again with their control token", loc)


@reads(sig.UnbundleOp)
def read_unbundle(r, op: sig.UnbundleOp, loc: str) -> None:
    """Record the fields of an unbundled channel: its control token (None) and `(lo, width)` bit
    fields of its word. They run only bundled again with their own control token (`bundle`), which
    gives back the upstream signals the unbundle takes."""
    t = op.ins[0].type
    if is_control(t):
        _valid_ready(r, op, loc)
        return
    vt = r.dtype(t, loc)
    widths = [vt.data.width, *(e.width for e in vt.down)] if isinstance(vt, ChannelType) else [vt.width]
    fields, lo = [None], 0
    for w in widths:
        fields.append((lo, w))
        lo += w
    for k, (res, f) in enumerate(zip(op.outs, fields, strict=True)):
        _field_uses(r, res, k, loc)
        r.fields[res] = (op, f)
    if not all(channel_bundle(v.owner) for v in op.ins[1:]):
        raise LoweringError("the upstream signals of an unbundle are the upstream results of the bundle that "
                            "takes its control token (the pair that puts the channel back together)", loc)


def _valid_ready(r, u: sig.UnbundleOp, loc: str) -> None:
    """`%v = unbundle %c, %r : i1` with `%c2, %r = bundle %v : control, i1`: a control token's valid and
    ready as raw wires, put back together, so `%c2` is `%c`: a repack of a control token, or, when `%c`
    is the control token of a channel's unbundle, that token still in step with its fields. Neither
    wire may be used elsewhere (a valid without its ready is not a handshake)."""
    if u in r.paired:
        return
    valid, ready = u.outs[0], u.ins[1]
    b = ready.owner
    if not (isinstance(b, sig.BundleOp) and not channel_bundle(b) and b.outs[1] is ready
            and [x.operation for x in valid.uses] == [b] and len(list(ready.uses)) == 1):
        raise LoweringError("the valid and ready of a control token run only put back together, neither used "
                            "elsewhere: %v = unbundle %c, %r : i1 with %c2, %r = bundle %v : control, i1", loc)
    r.paired.add(u)
    c, c2 = u.ins[0], b.outs[0]
    if c in r.fields:
        _field_uses(r, c2, 0, loc)
        r.fields[c2] = r.fields[c]
    else:
        r.node(b, "handshake.repack", {"in": (CONTROL, c)}, {"out": CONTROL},
               {"width": 0, "in_width": 0, "fields": []}, results=[(c2, "out")])


@reads(sig.BundleOp)
def read_bundle(r, op: sig.BundleOp, loc: str) -> None:
    """A bundle of an unbundle's control token and fields: a `handshake.repack` of that channel, with
    the upstream signals passed back unchanged (the pair must give them in order and nowhere else);
    a bundle of a valid: see `_valid_ready`."""
    if not channel_bundle(op):
        u = op.ins[0].owner
        if not (isinstance(u, sig.UnbundleOp) and is_control(u.ins[0].type)):
            raise LoweringError("bundle %valid : control, i1 takes the valid of an unbundle %c, %ready : i1 "
                                "whose ready it gives", loc)
        _valid_ready(r, u, loc)
        return
    got = [r.fields.get(v) for v in op.ins]
    if any(g is None for g in got):
        raise LoweringError("bundle takes the control token and fields of an unbundle written before it", loc)
    source = got[0][0]
    if got[0][1] is not None or any(u is not source for u, _ in got):
        raise LoweringError("bundle must take the control token and the fields of one unbundle (the raw "
                            "signals of two channels are not in step)", loc)
    if source in r.bundled:
        raise LoweringError("the control token of an unbundle goes into one bundle only", loc)
    ups = list(op.outs[1:])
    if ups != list(source.ins[1:]) or any(len(list(res.uses)) != 1 for res in ups):
        raise LoweringError("the upstream results of a bundle go, in order and nowhere else, to the unbundle "
                            "whose control token it takes (from the bundled channel's consumer to the "
                            "unbundled channel's producer)", loc)
    r.bundled.add(source)
    t_in, t_out = r.dtype(source.ins[0].type, loc), r.dtype(op.outs[0].type, loc)
    r.node(op, "handshake.repack", {"in": (t_in, source.ins[0])}, {"out": t_out},
           {"width": t_out.width, "in_width": t_in.width, "fields": [list(f) for _, f in got[1:]]},
           results=[(op.outs[0], "out")])


# ------------------------------------------------------------------ building
@builds("handshake.compose", "handshake.decompose")
def build_recompose(b, n) -> None:
    cls = sig.ComposeOp if n.op == "handshake.compose" else sig.DecomposeOp
    b.emit(n, cls.create(operands=b.operands(n, ["in"]), result_types=b.types(n, ["out"]), attributes=b.attrs(n)),
           ["out"])


@builds("handshake.repack")
def build_repack(b, n) -> None:
    """A repack is the bundle of an unbundle's control token and some of its fields, the upstream
    signals passed back from the bundle to the unbundle; of a control token, the bundle of its valid
    with the ready that the unbundle of the valid takes."""
    i1 = IntegerType(1)
    if n.in_types["in"] == CONTROL:
        ready = UnrealizedConversionCastOp.create(result_types=[i1]).results[0]
        unbundle = sig.UnbundleOp.create(operands=[b.operand(n, "in"), ready], result_types=[i1])
        unbundle.results[0].name_hint = f"{n.id}_valid"
        b.ops.append(unbundle)
        bundle = sig.BundleOp.create(operands=[unbundle.results[0]], result_types=[NoneType(), i1],
                                     attributes=b.attrs(n))
        bundle.results[1].name_hint = f"{n.id}_ready"
        ready.replace_all_uses_with(bundle.results[1])
        b.emit(n, bundle, ["out"], bundle.results[:1])
        return
    vt = n.in_types["in"]
    fields, lo = [], 0
    for w in [vt.data.width, *(e.width for e in vt.down)]:
        fields.append((lo, w))
        lo += w
    t_out = b.types(n, ["out"])[0]
    ups = [e.type for e in t_out.extras if e.upstream] if isinstance(t_out, ht.ChannelType) else []
    up_values: list[SSAValue] = [UnrealizedConversionCastOp.create(result_types=[t]).results[0] for t in ups]
    raw_types = [NoneType(), b.ir_type(vt.data), *(IntegerType(e.width) for e in vt.down)]
    unbundle = sig.UnbundleOp.create(operands=[b.operand(n, "in"), *up_values], result_types=raw_types)
    unbundle.results[0].name_hint = f"{n.id}_ctrl"
    for k, res in enumerate(unbundle.results[1:]):
        res.name_hint = f"{n.id}_raw{k}"
    b.ops.append(unbundle)
    picked = [unbundle.results[1 + fields.index((f_lo, f_w))] for f_lo, f_w in n.params["fields"]]
    bundle = sig.BundleOp.create(operands=[unbundle.results[0], *picked], result_types=[t_out, *ups],
                                 attributes=b.attrs(n))
    for k, (placeholder, res) in enumerate(zip(up_values, bundle.results[1:], strict=True)):
        res.name_hint = f"{n.id}_up{k}"
        placeholder.replace_all_uses_with(res)
    b.emit(n, bundle, ["out"], bundle.results[:1])
