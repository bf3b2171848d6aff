"""Burst-shaped stimulus shared by the gate, carry and invariant sequences.

A loop that runs N times is one burst: N trues then one false on the control stream. Lengths are
drawn so every length bin (0, 1, 2, 3-7, 8+) is hit, with some long bursts.
"""

from __future__ import annotations

import random

from dfv.tb.common.op_sequence import OpItem, OpSequence
from dfv.tb.dataflow.payload import extreme_values, payload_type, random_value

CORNER_LENGTHS = (0, 0, 1, 0, 2, 1, 1, 3, 0, 40, 0, 8, 2)


def random_length(rng: random.Random) -> int:
    """A trip count: short ones often, long ones sometimes."""
    pick = rng.random()
    if pick < 0.5:
        return rng.randint(0, 2)
    if pick < 0.85:
        return rng.randint(3, 7)
    return rng.randint(8, 48)


class BurstSequence(OpSequence):
    """Random bursts; subclasses turn a trip count into an item with `make_item`."""

    COUNT = 30

    def lengths(self) -> list[int]:
        return [random_length(self.rng) for _ in range(self.COUNT)]

    def generate(self):
        width = int(self.cfg.params["W"])
        ptype = payload_type(width)
        for n in self.lengths():
            yield self.make_item(n, lambda: random_value(ptype, self.rng))

    def make_item(self, n: int, value) -> OpItem:
        raise NotImplementedError


class CornerBurstMixin:
    """Back-to-back zero-, one- and two-trip bursts and a long one, carrying extreme values."""

    def lengths(self) -> list[int]:
        return list(CORNER_LENGTHS)

    def generate(self):
        ptype = payload_type(int(self.cfg.params["W"]))
        extremes = extreme_values(ptype)
        cycle = iter(extremes * (1 + 200 // len(extremes)))
        for n in self.lengths():
            yield self.make_item(n, lambda: next(cycle))

