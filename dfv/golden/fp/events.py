"""What happened when a floating-point result was rounded: the coverage events of the float units.

A unit's verification has to show that its operands reached every rounding situation, not only every
operand class: the exact result representable (`exact`), exactly halfway between two words (`tie`,
rounded to even), anywhere else (`inexact`), beyond the largest finite value (`overflow`), below the
normal range (`underflow_subnormal`, an inexact subnormal result, and `underflow_zero`, a non-zero exact
value rounded to zero), and a NaN or an infinity decided by the operands alone (`special`). Sums add two
events of their own: `cancellation` (the result at least two binades below the larger operand, so the
normalisation shifts left by more than one place) and `carry_out` (the significand sum carries into a new
binade). The exact result comes from the operands' exact values (`rounding.decode`) in rational
arithmetic; the rounded one from the golden model, so the event is that of the golden result the RTL is
compared with.
"""

from __future__ import annotations

from fractions import Fraction

from dfv.golden.fp.format import FloatFormat
from dfv.golden.fp.rounding import decode

ROUNDING = ("exact", "tie", "inexact", "overflow", "underflow_subnormal", "underflow_zero", "special")
"""The rounding events of an operation whose exact result is a number."""
SUM = ("cancellation", "carry_out", "aligned")
"""How a sum of two finite non-zero operands normalises (`aligned`: neither of the other two)."""


def value(fmt: FloatFormat, bits: int) -> Fraction:
    """The exact value of a finite word (a ValueError for an infinity or a NaN)."""
    sign, significand, exponent = decode(fmt, bits)
    v = Fraction(significand) * Fraction(2) ** exponent
    return -v if sign else v


def finite(fmt: FloatFormat, bits: int) -> bool:
    return fmt.classify(bits).is_finite


def _neighbour(fmt: FloatFormat, word: int, exact: Fraction) -> Fraction:
    """The value of the word next to `word` on the side of `exact` (the other candidate of the rounding)."""
    magnitude, sign = word & ~fmt.sign_mask, fmt.sign(word)
    if magnitude == 0:
        return Fraction(1 if exact > 0 else -1) * value(fmt, 1)
    away = abs(exact) > abs(value(fmt, word))
    other = (sign << (fmt.width - 1)) | (magnitude + 1 if away else magnitude - 1)
    if finite(fmt, other):
        return value(fmt, other)
    return 2 * value(fmt, word) - value(fmt, word - 1)  # past the largest finite: one more ulp


def rounding_event(fmt: FloatFormat, exact: Fraction | None, result: int) -> str:
    """The event of rounding `exact` (None: the operands decided a NaN or an infinity) to word `result`."""
    if exact is None:
        return "special"
    cls = fmt.classify(result)
    if cls.is_inf:
        return "overflow"
    got = value(fmt, result)
    if got == exact:
        return "exact"
    if cls.is_zero:
        return "underflow_zero"
    if (exact - got) * 2 == _neighbour(fmt, result, exact) - got:
        return "tie"
    if cls.name.endswith("SUBNORMAL"):
        return "underflow_subnormal"
    return "inexact"


def _exact_of(op: str, fmt: FloatFormat, words: tuple[int, ...]) -> Fraction | None:
    """The exact real result of `op` on finite operands (None when an operand is not finite, the result is
    a division by zero, or the operation has no rational result: a square root is handled apart)."""
    if not all(finite(fmt, w) for w in words):
        return None
    v = [value(fmt, w) for w in words]
    if op == "addf":
        return v[0] + v[1]
    if op == "subf":
        return v[0] - v[1]
    if op == "mulf":
        return v[0] * v[1]
    if op == "divf":
        return v[0] / v[1] if v[1] else None
    if op == "fma":
        return v[0] * v[1] + v[2]
    raise ValueError(f"no exact result for {op}")


def arith_event(op: str, fmt: FloatFormat, words: tuple[int, ...], result: int) -> str:
    """The rounding event of `op` (addf subf mulf divf fma sqrt) on `words` with golden result `result`."""
    if op == "sqrt":
        x = words[0]
        if not finite(fmt, x) or value(fmt, x) < 0:
            return "special"
        got = value(fmt, result) if finite(fmt, result) else None
        return "exact" if got is not None and got * got == value(fmt, x) else "inexact"  # a root never ties
    return rounding_event(fmt, _exact_of(op, fmt, words), result)


def sum_event(fmt: FloatFormat, a: int, b: int, result: int) -> str | None:
    """How the sum `a + b` (after subf's sign flip) normalised, for finite non-zero operands and a finite
    non-zero result; None otherwise."""
    if not all(finite(fmt, w) and w & ~fmt.sign_mask for w in (a, b, result)):
        return None
    top = max(_binade(fmt, a), _binade(fmt, b))
    got = _binade(fmt, result)
    if got > top:
        return "carry_out"
    return "cancellation" if got <= top - 2 else "aligned"


def _binade(fmt: FloatFormat, bits: int) -> int:
    """floor(log2 |x|) of a finite non-zero word."""
    _, significand, exponent = decode(fmt, bits)
    return exponent + significand.bit_length() - 1


def int_to_float_event(fmt: FloatFormat, n: int, result: int) -> str:
    """The rounding event of converting the integer `n` to `fmt`."""
    return rounding_event(fmt, Fraction(n), result)


def convert_event(src: FloatFormat, dst: FloatFormat, bits: int, result: int) -> str:
    """The rounding event of converting word `bits` of `src` to `dst`."""
    return rounding_event(dst, value(src, bits) if finite(src, bits) else None, result)


TO_INT = ("exact", "truncated", "saturated", "nan")
"""What a float-to-integer conversion did: an integral value, a fraction dropped, out of range, a NaN."""


def float_to_int_event(fmt: FloatFormat, bits: int, low: int, high: int) -> str:
    """The event of converting word `bits` of `fmt` to an integer of range low..high (toward zero)."""
    cls = fmt.classify(bits)
    if cls.is_nan:
        return "nan"
    if cls.is_inf:
        return "saturated"
    v = value(fmt, bits)
    t = int(v)  # toward zero
    if not low <= t <= high:
        return "saturated"
    return "exact" if t == v else "truncated"

