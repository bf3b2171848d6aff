"""`dfg.yaml`: the DFG config written by `dfv lower` (schema `dfv.dfg`, version 1).

The layout is published as a JSON Schema (draft 2020-12), `dfv/lowering/schema/dfg.schema.json` (shipped
with the package; `schema_path()`), so other tools can validate and read our configs. In short (every
key required unless marked optional; docs/lowering.md has the prose version):

    schema: dfv.dfg
    version: 1
    function: <name>              # the lowered func.func / handshake.func
    index_width: <int>            # hardware width of `index` (2..64)
    source: <path>                # optional: the MLIR file
    args:    [{position, kind: scalar, type, node} | {position, kind: memref, type, elem_type, size, shape}]
    results: [{position, type, node}]
    nodes:   [{id, op, params: {...}, inputs: {port: type}, outputs: {port: type},
               loc: "file:line:col", group: <memory group name>|null, meta: {...}}]
    channels: [{id, src: "node.port", dst: "node.port", type, width}]
    groups:  [{name, root, kind: memory|extmemory, node, elem_type, size, position, accesses: [node ids]}]
    loops:   {<loop id>: {kind: for|while, raw: {ref: "node.port"}, after: {ref: "node.port"}|null, loc}}
    sources: {"file:line:col": <MLIR operation name>}

`params` are exactly the keyword arguments of the golden model factory of `op`
(`dfv.golden.catalogue.make_machine(op, **params)`). Types are MLIR spellings (`i32`, `index`,
`!dataflow.tagged<i32, i4>`, `!handshake.channel<i32, [spec: i1]>`) or `none` (control), read back into
`dfv.golden.types` objects (`token_type`). Output
references in `meta` (the done port of an access, a while loop's raw condition) are written
`{ref: "node.port"}`.

`load_config` / `read_config` check the schema name and version, validate the document against the
JSON Schema (`jsonschema`), then check what a schema cannot express (unique ids, every node, port,
group and loop a reference names exists, every type is one `dfv.golden.types` allows, a channel's width
matches its type, one channel per input)
and rebuild the same graph: `graph_dict(read(write(g))) == graph_dict(g)`. Every refusal is a
`ConfigError` naming the file and the JSON path of the problem: `dfg.yaml: nodes.fork_3.params: ...`.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from dfv.golden.types import DataflowTypeError, TokenType, token_type
from dfv.lowering.dfg import DFG, Arg, ArgKind, Channel, MemGroup, Node, Ref, Result
from dfv.paths import SCHEMA_DIR

SCHEMA = "dfv.dfg"
VERSION = 1
SCHEMA_FILE = SCHEMA_DIR / "dfg.schema.json"


class ConfigError(ValueError):
    pass


def schema_path() -> Path:
    """The JSON Schema of dfg.yaml (package data: `dfv.paths`)."""
    return SCHEMA_FILE


@functools.cache
def load_schema() -> dict:
    return json.loads(schema_path().read_text(encoding="utf-8"))


@functools.cache
def _validator():
    return Draft202012Validator(load_schema())


def _ref_out(r: Ref) -> str:
    return f"{r.node}.{r.port}"


def _ref_in(s: str) -> Ref:
    node, port = s.split(".", 1)  # the schema has checked the `node.port` form
    return Ref(node, port)


def meta_out(v):
    """Lowering metadata (node `meta`, `loops`) as plain data, Refs as `{ref: node.port}`; also `dfg.mlir`'s."""
    if isinstance(v, Ref):
        return {"ref": _ref_out(v)}
    if isinstance(v, dict):
        return {k: meta_out(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [meta_out(x) for x in v]
    return v


def meta_in(v):
    """The inverse of `meta_out`."""
    if isinstance(v, dict):
        if set(v) == {"ref"}:
            return _ref_in(v["ref"])
        return {k: meta_in(x) for k, x in v.items()}
    if isinstance(v, list):
        return [meta_in(x) for x in v]
    return v


def _refs(v, path: tuple):
    """(path, Ref) of every `{ref: node.port}` in a meta / loop value."""
    if isinstance(v, dict):
        if set(v) == {"ref"}:
            yield path, _ref_in(v["ref"])
            return
        for k, x in v.items():
            yield from _refs(x, (*path, k))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _refs(x, (*path, i))


def _types_out(types: dict[str, TokenType]) -> dict[str, str]:
    return {p: str(t) for p, t in types.items()}


def _arg_out(a: Arg) -> dict:
    if a.scalar:
        return {"position": a.position, "kind": a.kind.value, "type": str(a.type), "node": a.node}
    return {"position": a.position, "kind": a.kind.value, "type": a.type, "elem_type": str(a.elem_type),
            "size": a.size, "shape": list(a.shape)}


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
        "args": [_arg_out(a) for a in g.args],
        "results": [{"position": r.position, "type": str(r.type), "node": r.node} for r in g.results],
        "nodes": [
            {"id": n.id, "op": n.op, "params": dict(n.params), "inputs": _types_out(n.in_types),
             "outputs": _types_out(n.out_types), "loc": n.loc, "group": n.group, "meta": meta_out(n.meta)}
            for n in g.nodes.values()
        ],
        "channels": [
            {"id": c.id, "src": _ref_out(c.src), "dst": _ref_out(c.dst), "type": str(c.type), "width": c.width}
            for c in g.channels
        ],
        "groups": [
            {"name": m.name, "root": m.root, "kind": m.kind, "node": m.node, "elem_type": str(m.elem_type),
             "size": m.size, "position": m.position, "accesses": list(m.accesses)}
            for m in g.groups.values()
        ],
        "loops": {k: meta_out(v) for k, v in g.loops.items()},
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


_NAMED = {"nodes": "id", "channels": "id", "groups": "name"}  # list elements shown by their id / name
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\[\d+\])?")
_NAME = re.compile(r"[A-Za-z0-9_-]+")


def json_path(doc, path) -> str:
    """`nodes.fork_3.params`: a JSON path into `doc`; a node, channel or group is named by its id / name
    when that is unique, other list elements (and duplicates) by index, odd keys quoted."""
    text, cur = "", doc
    for depth, k in enumerate(path):
        if isinstance(k, int):
            label = None
            key = _NAMED.get(path[0]) if depth == 1 else None
            if key and isinstance(cur[k], dict) and isinstance(cur[k].get(key), str) and _NAME.fullmatch(cur[k][key]):
                same = [e for e in cur if isinstance(e, dict) and e.get(key) == cur[k][key]]
                label = cur[k][key] if len(same) == 1 else None
            text += f".{label}" if label else f"[{k}]"
        else:
            part = k if isinstance(k, str) and _KEY.fullmatch(k) else f"[{k!r}]"
            text += part if not text or part.startswith("[") else f".{part}"
        cur = cur[k]
    return text


def _fail(name: str, doc, path, what: str):
    where = json_path(doc, path)
    raise ConfigError(f"{name}: {where}: {what}" if where else f"{name}: {what}")


def _short(v) -> str:
    r = " ".join(repr(v).split())
    return r if len(r) <= 60 else r[:56] + " ..."


def schema_message(err) -> str:
    """jsonschema's message on one line, with a long value shortened; a named pattern (a type, a node id,
    ...) says what was expected."""
    title = err.schema.get("title") if isinstance(err.schema, dict) else None
    if err.validator == "pattern" and title:
        return f"{_short(err.instance)} is not a {title}: {err.schema.get('description', err.schema['pattern'])}"
    if err.validator == "type":
        types = err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
        return f"{_short(err.instance)} is not of type {' or '.join(map(repr, types))}"
    if err.validator == "enum":
        return f"{_short(err.instance)} is not one of {err.validator_value!r}"
    if err.validator == "const":
        return f"{_short(err.instance)} is not {err.validator_value!r}"
    if err.validator in ("anyOf", "oneOf"):
        return f"{_short(err.instance)} is not valid under any of the given schemas"
    msg = " ".join(err.message.split())
    return msg if len(msg) <= 200 else msg[:196] + " ..."


@functools.cache
def _shape_validator(shape_json: str):
    return Draft202012Validator({**json.loads(shape_json), "$defs": load_schema()["$defs"]})


def shape_problem(value, shape: dict) -> str | None:
    """What is wrong with `value` (plain data) against the JSON Schema `shape`, which may `$ref` the
    `$defs` of dfg.yaml's schema (`#/$defs/meta`, `#/$defs/loop`, ...): `path: message` of the best-matching
    error (the message alone at the top), or None. `dfg.mlir`'s `dfv.*` attributes are checked with it
    (`dfv.lowering.graph_attrs`)."""
    err = best_match(_shape_validator(json.dumps(shape, sort_keys=True)).iter_errors(value))
    if err is None:
        return None
    where = json_path(value, list(err.absolute_path))
    return f"{where}: {schema_message(err)}" if where else schema_message(err)


def validate(d, name: str = "dfg.yaml") -> None:
    """Check a loaded dfg.yaml document against the JSON Schema; ConfigError on the best-matching error."""
    err = best_match(_validator().iter_errors(d))
    if err is not None:
        _fail(name, d, list(err.absolute_path), schema_message(err))


def load_config(text: str, name: str = "dfg.yaml") -> DFG:
    try:
        d = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ConfigError(f"{name}: not valid YAML: {' '.join(str(exc).split())}") from None
    # What the document says it is comes first: another kind or version is refused as such.
    if isinstance(d, dict) and d.get("schema") != SCHEMA:
        raise ConfigError(f"{name}: schema is {d.get('schema')!r}, expected {SCHEMA!r}")
    if isinstance(d, dict) and d.get("version") != VERSION:
        raise ConfigError(f"{name}: version {d.get('version')!r} is not supported (this reader: {VERSION})")
    validate(d, name)

    # What a schema cannot say: unique ids, references to what exists, widths of the types.
    def fail(what: str, *path):
        _fail(name, d, path, what)

    g = DFG(d["function"], d["index_width"])

    def typed(text: str, *path) -> TokenType:  # the exact types are dfv.golden.types'
        try:
            return token_type(text, g.index_width)
        except DataflowTypeError as exc:
            fail(str(exc), *path)

    for i, a in enumerate(d["args"]):
        if a["kind"] == ArgKind.SCALAR.value:
            g.args.append(Arg(a["position"], ArgKind.SCALAR, typed(a["type"], "args", i, "type"), a["node"]))
        else:
            g.args.append(Arg(a["position"], ArgKind.MEMREF, a["type"], elem_type=typed(a["elem_type"], "args", i,
                              "elem_type"), size=a["size"], shape=list(a["shape"])))
    g.results = [Result(r["position"], typed(r["type"], "results", i, "type"), r["node"])
                 for i, r in enumerate(d["results"])]
    for i, nd in enumerate(d["nodes"]):
        nid = nd["id"]
        if nid in g.nodes:
            fail(f"duplicate node id {nid}", "nodes", i, "id")
        ports = {key: {p: typed(ty, "nodes", i, key, p) for p, ty in nd[key].items()} for key in ("inputs", "outputs")}
        g.nodes[nid] = Node(nid, nd["op"], dict(nd["params"]), ports["inputs"], ports["outputs"], nd["loc"],
                            nd["group"], meta=meta_in(nd["meta"]))
    group_names = set()
    for i, md in enumerate(d["groups"]):
        if md["name"] in group_names:
            fail(f"duplicate memory group {md['name']}", "groups", i, "name")
        group_names.add(md["name"])

    def node(nid: str, *path) -> Node:
        if nid not in g.nodes:
            fail(f"unknown node {nid}", *path)
        return g.nodes[nid]

    def output(r: Ref, *path) -> None:
        n = node(r.node, *path)
        if r.port not in n.out_types:
            fail(f"node {r.node} ({n.op}) has no output port {r.port}", *path)

    for key in ("args", "results"):
        for i, a in enumerate(d[key]):
            if "node" in a:
                node(a["node"], key, i, "node")
    for i, nd in enumerate(d["nodes"]):
        if nd["group"] is not None and nd["group"] not in group_names:
            fail(f"unknown memory group {nd['group']}", "nodes", i, "group")
        meta = nd["meta"]
        for path, r in _refs(meta, ("nodes", i, "meta")):
            output(r, *path)
        if "mem" in meta:
            node(meta["mem"], "nodes", i, "meta", "mem")
        for k in ("stores", "loads"):
            for j, x in enumerate(meta.get(k, [])):
                node(x, "nodes", i, "meta", k, j)
        if "loop" in meta and meta["loop"] not in d["loops"]:
            fail(f"unknown loop {meta['loop']}", "nodes", i, "meta", "loop")
    channel_ids = set()
    for i, cd in enumerate(d["channels"]):
        src, dst = _ref_in(cd["src"]), _ref_in(cd["dst"])
        output(src, "channels", i, "src")
        n = node(dst.node, "channels", i, "dst")
        if dst.port not in n.in_types:
            fail(f"node {dst.node} ({n.op}) has no input port {dst.port}", "channels", i, "dst")
        ty, bits = typed(cd["type"], "channels", i, "type"), cd["width"]
        if ty.width != bits:
            fail(f"width {bits} does not match type {ty} ({ty.width} bits)", "channels", i, "width")
        if n.inputs.get(dst.port) is not None:
            fail(f"input {dst.node}.{dst.port} has two channels", "channels", i, "dst")
        n.inputs[dst.port] = src
        if cd["id"] in channel_ids:
            fail(f"duplicate channel id {cd['id']}", "channels", i, "id")
        channel_ids.add(cd["id"])
        g.channels.append(Channel(cd["id"], src, dst, ty))
    for i, md in enumerate(d["groups"]):
        node(md["node"], "groups", i, "node")
        et = typed(md["elem_type"], "groups", i, "elem_type")
        for j, x in enumerate(md["accesses"]):
            node(x, "groups", i, "accesses", j)
        g.groups[md["name"]] = MemGroup(md["name"], md["root"], md["kind"], md["node"], et, md["size"],
                                        md["position"], list(md["accesses"]))
    for k, lp in d["loops"].items():
        for path, r in _refs(lp, ("loops", k)):
            output(r, *path)
    g.loops = {k: meta_in(v) for k, v in d["loops"].items()}
    g.sources = dict(d["sources"])
    nums = [int(n.rsplit("_", 1)[1]) for n in g.nodes if n.rsplit("_", 1)[-1].isdigit()]
    g._counter = max(nums, default=0)
    return g


def read_config(path: str) -> DFG:
    with open(path, encoding="utf-8") as fh:
        return load_config(fh.read(), path)
