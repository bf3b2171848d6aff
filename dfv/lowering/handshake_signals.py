"""Spec 003's operations on the signals of a channel: `compose` / `decompose` and `bundle` / `unbundle`.

* `%y = compose %x : T -> U` packs the downstream extra signals of `T = !handshake.channel<D, [extras]>`
  either into the data bus (`U = !handshake.channel<iN>`, N = width(D) + the extras' widths) or into one
  extra signal kept apart from the data (`U = !handshake.channel<D, [iE]>`, for arithmetic); upstream
  extras fold into one upstream signal `(U) iF` in both forms. `decompose` is the inverse (`U -> T`).
  On a channel the bits do not move (data low, extras above in declaration order), so both are wiring.
* `%ctrl, %data, %e... = unbundle %ch [, %up...] : control, D, E...` splits a channel into its control
  token, its data and its downstream extras (upstream extras are operands: they flow the other way);
  `%ch [, %up...] = bundle %ctrl, %data [%e, ...] : !handshake.channel<...>` is the converse.
  `%valid = unbundle %c, %ready : i1` and `%c, %ready = bundle %valid : control, i1` do the same for a
  control token's valid and ready wires.

Types are checked by the verifiers; what runs is `dfv.lowering.from_handshake`'s business.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType, NoneType
from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def, var_operand_def, var_result_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from dfv.lowering.handshake_syntax import (
    known_operand_type,
    parse_operand_list,
    parse_type_list,
    print_attributes,
    refuse_unknown_attributes,
)
from dfv.lowering.handshake_types import ChannelType, Extra, data_width, is_control


def _width(t: Attribute) -> int:
    w = data_width(t)
    if w < 0:
        raise VerifyException(f"{t}: an index has no fixed width here; compose a channel of iN")
    return w


def _down(t: ChannelType) -> list[Extra]:
    return [e for e in t.extras if not e.upstream]


def _up(t: ChannelType) -> list[Extra]:
    return [e for e in t.extras if e.upstream]


def composed_forms(t: ChannelType) -> tuple[ChannelType, ChannelType]:
    """The two composed forms of `t`: everything downstream in the data bus, or the downstream extras
    folded into one extra signal beside the data (upstream extras folded into one in both)."""
    down = sum(e.type.width.data for e in _down(t))
    up = sum(e.type.width.data for e in _up(t))
    ups = [Extra(None, IntegerType(up), True)] if up else []
    bus = ChannelType.make(IntegerType(_width(t.data_type) + down), ups)
    side = ChannelType.make(t.data_type, ([Extra(None, IntegerType(down), False)] if down else []) + ups)
    return bus, side


def _same_shape(a: ChannelType, b: ChannelType) -> bool:
    """Equal but for extra signal names (a composed form has unnamed extras)."""
    return a.data_type == b.data_type and [(e.type, e.upstream) for e in a.extras] == \
        [(e.type, e.upstream) for e in b.extras]


class _RecomposeOp(IRDLOperation):
    """`%y = NAME %x : T -> U`."""

    input = operand_def()
    result = result_def()
    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"

    def _check(self, full: Attribute, composed: Attribute) -> None:
        # a plain iN is the channel<iN> of CIRCT's implicit channels (how a written graph spells it)
        full, composed = (ChannelType.make(t) if isinstance(t, IntegerType) else t for t in (full, composed))
        if not isinstance(full, ChannelType) or not isinstance(composed, ChannelType):
            raise VerifyException(f"{self.name}: takes and gives !handshake.channel types, got {full} and {composed}")
        if not any(_same_shape(composed, form) for form in composed_forms(full)):
            bus, side = composed_forms(full)
            raise VerifyException(f"{self.name}: {full} composes to {bus} or {side}, not {composed}")


@irdl_op_definition
class ComposeOp(_RecomposeOp):
    name = "handshake.compose"

    def verify_(self) -> None:
        self._check(self.input.type, self.result.type)


@irdl_op_definition
class DecomposeOp(_RecomposeOp):
    name = "handshake.decompose"

    def verify_(self) -> None:
        self._check(self.result.type, self.input.type)


@irdl_op_definition
class UnbundleOp(IRDLOperation):
    """`%ctrl, %data, %e... = unbundle %ch [, %up...] : control, D, E...` (see the module docstring)."""

    name = "handshake.unbundle"
    ins = var_operand_def()
    outs = var_result_def()

    @classmethod
    def parse(cls, parser: Parser):
        operands = parse_operand_list(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        results = parse_type_list(parser)
        if not operands:
            parser.raise_error("handshake.unbundle: needs the value to unbundle")
        t = known_operand_type(parser, operands[0])
        if t is None:
            parser.raise_error("handshake.unbundle: the unbundled value must be defined before this line "
                               "(its type is not written here)")
        ups = _up(t) if isinstance(t, ChannelType) else ([Extra(None, IntegerType(1), True)] if is_control(t) else [])
        types = [t, *(e.type for e in ups)]
        if len(operands) != len(types):
            parser.raise_error(f"handshake.unbundle: {t} takes {len(types) - 1} upstream signal operand(s)")
        return cls.create(operands=[parser.resolve_operand(u, ty) for u, ty in zip(operands, types, strict=True)],
                          result_types=results, attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.ins, printer.print_operand)
        print_attributes(printer, self)
        printer.print_string(" : ")
        printer.print_list([r.type for r in self.outs], printer.print_attribute)

    def verify_(self) -> None:
        t = self.ins[0].type
        got = [r.type for r in self.outs]
        if isinstance(t, ChannelType):
            want = [NoneType(), t.data_type, *(e.type for e in _down(t))]
            if len(got) != len(want) or not is_control(got[0]) or got[1:] != want[1:]:
                raise VerifyException(f"handshake.unbundle: {t} unbundles into control, "
                                      f"{', '.join(str(w) for w in want[1:])}")
        elif is_control(t):
            if got != [IntegerType(1)]:
                raise VerifyException("handshake.unbundle: a control token unbundles into its valid (i1), "
                                      "with its ready as an operand")
        else:
            raise VerifyException(f"handshake.unbundle: cannot unbundle a value of type {t}")


@irdl_op_definition
class BundleOp(IRDLOperation):
    """`%ch [, %up...] = bundle %ctrl, %data [%e, ...] : !handshake.channel<...>` or
    `%c, %ready = bundle %valid : control, i1` (see the module docstring)."""

    name = "handshake.bundle"
    ins = var_operand_def()
    outs = var_result_def()

    @classmethod
    def parse(cls, parser: Parser):
        operands = parse_operand_list(parser)
        extras = []
        if parser.parse_optional_punctuation("[") is not None:
            extras = parse_operand_list(parser)
            parser.parse_punctuation("]")
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parse_type_list(parser)
        t = types[0]
        if isinstance(t, ChannelType):
            if len(operands) != 2 or len(types) != 1:
                parser.raise_error("handshake.bundle: bundle %control, %data [extras] : !handshake.channel<...>")
            control = known_operand_type(parser, operands[0])
            ins = [control if control is not None and is_control(control) else NoneType(), t.data_type,
                   *(e.type for e in _down(t))]
            results = [t, *(e.type for e in _up(t))]
            operands = [*operands, *extras]
        else:
            if not is_control(t) or len(operands) != 1 or extras:
                parser.raise_error("handshake.bundle: bundle %valid : control, i1 (the ready comes out)")
            ins, results = [IntegerType(1)], types
        if len(operands) != len(ins):
            parser.raise_error(f"handshake.bundle: {t} needs {len(ins)} operands, got {len(operands)}")
        return cls.create(operands=[parser.resolve_operand(u, ty) for u, ty in zip(operands, ins, strict=True)],
                          result_types=results, attributes=attrs)

    def print(self, printer: Printer) -> None:
        t = self.outs[0].type
        printer.print_string(" ")
        if isinstance(t, ChannelType):
            printer.print_list(self.ins[:2], printer.print_operand)
            if len(self.ins) > 2:
                printer.print_string(" [")
                printer.print_list(self.ins[2:], printer.print_operand)
                printer.print_string("]")
            print_attributes(printer, self)
            printer.print_string(" : ")
            printer.print_attribute(t)
        else:
            printer.print_operand(self.ins[0])
            print_attributes(printer, self)
            printer.print_string(" : ")
            printer.print_list([r.type for r in self.outs], printer.print_attribute)

    def verify_(self) -> None:
        t = self.outs[0].type
        if isinstance(t, ChannelType):
            want = [t.data_type, *(e.type for e in _down(t))]
            if not is_control(self.ins[0].type) or [v.type for v in self.ins[1:]] != want:
                raise VerifyException(f"handshake.bundle: {t} bundles a control token, "
                                      f"{', '.join(str(w) for w in want)}")
            if [r.type for r in self.outs[1:]] != [e.type for e in _up(t)]:
                raise VerifyException(f"handshake.bundle: {t} gives its upstream signals as results")
        elif not (is_control(t) and [r.type for r in self.outs] == [t, IntegerType(1)]
                  and [v.type for v in self.ins] == [IntegerType(1)]):
            raise VerifyException("handshake.bundle: a control token bundles from its valid (i1), giving its ready")


SIGNAL_OPS = (ComposeOp, DecomposeOp, UnbundleOp, BundleOp)
for _op in SIGNAL_OPS:
    refuse_unknown_attributes(_op)
