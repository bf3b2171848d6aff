"""A DFG as IR: one `handshake.func` of this kit's dialect, built with the operations' constructors.

Every node becomes the operation of its primitive (CIRCT's for the handshake operations, spec 000/001's
for `dataflow`, the compute operations' own classes), built by its family's builder
(`dfv.lowering.bindings`), with its types; the parameters follow from the operation and its types. What
the lowering knows beyond the circuit travels in `dfv.*` attributes: each operation's node id (`dfv.id`),
source location (`dfv.loc`), memory group (`dfv.group`) and lowering roles (`dfv.meta`); on the function
the ids of its interface nodes and the node order (`dfv.ids`, `dfv.order`), the loops, the source
operations and the memory groups. xDSL prints it with the dialect's assembly formats (`ir_text`:
`dfg.mlir`); reading the IR back (`dfv.lowering.from_handshake`) gives the same graph (tested for every
kernel), and `dfv run dfg.mlir` runs it. Values are named after the node output they carry
(`%fork_3_out_1`).
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from functools import cache

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    NoneType,
    StringAttr,
    TupleType,
    UnrealizedConversionCastOp,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.printer import Printer

from dfv.golden.types import ChannelType, ControlType, TaggedType, TokenType
from dfv.golden.types import TupleType as DfTuple
from dfv.lowering import handshake_ir as hs
from dfv.lowering import handshake_types as ht
from dfv.lowering.bindings.table import BUILDERS
from dfv.lowering.config import meta_out
from dfv.lowering.dfg import DFG, Node, Ref, sorted_ports
from dfv.lowering.dialects import TaggedType as DfTagged
from dfv.lowering.parse import LoweringError, SourceModule

_FLOATS = {"bf16": BFloat16Type, "f16": Float16Type, "f32": Float32Type, "f64": Float64Type}


@cache  # one attribute per type: it is built for every port of every node
def ir_type(ty: TokenType) -> Attribute:
    """The IR type of DFG type `ty` (`none` for a control token; with `dfv.lowering.from_handshake`'s
    `dtype`, the one place DFG types and IR types meet)."""
    if isinstance(ty, ControlType):
        return NoneType()
    if isinstance(ty, TaggedType):
        return DfTagged(ir_type(ty.value), IntegerType(ty.tag_width))
    if isinstance(ty, ChannelType):
        return ht.ChannelType.make(ir_type(ty.data), [ht.Extra(e.name, IntegerType(e.width), e.upstream)
                                                      for e in ty.extras])
    if isinstance(ty, DfTuple):
        return TupleType([ir_type(f) for f in ty.fields])
    if ty.kind == "index":
        return IndexType()
    if ty.kind == "float":
        return _FLOATS[ty.name]()
    return IntegerType(ty.width)


def value_name(ref: Ref) -> str:
    """The name of the value carrying node output `ref`."""
    return f"{ref.node}_{ref.port}".replace("[", "_").replace("]", "")


def _json(value) -> StringAttr:
    return StringAttr(json.dumps(value, separators=(",", ":")))  # insertion order: the graph's own


class _Builder:
    """One DFG -> one `handshake.func` (see the module docstring)."""

    def __init__(self, g: DFG, source: str):
        self.g, self.source = g, source
        # id(FloatAttr) -> the exact word of each float constant built (a double cannot carry every NaN of
        # the smaller formats: reading the IR back takes the word from here, `SourceModule.float_word`)
        self.float_bits: dict[int, int] = {}
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

    def in_ports(self, n: Node) -> list[str]:
        return sorted_ports(n.in_types)

    @staticmethod
    def ir_type(ty: TokenType) -> Attribute:
        return ir_type(ty)

    def same_shape(self, n: Node, cls: type[Operation]) -> None:
        """`n` as an operation of `cls` whose operands are its inputs and results its outputs, in port order."""
        outs = sorted_ports(n.out_types)
        self.emit(n, cls.create(operands=self.operands(n, self.in_ports(n)), result_types=self.types(n, outs),
                                attributes=self.attrs(n)), outs)

    # ------------------------------------------------------------------ the function
    def func(self) -> hs.FuncOp:
        g = self.g
        start = next(n for n in g.nodes.values() if n.op == "func.start")
        done = next(n for n in g.nodes.values() if n.op == "func.done")
        args = sorted(g.args, key=lambda a: a.position)
        block = Block(arg_types=[*(ir_type(a.type) if a.scalar else MemRefType(ir_type(a.elem_type), a.shape)
                                   for a in args), NoneType()])
        arg_ids = {}
        for a, v in zip(args, block.args, strict=False):
            v.name_hint = f"arg{a.position}"
            self.args[a.position] = v
            if a.scalar:
                arg_ids[str(a.position)] = a.node
        self.start = block.args[-1]
        self.start.name_hint = "start"
        for nid, n in g.nodes.items():
            if nid not in self.func_nodes:
                build = BUILDERS.get(n.op)
                if build is None:
                    raise ValueError(f"no IR operation for {n.op} ({nid})")
                build(self, n)
        if self.waiting:
            ref = next(iter(self.waiting))
            raise ValueError(f"{ref.node}.{ref.port} is used but no operation gives it")
        results = sorted(g.results, key=lambda r: r.position)
        rets = [self.operand(g.nodes[r.node], "in") for r in results] + [self.operand(done, "in")]
        block.add_ops([*self.ops, hs.ReturnOp.create(operands=rets)])
        ids = {"start": start.id, "done": done.id, "args": arg_ids,
               "results": {str(r.position): r.node for r in results},
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
    builder = _Builder(g, source)
    module = ModuleOp([builder.func()])
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
    return SourceModule(module, f"{source or g.name} (lowered graph)", float_bits=builder.float_bits)


def ir_text(ir: SourceModule) -> str:
    """The text of a held graph, printed by xDSL with the dialect's assembly formats (`dfg.mlir`)."""
    out = io.StringIO()
    Printer(stream=out).print_op(ir.module)
    return out.getvalue().rstrip("\n") + "\n"


