"""Seeded, sized random generator of valid programs in dfv's lowering subset.

`generate(seed, size)` builds a `Program` (dfv.fuzz.program) from `random.Random("dfv-fuzz:<seed>:
<size>")` only, so the same seed and size always give the same program and inputs. What it makes:

- parameters: 1-3 memrefs (rank 1 or 2, every element type) and 1-4 scalars (every type), the
  inputs biased to edge values (0, +-1, MIN, MAX) besides small and uniform ones;
- at the top: `memref.alloc` / `alloca` and views (`memref.cast` in generic form, `subview`,
  `reinterpret_cast`, `collapse_shape`, `expand_shape`) of the parameters, accessed like any other memref;
- statements: every arith op the lowering supports (`addi` ... `shrui`, `maxsi` ... `minui`, `cmpi`
  with all ten predicates, `select`, `index_cast`, `index_castui`, `extsi`, `extui`, `trunci`) on `i1 i8 i16 i32 i64
  index`; loads and stores of one array from several places and depths; `scf.for` with and without
  `iter_args`, with constant, argument- or data-dependent (clamped) and triangular bounds (the inner
  bound is the outer counter) and constant or dynamic steps; `scf.while` with a counter bound plus an
  optional data- or memory-dependent exit; `scf.if` with and without results and else;
- idioms that stress one memory from several places: a bubble sort nest (triangular loops, in-place
  swaps), in-place stencils that read what the previous iteration stored, read-modify-write through
  a data-dependent address;
- a quarter of the programs printed as a C front end emits them (`Style.FRONT_END`, issue 25): module
  attributes, a called helper (inlined by the lowering), memref parameters with a dynamic size, `affine.for`
  and `affine.load` / `affine.store`.

`size` (1..10) scales the statement budget, the loop nesting depth (2..4), the trip counts and the
array sizes; the product of the trip counts of a nest stays below `12 * size + 12`, so every
program ends quickly on every engine.

`generate(seed, size, floats=True)` makes a float program from a random stream of its own
(`"dfv-fuzz-float:<seed>:<size>"`), so integer programs stay what they were: `f16 bf16 f32 f64` join
the types of parameters, memref elements, constants (decimal or hex, specials included), carried
values and if results, and every float operation of the catalogue joins the statements: `addf subf
mulf divf maximumf minimumf maxnumf minnumf`, `negf absf sqrt fma`, `cmpf` with its 16 predicates
(feeding `scf.if`, `select` and while exits like `cmpi`), conversions int <-> float (`sitofp uitofp
fptosi fptoui` on every integer width, index through an i16/i32/i64 index cast) and between formats
(`extf` to a wider, `truncf` to a narrower one, f16 <-> bf16 through f32) and same-width `bitcast`s;
float reductions through iter_args (`addf`, `mulf`, `maxnumf`, ..., `fma` into the accumulator).
Float inputs and constants are biased to the special classes (`dfv.golden.fp.samples.corners`: zeros
of both signs, subnormals, infinities, NaNs, the largest value, the values that make sums tie), small
exact values and random finite words of any exponent.

The operations come from the catalogue (`dfv.golden.catalogue`); with `rtl_only`, only those whose RTL
module is in the tree (`has_rtl`), so a program runs on an RTL engine.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from dfv.fuzz.program import (
    FLOAT_TYPES,
    Alloc,
    Arith,
    Block,
    Bound,
    BoundKind,
    Cast,
    CastView,
    Cmp,
    Collapse,
    Const,
    Expand,
    For,
    GetGlobal,
    Global,
    Guard,
    If,
    Index,
    Load,
    MemInfo,
    MemRef,
    Param,
    Program,
    Reinterpret,
    Select,
    Stmt,
    Store,
    Style,
    SubView,
    Ternary,
    Unary,
    While,
    cast_ok,
    is_float,
    iv_range,
    row_major,
    signed_range,
    view_info,
    width,
)
from dfv.golden.catalogue import COMPUTE, spec
from dfv.golden.compute import Syntax
from dfv.golden.fp.format import FORMATS
from dfv.golden.fp.ops import CMPF_PREDICATES
from dfv.golden.fp.samples import corners, near_pair, random_exponent, random_finite
from dfv.golden.fp.text import parse_float
from dfv.sim.toolchain import rtl_sources

TYPE_WEIGHTS = {"i32": 30, "index": 20, "i64": 14, "i8": 12, "i16": 12, "i1": 12}
ELEM_WEIGHTS = {"i32": 40, "i16": 15, "i8": 15, "i64": 15, "index": 10, "i1": 5}
BINOPS = ("addi", "subi", "muli", "divsi", "divui", "remsi", "remui", "andi", "ori", "xori", "shli", "shrsi",
          "shrui", "maxsi", "minsi", "maxui", "minui")
# the one-operand integer compute operations of the catalogue: each is generated once it is declared
UNARY_OPS = tuple(name for name, c in COMPUTE.items() if c.syntax is Syntax.UNARY and not c.is_float)
PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
INT_ORDER = ("i1", "i8", "i16", "i32", "i64")
MAX_SIZE = 10

# float programs: the float types join the integer ones with these weights
FLOAT_TYPE_WEIGHTS = {"f32": 25, "f64": 15, "f16": 15, "bf16": 15}
FLOAT_ELEM_WEIGHTS = {"f32": 25, "f64": 12, "f16": 12, "bf16": 12}


def _float_ops(syntax: Syntax) -> tuple[str, ...]:
    return tuple(name for name, c in COMPUTE.items() if c.is_float and c.syntax is syntax)


FLOAT_BINOPS = tuple(n.removeprefix("arith.") for n in _float_ops(Syntax.BINARY) if n.startswith("arith."))
FLOAT_UNARY_OPS = _float_ops(Syntax.UNARY)
FLOAT_TERNARY_OPS = _float_ops(Syntax.TERNARY)
FLOAT_CASTS = (*(n.removeprefix("arith.") for n in _float_ops(Syntax.CAST)), "bitcast")
FLOAT_PREDICATES = tuple(CMPF_PREDICATES)  # the 16 of arith.cmpf, ordered and unordered
FLOAT_OPS = (*(f"arith.{o}" for o in FLOAT_BINOPS), *FLOAT_UNARY_OPS, *FLOAT_TERNARY_OPS, "arith.cmpf",
             *(f"arith.{o}" for o in FLOAT_CASTS))
"""Every float operation a float program may use (full names): the catalogue's, and arith.bitcast."""
assert set(FLOAT_OPS) >= {n for n, c in COMPUTE.items() if c.is_float}, "a float op of the catalogue is not generated"


