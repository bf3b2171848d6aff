"""The operation environment on SystemVerilog agents (`SvOpEnv`): the checks, scoreboards, coverage and
tests of `dfv.tb.common.op_env`, with the per-cycle work done by the agents of the operation's harness
(`dfv.tb.common.op_harness`), so Python wakes only when the harness's run control asks (a log half full, a
pattern half used, a deadline) instead of twice per cycle.

The agents replay the per-cycle agents' traffic exactly: Python draws the idle cycles before each token
(`IdleReplay`) and the go bit of each cycle of a ready (`ReadyReplay`) with the generators of
`dfv.tb.common.traffic`, in the order the per-cycle driver and ready driver draw them, and writes them into
the agents. A seed therefore gives the same cycles with either kind of agent, with one exception: the
per-cycle `AFTER_VALID` consumer draws its per-token delays from its pattern's own generator, between two
cycles' go bits, at points that depend on the DUT's timing; here the delays come from a generator of
their own (`delay_rng`), so a `ValidReadyTest` with such a consumer runs other (equally seeded) cycles.
"""

from __future__ import annotations

import random

import cocotb
from cocotb.triggers import FallingEdge

from dfv.tb.common.channel import ChannelSpec
from dfv.tb.common.dut import has_at_init
from dfv.tb.common.faults import CorruptingPublish
from dfv.tb.common.init_state import AtInitTrace
from dfv.tb.common.op_env import OpEnv, RunAborted
from dfv.tb.common.op_harness import AT_INIT_LOG, DELAY_DEPTH, GO_WORDS, LOG_DEPTH, SOURCE_DEPTH, agent_key
from dfv.tb.common.signals import SignalXError, read_bits, read_int
from dfv.tb.common.sv_bench import MASK32, GpiTB, RunControl, try_u, warm
from dfv.tb.common.sv_channel import HarnessAgents, SvChannelMonitor, SvSink, SvSource
from dfv.tb.common.traffic import AFTER_VALID_DELAYS, Consumer, Pattern, StallGenerator, TrafficConfig


class IdleReplay:
    """The idle cycles `dfv.tb.common.channel.ChannelDriver` inserts before each token, drawn from the same
    generator in the same order: per token, its pattern's go() until it says go (each refusal is one idle
    cycle), and the draw of the idle data (`_set_idle`) when the driver was configured, at each reset and
    each time its queue ran dry. `checkpoint` keeps the generator's state before a token's draws, so a
    reset can rewind to what the per-cycle driver would have drawn by then (`rewind`)."""

    def __init__(self, spec: ChannelSpec, pattern: Pattern, rng: random.Random) -> None:
        self.width, self.rng = spec.width, rng
        self.stall = StallGenerator(pattern, rng)
        self.checkpoints: list[tuple[int, tuple]] = []  # (token index, state before its draws), ascending
        self.idle_draw()

    def _state(self) -> tuple:
        return self.rng.getstate(), self.stall._run_left, self.stall._stalling

    def checkpoint(self, index: int) -> None:
        """Remember the state before token `index`'s draws (once per batch of tokens written)."""
        self.checkpoints.append((index, self._state()))

    def rewind(self, index: int, idle: int) -> None:
        """Back to the state after token `index`'s first `idle` refusals."""
        at, (state, self.stall._run_left, self.stall._stalling) = max(c for c in self.checkpoints if c[0] <= index)
        self.rng.setstate(state)
        for _ in range(at, index):
            self.gap()
        for _ in range(idle):
            if self.stall.go():
                raise AssertionError("idle replay: a refusal the source counted is a go on replay")
        self.checkpoints.clear()

    def idle_draw(self) -> None:
        if self.width:
            self.rng.getrandbits(self.width)

    def gap(self) -> int:
        n = 0
        while not self.stall.go():
            n += 1
        if n > 0xFFFF:
            raise ValueError(f"idle run of {n} cycles does not fit the source's 16-bit gap")
        return n


