"""What an operation environment needs to know about one DUT (`OpConfig`): its channels and external
memories, its golden model, how observed streams map onto the model's, the status it compares, and the
bounds of its run."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from dfv.golden.core import Machine
from dfv.tb.common.channel_spec import ChannelSpec, MemorySpec


def _identity(streams: dict[str, list]) -> dict[str, list]:
    return streams


@dataclass
class OpConfig:
    """What the generic environment needs to know about one DUT (stored in ConfigDB "OP_CONFIG").

    `to_golden` maps observed input streams to the model's input streams (for example splitting
    the `cont_cond` sideband off the `start` tokens of `dataflow_stream`); `status` lists
    (DUT signal, model attribute) pairs compared at the end, such as ("err_code", "error");
    `tie_offs` are DUT inputs outside any channel held at a constant in the harness (the dummy channel of
    a memory with no load or no store port); `memories` are external-memory interfaces, each served by a
    memory model in the harness; `no_stall` names channels that never wait by design (a sink's input),
    which get no stall coverage point. A run drains `drain_quiet` quiet cycles after its last transfer,
    and is stopped as a deadlock after `deadlock_cycles` without progress, or as a runaway after
    `max_cycles`.
    """

    name: str
    channels: tuple[ChannelSpec, ...]
    model: Callable[[], Machine]
    params: Mapping[str, int] = field(default_factory=dict)
    to_golden: Callable[[dict[str, list]], dict[str, list]] = _identity
    status: tuple[tuple[str, str], ...] = ()
    tie_offs: tuple[tuple[str, int], ...] = ()
    memories: tuple[MemorySpec, ...] = ()
    no_stall: tuple[str, ...] = ()
    drain_quiet: int = 48
    deadlock_cycles: int = 2000
    max_cycles: int = 20_000

    @property
    def inputs(self) -> tuple[ChannelSpec, ...]:
        """The DUT's input channels."""
        return tuple(c for c in self.channels if c.is_input)

    @property
    def outputs(self) -> tuple[ChannelSpec, ...]:
        """The DUT's output channels."""
        return tuple(c for c in self.channels if not c.is_input)
