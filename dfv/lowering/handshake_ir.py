"""The `handshake` dialect as handshake programs are written: 003's channel types and CIRCT's operations.

This is the input side of handshake programs (`dfv lower` / `dfv run` on a file whose function is a
`handshake.func`). Every operation has CIRCT's assembly format, so the text CIRCT prints after
`lower-cf-to-handshake`, `handshake-materialize-forks-sinks` and `handshake-insert-buffers` parses as is,
and the same operations may be written with the typed channels of spec 003 (`!handshake.control`,
`!handshake.channel<T, [extras]>`) instead of CIRCT's `none` and plain `iN`.

Types (spec 003 as the specs README settles it):
* `!handshake.control`: valid/ready only. CIRCT's `none` means the same.
* `!handshake.channel<T>` and `!handshake.channel<T, [name: iK, iK, (U) iK, ...]>`: a data type of non-zero
  width plus extra signals, downstream unless marked `(U)`, named or not; names unique in one channel.

Operations (CIRCT spelling): `func`, `return`, `fork [N]`, `lazy_fork [N]`, `join`, `merge`, `mux`,
`control_merge`, `br`, `cond_br`, `sink`, `source`, `constant`, `buffer [N] seq|fifo` (optional
`initValues`), `memory`, `extmemory`, `load`, `store`. `arith` operations come from xDSL's `arith` dialect.
Anything else (`instance`, `pack`, `unpack`, `sync`, ...) is not registered, and the parser refuses it
with its name and location.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneType,
    StringAttr,
)
from xdsl.ir import Attribute, Dialect, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_attr_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import AttrParser, Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import IsTerminator
from xdsl.utils.exceptions import VerifyException


# ------------------------------------------------------------------------------------------ types
@irdl_attr_definition
class ControlType(ParametrizedAttribute, TypeAttribute):
    """`!handshake.control`: a token with no data (valid and ready only)."""

    name = "handshake.control"


@dataclass(frozen=True)
class Extra:
    """One extra signal of a channel: its name (or None), type and direction."""

    name: str | None
    type: Attribute
    upstream: bool

    def __str__(self) -> str:
        return (f"{self.name}: " if self.name else "") + ("(U) " if self.upstream else "") + str(self.type)


@irdl_attr_definition
class ChannelType(ParametrizedAttribute, TypeAttribute):
    """`!handshake.channel<T, [extras]>`; `names` holds "" for an unnamed extra, `directions` "D" or "U"."""

    name = "handshake.channel"
    data_type: Attribute
    extra_types: ArrayAttr
    extra_names: ArrayAttr
    extra_dirs: ArrayAttr

    @staticmethod
    def make(data: Attribute, extras: Sequence[Extra] = ()) -> ChannelType:
        return ChannelType(data, ArrayAttr([e.type for e in extras]),
                           ArrayAttr([StringAttr(e.name or "") for e in extras]),
                           ArrayAttr([StringAttr("U" if e.upstream else "D") for e in extras]))

    @property
    def extras(self) -> list[Extra]:
        return [Extra(n.data or None, t, d.data == "U")
                for t, n, d in zip(self.extra_types, self.extra_names, self.extra_dirs, strict=True)]

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        extras: list[Extra] = []
        with parser.in_angle_brackets():
            data = parser.parse_type()
            if parser.parse_optional_punctuation(",") is not None:
                parser.parse_punctuation("[")
                while True:
                    extras.append(_parse_extra(parser))
                    if parser.parse_optional_punctuation(",") is None:
                        break
                parser.parse_punctuation("]")
        made = cls.make(data, extras)
        return (made.data_type, made.extra_types, made.extra_names, made.extra_dirs)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_attribute(self.data_type)
            if self.extras:
                printer.print_string(", [" + ", ".join(str(e) for e in self.extras) + "]")

    def verify(self) -> None:
        if data_width(self.data_type) == 0:
            raise VerifyException(f"!handshake.channel: data type {self.data_type} has zero width "
                                  "(a token without data is !handshake.control)")
        seen: set[str] = set()
        for e in self.extras:
            if not (isinstance(e.type, IntegerType) and e.type.width.data >= 1):
                raise VerifyException(f"!handshake.channel: extra signal '{e}' must be an integer iK with K >= 1")
            if e.name:
                if e.name in seen:
                    raise VerifyException(f"!handshake.channel: extra signal name '{e.name}' is used twice")
                seen.add(e.name)


def _parse_extra(parser: AttrParser) -> Extra:
    """`name: (U) iK`, `name: iK`, `(U) iK` or `iK` (an extra signal is a signless integer)."""
    name = None
    ident = parser.parse_optional_identifier()
    if ident is not None and parser.parse_optional_punctuation(":") is None:
        m = re.fullmatch(r"i(\d+)", ident)
        if m is None:
            parser.raise_error(f"!handshake.channel: expected an extra signal 'name: iK' or 'iK', got '{ident}'")
        return Extra(None, IntegerType(int(m.group(1))), False)
    name = ident
    upstream = False
    if parser.parse_optional_punctuation("(") is not None:
        parser.parse_keyword("U")
        parser.parse_punctuation(")")
        upstream = True
    return Extra(name, parser.parse_type(), upstream)


def data_width(t: Attribute) -> int:
    """Bits of the data bus of a value of type `t` (0 for control); a VerifyException for a type that
    has no place on a channel."""
    if isinstance(t, NoneType | ControlType):
        return 0
    if isinstance(t, ChannelType):
        return data_width(t.data_type)
    if isinstance(t, IntegerType):
        return t.width.data
    if isinstance(t, IndexType):
        return -1  # the flow's index width
    width = getattr(t, "bitwidth", None)
    if isinstance(width, int):
        return width
    raise VerifyException(f"type {t} cannot be carried by a handshake channel")


def is_control(t: Attribute) -> bool:
    return isinstance(t, NoneType | ControlType)


# ------------------------------------------------------------------------------------------ parsing helpers
def parse_operand_list(parser: Parser) -> list[UnresolvedOperand]:
    """A comma-separated list of `%values` (possibly empty)."""
    first = parser.parse_optional_unresolved_operand()
    if first is None:
        return []
    out = [first]
    while parser.parse_optional_punctuation(",") is not None:
        out.append(parser.parse_unresolved_operand())
    return out


def parse_type_list(parser: Parser) -> list[Attribute]:
    out = [parser.parse_type()]
    while parser.parse_optional_punctuation(",") is not None:
        out.append(parser.parse_type())
    return out


def _type_list(parser: Parser) -> list[Attribute]:
    """`(T, ...)`, `()` or a single `T`."""
    if parser.parse_optional_punctuation("(") is not None:
        if parser.parse_optional_punctuation(")") is not None:
            return []
        out = parse_type_list(parser)
        parser.parse_punctuation(")")
        return out
    return [parser.parse_type()]


def _count(parser: Parser) -> int:
    parser.parse_punctuation("[")
    n = parser.parse_integer(allow_negative=False, allow_boolean=False)
    parser.parse_punctuation("]")
    return n


def _resolve(parser: Parser, operands: list[UnresolvedOperand], types: Sequence[Attribute]) -> list[SSAValue]:
    if len(types) != len(operands):
        parser.raise_error(f"expected {len(operands)} operand types, got {len(types)}")
    return [parser.resolve_operand(u, t) for u, t in zip(operands, types, strict=True)]


def known_operand_type(parser: Parser, u: UnresolvedOperand) -> Attribute | None:
    """The type operand `u` was defined or first used with, if it has been seen."""
    known = parser.ssa_values.get(u.operand_name)
    value = known[u.index] if known is not None and u.index < len(known) else \
        parser.forward_ssa_references.get(u.operand_name, {}).get(u.index)
    return None if value is None else value.type


def _resolve_control(parser: Parser, u: UnresolvedOperand) -> SSAValue:
    """A control operand whose type the syntax does not print (CIRCT writes `none`): the type it was
    defined or first used with when that is a control type (`!handshake.control`), else `none`."""
    t = known_operand_type(parser, u)
    return parser.resolve_operand(u, t if t is not None and is_control(t) else NoneType())


def _resolve_condition(parser: Parser, u: UnresolvedOperand) -> SSAValue:
    """A condition whose type the syntax does not print: `i1`, or the `!handshake.channel<i1, ...>` it
    was defined with."""
    t = known_operand_type(parser, u)
    return parser.resolve_operand(u, t if isinstance(t, ChannelType) else IntegerType(1))


def _int_or_channel(t: Attribute) -> bool:
    """An integer or index, or a channel of one."""
    return isinstance(t.data_type if isinstance(t, ChannelType) else t, IntegerType | IndexType)


def _print_operands(printer: Printer, values: Sequence[SSAValue]) -> None:
    printer.print_list(values, printer.print_operand)


def _print_types(printer: Printer, types: Sequence[Attribute]) -> None:
    printer.print_list(types, printer.print_attribute)


def print_attributes(printer: Printer, op: IRDLOperation, skip: Sequence[str] = ()) -> None:
    attrs = {k: v for k, v in op.attributes.items() if k not in skip}
    if attrs:
        printer.print_op_attributes(attrs)


def _same_types(op: IRDLOperation, values: Sequence[SSAValue], what: str) -> None:
    for v in values[1:]:
        if v.type != values[0].type:
            raise VerifyException(f"{op.name}: {what} must all have one type, got {values[0].type} and {v.type}")


# ------------------------------------------------------------------------------------------ operations
class _UniformOp(IRDLOperation):
    """`NAME %a, %b, ... {attrs} : T`: operands and results all of type T."""

    ins = var_operand_def()
    outs = var_result_def()
    N_RESULTS: ClassVar[int] = 1

    @classmethod
    def parse(cls, parser: Parser):
        operands = parse_operand_list(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        return cls.create(operands=_resolve(parser, operands, [t] * len(operands)),
                          result_types=[t] * cls.N_RESULTS, attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        _print_operands(printer, self.ins)
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.ins[0].type)

    def verify_(self) -> None:
        _same_types(self, [*self.ins, *self.outs], "operands and results")
        if len(self.outs) != self.N_RESULTS:
            raise VerifyException(f"{self.name}: expected {self.N_RESULTS} results")


@irdl_op_definition
class MergeOp(_UniformOp):
    """`merge %a, %b : T`: passes each input token to the output (nondeterministic order)."""

    name = "handshake.merge"

    def verify_(self) -> None:
        super().verify_()
        if not self.ins:
            raise VerifyException("handshake.merge: needs at least one operand")


@irdl_op_definition
class BrOp(_UniformOp):
    """`br %a : T`: a wire (CIRCT's unconditional branch)."""

    name = "handshake.br"

    def verify_(self) -> None:
        super().verify_()
        if len(self.ins) != 1:
            raise VerifyException("handshake.br: expected one operand")


class _ReplicateOp(IRDLOperation):
    """`NAME [N] %a {attrs} : T`: one operand, N results of its type."""

    ins = var_operand_def()
    outs = var_result_def()

    @classmethod
    def parse(cls, parser: Parser):
        n = _count(parser)
        operands = parse_operand_list(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        return cls.create(operands=_resolve(parser, operands, [t] * len(operands)), result_types=[t] * n,
                          attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(f" [{len(self.outs)}] ")
        _print_operands(printer, self.ins)
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.ins[0].type)

    def verify_(self) -> None:
        if len(self.ins) != 1 or len(self.outs) < 1:
            raise VerifyException(f"{self.name}: expected one operand and at least one result")
        _same_types(self, [*self.ins, *self.outs], "operand and results")


@irdl_op_definition
class ForkOp(_ReplicateOp):
    """`fork [N] %a : T`: each token to every result (eagerly)."""

    name = "handshake.fork"


@irdl_op_definition
class LazyForkOp(_ReplicateOp):
    """`lazy_fork [N] %a : T`: each token to every result, all in the same cycle."""

    name = "handshake.lazy_fork"


@irdl_op_definition
class BufferOp(IRDLOperation):
    """`buffer [N] seq|fifo %a {initValues = [...]} : T`: N slots, opaque (`seq`) or transparent
    (`fifo`); `initValues` are tokens it holds after reset, emitted before any input."""

    name = "handshake.buffer"
    operand = operand_def()
    result = result_def()
    slots = prop_def(IntegerAttr)
    buffer_type = prop_def(StringAttr)
    initValues = opt_attr_def(ArrayAttr)

    @classmethod
    def parse(cls, parser: Parser):
        n = _count(parser)
        kind = parser.parse_identifier()
        if kind not in ("seq", "fifo"):
            parser.raise_error(f"handshake.buffer: expected 'seq' or 'fifo', got '{kind}'")
        operand = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        return cls.create(operands=[parser.resolve_operand(operand, t)], result_types=[t], attributes=attrs,
                          properties={"slots": IntegerAttr(n, 32), "buffer_type": StringAttr(kind)})

    def print(self, printer: Printer) -> None:
        printer.print_string(f" [{self.slots.value.data}] {self.buffer_type.data} ")
        printer.print_operand(self.operand)
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.operand.type)

    def verify_(self) -> None:
        if self.operand.type != self.result.type:
            raise VerifyException("handshake.buffer: result must have the operand's type")
        n = self.slots.value.data
        if n < 1:
            raise VerifyException("handshake.buffer: needs at least one slot")
        init = self.init_values()
        if len(init) > n:
            raise VerifyException(f"handshake.buffer: {len(init)} initValues do not fit {n} slots")
        if init and is_control(self.operand.type):
            raise VerifyException("handshake.buffer: initValues on a control buffer carry no data")

    def init_values(self) -> list[int]:
        if self.initValues is None:
            return []
        out = []
        for v in self.initValues.data:
            if not isinstance(v, IntegerAttr):
                raise VerifyException(f"handshake.buffer: initValues must be integers, got {v}")
            out.append(v.value.data)
        return out


@irdl_op_definition
class JoinOp(IRDLOperation):
    """`join %a, %b : T1, T2`: one control token when every operand has one."""

    name = "handshake.join"
    ins = var_operand_def()
    result = result_def()

    @classmethod
    def parse(cls, parser: Parser):
        operands = parse_operand_list(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        return cls.create(operands=_resolve(parser, operands, parse_type_list(parser)), result_types=[NoneType()],
                          attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        _print_operands(printer, self.ins)
        print_attributes(printer, self)
        printer.print_string(" : ")
        _print_types(printer, [v.type for v in self.ins])

    def verify_(self) -> None:
        if not self.ins:
            raise VerifyException("handshake.join: needs at least one operand")


@irdl_op_definition
class MuxOp(IRDLOperation):
    """`mux %sel [%a, %b] : S, T`: the token of input `sel`."""

    name = "handshake.mux"
    select = operand_def()
    data = var_operand_def()
    result = result_def()

    @classmethod
    def parse(cls, parser: Parser):
        sel = parser.parse_unresolved_operand()
        parser.parse_punctuation("[")
        data = parse_operand_list(parser)
        parser.parse_punctuation("]")
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        st = parser.parse_type()
        parser.parse_punctuation(",")
        t = parser.parse_type()
        return cls.create(operands=[parser.resolve_operand(sel, st), *_resolve(parser, data, [t] * len(data))],
                          result_types=[t], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.select)
        printer.print_string(" [")
        _print_operands(printer, self.data)
        printer.print_string("]")
        print_attributes(printer, self)
        printer.print_string(" : ")
        _print_types(printer, [self.select.type, self.result.type])

    def verify_(self) -> None:
        if not self.data:
            raise VerifyException("handshake.mux: needs at least one data operand")
        if not _int_or_channel(self.select.type):
            raise VerifyException(f"handshake.mux: select must be an integer or index, got {self.select.type}")
        _same_types(self, [*self.data, self.result], "data operands and result")


@irdl_op_definition
class ControlMergeOp(IRDLOperation):
    """`%r, %i = control_merge %a, %b : T, I`: a merge that also says which input it took."""

    name = "handshake.control_merge"
    ins = var_operand_def()
    result = result_def()
    index = result_def()

    @classmethod
    def parse(cls, parser: Parser):
        operands = parse_operand_list(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        parser.parse_punctuation(",")
        it = parser.parse_type()
        return cls.create(operands=_resolve(parser, operands, [t] * len(operands)), result_types=[t, it],
                          attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        _print_operands(printer, self.ins)
        print_attributes(printer, self)
        printer.print_string(" : ")
        _print_types(printer, [self.result.type, self.index.type])

    def verify_(self) -> None:
        if not self.ins:
            raise VerifyException("handshake.control_merge: needs at least one operand")
        _same_types(self, [*self.ins, self.result], "operands and result")
        if not _int_or_channel(self.index.type):
            raise VerifyException(f"handshake.control_merge: index must be an integer or index, got "
                                  f"{self.index.type}")


@irdl_op_definition
class CondBrOp(IRDLOperation):
    """`%t, %f = cond_br %c, %d : T`: the data token to the true or the false result."""

    name = "handshake.cond_br"
    cond = operand_def()
    data = operand_def()
    true_result = result_def()
    false_result = result_def()

    @classmethod
    def parse(cls, parser: Parser):
        c = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        d = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        return cls.create(operands=[_resolve_condition(parser, c), parser.resolve_operand(d, t)],
                          result_types=[t, t], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        _print_operands(printer, [self.cond, self.data])
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.data.type)


@irdl_op_definition
class SinkOp(IRDLOperation):
    """`sink %a : T`: consumes and drops every token."""

    name = "handshake.sink"
    operand = operand_def()
    assembly_format = "$operand attr-dict `:` type($operand)"


@irdl_op_definition
class SourceOp(IRDLOperation):
    """`%s = source`: a control token whenever one is taken."""

    name = "handshake.source"
    result = result_def()

    @classmethod
    def parse(cls, parser: Parser):
        attrs = parser.parse_optional_attr_dict()
        return cls.create(result_types=[NoneType()], attributes=attrs)

    def print(self, printer: Printer) -> None:
        print_attributes(printer, self)


@irdl_op_definition
class ConstantOp(IRDLOperation):
    """`%c = constant %ctrl {value = 7 : i32} : i32`: the value once per control token."""

    name = "handshake.constant"
    ctrl = operand_def()
    result = result_def()
    value = opt_attr_def(Attribute)

    @classmethod
    def parse(cls, parser: Parser):
        u = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        return cls.create(operands=[_resolve_control(parser, u)], result_types=[t], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.ctrl)
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        if not isinstance(self.value, IntegerAttr):
            raise VerifyException(f"handshake.constant: needs an integer 'value' attribute, got {self.value}")


class _AccessOp(IRDLOperation):
    """`%x, %addr_out = NAME [%addr] %y, %ctrl : A, D`."""

    addr = operand_def()
    data_in = operand_def()
    ctrl = operand_def()
    data_out = result_def()
    addr_out = result_def()

    @classmethod
    def parse(cls, parser: Parser):
        parser.parse_punctuation("[")
        a = parser.parse_unresolved_operand()
        parser.parse_punctuation("]")
        d = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        c = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        at = parser.parse_type()
        parser.parse_punctuation(",")
        dt = parser.parse_type()
        return cls.create(operands=[parser.resolve_operand(a, at), parser.resolve_operand(d, dt),
                                    _resolve_control(parser, c)], result_types=cls.result_types(at, dt),
                          attributes=attrs)

    @staticmethod
    def result_types(at: Attribute, dt: Attribute) -> list[Attribute]:
        """(data out, address to the memory) for address type `at` and data type `dt`."""
        return [dt, at]

    def verify_(self) -> None:
        want = self.result_types(self.addr.type, self.data_in.type)
        got = [self.data_out.type, self.addr_out.type]
        if got != want:
            raise VerifyException(f"{self.name}: results must be of types {', '.join(map(str, want))}, "
                                  f"got {', '.join(map(str, got))}")

    def print(self, printer: Printer) -> None:
        printer.print_string(" [")
        printer.print_operand(self.addr)
        printer.print_string("] ")
        _print_operands(printer, [self.data_in, self.ctrl])
        print_attributes(printer, self)
        printer.print_string(" : ")
        _print_types(printer, [self.addr.type, self.data_in.type])


@irdl_op_definition
class LoadOp(_AccessOp):
    """`%data, %addr_to_mem = load [%addr] %data_from_mem, %ctrl : A, T`: with an address
    `!handshake.channel<index, [extras]>`, the memory gets the plain index and the data comes back as
    `!handshake.channel<T, [the same extras]>` (the specs README: a load forwards its address's extras)."""

    name = "handshake.load"

    @staticmethod
    def result_types(at: Attribute, dt: Attribute) -> list[Attribute]:
        if isinstance(at, ChannelType) and at.extras:
            return [ChannelType.make(dt, at.extras), at.data_type]
        return [dt, at]


@irdl_op_definition
class StoreOp(_AccessOp):
    """`%data_to_mem, %addr_to_mem = store [%addr] %data, %ctrl : index, T`."""

    name = "handshake.store"


def _parse_counts(parser: Parser) -> tuple[int, int]:
    """`[ld = L, st = S]`."""
    parser.parse_punctuation("[")
    got: dict[str, int] = {}
    for i in range(2):
        key = parser.parse_identifier()
        if key not in ("ld", "st") or key in got:
            parser.raise_error(f"expected 'ld = N, st = N', got '{key}'")
        parser.parse_punctuation("=")
        got[key] = parser.parse_integer(allow_negative=False, allow_boolean=False)
        if i == 0:
            parser.parse_punctuation(",")
    parser.parse_punctuation("]")
    return got["ld"], got["st"]


class _MemOp(IRDLOperation):
    ins = var_operand_def()
    outs = var_result_def()
    ldCount = prop_def(IntegerAttr)
    stCount = prop_def(IntegerAttr)

    def counts(self) -> tuple[int, int]:
        return self.ldCount.value.data, self.stCount.value.data

    def _check_ports(self, n_in: int) -> None:
        ld, st = self.counts()
        if n_in != 2 * st + ld or len(self.outs) != 2 * ld + st:
            raise VerifyException(f"{self.name}: ld = {ld}, st = {st} needs {2 * st + ld} operands and "
                                  f"{2 * ld + st} results, got {n_in} and {len(self.outs)}")


@irdl_op_definition
class MemoryOp(_MemOp):
    """`%r... = memory [ld = L, st = S] (%st_data, %st_addr, ..., %ld_addr, ...) {id = 0 : i32} :
    memref<NxT>, (operand types) -> (ld_data..., st_done..., ld_done...)`: internal storage."""

    name = "handshake.memory"
    memRefType = prop_def(MemRefType)

    @classmethod
    def parse(cls, parser: Parser):
        ld, st = _parse_counts(parser)
        parser.parse_punctuation("(")
        operands = parse_operand_list(parser)
        parser.parse_punctuation(")")
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        mt = parser.parse_type()
        parser.parse_punctuation(",")
        ft = parser.parse_function_type()
        return cls.create(operands=_resolve(parser, operands, ft.inputs.data), result_types=ft.outputs.data,
                          attributes=attrs, properties={"ldCount": IntegerAttr(ld, 32), "stCount": IntegerAttr(st, 32),
                                                        "memRefType": mt})

    def print(self, printer: Printer) -> None:
        ld, st = self.counts()
        printer.print_string(f" [ld = {ld}, st = {st}] (")
        _print_operands(printer, self.ins)
        printer.print_string(")")
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.memRefType)
        printer.print_string(", ")
        printer.print_attribute(FunctionType.from_lists([v.type for v in self.ins], [r.type for r in self.outs]))

    def verify_(self) -> None:
        if not isinstance(self.memRefType, MemRefType):
            raise VerifyException("handshake.memory: needs a memref type")
        self._check_ports(len(self.ins))


@irdl_op_definition
class ExtMemoryOp(_MemOp):
    """`%r... = extmemory [ld = L, st = S] (%mem : memref<NxT>) (%st_data, %st_addr, ..., %ld_addr, ...)
    {id = 0 : i32} : (operand types) -> (ld_data..., st_done..., ld_done...)`: a memref argument."""

    name = "handshake.extmemory"

    @classmethod
    def parse(cls, parser: Parser):
        ld, st = _parse_counts(parser)
        parser.parse_punctuation("(")
        mem = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        mt = parser.parse_type()
        parser.parse_punctuation(")")
        parser.parse_punctuation("(")
        operands = parse_operand_list(parser)
        parser.parse_punctuation(")")
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        ft = parser.parse_function_type()
        return cls.create(operands=[parser.resolve_operand(mem, mt), *_resolve(parser, operands, ft.inputs.data)],
                          result_types=ft.outputs.data, attributes=attrs,
                          properties={"ldCount": IntegerAttr(ld, 32), "stCount": IntegerAttr(st, 32)})

    def print(self, printer: Printer) -> None:
        ld, st = self.counts()
        printer.print_string(f" [ld = {ld}, st = {st}] (")
        printer.print_operand(self.ins[0])
        printer.print_string(" : ")
        printer.print_attribute(self.ins[0].type)
        printer.print_string(") (")
        _print_operands(printer, self.ins[1:])
        printer.print_string(")")
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(FunctionType.from_lists([v.type for v in self.ins[1:]],
                                                        [r.type for r in self.outs]))

    def verify_(self) -> None:
        if not self.ins or not isinstance(self.ins[0].type, MemRefType):
            raise VerifyException("handshake.extmemory: the first operand must be a memref")
        self._check_ports(len(self.ins) - 1)


@irdl_op_definition
class ReturnOp(IRDLOperation):
    """`return %a, %ctrl : T, none`: the function's results, in order."""

    name = "handshake.return"
    ins = var_operand_def()
    traits = traits_def(IsTerminator())

    @classmethod
    def parse(cls, parser: Parser):
        operands = parse_operand_list(parser)
        attrs = parser.parse_optional_attr_dict()
        types = parse_type_list(parser) if operands and parser.parse_optional_punctuation(":") is not None else []
        return cls.create(operands=_resolve(parser, operands, types), attributes=attrs)

    def print(self, printer: Printer) -> None:
        if self.ins:
            printer.print_string(" ")
            _print_operands(printer, self.ins)
            printer.print_string(" : ")
            _print_types(printer, [v.type for v in self.ins])


@irdl_op_definition
class FuncOp(IRDLOperation):
    """`handshake.func @f(%a: T, %start: none, ...) -> (T, none) attributes {...} { graph }`.

    The body is one graph region (values may be used before the line that defines them) ending in
    `return`."""

    name = "handshake.func"
    body = region_def()
    sym_name = prop_def(StringAttr)
    function_type = prop_def(FunctionType)

    @classmethod
    def parse(cls, parser: Parser):
        name = parser.parse_symbol_name()
        parser.parse_punctuation("(")
        args = []
        while parser.parse_optional_punctuation(")") is None:
            if args:
                parser.parse_punctuation(",")
            if parser.parse_optional_punctuation("...") is not None:
                parser.parse_punctuation(")")
                break
            args.append(parser.parse_argument())
        results = _type_list(parser) if parser.parse_optional_punctuation("->") is not None else []
        attrs = parser.parse_optional_attr_dict_with_keyword()
        body = parser.parse_region(args)
        ft = FunctionType.from_lists([a.type for a in args], results)
        return cls.create(regions=[body], attributes=attrs.data if attrs else {},
                          properties={"sym_name": name, "function_type": ft})

    def print(self, printer: Printer) -> None:
        printer.print_string(f" @{self.sym_name.data}(")
        printer.print_list(self.body.block.args, printer.print_block_argument)
        printer.print_string(") -> (")
        _print_types(printer, self.function_type.outputs.data)
        printer.print_string(")")
        if self.attributes:
            printer.print_string(" attributes")
            printer.print_op_attributes(self.attributes)
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False)

    def verify_(self) -> None:
        if len(self.body.blocks) != 1:
            raise VerifyException("handshake.func: the body is one block (a graph region)")
        term = self.body.block.last_op
        if not isinstance(term, ReturnOp):
            raise VerifyException("handshake.func: the body must end in 'return'")
        outs = self.function_type.outputs.data
        got = tuple(v.type for v in term.ins)
        if got != tuple(outs):
            raise VerifyException(f"handshake.func @{self.sym_name.data}: 'return' gives "
                                  f"({', '.join(map(str, got))}), the function returns ({', '.join(map(str, outs))})")


def unknown_attributes(op: IRDLOperation) -> list[str]:
    """Attributes of `op` that neither its definition nor CIRCT's printing of it (`KNOWN_EXTRA`) has."""
    d = type(op).get_irdl_definition()
    known = set(d.attributes) | set(d.properties) | KNOWN_EXTRA.get(op.name, set()) | \
        (DFV_FUNC_ATTRIBUTES if op.name == "handshake.func" else DFV_ATTRIBUTES)
    return sorted(k for k in op.attributes if k not in known)


DFV_ATTRIBUTES = {"dfv.id", "dfv.loc", "dfv.group", "dfv.meta"}
"""What a graph written by dfv (`dfv.lowering.graph_ir`) records on each operation: node id, source location,
memory group, lowering roles."""
DFV_FUNC_ATTRIBUTES = {"dfv.source", "dfv.index_width", "dfv.ids", "dfv.order", "dfv.groups", "dfv.loops",
                       "dfv.sources"}
"""... and on its function: the interface node ids, node order, memory groups, loops and source operations."""


KNOWN_EXTRA: dict[str, set[str]] = {
    "handshake.func": {"argNames", "resNames", "sym_visibility"},
    "handshake.memory": {"id", "lsq"},
    "handshake.extmemory": {"id"},
}
"""Attributes CIRCT prints that carry nothing the circuit needs (names, memory ids)."""


def refuse_unknown_attributes(cls: type[IRDLOperation]) -> None:
    own = cls.verify_

    def verify_(self) -> None:
        bad = unknown_attributes(self)
        if bad:
            raise VerifyException(f"{self.name}: unknown attribute {', '.join(repr(b) for b in bad)}")
        own(self)

    cls.verify_ = verify_


OPERATIONS = (FuncOp, ReturnOp, ForkOp, LazyForkOp, JoinOp, MergeOp, MuxOp, ControlMergeOp, BrOp, CondBrOp,
              SinkOp, SourceOp, ConstantOp, BufferOp, MemoryOp, ExtMemoryOp, LoadOp, StoreOp)
for _op in OPERATIONS:
    refuse_unknown_attributes(_op)
HandshakeInput = Dialect("handshake", list(OPERATIONS), [ControlType, ChannelType])
