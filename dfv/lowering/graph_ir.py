"""A DFG as IR: one `handshake.func` of this kit's dialect, built with the operations' constructors.

Every node becomes the operation of its primitive (CIRCT's for the handshake operations, spec 000/001's for
`dataflow`, the compute operations' own classes, `dfv.lowering.handshake_arith`), with its types; the
parameters follow from the operation and its types. What the lowering knows beyond the circuit travels in
`dfv.*` attributes: each operation's node id (`dfv.id`), source location (`dfv.loc`), memory group
(`dfv.group`) and lowering roles (`dfv.meta`); on the function the ids of its interface nodes and the node
order (`dfv.ids`, `dfv.order`), the loops, the source operations and the memory groups. xDSL prints it with
the dialect's assembly formats (`ir_text`: `dfg.mlir`); reading the IR back
(`dfv.lowering.from_handshake`) gives the same graph (tested for every kernel), and `dfv run dfg.mlir`
runs it. Values are named after the node output they carry (`%fork_3_out_1`).
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from functools import cache

from xdsl.dialects.builtin import (
    ArrayAttr,
    FunctionType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    NoneType,
    StringAttr,
    UnrealizedConversionCastOp,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer

from dfv.golden.catalogue import COMPUTE
from dfv.golden.dataflow.stream import STEP_OPS
from dfv.golden.encodings import CmpiPredicate
from dfv.golden.types import to_signed
from dfv.lowering import dialects as df
from dfv.lowering import handshake_ir as hs
from dfv.lowering import handshake_signals as sig
from dfv.lowering.config import meta_out
from dfv.lowering.dfg import CONTROL, DFG, Node, Ref, sorted_ports
from dfv.lowering.dialects import COND_SPELLINGS
from dfv.lowering.handshake_arith import ARITH_OPS
from dfv.lowering.handshake_types import ChannelType
from dfv.lowering.parse import LoweringError, SourceModule, handshake_context

# the result order of operations whose results are not one numbered group (`sorted_ports` order)
RESULT_ORDER = {
    "handshake.cond_br": ("out_true", "out_false"),
    "handshake.control_merge": ("out", "index"),
    "handshake.load": ("data", "addr_to_mem"),
    "handshake.store": ("data_to_mem", "addr_to_mem"),
    "dataflow.stream": ("idx", "cont"),
    "dataflow.gate": ("after_value", "after_cond"),
}
_OPERANDS = {"dataflow.stream": ("start", "step", "bound"), "dataflow.gate": ("before_value", "before_cond"),
             "dataflow.carry": ("d", "a", "b"), "dataflow.invariant": ("d", "a")}
_DATAFLOW = {"dataflow.stream": df.StreamOp, "dataflow.gate": df.GateOp, "dataflow.carry": df.CarryOp,
             "dataflow.invariant": df.InvariantOp}
_COMPUTE_CLASSES = {cls.name: cls for cls in ARITH_OPS}


@cache
def ir_type(ty: str) -> Attribute:
    """The IR type of DFG type `ty` (`none` for a control token)."""
    if ty == CONTROL:
        return NoneType()
    return Parser(handshake_context(), ty).parse_type()


def value_name(ref: Ref) -> str:
    """The name of the value carrying node output `ref`."""
    return f"{ref.node}_{ref.port}".replace("[", "_").replace("]", "")


def _json(value) -> StringAttr:
    return StringAttr(json.dumps(value, separators=(",", ":")))  # insertion order: the graph's own


class _Builder:
    """One DFG -> one `handshake.func` (see the module docstring)."""

    def __init__(self, g: DFG, source: str):
        self.g, self.source = g, source
        self.func_nodes = [nid for nid, n in g.nodes.items() if n.op.startswith("func.")]  # in graph order
        self.values: dict[Ref, SSAValue] = {}
        self.waiting: dict[Ref, SSAValue] = {}  # placeholders of values used before their operation
        self.args: dict[int, SSAValue] = {}
        self.ops: list[Operation] = []

    # ------------------------------------------------------------------ values
    def operand(self, n: Node, port: str) -> SSAValue:
        ref = n.inputs[port]
        src = self.g.nodes[ref.node]
        if src.op == "func.start":
            return self.start
        if src.op == "func.arg":
            return self.args[src.params["position"]]
        if ref in self.values:
            return self.values[ref]
        if ref not in self.waiting:
            self.waiting[ref] = UnrealizedConversionCastOp.create(result_types=[ir_type(n.in_types[port])]).results[0]
        return self.waiting[ref]

    def operands(self, n: Node, ports: Sequence[str]) -> list[SSAValue]:
        return [self.operand(n, p) for p in ports]

    def emit(self, n: Node, op: Operation, outs: Sequence[str], results: Sequence[SSAValue] | None = None) -> None:
        """Add `op`, whose `results` (default: all of them) carry node `n`'s outputs `outs` in order."""
        for p, r in zip(outs, op.results if results is None else results, strict=True):
            ref = Ref(n.id, p)
            r.name_hint = value_name(ref)
            self.values[ref] = r
            if ref in self.waiting:
                self.waiting.pop(ref).replace_all_uses_with(r)
        self.ops.append(op)

    def attrs(self, n: Node, extra: dict[str, Attribute] | None = None) -> dict[str, Attribute]:
        items = dict(extra or {})
        items["dfv.id"] = StringAttr(n.id)
        items["dfv.loc"] = StringAttr(n.loc)
        if n.group is not None:
            items["dfv.group"] = StringAttr(n.group)
        if n.meta:
            items["dfv.meta"] = _json(meta_out(n.meta))
        return items

    def types(self, n: Node, outs: Sequence[str]) -> list[Attribute]:
        return [ir_type(n.out_types[p]) for p in outs]

    # ------------------------------------------------------------------ operations
    def node(self, n: Node) -> None:
        op = n.op
        outs = list(RESULT_ORDER.get(op, sorted_ports(n.out_types)))
        ins = sorted_ports(n.in_types)
        if op in ("handshake.fork", "handshake.join", "handshake.merge", "handshake.control_merge",
                  "handshake.cond_br", "handshake.sink", "handshake.source", "handshake.compose",
                  "handshake.decompose"):
            cls = {"handshake.fork": hs.ForkOp, "handshake.join": hs.JoinOp, "handshake.merge": hs.MergeOp,
                   "handshake.control_merge": hs.ControlMergeOp, "handshake.cond_br": hs.CondBrOp,
                   "handshake.sink": hs.SinkOp, "handshake.source": hs.SourceOp, "handshake.compose": sig.ComposeOp,
                   "handshake.decompose": sig.DecomposeOp}[op]
            ports = ("cond", "data") if op == "handshake.cond_br" else ins
            self.emit(n, cls.create(operands=self.operands(n, ports), result_types=self.types(n, outs),
                                    attributes=self.attrs(n)), outs)
        elif op == "handshake.mux":
            ports = ["sel", *(p for p in ins if p != "sel")]
            self.emit(n, hs.MuxOp.create(operands=self.operands(n, ports), result_types=self.types(n, outs),
                                         attributes=self.attrs(n)), outs)
        elif op == "handshake.constant":
            w, ty = n.params["width"], ir_type(n.out_types["out"])
            value = to_signed(n.params["value"], w) if w > 1 else n.params["value"]
            self.emit(n, hs.ConstantOp.create(operands=self.operands(n, ["ctrl"]), result_types=[ty],
                                              attributes=self.attrs(n, {"value": IntegerAttr(value, ty)})), outs)
        elif op in ("handshake.buffer", "handshake.fifo"):
            self.buffer(n, outs)
        elif op in ("handshake.load", "handshake.store"):
            data = "data_from_mem" if op == "handshake.load" else "data"
            cls = hs.LoadOp if op == "handshake.load" else hs.StoreOp
            self.emit(n, cls.create(operands=self.operands(n, ["addr", data, "ctrl"]),
                                    result_types=self.types(n, outs), attributes=self.attrs(n)), outs)
        elif op in ("handshake.memory", "handshake.extmemory"):
            self.memory(n)
        elif op == "handshake.repack":
            self.repack(n)
        elif op in _DATAFLOW:
            self.dataflow(n, outs)
        elif op in COMPUTE:
            self.compute(n)
        else:
            raise ValueError(f"no IR operation for {op} ({n.id})")

    def buffer(self, n: Node, outs: list[str]) -> None:
        fifo = n.op == "handshake.fifo"
        init = n.params.get("init") if fifo else None
        extra = {"initValues": ArrayAttr([IntegerAttr(v, 64) for v in init])} if init else None
        props = {"slots": IntegerAttr(n.params["depth"] if fifo else 2, 32),
                 "buffer_type": StringAttr("fifo" if fifo else "seq")}
        self.emit(n, hs.BufferOp.create(operands=self.operands(n, ["in"]), result_types=self.types(n, outs),
                                        attributes=self.attrs(n, extra), properties=props), outs)

    def memory(self, n: Node) -> None:
        p = n.params
        ports = [x for i in range(p["n_store"]) for x in (f"st_data[{i}]", f"st_addr[{i}]")]
        ports += [f"ld_addr[{i}]" for i in range(p["n_load"])]
        outs = [f"ld_data[{i}]" for i in range(p["n_load"])] + [f"st_done[{i}]" for i in range(p["n_store"])] + \
            [f"ld_done[{i}]" for i in range(p["n_load"])]
        props: dict[str, Attribute] = {"ldCount": IntegerAttr(p["n_load"], 32),
                                       "stCount": IntegerAttr(p["n_store"], 32)}
        operands = self.operands(n, ports)
        if n.op == "handshake.extmemory":
            operands.insert(0, self.args[n.meta["position"]])
            cls = hs.ExtMemoryOp
        else:
            props["memRefType"] = MemRefType(ir_type(n.meta["elem_type"]), [p["depth"]])
            cls = hs.MemoryOp
        self.emit(n, cls.create(operands=operands, result_types=self.types(n, outs), attributes=self.attrs(n),
                                properties=props), outs)

    def repack(self, n: Node) -> None:
        """A repack is the bundle of an unbundle's control token and some of its fields, the upstream
        signals passed back from the bundle to the unbundle; of a control token, the bundle of its valid
        with the ready that the unbundle of the valid takes."""
        i1 = IntegerType(1)
        if n.in_types["in"] == CONTROL:
            ready = UnrealizedConversionCastOp.create(result_types=[i1]).results[0]
            unbundle = sig.UnbundleOp.create(operands=[self.operand(n, "in"), ready], result_types=[i1])
            unbundle.results[0].name_hint = f"{n.id}_valid"
            self.ops.append(unbundle)
            bundle = sig.BundleOp.create(operands=[unbundle.results[0]], result_types=[NoneType(), i1],
                                         attributes=self.attrs(n))
            bundle.results[1].name_hint = f"{n.id}_ready"
            ready.replace_all_uses_with(bundle.results[1])
            self.emit(n, bundle, ["out"], bundle.results[:1])
            return
        vt = self.g.value_type(n.in_types["in"])
        fields, lo = [], 0
        for w in [vt.data.width, *(e.width for e in vt.down)]:
            fields.append((lo, w))
            lo += w
        t_out = ir_type(n.out_types["out"])
        ups = [e.type for e in t_out.extras if e.upstream] if isinstance(t_out, ChannelType) else []
        up_values = [UnrealizedConversionCastOp.create(result_types=[t]).results[0] for t in ups]
        raw_types = [NoneType(), ir_type(str(vt.data)), *(IntegerType(e.width) for e in vt.down)]
        unbundle = sig.UnbundleOp.create(operands=[self.operand(n, "in"), *up_values], result_types=raw_types)
        unbundle.results[0].name_hint = f"{n.id}_ctrl"
        for k, r in enumerate(unbundle.results[1:]):
            r.name_hint = f"{n.id}_raw{k}"
        self.ops.append(unbundle)
        picked = [unbundle.results[1 + fields.index((f_lo, f_w))] for f_lo, f_w in n.params["fields"]]
        bundle = sig.BundleOp.create(operands=[unbundle.results[0], *picked], result_types=[t_out, *ups],
                                     attributes=self.attrs(n))
        for k, (placeholder, r) in enumerate(zip(up_values, bundle.results[1:], strict=True)):
            r.name_hint = f"{n.id}_up{k}"
            placeholder.replace_all_uses_with(r)
        self.emit(n, bundle, ["out"], bundle.results[:1])

    def dataflow(self, n: Node, outs: list[str]) -> None:
        extra = None
        if n.op == "dataflow.stream":
            extra = {"step_op": StringAttr(STEP_OPS[n.params["step_op"]]),
                     "cont_cond": StringAttr(COND_SPELLINGS[n.params["cont_cond"]])}
        self.emit(n, _DATAFLOW[n.op].create(operands=self.operands(n, _OPERANDS[n.op]),
                                            result_types=self.types(n, outs), attributes=self.attrs(n, extra)), outs)

    def compute(self, n: Node) -> None:
        c = COMPUTE[n.op]
        props = {"predicate": IntegerAttr(int(CmpiPredicate.of(n.params["predicate"])), 64)} \
            if "predicate" in n.params else {}
        outs = [c.output.name]
        self.emit(n, _COMPUTE_CLASSES[n.op].create(operands=self.operands(n, c.input_names),
                                                   result_types=self.types(n, outs), attributes=self.attrs(n),
                                                   properties=props), outs)

    # ------------------------------------------------------------------ the function
    def func(self) -> hs.FuncOp:
        g = self.g
        start = next(n for n in g.nodes.values() if n.op == "func.start")
        done = next(n for n in g.nodes.values() if n.op == "func.done")
        args = sorted(g.args, key=lambda a: a["position"])
        block = Block(arg_types=[*(ir_type(a["type"]) for a in args), NoneType()])
        arg_ids = {}
        for a, v in zip(args, block.args, strict=False):
            v.name_hint = f"arg{a['position']}"
            self.args[a["position"]] = v
            if a["kind"] == "scalar":
                arg_ids[str(a["position"])] = a["node"]
        self.start = block.args[-1]
        self.start.name_hint = "start"
        for nid, n in g.nodes.items():
            if nid not in self.func_nodes:
                self.node(n)
        if self.waiting:
            ref = next(iter(self.waiting))
            raise ValueError(f"{ref.node}.{ref.port} is used but no operation gives it")
        results = sorted(g.results, key=lambda r: r["position"])
        rets = [self.operand(g.nodes[r["node"]], "in") for r in results] + [self.operand(done, "in")]
        block.add_ops([*self.ops, hs.ReturnOp.create(operands=rets)])
        ids = {"start": start.id, "done": done.id, "args": arg_ids,
               "results": {str(r["position"]): r["node"] for r in results},
               "locs": {nid: g.nodes[nid].loc for nid in self.func_nodes}}
        groups = {name: {"root": m.root, "kind": m.kind, "node": m.node, "accesses": m.accesses}
                  for name, m in g.groups.items()}
        attrs = {"dfv.source": StringAttr(self.source), "dfv.index_width": IntegerAttr(g.index_width, 64),
                 "dfv.ids": _json(ids), "dfv.order": _json(list(g.nodes)), "dfv.groups": _json(groups),
                 "dfv.loops": _json({k: meta_out(v) for k, v in g.loops.items()}), "dfv.sources": _json(g.sources)}
        ftype = FunctionType.from_lists([a.type for a in block.args], [v.type for v in rets])
        return hs.FuncOp.create(regions=[Region(block)], attributes=attrs,
                                properties={"sym_name": StringAttr(g.name), "function_type": ftype})


def graph_ir(g: DFG, source: str = "") -> SourceModule:
    """`g` as IR: one `handshake.func` of this kit's dialect, verified (its operations' verifiers run; a
    failure is a LoweringError at the operation's node location). `dfv.lowering.pipeline` holds a lowered
    program in this form and derives everything from it."""
    module = ModuleOp([_Builder(g, source).func()])
    try:
        module.verify()
    except Exception:  # the innermost operation that fails on its own, for the location
        for op in reversed(list(module.walk())):
            try:
                op.verify()
            except Exception as inner:  # noqa: BLE001
                loc = op.attributes.get("dfv.loc")
                raise LoweringError(f"{op.name}: {inner}", loc.data if isinstance(loc, StringAttr) else g.name) \
                    from None
        raise
    return SourceModule(module, f"{source or g.name} (lowered graph)")


def ir_text(ir: SourceModule) -> str:
    """The text of a held graph, printed by xDSL with the dialect's assembly formats (`dfg.mlir`)."""
    out = io.StringIO()
    Printer(stream=out).print_op(ir.module)
    return out.getvalue().rstrip("\n") + "\n"


