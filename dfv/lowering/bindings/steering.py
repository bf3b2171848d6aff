"""CIRCT's steering primitives: `fork` / `lazy_fork`, `br`, `merge`, `join`, `mux`, `control_merge`,
`cond_br`, `sink`, `source`, `constant`. `br`, a one-input merge and a one-output fork are wires: they
alias their result to their operand and make no node."""

from __future__ import annotations

from xdsl.dialects.builtin import FloatAttr, IntegerAttr

from dfv.golden.handshake.common import sel_width, sel_width_param
from dfv.golden.types import CONTROL, FLOAT_WIDTHS, I1, TokenType, to_signed
from dfv.lowering import handshake_ir as hs
from dfv.lowering.bindings.registry import builds, reads
from dfv.lowering.errors import LoweringError
from dfv.lowering.handshake_types import is_control
from dfv.lowering.parse import float_attr


# ------------------------------------------------------------------ reading
@reads(hs.BrOp)
def read_br(r, op: hs.BrOp, loc: str) -> None:
    r.alias[op.outs[0]] = op.ins[0]


@reads(hs.ForkOp, hs.LazyForkOp)
def read_fork(r, op: hs.ForkOp | hs.LazyForkOp, loc: str) -> None:
    if len(op.outs) == 1:
        r.alias[op.outs[0]] = op.ins[0]
        return
    t = r.dtype(op.ins[0].type, loc)
    r.node(op, "handshake.fork", {"in": (t, op.ins[0])}, {f"out[{i}]": t for i in range(len(op.outs))},
           {"n": len(op.outs), "width": t.width})


@reads(hs.MergeOp)
def read_merge(r, op: hs.MergeOp, loc: str) -> None:
    if len(op.ins) == 1:
        r.alias[op.outs[0]] = op.ins[0]
        return
    t = r.dtype(op.outs[0].type, loc)
    r.node(op, "handshake.merge", {f"in[{i}]": (t, v) for i, v in enumerate(op.ins)}, {"out": t},
           {"n": len(op.ins), "width": t.width})


@reads(hs.JoinOp)
def read_join(r, op: hs.JoinOp, loc: str) -> None:
    if any(not is_control(v.type) for v in op.ins):
        raise LoweringError("handshake.join of data channels is not supported: join control tokens", loc)
    r.node(op, "handshake.join", {f"in[{i}]": (CONTROL, v) for i, v in enumerate(op.ins)}, {"out": CONTROL},
           {"n": len(op.ins)})


def _select_type(r, t, n: int, loc: str) -> TokenType:
    """The DFG type of a mux's select or a control merge's index over `n` inputs (a plain integer or index
    wide enough to pick one of them)."""
    st = r.plain(t, "a select / index", loc)
    if st == CONTROL or st.width < sel_width(n):
        raise LoweringError(f"a select / index of type {t} cannot pick one of {n} inputs", loc)
    return st


@reads(hs.MuxOp)
def read_mux(r, op: hs.MuxOp, loc: str) -> None:
    t = r.dtype(op.result.type, loc)
    st = _select_type(r, op.select.type, len(op.data), loc)
    ins = {"sel": (st, op.select), **{f"in[{i}]": (t, v) for i, v in enumerate(op.data)}}
    r.node(op, "handshake.mux", ins, {"out": t},
           {"n": len(op.data), "width": t.width, **sel_width_param(st.width, len(op.data))})


@reads(hs.ControlMergeOp)
def read_control_merge(r, op: hs.ControlMergeOp, loc: str) -> None:
    t = r.dtype(op.result.type, loc)
    it = _select_type(r, op.index.type, len(op.ins), loc)
    r.node(op, "handshake.control_merge", {f"in[{i}]": (t, v) for i, v in enumerate(op.ins)},
           {"out": t, "index": it}, {"n": len(op.ins), "width": t.width, **sel_width_param(it.width, len(op.ins))})


@reads(hs.CondBrOp)
def read_cond_br(r, op: hs.CondBrOp, loc: str) -> None:
    t = r.dtype(op.data.type, loc)
    r.plain(op.cond.type, "the condition of cond_br", loc)
    r.node(op, "handshake.cond_br", {"cond": (I1, op.cond), "data": (t, op.data)},
           {"out_true": t, "out_false": t}, {"width": t.width})


@reads(hs.SinkOp)
def read_sink(r, op: hs.SinkOp, loc: str) -> None:
    t = r.dtype(op.operand.type, loc)
    r.node(op, "handshake.sink", {"in": (t, op.operand)}, {}, {"width": t.width})


@reads(hs.SourceOp)
def read_source(r, op: hs.SourceOp, loc: str) -> None:
    r.node(op, "handshake.source", {}, {"out": CONTROL}, {})


@reads(hs.ConstantOp)
def read_constant(r, op: hs.ConstantOp, loc: str) -> None:
    t = r.plain(op.result.type, "the result of a constant", loc)
    if t == CONTROL:
        raise LoweringError("handshake.constant needs a data result type", loc)
    w = t.width
    word = r.src.float_word(op.value) if isinstance(op.value, FloatAttr) else op.value.value.data
    r.node(op, "handshake.constant", {"ctrl": (CONTROL, op.ctrl)}, {"out": t},
           {"value": word & ((1 << w) - 1), "width": w})


# ------------------------------------------------------------------ building
_IN_PORT_ORDER = {"handshake.fork": hs.ForkOp, "handshake.join": hs.JoinOp, "handshake.merge": hs.MergeOp,
                  "handshake.sink": hs.SinkOp, "handshake.source": hs.SourceOp}


@builds(*_IN_PORT_ORDER)
def build_in_port_order(b, n) -> None:
    """An operation whose operands are the node's inputs and whose results are its outputs, in port order."""
    b.same_shape(n, _IN_PORT_ORDER[n.op])


@builds("handshake.control_merge")
def build_control_merge(b, n) -> None:
    outs = ["out", "index"]
    b.emit(n, hs.ControlMergeOp.create(operands=b.operands(n, b.in_ports(n)), result_types=b.types(n, outs),
                                       attributes=b.attrs(n)), outs)


@builds("handshake.cond_br")
def build_cond_br(b, n) -> None:
    outs = ["out_true", "out_false"]
    b.emit(n, hs.CondBrOp.create(operands=b.operands(n, ["cond", "data"]), result_types=b.types(n, outs),
                                 attributes=b.attrs(n)), outs)


@builds("handshake.mux")
def build_mux(b, n) -> None:
    ports = ["sel", *(p for p in b.in_ports(n) if p != "sel")]
    b.emit(n, hs.MuxOp.create(operands=b.operands(n, ports), result_types=b.types(n, ["out"]),
                              attributes=b.attrs(n)), ["out"])


@builds("handshake.constant")
def build_constant(b, n) -> None:
    w, ty = n.params["width"], b.types(n, ["out"])[0]
    if str(ty) in FLOAT_WIDTHS:
        attr = float_attr(n.params["value"], ty)
        b.float_bits[id(attr)] = n.params["value"]
    else:
        attr = IntegerAttr(to_signed(n.params["value"], w) if w > 1 else n.params["value"], ty)
    b.emit(n, hs.ConstantOp.create(operands=b.operands(n, ["ctrl"]), result_types=[ty],
                                   attributes=b.attrs(n, {"value": attr})), ["out"])
