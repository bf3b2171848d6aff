"""Testbench of the token sources and sinks: `handshake_sink(_ctrl)` (`dfv.golden.handshake.Sink`),
`handshake_constant` (`Constant`) and `handshake_source` (`Source`).

- sink: every token is consumed; the sink is always ready, so `SinkScoreboard` also checks that no
  token ever waited (its input has no stall coverage: it cannot stall by design). The wrong-model
  test uses a sink model that refuses its last token (the leftover check must fail); the
  corrupted-DUT test reports a token as taken one cycle late (the always-ready check must fail).
- constant: one `VALUE` token per control token.
- source: an infinite producer, so it gets its own test flow: the output's ready is driven with the
  usual back-pressure for a bounded number of cycles (`SOURCE_CYCLES`). `out_valid` must be 1 in every
  cycle outside reset (the monitor counts the cycles it was low), a token must cross in every cycle
  `out_ready` was 1 (the monitor counts those), and the tokens must equal a golden `Source` fired once
  per such cycle (all control tokens). During reset `out_valid` must be 0. At the end the source still
  offers a token: that is its documented behaviour, not a stranded token.
"""

from __future__ import annotations

import random
from collections import deque

import cocotb

from dfv.golden.core import Machine, RunResult
from dfv.golden.handshake import Constant, Sink, Source
from dfv.tb.common import variants
from dfv.tb.common.channel_spec import Observed
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_env import OpEnv
from dfv.tb.common.op_scoreboard import Fault, OpScoreboard
from dfv.tb.common.op_sequence import OpItem
from dfv.tb.common.op_test import ResetMidBurstMixin, record_cycles, standard_tests
from dfv.tb.common.signals import read_int
from dfv.tb.common.variants import register
from dfv.tb.handshake.common import Family, FamilyCoverage, FamilyTest, StreamSequence, module_name, toplevel

SOURCE_CYCLES = 300


def sink_config(params: dict, ctrl: bool) -> OpConfig:
    width = 0 if ctrl else int(params["W"])
    return OpConfig.from_model(module_name("handshake.sink", width), lambda: Sink(width), params, no_stall=("in",))


def constant_config(params: dict) -> OpConfig:
    width, value = int(params["W"]), int(params["VALUE"])
    return OpConfig.from_model("handshake_constant", lambda: Constant(value, width), params)


def source_config(params: dict) -> OpConfig:
    return OpConfig.from_model("handshake_source", Source, params)


class SinkScoreboard(OpScoreboard):
    """Stream check plus: the sink is always ready, so every token is taken in the cycle it is offered."""

    def extra_checks(self, observed: dict[str, list[Observed]], machine: Machine, run: RunResult) -> list[str]:
        late = [o for o in observed["in"] if o.waited]
        return [f"in: {len(late)} token(s) waited before being taken (first at cycle {late[0].cycle}): "
                "the sink must always be ready"] if late else []

    def fault_errors(self, fault: Fault) -> list[str]:
        """A token reported as taken late (the corrupted-DUT test) trips the always-ready check."""
        if fault.kind != "late":
            return super().fault_errors(fault)
        cycle = self.final_observed[fault.channel][fault.index].cycle
        return [rf"^in: 1 token\(s\) waited before being taken \(first at cycle {cycle}\): "
                "the sink must always be ready$"]


class SourceScoreboard(OpScoreboard):
    """The model is a `Source` fired once per cycle in which `out_ready` was 1 (outside reset).

    at_init: a `Source` never runs dry, so the golden replay of the busy check cannot be run; the source
    holds nothing (stateless, documented `at_init = 1`), so its rule is at_init = 1 in every cycle."""

    AT_INIT_REPLAY = False

    def at_init_errors(self, epoch: int, observed: dict[str, list[Observed]], prefix: str) -> list[str]:
        runs = self.get_parent().at_init_trace.runs(epoch, other_than=1)
        if not runs:
            return []
        first, _, value = runs[0]
        count = sum(last - start + 1 for start, last, _ in runs)
        return [f"{prefix}at_init is {'X' if value is None else value} at cycle {first}: a source holds nothing "
                f"(stateless), at_init must be 1 in every cycle ({count} such cycle{'s' if count != 1 else ''})"]

    def run_model(self, epoch: int, observed: dict[str, list[Observed]],
                  offers: dict[str, object] | None = None) -> tuple[Machine, RunResult]:
        machine = self.cfg.model()
        outq = {"out": deque()}
        for _ in range(self.get_parent().ready_cycles.get(epoch, 0)):
            machine.fire({}, outq)
        return machine, RunResult({"out": list(outq["out"])}, {}, True, 0, len(outq["out"]))


