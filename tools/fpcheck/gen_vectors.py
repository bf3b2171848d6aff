"""Test vectors of the floating-point RTL units, from the golden model, as the generated testbenches read
them.

One file per configuration (units.py): one vector per line, the number {inputs..., expected result} in
hex, the first input in the top bits, each field as wide as its port (widths need not be multiples of 4).
The directed operand tuples come first, in order, then ceil(N * random_share) seeded random ones (none
for an exhaustive configuration); the expected word is the configuration's golden function of the
inputs. The same seed gives the same vectors.

Usage: gen_vectors.py OUT_DIR [--units m1,m2] [--random N] [--seed S] [--formats f16,bf16,f32,f64]
Writes OUT_DIR/<module>/<tag>.hex for every configuration, and OUT_DIR/vectors.json
({"<module>/<tag>": {"count", "directed", "random"}}). run.py calls write_vectors directly.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from units import UNITS, Config


@dataclass(frozen=True)
class VectorCounts:
    """How many vectors a file holds, directed and random."""

    directed: int
    random: int

    @property
    def count(self) -> int:
        return self.directed + self.random


def random_count(config: Config, budget: int) -> int:
    """The random vectors a configuration gets of a --random budget."""
    return 0 if config.exhaustive else math.ceil(budget * config.random_share)


def write_vectors(config: Config, path: Path, budget: int, seed: int) -> VectorCounts:
    """Write the vector file of one configuration (random operands seeded by seed and tag)."""
    directed = list(config.directed())
    rng = random.Random(f"{seed}/{config.tag}")
    randoms = [config.random(rng) for _ in range(random_count(config, budget))] if config.random else []
    widths = (*config.in_widths, config.out_width)
    digits = -(-sum(widths) // 4)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w") as out:
        for operands in directed + randoms:
            if len(operands) != len(config.in_widths) or any(
                    not 0 <= x < 1 << w for x, w in zip(operands, config.in_widths, strict=False)):
                raise ValueError(f"{config.tag}: operands {operands} do not fit the input widths {config.in_widths}")
            word = 0
            for x, w in zip(operands, config.in_widths, strict=True):
                word = word << w | x
            word = word << config.out_width | config.golden(*operands)
            out.write(f"{word:0{digits}x}\n")
    return VectorCounts(len(directed), len(randoms))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--units", default=",".join(UNITS), help="module names (default: all)")
    parser.add_argument("--random", type=int, default=100_000, help="random budget per configuration")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--formats", default="f16,bf16,f32,f64")
    args = parser.parse_args()
    summary = {}
    for module in args.units.split(","):
        for config in UNITS[module].configs(args.formats.split(",")):
            counts = write_vectors(config, args.out_dir / module / f"{config.tag}.hex", args.random, args.seed)
            summary[f"{module}/{config.tag}"] = {"count": counts.count, **asdict(counts)}
            print(f"{module} {config.tag}: {counts.directed} directed + {counts.random} random")
    (args.out_dir / "vectors.json").write_text(json.dumps(summary, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
