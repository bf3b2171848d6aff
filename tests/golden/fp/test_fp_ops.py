"""`dfv.golden.fp.ops` against the independent oracle, bit for bit: every operation in every format on the
directed corner cases (all pairs, fma triples from a smaller set) and on a seeded random sample; then the
decisions the spec leaves to the reader, each pinned by value; then proof that the comparison can fail."""

from __future__ import annotations

import fp_cases as cases
import oracle as ref
import pytest

from dfv.golden.fp import arith, ops
from dfv.golden.fp.format import BF16, F16, F32, F64, FORMATS
from dfv.golden.fp.rounding import round_exact
from dfv.golden.fp.samples import nans

RANDOM_COUNT = 2500
SEED = 20240624


def _assert_clean(outcome: cases.Outcome) -> None:
    assert outcome.count > 0
    assert outcome.mismatches == 0, "\n".join([f"{outcome.mismatches} mismatches, first:", *outcome.examples])


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", cases.CHECKS)
def test_directed_corner_cases_match_the_oracle(name, fmt):
    check = cases.CHECKS[name]
    _assert_clean(cases.run(check, fmt, check.directed(FORMATS[fmt])))


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", cases.CHECKS)
def test_random_operands_match_the_oracle(name, fmt):
    check = cases.CHECKS[name]
    _assert_clean(cases.run(check, fmt, cases.random_operands(check, fmt, RANDOM_COUNT, SEED)))


# ---- the decisions, by value (f32 words) --------------------------------------------------------------

ONE, TWO, NEG_ONE, HALF = 0x3F800000, 0x40000000, 0xBF800000, 0x3F000000
PZ, NZ, INF, NINF, NAN, SNAN = 0, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001


def test_signs_of_exact_zero_sums_under_round_to_nearest():
    assert ops.addf(F32, NZ, NZ) == NZ  # (-0) + (-0) = -0
    assert ops.addf(F32, NZ, PZ) == ops.addf(F32, PZ, NZ) == PZ
    assert ops.addf(F32, ONE, NEG_ONE) == PZ  # x + (-x) = +0
    assert ops.subf(F32, ONE, ONE) == PZ and ops.subf(F32, NZ, PZ) == NZ and ops.subf(F32, PZ, PZ) == PZ


def test_fma_zero_signs_follow_the_sum_of_the_signed_product_and_c():
    assert ops.fma(F32, NZ, ONE, NZ) == NZ  # (-0 * 1) + -0
    assert ops.fma(F32, PZ, NEG_ONE, NZ) == NZ  # (+0 * -1) + -0
    assert ops.fma(F32, NZ, NEG_ONE, NZ) == PZ  # (+0) + -0
    assert ops.fma(F32, ONE, NEG_ONE, ONE) == PZ  # exact cancellation is +0
    # A nonzero exact result that rounds to zero keeps its sign, whatever c's zero is.
    assert ops.fma(F32, 1, 1, NZ) == PZ  # 2^-298 + -0 rounds to +0
    assert ops.fma(F32, 1, 0x80000001, PZ) == NZ  # -2^-298 + +0 rounds to -0


def test_fma_invalid_cases_and_one_rounding():
    assert ops.fma(F32, PZ, INF, NAN) == NAN and ops.fma(F32, INF, PZ, ONE) == NAN
    assert ops.fma(F32, INF, ONE, NINF) == NAN and ops.fma(F32, INF, NEG_ONE, NINF) == NINF
    # (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly; a multiply then add would give 0.
    assert ops.fma(F32, 0x3F800001, 0x3F7FFFFE, NEG_ONE) == 0xA8800000
    assert ops.addf(F32, ops.mulf(F32, 0x3F800001, 0x3F7FFFFE), NEG_ONE) == PZ


def test_square_roots_of_zeros_negatives_and_infinity():
    assert ops.sqrt(F32, NZ) == NZ and ops.sqrt(F32, PZ) == PZ and ops.sqrt(F32, INF) == INF
    assert ops.sqrt(F32, NEG_ONE) == NAN and ops.sqrt(F32, NINF) == NAN and ops.sqrt(F32, 0x80000001) == NAN
    assert ops.sqrt(F32, 0x40800000) == TWO  # sqrt(4) = 2 exactly


def test_every_nan_result_is_canonical_even_from_a_signalling_or_negative_nan():
    neg_payload = 0xFFC12345
    for fmt in FORMATS.values():
        for nan in nans(fmt):
            one = fmt.pack(0, fmt.bias, 0)
            for result in (ops.addf(fmt, nan, one), ops.mulf(fmt, one, nan), ops.sqrt(fmt, nan),
                           ops.fma(fmt, one, one, nan), ops.negf(fmt, nan), ops.absf(fmt, nan),
                           ops.maximumf(fmt, nan, one), ops.maxnumf(fmt, nan, nan)):
                assert result == fmt.canonical_nan
    assert ops.convertf(F32, F16, neg_payload) == 0x7E00 and ops.convertf(F32, BF16, neg_payload) == 0x7FC0
    assert ops.convertf(F32, F64, SNAN) == 0x7FF8000000000000


