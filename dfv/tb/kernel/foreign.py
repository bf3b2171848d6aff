"""Another flow's circuit of a program (`dfv run --rtl FILE... --top NAME --ports circt|MAP.yaml`): its files,
its top module, and how the top's ports carry the program's boundary channels.

The kernel environment drives a program through its boundary: `start` (a control token), one channel `arg<i>` per
scalar argument, one `res<j>` per result and `done` (docs/kernel_env.md). A foreign top carries them on its own
ports; a `PortMap` (`dfv.tb.common.dut`) keyed by those channel names says which, written as a YAML file of the
schema `dfv verify-ip` reads (dfv/tb/schema/port_map.schema.json), or the built-in `circt` map: the ports of
the top that CIRCT's `lower-handshake-to-hw` makes of a `handshake.func`, `in<k>` for argument k in order and
then the start token, `out<k>` for result k and then done, on `clock` and an active-high `reset`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dfv.lowering.dfg import DFG
from dfv.tb.common.dut import ChannelPorts, PortMap, PortMapError
from dfv.tb.common.op_harness import Header, module_file, parse_header, require_files
from dfv.tb.kernel.boundary import BoundaryChannel, boundary
from dfv.tb.port_map_file import check_clock_reset, load_port_map

CIRCT = "circt"  # the built-in port map of `--ports`


@dataclass(frozen=True)
class ForeignTop:
    """A program's circuit made by another flow: the files to compile, the top module and its port map
    (keyed by the boundary channels `start`, `arg<i>`, `res<j>`, `done`)."""

    files: tuple[Path, ...]
    top: str
    ports: PortMap
    ports_name: str  # `circt` or the map file's path, for the report


def circt_ports(g: DFG) -> PortMap:
    """CIRCT's names for the boundary of `g`: `in0`.. the scalar arguments in order, then the start token; `out0`..
    the results in order, then done (`lower-handshake-to-hw` of a `handshake.func`)."""
    chans = boundary(g)
    ins = [c for c in chans if c.is_input and c.name != "start"] + [c for c in chans if c.name == "start"]
    outs = [c for c in chans if not c.is_input and c.name != "done"] + [c for c in chans if c.name == "done"]
    channels = {}
    for prefix, group in (("in", ins), ("out", outs)):
        for k, c in enumerate(group):
            channels[c.name] = ChannelPorts(f"{prefix}{k}" if c.width else None, f"{prefix}{k}_valid",
                                            f"{prefix}{k}_ready")
    return PortMap(channels, clock="clock", reset="reset", at_init=None, errors=False)


def check_ports(g: DFG, header: Header, ports: PortMap, at: Callable[..., str], key_at: Callable[..., str]) -> None:
    """Refuse (PortMapError) a map that leaves a boundary channel of `g` on a port the top lacks, or maps a
    channel `g` does not have; `at(*key)` / `key_at(*key)` name where the map says it (`FILE:LINE:COL`)."""
    chans: dict[str, BoundaryChannel] = {c.name: c for c in boundary(g)}
    unknown = sorted(set(ports.channels) - set(chans))
    if unknown:
        raise PortMapError(f"{key_at('channels', unknown[0])}: @{g.name} has no boundary channel {unknown[0]} (its "
                           f"channels: {', '.join(chans)})")
    names = {p.name for p in header.ports}
    widths = {p.name: _width(p.range) for p in header.ports}
    check_clock_reset(ports, header, at)
    for c in chans.values():
        cp = ports.channel(c.name)
        roles = [("valid", cp.valid), ("ready", cp.ready)] + ([("data", cp.data)] if c.width else [])
        for role, port in roles:
            if port is None or port not in names:
                unmapped = "" if c.name in ports.channels else ", which the map leaves under the kit's names"
                raise PortMapError(f"{at('channels', c.name)}: module {header.name} has no port {port} ({role} of "
                                   f"channel {c.name}{unmapped})")
        width = widths.get(cp.data) if c.width and cp.data else None
        if width is not None and width != c.width:  # a value would be cut or extended on the way: refused
            raise PortMapError(f"{at('channels', c.name)}: port {cp.data} of {header.name} has {width} bits, channel "
                               f"{c.name} of @{g.name} {c.width} (an index has --index-width bits: CIRCT's 64)")


def _width(rng: str) -> int | None:
    """The width of a port range written `[N:0]` with a number N (1 without a range), None for anything else."""
    if not rng:
        return 1
    m = re.fullmatch(r"\[\s*(\d+)\s*:\s*0\s*\]", rng)
    return int(m.group(1)) + 1 if m else None


def load_foreign(g: DFG, files: list[Path], top: str, ports: str) -> ForeignTop:
    """The foreign circuit of `g`: `files`, module `top`, `ports` `circt` or a port map file. PortMapError (or
    HarnessError for the files) when it does not fit the program."""
    require_files(files)
    header = parse_header(module_file(files, top), top)
    if any(grp.position is not None for grp in g.groups.values()):
        raise PortMapError(f"--rtl: @{g.name} has a memref argument; a foreign circuit's memory interface is not "
                           "supported yet (scalar arguments and results only)")
    if ports == CIRCT:
        pm = circt_ports(g)

        def at(*_key: str) -> str:
            return f"--ports {CIRCT}"

        key_at = at
    else:
        map_file = load_port_map(Path(ports))
        pm, at, key_at = map_file.ports, map_file.at, map_file.key_at
    check_ports(g, header, pm, at, key_at)
    return ForeignTop(tuple(files), top, pm, ports)
