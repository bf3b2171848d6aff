"""Control lowering (spec 002): one `func.func` with scf/arith/memref ops -> handshake + dataflow DFG.

Every region is lowered with a *scope*: its control stream (one token per activation of the region)
and its value environment. A value used in a region but defined outside it is imported lazily,
once per region, by the rule of that region kind:

* function body: arguments are `func.arg` nodes, control is `func.start`;
* `scf.if` branch: `cond_br(cond, v)`, the branch's side (so an untaken branch leaves no token);
  the results are merged with `mux(cond, else, then)`;
* `scf.for` body: `invariant(after_cond, v)`; the body control is `invariant(after_cond, ctrl)`; the
  induction variable is the gate's `after_value`; each `iter_arg` is a `carry` on the raw
  `stream.cont`, split by `cond_br(raw, ·)` into the body value (true) and the loop result (false).
  Unless the trip count is statically >= 1, the loop sits behind a zero-trip guard
  `lb < ub`: the loop is the true branch of that guard, the false branch forwards the `iter_arg`
  initial values to the results (`mux(guard, init, exit)`), so a zero-trip loop strands nothing;
* `scf.while` before region: `invariant(raw_cond, v)`; carried values are `carry(raw_cond, init,
  yield)`; the condition arguments are split by `cond_br(raw_cond, ·)`: true -> after region,
  false -> loop results. The after region imports through the before region and the raw split
  (true side), so it sees exactly N tokens, also for N = 0 (no invariant on an empty `after_cond`).

Constants are `handshake.constant` nodes triggered by the control of the region they are in.
"""

from __future__ import annotations

from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects.builtin import AnyFloat, FloatAttr, IndexType, IntegerAttr, IntegerType, MemRefType
from xdsl.ir import Attribute, Operation, SSAValue

from dfv.golden.encodings import CmpiPredicate
from dfv.golden.types import (
    CONTROL,
    DEFAULT_INDEX_WIDTH,
    FLOAT_WIDTHS,
    I1,
    INT_WIDTHS,
    ScalarType,
    int_type,
    is_index,
    scalar_type,
)
from dfv.lowering import arith_nodes
from dfv.lowering.dfg import DFG, Arg, ArgKind, Ref, Result
from dfv.lowering.lower_memory import MemoryLowering, MFor, MIf, MRegion, MWhile, SizeKey
from dfv.lowering.mem_limits import DEFAULT_LIMITS, MemLimits
from dfv.lowering.memref_args import is_dynamic, size_args
from dfv.lowering.parse import LoweringError, SourceModule
from dfv.lowering.prepare import prepare

IGNORED = {"memref.dealloc", "memref.cast", "memref.subview", "memref.reinterpret_cast",
           "memref.collapse_shape", "memref.expand_shape", "memref.alloc", "memref.alloca",
           "memref.get_global"}


# ------------------------------------------------------------------------------------- scopes
class Scope:
    def __init__(self, low: Lowerer, parent: Scope | None, region: MRegion | None):
        self.low, self.parent, self.region = low, parent, region if region is not None else MRegion()
        self.env: dict[SSAValue, Ref] = {}
        self._ctrl: Ref | None = None

    def lookup(self, v: SSAValue) -> Ref:
        r = self.env.get(v)
        if r is None:
            if self.parent is None:
                raise LoweringError(f"value {v.name_hint or v} is not available here", self.low.current_loc)
            r = self.import_value(v)
            self.env[v] = r
        return r

    def ctrl(self) -> Ref:
        if self._ctrl is None:
            self._ctrl = self.import_ctrl()
        return self._ctrl

    def import_value(self, v: SSAValue) -> Ref:  # pragma: no cover - overridden
        raise NotImplementedError

    def import_ctrl(self) -> Ref:  # pragma: no cover - overridden
        raise NotImplementedError


class FuncScope(Scope):
    def __init__(self, low, start: Ref):
        super().__init__(low, None, MRegion())
        self._ctrl = start


