"""A pyuvm environment for any operation whose golden model is a `dfv.golden.core.Machine`.

Layout after pyuvm's TinyALU example: `OpItem` (sequence item: the tokens of one burst per
channel), `OpSequence`, `OpDriver` (hands each burst's tokens to the per-channel drivers),
monitors per channel, `OpScoreboard` (analysis FIFOs, checked in `check_phase`), a coverage
subscriber chosen by the operation, `OpEnv`, and `OpTest` with factory overrides for the
expected-failure tests (`WrongModelScoreboard`, `CorruptingMonitor`). `ExpectedErrors` makes an
expected-failure test check that its own fault was caught, and by which check; `CatchesFault` does so
for the standard ones, from the `Fault` they injected.

Checking: the tokens each input monitor saw are run through a fresh golden machine, and every
output stream must equal the model's, element for element. A reset starts a new epoch: an aborted
epoch's outputs must be a prefix of what the model gives for the tokens consumed (plus those on
offer at the reset); the final epoch must match exactly, with no input token left unconsumed, no
output holding a token, the DUT back in its initial state (`at_init`) and the model too. In every epoch
`at_init` must be 0 in each cycle the module holds something (`dfv.tb.common.init_state`: a replay of the
golden machine in cycle order).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

import cocotb
from cocotb.triggers import Event
from pyuvm import (
    ConfigDB,
    uvm_analysis_port,
    uvm_component,
    uvm_driver,
    uvm_env,
    uvm_factory,
    uvm_sequence,
    uvm_sequence_item,
    uvm_sequencer,
    uvm_subscriber,
    uvm_test,
)

from dfv.golden.core import Machine, RunResult, make_queues, run_streams
from dfv.tb.common import uvm_loggers, variants  # noqa: F401 (uvm_loggers: installs the logger naming)
from dfv.tb.common.analysis import AnalysisFifo
from dfv.tb.common.bench import TB
from dfv.tb.common.channel import ChannelDriver, ChannelMonitor, ChannelSpec, Observed, ReadyDriver
from dfv.tb.common.fcov import STALL_BINS, export_coverage_at_exit, sample_point, stall_bin
from dfv.tb.common.init_state import AtInitTrace, Busy, at_init_errors, replay_busy
from dfv.tb.common.op_harness import AT_INIT_LOG, HARNESS_SUFFIX
from dfv.tb.common.signals import PackedSignal, read_int
from dfv.tb.common.traffic import FULL, Consumer, Pattern, TrafficConfig, channel_rng


def _identity(streams: dict[str, list]) -> dict[str, list]:
    return streams


class RunAborted(AssertionError):
    """The run stopped before its end: a deadlock (no progress for `deadlock_cycles`) or a runaway
    (still busy after `max_cycles`). A failure of the run, never a scoreboard finding: an
    expected-failure test does not accept it."""


@dataclass(frozen=True)
class Fault:
    """A fault an expected-failure test injected (recorded in `OpEnv.faults`) on channel `channel`, in
    what the DUT was seen to do (`dut`: every check that reads the channel may see it) or in the model:

    - "value": token `index` has bit 0 flipped;
    - "extra": the DUT's stream has one control token more than the model's (the model dropped its
      first token, or the DUT's token `index` was reported twice);
    - "late": input token `index` was reported as taken one cycle after it was (the DUT stalled it);
    - "leftover": the model refuses token `index`, the last one the DUT consumed on the channel.
    """

    kind: str
    channel: str
    index: int
    dut: bool


@dataclass
class OpConfig:
    """What the generic environment needs to know about one DUT (stored in ConfigDB "OP_CONFIG").

    `to_golden` maps observed input streams to the model's input streams (for example splitting
    the `cont_cond` sideband off the `start` tokens of `dataflow_stream`); `status` lists
    (DUT signal, model attribute) pairs compared at the end, such as ("err_code", "error");
    `tie_offs` are DUT inputs outside any channel held at a constant (the dummy channel of a memory
    with no load or no store port); `no_stall` names channels that never wait by design (a sink's
    input), which get no stall coverage point.
    """

    name: str
    channels: tuple[ChannelSpec, ...]
    model: Callable[[], Machine]
    params: Mapping[str, int] = field(default_factory=dict)
    to_golden: Callable[[dict[str, list]], dict[str, list]] = _identity
    status: tuple[tuple[str, str], ...] = ()
    tie_offs: tuple[tuple[str, int], ...] = ()
    no_stall: tuple[str, ...] = ()
    drain_quiet: int = 48
    deadlock_cycles: int = 2000
    max_cycles: int = 20_000

    @property
    def inputs(self) -> tuple[ChannelSpec, ...]:
        return tuple(c for c in self.channels if c.is_input)

    @property
    def outputs(self) -> tuple[ChannelSpec, ...]:
        return tuple(c for c in self.channels if not c.is_input)


class OpItem(uvm_sequence_item):
    """One burst of stimulus: tokens per input channel, with a label and facts for coverage."""

    def __init__(self, name: str = "op_item", tokens: Mapping[str, list] | None = None,
                 kind: str = "", **facts):
        super().__init__(name)
        self.tokens = {k: list(v) for k, v in (tokens or {}).items()}
        self.kind = kind
        self.facts = facts

    def __str__(self) -> str:
        return f"{self.kind or 'burst'} {self.tokens}"


class OpSequence(uvm_sequence):
    """Sends the items of `generate()`; subclasses write `generate` with `self.rng` and `self.cfg`."""

    def __init__(self, name: str = "op_sequence"):
        super().__init__(name)
        self.cfg: OpConfig = ConfigDB().get(None, "", "OP_CONFIG")
        self.rng = random.Random(f"{variants.seed()}:{type(self).__name__}:{name}")

    def generate(self) -> Iterator[OpItem]:
        raise NotImplementedError

    async def body(self):
        for item in self.generate():
            await self.start_item(item)
            await self.finish_item(item)


class OpDriver(uvm_driver):
    """Queues each item's tokens on the channel drivers at once (they apply idle cycles)."""

    def build_phase(self):
        self.ap = uvm_analysis_port("ap", self)
        self.channel_drivers: dict[str, ChannelDriver] = {}

    async def run_phase(self):
        while True:
            item = await self.seq_item_port.get_next_item()
            for channel, tokens in item.tokens.items():
                if channel not in self.channel_drivers:
                    raise KeyError(f"sequence item names unknown input channel '{channel}'")
                self.channel_drivers[channel].queue.extend(tokens)
            self.ap.write(item)
            self.seq_item_port.item_done()


