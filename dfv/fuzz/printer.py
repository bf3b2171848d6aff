"""Print a fuzzer `Program` as MLIR text (the syntax xDSL 0.74 parses) and its inputs file, in the program's
style (`dfv.fuzz.program.Style`: plain, or as a C front end emits it).

The safety built into the AST is expanded here into plain arith ops, with fresh `%t<n>` names:
index clamps (`remui` by the dimension), division and shift guards, computed loop bounds and the
counter of every `scf.while`. The text is a pure function of the program, so the same program
always prints the same file. A program marked `cf` is printed, then its loops and branches are lowered to
`cf` blocks (`dfv.lowering.to_cf`).

Floats, held as IEEE words: a constant is its bit pattern (`0x7FC00000 : f32`) when the AST says so
or when it has no decimal (NaN, infinity), else its shortest exact decimal (`-0.0 : f16`,
`1.0e-45 : f32`; MLIR wants the point). In the inputs file the canonical NaN and the infinities are
"nan", "inf", "-inf", a subnormal or another NaN its bit pattern "0x...", any other value its
shortest exact decimal as a JSON number (so both forms of the specs README are read).
"""

from __future__ import annotations

import json
from dataclasses import replace

from dfv.fuzz.program import (
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
    MemRef,
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
    is_float,
    mem_infos,
    scalar_types,
    signed_range,
    walk,
    width,
)
from dfv.golden.fp.format import FORMATS, FloatClass
from dfv.golden.fp.text import format_float
from dfv.golden.types import to_signed
from dfv.lowering.to_cf import to_cf


def float_literal(word: int, ty: str, hex_form: bool = False) -> str:
    """The MLIR literal of float word `word` of type `ty`: its bit pattern when `hex_form` or when it is a
    NaN or an infinity, else its shortest exact decimal with a point (`1.0e-45`, not `1e-45`)."""
    fmt = FORMATS[ty]
    if hex_form or not fmt.classify(word).is_finite:
        return f"0x{word:0{fmt.width // 4}X}"
    text = format_float(word, fmt)
    mantissa, e, exponent = text.partition("e")
    return (mantissa if "." in mantissa else mantissa + ".0") + e + exponent


def const_text(value: int, ty: str, hex_form: bool = False) -> str:
    """The literal of an `arith.constant` of type `ty` holding `value` (an integer wrapped to the type, a
    float word as `float_literal` writes it)."""
    if ty == "i1":
        return "true" if value & 1 else "false"
    if is_float(ty):
        return f"{float_literal(value, ty, hex_form)} : {ty}"
    return f"{to_signed(value, width(ty))} : {ty}"


def input_text(word: int, ty: str) -> str:
    """The JSON text of float word `word` of type `ty` in an inputs file (see the module docstring)."""
    fmt = FORMATS[ty]
    cls = fmt.classify(word)
    text = format_float(word, fmt)
    if cls.is_inf or word == fmt.canonical_nan:
        return json.dumps(text)
    if cls.is_nan or cls in (FloatClass.POS_SUBNORMAL, FloatClass.NEG_SUBNORMAL):
        return json.dumps(f"0x{word:0{fmt.width // 4}x}")
    return text


def memref_text(m: MemRef) -> str:
    return f"memref<{'x'.join(map(str, m.shape))}x{m.elem}>"


def global_text(g: Global, front: bool) -> str:
    """The `memref.global` of `g`: private, `constant` or not, its words as `dense<...>` (nested by the shape, a
    splat when every word is one: `dense<0>`) or `uninitialized`; with the alignment cgeist adds in `front` style."""
    if g.words is None:
        init = "uninitialized"
    else:
        items = [float_literal(w, g.mem.elem) if is_float(g.mem.elem) else str(to_signed(w, width(g.mem.elem)))
                 for w in g.words]

        def nest(xs: list[str], shape: tuple[int, ...]) -> str:
            if not shape:
                return xs[0]
            step = len(xs) // shape[0]
            return "[" + ", ".join(nest(xs[k * step:(k + 1) * step], shape[1:]) for k in range(shape[0])) + "]"

        init = f"dense<{items[0] if len(set(items)) == 1 else nest(items, g.mem.shape)}>"
    const = " constant" if g.constant else ""
    align = " {alignment = 16 : i64}" if front else ""
    return f'memref.global "private"{const} @{g.sym} : {memref_text(g.mem)} = {init}{align}'


def _tuple(xs) -> str:
    return ", ".join(str(x) for x in xs)


FRONT_END_MODULE = ('module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<i64, dense<64> : '
                    'vector<2xi32>>, #dlti.dl_entry<!llvm.ptr, dense<64> : vector<4xi32>>, '
                    '#dlti.dl_entry<"dlti.endianness", "little">>, llvm.data_layout = "e-m:e-i64:64-n8:16:32:64-S128", '
                    'llvm.target_triple = "x86_64-unknown-linux-gnu", "polygeist.target-cpu" = "x86-64"} {')