class BranchScope(Scope):
    """One side of a `cond_br` split (an `scf.if` branch or a zero-trip guard)."""

    def __init__(self, low, parent, cond: Ref, side: bool, loc: str, role: str):
        super().__init__(low, parent, MRegion())
        self.cond, self.side, self.loc, self.role = cond, side, loc, role

    def _split(self, r: Ref) -> Ref:
        t, f = self.low.split(self.cond, r, self.loc, {"role": self.role})
        return t if self.side else f

    def import_value(self, v):
        return self._split(self.parent.lookup(v))

    def import_ctrl(self):
        return self._split(self.parent.ctrl())


class ForBodyScope(Scope):
    def __init__(self, low, parent, after_cond: Ref, loop: str, loc: str):
        super().__init__(low, parent, MRegion())
        self.after_cond, self.loop, self.loc = after_cond, loop, loc

    def import_value(self, v):
        return self.low.n_invariant(self.after_cond, self.parent.lookup(v), self.loc,
                                    {"role": "for_body", "loop": self.loop})

    def import_ctrl(self):
        return self.low.n_invariant(self.after_cond, self.parent.ctrl(), self.loc,
                                    {"role": "for_body", "loop": self.loop})


class WhileBeforeScope(Scope):
    def __init__(self, low, parent, loop: str, loc: str):
        super().__init__(low, parent, MRegion())
        self.loop, self.loc = loop, loc
        self.raw: Ref | None = None
        self.pending: list = []

    def _inv(self, r: Ref) -> Ref:
        n = self.low.n_invariant_node(self.raw, r, self.loc, {"role": "while_before", "loop": self.loop})
        if self.raw is None:
            self.pending.append(n)
        return Ref(n.id, "o")

    def import_value(self, v):
        return self._inv(self.parent.lookup(v))

    def import_ctrl(self):
        return self._inv(self.parent.ctrl())


class WhileAfterScope(Scope):
    def __init__(self, low, before: WhileBeforeScope, loc: str):
        super().__init__(low, before, MRegion())
        self.before, self.loc = before, loc

    def import_value(self, v):
        return self.low.split(self.before.raw, self.before.lookup(v), self.loc,
                              {"role": "while_split", "loop": self.before.loop})[0]

    def import_ctrl(self):
        return self.low.split(self.before.raw, self.before.ctrl(), self.loc,
                              {"role": "while_split", "loop": self.before.loop})[0]


