"""The operation catalogue: one declaration per operation the kit knows.

An `OpSpec` says, for one operation name (`dataflow.carry`, `handshake.fork`, `arith.addi`, ...):
- its golden machine factory (keyword parameters: `width`, `n`, `depth`, `op`, ...);
- its RTL module, the module's control-only variant used when the token carries no data (`width` 0),
  or no module at all (`WIRING`: the generated top realises it with assignments);
- how the golden parameters become the module's parameter overrides (`rtl_params`), with the
  encodings of `dfv.golden.encodings`;
- whether the module has the sticky error ports `err_valid` / `err_code`;
- what storage a firing has in hardware (`Storage`), which the bounded golden run mirrors;
- the documented full-rate throughput of its RTL module (`rate`: docs/primitives.md, "Throughput"), which
  the bench tests assert (`dfv.tb.common.rates`).

The golden registry, the golden interpreter and its bounded run, the top generator, the lowering and
the testbenches all read this table; `tests/golden/test_catalogue.py` checks it against `dfv/rtl/` and
docs/primitives.md. Nothing else lists operations.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import partial

from dfv.golden import dataflow, handshake, memory
from dfv.golden.compute import Compute, ComputeMachine, Port, Syntax, float_format_of
from dfv.golden.core import Machine
from dfv.golden.encodings import FMA_ADD_SPLIT_MIN_P, BinopCode, BitcountOp, CastKind, CmpiPredicate, StepOp
from dfv.golden.errors import ErrorCode
from dfv.golden.fp import ops as fp_ops
from dfv.golden.fp.format import format_of_fields
from dfv.golden.handshake.arith import binop, cast, cmpi
from dfv.golden.types import to_signed, to_unsigned


class Storage(Enum):
    """What one firing of an operation stores in hardware (docs/lowering.md, "Golden run")."""

    COMBINATIONAL = "combinational"  # holds what it took until its outputs are absorbed (latency 0)
    REGISTERED = "registered"  # stores what it takes: buffer and FIFO slots, the stream's element, a sink
    TRANSPARENT = "transparent"  # stores what it takes (one slot) but passes a token on in the same cycle
    PIPELINED = "pipelined"  # an arithmetic unit that stores its operations in flight: `OpSpec.slots`
    MEMORY = "memory"  # a memory interface: its own request and response registers


Params = dict


@dataclass(frozen=True)
class UnitTiming:
    """The timing of a unit that stores its operations in flight (its RTL header's LATENCY and INTERVAL):
    `latency` cycles from taking an operation to presenting its result when nothing stalls, `interval`
    cycles between operations at full rate, `slots` operations held at once (None: latency // interval,
    a pipeline's stages), and whether a full unit takes an operation in the cycle its oldest result leaves
    (`passes`: a stall-able pipeline or an iterative unit does; a credit-based one, whose input ready is a
    register, does not: it holds `slots` = its stages + its output FIFO instead)."""

    latency: int
    interval: int = 1
    slots: int | None = None
    passes: bool = True

    def capacity(self) -> int:
        """How many operations the unit holds at once."""
        return self.slots if self.slots is not None else max(1, self.latency // self.interval)


RtlParams = Callable[[Params], dict[str, str]]
# RTL parameters, the read latency of the memory behind an external-memory port -> channel -> tokens per cycle
Rate = Callable[[Mapping[str, int], int], dict[str, float]]
ACCESSES = "accesses"  # the pseudo-channel of a memory's rate: accesses per cycle of all ports together


def per_cycle(*channels: str) -> Rate:
    """One token per cycle on each of `channels` (the channels that carry one token per firing)."""
    return lambda _params, _latency: dict.fromkeys(channels, 1.0)


#: the activation length (iterations) a stream's rate is documented at, the one its bench runs (2**6 fits every
#: regression width, W >= 8, for *=, /=, <<=, >>=): with `*=` and `/=` each element but the final one waits for
#: the iterative product or quotient of its successor, so the rate depends on it
STREAM_RATE_TRIPS = 6


def stream_interval(params: Mapping[str, int]) -> int:
    """Cycles between the elements of a `dataflow_stream` activation at full rate (its RTL parameters): 1, but
    W + 2 with `*=` and `/=`, whose every element but the final one waits for the iterative product or quotient
    of its successor (the RTL header's "Latency")."""
    return int(params["W"]) + 2 if int(params.get("STEP_OP", 0)) in (StepOp.MUL, StepOp.DIV) else 1


def _stream_rate(params: Mapping[str, int], _latency: int) -> dict[str, float]:
    """`dataflow_stream` over back-to-back activations of N = `STREAM_RATE_TRIPS` iterations: the N elements
    with a successor `stream_interval` cycles apart, the final one a cycle after them, and the next activation
    loaded as it retires: N + 1 elements in N * interval + 1 cycles (N + 1 in N + 1 cycles but with `*=` and `/=`)."""
    n = STREAM_RATE_TRIPS
    rate = (n + 1) / (n * stream_interval(params) + 1)
    return {"idx": rate, "cont": rate}


def _fifo_rate(params: Mapping[str, int], _latency: int) -> dict[str, float]:
    """A FIFO of depth 1 takes a token only when empty: one every other cycle; deeper ones, one per cycle."""
    return {"out": 0.5 if int(params.get("DEPTH", 2)) == 1 else 1.0}


def _memory_rate(params: Mapping[str, int], _latency: int) -> dict[str, float]:
    """`handshake_memory`: every port one access per cycle, all in the same cycle (NLD + NST in total)."""
    n_load, n_store = int(params["NLD"]), int(params["NST"])
    rates = {f"st_addr[{i}]": 1.0 for i in range(n_store)} | {f"ld_addr[{j}]": 1.0 for j in range(n_load)}
    return rates | {ACCESSES: float(n_load + n_store)}


def _extmemory_rate(params: Mapping[str, int], latency: int) -> dict[str, float]:
    """`handshake_extmemory`: one access per cycle in total (the single `mem_req`), served by port priority
    (stores, then loads, by index), so each port runs alone at its own rate: a store port one per cycle,
    a load port min(1, MAXOUT / (L + 2)) at read latency L; all ports together then P / sum(1 / rate) (P
    ports, equal counts)."""
    n_load, n_store = int(params["NLD"]), int(params["NST"])
    load = min(1.0, int(params.get("MAXOUT", 4)) / (latency + 2))
    rates = {f"st_addr[{i}]": 1.0 for i in range(n_store)} | {f"ld_addr[{j}]": load for j in range(n_load)}
    return rates | {ACCESSES: (n_load + n_store) / (n_store + n_load / load)}


@dataclass(frozen=True)
class OpSpec:
    """One operation: golden factory, RTL module(s) and parameters, error ports, storage, documented rate."""

    name: str
    factory: Callable[..., Machine]
    module: str | None  # None: wiring in the generated top (no instance)
    rtl_params: RtlParams
    ctrl_module: str | None = None  # the module for control-only tokens (`width` 0)
    errors: bool = False
    storage: Storage = Storage.COMBINATIONAL
    rate: Rate | None = None  # None: wiring, no module to measure
    compute: Compute | None = None  # a stateless operation: ports, syntax and semantics (dfv.golden.compute)
    # a pipelined or iterative unit: the timing of its module for golden parameters; None: latency 0
    timing: Callable[[Params], UnitTiming] | None = None

    @property
    def wiring(self) -> bool:
        return self.module is None

    def machine(self, **params) -> Machine:
        """The golden machine of this operation with `params`."""
        return self.factory(**params)

    def module_for(self, params: Params) -> str:
        """The RTL module of a node with golden parameters `params` (the `_ctrl` variant for width 0)."""
        if self.module is None:
            raise ValueError(f"{self.name} is wiring in the generated top, not a module")
        if self.ctrl_module is not None and params.get("width") == 0:
            return self.ctrl_module
        return self.module

    def latency(self, params: Params) -> int:
        """Cycles from taking an operation to presenting its result when nothing stalls (0: combinational)."""
        return 0 if self.timing is None else self.timing(params).latency

    def interval(self, params: Params) -> int:
        """Cycles between operations taken at full rate (1 unless the unit is iterative)."""
        return 1 if self.timing is None else self.timing(params).interval

    def slots(self, params: Params) -> int:
        """How many operations the unit holds at once (a pipeline's stages, and a credit unit's output FIFO;
        one for an iterative unit)."""
        return 1 if self.timing is None else self.timing(params).capacity()

    def passes(self, params: Params) -> bool:
        """Whether the unit, when full, takes an operation in the cycle its oldest result leaves."""
        return self.timing is None or self.timing(params).passes

    def modules(self) -> tuple[str, ...]:
        """Every RTL module this operation may instantiate."""
        return tuple(m for m in (self.module, self.ctrl_module) if m is not None)


# ------------------------------------------------------------------ golden parameters -> RTL parameters
def _w(p: Params) -> dict[str, str]:
    return {"W": str(p["width"])}


def _none(p: Params) -> dict[str, str]:
    return {}


def _stream(p: Params) -> dict[str, str]:
    return {"W": str(p["width"]), "STEP_OP": str(p.get("step_op", 0))}


def _binop(op: BinopCode, p: Params) -> dict[str, str]:
    return {"W": str(p["width"]), "OP": str(int(op))}


def _cmpi(p: Params) -> dict[str, str]:
    return {"W": str(p["width"]), "PRED": str(int(CmpiPredicate.of(p["predicate"])))}


def _cast(kind: CastKind, p: Params) -> dict[str, str]:
    return {"IW": str(p["in_width"]), "OW": str(p["out_width"]), "KIND": str(int(kind))}


def _constant(p: Params) -> dict[str, str]:
    w = p["width"]
    return {"W": str(w), "VALUE": f"{w}'h{p['value']:x}"}


def _join(p: Params) -> dict[str, str]:
    return {"N": str(p["n"])}


def _fields(p: Params) -> dict[str, str]:
    """A pack's join or an unpack's fork: one channel per field."""
    return {"N": str(len(p["widths"]))}


def _access(p: Params) -> dict[str, str]:
    """`W`, `AW`, and for a load whose address carries extra signals their width `EW` and FIFO `XDEPTH`."""
    params = {"W": str(p["width"]), "AW": str(p["addr_width"])}
    if p.get("addr_extras"):
        params |= {"EW": str(p["addr_extras"]), "XDEPTH": str(p["extras_depth"])}
    return params


def _memory(p: Params) -> dict[str, str]:
    """`handshake_memory`; initial `contents` (a `memref.global`'s table) are `INIT`, a sized hex literal of
    DEPTH words (word i in bits [i*W +: W]), reloaded at reset (`RELOAD`) when the memory has a store port, so every
    run after a reset starts from the table, as the golden model's fresh memory does."""
    params = {"W": str(p["width"]), "AW": str(p["addr_width"]), "DEPTH": str(p["depth"]),
              "NLD": str(p["n_load"]), "NST": str(p["n_store"])}
    if p.get("contents") is not None:
        params["INIT"] = init_literal(p["contents"], p["width"], p["depth"])
        params["RELOAD"] = "1" if p["n_store"] else "0"
    return params


def init_literal(words, width: int, depth: int) -> str:
    """`words` (word i at address i, zeros after them) as the `INIT` of a `handshake_memory` of `depth` words of
    `width` bits: a sized hex literal (`N'h...`), which Icarus, Verilator and Yosys read alike."""
    packed = 0
    for i, w in enumerate(words):
        packed |= (w & ((1 << width) - 1)) << (i * width)
    bits = width * depth
    return f"{bits}'h{packed:0{(bits + 3) // 4}x}"


def _extmemory(p: Params) -> dict[str, str]:
    params = {"W": str(p["width"]), "AW": str(p["addr_width"]), "NLD": str(p["n_load"]), "NST": str(p["n_store"])}
    if "max_outstanding" in p:
        params["MAXOUT"] = str(p["max_outstanding"])
    return params


def _steering(p: Params) -> dict[str, str]:
    """The data-agnostic primitives: `W` unless control-only, `N`, a FIFO's `DEPTH` and initial tokens,
    a mux's or control merge's select width `SW`."""
    w = p.get("width", 0)
    params = {} if w == 0 else {"W": str(w)}
    if "n" in p:
        params["N"] = str(p["n"])
    if "depth" in p:
        params["DEPTH"] = str(p["depth"])
    if p.get("init"):  # the initial tokens, token k at [k*W +: W] (control tokens: only their number)
        params["NINIT"] = str(len(p["init"]))
        if w:
            packed = sum(v << (k * w) for k, v in enumerate(p["init"]))
            params["INIT"] = f"{p['depth'] * w}'h{packed:x}"
    if p.get("sel_width") is not None:
        params["SW"] = str(p["sel_width"])
    return params


def _twin(name: str, factory: Callable[..., Machine], rate: Rate, storage: Storage = Storage.COMBINATIONAL) -> OpSpec:
    """A data-agnostic handshake primitive: `handshake_X`, and `handshake_X_ctrl` for control tokens."""
    module = "handshake_" + name.split(".", 1)[1]
    return OpSpec(name, factory, module, _steering, ctrl_module=module + "_ctrl", storage=storage, rate=rate)


# ------------------------------------------------------------------ compute operations
RTL_WIDTHS = {"width": "W", "in_width": "IW", "out_width": "OW"}
"""The RTL parameter of each golden width parameter, in every module the kit writes."""


RTL_FORMATS = {"format": ("EW", "FW"), "in_format": ("IEW", "IFW"), "out_format": ("OEW", "OFW")}
"""The RTL parameters (exponent and fraction field widths) of each golden float-format parameter."""


def compute_op(name: str, module: str, compute: Compute, rtl_params: RtlParams | None = None,
               errors: bool = False, timing: Callable[[Params], UnitTiming] | None = None) -> OpSpec:
    """A stateless operation (`dfv.golden.compute`): golden machine and rate follow from its declaration, and
    its RTL parameters, unless given, are its port parameters (a module of its own). A unit with `timing`
    (`UnitTiming`) stores its operations in flight and delivers one per `interval` cycles."""
    if rtl_params is None:
        rtl_params = partial(_port_params, compute)
    rate = per_cycle(compute.output.name)
    if timing is not None:
        rate = lambda p, _latency: {compute.output.name: 1.0 / timing(_golden_of(compute, p)).interval}  # noqa: E731
    return OpSpec(name, partial(ComputeMachine, compute), module, rtl_params, errors=errors, rate=rate,
                  compute=compute, timing=timing,
                  storage=Storage.COMBINATIONAL if timing is None else Storage.PIPELINED)


def _port_params(compute: Compute, p: Params) -> dict[str, str]:
    """The RTL parameters of a compute operation's widths (`RTL_WIDTHS`) and float formats (`RTL_FORMATS`)."""
    out = {RTL_WIDTHS[n]: str(p[n]) for n in compute.width_params()}
    for n in compute.format_params():
        fmt = float_format_of(p, n)
        out |= dict(zip(RTL_FORMATS[n], (str(fmt.exp_bits), str(fmt.frac_bits)), strict=True))
    return out


def _golden_of(compute: Compute, rtl: Mapping[str, object]) -> Params:
    """The port parameters (widths, formats) of a compute operation from its module's parameters `rtl`."""
    params: Params = {n: int(rtl[RTL_WIDTHS[n]]) for n in compute.width_params()}
    for n in compute.format_params():
        fields = tuple(int(rtl[k]) for k in RTL_FORMATS[n])
        params[n] = format_of_fields(*fields).name
    return params


def from_rtl(module: str, rtl: Mapping[str, object]) -> tuple[OpSpec, Params]:
    """The compute operation and golden parameters that instantiate `module` with parameters `rtl` (the
    inverse of the catalogue's `rtl_params`, found by trying each operation of the module: its port
    parameters read back from `rtl`, and each predicate for a comparison; an operation whose parameter
    check refuses them is not it, as truncf is not extf)."""
    want = {k: str(v) for k, v in rtl.items()}
    for op in ops_of_module(module):
        assert op.compute is not None, f"{module} is not a compute module"
        base = _golden_of(op.compute, rtl)
        predicates = fp_ops.CMPF_PREDICATES if op.compute.syntax is Syntax.CMPF else (None,)
        for pred in predicates:
            params = base if pred is None else {**base, "predicate": pred}
            try:
                if op.compute.check is not None:
                    op.compute.check(params)
                if op.rtl_params(params) == want:
                    return op, params
            except (KeyError, ValueError):
                continue
    raise ValueError(f"no operation instantiates {module} with parameters {dict(rtl)}")


def module_of_op(op: str, rtl: Mapping[str, int]) -> tuple[str, dict[str, int]]:
    """The RTL module operation `op` instantiates and that module's parameters, from the parameters `rtl` a
    user gives it (widths, formats, a primitive's `N` or `DEPTH`; `W` absent: the control variant): the ones
    the operation fixes are added (arith_binop's `OP` for `arith.addi`). ValueError for wiring, for a given
    parameter the operation contradicts, and for an operation whose module needs more than widths and
    formats (a comparison's predicate): that module is named instead, with its own parameters."""
    s = spec(op)
    if s.module is None:
        raise ValueError(f"{op} is wiring in the generated top, not a module of the kit")
    if s.compute is None:
        return s.module_for({"width": int(rtl.get("W", 0))}), dict(rtl)
    try:
        golden = _golden_of(s.compute, rtl)
    except KeyError as exc:
        raise ValueError(f"{op} (module {s.module}) needs parameter {exc.args[0]}") from None
    try:
        fixed = {k: int(v) for k, v in s.rtl_params(golden).items()}
    except KeyError as exc:
        raise ValueError(f"{op} (module {s.module}) needs its {exc.args[0]}, which no parameter of a width or "
                         f"format names: play the module itself ({s.module}) with all its parameters") from None
    clash = sorted(k for k in fixed.keys() & rtl.keys() if fixed[k] != rtl[k])
    if clash:
        raise ValueError(f"{op} fixes {', '.join(f'{k}={fixed[k]}' for k in clash)} of {s.module}, not "
                         f"{', '.join(f'{k}={rtl[k]}' for k in clash)}")
    return s.module, {**rtl, **fixed}


def own_module_params(op: OpSpec, rtl: Mapping[str, object]) -> Params:
    """The golden parameters of compute operation `op`, whose module is its own (no parameters but
    widths and formats), from the module's parameters `rtl` (the inverse of its `rtl_params`)."""
    assert op.compute is not None and ops_of_module(op.module) == (op,), f"{op.name} shares its module"
    return _golden_of(op.compute, rtl)


_LHS_RHS = (Port("lhs"), Port("rhs"))


def _binop_semantics(op: BinopCode, p: Params, a: int, b: int) -> tuple[int, int]:
    result, div0 = binop(op.spelling, a, b, p["width"])
    return result, ErrorCode.RT_ARITH_DIV_BY_ZERO if div0 else 0


def _cmpi_semantics(p: Params, a: int, b: int) -> tuple[int, int]:
    return cmpi(p["predicate"], a, b, p["width"]), 0


def _select_semantics(_p: Params, c: int, t: int, f: int) -> tuple[int, int]:
    return (t if c else f), 0


def _cast_semantics(kind: CastKind, p: Params, v: int) -> tuple[int, int]:
    return cast(kind.spelling, v, p["in_width"], p["out_width"]), 0


DIVI_CODES = (BinopCode.DIVSI, BinopCode.DIVUI, BinopCode.REMSI, BinopCode.REMUI)
"""The operations of `arith_divi` (its `OP`: their `BinopCode`); `arith_binop` computes the others but muli."""


def credit_unit_timing(latency: int) -> UnitTiming:
    """A credit-based unit (free-running stages, `dfv_credit_ctrl`, an output FIFO): `latency` cycles, one
    operation per cycle, latency + 1 operations held (the credits that sustain that rate), none taken on a
    result's leaving alone (its input ready depends on registers only)."""
    return UnitTiming(latency, 1, latency + 1, passes=False)


def muli_timing(p: Params) -> UnitTiming:
    """arith_muli: the operand stage, the pair stage and ceil(log2(ceil(W / 2))) stages of pairwise sums
    (S stages, free-running), then its output FIFO: LATENCY = S + 1, one operation per cycle, and S + 2
    operations held (the credits that sustain that rate), none taken on a result's leaving alone."""
    stages = 2 + ((p["width"] + 1) // 2 - 1).bit_length()
    return credit_unit_timing(stages + 1)


def divi_timing(p: Params) -> UnitTiming:
    """arith_divi: one quotient bit per cycle (W of them), the accept and the sign fix: LATENCY = INTERVAL =
    W + 2, one operation in flight, the next taken in the cycle its result is."""
    n = p["width"] + 2
    return UnitTiming(n, n)


_ARITH: tuple[OpSpec, ...] = (
    compute_op("arith.cmpi", "arith_cmpi",
               Compute(_LHS_RHS, Port("result", 1), Syntax.CMPI, _cmpi_semantics,
                       check=lambda p: CmpiPredicate.of(p["predicate"])), _cmpi),
    compute_op("arith.select", "arith_select",
               Compute((Port("cond", 1), Port("true_value"), Port("false_value")), Port("result"), Syntax.SELECT,
                       _select_semantics)),
    *(compute_op(f"arith.{op.spelling}", "arith_binop",
                 Compute(_LHS_RHS, Port("result"), Syntax.BINARY, partial(_binop_semantics, op)),
                 partial(_binop, op))
      for op in BinopCode if op not in (BinopCode.MULI, *DIVI_CODES)),
    compute_op("arith.muli", "arith_muli",
               Compute(_LHS_RHS, Port("result"), Syntax.BINARY, partial(_binop_semantics, BinopCode.MULI)),
               timing=muli_timing),
    *(compute_op(f"arith.{op.spelling}", "arith_divi",
                 Compute(_LHS_RHS, Port("result"), Syntax.BINARY, partial(_binop_semantics, op)),
                 partial(_binop, op), errors=True, timing=divi_timing)
      for op in DIVI_CODES),
    *(compute_op(f"arith.{k.spelling}", "arith_cast",
                 Compute((Port("in", "in_width"),), Port("out", "out_width"), Syntax.CAST, partial(_cast_semantics, k)),
                 partial(_cast, k))
      for k in CastKind),
)


def _absi_semantics(p: Params, a: int) -> tuple[int, int]:
    """`math.absi`: |a| of the signed `width`-bit word, wrapped to `width` bits (|INT_MIN| = INT_MIN)."""
    return to_unsigned(abs(to_signed(a, p["width"])), p["width"]), 0


def _bitcount_semantics(op: BitcountOp, p: Params, a: int) -> tuple[int, int]:
    """`math.ctlz` / `math.cttz` / `math.ctpop` of the `width`-bit word: its leading zeros, its trailing
    zeros (both `width` for 0, MLIR's semantics) or its set bits, as a `width`-bit word."""
    if op is BitcountOp.CTPOP:
        return a.bit_count(), 0
    if a == 0:
        return p["width"], 0
    if op is BitcountOp.CTLZ:
        return p["width"] - a.bit_length(), 0
    return (a & -a).bit_length() - 1, 0  # the lowest set bit alone


def _bitcount(op: BitcountOp, p: Params) -> dict[str, str]:
    return {"W": str(p["width"]), "OP": str(int(op))}


def bitcount_timing(op: BitcountOp, p: Params) -> UnitTiming:
    """math_bitcount: a stall-able pipeline of one stage, two for ctpop wider than 32 bits (its RTL header's
    LATENCY), one word per cycle."""
    return UnitTiming(2 if op is BitcountOp.CTPOP and p["width"] > 32 else 1)


_MATH: tuple[OpSpec, ...] = (
    compute_op("math.absi", "math_absi", Compute((Port("in"),), Port("out"), Syntax.UNARY, _absi_semantics)),
    *(compute_op(f"math.{op.spelling}", "math_bitcount",
                 Compute((Port("in"),), Port("out"), Syntax.UNARY, partial(_bitcount_semantics, op)),
                 partial(_bitcount, op), timing=partial(bitcount_timing, op))
      for op in BitcountOp),
)

# ------------------------------------------------------------------ floating point (dfv.golden.fp)
# Every float operation takes and gives IEEE words of its `format` (the specs README, "Floating point") and
# raises no runtime error. Its module's parameters: EW and FW for the format, and the variant it computes.
_FLOAT = "format"
_F_LHS_RHS = (Port("lhs", _FLOAT), Port("rhs", _FLOAT))
FP_EXTREMA = ("maximumf", "minimumf", "maxnumf", "minnumf")
"""`arith_minmaxf`'s `OP` parameter: the position of the operation in this tuple."""


def _fp(op: Callable[..., int]) -> Callable[..., tuple[int, int]]:
    """The `Semantics` of float operation `op` of `dfv.golden.fp`: (format, *words) -> word."""
    return lambda p, *words: (op(float_format_of(p), *words), 0)


def _fp_params(extra: dict[str, int], p: Params) -> dict[str, str]:
    fmt = float_format_of(p)
    return {"EW": str(fmt.exp_bits), "FW": str(fmt.frac_bits), **{k: str(v) for k, v in extra.items()}}


def _fixed(latency: int) -> Callable[[Params], UnitTiming]:
    """A pipelined unit: `latency` cycles in every format, one operation per cycle."""
    return lambda _p: UnitTiming(latency)


def _credited(latency: int) -> Callable[[Params], UnitTiming]:
    """A credit-based float unit whose FIFO's head register is its last stage: `latency` cycles in every
    format (credit_unit_timing)."""
    return lambda _p: credit_unit_timing(latency)


def _cmpf_params(p: Params) -> dict[str, str]:
    return _fp_params({"PRED": list(fp_ops.CMPF_PREDICATES).index(p["predicate"])}, p)


def _cmpf_check(p: Mapping[str, object]) -> None:
    if p.get("predicate") not in fp_ops.CMPF_PREDICATES:
        raise ValueError(f"unknown cmpf predicate {p.get('predicate')!r} (known: {' '.join(fp_ops.CMPF_PREDICATES)})")


def _cmpf_semantics(p: Params, a: int, b: int) -> tuple[int, int]:
    return fp_ops.cmpf(float_format_of(p), p["predicate"], a, b), 0


def _to_float(op: Callable[..., int], p: Params, word: int) -> tuple[int, int]:
    """sitofp / uitofp: an `in_width`-bit integer to `format`."""
    return op(float_format_of(p), word, p["in_width"]), 0


def _to_int(op: Callable[..., int], p: Params, word: int) -> tuple[int, int]:
    """fptosi / fptoui: `format` to an `out_width`-bit integer."""
    return op(float_format_of(p), word, p["out_width"]), 0


def _convertf(p: Params, word: int) -> tuple[int, int]:
    return fp_ops.convertf(float_format_of(p, "in_format"), float_format_of(p, "out_format"), word), 0


def _convert_check(wider: bool, p: Mapping[str, object]) -> None:
    """extf widens and truncf narrows (MLIR's rule, on the bit widths)."""
    src, dst = float_format_of(p, "in_format"), float_format_of(p, "out_format")
    if (dst.width > src.width) != wider:
        raise ValueError(f"{'extf' if wider else 'truncf'} cannot convert {src.name} to {dst.name}: the result "
                         f"must be {'wider' if wider else 'narrower'}")


_F_IN, _F_OUT = Port("in", _FLOAT), Port("out", _FLOAT)
_BITCAST = Compute((Port("in", any_type=True),), Port("out", any_type=True), Syntax.CAST, lambda _p, word: (word, 0))

# each unit's LATENCY (and INTERVAL) localparam, which tests/golden/test_catalogue.py reads back from the RTL
ADDF_LATENCY = 6
MULF_LATENCY = 7
ITOFP_LATENCY = 4
FPTOI_LATENCY = 3
CONVERTF_LATENCY = 4


def _fma_timing(p: Params) -> UnitTiming:
    """math_fma: 10 stages, 11 where its significand has at least FMA_ADD_SPLIT_MIN_P bits (P = FW + 1: f64),
    whose addition takes two (its ADD_SPLIT); one operation per cycle."""
    return UnitTiming(11 if float_format_of(p).frac_bits + 1 >= FMA_ADD_SPLIT_MIN_P else 10)


def _divf_timing(p: Params) -> UnitTiming:
    """arith_divf: one quotient bit per cycle (FW + 3 of them) plus normalise, denormalise, round and the
    result register; one operation in flight, the next taken as the result goes."""
    n = float_format_of(p).frac_bits + 7
    return UnitTiming(n, n)


def _sqrt_timing(p: Params) -> UnitTiming:
    """math_sqrt: one root bit per cycle (FW + 2 of them) plus normalise, denormalise, round and the result
    register; one operation in flight, like the divider."""
    n = float_format_of(p).frac_bits + 6
    return UnitTiming(n, n)

_FP_ARITH: tuple[OpSpec, ...] = (
    *(compute_op(f"arith.{name}", "arith_addf", Compute(_F_LHS_RHS, Port("result", _FLOAT), Syntax.BINARY,
                                                        _fp(getattr(fp_ops, name))),
                 partial(_fp_params, {"SUB": sub}), timing=_credited(ADDF_LATENCY))
      for sub, name in enumerate(("addf", "subf"))),
    compute_op("arith.mulf", "arith_mulf",
               Compute(_F_LHS_RHS, Port("result", _FLOAT), Syntax.BINARY, _fp(fp_ops.mulf)),
               timing=_credited(MULF_LATENCY)),
    compute_op("math.fma", "math_fma",
               Compute((Port("a", _FLOAT), Port("b", _FLOAT), Port("c", _FLOAT)), Port("result", _FLOAT),
                       Syntax.TERNARY, _fp(fp_ops.fma)), timing=_fma_timing),
    compute_op("arith.divf", "arith_divf",
               Compute(_F_LHS_RHS, Port("result", _FLOAT), Syntax.BINARY, _fp(fp_ops.divf)), timing=_divf_timing),
    compute_op("math.sqrt", "math_sqrt", Compute((_F_IN,), _F_OUT, Syntax.UNARY, _fp(fp_ops.sqrt)),
               timing=_sqrt_timing),
    *(compute_op(name, "arith_negf", Compute((_F_IN,), _F_OUT, Syntax.UNARY, _fp(getattr(fp_ops, name.split(".")[1]))),
                 partial(_fp_params, {"ABS": k}))
      for k, name in enumerate(("arith.negf", "math.absf"))),
    compute_op("arith.cmpf", "arith_cmpf",
               Compute(_F_LHS_RHS, Port("result", 1), Syntax.CMPF, _cmpf_semantics, check=_cmpf_check), _cmpf_params),
    *(compute_op(f"arith.{name}", "arith_minmaxf",
                 Compute(_F_LHS_RHS, Port("result", _FLOAT), Syntax.BINARY, _fp(getattr(fp_ops, name))),
                 partial(_fp_params, {"OP": k}))
      for k, name in enumerate(FP_EXTREMA)),
    *(compute_op(f"arith.{name}", "arith_itofp",
                 Compute((Port("in", "in_width"),), _F_OUT, Syntax.CAST, partial(_to_float, getattr(fp_ops, name))),
                 lambda p, signed=signed: {"IW": str(p["in_width"]), **_fp_params({"SIGNED": signed}, p)},
                 timing=_fixed(ITOFP_LATENCY))
      for signed, name in ((1, "sitofp"), (0, "uitofp"))),
    *(compute_op(f"arith.{name}", "arith_fptoi",
                 Compute((_F_IN,), Port("out", "out_width"), Syntax.CAST, partial(_to_int, getattr(fp_ops, name))),
                 lambda p, signed=signed: {**_fp_params({"OW": p["out_width"], "SIGNED": signed}, p)},
                 timing=_fixed(FPTOI_LATENCY))
      for signed, name in ((1, "fptosi"), (0, "fptoui"))),
    *(compute_op(f"arith.{name}", "arith_convertf",
                 Compute((Port("in", "in_format"),), Port("out", "out_format"), Syntax.CAST, _convertf,
                         check=partial(_convert_check, wider)), timing=_fixed(CONVERTF_LATENCY))
      for wider, name in ((True, "extf"), (False, "truncf"))),
)
"""The float operations, each on its RTL unit (dfv/rtl/fp/)."""

_SPECS: tuple[OpSpec, ...] = (
    # dataflow operations, over back-to-back bursts / activations: stream one element per cycle on each
    # output (but with `/=`); gate one input pair per cycle; carry and invariant one element per cycle on `o`
    OpSpec("dataflow.stream", dataflow.Stream, "dataflow_stream", _stream, errors=True, storage=Storage.REGISTERED,
           rate=_stream_rate),
    OpSpec("dataflow.gate", dataflow.Gate, "dataflow_gate", _w, rate=per_cycle("before_value", "before_cond")),
    OpSpec("dataflow.carry", dataflow.Carry, "dataflow_carry", _w, rate=per_cycle("o")),
    OpSpec("dataflow.invariant", dataflow.Invariant, "dataflow_invariant", _w, rate=per_cycle("o")),
    _twin("handshake.fork", handshake.Fork, per_cycle("in")),
    _twin("handshake.cond_br", handshake.CondBr, per_cycle("data")),
    _twin("handshake.mux", handshake.Mux, per_cycle("out")),
    _twin("handshake.merge", handshake.Merge, per_cycle("out")),
    _twin("handshake.control_merge", handshake.ControlMerge, per_cycle("out")),
    _twin("handshake.sink", handshake.Sink, per_cycle("in"), Storage.REGISTERED),
    _twin("handshake.buffer", handshake.Buffer, per_cycle("out"), Storage.REGISTERED),
    _twin("handshake.fifo", handshake.Fifo, _fifo_rate, Storage.REGISTERED),
    _twin("handshake.tehb", handshake.Tehb, per_cycle("out"), Storage.TRANSPARENT),
    OpSpec("handshake.join", handshake.Join, "handshake_join", _join, rate=per_cycle("out")),
    # CIRCT's pack and unpack of tuples: a join that keeps the data and an eager fork that hands each output
    # its slice, on the join and the control fork (the data is wired in the generated top)
    OpSpec("handshake.pack", handshake.Pack, "handshake_join", _fields, rate=per_cycle("out")),
    OpSpec("handshake.unpack", handshake.Unpack, "handshake_fork_ctrl", _fields, rate=per_cycle("in")),
    OpSpec("handshake.source", handshake.Source, "handshake_source", _none, rate=per_cycle("out")),
    OpSpec("handshake.constant", handshake.Constant, "handshake_constant", _constant, rate=per_cycle("out")),
    OpSpec("handshake.load", handshake.Load, "handshake_load", _access, rate=per_cycle("addr_to_mem", "data")),
    OpSpec("handshake.store", handshake.Store, "handshake_store", _access,
           rate=per_cycle("addr_to_mem", "data_to_mem")),
    OpSpec("handshake.memory", memory.Memory, "handshake_memory", _memory, errors=True, storage=Storage.MEMORY,
           rate=_memory_rate),
    OpSpec("handshake.extmemory", memory.ExtMemory, "handshake_extmemory", _extmemory, errors=True,
           storage=Storage.MEMORY, rate=_extmemory_rate),
    # spec 003's compose / decompose (the bits do not move) and a bundle of unbundled fields (a
    # concatenation of slices) are wiring in the generated top
    OpSpec("handshake.compose", handshake.Wire, None, _none),
    OpSpec("handshake.decompose", handshake.Wire, None, _none),
    OpSpec("handshake.repack", handshake.Repack, None, _none),
    # arith.bitcast between an integer and a float of one width (or two integers): the word is unchanged
    OpSpec("arith.bitcast", partial(ComputeMachine, _BITCAST), None, _none, compute=_BITCAST),
    *_ARITH,
    *_MATH,
    *_FP_ARITH,
)
assert all((s.rate is None) == s.wiring for s in _SPECS), "a module without a documented rate, or wiring with one"

#: every operation, by name
OPS: dict[str, OpSpec] = {s.name: s for s in _SPECS}
assert len(OPS) == len(_SPECS), "an operation is declared twice"

#: the compute operations (`dfv.golden.compute`), by name
COMPUTE: dict[str, Compute] = {s.name: s.compute for s in _SPECS if s.compute is not None}

#: the operations realised as wiring in the generated top
WIRING = frozenset(s.name for s in _SPECS if s.wiring)
#: a wiring operation's ports: its one input passes to its one output with no delay and no state (valid and
#: data forward, ready back), as the generated top assigns them and the timing-driven buffering counts them
WIRING_IN, WIRING_OUT = "in", "out"
#: the buffers: the identity on their token stream, holding the machine's `slots` (buffer, FIFO, tehb)
BUFFERS = frozenset(s.name for s in _SPECS if not s.wiring and isinstance(s.factory, type)
                    and issubclass(s.factory, handshake.Buffer))


def spec(op: str) -> OpSpec:
    """The catalogue entry of operation `op` (KeyError naming it otherwise)."""
    try:
        return OPS[op]
    except KeyError:
        raise KeyError(f"no operation '{op}' in the catalogue") from None


def make_machine(op: str, **params) -> Machine:
    """The golden machine of operation `op` with its keyword parameters."""
    return spec(op).machine(**params)


def ops_of_module(module: str) -> tuple[OpSpec, ...]:
    """The operations that instantiate RTL module `module` (as data module or as control variant)."""
    return tuple(s for s in _SPECS if module in s.modules())


def ops_with(storage: Storage) -> frozenset[str]:
    """The operations whose firings have `storage`."""
    return frozenset(s.name for s in _SPECS if s.storage is storage)
