"""Testbench of `dataflow_carry` (dfv/rtl/dataflow/dataflow_carry.sv) against `dfv.golden.dataflow.Carry`.

One item is one loop burst of N iterations: one initial value on `a`, N loop-carried values on
`b`, and N trues then a false on `d`; the output must be `a` followed by the `b` values.
"""

from __future__ import annotations

from dfv.golden.dataflow import Carry
from dfv.tb.common.fcov import LENGTH_BINS, length_bin, sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_coverage import OpCoverage
from dfv.tb.common.op_sequence import OpItem
from dfv.tb.common.op_test import OpTest, standard_tests
from dfv.tb.common.variants import register
from dfv.tb.dataflow.bursts import BurstSequence, CornerBurstMixin
from dfv.tb.dataflow.payload import TAG_BINS, payload_type, tag_bin

NAME = "dataflow_carry"


def make_config(params: dict) -> OpConfig:
    width = int(params["W"])
    return OpConfig.from_model(NAME, lambda: Carry(width), params)


class CarryBursts(BurstSequence):
    def make_item(self, n: int, value) -> OpItem:
        return OpItem(tokens={"a": [value()], "b": [value() for _ in range(n)], "d": [1] * n + [0]},
                      kind=length_bin(n), trips=n)


class CarryCornerBursts(CornerBurstMixin, CarryBursts):
    pass


class CarryCoverage(OpCoverage):
    def sample_item(self, item: OpItem) -> None:
        sample_point(f"{NAME}.burst_len", LENGTH_BINS, item.kind)
        sample_point(f"{NAME}.payload", TAG_BINS, tag_bin(payload_type(int(self.cfg.params["W"]))))

    def transitions(self) -> tuple[str, ...]:
        return ("INIT->COND", "COND->LOOP", "LOOP->COND", "COND->INIT")


class CarryTest(OpTest):
    COVERAGE = CarryCoverage

    def make_config(self, params: dict) -> OpConfig:
        return make_config(params)

    def sequences(self):
        return [CarryCornerBursts.create("corner"), CarryBursts.create("random")]


for _test in standard_tests(CarryTest, "Carry"):
    globals()[_test.__name__] = register(_test)