@functools.cache
def _rtl_modules() -> frozenset[str]:
    return frozenset(f.stem for f in rtl_sources())


def has_rtl(op: str) -> bool:
    """Whether an RTL engine can run operation `op`: it is wiring in the generated top, or its module file
    (`dfv/rtl/*/<module>.sv`) exists."""
    return set(spec(op).modules()) <= _rtl_modules()


def float_ops(rtl_only: bool = False) -> tuple[str, ...]:
    """The float operations a float program may use: all (`FLOAT_OPS`), or with `rtl_only` those with RTL."""
    return tuple(o for o in FLOAT_OPS if not rtl_only or has_rtl(o))


@dataclass
class _Scope:
    """A region being generated: its values by type, the static ranges of its counters, how deep it
    is nested and how many times it runs at most (`work`)."""

    parent: _Scope | None
    depth: int
    work: int
    vals: list[tuple[str, str]] = field(default_factory=list)
    ranges: dict[str, tuple[int, int]] = field(default_factory=dict)

    def child(self, work: int) -> _Scope:
        return _Scope(self, self.depth + 1, work, [], dict(self.ranges))

    def values(self, ty: str) -> list[str]:
        out, s = [], self
        while s is not None:
            out += [n for n, t in s.vals if t == ty]
            s = s.parent
        return out

    def own(self, ty: str) -> list[str]:
        return [n for n, t in self.vals if t == ty]

    def add(self, name: str, ty: str) -> None:
        self.vals.append((name, ty))


