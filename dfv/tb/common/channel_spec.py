"""The contracts every agent, scoreboard and harness shares: a channel of a DUT (`ChannelSpec`: its port,
width, lane of a packed port, sidebands, and the one-word form the SystemVerilog agents carry; an operation's
channels are those its golden machine declares, `channel_specs`) and a token seen crossing one (`Observed`)."""

from __future__ import annotations

from dataclasses import dataclass

from dfv.golden.core import Machine


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


def channel_specs(machine: Machine) -> tuple[ChannelSpec, ...]:
    """The channels of the DUT of `machine`'s operation, in the order of its port declaration
    (`dfv.golden.core.PortDecl`): one per port, or one per lane of a packed port, with its sidebands."""
    declared = machine.ports()
    if declared is None:
        raise TypeError(f"{type(machine).__name__} does not declare its ports")
    specs: list[ChannelSpec] = []
    for p in declared:
        if p.lanes is None:
            specs.append(ChannelSpec(p.name, p.width, p.is_input, sideband=p.sideband))
        else:
            specs += (ChannelSpec(p.name, p.width, p.is_input, lane=i, lanes=p.lanes, sideband=p.sideband)
                      for i in range(p.lanes))
    return tuple(specs)


@dataclass(frozen=True)
class Observed:
    """A token seen crossing a channel: value, cycle, reset epoch, and how many cycles it was offered
    before it was taken (`waited`: it was first offered in cycle `cycle - waited`)."""

    channel: str
    token: object
    cycle: int
    epoch: int
    waited: int = 0


@dataclass(frozen=True)
class MemorySpec:
    """An external-memory interface of a DUT, served in its harness by a memory model (`dfv_mem_model`)
    instance `name`: requests `{we, addr, wdata}` on channel `req` (`1 + addr_width + width` bits), load
    responses on channel `resp` (`width` bits), `size` words of contents (addresses at or above it read 0)."""

    name: str
    width: int
    addr_width: int
    size: int
    req: str = "mem_req"
    resp: str = "mem_resp"
