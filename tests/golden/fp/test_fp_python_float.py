"""f64 against CPython's own float, a second oracle independent of both `dfv.golden.fp` and `oracle`:
CPython's + - * / and math.sqrt are the hardware's correctly rounded binary64 operations, float(int) and
float(str) round correctly, repr is the shortest round-tripping decimal, and struct's "f" / "e" packing
rounds a double once to binary32 / binary16. Only f64 results are taken from it; no other format's result
is made by rounding a double result (that would round twice)."""

from __future__ import annotations

import math
import random
import struct

import fp_cases as cases
import pytest

from dfv.golden.fp import ops
from dfv.golden.fp.format import F16, F32, F64
from dfv.golden.fp.text import format_float, parse_float

COUNT = 5000


def to_float(bits: int) -> float:
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def to_bits(x: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def _same(got: int, want: float) -> bool:
    """The golden word is Python's result, a NaN being the canonical NaN whatever NaN Python made."""
    return got == F64.canonical_nan if math.isnan(want) else got == to_bits(want)


def _pairs(style: str, seed: str):
    rng = random.Random(seed)
    draw = cases.CHECKS[{"sum": "addf", "product": "mulf", "quotient": "divf"}[style]].random
    return [draw(F64, rng) for _ in range(COUNT)] + [(a, b) for a in cases.corners(F64) for b in cases.corners(F64)]


@pytest.mark.parametrize(("name", "style", "python"), [
    ("addf", "sum", lambda x, y: x + y),
    ("subf", "sum", lambda x, y: x - y),
    ("mulf", "product", lambda x, y: x * y),
    ("divf", "quotient", lambda x, y: x / y if y else None),
])
def test_binary_arithmetic_matches_python_float(name, style, python):
    checked = 0
    for a, b in _pairs(style, f"python/{name}"):
        want = python(to_float(a), to_float(b))
        if want is None:  # Python raises on division by zero; the oracle covers those cases
            continue
        got = getattr(ops, name)(F64, a, b)
        assert _same(got, want), f"{name}({a:#x}, {b:#x}) = {got:#x}, Python {to_bits(want):#x}"
        checked += 1
    assert checked > COUNT


def test_sqrt_matches_math_sqrt():
    rng = random.Random("python/sqrt")
    for bits in [*cases.corners(F64), *(rng.getrandbits(63) for _ in range(COUNT))]:
        x = to_float(bits)
        if x < 0:  # math.sqrt raises
            continue
        assert _same(ops.sqrt(F64, bits), math.sqrt(x)), hex(bits)


def test_cmpf_matches_python_comparisons():
    rng = random.Random("python/cmpf")
    for _ in range(COUNT):
        _, a, b = cases.CHECKS["cmpf"].random(F64, rng)
        x, y = to_float(a), to_float(b)
        unordered = math.isnan(x) or math.isnan(y)
        outcome = {"lt": x < y, "eq": x == y, "gt": x > y}
        for predicate in ops.CMPF_PREDICATES:
            if predicate in ("false", "true", "ord", "uno"):
                want = {"false": False, "true": True, "ord": not unordered, "uno": unordered}[predicate]
            else:
                relation = {"eq": ["eq"], "ne": ["lt", "gt"], "lt": ["lt"], "le": ["lt", "eq"], "gt": ["gt"],
                            "ge": ["gt", "eq"]}[predicate[1:]]
                want = any(outcome[r] for r in relation) or (predicate[0] == "u" and unordered)
            assert ops.cmpf(F64, predicate, a, b) == want, (predicate, x, y)


def test_integer_conversions_match_python_int_and_float():
    rng = random.Random("python/int")
    for _ in range(COUNT):
        width, word = cases.CHECKS["sitofp"].random(F64, rng)
        signed = word - (1 << width) if width > 1 and word >> (width - 1) else word
        assert ops.uitofp(F64, word, width) == to_bits(float(word))
        if width > 1:  # Python has no i1 whose 1 means -1
            assert ops.sitofp(F64, word, width) == to_bits(float(signed))
        _, bits = cases.CHECKS["fptosi"].random(F64, rng)
        x = to_float(bits)
        if math.isfinite(x):
            for fn, low, high in ((ops.fptosi, -(1 << (width - 1)), (1 << (width - 1)) - 1),
                                  (ops.fptoui, 0, (1 << width) - 1)):
                assert fn(F64, bits, width) == min(max(math.trunc(x), low), high) % (1 << width), (fn, x, width)


@pytest.mark.parametrize(("fmt", "code"), [(F32, "<f"), (F16, "<e")])
def test_narrowing_and_widening_match_struct_packing(fmt, code):
    rng = random.Random(f"python/{fmt}")
    draw = cases.CHECKS["convertf"].random
    raw_code = "<I" if fmt is F32 else "<H"
    for _ in range(COUNT):
        _, bits = draw(F64, rng)
        x = to_float(bits)
        try:
            want = struct.unpack(raw_code, struct.pack(code, x))[0]
        except OverflowError:  # struct refuses a finite double that rounds to infinity
            want = fmt.inf(int(x < 0))
        if math.isnan(x):
            want = fmt.canonical_nan
        assert ops.truncf(F64, fmt, bits) == want, hex(bits)
        narrow = rng.getrandbits(fmt.width)
        wide = to_bits(struct.unpack(code, struct.pack(raw_code, narrow))[0])
        assert ops.extf(fmt, F64, narrow) == (F64.canonical_nan if fmt.classify(narrow).is_nan else wide)


def test_format_float_is_repr_and_parse_float_is_float():
    rng = random.Random("python/text")
    for bits in [*cases.corners(F64), *(rng.getrandbits(64) for _ in range(COUNT))]:
        x = to_float(bits)
        if not math.isnan(x):
            assert format_float(bits, F64) == repr(x)
        digits = str(rng.getrandbits(rng.randint(1, 80)))
        text = f"{digits[:1]}.{digits[1:] or '0'}e{rng.randint(-340, 320)}"
        assert parse_float(text, F64) == to_bits(float(text)), text
