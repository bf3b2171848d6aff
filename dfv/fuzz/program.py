"""The fuzzer's program representation: an AST of dataclasses for one `func.func` in dfv's subset.

Values are SSA names (`"%v3"`). Every statement says which names it defines in its enclosing
block (`defs`), which it reads there (`uses`) and which blocks it nests (`blocks`); `rename` rewrites
uses through a whole tree. That is all the shrinker needs to drop, inline and substitute statements
while keeping the program well formed.

Memref types are not stored on views: they follow from the root memrefs (parameters, alloc/alloca, globals)
and the view parameters (`mem_infos`), so shrinking an array also shrinks the types of its views and
the clamps printed from its dimensions.

Safety is part of the operations, not of the surrounding code, so it survives any substitution:
- an `Index` is either a clamp `remui(v, dim - span) + offset` (in range for every v) or a direct
  loop counter plus a small offset whose static range must fit the dimension;
- divisions and shifts carry a `Guard` the printer expands (nonzero divisor, no INT_MIN / -1,
  shift amount below the width);
- loop bounds are constants, clamps `remui(v, C) + add` or a loop counter plus `add`; a while loop
  always has a counter bounded by a constant `limit` next to its optional data condition.
Float operations need no guard: every one is defined on every word (the specs README, "Floating
point"). A float value (constant, input, memref element) is held as its IEEE word.

`check(program)` is the static contract of a valid program: every use defined in scope and every
name defined once, every view inside its source, every clamp modulus >= 1, every direct index and
every counter-based bound with a known range that fits, every cast one MLIR allows between its types,
every float word inside its format. The generator only makes programs that pass
it and the shrinker discards candidates that do not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from math import prod

from dfv.golden.fp.format import FORMATS
from dfv.golden.types import DEFAULT_INDEX_WIDTH

INT_TYPES = ("i1", "i8", "i16", "i32", "i64")
FLOAT_TYPES = tuple(FORMATS)  # f16 bf16 f32 f64
SCALAR_TYPES = (*INT_TYPES, "index", *FLOAT_TYPES)


def is_float(ty: str) -> bool:
    return ty in FORMATS


def width(ty: str) -> int:
    """Bit width of a scalar type (`index` is the hardware's default index width)."""
    if ty in FORMATS:
        return FORMATS[ty].width
    return DEFAULT_INDEX_WIDTH if ty == "index" else int(ty[1:])


def cast_ok(op: str, src: str, dst: str) -> bool:
    """Whether `arith.<op>` converts a `src` value to `dst` (MLIR's rules: index only through the index
    casts, the int <-> float conversions on signless integers, extensions widen and truncations narrow,
    a bitcast keeps the width)."""
    fs, fd, xs, xd = is_float(src), is_float(dst), src == "index", dst == "index"
    if src == dst:
        return False
    if op in ("index_cast", "index_castui"):
        return not fs and not fd and xs != xd
    if op == "bitcast":
        return not xs and not xd and width(src) == width(dst)
    if xs or xd:
        return False
    if op in ("extsi", "extui", "trunci"):
        return not fs and not fd and (width(dst) > width(src)) == (op != "trunci")
    if op in ("sitofp", "uitofp"):
        return not fs and fd
    if op in ("fptosi", "fptoui"):
        return fs and not fd
    if op in ("extf", "truncf"):
        return fs and fd and width(dst) != width(src) and (width(dst) > width(src)) == (op == "extf")
    return False


def signed_range(ty: str) -> tuple[int, int]:
    """(min, max) of a scalar type read as signed (i1: -1..0)."""
    w = width(ty)
    return -(1 << (w - 1)), (1 << (w - 1)) - 1


def row_major(shape: tuple[int, ...]) -> tuple[int, ...]:
    strides, acc = [], 1
    for d in reversed(shape):
        strides.append(acc)
        acc *= d
    return tuple(reversed(strides))


# ----------------------------------------------------------------------------------- memrefs
@dataclass(frozen=True)
class MemRef:
    """A root memref type: a function parameter or an alloc/alloca (row-major, offset 0)."""

    shape: tuple[int, ...]
    elem: str

    @property
    def size(self) -> int:
        return prod(self.shape)


@dataclass(frozen=True)
class MemInfo:
    """The type of a memref value (root or view): its shape and its layout inside the root buffer."""

    shape: tuple[int, ...]
    elem: str
    strides: tuple[int, ...]
    offset: int
    root_size: int
    dynamic: tuple[bool, ...] = ()  # dimensions printed as `?` (a memref.cast result)
    strided: bool = False  # print the strided layout (subview results)

    @property
    def identity(self) -> bool:
        return self.strides == row_major(self.shape) and self.offset == 0

    def text(self) -> str:
        dims = "x".join("?" if self.dynamic and self.dynamic[k] else str(d) for k, d in enumerate(self.shape))
        body = f"{dims}x{self.elem}" if dims else self.elem
        if self.strided or not self.identity:
            return f"memref<{body}, strided<[{', '.join(map(str, self.strides))}], offset: {self.offset}>>"
        return f"memref<{body}>"

    def fits(self) -> bool:
        """Every element of the view is inside its root buffer."""
        if any(d < 1 for d in self.shape) or any(s < 1 for s in self.strides) or self.offset < 0:
            return False
        return self.offset + sum((d - 1) * s for d, s in zip(self.shape, self.strides, strict=True)) < self.root_size


# ----------------------------------------------------------------------------------- statements
class Guard(Enum):
    """How the printer makes a division or shift defined for every operand value."""

    NONE = "none"
    NONZERO = "nonzero"  # divisor | 1 (unsigned division)
    NONZERO_NO_MIN = "nonzero-no-min"  # divisor | 1 and dividend max'ed with INT_MIN + 1 (signed)
    POSITIVE = "positive"  # divisor max'ed with 1 (signed)
    SHIFT_MASK = "shift-mask"  # amount & (width - 1)


class BoundKind(Enum):
    CONST = "const"  # c
    CLAMP = "clamp"  # remui(value, c) + add: in [add, c - 1 + add]
    COUNTER = "counter"  # value + add, value a name with a static range (loop counter, index constant)


@dataclass
class Bound:
    """A loop bound or step of `scf.for`."""

    kind: BoundKind
    c: int = 0
    value: str | None = None
    add: int = 0

    def uses(self) -> list[str]:
        return [self.value] if self.value is not None else []


@dataclass
class Index:
    """One index of a memref access.

    Clamp (`direct` False): `remui(value, dim - span) + offset`, in range when dim - span >= 1 and
    0 <= offset <= span. Direct: `value + offset`, where value has a static range (a loop counter).
    """

    value: str
    span: int = 0
    offset: int = 0
    direct: bool = False


@dataclass
class Block:
    """A statement list and the values its terminator yields (a function body yields its returns)."""

    stmts: list[Stmt] = field(default_factory=list)
    yields: list[str] = field(default_factory=list)


@dataclass
class Const:
    """An `arith.constant`: an integer's value, or a float's IEEE word, printed as its bit pattern when
    `hex` (always so for NaNs and infinities, which have no decimal form) or else as its shortest exact
    decimal."""

    res: str
    ty: str
    value: int
    hex: bool = False


@dataclass
class Arith:
    """A binary arith op: on integers `addi` ... `shrui`, `maxsi` ... `minui`; on floats `addf`, `subf`,
    `mulf`, `divf`, `maximumf` ... `minnumf` (`op` without its `arith.` prefix)."""

    res: str
    op: str
    ty: str
    lhs: str
    rhs: str
    guard: Guard = Guard.NONE


@dataclass
class Cmp:
    """`arith.cmpi`, or `arith.cmpf` when the operands are floats."""

    res: str
    pred: str
    ty: str  # the operand type; the result is i1
    lhs: str
    rhs: str


@dataclass
class Select:
    res: str
    ty: str
    cond: str
    a: str
    b: str


@dataclass
class Cast:
    res: str
    op: str  # index_cast index_castui extsi extui trunci sitofp uitofp fptosi fptoui extf truncf bitcast
    src: str
    src_ty: str
    ty: str


@dataclass
class Unary:
    """A one-operand compute operation of the catalogue (`math.absi`, ...): `op` is its full name."""

    res: str
    op: str
    ty: str
    src: str


@dataclass
class Ternary:
    """A three-operand compute operation of the catalogue (`math.fma`: a * b + c): `op` is its full name."""

    res: str
    op: str
    ty: str
    a: str
    b: str
    c: str


@dataclass
class Load:
    res: str
    mem: str
    idx: list[Index]


@dataclass
class Store:
    value: str
    mem: str
    idx: list[Index]


@dataclass
class Alloc:
    res: str
    mem: MemRef
    stack: bool  # memref.alloca (else memref.alloc)


@dataclass(frozen=True)
class Global:
    """A `memref.global` of the module: its symbol, type, whether it is `constant` (never stored to), and its
    initial element words, row-major (a float as its IEEE word; None: `= uninitialized`, zeros for dfv)."""

    sym: str
    mem: MemRef
    constant: bool
    words: tuple[int, ...] | None


@dataclass
class GetGlobal:
    """`memref.get_global @sym`: the global's one buffer (a root memref, like an alloc)."""

    res: str
    sym: str


@dataclass
class CastView:
    """`memref.cast` to a type with some dimensions dynamic (generic form)."""

    res: str
    src: str
    dynamic: tuple[bool, ...]


@dataclass
class SubView:
    res: str
    src: str
    offsets: tuple[int, ...]
    sizes: tuple[int, ...]
    strides: tuple[int, ...]


@dataclass
class Reinterpret:
    """`memref.reinterpret_cast` to a rank-1 view: offset and stride are absolute in the root buffer."""

    res: str
    src: str
    offset: int
    size: int
    stride: int


@dataclass
class Collapse:
    res: str
    src: str
    groups: tuple[tuple[int, ...], ...]


@dataclass
class Expand:
    res: str
    src: str
    groups: tuple[tuple[int, ...], ...]
    shape: tuple[int, ...]


@dataclass
class For:
    iv: str
    lb: Bound
    ub: Bound
    step: Bound
    args: list[str]
    inits: list[str]
    types: list[str]
    results: list[str]
    body: Block  # yields one value per iter_arg


@dataclass
class If:
    cond: str
    results: list[str]
    types: list[str]
    then: Block
    other: Block | None  # required when there are results


@dataclass
class While:
    """`scf.while` with a counter in [0, limit] carried first, then the carried values.

    The before region continues while `counter < limit` (and `cond`, when given) and passes the
    counter and `before.yields` (one per carried value) to the after region, which gets them as
    `after_counter` and `after_args`, increments the counter and yields `after.yields`.
    `results` are the counter's result followed by one per carried value.
    """

    counter: str
    limit: int
    args: list[str]
    inits: list[str]
    types: list[str]
    before: Block
    cond: str | None
    after_counter: str
    after_args: list[str]
    after: Block
    results: list[str]


View = CastView | SubView | Reinterpret | Collapse | Expand
Stmt = (Const | Arith | Cmp | Select | Cast | Unary | Ternary | Load | Store | Alloc | GetGlobal | View | For | If
        | While)
PURE = (Const, Arith, Cmp, Select, Cast, Unary, Ternary, Alloc, GetGlobal, CastView, SubView, Reinterpret, Collapse,
        Expand)
"""Statements whose only effect is their result: removed when nothing uses it."""


@dataclass
class Param:
    name: str
    ty: str | MemRef


class Style(Enum):
    """How a program is printed (`dfv.fuzz.printer`); the program itself is the same.

    - `PLAIN`: one `func.func` of `scf` / `arith` / `memref`, as dfv's own tests are written;
    - `FRONT_END`: as a C front end (Polygeist/cgeist) emits it (issue 25): module attributes for a host,
      `llvm.linkage`, the body in a helper function that `@name` calls, every memref parameter that no view
      is made of as `memref<?x...>` (its leading size from the inputs), loops with constant bounds as
      `affine.for` and, in them, `affine.load` / `affine.store` where every subscript is an `affine.for`
      counter plus a constant."""

    PLAIN = "plain"
    FRONT_END = "front_end"


@dataclass
class Program:
    """One function `@name(params) -> returns`, with the arguments to run it on (one per parameter,
    memrefs as flat lists; a float as its IEEE word), printed in `style`."""

    params: list[Param]
    inputs: list[int | list[int]]
    body: Block  # yields = the returned values
    name: str = "fuzz"
    style: Style = Style.PLAIN
    cf: bool = False  # printed with its control flow as blocks and cf branches (dfv.lowering.to_cf)
    globals: list[Global] = field(default_factory=list)  # the module's memref.global tables


# ----------------------------------------------------------------------------------- structure
def defs(s: Stmt) -> list[str]:
    """Names `s` defines in its enclosing block."""
    if isinstance(s, For | If | While):
        return list(s.results)
    if isinstance(s, Store):
        return []
    return [s.res]


def uses(s: Stmt) -> list[str]:
    """Names `s` reads in its enclosing block (not those read inside its nested blocks)."""
    if isinstance(s, Const | Alloc | GetGlobal):
        return []
    if isinstance(s, Arith | Cmp):
        return [s.lhs, s.rhs]
    if isinstance(s, Select):
        return [s.cond, s.a, s.b]
    if isinstance(s, Ternary):
        return [s.a, s.b, s.c]
    if isinstance(s, Cast | Unary):
        return [s.src]
    if isinstance(s, Load):
        return [s.mem, *(i.value for i in s.idx)]
    if isinstance(s, Store):
        return [s.value, s.mem, *(i.value for i in s.idx)]
    if isinstance(s, CastView | SubView | Reinterpret | Collapse | Expand):
        return [s.src]
    if isinstance(s, For):
        return [*s.lb.uses(), *s.ub.uses(), *s.step.uses(), *s.inits]
    if isinstance(s, If):
        return [s.cond]
    return list(s.inits)


def blocks(s: Stmt) -> list[Block]:
    if isinstance(s, For):
        return [s.body]
    if isinstance(s, If):
        return [s.then] + ([s.other] if s.other is not None else [])
    if isinstance(s, While):
        return [s.before, s.after]
    return []


def walk(block: Block) -> Iterator[Stmt]:
    """Every statement of `block`, nested ones included, in program order."""
    for s in block.stmts:
        yield s
        for b in blocks(s):
            yield from walk(b)


def count(block: Block) -> int:
    """Number of statements, nested ones included (the size the shrinker reports)."""
    return sum(1 for _ in walk(block))


def _map_bound(b: Bound, f: Callable[[str], str]) -> None:
    if b.value is not None:
        b.value = f(b.value)


def rename(block: Block, mapping: dict[str, str]) -> None:
    """Replace every use of a key of `mapping` by its value, in place, throughout `block`."""
    if not mapping:
        return

    def f(n: str) -> str:
        return mapping.get(n, n)

    block.yields = [f(n) for n in block.yields]
    for s in block.stmts:
        if isinstance(s, Arith | Cmp):
            s.lhs, s.rhs = f(s.lhs), f(s.rhs)
        elif isinstance(s, Select):
            s.cond, s.a, s.b = f(s.cond), f(s.a), f(s.b)
        elif isinstance(s, Ternary):
            s.a, s.b, s.c = f(s.a), f(s.b), f(s.c)
        elif isinstance(s, Cast | Unary | CastView | SubView | Reinterpret | Collapse | Expand):
            s.src = f(s.src)
        elif isinstance(s, Load | Store):
            s.mem = f(s.mem)
            for i in s.idx:
                i.value = f(i.value)
            if isinstance(s, Store):
                s.value = f(s.value)
        elif isinstance(s, For):
            for b in (s.lb, s.ub, s.step):
                _map_bound(b, f)
            s.inits = [f(n) for n in s.inits]
        elif isinstance(s, If):
            s.cond = f(s.cond)
        elif isinstance(s, While):
            s.inits = [f(n) for n in s.inits]
            if s.cond is not None:
                s.cond = f(s.cond)
        for b in blocks(s):
            rename(b, mapping)


def used_names(block: Block) -> set[str]:
    """Every name read anywhere in `block` (uses, bounds, yields, while conditions)."""
    out = set(block.yields)
    for s in block.stmts:
        out.update(uses(s))
        if isinstance(s, While) and s.cond is not None:
            out.add(s.cond)
        for b in blocks(s):
            out |= used_names(b)
    return out


# ----------------------------------------------------------------------------------- types
def mem_infos(p: Program) -> dict[str, MemInfo]:
    """The MemInfo of every memref value (parameters, allocs, views), by name.

    A view whose parameters do not fit its source still gets an entry (check() reports it)."""
    out: dict[str, MemInfo] = {}

    def root(m: MemRef) -> MemInfo:
        return MemInfo(m.shape, m.elem, row_major(m.shape), 0, m.size)

    for prm in p.params:
        if isinstance(prm.ty, MemRef):
            out[prm.name] = root(prm.ty)
    tables = {g.sym: g.mem for g in p.globals}
    for s in walk(p.body):
        if isinstance(s, Alloc):
            out[s.res] = root(s.mem)
        elif isinstance(s, GetGlobal) and s.sym in tables:
            out[s.res] = root(tables[s.sym])
        elif isinstance(s, CastView | SubView | Reinterpret | Collapse | Expand) and s.src in out:
            out[s.res] = view_info(s, out[s.src])
    return out


def view_info(v: View, src: MemInfo) -> MemInfo:
    """The MemInfo of view `v` of a source with MemInfo `src` (the lowering's layout rules)."""
    if isinstance(v, CastView):
        return MemInfo(src.shape, src.elem, src.strides, src.offset, src.root_size, v.dynamic)
    if isinstance(v, SubView):
        off = src.offset + sum(o * s for o, s in zip(v.offsets, src.strides, strict=False))
        strides = tuple(s * t for s, t in zip(src.strides, v.strides, strict=False))
        return MemInfo(tuple(v.sizes), src.elem, strides, off, src.root_size, strided=True)
    if isinstance(v, Reinterpret):
        return MemInfo((v.size,), src.elem, (v.stride,), v.offset, src.root_size, strided=True)
    if isinstance(v, Collapse):
        shape = tuple(prod(src.shape[k] for k in g if k < len(src.shape)) for g in v.groups)
        strides = tuple(src.strides[g[-1]] if g[-1] < len(src.strides) else 1 for g in v.groups)
        return MemInfo(shape, src.elem, strides, src.offset, src.root_size)
    strides = [0] * len(v.shape)
    for d, g in enumerate(v.groups):
        acc = src.strides[d] if d < len(src.strides) else 1
        for k in reversed(g):
            strides[k] = acc
            acc *= v.shape[k]
    return MemInfo(tuple(v.shape), src.elem, tuple(strides), src.offset, src.root_size)


def scalar_types(p: Program) -> dict[str, str]:
    """The type of every scalar value, by name."""
    out = {prm.name: prm.ty for prm in p.params if isinstance(prm.ty, str)}
    infos = mem_infos(p)
    for s in walk(p.body):
        if isinstance(s, Const | Arith | Select | Cast | Unary | Ternary):
            out[s.res] = s.ty
        elif isinstance(s, Cmp):
            out[s.res] = "i1"
        elif isinstance(s, Load):
            out[s.res] = infos[s.mem].elem if s.mem in infos else "i32"
        elif isinstance(s, For):
            out[s.iv] = "index"
            out.update(zip(s.args, s.types, strict=True))
            out.update(zip(s.results, s.types, strict=True))
        elif isinstance(s, If):
            out.update(zip(s.results, s.types, strict=True))
        elif isinstance(s, While):
            out[s.counter] = out[s.after_counter] = "index"
            out.update(zip(s.args, s.types, strict=True))
            out.update(zip(s.after_args, s.types, strict=True))
            out.update(zip(s.results, ["index", *s.types], strict=True))
    return out


# ----------------------------------------------------------------------------------- checking
def bound_range(b: Bound, ranges: dict[str, tuple[int, int]]) -> tuple[int, int] | None:
    """The static (min, max) of a loop bound given the ranges of the counters in scope, None when
    unknown (a counter bound on a name without a range, a clamp modulus below 1)."""
    if b.kind is BoundKind.CONST:
        return b.c, b.c
    if b.kind is BoundKind.CLAMP:
        return (b.add, b.c - 1 + b.add) if b.c >= 1 else None
    r = ranges.get(b.value or "")
    return None if r is None else (r[0] + b.add, r[1] + b.add)


def iv_range(s: For, ranges: dict[str, tuple[int, int]]) -> tuple[int, int] | None:
    """The static range of a for loop's counter, None when the body may never run or a bound is unknown."""
    lo, hi = bound_range(s.lb, ranges), bound_range(s.ub, ranges)
    if lo is None or hi is None or hi[1] - 1 < lo[0]:
        return None
    return lo[0], hi[1] - 1


class _Checker:
    """Walks a program with its scopes and static ranges and collects contract violations."""

    def __init__(self, p: Program):
        self.p = p
        self.infos = mem_infos(p)
        self.tables = {g.sym: g for g in p.globals}
        self.readonly: set[str] = set()  # memrefs of constant globals (and views of them)
        self.problems: list[str] = []
        self.defined: set[str] = set()
        self.ranges: dict[str, tuple[int, int]] = {}  # every static range seen, by name

    def define(self, names: list[str], scope: set[str]) -> None:
        for n in names:
            if n in self.defined:
                self.problems.append(f"{n} is defined twice")
            self.defined.add(n)
            scope.add(n)

    def need(self, names: list[str], scope: set[str], what: str) -> None:
        for n in names:
            if n not in scope:
                self.problems.append(f"{what} uses {n}, which is not defined there")

    def access(self, mem: str, idx: list[Index], ranges: dict[str, tuple[int, int]], live: bool) -> None:
        info = self.infos.get(mem)
        if info is None:
            self.problems.append(f"access to {mem}, which is not a memref")
            return
        if len(idx) != len(info.shape):
            self.problems.append(f"{len(idx)} indices for rank-{len(info.shape)} {mem}")
            return
        for i, dim in zip(idx, info.shape, strict=True):
            if not i.direct:
                if dim - i.span < 1 or not 0 <= i.offset <= i.span:
                    self.problems.append(f"clamp of {i.value} (span {i.span}, offset {i.offset}) on dimension {dim}")
            elif live:
                r = ranges.get(i.value)
                if r is None or r[0] + i.offset < 0 or r[1] + i.offset > dim - 1:
                    self.problems.append(f"direct index {i.value}{i.offset:+d} (range {r}) outside dimension {dim}")

    def block(self, b: Block, scope: set[str], ranges: dict[str, tuple[int, int]], live: bool) -> None:
        scope = set(scope)
        ranges = dict(ranges)
        self.ranges.update(ranges)
        for s in b.stmts:
            self.stmt(s, scope, ranges, live)
        self.need(b.yields, scope, "a yield")

    def stmt(self, s: Stmt, scope: set[str], ranges: dict[str, tuple[int, int]], live: bool) -> None:
        name = type(s).__name__
        self.need(uses(s), scope, name)
        if isinstance(s, Load | Store):
            self.access(s.mem, s.idx, ranges, live)
            if isinstance(s, Store) and s.mem in self.readonly:
                self.problems.append(f"store to {s.mem}, a constant global")
        elif isinstance(s, CastView | SubView | Reinterpret | Collapse | Expand):
            self.view(s)
            if s.src in self.readonly:
                self.readonly.add(s.res)
        elif isinstance(s, GetGlobal):
            g = self.tables.get(s.sym)
            if g is None:
                self.problems.append(f"{s.res}: no global @{s.sym}")
            elif g.constant:
                self.readonly.add(s.res)
        elif isinstance(s, Const) and s.ty == "index":
            ranges[s.res] = self.ranges[s.res] = (s.value, s.value)
        elif isinstance(s, Alloc) and any(d < 1 for d in s.mem.shape):
            self.problems.append(f"alloc {s.res} with shape {s.mem.shape}")
        elif isinstance(s, Arith) and s.guard is Guard.POSITIVE and s.ty == "i1":
            self.problems.append(f"{s.res}: max(divisor, 1) is no guard in i1 (1 is -1 there)")
        elif isinstance(s, Cast) and not cast_ok(s.op, s.src_ty, s.ty):
            self.problems.append(f"{s.res}: arith.{s.op} cannot convert {s.src_ty} to {s.ty}")
        elif isinstance(s, Const) and is_float(s.ty) and not 0 <= s.value < 1 << width(s.ty):
            self.problems.append(f"{s.res}: {s.value:#x} is not a {s.ty} word")
        if isinstance(s, For):
            for b in (s.lb, s.ub, s.step):
                if bound_range(b, ranges) is None:
                    self.problems.append(f"a bound of loop {s.iv} has no static range")
            st = bound_range(s.step, ranges)
            if st is not None and st[0] < 1:
                self.problems.append(f"step of {s.iv} may be {st[0]}")
            inner = dict(ranges)
            r = iv_range(s, ranges)
            runs = r is not None
            if r is not None:
                inner[s.iv] = r
            body_scope = set(scope)
            self.define([s.iv, *s.args], body_scope)
            self.block(s.body, body_scope, inner, live and runs)
            if len(s.body.yields) != len(s.args) or len(s.inits) != len(s.args) or len(s.results) != len(s.args):
                self.problems.append(f"for {s.iv}: iter_args, inits, yields and results differ in number")
        elif isinstance(s, If):
            self.block(s.then, scope, ranges, live)
            if s.other is not None:
                self.block(s.other, scope, ranges, live)
            elif s.results:
                self.problems.append("an scf.if with results needs an else block")
        elif isinstance(s, While):
            if s.limit < 0:
                self.problems.append(f"while limit {s.limit}")
            before = set(scope)
            self.define([s.counter, *s.args], before)
            br = dict(ranges)
            br[s.counter] = (0, max(s.limit, 0))
            self.block(s.before, before, br, live)
            inner = set(before)
            for st in s.before.stmts:
                inner.update(defs(st))
            if s.cond is not None:
                self.need([s.cond], inner, "a while condition")
            after = set(scope)
            self.define([s.after_counter, *s.after_args], after)
            ar = dict(ranges)
            if s.limit >= 1:
                ar[s.after_counter] = (0, s.limit - 1)
            self.block(s.after, after, ar, live and s.limit >= 1)
        self.define(defs(s), scope)

    def view(self, v: View) -> None:
        src = self.infos.get(v.src)
        if src is None:
            self.problems.append(f"view {v.res} of {v.src}, which is not a memref")
            return
        rank = len(src.shape)
        if isinstance(v, CastView):
            ok = len(v.dynamic) == rank and src.identity
        elif isinstance(v, SubView):
            ok = len(v.offsets) == len(v.sizes) == len(v.strides) == rank and not src.dynamic
        elif isinstance(v, Reinterpret):
            ok = src.identity and not src.dynamic
        elif isinstance(v, Collapse):
            ok = src.identity and not src.dynamic and [k for g in v.groups for k in g] == list(range(rank))
        else:
            ok = src.identity and not src.dynamic and len(v.groups) == rank \
                and [k for g in v.groups for k in g] == list(range(len(v.shape))) \
                and all(prod(v.shape[k] for k in g) == src.shape[d] for d, g in enumerate(v.groups))
        if not ok or not self.infos[v.res].fits():
            self.problems.append(f"view {v.res} ({type(v).__name__}) does not fit its source {v.src}")


def check(p: Program) -> list[str]:
    """The contract violations of `p` (empty for a valid program)."""
    c = _Checker(p)
    top: set[str] = set()
    c.define([prm.name for prm in p.params], top)
    if len(p.inputs) != len(p.params):
        c.problems.append(f"{len(p.params)} parameters but {len(p.inputs)} inputs")
    for prm, v in zip(p.params, p.inputs, strict=False):
        if isinstance(prm.ty, MemRef) != isinstance(v, list) or (isinstance(v, list) and len(v) != prm.ty.size):
            c.problems.append(f"input of {prm.name} does not match its type")
        elem = prm.ty.elem if isinstance(prm.ty, MemRef) else prm.ty
        words = v if isinstance(v, list) else [v]
        if is_float(elem) and any(not isinstance(w, int) or not 0 <= w < 1 << width(elem) for w in words):
            c.problems.append(f"input of {prm.name} is not made of {elem} words")
    for g in p.globals:
        if g.words is not None and (len(g.words) != g.mem.size
                                    or any(not 0 <= w < 1 << width(g.mem.elem) for w in g.words)):
            c.problems.append(f"the initial value of @{g.sym} is not {g.mem.size} {g.mem.elem} words")
    c.block(p.body, top, {}, True)
    return c.problems


def counter_ranges(p: Program) -> dict[str, tuple[int, int]]:
    """The static range of every loop counter and index constant of `p`, by name."""
    c = _Checker(p)
    c.block(p.body, {prm.name for prm in p.params}, {}, True)
    return c.ranges
