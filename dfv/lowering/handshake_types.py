"""Spec 003's channel types as handshake programs write them (the specs README settles the details).

* `!handshake.control`: valid/ready only. CIRCT's `none` means the same.
* `!handshake.channel<T>` and `!handshake.channel<T, [name: iK, iK, (U) iK, ...]>`: a data type of non-zero
  width plus extra signals, downstream unless marked `(U)`, named or not; names unique in one channel.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import ArrayAttr, IndexType, IntegerType, NoneType, StringAttr
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException


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