class SourceEnv(OpEnv):
    """The run of a source: `drain` ends at `run_end` (the test sets it); per reset epoch, the cycles
    `out_ready` was 1 (`ready_cycles`, the model's firings) and those `out_valid` was 0 (`valid_low`: the
    count and the first), read from the output's monitor."""

    def build_phase(self):
        super().build_phase()
        self.ready_cycles: dict[int, int] = {}
        self.valid_low: dict[int, tuple[int, int]] = {}
        self.run_end = 0

    def on_reset(self) -> None:
        super().on_reset()
        if self.tb.epoch > 1:
            self._record(self.tb.epoch - 1)

    def _record(self, epoch: int) -> None:
        mon = self.monitors["out"]
        self.ready_cycles[epoch] = mon.ready_cycles()
        self.valid_low[epoch] = mon.valid_low()

    def finished(self, now: int, quiet: int) -> bool:
        return now >= self.run_end

    def deadlines(self, now: int, last: int, base: int) -> list[int]:
        return [self.run_end]

    def capture_end_state(self) -> None:
        self._record(self.tb.epoch)
        low = {epoch: low for epoch, low in self.valid_low.items() if low[0]}
        if low:
            epoch = min(low)
            self.end_errors.append(f"out_valid was 0 outside reset in {sum(n for n, _ in low.values())} cycle(s), "
                                   f"first {low[epoch][1]}")
        if read_int(self.tb.dut.out_valid) != 1:
            self.end_errors.append("out_valid is 0 at the end: a source always offers a token")
        if read_int(self.tb.dut.at_init) != 1:
            self.end_errors.append("DUT is not in its initial state at the end (at_init = 0)")


class TokenBursts(StreamSequence):
    """Bursts on the single input (`in` of a sink, `ctrl` of a constant)."""

    def make_item(self, n: int) -> OpItem:
        c = self.cfg.inputs[0]
        return OpItem(tokens={c.name: [self.word(c.width) for _ in range(n)]}, n=n)


class SourceCoverage(FamilyCoverage):
    def data_width(self) -> int:
        return 0


FAMILIES = {
    "handshake_sink": Family(lambda p: sink_config(p, False), (TokenBursts,), FamilyCoverage, SinkScoreboard),
    "handshake_sink_ctrl": Family(lambda p: sink_config(p, True), (TokenBursts,), FamilyCoverage, SinkScoreboard),
    "handshake_constant": Family(constant_config, (TokenBursts,), FamilyCoverage),
    "handshake_source": Family(source_config, (), SourceCoverage, SourceScoreboard),
}


class SourcesTest(FamilyTest):
    FAMILIES = FAMILIES

    def build_phase(self):
        if self.is_source():
            self.ENV = SourceEnv
        super().build_phase()

    @staticmethod
    def is_source() -> bool:
        return toplevel() == "handshake_source"

    async def run_phase(self):
        if not self.is_source():
            await super().run_phase()
            return
        self.raise_objection()
        tb = self.env.tb
        tb.start()
        await tb.reset()
        await self.source_stimulus()
        self.env.run_end = tb.cycle + SOURCE_CYCLES
        await self.env.drain()
        self.env.capture_end_state()
        record_cycles(type(self).__name__, tb.cycles_since_reset())
        self.drop_objection()

    async def source_stimulus(self) -> None:
        """The reset test (ResetMidBurstMixin) resets the source while it produces: `out_valid` must be 0
        throughout the reset, then it produces again."""
        tb = self.env.tb
        if isinstance(self, ResetMidBurstMixin):
            rng = random.Random(f"{variants.seed()}:reset")
            await tb.cycles(rng.randint(20, 60))
            reset = cocotb.start_soon(tb.reset(cycles=4))
            await tb.cycles(2)
            if read_int(tb.dut.out_valid) != 0:
                self.env.end_errors.append("out_valid is 1 during reset")
            await reset


for _test in standard_tests(SourcesTest, "Sources"):
    globals()[_test.__name__] = register(_test)
