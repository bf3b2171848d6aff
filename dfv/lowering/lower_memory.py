"""Memory lowering (spec 004).

1. `memref.load` / `memref.store` become `handshake.load` / `handshake.store` access ports whose flat
   address is computed from the indices and the static layout of the accessed memref
   (`MemrefLayout`: offset and strides relative to the root buffer, row-major at the root).
2. Accesses are grouped by *root* memref, stripping every view operation (`memref.cast`, `subview`,
   `reinterpret_cast`, `collapse_shape`, `expand_shape`). One `handshake.memory` (internal
   `alloc`/`alloca`, or a `memref.global`: one group per symbol, however many `get_global`s read it, with the
   table as the memory's initial contents) or `handshake.extmemory` (memref function argument) per group, with
   store ports packed first, then load ports.
3. The ctrl-done ordering network is built per group, serial-recursively over the SCF structure
   recorded during control lowering (`MRegion` trees): consecutive loads at one level run in parallel
   (fork of the entry token, join of their done tokens: RAR), an `scf.if` splits the token with
   `cond_br` and merges the branch done tokens with `mux`, an `scf.for` body is driven by a control
   `carry` on the body-visible `after_cond` (behind the zero-trip guard when there is one), an
   `scf.while` by a control `carry` on its raw condition (the before region runs N+1 times, the after
   region N times; the after region gets the true side of the raw split, exactly like the loop's
   condition arguments, which is exact for zero iterations). Groups stay independent; their done
   tokens are joined only for the function's `done`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import prod

from xdsl.dialects import func, memref
from xdsl.dialects.builtin import DYNAMIC_INDEX, MemRefType, NoneAttr, StridedLayoutAttr
from xdsl.ir import BlockArgument, SSAValue

from dfv.golden.memory.memory import MAX_DEPTH
from dfv.golden.types import CONTROL, ScalarType, TokenType
from dfv.lowering.dfg import MemGroup, Ref
from dfv.lowering.errors import LoweringError
from dfv.lowering.globals import global_table


# ------------------------------------------------------------------------------ SCF structure
@dataclass
class MAccess:
    node: str
    kind: str  # "load" | "store"
    group: str
    scope: object = field(repr=False, default=None)  # the lowering scope of the access (its region control)


@dataclass
class MRegion:
    items: list = field(default_factory=list)
    _groups: set | None = None

    def groups(self) -> set:
        if self._groups is None:
            s: set = set()
            for it in self.items:
                s |= {it.group} if isinstance(it, MAccess) else it.groups()
            self._groups = s
        return self._groups


@dataclass
class MIf:
    cond: Ref
    then: MRegion
    other: MRegion
    loc: str

    def groups(self) -> set:
        return self.then.groups() | self.other.groups()


@dataclass
class MFor:
    guard: Ref | None
    after_cond: Ref
    body: MRegion
    loop: str
    loc: str

    def groups(self) -> set:
        return self.body.groups()


@dataclass
class MWhile:
    raw: Ref
    before: MRegion
    after: MRegion
    loop: str
    loc: str

    def groups(self) -> set:
        return self.before.groups() | self.after.groups()


# ------------------------------------------------------------------------------ layouts
@dataclass(frozen=True)
class SizeKey:
    """Dimension `dim` of memref argument `arg` on a run: the key of its circuit argument (`memref_args.size_args`)
    in the function scope's environment."""

    arg: int
    dim: int


@dataclass(frozen=True)
class DynStride:
    """A stride known on a run only: `factor` times the product of the dynamic sizes `sizes` (the inner
    dimensions of a root memref argument with a dynamic size, `memref<?x?xi32>`)."""

    factor: int
    sizes: tuple[SizeKey, ...]


@dataclass(frozen=True)
class MemrefLayout:
    root: SSAValue
    offset: int
    strides: tuple[int | DynStride, ...]


def _static(vals, what: str, loc: str) -> list[int]:
    out = list(vals)
    if any(v == DYNAMIC_INDEX for v in out):
        raise LoweringError(f"dynamic {what} are not supported (static views only)", loc)
    return out


def _static_strides(lay: MemrefLayout, what: str, loc: str) -> tuple[int, ...]:
    """The strides of `lay` for a view that computes with them: known when the program is lowered."""
    if any(isinstance(st, DynStride) for st in lay.strides):
        raise LoweringError(f"{what} of a memref with a dynamic inner size is not supported (its strides are known "
                            "only on a run)", loc)
    return lay.strides  # type: ignore[return-value]


