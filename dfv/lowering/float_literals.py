"""Float literals as MLIR reads them, shared by the source parser (`dfv.lowering.parse`) and the syntax dfv adds
(`dfv.lowering.upstream_syntax`: the elements of a `memref.global`): the exact word of a literal's text, the
double holding a word's value, the word of such a double."""

from __future__ import annotations

import re
import struct

from dfv.golden.fp.format import FloatFormat
from dfv.golden.fp.text import parse_float


def float_value(word: int, name: str) -> float:
    """The value of word `word` of float type `name` (f16, bf16, f32, f64) as a double: exact, since every value
    of the four formats is one (a NaN keeps the payload bits a double can carry)."""
    if name == "bf16":
        return struct.unpack("<f", struct.pack("<I", word << 16))[0]
    code = {"f16": ("<e", "<H"), "f32": ("<f", "<I"), "f64": ("<d", "<Q")}[name]
    return struct.unpack(code[0], struct.pack(code[1], word))[0]


def word_of_value(fmt: FloatFormat, value: float) -> int:
    """The word of a value of `fmt` held in a double: `repr` reads back to the same double, and every value of
    the four formats is a double, so rounding its text to the format is exact (NaN: the canonical NaN)."""
    if value != value:
        return fmt.canonical_nan
    if value in (float("inf"), float("-inf")):
        return fmt.inf(int(value < 0))
    return parse_float(repr(value), fmt)


_MLIR_NUMBER = re.compile(r"(-?)(0[xX][0-9a-fA-F]+|[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?)")
"""A number literal of MLIR as it starts a float attribute: sign, then hex bits or decimal digits."""


def exact_float_word(literal: str, fmt: FloatFormat) -> int | None:
    """The word MLIR gives float literal `literal` in `fmt`: a hex literal is the bit pattern, a decimal one
    is rounded exactly (to nearest, ties to even); None if `literal` is not one of those."""
    m = _MLIR_NUMBER.match(literal)
    if m is None:
        return None
    sign, body = m.groups()
    if body[:2] in ("0x", "0X"):
        return None if sign else int(body, 16) & ((1 << fmt.width) - 1)
    mantissa, _, exponent = body.lower().partition("e")
    whole, _, frac = mantissa.partition(".")
    text = f"{sign}{whole.lstrip('0') or '0'}.{frac or '0'}" + (f"e{exponent}" if exponent else "")
    return parse_float(text, fmt)