class ReplaySource(SvSource):
    """A `dfv_chan_source` in gap mode: tokens and their idle cycles (`IdleReplay`) are written into its
    RAMs, at most `depth` unsent; the rest wait in `backlog` and are written as the source's half events
    come (`refill`)."""

    def configure(self, tb: GpiTB, spec: ChannelSpec, handle, pattern: Pattern,  # type: ignore[override]
                  rng: random.Random, depth: int) -> None:
        self.tb, self.spec, self.h, self.depth = tb, spec, handle, depth
        self.written = 0
        self.tokens: dict[int, object] = {}  # by index since the harness was built (its wr_count)
        self.backlog: list = []
        self.replay = IdleReplay(spec, pattern, rng)
        self.unsettled = False  # tokens were written since the driver's queue last ran dry (or a reset)
        self.queue = self
        warm(handle, "ram", "wr_count", "rd_count_q", "valid_q", "idle_q", "gap_mode")
        tb.setup.append(self._setup)
        tb.reset_listeners.append(self._on_reset)

    def _setup(self) -> None:
        self.h.gap_mode.value = 1

    def extend(self, tokens) -> None:
        """`queue.extend` of the per-cycle driver: offer `tokens` after those already queued."""
        self.put(list(tokens))

    def __len__(self) -> int:
        return self.pending

    def _sv_pending(self) -> int:
        return (self.written - try_u(self.h.rd_count_q, self.written)) + (1 if self.busy else 0)

    def put(self, tokens: list) -> None:
        if not tokens:
            return
        if self.unsettled and not self.backlog and self._sv_pending() == 0:
            self.replay.idle_draw()  # the per-cycle driver's queue ran dry after its last token
        self.unsettled = True
        self.backlog += tokens
        self.refill()

    def refill(self) -> None:
        """Write backlog tokens while the source has room for them."""
        room = self.depth - (self.written - try_u(self.h.rd_count_q, self.written))
        n = min(room, len(self.backlog))
        if n <= 0:
            return
        self.replay.checkpoint(self.written)
        shift = self.spec.word_width
        for tok in self.backlog[:n]:
            self.h.ram[self.written % self.depth].value = self.replay.gap() << shift | self.spec.pack(tok)
            self.tokens[self.written] = tok
            self.written += 1
        del self.backlog[:n]
        self.h.wr_count.value = self.written & MASK32

    def _on_reset(self) -> None:
        presented = try_u(self.h.rd_count_q, self.written)
        if presented < self.written:  # a token not yet offered: the driver drew only its refusals so far
            self.replay.rewind(presented, try_u(self.h.idle_q))
        elif self.unsettled and not self.busy:
            self.replay.idle_draw()  # the queue ran dry before the reset
        self.replay.checkpoints.clear()
        self.replay.idle_draw()  # the driver's flush
        self.backlog.clear()
        self.tokens.clear()
        self.unsettled = False
        self.written = try_u(self.h.wr_count)

    @property
    def busy(self) -> bool:
        """A token of this test on offer (before the first reset the source's registers are still random)."""
        return try_u(self.h.valid_q) == 1 and try_u(self.h.rd_count_q) - 1 in self.tokens

    @property
    def presenting(self) -> object | None:
        return self.tokens[read_int(self.h.rd_count_q) - 1] if self.busy else None

    @property
    def pending(self) -> int:
        return len(self.backlog) + self._sv_pending()


class ReadyReplay:
    """The go bits `dfv.tb.common.channel.ReadyDriver` draws, one per cycle out of reset, from the same
    generator; the `AFTER_VALID` delays from a generator of their own (see the module docstring)."""

    def __init__(self, name: str, pattern: Pattern, rng: random.Random) -> None:
        self.stall = StallGenerator(pattern, rng)
        self.delay_rng = random.Random(f"{name}:delay:{rng.getstate()[1][:8]}")

    def word(self) -> int:
        return sum(1 << b for b in range(32) if self.stall.go())

    def delay(self) -> int:
        return self.delay_rng.randint(*AFTER_VALID_DELAYS)


