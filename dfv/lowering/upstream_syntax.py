"""Upstream MLIR syntax that xDSL 0.74 does not read, defined as dialect work (attributes and operations with
their parsers, printers and verifiers), so programs are read as their front ends print them.

* `#dlti.dl_spec<...>`: MLIR prints a data layout specification two ways, as a list of `#dlti.dl_entry<key,
  value>` attributes (MLIR before 2024, every Polygeist/cgeist file) or as `key = value` pairs (MLIR since
  2024); xDSL reads only the second. `DataLayoutSpecAttr` reads both and prints the second.
* `memref.cast %m : memref<4xi32> to memref<?xi32>`: xDSL has only the generic form; `CastOp` adds MLIR's
  custom syntax and its verifier (same element type and rank, static sizes equal where both are static).
* `memref.global "private" constant @t : memref<8xi32> = dense<[...]> {alignment = 64 : i64}`: xDSL has only
  the generic form; `GlobalOp` adds MLIR's custom syntax (visibility, `constant`, `= uninitialized` or an
  elements attribute, alignment in the attribute dictionary) and checks the initial value against the type.
* The affine operations (`dfv.lowering.affine_syntax`).

`patched_dialects` gives the dialect factories that replace xDSL's in the source context
(`dfv.lowering.parse.context`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from xdsl.dialects import dlti, memref
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseIntOrFPElementsAttr,
    MemRefType,
    StringAttr,
    TensorType,
    UnitAttr,
)
from xdsl.ir import Attribute, Dialect
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError, VerifyException

from dfv.golden.fp.format import FORMATS
from dfv.lowering import affine_syntax
from dfv.lowering.float_literals import exact_float_word, float_value, word_of_value


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


class GlobalOp(memref.GlobalOp):
    """`memref.global ["private"|"public"|"nested"] [constant] @sym : memref<...> [= uninitialized | = dense<...>]
    [{attributes}]` (MLIR's custom syntax; the generic form too). A declaration without `=` (a global defined in
    another unit) is refused where it is read: no engine could know its contents."""

    @classmethod
    def parse(cls, parser: Parser) -> GlobalOp:
        props: dict = {}
        vis = parser.parse_optional_str_literal()
        props["sym_visibility"] = StringAttr(vis if vis is not None else "public")
        if parser.parse_optional_keyword("constant") is not None:
            props["constant"] = UnitAttr()
        props["sym_name"] = StringAttr(parser.parse_symbol_name().data)
        parser.parse_punctuation(":")
        ty = parser.parse_type()
        props["type"] = ty
        if parser.parse_optional_punctuation("=") is not None:
            if parser.parse_optional_keyword("uninitialized") is not None:
                props["initial_value"] = UnitAttr()
            else:
                props["initial_value"] = _parse_elements(parser, ty)
        else:
            parser.raise_error(f"memref.global @{props['sym_name'].data}: a declaration without an initial value "
                               "(a global defined in another unit) is not supported: give `= uninitialized` or "
                               "`= dense<...>`")
        attrs = parser.parse_optional_attr_dict()
        for key in ("alignment", "constant", "sym_visibility"):
            if key in attrs:
                props[key] = attrs.pop(key)
        return cls.create(properties=props, attributes=attrs)

    def print(self, printer: Printer) -> None:
        vis = self.sym_visibility.data
        if vis != "public":
            printer.print_string(f' "{vis}"')
        if self.constant is not None:
            printer.print_string(" constant")
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string(" : ")
        printer.print_attribute(self.type)
        init = self.initial_value
        if isinstance(init, DenseIntOrFPElementsAttr):
            printer.print_string(" = ")
            fmt = FORMATS.get(str(init.get_element_type()))
            if fmt is None:
                init.print_without_type(printer)
            else:  # bit patterns: xDSL prints float elements with 7 digits, which does not read back exactly
                words = [f"0x{word_of_value(fmt, v):0{fmt.width // 4}X}" for v in init.get_values()]
                printer.print_string(f"dense<{_nested(words, list(init.get_shape()))}>")
        else:
            printer.print_string(" = uninitialized")
        extra = dict(self.attributes)
        if self.alignment is not None:
            extra["alignment"] = self.alignment
        printer.print_op_attributes(extra)

    def verify_(self) -> None:
        """MLIR's checks: a memref type with static sizes, alignment a power of two, an initial value of the
        global's element type and shape (or a splat)."""
        super().verify_()
        ty = self.type
        if any(d < 0 for d in ty.get_shape()):
            raise VerifyException(f"memref.global @{self.sym_name.data}: the type {ty} must have static sizes")
        init = self.initial_value
        if isinstance(init, DenseIntOrFPElementsAttr):
            if init.get_element_type() != ty.get_element_type():
                raise VerifyException(f"memref.global @{self.sym_name.data}: the initial value's element type "
                                      f"{init.get_element_type()} is not that of {ty}")
            if not init.is_splat() and tuple(init.get_shape()) != tuple(ty.get_shape()):
                raise VerifyException(f"memref.global @{self.sym_name.data}: the initial value's shape "
                                      f"{list(init.get_shape())} is not that of {ty}")


def _nested(items: list[str], shape: list[int]) -> str:
    """`items` (row-major) as a tensor literal of `shape`: `[[a, b], [c, d]]`."""
    if not shape:
        return items[0]
    step = len(items) // shape[0] if shape[0] else 0
    return "[" + ", ".join(_nested(items[k * step:(k + 1) * step], shape[1:]) for k in range(shape[0])) + "]"


def _parse_elements(parser: Parser, ty: Attribute) -> DenseIntOrFPElementsAttr:
    """`dense<...>` with its type elided (that of the global's memref as a tensor), as MLIR prints a global's
    initial value. Float elements written in decimal or hex are the words MLIR gives them (rounded once to
    the type, `exact_float_word`; xDSL rounds to a double first), held as the doubles of those words."""
    start = parser.pos
    if not isinstance(ty, MemRefType) or parser.parse_optional_keyword("dense") is None:
        parser.raise_error("memref.global: the initial value must be `uninitialized` or `dense<...>` of a memref "
                           "type", start, parser.pos)
    elem = ty.get_element_type()
    try:
        attr = parser.parse_dense_int_or_fp_elements_attr(TensorType(elem, ty.get_shape()))
    except ParseError as exc:  # located where the reader stopped (past the literal): locate it at the literal
        parser.raise_error(f"memref.global: {exc.msg}", start, parser.pos)
    fmt = FORMATS.get(str(elem))
    text = parser.lexer.input.content[start:parser.pos]
    if fmt is None or '"' in text:
        return attr
    literals = [m.group(0) for m in re.finditer(r"-?(?:0[xX][0-9a-fA-F]+|[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?)",
                                                text.partition("<")[2])]
    words = [exact_float_word(lit, fmt) for lit in literals]
    if None in words or len(words) not in (1, len(attr)):
        return attr
    values = [float_value(w, str(elem)) for w in words]  # type: ignore[arg-type]
    return DenseIntOrFPElementsAttr.from_list(attr.type, values * (len(attr) // len(values)))


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
        "memref": _replacing(upstream["memref"], ops=(CastOp, GlobalOp)),
        "affine": _replacing(upstream["affine"], ops=affine_syntax.REPLACED, added_ops=affine_syntax.ADDED),
    }
