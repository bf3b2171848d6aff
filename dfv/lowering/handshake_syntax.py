"""The pieces the handshake operations' assembly formats are made of (operand and type lists, counts,
operands whose type the syntax does not print), and which attributes an operation may carry: its own,
those CIRCT prints that carry nothing the circuit needs, and the `dfv.*` attributes of a graph dfv wrote.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IndexType, IntegerType, NoneType
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from dfv.lowering.handshake_types import ChannelType, is_control


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


def parse_paren_types(parser: Parser) -> list[Attribute]:
    """`(T, ...)`, `()` or a single `T`."""
    if parser.parse_optional_punctuation("(") is not None:
        if parser.parse_optional_punctuation(")") is not None:
            return []
        out = parse_type_list(parser)
        parser.parse_punctuation(")")
        return out
    return [parser.parse_type()]


MAX_PORTS = 1 << 16
"""Most channels of one port a handshake operation may have (a fork's outputs, a memory's load or store
ports: 65,536): a `fork [99999999]` would otherwise make 10^8 values before anything could refuse it."""


def parse_bounded(parser: Parser, most: int, what: str) -> int:
    """A non-negative integer of at most `most`; past it, an error at the integer naming `what`."""
    at = parser._current_token.span
    n = parser.parse_integer(allow_negative=False, allow_boolean=False)
    if n > most:
        parser.raise_error(f"{what} {n} is more than {most}", at.start, at.end)
    return n


def parse_count(parser: Parser, most: int = MAX_PORTS, what: str = "count") -> int:
    """`[N]`, N at most `most`."""
    parser.parse_punctuation("[")
    n = parse_bounded(parser, most, what)
    parser.parse_punctuation("]")
    return n


def resolve_operands(parser: Parser, operands: list[UnresolvedOperand], types: Sequence[Attribute]) -> list[SSAValue]:
    if len(types) != len(operands):
        parser.raise_error(f"expected {len(operands)} operand types, got {len(types)}")
    return [parser.resolve_operand(u, t) for u, t in zip(operands, types, strict=True)]


def known_operand_type(parser: Parser, u: UnresolvedOperand) -> Attribute | None:
    """The type operand `u` was defined or first used with, if it has been seen."""
    known = parser.ssa_values.get(u.operand_name)
    value = known[u.index] if known is not None and u.index < len(known) else \
        parser.forward_ssa_references.get(u.operand_name, {}).get(u.index)
    return None if value is None else value.type


def resolve_control(parser: Parser, u: UnresolvedOperand) -> SSAValue:
    """A control operand whose type the syntax does not print (CIRCT writes `none`): the type it was
    defined or first used with when that is a control type (`!handshake.control`), else `none`."""
    t = known_operand_type(parser, u)
    return parser.resolve_operand(u, t if t is not None and is_control(t) else NoneType())


def resolve_condition(parser: Parser, u: UnresolvedOperand) -> SSAValue:
    """A condition whose type the syntax does not print: `i1`, or the `!handshake.channel<i1, ...>` it
    was defined with."""
    t = known_operand_type(parser, u)
    return parser.resolve_operand(u, t if isinstance(t, ChannelType) else IntegerType(1))


def int_or_channel(t: Attribute) -> bool:
    """An integer or index, or a channel of one."""
    return isinstance(t.data_type if isinstance(t, ChannelType) else t, IntegerType | IndexType)


def print_operands(printer: Printer, values: Sequence[SSAValue]) -> None:
    printer.print_list(values, printer.print_operand)


def print_types(printer: Printer, types: Sequence[Attribute]) -> None:
    printer.print_list(types, printer.print_attribute)


def print_attributes(printer: Printer, op: IRDLOperation, skip: Sequence[str] = ()) -> None:
    attrs = {k: v for k, v in op.attributes.items() if k not in skip}
    if attrs:
        printer.print_op_attributes(attrs)


def check_same_types(op: IRDLOperation, values: Sequence[SSAValue], what: str) -> None:
    for v in values[1:]:
        if v.type != values[0].type:
            raise VerifyException(f"{op.name}: {what} must all have one type, got {values[0].type} and {v.type}")


def _foreign(op: IRDLOperation) -> list[str]:
    """Attributes of `op` that neither its definition nor CIRCT's printing of it (`KNOWN_EXTRA`) nor dfv's
    graph (`DFV_ATTRIBUTES`) has."""
    d = type(op).get_irdl_definition()
    known = set(d.attributes) | set(d.properties) | KNOWN_EXTRA.get(op.name, set()) | \
        (DFV_FUNC_ATTRIBUTES if op.name == "handshake.func" else DFV_ATTRIBUTES)
    return sorted(k for k in op.attributes if k not in known)


def discardable(name: str) -> bool:
    """Whether attribute `name` is a discardable one of another tool (MLIR's `dialect.name` spelling, such as
    `llvm.linkage` or Dynamatic's `handshake.name`, `handshake.bb`): it annotates the operation without
    changing what it computes. dfv's own (`dfv.`) are not: an unknown one is a mistake in a written graph."""
    return "." in name and not name.startswith("dfv.")


def unknown_attributes(op: IRDLOperation) -> list[str]:
    """Attributes of `op` it does not know and may not ignore (refused: an unknown inherent attribute may be
    a misspelt one that would change the operation)."""
    return [k for k in _foreign(op) if not discardable(k)]


def ignored_attributes(op: IRDLOperation) -> list[str]:
    """Discardable attributes of other tools on `op` (`discardable`): read past, with a note."""
    return [k for k in _foreign(op) if discardable(k)]


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
