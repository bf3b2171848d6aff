"""The `dfv.*` attributes of a graph written by dfv (`dfg.mlir`), read back with each one checked.

`dfv.lowering.graph_ir` writes them and the handshake reader (`dfv.lowering.from_handshake`) reads them here.
A `dfg.mlir` is a text file that can be edited, so nothing in it is trusted: every attribute is checked for its
kind (a string, an integer), its JSON, its shape (the JSON Schema of `dfg.yaml` for the node `meta` and the
`loops`, the shapes below for the rest) and, once the graph is read, everything it names (nodes, their output
ports, loops, memory groups). A problem is a `LoweringError` at the operation's `line:col` in the file, naming
the attribute: `dfg.mlir:10:5: dfv.meta: loop stream_99 is not a loop of the function's dfv.loops`.

On an operation: `dfv.id` (its node id: a letter or `_`, then letters, digits and `_`, since the generated
SystemVerilog names wires after it), `dfv.loc` (its source location), `dfv.group` (its memory group), `dfv.meta`
(lowering roles, JSON). On the function: `dfv.index_width` (`MIN_INDEX_WIDTH..MAX_INDEX_WIDTH`), `dfv.source`,
and, all together or none, `dfv.ids` (the interface nodes: start, done, one per scalar argument and result, and
their locations), `dfv.order` (every node id once), `dfv.groups`, `dfv.loops` and `dfv.sources` (JSON).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from xdsl.dialects.builtin import IntegerAttr, StringAttr
from xdsl.ir import Attribute, Operation

from dfv.golden.types import MAX_INDEX_WIDTH, MIN_INDEX_WIDTH
from dfv.lowering.config import meta_in, meta_out, shape_problem
from dfv.lowering.dfg import DFG, Ref
from dfv.lowering.errors import LoweringError

NODE_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
"""A node id read from `dfg.mlir`: the generated top names instances and wires after it."""

_ID = {"type": "string", "pattern": f"^{NODE_ID.pattern}$", "title": "node id",
       "description": "a letter or _, then letters, digits and _"}
_IDS = {"type": "object", "required": ["start", "done", "args", "results", "locs"], "additionalProperties": False,
        "properties": {"start": _ID, "done": _ID,
                       "args": {"type": "object", "propertyNames": {"pattern": "^(0|[1-9][0-9]*)$"},
                                "additionalProperties": _ID},
                       "results": {"type": "object", "propertyNames": {"pattern": "^(0|[1-9][0-9]*)$"},
                                   "additionalProperties": _ID},
                       "locs": {"type": "object", "additionalProperties": {"type": "string"}}}}
_ORDER = {"type": "array", "items": _ID, "uniqueItems": True}
_GROUPS = {"type": "object", "propertyNames": {"minLength": 1},
           "additionalProperties": {"type": "object", "required": ["root", "kind", "node", "accesses"],
                                    "additionalProperties": False,
                                    "properties": {"root": {"type": "string"},
                                                   "kind": {"enum": ["memory", "extmemory"]},
                                                   "node": _ID,
                                                   "accesses": {"type": "array", "items": _ID,
                                                                "uniqueItems": True}}}}
_LOOPS = {"type": "object", "propertyNames": {"$ref": "#/$defs/loopId"},
          "additionalProperties": {"$ref": "#/$defs/loop"}}
_SOURCES = {"type": "object", "additionalProperties": {"type": "string", "minLength": 1}}
_META = {"$ref": "#/$defs/meta"}

DERIVED_META = ("position", "size", "done", "mem")
"""Keys of a node's `dfv.meta` that the reader works out from the circuit (a memory's argument and size, an
access's memory and done port): when written, they must agree."""

GRAPH_ATTRIBUTES = ("dfv.ids", "dfv.order", "dfv.groups", "dfv.loops", "dfv.sources")
"""The function attributes that describe a graph written by dfv: all of them or none."""


def _string(attrs: dict[str, Attribute], key: str, loc: str) -> str | None:
    a = attrs.get(key)
    if a is None:
        return None
    if not isinstance(a, StringAttr):
        raise LoweringError(f"{key} must be a string, got {a}", loc)
    return a.data


def _json(attrs: dict[str, Attribute], key: str, shape: dict, loc: str):
    """The JSON value of string attribute `key`, checked against `shape`; None when absent."""
    text = _string(attrs, key, loc)
    if text is None:
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LoweringError(f"{key}: invalid JSON at character {exc.pos + 1}: {exc.msg}", loc) from None
    except RecursionError:
        raise LoweringError(f"{key}: JSON nested too deeply", loc) from None
    if (problem := shape_problem(value, shape)) is not None:
        raise LoweringError(f"{key}: {problem}", loc)
    return value


