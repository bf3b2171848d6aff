"""Print a fuzzer `Program` as MLIR text (the syntax xDSL 0.74 parses) and its inputs file.

The safety built into the AST is expanded here into plain arith ops, with fresh `%t<n>` names:
index clamps (`remui` by the dimension), division and shift guards, computed loop bounds and the
counter of every `scf.while`. The text is a pure function of the program, so the same program
always prints the same file. A program marked `cf` is printed, then its loops and branches are lowered to
`cf` blocks (`dfv.fuzz.to_cf`).

Floats, held as IEEE words: a constant is its bit pattern (`0x7FC00000 : f32`) when the AST says so
or when it has no decimal (NaN, infinity), else its shortest exact decimal (`-0.0 : f16`,
`1.0e-45 : f32`; MLIR wants the point). In the inputs file the canonical NaN and the infinities are
"nan", "inf", "-inf", a subnormal or another NaN its bit pattern "0x...", any other value its
shortest exact decimal as a JSON number (so both forms of the specs README are read).
"""

from __future__ import annotations

import json

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
    SubView,
    Ternary,
    Unary,
    While,
    is_float,
    mem_infos,
    scalar_types,
    signed_range,
    width,
)
from dfv.fuzz.to_cf import to_cf
from dfv.golden.fp.format import FORMATS, FloatClass
from dfv.golden.fp.text import format_float
from dfv.golden.types import to_signed


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


def _tuple(xs) -> str:
    return ", ".join(str(x) for x in xs)


class _Printer:
    def __init__(self, p: Program):
        self.p = p
        self.infos = mem_infos(p)
        self.types = scalar_types(p)
        self.lines: list[str] = []
        self.n = 0
        self.pad = "  "

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
            idx = self.indices(s.mem, s.idx)
            self.emit(f"{s.res} = memref.load {s.mem}[{idx}] : {self.mtype(s.mem)}")
        elif isinstance(s, Store):
            idx = self.indices(s.mem, s.idx)
            self.emit(f"memref.store {s.value}, {s.mem}[{idx}] : {self.mtype(s.mem)}")
        elif isinstance(s, Alloc):
            self.emit(f"{s.res} = memref.{'alloca' if s.stack else 'alloc'}() : {memref_text(s.mem)}")
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
        lb, ub, st = self.bound(s.lb), self.bound(s.ub), self.bound(s.step)
        head = f"{self.results(s.results)}scf.for {s.iv} = {lb} to {ub} step {st}"
        if s.args:
            pairs = _tuple(f"{a} = {i}" for a, i in zip(s.args, s.inits, strict=True))
            head += f" iter_args({pairs}) -> ({_tuple(s.types)})"
        self.emit(head + " {")
        self.block(s.body)
        self.pad += "  "
        self.yield_line("scf.yield", s.body.yields, s.types)
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
        params = _tuple(f"{prm.name}: {memref_text(prm.ty) if isinstance(prm.ty, MemRef) else prm.ty}"
                        for prm in p.params)
        rtypes = [self.types[n] for n in p.body.yields]
        ret = "" if not rtypes else f" -> {rtypes[0]}" if len(rtypes) == 1 else f" -> ({_tuple(rtypes)})"
        self.lines.append(f"func.func @{p.name}({params}){ret} {{")
        for s in p.body.stmts:
            self.stmt(s)
        self.emit(f"func.return {_tuple(p.body.yields)} : {_tuple(rtypes)}" if rtypes else "func.return")
        self.lines.append("}")
        return "\n".join(self.lines) + "\n"


def to_mlir(p: Program) -> str:
    """The MLIR text of `p` (for a `cf` program, with its loops and branches as blocks: `dfv.fuzz.to_cf`)."""
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
