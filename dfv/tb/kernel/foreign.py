"""Another flow's circuit of a program (`dfv run --rtl FILE... --top NAME --ports circt|MAP.yaml`): its files,
its top module, and how the top's ports carry the program's boundary channels and memories.

The kernel environment drives a program through its boundary: `start` (a control token), one channel `arg<i>` per
scalar argument, one `res<j>` per result and `done` (docs/kernel_env.md). A foreign top carries them on its own
ports; a `PortMap` (`dfv.tb.common.dut`) keyed by those channel names says which, written as a YAML file of the
schema `dfv verify-ip` reads (dfv/tb/schema/port_map.schema.json), or the built-in `circt` map: the ports of
the top that CIRCT's `lower-handshake-to-hw` makes of a `handshake.func` (`CirctNames`), on `clock` and an
active-high `reset`.

A memref argument of the program is, on CIRCT's top, the ports `handshake-lower-extmem-to-hw` makes of its
external memory (`ExtMemPorts`): per load port `<m>_ld<k>_addr` (out) and `<m>_ld<k>_data` (in), per store port
`<m>_st<k>` (out, a packed struct {address, data}) and `<m>_st<k>_done` (in, a control token), each with its
`_valid` / `_ready`; a port map file names the ports of the same protocol under `memories`. The harness serves
them with the kit's memory model through `dfv_extmem_adapter` (`resolve_memories` checks them first).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from dfv.circt.flow import CIRCT_CLOCK, CIRCT_RESET
from dfv.lowering.dfg import DFG
from dfv.lowering.pipeline import Lowered
from dfv.tb.common.dut import ChannelPorts, LoadPort, PortMap, PortMapError, StorePort
from dfv.tb.common.op_harness import Header, module_file, parse_header, require_files
from dfv.tb.kernel.boundary import BoundaryChannel, boundary
from dfv.tb.port_map_file import check_clock_reset, load_port_map

CIRCT = "circt"  # the built-in port map of `--ports`


@dataclass(frozen=True)
class ExtMemPorts:
    """The ports of one memref argument's external memory on the circuit; `addr_width` is their address's bits."""

    loads: tuple[LoadPort, ...]
    stores: tuple[StorePort, ...]
    addr_width: int


@dataclass(frozen=True)
class ForeignTop:
    """A program's circuit made by another flow: the files to compile, the top module and its port map
    (keyed by the boundary channels `start`, `arg<i>`, `res<j>`, `done`), and the ports of each memref argument's
    memory (by argument position)."""

    files: tuple[Path, ...]
    top: str
    ports: PortMap
    ports_name: str  # `circt` or the map file's path, for the report
    memories: Mapping[int, ExtMemPorts] = field(default_factory=dict)


@dataclass(frozen=True)
class CirctNames:
    """The names CIRCT gives the top's ports of a program (`lower-handshake-to-hw` names them after the
    `handshake.func`'s `argNames` / `resNames`; `lower-cf-to-handshake` sets those to `in<k>` for argument k, the
    start token last, and `out<k>` for result k, done last): by argument position, the start token, by result
    position, done."""

    args: Mapping[int, str]
    start: str
    results: Mapping[int, str]
    done: str


def circt_names(prog: Lowered) -> CirctNames:
    """CIRCT's port names for the program as given: a `handshake.func` by its `argNames` / `resNames` (else
    `in<k>` / `out<k>` by index), a `func.func` as `lower-cf-to-handshake` numbers it."""
    fn = prog.fn
    n_args, n_res = len(fn.body.blocks[0].args), len(fn.function_type.outputs.data)
    if not prog.is_handshake:
        return CirctNames({k: f"in{k}" for k in range(n_args)}, f"in{n_args}",
                          {j: f"out{j}" for j in range(n_res)}, f"out{n_res}")
    arg_names = _names(fn, "argNames", "in", n_args)
    res_names = _names(fn, "resNames", "out", n_res)
    block_args = list(fn.body.blocks[0].args)
    data = prog.data_args()
    control = [k for k, a in enumerate(block_args) if a not in data]
    return CirctNames({p: arg_names[block_args.index(a)] for p, a in enumerate(data)},
                      arg_names[control[0]] if control else f"in{n_args}",
                      {j: res_names[j] for j in range(n_res - 1)}, res_names[n_res - 1] if n_res else f"out{n_res}")


def _names(fn, attr: str, prefix: str, n: int) -> list[str]:
    names = fn.attributes.get(attr)
    given = [a.data for a in names.data] if names is not None else []
    return given if len(given) == n else [f"{prefix}{k}" for k in range(n)]


def circt_ports(g: DFG, names: CirctNames) -> PortMap:
    """CIRCT's ports of the boundary of `g` (`circt_names`): a channel's data port is its name, with `_valid` and
    `_ready` beside it."""
    channels = {}
    for c in boundary(g):
        if c.name == "start":
            name = names.start
        elif c.name == "done":
            name = names.done
        elif c.is_input:
            name = names.args[int(c.name.removeprefix("arg"))]
        else:
            name = names.results[int(c.name.removeprefix("res"))]
        channels[c.name] = ChannelPorts(name if c.width else None, f"{name}_valid", f"{name}_ready")
    return PortMap(channels, clock=CIRCT_CLOCK, reset=CIRCT_RESET, at_init=None, errors=False)


MemoryPorts = tuple[tuple[LoadPort, ...], tuple[StorePort, ...]]  # one memory's load and store ports, unresolved


def circt_memories(g: DFG, names: CirctNames, header: Header) -> dict[int, MemoryPorts]:
    """The ports `handshake-lower-extmem-to-hw` made of each memref argument of `g` on the top `header` (CIRCT's
    names: `<m>_ld<k>_addr`, `<m>_ld<k>_data`, `<m>_st<k>`, `<m>_st<k>_done`, with `_valid` / `_ready`)."""
    have = {p.name for p in header.ports}
    out = {}
    for grp in g.groups.values():
        if grp.position is None:
            continue
        base = names.args[grp.position]
        loads = tuple(LoadPort(ChannelPorts(f"{base}_ld{k}_addr", f"{base}_ld{k}_addr_valid",
                                            f"{base}_ld{k}_addr_ready"),
                               ChannelPorts(f"{base}_ld{k}_data", f"{base}_ld{k}_data_valid",
                                            f"{base}_ld{k}_data_ready"))
                      for k in range(_count(have, lambda k, b=base: f"{b}_ld{k}_addr")))
        stores = tuple(StorePort(ChannelPorts(f"{base}_st{k}", f"{base}_st{k}_valid", f"{base}_st{k}_ready"),
                                 ChannelPorts(None, f"{base}_st{k}_done_valid", f"{base}_st{k}_done_ready"))
                       for k in range(_count(have, lambda k, b=base: f"{b}_st{k}")))
        out[grp.position] = (loads, stores)
    return out


def _count(have: set[str], name: Callable[[int], str]) -> int:
    """How many of name(0), name(1), ... are in `have`, in a row."""
    k = 0
    while name(k) in have:
        k += 1
    return k


def resolve_memories(g: DFG, header: Header, given: Mapping[int, MemoryPorts], at: Callable[..., str],
                     key_at: Callable[..., str]) -> dict[int, ExtMemPorts]:
    """Each memref argument of `g` on the ports `given` names (by argument position), checked against the top
    `header`: every port there, the store requests packed {address, data} of the element's width, one address
    width. PortMapError, located by `at(*key)` / `key_at(*key)` (keys `memories`, `arg<i>`), otherwise."""
    ports = {p.name: p for p in header.ports}
    groups = {grp.position: grp for grp in g.groups.values() if grp.position is not None}
    unknown = sorted(set(given) - set(groups))
    if unknown:
        raise PortMapError(f"{key_at('memories', f'arg{unknown[0]}')}: @{g.name} has no memref argument "
                           f"{unknown[0]} (its memref arguments: {', '.join(map(str, sorted(groups))) or 'none'})")
    out = {}
    for i, grp in sorted(groups.items()):
        where = at("memories", f"arg{i}")
        loads, stores = given.get(i, ((), ()))
        if not loads and not stores:
            raise PortMapError(f"{where}: memref argument {i} of @{g.name} has no memory ports on {header.name} "
                               f"(a port map file lists them under `memories: arg{i}`)")
        w = grp.elem_type.width
        for ch in [*(c for ld in loads for c in (ld.addr, ld.data)), *(c for st in stores for c in (st.request,
                                                                                                     st.done))]:
            for role, name in (("data", ch.data), ("valid", ch.valid), ("ready", ch.ready)):
                if name is not None and name not in ports:
                    raise PortMapError(f"{where}: module {header.name} has no port {name} ({role} of a memory port "
                                       f"of memref argument {i})")
        widths = {_width(ports[ld.addr.data].range) for ld in loads if ld.addr.data}
        for ld in loads:
            if ld.data.data is None or _width(ports[ld.data.data].range) != w:
                raise PortMapError(f"{where}: load data port {ld.data.data} of {header.name} is not {w} bits wide "
                                   f"(the elements of memref argument {i})")
        for st in stores:
            req = ports[st.request.data] if st.request.data else None
            width = _width(req.range) if req is not None else None
            fields = req.fields if req is not None else ()
            if width is None or width <= w or (fields and (len(fields) != 2 or fields[1][1] != w)):
                raise PortMapError(f"{where}: store port {st.request.data} of {header.name} is not a packed "
                                   f"{{address, data}} of {w}-bit data")
            widths.add(width - w)
        if len(widths) != 1 or None in widths:
            raise PortMapError(f"{where}: the memory ports of memref argument {i} on {header.name} have address "
                               f"widths {sorted(map(str, widths))}, not one width")
        out[i] = ExtMemPorts(loads, stores, widths.pop())
    return out


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


def load_foreign(prog: Lowered, files: list[Path], top: str, ports: str) -> ForeignTop:
    """The foreign circuit of the program: `files`, module `top`, `ports` `circt` or a port map file. PortMapError
    (or HarnessError for the files) when it does not fit the program."""
    g = prog.g
    require_files(files)
    header = parse_header(module_file(files, top), top)
    if ports == CIRCT:
        names = circt_names(prog)
        pm, memories = circt_ports(g, names), circt_memories(g, names, header)

        def at(*_key: str | int) -> str:
            return f"--ports {CIRCT}"

        key_at = at
    else:
        map_file = load_port_map(Path(ports))
        pm, memories, at, key_at = map_file.ports, map_file.memories, map_file.at, map_file.key_at
    check_ports(g, header, pm, at, key_at)
    return ForeignTop(tuple(files), top, pm, ports, resolve_memories(g, header, memories, at, key_at))
