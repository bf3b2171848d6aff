"""What an operation suite tests: which of the kit's modules the design under test plays, at which of the
kit's parameters, and how its ports carry the kit's channels (`PortMap`).

The kit's own modules are named the kit's way: a channel port `p` is `p_data` / `p_valid` / `p_ready`
(lanes packed into one vector each), the clock `clk`, an active-high synchronous reset `rst`, the idle
flag `at_init`. Another team's primitive keeps its own names: a `PortMap` says, for each of the kit's
channel ports, which of the module's ports carry it (packed vectors, or one port per lane with `{i}` in
the name), and names the clock, the reset and its polarity, the optional ports it has (`at_init`, the
error ports) and its parameters, the way cocotbext-axi's `Bus.from_prefix` maps a bus onto a module.

The host hands a run's `Dut` to the simulator's Python in `$DFV_DUT` (`to_env`); the testbench reads it
with `current()`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field

DUT_ENV = "DFV_DUT"
LANE = "{i}"  # in a port name: one port per lane, `{i}` the lane's index


class PortMapError(ValueError):
    """A port map that does not fit its module or the kit's channels."""


@dataclass(frozen=True)
class ChannelPorts:
    """The module's ports of one of the kit's channel ports: data (None: a control channel, or no data
    port), valid and ready. A name with `{i}` is one port per lane; without, lanes are packed in one vector
    (lane 0 in the low bits)."""

    data: str | None
    valid: str
    ready: str

    def __post_init__(self) -> None:
        names = [n for n in (self.data, self.valid, self.ready) if n is not None]
        if len({LANE in n for n in names}) > 1:
            raise PortMapError(f"ports {names}: either every one or none of them has one port per lane ({LANE})")

    @property
    def per_lane(self) -> bool:
        return LANE in self.valid

    def lane(self, name: str, i: int) -> str:
        return name.replace(LANE, str(i))


@dataclass(frozen=True)
class LoadPort:
    """One load port of a circuit's external memory: the address channel out of the circuit, the data channel into
    it (answers in the order of the addresses)."""

    addr: ChannelPorts
    data: ChannelPorts


@dataclass(frozen=True)
class StorePort:
    """One store port: the request channel out of the circuit, its data a packed {address, data} (address in the
    high bits), and the done channel (control) into it, one token per store the memory took."""

    request: ChannelPorts
    done: ChannelPorts


@dataclass(frozen=True)
class PortMap:
    """How a module's ports carry the kit's channels and signals (see the module docstring).

    `channels`: kit channel port -> the module's ports (a port not listed is named the kit's way);
    `clock`, `reset`: the module's clock and reset ports, None when it has none (a combinational unit);
    `signals`: any other kit port (`err_valid`, `err_code`, a sideband) -> the module's name;
    `at_init`: the module's idle flag, None when it has none (the `at_init` checks are then skipped);
    `errors`: whether it has the kit's sticky error ports (`err_valid` / `err_code`; without them the
    final-status checks against the model's error are skipped);
    `params`: kit parameter -> the module's parameter (a parameter not listed keeps its name).
    """

    channels: Mapping[str, ChannelPorts] = field(default_factory=dict)
    clock: str | None = "clk"
    reset: str | None = "rst"
    reset_active_low: bool = False
    at_init: str | None = "at_init"
    errors: bool = True
    signals: Mapping[str, str] = field(default_factory=dict)
    params: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_prefixes(cls, channels: Mapping[str, str], data: str = "", valid: str = "_valid",
                      ready: str = "_ready", control: tuple[str, ...] = (), **kw) -> PortMap:
        """A map whose channel `p` is the module's `<prefix><data>`, `<prefix><valid>`, `<prefix><ready>`
        for `channels[p]` = prefix (Dynamatic's and CIRCT's `ins` / `ins_valid` / `ins_ready` style: `data`
        empty); the kit ports in `control` have no data port. Other fields as the constructor's."""
        return cls({p: ChannelPorts(None if p in control else f"{pre}{data}", f"{pre}{valid}", f"{pre}{ready}")
                    for p, pre in channels.items()}, **kw)

    def channel(self, port: str) -> ChannelPorts:
        """The module's ports of kit channel port `port`."""
        return self.channels.get(port) or ChannelPorts(f"{port}_data", f"{port}_valid", f"{port}_ready")

    def signal(self, name: str) -> str:
        """The module's name of kit port `name` (not a channel's)."""
        return self.signals.get(name, name)

    def clock_reset(self) -> dict[str, str]:
        """The module's clock and reset ports -> what a harness drives them with (its `clk`, and its active-high
        `rst`, inverted for an active-low reset); a port the module lacks (None) is left out."""
        conn = {} if self.clock is None else {self.clock: "clk"}
        if self.reset is not None:
            conn[self.reset] = "~rst" if self.reset_active_low else "rst"
        return conn

    def module_params(self, params: Mapping[str, int]) -> dict[str, int]:
        """The module's parameter overrides for the kit's `params`."""
        return {self.params.get(k, k): v for k, v in params.items()}

    def to_json(self) -> dict:
        return {"channels": {p: [c.data, c.valid, c.ready] for p, c in self.channels.items()}, "clock": self.clock,
                "reset": self.reset, "reset_active_low": self.reset_active_low, "at_init": self.at_init,
                "errors": self.errors, "signals": dict(self.signals), "params": dict(self.params)}

    @classmethod
    def from_json(cls, d: Mapping) -> PortMap:
        return cls({p: ChannelPorts(*c) for p, c in d["channels"].items()}, d["clock"], d["reset"],
                   d["reset_active_low"], d["at_init"], d["errors"], d["signals"], d["params"])


KIT_PORTS = PortMap()


@dataclass(frozen=True)
class Dut:
    """The design under test of an operation suite: the kit module it plays (whose golden model,
    channels, sequences, coverage and documented rate apply), the kit's parameters, its port map, and the
    full-rate throughput it claims where that differs from the kit module's documented one (`rates`:
    channel -> tokens per cycle; the bench tests check these instead, channel by channel)."""

    plays: str
    params: Mapping[str, int]
    ports: PortMap = KIT_PORTS
    rates: Mapping[str, float] = field(default_factory=dict)

    def to_env(self) -> str:
        return json.dumps({"plays": self.plays, "params": dict(self.params), "ports": self.ports.to_json(),
                           "rates": dict(self.rates)})

    @classmethod
    def from_env(cls, text: str) -> Dut:
        d = json.loads(text)
        return cls(d["plays"], d["params"], PortMap.from_json(d["ports"]), d["rates"])


def current() -> Dut:
    """The design under test of this simulation (`$DFV_DUT`, set by `dfv.sim.run.run_tests`)."""
    text = os.environ.get(DUT_ENV)
    if not text:
        raise RuntimeError(f"${DUT_ENV} is not set: the run was not started by dfv.sim.run.run_tests")
    return Dut.from_env(text)


def has_at_init() -> bool:
    """Whether the design under test has an idle flag to check (outside a suite's run: the kit's modules do)."""
    return DUT_ENV not in os.environ or current().ports.at_init is not None
