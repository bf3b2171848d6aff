"""Testbench of `handshake_buffer(_ctrl)` (`dfv.golden.handshake.Buffer`) and `handshake_fifo(_ctrl)` (`Fifo`).

Both are the identity on token streams. `BufferScoreboard` adds the documented latency: outputs come
from registers, so token k is offered on `out` no earlier than the cycle after `in` took it (a
combinational path would offer it in the same cycle; checked when `in` and `out` carried as many
tokens, else the token comparison reports the difference). Coverage: occupancy (tokens held, from the
transfer cycles) reaches empty, partially full and full.
"""

from __future__ import annotations

from dfv.golden.core import Machine, RunResult
from dfv.golden.handshake import Buffer, Fifo
from dfv.tb.common.channel_spec import Observed
from dfv.tb.common.fcov import sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_scoreboard import OpScoreboard
from dfv.tb.common.op_sequence import OpItem
from dfv.tb.common.op_test import standard_tests
from dfv.tb.common.traffic import FULL, Pattern, TrafficConfig
from dfv.tb.common.variants import register
from dfv.tb.handshake.common import Family, FamilyCoverage, FamilyTest, StreamSequence, module_name, offer_cycle


def config(params: dict, fifo: bool, ctrl: bool) -> OpConfig:
    width = 0 if ctrl else int(params["W"])
    name = module_name("handshake.fifo" if fifo else "handshake.buffer", width)
    if fifo:
        depth = int(params["DEPTH"])
        init = initial_tokens(params, width)
        return OpConfig.from_model(name, lambda: Fifo(width, depth, init), params)
    return OpConfig.from_model(name, lambda: Buffer(width), params)


def initial_tokens(params: dict, width: int) -> tuple[int, ...]:
    """The FIFO's NINIT initial tokens from its packed INIT parameter (token k at [k*W +: W])."""
    n = int(params.get("NINIT", 0))
    packed = int(params.get("INIT", 0))
    return tuple((packed >> (k * width)) & ((1 << width) - 1) for k in range(n))


def capacity(cfg: OpConfig) -> int:
    return int(cfg.params["DEPTH"]) if "fifo" in cfg.name else 2


class BufferScoreboard(OpScoreboard):
    """Identity check plus latency >= 1 (no combinational path from `in` to `out`)."""

    def extra_checks(self, observed: dict[str, list[Observed]], machine: Machine, run: RunResult) -> list[str]:
        skip = len(getattr(machine, "init", ()))  # initial tokens leave first: output k + skip is input k
        outs = observed["out"][skip:]
        if len(observed["in"]) != len(outs):
            return []  # output k is not input k: the token comparison reports the counts
        early = [k for k, (i, o) in enumerate(zip(observed["in"], outs, strict=True))
                 if offer_cycle(o) <= i.cycle]
        return [f"out: token {early[0]} offered in the cycle `in` took it (latency 0; the outputs must come "
                f"from registers) ({len(early)} such tokens)"] if early else []


class BufferBursts(StreamSequence):
    def make_item(self, n: int) -> OpItem:
        return OpItem(tokens={"in": [self.word(self.width("in")) for _ in range(n)]}, n=n)


class BufferCoverage(FamilyCoverage):
    def sample_observed(self, observed: dict[str, list[Observed]]) -> None:
        depth = capacity(self.cfg)
        bins = ("empty", "partial", "full") if depth > 1 else ("empty", "full")
        ins, outs = [o.cycle for o in observed["in"]], [o.cycle for o in observed["out"]]
        skip = int(self.cfg.params.get("NINIT", 0))  # the initial tokens are held from reset
        outs = outs[skip:]
        if not ins or not outs:
            return
        i = j = 0
        for cycle in range(ins[0], outs[-1] + 1):
            while i < len(ins) and ins[i] < cycle:
                i += 1
            while j < len(outs) and outs[j] < cycle:
                j += 1
            held = i - j
            state = "empty" if held == 0 else ("full" if held >= depth else "partial")
            sample_point(f"{self.cfg.name}.D{depth}.occupancy", bins, state)


FAMILIES = {
    f"handshake_{kind}{suffix}": Family(lambda p, f=(kind == "fifo"), c=bool(suffix): config(p, f, c),
                                        (BufferBursts,), BufferCoverage, BufferScoreboard)
    for kind in ("buffer", "fifo") for suffix in ("", "_ctrl")
}


class BufferTest(FamilyTest):
    FAMILIES = FAMILIES


for _test in standard_tests(BufferTest, "Buffer"):
    globals()[_test.__name__] = register(_test)


@register
class BufferDrainTest(BufferTest):
    """Input mostly idle, output always ready: the buffer runs empty between tokens."""

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=Pattern("bursty", 0.6), backpressure=FULL)
