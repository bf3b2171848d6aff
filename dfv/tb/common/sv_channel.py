"""Transaction-level Python sides of the channel agents of dfv/tb/hdl (`dfv_chan_source`, `dfv_chan_sink`,
`dfv_chan_monitor`), and `HarnessAgents`, which makes one per channel of a harness (an operation's,
`dfv.tb.common.op_harness`, or a generated top's, `dfv.tb.kernel.harness`). Python configures the agents
before the reset is released, fills their token RAMs and reads their logs only when the run control raises
attention (`dfv.tb.common.sv_bench`), so a run costs Python nothing per cycle.

The classes keep the contract of the per-cycle ones (dfv/tb/common/channel.py) the scoreboards and
coverage use: `SvChannelMonitor` publishes `Observed` tokens in order and keeps `count`, `first_cycle` /
`last_cycle`, `stall_runs`, `protocol_errors`, `holding()`; `SvSource` has a `queue` to extend and
`pending`.
"""

from __future__ import annotations

import random

import cocotb
from pyuvm import uvm_component

from dfv.tb.common import protocol
from dfv.tb.common.channel import ChannelMonitor, ChannelSpec, Observed
from dfv.tb.common.op_harness import agent_key
from dfv.tb.common.signals import read_bits, read_int
from dfv.tb.common.sv_bench import GEN_REGS, MASK32, GpiTB, try_u, warm, write_pattern
from dfv.tb.common.traffic import Consumer, Pattern, channel_rng


class _SourceQueue:
    """`SvSource.queue`: extending it writes the tokens into the source's RAM."""

    def __init__(self, source: SvSource) -> None:
        self.source = source

    def extend(self, tokens) -> None:
        self.source.put(list(tokens))

    def __len__(self) -> int:
        return self.source.pending


class SvSource(uvm_component):
    """Python side of a `dfv_chan_source`: tokens written into its RAM, the pattern configured at setup."""

    def configure(self, tb: GpiTB, spec: ChannelSpec, handle, pattern: Pattern, rng: random.Random,
                  depth: int) -> None:
        if spec.sideband or spec.lane is not None:
            raise ValueError(f"{spec.name}: the SystemVerilog source drives whole unpacked channels only")
        self.tb, self.spec, self.h, self.depth = tb, spec, handle, depth
        self.written = 0
        self.tokens: list = []
        self.queue = _SourceQueue(self)
        warm(handle, "ram", "wr_count", "rd_count_q", "valid_q")
        warm(handle.gen, *GEN_REGS)
        tb.setup.append(lambda: write_pattern(handle.gen, pattern, rng))
        tb.reset_listeners.append(self._on_reset)

    def _on_reset(self) -> None:
        self.written = try_u(self.h.wr_count)  # the reset drops whatever was not taken

    def put(self, tokens: list) -> None:
        if self.pending + len(tokens) > self.depth:
            raise ValueError(f"{self.spec.name}: {self.pending + len(tokens)} tokens pending, the source holds "
                             f"{self.depth}")
        for tok in tokens:
            self.h.ram[self.written % self.depth].value = 0 if tok is None else int(tok)
            self.tokens.append(tok)
            self.written += 1
        self.h.wr_count.value = self.written & MASK32

    @property
    def busy(self) -> bool:
        return try_u(self.h.valid_q) == 1

    @property
    def presenting(self) -> object | None:
        if not self.busy:
            return None
        return self.tokens[(read_int(self.h.rd_count_q) - 1) % len(self.tokens)] if self.tokens else None

    @property
    def pending(self) -> int:
        """Tokens not yet taken by the DUT (offered or not yet offered)."""
        return (self.written - try_u(self.h.rd_count_q, self.written)) + (1 if self.busy else 0)


class SvSink(uvm_component):
    """Python side of a `dfv_chan_sink`: the consumer mode and pattern, written at setup."""

    MODES = {Consumer.EAGER: 0, Consumer.WHILE_VALID: 1, Consumer.AFTER_VALID: 2}

    def configure(self, tb: GpiTB, spec: ChannelSpec, handle, pattern: Pattern, rng: random.Random,
                  consumer: Consumer) -> None:
        self.spec, self.h = spec, handle
        warm(handle, "mode")
        warm(handle.gen, *GEN_REGS)

        def setup() -> None:
            handle.mode.value = self.MODES[consumer]
            write_pattern(handle.gen, pattern, rng)

        tb.setup.append(setup)


