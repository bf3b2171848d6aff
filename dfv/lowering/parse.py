"""Read MLIR text with xDSL and keep each operation's source location.

xDSL's parser leaves `loc(unknown)` on operations written without an explicit location, so
`SourceParser` records where each operation starts in the text (`file:line:col`). Parse and
verification errors become one `LoweringError` whose message is a single line:
`file:line:col: problem`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import get_all_dialects
from xdsl.dialects.builtin import (
    AnyFloat,
    Builtin,
    Float64Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    UnregisteredAttr,
    i64,
)
from xdsl.ir import Attribute, Block, Operation
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError, VerifyException
from xdsl.utils.lexer import Input
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind

from dfv.golden.fp.format import FORMATS
from dfv.lowering.arith_ops import EXTRA_ARITH_OPS
from dfv.lowering.dialects import Dataflow
from dfv.lowering.errors import LoweringError
from dfv.lowering.files import MAX_PROGRAM_BYTES, decode_text, read_bounded
from dfv.lowering.float_literals import exact_float_word, float_value, word_of_value
from dfv.lowering.handshake_arith import ARITH_OPS
from dfv.lowering.handshake_ir import HandshakeInput
from dfv.lowering.handshake_signals import SIGNAL_OPS
from dfv.lowering.legacy import legacy_message
from dfv.lowering.upstream_syntax import patched_dialects

_CTX: Context | None = None

MAX_NESTING = 64
"""Deepest bracket nesting accepted, every kind counted together: `{ }` (regions, attribute dictionaries),
`( )` (operand and type lists), `[ ]` (arrays) and `< >` (type and attribute parameters). The parser, the
lowering and the interpreters recurse per level, and 64 keeps every stage well inside Python's default
recursion limit."""

MAX_INT_DIGITS = 40
"""Longest integer literal read, in a program or an inputs file: an i64 needs at most 20 digits (a hex float 18
characters), and Python refuses to convert more than 4300 digits."""

_OPENING = {MLIRTokenKind.L_BRACE: "{", MLIRTokenKind.L_PAREN: "(", MLIRTokenKind.L_SQUARE: "[",
            MLIRTokenKind.LESS: "<"}
_CLOSING = {MLIRTokenKind.R_BRACE, MLIRTokenKind.R_PAREN, MLIRTokenKind.R_SQUARE, MLIRTokenKind.GREATER}


def context() -> Context:
    """An xDSL context with the upstream dialects (the syntax xDSL lacks added: `dfv.lowering.upstream_syntax`),
    the `arith` ops xDSL lacks (`dfv.lowering.arith_ops`) and this project's `handshake` and `dataflow`."""
    global _CTX
    if _CTX is None:
        ctx = Context()
        upstream = get_all_dialects()
        patched = patched_dialects(upstream)
        for name, factory in upstream.items():
            if name in ("handshake", "dataflow"):
                continue
            ctx.register_dialect(name, patched.get(name, factory))
        ctx.load_dialect(Dataflow)
        for op in EXTRA_ARITH_OPS:
            ctx.load_op(op)
        _CTX = ctx
    return _CTX


_HS_CTX: Context | None = None


class _ForeignAttributes(Context):
    """A context that reads an attribute of a dialect it does not know (another tool's, such as CIRCT's
    `#llvm.linkage<external>`) as an opaque one, so the discardable attribute holding it can be read past
    with a note (`dfv.lowering.handshake_syntax.discardable`); an operation or type of such a dialect is
    still refused, and so is such a value where an operation needs one of its own."""

    def get_optional_attr(self, name: str) -> type[Attribute] | None:
        return super().get_optional_attr(name) or UnregisteredAttr.with_name_and_type(name, False)


def handshake_context() -> Context:
    """An xDSL context for handshake programs: builtin, the `handshake` dialect as handshake programs are
    written (`dfv.lowering.handshake_ir`: CIRCT's operations, 003's channel types), `arith` on channels
    (`dfv.lowering.handshake_arith`) and the `dataflow` dialect (for `!dataflow.tagged`)."""
    global _HS_CTX
    if _HS_CTX is None:
        ctx = _ForeignAttributes()
        for dialect in (Builtin, HandshakeInput, Dataflow):
            ctx.load_dialect(dialect)
        for op in (*ARITH_OPS, *SIGNAL_OPS):
            ctx.load_op(op)
        _HS_CTX = ctx
    return _HS_CTX


_HANDSHAKE_FUNC = re.compile(r"^[ \t]*handshake\.func\b", re.MULTILINE)


def is_handshake_program(text: str) -> bool:
    """Whether `text` defines a `handshake.func` (a dataflow circuit) rather than `func.func` programs."""
    return _HANDSHAKE_FUNC.search(text) is not None


