"""`math.ctlz`, `math.cttz` and `math.ctpop` in the golden model against an independent oracle: the bits
walked one at a time from the end the count starts at, never the catalogue's arithmetic (bit_length, the
lowest set bit, int.bit_count); every word at widths 1..10, single bits, masks and a seeded sample at 13,
16, 32 and 64 bits, and MLIR's count of 0 (the width)."""

from __future__ import annotations

import random

import pytest

from dfv.golden.catalogue import make_machine
from dfv.golden.core import run_streams
from dfv.golden.encodings import BitcountOp

OPS = [f"math.{op.spelling}" for op in BitcountOp]


def oracle(op: str, word: int, width: int) -> int:
    """The count of `word`, walking its bits: from the top (ctlz), from the bottom (cttz), all (ctpop)."""
    bits = [(word >> i) & 1 for i in range(width)]  # bits[0] is the least significant
    if op == "math.ctpop":
        return sum(bits)
    order = bits[::-1] if op == "math.ctlz" else bits
    n = 0
    for b in order:
        if b:
            break
        n += 1
    return n


def count(op: str, words: list[int], width: int) -> list[int]:
    return run_streams(make_machine(op, width=width), {"in": words}).outputs["out"]


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("width", range(1, 11))
def test_every_word(op, width):
    words = list(range(1 << width))
    assert count(op, words, width) == [oracle(op, w, width) for w in words]


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("width", [13, 16, 32, 64])
def test_patterns_and_sample(op, width):
    rng = random.Random(f"{op}:{width}")
    mask = (1 << width) - 1
    lows = [(1 << k) - 1 for k in range(width + 1)]
    words = [1 << k for k in range(width)] + lows + [~v & mask for v in lows]
    words += [rng.getrandbits(width) >> rng.randrange(width) for _ in range(3000)]
    assert count(op, words, width) == [oracle(op, w, width) for w in words]


def test_written_out():
    # 0x10 at 8 bits: 3 leading zeros, 4 trailing, 1 set; 0 counts the width (MLIR), all ones 0 / 0 / 8
    assert count("math.ctlz", [0x10, 0, 0xFF, 0x80], 8) == [3, 8, 0, 0]
    assert count("math.cttz", [0x10, 0, 0xFF, 0x80], 8) == [4, 8, 0, 7]
    assert count("math.ctpop", [0x10, 0, 0xFF, 0x80], 8) == [1, 0, 8, 1]
    # i1: the count of 0 is 1, which the 1-bit result holds
    assert [count(op, [0, 1], 1) for op in OPS] == [[1, 0], [1, 0], [0, 1]]
    assert count("math.ctlz", [0], 64) == [64] and count("math.cttz", [1 << 63], 64) == [63]


@pytest.mark.parametrize("op", OPS)
def test_bad_width_is_refused(op):
    with pytest.raises(ValueError, match="width must be 1..64"):
        make_machine(op, width=65)
