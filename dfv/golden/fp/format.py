"""The four floating-point formats of the project (spec README, "Floating point") and what follows from
their two defining numbers.

An IEEE 754 binary format is fixed by its exponent and fraction field widths; every other fact (width,
bias, exponent range, precision, the canonical quiet NaN, the bit patterns of the extreme values) is
derived here once, and every other module of `dfv.golden.fp` reads it from a `FloatFormat`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum


class FloatClass(Enum):
    """The ten classes of IEEE 754 `class()` (section 5.7.2) an operand falls in."""

    SIGNALLING_NAN = "sNaN"
    QUIET_NAN = "qNaN"
    NEG_INF = "-inf"
    NEG_NORMAL = "-normal"
    NEG_SUBNORMAL = "-subnormal"
    NEG_ZERO = "-0"
    POS_ZERO = "+0"
    POS_SUBNORMAL = "+subnormal"
    POS_NORMAL = "+normal"
    POS_INF = "+inf"

    @property
    def is_nan(self) -> bool:
        return self in (FloatClass.SIGNALLING_NAN, FloatClass.QUIET_NAN)

    @property
    def is_inf(self) -> bool:
        return self in (FloatClass.NEG_INF, FloatClass.POS_INF)

    @property
    def is_zero(self) -> bool:
        return self in (FloatClass.NEG_ZERO, FloatClass.POS_ZERO)

    @property
    def is_finite(self) -> bool:
        """Zero, subnormal or normal."""
        return not (self.is_nan or self.is_inf)


_SIGNED_CLASSES = {
    "zero": (FloatClass.POS_ZERO, FloatClass.NEG_ZERO),
    "subnormal": (FloatClass.POS_SUBNORMAL, FloatClass.NEG_SUBNORMAL),
    "normal": (FloatClass.POS_NORMAL, FloatClass.NEG_NORMAL),
    "inf": (FloatClass.POS_INF, FloatClass.NEG_INF),
}


@dataclass(frozen=True)
class FloatFormat:
    """An IEEE 754 binary interchange format: 1 sign bit, `exp_bits` of biased exponent, `frac_bits` of
    fraction (the significand has `precision` = frac_bits + 1 bits, the leading one implicit). A value is
    one unsigned word of `width` bits, the IEEE layout (sign on top)."""

    name: str  # the MLIR spelling: f16, bf16, f32, f64
    exp_bits: int
    frac_bits: int
    width: int = field(init=False)
    precision: int = field(init=False)
    bias: int = field(init=False)
    emax: int = field(init=False)  # unbiased exponent of the largest finite value
    emin: int = field(init=False)  # unbiased exponent of the smallest normal value (also of the subnormals)
    sign_mask: int = field(init=False)
    exp_max_field: int = field(init=False)  # the all-ones exponent field of infinities and NaNs
    frac_mask: int = field(init=False)
    quiet_bit: int = field(init=False)  # the top fraction bit: set in a quiet NaN, clear in a signalling one
    canonical_nan: int = field(init=False)  # sign 0, exponent all ones, only the quiet bit set
    pos_inf: int = field(init=False)
    neg_inf: int = field(init=False)
    max_finite: int = field(init=False)  # bit pattern of the largest finite value
    min_normal: int = field(init=False)  # bit pattern of the smallest positive normal
    min_subnormal: int = field(init=False)  # bit pattern of the smallest positive subnormal (= 1)

    def __post_init__(self) -> None:
        e, f = self.exp_bits, self.frac_bits
        bias, pos_inf = (1 << (e - 1)) - 1, ((1 << e) - 1) << f
        derived = {
            "width": 1 + e + f,
            "precision": f + 1,
            "bias": bias,
            "emax": bias,
            "emin": 1 - bias,
            "sign_mask": 1 << (e + f),
            "exp_max_field": (1 << e) - 1,
            "frac_mask": (1 << f) - 1,
            "quiet_bit": 1 << (f - 1),
            "canonical_nan": pos_inf | (1 << (f - 1)),
            "pos_inf": pos_inf,
            "neg_inf": (1 << (e + f)) | pos_inf,
            "max_finite": pos_inf - 1,
            "min_normal": 1 << f,
            "min_subnormal": 1,
        }
        for key, value in derived.items():  # a frozen dataclass sets its derived fields this way
            object.__setattr__(self, key, value)

    def __str__(self) -> str:
        return self.name

    def check(self, bits: int) -> int:
        """`bits` if it is a word of this format, else a ValueError naming the format."""
        if not 0 <= bits < (1 << self.width):
            raise ValueError(f"{bits:#x} is not a {self.name} bit pattern ({self.width} bits)")
        return bits

    def fields(self, bits: int) -> tuple[int, int, int]:
        """(sign, biased exponent field, fraction field) of a word (checked to fit the format)."""
        self.check(bits)
        return bits >> (self.width - 1), (bits >> self.frac_bits) & self.exp_max_field, bits & self.frac_mask

    def sign(self, bits: int) -> int:
        """The sign bit of a word (1 negative), NaNs included."""
        return self.fields(bits)[0]

    def pack(self, sign: int, exp_field: int, frac: int) -> int:
        """The word with these three fields (each assumed to fit its field)."""
        return (sign << (self.width - 1)) | (exp_field << self.frac_bits) | frac

    def inf(self, sign: int) -> int:
        """The infinity of this sign (0 positive, 1 negative)."""
        return self.neg_inf if sign else self.pos_inf

    def classify(self, bits: int) -> FloatClass:
        """The IEEE class of a word (a ValueError if it does not fit the format)."""
        sign, exp_field, frac = self.fields(bits)
        if exp_field == self.exp_max_field:
            if frac == 0:
                kind = "inf"
            else:
                return FloatClass.QUIET_NAN if frac & self.quiet_bit else FloatClass.SIGNALLING_NAN
        elif exp_field == 0:
            kind = "subnormal" if frac else "zero"
        else:
            kind = "normal"
        return _SIGNED_CLASSES[kind][sign]


F16 = FloatFormat("f16", 5, 10)
BF16 = FloatFormat("bf16", 8, 7)
F32 = FloatFormat("f32", 8, 23)
F64 = FloatFormat("f64", 11, 52)

FORMATS = {f.name: f for f in (F16, BF16, F32, F64)}
"""Each format by its MLIR name."""


def format_of_fields(exp_bits: int, frac_bits: int) -> FloatFormat:
    """The format with these field widths: one of the four by its MLIR name, any other named e<EW>f<FW>
    (the RTL units take other widths, and the golden model computes any; MLIR programs have the four)."""
    for f in FORMATS.values():
        if (f.exp_bits, f.frac_bits) == (exp_bits, frac_bits):
            return f
    return FloatFormat(f"e{exp_bits}f{frac_bits}", exp_bits, frac_bits)


def format_named(name: str) -> FloatFormat:
    """The format `name` names: f16, bf16, f32, f64 or e<EW>f<FW> (`format_of_fields`), or a ValueError."""
    if name in FORMATS:
        return FORMATS[name]
    m = re.fullmatch(r"e(\d+)f(\d+)", name)
    if m is None or not (2 <= int(m[1]) <= 15 and 2 <= int(m[2]) <= 112):
        raise ValueError(f"unknown float format {name!r} (f16, bf16, f32, f64 or e<EW>f<FW>)")
    return format_of_fields(int(m[1]), int(m[2]))


def float_format(name: str) -> FloatFormat:
    """The format MLIR calls `name` (`f16`, `bf16`, `f32`, `f64`), or a ValueError naming those."""
    try:
        return FORMATS[name.strip()]
    except KeyError:
        raise ValueError(f"'{name}' is not a float type (known: {', '.join(FORMATS)})") from None
