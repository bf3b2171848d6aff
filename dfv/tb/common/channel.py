"""The reusable channel agent: driver, ready driver and monitor of one valid/ready channel.

Generic in width and naming: a `ChannelSpec` names the RTL channel (`<port>_data/_valid/_ready`),
its width (0 for control-only channels, whose tokens are `None`), its lane in a packed
multi-channel port, and optional sideband inputs driven together with each token (for example the
`cont_cond` configuration of `dataflow_stream`, latched with the activation). All three components
hook into the `TB` loop: they sample mid-cycle and drive after the rising edge.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

import cocotb
from pyuvm import uvm_analysis_port, uvm_component

from dfv.tb.common import protocol
from dfv.tb.common.bench import TB
from dfv.tb.common.signals import PackedSignal, SignalXError, read_int
from dfv.tb.common.traffic import AFTER_VALID_DELAYS, Consumer, Pattern, StallGenerator


@dataclass(frozen=True)
class ChannelSpec:
    """One handshake channel of a DUT, from the DUT's point of view (`is_input`)."""

    port: str
    width: int
    is_input: bool
    lane: int | None = None
    lanes: int = 1
    sideband: tuple[tuple[str, int], ...] = ()

    @property
    def name(self) -> str:
        """The channel's name in the golden model: `port`, or `port[i]` for a lane."""
        return self.port if self.lane is None else f"{self.port}[{self.lane}]"

    # A token as one word (the SystemVerilog agents' data, dfv.tb.common.op_harness): the data in the low
    # `width` bits, each sideband above it in order; a control channel's word is one unused bit.
    @property
    def word_width(self) -> int:
        return max(1, self.width + sum(w for _sig, w in self.sideband))

    def pack(self, token: object) -> int:
        """The word of `token` (a tuple of the data and the sidebands' values when there are sidebands)."""
        if not self.sideband:
            return 0 if token is None else int(token)
        data, *extra = token
        word, lo = int(data or 0), self.width
        for (_sig, w), value in zip(self.sideband, extra, strict=True):
            word |= (int(value) & ((1 << w) - 1)) << lo
            lo += w
        return word

    def unpack(self, word: int) -> object:
        """The inverse of `pack`: a control token is None, a token with sidebands a tuple."""
        if not self.sideband:
            return word if self.width else None
        data, lo, extra = word & ((1 << self.width) - 1), self.width, []
        for _sig, w in self.sideband:
            extra.append(word >> lo & ((1 << w) - 1))
            lo += w
        return (data if self.width else None, *extra)


@dataclass(frozen=True)
class Observed:
    """A token seen crossing a channel: value, cycle, reset epoch, and how many cycles it was offered
    before it was taken (`waited`: it was first offered in cycle `cycle - waited`)."""

    channel: str
    token: object
    cycle: int
    epoch: int
    waited: int = 0


class _ChannelSignals:
    """valid/ready/data access for one lane of a (possibly packed) channel."""

    def __init__(self, dut, spec: ChannelSpec) -> None:
        self.spec = spec
        self.lane = spec.lane or 0
        self.valid = PackedSignal.of(dut, f"{spec.port}_valid")
        self.ready = PackedSignal.of(dut, f"{spec.port}_ready")
        self.data = PackedSignal.of(dut, f"{spec.port}_data") if spec.width else None
        self.sideband = [(PackedSignal.of(dut, sig), w) for sig, w in spec.sideband]

    def get_valid(self) -> int:
        return self.valid.read_lane(self.lane, 1)

    def get_ready(self) -> int:
        return self.ready.read_lane(self.lane, 1)

    def get_token(self) -> object:
        data = self.data.read_lane(self.lane, self.spec.width) if self.data else None
        if not self.sideband:
            return data
        return (data, *(sig.read_lane(0, w) for sig, w in self.sideband))

    def put_token(self, token: object) -> None:
        if self.sideband:
            data, *extra = token
            for (sig, w), value in zip(self.sideband, extra, strict=True):
                sig.write_lane(0, w, value)
        else:
            data = token
        if self.data:
            self.data.write_lane(self.lane, self.spec.width, data)


def x_idle_supported() -> bool:
    """Whether idle data is driven X (a four-state simulator: Icarus) rather than garbage only."""
    return "icarus" in str(getattr(cocotb, "SIM_NAME", "") or "").lower()


