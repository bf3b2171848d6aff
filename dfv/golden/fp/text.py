"""Floats as inputs and results files write them (spec README, "Floating point").

`parse_float` reads a JSON number, rounding its decimal text exactly to the format (ties to even, never
through a double), or one of the strings "0x<bit pattern>", "nan", "inf", "-inf". `format_float` prints
a word as the shortest decimal that reads back to the same bits (the nearer of two shortest ones, an exact
tie to the even last digit; laid out as Python's `repr` of a float), and NaN and infinities as "nan",
"inf", "-inf". Both work on integers only.
"""

from __future__ import annotations

import re

from dfv.golden.fp.format import FloatFormat
from dfv.golden.fp.rounding import decode, round_quotient

_NUMBER = re.compile(r"(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?")
"""A JSON number: sign, integer digits, fraction digits, decimal exponent."""

_HEX = re.compile(r"0[xX]([0-9a-fA-F]+)")

MAX_DIGITS = 800
"""Significant digits read exactly. Every midpoint between two f64 values has at most 768, so a longer
decimal rounds like its first 800 digits with a 1 put after them if any later digit is not 0."""


def _round_decimal(fmt: FloatFormat, sign: int, digits: str, exp10: int) -> int:
    """The word nearest to (-1)^sign * int(digits) * 10^exp10."""
    digits = digits.lstrip("0")
    if not digits:
        return fmt.pack(sign, 0, 0)
    if len(digits) > MAX_DIGITS:
        tail_nonzero = digits[MAX_DIGITS:].strip("0") != ""
        exp10 += len(digits) - MAX_DIGITS - 1
        digits = digits[:MAX_DIGITS] + ("1" if tail_nonzero else "0")
    # 10^(top - 1) <= |value| < 10^top, and 8^k <= 10^k for k >= 0, 10^k <= 8^k for k <= 0: decide far
    # overflow and underflow before building huge integers.
    top = len(digits) + exp10
    if 3 * (top - 1) > fmt.emax + 1:  # |value| >= 2^(emax + 1), beyond the largest finite
        return fmt.inf(sign)
    if 3 * top <= fmt.emin - fmt.frac_bits - 1:  # |value| < half the smallest subnormal
        return fmt.pack(sign, 0, 0)
    num, den = int(digits) * 10 ** max(exp10, 0), 10 ** max(-exp10, 0)
    return round_quotient(fmt, sign, num, den, 0)


def parse_float(text: str, fmt: FloatFormat) -> int:
    """The `fmt` word that `text` denotes: a JSON number's text (rounded exactly), "0x..." (the bit
    pattern, which must fit the format), "nan" (the canonical NaN), "inf" or "-inf". Anything else is a
    ValueError saying what is accepted."""
    stripped = text.strip()
    if stripped == "nan":
        return fmt.canonical_nan
    if stripped in ("inf", "-inf"):
        return fmt.inf(int(stripped == "-inf"))
    hex_match = _HEX.fullmatch(stripped)
    if hex_match:
        bits = int(hex_match.group(1), 16)
        if bits >> fmt.width:
            raise ValueError(f"{text!r}: bit pattern wider than {fmt} ({fmt.width} bits)")
        return bits
    number = _NUMBER.fullmatch(stripped)
    if not number:
        raise ValueError(
            f'{text!r} is not a {fmt} value (expected a JSON number, a bit pattern "0x...", "nan", "inf" or "-inf")'
        )
    sign, integer, fraction, exponent = number.groups()
    fraction = fraction or ""
    return _round_decimal(fmt, int(sign == "-"), integer + fraction, int(exponent or 0) - len(fraction))


def _candidates(num: int, den: int, n: int) -> tuple[int, list[int]]:
    """(q, [D...]): the n-digit integers D whose D * 10^q are the nearest decimals below and above num/den
    (one if num/den has at most n digits), q chosen so that num/den has n digits before the point."""
    q = (num.bit_length() - den.bit_length()) * 30103 // 100000 - n  # an estimate of the digit position
    while True:  # move q until 10^(n-1) <= num/den / 10^q < 10^n
        scaled_num, scaled_den = num * 10 ** max(-q, 0), den * 10 ** max(q, 0)
        low, rest = divmod(scaled_num, scaled_den)
        if low >= 10**n:
            q += 1
        elif low < 10 ** (n - 1):
            q -= 1
        else:
            return q, [low, low + 1] if rest else [low]


def format_float(bits: int, fmt: FloatFormat) -> str:
    """The shortest decimal that `parse_float` reads back as `bits` (see the module docstring)."""
    cls = fmt.classify(bits)
    if cls.is_nan:
        return "nan"
    if cls.is_inf:
        return "-inf" if fmt.sign(bits) else "inf"
    sign, m, e = decode(fmt, bits)
    text_sign = "-" if sign else ""
    if m == 0:
        return text_sign + "0.0"
    num, den = (m << e, 1) if e >= 0 else (m, 1 << -e)
    n = 1  # 17 digits always suffice for f64, 9 for f32, 5 for f16, 4 for bf16
    while True:
        q, candidates = _candidates(num, den, n)
        exact = [d for d in candidates if _round_decimal(fmt, sign, str(d), q) == bits]
        if exact:  # the nearer to num/den (distances scaled by den * 10^-q); at a tie the even one
            digits = min(exact, key=lambda d: (abs(d * den * 10 ** max(q, 0) - num * 10 ** max(-q, 0)), d & 1))
            return text_sign + _layout(str(digits), q)
        n += 1


def _layout(digits: str, q: int) -> str:
    """int(digits) * 10^q written as Python's `repr` writes a float: positional when the decimal point
    falls between 4 places before the first digit and 16 after it, else d.ddde+XX."""
    point = len(digits) + q  # the value is 0.<digits> * 10^point
    digits = digits.rstrip("0")
    if -4 < point <= 16:
        if point <= 0:
            return "0." + "0" * -point + digits
        if point >= len(digits):
            return digits + "0" * (point - len(digits)) + ".0"
        return digits[:point] + "." + digits[point:]
    mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return f"{mantissa}e{point - 1:+03d}"
