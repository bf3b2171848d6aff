"""xDSL definitions of the `dataflow` (specs 000/001) and `handshake` dialects.

Every constraint of 000/001 is a verifier here:
* `!dataflow.tagged<V, iK>`: V one of i1 i8 i16 i32 i64 bf16 f16 f32 f64 index; K a signless i1..i16.
* `dataflow.stream`: three `index` operands, results `(index, i1)`, `step_op` one of
  `+= -= *= /= <<= >>=`, `cont_cond` one of `< <= > >= !=` or `sign` (the 000 rule: the README's
  encoding 5).
* `dataflow.gate` / `carry` / `invariant`: conditions `i1`, value operands and results of one type.
  Value types are the native scalars, tagged types, or `none` (a control token: the lowering's
  memory-ordering carries of spec 004 move control tokens through `carry` and `invariant`).
The `handshake` dialect (CIRCT's operations, spec 003's types) is `dfv.lowering.handshake_ir`; a lowered
graph is written in it, with these `dataflow` operations, by `dfv.lowering.graph_ir` (`dfg.mlir`).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
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
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from dfv.golden.dataflow.stream import STEP_OPS
from dfv.golden.encodings import ContCond
from dfv.golden.types import INT_WIDTHS, MAX_TAG_WIDTH

# the spellings of the `cont_cond` attribute, in encoding order: the comparisons, then "sign" (BY_SIGN)
COND_SPELLINGS = tuple(m.spelling for m in ContCond)
MAX_TAG = MAX_TAG_WIDTH


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
        if self.cont_cond is not None and self.cont_cond.data not in COND_SPELLINGS:
            raise VerifyException(
                f"dataflow.stream: cont_cond '{self.cont_cond.data}' is not one of {' '.join(COND_SPELLINGS)}"
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
