"""The arithmetic operations on raw words: `arith.addf subf mulf divf negf`, `math.absf sqrt fma`.

Each takes a `FloatFormat` and the operands' bit patterns and returns the result's bit pattern. A finite
result is computed exactly with integers and rounded once (`dfv.golden.fp.rounding`). The special cases
are those of IEEE 754-2019 section 7.2 (invalid operation) and 6.1 / 6.3 (infinities, signs of zero),
with every NaN result the format's canonical quiet NaN (a NaN operand, quiet or signalling, gives it).
"""

from __future__ import annotations

from math import isqrt

from dfv.golden.fp.format import FloatClass, FloatFormat
from dfv.golden.fp.rounding import decode, round_exact, round_quotient


def _round_sum(fmt: FloatFormat, s1: int, m1: int, e1: int, s2: int, m2: int, e2: int) -> int:
    """The word nearest to the exact sum of two exact values. An exact zero sum is +0 unless both addends
    are negative (-0 + -0), the round-to-nearest rule of IEEE 754 section 6.3."""
    low = min(e1, e2)
    total = (-1) ** s1 * (m1 << (e1 - low)) + (-1) ** s2 * (m2 << (e2 - low))
    sign = int(total < 0) if total else s1 & s2
    return round_exact(fmt, sign, abs(total), low)


def addf(fmt: FloatFormat, a: int, b: int) -> int:
    """a + b. inf + -inf is NaN; an infinity plus anything else is that infinity."""
    ca, cb = fmt.classify(a), fmt.classify(b)
    if ca.is_nan or cb.is_nan or (ca.is_inf and cb.is_inf and ca != cb):
        return fmt.canonical_nan
    if ca.is_inf or cb.is_inf:
        return a if ca.is_inf else b
    return _round_sum(fmt, *decode(fmt, a), *decode(fmt, b))


def subf(fmt: FloatFormat, a: int, b: int) -> int:
    """a - b, which is a + (-b) in every case (x - x is +0, -0 - +0 is -0)."""
    return addf(fmt, a, b ^ fmt.sign_mask)


def mulf(fmt: FloatFormat, a: int, b: int) -> int:
    """a * b. 0 * inf is NaN; the sign is always the exclusive or of the operands' signs."""
    ca, cb = fmt.classify(a), fmt.classify(b)
    if ca.is_nan or cb.is_nan or (ca.is_inf and cb.is_zero) or (ca.is_zero and cb.is_inf):
        return fmt.canonical_nan
    sign = fmt.sign(a) ^ fmt.sign(b)
    if ca.is_inf or cb.is_inf:
        return fmt.inf(sign)
    _, ma, ea = decode(fmt, a)
    _, mb, eb = decode(fmt, b)
    return round_exact(fmt, sign, ma * mb, ea + eb)


def divf(fmt: FloatFormat, a: int, b: int) -> int:
    """a / b. 0/0 and inf/inf are NaN; x/0 is inf and x/inf is 0 for other x; the sign is always the
    exclusive or of the operands' signs."""
    ca, cb = fmt.classify(a), fmt.classify(b)
    if ca.is_nan or cb.is_nan or (ca.is_inf and cb.is_inf) or (ca.is_zero and cb.is_zero):
        return fmt.canonical_nan
    sign = fmt.sign(a) ^ fmt.sign(b)
    if ca.is_inf or cb.is_zero:
        return fmt.inf(sign)
    if cb.is_inf:
        return fmt.pack(sign, 0, 0)
    _, ma, ea = decode(fmt, a)
    _, mb, eb = decode(fmt, b)
    return round_quotient(fmt, sign, ma, mb, ea - eb)


def sqrt(fmt: FloatFormat, a: int) -> int:
    """The square root: sqrt(+-0) is +-0, sqrt(+inf) is +inf, any other negative operand gives NaN. The
    integer root is taken to p + 2 bits and the remainder kept as the inexact flag."""
    ca = fmt.classify(a)
    if ca.is_zero or ca is FloatClass.POS_INF:
        return a
    if ca.is_nan or fmt.sign(a):
        return fmt.canonical_nan
    _, m, e = decode(fmt, a)
    if e & 1:  # make the exponent even so that it halves exactly
        m, e = m << 1, e - 1
    scale = fmt.precision + 2  # m >= 1, so the root of m * 4^scale has at least p + 2 bits
    m <<= 2 * scale
    root = isqrt(m)
    return round_exact(fmt, 0, root, (e >> 1) - scale, root * root != m)


def fma(fmt: FloatFormat, a: int, b: int, c: int) -> int:
    """a * b + c with one rounding. 0 * inf is NaN whatever c is; so is inf * x + c for c the infinity of
    the other sign. An exact zero result takes the sign of a zero product (signed as a * b) plus c."""
    ca, cb, cc = fmt.classify(a), fmt.classify(b), fmt.classify(c)
    if ca.is_nan or cb.is_nan or cc.is_nan or (ca.is_inf and cb.is_zero) or (ca.is_zero and cb.is_inf):
        return fmt.canonical_nan
    product_sign = fmt.sign(a) ^ fmt.sign(b)
    if ca.is_inf or cb.is_inf:
        return fmt.canonical_nan if cc.is_inf and c != fmt.inf(product_sign) else fmt.inf(product_sign)
    if cc.is_inf:
        return c
    _, ma, ea = decode(fmt, a)
    _, mb, eb = decode(fmt, b)
    return _round_sum(fmt, product_sign, ma * mb, ea + eb, *decode(fmt, c))


def negf(fmt: FloatFormat, a: int) -> int:
    """-a: the sign flipped (a NaN gives the canonical NaN, like every NaN result)."""
    return fmt.canonical_nan if fmt.classify(a).is_nan else a ^ fmt.sign_mask


def absf(fmt: FloatFormat, a: int) -> int:
    """|a|: the sign cleared (a NaN gives the canonical NaN, like every NaN result)."""
    return fmt.canonical_nan if fmt.classify(a).is_nan else a & ~fmt.sign_mask
