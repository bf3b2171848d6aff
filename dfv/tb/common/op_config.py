"""What an operation environment needs to know about one DUT (`OpConfig`): its channels and external
memories, its golden model, how observed streams map onto the model's, the status it compares, and the
bounds of its run."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from dfv.golden.core import Machine
from dfv.tb.common.channel_spec import ChannelSpec, MemorySpec, channel_specs


@dataclass
class OpConfig:
    """What the generic environment needs to know about one DUT (stored in ConfigDB "OP_CONFIG").

    An operation's `channels` are those its model declares (`from_model`); observed input streams map onto the
    model's by `to_golden`. `status` lists (DUT signal, model attribute) pairs compared at the end, such as
    ("err_code", "error"); `tie_offs` are DUT inputs outside any channel held at a constant in the harness (the
    dummy channel of a memory with no load or no store port); `memories` are external-memory interfaces, each
    served by a memory model in the harness; `no_stall` names channels that never wait by design (a sink's
    input), which get no stall coverage point. A run drains `drain_quiet` quiet cycles after its last transfer,
    and is stopped as a deadlock after `deadlock_cycles` without progress, or as a runaway after
    `runaway_bound(firings)` cycles, where `firings` is how often the golden model fires on the tokens queued
    when the drain began (`dfv.tb.common.op_env`): `deadlock_cycles`, plus `interval + firing_slack` per firing,
    at most `max_cycles` (the bound where the model does not say: a module without inputs). `slots` is how many
    operations a pipelined or iterative unit holds (`OpSpec.slots`): when set, its harness has a check of its
    flow control in every cycle (`dfv_cap_chk`); 0: none. `interval` is the cycles between operations the unit
    takes at full rate (`OpSpec.interval`: 1 unless iterative); `passes`, whether a full unit takes an operation
    in the cycle its result leaves (`OpSpec.passes`).
    """

    name: str
    channels: tuple[ChannelSpec, ...]
    model: Callable[[], Machine]
    params: Mapping[str, int] = field(default_factory=dict)
    status: tuple[tuple[str, str], ...] = ()
    tie_offs: tuple[tuple[str, int], ...] = ()
    memories: tuple[MemorySpec, ...] = ()
    no_stall: tuple[str, ...] = ()
    drain_quiet: int = 48
    deadlock_cycles: int = 2000
    max_cycles: int = 20_000
    firing_slack: int = 64
    slots: int = 0
    interval: int = 1
    passes: bool = True

    @classmethod
    def from_model(cls, name: str, model: Callable[[], Machine], params: Mapping[str, int], **fields) -> OpConfig:
        """The configuration of operation module `name` on golden machines `model()`, with the channels the
        machine declares (`dfv.tb.common.channel_spec.channel_specs`); `fields` are the other settings."""
        return cls(name, channel_specs(model()), model, params, **fields)

    def runaway_bound(self, firings: int) -> int:
        """The drain's runaway bound for a run whose queued tokens make the golden model fire `firings` times:
        every firing may take its `interval` and `firing_slack` cycles of the traffic's stalls (a random
        pattern's mean wait is a few cycles, a bursty stall run at most `traffic.MAX_STALL_RUN`), the last
        one `deadlock_cycles` more; never more than `max_cycles`."""
        return min(self.max_cycles, self.deadlock_cycles + firings * (self.interval + self.firing_slack))

    def firings_at_cap(self) -> int:
        """The fewest firings whose bound is `max_cycles`: counting the model's firings can stop there."""
        return -(-(self.max_cycles - self.deadlock_cycles) // (self.interval + self.firing_slack))

    @property
    def inputs(self) -> tuple[ChannelSpec, ...]:
        """The DUT's input channels."""
        return tuple(c for c in self.channels if c.is_input)

    @property
    def outputs(self) -> tuple[ChannelSpec, ...]:
        """The DUT's output channels."""
        return tuple(c for c in self.channels if not c.is_input)

    def to_golden(self, streams: dict[str, list]) -> dict[str, list]:
        """Observed input streams (by channel name) -> the model's input streams: the sidebands a channel
        carries in its tokens (`ChannelSpec.unpack`) go to golden ports of their own, named like the sideband
        (`dfv.golden.core.PortDecl`; `dataflow_stream`'s `cont_cond` off its `start` tokens)."""
        out = dict(streams)
        for c in self.inputs:
            if c.sideband and c.name in streams:
                tokens = streams[c.name]
                out[c.name] = [t[0] for t in tokens]
                for k, (sig, _bits) in enumerate(c.sideband, 1):
                    out[sig] = [t[k] for t in tokens]
        return out
