"""A DFG as a handshake program: one `handshake.func` in this kit's dialect (`dfg.mlir`).

Every node is the operation of its primitive, in the syntax `dfv.lowering.from_handshake` reads (CIRCT's for
the handshake operations, spec 000/001's for `dataflow`), with its types; the parameters follow from the
operation and its types. What the lowering knows beyond the circuit travels in `dfv.*` attributes: each
operation's node id (`dfv.id`), source location (`dfv.loc`), memory group (`dfv.group`) and lowering
roles (`dfv.meta`); on the function the ids of its interface nodes and the node order (`dfv.ids`,
`dfv.order`), the loops, the source operations and the memory groups. Reading the text back gives the
same graph (tested for every kernel), and `dfv run dfg.mlir` runs it.
"""

from __future__ import annotations

import io
import json

from xdsl.printer import Printer

from dfv.golden.catalogue import COMPUTE
from dfv.golden.compute import Syntax
from dfv.golden.dataflow.stream import STEP_OPS
from dfv.golden.types import to_signed
from dfv.lowering.config import meta_out
from dfv.lowering.dfg import CONTROL, DFG, Ref, sorted_ports
from dfv.lowering.dialects import COND_SPELLINGS
from dfv.lowering.parse import SourceModule, parse_text


def _str(text: str) -> str:
    return json.dumps(text)  # a JSON string is an MLIR string literal (same escapes)


def _json(value) -> str:
    return _str(json.dumps(value, separators=(",", ":")))  # insertion order: the graph's own


def _type(ty: str) -> str:
    return "none" if ty == CONTROL else ty


# the result order of operations whose results are not one numbered group (`sorted_ports` order)
RESULT_ORDER = {
    "handshake.cond_br": ("out_true", "out_false"),
    "handshake.control_merge": ("out", "index"),
    "handshake.load": ("data", "addr_to_mem"),
    "handshake.store": ("data_to_mem", "addr_to_mem"),
    "dataflow.stream": ("idx", "cont"),
    "dataflow.gate": ("after_value", "after_cond"),
}


def value_name(ref: Ref) -> str:
    return "%" + f"{ref.node}_{ref.port}".replace("[", "_").replace("]", "")


