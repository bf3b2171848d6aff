"""An independent reference for `dfv.golden.fp`, written from IEEE 754-2019 and the spec README without
looking at how the golden model computes.

Words are decoded to exact rationals (`fractions.Fraction`), each operation's exact result is formed with
Fraction arithmetic, and the result is rounded by the textbook method: find the exponent of the binade,
scale by that binade's quantum (or the subnormal quantum), take the floor and the next multiple, keep the
nearer, at a tie the one with the even significand; overflow where IEEE 754 section 4.3.1 puts it
(|x| >= (2 - 2^-p) * 2^emax). Square roots are rounded by searching the bit patterns for the neighbours
of the root and comparing the square of their midpoint with the operand. The special cases are a table of
the standard's rules. Nothing here imports the golden model.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

# The formats by their defining field widths (exponent bits, fraction bits), nothing else borrowed.
FIELDS = {"f16": (5, 10), "bf16": (8, 7), "f32": (8, 23), "f64": (11, 52)}


@dataclass(frozen=True)
class Fmt:
    """A binary format as IEEE 754 section 3.3 defines it from its field widths."""

    name: str
    ebits: int
    fbits: int

    @property
    def width(self) -> int:
        return 1 + self.ebits + self.fbits

    @property
    def p(self) -> int:
        return self.fbits + 1

    @property
    def emax(self) -> int:
        return 2 ** (self.ebits - 1) - 1

    @property
    def emin(self) -> int:
        return 1 - self.emax

    @property
    def nan(self) -> int:
        """The canonical quiet NaN: exponent all ones, fraction 10...0, sign 0."""
        return ((2**self.ebits - 1) << self.fbits) + 2 ** (self.fbits - 1)

    def inf(self, negative: bool) -> int:
        return (int(negative) << (self.width - 1)) + ((2**self.ebits - 1) << self.fbits)

    def zero(self, negative: bool) -> int:
        return int(negative) << (self.width - 1)


FORMATS = {name: Fmt(name, e, f) for name, (e, f) in FIELDS.items()}


@dataclass(frozen=True)
class Num:
    """A decoded word: kind "nan", "inf" or "fin"; `neg` its sign bit; `v` the exact value (finite only;
    a zero's sign is in `neg`)."""

    kind: str
    neg: bool
    v: Fraction = Fraction(0)

    @property
    def is_zero(self) -> bool:
        return self.kind == "fin" and self.v == 0


def pow2(e: int) -> Fraction:
    return Fraction(2**e) if e >= 0 else Fraction(1, 2**-e)


def value(fmt: Fmt, bits: int) -> Num:
    """IEEE 754 section 3.4: (-1)^S * 2^(E - bias) * (1 + 2^(1-p) * T), or 2^emin * (0 + 2^(1-p) * T) for
    E = 0; E all ones is an infinity (T = 0) or a NaN."""
    assert 0 <= bits < 2**fmt.width
    neg = bits >= 2 ** (fmt.width - 1)
    biased = (bits >> fmt.fbits) % 2**fmt.ebits
    frac = bits % 2**fmt.fbits
    if biased == 2**fmt.ebits - 1:
        return Num("inf", neg) if frac == 0 else Num("nan", neg)
    if biased == 0:
        mag = frac * pow2(fmt.emin - fmt.fbits)
    else:
        mag = (2**fmt.fbits + frac) * pow2(biased - fmt.emax - fmt.fbits)
    return Num("fin", neg, -mag if neg else mag)


def floor_log2(x: Fraction) -> int:
    """The e with 2^e <= x < 2^(e+1), for x > 0."""
    e = x.numerator.bit_length() - x.denominator.bit_length()
    while pow2(e) > x:
        e -= 1
    while pow2(e + 1) <= x:
        e += 1
    return e


def encode(fmt: Fmt, negative: bool, mag: Fraction) -> int:
    """The word of a representable magnitude (asserted)."""
    if mag == 0:
        return fmt.zero(negative)
    e = floor_log2(mag)
    if e < fmt.emin:
        frac = mag / pow2(fmt.emin - fmt.fbits)
        biased = 0
    else:
        frac = mag / pow2(e - fmt.fbits) - 2**fmt.fbits
        biased = e + fmt.emax
    assert frac.denominator == 1 and 0 <= frac < 2**fmt.fbits and biased < 2**fmt.ebits - 1, (mag, fmt)
    return (int(negative) << (fmt.width - 1)) + (biased << fmt.fbits) + int(frac)


def round_to(fmt: Fmt, x: Fraction, zero_negative: bool = False) -> int:
    """x rounded to nearest, ties to even; an exact zero gets the sign `zero_negative`, a nonzero x that
    rounds to zero keeps its own sign."""
    if x == 0:
        return fmt.zero(zero_negative)
    negative, mag = x < 0, abs(x)
    if mag >= (2 - Fraction(1, 2**fmt.p)) * pow2(fmt.emax):
        return fmt.inf(negative)
    quantum = pow2(max(floor_log2(mag), fmt.emin) - fmt.fbits)
    below = math.floor(mag / quantum)
    rest = mag / quantum - below
    up = rest > Fraction(1, 2) or (rest == Fraction(1, 2) and below % 2 == 1)
    return encode(fmt, negative, (below + up) * quantum)


# ---- arithmetic: IEEE 754-2019 7.2 (invalid), 6.1 (infinity), 6.3 (sign of zero) -------------------


def add(fmt: Fmt, a: int, b: int) -> int:
    x, y = value(fmt, a), value(fmt, b)
    if x.kind == "nan" or y.kind == "nan":
        return fmt.nan
    if x.kind == "inf" and y.kind == "inf":
        return fmt.inf(x.neg) if x.neg == y.neg else fmt.nan  # inf - inf is invalid
    if x.kind == "inf" or y.kind == "inf":
        return fmt.inf(x.neg if x.kind == "inf" else y.neg)
    # 6.3: x + x = x - (-x) keeps the sign of a zero x; any other exact zero sum is +0 (nearest rounding).
    both_negative_zeros = x.is_zero and y.is_zero and x.neg and y.neg
    return round_to(fmt, x.v + y.v, zero_negative=both_negative_zeros)


def sub(fmt: Fmt, a: int, b: int) -> int:
    return add(fmt, a, b ^ (1 << (fmt.width - 1)))  # x - y = x + (-y), signs of zero included (6.3)


def mul(fmt: Fmt, a: int, b: int) -> int:
    x, y = value(fmt, a), value(fmt, b)
    if x.kind == "nan" or y.kind == "nan":
        return fmt.nan
    negative = x.neg != y.neg  # 6.3: the sign of a product is the exclusive or
    if x.kind == "inf" or y.kind == "inf":
        return fmt.nan if x.is_zero or y.is_zero else fmt.inf(negative)  # 0 * inf is invalid
    return round_to(fmt, x.v * y.v, zero_negative=negative)


def div(fmt: Fmt, a: int, b: int) -> int:
    x, y = value(fmt, a), value(fmt, b)
    if x.kind == "nan" or y.kind == "nan":
        return fmt.nan
    negative = x.neg != y.neg
    if x.kind == "inf":
        return fmt.nan if y.kind == "inf" else fmt.inf(negative)  # inf / inf invalid
    if y.kind == "inf":
        return fmt.zero(negative)
    if y.is_zero:
        return fmt.nan if x.is_zero else fmt.inf(negative)  # 0/0 invalid; x/0 divideByZero -> inf
    return round_to(fmt, x.v / y.v, zero_negative=negative)


def sqrt(fmt: Fmt, a: int) -> int:
    x = value(fmt, a)
    if x.kind == "nan":
        return fmt.nan
    if x.is_zero:
        return a  # 5.4.1: sqrt(-0) = -0
    if x.neg:
        return fmt.nan  # sqrt of a negative number (or -inf) is invalid
    if x.kind == "inf":
        return a
    # Largest positive finite pattern whose value squared is <= x (patterns order like values).
    lo, hi = 0, fmt.inf(False) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if value(fmt, mid).v ** 2 <= x.v:
            lo = mid
        else:
            hi = mid - 1
    below = value(fmt, lo).v
    if below**2 == x.v:
        return lo
    halfway = ((below + value(fmt, lo + 1).v) / 2) ** 2
    if x.v < halfway or (x.v == halfway and lo % 2 == 0):
        return lo  # (a root is never exactly halfway, but the rule is written out anyway)
    return lo + 1


def fma(fmt: Fmt, a: int, b: int, c: int) -> int:
    x, y, z = value(fmt, a), value(fmt, b), value(fmt, c)
    if "nan" in (x.kind, y.kind, z.kind):
        return fmt.nan
    product_negative = x.neg != y.neg
    if x.kind == "inf" or y.kind == "inf":
        if x.is_zero or y.is_zero:
            return fmt.nan  # 7.2(c): fma(0, inf, c) is invalid
        if z.kind == "inf" and z.neg != product_negative:
            return fmt.nan  # inf - inf
        return fmt.inf(product_negative)
    if z.kind == "inf":
        return c
    exact = x.v * y.v + z.v
    # 6.3: an exact zero is signed as the sum of the (possibly zero) product and c would be.
    product_zero = x.is_zero or y.is_zero
    both_negative_zeros = product_zero and z.is_zero and product_negative and z.neg
    return round_to(fmt, exact, zero_negative=both_negative_zeros)


def neg(fmt: Fmt, a: int) -> int:
    x = value(fmt, a)
    return fmt.nan if x.kind == "nan" else (a + 2 ** (fmt.width - 1)) % 2**fmt.width


def absolute(fmt: Fmt, a: int) -> int:
    x = value(fmt, a)
    return fmt.nan if x.kind == "nan" else a % 2 ** (fmt.width - 1)


# ---- comparisons: 5.11 and 9.6 ---------------------------------------------------------------------


def extended(x: Num) -> Fraction | float:
    """The value on the extended real line (infinities as float infinities, only ever compared)."""
    return x.v if x.kind == "fin" else (-math.inf if x.neg else math.inf)


def cmpf(fmt: Fmt, predicate: str, a: int, b: int) -> int:
    """MLIR's definitions: "o..." is ordered (neither is NaN) and the relation, "u..." is unordered or the
    relation; ord / uno test orderedness alone; false / true are constant."""
    x, y = value(fmt, a), value(fmt, b)
    unordered = x.kind == "nan" or y.kind == "nan"
    if predicate in ("false", "true"):
        return int(predicate == "true")
    if predicate in ("ord", "uno"):
        return int(unordered == (predicate == "uno"))
    kind, relation = predicate[0], predicate[1:]
    assert kind in "ou" and relation in ("eq", "ne", "lt", "le", "gt", "ge"), predicate
    if unordered:
        return int(kind == "u")
    u, v = extended(x), extended(y)
    holds = {"eq": u == v, "ne": u != v, "lt": u < v, "le": u <= v, "gt": u > v, "ge": u >= v}[relation]
    return int(holds)


def _signed_order(x: Num) -> tuple[Fraction | float, int]:
    """Order for maximum/minimum: by value, then -0 below +0."""
    return extended(x), 0 if x.neg else 1


def maximum(fmt: Fmt, a: int, b: int) -> int:
    """9.6 maximum: NaN if either is NaN, else the larger, +0 > -0."""
    x, y = value(fmt, a), value(fmt, b)
    if x.kind == "nan" or y.kind == "nan":
        return fmt.nan
    return a if _signed_order(x) >= _signed_order(y) else b


def minimum(fmt: Fmt, a: int, b: int) -> int:
    x, y = value(fmt, a), value(fmt, b)
    if x.kind == "nan" or y.kind == "nan":
        return fmt.nan
    return a if _signed_order(x) <= _signed_order(y) else b


def _ignoring_nan(fmt: Fmt, a: int, b: int, operation) -> int:
    """9.6 maximumNumber / minimumNumber: `operation` (maximum or minimum) of a and b, a NaN operand (quiet
    or signalling) ignored unless both are NaN."""
    x, y = value(fmt, a), value(fmt, b)
    if x.kind == "nan" and y.kind == "nan":
        return fmt.nan
    if x.kind == "nan":
        return b
    if y.kind == "nan":
        return a
    return operation(fmt, a, b)


def maximum_number(fmt: Fmt, a: int, b: int) -> int:
    return _ignoring_nan(fmt, a, b, maximum)


def minimum_number(fmt: Fmt, a: int, b: int) -> int:
    return _ignoring_nan(fmt, a, b, minimum)


# ---- conversions ----------------------------------------------------------------------------------


def int_to_float(fmt: Fmt, word: int, width: int, signed: bool) -> int:
    n = word - 2**width if signed and word >= 2 ** (width - 1) else word
    return round_to(fmt, Fraction(n))


def float_to_int(fmt: Fmt, a: int, width: int, signed: bool) -> int:
    """Truncate toward zero, saturate, NaN -> the maximum; the result as an unsigned word."""
    low, high = (-(2 ** (width - 1)), 2 ** (width - 1) - 1) if signed else (0, 2**width - 1)
    x = value(fmt, a)
    if x.kind == "nan":
        n = high
    elif x.kind == "inf":
        n = low if x.neg else high
    else:
        n = min(max(math.trunc(x.v), low), high)
    return n % 2**width


def float_to_float(src: Fmt, dst: Fmt, a: int) -> int:
    x = value(src, a)
    if x.kind == "nan":
        return dst.nan
    if x.kind == "inf":
        return dst.inf(x.neg)
    return round_to(dst, x.v, zero_negative=x.neg)