class ChannelDriver(uvm_component):
    """Offers queued tokens on a DUT input, inserting seeded idle cycles between them.

    Valid stays high with stable data until the DUT takes the token. Every cycle valid is low the data
    lines and the sideband carry don't-care values, as a real producer's may: X on a four-state simulator
    (Icarus), fresh seeded garbage on Verilator (two-state), so a DUT that uses data without valid is caught
    on both (with X, its monitor also checks that the channel's ready never turns X: a ready must not depend
    on data while valid is low). Neither changes what a correct DUT does, so both simulators give the same
    results and cycles. The garbage comes from a generator of its own (`idle_rng`, seeded from `rng`'s
    state without drawing from it), so it leaves the idle-cycle pattern, and every cycle count, as they were
    without it.
    """

    def configure(self, tb: TB, spec: ChannelSpec, pattern: Pattern, rng: random.Random) -> None:
        self.tb, self.spec = tb, spec
        self.sig = _ChannelSignals(tb.dut, spec)
        self.stall = StallGenerator(pattern, rng)
        self.rng = rng
        self.idle_rng = random.Random(f"{spec.name}:idle:{rng.getstate()[1][:8]}")
        self.x_idle = x_idle_supported()
        self.queue: deque = deque()
        self.presenting: object | None = None
        self.busy = False
        self.accepted = False
        tb.samplers.append(self.sample)
        tb.drivers.append(self.drive)
        tb.reset_listeners.append(self.flush)
        self._set_idle()

    def _set_idle(self) -> None:
        self.sig.valid.write_lane(self.sig.lane, 1, 0)
        if self.sig.data:
            self.sig.data.write_lane(self.sig.lane, self.spec.width, self.rng.getrandbits(self.spec.width))
        for sig, width in self.sig.sideband:
            sig.write_lane(0, width, self.idle_rng.getrandbits(width))

    def _garbage(self) -> None:
        """Don't-care values on the data lines and the sideband (valid is low): X, or fresh garbage."""
        if self.x_idle:
            if self.sig.data:
                self.sig.data.write_lane_x(self.sig.lane, self.spec.width)
            for sig, width in self.sig.sideband:
                sig.write_lane_x(0, width)
            return
        if self.sig.data:
            self.sig.data.write_lane(self.sig.lane, self.spec.width, self.idle_rng.getrandbits(self.spec.width))
        for sig, width in self.sig.sideband:
            sig.write_lane(0, width, self.idle_rng.getrandbits(width))

    def sample(self) -> None:
        self.accepted = self.busy and self.sig.get_ready() == 1

    def drive(self) -> None:
        if self.accepted:
            self.busy = False
            self.presenting = None
            self.accepted = False
            if not self.queue:
                self._set_idle()
        if not self.busy and self.queue and self.stall.go():
            self.presenting = self.queue.popleft()
            self.busy = True
            self.sig.put_token(self.presenting)
            self.sig.valid.write_lane(self.sig.lane, 1, 1)
        elif not self.busy:
            self.sig.valid.write_lane(self.sig.lane, 1, 0)
            self._garbage()

    def flush(self) -> None:
        """Drop every queued and offered token (the DUT is being reset)."""
        self.queue.clear()
        self.busy = False
        self.presenting = None
        self.accepted = False
        self._set_idle()

    @property
    def pending(self) -> int:
        """Tokens not yet taken by the DUT (offered or queued)."""
        return len(self.queue) + (1 if self.busy else 0)


