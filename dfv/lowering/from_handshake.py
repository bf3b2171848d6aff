"""Read a handshake program (a `handshake.func`, in CIRCT's spelling or with 003's channel types) as a DFG.

The program is already a dataflow circuit, so nothing is lowered: each operation becomes the node of the
same primitive, `br`, one-input `merge` and one-output `fork` become wires, and the function interface is
mapped as for `scf` programs:
* arguments of type `none` / `!handshake.control` all carry the start token (`func.start`);
* every other argument is, in order, a scalar `func.arg` or a memref, whose `extmemory` is its interface;
  the inputs file lists exactly these arguments, in order;
* the `none` result of `return` is the done token (exactly one); the others are the results, in order.

A cycle without a buffer is a combinational loop, refused by the pipeline (`dfv.lowering.comb_cycles`);
forks and sinks are added where a value has several or no users, and a buffer on a cycle through a memory
interface (`dfv.lowering.materialize`). A buffer with `initValues` becomes a FIFO holding those tokens after
reset; such a circuit must end a run in its idle state (`dfv.golden.interpreter.IdleState`). What a program
asks for beyond this (a join of data channels, extra signals where no primitive carries them, a tuple at the
function's boundary) is refused with its location, never run half-understood; another tool's discardable
attributes are read past with a note (`note_ignored_attributes`).

Each operation is read by its family's reader (`dfv.lowering.bindings`: the steering primitives,
buffers, memories, spec 000's dataflow machines, spec 003's signal operations, CIRCT's tuples, compute
operations), and upstream (U) extra signals cross only wiring (`dfv.lowering.read_upstream`).

`arith.index_cast` follows CIRCT's hardware, not MLIR's signed rule: CIRCT's handshake lowering keeps data
unsigned and widens a cast with zeros, and its programs rely on it (an `i1` condition cast to an `index`
mux select picks input 1, not input -1). So it reads as `arith.index_castui`.
"""

from __future__ import annotations

import re

from xdsl.dialects.builtin import IndexType, IntegerType, MemRefType, TupleType
from xdsl.ir import Attribute, Operation, SSAValue

from dfv.golden.types import (
    CONTROL,
    FLOAT_WIDTHS,
    ChannelType,
    ExtraSignal,
    TokenType,
    int_type,
    parse_type,
    scalar_type,
)
from dfv.golden.types import TaggedType as GoldenTagged
from dfv.golden.types import TupleType as GoldenTuple
from dfv.lowering import arith_nodes
from dfv.lowering import handshake_ir as hs
from dfv.lowering import handshake_types as ht
from dfv.lowering.bindings.compute import read_compute
from dfv.lowering.bindings.memory import groups
from dfv.lowering.bindings.table import READERS
from dfv.lowering.dfg import DFG, Arg, ArgKind, Node, Ref, Result
from dfv.lowering.dialects import TaggedType
from dfv.lowering.graph_attrs import OpAttrs, check_groups, check_names, func_attrs, op_attrs
from dfv.lowering.handshake_syntax import ignored_attributes
from dfv.lowering.handshake_types import is_control
from dfv.lowering.notes import note
from dfv.lowering.parse import LoweringError, SourceModule
from dfv.lowering.read_upstream import is_wire, refuse_upstream

MAX_INT_WIDTH = 64
"""Widest integer a channel of a handshake program may carry (the golden model's and the RTL's limit)."""


def find_handshake_function(src: SourceModule, name: str | None) -> hs.FuncOp:
    funcs = [op for op in src.module.ops if isinstance(op, hs.FuncOp)]
    if name is not None:
        funcs = [f for f in funcs if f.sym_name.data == name]
        if not funcs:
            raise LoweringError(f"no handshake.func @{name} in the file", src.filename)
    if not funcs:
        raise LoweringError("no handshake.func in the file", src.filename)
    if len(funcs) > 1:
        names = ", ".join("@" + f.sym_name.data for f in funcs)
        raise LoweringError(f"several handshake.func ({names}): name one with --func", src.filename)
    return funcs[0]


def _is_arith(op: Operation) -> bool:
    """An operation on values, ordered by its operands (`_Reader.arith`): a compute operation, a min / max,
    or another `arith` operation (refused there with its reason)."""
    return op.name.startswith("arith.") or arith_nodes.handles(op.name)