class OpScoreboard(uvm_component):
    """Compares every output stream with the golden model in `check_phase`.

    Subclasses may replace how the model is run on what was observed (`run_model`, which sees every
    token with its cycle, for models that must be fed cycle by cycle) and add checks of their own
    (`extra_checks`); the comparison, leftover, initial-state and status checks stay the same.
    """

    def build_phase(self):
        self.cfg: OpConfig = ConfigDB().get(self, "", "OP_CONFIG")
        self.fifos = {c.name: AnalysisFifo(f"{c.name}_fifo", self) for c in self.cfg.channels}
        self.errors: list[str] = []
        self.final_run: RunResult | None = None
        self.final_observed: dict[str, list[Observed]] = {c.name: [] for c in self.cfg.channels}

    def expected(self, outputs: dict[str, list]) -> dict[str, list]:
        """The expected output streams; the wrong-model expected-failure test overrides this."""
        return outputs

    def _observed(self) -> dict[int, dict[str, list[Observed]]]:
        by_epoch: dict[int, dict[str, list[Observed]]] = defaultdict(lambda: {c.name: [] for c in self.cfg.channels})
        for name, fifo in self.fifos.items():
            while True:
                ok, obs = fifo.try_get()
                if not ok:
                    break
                by_epoch[obs.epoch][name].append(obs)
        return by_epoch

    @staticmethod
    def tokens(observed: dict[str, list[Observed]]) -> dict[str, list]:
        """The token streams of observed transfers."""
        return {name: [o.token for o in obs] for name, obs in observed.items()}

    def run_model(self, epoch: int, observed: dict[str, list[Observed]],
                  offers: dict[str, object] | None = None) -> tuple[Machine, RunResult]:
        """A fresh model run on the input tokens of `epoch` (plus those on offer at its reset)."""
        streams = self.tokens(observed)
        for name, token in (offers or {}).items():
            streams[name] = [*streams[name], token]
        machine = self.cfg.model()
        inputs = self.cfg.to_golden({c.name: streams[c.name] for c in self.cfg.inputs})
        return machine, run_streams(machine, inputs)

    def extra_checks(self, observed: dict[str, list[Observed]], machine: Machine, run: RunResult) -> list[str]:
        """Checks of the final epoch beyond the stream comparison (error messages)."""
        return []

    #: whether `at_init_errors` is the golden replay (False: the scoreboard has a rule of its own)
    AT_INIT_REPLAY = True

    def replay_model(self, epoch: int) -> Machine:
        """A fresh machine for the at_init replay of `epoch` (its states and token counts matter, not its data)."""
        return self.cfg.model()

    def busy_spans(self, epoch: int, observed: dict[str, list[Observed]]) -> list[Busy]:
        """The cycles of `epoch` in which the module must hold something (at_init = 0): the golden replay
        (`dfv.tb.common.init_state.replay_busy`); an interface with more than channels adds its own."""
        return replay_busy(self.replay_model(epoch), observed, [c.name for c in self.cfg.inputs],
                           [c.name for c in self.cfg.outputs], self.cfg.to_golden)

    def at_init_errors(self, epoch: int, observed: dict[str, list[Observed]], prefix: str) -> list[str]:
        """at_init sampled 1 (or X) in a cycle of `epoch` in which the module must hold something."""
        trace = self.get_parent().at_init_trace
        return at_init_errors(trace.runs(epoch), self.busy_spans(epoch, observed), prefix)

    def _check_at_init(self, by_epoch: dict[int, dict[str, list[Observed]]], final_epoch: int) -> None:
        trace = self.get_parent().at_init_trace
        if trace is None:
            return
        empty = {c.name: [] for c in self.cfg.channels}
        for epoch in sorted(set(by_epoch) | set(trace.epochs())):
            prefix = "" if epoch == final_epoch else f"epoch {epoch} (cut by reset): "
            self.errors.extend(self.at_init_errors(epoch, by_epoch.get(epoch, empty), prefix))

    def _check_aborted(self, epoch: int, observed: dict[str, list[Observed]], offers: dict[str, object]) -> None:
        streams = self.tokens(observed)
        _, run = self.run_model(epoch, observed, offers)
        for c in self.cfg.outputs:
            seen, model = streams[c.name], run.outputs.get(c.name, [])
            if seen != model[: len(seen)]:
                self.errors.append(f"epoch {epoch} (cut by reset): {c.name} produced {_short(seen)}, "
                                   f"not a prefix of the model's {_short(model)}")

    def _check_final(self, epoch: int, observed: dict[str, list[Observed]]) -> None:
        streams = self.tokens(observed)
        self.final_observed = observed
        if not any(streams[c.name] for c in self.cfg.channels):
            self.errors.append("no token crossed any channel: the test checked nothing")
        machine, run = self.run_model(epoch, observed)
        run = self.expected_run(run)
        self.final_run = run
        expected = self.expected(run.outputs)
        for c in self.cfg.outputs:
            seen, model = streams[c.name], expected.get(c.name, [])
            if seen != model:
                self.errors.append(_mismatch(c.name, seen, model))
        if run.leftover:
            self.errors.append(f"the DUT consumed tokens the model leaves unconsumed: {run.leftover}")
        if not run.initial:
            self.errors.append(f"the model ends in state {machine.state_name()}: the stimulus ended mid-burst")
        env = self.get_parent()
        for signal, attr in self.cfg.status:
            dut_value, model_value = env.final_status.get(signal), getattr(machine, attr)
            if dut_value != model_value:
                self.errors.append(f"{signal}: DUT ends with {dut_value}, model with {model_value}")
        self.errors.extend(self.extra_checks(observed, machine, run))

    def expected_run(self, run: RunResult) -> RunResult:
        """The model run the final epoch is checked against (the wrong-model test overrides this)."""
        return run

    def fault_errors(self, fault: Fault) -> list[str]:
        """The errors (regular expressions) an injected `fault` must provoke in the final epoch: the token
        comparison's on its channel, or for a refused token the leftover check's. A scoreboard whose own
        checks also see such a fault adds theirs; one that sees a late token says how."""
        observed = self.final_observed[fault.channel]
        name = re.escape(fault.channel)
        if fault.kind == "value":
            token = observed[fault.index].token
            return [rf"^{name}: token {fault.index} is {token}, the model expects {token ^ 1} \(DUT "]
        if fault.kind == "extra":
            patterns = [rf"^{name}: 1 extra token\(s\) after the model's {len(observed) - 1}: \[None\]$"]
            if fault.dut and self.AT_INIT_REPLAY and self.get_parent().at_init_trace is not None:
                # one token more delivered than the model produced: the module holds something from then on
                patterns.append(rf"^at_init is 1 at cycle \d+ while the module holds a token \((.*; )?{name} "
                                rf"\d+ produced, \d+ delivered[;)]")
            return patterns
        if fault.kind == "leftover":
            leftover = {fault.channel: [observed[fault.index].token]}
            return [rf"^the DUT consumed tokens the model leaves unconsumed: {re.escape(str(leftover))}$"]
        raise ValueError(f"{type(self).__name__} has no check that sees a {fault.kind} token on {fault.channel}")

    def check_phase(self):
        """Compare the streams, collect the end-of-run findings and give the `verdict`. A run the test
        let finish after a `RunAborted` (`env.aborted`) raises it again with the end-of-run findings
        only: its streams are incomplete, so they are not compared, and no verdict can accept it."""
        env = self.get_parent()
        by_epoch = self._observed()
        final_epoch = env.tb.epoch
        final = by_epoch[final_epoch] if final_epoch in by_epoch else {c.name: [] for c in self.cfg.channels}
        if env.aborted is None:
            for epoch in sorted(by_epoch):
                if epoch < final_epoch:
                    self._check_aborted(epoch, by_epoch[epoch], env.offers_at_reset.get(epoch, {}))
            self._check_final(final_epoch, final)
        else:
            self.final_observed = final
        self._check_at_init(by_epoch, final_epoch)
        for monitor in env.monitors.values():
            self.errors.extend(monitor.protocol_errors)
        self.errors.extend(env.end_errors)
        if env.aborted is not None:
            findings = "\n".join(self.errors) or "none"
            self.errors.insert(0, env.aborted)
            raise RunAborted(f"{env.aborted}\nend-of-run findings:\n{findings}")
        self.verdict()

    def verdict(self) -> None:
        """Fail the test if any check failed (`ExpectedErrors` decides otherwise)."""
        assert not self.errors, f"{self.cfg.name}: " + "\n".join(self.errors)