class _Writer:
    def __init__(self, g: DFG, source: str):
        self.g, self.source = g, source
        self.func_nodes = [nid for nid, n in g.nodes.items() if n.op.startswith("func.")]  # in graph order

    def operand(self, n, port: str) -> str:
        ref = n.inputs[port]
        src = self.g.nodes[ref.node]
        if src.op == "func.start":
            return "%start"
        if src.op == "func.arg":
            return f"%arg{src.params['position']}"
        return value_name(ref)

    def attrs(self, n, extra: dict[str, str] | None = None) -> str:
        items = dict(extra or {})
        items["dfv.id"] = _str(n.id)
        items["dfv.loc"] = _str(n.loc)
        if n.group is not None:
            items["dfv.group"] = _str(n.group)
        if n.meta:
            items["dfv.meta"] = _json(meta_out(n.meta))
        return " {" + ", ".join(f"{k} = {v}" for k, v in items.items()) + "}"

    def results(self, n, ports: list[str]) -> str:
        return ", ".join(value_name(Ref(n.id, p)) for p in ports) + " = " if ports else ""

    def op(self, n) -> str:
        op = n.op
        ins = {p: self.operand(n, p) for p in n.in_types}
        outs = list(RESULT_ORDER.get(op, sorted_ports(n.out_types)))
        t_in = {p: _type(t) for p, t in n.in_types.items()}
        t_out = {p: _type(t) for p, t in n.out_types.items()}
        res = self.results(n, outs)
        if op == "handshake.fork":
            return f"{res}handshake.fork [{len(outs)}] {ins['in']}{self.attrs(n)} : {t_in['in']}"
        if op == "handshake.join":
            ports = sorted_ports(n.in_types)
            return (f"{res}handshake.join {', '.join(ins[p] for p in ports)}{self.attrs(n)} : "
                    f"{', '.join(t_in[p] for p in ports)}")
        if op == "handshake.merge":
            ports = sorted_ports(n.in_types)
            return f"{res}handshake.merge {', '.join(ins[p] for p in ports)}{self.attrs(n)} : {t_out['out']}"
        if op == "handshake.mux":
            data = [p for p in sorted_ports(n.in_types) if p != "sel"]
            return (f"{res}handshake.mux {ins['sel']} [{', '.join(ins[p] for p in data)}]{self.attrs(n)} : "
                    f"{t_in['sel']}, {t_out['out']}")
        if op == "handshake.control_merge":
            ports = sorted_ports(n.in_types)
            return (f"{res}handshake.control_merge {', '.join(ins[p] for p in ports)}{self.attrs(n)} : "
                    f"{t_out['out']}, {t_out['index']}")
        if op == "handshake.cond_br":
            return f"{res}handshake.cond_br {ins['cond']}, {ins['data']}{self.attrs(n)} : {t_in['data']}"
        if op == "handshake.sink":
            return f"handshake.sink {ins['in']}{self.attrs(n)} : {t_in['in']}"
        if op == "handshake.source":
            return f"{res}handshake.source{self.attrs(n)}"
        if op == "handshake.constant":
            w = n.params["width"]
            value = f"{to_signed(n.params['value'], w) if w > 1 else n.params['value']} : {t_out['out']}"
            return f"{res}handshake.constant {ins['ctrl']}{self.attrs(n, {'value': value})} : {t_out['out']}"
        if op == "handshake.buffer":
            return f"{res}handshake.buffer [2] seq {ins['in']}{self.attrs(n)} : {t_in['in']}"
        if op == "handshake.fifo":
            init = n.params.get("init")
            extra = {"initValues": "[" + ", ".join(str(v) for v in init) + "]"} if init else None
            return f"{res}handshake.buffer [{n.params['depth']}] fifo {ins['in']}{self.attrs(n, extra)} : {t_in['in']}"
        if op in ("handshake.load", "handshake.store"):
            data = "data_from_mem" if op == "handshake.load" else "data"
            return (f"{res}{op} [{ins['addr']}] {ins[data]}, {ins['ctrl']}{self.attrs(n)} : "
                    f"{t_in['addr']}, {t_in[data]}")
        if op in ("handshake.memory", "handshake.extmemory"):
            return self.memory(n, ins, t_in, t_out, res)
        if op == "handshake.repack":
            return self.repack(n, ins, t_out)
        if op in ("handshake.compose", "handshake.decompose"):
            return f"{res}{op} {ins['in']}{self.attrs(n)} : {t_in['in']} -> {t_out['out']}"
        if op.startswith("dataflow."):
            return self.dataflow(n, ins, t_in, t_out, res)
        if op in COMPUTE:
            return self.compute(n, ins, t_in, t_out, res)
        raise ValueError(f"no handshake spelling for {op} ({n.id})")

    def memory(self, n, ins, t_in, t_out, res) -> str:
        p = n.params
        ports = [x for i in range(p["n_store"]) for x in (f"st_data[{i}]", f"st_addr[{i}]")]
        ports += [f"ld_addr[{i}]" for i in range(p["n_load"])]
        outs = [f"ld_data[{i}]" for i in range(p["n_load"])] + [f"st_done[{i}]" for i in range(p["n_store"])] + \
            [f"ld_done[{i}]" for i in range(p["n_load"])]
        res = self.results(n, outs)
        fn = f"({', '.join(t_in[x] for x in ports)}) -> ({', '.join(t_out[x] for x in outs)})"
        counts = f"[ld = {p['n_load']}, st = {p['n_store']}]"
        if n.op == "handshake.extmemory":
            pos = n.meta["position"]
            return (f"{res}handshake.extmemory {counts} (%arg{pos} : {self.memref(pos)}) "
                    f"({', '.join(ins[x] for x in ports)}){self.attrs(n)} : {fn}")
        mt = f"memref<{p['depth']}x{_type(n.meta['elem_type'])}>"
        return f"{res}handshake.memory {counts} ({', '.join(ins[x] for x in ports)}){self.attrs(n)} : {mt}, {fn}"

    def repack(self, n, ins, t_out) -> str:
        """A repack is the bundle of an unbundle's control token and some of its fields, the upstream
        signals passed back from the bundle to the unbundle; of a control token, the bundle of its valid
        with the ready that the unbundle of the valid takes."""
        out = value_name(Ref(n.id, "out"))
        if n.in_types["in"] == CONTROL:
            return (f"%{n.id}_valid = handshake.unbundle {ins['in']}, %{n.id}_ready : i1\n"
                    f"  {out}, %{n.id}_ready = handshake.bundle %{n.id}_valid{self.attrs(n)} : none, i1")
        vt = self.g.value_type(n.in_types["in"])
        fields, lo = [], 0
        for w in [vt.data.width, *(e.width for e in vt.down)]:
            fields.append((lo, w))
            lo += w
        raw = [f"%{n.id}_raw{k}" for k in range(len(fields))]
        types = ["none", str(vt.data), *(f"i{e.width}" for e in vt.down)]
        ups = "".join(f", %{n.id}_up{k}" for k in range(sum(e.upstream for e in vt.extras)))
        picked = [raw[fields.index((f_lo, f_w))] for f_lo, f_w in n.params["fields"]]
        extras = f" [{', '.join(picked[1:])}]" if len(picked) > 1 else ""
        unbundle = f"%{n.id}_ctrl, {', '.join(raw)} = handshake.unbundle {ins['in']}{ups} : {', '.join(types)}"
        return (f"{unbundle}\n  {out}{ups} = handshake.bundle %{n.id}_ctrl, {picked[0]}{extras}{self.attrs(n)} : "
                f"{t_out['out']}")

    def memref(self, pos: int) -> str:
        return next(a["type"] for a in self.g.args if a["position"] == pos)

    def dataflow(self, n, ins, t_in, t_out, res) -> str:
        op, p = n.op, n.params
        names = {"dataflow.stream": ("start", "step", "bound"), "dataflow.gate": ("before_value", "before_cond"),
                 "dataflow.carry": ("d", "a", "b"), "dataflow.invariant": ("d", "a")}[op]
        outs = RESULT_ORDER.get(op, ("o",))
        extra = None
        if op == "dataflow.stream":
            cc = p["cont_cond"]
            extra = {"step_op": _str(STEP_OPS[p["step_op"]]), "cont_cond": _str(COND_SPELLINGS[cc])}
        return (f"{res}{op} {', '.join(ins[x] for x in names)}{self.attrs(n, extra)} : "
                f"{', '.join(t_in[x] for x in names)} -> {', '.join(t_out[x] for x in outs)}")

    def compute(self, n, ins, t_in, t_out, res) -> str:
        """A compute operation in its syntax (`dfv.golden.compute.Syntax`)."""
        op, c = n.op, COMPUTE[n.op]
        args = ", ".join(ins[p] for p in c.input_names)
        first, out = c.input_names[0], c.output.name
        if c.syntax is Syntax.CMPI:
            return f"{res}{op} {n.params['predicate']}, {args}{self.attrs(n)} : {t_in[first]}"
        if c.syntax is Syntax.SELECT:
            return f"{res}{op} {args}{self.attrs(n)} : {t_in[first]}, {t_out[out]}"
        if c.syntax is Syntax.CAST:
            return f"{res}{op} {args}{self.attrs(n)} : {t_in[first]} to {t_out[out]}"
        return f"{res}{op} {args}{self.attrs(n)} : {t_out[out]}"

    def text(self) -> str:
        g = self.g
        start = next(n for n in g.nodes.values() if n.op == "func.start")
        done = next(n for n in g.nodes.values() if n.op == "func.done")
        args = []
        arg_ids = {}
        for a in sorted(g.args, key=lambda a: a["position"]):
            i = a["position"]
            ty = _type(a["type"])
            args.append(f"%arg{i}: {ty}")
            if a["kind"] == "scalar":
                arg_ids[str(i)] = a["node"]
        args.append("%start: none")
        results = sorted(g.results, key=lambda r: r["position"])
        rets = [self.operand(g.nodes[r["node"]], "in") for r in results] + [self.operand(done, "in")]
        rtypes = [_type(r["type"]) for r in results] + ["none"]
        ids = {"start": start.id, "done": done.id, "args": arg_ids,
               "results": {str(r["position"]): r["node"] for r in results},
               "locs": {nid: g.nodes[nid].loc for nid in self.func_nodes}}
        groups = {name: {"root": m.root, "kind": m.kind, "node": m.node, "accesses": m.accesses}
                  for name, m in g.groups.items()}
        fattrs = {"dfv.source": _str(self.source), "dfv.index_width": f"{g.index_width} : i64",
                  "dfv.ids": _json(ids), "dfv.order": _json(list(g.nodes)), "dfv.groups": _json(groups),
                  "dfv.loops": _json({k: meta_out(v) for k, v in g.loops.items()}),
                  "dfv.sources": _json(g.sources)}
        body = [f"  {self.op(n)}" for n in g.nodes.values() if n.id not in self.func_nodes]
        head = (f"handshake.func @{g.name}({', '.join(args)}) -> ({', '.join(rtypes)}) attributes "
                "{" + ", ".join(f"{k} = {v}" for k, v in fattrs.items()) + "} {")
        tail = f"  handshake.return {', '.join(rets)} : {', '.join(rtypes)}\n}}"
        title = f"// DFG of @{g.name} ({len(g.nodes)} nodes) as a handshake program (dfv/lowering/to_handshake.py)"
        return "\n".join([title, head, *body, tail]) + "\n"


def dfg_to_handshake(g: DFG, source: str = "") -> str:
    """The text of `g` as one `handshake.func` (see the module docstring)."""
    return _Writer(g, source).text()


def graph_ir(g: DFG, source: str = "") -> SourceModule:
    """`g` as xDSL operations: one `handshake.func` of this kit's dialect, parsed and verified (its operations'
    verifiers run). `dfv.lowering.pipeline` holds a lowered program in this form and derives everything from it."""
    return parse_text(dfg_to_handshake(g, source), f"{source or g.name} (lowered graph)")


def ir_text(ir: SourceModule) -> str:
    """The text of a held graph, printed by xDSL with the dialect's assembly formats (`dfg.mlir`)."""
    out = io.StringIO()
    Printer(stream=out).print_op(ir.module)
    return out.getvalue().rstrip("\n") + "\n"
