"""Comparisons on raw words: `arith.cmpf` (the 16 MLIR predicates) and `arith.maximumf minimumf maxnumf
minnumf`.

Two non-NaN words compare by value, -0 equal to +0; a NaN operand makes the pair unordered. The four
extrema order -0 below +0 (IEEE 754-2019 section 9.6); `maximumf` / `minimumf` give NaN for a NaN operand,
`maxnumf` / `minnumf` ignore a NaN operand unless both are NaN. A NaN result is the canonical NaN.
"""

from __future__ import annotations

from dfv.golden.fp.format import FloatFormat

LT, EQ, GT, UNORDERED = 1, 2, 4, 8
"""The four outcomes of comparing two words; a predicate is the set of outcomes it is true for."""

CMPF_PREDICATES = {
    "false": 0,
    "oeq": EQ,
    "ogt": GT,
    "oge": GT | EQ,
    "olt": LT,
    "ole": LT | EQ,
    "one": LT | GT,
    "ord": LT | EQ | GT,
    "ueq": UNORDERED | EQ,
    "ugt": UNORDERED | GT,
    "uge": UNORDERED | GT | EQ,
    "ult": UNORDERED | LT,
    "ule": UNORDERED | LT | EQ,
    "une": UNORDERED | LT | GT,
    "uno": UNORDERED,
    "true": UNORDERED | LT | EQ | GT,
}
"""Each `arith.cmpf` predicate by name, in the order of MLIR's `CmpFPredicate` (its value is the position)."""


def _key(fmt: FloatFormat, bits: int, zero_sign: bool) -> int:
    """An integer increasing with the value of a non-NaN word: the magnitude bits, negated for a negative
    word. With `zero_sign`, -0 sorts just below +0 (and the negative words one lower), else they are equal."""
    magnitude = bits & ~fmt.sign_mask
    if not bits & fmt.sign_mask:
        return magnitude
    return -magnitude - 1 if zero_sign else -magnitude


def compare(fmt: FloatFormat, a: int, b: int) -> int:
    """The outcome of comparing a with b: LT, EQ, GT, or UNORDERED if either is a NaN."""
    if fmt.classify(a).is_nan or fmt.classify(b).is_nan:
        return UNORDERED
    ka, kb = _key(fmt, a, False), _key(fmt, b, False)
    return LT if ka < kb else GT if ka > kb else EQ


def cmpf(fmt: FloatFormat, predicate: str, a: int, b: int) -> int:
    """1 if `arith.cmpf <predicate>` holds for a and b, else 0."""
    if predicate not in CMPF_PREDICATES:
        raise ValueError(f"unknown cmpf predicate '{predicate}' (known: {', '.join(CMPF_PREDICATES)})")
    return int(bool(CMPF_PREDICATES[predicate] & compare(fmt, a, b)))


def _extremum(fmt: FloatFormat, a: int, b: int, larger: bool, nan_wins: bool) -> int:
    """The larger (or smaller) of a and b with -0 < +0; a NaN operand gives NaN if `nan_wins`, else the
    other operand (NaN only when both are)."""
    a_nan, b_nan = fmt.classify(a).is_nan, fmt.classify(b).is_nan
    if (a_nan and b_nan) or (nan_wins and (a_nan or b_nan)):
        return fmt.canonical_nan
    if a_nan or b_nan:
        return a if b_nan else b
    a_first = _key(fmt, a, True) >= _key(fmt, b, True)
    return a if a_first == larger else b


def maximumf(fmt: FloatFormat, a: int, b: int) -> int:
    """IEEE 754-2019 maximum: the larger, -0 < +0, NaN if either is NaN."""
    return _extremum(fmt, a, b, larger=True, nan_wins=True)


def minimumf(fmt: FloatFormat, a: int, b: int) -> int:
    """IEEE 754-2019 minimum: the smaller, -0 < +0, NaN if either is NaN."""
    return _extremum(fmt, a, b, larger=False, nan_wins=True)


def maxnumf(fmt: FloatFormat, a: int, b: int) -> int:
    """IEEE 754-2019 maximumNumber: the larger, -0 < +0, a NaN operand ignored unless both are NaN."""
    return _extremum(fmt, a, b, larger=True, nan_wins=False)


def minnumf(fmt: FloatFormat, a: int, b: int) -> int:
    """IEEE 754-2019 minimumNumber: the smaller, -0 < +0, a NaN operand ignored unless both are NaN."""
    return _extremum(fmt, a, b, larger=False, nan_wins=False)
