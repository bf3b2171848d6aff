"""Values as inputs and results files write them, and the channel words they stand for.

An inputs file gives an integer as a JSON integer (signed, or the raw word), a float as a JSON number
rounded exactly to its format, or as one of the strings "0x<bits>", "nan", "inf", "-inf" (the specs
README, "Floating point"), and a tagged value or a channel with extra signals as an object with the data
and each extra. A result is reported the same way: a signed integer (`i1` as 0/1), a `FloatValue` (the
shortest decimal that reads back to the same bits, a JSON number; NaN and infinities as strings), or an
object. `to_word` and `from_word` convert between the two; `dumps` writes a report as JSON with floats
as numbers. Results are compared in this form, so two floats are equal exactly when their bits are.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from dfv.golden.fp.format import FORMATS
from dfv.golden.fp.text import format_float, parse_float
from dfv.golden.types import ChannelType, DfType, ScalarType, TaggedType, to_signed


class FloatText(str):
    """The text of a JSON number with a fraction or an exponent, as an inputs file wrote it (read with
    `json.loads(..., parse_float=FloatText)`), so a float is rounded from its decimal text, not from a
    double."""


@dataclass(frozen=True)
class FloatValue:
    """A float result: the IEEE word `bits` of format `fmt` (equal exactly when the bits are)."""

    fmt: str
    bits: int

    def __str__(self) -> str:
        """The shortest decimal, which names the bits; a NaN other than the canonical one (kept by a bitcast,
        a load or a constant) with its bits, so that two different NaNs read differently."""
        fmt = FORMATS[self.fmt]
        text = format_float(self.bits, fmt)
        return f"nan(0x{self.bits:x})" if text == "nan" and self.bits != fmt.canonical_nan else text

    def __repr__(self) -> str:  # in a list of results
        return str(self)

    def json(self) -> str:
        """The JSON text: the shortest decimal as a number, "nan" / "inf" / "-inf" as strings (the specs
        README's form, in which every NaN is "nan")."""
        text = format_float(self.bits, FORMATS[self.fmt])
        return json.dumps(text) if text in ("nan", "inf", "-inf") else text


def is_float(ty: DfType) -> bool:
    return isinstance(ty, ScalarType) and ty.kind == "float"


def value_fields(ty: DfType) -> list[tuple[str, DfType | int]] | None:
    """(key, type or width) of each field of a value given as an object (tagged values and channels with
    downstream extras), data first; None for a type whose value is a plain number."""
    if isinstance(ty, TaggedType):
        return [("data", ty.value), ("tag", ty.tag_width)]
    if isinstance(ty, ChannelType) and ty.down:
        return [("data", ty.data), *zip(ty.keys(), (e.width for e in ty.down), strict=True)]
    return None


def data_word(ty: ScalarType, value) -> int:
    """The word of a plain value of type `ty`: a float from its text (ValueError saying what a float may be)
    or its reported form, an integer wrapped to the width (signed or raw)."""
    if is_float(ty):
        if isinstance(value, FloatValue) and value.fmt == ty.name:
            return value.bits
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise ValueError(f"{json.dumps(value)} is not a {ty} value (expected a JSON number, a bit pattern "
                             '"0x...", "nan", "inf" or "-inf")')
        return parse_float(str(value), FORMATS[ty.name])
    return int(value) & ((1 << ty.width) - 1)


def to_word(ty: DfType, value) -> int:
    """The channel word of a value as an inputs file gives it: a number (see `data_word`), or for a tagged
    value or a channel with extra signals an object `{"data": d, "<extra>": v, ...}` (an integer given for
    such a type is the raw composed word, as testbenches carry it)."""
    named = value_fields(ty)
    if named is None or not isinstance(value, dict):  # a number: the value, or the raw composed word
        return data_word(ty, value) if isinstance(ty, ScalarType) else int(value) & ((1 << ty.width) - 1)
    word, lo = 0, 0
    for key, field in named:
        if isinstance(field, int):
            word |= (int(value[key]) & ((1 << field) - 1)) << lo
            lo += field
        else:
            word |= data_word(field, value[key]) << lo
            lo += field.width
    return word


def signed(word: int, width: int) -> int:
    """The reported form of a `width`-bit integer word: signed and wrapped (i1 as 0/1)."""
    word = int(word)
    return word & 1 if width == 1 else to_signed(word, width)


def data_value(ty: ScalarType, word: int) -> int | FloatValue:
    """The reported form of a plain `ty` word: a FloatValue for a float, else a signed integer."""
    return FloatValue(ty.name, int(word) & ((1 << ty.width) - 1)) if is_float(ty) else signed(word, ty.width)


def from_word(ty: DfType, word: int):
    """The reported form of a channel word: a number (see `data_value`); an object with the data and each
    extra signal (extras unsigned) for a tagged value or a channel with extra signals."""
    named = value_fields(ty)
    if named is None:
        return data_value(ty, word) if isinstance(ty, ScalarType) else signed(int(word), ty.width)
    out, lo = {}, 0
    for key, field in named:
        width = field if isinstance(field, int) else field.width
        v = int(word) >> lo & ((1 << width) - 1)
        out[key] = v if isinstance(field, int) else data_value(field, v)
        lo += width
    return out


def dumps(value) -> str:
    """`value` (a report: dicts, lists, numbers, strings, FloatValues) as one line of JSON, floats as numbers."""
    if isinstance(value, FloatValue):
        return value.json()
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))}: {dumps(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(dumps(v) for v in value) + "]"
    return json.dumps(value)
