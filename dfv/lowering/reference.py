"""Run the *source* program with xDSL's reference interpreter (`xdsl.interpreter`).

`register_implementations` provides scf / arith / memref / func / cf; this module adds what the kernels
need beyond it (and `dfv.lowering.source_loops`, `dfv.lowering.source_branches` run the loops and the `cf`
branches with a trip budget): `memref.alloca`, `memref.get_global` (one buffer per global and run, from its initial
value: `dfv.lowering.globals`), the view operations (`cast`, `subview`, `reinterpret_cast`,
`collapse_shape`, `expand_shape`, as strided views sharing the root buffer) and the integer ops
`divui remui shli shrui shrsi extsi extui trunci index_castui maxsi minsi maxui minui`, `math`'s integer operations
`ctlz cttz ctpop absi` (on the operand's bit string, not by the catalogue's arithmetic, so a run checks the declared
semantics rather than repeating them), and every compute operation
of the catalogue (`dfv.golden.compute`) that xDSL parses but does not run, from its declared semantics.

Floats are held as their IEEE words, never as Python floats, and like integers as the signed value of the
word (so a memory of floats stores words in integer elements of their width): every float operation runs
by its declared semantics (`dfv.golden.fp`, bit-exact, overriding xDSL's, which computes in doubles), a
float constant is the word its text gives (`SourceModule.float_word`), and `arith.bitcast` keeps the
word.

It also models the hardware where xDSL does not: `index` is `index_width` bits (xDSL knows only 32
and 64; its arith implementations take any width from `Interpreter.index_bitwidth`, memories store
index elements as 32- or 64-bit words), and what MLIR leaves undefined is a LoweringError naming
the operation's location: an access with an index outside its dimension (checked per index, not
on the flat address), a division by zero, and the loop errors of `dfv.lowering.source_loops`.
"""

from __future__ import annotations

from functools import cache
from math import prod
from typing import Any

from xdsl.dialects import arith, func, llvm, math, memref
from xdsl.dialects.builtin import FloatAttr, IndexType, IntegerType, MemRefType, ModuleOp
from xdsl.interpreter import Interpreter, InterpreterFunctions, impl, register_impls
from xdsl.interpreters import register_implementations
from xdsl.interpreters.builtin import xtype_for_el_type
from xdsl.interpreters.shaped_array import ShapedArray
from xdsl.interpreters.utils.ptr import TypedPtr
from xdsl.irdl import IRDLOperation

from dfv.golden.catalogue import COMPUTE
from dfv.golden.compute import Syntax
from dfv.golden.errors import ErrorCode
from dfv.golden.types import FLOAT_WIDTHS, ScalarType, index_type, int_type, scalar_type, to_signed, to_unsigned
from dfv.golden.values import data_value, data_word, signed
from dfv.lowering.affine_eval import AffineEval
from dfv.lowering.arith_nodes import predicate_param
from dfv.lowering.arith_ops import IndexCastUIOp
from dfv.lowering.globals import global_table
from dfv.lowering.handshake_types import ChannelType
from dfv.lowering.memref_args import flatten
from dfv.lowering.parse import LoweringError, SourceModule, context
from dfv.lowering.prepare import undef_attr
from dfv.lowering.source_branches import BranchFunctions
from dfv.lowering.source_loops import LoopFunctions
from dfv.lowering.source_memory import StridedView, check_cast, checked_view, run_shape, view
from dfv.lowering.trip_budget import DEFAULT_MAX_TRIPS, BudgetExceeded, TripBudget
from dfv.lowering.upstream_syntax import CastOp


def _w(interp: Interpreter, t) -> int:
    return value_type(t, interp.index_bitwidth).width


def _storage_xtype(elem_type, index_width: int):
    """The packed element type of a memory: index elements as 32- or 64-bit words (all xDSL has), float
    elements as integer words of their width (the interpreter holds floats as words)."""
    if str(elem_type) in FLOAT_WIDTHS:
        return xtype_for_el_type(IntegerType(FLOAT_WIDTHS[str(elem_type)]), 64)
    return xtype_for_el_type(elem_type, 32 if index_width <= 32 else 64)


