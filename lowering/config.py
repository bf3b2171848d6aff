"""`dfg.yaml`: the DFG config written by `dfv lower` (schema `dfv.dfg`, version 1).

Layout (every key required unless marked optional; docs/lowering.md has the prose version):

    schema: dfv.dfg
    version: 1
    function: <name>              # the lowered func.func
    index_width: <int>            # hardware width of `index`
    source: <path>                # optional: the MLIR file
    args:    [{position, kind: scalar|memref, type, node?, elem_type?, size?, shape?}]
    results: [{position, type, node}]
    nodes:   [{id, op, params: {...}, inputs: {port: type}, outputs: {port: type},
               loc: "file:line:col", group: <memory group name>|null, meta: {...}}]
    channels: [{id, src: "node.port", dst: "node.port", type, width}]
    groups:  [{name, root, kind: memory|extmemory, node, elem_type, size, position, accesses: [node ids]}]
    loops:   {<loop id>: {kind: for|while, raw: "node.port", after: "node.port"|null, loc}}
    sources: {"file:line:col": <MLIR operation name>}

`params` are exactly the keyword arguments of the golden model factory of `op`
(`golden.registry.make_machine(op, **params)`). Types are MLIR spellings (`i32`, `index`,
`!dataflow.tagged<i32, i4>`) or `none` (control). Output references in `meta` (the done port of an
access, a while loop's raw condition) are written `{ref: "node.port"}`.

`read_config` checks the schema and version and rebuilds the same graph: `graph_dict(read(write(g)))
== graph_dict(g)`.
"""

from __future__ import annotations

import yaml

from golden.types import DataflowTypeError
from lowering.dfg import DFG, Channel, MemGroup, Node, Ref

SCHEMA = "dfv.dfg"
VERSION = 1


class ConfigError(ValueError):
    pass


def _ref_out(r: Ref) -> str:
    return f"{r.node}.{r.port}"


def _ref_in(s: str, where: str) -> Ref:
    if not isinstance(s, str) or "." not in s:
        raise ConfigError(f"{where}: expected 'node.port', got {s!r}")
    node, port = s.split(".", 1)
    return Ref(node, port)


