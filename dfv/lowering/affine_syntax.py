"""The `affine` operations as MLIR prints them, where xDSL 0.74 falls short (dialect work, registered over xDSL's
affine dialect by `dfv.lowering.upstream_syntax.patched_dialects`):

* `affine.if #set(%i)[%n] -> (i32) { ... } else { ... }`: xDSL defines the operation without its custom syntax;
  `IfOp` adds it (parser, printer, implicit `affine.yield` of a region without results) and a verifier.
* `affine.load %m[%i - 1, -%j + symbol(%n)]` and `affine.store`: MLIR marks an SSA value used as a symbol
  with `symbol(...)` inside the subscripts (Polygeist writes it); xDSL's reader stops there. Every SSA value
  of the subscripts is a symbol of the access's map in xDSL's representation, so `symbol(%n)` reads as `%n`.
* `affine.max`, which xDSL lacks (its twin `affine.min` exists).

What the operations mean is `dfv.lowering.affine_eval` (the source interpreter) and
`dfv.lowering.lower_affine` (to `scf` + `arith` for the lowering).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import affine
from xdsl.dialects.builtin import AffineMapAttr, AffineSetAttr, IndexType, MemRefType
from xdsl.ir import Attribute, Region, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, prop_def, result_def, traits_def, var_operand_def
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.parser.affine_parser import AffineParser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import ParseError, VerifyException
from xdsl.utils.mlir_lexer import MLIRTokenKind


class _SubscriptParser(AffineParser):
    """xDSL's affine parser, reading `symbol(%v)` in a map of SSA values as `%v`."""

    def _get_parse_optional_ssa_value(self):
        parse_ssa, names, spans = super()._get_parse_optional_ssa_value()

        def parse():
            tok = self._current_token
            if tok.kind is MLIRTokenKind.BARE_IDENT and tok.text == "symbol":
                self._consume_token()
                self._parse_token(MLIRTokenKind.L_PAREN, "Expected '(' after symbol")
                expr = parse_ssa()
                if expr is None:
                    raise ParseError(self._current_token.span, "Expected an SSA value in symbol(...)")
                self._parse_token(MLIRTokenKind.R_PAREN, "Expected ')' to close symbol(...)")
                return expr
            return parse_ssa()

        return parse, names, spans


def _parse_access(parser: Parser) -> tuple[SSAValue, AffineMapAttr, list[SSAValue], MemRefType]:
    """`%memref[<affine map of SSA values>] : <memref type>`."""
    memref = parser.parse_unresolved_operand()
    amap, spans = _SubscriptParser(parser._parser_state).parse_affine_map_of_ssa_ids()  # noqa: SLF001
    indices = [parser.resolve_operand(UnresolvedOperand(span, 0), IndexType()) for span in spans]
    parser.parse_punctuation(":")
    pos = parser.pos
    ty = parser.parse_type()
    if not isinstance(ty, MemRefType):
        parser.raise_error(f"expected a memref type, got {ty}", pos)
    return parser.resolve_operand(memref, ty), AffineMapAttr(amap), indices, ty


class LoadOp(affine.LoadOp):
    """`affine.load %m[<subscripts>] : memref<...>`, `symbol(...)` included."""

    @classmethod
    def parse(cls, parser: Parser) -> LoadOp:
        memref, amap, indices, ty = _parse_access(parser)
        return cls(memref, indices, amap, ty.get_element_type())


class StoreOp(affine.StoreOp):
    """`affine.store %v, %m[<subscripts>] : memref<...>`, `symbol(...)` included."""

    @classmethod
    def parse(cls, parser: Parser) -> StoreOp:
        value = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        memref, amap, indices, ty = _parse_access(parser)
        return cls(parser.resolve_operand(value, ty.get_element_type()), memref, indices, amap)


def _parse_dims_and_symbols(parser: Parser, num_dims: int, num_symbols: int, pos: int) -> list[SSAValue]:
    """`(%d, ...)[%s, ...]`, checked against the counts of the map or set they feed."""
    dims = parser.parse_comma_separated_list(Parser.Delimiter.PAREN, lambda: parser.parse_operand(IndexType()))
    syms = parser.parse_optional_comma_separated_list(Parser.Delimiter.SQUARE,
                                                      lambda: parser.parse_operand(IndexType())) or []
    if len(dims) != num_dims or len(syms) != num_symbols:
        parser.raise_error(f"expected {num_dims} dimension and {num_symbols} symbol operands, got {len(dims)} and "
                           f"{len(syms)}", pos)
    return [*dims, *syms]


