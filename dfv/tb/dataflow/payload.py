"""Payload types of the dataflow testbenches and their interesting values.

`gate`, `carry` and `invariant` pass a W-bit payload through unchanged; a tagged payload is the
packed word of `dfv.golden.types.TaggedType` (value low, tag high). The regression picks W, and W
selects the payload type tested at that width.
"""

from __future__ import annotations

import random
import struct

from dfv.golden.types import DfType, ScalarType, TaggedType, parse_type

PAYLOAD_BY_WIDTH = {
    1: "i1",
    8: "i8",
    32: "i32",
    64: "i64",
    2: "!dataflow.tagged<i1, i1>",
    37: "!dataflow.tagged<f32, i5>",
    40: "!dataflow.tagged<i32, i8>",
    80: "!dataflow.tagged<i64, i16>",
}


def payload_type(width: int) -> DfType:
    """The payload type a testbench of width `width` drives."""
    if width not in PAYLOAD_BY_WIDTH:
        raise ValueError(f"no payload type defined for W={width} (known: {sorted(PAYLOAD_BY_WIDTH)})")
    return parse_type(PAYLOAD_BY_WIDTH[width])


def tag_bin(t: DfType) -> str:
    """Coverage bin of a payload type: `untagged` or `tag iK`."""
    return f"tag i{t.tag_width}" if isinstance(t, TaggedType) else "untagged"


TAG_BINS = ("untagged", "tag i1", "tag i5", "tag i8", "tag i16")

_F32_SPECIALS = (0.0, -0.0, 1.0, -1.5, float("inf"), float("-inf"), float("nan"), 1e-45, 3.4e38)


def _scalar_values(t: ScalarType) -> list[int]:
    w = t.width
    if t.kind == "float" and w == 32:
        return [struct.unpack("<I", struct.pack("<f", v))[0] for v in _F32_SPECIALS]
    return sorted({0, 1, (1 << w) - 1, 1 << (w - 1), (1 << (w - 1)) - 1})


def extreme_values(t: DfType) -> list[int]:
    """Corner-case words of `t`: zero, one, all ones, sign bit alone, max positive (per field)."""
    if isinstance(t, TaggedType):
        tags = sorted({0, 1, (1 << t.tag_width) - 1})
        return [t.pack(v, tag) for v in _scalar_values(t.value) for tag in tags]
    return _scalar_values(t)


def random_value(t: DfType, rng: random.Random) -> int:
    """A random word of `t`, an extreme one a fifth of the time."""
    if rng.random() < 0.2:
        return rng.choice(extreme_values(t))
    return rng.getrandbits(t.width)
