"""The four formats' facts (`dfv.golden.fp.format`) against the spec's literals, the oracle's own
derivation from the field widths, and `dfv.golden.types`."""

from __future__ import annotations

import oracle as ref
import pytest

from dfv.golden.fp.format import BF16, F16, F32, F64, FORMATS, FloatClass, float_format
from dfv.golden.fp.samples import corners, nans
from dfv.golden.types import FLOAT_WIDTHS, scalar_type

# name: (canonical NaN from the spec README, largest finite, smallest normal, bias, emin, emax, precision)
EXPECTED = {
    "f16": (0x7E00, 0x7BFF, 0x0400, 15, -14, 15, 11),
    "bf16": (0x7FC0, 0x7F7F, 0x0080, 127, -126, 127, 8),
    "f32": (0x7FC00000, 0x7F7FFFFF, 0x00800000, 127, -126, 127, 24),
    "f64": (0x7FF8000000000000, 0x7FEFFFFFFFFFFFFF, 0x0010000000000000, 1023, -1022, 1023, 53),
}


@pytest.mark.parametrize("name", EXPECTED)
def test_derived_facts_match_the_spec_and_the_oracle(name):
    fmt, other = FORMATS[name], ref.FORMATS[name]
    nan, max_finite, min_normal, bias, emin, emax, precision = EXPECTED[name]
    assert (fmt.canonical_nan, fmt.max_finite, fmt.min_normal) == (nan, max_finite, min_normal)
    assert (fmt.bias, fmt.emin, fmt.emax, fmt.precision) == (bias, emin, emax, precision)
    assert (fmt.width, fmt.canonical_nan, fmt.emin, fmt.emax) == (other.width, other.nan, other.emin, other.emax)
    assert (fmt.pos_inf, fmt.neg_inf) == (other.inf(False), other.inf(True))
    assert fmt.width == FLOAT_WIDTHS[name] == scalar_type(name).width
    assert ref.value(other, fmt.max_finite).v == (2 - ref.pow2(1 - precision)) * ref.pow2(emax)
    assert ref.value(other, fmt.min_subnormal).v == ref.pow2(emin - precision + 1)


def test_the_formats_are_the_types_float_names():
    assert set(FORMATS) == set(FLOAT_WIDTHS)
    assert [float_format(n) for n in ("f16", " bf16", "f32", "f64")] == [F16, BF16, F32, F64]
    with pytest.raises(ValueError, match="'f8' is not a float type \\(known: f16, bf16, f32, f64\\)"):
        float_format("f8")


@pytest.mark.parametrize("fmt", FORMATS.values(), ids=str)
def test_classify_agrees_with_the_oracle_on_every_corner(fmt):
    other = ref.FORMATS[fmt.name]
    for bits in corners(fmt):
        cls, num = fmt.classify(bits), ref.value(other, bits)
        assert cls.is_nan == (num.kind == "nan")
        assert cls.is_inf == (num.kind == "inf")
        assert cls.is_zero == num.is_zero
        assert cls.is_finite == (num.kind == "fin")
        if num.kind != "nan":
            assert cls.name.startswith("NEG") == num.neg
        if num.kind == "fin" and not num.is_zero:
            assert cls.name.endswith("SUBNORMAL") == (abs(num.v) < ref.pow2(other.emin))


@pytest.mark.parametrize("fmt", FORMATS.values(), ids=str)
def test_classify_names_each_class(fmt):
    q, s, f1 = fmt.canonical_nan, nans(fmt)[3], fmt.frac_mask
    assert [fmt.classify(b) for b in (0, fmt.sign_mask, 1, fmt.sign_mask | f1, fmt.min_normal,
                                      fmt.sign_mask | fmt.max_finite, fmt.pos_inf, fmt.neg_inf, q, s,
                                      q | fmt.sign_mask, s | fmt.sign_mask)] == [
        FloatClass.POS_ZERO, FloatClass.NEG_ZERO, FloatClass.POS_SUBNORMAL, FloatClass.NEG_SUBNORMAL,
        FloatClass.POS_NORMAL, FloatClass.NEG_NORMAL, FloatClass.POS_INF, FloatClass.NEG_INF,
        FloatClass.QUIET_NAN, FloatClass.SIGNALLING_NAN, FloatClass.QUIET_NAN, FloatClass.SIGNALLING_NAN]


@pytest.mark.parametrize("bits", [-1, 1 << 16])
def test_a_word_that_does_not_fit_is_refused(bits):
    with pytest.raises(ValueError, match="is not a f16 bit pattern \\(16 bits\\)"):
        F16.classify(bits)


@pytest.mark.parametrize(("src", "dst", "every"), [(F64, F32, True), (F64, F16, True), (F32, F16, True),
                                                  (F32, BF16, True), (F16, BF16, False), (BF16, F16, False)],
                         ids=lambda f: getattr(f, "name", ""))
def test_convert_tie_is_a_midpoint_of_two_neighbouring_dst_words(src, dst, every):
    """Checked with exact rationals (the oracle), not with the rounding code the sample is made with: each tie
    is finite in `src` and lies exactly halfway between a `dst` value and the next one up in magnitude. Where
    `src` has both more precision and more range than `dst`, every draw is one (`every`); f16 holds the
    midpoints of bf16 only inside its own range, and bf16 those of f16 only among f16's smallest subnormals."""
    from random import Random

    from dfv.golden.fp.samples import convert_tie

    rng, ties = Random(7), 0
    for _ in range(300):
        word = convert_tie(src, dst, rng)
        if word is None:
            continue
        ties += 1
        v = abs(ref.value(ref.FORMATS[src.name], word).v)
        below = ref.round_to(ref.FORMATS[dst.name], v) & ~dst.sign_mask  # ties round to even: one neighbour
        lo = min(below, below - 1 if ref.value(ref.FORMATS[dst.name], below).v > v else below)
        a, b = (ref.value(ref.FORMATS[dst.name], w).v for w in (lo, lo + 1))
        assert a < v < b and v - a == b - v, (hex(word), hex(lo))
    assert ties == 300 if every else ties < 300


@pytest.mark.parametrize(("src", "dst"), [(F16, F32), (F32, F64), (BF16, F32)], ids=lambda f: f.name)
def test_convert_tie_is_none_when_src_is_no_finer(src, dst):
    from random import Random

    from dfv.golden.fp.samples import convert_tie

    rng = Random(7)
    assert all(convert_tie(src, dst, rng) is None for _ in range(200))
