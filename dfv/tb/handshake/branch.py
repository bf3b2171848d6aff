"""Testbench of the steering primitives: `handshake_cond_br(_ctrl)` against `dfv.golden.handshake.CondBr` and
`handshake_mux(_ctrl)` against `dfv.golden.handshake.Mux`.

Stimulus is consistent by construction, so nothing is stranded: a cond_br burst has as many `cond`
as `data` tokens; a mux burst draws `sel` values in 0..N-1 and offers on `in[i]` exactly as many
tokens as there are `sel` tokens selecting i (a `sel >= N` is never consumed by design and is not
sent). Coverage: cond values and which output fired; mux select values and whether another input
was waiting (offered but not selected) when the mux fired.
"""

from __future__ import annotations

from dfv.golden.handshake import CondBr, Mux
from dfv.tb.common.channel_spec import Observed
from dfv.tb.common.fcov import sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_sequence import OpItem
from dfv.tb.common.op_test import standard_tests
from dfv.tb.common.traffic import FULL, Consumer, Pattern, TrafficConfig
from dfv.tb.common.variants import register
from dfv.tb.handshake.common import Family, FamilyCoverage, FamilyTest, StreamSequence, module_name, offer_cycle


def cond_br_config(params: dict, ctrl: bool) -> OpConfig:
    width = 0 if ctrl else int(params["W"])
    return OpConfig.from_model(module_name("handshake.cond_br", width), lambda: CondBr(width), params)


def mux_config(params: dict, ctrl: bool) -> OpConfig:
    width, n = (0 if ctrl else int(params["W"])), int(params["N"])
    sw = int(params["SW"]) if "SW" in params else None  # a wider select (CIRCT's index) than N needs
    return OpConfig.from_model(module_name("handshake.mux", width), lambda: Mux(n, width, sw), params)


class CondBrBursts(StreamSequence):
    """Equal numbers of cond and data tokens; conds in runs (same branch repeatedly) or alternating."""

    def make_item(self, n: int) -> OpItem:
        style = self.rng.choice(("random", "runs", "alternate"))
        if style == "runs":
            first = self.rng.randint(0, 1)
            cut = self.rng.randint(0, n)
            conds = [first] * cut + [1 - first] * (n - cut)
        elif style == "alternate":
            first = self.rng.randint(0, 1)
            conds = [(first + i) % 2 for i in range(n)]
        else:
            conds = [self.rng.randint(0, 1) for _ in range(n)]
        width = self.width("data")
        return OpItem(tokens={"cond": conds, "data": [self.word(width) for _ in range(n)]}, n=n, conds=conds)


class MuxBursts(StreamSequence):
    """`sel` values uniform in 0..N-1 (or runs of one input); in[i] gets one token per selection of i."""

    def make_item(self, n: int) -> OpItem:
        count = int(self.cfg.params["N"])
        if self.rng.random() < 0.3:
            sels = [self.rng.randrange(count)] * n
        else:
            sels = [self.rng.randrange(count) for _ in range(n)]
        width = self.cfg.outputs[0].width
        tokens = {"sel": sels}
        for i in range(count):
            tokens[f"in[{i}]"] = [self.word(width) for s in sels if s == i]
        return OpItem(tokens=tokens, n=n, sels=sels)


class CondBrCoverage(FamilyCoverage):
    def sample_item(self, item: OpItem) -> None:
        super().sample_item(item)
        for c in item.facts["conds"]:
            sample_point(f"{self.cfg.name}.cond", ("true", "false"), "true" if c else "false")

    def sample_observed(self, observed: dict[str, list[Observed]]) -> None:
        for out in ("out_true", "out_false"):
            for _ in observed[out]:
                sample_point(f"{self.cfg.name}.fired", ("out_true", "out_false"), out)


class MuxCoverage(FamilyCoverage):
    def sample_item(self, item: OpItem) -> None:
        super().sample_item(item)
        n = int(self.cfg.params["N"])
        for s in item.facts["sels"]:
            sample_point(f"{self.cfg.name}.N{n}.sel", tuple(range(n)), s)

    def sample_observed(self, observed: dict[str, list[Observed]]) -> None:
        n = int(self.cfg.params["N"])
        if n < 2:
            return
        # intervals during which each input token was on offer
        spans = [(i, offer_cycle(o), o.cycle) for i in range(n) for o in observed[f"in[{i}]"]]
        for sel in observed["sel"]:
            c, chosen = sel.cycle, sel.token
            waiting = any(i != chosen and start <= c <= end for i, start, end in spans)
            sample_point(f"{self.cfg.name}.N{n}.other_input", ("waiting", "idle"), "waiting" if waiting else "idle")


FAMILIES = {
    "handshake_cond_br": Family(lambda p: cond_br_config(p, False), (CondBrBursts,), CondBrCoverage),
    "handshake_cond_br_ctrl": Family(lambda p: cond_br_config(p, True), (CondBrBursts,), CondBrCoverage),
    "handshake_mux": Family(lambda p: mux_config(p, False), (MuxBursts,), MuxCoverage),
    "handshake_mux_ctrl": Family(lambda p: mux_config(p, True), (MuxBursts,), MuxCoverage),
}


class BranchTest(FamilyTest):
    FAMILIES = FAMILIES


for _test in standard_tests(BranchTest, "Branch"):
    globals()[_test.__name__] = register(_test)


@register
class BranchSplitReadyTest(BranchTest):
    """cond_br: out_true always ready, out_false stalled 70%; mux: sel offered late (inputs wait for it). Every
    ready only while its valid is high (as `handshake_join` does): an output served early is not ready again."""

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=FULL, backpressure=FULL, per_channel={"out_false": Pattern("random", 0.7),
                                                                        "sel": Pattern("bursty", 0.6)},
                             consumer=Consumer.WHILE_VALID)
