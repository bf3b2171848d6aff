"""A pyuvm environment for any operation whose golden model is a `dfv.golden.core.Machine`.

Layout after pyuvm's TinyALU example: `OpItem` (sequence item: the tokens of one burst per
channel), `OpSequence`, `OpDriver` (hands each burst's tokens to the per-channel drivers),
monitors per channel, `OpScoreboard` (analysis FIFOs, checked in `check_phase`), a coverage
subscriber chosen by the operation, and `OpEnv`. The tests that run it are in `dfv.tb.common.op_test`,
the faults the expected-failure tests inject in `dfv.tb.common.faults`.

Checking: the tokens each input monitor saw are run through a fresh golden machine, and every
output stream must equal the model's, element for element. A reset starts a new epoch: an aborted
epoch's outputs must be a prefix of what the model gives for the tokens consumed (plus those on
offer at the reset); the final epoch must match exactly, with no input token left unconsumed, no
output holding a token, the DUT back in its initial state (`at_init`) and the model too. In every epoch
`at_init` must be 0 in each cycle the module holds something (`dfv.tb.common.init_state`: a replay of the
golden machine in cycle order).
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

import cocotb
from cocotb.triggers import Event
from pyuvm import (
    ConfigDB,
    uvm_analysis_port,
    uvm_component,
    uvm_driver,
    uvm_env,
    uvm_sequence,
    uvm_sequence_item,
    uvm_sequencer,
    uvm_subscriber,
)

from dfv.golden.core import Machine, RunResult, run_streams
from dfv.tb.common import uvm_loggers, variants  # noqa: F401 (uvm_loggers: installs the logger naming)
from dfv.tb.common.analysis import AnalysisFifo
from dfv.tb.common.bench import TB
from dfv.tb.common.channel import ChannelDriver, ChannelMonitor, ChannelSpec, Observed, ReadyDriver
from dfv.tb.common.dut import has_at_init
from dfv.tb.common.fcov import STALL_BINS, export_coverage_at_exit, sample_point, stall_bin
from dfv.tb.common.init_state import AtInitTrace, Busy, at_init_errors, replay_busy
from dfv.tb.common.signals import PackedSignal, read_int
from dfv.tb.common.traffic import TrafficConfig, channel_rng


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
        return AtInitTrace(self.tb, self.tb.dut.at_init) if has_at_init() and hasattr(self.tb.dut, "at_init") else None

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
        """The DUT must be back in its reset state (its `at_init`, when it has one)."""
        if has_at_init() and read_int(self.tb.dut.at_init) != 1:
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