@dataclass(frozen=True)
class BlockLabel:
    """A block as the source writes it: its label (`^bb1`) and where that label starts (`file:line:col`)."""

    name: str
    loc: str


@dataclass
class SourceModule:
    """A parsed program: its module and, by `id`, where each operation starts in the text. A module made from
    another (`dfv.lowering.prepare`: `cf` lifted, calls inlined, `affine` lowered) records for each operation it
    made the location and name of the operation it came from (`names`) and keeps those operations alive (`keep`),
    so the ids stay theirs."""

    module: Operation
    filename: str
    locs: dict[int, str] = field(default_factory=dict)
    float_bits: dict[int, int] = field(default_factory=dict)  # id(FloatAttr) -> its exact word (SourceParser)
    names: dict[int, str] = field(default_factory=dict)  # id(op) -> the source operation it was made from
    keep: list = field(default_factory=list, repr=False)
    labels: dict[int, BlockLabel] = field(default_factory=dict)  # id(Block) -> its label (SourceParser)

    def loc(self, op: Operation) -> str:
        return self.locs.get(id(op), self.filename)

    def op_name(self, op: Operation) -> str:
        """The name of the operation of the text that `op` is (or was made from: an `scf.for` made from an
        `affine.for` is named `affine.for`)."""
        return self.names.get(id(op), op.name)

    def record(self, op: Operation, origin: Operation, source: SourceModule | None = None) -> None:
        """`op`, made from `origin` (an operation of `source`, by default of this module), is located and named as
        `origin` is (not the operations in its regions, which may be moved there from the text)."""
        source = self if source is None else source
        self.locs[id(op)] = source.loc(origin)
        self.names[id(op)] = source.op_name(origin)
        self.keep.append(op)

    def label(self, block: Block) -> BlockLabel | None:
        """The label of `block` as written (None for an entry block, which has none)."""
        return self.labels.get(id(block))

    def float_word(self, attr: FloatAttr) -> int:
        """The IEEE word of float constant `attr`: rounded exactly from its text as written (MLIR's reading;
        xDSL rounds a decimal to a double first, then to the type), or, for an attribute not read from the
        text, from its value (a double holding a value of the type exactly)."""
        word = self.float_bits.get(id(attr))
        return word if word is not None else word_of_value(FORMATS[str(attr.type)], attr.value.data)


def float_attr(word: int, ty: Attribute) -> FloatAttr:
    """The IR attribute of float word `word` of type `ty` (f16, bf16, f32, f64): its value as a double,
    exact, since every value of the four formats is one, which xDSL prints back losslessly (a NaN keeps
    the payload bits a double can carry)."""
    return FloatAttr(float_value(word, str(ty)), ty)


