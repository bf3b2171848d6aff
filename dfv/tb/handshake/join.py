"""Testbench of `handshake_join` against `dfv.golden.handshake.Join`.

Every burst offers the same number of control tokens on each of the N inputs; the output must fire
once per complete set. Coverage records which input completed each join (arrived last) or whether
several arrived together.
"""

from __future__ import annotations

from dfv.golden.handshake import Join
from dfv.tb.common.channel_spec import Observed
from dfv.tb.common.fcov import sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_sequence import OpItem
from dfv.tb.common.op_test import standard_tests
from dfv.tb.common.traffic import FULL, Pattern, TrafficConfig
from dfv.tb.common.variants import register
from dfv.tb.handshake.common import Family, FamilyCoverage, FamilyTest, StreamSequence, offer_cycle


def make_config(params: dict) -> OpConfig:
    n = int(params["N"])
    return OpConfig.from_model("handshake_join", lambda: Join(n), params)


class JoinBursts(StreamSequence):
    def make_item(self, n: int) -> OpItem:
        return OpItem(tokens={c.name: [None] * n for c in self.cfg.inputs}, n=n)


class JoinCoverage(FamilyCoverage):
    def sample_observed(self, observed: dict[str, list[Observed]]) -> None:
        n = int(self.cfg.params["N"])
        ins = [f"in[{i}]" for i in range(n)]
        bins = (*ins, "together") if n > 1 else tuple(ins)
        for k in range(min(len(observed[i]) for i in ins)):
            offers = {i: offer_cycle(observed[i][k]) for i in ins}
            last = max(offers.values())
            latest = [i for i in ins if offers[i] == last]
            sample_point(f"handshake_join.N{n}.completed_by", bins, latest[0] if len(latest) == 1 else "together")


FAMILIES = {"handshake_join": Family(make_config, (JoinBursts,), JoinCoverage)}


class JoinTest(FamilyTest):
    FAMILIES = FAMILIES


for _test in standard_tests(JoinTest, "Join"):
    globals()[_test.__name__] = register(_test)


@register
class JoinSkewTest(JoinTest):
    """in[0] offered at once, the other inputs mostly idle: in[0] waits for the slow ones."""

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=Pattern("random", 0.7), backpressure=FULL, per_channel={"in[0]": FULL})