class Generator:
    """One program from one seeded random stream (see the module docstring).

    The operations it may use and the types each applies to are fixed here: `types` and `elems` weigh
    every scalar and element type, `arith_types` those with a binary op, `cmp_types` those with a
    comparison, `unary_types` those with a one-operand op; `paths` holds every cast chain between two
    types of which one is a float. An integer program has exactly the integer tables of old, so its
    random stream, and so its program, does not change."""

    def __init__(self, seed: int, size: int, floats: bool = False, rtl_only: bool = False, scalar: bool = False,
                 exclude: frozenset[str] = frozenset(), distinct: bool = False):
        if not 1 <= size <= MAX_SIZE:
            raise ValueError(f"size must be 1..{MAX_SIZE}, got {size}")
        self.seed = seed
        self.scalar = scalar
        self.distinct = distinct  # never one value as both operands of a binary op or compare
        self.readonly: set[str] = set()  # memrefs of constant globals: never stored to
        stream = "dfv-fuzz-float" if floats else "dfv-fuzz"
        self.r = random.Random(f"{stream}{'-scalar' if scalar else ''}:{seed}:{size}")
        self.size = size
        self.floats = floats
        self.n = 0
        self.left = 8 * size - 2  # statement budget of the whole program
        self.max_depth = min(2 + size // 2, 4)
        self.max_work = 12 * size + 12
        self.mems: dict[str, MemInfo] = {}

        self.unary_int = tuple(o for o in UNARY_OPS if (not rtl_only or has_rtl(o)) and o not in exclude)
        self.index_casts = tuple(o for o in ("index_cast", "index_castui") if f"arith.{o}" not in exclude)
        fops = set(float_ops(rtl_only)) if floats else set()
        self.fbinops = tuple(o for o in FLOAT_BINOPS if f"arith.{o}" in fops)
        self.funary = tuple(o for o in FLOAT_UNARY_OPS if o in fops)
        self.fternary = tuple(o for o in FLOAT_TERNARY_OPS if o in fops)
        self.fcasts = tuple(o for o in FLOAT_CASTS if f"arith.{o}" in fops)
        self.cmpf = "arith.cmpf" in fops
        self.types = {**TYPE_WEIGHTS, **(FLOAT_TYPE_WEIGHTS if floats else {})}
        self.elems = {**ELEM_WEIGHTS, **(FLOAT_ELEM_WEIGHTS if floats else {})}
        self.arith_types = {t: w for t, w in self.types.items() if not is_float(t) or self.fbinops}
        self.cmp_types = {t: w for t, w in self.types.items() if not is_float(t) or self.cmpf}
        self.unary_types = {t: w for t, w in self.types.items() if (self.funary if is_float(t) else self.unary_int)}
        self.paths = {(a, b): self.cast_chains(a, b) for a in self.types for b in self.types
                      if a != b and (is_float(a) or is_float(b))}

    def cast_chains(self, src: str, dst: str) -> list[list[tuple[str, str]]]:
        """Every chain of casts (op, result type) from `src` to `dst` the op set allows, one of them a float:
        one conversion or bitcast, f16 <-> bf16 also as extf to f32 then truncf, and an index first cast
        to (or last cast from) i16, i32 or i64 (the int <-> float conversions take no index)."""
        if src == "index" or dst == "index":
            chains = []
            for mid in ("i16", "i32", "i64"):
                for ic in self.index_casts:
                    direct = self.cast_chains(mid, dst) if src == "index" else self.cast_chains(src, mid)
                    chains += [[(ic, mid), *c] if src == "index" else [*c, (ic, "index")] for c in direct]
            return chains
        chains = [[(op, dst)] for op in self.fcasts if cast_ok(op, src, dst)]
        if is_float(src) and is_float(dst) and width(src) == width(dst) and {"extf", "truncf"} <= set(self.fcasts):
            chains.append([("extf", "f32"), ("truncf", dst)])
        return chains

    def convertible(self, src: str, dst: str) -> bool:
        """Whether `cast` can take a `src` value to `dst` (any two integer types; with a float, a chain)."""
        return src != dst and bool(self.paths.get((src, dst), True))

    # ------------------------------------------------------------------ small helpers
    def name(self, prefix: str = "v") -> str:
        self.n += 1
        return f"%{prefix}{self.n}"

    def chance(self, p: float) -> bool:
        return self.r.random() < p

    def weighted(self, weights: dict[str, int]) -> str:
        return self.r.choices(list(weights), list(weights.values()))[0]

    def value_of(self, ty: str) -> int:
        """An interesting value of type `ty` (i1: 0 or 1; a float: `float_value`)."""
        if is_float(ty):
            return self.float_value(ty)
        if ty == "i1":
            return self.r.randint(0, 1)
        lo, hi = signed_range(ty)
        x = self.r.random()
        if x < 0.45:
            return self.r.randint(max(lo, -8), min(hi, 8))
        if x < 0.65:
            return self.r.choice((0, 1, -1, 2, -2, lo, hi, lo + 1, hi - 1))
        return self.r.randint(lo, hi)

    def float_value(self, ty: str) -> int:
        """A word of float type `ty`: a corner value (`samples.corners`: zeros of both signs, subnormals,
        infinities, NaNs, the largest value, the half ulps that make sums tie), a small exact value (a
        multiple of 1/4 up to 8, so that results are exact, equal or tie), or a random finite word of any
        exponent."""
        fmt = FORMATS[ty]
        x = self.r.random()
        if x < 0.4:
            return self.r.choice(corners(fmt))
        if x < 0.75:
            return parse_float(repr(self.r.randint(-32, 32) / 4), fmt)
        return random_finite(fmt, self.r, random_exponent(fmt, self.r))

    def float_values(self, ty: str, n: int) -> list[int]:
        """`n` words of float type `ty` for an array: `float_value`s, or pairs of words of close exponents
        or neighbours of opposite signs (`samples.near_pair`), so that neighbouring elements add, carry,
        tie and cancel."""
        if not self.chance(0.3):
            return [self.float_value(ty) for _ in range(n)]
        out: list[int] = []
        while len(out) < n:
            out += near_pair(FORMATS[ty], self.r)
        return out[:n]

    def const(self, scope: _Scope, out: list[Stmt], ty: str, value: int) -> str:
        n = self.name()
        out.append(Const(n, ty, value, is_float(ty) and self.chance(0.3)))
        scope.add(n, ty)
        return n

    def value(self, scope: _Scope, out: list[Stmt], ty: str) -> str:
        """A value of type `ty`: mostly one in scope, else a cast of another value or a constant."""
        have = scope.values(ty)
        if have and self.chance(0.8):
            own = scope.own(ty)
            return self.r.choice(own if own and self.chance(0.5) else have)
        others = [t for t in self.types if self.convertible(t, ty) and scope.values(t)]
        if others and self.chance(0.5):
            src_ty = self.r.choice(others)
            return self.cast(scope, out, self.r.choice(scope.values(src_ty)), src_ty, ty)
        return self.const(scope, out, ty, self.value_of(ty))

    def second(self, scope: _Scope, out: list[Stmt], ty: str, first: str) -> str:
        """The second operand of a binary op or compare whose first is `first`: any `value`, or with `distinct` a
        constant where that would be `first` again (x - x, x < x: what a flow may fold away)."""
        b = self.value(scope, out, ty)
        return self.const(scope, out, ty, self.value_of(ty)) if self.distinct and b == first else b

    def cast(self, scope: _Scope, out: list[Stmt], src: str, src_ty: str, ty: str) -> str:
        """`src` converted to `ty` by the cast op that applies (index_cast, extsi/extui, trunci), or with a
        float by one of the chains of `cast_chains` (each cast's result joins the scope)."""
        if (src_ty, ty) in self.paths:
            for op, t in self.r.choice(self.paths[src_ty, ty]):
                n = self.name()
                out.append(Cast(n, op, src, src_ty, t))
                scope.add(n, t)
                src, src_ty = n, t
            return src
        n = self.name()
        if "index" in (src_ty, ty):
            op = self.r.choice(self.index_casts)
        elif INT_ORDER.index(src_ty) < INT_ORDER.index(ty):
            op = self.r.choice(("extsi", "extui"))
        else:
            op = "trunci"
        out.append(Cast(n, op, src, src_ty, ty))
        scope.add(n, ty)
        return n

    # ------------------------------------------------------------------ arithmetic
    def binop(self, ty: str, int_ops: tuple[str, ...] = BINOPS) -> str:
        """A binary op on `ty`: one of `int_ops` on an integer, a float binop of the op set on a float."""
        return self.r.choice(self.fbinops if is_float(ty) else int_ops)

    def arith(self, scope: _Scope, out: list[Stmt], ty: str | None = None, op: str | None = None,
              lhs: str | None = None, rhs: str | None = None) -> str:
        ty = ty or self.weighted(self.arith_types)
        op = op or self.binop(ty)
        a = lhs or self.value(scope, out, ty)
        b = rhs or self.second(scope, out, ty, a)
        guard = Guard.NONE
        if op in ("divui", "remui"):
            guard = Guard.NONZERO
        elif op in ("divsi", "remsi"):
            guard = Guard.POSITIVE if ty != "i1" and self.chance(0.5) else Guard.NONZERO_NO_MIN
        elif op in ("shli", "shrsi", "shrui"):
            guard = Guard.SHIFT_MASK
        n = self.name()
        out.append(Arith(n, op, ty, a, b, guard))
        scope.add(n, ty)
        return n

    def cmp(self, scope: _Scope, out: list[Stmt], lhs: str | None = None, ty: str | None = None) -> str:
        """`cmpi`, or `cmpf` on a float type."""
        ty = ty or self.weighted(self.cmp_types)
        a = lhs or self.value(scope, out, ty)
        b = self.second(scope, out, ty, a)
        n = self.name()
        out.append(Cmp(n, self.r.choice(FLOAT_PREDICATES if is_float(ty) else PREDICATES), ty, a, b))
        scope.add(n, "i1")
        return n

    def select(self, scope: _Scope, out: list[Stmt]) -> str:
        ty = self.weighted(self.types)
        c = self.value(scope, out, "i1")
        a, b = self.value(scope, out, ty), self.value(scope, out, ty)
        n = self.name()
        out.append(Select(n, ty, c, a, b))
        scope.add(n, ty)
        return n

    def unary(self, scope: _Scope, out: list[Stmt]) -> str:
        """A one-operand compute operation of the catalogue on a value of a random type."""
        ty = self.weighted(self.unary_types)
        src = self.value(scope, out, ty)
        n = self.name()
        out.append(Unary(n, self.r.choice(self.funary if is_float(ty) else self.unary_int), ty, src))
        scope.add(n, ty)
        return n

    def ternary(self, scope: _Scope, out: list[Stmt], c: str | None = None, ty: str | None = None) -> str:
        """A three-operand float operation (`math.fma` a * b + c), `c` given for an accumulation."""
        ty = ty or self.weighted({t: self.types[t] for t in FLOAT_TYPES})
        a, b = self.value(scope, out, ty), self.value(scope, out, ty)
        n = self.name()
        out.append(Ternary(n, self.r.choice(self.fternary), ty, a, b, c or self.value(scope, out, ty)))
        scope.add(n, ty)
        return n

    def some_cast(self, scope: _Scope, out: list[Stmt]) -> str:
        src_ty = self.weighted(self.types)
        ty = self.r.choice([t for t in self.types if self.convertible(src_ty, t)])
        return self.cast(scope, out, self.value(scope, out, src_ty), src_ty, ty)

    # ------------------------------------------------------------------ memory
    def pick_mem(self, pred: Callable[[MemInfo], bool] = lambda m: True, write: bool = False) -> str | None:
        """A memref satisfying `pred`; to store to (`write`), not a constant global."""
        names = [n for n, m in self.mems.items() if pred(m) and not (write and n in self.readonly)]
        return self.r.choice(names) if names else None

    def index(self, scope: _Scope, out: list[Stmt], dim: int) -> Index:
        """An in-range index for a dimension of size `dim`: a counter used directly when its range
        fits, else a clamp of a counter or of any index value (data-dependent addressing)."""
        direct = [(n, off) for n, (lo, hi) in scope.ranges.items() for off in (-1, 0, 1)
                  if lo + off >= 0 and hi + off <= dim - 1]
        if direct and self.chance(0.4):
            n, off = self.r.choice(direct)
            return Index(n, 0, off, True)
        counters = list(scope.ranges)
        v = self.r.choice(counters) if counters and self.chance(0.5) else self.value(scope, out, "index")
        if dim >= 2 and self.chance(0.25):
            return Index(v, 1, self.r.randint(0, 1))
        return Index(v)

    def indices(self, scope: _Scope, out: list[Stmt], mem: str) -> list[Index]:
        return [self.index(scope, out, d) for d in self.mems[mem].shape]

    def load(self, scope: _Scope, out: list[Stmt], mem: str | None = None, idx: list[Index] | None = None) -> str:
        mem = mem or self.pick_mem()
        assert mem is not None
        idx = idx if idx is not None else self.indices(scope, out, mem)
        n = self.name()
        out.append(Load(n, mem, idx))
        scope.add(n, self.mems[mem].elem)
        return n

    def store(self, scope: _Scope, out: list[Stmt], mem: str | None = None, value: str | None = None,
              idx: list[Index] | None = None) -> None:
        mem = mem or self.pick_mem(write=True)
        if mem is None:  # only constant globals: a load instead
            self.load(scope, out)
            return
        v = value or self.value(scope, out, self.mems[mem].elem)
        out.append(Store(v, mem, idx if idx is not None else self.indices(scope, out, mem)))

    # ------------------------------------------------------------------ regions
    def block(self, scope: _Scope, n: int) -> list[Stmt]:
        out: list[Stmt] = []
        for _ in range(n):
            if self.left <= 0:
                break
            self.left -= 1
            self.stmt(scope, out)
        return out

    def inner_size(self) -> int:
        return self.r.randint(1, 2 + self.size)

    def yields(self, scope: _Scope, out: list[Stmt], types: list[str], prefer: list[str]) -> list[str]:
        """One value per type for a terminator, mostly one defined in the region itself."""
        ys = []
        for k, t in enumerate(types):
            own = scope.own(t)
            if own and self.chance(0.7):
                ys.append(self.r.choice(own))
            elif k < len(prefer) and self.chance(0.5):
                ys.append(self.reduce(scope, out, t, prefer[k]))
            else:
                ys.append(self.value(scope, out, t))
        return ys

    def reduce(self, scope: _Scope, out: list[Stmt], ty: str, acc: str) -> str:
        """The next value of an accumulator `acc` of type `ty` (a reduction through a loop): an integer or
        float binop with it, a float `fma` into it, or, for a float type without any, a select."""
        if is_float(ty) and self.fternary and self.chance(0.3):
            return self.ternary(scope, out, acc, ty)
        if not is_float(ty):
            return self.arith(scope, out, ty, self.r.choice(("addi", "xori", "subi", "maxsi")), acc)
        if self.fbinops:
            ops = tuple(o for o in ("addf", "mulf", "maxnumf", "minimumf", "subf") if o in self.fbinops)
            return self.arith(scope, out, ty, self.r.choice(ops or self.fbinops), acc)
        n = self.name()
        out.append(Select(n, ty, self.value(scope, out, "i1"), acc, self.value(scope, out, ty)))
        scope.add(n, ty)
        return n

    def trip_limit(self, scope: _Scope) -> int:
        """The largest trip count a loop in `scope` may have within the work budget."""
        return min(2 + self.size, self.max_work // max(scope.work, 1))

    def bounds(self, scope: _Scope, out: list[Stmt], trips: int) -> tuple[Bound, Bound, Bound, int]:
        """(lb, ub, step, max trip count): constant, dynamic (clamped) or triangular bounds."""
        step = Bound(BoundKind.CONST, 1)
        x = self.r.random()
        outer = [(n, r) for n, r in scope.ranges.items() if r[1] + 1 <= trips and r[0] >= 0]
        if outer and x < 0.3:  # triangular: j < i (+1), or i + 1 <= j < i_max + 1
            iv, (lo, hi) = self.r.choice(outer)
            if self.chance(0.5):
                add = self.r.randint(0, 1)
                return Bound(BoundKind.CONST, 0), Bound(BoundKind.COUNTER, value=iv, add=add), step, hi + add
            return Bound(BoundKind.COUNTER, value=iv, add=1), Bound(BoundKind.CONST, hi + 1), step, hi - lo
        if x < 0.65:  # dynamic: ub = remui(v, trips + 1) (+ lb), from an argument or any index value
            v = self.value(scope, out, "index")
            lb = self.r.randint(0, 1)
            if self.chance(0.3):
                step = Bound(BoundKind.CLAMP, 2, self.value(scope, out, "index"), 1)
            return Bound(BoundKind.CONST, lb), Bound(BoundKind.CLAMP, trips + 1, v, lb), step, trips
        lb = self.r.randint(0, 2)
        st = 1 if self.chance(0.75) else self.r.randint(2, 3)
        n = self.r.randint(0, trips) if self.chance(0.1) else self.r.randint(1, trips)
        return Bound(BoundKind.CONST, lb), Bound(BoundKind.CONST, lb + n * st), Bound(BoundKind.CONST, st), n

    def carried(self, scope: _Scope, out: list[Stmt]) -> tuple[list[str], list[str]]:
        """Types and initial values of 0-2 loop-carried values."""
        types = [self.weighted(self.types) for _ in range(self.r.choice((0, 0, 1, 1, 2)))]
        return types, [self.value(scope, out, t) for t in types]

    def for_(self, scope: _Scope, out: list[Stmt]) -> None:
        trips = self.trip_limit(scope)
        lb, ub, step, n = self.bounds(scope, out, trips)
        types, inits = self.carried(scope, out)
        iv = self.name("i")
        args = [self.name("x") for _ in types]
        body = scope.child(scope.work * max(n, 1))
        loop = For(iv, lb, ub, step, args, inits, types, [], Block())
        r = iv_range(loop, scope.ranges)
        if r is not None:
            body.ranges[iv] = r
        body.vals += [(a, t) for a, t in zip(args, types, strict=True)]
        stmts = self.block(body, self.inner_size())
        ys = self.yields(body, stmts, types, args)
        loop.results = [self.name() for _ in types]
        loop.body = Block(stmts, ys)
        out.append(loop)
        scope.vals += list(zip(loop.results, types, strict=True))

    def while_(self, scope: _Scope, out: list[Stmt]) -> None:
        limit = self.r.randint(0, self.trip_limit(scope))
        types, inits = self.carried(scope, out)
        counter, args = self.name("k"), [self.name("x") for _ in types]
        before = scope.child(scope.work * (limit + 1))
        before.ranges[counter] = (0, limit)
        before.vals += [(counter, "index"), *zip(args, types, strict=True)]
        bstmts = self.block(before, self.r.randint(0, 2))
        cond = None
        if self.chance(0.7):  # a data exit: on a carried value, a value of the region or memory
            comparable = [t for t in types if t in self.cmp_types]
            ty = self.r.choice(comparable) if comparable and self.chance(0.5) else self.weighted(self.cmp_types)
            lhs = None
            if self.mems and self.chance(0.4):
                mem = self.pick_mem(lambda m: m.elem in self.cmp_types)
                if mem is not None:
                    lhs = self.load(before, bstmts, mem)
                    ty = self.mems[mem].elem
            cond = self.cmp(before, bstmts, lhs, ty)
        cargs = [a if self.chance(0.8) else self.value(before, bstmts, t) for a, t in zip(args, types, strict=True)]
        after_counter, after_args = self.name("k"), [self.name("x") for _ in types]
        after = scope.child(scope.work * max(limit, 1))
        if limit >= 1:
            after.ranges[after_counter] = (0, limit - 1)
        after.vals += [(after_counter, "index"), *zip(after_args, types, strict=True)]
        astmts = self.block(after, self.inner_size())
        ys = self.yields(after, astmts, types, after_args)
        results = [self.name(), *(self.name() for _ in types)]
        out.append(While(counter, limit, args, inits, types, Block(bstmts, cargs), cond, after_counter, after_args,
                         Block(astmts, ys), results))
        scope.vals += list(zip(results, ["index", *types], strict=True))

    def if_(self, scope: _Scope, out: list[Stmt]) -> None:
        c = self.cmp(scope, out) if self.chance(0.6) else self.value(scope, out, "i1")
        types = [self.weighted(self.types) for _ in range(self.r.choice((0, 0, 1, 1, 2)))]
        blocks = []
        for _ in range(2 if types or self.chance(0.5) else 1):
            inner = scope.child(scope.work)
            stmts = self.block(inner, self.inner_size())
            blocks.append(Block(stmts, self.yields(inner, stmts, types, [])))
        results = [self.name() for _ in types]
        out.append(If(c, results, types, blocks[0], blocks[1] if len(blocks) > 1 else None))
        scope.vals += list(zip(results, types, strict=True))

    # ------------------------------------------------------------------ idioms
    def swap(self, scope: _Scope, out: list[Stmt], mem: str, i0: Index, i1: Index) -> None:
        """if (m[i0] > m[i1]) swap them: two loads, a compare and two stores of one array."""
        x, y = self.load(scope, out, mem, [i0]), self.load(scope, out, mem, [i1])
        c = self.cmp(scope, out, x, self.mems[mem].elem)
        then = Block([Store(y, mem, [Index(i0.value, i0.span, i0.offset, i0.direct)]),
                      Store(x, mem, [Index(i1.value, i1.span, i1.offset, i1.direct)])])
        out.append(If(c, [], [], then, None))

    def swap_at(self, scope: _Scope, out: list[Stmt]) -> bool:
        """A swap of neighbours j, j+1 of a rank-1 array, j a counter or any index value, clamped."""
        mem = self.pick_mem(lambda m: len(m.shape) == 1 and m.shape[0] >= 2 and m.elem in self.cmp_types, write=True)
        if mem is None:
            return False
        counters = list(scope.ranges)
        j = self.r.choice(counters) if counters and self.chance(0.7) else self.value(scope, out, "index")
        self.swap(scope, out, mem, Index(j, 1, 0), Index(j, 1, 1))
        return True

    def bubble(self, scope: _Scope, out: list[Stmt]) -> bool:
        """A bubble-sort nest on a rank-1 array: for i in [1, n), for j in [0, i): swap a[j], a[j+1]."""
        mem = self.pick_mem(lambda m: len(m.shape) == 1 and m.shape[0] >= 2 and m.elem in self.cmp_types, write=True)
        if mem is None or scope.depth + 2 > self.max_depth:
            return False
        n = min(self.mems[mem].shape[0], self.trip_limit(scope) + 1)
        if n < 2 or scope.work * n * n > self.max_work:
            return False
        i, j = self.name("i"), self.name("i")
        outer = scope.child(scope.work * n)
        outer.ranges[i] = (1, n - 1)
        inner = outer.child(outer.work * n)
        inner.ranges[j] = (0, n - 2)
        body: list[Stmt] = []
        self.swap(inner, body, mem, Index(j, 0, 0, True), Index(j, 0, 1, True))
        loop_j = For(j, Bound(BoundKind.CONST, 0), Bound(BoundKind.COUNTER, value=i), Bound(BoundKind.CONST, 1),
                     [], [], [], [], Block(body))
        out.append(For(i, Bound(BoundKind.CONST, 1), Bound(BoundKind.CONST, n), Bound(BoundKind.CONST, 1),
                       [], [], [], [], Block([loop_j])))
        return True

    def stencil(self, scope: _Scope, out: list[Stmt]) -> bool:
        """for i in [1, n-1): m[i] = f(m[i-1], m[i], m[i+1]): each iteration reads what the previous
        one stored (in place), or writes another array."""
        mem = self.pick_mem(lambda m: len(m.shape) == 1 and m.shape[0] >= 3 and m.elem in self.arith_types, write=True)
        if mem is None or scope.depth + 1 > self.max_depth:
            return False
        n = self.mems[mem].shape[0]
        if scope.work * (n - 2) > self.max_work:
            return False
        i = self.name("i")
        body = scope.child(scope.work * (n - 2))
        body.ranges[i] = (1, n - 2)
        stmts: list[Stmt] = []
        ty = self.mems[mem].elem
        acc = self.load(body, stmts, mem, [Index(i, 0, -1, True)])
        for off in (0, 1):
            x = self.load(body, stmts, mem, [Index(i, 0, off, True)])
            acc = self.arith(body, stmts, ty, self.binop(ty, ("addi", "subi", "maxsi", "xori", "muli")), acc, x)
        dst = mem if self.chance(0.7) else self.pick_mem(lambda m: m.elem == ty and len(m.shape) == 1
                                                         and m.shape[0] >= n - 1, write=True) or mem
        self.store(body, stmts, dst, acc, [Index(i, 0, 0, True)])
        out.append(For(i, Bound(BoundKind.CONST, 1), Bound(BoundKind.CONST, n - 1), Bound(BoundKind.CONST, 1),
                       [], [], [], [], Block(stmts)))
        return True

    def rmw(self, scope: _Scope, out: list[Stmt]) -> bool:
        """m[h(x)] = m[h(x)] op y, the address computed from data (histogram-like)."""
        mem = self.pick_mem(lambda m: m.elem in self.arith_types, write=True)
        if mem is None:
            return False
        src = self.pick_mem(lambda m: m.elem == "index" or self.convertible(m.elem, "index"))
        if src is None:
            return False
        data = self.load(scope, out, src)
        sty = self.mems[src].elem
        a = data if sty == "index" else self.cast(scope, out, data, sty, "index")
        idx = [Index(a) if k == 0 else self.index(scope, out, d) for k, d in enumerate(self.mems[mem].shape)]
        old = self.load(scope, out, mem, idx)
        ty = self.mems[mem].elem
        new = self.arith(scope, out, ty, self.binop(ty, ("addi", "subi", "xori", "maxui")), old)
        self.store(scope, out, mem, new, [Index(i.value, i.span, i.offset, i.direct) for i in idx])
        return True

    # ------------------------------------------------------------------ statements
    def stmt(self, scope: _Scope, out: list[Stmt]) -> None:
        x = self.r.random()
        nest = scope.depth < self.max_depth and self.trip_limit(scope) >= 1
        if x < 0.05 and self.bubble(scope, out):
            return
        if x < 0.09 and self.stencil(scope, out):
            return
        if x < 0.12 and self.swap_at(scope, out):
            return
        if x < 0.15 and self.rmw(scope, out):
            return
        if x < 0.28 and nest:
            self.for_(scope, out)
        elif x < 0.35 and nest:
            self.while_(scope, out)
        elif x < 0.45 and scope.depth < self.max_depth:
            self.if_(scope, out)
        elif x < 0.58 and self.mems:
            self.load(scope, out)
        elif x < 0.70 and self.mems:
            self.store(scope, out)
        elif x < 0.84:
            if self.unary_types and self.chance(0.25 if self.funary else 0.15):  # negf absf sqrt too: more often
                self.unary(scope, out)
            elif self.fternary and self.chance(0.1):
                self.ternary(scope, out)
            else:
                self.arith(scope, out)
        elif x < 0.90:
            self.cmp(scope, out)
        elif x < 0.95:
            self.select(scope, out)
        else:
            self.some_cast(scope, out)

    # ------------------------------------------------------------------ the program
    def memref(self) -> MemRef:
        elem = self.weighted(self.elems)
        if self.chance(0.25):
            return MemRef((self.r.randint(2, 2 + self.size // 2), self.r.randint(2, 3 + self.size // 2)), elem)
        return MemRef((self.r.randint(2, 3 + self.size),), elem)

    def views(self, top: list[Stmt]) -> None:
        """Allocs and views at the top of the function, registered as memrefs to access."""
        if self.chance(0.35):
            res, m = self.name("m"), self.memref()
            top.append(Alloc(res, m, self.chance(0.5)))
            self.mems[res] = MemInfo(m.shape, m.elem, row_major(m.shape), 0, m.size)
        roots = dict(self.mems)
        for _ in range(self.r.choice((0, 0, 1, 1, 2))):
            src = self.r.choice(list(roots))
            info = roots[src]
            v = self.view(src, info)
            if v is not None:
                top.append(v)
                self.mems[v.res] = view_info(v, info)

    def globals(self, top: list[Stmt]) -> list[Global]:
        """`memref.global` tables for a share of programs (`GLOBAL_SHARE`), drawn from a random stream of their own (the
        other programs stay those of old): a constant table, sometimes also a mutable one (a dense initial value,
        a splat or `uninitialized`), each read through a `get_global` at the top of the function, registered as
        memrefs to access (a constant one never to store to: `readonly`)."""
        r = random.Random(f"dfv-fuzz-globals:{self.seed}:{self.size}:{int(self.floats)}")
        if r.random() >= GLOBAL_SHARE:
            return []
        main, self.r = self.r, r  # value_of and float_values draw from the globals' stream
        try:
            out = []
            elems = {t: w for t, w in self.elems.items() if t not in ("i1", "index")}  # what a global may hold
            for constant in (True, False)[:1 if r.random() < 0.6 else 2]:
                elem = self.weighted(elems)
                shape = (r.randint(2, 3), r.randint(2, 4)) if r.random() < 0.25 else (r.randint(3, 8 + self.size),)
                m = MemRef(shape, elem)
                x = r.random()
                if not constant and x < 0.2:
                    words = None  # uninitialized
                else:
                    vals = self.float_values(elem, m.size) if is_float(elem) else \
                        [self.value_of(elem) & ((1 << width(elem)) - 1) for _ in range(m.size)]
                    words = tuple(vals[:1] * m.size if x > 0.85 else vals)  # a splat sometimes
                g = Global(f"table{len(out)}" if constant else f"state{len(out)}", m, constant, words)
                out.append(g)
                res = self.name("g")
                top.append(GetGlobal(res, g.sym))
                self.mems[res] = MemInfo(m.shape, m.elem, row_major(m.shape), 0, m.size)
                if constant:
                    self.readonly.add(res)
            return out
        finally:
            self.r = main

    def view(self, src: str, info: MemInfo) -> CastView | SubView | Reinterpret | Collapse | Expand | None:
        res, rank, shape = self.name("m"), len(info.shape), info.shape
        kind = self.r.choice(("cast", "subview", "subview", "reinterpret", "reshape"))
        if kind == "reinterpret":
            stride = self.r.randint(1, 2)
            size = self.r.randint(1, (info.root_size - 1) // stride + 1)
            return Reinterpret(res, src, self.r.randint(0, info.root_size - 1 - (size - 1) * stride), size, stride)
        if kind == "cast":
            dyn = tuple(self.chance(0.5) for _ in shape)
            return CastView(res, src, dyn if any(dyn) else (True,) + dyn[1:])
        if kind == "subview":
            offs, sizes, strides = [], [], []
            for d in shape:
                st = 1 if d < 4 or self.chance(0.6) else 2
                size = self.r.randint(1, (d - 1) // st + 1)
                off = self.r.randint(0, d - 1 - (size - 1) * st)
                offs.append(off)
                sizes.append(size)
                strides.append(st)
            return SubView(res, src, tuple(offs), tuple(sizes), tuple(strides))
        if rank == 2:
            return Collapse(res, src, ((0, 1),))
        d = shape[0]
        factors = [f for f in range(2, d) if d % f == 0]
        if not factors:
            return None
        f = self.r.choice(factors)
        return Expand(res, src, ((0, 1),), (f, d // f))

    def program(self) -> Program:
        params: list[Param] = []
        inputs: list[int | list[int]] = []
        top = _Scope(None, 0, 1)
        for _ in range(0 if self.scalar else self.r.randint(1, 3)):
            m = self.memref()
            name = self.name("a")
            params.append(Param(name, m))
            inputs.append(self.float_values(m.elem, m.size) if is_float(m.elem)
                          else [self.value_of(m.elem) for _ in range(m.size)])
            self.mems[name] = MemInfo(m.shape, m.elem, row_major(m.shape), 0, m.size)
        for k in range(self.r.randint(1, 4)):
            ty = "index" if k == 0 else self.weighted(self.types)
            name = self.name("s")
            params.append(Param(name, ty))
            inputs.append(self.r.randint(-2, 3 + self.size) if ty == "index" and self.chance(0.7)
                          else self.value_of(ty))
            top.add(name, ty)
        stmts: list[Stmt] = []
        if not self.scalar:
            self.views(stmts)
        tables = [] if self.scalar else self.globals(stmts)
        stmts += self.block(top, 4 + 3 * self.size)
        while self.left > 0 and len(stmts) < 3 + 2 * self.size:
            self.left -= 1
            self.stmt(top, stmts)
        consts = {s.res for s in stmts if isinstance(s, Const)}
        made = [n for n, _ in top.vals if n not in consts and not n.startswith("%s")]
        fewest = 1 if self.scalar else 0  # a scalar program without a result would check nothing but `done`
        rets = self.r.sample(made, min(len(made), self.r.choice((fewest, 1, 1, 2, 3))))
        if self.scalar and not rets:  # nothing made at the top (its statements are ifs without results): one more
            rets.append(self.arith(top, stmts))
        for res in sorted(self.readonly):  # a constant table read with a computed index: its value returned
            rets.append(self.load(top, stmts, res))
        if self.floats:  # a float result is checked only where it comes out: return up to 3 more
            floats = [n for n, t in top.vals if is_float(t) and n in made and n not in rets]
            rets += self.r.sample(floats, min(len(floats), 3))
        return Program(params, inputs, Block(stmts, rets), globals=tables)


GLOBAL_SHARE = 0.3
"""The share of programs with `memref.global` tables (`Generator.globals`)."""

FRONT_END_SHARE = 0.25
"""The share of programs printed as a C front end emits them (`Style.FRONT_END`)."""


def generate(seed: int, size: int = 3, floats: bool = False, rtl_only: bool = False, scalar: bool = False,
             exclude: frozenset[str] = frozenset(), distinct: bool = False) -> Program:
    """The program of `seed` at `size` (same arguments and tree -> same program): an integer program, or
    with `floats` a float program; with `rtl_only` only operations with RTL (`has_rtl`). Its style comes from
    a random stream of its own (`FRONT_END_SHARE`), so the programs are those of the plain style.

    With `scalar`, a program of another random stream without memory (no memref parameter, alloc, view, global,
    load or store; at least one result) in the plain style: what a flow without memories takes (CIRCT's wheel,
    `dfv fuzz --scalar`). The operations named in `exclude` (`math.ctlz`, `arith.index_castui`, ...) are never
    used: what an engine cannot take (`dfv.circt.flow.NOT_LOWERED`). With `distinct`, no binary op or compare takes
    one value as both operands (CIRCT folds `x < x` into a constant it cannot lower: docs/circt_findings.md, finding
    1; a campaign that steps around it reaches further into CIRCT's circuits)."""
    p = Generator(seed, size, floats, rtl_only, scalar, exclude, distinct).program()
    style_stream = random.Random(f"dfv-fuzz-style:{seed}:{size}:{int(floats)}")
    front_end = style_stream.random() < FRONT_END_SHARE and not scalar
    p.style = Style.FRONT_END if front_end else Style.PLAIN
    return p