@dataclass
class OpAttrs:
    """What a graph written by dfv records on one operation, checked for its form."""

    loc: str  # where the operation is in the file read (for the messages)
    id: str | None = None
    source_loc: str | None = None
    group: str | None = None
    meta: dict = field(default_factory=dict)
    written_meta: dict = field(default_factory=dict)  # as written (references as {ref: node.port})


def op_attrs(op: Operation, loc: str) -> OpAttrs:
    a = op.attributes
    out = OpAttrs(loc, _string(a, "dfv.id", loc), _string(a, "dfv.loc", loc), _string(a, "dfv.group", loc))
    if out.id is not None and not NODE_ID.fullmatch(out.id):
        raise LoweringError(f"dfv.id: {out.id!r} is not a node id (a letter or _, then letters, digits and _)", loc)
    meta = _json(a, "dfv.meta", _META, loc)
    if meta is not None:
        out.written_meta, out.meta = meta, meta_in(meta)
    return out


@dataclass
class FuncAttrs:
    """What a graph written by dfv records on its function, checked for its form."""

    loc: str
    index_width: int | None = None
    ids: dict | None = None
    order: list[str] | None = None
    groups: dict | None = None
    loops: dict | None = None
    sources: dict | None = None

    @property
    def written(self) -> bool:
        """Whether the function is a graph written by dfv (its node ids, groups, loops, ...)."""
        return self.order is not None

    def interface_id(self, kind: str, position: int | None = None) -> str | None:
        """The written id of interface node `kind` (start, done; args / results with a position)."""
        if self.ids is None:
            return None
        if position is None:
            return self.ids[kind]
        nid = self.ids[kind].get(str(position))
        if nid is None:
            what = "argument" if kind == "args" else "result"
            raise LoweringError(f"dfv.ids: {kind} has no node id for {what} {position}", self.loc)
        return nid


def func_attrs(fn: Operation, loc: str) -> FuncAttrs:
    a = fn.attributes
    out = FuncAttrs(loc)
    _string(a, "dfv.source", loc)  # not used, but a graph written by dfv has it as a string
    w = a.get("dfv.index_width")
    if w is not None:
        if not isinstance(w, IntegerAttr):
            raise LoweringError(f"dfv.index_width must be an integer, got {w}", loc)
        out.index_width = w.value.data
        if not MIN_INDEX_WIDTH <= out.index_width <= MAX_INDEX_WIDTH:
            raise LoweringError(f"dfv.index_width must be {MIN_INDEX_WIDTH}..{MAX_INDEX_WIDTH}, got "
                                f"{out.index_width}", loc)
    present = [k for k in GRAPH_ATTRIBUTES if k in a]
    if present and len(present) < len(GRAPH_ATTRIBUTES):
        missing = ", ".join(k for k in GRAPH_ATTRIBUTES if k not in a)
        raise LoweringError(f"{', '.join(present)} without {missing}: a graph written by dfv has all of "
                            f"{', '.join(GRAPH_ATTRIBUTES)} or none", loc)
    if present:
        out.ids = _json(a, "dfv.ids", _IDS, loc)
        out.order = _json(a, "dfv.order", _ORDER, loc)
        out.groups = _json(a, "dfv.groups", _GROUPS, loc)
        out.loops = {k: meta_in(v) for k, v in _json(a, "dfv.loops", _LOOPS, loc).items()}
        out.sources = _json(a, "dfv.sources", _SOURCES, loc)
    return out


def _output(g: DFG, ref: Ref, what: str, loc: str) -> None:
    n = g.nodes.get(ref.node)
    if n is None:
        raise LoweringError(f"{what}: {ref} names no node of the graph", loc)
    if ref.port not in n.out_types:
        raise LoweringError(f"{what}: {ref}: {n.op} {n.id} has no output {ref.port}", loc)


def _refs(v, attr: str, path: str = ""):
    """(`attr: path`, Ref) of every reference in a meta or loop value."""
    if isinstance(v, Ref):
        yield f"{attr}: {path}" if path else attr, v
    elif isinstance(v, dict):
        for k, x in v.items():
            yield from _refs(x, attr, f"{path}.{k}" if path else str(k))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _refs(x, attr, f"{path}[{i}]")


