"""Exact values and the one rounding of `dfv.golden.fp`: from a finite word to its exact value, and from an
exact value back to the nearest word (round to nearest, ties to even; subnormals kept; overflow to
infinity).

An exact value is a sign (0 or 1), a non-negative integer significand and a power-of-two exponent:
(-1)^sign * significand * 2^exponent. Every operation computes its result that way with integers and
rounds it here once, so there is no intermediate rounding anywhere and no Python float.
"""

from __future__ import annotations

from dfv.golden.fp.format import FloatFormat


def decode(fmt: FloatFormat, bits: int) -> tuple[int, int, int]:
    """(sign, significand, exponent) of a finite word: its exact value, zeros having significand 0."""
    sign, exp_field, frac = fmt.fields(bits)
    if exp_field == fmt.exp_max_field:
        raise ValueError(f"{bits:#x} is an infinity or a NaN of {fmt}, not a finite value")
    if exp_field == 0:  # zero or subnormal: no implicit bit, the exponent of the smallest normal
        return sign, frac, fmt.emin - fmt.frac_bits
    return sign, frac | (1 << fmt.frac_bits), exp_field - fmt.bias - fmt.frac_bits


def round_exact(fmt: FloatFormat, sign: int, significand: int, exponent: int, inexact: bool = False) -> int:
    """The word nearest to (-1)^sign * (significand + d) * 2^exponent, ties to even, where d = 0, or
    0 < d < 1 if `inexact` (a truncated quotient or root whose remainder was not zero).

    An inexact value must carry at least one bit below the result's last place (callers keep p + 2
    significant bits): then no midpoint between two words lies within d of the value, so every d rounds
    alike, and d = 1/2 stands in for it. A zero significand gives the zero of `sign`; so does a value that
    rounds to zero (underflow keeps the sign).
    """
    if inexact:
        significand, exponent = (significand << 1) | 1, exponent - 1
    if significand == 0:
        return fmt.pack(sign, 0, 0)
    # The exponent of the result's last place: that of a normal with this leading bit, or of the subnormals.
    last = max(exponent + significand.bit_length() - 1, fmt.emin) - fmt.frac_bits
    shift = last - exponent
    assert not inexact or shift >= 2, "an inexact value needs a bit below the result's last place"
    if shift <= 0:
        kept = significand << -shift
    else:
        kept = significand >> shift
        rest, half = significand & ((1 << shift) - 1), 1 << (shift - 1)
        if rest > half or (rest == half and kept & 1):
            kept += 1
    if kept >> fmt.precision:  # rounding carried into a new leading bit
        kept, last = kept >> 1, last + 1
    if kept >> fmt.frac_bits == 0:  # subnormal (or zero): exponent field 0
        return fmt.pack(sign, 0, kept)
    exp_field = last + fmt.frac_bits + fmt.bias
    if exp_field >= fmt.exp_max_field:
        return fmt.inf(sign)
    return fmt.pack(sign, exp_field, kept & fmt.frac_mask)


def round_quotient(fmt: FloatFormat, sign: int, num: int, den: int, exponent: int) -> int:
    """The word nearest to (-1)^sign * num / den * 2^exponent (num >= 0, den > 0), ties to even: the
    quotient is taken to p + 2 significant bits and the remainder kept as the inexact flag."""
    if num == 0:
        return fmt.pack(sign, 0, 0)
    shift = fmt.precision + 2 + den.bit_length() - num.bit_length()  # num/den * 2^shift >= 2^(p+1)
    if shift >= 0:
        quotient, remainder = divmod(num << shift, den)
    else:
        quotient, remainder = divmod(num, den << -shift)
    return round_exact(fmt, sign, quotient, exponent - shift, remainder != 0)
