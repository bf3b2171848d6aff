"""f16, bf16 and f32 against numpy and ml_dtypes, an extra oracle beside `oracle` for the formats that
CPython's float does not cover (development dependencies: the kit itself does not use them).

numpy's float32 arithmetic is the hardware's. Its float16 arithmetic, and ml_dtypes' bfloat16 arithmetic,
compute in float32 and round the result to 16 bits: a double rounding, but a harmless one for + - * / and
sqrt, because float32 carries at least 2p + 2 bits for p = 11 and p = 8 (Figueroa, "When is double
rounding innocuous?", 1995). Conversions are checked only where the library rounds once: ml_dtypes rounds
a double to bfloat16 through float32, which is not correctly rounded, so that one is left to the oracle.
"""

from __future__ import annotations

import random
from fractions import Fraction

import fp_cases as cases
import ml_dtypes
import numpy as np
import pytest

from dfv.golden.fp import ops
from dfv.golden.fp.format import BF16, F16, F32, F64, FloatFormat
from dfv.golden.fp.text import format_float

COUNT = 5000
DTYPES = {"f16": (np.float16, np.uint16), "bf16": (ml_dtypes.bfloat16, np.uint16), "f32": (np.float32, np.uint32),
          "f64": (np.float64, np.uint64)}
FORMATS = (F16, BF16, F32)


def floats(fmt: FloatFormat, words):
    dtype, raw = DTYPES[fmt.name]
    return np.array(list(words), dtype=raw).view(dtype)


def words(fmt: FloatFormat, array) -> list[int]:
    """The result words, every NaN replaced by the canonical NaN (the library's NaNs are not canonical)."""
    dtype, raw = DTYPES[fmt.name]
    nan = np.isnan(array.astype(np.float32) if dtype is ml_dtypes.bfloat16 else array)
    return [fmt.canonical_nan if n else int(w) for n, w in zip(nan, array.view(raw), strict=True)]


def _operands(fmt: FloatFormat, name: str) -> list[tuple]:
    rng = random.Random(f"numpy/{name}/{fmt}")
    check = cases.CHECKS[name]
    directed = list(check.directed(fmt)) if name != "sqrt" else [(x,) for x in cases.corners(fmt)]
    return directed + [check.random(fmt, rng) for _ in range(COUNT)]


@pytest.mark.parametrize("fmt", FORMATS, ids=str)
@pytest.mark.parametrize(("name", "numpy_op"), [
    ("addf", np.add), ("subf", np.subtract), ("mulf", np.multiply), ("divf", np.divide), ("sqrt", np.sqrt)])
def test_arithmetic_matches_numpy(fmt, name, numpy_op):
    operands = _operands(fmt, name)
    columns = [floats(fmt, column) for column in zip(*operands, strict=True)]
    with np.errstate(all="ignore"):
        want = words(fmt, numpy_op(*columns))
    golden = getattr(ops, name)
    bad = [(o, g, w) for o, w in zip(operands, want, strict=True) if (g := golden(fmt, *o)) != w]
    assert not bad, [f"{name}({', '.join(map(hex, o))}) = {g:#x}, numpy {w:#x}" for o, g, w in bad[:5]]


@pytest.mark.parametrize(("src", "dst"), [(F32, F16), (F64, F16), (F64, F32), (F32, BF16), (F16, BF16), (BF16, F16),
                                          (F16, F32), (BF16, F32), (F16, F64)])
def test_conversions_match_numpy_where_it_rounds_once(src, dst):
    rng = random.Random(f"numpy/convert/{src}/{dst}")
    draw = cases.CHECKS["convertf"].random
    sample = [w for d, w in cases.CHECKS["convertf"].directed(src) if d == dst.name]
    sample += [draw(src, rng)[1] for _ in range(COUNT)]
    with np.errstate(all="ignore"):
        want = words(dst, floats(src, sample).astype(DTYPES[dst.name][0]))
    bad = [(w, g, n) for w, n in zip(sample, want, strict=True) if (g := ops.convertf(src, dst, w)) != n]
    assert not bad, [f"{src}->{dst}({w:#x}) = {g:#x}, numpy {n:#x}" for w, g, n in bad[:5]]


@pytest.mark.parametrize("fmt", [F16, F32], ids=str)
def test_integers_to_float_match_numpy(fmt):
    rng = random.Random(f"numpy/int/{fmt}")
    sample = [rng.getrandbits(rng.randint(1, 63)) * rng.choice([1, -1]) for _ in range(COUNT)]
    sample += [v for k in range(64) for v in ((1 << k) + 1, (1 << k) + 3, -(1 << k) - 1) if -(1 << 63) <= v < 1 << 63]
    with np.errstate(all="ignore"):  # beyond 65504 an f16 is inf, as it should be
        want = words(fmt, np.array(sample, dtype=np.int64).astype(DTYPES[fmt.name][0]))
    for value, w in zip(sample, want, strict=True):
        assert ops.sitofp(fmt, value % (1 << 64), 64) == w, value
    unsigned = [v % (1 << 64) for v in sample]
    with np.errstate(all="ignore"):
        want = words(fmt, np.array(unsigned, dtype=np.uint64).astype(DTYPES[fmt.name][0]))
    for value, w in zip(unsigned, want, strict=True):
        assert ops.uitofp(fmt, value, 64) == w, value


@pytest.mark.parametrize("fmt", [F16, F32], ids=str)
def test_shortest_decimals_match_numpy(fmt):
    """numpy's Dragon4 in unique mode prints the shortest round-tripping digits too (compared as values,
    the layouts differ)."""
    rng = random.Random(f"numpy/text/{fmt}")
    sample = [*cases.corners(fmt), *(rng.getrandbits(fmt.width) for _ in range(COUNT))]
    for bits, x in zip(sample, floats(fmt, sample), strict=True):
        if np.isfinite(x):
            assert Fraction(format_float(bits, fmt)) == Fraction(np.format_float_scientific(x, unique=True)), hex(bits)