class SvChannelMonitor(ChannelMonitor):
    """Python side of a `dfv_chan_monitor`: `drain()` publishes the logged transfers in order,
    `collect_errors()` turns the protocol checks' counts into `protocol_errors` (the messages of
    `ChannelMonitor`, the first occurrence of each kind, with the count of further ones)."""

    def configure(self, tb: GpiTB, spec: ChannelSpec, handle, valid, depth: int) -> None:  # type: ignore[override]
        self.tb, self.spec, self.h, self._valid, self.depth = tb, spec, handle, valid, depth
        self.width = spec.word_width
        self.count = 0
        self.first_cycle: int | None = None
        self.last_cycle: int | None = None
        self.protocol_errors: list[str] = []
        self.stall_runs: list[int] = []
        self._read = 0
        warm(handle, "count_q", "xfer_log", "first_valid_q", "first_valid_cycle_q", "drop_count_q", "drop_cycle_q",
             "change_count_q", "change_cycle_q", "change_old_q", "change_new_q", "idlex_count_q", "idlex_cycle_q")
        tb.reset_listeners.append(self._on_reset)

    def _on_reset(self) -> None:
        if self.tb.epoch > 1:  # the first reset: nothing logged yet
            self.drain(self.tb.epoch - 1)
            self.collect_errors()
        self._read = 0

    def drain(self, epoch: int | None = None) -> None:
        epoch = self.tb.epoch if epoch is None else epoch
        n = read_int(self.h.count_q)
        if n - self._read > self.depth:
            raise RuntimeError(f"{self.spec.name}: transfer log overrun ({n - self._read} entries unread, "
                               f"{self.depth} kept)")
        w = self.width
        for k in range(self._read, n):
            bits = read_bits(self.h.xfer_log[k % self.depth]).lower()
            waited, cycle, data = int(bits[:-(w + 32)], 2), int(bits[-(w + 32):-w], 2), bits[-w:]
            if data.strip("01"):  # X or Z bits
                self.protocol_errors.append(f"{self.spec.name}: token taken at cycle {cycle} has data {data} "
                                            "(X or Z while valid)")
                token = self.spec.unpack(int(data.replace("x", "0").replace("z", "0"), 2))
            else:
                token = self.spec.unpack(int(data, 2))
            self.count += 1
            self.stall_runs.append(waited)
            if self.first_cycle is None:
                self.first_cycle = cycle
            self.last_cycle = cycle
            self.publish(Observed(self.spec.name, token, cycle, epoch, waited))
        self._read = n

    def first_valid(self) -> int | None:
        """The first cycle valid was high since the reset (None: never)."""
        return read_int(self.h.first_valid_cycle_q) if try_u(self.h.first_valid_q) == 1 else None

    def collect_errors(self) -> None:
        name, h = self.spec.name, self.h
        n = try_u(h.drop_count_q)
        if n:
            self.protocol_errors.append(protocol.valid_dropped(name, read_int(h.drop_cycle_q)) + protocol.more(n))
        n = try_u(h.change_count_q)
        if n:
            old, new = read_int(h.change_old_q), read_int(h.change_new_q)
            self.protocol_errors.append(protocol.data_changed(name, old, new, read_int(h.change_cycle_q))
                                        + protocol.more(n))
        n = try_u(h.idlex_count_q)
        if n:
            self.protocol_errors.append(protocol.ready_x(name, read_int(h.idlex_cycle_q), f"{name}_ready is X")
                                        + protocol.more(n))

    def holding(self) -> bool:
        return try_u(self._valid) == 1


class HarnessAgents:
    """`OpEnv.build_agents` on a harness: per channel `c` (key `k`, `dfv.tb.common.op_harness.agent_key`) the
    harness's `src_<k>` or `snk_<k>` and `mon_<k>`, driven and read by the classes `SOURCE`, `SINK`,
    `MONITOR` (factory overrides of those apply) with `SOURCE_DEPTH` tokens and `LOG_DEPTH` log entries: the
    depths its harness generator gave the agents, which each user sets."""

    SOURCE: type[SvSource] = SvSource
    SINK: type[SvSink] = SvSink
    MONITOR: type[SvChannelMonitor] = SvChannelMonitor
    SOURCE_DEPTH: int
    LOG_DEPTH: int

    def build_agents(self, traffic, seed: int) -> None:
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