class ReplaySink(SvSink):
    """A `dfv_chan_sink` in exact mode: go bits and delays written ahead of use (`refill`)."""

    def configure(self, tb: GpiTB, spec: ChannelSpec, handle, pattern: Pattern,  # type: ignore[override]
                  rng: random.Random, consumer: Consumer) -> None:
        self.spec, self.h = spec, handle
        self.replay = ReadyReplay(spec.name, pattern, rng)
        self.words = 0
        self.delays = 0
        self.after = consumer is Consumer.AFTER_VALID
        warm(handle, "mode", "exact", "go_ram", "delay_ram", "go_avail", "delay_avail", "pos_q", "dpos_q",
             "underrun_q")

        def setup() -> None:  # in reset, where the positions stand still: a new test starts from bit 0
            handle.mode.value = self.MODES[consumer]
            handle.exact.value = 1
            for reg in (handle.pos_q, handle.dpos_q, handle.underrun_q, handle.go_avail, handle.delay_avail):
                reg.value = 0
            self.refill(0, 0)  # (the registers read back their new values only after this time step)

        tb.setup.append(setup)

    def refill(self, pos: int | None = None, dpos: int | None = None) -> None:
        """Write go bits and delays up to a ring ahead of `pos` / `dpos` (default: the sink's positions)."""
        if pos is None and try_u(self.h.underrun_q):
            raise RuntimeError(f"{self.spec.name}: the sink used a go bit or delay Python had not written")
        limit = (try_u(self.h.pos_q) if pos is None else pos) // 32 + GO_WORDS
        while self.words < limit:
            self.h.go_ram[self.words % GO_WORDS].value = self.replay.word()
            self.words += 1
        self.h.go_avail.value = min(self.words * 32, MASK32)
        if self.after:
            limit = (try_u(self.h.dpos_q) if dpos is None else dpos) + DELAY_DEPTH
            while self.delays < limit:
                self.h.delay_ram[self.delays % DELAY_DEPTH].value = self.replay.delay()
                self.delays += 1
            self.h.delay_avail.value = self.delays & MASK32


class LogAtInitTrace(AtInitTrace):
    """`AtInitTrace` read from the harness's `dfv_change_log` (`drain`) instead of sampled every cycle."""

    def __init__(self, tb: GpiTB, handle, log) -> None:  # noqa: D107 (no per-cycle sampler)
        self.tb, self.handle, self.log = tb, handle, log
        self.changes: dict[int, list[tuple[int, int | None]]] = {}
        self.last_cycle: dict[int, int] = {}
        self._read = 0
        warm(log, "log", "count_q")
        tb.reset_listeners.append(self._on_reset)

    def drain(self, epoch: int | None = None) -> None:
        epoch = self.tb.epoch if epoch is None else epoch
        changes = self.changes.setdefault(epoch, [])
        n = read_int(self.log.count_q)
        if n - self._read > LOG_DEPTH:
            raise RuntimeError(f"at_init change log overrun ({n - self._read} entries unread, {LOG_DEPTH} kept)")
        for k in range(self._read, n):
            bits = read_bits(self.log.log[k % LOG_DEPTH])
            unknown, value, cycle = bits[0] == "1", int(bits[1]), int(bits[2:], 2)
            changes.append((cycle, None if unknown else value))
        self._read = n

    def _on_reset(self) -> None:
        if self.tb.epoch > 1:
            self.drain(self.tb.epoch - 1)
            self.last_cycle[self.tb.epoch - 1] = self.tb.cycle - 1
        self._read = 0

    def finish(self) -> None:
        """At the end of the run: the logged changes, and the current cycle's value (logged at the next edge)."""
        self.drain()
        changes = self.changes.setdefault(self.tb.epoch, [])
        try:
            value: int | None = read_int(self.handle)
        except SignalXError:
            value = None
        if not changes or changes[-1][1] != value:
            changes.append((self.tb.cycle, value))
        self.last_cycle[self.tb.epoch] = self.tb.cycle


class SvCorruptingMonitor(CorruptingPublish, SvChannelMonitor):
    """`dfv.tb.common.faults.CorruptingMonitor` on the SystemVerilog agents."""


class SvOpTB(GpiTB):
    """The bench of a harness: `reset_after` holds the harness's drivers at the edge the per-cycle drivers
    skip (its `hold`), so a reset mid-run leaves both kinds of agent in the same state."""

    async def reset_after(self, n: int) -> None:
        await self.cycles(n - 1)
        await FallingEdge(self.clk)
        self.dut.hold.value = 1
        await self.reset()
        self.dut.hold.value = 0