def _short(tokens: list, limit: int = 12) -> str:
    text = ", ".join(str(t) for t in tokens[:limit])
    return f"[{text}{', ...' if len(tokens) > limit else ''}] ({len(tokens)} tokens)"


def _mismatch(name: str, seen: list, model: list) -> str:
    for i, (a, b) in enumerate(zip(seen, model, strict=False)):
        if a != b:
            return f"{name}: token {i} is {a}, the model expects {b} (DUT {_short(seen)}, model {_short(model)})"
    if len(seen) > len(model):
        return f"{name}: {len(seen) - len(model)} extra token(s) after the model's {len(model)}: {seen[len(model):]}"
    return f"{name}: {len(model) - len(seen)} token(s) missing after {len(seen)}: expected {model[len(seen):]}"


class OpCoverage(uvm_subscriber):
    """Functional coverage: stall runs per channel, golden state transitions, plus the operation's
    own points in `sample_item` (stimulus) and `sample_run` (the final golden run)."""

    def build_phase(self):
        self.cfg: OpConfig = ConfigDB().get(self, "", "OP_CONFIG")
        self.enabled = ConfigDB().get(self, "", "COVERAGE")

    def write(self, item: OpItem) -> None:
        if self.enabled:
            self.sample_item(item)

    def sample_item(self, item: OpItem) -> None:
        """Per-operation stimulus coverage (burst lengths, values, configurations)."""

    def sample_run(self, run: RunResult) -> None:
        """Per-operation coverage of the golden run; by default every state transition."""
        for before, after in zip(run.states, run.states[1:], strict=False):
            sample_point(f"{self.cfg.name}.transition", self.transitions(), f"{before}->{after}")

    def transitions(self) -> tuple[str, ...]:
        """The legal state transitions of the machine (each is a bin)."""
        return ()

    def report_phase(self):
        if not self.enabled:
            return
        env = self.get_parent()
        for name, monitor in env.monitors.items():
            if name in self.cfg.no_stall:
                continue
            for run in monitor.stall_runs:
                sample_point(f"{self.cfg.name}.stall.{name.replace('[', '_').replace(']', '')}",
                             STALL_BINS, stall_bin(run))
        if env.scoreboard.final_run is not None:
            self.sample_run(env.scoreboard.final_run)
        export_coverage_at_exit()