# ------------------------------------------------------------------------------------- lowerer
class Lowerer:
    def __init__(self, src: SourceModule, fn: func.FuncOp, index_width: int, zero_trip_guard: bool = True,
                 limits: MemLimits = DEFAULT_LIMITS):
        self.src, self.func = src, fn
        self.zero_trip_guard = zero_trip_guard  # False only to demonstrate the stranded token (tests)
        self.limits = limits  # the depth of the memory of a memref argument with a dynamic size
        self.g = DFG(fn.sym_name.data, index_width)
        self.mem = MemoryLowering(self)
        self.current_loc = src.loc(fn)
        self._splits: dict[tuple[Ref, Ref], tuple[Ref, Ref]] = {}
        self.top: FuncScope | None = None

    # ------------------------------------------------------------------ helpers
    def loc(self, op: Operation) -> str:
        loc = self.src.loc(op)
        self.g.sources.setdefault(loc, self.src.op_name(op))
        return loc

    def type_name(self, t: Attribute, loc: str) -> ScalarType:
        """The DFG type of source value type `t` (a located error for one the flow does not support)."""
        if isinstance(t, IndexType):
            return self.g.index_type
        if isinstance(t, IntegerType) and t.width.data in INT_WIDTHS and t.signedness.data.name == "SIGNLESS":
            return int_type(t.width.data)
        if str(t) in FLOAT_WIDTHS:
            return scalar_type(str(t))
        kind = "floating-point type" if isinstance(t, AnyFloat) else "type"
        raise LoweringError(f"unsupported {kind} {t} (supported: i1 i8 i16 i32 i64 {' '.join(FLOAT_WIDTHS)} index)",
                            loc)

    def check_index_constant(self, value: int, loc: str) -> None:
        """An `index` constant must fit the signed `--index-width`-bit index: xDSL cannot check it (it
        does not know the width) and the hardware would silently use the truncated value."""
        iw = self.g.index_width
        if not -(1 << (iw - 1)) <= value < (1 << (iw - 1)):
            raise LoweringError(f"index constant {value} does not fit the {iw}-bit index (--index-width {iw} "
                                f"holds {-(1 << (iw - 1))}..{(1 << (iw - 1)) - 1})", loc)

    def vtype(self, v: SSAValue, loc: str) -> ScalarType:
        return self.type_name(v.type, loc)

    def result_type(self, op: Operation, loc: str) -> ScalarType | None:
        """The value type of `op`'s first result (None for an operation without results)."""
        return self.vtype(op.results[0], loc) if op.results else None

    def split(self, cond: Ref, data: Ref, loc: str, meta: dict) -> tuple[Ref, Ref]:
        key = (cond, data)
        if key not in self._splits:
            self._splits[key] = self.n_cond_br(cond, data, loc, meta)
        return self._splits[key]

    # ------------------------------------------------------------------ node constructors
    def n_cond_br(self, cond: Ref, data: Ref, loc: str, meta: dict | None = None) -> tuple[Ref, Ref]:
        t = self.g.out_type(data)
        n = self.g.add("handshake.cond_br", {"cond": I1, "data": t}, {"out_true": t, "out_false": t}, loc,
                       {"width": t.width}, {"cond": cond, "data": data}, meta=meta)
        return Ref(n.id, "out_true"), Ref(n.id, "out_false")

    def n_mux(self, sel: Ref, false: Ref, true: Ref, loc: str) -> Ref:
        t = self.g.out_type(true)
        n = self.g.add("handshake.mux", {"sel": I1, "in[0]": t, "in[1]": t}, {"out": t}, loc,
                       {"n": 2, "width": t.width}, {"sel": sel, "in[0]": false, "in[1]": true})
        return Ref(n.id, "out")

    def n_join(self, refs: list[Ref], loc: str, meta: dict | None = None) -> Ref:
        ins = {f"in[{i}]": CONTROL for i in range(len(refs))}
        n = self.g.add("handshake.join", ins, {"out": CONTROL}, loc, {"n": len(refs)},
                       {f"in[{i}]": r for i, r in enumerate(refs)}, meta=meta)
        return Ref(n.id, "out")

    def n_invariant_node(self, d: Ref | None, a: Ref, loc: str, meta: dict):
        t = self.g.out_type(a)
        return self.g.add("dataflow.invariant", {"d": I1, "a": t}, {"o": t}, loc,
                          {"width": max(1, t.width)}, {"d": d, "a": a}, meta=meta)

    def n_invariant(self, d: Ref, a: Ref, loc: str, meta: dict) -> Ref:
        return Ref(self.n_invariant_node(d, a, loc, meta).id, "o")

    def n_carry(self, d: Ref | None, a: Ref, b: Ref | None, loc: str, meta: dict):
        t = self.g.out_type(a)
        return self.g.add("dataflow.carry", {"d": I1, "a": t, "b": t}, {"o": t}, loc,
                          {"width": max(1, t.width)}, {"d": d, "a": a, "b": b}, meta=meta)

    def n_const(self, scope: Scope, value: int, ty: ScalarType, loc: str) -> Ref:
        w = ty.width
        n = self.g.add("handshake.constant", {"ctrl": CONTROL}, {"out": ty}, loc,
                       {"value": value & ((1 << w) - 1), "width": w}, {"ctrl": scope.ctrl()})
        return Ref(n.id, "out")

    def n_binop(self, op: str, lhs: Ref, rhs: Ref, loc: str) -> Ref:
        return arith_nodes.compute(self.g, op, (lhs, rhs), loc)

    def n_cmpi(self, pred: CmpiPredicate, lhs: Ref, rhs: Ref, loc: str) -> Ref:
        return arith_nodes.cmpi(self.g, pred, lhs, rhs, loc)

    # ------------------------------------------------------------------ driver
    def lower(self) -> DFG:
        fn, g = self.func, self.g
        loc = self.loc(fn)
        if not fn.body.blocks:
            raise LoweringError(f"function @{fn.sym_name.data} has no body", loc)
        start = g.add("func.start", {}, {"out": CONTROL}, loc)
        top = self.top = FuncScope(self, Ref(start.id, "out"))
        block = fn.body.blocks[0]
        for s in size_args(fn):  # before the layouts, whose dynamic strides multiply the sizes
            n = g.add("func.arg", {}, {"out": g.index_type}, loc, {"position": s.position})
            top.env[SizeKey(s.arg, s.dim)] = Ref(n.id, "out")
            g.args.append(Arg(s.position, ArgKind.SCALAR, g.index_type, n.id))
        for i, arg in enumerate(block.args):
            if isinstance(arg.type, MemRefType):
                self.mem.layout(arg, loc)
                grp = self.mem.groups[arg]
                shape = list(arg.type.get_shape()) if not is_dynamic(arg.type) else [grp.size]
                g.args.append(Arg(i, ArgKind.MEMREF, str(arg.type), elem_type=grp.elem_type, size=grp.size,
                                  shape=shape))
                continue
            ty = self.vtype(arg, loc)
            n = g.add("func.arg", {}, {"out": ty}, loc, {"position": i})
            top.env[arg] = Ref(n.id, "out")
            g.args.append(Arg(i, ArgKind.SCALAR, ty, n.id))
        g.args.sort(key=lambda a: a.position)
        term = self.lower_block(block, top)
        if not isinstance(term, func.ReturnOp):
            raise LoweringError("function body must end with func.return", loc)
        self.current_loc = self.loc(term)
        for i, v in enumerate(term.arguments):
            ty = self.vtype(v, self.loc(term))
            n = g.add("func.result", {"in": ty}, {}, self.loc(term), {"position": i}, {"in": top.lookup(v)})
            g.results.append(Result(i, ty, n.id))
        self.mem.build_interfaces()
        dones = self.mem.build_network(top.region, top.ctrl())
        done_ref = top.ctrl() if not dones else (dones[0] if len(dones) == 1 else self.n_join(dones, loc))
        g.add("func.done", {"in": CONTROL}, {}, self.loc(term), {}, {"in": done_ref})
        return g

    def lower_block(self, block, scope: Scope):
        for op in block.ops:
            self.current_loc = self.loc(op)
            if isinstance(op, scf.YieldOp | scf.ConditionOp | func.ReturnOp):
                return op
            self.lower_op(op, scope)
        return None

    def lower_op(self, op: Operation, s: Scope) -> None:
        loc = self.loc(op)
        name = op.name
        for r in op.results:
            if not isinstance(r.type, MemRefType):
                self.vtype(r, loc)  # type check first: unsupported types are reported at their op
        if isinstance(op, arith.ConstantOp):
            if not isinstance(op.value, IntegerAttr | FloatAttr):
                raise LoweringError(f"unsupported constant {op.value}", loc)
            ty = self.vtype(op.result, loc)
            value = self.src.float_word(op.value) if isinstance(op.value, FloatAttr) else op.value.value.data
            if is_index(ty):
                self.check_index_constant(value, loc)
            s.env[op.result] = self.n_const(s, value, ty, loc)
        elif arith_nodes.handles(name) and (
                ref := arith_nodes.arith_node(self.g, op, s.lookup, self.result_type(op, loc), loc)) is not None:
            s.env[op.results[0]] = ref
        elif isinstance(op, memref.DimOp):
            s.env[op.result] = self.mem.lower_dim(op, s)
        elif isinstance(op, memref.LoadOp):
            self.mem.lower_load(op, s)
        elif isinstance(op, memref.StoreOp):
            self.mem.lower_store(op, s)
        elif name in IGNORED:
            if op.results:
                self.mem.layout(op.results[0], loc)
        elif isinstance(op, scf.ForOp):
            self.lower_for(op, s)
        elif isinstance(op, scf.IfOp):
            self.lower_if(op, s)
        elif isinstance(op, scf.WhileOp):
            self.lower_while(op, s)
        else:
            raise LoweringError(f"unsupported operation {name}", loc)

    # ------------------------------------------------------------------ scf.if
    def lower_if(self, op: scf.IfOp, s: Scope) -> None:
        loc = self.loc(op)
        c = s.lookup(op.cond)
        then_s = BranchScope(self, s, c, True, loc, "if")
        else_s = BranchScope(self, s, c, False, loc, "if")
        tterm = self.lower_block(op.true_region.blocks[0], then_s)
        eterm = None
        if op.false_region.blocks:
            eterm = self.lower_block(op.false_region.blocks[0], else_s)
        for i, r in enumerate(op.results):
            self.current_loc = loc
            tv = then_s.lookup(tterm.operands[i])
            ev = else_s.lookup(eterm.operands[i])
            s.env[r] = self.n_mux(c, ev, tv, loc)
        s.region.items.append(MIf(c, then_s.region, else_s.region, loc))

    # ------------------------------------------------------------------ scf.for
    @staticmethod
    def constant_value(v: SSAValue) -> int | None:
        """The value of `v` if an integer `arith.constant` gives it, else None."""
        o = v.owner
        if isinstance(o, arith.ConstantOp) and isinstance(o.value, IntegerAttr):
            return o.value.value.data
        return None

    def lower_for(self, op: scf.ForOp, s: Scope) -> None:
        loc, g, iw, it = self.loc(op), self.g, self.g.index_width, self.g.index_type
        if not isinstance(op.lb.type, IndexType):
            raise LoweringError("scf.for with non-index bounds is not supported", loc)
        lb, ub, st = self.constant_value(op.lb), self.constant_value(op.ub), self.constant_value(op.step)
        static_nonzero = None not in (lb, ub, st) and st > 0 and lb < ub
        guard = None
        body_parent: Scope = s
        if not static_nonzero and self.zero_trip_guard:
            guard = self.n_cmpi(CmpiPredicate.SLT, s.lookup(op.lb), s.lookup(op.ub), loc)
            body_parent = BranchScope(self, s, guard, True, loc, "guard")
        L = body_parent
        stream = g.add("dataflow.stream", {"start": it, "step": it, "bound": it},
                       {"idx": it, "cont": I1}, loc, {"width": iw, "step_op": 0, "cont_cond": 0},
                       {"start": L.lookup(op.lb), "step": L.lookup(op.step), "bound": L.lookup(op.ub)},
                       meta={"loop": None})
        loop = stream.id
        stream.meta["loop"] = loop
        raw = Ref(stream.id, "cont")
        gate = g.add("dataflow.gate", {"before_value": it, "before_cond": I1},
                     {"after_value": it, "after_cond": I1}, loc, {"width": iw},
                     {"before_value": Ref(stream.id, "idx"), "before_cond": raw}, meta={"loop": loop})
        after = Ref(gate.id, "after_cond")
        g.loops[loop] = {"kind": "for", "raw": raw, "after": after, "loc": loc}
        body = ForBodyScope(self, L, after, loop, loc)
        block = op.body.blocks[0]
        body.env[block.args[0]] = Ref(gate.id, "after_value")
        carries, exits = [], []
        for arg, init in zip(block.args[1:], op.iter_args, strict=True):
            self.vtype(arg, loc)
            c = self.n_carry(raw, L.lookup(init), None, loc, {"role": "for_iter", "loop": loop})
            t, f = self.n_cond_br(raw, Ref(c.id, "o"), loc, {"role": "for_iter_split", "loop": loop})
            body.env[arg] = t
            carries.append(c)
            exits.append(f)
        term = self.lower_block(block, body)
        for c, y in zip(carries, term.operands, strict=True):
            c.inputs["b"] = body.lookup(y)
        self.current_loc = loc
        if guard is not None:
            skip = BranchScope(self, s, guard, False, loc, "guard")
            for i, r in enumerate(op.results):
                s.env[r] = self.n_mux(guard, skip.lookup(op.iter_args[i]), exits[i], loc)
        else:
            for r, e in zip(op.results, exits, strict=True):
                s.env[r] = e
        s.region.items.append(MFor(guard, after, body.region, loop, loc))

    # ------------------------------------------------------------------ scf.while
    def lower_while(self, op: scf.WhileOp, s: Scope) -> None:
        loc, g = self.loc(op), self.g
        loop = f"while_{len(g.nodes)}"
        before = WhileBeforeScope(self, s, loop, loc)
        bblock = op.before_region.blocks[0]
        carries = []
        for arg, init in zip(bblock.args, op.arguments, strict=True):
            self.vtype(arg, loc)
            c = self.n_carry(None, s.lookup(init), None, loc, {"role": "while_iter", "loop": loop})
            before.env[arg] = Ref(c.id, "o")
            carries.append(c)
        cterm = self.lower_block(bblock, before)
        self.current_loc = self.loc(cterm)
        raw = before.lookup(cterm.condition)
        before.raw = raw
        g.loops[loop] = {"kind": "while", "raw": raw, "after": None, "loc": loc}
        for n in [*carries, *before.pending]:
            n.inputs["d"] = raw
        for c in carries:
            c.meta["raw"] = raw
        after = WhileAfterScope(self, before, loc)
        ablock = op.after_region.blocks[0]
        exits = []
        for arg, cv in zip(ablock.args, cterm.args, strict=True):
            t, f = self.split(raw, before.lookup(cv), loc, {"role": "while_split", "loop": loop})
            after.env[arg] = t
            exits.append(f)
        aterm = self.lower_block(ablock, after)
        for c, y in zip(carries, aterm.operands, strict=True):
            c.inputs["b"] = after.lookup(y)
        for r, e in zip(op.results, exits, strict=True):
            s.env[r] = e
        s.region.items.append(MWhile(raw, before.region, after.region, loop, loc))


