"""The `handshake` dialect as handshake programs are written: 003's channel types and CIRCT's operations.

This is the input side of handshake programs (`dfv lower` / `dfv run` on a file whose function is a
`handshake.func`). Every operation has CIRCT's assembly format, so the text CIRCT prints after
`lower-cf-to-handshake`, `handshake-materialize-forks-sinks` and `handshake-insert-buffers` parses as is,
and the same operations may be written with the typed channels of spec 003 (`!handshake.control`,
`!handshake.channel<T, [extras]>`) instead of CIRCT's `none` and plain `iN`.

Types: spec 003's (`dfv.lowering.handshake_types`); the syntax pieces and the attribute policy:
`dfv.lowering.handshake_syntax`.

Operations (CIRCT spelling): `func`, `return`, `fork [N]`, `lazy_fork [N]`, `join`, `merge`, `mux`,
`control_merge`, `br`, `cond_br`, `sink`, `source`, `constant`, `buffer [N] seq|fifo` (optional
`initValues`), `tehb` (Dynamatic's transparent buffer, which dfv's lowering also writes), `memory`,
`extmemory`, `load`, `store`, `pack` / `unpack` (tuples), `sync`. `arith` operations come from xDSL's
`arith` dialect. Anything else (`instance`, ...) is not registered, and the parser refuses it with its name
and location.
"""

from __future__ import annotations

from math import prod
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    FunctionType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneType,
    StringAttr,
    TupleType,
)
from xdsl.ir import Attribute, Dialect
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    opt_attr_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import IsTerminator
from xdsl.utils.exceptions import VerifyException

