"""Testbench of the memory access ports: `handshake_load` (`dfv.golden.handshake.Load`) and `handshake_store`
(`Store`).

load: two independent paths, `addr` + `ctrl` -> `addr_to_mem` and `data_from_mem` -> `data`; a burst
offers as many `ctrl` as `addr` tokens and an independent number of `data_from_mem` tokens. With extra
signals on the address (`EW` > 0) every data word leaves with the extras of its address, so a burst offers
one `data_from_mem` per address (a word may arrive before its address went: it waits), and at most `XDEPTH`
addresses are in flight.
store: `addr`, `data` and `ctrl` are joined and sent to `data_to_mem` and `addr_to_mem` (an eager
fork: each output takes its copy when ready); a burst offers equal numbers on the three inputs.
Coverage: load paths moving in the same cycle, addresses in flight (extras); which store output went first.
"""

from __future__ import annotations

from dfv.golden.handshake import Load, Store
from dfv.tb.common.channel_spec import Observed
from dfv.tb.common.fcov import sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_sequence import OpItem
from dfv.tb.common.op_test import standard_tests
from dfv.tb.common.traffic import FULL, Consumer, Pattern, TrafficConfig
from dfv.tb.common.variants import register
from dfv.tb.handshake.common import Family, FamilyCoverage, FamilyTest, StreamSequence, burst_length


def load_config(params: dict) -> OpConfig:
    w, aw, ew, depth = int(params["W"]), int(params["AW"]), int(params.get("EW", 0)), int(params.get("XDEPTH", 2))
    return OpConfig.from_model("handshake_load", lambda: Load(w, aw, ew, depth if ew else 0), params)


def store_config(params: dict) -> OpConfig:
    w, aw = int(params["W"]), int(params["AW"])
    return OpConfig.from_model("handshake_store", lambda: Store(w, aw), params)


class LoadBursts(StreamSequence):
    def make_item(self, n: int) -> OpItem:
        extras = self.width("data") > self.width("data_from_mem")
        m = n if extras or self.rng.random() < 0.5 else burst_length(self.rng)
        return OpItem(tokens={"addr": [self.word(self.width("addr")) for _ in range(n)], "ctrl": [None] * n,
                              "data_from_mem": [self.word(self.width("data_from_mem")) for _ in range(m)]}, n=n)


class StoreBursts(StreamSequence):
    def make_item(self, n: int) -> OpItem:
        return OpItem(tokens={"addr": [self.word(self.width("addr")) for _ in range(n)], "ctrl": [None] * n,
                              "data": [self.word(self.width("data")) for _ in range(n)]}, n=n)


class LoadCoverage(FamilyCoverage):
    def sample_observed(self, observed: dict[str, list[Observed]]) -> None:
        addr = {o.cycle for o in observed["addr_to_mem"]}
        data = {o.cycle for o in observed["data"]}
        for c in sorted(addr | data):
            kind = "both" if (c in addr and c in data) else ("address_only" if c in addr else "data_only")
            sample_point("handshake_load.paths", ("both", "address_only", "data_only"), kind)
        if int(self.cfg.params.get("EW", 0)):  # extras: addresses in flight, 1..XDEPTH
            events = sorted([(o.cycle, 1, 1) for o in observed["addr_to_mem"]] +
                            [(o.cycle, 0, -1) for o in observed["data"]])  # a word leaves before a new one
            depth, bins = 0, tuple(str(k) for k in range(1, int(self.cfg.params["XDEPTH"]) + 1))
            for _, _, step in events:
                depth += step
                if step > 0:
                    sample_point("handshake_load.in_flight", bins, str(depth))


class StoreCoverage(FamilyCoverage):
    def sample_observed(self, observed: dict[str, list[Observed]]) -> None:
        for d, a in zip(observed["data_to_mem"], observed["addr_to_mem"], strict=False):
            order = "together" if d.cycle == a.cycle else ("data_first" if d.cycle < a.cycle else "addr_first")
            sample_point("handshake_store.eager", ("together", "data_first", "addr_first"), order)


FAMILIES = {
    "handshake_load": Family(load_config, (LoadBursts,), LoadCoverage),
    "handshake_store": Family(store_config, (StoreBursts,), StoreCoverage),
}


class AccessTest(FamilyTest):
    FAMILIES = FAMILIES


for _test in standard_tests(AccessTest, "Access"):
    globals()[_test.__name__] = register(_test)


@register
class AccessSplitReadyTest(AccessTest):
    """addr_to_mem always ready, the data outputs stalled 70%: the two outputs move independently. Every ready only
    while its valid is high (as `handshake_join` does): an output served early is not ready again."""

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=FULL, backpressure=Pattern("random", 0.7), per_channel={"addr_to_mem": FULL},
                             consumer=Consumer.WHILE_VALID)
