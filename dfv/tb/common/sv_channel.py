"""Transaction-level Python sides of the channel agents of dfv/tb/hdl (`dfv_chan_source`, `dfv_chan_sink`,
`dfv_chan_monitor`). Python configures the agents before the reset is released, fills the sources' token
RAMs and reads the monitors' logs only when the run control raises attention (`dfv.tb.common.sv_bench`), so a
run costs Python nothing per cycle; the agents draw their idle cycles and back-pressure themselves.

What the scoreboards and coverage use: `SvChannelMonitor` publishes `Observed` tokens in order and keeps
`count`, `first_cycle` / `last_cycle`, `stall_runs`, `protocol_errors`, `holding()`; `SvSource` takes tokens
(`put`) and says how many are `pending` and which one it is `presenting`.
"""

from __future__ import annotations

import random

import cocotb
from pyuvm import uvm_analysis_port, uvm_component

from dfv.tb.common import protocol
from dfv.tb.common.bench import TB
from dfv.tb.common.channel_spec import ChannelSpec, Observed
from dfv.tb.common.signals import read_bits, read_int, try_u
from dfv.tb.common.sv_bench import GEN_REGS, MASK32, warm, write_pattern
from dfv.tb.common.traffic import Consumer, Pattern


def x_idle_supported() -> bool:
    """Whether a source drives its idle data X (a four-state simulator: Icarus) rather than garbage only."""
    return "icarus" in str(getattr(cocotb, "SIM_NAME", "") or "").lower()


class SvSource(uvm_component):
    """Python side of a `dfv_chan_source`: tokens are written into its RAM, at most `depth` unsent; the rest
    wait in `backlog` and are written as the source's half events come (`refill`). The idle pattern is
    configured at setup."""

    def configure(self, tb: TB, spec: ChannelSpec, handle, pattern: Pattern, rng: random.Random,
                  depth: int) -> None:
        self.tb, self.spec, self.h, self.depth = tb, spec, handle, depth
        self.written = 0  # tokens written since the harness was built (its wr_count)
        self.tokens: dict[int, object] = {}  # by index since the harness was built
        self.backlog: list = []
        warm(handle, "ram", "wr_count", "rd_count_q", "valid_q")
        warm(handle.gen, *GEN_REGS)
        tb.setup.append(lambda: write_pattern(handle.gen, pattern, rng))
        tb.reset_listeners.append(self._on_reset)

    def _on_reset(self) -> None:
        """The reset drops every token not yet taken."""
        self.backlog.clear()
        self.tokens.clear()
        self.written = try_u(self.h.wr_count)

    def put(self, tokens) -> None:
        """Offer `tokens` after those already queued."""
        self.backlog += list(tokens)
        self.refill()

    def refill(self) -> None:
        """Write backlog tokens while the source has room for them."""
        room = self.depth - (self.written - try_u(self.h.rd_count_q, self.written))
        n = min(room, len(self.backlog))
        if n <= 0:
            return
        for tok in self.backlog[:n]:
            self.h.ram[self.written % self.depth].value = self.spec.pack(tok)
            self.tokens[self.written] = tok
            self.written += 1
        del self.backlog[:n]
        self.h.wr_count.value = self.written & MASK32

    def epoch_tokens(self) -> list:
        """Every token queued since the last reset, in order: taken, on offer, written and in the backlog."""
        return [self.tokens[i] for i in sorted(self.tokens)] + self.backlog

    @property
    def busy(self) -> bool:
        """A token of this test on offer (before the first reset the source's registers are still random)."""
        return try_u(self.h.valid_q) == 1 and try_u(self.h.rd_count_q) - 1 in self.tokens

    @property
    def presenting(self) -> object | None:
        """The token on offer, None when there is none."""
        return self.tokens[read_int(self.h.rd_count_q) - 1] if self.busy else None

    @property
    def pending(self) -> int:
        """Tokens not yet taken by the DUT (offered, written and not yet offered, or in the backlog)."""
        unsent = self.written - try_u(self.h.rd_count_q, self.written)
        return len(self.backlog) + unsent + (1 if self.busy else 0)


class SvSink(uvm_component):
    """Python side of a `dfv_chan_sink`: the consumer mode and pattern, written at setup."""

    MODES = {Consumer.EAGER: 0, Consumer.WHILE_VALID: 1, Consumer.AFTER_VALID: 2}

    def configure(self, tb: TB, spec: ChannelSpec, handle, pattern: Pattern, rng: random.Random,
                  consumer: Consumer) -> None:
        self.spec, self.h = spec, handle
        warm(handle, "mode")
        warm(handle.gen, *GEN_REGS)

        def setup() -> None:
            handle.mode.value = self.MODES[consumer]
            write_pattern(handle.gen, pattern, rng)

        tb.setup.append(setup)


class SvChannelMonitor(uvm_component):
    """Python side of a `dfv_chan_monitor`: `drain()` publishes the logged transfers in order,
    `collect_errors()` turns the protocol checks' counts into `protocol_errors` (the first occurrence of each
    kind, with the count of further ones)."""

    def __init__(self, name, parent):
        super().__init__(name, parent)
        self.ap = uvm_analysis_port("ap", self)

    def configure(self, tb: TB, spec: ChannelSpec, handle, valid, depth: int) -> None:
        self.tb, self.spec, self.h, self._valid, self.depth = tb, spec, handle, valid, depth
        self.width = spec.word_width
        self.count = 0
        self.first_cycle: int | None = None
        self.last_cycle: int | None = None
        self.protocol_errors: list[str] = []
        self.stall_runs: list[int] = []
        self._read = 0
        warm(handle, "count_q", "xfer_log", "first_valid_q", "first_valid_cycle_q", "drop_count_q", "drop_cycle_q",
             "change_count_q", "change_cycle_q", "change_old_q", "change_new_q", "idlex_count_q", "idlex_cycle_q",
             "ready_count_q", "low_count_q", "low_cycle_q")
        tb.reset_listeners.append(self._on_reset)

    def _on_reset(self) -> None:
        if self.tb.epoch > 1:  # the first reset: nothing logged yet
            self.drain(self.tb.epoch - 1)
            self.collect_errors()
        self._read = 0

    def publish(self, obs: Observed) -> None:
        """Send one observed token to the subscribers (the corrupted-DUT tests override this)."""
        self.ap.write(obs)

    def drain(self, epoch: int | None = None) -> None:
        """Publish the transfers logged since the last drain (as of epoch `epoch`, default the current)."""
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

    def ready_cycles(self) -> int:
        """Cycles ready was high since the reset (the first cycle after it excluded)."""
        return try_u(self.h.ready_count_q)

    def valid_low(self) -> tuple[int, int]:
        """Cycles valid was low since the reset (the first cycle after it excluded), and the first of them."""
        return try_u(self.h.low_count_q), try_u(self.h.low_cycle_q)

    def collect_errors(self) -> None:
        """The protocol checks' findings since the reset, into `protocol_errors`."""
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
        """Whether the channel offers a token now."""
        return try_u(self._valid) == 1

    def throughput(self) -> float:
        """Tokens per cycle from the first to the last transfer (0 when fewer than two)."""
        if self.count < 2 or self.first_cycle is None or self.last_cycle is None:
            return 0.0
        return self.count / (self.last_cycle - self.first_cycle + 1)