def defined_functions(src: SourceModule) -> list[func.FuncOp]:
    """The functions with a body, in file order (declarations such as `func.func private @g(i32)`
    cannot be lowered or run, so they are never picked by default)."""
    return [op for op in src.module.walk() if isinstance(op, func.FuncOp) and op.body.blocks]


def find_function(src: SourceModule, name: str | None) -> func.FuncOp:
    """The function called `name` (a leading `@` is accepted, as in MLIR), or without a name the
    first function with a body that no function of the file calls (the first with a body if each is
    called); a LoweringError names the file and what is available."""
    funcs = [op for op in src.module.walk() if isinstance(op, func.FuncOp)]
    if not funcs:
        raise LoweringError("no function (func.func) in this file", src.filename)
    if name is None:
        defined = defined_functions(src)
        if not defined:
            names = ", ".join(f"@{f.sym_name.data}" for f in funcs)
            raise LoweringError(f"no function with a body in this file (only declarations: {names})", src.filename)
        called = {op.callee.root_reference.data for op in src.module.walk() if isinstance(op, func.CallOp)}
        return next((f for f in defined if f.sym_name.data not in called), defined[0])
    name = name.removeprefix("@")
    for f in funcs:
        if f.sym_name.data == name:
            return f
    names = ", ".join(f"@{f.sym_name.data}" for f in funcs)
    raise LoweringError(f"function @{name} does not exist (available: {names})", src.filename)


def lower_function(src: SourceModule, name: str | None = None, index_width: int | None = None,
                   limits: MemLimits = DEFAULT_LIMITS) -> DFG:
    """Lower one function to a raw DFG (before fork/sink/buffer materialisation): the function as prepared
    (`dfv.lowering.prepare`: calls inlined, `affine` lowered)."""
    iw = index_width or DEFAULT_INDEX_WIDTH
    work, fn = prepare(src, find_function(src, name), iw)
    return Lowerer(work, fn, iw, limits=limits).lower()
