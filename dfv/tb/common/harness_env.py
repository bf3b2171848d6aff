"""The base of every environment on a harness (`HarnessEnv`): an operation's (`dfv.tb.common.op_env`, on
dfv/tb/common/op_harness.py) and a whole program's (`dfv.tb.kernel.env`, on dfv/tb/kernel/harness.py).

It builds the bench and the run control, one SystemVerilog agent's Python side per channel (a source or a
sink, and a monitor: `dfv.tb.common.sv_channel`) and per external memory (`dfv.tb.common.sv_memory`, built by
the subclass), the sequencer and driver, the scoreboard and coverage the test chose, and runs the one drain
loop: Python sleeps until the run control raises attention (an agent's log half full, the run complete, a
quiet-probe point, a deadline), does what the agents ask, and ends the run when the subclass says it is
over (`finished`), as a deadlock after `deadlock_cycles` without progress, or as a runaway after its
`runaway_bound` (`RunAborted`, naming everything that still holds a token).
"""

from __future__ import annotations

import cocotb
from cocotb.triggers import FallingEdge
from pyuvm import ConfigDB, uvm_env, uvm_sequencer

from dfv.tb.common import uvm_loggers, variants  # noqa: F401 (uvm_loggers: installs the logger naming)
from dfv.tb.common.bench import TB
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_harness import agent_key
from dfv.tb.common.op_sequence import OpDriver
from dfv.tb.common.signals import read_int, try_u
from dfv.tb.common.sv_bench import RunControl
from dfv.tb.common.sv_channel import SvChannelMonitor, SvSink, SvSource
from dfv.tb.common.sv_memory import SvMemoryModel, finish_memories
from dfv.tb.common.traffic import TrafficConfig, channel_rng


class RunAborted(AssertionError):
    """The run stopped before its end: a deadlock (no progress for `deadlock_cycles`) or a runaway
    (still busy after the runaway bound). A failure of the run, never a scoreboard finding: an
    expected-failure test does not accept it."""


