"""A port map written as a YAML file (`dfv verify-ip --ports MAP.yaml`): read, checked against its published
JSON schema (dfv/tb/schema/port_map.schema.json) and made into a `dfv.tb.common.dut.PortMap`.

```yaml
clock: clock            # default clk; null: none (a combinational unit)
reset: rstn             # default rst; null: none
reset_active_low: true  # default false
at_init: null           # no idle flag (default at_init)
errors: false           # no err_valid / err_code (default true)
params: {W: DATA_WIDTH, N: SIZE}
channels:
  in: ins                                   # a prefix: ins, ins_valid, ins_ready (see `suffixes`)
  out: {data: "outs_{i}", valid: "outs_{i}_valid", ready: "outs_{i}_ready"}   # one port per lane
memories:               # dfv run --rtl: memref argument 0's memory ports (channels as above)
  arg0:
    loads: [{address: a_ld0_addr, data: a_ld0_data}]
    stores: [{request: a_st0, done: a_st0_done}]   # request data: packed {address, data}; done: control
```

Every error names the file, the line and the column of the key or value at fault, the way the lowering
names a program's (`dfv: error: FILE:LINE:COL: what`): a schema violation, and (`PortMapFile.check`) a map
that does not fit the module or the kit module it plays: a channel or parameter the kit module lacks, a
port or parameter the module lacks.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import jsonschema
import yaml

from dfv.paths import TB_SCHEMA_DIR
from dfv.tb.common.dut import ChannelPorts, LoadPort, PortMap, PortMapError, StorePort
from dfv.tb.common.op_harness import Header

SCHEMA_FILE = TB_SCHEMA_DIR / "port_map.schema.json"


@cache
def schema() -> dict:
    return json.loads(SCHEMA_FILE.read_text())


Key = tuple[str | int, ...]


def _marks(node: yaml.Node, key: Key = (), keys: dict[Key, yaml.Mark] | None = None) -> dict[Key, yaml.Mark]:
    """Where the value at every key path of the document was written; `keys` collects where each mapping
    key was."""
    out = {key: node.start_mark}
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            out |= _marks(v, (*key, k.value), keys)
            if keys is not None:
                keys[(*key, k.value)] = k.start_mark
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            out |= _marks(v, (*key, i), keys)
    return out


@dataclass(frozen=True)
class PortMapFile:
    """A port map and where each of its values and keys was written (for errors that point at them)."""

    path: Path
    ports: PortMap
    marks: Mapping[Key, yaml.Mark]
    key_marks: Mapping[Key, yaml.Mark]
    # `memories` (dfv run --rtl): memref argument position -> its load and store ports
    memories: Mapping[int, tuple[tuple[LoadPort, ...], tuple[StorePort, ...]]] = field(default_factory=dict)

    def at(self, *key: str | int) -> str:
        """`FILE:LINE:COL` of the value at `key` (its nearest written ancestor; the file's start for a default)."""
        while key and key not in self.marks:
            key = key[:-1]
        mark = self.marks.get(key)
        return f"{self.path}:{mark.line + 1}:{mark.column + 1}" if mark else f"{self.path}:1:1"

    def key_at(self, *key: str | int) -> str:
        """`FILE:LINE:COL` of the mapping key at `key` (of its value when it has none)."""
        mark = self.key_marks.get(key)
        return f"{self.path}:{mark.line + 1}:{mark.column + 1}" if mark else self.at(*key)

    def check(self, header: Header, kit_ports: Iterable[str], kit_params: Iterable[str]) -> None:
        """Refuse (PortMapError, located) a map that does not fit module `header` playing a kit module whose
        channel ports are `kit_ports` and parameters `kit_params`."""
        if self.memories:
            raise PortMapError(f"{self.key_at('memories')}: `memories` describes a program's circuit (dfv run --rtl), "
                               "not a primitive")
        kit_ports, kit_params = sorted(set(kit_ports)), sorted(set(kit_params))
        module_ports = {p.name for p in header.ports}
        module_params = {name for _t, name, _v in header.params}
        for port in self.ports.channels:
            if port not in kit_ports:
                raise PortMapError(f"{self.key_at('channels', port)}: the kit module has no channel {port} "
                                   f"(its channels: {', '.join(kit_ports)})")
        for kit, mine in self.ports.params.items():
            if kit not in kit_params:
                raise PortMapError(f"{self.key_at('params', kit)}: the kit module has no parameter {kit} "
                                   f"(its parameters: {', '.join(kit_params) or 'none'})")
            if mine not in module_params:
                raise PortMapError(f"{self.at('params', kit)}: module {header.name} has no parameter {mine}")
        check_clock_reset(self.ports, header, self.at)
        for port, cp in self.ports.channels.items():
            for role, name in (("data", cp.data), ("valid", cp.valid), ("ready", cp.ready)):
                lane0 = None if name is None else cp.lane(name, 0)
                if lane0 is not None and lane0 not in module_ports:
                    raise PortMapError(f"{self.at('channels', port)}: module {header.name} has no port {lane0} "
                                       f"({role} of channel {port})")


def check_clock_reset(ports: PortMap, header: Header, at: Callable[..., str]) -> None:
    """Refuse (PortMapError) a clock or reset port of `ports` that module `header` lacks; `at(key)` names where
    the map says it."""
    names = {p.name for p in header.ports}
    for key, name in (("clock", ports.clock), ("reset", ports.reset)):
        if name is not None and name not in names:
            raise PortMapError(f"{at(key)}: module {header.name} has no port {name} (the {key})")


def _channel(entry: str | Mapping, control: bool, suffixes: Mapping[str, str]) -> ChannelPorts:
    if isinstance(entry, str):
        data = None if control else f"{entry}{suffixes.get('data', '')}"
        valid, ready = suffixes.get("valid", "_valid"), suffixes.get("ready", "_ready")
        return ChannelPorts(data, f"{entry}{valid}", f"{entry}{ready}")
    return ChannelPorts(entry.get("data"), entry["valid"], entry["ready"])


def load_port_map(path: Path) -> PortMapFile:
    """The port map of YAML file `path` (PortMapError `FILE:LINE:COL: what` when it cannot be read, parsed,
    or breaks the schema)."""
    try:
        text = path.read_text()
    except OSError as exc:
        raise PortMapError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        node = yaml.compose(text)
        doc = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else f"{path}:1:1"
        raise PortMapError(f"{where}: not YAML: {getattr(exc, 'problem', None) or exc}") from None
    doc = {} if doc is None else doc
    key_marks: dict[Key, yaml.Mark] = {}
    marks = _marks(node, (), key_marks) if node is not None else {}
    located = PortMapFile(path, PortMap(), marks, key_marks)
    try:
        jsonschema.validate(doc, schema())
    except jsonschema.ValidationError as exc:
        where = "/".join(str(p) for p in exc.absolute_path)
        raise PortMapError(f"{located.at(*exc.absolute_path)}: {where + ': ' if where else ''}{exc.message}") from None
    control = set(doc.get("control", ()))
    suffixes = doc.get("suffixes", {})
    for port in sorted(control - set(doc.get("channels", {}))):
        raise PortMapError(f"{located.at('control')}: control names channel {port}, which `channels` does not map")
    try:
        channels = {p: _channel(e, p in control, suffixes) for p, e in doc.get("channels", {}).items()}
    except PortMapError as exc:
        raise PortMapError(f"{located.at('channels')}: {exc}") from None
    ports = PortMap(channels, doc.get("clock", "clk"), doc.get("reset", "rst"), doc.get("reset_active_low", False),
                    doc.get("at_init", "at_init"), doc.get("errors", True), doc.get("signals", {}),
                    doc.get("params", {}))
    memories = {}
    for arg, mem in doc.get("memories", {}).items():
        loads = tuple(LoadPort(_channel(ld["address"], False, suffixes), _channel(ld["data"], False, suffixes))
                      for ld in mem.get("loads", ()))
        stores = tuple(StorePort(_channel(st["request"], False, suffixes), _channel(st["done"], True, suffixes))
                       for st in mem.get("stores", ()))
        memories[int(arg.removeprefix("arg"))] = (loads, stores)
    return PortMapFile(path, ports, marks, key_marks, memories)

