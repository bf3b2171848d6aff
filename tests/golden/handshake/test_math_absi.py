"""`math.absi` in the golden model against an independent oracle: the two's-complement negation written
bit by bit (invert, add one, wrap), never Python's abs(); every word at widths 1..10, a seeded sample
and the extremes at 16, 32 and 64 bits."""

from __future__ import annotations

import random

import pytest

from dfv.golden.catalogue import make_machine
from dfv.golden.core import run_streams


def oracle(word: int, width: int) -> int:
    """|word| as the hardware computes it: a negative word (sign bit set) is inverted and incremented."""
    mask = (1 << width) - 1
    return ((word ^ mask) + 1) & mask if word >> (width - 1) & 1 else word


def absi(words: list[int], width: int) -> list[int]:
    return run_streams(make_machine("math.absi", width=width), {"in": words}).outputs["out"]


@pytest.mark.parametrize("width", range(1, 11))
def test_every_word(width):
    words = list(range(1 << width))
    assert absi(words, width) == [oracle(w, width) for w in words]


@pytest.mark.parametrize("width", [16, 32, 64])
def test_sample_and_extremes(width):
    rng = random.Random(f"absi:{width}")
    mask, int_min = (1 << width) - 1, 1 << (width - 1)
    words = [0, 1, mask, int_min, int_min - 1, int_min + 1] + [rng.getrandbits(width) for _ in range(5000)]
    assert absi(words, width) == [oracle(w, width) for w in words]


def test_written_out():
    # -5 -> 5, -128 -> -128 (INT_MIN wraps), 127 -> 127 at 8 bits; 1-bit -1 is itself
    assert absi([0xFB, 0x80, 0x7F], 8) == [0x05, 0x80, 0x7F]
    assert absi([1], 1) == [1]


def test_bad_width_is_refused():
    with pytest.raises(ValueError, match="width must be 1..64"):
        make_machine("math.absi", width=65)
