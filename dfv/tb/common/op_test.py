"""The operation tests: `OpTest` (reset, stimulus, drain, check) and the standard tests every
operation's suite registers (`standard_tests`): random, full-rate, bursty, back-pressure, reset in
mid-burst, consumers whose ready follows valid, and the two expected failures (a wrong model, a corrupted
DUT token: `dfv.tb.common.faults`). A test runs `OpEnv` on the operation's harness
(dfv/tb/common/op_harness.py), or an environment of its own on the same base (`HarnessEnv`).
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import replace
from pathlib import Path

from pyuvm import (
    ConfigDB,
    uvm_factory,
    uvm_test,
)

from dfv.golden.core import make_queues
from dfv.tb.common import uvm_loggers, variants  # noqa: F401 (uvm_loggers: installs the logger naming)
from dfv.tb.common.dut import current, has_at_init
from dfv.tb.common.faults import CorruptingMonitor, catching_scoreboard, wrong_model_scoreboard
from dfv.tb.common.harness_env import HarnessEnv
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_coverage import OpCoverage
from dfv.tb.common.op_env import OpEnv
from dfv.tb.common.op_scoreboard import OpScoreboard
from dfv.tb.common.op_sequence import OpSequence
from dfv.tb.common.signals import read_int
from dfv.tb.common.sv_channel import SvChannelMonitor
from dfv.tb.common.traffic import FULL, Consumer, Pattern, TrafficConfig


def record_cycles(test: str, cycles: int) -> None:
    """Note the clock-cycle count of the running test, of class `test`, for the results table (`dfv.sim.run`
    reads it under the test's cocotb name, its variant included).

    Counted by the testbench from the release of its first reset, so the figure does not depend on
    where a previous test in the same simulator process left the clock.
    """
    run_dir = os.environ.get("DFV_RUN_DIR")
    if run_dir:
        with open(Path(run_dir) / "cycles.jsonl", "a") as f:
            f.write(json.dumps({"test": variants.current_test_name(test), "cycles": cycles}) + "\n")


class OpTest(uvm_test):
    """Base test: reset, run `self.sequences()` to completion, drain, check.

    Subclasses set `make_config(params)` (the operation), `COVERAGE` (coverage subscriber class),
    and may set `SCOREBOARD` / `ENV` (subclasses of `OpScoreboard` / `HarnessEnv`) and override
    `traffic()`, `sequences()` and `overrides()`.
    """

    COVERAGE: type[OpCoverage] = OpCoverage
    SCOREBOARD: type[OpScoreboard] = OpScoreboard
    ENV: type[HarnessEnv] = OpEnv
    SAMPLE_COVERAGE = True

    def make_config(self, params: dict) -> OpConfig:
        raise NotImplementedError

    def traffic(self) -> TrafficConfig:
        return TrafficConfig()

    def sequences(self) -> list[OpSequence]:
        raise NotImplementedError

    def overrides(self) -> None:
        """Factory overrides for this test (expected-failure tests replace scoreboard or monitor)."""

    def build_phase(self):
        dut = current()
        cfg = self.make_config(dict(dut.params))
        if not dut.ports.errors:  # a module without the error ports: no final-status checks
            cfg = replace(cfg, status=())
        ConfigDB().set(None, "*", "OP_CONFIG", cfg)
        ConfigDB().set(None, "*", "TRAFFIC", self.traffic())
        ConfigDB().set(None, "*", "COVERAGE_CLASS", self.COVERAGE)
        ConfigDB().set(None, "*", "COVERAGE", self.SAMPLE_COVERAGE)
        ConfigDB().set(None, "*", "SCOREBOARD_CLASS", self.SCOREBOARD)
        self.overrides()
        self.env = self.ENV("env", self)

    async def stimulus(self) -> None:
        for seq in self.sequences():
            await seq.start(self.env.sequencer)

    async def run_phase(self):
        self.raise_objection()
        self.env.tb.start()
        await self.env.tb.reset()
        await self.stimulus()
        await self.env.drain()
        self.env.capture_end_state()
        record_cycles(type(self).__name__, self.env.tb.cycles_since_reset())
        self.drop_objection()


class ResetMidBurstMixin:
    """Reset while tokens are in flight, then run a fresh stimulus: the DUT must recover."""

    async def stimulus(self) -> None:
        first, second = self.sequences(), self.sequences()
        for seq in first:
            await seq.start(self.env.sequencer)
        rng = random.Random(f"{variants.seed()}:reset")
        await self.env.tb.reset_after(rng.randint(8, 40))
        dut = self.env.tb.dut
        # the model's reset state: at_init, and what it offers with no input (a FIFO's initial tokens)
        model = self.env.cfg.model()
        offered = make_queues(model.OUTPUTS)
        model_init = int(model.is_initial())
        model.fire(make_queues(model.INPUTS), offered)
        if has_at_init() and read_int(dut.at_init) != model_init:
            self.env.end_errors.append(f"DUT right after reset: at_init = {read_int(dut.at_init)}, the model's "
                                       f"reset state has {model_init}")
        held = sorted(n for n, m in self.env.monitors.items() if not m.spec.is_input and m.holding())
        want = sorted(n for n, q in offered.items() if q)
        if held != want:
            self.env.end_errors.append(f"outputs valid right after reset: {held} (the model offers {want})")
        for seq in second:
            await seq.start(self.env.sequencer)


class FullRateMixin:
    """No idle cycles and no back-pressure: the DUT must sustain its full rate."""

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=FULL, backpressure=FULL)


class BurstyMixin:
    """Long runs of idle and back-pressure (bursty pattern, 50%) on every channel."""

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=Pattern("bursty", 0.5), backpressure=Pattern("bursty", 0.5))


class HeavyBackpressureMixin:
    """Inputs always offered, outputs ready only 30% of the time: back-pressure dominates."""

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=FULL, backpressure=Pattern("random", 0.7))


def paced_pattern() -> Pattern:
    """Stall runs of 1..interval + 4 cycles (uniform) of the unit under test (its `OpConfig.interval`), each
    followed by one cycle of go: enough to land at every phase of an iterative operation and just past it."""
    return Pattern("paced", span=ConfigDB().get(None, "", "OP_CONFIG").interval + 4)


class PacedMixin:
    """Inputs offered one cycle after each idle run of 1..interval + 4 cycles (`paced_pattern`), outputs always
    ready: the operations of an iterative unit arrive at every phase of the one in flight, including 1-3
    cycles before it frees up (the short input stalls that back-to-back or bursty traffic never shows)."""

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=paced_pattern(), backpressure=FULL)


class ValidGatedConsumersMixin:
    """Consumers whose ready follows valid, as real ones do (`handshake_join` raises ready only while
    its inputs are valid): one output, output `seed mod outputs` (so the seeds of a suite take turns), is
    taken the cycle it turns valid and never sees ready otherwise; every other output is taken only 1-3
    cycles after its valid rose, then 50% of the time (a single output: 30%). Inputs idle 30% of the time.
    A DUT that, having served one output, waits for that output's ready again deadlocks here, though an
    eager consumer would hide it."""

    def traffic(self) -> TrafficConfig:
        outputs = [c.name for c in ConfigDB().get(None, "", "OP_CONFIG").outputs]
        first = variants.seed() % max(1, len(outputs))
        consumers = {name: Consumer.WHILE_VALID if k == first and len(outputs) > 1 else Consumer.AFTER_VALID
                     for k, name in enumerate(outputs)}
        patterns = {name: FULL if consumers[name] is Consumer.WHILE_VALID else
                    Pattern("random", 0.5 if len(outputs) > 1 else 0.3) for name in outputs}
        return TrafficConfig(idle=Pattern("random", 0.3), per_channel=patterns, per_channel_consumer=consumers)


class WrongModelMixin:
    """Expected failure: the scoreboard's model is wrong; exactly the errors of that fault must be
    reported (`CatchesFault`)."""

    SAMPLE_COVERAGE = False

    def overrides(self) -> None:
        uvm_factory().set_type_override_by_type(
            self.SCOREBOARD, catching_scoreboard(wrong_model_scoreboard(self.SCOREBOARD)))


class CorruptDutMixin:
    """Expected failure: the DUT's first output is corrupted on the way to the scoreboard; exactly the
    errors of that fault must be reported (`CatchesFault`)."""

    SAMPLE_COVERAGE = False

    def overrides(self) -> None:
        uvm_factory().set_type_override_by_type(self.SCOREBOARD, catching_scoreboard(self.SCOREBOARD))
        uvm_factory().set_type_override_by_type(SvChannelMonitor, CorruptingMonitor)


STANDARD_TESTS = (
    ("RandomTest", (), "Random stimulus under 30% random idle cycles and back-pressure."),
    ("FullRateTest", (FullRateMixin,), "No stalls at all: the DUT must sustain its full rate."),
    ("BurstyTest", (BurstyMixin,), "Long idle and back-pressure runs on every channel."),
    ("BackpressureTest", (HeavyBackpressureMixin,), "Inputs always valid, outputs mostly stalled."),
    ("ResetTest", (ResetMidBurstMixin,), "Reset in the middle of a burst, then a fresh run."),
    ("ValidReadyTest", (ValidGatedConsumersMixin,), "Consumers whose ready follows valid: one output (by "
     "seed) ready only while valid, the others only 1-3 cycles after valid rose."),
    ("WrongModelTest", (WrongModelMixin,), "Expected failure: the scoreboard's model is wrong; exactly the "
     "token comparison of the changed output (a sink: the leftover check) must fail."),
    ("CorruptDutTest", (CorruptDutMixin,), "Expected failure: a corrupted output token; exactly the checks "
     "that see it must fail (the token comparison of that output; a sink: its always-ready check)."),
)


PACED_TEST = ("PacedTest", (PacedMixin,), "Operations offered at every phase of the one in flight (idle runs "
              "of 1..interval + 4 cycles), outputs always ready.")
"""A test for units with an interval (the float units, `arith_muli` and `arith_divi`: an iterative one takes an
operation every interval cycles), added to their standard tests."""


def standard_tests(base: type[OpTest], prefix: str, extra: tuple = ()) -> list[type[OpTest]]:
    """The standard test classes of one operation. None is a cocotb `expect_fail` test (those pass on
    any failed assertion): the expected failures pass only on exactly the errors of their fault.

    `dfv.tb.common.variants.register` registers a test in the module that applies it, so each testbench module
    applies it at its top level: `for cls in standard_tests(Base, "Carry"): globals()[cls.__name__] =
    register(cls)`. `extra`: more (suffix, mixins, doc) rows for this operation only (`PACED_TEST`).
    """
    return [type(f"{prefix}{suffix}", (*mixins, base), {"__doc__": doc, "__module__": base.__module__})
            for suffix, mixins, doc in (*STANDARD_TESTS, *extra)]
