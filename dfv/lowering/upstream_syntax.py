"""Upstream MLIR syntax that xDSL 0.74 does not read, defined as dialect work (attributes and operations with
their parsers, printers and verifiers), so programs are read as their front ends print them.

* `#dlti.dl_spec<...>`: MLIR prints a data layout specification two ways, as a list of `#dlti.dl_entry<key,
  value>` attributes (MLIR before 2024, every Polygeist/cgeist file) or as `key = value` pairs (MLIR since
  2024); xDSL reads only the second. `DataLayoutSpecAttr` reads both and prints the second.
* `memref.cast %m : memref<4xi32> to memref<?xi32>`: xDSL has only the generic form; `CastOp` adds MLIR's
  custom syntax and its verifier (same element type and rank, static sizes equal where both are static).
* The affine operations (`dfv.lowering.affine_syntax`).

`patched_dialects` gives the dialect factories that replace xDSL's in the source context
(`dfv.lowering.parse.context`).
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import dlti, memref
from xdsl.dialects.builtin import ArrayAttr, MemRefType
from xdsl.ir import Dialect
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from dfv.lowering import affine_syntax


@irdl_attr_definition(init=False)
class DataLayoutSpecAttr(dlti.DLTIEntryMap):
    """`#dlti.dl_spec<#dlti.dl_entry<i64, dense<64> : vector<2xi32>>, ...>` or `#dlti.dl_spec<i64 = ..., ...>`."""

    name = "dlti.dl_spec"

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[ArrayAttr[dlti.DataLayoutEntryAttr]]:
        def parse_entry() -> dlti.DataLayoutEntryAttr:
            key = parser.parse_attribute()
            if isinstance(key, dlti.DataLayoutEntryAttr):
                return key
            parser.parse_punctuation("=")
            return dlti.DataLayoutEntryAttr.new((key, parser.parse_attribute()))

        return (ArrayAttr(parser.parse_comma_separated_list(parser.Delimiter.ANGLE, parse_entry)),)


class CastOp(memref.CastOp):
    """`memref.cast %m : memref<4x4xi32> to memref<?x4xi32>` (MLIR's custom syntax; the generic form too)."""

    @classmethod
    def parse(cls, parser: Parser) -> CastOp:
        source = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_keyword("to")
        dest_type = parser.parse_type()
        return cls.build(operands=[parser.resolve_operand(source, source_type)], result_types=[dest_type],
                         attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" to ")
        printer.print_attribute(self.dest.type)

    def verify_(self) -> None:
        """MLIR's cast compatibility for ranked memrefs: one element type and rank, and a size that is static
        on both sides must be the same (a static <-> dynamic size is checked when the program runs)."""
        src, dst = self.source.type, self.dest.type
        if not (isinstance(src, MemRefType) and isinstance(dst, MemRefType)):
            return
        if src.get_element_type() != dst.get_element_type():
            raise VerifyException(f"memref.cast changes the element type ({src} to {dst})")
        a, b = src.get_shape(), dst.get_shape()
        if len(a) != len(b):
            raise VerifyException(f"memref.cast changes the rank ({src} to {dst})")
        for k, (x, y) in enumerate(zip(a, b, strict=True)):
            if x >= 0 and y >= 0 and x != y:
                raise VerifyException(f"memref.cast: dimension {k} is {x} in {src} and {y} in {dst}")


def _replacing(factory: Callable[[], Dialect], ops: tuple = (), attrs: tuple = (),
               added_ops: tuple = ()) -> Callable[[], Dialect]:
    """`factory`'s dialect with the operations and attributes of the same names replaced by `ops` / `attrs`,
    and `added_ops` added."""

    def make() -> Dialect:
        d = factory()
        by_name = {o.name: o for o in ops}
        attr_by_name = {a.name: a for a in attrs}
        return Dialect(d.name, [by_name.get(o.name, o) for o in d.operations] + list(added_ops),
                       [attr_by_name.get(a.name, a) for a in d.attributes])

    return make


def patched_dialects(upstream: dict[str, Callable[[], Dialect]]) -> dict[str, Callable[[], Dialect]]:
    """The factories of the dialects this module and `affine_syntax` change, made from xDSL's (`upstream`)."""
    return {
        "dlti": _replacing(upstream["dlti"], attrs=(DataLayoutSpecAttr,)),
        "memref": _replacing(upstream["memref"], ops=(CastOp,)),
        "affine": _replacing(upstream["affine"], ops=affine_syntax.REPLACED, added_ops=affine_syntax.ADDED),
    }