from dfv.golden.memory.memory import MAX_DEPTH
from dfv.lowering.handshake_syntax import (
    MAX_PORTS,
    check_same_types,
    int_or_channel,
    parse_bounded,
    parse_count,
    parse_operand_list,
    parse_paren_types,
    parse_type_list,
    print_attributes,
    print_operands,
    print_types,
    refuse_unknown_attributes,
    resolve_condition,
    resolve_control,
    resolve_operands,
)
from dfv.lowering.handshake_types import ChannelType, ControlType


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
        return cls.create(operands=resolve_operands(parser, operands, [t] * len(operands)),
                          result_types=[t] * cls.N_RESULTS, attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operands(printer, self.ins)
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.ins[0].type)

    def verify_(self) -> None:
        check_same_types(self, [*self.ins, *self.outs], "operands and results")
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
        n = parse_count(parser, MAX_PORTS, f"{cls.name} outputs")
        operands = parse_operand_list(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        return cls.create(operands=resolve_operands(parser, operands, [t] * len(operands)), result_types=[t] * n,
                          attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(f" [{len(self.outs)}] ")
        print_operands(printer, self.ins)
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.ins[0].type)

    def verify_(self) -> None:
        if len(self.ins) != 1 or len(self.outs) < 1:
            raise VerifyException(f"{self.name}: expected one operand and at least one result")
        check_same_types(self, [*self.ins, *self.outs], "operand and results")


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
    (`fifo`); `initValues` are tokens it holds after reset, emitted before any input (on a control buffer,
    one control token per value; each value must then be 0). The reader checks each value against the
    token's width (`dfv.lowering.bindings.buffers`)."""

    name = "handshake.buffer"
    operand = operand_def()
    result = result_def()
    slots = prop_def(IntegerAttr)
    buffer_type = prop_def(StringAttr)
    initValues = opt_attr_def(ArrayAttr)

    @classmethod
    def parse(cls, parser: Parser):
        n = parse_count(parser, MAX_DEPTH, "handshake.buffer slots")  # a FIFO of that depth in the RTL
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
class TehbOp(IRDLOperation):
    """`tehb %a : T`: a transparent one-slot buffer (Dynamatic's TEHB): a token passes straight on, a
    stalled one waits in the slot; only the ready path is registered. dfv's lowering puts one on a loop's
    feedback out of a pipelined unit, and reads its own graphs back with it."""

    name = "handshake.tehb"
    T: ClassVar = VarConstraint("T", AnyAttr())
    operand = operand_def(T)
    result = result_def(T)
    assembly_format = "$operand attr-dict `:` type($operand)"


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
        return cls.create(operands=resolve_operands(parser, operands, parse_type_list(parser)),
                          result_types=[NoneType()], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operands(printer, self.ins)
        print_attributes(printer, self)
        printer.print_string(" : ")
        print_types(printer, [v.type for v in self.ins])

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
        return cls.create(operands=[parser.resolve_operand(sel, st), *resolve_operands(parser, data, [t] * len(data))],
                          result_types=[t], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.select)
        printer.print_string(" [")
        print_operands(printer, self.data)
        printer.print_string("]")
        print_attributes(printer, self)
        printer.print_string(" : ")
        print_types(printer, [self.select.type, self.result.type])

    def verify_(self) -> None:
        if not self.data:
            raise VerifyException("handshake.mux: needs at least one data operand")
        if not int_or_channel(self.select.type):
            raise VerifyException(f"handshake.mux: select must be an integer or index, got {self.select.type}")
        check_same_types(self, [*self.data, self.result], "data operands and result")


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
        return cls.create(operands=resolve_operands(parser, operands, [t] * len(operands)), result_types=[t, it],
                          attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operands(printer, self.ins)
        print_attributes(printer, self)
        printer.print_string(" : ")
        print_types(printer, [self.result.type, self.index.type])

    def verify_(self) -> None:
        if not self.ins:
            raise VerifyException("handshake.control_merge: needs at least one operand")
        check_same_types(self, [*self.ins, self.result], "operands and result")
        if not int_or_channel(self.index.type):
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
        return cls.create(operands=[resolve_condition(parser, c), parser.resolve_operand(d, t)],
                          result_types=[t, t], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operands(printer, [self.cond, self.data])
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
        return cls.create(operands=[resolve_control(parser, u)], result_types=[t], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.ctrl)
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        if not isinstance(self.value, IntegerAttr | FloatAttr):
            raise VerifyException(f"handshake.constant: needs an integer or float 'value' attribute, got {self.value}")


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
                                    resolve_control(parser, c)], result_types=cls.access_types(at, dt),
                          attributes=attrs)

    @staticmethod
    def access_types(at: Attribute, dt: Attribute) -> list[Attribute]:
        """(data out, address to the memory) for address type `at` and data type `dt`."""
        return [dt, at]

    def verify_(self) -> None:
        want = self.access_types(self.addr.type, self.data_in.type)
        got = [self.data_out.type, self.addr_out.type]
        if got != want:
            raise VerifyException(f"{self.name}: results must be of types {', '.join(map(str, want))}, "
                                  f"got {', '.join(map(str, got))}")

    def print(self, printer: Printer) -> None:
        printer.print_string(" [")
        printer.print_operand(self.addr)
        printer.print_string("] ")
        print_operands(printer, [self.data_in, self.ctrl])
        print_attributes(printer, self)
        printer.print_string(" : ")
        print_types(printer, [self.addr.type, self.data_in.type])


@irdl_op_definition
class LoadOp(_AccessOp):
    """`%data, %addr_to_mem = load [%addr] %data_from_mem, %ctrl : A, T`: with an address
    `!handshake.channel<index, [extras]>`, the memory gets the plain index and the data comes back as
    `!handshake.channel<T, [the same extras]>` (the specs README: a load forwards its address's extras)."""

    name = "handshake.load"

    @staticmethod
    def access_types(at: Attribute, dt: Attribute) -> list[Attribute]:
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
        got[key] = parse_bounded(parser, MAX_PORTS, f"{key} (ports)")
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
    memref<NxT>, (operand types) -> (ld_data..., st_done..., ld_done...)`: internal storage. dfv's dialect adds
    `init = dense<[...]> : tensor<NxiW>` in the attribute dictionary (optional): the initial contents as element
    words (a `memref.global`'s table; a float element as its IEEE word), zeros without it."""

    name = "handshake.memory"
    memRefType = prop_def(MemRefType)
    init = opt_prop_def(DenseIntOrFPElementsAttr)

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
        props = {"ldCount": IntegerAttr(ld, 32), "stCount": IntegerAttr(st, 32), "memRefType": mt}
        if "init" in attrs:
            props["init"] = attrs.pop("init")
        return cls.create(operands=resolve_operands(parser, operands, ft.inputs.data), result_types=ft.outputs.data,
                          attributes=attrs, properties=props)

    def print(self, printer: Printer) -> None:
        ld, st = self.counts()
        printer.print_string(f" [ld = {ld}, st = {st}] (")
        print_operands(printer, self.ins)
        printer.print_string(")")
        attrs = dict(self.attributes) | ({"init": self.init} if self.init is not None else {})
        if attrs:
            printer.print_op_attributes(attrs)
        printer.print_string(" : ")
        printer.print_attribute(self.memRefType)
        printer.print_string(", ")
        printer.print_attribute(FunctionType.from_lists([v.type for v in self.ins], [r.type for r in self.outs]))

    def verify_(self) -> None:
        if not isinstance(self.memRefType, MemRefType):
            raise VerifyException("handshake.memory: needs a memref type")
        self._check_ports(len(self.ins))
        if self.init is not None:
            et, shape = self.init.get_element_type(), list(self.init.get_shape())
            want = prod(self.memRefType.get_shape())
            if not isinstance(et, IntegerType) or len(shape) != 1 or shape[0] != want:
                raise VerifyException(f"handshake.memory: init must be dense<[...]> : tensor<{want}xiW> (the "
                                      f"memory's words), got {self.init.type}")


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
        return cls.create(operands=[parser.resolve_operand(mem, mt),
                                    *resolve_operands(parser, operands, ft.inputs.data)],
                          result_types=ft.outputs.data, attributes=attrs,
                          properties={"ldCount": IntegerAttr(ld, 32), "stCount": IntegerAttr(st, 32)})

    def print(self, printer: Printer) -> None:
        ld, st = self.counts()
        printer.print_string(f" [ld = {ld}, st = {st}] (")
        printer.print_operand(self.ins[0])
        printer.print_string(" : ")
        printer.print_attribute(self.ins[0].type)
        printer.print_string(") (")
        print_operands(printer, self.ins[1:])
        printer.print_string(")")
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(FunctionType.from_lists([v.type for v in self.ins[1:]],
                                                        [r.type for r in self.outs]))

    def verify_(self) -> None:
        if not self.ins or not isinstance(self.ins[0].type, MemRefType):
            raise VerifyException("handshake.extmemory: the first operand must be a memref")
        self._check_ports(len(self.ins) - 1)


def _check_fields(op: IRDLOperation, t: Attribute, values, what: str) -> None:
    """`values` (the operands of a pack, the results of an unpack) must be of tuple type `t`'s field types."""
    if not isinstance(t, TupleType):
        raise VerifyException(f"{op.name}: expected a tuple type, got {t}")
    fields = list(t.types.data)
    if [v.type for v in values] != fields:
        raise VerifyException(f"{op.name}: the {what} must be of the tuple's types, {', '.join(map(str, fields))}")


def _parse_tuple_type(parser: Parser, name: str) -> TupleType:
    """`: tuple<...>` after a pack's or unpack's operands, refused at the type when it is not a tuple."""
    parser.parse_punctuation(":")
    at = parser.pos
    t = parser.parse_type()
    if not isinstance(t, TupleType):
        parser.raise_error(f"{name}: expected a tuple type, got {t}", at)
    return t


@irdl_op_definition
class PackOp(IRDLOperation):
    """`%t = pack %a, %b : tuple<A, B>`: one token of every operand makes one tuple token (CIRCT)."""

    name = "handshake.pack"
    ins = var_operand_def()
    result = result_def()

    @classmethod
    def parse(cls, parser: Parser):
        operands = parse_operand_list(parser)
        attrs = parser.parse_optional_attr_dict()
        t = _parse_tuple_type(parser, cls.name)
        return cls.create(operands=resolve_operands(parser, operands, list(t.types.data)), result_types=[t],
                          attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operands(printer, self.ins)
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        _check_fields(self, self.result.type, self.ins, "operands")


@irdl_op_definition
class UnpackOp(IRDLOperation):
    """`%a, %b = unpack %t : tuple<A, B>`: each tuple token's fields, one to each result (CIRCT)."""

    name = "handshake.unpack"
    operand = operand_def()
    outs = var_result_def()

    @classmethod
    def parse(cls, parser: Parser):
        u = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        t = _parse_tuple_type(parser, cls.name)
        return cls.create(operands=[parser.resolve_operand(u, t)], result_types=list(t.types.data), attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.operand)
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.operand.type)

    def verify_(self) -> None:
        _check_fields(self, self.operand.type, self.outs, "results")


@irdl_op_definition
class SyncOp(IRDLOperation):
    """`%x, %y = sync %a, %b : A, B`: passes on one token of every operand once all of them have one (CIRCT:
    a join of their handshakes forked to the results, the data passed through)."""

    name = "handshake.sync"
    ins = var_operand_def()
    outs = var_result_def()

    @classmethod
    def parse(cls, parser: Parser):
        operands = parse_operand_list(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parse_type_list(parser)
        return cls.create(operands=resolve_operands(parser, operands, types), result_types=types, attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operands(printer, self.ins)
        print_attributes(printer, self)
        printer.print_string(" : ")
        print_types(printer, [v.type for v in self.ins])

    def verify_(self) -> None:
        if not self.ins or [v.type for v in self.ins] != [r.type for r in self.outs]:
            raise VerifyException("handshake.sync: needs operands, and one result of each operand's type")


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
        return cls.create(operands=resolve_operands(parser, operands, types), attributes=attrs)

    def print(self, printer: Printer) -> None:
        if self.ins:
            printer.print_string(" ")
            print_operands(printer, self.ins)
            printer.print_string(" : ")
            print_types(printer, [v.type for v in self.ins])


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
        results = parse_paren_types(parser) if parser.parse_optional_punctuation("->") is not None else []
        attrs = parser.parse_optional_attr_dict_with_keyword()
        body = parser.parse_region(args)
        ft = FunctionType.from_lists([a.type for a in args], results)
        return cls.create(regions=[body], attributes=attrs.data if attrs else {},
                          properties={"sym_name": name, "function_type": ft})

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)  # quoted when it is not a bare identifier: @"my-func"
        printer.print_string("(")
        printer.print_list(self.body.block.args, printer.print_block_argument)
        printer.print_string(") -> (")
        print_types(printer, self.function_type.outputs.data)
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


OPERATIONS = (FuncOp, ReturnOp, ForkOp, LazyForkOp, JoinOp, MergeOp, MuxOp, ControlMergeOp, BrOp, CondBrOp,
              SinkOp, SourceOp, ConstantOp, BufferOp, TehbOp, MemoryOp, ExtMemoryOp, LoadOp, StoreOp, PackOp,
              UnpackOp, SyncOp)
for _op in OPERATIONS:
    refuse_unknown_attributes(_op)
HandshakeInput = Dialect("handshake", list(OPERATIONS), [ControlType, ChannelType])
