"""Reading and printing floats (`dfv.golden.fp.text`): exact decimal rounding, bit patterns and the
special strings, refused text, the shortest round-tripping decimal; checked against the oracle's rounding
of `Fraction(text)` and by round trips over corner cases and random patterns of every format."""

from __future__ import annotations

import random
from fractions import Fraction

import oracle as ref
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dfv.golden.fp.format import BF16, F16, F32, F64, FORMATS
from dfv.golden.fp.samples import corners
from dfv.golden.fp.text import format_float, parse_float

ROUND_TRIPS = 3000


@pytest.mark.parametrize("fmt", FORMATS.values(), ids=str)
def test_format_then_parse_gives_the_same_bits(fmt):
    rng = random.Random(f"round-trip/{fmt}")
    words = [*corners(fmt), *(rng.getrandbits(fmt.width) for _ in range(ROUND_TRIPS))]
    for bits in words:
        back = parse_float(format_float(bits, fmt), fmt)
        assert back == (fmt.canonical_nan if fmt.classify(bits).is_nan else bits), hex(bits)


def _neighbours_at(x: Fraction, digits: int) -> set[Fraction]:
    """The decimals of `digits` significant digits just below and above x > 0."""
    q = 0
    while x >= Fraction(10) ** (q + digits):
        q += 1
    while x < Fraction(10) ** (q + digits - 1):
        q -= 1
    unit = Fraction(10) ** q
    low = (x // unit) * unit
    return {low, low + unit}


@pytest.mark.parametrize("fmt", FORMATS.values(), ids=str)
def test_the_printed_decimal_is_the_shortest_and_then_the_nearest(fmt):
    other = ref.FORMATS[fmt.name]
    rng = random.Random(f"shortest/{fmt}")
    for bits in [*corners(fmt), *(rng.getrandbits(fmt.width) for _ in range(400))]:
        num = ref.value(other, bits)
        if num.kind != "fin" or num.is_zero:
            continue
        text = format_float(bits, fmt)
        printed, x = abs(Fraction(text)), abs(num.v)
        mantissa = text.lstrip("-").split("e")[0].replace(".", "").strip("0")
        n = len(mantissa)
        assert ref.round_to(other, Fraction(text)) == bits, text
        shorter = _neighbours_at(x, n - 1) if n > 1 else set()
        assert not [d for d in shorter if ref.round_to(other, d) == bits & ~fmt.sign_mask], (text, hex(bits))
        for rival in _neighbours_at(x, n):
            if ref.round_to(other, rival) == bits & ~fmt.sign_mask:
                assert abs(printed - x) <= abs(rival - x), (text, rival)


@pytest.mark.parametrize(("fmt", "bits", "text"), [
    (F16, 0x7BFF, "65500.0"), (F16, 0x0001, "6e-08"), (F16, 0x3C00, "1.0"), (F16, 0x8000, "-0.0"),
    (F16, 0x0000, "0.0"), (F16, 0x7C00, "inf"), (F16, 0xFC00, "-inf"), (F16, 0xFD01, "nan"), (F16, 0x7E00, "nan"),
    (BF16, 0x3F80, "1.0"), (BF16, 0x0001, "9e-41"), (BF16, 0x7F7F, "3.39e+38"), (BF16, 0x3DCD, "0.1"),
    (F32, 0x3DCCCCCD, "0.1"), (F32, 0x00000001, "1e-45"), (F32, 0x7F7FFFFF, "3.4028235e+38"),
    (F32, 0x4B800000, "16777216.0"), (F32, 0x38D1B717, "0.0001"), (F32, 0x3727C5AC, "1e-05"),
    (F64, 0x0000000000000001, "5e-324"), (F64, 0x4341C37937E08000, "1e+16"), (F64, 0x3FB999999999999A, "0.1"),
])
def test_printed_examples(fmt, bits, text):
    assert format_float(bits, fmt) == text


@pytest.mark.parametrize(("fmt", "text", "bits"), [
    (F16, "1.00048828125", 0x3C00),  # 1 + 2^-11: a tie, to the even 1.0
    (F16, "1.00048828125000000001", 0x3C01),  # just above the tie
    (F16, "1.00146484375", 0x3C02),  # 1 + 3 * 2^-11: a tie, to the even 1 + 2^-9
    (F16, "-1.00048828125", 0xBC00),
    (F16, "65519.99", 0x7BFF), (F16, "65520", 0x7C00), (F16, "65504", 0x7BFF), (F16, "-65520.0", 0xFC00),
    (F16, "2.98023223876953125e-8", 0x0000),  # half the smallest subnormal: a tie, to the even 0
    (F16, "2.98023223876953126e-8", 0x0001),
    (F16, "-2.98023223876953125e-8", 0x8000),
    (F16, "-0.0", 0x8000), (F16, "-0", 0x8000), (F16, "0", 0x0000), (F16, "0e5", 0x0000),
    (BF16, "1.00390625", 0x3F80), (BF16, "1.01171875", 0x3F82),  # bf16 ties (1 + 2^-8, 1 + 3 * 2^-8)
    # 1 + 2^-24 + 2^-60 written out: a double holds 1 + 2^-24, a tie for f32; the exact value is above it
    (F32, f"{(2**60 + 2**36 + 1) * 5**60}e-60", 0x3F800001),
    (F32, "0.1", 0x3DCCCCCD), (F32, str((2**25 - 1) * 2**103), 0x7F800000),  # (2 - 2^-24) 2^127: to inf
    (F32, str((2**25 - 1) * 2**103 - 1), 0x7F7FFFFF), (F32, "1E-45", 0x00000001),
    (F64, "1e999999999", 0x7FF0000000000000), (F64, "-1e-999999999", 0x8000000000000000),
    (F64, "1e-400", 0), (F64, "2.4703282292062328e-324", 0x0000000000000001),
    (F64, f"{5**1075}e-1075", 0x0000000000000000),  # exactly 2^-1075, half the smallest subnormal: to even 0
    (F64, f"{5**1075 + 1}e-1075", 0x0000000000000001),
    (F64, "0x3ff0000000000000", 0x3FF0000000000000),
    (F32, "0x3f800000", 0x3F800000), (F16, "0X7E00", 0x7E00), (F32, "0x7f800001", 0x7F800001),  # sNaN kept
    (F32, "nan", 0x7FC00000), (BF16, "nan", 0x7FC0), (F64, "inf", 0x7FF0000000000000), (F16, " -inf ", 0xFC00),
])
def test_parsed_examples(fmt, text, bits):
    assert parse_float(text, fmt) == bits


def test_more_than_800_digits_still_round_exactly():
    tie = "1.00000000000000011102230246251565404236316680908203125"  # 1 + 2^-53, a tie for f64
    assert parse_float(tie + "0" * 5000, F64) == 0x3FF0000000000000
    assert parse_float(tie + "0" * 900 + "1", F64) == 0x3FF0000000000001
    assert parse_float("0." + "0" * 900 + tie.replace(".", "") + "e901", F64) == 0x3FF0000000000000


@pytest.mark.parametrize("text", ["", "1.", ".5", "+1", "01", "1e", "1e+", "NaN", "Infinity", "-nan", "0x",
                                  "1.0f", "abc", "1_000", "0x1p3", "--1", "1 2"])
def test_bad_text_is_refused_with_what_is_accepted(text):
    with pytest.raises(ValueError, match=r"is not a f32 value \(expected a JSON number, a bit pattern"):
        parse_float(text, F32)


def test_a_bit_pattern_wider_than_the_format_is_refused():
    with pytest.raises(ValueError, match=r"'0x1ffff': bit pattern wider than f16 \(16 bits\)"):
        parse_float("0x1ffff", F16)
    assert parse_float("0x0000ffff", F16) == 0xFFFF


_decimals = st.builds(
    lambda sign, whole, frac, exp: f"{sign}{whole}{'.' + frac if frac else ''}{'e' + str(exp) if exp else ''}",
    st.sampled_from(["", "-"]),
    st.one_of(st.just("0"), st.integers(1, 10**30).map(str)),
    st.one_of(st.just(""), st.text("0123456789", min_size=1, max_size=40)),
    st.one_of(st.just(0), st.integers(-400, 400)),
)


@settings(max_examples=300, deadline=None)
@given(_decimals)
def test_parse_rounds_the_decimal_like_the_oracle(text):
    for fmt in FORMATS.values():
        want = ref.round_to(ref.FORMATS[fmt.name], Fraction(text), zero_negative=text.startswith("-"))
        assert parse_float(text, fmt) == want