def root_strides(arg: int, shape: list[int]) -> tuple[int | DynStride, ...]:
    """Row-major strides of root memref argument `arg` of `shape`, a dynamic size (`DYNAMIC_INDEX`) counting
    through its `SizeKey`."""
    strides: list[int | DynStride] = []
    factor, sizes = 1, ()
    for k in reversed(range(len(shape))):
        strides.append(DynStride(factor, sizes) if sizes else factor)
        if shape[k] == DYNAMIC_INDEX:
            sizes = (SizeKey(arg, k), *sizes)
        else:
            factor *= shape[k]
    return tuple(reversed(strides))


def row_major(shape: list[int]) -> tuple[int, ...]:
    strides, acc = [], 1
    for d in reversed(shape):
        strides.append(acc)
        acc *= d
    return tuple(reversed(strides))


def root_name(v: SSAValue) -> str:
    """How messages name a root memref: `%m`, or `argument 2` when it has no name."""
    return f"%{v.name_hint}" if v.name_hint else (f"argument {v.index}" if isinstance(v, BlockArgument) else "")


def _check_root(v: SSAValue, shape: list[int], size: int, index_width: int, loc: str, depth_option: str) -> None:
    """A root memref (function argument or allocation) must be plain row-major, since the memory and
    the inputs file hold exactly its elements in that order, have at most `MAX_DEPTH` elements (every
    engine holds all of them), and its flat addresses 0..size-1 (`size`: its elements, or the depth of its
    memory when a size is dynamic) must be non-negative values of the signed
    `index_width`-bit index that carries addresses."""
    ty = v.type
    name = root_name(v)
    lay = ty.layout
    plain = isinstance(lay, NoneAttr) or (isinstance(lay, StridedLayoutAttr) and lay.get_offset() == 0
                                          and DYNAMIC_INDEX not in shape
                                          and tuple(lay.get_strides()) == row_major(shape))
    if not plain:
        raise LoweringError(f"memref {name} : {ty}: the layout {lay} is not supported (memref arguments and "
                            "allocations must be row-major without offset; use memref.subview or "
                            "memref.reinterpret_cast for strided views)", loc)
    limit = 1 << (index_width - 1)
    held = f"has {size} elements" if not depth_option else f"has a memory of {size} elements ({depth_option})"
    if size > MAX_DEPTH:
        raise LoweringError(f"memref {name} : {ty} {held}, more than the {MAX_DEPTH} a memory may hold "
                            "(dfv.golden.memory.memory.MAX_DEPTH)", loc)
    if size > limit:
        raise LoweringError(f"memref {name} : {ty} {held}: its addresses do not fit the "
                            f"{index_width}-bit index (at most {limit} elements; raise --index-width)", loc)