class ReadyDriver(uvm_component):
    """Drives the ready of a DUT output with seeded back-pressure, as a `Consumer` of that output would.

    `EAGER` sets ready after the rising edge from the stall pattern alone. `WHILE_VALID` and
    `AFTER_VALID` respond to the valid the DUT shows in the cycle (at the falling edge): ready only
    while valid is high, or only once valid has been high a seeded 1-3 cycles for the current token,
    and then only when the pattern allows. `WHILE_VALID` takes a token in the same cycle `EAGER` does
    with the same pattern, so it changes no cycle count of a correct DUT.
    """

    def configure(self, tb: TB, spec: ChannelSpec, pattern: Pattern, rng: random.Random,
                  consumer: Consumer = Consumer.EAGER) -> None:
        self.spec, self.consumer, self.rng = spec, consumer, rng
        self.sig = _ChannelSignals(tb.dut, spec)
        self.stall = StallGenerator(pattern, rng)
        self._seen = 0  # AFTER_VALID: cycles the current token has been valid
        self._delay = 0
        if consumer is Consumer.EAGER:
            tb.drivers.append(self.drive)
        else:
            tb.responders.append(self.respond)
            tb.reset_listeners.append(self._on_reset)
        self.sig.ready.write_lane(self.sig.lane, 1, 0)

    def drive(self) -> None:
        self.sig.ready.write_lane(self.sig.lane, 1, 1 if self.stall.go() else 0)

    def respond(self) -> None:
        go = self.stall.go()
        valid = self.sig.get_valid() == 1
        if self.consumer is Consumer.WHILE_VALID:
            ready = valid and go
        elif not valid:
            self._seen, ready = 0, False
        else:
            if self._seen == 0:
                self._delay = self.rng.randint(*AFTER_VALID_DELAYS)
            self._seen += 1
            ready = self._seen > self._delay and go
            if ready:  # taken at the next edge: the next token waits afresh
                self._seen = 0
        self.sig.ready.write_lane(self.sig.lane, 1, 1 if ready else 0)

    def _on_reset(self) -> None:
        self._seen = 0
        self.sig.ready.write_lane(self.sig.lane, 1, 0)


class ChannelMonitor(uvm_component):
    """Publishes every token that crosses a channel, and checks the handshake protocol.

    For DUT outputs it checks that once valid is raised it stays raised with the same data until
    the token is taken; a violation is recorded in `protocol_errors` (the scoreboard fails on it).
    It also records stall runs (cycles a token waited) for coverage.
    """

    def __init__(self, name, parent):
        super().__init__(name, parent)
        self.ap = uvm_analysis_port("ap", self)

    def configure(self, tb: TB, spec: ChannelSpec, idle_x: bool = False) -> None:
        """`idle_x`: the input's driver puts X on its data while valid is low, so its ready must stay known then."""
        self.tb, self.spec, self.idle_x = tb, spec, idle_x
        self.sig = _ChannelSignals(tb.dut, spec)
        self.count = 0
        self.first_cycle: int | None = None
        self.last_cycle: int | None = None
        self.protocol_errors: list[str] = []
        self.stall_runs: list[int] = []
        self._waiting: object | None = None
        self._wait_cycles = 0
        self._was_waiting = False
        tb.samplers.append(self.sample)
        tb.reset_listeners.append(self._on_reset)

    def _on_reset(self) -> None:
        self._was_waiting = False
        self._wait_cycles = 0

    def publish(self, obs: Observed) -> None:
        """Send one observed token to the subscribers (the corrupted-DUT test overrides this)."""
        self.ap.write(obs)

    def idle_ready(self) -> int:
        """An input's ready while its valid is low (a must-fail test overrides this); X raises SignalXError."""
        return self.sig.get_ready()

    def sample(self) -> None:
        if self.sig.get_valid() != 1:
            if self.idle_x:
                try:
                    self.idle_ready()
                except SignalXError as e:
                    if len(self.protocol_errors) < 3:
                        self.protocol_errors.append(protocol.ready_x(self.spec.name, self.tb.cycle, str(e)))
            if self._was_waiting and not self.spec.is_input:
                self.protocol_errors.append(protocol.valid_dropped(self.spec.name, self.tb.cycle))
            self._was_waiting = False
            return
        token = self.sig.get_token()
        if self._was_waiting and not self.spec.is_input and token != self._waiting:
            self.protocol_errors.append(protocol.data_changed(self.spec.name, self._waiting, token, self.tb.cycle))
        if self.sig.get_ready() == 1:
            waited = self._wait_cycles
            self.stall_runs.append(waited)
            self._was_waiting = False
            self._wait_cycles = 0
            self.count += 1
            if self.first_cycle is None:
                self.first_cycle = self.tb.cycle
            self.last_cycle = self.tb.cycle
            self.publish(Observed(self.spec.name, token, self.tb.cycle, self.tb.epoch, waited))
        else:
            self._was_waiting = True
            self._waiting = token
            self._wait_cycles += 1

    def throughput(self) -> float:
        """Tokens per cycle from the first to the last transfer (0 when fewer than two)."""
        if self.count < 2 or self.first_cycle is None or self.last_cycle is None:
            return 0.0
        return self.count / (self.last_cycle - self.first_cycle + 1)

    def holding(self) -> bool:
        """Whether the channel currently offers a token (read outside the ReadOnly phase is fine)."""
        return read_int(self.sig.valid.handle) >> self.sig.lane & 1 == 1
