"""Conversions on raw words: `arith.sitofp uitofp fptosi fptoui extf truncf bitcast`.

Integer to float rounds (to nearest, ties to even); float to integer rounds toward zero and saturates to
the integer type's range, a NaN giving its maximum (the project's rule: RISC-V's; MLIR leaves it
undefined). Float to float rounds the exact value into the target format, which is exact when widening.
"""

from __future__ import annotations

from dfv.golden.fp.format import FloatFormat
from dfv.golden.fp.rounding import decode, round_exact
from dfv.golden.types import to_signed


def _check_int(word: int, width: int) -> int:
    if not 0 <= word < (1 << width):
        raise ValueError(f"{word:#x} is not an i{width} word")
    return word


def sitofp(fmt: FloatFormat, word: int, width: int) -> int:
    """The signed `width`-bit integer `word` rounded to `fmt` (an i1 word 1 is -1)."""
    value = to_signed(_check_int(word, width), width)
    return round_exact(fmt, int(value < 0), abs(value), 0)


def uitofp(fmt: FloatFormat, word: int, width: int) -> int:
    """The unsigned `width`-bit integer `word` rounded to `fmt`."""
    return round_exact(fmt, 0, _check_int(word, width), 0)


def _to_integer(fmt: FloatFormat, bits: int, low: int, high: int) -> int:
    """The value of a word truncated toward zero and clamped to [low, high]; NaN gives `high`."""
    cls = fmt.classify(bits)
    if cls.is_nan:
        return high
    if cls.is_inf:
        return low if fmt.sign(bits) else high
    sign, m, e = decode(fmt, bits)
    magnitude = m << e if e >= 0 else m >> -e
    return min(max(-magnitude if sign else magnitude, low), high)


def fptosi(fmt: FloatFormat, bits: int, width: int) -> int:
    """The `width`-bit word of the value truncated toward zero, saturated to [-2^(width-1), 2^(width-1)-1]."""
    return _to_integer(fmt, bits, -(1 << (width - 1)), (1 << (width - 1)) - 1) & ((1 << width) - 1)


def fptoui(fmt: FloatFormat, bits: int, width: int) -> int:
    """The `width`-bit word of the value truncated toward zero, saturated to [0, 2^width - 1] (a negative
    value that truncates to -1 or below gives 0)."""
    return _to_integer(fmt, bits, 0, (1 << width) - 1)


def convertf(src: FloatFormat, dst: FloatFormat, bits: int) -> int:
    """A `src` word as a `dst` word: the value rounded into `dst` (infinities and zeros keep their sign, a
    NaN gives dst's canonical NaN). `arith.extf` and `arith.truncf` are this, in either direction."""
    cls = src.classify(bits)
    if cls.is_nan:
        return dst.canonical_nan
    if cls.is_inf:
        return dst.inf(src.sign(bits))
    return round_exact(dst, *decode(src, bits))


extf = convertf
truncf = convertf


def bitcast(fmt: FloatFormat, bits: int) -> int:
    """`arith.bitcast` between a float and the integer of its width: the same word (checked to fit)."""
    return fmt.check(bits)