class MemoryLowering:
    """Layouts, groups and access recording for one function."""

    def __init__(self, low):
        self.low = low
        self.layouts: dict[SSAValue, MemrefLayout] = {}
        self.groups: dict[SSAValue, MemGroup] = {}
        self.globals: dict[str, SSAValue] = {}  # symbol -> the first get_global of it: the root of its group

    def elem_type(self, mt: MemRefType, loc: str) -> ScalarType:
        return self.low.type_name(mt.element_type, loc)

    def layout(self, v: SSAValue, loc: str) -> MemrefLayout:
        if v in self.layouts:
            return self.layouts[v]
        ty = v.type
        if not isinstance(ty, MemRefType):
            raise LoweringError(f"unsupported memory type {ty}", loc)
        owner = v.owner
        if isinstance(v, BlockArgument) and isinstance(v.owner.parent_op(), func.FuncOp) \
                and v.owner.parent_op() is self.low.func:
            shape = list(ty.get_shape())
            dynamic = DYNAMIC_INDEX in shape
            limits = self.low.limits
            size = limits.of(v.index) if dynamic else prod(shape)
            _check_root(v, shape, size, self.low.g.index_width, loc, limits.option(v.index) if dynamic else "")
            lay = MemrefLayout(v, 0, root_strides(v.index, shape))
            self._group(v, size, loc)
        elif isinstance(v, BlockArgument):
            raise LoweringError("memref block arguments other than function arguments are not supported", loc)
        elif isinstance(owner, memref.AllocOp | memref.AllocaOp):
            shape = list(ty.get_shape())
            if DYNAMIC_INDEX in shape:
                raise LoweringError(f"{owner.name} of {ty}: an internal memory needs a static size (dynamic sizes are "
                                    "supported for memref arguments only)", self.low.loc(owner))
            _check_root(v, shape, prod(shape), self.low.g.index_width, loc, "")
            lay = MemrefLayout(v, 0, row_major(shape))
            self._group(v, prod(shape), loc)
        elif isinstance(owner, memref.GetGlobalOp):
            lay = self._global(v, owner, loc)
        elif isinstance(owner, memref.CastOp):
            lay = self.layout(owner.source, loc)
        elif isinstance(owner, memref.SubviewOp):
            src = self.layout(owner.source, self.low.loc(owner))
            src = MemrefLayout(src.root, src.offset, _static_strides(src, "memref.subview", self.low.loc(owner)))
            offs = _static(owner.static_offsets.get_values(), "subview offsets", self.low.loc(owner))
            sizes = _static(owner.static_sizes.get_values(), "subview sizes", self.low.loc(owner))
            sts = _static(owner.static_strides.get_values(), "subview strides", self.low.loc(owner))
            off = src.offset + sum(o * s for o, s in zip(offs, src.strides, strict=True))
            full = [s * t for s, t in zip(src.strides, sts, strict=True)]
            rank = len(ty.get_shape())
            drop = len(full) - rank
            kept = []
            for size, st in zip(sizes, full, strict=True):
                if drop > 0 and size == 1:
                    drop -= 1
                    continue
                kept.append(st)
            lay = MemrefLayout(src.root, off, tuple(kept))
        elif isinstance(owner, memref.ReinterpretCastOp):
            src = self.layout(owner.source, self.low.loc(owner))
            offs = _static(owner.static_offsets.get_values(), "reinterpret_cast offsets", self.low.loc(owner))
            sts = _static(owner.static_strides.get_values(), "reinterpret_cast strides", self.low.loc(owner))
            lay = MemrefLayout(src.root, offs[0] if offs else 0, tuple(sts))
        elif isinstance(owner, memref.CollapseShapeOp):
            src = self.layout(owner.src, self.low.loc(owner))
            groups = [[a.value.data for a in g.data] for g in owner.reassociation.data]
            lay = MemrefLayout(src.root, src.offset, tuple(src.strides[g[-1]] for g in groups))
        elif isinstance(owner, memref.ExpandShapeOp):
            src = self.layout(owner.src, self.low.loc(owner))
            src = MemrefLayout(src.root, src.offset, _static_strides(src, "memref.expand_shape", self.low.loc(owner)))
            out_shape = _static(owner.static_output_shape.get_values(), "expand_shape sizes", self.low.loc(owner))
            groups = [[a.value.data for a in g.data] for g in owner.reassociation.data]
            strides = [0] * len(out_shape)
            for d, g in enumerate(groups):
                acc = src.strides[d]
                for k in reversed(g):
                    strides[k] = acc
                    acc *= out_shape[k]
            lay = MemrefLayout(src.root, src.offset, tuple(strides))
        else:
            name = owner.name if hasattr(owner, "name") else "?"
            raise LoweringError(f"unsupported memref producer {name}", loc)
        if lay.root is not v:
            self._check_view(v, lay, self.low.loc(owner))
        self.layouts[v] = lay
        return lay

    def _global(self, v: SSAValue, op: memref.GetGlobalOp, loc: str) -> MemrefLayout:
        """The layout of a `get_global`: the root of its symbol's group (the first `get_global` of the symbol), whose
        memory holds the table."""
        table = global_table(self.low.src, op)
        root = self.globals.setdefault(table.symbol, v)
        if root is not v:
            return self.layout(root, loc)
        shape = table.shape
        _check_root(v, shape, prod(shape), self.low.g.index_width, loc, "")
        grp = self._group(v, prod(shape), loc)
        grp.root, grp.init, grp.constant = f"@{table.symbol}", table.words, table.constant
        return MemrefLayout(v, 0, row_major(shape))

    def _check_view(self, v: SSAValue, lay: MemrefLayout, loc: str) -> None:
        """A view must stay inside its root: every element it has is an element of the root (a subview at a
        negative offset or past the end, an expand_shape to more elements than its source, a reinterpret_cast
        beyond the buffer), or an access inside the view's bounds would reach another array's memory or none."""
        shape = list(v.type.get_shape())
        if DYNAMIC_INDEX in shape or 0 in shape or DYNAMIC_INDEX in lay.root.type.get_shape():
            return
        lo = lay.offset + sum(min(0, (d - 1) * st) for d, st in zip(shape, lay.strides, strict=True))
        hi = lay.offset + sum(max(0, (d - 1) * st) for d, st in zip(shape, lay.strides, strict=True))
        size = prod(lay.root.type.get_shape())
        if lo < 0 or hi >= size:
            raise LoweringError(f"{v.owner.name}: the view {v.type} reaches the elements {lo}..{hi} of "
                                f"{root_name(lay.root)} : {lay.root.type}, which has the elements 0..{size - 1}", loc)

    def _group(self, root: SSAValue, size: int, loc: str) -> MemGroup:
        if root in self.groups:
            return self.groups[root]
        g = self.low.g
        et = self.elem_type(root.type, loc)
        if isinstance(root, BlockArgument):
            kind, pos, name = "extmemory", root.index, f"arg{root.index}"
        else:
            kind, pos, name = "memory", None, f"mem{len(self.groups)}"
        grp = MemGroup(name, str(root.name_hint or name), kind, "", et, size, pos)
        self.groups[root] = grp
        g.groups[name] = grp
        return grp

    # -------------------------------------------------------------------- accesses
    def address(self, scope, lay: MemrefLayout, indices, loc: str) -> Ref:
        """offset + sum(idx_k * stride_k) as arith nodes in `scope` (constants triggered by its ctrl)."""
        low = self.low
        terms: list[Ref] = []
        for v, st in zip(indices, lay.strides, strict=True):
            r = scope.lookup(v)
            if isinstance(st, DynStride):
                r = low.n_binop("arith.muli", r, self.stride(scope, st, loc), loc)
            elif st != 1:
                r = low.n_binop("arith.muli", r, low.n_const(scope, st, low.g.index_type, loc), loc)
            terms.append(r)
        acc = terms[0] if terms else None
        for t in terms[1:]:
            acc = low.n_binop("arith.addi", acc, t, loc)
        if lay.offset or acc is None:
            c = low.n_const(scope, lay.offset, low.g.index_type, loc)
            acc = c if acc is None else low.n_binop("arith.addi", acc, c, loc)
        return acc

    def stride(self, scope, st: DynStride, loc: str) -> Ref:
        """A stride known on a run only, computed once in the function scope from the size arguments (as a value
        of that scope, imported into `scope` like any other)."""
        low, top = self.low, self.low.top
        if st not in top.env:
            acc = top.lookup(st.sizes[0])
            for k in st.sizes[1:]:
                acc = low.n_binop("arith.muli", acc, top.lookup(k), loc)
            if st.factor != 1:
                acc = low.n_binop("arith.muli", acc, low.n_const(top, st.factor, low.g.index_type, loc), loc)
            top.env[st] = acc
        return scope.lookup(st)

    def lower_dim(self, op: memref.DimOp, scope) -> Ref:
        """`memref.dim %m, %c`: a constant for a static size (of `%m`'s type, or of the root `%m` is a cast of), the
        size argument (`SizeKey`) for a dynamic size of a memref argument."""
        low = self.low
        loc = low.loc(op)
        k = low.constant_value(op.index)
        shape = op.source.type.get_shape()
        if k is None or not 0 <= k < len(shape):
            raise LoweringError(f"memref.dim: the dimension must be a constant in 0..{len(shape) - 1} of "
                                f"{op.source.type}", loc)
        v = op.source
        while shape[k] == DYNAMIC_INDEX and isinstance(v.owner, memref.CastOp):
            v = v.owner.source
            shape = v.type.get_shape()
        if shape[k] != DYNAMIC_INDEX:
            return low.n_const(scope, shape[k], low.g.index_type, loc)
        if isinstance(v, BlockArgument) and v.owner.parent_op() is low.func:
            return scope.lookup(SizeKey(v.index, k))
        raise LoweringError(f"memref.dim of dimension {k} of {v.type}: a dynamic size is known for memref arguments "
                            "(and casts of them) only", loc)

    def lower_load(self, op: memref.LoadOp, scope) -> None:
        n = self._access(op, scope, "load", "data_from_mem", "data", {})
        scope.env[op.res] = Ref(n.id, "data")

    def lower_store(self, op: memref.StoreOp, scope) -> None:
        self._access(op, scope, "store", "data", "data_to_mem", {"data": scope.lookup(op.value)})

    def _access(self, op, scope, kind: str, data_in: str, data_out: str, operands: dict):
        """Add a `handshake.<kind>` node for a memref access: the linear address from the indices,
        the data ports typed by its group, registered with the group and its SCF region (004)."""
        low, g = self.low, self.low.g
        loc = low.loc(op)
        lay = self.layout(op.memref, loc)
        grp = self.groups[lay.root]
        if kind == "store" and grp.constant:
            raise LoweringError(f"memref.store to the constant memref.global {grp.root} (read-only: undefined in "
                                "MLIR)", loc)
        if grp.size == 0:
            raise LoweringError(f"{op.name}: memref {root_name(lay.root)} : {lay.root.type} has no elements, so "
                                "every access to it is out of range (a memref of size 0 may only be passed or "
                                "allocated unused)", loc)
        addr = self.address(scope, lay, op.indices, loc)
        et, it = grp.elem_type, g.index_type
        n = g.add(
            f"handshake.{kind}",
            {"addr": it, data_in: et, "ctrl": CONTROL},
            {data_out: et, "addr_to_mem": it},
            loc,
            {"width": et.width, "addr_width": g.index_width},
            {"addr": addr, **operands},
            group=grp.name,
        )
        grp.accesses.append(n.id)
        scope.region.items.append(MAccess(n.id, kind, grp.name, scope))
        return n

    # -------------------------------------------------------------------- interfaces
    def build_interfaces(self) -> None:
        """One memory / extmemory node per group: stores first, then loads (spec 004). An allocation of size 0
        (which no access uses: `_access`) gets none: nothing could use it."""
        g = self.low.g
        for root, grp in list(self.groups.items()):
            if grp.size == 0 and grp.kind == "memory":
                del self.groups[root], g.groups[grp.name]
        for grp in self.groups.values():
            accs = [g.nodes[a] for a in grp.accesses]
            stores = [a for a in accs if a.op == "handshake.store"]
            loads = [a for a in accs if a.op == "handshake.load"]
            et, w, aw, it = grp.elem_type, grp.elem_type.width, g.index_width, g.index_type
            ins: dict[str, TokenType] = {}
            outs: dict[str, TokenType] = {}
            conn: dict[str, Ref] = {}
            for i, s in enumerate(stores):
                ins[f"st_data[{i}]"], ins[f"st_addr[{i}]"] = et, it
                conn[f"st_data[{i}]"] = Ref(s.id, "data_to_mem")
                conn[f"st_addr[{i}]"] = Ref(s.id, "addr_to_mem")
            for i, ld in enumerate(loads):
                ins[f"ld_addr[{i}]"] = it
                conn[f"ld_addr[{i}]"] = Ref(ld.id, "addr_to_mem")
            for i in range(len(loads)):
                outs[f"ld_data[{i}]"] = et
            for i in range(len(stores)):
                outs[f"st_done[{i}]"] = CONTROL
            for i in range(len(loads)):
                outs[f"ld_done[{i}]"] = CONTROL
            params = {"width": w, "addr_width": aw, "n_load": len(loads), "n_store": len(stores)}
            if grp.kind == "memory":
                params["depth"] = grp.size
            if grp.init is not None:
                params["contents"] = list(grp.init)
            op = f"handshake.{grp.kind}"
            node = g.add(
                op,
                ins,
                outs,
                self.low.loc(grp_root_op(grp, self)),
                params,
                conn,
                group=grp.name,
                meta={"position": grp.position, "size": grp.size,
                      "stores": [s.id for s in stores], "loads": [ld.id for ld in loads]},
            )
            grp.node = node.id
            for i, ld in enumerate(loads):
                ld.inputs["data_from_mem"] = Ref(node.id, f"ld_data[{i}]")
                ld.meta["done"] = Ref(node.id, f"ld_done[{i}]")
                ld.meta["mem"] = node.id
            for i, s in enumerate(stores):
                s.meta["done"] = Ref(node.id, f"st_done[{i}]")
                s.meta["mem"] = node.id

    # -------------------------------------------------------------------- ctrl-done network
    def build_network(self, root: MRegion, entry: Ref) -> list[Ref]:
        """Per group, the serial-recursive ctrl-done chain; returns the group done tokens. A group whose
        accesses need no order among themselves (`unordered`) and feed no chained access gets the same
        chain as a completion chain only: its accesses are triggered by their region's control and the
        chain joins their dones."""
        serial = feeding_ordered_accesses(self.low.g)
        dones = []
        for grp in self.groups.values():
            free = unordered(grp) and not any(a in serial for a in grp.accesses)
            dones.append(self._region(root, grp.name, entry, free))
        return dones

    def _region(self, region: MRegion, grp: str, cur: Ref, free: bool) -> Ref:
        low, g = self.low, self.low.g
        items = [it for it in region.items if (it.group == grp if isinstance(it, MAccess) else grp in it.groups())]
        i = 0
        while i < len(items):
            it = items[i]
            if isinstance(it, MAccess):
                j = i + 1
                if it.kind == "load":
                    while j < len(items) and isinstance(items[j], MAccess) and items[j].kind == "load":
                        j += 1
                batch = items[i:j]
                for a in batch:
                    g.nodes[a.node].inputs["ctrl"] = a.scope.ctrl() if free else cur
                ds = [g.nodes[a.node].meta["done"] for a in batch]
                loc = g.nodes[batch[0].node].loc
                if free:
                    cur = low.n_join([cur, *ds], loc, {"role": "completion"})
                else:
                    cur = ds[0] if len(ds) == 1 else low.n_join(ds, loc, {"role": "rar"})
                i = j
                continue
            elif isinstance(it, MIf):
                t, f = low.n_cond_br(it.cond, cur, it.loc, {"role": "mem_if"})
                td = self._region(it.then, grp, t, free)
                fd = self._region(it.other, grp, f, free)
                cur = low.n_mux(it.cond, fd, td, it.loc)
            elif isinstance(it, MFor):
                if it.guard is not None:
                    t, f = low.n_cond_br(it.guard, cur, it.loc, {"role": "mem_guard"})
                    inner = self._for(it, grp, t, free)
                    cur = low.n_mux(it.guard, f, inner, it.loc)
                else:
                    cur = self._for(it, grp, cur, free)
            elif isinstance(it, MWhile):
                c = low.n_carry(it.raw, cur, None, it.loc, {"role": "while_mem", "loop": it.loop})
                bd = self._region(it.before, grp, Ref(c.id, "o"), free)
                t, f = low.n_cond_br(it.raw, bd, it.loc, {"role": "while_mem_split", "loop": it.loop})
                ad = self._region(it.after, grp, t, free)
                c.inputs["b"] = ad
                cur = f
            i += 1
        return cur

    def _for(self, it: MFor, grp: str, entry: Ref, free: bool) -> Ref:
        low = self.low
        c = low.n_carry(it.after_cond, entry, None, it.loc, {"role": "for_mem", "loop": it.loop})
        bd = self._region(it.body, grp, Ref(c.id, "o"), free)
        t, f = low.n_cond_br(it.after_cond, bd, it.loc, {"role": "for_mem_split", "loop": it.loop})
        c.inputs["b"] = t
        return f


