"""Testbench of `handshake_fork` / `handshake_fork_ctrl` against `dfv.golden.handshake.Fork`.

Every token of `in` must reach every output `out[i]` exactly once, in order. The fork is eager: an
output that is ready takes its copy at once, the others later; coverage records whether each token
went out in one cycle on every output ("together") or over several cycles ("eager").
"""

from __future__ import annotations

from dfv.golden.handshake import Fork
from dfv.tb.common.channel_spec import Observed
from dfv.tb.common.fcov import sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_sequence import OpItem
from dfv.tb.common.op_test import standard_tests
from dfv.tb.common.traffic import FULL, Consumer, Pattern, TrafficConfig
from dfv.tb.common.variants import register
from dfv.tb.handshake.common import Family, FamilyCoverage, FamilyTest, StreamSequence, module_name


def make_config(params: dict, ctrl: bool) -> OpConfig:
    width, n = (0 if ctrl else int(params["W"])), int(params["N"])
    return OpConfig.from_model(module_name("handshake.fork", width), lambda: Fork(n, width), params)


class ForkBursts(StreamSequence):
    def make_item(self, n: int) -> OpItem:
        return OpItem(tokens={"in": [self.word(self.width("in")) for _ in range(n)]}, n=n)


class ForkCoverage(FamilyCoverage):
    def sample_observed(self, observed: dict[str, list[Observed]]) -> None:
        n = int(self.cfg.params["N"])
        outs = [f"out[{i}]" for i in range(n)]
        for name in outs:
            for _ in observed[name]:
                sample_point(f"{self.cfg.name}.N{n}.out_fired", outs, name)
        bins = ("together",) if n == 1 else ("together", "eager")
        for k in range(min(len(observed[o]) for o in outs)):
            cycles = {observed[o][k].cycle for o in outs}
            sample_point(f"{self.cfg.name}.N{n}.delivery", bins, "together" if len(cycles) == 1 else "eager")


FAMILIES = {
    "handshake_fork": Family(lambda p: make_config(p, False), (ForkBursts,), ForkCoverage),
    "handshake_fork_ctrl": Family(lambda p: make_config(p, True), (ForkBursts,), ForkCoverage),
}


class ForkTest(FamilyTest):
    FAMILIES = FAMILIES


for _test in standard_tests(ForkTest, "Fork"):
    globals()[_test.__name__] = register(_test)


@register
class ForkSplitReadyTest(ForkTest):
    """out[0] always ready, the other outputs stalled 70% of the time: copies leave at different times. Every ready
    only while its valid is high (as `handshake_join` does): an output served early is not ready again."""

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=FULL, backpressure=Pattern("random", 0.7), per_channel={"out[0]": FULL},
                             consumer=Consumer.WHILE_VALID)