def _print_dims_and_symbols(printer: Printer, operands: Sequence[SSAValue], num_dims: int) -> None:
    with printer.in_parens():
        printer.print_list(operands[:num_dims], printer.print_operand)
    if len(operands) > num_dims:
        with printer.in_square_brackets():
            printer.print_list(operands[num_dims:], printer.print_operand)


def _with_terminator(region: Region) -> Region:
    """A region of an operation without results may leave its `affine.yield` out (MLIR's implicit terminator)."""
    for block in region.blocks:
        if not isinstance(block.last_op, affine.YieldOp):
            block.add_op(affine.YieldOp.get())
    return region


class IfOp(affine.IfOp):
    """`%r = affine.if #set(%dims)[%syms] -> (types) { ... } else { ... }`: the then region runs when every
    constraint of the integer set holds for the operands."""

    @classmethod
    def parse(cls, parser: Parser) -> IfOp:
        pos = parser.pos
        cond = parser.parse_attribute()
        if not isinstance(cond, AffineSetAttr):
            parser.raise_error("affine.if expects an integer set (#set or affine_set<...>)", pos)
        operands = _parse_dims_and_symbols(parser, cond.data.num_dims, cond.data.num_symbols, pos)
        types: list[Attribute] = []
        if parser.parse_optional_punctuation("->") is not None:
            if parser.parse_optional_punctuation("(") is not None:
                types = parser.parse_comma_separated_list(Parser.Delimiter.NONE, parser.parse_type)
                parser.parse_punctuation(")")
            else:
                types = [parser.parse_type()]
        then_region = parser.parse_region()
        else_region = parser.parse_region() if parser.parse_optional_keyword("else") is not None else Region()
        if not types:
            _with_terminator(then_region)
            _with_terminator(else_region)
        attrs = parser.parse_optional_attr_dict()
        return cls.build(operands=[operands], result_types=[types], properties={"condition": cond},
                         regions=[then_region, else_region], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.condition)
        _print_dims_and_symbols(printer, self.args, self.condition.data.num_dims)
        if self.res:
            printer.print_string(" -> (")
            printer.print_list(self.res.types, printer.print_attribute)
            printer.print_string(")")
        printer.print_string(" ")
        terminators = bool(self.res)
        printer.print_region(self.then_region, print_entry_block_args=False, print_block_terminators=terminators)
        else_block = self.else_region.blocks.first
        if else_block is not None and (terminators or else_block.first_op is not else_block.last_op):
            printer.print_string(" else ")
            printer.print_region(self.else_region, print_entry_block_args=False,
                                 print_block_terminators=terminators)
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        s = self.condition.data
        if len(self.args) != s.num_dims + s.num_symbols:
            raise VerifyException(f"affine.if: the set takes {s.num_dims} dimensions and {s.num_symbols} symbols, "
                                  f"got {len(self.args)} operands")
        types = list(self.res.types)
        if types and not self.else_region.blocks:
            raise VerifyException("affine.if with results needs an else region")
        for region in (self.then_region, self.else_region):
            for block in region.blocks:
                term = block.last_op
                if not isinstance(term, affine.YieldOp):
                    raise VerifyException("affine.if: each region must end with affine.yield")
                if list(term.arguments.types) != types:
                    raise VerifyException(f"affine.if: a region yields ({', '.join(map(str, term.arguments.types))}), "
                                          f"the operation has results ({', '.join(map(str, types))})")


def _parse_map_op(cls: type[IRDLOperation], parser: Parser) -> IRDLOperation:
    pos = parser.pos
    m = parser.parse_attribute()
    if not isinstance(m, AffineMapAttr):
        parser.raise_error(f"{cls.name} expects an affine map", pos)
    operands = _parse_dims_and_symbols(parser, m.data.num_dims, m.data.num_symbols, pos)
    attrs = parser.parse_optional_attr_dict()
    return cls.build(operands=[operands], result_types=[IndexType()], properties={"map": m}, attributes=attrs)


@irdl_op_definition
class MaxOp(IRDLOperation):
    """`%r = affine.max #map(%dims)[%syms]`: the largest of the map's results."""

    name = "affine.max"

    arguments = var_operand_def(IndexType())
    result = result_def(IndexType())
    map = prop_def(AffineMapAttr)

    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> MaxOp:
        return _parse_map_op(cls, parser)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.map)
        _print_dims_and_symbols(printer, self.arguments, self.map.data.num_dims)
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        m = self.map.data
        if len(self.arguments) != m.num_dims + m.num_symbols:
            raise VerifyException(f"affine.max: the map takes {m.num_dims + m.num_symbols} operands, got "
                                  f"{len(self.arguments)}")
        if not m.results:
            raise VerifyException("affine.max needs a map with at least one result")


REPLACED = (LoadOp, StoreOp, IfOp)
ADDED = (MaxOp,)