class SourceParser(Parser):
    """A Parser that remembers where every operation starts."""

    def __init__(self, ctx: Context, text: str, name: str):
        super().__init__(ctx, text, name)
        self.locs: dict[int, str] = {}
        self.float_bits: dict[int, int] = {}
        self.labels: dict[int, BlockLabel] = {}
        self._keep: list[Operation | FloatAttr | Block] = []

    def parse_optional_builtin_int_or_float_attr(self):
        """xDSL's, except that a float constant of the four formats is the word its text gives: rounded
        once to the type (xDSL goes through a double, and fails on an f16 beyond its range, which MLIR
        reads as infinity), its exact word recorded for `SourceModule.float_word`."""
        start = self._current_token.span.start
        if (flag := self.try_parse_builtin_boolean_attr()) is not None:
            return flag
        if (value := self.parse_optional_number()) is None:
            return None
        if self._current_token.kind != MLIRTokenKind.COLON:
            return FloatAttr(value, Float64Type()) if isinstance(value, float) else IntegerAttr(value, i64)
        ty = self._parse_attribute_type()
        if str(ty) in FORMATS:
            word = exact_float_word(self.lexer.input.content[start:], FORMATS[str(ty)])
            if word is not None:
                attr = float_attr(word, ty)
                self.float_bits[id(attr)] = word
                self._keep.append(attr)
                return attr
        if isinstance(ty, AnyFloat):
            return FloatAttr(float(value), ty)
        if isinstance(ty, IntegerType | IndexType):
            if isinstance(value, float):
                self.raise_error("Floating point value is not valid for integer type.")
            return IntegerAttr(value, ty)
        self.raise_error("Invalid type given for integer or float attribute.")

    def parse_optional_type(self):
        start = self._current_token.span
        try:
            return super().parse_optional_type()
        except VerifyException as exc:
            self.raise_error(str(exc), at_position=start)

    def parse_type(self):
        start = self._current_token.span
        try:
            return super().parse_type()
        except VerifyException as exc:
            self.raise_error(str(exc), at_position=start)

    def _parse_block(self) -> Block:
        """xDSL's, recording the block's label and where it is written (`cf` programs name blocks in their
        messages, `dfv.lowering.lift_cf`), also for MLIR's numeric block labels (`^1:`, which CIRCT and Polygeist
        print): xDSL keeps a label as the block's name hint and refuses one that starts with a digit, so such a
        block is kept under its label without a hint (as a `^bbN` block is)."""
        label = self._current_token
        name = label.text[1:]
        if label.kind is not MLIRTokenKind.CARET_IDENT or not name.isdigit():
            block = super()._parse_block()
        else:
            span = self._parse_token(MLIRTokenKind.CARET_IDENT, " in block definition").span
            block, defined = self.blocks.get(name, (None, None))
            if defined is not None:
                self.raise_error(f"re-declaration of block '{name}'", span)
            if block is None:
                block = Block()
            else:
                self.forward_block_references.pop(name)
            self.blocks[name] = (block, span)
            self._parse_optional_block_arg_list(block)
            self.parse_punctuation(":")
            self._parse_block_body(block)
        self.labels[id(block)] = BlockLabel(label.text, str(label.span.get_location()))
        self._keep.append(block)
        return block

    def parse_optional_successor(self) -> Block | None:
        """xDSL's; a numeric label used before its block is registered without a name hint (`_parse_block`)."""
        tok = self._current_token
        if tok.kind is MLIRTokenKind.CARET_IDENT and tok.text[1:].isdigit():
            self._get_block_from_name(tok.span)
        return super().parse_optional_successor()

    def parse_operation(self) -> Operation:
        start = self._current_token.span
        try:
            op = super().parse_operation()
        except VerifyException as exc:
            # xDSL checks an operation's operand and result types while it reads its assembly format
            # (arith.sitofp of a float): located at the operation, named by it
            name = re.match(r"(?:%[^=\n]*=)?\s*\"?([\w.]+)", self.lexer.input.content[start.start:])
            self.raise_error(f"{name.group(1)}: {_one_line(exc)}" if name else _one_line(exc), at_position=start)
        loc = start.get_location()
        self.locs[id(op)] = str(loc)
        self._keep.append(op)
        return op


def _one_line(err: Exception) -> str:
    lines = [ln for ln in str(err).splitlines() if ln.strip()]
    if not lines:
        return type(err).__name__
    head, msg = lines[0].strip(), lines[-1].strip()
    if len(lines) > 1 and head.count(":") >= 2:
        return f"{head}: {msg}"
    return " ".join(ln.strip() for ln in lines)


def _position(filename: str, text: str, offset: int) -> str:
    """`file:line:col` of character `offset` of `text`."""
    line = text.count("\n", 0, offset) + 1
    return f"{filename}:{line}:{offset - (text.rfind(chr(10), 0, offset) + 1) + 1}"


def _undefined_use(text: str, filename: str, msg: str) -> str:
    """Point 'values used but not defined' and a branch to a block that is not there at the first use
    instead of the end of the module or region."""
    m = re.search(r"values used but not defined: \[(%[^\],]+)", msg) or \
        re.search(r'reference to block "(\^[\w$.-]+)" without implementation', msg)
    if not m:
        return msg
    use = re.search(re.escape(m.group(1)) + r"(?![\w$.-])", text)
    if not use:
        return msg
    what = "value" if m.group(1).startswith("%") else "block"
    return f"{_position(filename, text, use.start())}: {what} {m.group(1)} is used but not defined"


def _parse_error(text: str, filename: str, exc: ParseError, handshake: bool = False) -> str:
    """The one-line message of a parse error; an unexpected character is named by its code point,
    since it may be invisible (a no-break space) or get lost when whitespace is normalised."""
    m = re.fullmatch(r"Unexpected character: (.)", exc.msg, re.DOTALL)
    if m:
        c = m.group(1)
        shown = f"{c!r} " if c.isprintable() and not c.isspace() else ""
        name = unicodedata.name(c, "").lower()
        return f"{exc.span.get_location()}: unexpected character {shown}(U+{ord(c):04X}{' ' + name if name else ''})"
    mode = re.match(r"\s*(to_nearest_even|downward|upward|toward_zero|to_nearest_away)\b", text[exc.span.start:])
    if mode:
        return (f"{exc.span.get_location()}: rounding mode {mode.group(1)} is not supported: every float "
                "operation rounds to nearest, ties to even, the default (write none)")
    if exc.msg == "Expected suffix identifier after {first_char}":  # xDSL 0.74 leaves its template unfilled
        c = text[exc.span.start] if exc.span.start < len(text) else "?"
        hint = " (MLIR comments start with //)" if c == "#" else ""
        return f"{exc.span.get_location()}: expected a name after {c!r} (as in {c}name){hint}"
    m = re.fullmatch(r"Operation (\S+) is not registered", exc.msg.strip())
    if m:
        name = m.group(1)
        legacy = None if handshake else legacy_message(name, context())  # (a bare name is CIRCT's in handshake)
        if legacy is not None:  # located at the name, which the reader has gone past
            at = text.rfind(name, 0, exc.span.end)
            return f"{_position(filename, text, at) if at >= 0 else exc.span.get_location()}: {legacy}"
        return f"{exc.span.get_location()}: unsupported operation {name}"
    m = re.fullmatch(r"Operation (\S+) does not have a custom format\.?", exc.msg.strip())
    if m:  # an operation xDSL knows only in its generic form: dfv does not read it either
        return f"{exc.span.get_location()}: unsupported operation {m.group(1)}"
    return _undefined_use(text, filename, _one_line(exc))