class HarnessEnv(uvm_env):
    """Agents on every channel of the harness, the driver, scoreboard and coverage, and the drain loop.

    Per channel `c` (key `k`, `dfv.tb.common.op_harness.agent_key`) the harness has `src_<k>` or `snk_<k>` and
    `mon_<k>`, driven and read by the classes `SOURCE`, `SINK`, `MONITOR` (factory overrides of those apply)
    with `SOURCE_DEPTH` tokens and `LOG_DEPTH` log entries, the depths its generator gave the agents; per
    memory model `m` (in `memories`, by a key of the subclass's) its transfer wires `<m.name>_req_xfer` and
    `<m.name>_resp_xfer`. Subclasses say when the run is over (`finished`), may add deadlines at which Python
    must look (`deadlines`), the period of the run control's quiet probe (`probe_period`) and work of their
    own at each wake (`service`).
    """

    SOURCE: type[SvSource] = SvSource
    SINK: type[SvSink] = SvSink
    MONITOR: type[SvChannelMonitor] = SvChannelMonitor
    SOURCE_DEPTH: int
    LOG_DEPTH: int

    def build_phase(self):
        self.cfg: OpConfig = ConfigDB().get(self, "", "OP_CONFIG")
        traffic: TrafficConfig = ConfigDB().get(self, "", "TRAFFIC")
        self.tb = TB(cocotb.top)
        self.offers_at_reset: dict[int, dict[str, object]] = {}
        self.tb.reset_listeners.append(self.on_reset)  # before the agents': they forget their tokens
        self.inputs: dict[str, SvSource] = {}
        self.readies: dict[str, SvSink] = {}
        self.monitors: dict[str, SvChannelMonitor] = {}
        self.memories: dict[object, SvMemoryModel] = {}
        self.build_agents(traffic, variants.seed())
        self.ctl = RunControl(self.tb, cocotb.top.ctl)
        self.sequencer = uvm_sequencer("sequencer", self)
        self.driver = OpDriver.create("driver", self)
        self.scoreboard = ConfigDB().get(self, "", "SCOREBOARD_CLASS").create("scoreboard", self)
        self.coverage = ConfigDB().get(self, "", "COVERAGE_CLASS").create("coverage", self)
        self.at_init_trace = None  # the operation environment's (a kernel's instances are checked at the end)
        self.end_errors: list[str] = []
        self.final_status: dict[str, int] = {}
        self.aborted: str | None = None  # set by a test that catches `RunAborted` to check the end state too
        self.faults: list = []  # `Fault`s injected by an expected-failure test (wrong model, corrupting monitor)
        self.wakes = 0  # times Python woke during the drain
        self._xfers: list = []  # every agent's transfer wire (set when the drain begins)

    def build_agents(self, traffic: TrafficConfig, seed: int) -> None:
        """A source or sink and a monitor per channel (`inputs`, `readies`, `monitors`)."""
        top = cocotb.top
        for c in self.cfg.channels:
            key = agent_key(c)
            pattern = traffic.for_channel(c.name, c.is_input)
            if c.is_input:
                src = self.SOURCE.create(f"src_{key}", self)
                src.configure(self.tb, c, getattr(top, f"src_{key}"), pattern, channel_rng(seed, c.name, "idle"),
                              self.SOURCE_DEPTH)
                self.inputs[c.name] = src
            else:
                snk = self.SINK.create(f"snk_{key}", self)
                snk.configure(self.tb, c, getattr(top, f"snk_{key}"), pattern, channel_rng(seed, c.name, "ready"),
                              traffic.consumer_for(c.name))
                self.readies[c.name] = snk
            handle = getattr(top, f"mon_{key}")
            mon = self.MONITOR.create(f"mon_{key}", self)
            mon.configure(self.tb, c, handle, handle.valid, self.LOG_DEPTH)
            self.monitors[c.name] = mon

    def connect_phase(self):
        self.driver.seq_item_port.connect(self.sequencer.seq_item_export)
        self.driver.sources.update(self.inputs)
        self.driver.ap.connect(self.coverage.analysis_export)
        for name, mon in self.monitors.items():
            mon.ap.connect(self.scoreboard.fifos[name].analysis_export)

    def on_reset(self) -> None:
        """At a reset: remember what each input had on offer, for the aborted epoch's check."""
        self.offers_at_reset[self.tb.epoch - 1] = {
            name: src.presenting for name, src in self.inputs.items() if src.busy}

    # -- the drain ----------------------------------------------------------------------------------
    def finished(self, now: int, quiet: int) -> bool:
        """Whether the run is over at cycle `now`, `quiet` cycles after its last transfer (asked at each wake)."""
        raise NotImplementedError

    def deadlines(self, now: int, last: int, base: int) -> list[int]:
        """Cycles at which Python must look beyond the deadlock and runaway bounds (`last`: the last cycle with
        progress, `base` when there was none since the drain began)."""
        return []

    def probe_period(self) -> int:
        """The run control's quiet probe: a wake every this many cycles of a quiet run."""
        raise NotImplementedError

    async def service(self) -> None:
        """What the agents asked for: refill the sources, dump the memories' logs that are half full (one
        clock cycle), read every channel's log."""
        for src in self.inputs.values():
            src.refill()
        behind = [mem for mem in self.memories.values() if mem.behind()]
        for mem in behind:
            mem.request_dump(False)
        if behind:
            await FallingEdge(self.tb.clk)
            for mem in behind:
                mem.absorb()
        for mon in self.monitors.values():
            mon.drain()

    def last_progress(self, now: int, base: int) -> int:
        """The last cycle up to `now` with a transfer of any agent (at least `base`): the run control counts the
        cycles since (`quiet`, as of the last edge), the transfer wires show one in cycle `now` itself."""
        if any(try_u(x) for x in self._xfers):
            return now
        return max(base, now - 1 - self.ctl.quiet)

    async def drain(self) -> None:
        """Run until `finished`; the one drain loop of every environment.

        Python sleeps until the run control raises attention: an agent's event, a wake cycle (the next of the
        deadlock bound, `deadlock_cycles` after the last progress; the runaway bound, `runaway_bound()` cycles
        after the drain began; the subclass's `deadlines`), or a quiet probe. It lands in that cycle itself, at its
        falling edge (what a transfer in it does is not logged yet, so the transfer wires are read too).
        A deadlock or a runaway raises `RunAborted`, naming every channel and memory that still holds
        something, after the agents' logs and findings are collected as at the end of a run.
        """
        tb, cfg, ctl = self.tb, self.cfg, self.ctl
        top = cocotb.top
        self._xfers = [getattr(top, f"mon_{agent_key(c)}_xfer") for c in cfg.channels]
        self._xfers += [getattr(top, f"{mem.name}_{kind}_xfer") for mem in self.memories.values()
                        for kind in ("req", "resp")]
        start = tb.cycle
        base = start - 1
        limit, basis = self.runaway_bound()
        max_at = start + limit
        ctl.arm(max_at, self.probe_period())
        aborted: str | None = None
        while True:
            await self.service()
            now = tb.cycle
            last = self.last_progress(now, base)
            quiet = now - last
            if self.finished(now, quiet):
                break
            if quiet >= cfg.deadlock_cycles:
                aborted = self.deadlock_message(quiet, now)
                break
            if now - start >= limit:
                aborted = self.runaway_message(limit, basis)
                break
            ctl.set_wake(max(now + 1, min([last + cfg.deadlock_cycles, max_at, *self.deadlines(now, last, base)])))
            await ctl.wait()
            self.wakes += 1
        await self.collect()
        if aborted is not None:
            raise RunAborted(aborted)

    async def collect(self) -> None:
        """At the end of the drain: everything the agents logged, their checks' findings, the memories' logs
        and contents (one more clock cycle, in which nothing moves: the run has been quiet, or is stuck)."""
        for mon in self.monitors.values():
            mon.drain()
            mon.collect_errors()
        await finish_memories(list(self.memories.values()))

    def deadlock_message(self, quiet: int, cycle: int) -> str:
        """Why `drain` stopped a run that made no progress for `quiet` cycles, at `cycle`."""
        return (f"{self.cfg.name}: deadlock, no progress for {quiet} cycles at cycle {cycle}; "
                f"holding tokens: {self.holders()}")

    def runaway_bound(self) -> tuple[int, str]:
        """The cycles the drain allows the run, and what they are from (said in the runaway's message; empty:
        the configuration's `max_cycles`). Asked when the drain begins."""
        return self.cfg.max_cycles, ""

    def runaway_message(self, limit: int, basis: str) -> str:
        """Why `drain` stopped a run still going after `limit` cycles (`runaway_bound`)."""
        return (f"{self.cfg.name}: still running after {limit} cycles (a runaway loop?{basis}); "
                f"holding tokens: {self.holders()}")

    def holders(self) -> str:
        """The inputs with tokens not taken, the outputs offering one, the memories with loads unanswered."""
        held = [f"input {n} ({d.pending} pending)" for n, d in self.inputs.items() if d.pending]
        held += [f"output {n}" for n, m in self.monitors.items() if not m.spec.is_input and m.holding()]
        held += [f"memory {mem.name} ({mem.outstanding()} response(s) pending)" for mem in self.memories.values()
                 if mem.busy()]
        return ", ".join(held) or "none"

    # -- the end state ------------------------------------------------------------------------------
    def capture_end_state(self) -> None:
        """Record what must be empty at the end: stranded tokens, initial state, status signals."""
        self.end_errors += self.stranded_errors() + self.initial_state_errors() + self.status_errors()

    def stranded_errors(self) -> list[str]:
        """Input tokens never taken and outputs still holding one, by channel."""
        errors = [f"input {name}: {src.pending} token(s) never taken (stranded)"
                  for name, src in self.inputs.items() if src.pending]
        errors += [f"output {name}: still holds a token at the end (stranded)"
                   for name, mon in self.monitors.items() if not mon.spec.is_input and mon.holding()]
        return errors

    def initial_state_errors(self) -> list[str]:
        """The DUT must be back in its reset state (the subclass says how it tells)."""
        raise NotImplementedError

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
