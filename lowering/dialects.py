"""xDSL definitions of the `dataflow` (specs 000/001) and `handshake` dialects.

Every constraint of 000/001 is a verifier here:
* `!dataflow.tagged<V, iK>`: V one of i1 i8 i16 i32 i64 bf16 f16 f32 f64 index; K a signless i1..i16.
* `dataflow.stream`: three `index` operands, results `(index, i1)`, `step_op` one of
  `+= -= *= /= <<= >>=`, `cont_cond` one of `< <= > >= !=` or `sign` (the 000 rule: the README's
  encoding 5).
* `dataflow.gate` / `carry` / `invariant`: conditions `i1`, value operands and results of one type.
  Value types are the native scalars, tagged types, or `none` (a control token: the lowering's
  memory-ordering carries of spec 004 move control tokens through `carry` and `invariant`).
* `handshake.*`: the primitive operations of the lowered DFG, with operand-count and type checks.

The lowered DFG prints as generic-form MLIR (`lowering.dialects.dfg_to_mlir`) that parses back
with these definitions and verifies.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerAttr,
    IntegerType,
    NoneType,
    Signedness,
    StringAttr,
)
from xdsl.ir import Attribute, Dialect, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_attr_def,
    result_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

STEP_OPS = ("+=", "-=", "*=", "/=", "<<=", ">>=")
CONT_CONDS = ("<", "<=", ">", ">=", "!=", "sign")
INT_WIDTHS = (1, 8, 16, 32, 64)
MAX_TAG = 16


def is_native(t: Attribute) -> bool:
    if isinstance(t, IntegerType):
        return t.width.data in INT_WIDTHS and t.signedness.data == Signedness.SIGNLESS
    return isinstance(t, IndexType | BFloat16Type | Float16Type | Float32Type | Float64Type)


@irdl_attr_definition
class TaggedType(ParametrizedAttribute, TypeAttribute):
    """`!dataflow.tagged<value_type, tag_type>`: value in the low bits, tag in the high bits."""

    name = "dataflow.tagged"
    value_type: Attribute
    tag_type: Attribute

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            value = parser.parse_type()
            parser.parse_punctuation(",")
            tag = parser.parse_type()
        return (value, tag)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_attribute(self.value_type)
            printer.print_string(", ")
            printer.print_attribute(self.tag_type)

    def verify(self) -> None:
        if not is_native(self.value_type):
            raise VerifyException(
                f"!dataflow.tagged: value type {self.value_type} is not allowed "
                "(allowed: i1 i8 i16 i32 i64 bf16 f16 f32 f64 index)"
            )
        t = self.tag_type
        if not (
            isinstance(t, IntegerType)
            and t.signedness.data == Signedness.SIGNLESS
            and 1 <= t.width.data <= MAX_TAG
        ):
            raise VerifyException(f"!dataflow.tagged: tag type {t} must be a signless integer i1..i{MAX_TAG}")


def is_value_type(t: Attribute) -> bool:
    return is_native(t) or isinstance(t, TaggedType | NoneType)


def _check_i1(op: IRDLOperation, what: str, t: Attribute) -> None:
    if t != IntegerType(1):
        raise VerifyException(f"{op.name}: {what} must be i1, got {t}")


def _check_value(op: IRDLOperation, what: str, t: Attribute) -> None:
    if not is_value_type(t):
        raise VerifyException(
            f"{op.name}: {what} has type {t}; dataflow values are native scalars, "
            "!dataflow.tagged or none"
        )


def _check_same(op: IRDLOperation, types: dict[str, Attribute]) -> None:
    first = next(iter(types.values()))
    for what, t in types.items():
        _check_value(op, what, t)
        if t != first:
            desc = ", ".join(f"{k}: {v}" for k, v in types.items())
            raise VerifyException(f"{op.name}: operand and result types must match ({desc})")


@irdl_op_definition
class StreamOp(IRDLOperation):
    name = "dataflow.stream"
    start = operand_def()
    step = operand_def()
    bound = operand_def()
    idx = result_def()
    cont = result_def()
    step_op = opt_attr_def(StringAttr)
    cont_cond = opt_attr_def(StringAttr)

    def verify_(self) -> None:
        for what, v in (("start", self.start), ("step", self.step), ("bound", self.bound)):
            if not isinstance(v.type, IndexType):
                raise VerifyException(f"dataflow.stream: operand {what} must be index, got {v.type}")
        if not isinstance(self.idx.type, IndexType):
            raise VerifyException(f"dataflow.stream: result idx must be index, got {self.idx.type}")
        _check_i1(self, "result cont", self.cont.type)
        if self.step_op is not None and self.step_op.data not in STEP_OPS:
            raise VerifyException(
                f"dataflow.stream: step_op '{self.step_op.data}' is not one of {' '.join(STEP_OPS)}"
            )
        if self.cont_cond is not None and self.cont_cond.data not in CONT_CONDS:
            raise VerifyException(
                f"dataflow.stream: cont_cond '{self.cont_cond.data}' is not one of {' '.join(CONT_CONDS)}"
            )


@irdl_op_definition
class GateOp(IRDLOperation):
    name = "dataflow.gate"
    before_value = operand_def()
    before_cond = operand_def()
    after_value = result_def()
    after_cond = result_def()

    def verify_(self) -> None:
        _check_i1(self, "before_cond", self.before_cond.type)
        _check_i1(self, "after_cond", self.after_cond.type)
        _check_same(self, {"before_value": self.before_value.type, "after_value": self.after_value.type})


@irdl_op_definition
class CarryOp(IRDLOperation):
    name = "dataflow.carry"
    d = operand_def()
    a = operand_def()
    b = operand_def()
    o = result_def()

    def verify_(self) -> None:
        _check_i1(self, "d", self.d.type)
        _check_same(self, {"a": self.a.type, "b": self.b.type, "o": self.o.type})


@irdl_op_definition
class InvariantOp(IRDLOperation):
    name = "dataflow.invariant"
    d = operand_def()
    a = operand_def()
    o = result_def()

    def verify_(self) -> None:
        _check_i1(self, "d", self.d.type)
        _check_same(self, {"a": self.a.type, "o": self.o.type})


Dataflow = Dialect("dataflow", [StreamOp, GateOp, CarryOp, InvariantOp], [TaggedType])


# ------------------------------------------------------------------------------------- handshake
class _HsOp(IRDLOperation):
    """Common shape: variadic operands/results, checked per operation."""

    ins = var_operand_def()
    outs = var_result_def()

    def _counts(self, n_in: int | None, n_out: int | None) -> None:
        if n_in is not None and len(self.ins) != n_in:
            raise VerifyException(f"{self.name}: expected {n_in} operands, got {len(self.ins)}")
        if n_out is not None and len(self.outs) != n_out:
            raise VerifyException(f"{self.name}: expected {n_out} results, got {len(self.outs)}")


@irdl_op_definition
class ForkOp(_HsOp):
    name = "handshake.fork"

    def verify_(self) -> None:
        self._counts(1, None)
        if len(self.outs) < 2:
            raise VerifyException("handshake.fork: needs at least two results")
        for r in self.outs:
            if r.type != self.ins[0].type:
                raise VerifyException("handshake.fork: results must have the operand's type")


@irdl_op_definition
class SinkOp(_HsOp):
    name = "handshake.sink"

    def verify_(self) -> None:
        self._counts(1, 0)


@irdl_op_definition
class JoinOp(_HsOp):
    name = "handshake.join"

    def verify_(self) -> None:
        self._counts(None, 1)
        if len(self.ins) < 1:
            raise VerifyException("handshake.join: needs operands")
        if not isinstance(self.outs[0].type, NoneType):
            raise VerifyException("handshake.join: result must be none")


@irdl_op_definition
class ConstantOp(_HsOp):
    name = "handshake.constant"
    value = opt_attr_def(IntegerAttr)


    def verify_(self) -> None:
        self._counts(1, 1)
        if not isinstance(self.ins[0].type, NoneType):
            raise VerifyException("handshake.constant: trigger must be none")


@irdl_op_definition
class CondBrOp(_HsOp):
    name = "handshake.cond_br"

    def verify_(self) -> None:
        self._counts(2, 2)
        _check_i1(self, "condition", self.ins[0].type)
        for r in self.outs:
            if r.type != self.ins[1].type:
                raise VerifyException("handshake.cond_br: results must have the data operand's type")


@irdl_op_definition
class MuxOp(_HsOp):
    name = "handshake.mux"

    def verify_(self) -> None:
        self._counts(None, 1)
        if len(self.ins) < 3:
            raise VerifyException("handshake.mux: needs a select and at least two data operands")
        sel = self.ins[0].type
        if not isinstance(sel, IntegerType | IndexType):
            raise VerifyException(f"handshake.mux: select must be an integer, got {sel}")
        for v in self.ins[1:]:
            if v.type != self.outs[0].type:
                raise VerifyException("handshake.mux: data operands and result must have one type")


@irdl_op_definition
class BufferOp(_HsOp):
    name = "handshake.buffer"
    slots = opt_attr_def(IntegerAttr)

    def verify_(self) -> None:
        self._counts(1, 1)
        if self.ins[0].type != self.outs[0].type:
            raise VerifyException("handshake.buffer: result must have the operand's type")


@irdl_op_definition
class LoadOp(_HsOp):
    """operands (addr, data_from_mem, ctrl) -> results (data, addr_to_mem)."""

    name = "handshake.load"

    def verify_(self) -> None:
        self._counts(3, 2)
        if not isinstance(self.ins[2].type, NoneType):
            raise VerifyException("handshake.load: ctrl must be none")


@irdl_op_definition
class StoreOp(_HsOp):
    """operands (addr, data, ctrl) -> results (data_to_mem, addr_to_mem)."""

    name = "handshake.store"

    def verify_(self) -> None:
        self._counts(3, 2)
        if not isinstance(self.ins[2].type, NoneType):
            raise VerifyException("handshake.store: ctrl must be none")


class _MemOp(_HsOp):
    ld_count = opt_attr_def(IntegerAttr)
    st_count = opt_attr_def(IntegerAttr)

    def verify_(self) -> None:
        ld = self.ld_count.value.data if self.ld_count else 0
        st = self.st_count.value.data if self.st_count else 0
        self._counts(2 * st + ld, ld + st + ld)


@irdl_op_definition
class MemoryOp(_MemOp):
    """operands: stores first (data, addr each), then load addresses; results: load data,
    store done, load done."""

    name = "handshake.memory"


@irdl_op_definition
class ExtMemoryOp(_MemOp):
    name = "handshake.extmemory"


@irdl_op_definition
class ArithOp(_HsOp):
    """An `arith` computation node of the DFG (the operation name is in `op`)."""

    name = "handshake.arith"
    op = opt_attr_def(StringAttr)
    predicate = opt_attr_def(StringAttr)


@irdl_op_definition
class SourceArgOp(_HsOp):
    """A function interface node of the DFG (`func.start`, `func.arg`, `func.result`, `func.done`)."""

    name = "handshake.port"
    kind = opt_attr_def(StringAttr)


Handshake = Dialect(
    "handshake",
    [
        ForkOp,
        SinkOp,
        JoinOp,
        ConstantOp,
        CondBrOp,
        MuxOp,
        BufferOp,
        LoadOp,
        StoreOp,
        MemoryOp,
        ExtMemoryOp,
        ArithOp,
        SourceArgOp,
    ],
    [],
)


# ------------------------------------------------------------------------------------- printing
def dfg_to_mlir(g) -> str:
    """The DFG as generic-form MLIR in one `func.func` (parses back with `lowering.parse`).

    Values are `%<node>_<port>`; func.start/func.arg become function arguments, func.result/func.done
    the returned values; every other node is one operation of this module's dialects (arith nodes are
    `handshake.arith` with `op = "arith.addi"` and so on).
    """
    def val(ref) -> str:
        return "%" + f"{ref.node}_{ref.port}".replace("[", "_").replace("]", "")

    args, arg_types, body, rets, ret_types = [], [], [], [], []
    order = {"func.start": 0, "func.arg": 1}
    for n in sorted((n for n in g.nodes.values() if n.op in order), key=lambda n: (order[n.op], n.params.get(
            "position", -1))):
        ty = n.out_types["out"]
        args.append(f"{val(type('R', (), {'node': n.id, 'port': 'out'}))}: {ty}")
        arg_types.append(ty)
    for n in g.nodes.values():
        if n.op in order:
            continue
        ins = [n.inputs[p] for p in n.in_types]
        in_types = list(n.in_types.values())
        if n.op in ("func.result", "func.done"):
            continue
        outs = list(n.out_types)
        out_types = [n.out_types[p] for p in outs]
        attrs = {}
        name = n.op
        if n.op == "dataflow.stream":
            from golden.dataflow.stream import CONT_CONDS, STEP_OPS

            cc = n.params.get("cont_cond", 0)
            attrs = {"step_op": f'"{STEP_OPS[n.params.get("step_op", 0)]}"',
                     "cont_cond": f'"{CONT_CONDS[cc] if cc < len(CONT_CONDS) else "sign"}"'}
        elif n.op.startswith("arith."):
            name = "handshake.arith"
            attrs = {"op": f'"{n.op}"'}
            if n.op == "arith.cmpi":
                attrs["predicate"] = f'"{n.params["predicate"]}"'
        elif n.op == "handshake.constant":
            attrs = {"value": f"{n.params['value']} : i64" if n.params["value"] < 2**63 else
                     f"{n.params['value'] - 2**64} : i64"}
        elif n.op in ("handshake.memory", "handshake.extmemory"):
            attrs = {"ld_count": f"{n.params['n_load']} : i64", "st_count": f"{n.params['n_store']} : i64"}
        attr = (" {" + ", ".join(f"{k} = {v}" for k, v in attrs.items()) + "}") if attrs else ""
        lhs = (", ".join(val(type("R", (), {"node": n.id, "port": p})) for p in outs) + " = ") if outs else ""
        body.append(f'    {lhs}"{name}"({", ".join(val(r) for r in ins)}){attr} : '
                    f'({", ".join(in_types)}) -> ({", ".join(out_types)})')
    for n in sorted((n for n in g.nodes.values() if n.op in ("func.result", "func.done")),
                    key=lambda n: (n.op != "func.result", n.params.get("position", 0))):
        rets.append(val(n.inputs["in"]))
        ret_types.append(n.in_types["in"])
    head = f"func.func @{g.name}({', '.join(args)}) -> ({', '.join(ret_types)}) {{"
    tail = f"    func.return {', '.join(rets)} : {', '.join(ret_types)}\n}}"
    return "\n".join([f"// DFG of @{g.name} ({len(g.nodes)} nodes), generic-form handshake + dataflow MLIR",
                      head, *body, tail]) + "\n"


# ------------------------------------------------------------------------------------- custom syntax
def _parse_types(parser, n: int) -> list[Attribute]:
    paren = parser.parse_optional_punctuation("(") is not None
    types = [parser.parse_type()]
    while len(types) < n and parser.parse_optional_punctuation(",") is not None:
        types.append(parser.parse_type())
    if paren:
        parser.parse_punctuation(")")
    return types


def _custom(op_cls, n_in: int, n_out: int, default_types=None):
    """Spec 000/001 syntax: `%r... = NAME %a, %b [{attrs}] [: T_in... -> T_out...]`."""

    @classmethod
    def parse(cls, parser):
        unresolved = [parser.parse_unresolved_operand()]
        while parser.parse_optional_punctuation(",") is not None:
            unresolved.append(parser.parse_unresolved_operand())
        attrs = parser.parse_optional_attr_dict()
        if parser.parse_optional_punctuation(":") is not None:
            in_types = _parse_types(parser, n_in)
            parser.parse_punctuation("->")
            out_types = _parse_types(parser, n_out)
        elif default_types is not None:
            in_types, out_types = default_types()
        else:
            parser.raise_error(f"{cls.name}: expected ':' and the operand types")
        if len(unresolved) != n_in or len(in_types) != n_in or len(out_types) != n_out:
            parser.raise_error(f"{cls.name}: expected {n_in} operands and {n_out} results")
        operands = [parser.resolve_operand(u, t) for u, t in zip(unresolved, in_types, strict=True)]
        return cls.create(operands=operands, result_types=out_types, attributes=attrs)

    def print(self, printer):
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        if self.attributes:
            printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_list([v.type for v in self.operands], printer.print_attribute)
        printer.print_string(" -> ")
        printer.print_list([r.type for r in self.results], printer.print_attribute)

    op_cls.parse = parse
    op_cls.print = print


_custom(CarryOp, 3, 1)
_custom(InvariantOp, 2, 1)
_custom(GateOp, 2, 2)
_custom(StreamOp, 3, 2, lambda: ([IndexType()] * 3, [IndexType(), IntegerType(1)]))