class OpEnv(uvm_env):
    """Agents on every channel, the burst driver, scoreboard and coverage of one operation."""

    def build_phase(self):
        self.cfg: OpConfig = ConfigDB().get(self, "", "OP_CONFIG")
        traffic: TrafficConfig = ConfigDB().get(self, "", "TRAFFIC")
        seed = variants.seed()
        PackedSignal.forget()
        self.tb = self.make_tb()
        self.offers_at_reset: dict[int, dict[str, object]] = {}
        self.tb.reset_listeners.append(self._record_offers)
        self.inputs: dict[str, ChannelDriver] = {}
        self.readies: dict[str, ReadyDriver] = {}
        self.monitors: dict[str, ChannelMonitor] = {}
        self.build_agents(traffic, seed)
        self.sequencer = uvm_sequencer("sequencer", self)
        self.driver = OpDriver.create("driver", self)
        self.scoreboard = ConfigDB().get(self, "", "SCOREBOARD_CLASS").create("scoreboard", self)
        for signal, value in self.cfg.tie_offs:
            getattr(self.tb.dut, signal).value = value
        self.coverage = ConfigDB().get(self, "", "COVERAGE_CLASS").create("coverage", self)
        self.end_errors: list[str] = []
        self.final_status: dict[str, int] = {}
        self.aborted: str | None = None  # set by a test that catches `RunAborted` to check the end state too
        self.faults: list[Fault] = []  # injected by an expected-failure test (wrong model, corrupting monitor)
        self.at_init_trace = self.make_at_init_trace()

    def make_at_init_trace(self) -> AtInitTrace | None:
        """at_init once per cycle, for the scoreboard's busy check; a top level without one (the kernel
        environment's harness: its instances are checked at the end) has no trace."""
        return AtInitTrace(self.tb, self.tb.dut.at_init) if hasattr(self.tb.dut, "at_init") else None

    def make_tb(self) -> TB:
        """The bench: clock, reset and the per-cycle loop of the Python agents."""
        return TB(cocotb.top)

    def build_agents(self, traffic: TrafficConfig, seed: int) -> None:
        """A driver or ready driver and a monitor per channel (`inputs`, `readies`, `monitors`): the
        per-cycle Python agents of dfv/tb/common/channel.py."""
        for c in self.cfg.channels:
            key = c.name.replace("[", "_").replace("]", "")
            pattern = traffic.for_channel(c.name, c.is_input)
            if c.is_input:
                drv = ChannelDriver.create(f"drv_{key}", self)
                drv.configure(self.tb, c, pattern, channel_rng(seed, c.name, "idle"))
                self.inputs[c.name] = drv
            else:
                rdy = ReadyDriver.create(f"rdy_{key}", self)
                rdy.configure(self.tb, c, pattern, channel_rng(seed, c.name, "ready"), traffic.consumer_for(c.name))
                self.readies[c.name] = rdy
            mon = ChannelMonitor.create(f"mon_{key}", self)
            mon.configure(self.tb, c, idle_x=c.is_input and self.inputs[c.name].x_idle)
            self.monitors[c.name] = mon

    def connect_phase(self):
        self.driver.seq_item_port.connect(self.sequencer.seq_item_export)
        self.driver.channel_drivers.update(self.inputs)
        self.driver.ap.connect(self.coverage.analysis_export)
        for name, mon in self.monitors.items():
            mon.ap.connect(self.scoreboard.fifos[name].analysis_export)

    def _record_offers(self) -> None:
        """At a reset: remember what each input had on offer, for the aborted epoch's check."""
        self.offers_at_reset[self.tb.epoch - 1] = {
            name: drv.presenting for name, drv in self.inputs.items() if drv.busy}

    def transfers(self) -> int:
        return sum(m.count for m in self.monitors.values())

    def finished(self, quiet: int) -> bool:
        """Whether the run is over, asked once per cycle by `drain` (`quiet`: cycles since the last
        transfer): every input token taken and nothing moved for `drain_quiet` cycles."""
        return not any(d.pending for d in self.inputs.values()) and quiet >= self.cfg.drain_quiet

    async def drain(self) -> None:
        """Run cycle by cycle until `finished`; the one drain loop of every environment (the kernel
        environment only says when its run is over).

        No transfer for `deadlock_cycles` cycles is a deadlock, a run still going after `max_cycles` a
        runaway: both raise `RunAborted`, naming every channel that still holds tokens.

        The check runs once per cycle as a watcher of the `TB` loop, after the samplers, so the drain costs
        no clock trigger of its own; it returns (or raises) in the ReadOnly phase of the last cycle it
        judged, so the end state is read there and nothing may be written before the next edge.
        """
        tb, cfg = self.tb, self.cfg
        done = Event()
        aborted: str | None = None  # why the run was stopped (a deadlock or a runaway), None when it finished
        quiet, last, start = 0, self.transfers(), tb.cycle

        def watch() -> None:
            nonlocal quiet, last, aborted
            now = self.transfers()
            quiet = 0 if now != last else quiet + 1
            last = now
            if self.finished(quiet):
                pass
            elif quiet >= cfg.deadlock_cycles:
                aborted = self.deadlock_message(quiet, tb.cycle)
            elif tb.cycle - start >= cfg.max_cycles:
                aborted = self.runaway_message()
            else:
                return
            tb.watchers.remove(watch)
            done.set()

        tb.watchers.append(watch)
        await done.wait()
        if aborted is not None:
            raise RunAborted(aborted)

    def deadlock_message(self, quiet: int, cycle: int) -> str:
        """Why `drain` stopped a run that made no progress for `quiet` cycles, at `cycle`."""
        return (f"{self.cfg.name}: deadlock, no progress for {quiet} cycles at cycle {cycle}; "
                f"holding tokens: {self.holders()}")

    def runaway_message(self) -> str:
        """Why `drain` stopped a run still going after `max_cycles`."""
        return (f"{self.cfg.name}: still running after {self.cfg.max_cycles} cycles (a runaway loop?); "
                f"holding tokens: {self.holders()}")

    def holders(self) -> str:
        held = [f"input {n} ({d.pending} pending)" for n, d in self.inputs.items() if d.pending]
        held += [f"output {n}" for n, m in self.monitors.items() if not m.spec.is_input and m.holding()]
        return ", ".join(held) or "none"

    def capture_end_state(self) -> None:
        """Record what must be empty at the end: stranded tokens, initial state, status signals."""
        self.end_errors += self.stranded_errors() + self.initial_state_errors() + self.status_errors()

    def stranded_errors(self) -> list[str]:
        """Input tokens never taken and outputs still holding one, by channel."""
        errors = [f"input {name}: {drv.pending} token(s) never taken (stranded)"
                  for name, drv in self.inputs.items() if drv.pending]
        errors += [f"output {name}: still holds a token at the end (stranded)"
                   for name, mon in self.monitors.items() if not mon.spec.is_input and mon.holding()]
        return errors

    def initial_state_errors(self) -> list[str]:
        """The DUT must be back in its reset state (its `at_init`)."""
        if read_int(self.tb.dut.at_init) != 1:
            return ["DUT is not back in its initial state at the end (at_init = 0)"]
        return []

    def status_errors(self) -> list[str]:
        """Read the status signals for the scoreboard; err_valid must equal (err_code != 0)."""
        dut = self.tb.dut
        for signal, _attr in self.cfg.status:
            self.final_status[signal] = read_int(getattr(dut, signal))
        if "err_code" in self.final_status and hasattr(dut, "err_valid"):
            valid, code = read_int(dut.err_valid), self.final_status["err_code"]
            if valid != (code != 0):
                return [f"err_valid is {valid} with err_code {code:#x} (must be err_code != 0)"]
        return []