def _check_tokens(text: str, filename: str) -> None:
    """Lex the whole text once before parsing: refuse an empty file, an integer literal longer than
    MAX_INT_DIGITS and nesting deeper than MAX_NESTING brackets of any kind (the recursive parser would
    otherwise fail with a bare RecursionError), at the first bracket past the limit. A closing bracket closes
    one level whatever its kind (a mismatch is the parser's to report); stray closing ones never make the depth
    negative."""
    lexer = MLIRLexer(Input(text, filename))
    tok = lexer.lex()
    if tok.kind is MLIRTokenKind.EOF:
        raise LoweringError(f"{filename}: empty file: no function in it")
    depth = 0
    while tok.kind is not MLIRTokenKind.EOF:
        if tok.kind in _OPENING:
            depth += 1
            if depth > MAX_NESTING:
                raise LoweringError(f"nesting too deep: more than {MAX_NESTING} levels of brackets ({{ }} of "
                                    "regions and attribute dictionaries, ( ), [ ] and < > counted together); "
                                    f"this {_OPENING[tok.kind]} opens level {depth}", str(tok.span.get_location()))
        elif tok.kind in _CLOSING:
            depth = max(depth - 1, 0)
        elif tok.kind is MLIRTokenKind.INTEGER_LIT and len(tok.text) > MAX_INT_DIGITS:
            raise LoweringError(f"an integer literal of {len(tok.text)} characters: no supported type holds it (i64 "
                                f"has at most 20 digits)", str(tok.span.get_location()))
        tok = lexer.lex()


def parse_text(text: str, filename: str = "<input>") -> SourceModule:
    """Parse and verify MLIR text; raise LoweringError (one line, with location) on any problem.

    A text with a `handshake.func` is read with the handshake-program dialects (`handshake_context`).

    A leading byte order mark is skipped (editors on Windows write one)."""
    text = text.removeprefix("\ufeff")
    parser = None
    try:
        _check_tokens(text, filename)
        ctx = handshake_context() if is_handshake_program(text) else context()
        parser = SourceParser(ctx, text, filename)
        module = parser.parse_module()
    except ParseError as exc:
        raise LoweringError(_parse_error(text, filename, exc, is_handshake_program(text))) from None
    except LoweringError:
        raise
    except Exception as exc:  # xDSL raises a few other kinds on malformed input (located where the reader stopped)
        where = _position(filename, text, parser.pos) if parser is not None else filename
        raise LoweringError(f"{where}: malformed MLIR: {_one_line(exc)}") from None
    src = SourceModule(module, filename, parser.locs, parser.float_bits, labels=parser.labels)
    try:
        module.verify()
    except Exception as exc:
        # Find the innermost operation that fails on its own, for the location.
        ops = list(module.walk())
        for op in reversed(ops):
            try:
                op.verify()
            except Exception as inner:  # noqa: BLE001
                msg = str(inner) if isinstance(inner, VerifyException) else _one_line(inner)
                if not msg.startswith(op.name):
                    msg = f"{op.name}: {msg}"
                raise LoweringError(msg, src.loc(op)) from None
        raise LoweringError(f"invalid program: {_one_line(exc)}", filename) from None
    return src


def read_program(path: str) -> str:
    """The text of the program in file `path` (at most `MAX_PROGRAM_BYTES`, UTF-8); LoweringError otherwise."""
    raw = read_bounded(path, MAX_PROGRAM_BYTES, "program", "dfv.lowering.files.MAX_PROGRAM_BYTES")
    return decode_text(raw, path, "a program")


def parse_file(path: str) -> SourceModule:
    """Parse the program in file `path` (`read_program`)."""
    return parse_text(read_program(path), path)
