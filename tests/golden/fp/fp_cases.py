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

import itertools
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction

import oracle as ref

from dfv.golden.fp import ops
from dfv.golden.fp.format import FORMATS, FloatFormat
from dfv.golden.fp.samples import (
    binary_random,
    compare_pair,
    convert_operand,
    corners,
    fma_corners,
    fma_random,
    int_corners,
    int_operand,
    neighbours,
    root_corners,
    to_int_operand,
    unary_random,
)

INT_WIDTHS = (1, 8, 16, 32, 64)
PREDICATES = tuple(ops.CMPF_PREDICATES)


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


def _cmpf_directed(fmt: FloatFormat) -> Iterator[tuple]:
    return ((p, a, b) for a, b in _pairs(fmt) for p in PREDICATES)


def _cmpf_random(fmt: FloatFormat, rng: random.Random) -> tuple:
    a, b = compare_pair(fmt, rng)
    return rng.choice(PREDICATES), a, b


def _int_random(fmt: FloatFormat, rng: random.Random) -> tuple:
    width = rng.choice(INT_WIDTHS)
    return width, int_operand(width, rng)


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
    return width, to_int_operand(fmt, width, rng)


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
    return dst.name, convert_operand(fmt, dst, rng)


CHECKS = {c.name: c for c in [
    Check("addf", ops.addf, ref.add, _pairs, binary_random("sum")),
    Check("subf", ops.subf, ref.sub, _pairs, binary_random("sum")),
    Check("mulf", ops.mulf, ref.mul, _pairs, binary_random("product")),
    Check("divf", ops.divf, ref.div, _pairs, binary_random("quotient")),
    Check("sqrt", ops.sqrt, ref.sqrt, lambda f: ((x,) for x in (*corners(f), *root_corners(f))), unary_random),
    Check("fma", ops.fma, ref.fma, lambda f: itertools.product(fma_corners(f), repeat=3), fma_random),
    Check("negf", ops.negf, ref.neg, lambda f: ((x,) for x in corners(f)), unary_random),
    Check("absf", ops.absf, ref.absolute, lambda f: ((x,) for x in corners(f)), unary_random),
    Check("cmpf", ops.cmpf, ref.cmpf, _cmpf_directed, _cmpf_random),
    Check("maximumf", ops.maximumf, ref.maximum, _pairs, binary_random("sum")),
    Check("minimumf", ops.minimumf, ref.minimum, _pairs, binary_random("sum")),
    Check("maxnumf", ops.maxnumf, ref.maximum_number, _pairs, binary_random("sum")),
    Check("minnumf", ops.minnumf, ref.minimum_number, _pairs, binary_random("sum")),
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