@register_impls
class ExtraFunctions(InterpreterFunctions):
    """Operations xDSL lacks or gets wrong for this project; `src` gives the locations of errors."""

    def __init__(self, src: SourceModule):
        self.src = src
        self.globals: dict[str, ShapedArray] = {}  # this run's buffer of each memref.global read so far

    @impl(arith.ConstantOp)
    def run_constant(self, interp: Interpreter, op: arith.ConstantOp, args):
        """xDSL's own builds a type constraint on every call (~100 us), and constants in loop bodies
        run once per trip."""
        if isinstance(op.value.type, IndexType):
            return (to_signed(op.value.value.data, interp.index_bitwidth),)
        if isinstance(op.value, FloatAttr):
            return (to_signed(self.src.float_word(op.value), FLOAT_WIDTHS[str(op.value.type)]),)
        return (op.value.value.data,)

    @staticmethod
    def _zeroed(interp: Interpreter, op: memref.AllocaOp | memref.AllocOp) -> tuple[ShapedArray]:
        """A fresh zeroed buffer (what the hardware's internal memory holds after reset)."""
        ty = op.memref.type
        xt = _storage_xtype(ty.get_element_type(), interp.index_bitwidth)
        return (ShapedArray(TypedPtr[Any].zeros(prod(ty.get_shape()), xtype=xt), list(ty.get_shape())),)

    # (an @impl method is wrapped by xDSL and returns more than its results: never call one directly)
    @impl(memref.AllocOp)
    def run_alloc(self, interp: Interpreter, op: memref.AllocOp, args):
        return self._zeroed(interp, op)

    @impl(memref.AllocaOp)
    def run_alloca(self, interp: Interpreter, op: memref.AllocaOp, args):
        return self._zeroed(interp, op)

    @impl(memref.GetGlobalOp)
    def run_get_global(self, interp: Interpreter, op: memref.GetGlobalOp, args):
        """The run's buffer of the global (`dfv.lowering.globals`): made from its initial value on the first
        `get_global` of the run, the same buffer for every later one, so stores through one are seen by all."""
        if op.name_.root_reference.data not in self.globals:  # checked once per symbol (the lowering checks each)
            table = global_table(self.src, op)
            et = table.type.get_element_type()
            vt = value_type(et, interp.index_bitwidth)
            data = [signed(w, vt.width) for w in table.words]
            xt = _storage_xtype(et, interp.index_bitwidth)
            self.globals[table.symbol] = ShapedArray(TypedPtr[Any].new(data, xtype=xt), table.shape)
        return (self.globals[op.name_.root_reference.data],)

    @impl(memref.LoadOp)
    def run_load(self, interp, op: memref.LoadOp, args):
        mem, *indices = args
        return (checked_view(op, op.memref.type, mem, indices, self.src.loc(op)).load(indices),)

    @impl(memref.StoreOp)
    def run_store(self, interp, op: memref.StoreOp, args):
        value, mem, *indices = args
        checked_view(op, op.memref.type, mem, indices, self.src.loc(op)).store(indices, value)
        return ()

    @impl(CastOp)
    def run_cast(self, interp, op: CastOp, args):
        check_cast(op.name, args[0], op.dest.type, self.src.loc(op))
        return (args[0],)

    @impl(memref.DimOp)
    def run_dim(self, interp, op: memref.DimOp, args):
        shape = run_shape(args[0])
        if not 0 <= args[1] < len(shape):
            raise LoweringError(f"memref.dim: dimension {args[1]} of {op.source.type} does not exist (undefined in "
                                "MLIR)", self.src.loc(op))
        return (shape[args[1]],)

    @impl(llvm.UndefOp)
    def run_undef(self, interp, op: llvm.UndefOp, args):
        """The value dfv gives every `llvm.mlir.undef` (`dfv.lowering.prepare.UNDEF_WORD`), as the lowering does."""
        attr = undef_attr(op, self.src.loc(op))
        if isinstance(attr, FloatAttr):
            return (to_signed(self.src.float_word(attr), FLOAT_WIDTHS[str(attr.type)]),)
        return (attr.value.data,)

    @impl(memref.SubviewOp)
    def run_subview(self, interp, op: memref.SubviewOp, args):
        src = view(args[0])
        offs = list(op.static_offsets.get_values())
        sizes = list(op.static_sizes.get_values())
        sts = list(op.static_strides.get_values())
        off = src.offset + sum(o * s for o, s in zip(offs, src.strides, strict=True))
        full = [s * t for s, t in zip(src.strides, sts, strict=True)]
        rank = len(op.result.type.get_shape())
        drop, kept = len(full) - rank, []
        for size, st in zip(sizes, full, strict=True):
            if drop > 0 and size == 1:
                drop -= 1
                continue
            kept.append(st)
        return (StridedView(src.root, off, tuple(kept), list(op.result.type.get_shape())),)

    @impl(memref.ReinterpretCastOp)
    def run_reinterpret(self, interp, op: memref.ReinterpretCastOp, args):
        src = view(args[0])
        offs = list(op.static_offsets.get_values())
        return (StridedView(src.root, offs[0] if offs else 0, tuple(op.static_strides.get_values()),
                            list(op.result.type.get_shape())),)

    @impl(memref.CollapseShapeOp)
    def run_collapse(self, interp, op: memref.CollapseShapeOp, args):
        src = view(args[0])
        groups = [[a.value.data for a in g.data] for g in op.reassociation.data]
        return (StridedView(src.root, src.offset, tuple(src.strides[g[-1]] for g in groups),
                            list(op.result.type.get_shape())),)

    @impl(memref.ExpandShapeOp)
    def run_expand(self, interp, op: memref.ExpandShapeOp, args):
        src = view(args[0])
        out_shape = list(op.static_output_shape.get_values())
        groups = [[a.value.data for a in g.data] for g in op.reassociation.data]
        strides = [0] * len(out_shape)
        for d, g in enumerate(groups):
            acc = src.strides[d]
            for k in reversed(g):
                strides[k] = acc
                acc *= out_shape[k]
        return (StridedView(src.root, src.offset, tuple(strides), out_shape),)

    @impl(memref.DeallocOp)
    def run_dealloc(self, interp, op, args):
        return ()

    def _u(self, interp, op, args):
        w = _w(interp, op.results[0].type)
        return to_unsigned(args[0], w), to_unsigned(args[1], w), w

    def _divisor(self, op, b: int) -> int:
        """`b`, unless it is zero: MLIR leaves division by zero undefined, so the source program has no
        result to compare with (the hardware gives a defined value and raises error 0x110)."""
        if b == 0:
            raise LoweringError(f"{op.name} divides by zero (undefined in MLIR; the hardware would give a "
                                "defined value and raise error 0x110)", self.src.loc(op))
        return b

    def _s(self, interp, op, args):
        w = _w(interp, op.results[0].type)
        a, b = to_signed(args[0], w), to_signed(args[1], w)
        q = abs(a) // abs(self._divisor(op, b))
        return a, b, (q if (a < 0) == (b < 0) else -q), w

    @impl(arith.DivSIOp)
    def run_divsi(self, interp, op, args):
        _, _, q, w = self._s(interp, op, args)
        return (to_signed(q, w),)

    @impl(arith.RemSIOp)
    def run_remsi(self, interp, op, args):
        a, b, q, w = self._s(interp, op, args)
        return (to_signed(a - q * b, w),)

    @impl(arith.DivUIOp)
    def run_divui(self, interp, op, args):
        a, b, w = self._u(interp, op, args)
        return (to_signed(a // self._divisor(op, b), w),)

    @impl(arith.RemUIOp)
    def run_remui(self, interp, op, args):
        a, b, w = self._u(interp, op, args)
        return (to_signed(a % self._divisor(op, b), w),)

    # Shifts: the amount is read unsigned, and an amount of the width or more (poison in MLIR, which any value
    # refines) gives what the RTL and the golden model give: 0, or the sign fill for shrsi. xDSL's own shli and
    # shrsi take the amount signed and compute the full shift: an assertion on a negative amount, gigabytes
    # for 2**62.
    @impl(arith.ShLIOp)
    def run_shli(self, interp, op, args):
        a, b, w = self._u(interp, op, args)
        return (to_signed(a << b if b < w else 0, w),)

    @impl(arith.ShRUIOp)
    def run_shrui(self, interp, op, args):
        a, b, w = self._u(interp, op, args)
        return (to_signed(a >> b if b < w else 0, w),)

    @impl(arith.ShRSIOp)
    def run_shrsi(self, interp, op, args):
        w = _w(interp, op.results[0].type)
        return (to_signed(to_signed(args[0], w) >> min(to_unsigned(args[1], w), w - 1), w),)

    def _signed_pick(self, interp, op, args, larger: bool):
        """One of the operands, compared as signed `w`-bit values (an i1 true is -1, so it is the
        smaller one; values may arrive as 0/1)."""
        w = _w(interp, op.results[0].type)
        a, b = args
        first = to_signed(a, w) >= to_signed(b, w) if larger else to_signed(a, w) <= to_signed(b, w)
        return (a if first else b,)

    @impl(arith.MaxSIOp)
    def run_maxsi(self, interp, op, args):
        return self._signed_pick(interp, op, args, True)

    @impl(arith.MinSIOp)
    def run_minsi(self, interp, op, args):
        return self._signed_pick(interp, op, args, False)

    @impl(arith.MaxUIOp)
    def run_maxui(self, interp, op, args):
        a, b, w = self._u(interp, op, args)
        return (to_signed(max(a, b), w),)

    @impl(arith.MinUIOp)
    def run_minui(self, interp, op, args):
        a, b, w = self._u(interp, op, args)
        return (to_signed(min(a, b), w),)

    def _cast(self, interp, op, args, signed: bool):
        iw, ow = _w(interp, op.operands[0].type), _w(interp, op.results[0].type)
        v = to_signed(args[0], iw) if signed else to_unsigned(args[0], iw)
        return (to_signed(v, ow),)

    @impl(arith.ExtSIOp)
    def run_extsi(self, interp, op, args):
        return self._cast(interp, op, args, True)

    @impl(arith.ExtUIOp)
    def run_extui(self, interp, op, args):
        return self._cast(interp, op, args, False)

    @impl(arith.TruncIOp)
    def run_trunci(self, interp, op, args):
        return self._cast(interp, op, args, True)

    @impl(IndexCastUIOp)
    def run_index_castui(self, interp, op, args):
        return self._cast(interp, op, args, False)

    # math's integer operations, which xDSL parses but does not run: computed on the operand's bit string
    # (most significant bit first), a formulation independent of the catalogue's (dfv.golden.catalogue:
    # bit_length, the lowest set bit, abs of the signed value), so a source run checks those semantics
    def _bits(self, interp, op, args) -> tuple[str, int]:
        w = _w(interp, op.results[0].type)
        return format(to_unsigned(args[0], w), f"0{w}b"), w

    @impl(math.CountLeadingZerosOp)
    def run_ctlz(self, interp, op, args):
        bits, w = self._bits(interp, op, args)
        return (to_signed(len(bits) - len(bits.lstrip("0")), w),)

    @impl(math.CountTrailingZerosOp)
    def run_cttz(self, interp, op, args):
        bits, w = self._bits(interp, op, args)
        return (to_signed(len(bits) - len(bits.rstrip("0")), w),)

    @impl(math.CtPopOp)
    def run_ctpop(self, interp, op, args):
        bits, w = self._bits(interp, op, args)
        return (to_signed(bits.count("1"), w),)

    @impl(math.AbsIOp)
    def run_absi(self, interp, op, args):
        """A negative word (sign bit set) negated as two's complement: its bits inverted, plus one."""
        bits, w = self._bits(interp, op, args)
        if bits[0] == "0":
            return (to_signed(int(bits, 2), w),)
        inverted = bits.translate(str.maketrans("01", "10"))
        return (to_signed(int(inverted, 2) + 1, w),)

    @impl(arith.BitcastOp)
    def run_bitcast(self, interp, op, args):
        """The same word (an integer and a float are both held as the signed value of their word)."""
        return (to_signed(args[0], _w(interp, op.results[0].type)),)


class DeclaredFunctions(InterpreterFunctions):
    """A compute operation run by its declared semantics (`dfv.golden.compute`): the operands as unsigned
    words of their widths, the result back as a signed value of its width (a float as its word); a
    sticky error is the program's undefined behaviour, a LoweringError at the operation."""

    def __init__(self, src: SourceModule):
        self.src = src

    def run(self, interp: Interpreter, op: IRDLOperation, args):
        c = COMPUTE[op.name]
        ports = (*c.inputs, c.output)
        types = [value_type(v.type, interp.index_bitwidth) for v in (*op.operands, *op.results)]
        params = {p.width: t.name if p.is_float else t.width
                  for p, t in zip(ports, types, strict=True) if isinstance(p.width, str)}
        params |= predicate_param(op) or {}
        words = (to_unsigned(a, t.width) for a, t in zip(args, types, strict=False))
        result, error = c.semantics(params, *words)
        if error:
            raise LoweringError(f"{op.name} raises {ErrorCode(error).name} (0x{error:x}) on these operands: undefined "
                                "in MLIR", self.src.loc(op))
        return (signed(result, types[-1].width),)


def _declared(op_class: type[IRDLOperation]) -> type[DeclaredFunctions]:
    """The functions running `op_class` by its declaration."""
    def run(self, interp, op, args):
        return DeclaredFunctions.run(self, interp, op, args)

    return register_impls(type(f"Declared{op_class.__name__}", (DeclaredFunctions,),
                               {"run_op": impl(op_class)(run)}))


def _register_own(interp: Interpreter, src: SourceModule | None, budget: TripBudget) -> None:
    """xDSL's implementations, then this module's and the loops' over them (`src` locates errors)."""
    register_implementations(interp, _ctx())
    interp.register_implementations(ExtraFunctions(src), override=True)
    interp.register_implementations(LoopFunctions(src, budget), override=True)
    interp.register_implementations(AffineEval(src, budget), override=True)
    interp.register_implementations(BranchFunctions(src, budget), override=True)


@cache
def declared_classes() -> tuple[tuple[type[DeclaredFunctions], bool], ...]:
    """(functions, whether they override xDSL's) for each compute operation the source context parses
    that nothing `run_source` registers runs, and for every float operation, whose xDSL implementation
    computes in doubles (not bit-exact in the formats, NaN payloads and signs of its own)."""
    probe = Interpreter(ModuleOp([]))
    _register_own(probe, None, TripBudget(DEFAULT_MAX_TRIPS))
    out = []
    for name, c in COMPUTE.items():
        op_class = _ctx().get_optional_op(name)
        is_float = c.is_float
        if op_class is None or c.syntax in (Syntax.CMPI, Syntax.SELECT):
            continue
        functions = _declared(op_class)
        if not is_float:
            try:
                probe.register_implementations(functions(None))
            except ValueError:  # xDSL's or ours: it runs already
                continue
        out.append((functions, is_float))
    return tuple(out)


def value_type(t, index_width: int) -> ScalarType:
    """The value type of a plain value of IR type `t`: an integer, an index, a float, or a spec-003 channel
    whose token is its data alone (no downstream extras; upstream ones are wires, not part of the token)."""
    if isinstance(t, ChannelType) and all(e.upstream for e in t.extras):
        return value_type(t.data_type, index_width)
    if isinstance(t, IndexType):
        return index_type(index_width)
    if isinstance(t, IntegerType):
        return int_type(t.width.data)
    if str(t) in FLOAT_WIDTHS:
        return scalar_type(str(t))
    raise LoweringError(f"unsupported type {t}")


def _input_value(ty: ScalarType, value) -> int:
    """How the interpreter holds an inputs-file value of type `ty`: the signed value of its word (i1 as 0/1)."""
    return signed(data_word(ty, value), ty.width)


def run_source(src: SourceModule, fn: func.FuncOp, args: list, index_width: int,
               max_trips: int = DEFAULT_MAX_TRIPS, shapes: dict[int, tuple[int, ...]] | None = None
               ) -> tuple[list[int], dict]:
    """Run `fn` on `args` (JSON values; a memref as a flat row-major list, its shape from `shapes` or, where that
    does not give it, from its type and length) with `index_width`-bit index and at most `max_trips` loop trips;
    return (results, {position: final memref contents}). Undefined behaviour of the program on these
    inputs and a loop that does not finish within the budget are LoweringErrors at their location."""
    interp = Interpreter(src.module, index_bitwidth=index_width)
    _register_own(interp, src, TripBudget(max_trips))
    for functions, override in declared_classes():
        interp.register_implementations(functions(src), override=override)
    py_args, arrays = [], {}
    for i, (arg, val) in enumerate(zip(fn.body.blocks[0].args, args, strict=True)):
        t = arg.type
        if isinstance(t, MemRefType):
            et = t.get_element_type()
            vt = value_type(et, index_width)
            xt = _storage_xtype(et, index_width)
            shape = (shapes or {}).get(i) or _shape_of(t, val, src)
            data = [_input_value(vt, v) for v in val]
            arr = ShapedArray(TypedPtr[Any].new(data, xtype=xt), list(shape))
            arrays[i] = (arr, vt)
            py_args.append(arr)
        else:
            py_args.append(_input_value(value_type(t, index_width), val))
    try:
        outs = interp.call_op(fn.sym_name.data, tuple(py_args))
    except LoweringError:
        raise
    except BudgetExceeded as exc:
        raise LoweringError(str(exc), exc.loc) from None
    except Exception as exc:  # what the checks above do not name (xDSL's own interpretation errors)
        msg = " ".join(str(exc).split()) or type(exc).__name__
        raise LoweringError(f"the source program cannot be run on these inputs: {msg}", src.loc(fn)) from None
    types = fn.function_type.outputs.data
    results = [data_value(value_type(t, index_width), v) for v, t in zip(outs, types, strict=True)]
    mems = {i: [data_value(vt, v) for v in arr.data] for i, (arr, vt) in arrays.items()}
    return results, mems


def _shape_of(t: MemRefType, flat: list, src: SourceModule) -> tuple[int, ...]:
    """The shape a flat list gives memref type `t` (its static sizes, or the leading dynamic one)."""
    try:
        return flatten(t, flat, "memref argument")[1]
    except ValueError as exc:
        raise LoweringError(str(exc), src.filename) from None


def _ctx():
    return context()
