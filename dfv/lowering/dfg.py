"""The dataflow graph (DFG) produced by the lowering.

A `DFG` is a set of `Node`s (one operation each: its name, parameters, typed input and output
ports and the MLIR source location it came from) and `Channel`s. After materialisation every
channel has exactly one producer port and one consumer port; before it, the lowering works on
`Node.inputs[port] = Ref(node, port)` edges where one output may feed several inputs.

Port names follow the golden-model convention: channel `i` of a multi-channel port `name` is
`"name[i]"`. Types are MLIR spellings (`i1`, `i32`, `index`, `!dataflow.tagged<i32, i4>`) and
`none` for control tokens.

Function interface nodes:
* `func.start` (output `out`, control) and `func.done` (input `in`, control),
* `func.arg` (output `out`, param `position`) for each scalar argument,
* `func.result` (input `in`, param `position`) for each result.
Memref arguments have no node of their own: their `handshake.extmemory` node carries `position`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from dfv.golden.types import DEFAULT_INDEX_WIDTH, ChannelType, DataflowTypeError, DfType, channel_int, parse_type

CONTROL = "none"


def value_type(ty: str, index_width: int = DEFAULT_INDEX_WIDTH) -> DfType:
    """The value type of a data channel of type `ty` (an integer of any width 1..64, index, a tagged
    type or a spec-003 channel type)."""
    if re.fullmatch(r"i\d+", ty):
        return channel_int(ty, index_width)
    return parse_type(ty, index_width)


def type_width(ty: str, index_width: int = DEFAULT_INDEX_WIDTH) -> int:
    """Bits of one token of type `ty` (control tokens carry no data: 0)."""
    if ty == CONTROL:
        return 0
    if re.fullmatch(r"i\d+", ty):  # a channel may carry any integer width (an i3 select, an i38 word)
        return channel_int(ty, index_width).width
    try:
        return parse_type(ty, index_width).width
    except DataflowTypeError:
        raise
    except Exception as exc:  # pragma: no cover - defensive
        raise DataflowTypeError(f"unknown type '{ty}'") from exc


@dataclass(frozen=True)
class Ref:
    """An output port of a node."""

    node: str
    port: str

    def __str__(self) -> str:
        return f"{self.node}.{self.port}"


@dataclass
class Node:
    id: str
    op: str
    params: dict = field(default_factory=dict)
    in_types: dict[str, str] = field(default_factory=dict)
    out_types: dict[str, str] = field(default_factory=dict)
    loc: str = "?"
    group: str | None = None
    inputs: dict[str, Ref | None] = field(default_factory=dict)
    meta: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        for p in self.in_types:
            self.inputs.setdefault(p, None)


@dataclass
class Channel:
    id: str
    src: Ref
    dst: Ref
    type: str
    width: int


@dataclass
class MemGroup:
    """One root memref: its memory node and the accesses that use it."""

    name: str
    root: str
    kind: str  # "memory" | "extmemory"
    node: str
    elem_type: str
    size: int
    position: int | None
    accesses: list[str] = field(default_factory=list)


def _port_key(port: str) -> tuple:
    m = re.fullmatch(r"(.*)\[(\d+)\]", port)
    return (m.group(1), int(m.group(2))) if m else (port, -1)


@dataclass
class DFG:
    name: str
    index_width: int = DEFAULT_INDEX_WIDTH
    nodes: dict[str, Node] = field(default_factory=dict)
    channels: list[Channel] = field(default_factory=list)
    groups: dict[str, MemGroup] = field(default_factory=dict)
    args: list[dict] = field(default_factory=list)
    results: list[dict] = field(default_factory=list)
    loops: dict[str, dict] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)  # MLIR location -> operation name
    _counter: int = 0

    # ---------------------------------------------------------------- building
    def add(
        self,
        op: str,
        ins: dict[str, str],
        outs: dict[str, str],
        loc: str = "?",
        params: dict | None = None,
        connect: dict[str, Ref | None] | None = None,
        group: str | None = None,
        meta: dict | None = None,
    ) -> Node:
        self._counter += 1
        short = op.split(".")[-1]
        nid = f"{short}_{self._counter}"
        node = Node(nid, op, dict(params or {}), dict(ins), dict(outs), loc, group, meta=dict(meta or {}))
        for p, r in (connect or {}).items():
            if p not in node.in_types:
                raise KeyError(f"{op} has no input {p}")
            node.inputs[p] = r
        self.nodes[nid] = node
        return node

    def width(self, ty: str) -> int:
        return type_width(ty, self.index_width)

    def value_type(self, ty: str) -> DfType:
        return value_type(ty, self.index_width)

    def up_width(self, ty: str) -> int:
        """Bits of the upstream (U) extra signals of a channel of type `ty` (spec 003): wires against the
        tokens, not part of the word `width` counts (0 for every other type)."""
        if ty == CONTROL or not ty.startswith("!handshake.channel<"):
            return 0
        vt = self.value_type(ty)
        return sum(e.width for e in vt.extras if e.upstream) if isinstance(vt, ChannelType) else 0

    def out_type(self, ref: Ref) -> str:
        return self.nodes[ref.node].out_types[ref.port]

    # ---------------------------------------------------------------- queries
    def consumers(self) -> dict[Ref, list[tuple[str, str]]]:
        """Output port -> [(node, input port)] over the pre-materialisation edges."""
        table: dict[Ref, list[tuple[str, str]]] = {}
        for n in self.nodes.values():
            for p, r in n.inputs.items():
                if r is not None:
                    table.setdefault(r, []).append((n.id, p))
        return table

    def build_channels(self) -> None:
        """Turn the one-consumer edges into channels (after materialisation)."""
        self.channels = []
        k = 0
        for n in self.nodes.values():
            for p in sorted(n.in_types, key=_port_key):
                r = n.inputs.get(p)
                if r is None:
                    continue
                ty = self.out_type(r)
                k += 1
                self.channels.append(Channel(f"c{k}", r, Ref(n.id, p), ty, self.width(ty)))

    def origin_op(self, node_id: str) -> str:
        """'op.name at file:line:col' of the MLIR operation a node came from."""
        n = self.nodes[node_id]
        return f"{self.sources.get(n.loc, n.op)} at {n.loc}"

    def summary(self) -> dict[str, int]:
        ops: dict[str, int] = {}
        for n in self.nodes.values():
            ops[n.op] = ops.get(n.op, 0) + 1
        return ops


def sorted_ports(ports) -> list[str]:
    return sorted(ports, key=_port_key)
