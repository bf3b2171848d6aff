"""Test vectors for the RTL floating-point adder (dfv/rtl/fp/arith_addf.sv), from the golden model.

For each format and operation (addf, subf) one hex file, one vector per line: the 3W-bit number
{lhs, rhs, expected result} in hex (what tb_addf.sv reads with $readmemh). The operands are
those the golden model's own campaign checks against the exact oracle (tests/golden/fp/fp_cases.py): every
pair of the format's corner values (zeros, subnormal and normal extremes, values around 1, the half ulps
that make sums tie, max and its neighbours, infinities, quiet and signalling NaNs, each with both signs),
plus each finite corner against its neighbours of both signs (x - nextafter(x), exact cancellation), then
seeded random pairs (uniform bit patterns, and pairs with nearby exponents that align, carry, tie and
cancel). The expected words are dfv.golden.fp.arith.addf / subf.

Usage: gen_vectors.py OUT_DIR [--random N] [--seed S] [--formats f16,bf16,f32,f64]
  (a format may also be e<EW>f<FW>, any field widths the RTL takes)
Writes OUT_DIR/<fmt>_<op>.hex and OUT_DIR/vectors.json ({"<fmt>_<op>": {"count", "directed", "random"}}).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "golden" / "fp"))  # fp_cases and the oracle it imports

import fp_cases  # noqa: E402

from dfv.golden.fp import arith  # noqa: E402
from dfv.golden.fp.format import FORMATS, FloatFormat  # noqa: E402

OPS = {"addf": arith.addf, "subf": arith.subf}


def float_format(name: str) -> FloatFormat:
    """One of the four formats by name, or any other as e<EW>f<FW> (e.g. e5f52: the RTL takes any EW 5..11
    and FW 7..52, and the golden model's arithmetic is written for any field widths)."""
    if name in FORMATS:
        return FORMATS[name]
    m = re.fullmatch(r"e(\d+)f(\d+)", name)
    if not m:
        raise SystemExit(f"unknown format '{name}' (f16, bf16, f32, f64 or e<EW>f<FW>)")
    return FloatFormat(name, int(m[1]), int(m[2]))


def directed(fmt: FloatFormat) -> list[tuple[int, int]]:
    """Every pair of corners, then each finite corner with its neighbours and their negations."""
    pairs = list(fp_cases.CHECKS["addf"].directed(fmt))
    seen = set(pairs)
    for x in fp_cases.corners(fmt):
        if x & ~fmt.sign_mask > fmt.max_finite:
            continue
        for y in sorted(fp_cases.neighbours(fmt, x)):
            for pair in ((x, y), (x, y ^ fmt.sign_mask)):
                if pair not in seen:
                    seen.add(pair)
                    pairs.append(pair)
    return pairs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--random", type=int, default=100_000, help="random pairs per format and op")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--formats", default="f16,bf16,f32,f64")
    args = parser.parse_args()
    args.out_dir.mkdir(parents=True, exist_ok=True)
    summary = {}
    for name in args.formats.split(","):
        fmt = float_format(name)
        w = fmt.width
        digits = -(-3 * w // 4)  # one 3W-bit number per line (W need not be a multiple of 4)
        fixed = directed(fmt)
        for op, golden in OPS.items():
            rng = random.Random(f"{args.seed}/{op}/{name}")  # what fp_cases.random_operands seeds, any format
            rand = [fp_cases.CHECKS[op].random(fmt, rng) for _ in range(args.random)]
            lines = [f"{(a << 2 * w) | (b << w) | golden(fmt, a, b):0{digits}x}" for a, b in fixed + rand]
            (args.out_dir / f"{name}_{op}.hex").write_text("\n".join(lines) + "\n")
            summary[f"{name}_{op}"] = {"count": len(lines), "directed": len(fixed), "random": len(rand)}
            print(f"{name} {op}: {len(fixed)} directed + {len(rand)} random = {len(lines)} vectors")
    (args.out_dir / "vectors.json").write_text(json.dumps(summary, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
