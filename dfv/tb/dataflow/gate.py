"""Testbench of `dataflow_gate` (dfv/rtl/dataflow/dataflow_gate.sv) against `dfv.golden.dataflow.Gate`.

One item is one before-region burst of a loop with N iterations: N + 1 values on `before_value`
and N trues then a false on `before_cond`. The gate must emit the first N values on
`after_value` and the last N conditions on `after_cond`, each output under its own back-pressure.
"""

from __future__ import annotations

from dfv.golden.dataflow import Gate
from dfv.tb.common.fcov import LENGTH_BINS, length_bin, sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_coverage import OpCoverage
from dfv.tb.common.op_sequence import OpItem
from dfv.tb.common.op_test import OpTest, standard_tests
from dfv.tb.common.traffic import FULL, Consumer, Pattern, TrafficConfig
from dfv.tb.common.variants import register
from dfv.tb.dataflow.bursts import BurstSequence, CornerBurstMixin
from dfv.tb.dataflow.payload import TAG_BINS, payload_type, tag_bin

NAME = "dataflow_gate"


def make_config(params: dict) -> OpConfig:
    width = int(params["W"])
    return OpConfig.from_model(NAME, lambda: Gate(width), params)


class GateBursts(BurstSequence):
    def make_item(self, n: int, value) -> OpItem:
        return OpItem(tokens={"before_value": [value() for _ in range(n + 1)], "before_cond": [1] * n + [0]},
                      kind=length_bin(n), trips=n)


class GateCornerBursts(CornerBurstMixin, GateBursts):
    pass


class GateCoverage(OpCoverage):
    def sample_item(self, item: OpItem) -> None:
        sample_point(f"{NAME}.burst_len", LENGTH_BINS, item.kind)
        sample_point(f"{NAME}.payload", TAG_BINS, tag_bin(payload_type(int(self.cfg.params["W"]))))

    def transitions(self) -> tuple[str, ...]:
        return ("NEED_HEAD->NEED_HEAD", "NEED_HEAD->NEED_NEXT", "NEED_NEXT->NEED_NEXT", "NEED_NEXT->NEED_HEAD")


class GateTest(OpTest):
    COVERAGE = GateCoverage

    def make_config(self, params: dict) -> OpConfig:
        return make_config(params)

    def sequences(self):
        return [GateCornerBursts.create("corner"), GateBursts.create("random")]






@register
class GateSplitReadyTest(GateTest):
    """One output always ready, the other stalled 70% of the time: the outputs must be independent. Every ready only
    while its valid is high (as `handshake_join` does): an output served early is not ready again."""

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=FULL, backpressure=FULL, per_channel={"after_cond": Pattern("random", 0.7)},
                             consumer=Consumer.WHILE_VALID)


for _test in standard_tests(GateTest, "Gate"):
    globals()[_test.__name__] = register(_test)
