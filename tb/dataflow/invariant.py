"""Testbench of `dataflow_invariant` (rtl/dataflow/dataflow_invariant.sv) against
`golden.dataflow.Invariant`.

One item is one loop burst of N iterations: one invariant value on `a` and N trues then a false on
`d`; the output must repeat the value N + 1 times.
"""

from __future__ import annotations

import pyuvm

from golden.dataflow import Invariant
from tb.common.channel import ChannelSpec
from tb.common.fcov import LENGTH_BINS, length_bin, sample_point
from tb.common.op_env import (
    OpConfig,
    OpCoverage,
    OpItem,
    OpTest,
    standard_tests,
)
from tb.dataflow.bursts import BurstSequence, CornerBurstMixin
from tb.dataflow.payload import TAG_BINS, payload_type, tag_bin

NAME = "dataflow_invariant"


def make_config(params: dict) -> OpConfig:
    width = int(params["W"])
    channels = (ChannelSpec("d", 1, True), ChannelSpec("a", width, True), ChannelSpec("o", width, False))
    return OpConfig(NAME, channels, lambda: Invariant(width), params)


class InvariantBursts(BurstSequence):
    def make_item(self, n: int, value) -> OpItem:
        return OpItem(tokens={"a": [value()], "d": [1] * n + [0]}, kind=length_bin(n), trips=n)


class InvariantCornerBursts(CornerBurstMixin, InvariantBursts):
    pass


class InvariantCoverage(OpCoverage):
    def sample_item(self, item: OpItem) -> None:
        sample_point(f"{NAME}.burst_len", LENGTH_BINS, item.kind)
        sample_point(f"{NAME}.payload", TAG_BINS, tag_bin(payload_type(int(self.cfg.params["W"]))))

    def transitions(self) -> tuple[str, ...]:
        return ("INIT->COND", "COND->COND", "COND->INIT")


class InvariantTest(OpTest):
    COVERAGE = InvariantCoverage

    def make_config(self, params: dict) -> OpConfig:
        return make_config(params)

    def sequences(self):
        return [InvariantCornerBursts.create("corner"), InvariantBursts.create("random")]


for _test in standard_tests(InvariantTest, "Invariant"):
    globals()[_test.__name__] = pyuvm.test()(_test)