"""The module header of a `Style.FRONT_END` program: what cgeist writes for an x86-64 host."""

VIEWS = (CastView, SubView, Reinterpret, Collapse, Expand)


class _Printer:
    def __init__(self, p: Program):
        self.p = p
        self.infos = mem_infos(p)
        self.types = scalar_types(p)
        self.lines: list[str] = []
        self.n = 0
        self.pad = "  "
        self.front = p.style is Style.FRONT_END
        self.affine_ivs: set[str] = set()  # counters of the enclosing affine.for loops (Style.FRONT_END)
        # affine.for only in a program kept in scf: a program printed in cf (`to_cf`) has its scf loops and ifs
        # made blocks, which an affine.for's one-block body cannot hold
        self.affine = self.front and not p.cf
        if self.front:  # memref parameters with no view of them: their leading size dynamic
            sources = {s.src for s in walk(p.body) if isinstance(s, VIEWS)}
            for prm in p.params:
                if isinstance(prm.ty, MemRef) and prm.name not in sources:
                    info = self.infos[prm.name]
                    self.infos[prm.name] = replace(info, dynamic=(True,) + (False,) * (len(info.shape) - 1))

    def emit(self, text: str) -> None:
        self.lines.append(self.pad + text)

    def fresh(self) -> str:
        self.n += 1
        return f"%t{self.n}"

    def const(self, value: int, ty: str) -> str:
        t = self.fresh()
        self.emit(f"{t} = arith.constant {const_text(value, ty)}")
        return t

    def op(self, name: str, a: str, b: str, ty: str) -> str:
        t = self.fresh()
        self.emit(f"{t} = arith.{name} {a}, {b} : {ty}")
        return t

    def mtype(self, mem: str) -> str:
        return self.infos[mem].text()

    def affine_subscripts(self, idx: list[Index]) -> str | None:
        """`[%i + 1, %j]` when every index is an enclosing `affine.for` counter plus a constant, else None."""
        if not (self.affine_ivs and all(i.direct and i.value in self.affine_ivs for i in idx)):
            return None
        terms = [i.value if i.offset == 0 else f"{i.value} {'+' if i.offset > 0 else '-'} {abs(i.offset)}"
                 for i in idx]
        return f"[{_tuple(terms)}]"

    # ------------------------------------------------------------------ pieces
    def index(self, i: Index, dim: int) -> str:
        if i.direct:
            return i.value if i.offset == 0 else self.op("addi", i.value, self.const(i.offset, "index"), "index")
        v = self.op("remui", i.value, self.const(dim - i.span, "index"), "index")
        return v if i.offset == 0 else self.op("addi", v, self.const(i.offset, "index"), "index")

    def indices(self, mem: str, idx: list[Index]) -> str:
        return _tuple(self.index(i, d) for i, d in zip(idx, self.infos[mem].shape, strict=True))

    def bound(self, b: Bound) -> str:
        if b.kind is BoundKind.CONST:
            return self.const(b.c, "index")
        v = b.value or ""
        if b.kind is BoundKind.CLAMP:
            v = self.op("remui", v, self.const(b.c, "index"), "index")
        return v if b.add == 0 else self.op("addi", v, self.const(b.add, "index"), "index")

    def arith(self, s: Arith) -> None:
        a, b = s.lhs, s.rhs
        if s.guard in (Guard.NONZERO, Guard.NONZERO_NO_MIN):
            b = self.op("ori", b, self.const(1, s.ty), s.ty)
        if s.guard is Guard.NONZERO_NO_MIN:
            a = self.op("maxsi", a, self.const(signed_range(s.ty)[0] + 1, s.ty), s.ty)
        if s.guard is Guard.POSITIVE:
            b = self.op("maxsi", b, self.const(1, s.ty), s.ty)
        if s.guard is Guard.SHIFT_MASK:
            b = self.op("andi", b, self.const(width(s.ty) - 1, s.ty), s.ty)
        self.emit(f"{s.res} = arith.{s.op} {a}, {b} : {s.ty}")

    def yield_line(self, op: str, names: list[str], types: list[str]) -> None:
        if names:
            self.emit(f"{op} {_tuple(names)} : {_tuple(types)}")

    def block(self, b: Block) -> None:
        self.pad += "  "
        for s in b.stmts:
            self.stmt(s)
        self.pad = self.pad[:-2]

    @staticmethod
    def results(names: list[str]) -> str:
        return f"{_tuple(names)} = " if names else ""

    # ------------------------------------------------------------------ statements
    def stmt(self, s: Stmt) -> None:
        if isinstance(s, Const):
            self.emit(f"{s.res} = arith.constant {const_text(s.value, s.ty, s.hex)}")
        elif isinstance(s, Arith):
            self.arith(s)
        elif isinstance(s, Cmp):
            self.emit(f"{s.res} = arith.{'cmpf' if is_float(s.ty) else 'cmpi'} {s.pred}, {s.lhs}, {s.rhs} : {s.ty}")
        elif isinstance(s, Select):
            self.emit(f"{s.res} = arith.select {s.cond}, {s.a}, {s.b} : {s.ty}")
        elif isinstance(s, Cast):
            self.emit(f"{s.res} = arith.{s.op} {s.src} : {s.src_ty} to {s.ty}")
        elif isinstance(s, Unary):
            self.emit(f"{s.res} = {s.op} {s.src} : {s.ty}")
        elif isinstance(s, Ternary):
            self.emit(f"{s.res} = {s.op} {s.a}, {s.b}, {s.c} : {s.ty}")
        elif isinstance(s, Load):
            if (sub := self.affine_subscripts(s.idx)) is not None:
                self.emit(f"{s.res} = affine.load {s.mem}{sub} : {self.mtype(s.mem)}")
            else:
                idx = self.indices(s.mem, s.idx)
                self.emit(f"{s.res} = memref.load {s.mem}[{idx}] : {self.mtype(s.mem)}")
        elif isinstance(s, Store):
            if (sub := self.affine_subscripts(s.idx)) is not None:
                self.emit(f"affine.store {s.value}, {s.mem}{sub} : {self.mtype(s.mem)}")
            else:
                idx = self.indices(s.mem, s.idx)
                self.emit(f"memref.store {s.value}, {s.mem}[{idx}] : {self.mtype(s.mem)}")
        elif isinstance(s, Alloc):
            self.emit(f"{s.res} = memref.{'alloca' if s.stack else 'alloc'}() : {memref_text(s.mem)}")
        elif isinstance(s, GetGlobal):
            self.emit(f"{s.res} = memref.get_global @{s.sym} : {self.mtype(s.res)}")
        elif isinstance(s, CastView):
            self.emit(f'{s.res} = "memref.cast"({s.src}) : ({self.mtype(s.src)}) -> ({self.mtype(s.res)})')
        elif isinstance(s, SubView):
            self.emit(f"{s.res} = memref.subview {s.src}[{_tuple(s.offsets)}] [{_tuple(s.sizes)}] "
                      f"[{_tuple(s.strides)}] : {self.mtype(s.src)} to {self.mtype(s.res)}")
        elif isinstance(s, Reinterpret):
            self.emit(f"{s.res} = memref.reinterpret_cast {s.src} to offset: [{s.offset}], sizes: [{s.size}], "
                      f"strides: [{s.stride}] : {self.mtype(s.src)} to {self.mtype(s.res)}")
        elif isinstance(s, Collapse | Expand):
            groups = ", ".join(f"[{_tuple(g)}]" for g in s.groups)
            if isinstance(s, Collapse):
                self.emit(f"{s.res} = memref.collapse_shape {s.src} [{groups}] : {self.mtype(s.src)} into "
                          f"{self.mtype(s.res)}")
            else:
                self.emit(f"{s.res} = memref.expand_shape {s.src} [{groups}] output_shape [{_tuple(s.shape)}] : "
                          f"{self.mtype(s.src)} into {self.mtype(s.res)}")
        elif isinstance(s, For):
            self.for_(s)
        elif isinstance(s, If):
            self.if_(s)
        else:
            self.while_(s)

    def for_(self, s: For) -> None:
        affine = self.affine and all(b.kind is BoundKind.CONST for b in (s.lb, s.ub, s.step)) and s.step.c > 0
        if affine:  # the loop as cgeist raises it: constant bounds and step in the operation
            head = f"{self.results(s.results)}affine.for {s.iv} = {s.lb.c} to {s.ub.c} step {s.step.c}"
        else:
            lb, ub, st = self.bound(s.lb), self.bound(s.ub), self.bound(s.step)
            head = f"{self.results(s.results)}scf.for {s.iv} = {lb} to {ub} step {st}"
        if s.args:
            pairs = _tuple(f"{a} = {i}" for a, i in zip(s.args, s.inits, strict=True))
            head += f" iter_args({pairs}) -> ({_tuple(s.types)})"
        self.emit(head + " {")
        if affine:
            self.affine_ivs.add(s.iv)
        self.block(s.body)
        self.affine_ivs.discard(s.iv)
        self.pad += "  "
        self.yield_line("affine.yield" if affine else "scf.yield", s.body.yields, s.types)
        self.pad = self.pad[:-2]
        self.emit("}")

    def if_(self, s: If) -> None:
        head = f"{self.results(s.results)}scf.if {s.cond}"
        self.emit(head + (f" -> ({_tuple(s.types)})" if s.results else "") + " {")
        for k, b in enumerate([s.then] if s.other is None else [s.then, s.other]):
            if k:
                self.emit("} else {")
            self.block(b)
            self.pad += "  "
            self.yield_line("scf.yield", b.yields, s.types)
            self.pad = self.pad[:-2]
        self.emit("}")

    def while_(self, s: While) -> None:
        zero = self.const(0, "index")
        types = ["index", *s.types]
        pairs = _tuple(f"{a} = {i}" for a, i in zip([s.counter, *s.args], [zero, *s.inits], strict=True))
        self.emit(f"{self.results(s.results)}scf.while ({pairs}) : ({_tuple(types)}) -> ({_tuple(types)}) {{")
        self.block(s.before)
        self.pad += "  "
        limit = self.const(s.limit, "index")
        go = self.fresh()
        self.emit(f"{go} = arith.cmpi ult, {s.counter}, {limit} : index")
        if s.cond is not None:
            go = self.op("andi", go, s.cond, "i1")
        self.emit(f"scf.condition({go}) {_tuple([s.counter, *s.before.yields])} : {_tuple(types)}")
        self.pad = self.pad[:-2]
        self.emit("} do {")
        args = _tuple(f"{a}: {t}" for a, t in zip([s.after_counter, *s.after_args], types, strict=True))
        self.emit(f"^bb0({args}):")
        self.pad += "  "
        nxt = self.op("addi", s.after_counter, self.const(1, "index"), "index")
        self.pad = self.pad[:-2]
        self.block(s.after)
        self.pad += "  "
        self.emit(f"scf.yield {_tuple([nxt, *s.after.yields])} : {_tuple(types)}")
        self.pad = self.pad[:-2]
        self.emit("}")

    def program(self) -> str:
        p = self.p
        types = [self.mtype(prm.name) if isinstance(prm.ty, MemRef) else prm.ty for prm in p.params]
        params = _tuple(f"{prm.name}: {t}" for prm, t in zip(p.params, types, strict=True))
        rtypes = [self.types[n] for n in p.body.yields]
        ret = "" if not rtypes else f" -> {rtypes[0]}" if len(rtypes) == 1 else f" -> ({_tuple(rtypes)})"
        body = f"{p.name}_body" if self.front else p.name
        read = {s.sym for s in walk(p.body) if isinstance(s, GetGlobal)}
        tables = [("  " if self.front else "") + global_text(g, self.front) for g in p.globals if g.sym in read]
        if self.front:
            self.lines.append(FRONT_END_MODULE)
            self.lines += tables
            self.lines.append(f"func.func private @{body}({params}){ret} attributes "
                              "{llvm.linkage = #llvm.linkage<internal>} {")
        else:
            self.lines += tables
            self.lines.append(f"func.func @{body}({params}){ret} {{")
        for s in p.body.stmts:
            self.stmt(s)
        self.emit(f"func.return {_tuple(p.body.yields)} : {_tuple(rtypes)}" if rtypes else "func.return")
        self.lines.append("}")
        if self.front:  # the function the program is: a call of the helper, inlined by the lowering
            rets = [f"%ret{k}" for k in range(len(rtypes))]
            self.lines.append(f"func.func @{p.name}({params}){ret} attributes "
                              "{llvm.linkage = #llvm.linkage<external>} {")
            call = f"call @{body}({_tuple(prm.name for prm in p.params)}) : ({_tuple(types)}) -> ({_tuple(rtypes)})"
            self.emit(f"{_tuple(rets)} = {call}" if rets else call)
            self.emit(f"func.return {_tuple(rets)} : {_tuple(rtypes)}" if rtypes else "func.return")
            self.lines.append("}")
            self.lines.append("}")
        return "\n".join(self.lines) + "\n"


def to_mlir(p: Program) -> str:
    """The MLIR text of `p` (for a `cf` program, with its loops and branches as blocks: `dfv.lowering.to_cf`)."""
    text = _Printer(p).program()
    return to_cf(text) if p.cf else text


def inputs_json(p: Program) -> str:
    """The inputs file of `p`: `{"args": [...]}`, memrefs as flat lists, floats as `input_text` writes them."""
    args = []
    for prm, value in zip(p.params, p.inputs, strict=True):
        elem = prm.ty.elem if isinstance(prm.ty, MemRef) else prm.ty
        if not is_float(elem):
            args.append(json.dumps(value))
        elif isinstance(value, list):
            args.append("[" + ", ".join(input_text(w, elem) for w in value) + "]")
        else:
            args.append(input_text(value, elem))
    return '{"args": [' + ", ".join(args) + "]}\n"