def _meta_out(v):
    if isinstance(v, Ref):
        return {"ref": _ref_out(v)}
    if isinstance(v, dict):
        return {k: _meta_out(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_meta_out(x) for x in v]
    return v


def _meta_in(v, where):
    if isinstance(v, dict):
        if set(v) == {"ref"}:
            return _ref_in(v["ref"], where)
        return {k: _meta_in(x, where) for k, x in v.items()}
    if isinstance(v, list):
        return [_meta_in(x, where) for x in v]
    return v


def graph_dict(g: DFG, source: str | None = None) -> dict:
    d = {
        "schema": SCHEMA,
        "version": VERSION,
        "function": g.name,
        "index_width": g.index_width,
    }
    if source is not None:
        d["source"] = source
    d.update({
        "args": [dict(a) for a in g.args],
        "results": [dict(r) for r in g.results],
        "nodes": [
            {"id": n.id, "op": n.op, "params": dict(n.params), "inputs": dict(n.in_types),
             "outputs": dict(n.out_types), "loc": n.loc, "group": n.group, "meta": _meta_out(n.meta)}
            for n in g.nodes.values()
        ],
        "channels": [
            {"id": c.id, "src": _ref_out(c.src), "dst": _ref_out(c.dst), "type": c.type, "width": c.width}
            for c in g.channels
        ],
        "groups": [
            {"name": m.name, "root": m.root, "kind": m.kind, "node": m.node, "elem_type": m.elem_type,
             "size": m.size, "position": m.position, "accesses": list(m.accesses)}
            for m in g.groups.values()
        ],
        "loops": {k: _meta_out(v) for k, v in g.loops.items()},
        "sources": dict(g.sources),
    })
    return d


HEADER = (
    "# dfg.yaml: dataflow graph written by `dfv lower` (schema dfv.dfg, version 1).\n"
    "# nodes: operation, golden-model parameters, typed ports, MLIR source location;\n"
    "# channels: one producer port -> one consumer port, with type and width; groups: memories.\n"
)


def dump_config(g: DFG, source: str | None = None) -> str:
    return HEADER + yaml.safe_dump(graph_dict(g, source), sort_keys=False, default_flow_style=None, width=120)


def write_config(g: DFG, path: str, source: str | None = None) -> str:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(dump_config(g, source))
    return path


def _need(d: dict, key: str, typ, where: str):
    if not isinstance(d, dict) or key not in d:
        raise ConfigError(f"{where}: missing key '{key}'")
    v = d[key]
    if typ is not None and not isinstance(v, typ):
        raise ConfigError(f"{where}.{key}: expected {getattr(typ, '__name__', typ)}, got {type(v).__name__}")
    return v


def load_config(text: str, name: str = "dfg.yaml") -> DFG:
    try:
        d = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ConfigError(f"{name}: not valid YAML: {' '.join(str(exc).split())}") from None
    if not isinstance(d, dict):
        raise ConfigError(f"{name}: expected a mapping at top level")
    if d.get("schema") != SCHEMA:
        raise ConfigError(f"{name}: schema is {d.get('schema')!r}, expected {SCHEMA!r}")
    if d.get("version") != VERSION:
        raise ConfigError(f"{name}: version {d.get('version')!r} is not supported (this reader: {VERSION})")
    g = DFG(_need(d, "function", str, name), _need(d, "index_width", int, name))
    g.args = [dict(a) for a in _need(d, "args", list, name)]
    g.results = [dict(r) for r in _need(d, "results", list, name)]
    for i, nd in enumerate(_need(d, "nodes", list, name)):
        where = f"{name}: nodes[{i}]"
        nid = _need(nd, "id", str, where)
        if nid in g.nodes:
            raise ConfigError(f"{where}: duplicate node id {nid}")
        ins = _need(nd, "inputs", dict, where)
        outs = _need(nd, "outputs", dict, where)
        for p, t in {**ins, **outs}.items():
            try:
                g.width(t)
            except DataflowTypeError as exc:
                raise ConfigError(f"{where} ({nid}) port {p}: {exc}") from None
        node = Node(nid, _need(nd, "op", str, where), dict(_need(nd, "params", dict, where)), dict(ins),
                    dict(outs), _need(nd, "loc", str, where), nd.get("group"),
                    meta=_meta_in(nd.get("meta") or {}, where))
        g.nodes[nid] = node
    for i, cd in enumerate(_need(d, "channels", list, name)):
        where = f"{name}: channels[{i}]"
        src, dst = _ref_in(_need(cd, "src", str, where), where), _ref_in(_need(cd, "dst", str, where), where)
        for end, kind in ((src, "outputs"), (dst, "inputs")):
            n = g.nodes.get(end.node)
            if n is None:
                raise ConfigError(f"{where}: unknown node {end.node}")
            ports = n.out_types if kind == "outputs" else n.in_types
            if end.port not in ports:
                raise ConfigError(f"{where}: node {end.node} ({n.op}) has no {kind[:-1]} port {end.port}")
        ty = _need(cd, "type", str, where)
        width = _need(cd, "width", int, where)
        if g.width(ty) != width:
            raise ConfigError(f"{where}: width {width} does not match type {ty}")
        if g.nodes[dst.node].inputs.get(dst.port) is not None:
            raise ConfigError(f"{where}: input {dst.node}.{dst.port} has two channels")
        g.nodes[dst.node].inputs[dst.port] = src
        g.channels.append(Channel(_need(cd, "id", str, where), src, dst, ty, width))
    for i, md in enumerate(_need(d, "groups", list, name)):
        where = f"{name}: groups[{i}]"
        grp = MemGroup(_need(md, "name", str, where), _need(md, "root", str, where), _need(md, "kind", str, where),
                       _need(md, "node", str, where), _need(md, "elem_type", str, where),
                       _need(md, "size", int, where), md.get("position"), list(_need(md, "accesses", list, where)))
        if grp.kind not in ("memory", "extmemory"):
            raise ConfigError(f"{where}: kind must be memory or extmemory")
        g.groups[grp.name] = grp
    g.loops = {k: _meta_in(v, f"{name}: loops.{k}") for k, v in (d.get("loops") or {}).items()}
    g.sources = dict(d.get("sources") or {})
    nums = [int(n.rsplit("_", 1)[1]) for n in g.nodes if n.rsplit("_", 1)[-1].isdigit()]
    g._counter = max(nums, default=0)
    return g


def read_config(path: str) -> DFG:
    with open(path, encoding="utf-8") as fh:
        return load_config(fh.read(), path)
