"""Testbench of `handshake_buffer(_ctrl)` (`dfv.golden.handshake.Buffer`), `handshake_fifo(_ctrl)` (`Fifo`)
and `handshake_tehb(_ctrl)` (`Tehb`).

All are the identity on token streams. `BufferScoreboard` adds the documented latency: a buffer's and a
FIFO's outputs come from registers, so token k is offered on `out` no earlier than the cycle after `in`
took it (a combinational path would offer it in the same cycle); the transparent `tehb` offers token k on
`out` no later than the cycle `in` took it (it passes a token straight on, and keeps only a stalled one).
Checked when `in` and `out` carried as many tokens, else the token comparison reports the difference.
Coverage: occupancy (tokens held, from the transfer cycles) reaches empty, partially full and full.
"""

from __future__ import annotations

from dfv.golden.core import Machine, RunResult
from dfv.golden.handshake import Buffer, Fifo, Tehb
from dfv.tb.common.channel_spec import Observed
from dfv.tb.common.fcov import sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_scoreboard import OpScoreboard
from dfv.tb.common.op_sequence import OpItem
from dfv.tb.common.op_test import standard_tests
from dfv.tb.common.traffic import FULL, Pattern, TrafficConfig
from dfv.tb.common.variants import register
from dfv.tb.handshake.common import Family, FamilyCoverage, FamilyTest, StreamSequence, module_name, offer_cycle


def config(params: dict, kind: str, ctrl: bool) -> OpConfig:
    """The environment of `handshake_<kind>(_ctrl)`, kind buffer, fifo or tehb."""
    width = 0 if ctrl else int(params["W"])
    name = module_name(f"handshake.{kind}", width)
    if kind == "fifo":
        depth = int(params["DEPTH"])
        init = initial_tokens(params, width)
        return OpConfig.from_model(name, lambda: Fifo(width, depth, init), params)
    return OpConfig.from_model(name, lambda: Tehb(width) if kind == "tehb" else Buffer(width), params)


def initial_tokens(params: dict, width: int) -> tuple[int, ...]:
    """The FIFO's NINIT initial tokens from its packed INIT parameter (token k at [k*W +: W])."""
    n = int(params.get("NINIT", 0))
    packed = int(params.get("INIT", 0))
    return tuple((packed >> (k * width)) & ((1 << width) - 1) for k in range(n))


def capacity(cfg: OpConfig) -> int:
    return int(cfg.params["DEPTH"]) if "fifo" in cfg.name else 1 if "tehb" in cfg.name else 2


class BufferScoreboard(OpScoreboard):
    """Identity check plus the latency: >= 1 for a buffer or FIFO (no combinational path from `in` to
    `out`), 0 for a tehb (a token taken is on `out` in the same cycle)."""

    def extra_checks(self, observed: dict[str, list[Observed]], machine: Machine, run: RunResult) -> list[str]:
        skip = len(getattr(machine, "init", ()))  # initial tokens leave first: output k + skip is input k
        outs = observed["out"][skip:]
        if len(observed["in"]) != len(outs):
            return []  # output k is not input k: the token comparison reports the counts
        pairs = list(enumerate(zip(observed["in"], outs, strict=True)))
        if isinstance(machine, Tehb):
            late = [k for k, (i, o) in pairs if offer_cycle(o) > i.cycle]
            return [f"out: token {late[0]} offered after the cycle `in` took it (a tehb passes a token on in "
                    f"the same cycle) ({len(late)} such tokens)"] if late else []
        early = [k for k, (i, o) in pairs if offer_cycle(o) <= i.cycle]
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
    f"handshake_{kind}{suffix}": Family(lambda p, k=kind, c=bool(suffix): config(p, k, c),
                                        (BufferBursts,), BufferCoverage, BufferScoreboard)
    for kind in ("buffer", "fifo", "tehb") for suffix in ("", "_ctrl")
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