def check_names(g: DFG, fa: FuncAttrs, written: dict[str, OpAttrs], scalar_args: set[int]) -> None:
    """What the attributes name exists in graph `g` as read: the interface ids name exactly its arguments and
    results, the loops' and every node meta's references name output ports, a meta's loop is a loop of
    `dfv.loops`, and an operation's `dfv.group` is the memory group it belongs to (`written`: node id -> the
    attributes of its operation; `scalar_args`: the positions of the scalar arguments)."""
    ids = fa.ids
    if ids is not None:
        for kind, want in (("args", scalar_args), ("results", {r.position for r in g.results})):
            extra = sorted(int(k) for k in ids[kind] if int(k) not in want)
            if extra:
                what = "argument" if kind == "args" else "result"
                raise LoweringError(f"dfv.ids: {kind} names {what} {extra[0]}, which the function does not have "
                                    f"as a {'scalar ' if kind == 'args' else ''}{what}", fa.loc)
        interface = {n.id for n in g.nodes.values() if n.op.startswith("func.")}
        for nid in ids["locs"]:
            if nid not in interface:
                raise LoweringError(f"dfv.ids: locs names {nid}, which is not an interface node (start, done, an "
                                    "argument or a result)", fa.loc)
    for lid, lp in (fa.loops or {}).items():
        for where, ref in _refs(lp, "dfv.loops", lid):
            _output(g, ref, where, fa.loc)
    members = {nid: grp.name for grp in g.groups.values() for nid in (grp.node, *grp.accesses)}
    for nid, oa in written.items():
        for where, ref in _refs(oa.meta, "dfv.meta"):
            _output(g, ref, where, oa.loc)
        n = g.nodes[nid]
        for key in DERIVED_META:  # what the reader finds out itself: what is written must agree
            if key in oa.meta and oa.meta[key] != n.meta.get(key):
                raise LoweringError(f"dfv.meta: {key} is {json.dumps(oa.written_meta[key])}, but the circuit gives "
                                    f"{json.dumps(meta_out(n.meta.get(key)))}", oa.loc)
        for key, op in (("stores", "handshake.store"), ("loads", "handshake.load")):
            if key in oa.meta:
                grp = g.groups.get(members.get(nid, ""))
                have = sorted(a for a in grp.accesses if g.nodes[a].op == op) if grp and grp.node == nid else []
                if sorted(oa.meta[key]) != have:
                    raise LoweringError(f"dfv.meta: {key} lists {', '.join(oa.meta[key]) or 'none'}; the "
                                        f"operation's {key} are {', '.join(have) or 'none'}", oa.loc)
        loop = oa.meta.get("loop")
        if loop is not None and fa.loops is not None and loop not in fa.loops:
            raise LoweringError(f"dfv.meta: loop {loop} is not a loop of the function's dfv.loops", oa.loc)
        if oa.group is not None and members.get(nid) != oa.group:
            belongs = f"belongs to group {members[nid]}" if nid in members else "is in no memory group"
            raise LoweringError(f"dfv.group: {oa.group} is not this operation's memory group (it {belongs})", oa.loc)


def check_groups(g: DFG, fa: FuncAttrs) -> dict:
    """`dfv.groups` against the memories of `g` as read: each memory node in exactly one group, of its kind,
    listing exactly the accesses its ports serve. Returns the written groups by memory node id."""
    by_node = {}
    for name, w in fa.groups.items():
        n = g.nodes.get(w["node"])
        if n is None or n.op not in ("handshake.memory", "handshake.extmemory"):
            what = f"a {n.op}" if n is not None else "no node of the graph"
            raise LoweringError(f"dfv.groups: {name}: node {w['node']} is {what}, not a memory", fa.loc)
        if w["node"] in by_node:
            raise LoweringError(f"dfv.groups: {name}: memory {w['node']} is also in group {by_node[w['node']][0]}",
                                fa.loc)
        if n.op != f"handshake.{w['kind']}":
            raise LoweringError(f"dfv.groups: {name}: kind {w['kind']}, but {w['node']} is a {n.op}", fa.loc)
        by_node[w["node"]] = (name, w)
    for grp in g.groups.values():
        if grp.node not in by_node:
            raise LoweringError(f"dfv.groups: no group has the memory {grp.node}", fa.loc)
        name, w = by_node[grp.node]
        if sorted(w["accesses"]) != sorted(grp.accesses):
            raise LoweringError(f"dfv.groups: {name}: lists the accesses {', '.join(w['accesses']) or 'none'}; its "
                                f"memory {grp.node} serves {', '.join(sorted(grp.accesses)) or 'none'}", fa.loc)
    return {nid: (name, w) for nid, (name, w) in by_node.items()}
