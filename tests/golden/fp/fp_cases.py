"""What the floating-point tests and the campaign check: for each operation, how to call the golden model
(`dfv.golden.fp.ops`) and the oracle (`oracle`) on one operand tuple, the directed operand tuples (corner
values of a format and all their pairs, triples from a smaller set for fma) and a seeded random operand
generator (uniform bit patterns mixed with operands whose exponents make the result interesting: near each
other for sums, near the overflow and underflow boundaries for products and quotients, near the target's
range for conversions).

Operand tuples are what both sides take after the format: (a, b) for a binary operation, (predicate, a, b)
for cmpf, (width, word) for sitofp / uitofp / fptosi / fptoui, (destination format name, word) for convertf.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction

import oracle as ref

from dfv.golden.fp import ops
from dfv.golden.fp.format import FORMATS, FloatFormat

INT_WIDTHS = (1, 8, 16, 32, 64)
PREDICATES = tuple(ops.CMPF_PREDICATES)


def power_of_two(fmt: FloatFormat, e: int) -> int:
    """The word of 2^e (e in the normal or subnormal range)."""
    if e >= fmt.emin:
        return fmt.pack(0, e + fmt.bias, 0)
    return 1 << (e - fmt.emin + fmt.frac_bits)


def nans(fmt: FloatFormat) -> list[int]:
    """Quiet NaNs (canonical, with a payload, negative) and signalling NaNs (fraction 1, the largest, negative)."""
    q, all_ones = fmt.quiet_bit, fmt.frac_mask
    return [fmt.canonical_nan, fmt.pack(0, fmt.exp_max_field, q | 1), fmt.pack(1, fmt.exp_max_field, q),
            fmt.pack(0, fmt.exp_max_field, 1), fmt.pack(0, fmt.exp_max_field, all_ones ^ q),
            fmt.pack(1, fmt.exp_max_field, 1)]


@functools.cache
def corners(fmt: FloatFormat) -> tuple[int, ...]:
    """Zeros, subnormal and normal extremes, values around 1, the half ulps that make sums tie (1 + 2^-p,
    max + 2^(emax-p)), factors that halve or scale the smallest subnormals onto ties, infinities, NaNs;
    each with both signs."""
    f, one = fmt.frac_bits, fmt.pack(0, fmt.bias, 0)
    stripes = int("01" * f, 2) & fmt.frac_mask
    positive = [
        0, 1, 2, 3, fmt.quiet_bit, fmt.frac_mask,  # zero, subnormals: min, 2 min, 3 min, middle, max
        fmt.min_normal, fmt.min_normal + 1, fmt.min_normal + fmt.frac_mask,
        power_of_two(fmt, -2), power_of_two(fmt, -1), power_of_two(fmt, -1) + fmt.quiet_bit,  # 1/4, 1/2, 3/4
        one - 1, one, one + 1, one + fmt.quiet_bit, one + stripes, one + (stripes ^ fmt.frac_mask),
        power_of_two(fmt, 1), power_of_two(fmt, 1) + fmt.quiet_bit,  # 2, 3
        power_of_two(fmt, -fmt.precision), power_of_two(fmt, 1 - fmt.precision),  # half and whole ulp of 1
        power_of_two(fmt, fmt.emax - fmt.precision), power_of_two(fmt, fmt.emax - fmt.precision - 1),
        power_of_two(fmt, fmt.emax), fmt.max_finite - 1, fmt.max_finite, fmt.pos_inf,
    ]
    return tuple(positive + [x | fmt.sign_mask for x in positive] + nans(fmt))


def fma_corners(fmt: FloatFormat) -> list[int]:
    """A smaller set for the triples of fma."""
    one = fmt.pack(0, fmt.bias, 0)
    positive = [0, 1, fmt.frac_mask, fmt.min_normal, one, one + 1, power_of_two(fmt, -fmt.precision),
                power_of_two(fmt, 1) + fmt.quiet_bit, fmt.max_finite, fmt.pos_inf]
    return positive + [x | fmt.sign_mask for x in positive] + [fmt.canonical_nan, fmt.pack(1, fmt.exp_max_field, 1)]


def int_corners(width: int) -> list[int]:
    """Integer words: 0, 1, all ones (-1), the extremes, powers of two and their neighbours, and the
    round-to-float ties and overflow thresholds of the formats (2^p + 1, 65520 = f16's overflow)."""
    mask = (1 << width) - 1
    values = {0, 1, mask, 1 << (width - 1), (1 << (width - 1)) - 1, 65504, 65519, 65520, 65535}
    for k in range(width):
        values |= {1 << k, (1 << k) + 1, (1 << k) - 1, (3 << k) >> 1}
    for p in (8, 11, 24, 53):
        values |= {(1 << p) + 1, (1 << p) + 3, (1 << (p + 1)) + 2, (1 << (p + 2)) + 6, -(1 << p) - 1}
    return sorted({v & mask for v in values})


def random_finite(fmt: FloatFormat, rng: random.Random, e: int) -> int:
    """A random finite word of either sign with (unbiased) exponent e, clamped into the format's range; below
    emin it is a subnormal with its leading bit where 2^e would be. A quarter have a short significand (low
    fraction bits cleared), so that products are exact or tie and sums tie more often."""
    sign, frac = rng.getrandbits(1), rng.getrandbits(fmt.frac_bits)
    if rng.random() < 0.25:
        frac &= -1 << rng.randint(0, fmt.frac_bits)
    if e > fmt.emax:
        e = fmt.emax
    if e >= fmt.emin:
        return fmt.pack(sign, e + fmt.bias, frac)
    shift = min(fmt.emin - e, fmt.frac_bits)
    return fmt.pack(sign, 0, (frac | (1 << fmt.frac_bits)) >> shift)


def random_exponent(fmt: FloatFormat, rng: random.Random) -> int:
    return rng.randint(fmt.emin - fmt.precision, fmt.emax)


def any_word(fmt: FloatFormat, rng: random.Random) -> int:
    """Mostly uniform bit patterns, sometimes a corner value."""
    return rng.choice(corners(fmt)) if rng.random() < 0.05 else rng.getrandbits(fmt.width)


def neighbours(fmt: FloatFormat, x: int) -> set[int]:
    """x and the words next to it of the same sign (finite ones only, for a finite x)."""
    magnitude, sign = x & ~fmt.sign_mask, x & fmt.sign_mask
    return {x} | {sign | m for m in (magnitude - 1, magnitude + 1) if 0 <= m <= fmt.max_finite}


def near_pair(fmt: FloatFormat, rng: random.Random) -> tuple[int, int]:
    """Two words whose exponents are close, so that their sum aligns, carries and ties; sometimes a value
    and the negation of its neighbour, so that it cancels (x - nextafter(x))."""
    e = random_exponent(fmt, rng)
    a = random_finite(fmt, rng, e)
    if rng.random() < 0.15:
        return a, rng.choice(sorted(neighbours(fmt, a))) ^ fmt.sign_mask
    return a, random_finite(fmt, rng, e + rng.randint(-fmt.precision - 2, fmt.precision + 2))


def pair_for(fmt: FloatFormat, rng: random.Random, combine: int) -> tuple[int, int]:
    """Two words whose exponents combine (combine=+1: sum, for products; -1: difference, for quotients) to
    near the overflow boundary, near the subnormal range or its bottom, or anywhere."""
    target = rng.choice([fmt.emax, fmt.emin, fmt.emin - fmt.frac_bits, random_exponent(fmt, rng)])
    target += rng.randint(-2, 2)
    ea = random_exponent(fmt, rng)
    return random_finite(fmt, rng, ea), random_finite(fmt, rng, combine * (target - ea))


@dataclass(frozen=True)
class Check:
    """One operation as both sides compute it, with its directed and random operand tuples."""

    name: str
    golden: Callable[..., int]  # (FloatFormat, *operands) -> word
    oracle: Callable[..., int]  # (oracle.Fmt, *operands) -> word
    directed: Callable[[FloatFormat], Iterable[tuple]]
    random: Callable[[FloatFormat, random.Random], tuple]


def _pairs(fmt: FloatFormat) -> Iterator[tuple[int, int]]:
    return itertools.product(corners(fmt), repeat=2)


def _binary_random(style: str) -> Callable[[FloatFormat, random.Random], tuple]:
    def draw(fmt: FloatFormat, rng: random.Random) -> tuple:
        if rng.random() < 0.3:
            return any_word(fmt, rng), any_word(fmt, rng)
        if style == "sum":
            pair = near_pair(fmt, rng)
        else:
            pair = pair_for(fmt, rng, 1 if style == "product" else -1)
        return pair if rng.random() < 0.5 else pair[::-1]
    return draw


def _unary_random(fmt: FloatFormat, rng: random.Random) -> tuple:
    if rng.random() < 0.5:
        return (any_word(fmt, rng),)
    return (random_finite(fmt, rng, random_exponent(fmt, rng)) & ~fmt.sign_mask,)


def _fma_random(fmt: FloatFormat, rng: random.Random) -> tuple:
    if rng.random() < 0.2:
        return any_word(fmt, rng), any_word(fmt, rng), any_word(fmt, rng)
    a, b = pair_for(fmt, rng, 1) if rng.random() < 0.3 else (
        random_finite(fmt, rng, rng.randint(fmt.emin // 2, fmt.emax // 2)),
        random_finite(fmt, rng, rng.randint(fmt.emin // 2, fmt.emax // 2)))
    ea = (a >> fmt.frac_bits & fmt.exp_max_field) - fmt.bias
    eb = (b >> fmt.frac_bits & fmt.exp_max_field) - fmt.bias
    # c near the product, so that the sum cancels or ties with the product's low bits
    c = random_finite(fmt, rng, ea + eb + rng.randint(-2 * fmt.precision - 2, fmt.precision + 2))
    return a, b, c


def _cmpf_directed(fmt: FloatFormat) -> Iterator[tuple]:
    return ((p, a, b) for a, b in _pairs(fmt) for p in PREDICATES)


def _cmpf_random(fmt: FloatFormat, rng: random.Random) -> tuple:
    a = any_word(fmt, rng)
    b = rng.choice([any_word(fmt, rng), a, a ^ fmt.sign_mask, (a + 1) % (1 << fmt.width)])
    return rng.choice(PREDICATES), a, b


def _int_random(fmt: FloatFormat, rng: random.Random) -> tuple:
    width = rng.choice(INT_WIDTHS)
    if rng.random() < 0.5:
        return width, rng.getrandbits(width)
    size = rng.randint(1, width)  # a magnitude of `size` bits, maybe negated
    return width, (rng.getrandbits(size) | (1 << (size - 1))) * rng.choice([1, -1]) % (1 << width)


def _int_directed(fmt: FloatFormat) -> Iterator[tuple]:
    return ((w, x) for w in INT_WIDTHS for x in int_corners(w))


def _to_int_directed(fmt: FloatFormat) -> Iterator[tuple]:
    values = list(corners(fmt))
    for w in INT_WIDTHS:  # the integer range's ends, their neighbours and halves, in this format
        for bound in (1 << (w - 1), 1 << w):
            for sign in (0, 1):
                values += neighbours(fmt, ref.round_to(ref.FORMATS[fmt.name], Fraction(bound * (-1) ** sign)))
    values += [ref.round_to(ref.FORMATS[fmt.name], Fraction(k, 2)) for k in range(-7, 8)]
    return ((w, x) for w in INT_WIDTHS for x in sorted(set(values)))


def _to_int_random(fmt: FloatFormat, rng: random.Random) -> tuple:
    width = rng.choice(INT_WIDTHS)
    if rng.random() < 0.3:
        return width, any_word(fmt, rng)
    return width, random_finite(fmt, rng, rng.randint(-2, width + 1))


def _convert_directed(fmt: FloatFormat) -> Iterator[tuple]:
    """Every corner of the source into every format, and for each destination the source words at and next
    to the destination's corner values and the midpoints between them (ties, overflow, underflow)."""
    src = ref.FORMATS[fmt.name]
    for dst_name, dst in FORMATS.items():
        words = set(corners(fmt))
        finite = [x for x in corners(dst) if x & ~dst.sign_mask <= dst.max_finite]
        for x in finite:
            v = ref.value(ref.FORMATS[dst_name], x).v
            nxt = ref.value(ref.FORMATS[dst_name], x + 1) if x & ~dst.sign_mask < dst.max_finite else None
            points = [v] if nxt is None or nxt.kind != "fin" else [v, (v + nxt.v) / 2]
            for point in points:
                words |= neighbours(fmt, ref.round_to(src, point, zero_negative=bool(x & dst.sign_mask)))
        yield from ((dst_name, w) for w in sorted(words))


def _convert_random(fmt: FloatFormat, rng: random.Random) -> tuple:
    dst = FORMATS[rng.choice(list(FORMATS))]
    if rng.random() < 0.3:
        return dst.name, any_word(fmt, rng)
    return dst.name, random_finite(fmt, rng, rng.randint(dst.emin - dst.precision - 2, dst.emax + 1))


CHECKS = {c.name: c for c in [
    Check("addf", ops.addf, ref.add, _pairs, _binary_random("sum")),
    Check("subf", ops.subf, ref.sub, _pairs, _binary_random("sum")),
    Check("mulf", ops.mulf, ref.mul, _pairs, _binary_random("product")),
    Check("divf", ops.divf, ref.div, _pairs, _binary_random("quotient")),
    Check("sqrt", ops.sqrt, ref.sqrt, lambda f: ((x,) for x in corners(f)), _unary_random),
    Check("fma", ops.fma, ref.fma, lambda f: itertools.product(fma_corners(f), repeat=3), _fma_random),
    Check("negf", ops.negf, ref.neg, lambda f: ((x,) for x in corners(f)), _unary_random),
    Check("absf", ops.absf, ref.absolute, lambda f: ((x,) for x in corners(f)), _unary_random),
    Check("cmpf", ops.cmpf, ref.cmpf, _cmpf_directed, _cmpf_random),
    Check("maximumf", ops.maximumf, ref.maximum, _pairs, _binary_random("sum")),
    Check("minimumf", ops.minimumf, ref.minimum, _pairs, _binary_random("sum")),
    Check("maxnumf", ops.maxnumf, ref.maximum_number, _pairs, _binary_random("sum")),
    Check("minnumf", ops.minnumf, ref.minimum_number, _pairs, _binary_random("sum")),
    Check("sitofp", lambda f, w, x: ops.sitofp(f, x, w), lambda f, w, x: ref.int_to_float(f, x, w, True),
          _int_directed, _int_random),
    Check("uitofp", lambda f, w, x: ops.uitofp(f, x, w), lambda f, w, x: ref.int_to_float(f, x, w, False),
          _int_directed, _int_random),
    Check("fptosi", lambda f, w, x: ops.fptosi(f, x, w), lambda f, w, x: ref.float_to_int(f, x, w, True),
          _to_int_directed, _to_int_random),
    Check("fptoui", lambda f, w, x: ops.fptoui(f, x, w), lambda f, w, x: ref.float_to_int(f, x, w, False),
          _to_int_directed, _to_int_random),
    Check("convertf", lambda f, d, x: ops.convertf(f, FORMATS[d], x),
          lambda f, d, x: ref.float_to_float(f, ref.FORMATS[d], x), _convert_directed, _convert_random),
]}
"""Every operation checked against the oracle, by name (convertf is extf and truncf, in all directions)."""


@dataclass
class Outcome:
    """How one operation in one format fared: operand tuples run, and the first mismatches."""

    count: int = 0
    mismatches: int = 0
    examples: list[str] = field(default_factory=list)


def run(check: Check, fmt_name: str, operand_tuples: Iterable[tuple], keep: int = 5) -> Outcome:
    """Run both sides on every operand tuple (format `fmt_name`) and compare the result words."""
    fmt, ofmt = FORMATS[fmt_name], ref.FORMATS[fmt_name]
    outcome = Outcome()
    for operands in operand_tuples:
        outcome.count += 1
        got, want = check.golden(fmt, *operands), check.oracle(ofmt, *operands)
        if got != want:
            outcome.mismatches += 1
            if len(outcome.examples) < keep:
                shown = ", ".join(o if isinstance(o, str) else hex(o) for o in operands)
                outcome.examples.append(f"{check.name}.{fmt_name}({shown}) = {got:#x}, oracle {want:#x}")
    return outcome


def random_operands(check: Check, fmt_name: str, count: int, seed: int) -> Iterator[tuple]:
    """`count` random operand tuples for one operation and format, the same for the same seed."""
    rng = random.Random(f"{seed}/{check.name}/{fmt_name}")
    fmt = FORMATS[fmt_name]
    return (check.random(fmt, rng) for _ in range(count))
