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


DfType = ScalarType | TaggedType


def scalar_type(name: str, index_width: int = DEFAULT_INDEX_WIDTH) -> ScalarType:
    """The native value type called `name`, or a DataflowTypeError naming what is allowed."""
    name = name.strip()
    if name == "index":
        return ScalarType("index", "index", index_width)
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


def parse_type(text: str, index_width: int = DEFAULT_INDEX_WIDTH) -> DfType:
    """Parse `i32`, `index`, `f32` or `!dataflow.tagged<V, iK>` into a type."""
    text = text.strip()
    m = _TAGGED.fullmatch(text)
    if m:
        parts = _split_top_level(m.group(1))
        if len(parts) != 2:
            raise DataflowTypeError(f"{text}: expected !dataflow.tagged<value_type, tag_type>")
        return tagged_type(parts[0], parts[1], index_width)
    return scalar_type(text, index_width)


def to_signed(value: int, width: int) -> int:
    """Interpret the low `width` bits of `value` as two's complement."""
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


def to_unsigned(value: int, width: int) -> int:
    """Wrap `value` to `width` bits."""
    return value & ((1 << width) - 1)
