"""The dataflow graph (DFG) produced by the lowering.

A `DFG` is a set of `Node`s (one operation each: its name, parameters, typed input and output
ports and the MLIR source location it came from) and `Channel`s. After materialisation every
channel has exactly one producer port and one consumer port; before it, the lowering works on
`Node.inputs[port] = Ref(node, port)` edges where one output may feed several inputs.

Port names follow the golden-model convention: channel `i` of a multi-channel port `name` is
`"name[i]"`. Types are `dfv.golden.types` objects (`TokenType`: an integer, `index` at the graph's
index width, a tagged or spec-003 channel type, or `CONTROL`); they are text only in the files the
graph is written to (`str(type)` is the MLIR spelling).

Function interface nodes:
* `func.start` (output `out`, control) and `func.done` (input `in`, control),
* `func.arg` (output `out`, param `position`) for each scalar argument,
* `func.result` (input `in`, param `position`) for each result.
Memref arguments have no node of their own: their `handshake.extmemory` node carries `position`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

from dfv.golden.types import DEFAULT_INDEX_WIDTH, ScalarType, TokenType, index_type
from dfv.lowering.timing_plan import TimingPlan


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
    in_types: dict[str, TokenType] = field(default_factory=dict)
    out_types: dict[str, TokenType] = field(default_factory=dict)
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
    type: TokenType

    @property
    def width(self) -> int:
        return self.type.width


@dataclass
class MemGroup:
    """One root memref: its memory node and the accesses that use it. A `memref.global`'s memory has the table's
    initial contents (`init`: element words, row-major; None: zeros) and `constant` (no store may reach it)."""

    name: str
    root: str
    kind: str  # "memory" | "extmemory"
    node: str
    elem_type: TokenType
    size: int
    position: int | None
    accesses: list[str] = field(default_factory=list)
    init: tuple[int, ...] | None = None
    constant: bool = False


class ArgKind(Enum):
    SCALAR = "scalar"
    MEMREF = "memref"


@dataclass
class Arg:
    """An argument of the function: a scalar (its `func.arg` node, the type of its channel) or a memref
    (its MLIR type as written, element type, words and shape; its memory node carries `position`)."""

    position: int
    kind: ArgKind
    type: TokenType | str  # a memref's MLIR type is text: it is never a channel
    node: str | None = None
    elem_type: TokenType | None = None
    size: int | None = None
    shape: list[int] | None = None

    @property
    def scalar(self) -> bool:
        return self.kind is ArgKind.SCALAR


@dataclass
class Result:
    """A result of the function: its `func.result` node and the type of its channel."""

    position: int
    type: TokenType
    node: str


def _port_key(port: str) -> tuple:
    """Ports in order: a lane `p[i]` or a numbered port `p<i>` (a pack's `in10` after its `in9`) by number."""
    m = re.fullmatch(r"(.*)\[(\d+)\]", port) or re.fullmatch(r"(.*\D)(\d+)", port)
    return (m.group(1), int(m.group(2))) if m else (port, -1)


@dataclass
class DFG:
    name: str
    index_width: int = DEFAULT_INDEX_WIDTH
    nodes: dict[str, Node] = field(default_factory=dict)
    channels: list[Channel] = field(default_factory=list)
    groups: dict[str, MemGroup] = field(default_factory=dict)
    args: list[Arg] = field(default_factory=list)  # in position order
    results: list[Result] = field(default_factory=list)  # in position order
    loops: dict[str, dict] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)  # MLIR location -> operation name
    timing: TimingPlan | None = None  # the register slices a clock target put in (dfv.lowering.timing_buffers)
    _counter: int = 0

    # ---------------------------------------------------------------- building
    def add(
        self,
        op: str,
        ins: dict[str, TokenType],
        outs: dict[str, TokenType],
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

    @property
    def index_type(self) -> ScalarType:
        return index_type(self.index_width)

    def out_type(self, ref: Ref) -> TokenType:
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
                self.channels.append(Channel(f"c{k}", r, Ref(n.id, p), ty))

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
