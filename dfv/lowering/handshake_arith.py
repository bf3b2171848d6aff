"""Compute operations (`dfv.golden.compute`) as handshake programs write them: on plain integers and on
spec-003 channels. One IR class per operation of the catalogue, made from its syntax.

Spec 003 notes that MLIR's `arith` operations take raw integers, not `!handshake.channel<...>`, and
proposes handshake's own copies. In a handshake program this project reads the `arith` spelling CIRCT
prints (`arith.addi %a, %b : i32`, `arith.cmpi slt, %a, %b : i32`, `arith.select %c, %a, %b : i32`,
`arith.index_cast %x : i1 to index`) with these definitions, which also accept channel types, extra
signals included: every operand carries the same extras and so does the result (the specs README's rule;
`dfv.lowering.from_handshake` checks it, the golden model and the RTL OR the extras together).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType
from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def, result_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from dfv.golden.catalogue import COMPUTE
from dfv.golden.compute import Port, Syntax
from dfv.golden.fp.compare import CMPF_PREDICATES
from dfv.golden.fp.format import FORMATS
from dfv.golden.handshake.arith import CMPI_PREDICATES
from dfv.golden.types import FLOAT_WIDTHS
from dfv.lowering.arith_nodes import MINMAX
from dfv.lowering.handshake_syntax import print_attributes
from dfv.lowering.handshake_types import ChannelType


def data_of(t: Attribute) -> Attribute:
    """The data type of a value: the channel's data type, or the type itself."""
    return t.data_type if isinstance(t, ChannelType) else t


def _int_like(op: IRDLOperation, what: str, t: Attribute) -> None:
    if not isinstance(data_of(t), IntegerType | IndexType):
        raise VerifyException(f"{op.name}: {what} must be an integer, index or a channel of one, got {t}")


def _float_like(op: IRDLOperation, what: str, t: Attribute) -> None:
    if str(data_of(t)) not in FORMATS:
        raise VerifyException(f"{op.name}: {what} must be a float ({', '.join(FORMATS)}) or a channel of one, got {t}")


def _check_port(op: IRDLOperation, port: Port, what: str, t: Attribute) -> None:
    """`t` is what port `port` of `op`'s declaration takes: a float for a float port, an integer or a float
    for a port of any type, else an integer."""
    if port.any_type and str(data_of(t)) in FORMATS:
        return
    (_float_like if port.is_float else _int_like)(op, what, t)


def with_data(t: Attribute, data: Attribute) -> Attribute:
    """`t` with its data type replaced by `data` (the extras kept): the type of a comparison's result."""
    return ChannelType.make(data, t.extras) if isinstance(t, ChannelType) and t.extras else data


class _BinOp(IRDLOperation):
    """`%r = arith.NAME %a, %b : T`."""

    lhs = operand_def()
    rhs = operand_def()
    result = result_def()

    @classmethod
    def parse(cls, parser: Parser):
        a = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        b = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        return cls.create(operands=[parser.resolve_operand(a, t), parser.resolve_operand(b, t)], result_types=[t],
                          attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list([self.lhs, self.rhs], printer.print_operand)
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        _check_port(self, _input(self, 0), "operands", self.lhs.type)
        if not self.lhs.type == self.rhs.type == self.result.type:
            raise VerifyException(f"{self.name}: operands and result must have one type")


def _input(op: IRDLOperation, k: int) -> Port:
    """Input port `k` of `op`'s declaration (an integer port for `arith.maxsi` and the like, which the
    lowering builds from cmpi and select)."""
    c = COMPUTE.get(op.name)
    return c.inputs[k] if c is not None else Port("lhs")


class _TernaryOp(IRDLOperation):
    """`%r = NAME %a, %b, %c : T`."""

    a = operand_def()
    b = operand_def()
    c = operand_def()
    result = result_def()

    @classmethod
    def parse(cls, parser: Parser):
        names = [parser.parse_unresolved_operand()]
        for _ in range(2):
            parser.parse_punctuation(",")
            names.append(parser.parse_unresolved_operand())
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        return cls.create(operands=[parser.resolve_operand(n, t) for n in names], result_types=[t],
                          attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list([self.a, self.b, self.c], printer.print_operand)
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        _check_port(self, _input(self, 0), "operands", self.a.type)
        if not self.a.type == self.b.type == self.c.type == self.result.type:
            raise VerifyException(f"{self.name}: operands and result must have one type")


class _UnaryOp(IRDLOperation):
    """`%r = NAME %a : T`."""

    input = operand_def()
    result = result_def()

    @classmethod
    def parse(cls, parser: Parser):
        a = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        return cls.create(operands=[parser.resolve_operand(a, t)], result_types=[t], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.input)
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        _check_port(self, _input(self, 0), "the operand", self.input.type)
        if self.input.type != self.result.type:
            raise VerifyException(f"{self.name}: the operand and the result must have one type")


class _CompareOp(IRDLOperation):
    """`%r = NAME PRED, %a, %b : T`: an i1 (a channel<i1, [extras of T]> when T has extras); `PREDICATES`
    maps each predicate to its MLIR number."""

    PREDICATES: ClassVar[dict[str, int]]
    lhs = operand_def()
    rhs = operand_def()
    result = result_def()
    predicate = prop_def(IntegerAttr)

    @classmethod
    def parse(cls, parser: Parser):
        pred = parser.parse_identifier()
        if pred not in cls.PREDICATES:
            parser.raise_error(f"{cls.name}: unknown predicate '{pred}' (known: {' '.join(cls.PREDICATES)})")
        parser.parse_punctuation(",")
        a = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        b = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        return cls.create(operands=[parser.resolve_operand(a, t), parser.resolve_operand(b, t)],
                          result_types=[with_data(t, IntegerType(1))], attributes=attrs,
                          properties={"predicate": IntegerAttr(cls.PREDICATES[pred], 64)})

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.predicate_name}, ")
        printer.print_list([self.lhs, self.rhs], printer.print_operand)
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.lhs.type)

    @property
    def predicate_name(self) -> str:
        return next(k for k, v in self.PREDICATES.items() if v == self.predicate.value.data)

    def verify_(self) -> None:
        _check_port(self, _input(self, 0), "operands", self.lhs.type)
        if self.lhs.type != self.rhs.type or self.result.type != with_data(self.lhs.type, IntegerType(1)):
            raise VerifyException(f"{self.name}: operands of one type, an i1 result with their extras")