def test_extrema_order_minus_zero_below_plus_zero_and_treat_nans_per_ieee_2019():
    for op in (ops.maximumf, ops.maxnumf):
        assert op(F32, NZ, PZ) == op(F32, PZ, NZ) == PZ
    for op in (ops.minimumf, ops.minnumf):
        assert op(F32, NZ, PZ) == op(F32, PZ, NZ) == NZ
    assert ops.maximumf(F32, NAN, ONE) == ops.minimumf(F32, ONE, SNAN) == NAN
    assert ops.maxnumf(F32, NAN, ONE) == ops.minnumf(F32, SNAN, ONE) == ONE  # an sNaN is ignored too
    assert ops.maxnumf(F32, SNAN, NAN) == NAN


def test_cmpf_is_unordered_with_nan_and_equal_on_zeros():
    assert ops.cmpf(F32, "oeq", NZ, PZ) == 1 and ops.cmpf(F32, "one", NZ, PZ) == 0
    assert [ops.cmpf(F32, p, NAN, NAN) for p in ops.CMPF_PREDICATES] == [0] * 8 + [1] * 8
    assert [ops.cmpf(F32, p, ONE, TWO) for p in ops.CMPF_PREDICATES] == [
        0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 1]
    with pytest.raises(ValueError, match="unknown cmpf predicate 'lt' \\(known: false, oeq,"):
        ops.cmpf(F32, "lt", ONE, TWO)


def test_float_to_integer_truncates_and_saturates_nan_to_the_maximum():
    assert ops.fptosi(F32, 0xBFC00000, 8) == 0xFF  # -1.5 -> -1
    assert ops.fptoui(F32, 0xBFC00000, 8) == 0  # -1.5 -> -1, saturated to 0
    assert ops.fptoui(F32, 0xBF000000, 8) == 0  # -0.5 -> -0 = 0, in range
    assert ops.fptosi(F32, NAN, 8) == 0x7F and ops.fptoui(F32, NAN, 8) == 0xFF
    assert ops.fptosi(F32, NINF, 32) == 0x80000000 and ops.fptosi(F32, 0x4F000000, 32) == 0x7FFFFFFF  # 2^31
    assert ops.fptosi(F32, NEG_ONE, 1) == 1 and ops.fptosi(F32, ONE, 1) == 0  # i1 is -1..0: 1.0 saturates to 0
    assert ops.sitofp(F32, 1, 1) == NEG_ONE and ops.uitofp(F32, 1, 1) == ONE  # an i1 word 1 is -1 signed
    assert ops.uitofp(F16, 65520, 16) == 0x7C00 and ops.uitofp(F16, 65519, 16) == 0x7BFF  # f16 overflow threshold
    assert ops.sitofp(F32, (1 << 24) + 1, 32) == 0x4B800000  # a tie: to the even 2^24
    with pytest.raises(ValueError, match="0x100 is not an i8 word"):
        ops.sitofp(F32, 256, 8)


def test_conversions_round_once_including_between_the_16_bit_formats():
    x = 0x3FF0100000100000  # f64 1 + 2^-8 + 2^-44: just above a bf16 tie (through f32 it would tie to 1.0)
    assert ops.truncf(F64, BF16, x) == 0x3F81
    assert ops.truncf(F64, F16, 0x3FF0020000000000) == 0x3C00  # 1 + 2^-11: an f16 tie, to even
    assert ops.convertf(F16, BF16, 0x3C01) == 0x3F80  # f16 1 + 2^-10 is below bf16's half ulp
    assert ops.convertf(BF16, F16, 0x7F7F) == 0x7C00 and ops.convertf(BF16, F16, 0x0001) == 0x0000
    assert ops.extf(F32, F64, 0x00000001) == 0x36A0000000000000  # a subnormal widens exactly to a normal
    assert ops.bitcast(F32, 0x7F800001) == 0x7F800001  # bitcast keeps even a signalling NaN


def test_operands_that_do_not_fit_the_format_are_refused():
    with pytest.raises(ValueError, match="0x10000 is not a f16 bit pattern"):
        ops.addf(F16, 0x10000, 0)
    with pytest.raises(ValueError, match="is not a f64 bit pattern"):
        ops.subf(F64, 0, -1)


# ---- the comparison catches a wrong model ---------------------------------------------------------------


def _ties_away(fmt, sign, significand, exponent, inexact=False):
    """Round to nearest with ties away from zero: a nonzero value nudged away from zero by less than any ulp
    (shifted left first, so that the nudge is far below the last place)."""
    if significand == 0:
        return round_exact(fmt, sign, 0, exponent)
    return round_exact(fmt, sign, significand << (fmt.precision + 2), exponent - fmt.precision - 2, True)


def _flush_to_zero(fmt, sign, significand, exponent, inexact=False):
    result = round_exact(fmt, sign, significand, exponent, inexact)
    return fmt.pack(sign, 0, 0) if fmt.classify(result).name.endswith("SUBNORMAL") else result


@pytest.mark.parametrize("mutant", [_ties_away, _flush_to_zero])
@pytest.mark.parametrize("name", ["addf", "mulf", "fma"])
def test_directed_cases_catch_a_wrong_rounding(monkeypatch, mutant, name):
    monkeypatch.setattr(arith, "round_exact", mutant)
    check = cases.CHECKS[name]
    for fmt, other in ((f, ref.FORMATS[n]) for n, f in FORMATS.items()):
        assert any(check.golden(fmt, *o) != check.oracle(other, *o) for o in check.directed(fmt)), fmt
