"""Operand values that exercise floating-point units: each format's corner values (zeros, subnormal and
normal extremes, values around 1, the half ulps that make sums tie, the overflow neighbourhood, infinities,
quiet and signalling NaNs, each with both signs), operands whose square roots are subnormal and hard to
round, integer corners for the conversions, and seeded random words whose exponents make a result
interesting (sums that align, carry, tie and cancel; products and quotients near the overflow and
underflow boundaries).

One set for every user: the golden model's oracle tests and campaign (tests/golden/fp), the RTL units'
operation environments (dfv.tb.fp) and the long RTL campaign (tools/fpcheck).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from math import isqrt

from dfv.golden.fp.format import FloatFormat
from dfv.golden.fp.rounding import decode, round_exact


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


@functools.cache
def root_corners(fmt: FloatFormat) -> tuple[int, ...]:
    """Square-root operands whose roots are subnormal, which needs FW >= bias (none in the four formats;
    empty otherwise): the three smallest subnormals, the words next to 2^(2 emin) (roots just below and at
    the smallest normal), and in every binade of subnormal roots the hard-to-round cases: the operands
    whose roots lie nearest above and nearest below a midpoint between two subnormals, with an even and
    with an odd subnormal below (a root is never a midpoint, so there the sticky bit alone decides, and it
    comes from the root's last bits and the remainder, through the denormalising shift). A binade of more
    than 4096 operands is searched on a fixed sample of 4096."""
    top = 1 << max(fmt.emin + fmt.frac_bits, 0)  # k * 2^(emin-FW) has a subnormal root iff k < top
    if top <= 1:
        return ()
    shift = fmt.frac_bits - fmt.emin  # the root of k * 2^(emin-FW) is sqrt(k << shift) subnormal ulps
    words = {1, 2, 3, top - 1, top, top + 1}
    hi = top
    while hi > 1:  # operands [hi / 4, hi): one binade of roots
        lo = max(hi // 4, 1)
        ks = range(lo, hi) if hi - lo <= 4096 else random.Random(f"{fmt.name}:{lo}").sample(range(lo, hi), 4096)
        best: dict[tuple[bool, int], tuple[float, int]] = {}
        for k in ks:
            r2 = k << shift  # the root squared, in ulps^2
            n = isqrt(r2)  # the subnormal below the root
            d = 4 * r2 - (2 * n + 1) ** 2  # > 0: the root is above the midpoint n + 1/2
            key, distance = (d > 0, n & 1), abs(d) / (2 * n + 1)
            if key not in best or distance < best[key][0]:
                best[key] = (distance, k)
        words |= {k for _, k in best.values()}
        hi = lo
    return tuple(sorted(words))


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


# ---------------------------------------------------------------------------------- one operand tuple
# Each draws the operands of one operation: a share of arbitrary words (every class, NaNs included), the
# rest shaped so that the result is interesting for that operation.

def binary_random(style: str) -> Callable[[FloatFormat, random.Random], tuple[int, int]]:
    """Pairs for a sum (`sum`: exponents close, so it aligns, carries, ties and cancels), a product
    (`product`) or a quotient (`quotient`: exponents that combine near overflow or underflow)."""
    def draw(fmt: FloatFormat, rng: random.Random) -> tuple[int, int]:
        if rng.random() < 0.3:
            return any_word(fmt, rng), any_word(fmt, rng)
        if style == "sum":
            pair = near_pair(fmt, rng)
        else:
            pair = pair_for(fmt, rng, 1 if style == "product" else -1)
        return pair if rng.random() < 0.5 else pair[::-1]
    return draw


def unary_random(fmt: FloatFormat, rng: random.Random) -> tuple[int]:
    """Any word, or a positive finite one of any exponent (what a square root mostly takes)."""
    if rng.random() < 0.5:
        return (any_word(fmt, rng),)
    return (random_finite(fmt, rng, random_exponent(fmt, rng)) & ~fmt.sign_mask,)


def fma_random(fmt: FloatFormat, rng: random.Random) -> tuple[int, int, int]:
    """a * b + c with c near the product, so that the sum cancels or ties with the product's low bits."""
    if rng.random() < 0.2:
        return any_word(fmt, rng), any_word(fmt, rng), any_word(fmt, rng)
    a, b = pair_for(fmt, rng, 1) if rng.random() < 0.3 else (
        random_finite(fmt, rng, rng.randint(fmt.emin // 2, fmt.emax // 2)),
        random_finite(fmt, rng, rng.randint(fmt.emin // 2, fmt.emax // 2)))
    ea = (a >> fmt.frac_bits & fmt.exp_max_field) - fmt.bias
    eb = (b >> fmt.frac_bits & fmt.exp_max_field) - fmt.bias
    c = random_finite(fmt, rng, ea + eb + rng.randint(-2 * fmt.precision - 2, fmt.precision + 2))
    return a, b, c


def compare_pair(fmt: FloatFormat, rng: random.Random) -> tuple[int, int]:
    """Two words for a comparison: unrelated, equal, of opposite signs only, or adjacent."""
    a = any_word(fmt, rng)
    b = rng.choice([any_word(fmt, rng), a, a ^ fmt.sign_mask, (a + 1) % (1 << fmt.width)])
    return a, b


def int_operand(width: int, rng: random.Random) -> int:
    """A `width`-bit integer word: uniform, or a magnitude of random length (maybe negated), so that every
    count of significant bits, and so every rounding position, comes up."""
    if rng.random() < 0.5:
        return rng.getrandbits(width)
    size = rng.randint(1, width)
    return (rng.getrandbits(size) | (1 << (size - 1))) * rng.choice([1, -1]) % (1 << width)


def to_int_operand(fmt: FloatFormat, width: int, rng: random.Random) -> int:
    """A word for a conversion to a `width`-bit integer: mostly near the integer range (fractions, the
    range's ends), sometimes any word."""
    if rng.random() < 0.3:
        return any_word(fmt, rng)
    return random_finite(fmt, rng, rng.randint(-2, width + 1))


def convert_tie(src: FloatFormat, dst: FloatFormat, rng: random.Random) -> int | None:
    """A `src` word exactly halfway between two neighbouring finite `dst` words (normal or subnormal,
    either sign), where the conversion must round to even; None when `src` cannot hold such a midpoint
    (no more precision than `dst`, or out of its range). Random bits tie once in 2^(dropped bits), so a
    narrowing of f64 to f32 would almost never meet one."""
    lower = rng.randint(0, dst.max_finite - 1)  # a positive finite dst word with a finite neighbour above
    _, m1, e1 = decode(dst, lower)
    _, m2, e2 = decode(dst, lower + 1)
    e = min(e1, e2)
    significand, exponent = (m1 << (e1 - e)) + (m2 << (e2 - e)), e - 1  # (v1 + v2) / 2
    sign = rng.getrandbits(1)
    word = round_exact(src, sign, significand, exponent)
    if not src.classify(word).is_finite:
        return None
    _, m, ex = decode(src, word)
    low = min(ex, exponent)
    return word if m << (ex - low) == significand << (exponent - low) else None


def convert_operand(src: FloatFormat, dst: FloatFormat, rng: random.Random) -> int:
    """A `src` word for a conversion to `dst`: mostly within or just beyond `dst`'s exponent range, one in
    ten (where `src` can hold one) a midpoint of two `dst` words."""
    if rng.random() < 0.1 and (tie := convert_tie(src, dst, rng)) is not None:
        return tie
    if rng.random() < 0.3:
        return any_word(src, rng)
    return random_finite(src, rng, rng.randint(dst.emin - dst.precision - 2, dst.emax + 1))