@irdl_op_definition
class CmpiOp(_CompareOp):
    """`%r = arith.cmpi PRED, %a, %b : T` on integers."""

    name = "arith.cmpi"
    PREDICATES: ClassVar[dict[str, int]] = CMPI_PREDICATES


@irdl_op_definition
class CmpfOp(_CompareOp):
    """`%r = arith.cmpf PRED, %a, %b : F` on floats (the 16 predicates of MLIR's `CmpFPredicate`)."""

    name = "arith.cmpf"
    PREDICATES: ClassVar[dict[str, int]] = {name: k for k, name in enumerate(CMPF_PREDICATES)}


@irdl_op_definition
class SelectOp(IRDLOperation):
    """`%r = arith.select %c, %a, %b : T` or `: C, T` (C the condition's type, i1 or a channel of i1)."""

    name = "arith.select"
    cond = operand_def()
    lhs = operand_def()
    rhs = operand_def()
    result = result_def()

    @classmethod
    def parse(cls, parser: Parser):
        c = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        a = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        b = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        ct = IntegerType(1)
        if parser.parse_optional_punctuation(",") is not None:
            ct, t = t, parser.parse_type()
        return cls.create(operands=[parser.resolve_operand(c, ct), parser.resolve_operand(a, t),
                                    parser.resolve_operand(b, t)], result_types=[t], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list([self.cond, self.lhs, self.rhs], printer.print_operand)
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_list([self.cond.type, self.result.type], printer.print_attribute)

    def verify_(self) -> None:
        if data_of(self.cond.type) != IntegerType(1):
            raise VerifyException(f"arith.select: the condition must be i1, got {self.cond.type}")
        if not self.lhs.type == self.rhs.type == self.result.type:
            raise VerifyException("arith.select: both values and the result must have one type")


class _CastOp(IRDLOperation):
    """`%r = arith.NAME %x : T to U`."""

    input = operand_def()
    result = result_def()
    assembly_format = "$input attr-dict `:` type($input) `to` type($result)"

    def verify_(self) -> None:
        c = COMPUTE[self.name]
        _check_port(self, c.inputs[0], "input", self.input.type)
        _check_port(self, c.output, "result", self.result.type)
        if c.inputs[0].width == c.output.width and _bits(self.input.type) != _bits(self.result.type):
            raise VerifyException(f"{self.name}: the input and the result must have one width, got "
                                  f"{self.input.type} and {self.result.type}")


def _bits(t: Attribute) -> int | None:
    """The data width of an integer or float type (None for index, whose width is the flow's)."""
    d = data_of(t)
    if isinstance(d, IntegerType):
        return d.width.data
    return FLOAT_WIDTHS.get(str(d))


def _named(name: str, base: type[IRDLOperation]) -> type[IRDLOperation]:
    """The IR class of operation `name` (`dialect.op`) in the syntax of `base`."""
    title = "".join(part.title() for part in name.replace(".", "_").split("_"))
    return irdl_op_definition(type(f"{title}Op", (base,), {"name": name, "__doc__": f"`{name}`."}))


@irdl_op_definition
class ConstantOp(IRDLOperation):
    """`%c = arith.constant 3 : i32`: read only to be refused with its reason (no trigger: in a
    handshake.func a constant is `handshake.constant %ctrl {value = 3 : i32} : i32`)."""

    name = "arith.constant"
    result = result_def()
    value = prop_def(Attribute)

    @classmethod
    def parse(cls, parser: Parser):
        v = parser.parse_attribute()
        return cls.create(result_types=[v.type if hasattr(v, "type") else IntegerType(32)],
                          properties={"value": v})


_SYNTAX_CLASSES = {Syntax.UNARY: _UnaryOp, Syntax.BINARY: _BinOp, Syntax.TERNARY: _TernaryOp, Syntax.CAST: _CastOp}
_FIXED_CLASSES = {Syntax.CMPI: CmpiOp, Syntax.CMPF: CmpfOp, Syntax.SELECT: SelectOp}


def _compute_class(name: str, syntax: Syntax) -> type[IRDLOperation]:
    if syntax in _FIXED_CLASSES:
        cls = _FIXED_CLASSES[syntax]
        assert cls.name == name, f"{name}: the {syntax.value} syntax is {cls.name}'s only"
        return cls
    return _named(name, _SYNTAX_CLASSES[syntax])


ARITH_OPS: tuple[type[IRDLOperation], ...] = (
    *(_compute_class(name, c.syntax) for name, c in COMPUTE.items()),
    *(_named(name, _BinOp) for name in MINMAX), ConstantOp)
