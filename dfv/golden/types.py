"""Value types of dataflow channels and the `!dataflow.tagged<V, iK>` type (spec 000).

Native value types are `i1 i8 i16 i32 i64`, `bf16 f16 f32 f64` and `index`; a tagged type pairs one
of them with a tag `i1`..`i16`. In hardware a tagged value is one packed word: value in the low
bits, tag in the high bits (`f32` + `i5` is 37 bits, tag at [36:32]). Anything else is a
`DataflowTypeError` whose message names the offending type.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DEFAULT_INDEX_WIDTH = 32
"""Hardware width of `index` unless a flow says otherwise (the lowering's `--index-width`)."""

MIN_INDEX_WIDTH, MAX_INDEX_WIDTH = 2, 64
"""The widths `index` may have (`--index-width`, a `dfg.mlir`'s `dfv.index_width`, `dfg.yaml`'s `index_width`):
a signed index needs its sign bit and one more, and 64 bits is the widest integer of the golden model and the
RTL."""

INT_WIDTHS = (1, 8, 16, 32, 64)
FLOAT_WIDTHS = {"bf16": 16, "f16": 16, "f32": 32, "f64": 64}
MAX_TAG_WIDTH = 16


class DataflowTypeError(ValueError):
    """A type outside the sets spec 000 allows."""


@dataclass(frozen=True)
class ScalarType:
    """A native value type: `kind` is "int", "float" or "index"."""

    name: str
    kind: str
    width: int

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class TaggedType:
    """`!dataflow.tagged<value, tag>`: value in the low `value.width` bits, tag above it."""

    value: ScalarType
    tag_width: int

    @property
    def width(self) -> int:
        return self.value.width + self.tag_width

    def __str__(self) -> str:
        return f"!dataflow.tagged<{self.value}, i{self.tag_width}>"

    def pack(self, value: int, tag: int) -> int:
        """Pack raw value bits and a tag into one word (both must fit their fields)."""
        if not 0 <= tag < (1 << self.tag_width):
            raise ValueError(f"tag {tag} does not fit i{self.tag_width}")
        if not 0 <= value < (1 << self.value.width):
            raise ValueError(f"value bits {value:#x} do not fit {self.value}")
        return (tag << self.value.width) | value

    def unpack(self, word: int) -> tuple[int, int]:
        """Split a packed word into (value bits, tag)."""
        if not 0 <= word < (1 << self.width):
            raise ValueError(f"word {word:#x} does not fit {self}")
        return word & ((1 << self.value.width) - 1), word >> self.value.width


MAX_CHANNEL_INT = 64
"""Widest integer a handshake channel's data or extra signal may be here (the golden words and RTL ports)."""


@dataclass(frozen=True)
class ExtraSignal:
    """One extra signal of a spec-003 channel: name (None if unnamed), width, direction."""

    name: str | None
    width: int
    upstream: bool = False

    def __str__(self) -> str:
        return (f"{self.name}: " if self.name else "") + ("(U) " if self.upstream else "") + f"i{self.width}"


@dataclass(frozen=True)
class ChannelType:
    """`!handshake.channel<T, [extras]>` (spec 003): on a channel the downstream extras are composed above
    the data bits in declaration order (the `000` tagged packing), so a token is one word of `width` bits.
    Upstream extras travel against the data and are not part of the word."""

    data: ScalarType
    extras: tuple[ExtraSignal, ...]

    @property
    def down(self) -> tuple[ExtraSignal, ...]:
        return tuple(e for e in self.extras if not e.upstream)

    @property
    def extra_width(self) -> int:
        return sum(e.width for e in self.down)

    @property
    def width(self) -> int:
        return self.data.width + self.extra_width

    def keys(self) -> list[str]:
        """How each downstream extra is named in inputs files and reports: its name, or `extra<k>`
        (k its position in the type's list)."""
        return [e.name or f"extra{k}" for k, e in enumerate(self.extras) if not e.upstream]

    def __str__(self) -> str:
        inner = f", [{', '.join(str(e) for e in self.extras)}]" if self.extras else ""
        return f"!handshake.channel<{self.data}{inner}>"

    def split(self, word: int) -> tuple[int, list[int]]:
        """(data bits, [each downstream extra]) of a composed word."""
        data = word & ((1 << self.data.width) - 1)
        out, lo = [], self.data.width
        for e in self.down:
            out.append(word >> lo & ((1 << e.width) - 1))
            lo += e.width
        return data, out

    def compose(self, data: int, extras: list[int]) -> int:
        word, lo = data & ((1 << self.data.width) - 1), self.data.width
        for e, v in zip(self.down, extras, strict=True):
            word |= (v & ((1 << e.width) - 1)) << lo
            lo += e.width
        return word


DfType = ScalarType | TaggedType | ChannelType


@dataclass(frozen=True)
class ControlType:
    """A control channel's token (MLIR `none`, `!handshake.control<>`): it carries no data."""

    @property
    def width(self) -> int:
        return 0

    def __str__(self) -> str:
        return "none"


CONTROL = ControlType()
"""The one control type."""


@dataclass(frozen=True)
class TupleType:
    """`tuple<T, ...>` (CIRCT's `pack` / `unpack`): one token of every field at once, the fields' bits side by
    side, the first in the low bits; a control field (`none`) takes none."""

    fields: tuple[DfType | ControlType | TupleType, ...]

    @property
    def width(self) -> int:
        return sum(f.width for f in self.fields)

    def slices(self) -> list[tuple[int, int]]:
        """(low bit, width) of each field in a token."""
        out, lo = [], 0
        for f in self.fields:
            out.append((lo, f.width))
            lo += f.width
        return out

    def __str__(self) -> str:
        return f"tuple<{', '.join(map(str, self.fields))}>"


TokenType = DfType | ControlType | TupleType
"""What a handshake channel carries: a value type, a control token or a tuple of them."""


def int_type(width: int) -> ScalarType:
    """The signless integer `i<width>` a channel may carry (1..MAX_CHANNEL_INT bits)."""
    return channel_int(f"i{width}")


def index_type(index_width: int) -> ScalarType:
    """`index` at the hardware width a flow gives it (MIN_INDEX_WIDTH..MAX_INDEX_WIDTH, else a ValueError)."""
    if isinstance(index_width, bool) or not isinstance(index_width, int) or \
            not MIN_INDEX_WIDTH <= index_width <= MAX_INDEX_WIDTH:
        raise ValueError(f"index width must be {MIN_INDEX_WIDTH}..{MAX_INDEX_WIDTH}, got {index_width!r}")
    return ScalarType("index", "index", index_width)


def is_index(ty: TokenType) -> bool:
    return isinstance(ty, ScalarType) and ty.kind == "index"


def data_width(ty: TokenType) -> int:
    """Bits of the data proper: a channel type's data without its extra signals, else the whole word."""
    return ty.data.width if isinstance(ty, ChannelType) else ty.width


def upstream_width(ty: TokenType) -> int:
    """Bits of the upstream (U) extra signals of a spec-003 channel type: wires against the tokens, not part
    of the word `width` counts (0 for every other type)."""
    return sum(e.width for e in ty.extras if e.upstream) if isinstance(ty, ChannelType) else 0


def scalar_type(name: str, index_width: int = DEFAULT_INDEX_WIDTH) -> ScalarType:
    """The native value type called `name`, or a DataflowTypeError naming what is allowed."""
    name = name.strip()
    if name == "index":
        return index_type(index_width)
    if name in FLOAT_WIDTHS:
        return ScalarType(name, "float", FLOAT_WIDTHS[name])
    m = re.fullmatch(r"i([1-9]\d*)", name)
    if m and int(m.group(1)) in INT_WIDTHS:
        return ScalarType(name, "int", int(m.group(1)))
    raise DataflowTypeError(
        f"'{name}' is not a dataflow value type (allowed: i1 i8 i16 i32 i64 bf16 f16 f32 f64 index)"
    )


def tagged_type(value: str, tag: str, index_width: int = DEFAULT_INDEX_WIDTH) -> TaggedType:
    """`!dataflow.tagged<value, tag>` after checking both halves against spec 000."""
    try:
        v = scalar_type(value, index_width)
    except DataflowTypeError as exc:
        raise DataflowTypeError(f"!dataflow.tagged<{value}, {tag}>: value type {exc}") from None
    m = re.fullmatch(r"i([1-9]\d*)", tag.strip())
    if not m or not 1 <= int(m.group(1)) <= MAX_TAG_WIDTH:
        raise DataflowTypeError(
            f"!dataflow.tagged<{value}, {tag}>: tag type must be a signless integer i1..i{MAX_TAG_WIDTH}"
        )
    return TaggedType(v, int(m.group(1)))


_TAGGED = re.compile(r"!dataflow\.tagged<(.*)>")


def _split_top_level(text: str) -> list[str]:
    """Split on commas that are not nested inside <...> (so `memref<4xi32>` stays whole)."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts]


_CHANNEL = re.compile(r"!handshake\.channel<(.*)>")
_EXTRA = re.compile(r"(?:([A-Za-z_][\w$.]*)\s*:\s*)?(\(U\)\s*)?i([1-9]\d*)")


def channel_int(name: str, index_width: int = DEFAULT_INDEX_WIDTH) -> ScalarType:
    """A channel data type: `index` or a signless integer i1..i64 of any width (a handshake channel,
    unlike the `000` value types, may carry an i3 or an i38)."""
    name = name.strip()
    if name == "index":
        return index_type(index_width)
    m = re.fullmatch(r"i([1-9]\d*)", name)
    if not m or int(m.group(1)) > MAX_CHANNEL_INT:
        raise DataflowTypeError(f"'{name}' is not a channel data type (allowed: i1..i{MAX_CHANNEL_INT}, index)")
    return ScalarType(name, "int", int(m.group(1)))


def channel_type(text: str, index_width: int = DEFAULT_INDEX_WIDTH) -> ChannelType:
    """`!handshake.channel<T>` or `!handshake.channel<T, [name: iK, (U) iK, ...]>` (T an integer, index or a
    float)."""
    m = _CHANNEL.fullmatch(text.strip())
    if not m:
        raise DataflowTypeError(f"{text}: expected !handshake.channel<T, [extras]>")
    inner = m.group(1).strip()
    data_text, _, rest = inner.partition(",")
    data = scalar_type(data_text) if data_text.strip() in FLOAT_WIDTHS else channel_int(data_text, index_width)
    extras: list[ExtraSignal] = []
    rest = rest.strip()
    if rest:
        if not (rest.startswith("[") and rest.endswith("]")):
            raise DataflowTypeError(f"{text}: the extra signals are a [list]")
        for part in _split_top_level(rest[1:-1]):
            e = _EXTRA.fullmatch(part)
            if not e or int(e.group(3)) > MAX_CHANNEL_INT:
                raise DataflowTypeError(f"{text}: '{part}' is not an extra signal (name: iK, iK or (U) iK)")
            extras.append(ExtraSignal(e.group(1), int(e.group(3)), bool(e.group(2))))
    names = [e.name for e in extras if e.name]
    if len(names) != len(set(names)):
        raise DataflowTypeError(f"{text}: an extra signal name is used twice")
    return ChannelType(data, tuple(extras))


def parse_type(text: str, index_width: int = DEFAULT_INDEX_WIDTH) -> DfType:
    """Parse `i32`, `index`, `f32`, `!dataflow.tagged<V, iK>` or `!handshake.channel<T, [extras]>`."""
    text = text.strip()
    if text.startswith("!handshake.channel<"):
        return channel_type(text, index_width)
    m = _TAGGED.fullmatch(text)
    if m:
        parts = _split_top_level(m.group(1))
        if len(parts) != 2:
            raise DataflowTypeError(f"{text}: expected !dataflow.tagged<value_type, tag_type>")
        return tagged_type(parts[0], parts[1], index_width)
    return scalar_type(text, index_width)


def token_type(text: str, index_width: int = DEFAULT_INDEX_WIDTH) -> TokenType:
    """The type of a channel as MLIR spells it: `none` (control), any integer i1..i64 (a handshake channel,
    unlike the `000` value types, may carry an i3 or an i38), `tuple<...>` of those, or what `parse_type`
    reads."""
    text = text.strip()
    if text == "none":
        return CONTROL
    if re.fullmatch(r"i\d+", text):
        return channel_int(text, index_width)
    if text.startswith("tuple<") and text.endswith(">"):
        return TupleType(tuple(token_type(f, index_width) for f in _split_top_level(text[6:-1])))
    return parse_type(text, index_width)


I1 = channel_int("i1")
"""A condition, a select, a stream's `cont`."""


def to_signed(value: int, width: int) -> int:
    """Interpret the low `width` bits of `value` as two's complement."""
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


def to_unsigned(value: int, width: int) -> int:
    """Wrap `value` to `width` bits."""
    return value & ((1 << width) - 1)