def is_harness() -> bool:
    """Whether the simulated top level is an operation's harness (SystemVerilog agents beside the DUT,
    dfv/tb/common/op_harness.py; a kernel's harness has no at_init log)."""
    return cocotb.top is not None and cocotb.top._name.endswith(HARNESS_SUFFIX) and hasattr(cocotb.top, AT_INIT_LOG)


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
    and may set `SCOREBOARD` / `ENV` (subclasses of `OpScoreboard` / `OpEnv`) and override
    `traffic()`, `sequences()` and `overrides()`.
    """

    COVERAGE: type[OpCoverage] = OpCoverage
    SCOREBOARD: type[OpScoreboard] = OpScoreboard
    ENV: type[OpEnv] = OpEnv
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
        params = json.loads(os.environ.get("DFV_PARAMS", "{}"))
        ConfigDB().set(None, "*", "OP_CONFIG", self.make_config(params))
        ConfigDB().set(None, "*", "TRAFFIC", self.traffic())
        ConfigDB().set(None, "*", "COVERAGE_CLASS", self.COVERAGE)
        ConfigDB().set(None, "*", "COVERAGE", self.SAMPLE_COVERAGE)
        ConfigDB().set(None, "*", "SCOREBOARD_CLASS", self.SCOREBOARD)
        self.overrides()
        self.env = self.env_class()("env", self)

    def env_class(self) -> type[OpEnv]:
        """`ENV`, or on an operation's harness (dfv/tb/common/op_harness.py) the environment of its
        SystemVerilog agents."""
        if not is_harness():
            return self.ENV
        from dfv.tb.common.sv_op_env import sv_env

        return sv_env(self.ENV)

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
        if read_int(dut.at_init) != model_init:
            self.env.end_errors.append(f"DUT right after reset: at_init = {read_int(dut.at_init)}, the model's "
                                       f"reset state has {model_init}")
        held = sorted(n for n, m in self.env.monitors.items() if not m.spec.is_input and m.holding())
        want = sorted(n for n, q in offered.items() if q)
        if held != want:
            self.env.end_errors.append(f"outputs valid right after reset: {held} (the model offers {want})")
        for seq in second:
            await seq.start(self.env.sequencer)


class _WrongModel:
    """Scoreboard mixin whose model is wrong: the first token of the first non-empty output is changed
    (or dropped, for control tokens); for an operation without outputs (a sink) the model refuses the
    last token it is given. A test using it must fail; the fault is recorded in `OpEnv.faults`."""

    def expected(self, outputs: dict[str, list]) -> dict[str, list]:
        if not self.cfg.outputs:
            return outputs
        mutated = {k: list(v) for k, v in outputs.items()}
        for c in self.cfg.outputs:
            stream = mutated.get(c.name, [])
            if stream:
                stream[0] = None if stream[0] is None else stream[0] ^ 1
                if stream[0] is None:
                    stream.pop(0)
                self.get_parent().faults.append(Fault("value" if c.width else "extra", c.name, 0, dut=False))
                return mutated
        raise AssertionError("wrong-model test produced no output to mutate: its stimulus is empty")

    def expected_run(self, run: RunResult) -> RunResult:
        if self.cfg.outputs:
            return run
        for c in self.cfg.inputs:
            seen = [o.token for o in self.final_observed[c.name]]
            if seen:
                self.get_parent().faults.append(Fault("leftover", c.name, len(seen) - 1, dut=False))
                return replace(run, leftover={**run.leftover, c.name: seen[-1:]})
        raise AssertionError("wrong-model test consumed no token: its stimulus is empty")


class WrongModelScoreboard(_WrongModel, OpScoreboard):
    """The generic scoreboard with a wrong model."""


_VARIANTS: dict[tuple[type, type], type] = {(_WrongModel, OpScoreboard): WrongModelScoreboard}


def scoreboard_variant(mixin: type, base: type[OpScoreboard], prefix: str) -> type[OpScoreboard]:
    """Scoreboard class `base` with `mixin` in front, named `<prefix><base>` (made once per pair, so a
    factory override names the same class every time)."""
    if (mixin, base) not in _VARIANTS:
        _VARIANTS[(mixin, base)] = type(f"{prefix}{base.__name__}", (mixin, base), {})
    return _VARIANTS[(mixin, base)]


def wrong_model_scoreboard(base: type[OpScoreboard]) -> type[OpScoreboard]:
    """The wrong-model variant of scoreboard class `base`."""
    return scoreboard_variant(_WrongModel, base, "WrongModel")


class CorruptingPublish:
    """Monitor mixin that reports the third token of the first output as a broken DUT would produce it:
    bit 0 flipped, or, for a control token, delivered twice. For an operation without outputs (a sink)
    the third input token is reported as taken one cycle late (the DUT stalled it). A test using it
    must fail; the fault is recorded in `OpEnv.faults`."""

    def publish(self, obs: Observed) -> None:
        cfg = ConfigDB().get(None, "", "OP_CONFIG")
        if not cfg.outputs:
            if self.spec == cfg.inputs[0] and self.count == 3:
                obs = replace(obs, waited=obs.waited + 1)
                self.get_parent().faults.append(Fault("late", self.spec.name, 2, dut=True))
            super().publish(obs)
            return
        if self.spec == cfg.outputs[0] and self.count == 3:
            if obs.token is None:
                super().publish(obs)
            else:
                obs = replace(obs, token=obs.token ^ 1)
            self.get_parent().faults.append(Fault("extra" if obs.token is None else "value", self.spec.name, 2,
                                                  dut=True))
        super().publish(obs)


class CorruptingMonitor(CorruptingPublish, ChannelMonitor):
    """`CorruptingPublish` on the per-cycle monitor (`dfv.tb.common.sv_op_env` has the harness's)."""


class ExpectedErrors:
    """Scoreboard mixin of an expected-failure test that shows its own check fired. cocotb's
    `expect_fail` passes on any failed assertion (a deadlock, a different check), so such a test is
    registered without it and passes only when the checks failed with exactly the errors its fault
    provokes: every pattern of `expected_errors()` (regular expressions) matches one of the errors and
    every error matches one of the patterns. Anything else, no failure included, fails the test naming
    what differs; an aborted run (`RunAborted`) fails before the verdict."""

    def expected_errors(self) -> list[str]:
        """The patterns of the errors the test's fault must provoke."""
        raise NotImplementedError

    def verdict(self) -> None:
        patterns = self.expected_errors()
        missing = [p for p in patterns if not any(re.search(p, e) for e in self.errors)]
        unexpected = [e for e in self.errors if not any(re.search(p, e) for p in patterns)]
        if missing or unexpected:
            raise AssertionError("\n".join([f"{self.cfg.name}: not the expected failure",
                                            *(f"expected error not reported: /{p}/" for p in missing),
                                            *(f"unexpected error: {e}" for e in unexpected)]))


class CatchesFault(ExpectedErrors):
    """Scoreboard mixin of the standard expected-failure tests: the errors expected are those
    `fault_errors` gives for the faults the test injected (`OpEnv.faults`). A run in which no fault was
    injected fails: it shows nothing about the checks."""

    def expected_errors(self) -> list[str]:
        faults = self.get_parent().faults
        if not faults:
            raise AssertionError(f"{self.cfg.name}: no fault was injected (too few tokens?): the test checked nothing")
        return [p for fault in faults for p in self.fault_errors(fault)]


def catching_scoreboard(base: type[OpScoreboard]) -> type[OpScoreboard]:
    """The variant of scoreboard class `base` that passes only on the errors of the injected fault."""
    return scoreboard_variant(CatchesFault, base, "Catching")


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
        uvm_factory().set_type_override_by_type(ChannelMonitor, CorruptingMonitor)
        if is_harness():
            from dfv.tb.common.sv_agents import SvChannelMonitor
            from dfv.tb.common.sv_op_env import SvCorruptingMonitor

            uvm_factory().set_type_override_by_type(SvChannelMonitor, SvCorruptingMonitor)


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


def standard_tests(base: type[OpTest], prefix: str) -> list[type[OpTest]]:
    """The standard test classes of one operation. None is a cocotb `expect_fail` test (those pass on
    any failed assertion): the expected failures pass only on exactly the errors of their fault.

    `dfv.tb.common.variants.register` registers a test in the module that applies it, so each testbench module
    applies it at its top level: `for cls in standard_tests(Base, "Carry"): globals()[cls.__name__] =
    register(cls)`.
    """
    return [type(f"{prefix}{suffix}", (*mixins, base), {"__doc__": doc, "__module__": base.__module__})
            for suffix, mixins, doc in STANDARD_TESTS]