class SvOpEnv(HarnessAgents, OpEnv):
    """`OpEnv` on the harness's agents; `drain` sleeps until the run control raises attention."""

    SOURCE, SINK = ReplaySource, ReplaySink
    SOURCE_DEPTH, LOG_DEPTH = SOURCE_DEPTH, LOG_DEPTH

    def make_tb(self) -> SvOpTB:
        return SvOpTB(cocotb.top, cocotb.top.ctl.cycle_q, clock_from_python=False)  # the harness has its clock

    def build_agents(self, traffic: TrafficConfig, seed: int) -> None:
        super().build_agents(traffic, seed)
        self.ctl = RunControl(self.tb, cocotb.top.ctl)
        self.xfers = [getattr(cocotb.top, f"mon_{agent_key(c)}_xfer") for c in self.cfg.channels]

    def make_at_init_trace(self) -> LogAtInitTrace | None:
        if not has_at_init():
            return None
        return LogAtInitTrace(self.tb, cocotb.top.at_init, getattr(cocotb.top, AT_INIT_LOG))

    def service(self) -> None:
        """What the agents asked for: refill sources and sinks, read every log."""
        for src in self.inputs.values():
            src.refill()
        for snk in self.readies.values():
            snk.refill()
        for mon in self.monitors.values():
            mon.drain()
        if self.at_init_trace is not None:
            self.at_init_trace.drain()

    async def drain(self) -> None:
        """As `OpEnv.drain`, judged at the cycles where its per-cycle watcher would have ended the run: with
        L the last cycle with a transfer (or the cycle before the drain began), the run ends at L +
        `drain_quiet` once every input token was taken, and aborts at L + `deadlock_cycles` (a deadlock)
        or `max_cycles` after the drain began (a runaway). Python sleeps until the next of these (the run
        control's wake cycle), a transfer followed by `drain_quiet` quiet cycles (its probe), or an agent's
        event, and lands in the cycle itself (at its falling edge: what a transfer in it does is not logged
        yet, so the transfer wires are read too)."""
        tb, cfg, ctl = self.tb, self.cfg, self.ctl
        start = tb.cycle
        base = start - 1
        max_at = start + cfg.max_cycles
        ctl.arm(start + cfg.drain_quiet - 1, max(1, cfg.drain_quiet - 1))
        aborted: str | None = None
        while True:
            now = tb.cycle
            self.service()
            last = max([base] + [m.last_cycle for m in self.monitors.values() if m.last_cycle is not None])
            if any(try_u(x) for x in self.xfers):
                last = now
            quiet = now - last
            pending = any(d.pending for d in self.inputs.values())
            if not pending and quiet >= cfg.drain_quiet:
                if quiet > cfg.drain_quiet:
                    raise AssertionError(f"{cfg.name}: the drain woke {quiet - cfg.drain_quiet} cycle(s) after the "
                                         "run's end (a harness timing error)")
                break
            if quiet >= cfg.deadlock_cycles:
                aborted = self.deadlock_message(quiet, now)
                break
            if now - start >= cfg.max_cycles:
                aborted = self.runaway_message()
                break
            # the end at L + drain_quiet is the probe's (it fires when the run has been quiet for
            # drain_quiet - 1 cycles, so Python lands in the next one), except before any transfer
            deadlines = [last + cfg.deadlock_cycles, max_at]
            if last == base:
                deadlines.append(last + cfg.drain_quiet)
            ctl.set_wake(max(now + 1, min(deadlines)))
            await ctl.wait()
        for mon in self.monitors.values():
            mon.collect_errors()
        if self.at_init_trace is not None:
            self.at_init_trace.finish()
        if aborted is not None:
            raise RunAborted(aborted)


def sv_env(env: type[OpEnv]) -> type[OpEnv]:
    """The environment class of a test on a harness: `SvOpEnv` for the generic `OpEnv` (an environment
    with agents of its own, a memory model, has no harness)."""
    if env is not OpEnv:
        raise TypeError(f"{env.__name__} has agents of its own: its suite cannot run on a harness")
    return SvOpEnv