class _Reader:
    """One `handshake.func` -> DFG (see the module docstring)."""

    def __init__(self, src: SourceModule, fn: hs.FuncOp, index_width: int):
        self.src, self.fn = src, fn
        self.fa = func_attrs(fn, src.loc(fn))  # what dfv wrote on the function (dfv.lowering.graph_attrs)
        self.written: dict[str, OpAttrs] = {}  # node id -> what dfv wrote on its operation
        self.g = DFG(fn.sym_name.data, self.fa.index_width or index_width)
        if self.fa.written:  # fresh ids (added before a node takes its written id) never collide
            self.g._counter = max((int(m.group(1)) for nid in self.fa.order if (m := re.search(r"_(\d+)$", nid))),
                                  default=0)
        self.out: dict[SSAValue, Ref] = {}  # values produced by a node output
        self.alias: dict[SSAValue, SSAValue] = {}  # values that are another value (br, 1-input merge, ...)
        self.wiring: list[tuple[Node, str, SSAValue]] = []  # node inputs to connect once every value exists
        self.memories: list[tuple[Operation, Node, TokenType]] = []  # with the element type
        self.fields: dict[SSAValue, tuple[Operation, tuple[int, int] | None]] = {}  # unbundled signals
        self.bundled: set[Operation] = set()  # unbundles whose control token is bundled again
        self.paired: set[Operation] = set()  # unbundles of a valid whose ready is bundled back

    # ------------------------------------------------------------------ helpers
    def loc(self, op: Operation) -> str:
        loc = self.src.loc(op)
        self.g.sources.setdefault(loc, op.name)
        return loc

    def dtype(self, t: Attribute, loc: str) -> TokenType:
        """The DFG type of a channel of IR type `t` (with `dfv.lowering.graph_ir.ir_type`, the one place
        IR types and DFG types meet)."""
        if is_control(t):
            return CONTROL
        if isinstance(t, ht.ChannelType):
            data = self.dtype(t.data_type, loc)
            if not t.extras:
                return data
            return ChannelType(data, tuple(ExtraSignal(e.name, e.type.width.data, e.upstream) for e in t.extras))
        if isinstance(t, TaggedType):
            return parse_type(str(t), self.g.index_width)  # the dialect has verified both halves
        if isinstance(t, IndexType):
            return self.g.index_type
        if isinstance(t, IntegerType) and 1 <= t.width.data <= MAX_INT_WIDTH:
            return int_type(t.width.data)
        if str(t) in FLOAT_WIDTHS:
            return scalar_type(str(t))
        if isinstance(t, TupleType):
            fields = [self.dtype(f, loc) for f in t.types.data]
            if any(isinstance(f, ChannelType | GoldenTagged) for f in fields):
                raise LoweringError(f"{t}: a tuple's fields are integers, floats, index, none or tuples (no extra "
                                    "signals)", loc)
            return self.tuple_of(fields)
        raise LoweringError(f"unsupported channel type {t} (supported: none, i1..i{MAX_INT_WIDTH}, index, "
                            f"{', '.join(FLOAT_WIDTHS)}, and !handshake.channel / !handshake.control of them)", loc)

    @staticmethod
    def tuple_of(fields: list[TokenType]) -> TokenType:
        """The DFG type of a tuple of `fields`: a control token when none of them has data bits."""
        return GoldenTuple(tuple(fields)) if any(f.width for f in fields) else CONTROL

    def plain(self, t: Attribute, what: str, loc: str) -> TokenType:
        """The DFG type of a channel that may not carry extra signals here (`what` names its role)."""
        ty = self.dtype(t, loc)
        if isinstance(ty, ChannelType):
            raise LoweringError(f"{what} carries extra signals ({t}); here it must be a plain channel", loc)
        return ty

    def boundary(self, t: Attribute, what: str, loc: str) -> TokenType:
        """The DFG type of a function argument or result (a value of an inputs file or a report)."""
        ty = self.dtype(t, loc)
        if isinstance(ty, GoldenTuple):
            raise LoweringError(f"a tuple {what} ({t}) is not supported: give its fields as {what}s and pack them "
                                "inside the function", loc)
        return ty

    def resolve(self, v: SSAValue, loc: str) -> Ref:
        seen = 0
        while v in self.alias:
            v = self.alias[v]
            seen += 1
            if seen > len(self.alias):
                raise LoweringError("a cycle of br / merge / fork wires with no operation on it", loc)
        if v not in self.out:
            raise LoweringError(f"value {v.name_hint or v} has no producer the reader knows", loc)
        return self.out[v]

    def node(self, op: Operation, name: str, ins: dict[str, tuple[str, SSAValue]], outs: dict[str, str],
             params: dict, results: list[tuple[SSAValue, str]] | None = None) -> Node:
        """Add node `name` for `op`: `ins` port -> (type, operand), `outs` port -> type; `results`
        pairs each result value with its output port (default: `op.results` with `outs` in order)."""
        n = self.adopt(op, self.g.add(name, {p: t for p, (t, _) in ins.items()}, outs, self.loc(op), params))
        for p, (_, v) in ins.items():
            self.wiring.append((n, p, v))
        for v, p in results if results is not None else zip(op.results, outs, strict=True):
            self.out[v] = Ref(n.id, p)
        return n

    def adopt(self, op: Operation, n: Node) -> Node:
        """Give node `n` of `op` what a graph written by dfv (`dfv.lowering.graph_ir`) records for it:
        its id, source location, memory group and lowering roles (each checked: `dfv.lowering.graph_attrs`)."""
        oa = op_attrs(op, self.src.loc(op))
        if oa.id is not None:
            self.rename(n, oa.id)
        if oa.source_loc is not None:
            n.loc = oa.source_loc
        if oa.group is not None:
            n.group = oa.group
        if "dfv.meta" in op.attributes:
            n.meta = dict(oa.meta)  # the reader completes it (a memory's size, ...); `oa` keeps what was written
        if any(k.startswith("dfv.") for k in op.attributes):
            self.written[n.id] = oa
        return n

    def rename(self, n: Node, nid: str) -> None:
        if nid == n.id:
            return
        if nid in self.g.nodes:
            raise LoweringError(f"node id {nid} is used twice", n.loc)
        del self.g.nodes[n.id]
        n.id = nid
        self.g.nodes[nid] = n

    # ------------------------------------------------------------------ driver
    def read(self) -> DFG:
        g, fn = self.g, self.fn
        floc = self.loc(fn)
        fa = self.fa
        start = g.add("func.start", {}, {"out": CONTROL}, floc)
        if fa.ids:
            self.rename(start, fa.interface_id("start"))
        block = fn.body.block
        position = 0
        for arg in block.args:
            if is_control(arg.type):
                self.out[arg] = Ref(start.id, "out")
            elif isinstance(arg.type, MemRefType):
                position += 1
            else:
                ty = self.boundary(arg.type, "argument", floc)
                n = g.add("func.arg", {}, {"out": ty}, floc, {"position": position})
                if fa.ids:
                    self.rename(n, fa.interface_id("args", position))
                self.out[arg] = Ref(n.id, "out")
                g.args.append(Arg(position, ArgKind.SCALAR, ty, n.id))
                position += 1
        arith_ops: list[Operation] = []
        for op in block.ops:
            if _is_arith(op):
                arith_ops.append(op)
            elif not isinstance(op, hs.ReturnOp):
                self.op(op)
        self.arith(arith_ops)
        self.interface(block.last_op)
        for n, p, v in self.wiring:
            n.inputs[p] = self.resolve(v, n.loc)
        groups(self, block)
        if fa.written:
            self.restore({a.position for a in g.args if a.scalar})
        return g

    def restore(self, scalar_args: set[int]) -> None:
        """A graph written by dfv: its groups, loops, source operations and node order as written, after
        checking that they name what the graph has (`dfv.lowering.graph_attrs`)."""
        g, fa = self.g, self.fa
        for nid, loc in fa.ids["locs"].items():
            if nid in g.nodes:
                g.nodes[nid].loc = loc
        g.sources = fa.sources
        g.loops = fa.loops
        written = check_groups(g, fa)
        groups = {}
        for m in g.groups.values():
            name, w = written[m.node]
            m.name, m.root, m.kind, m.accesses = name, w["root"], w["kind"], list(w["accesses"])
            for nid in (m.node, *m.accesses):
                g.nodes[nid].group = name
            groups[name] = m
        g.groups = groups
        check_names(g, fa, self.written, scalar_args)
        if sorted(fa.order) != sorted(g.nodes):
            missing, extra = sorted(set(g.nodes) - set(fa.order)), sorted(set(fa.order) - set(g.nodes))
            what = f"leaves out {missing[0]}" if missing else f"names {extra[0]}, which is no node of the graph"
            raise LoweringError(f"dfv.order does not list the graph's nodes: it {what}", fa.loc)
        g.nodes = {nid: g.nodes[nid] for nid in fa.order}
        numbers = [int(m.group(1)) for nid in g.nodes if (m := re.search(r"_(\d+)$", nid))]
        g._counter = max(numbers, default=0)

    def interface(self, ret: hs.ReturnOp) -> None:
        loc = self.loc(ret)
        dones = [v for v in ret.ins if is_control(v.type)]
        if len(dones) != 1:
            raise LoweringError(f"'return' must give exactly one control (none) value, the done token; it gives "
                                f"{len(dones)}", loc)
        k = 0
        for v in ret.ins:
            if is_control(v.type):
                n = self.g.add("func.done", {"in": CONTROL}, {}, loc)
                if self.fa.ids:
                    self.rename(n, self.fa.interface_id("done"))
                self.wiring.append((n, "in", v))
                continue
            ty = self.boundary(v.type, "result", loc)
            n = self.g.add("func.result", {"in": ty}, {}, loc, {"position": k})
            if self.fa.ids:
                self.rename(n, self.fa.interface_id("results", k))
            self.wiring.append((n, "in", v))
            self.g.results.append(Result(k, ty, n.id))
            k += 1

    # ------------------------------------------------------------------ operations
    def op(self, op: Operation) -> None:
        """The node(s) of `op` by its family's reader (`dfv.lowering.bindings`)."""
        loc = self.loc(op)
        if not is_wire(op):
            refuse_upstream(op, loc)
        read = READERS.get(type(op))
        if read is None:
            raise LoweringError(f"unsupported operation {op.name} in a handshake.func", loc)
        read(self, op, loc)

    def arith(self, ops: list[Operation]) -> None:
        """Arith nodes in an order where each one's arith operands (through wires) come first; a cycle
        through arith operations alone is a combinational loop, refused."""
        def source(v: SSAValue) -> SSAValue:
            seen = 0
            while v in self.alias and seen <= len(self.alias):
                v, seen = self.alias[v], seen + 1
            return v

        pending = {op: [o for v in op.operands if isinstance((o := source(v).owner), Operation)
                        and _is_arith(o)] for op in ops}
        done: set[Operation] = set()
        while pending:
            ready = [op for op, deps in pending.items() if all(d in done for d in deps)]
            if not ready:
                raise LoweringError("a cycle through arith operations only (a combinational loop)",
                                    self.loc(next(iter(pending))))
            for op in ready:
                del pending[op]
                done.add(op)
                read_compute(self, op)


def note_ignored_attributes(src: SourceModule, fn: hs.FuncOp) -> None:
    """One note per discardable attribute of another tool on `fn` or its operations (`llvm.linkage`,
    Dynamatic's `handshake.name` / `handshake.bb`, ...): read past, at its first place, with how often."""
    seen: dict[str, list[Operation]] = {}
    for op in (fn, *fn.body.block.ops):
        for name in ignored_attributes(op):
            seen.setdefault(name, []).append(op)
    for name, ops in seen.items():
        kinds = ", ".join(sorted({o.name for o in ops}))
        where = f"on {ops[0].name}" if len(ops) == 1 else f"on {len(ops)} operations ({kinds})"
        note(f"attribute '{name}' ignored {where}: another tool's annotation, which does not change what the "
             "circuit computes", src.loc(ops[0]))


def read_handshake(src: SourceModule, func: str | None, index_width: int) -> DFG:
    """The DFG of the `handshake.func` of `src` (before materialisation)."""
    return _Reader(src, find_handshake_function(src, func), index_width).read()