def feeding_ordered_accesses(g) -> set[str]:
    """Nodes upstream of an access of a group that keeps its chain (not `unordered`), the accesses
    included, within the loops that hold the access. Such a loop runs at the pace of its chain's round
    trip: letting another group's access there run ahead, or putting slack in front of it
    (`dfv.lowering.slack`), only adds latency to the chain's inputs, so that part of the circuit is laid
    out as before. The walk does not enter a loop through its exit (the false side of a `*_split`): a loop
    nested before the access (gemm's reduction feeding `C[i][j] += ...`) runs at its own recurrence,
    which its slack lets it reach, and only its result waits for the chain."""
    todo = [a for grp in g.groups.values() if not unordered(grp) for a in grp.accesses if a in g.nodes]
    seen = set(todo)
    while todo:
        n = g.nodes[todo.pop()]
        for r in n.inputs.values():
            if r is not None and r.node not in seen and not loop_exit(g, r):
                seen.add(r.node)
                todo.append(r.node)
    return seen


def loop_exit(g, ref: Ref) -> bool:
    """Whether `ref` is a loop's exit: the false output of the split of an iteration value or memory token."""
    n = g.nodes[ref.node]
    return n.op == "handshake.cond_br" and ref.port == "out_false" and str(n.meta.get("role", "")).endswith("_split")


def unordered(grp: MemGroup) -> bool:
    """Whether a group's accesses may go without waiting for each other: the group has one access in
    the whole program. Its requests enter the memory in program order through one port, the memory
    serves a port in arrival order, and the responses of that port are taken by that port's consumer
    in order, so nothing can be reordered and no response can wait behind another port's. (Two loads
    of one read-only array commute, but their responses share the memory's in-order response queue:
    a response whose port register is full blocks the other port's, so they keep the chain.)"""
    return len(grp.accesses) == 1


def grp_root_op(grp: MemGroup, ml: MemoryLowering):
    for root, gg in ml.groups.items():
        if gg is grp:
            return root.owner if not isinstance(root, BlockArgument) else ml.low.func
    return ml.low.func
