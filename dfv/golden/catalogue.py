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
from dfv.golden.compute import Compute, ComputeMachine, Port, Syntax
from dfv.golden.core import Machine
from dfv.golden.encodings import BinopCode, CastKind, CmpiPredicate
from dfv.golden.errors import ErrorCode
from dfv.golden.handshake.arith import binop, cast, cmpi
from dfv.golden.types import to_signed, to_unsigned


class Storage(Enum):
    """What one firing of an operation stores in hardware (docs/lowering.md, "Golden run")."""

    COMBINATIONAL = "combinational"  # holds what it took until its outputs are absorbed (latency 0)
    REGISTERED = "registered"  # stores what it takes: buffer and FIFO slots, the stream's element, a sink
    MEMORY = "memory"  # a memory interface: its own request and response registers


Params = dict
RtlParams = Callable[[Params], dict[str, str]]
# RTL parameters, the read latency of the memory behind an external-memory port -> channel -> tokens per cycle
Rate = Callable[[Mapping[str, int], int], dict[str, float]]
ACCESSES = "accesses"  # the pseudo-channel of a memory's rate: accesses per cycle of all ports together


def per_cycle(*channels: str) -> Rate:
    """One token per cycle on each of `channels` (the channels that carry one token per firing)."""
    return lambda _params, _latency: dict.fromkeys(channels, 1.0)


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


def _access(p: Params) -> dict[str, str]:
    """`W`, `AW`, and for a load whose address carries extra signals their width `EW` and FIFO `XDEPTH`."""
    params = {"W": str(p["width"]), "AW": str(p["addr_width"])}
    if p.get("addr_extras"):
        params |= {"EW": str(p["addr_extras"]), "XDEPTH": str(p["extras_depth"])}
    return params


def _memory(p: Params) -> dict[str, str]:
    return {"W": str(p["width"]), "AW": str(p["addr_width"]), "DEPTH": str(p["depth"]),
            "NLD": str(p["n_load"]), "NST": str(p["n_store"])}


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
    if p.get("init"):  # the initial tokens, token k at [k*W +: W]
        packed = sum(v << (k * w) for k, v in enumerate(p["init"]))
        params["NINIT"] = str(len(p["init"]))
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


def compute_op(name: str, module: str, compute: Compute, rtl_params: RtlParams | None = None,
               errors: bool = False) -> OpSpec:
    """A stateless operation (`dfv.golden.compute`): golden machine and rate follow from its declaration, and
    its RTL parameters, unless given, are its width parameters by `RTL_WIDTHS` (a module of its own)."""
    if rtl_params is None:
        rtl_params = partial(_widths_only, compute.width_params())
    return OpSpec(name, partial(ComputeMachine, compute), module, rtl_params, errors=errors,
                  rate=per_cycle(compute.output.name), compute=compute)


def _widths_only(names: tuple[str, ...], p: Params) -> dict[str, str]:
    return {RTL_WIDTHS[n]: str(p[n]) for n in names}


def own_module_params(op: OpSpec, rtl: Mapping[str, object]) -> Params:
    """The golden parameters of compute operation `op`, whose module is its own (no parameters but
    widths), from the module's parameters `rtl` (the inverse of its `rtl_params`)."""
    assert op.compute is not None and ops_of_module(op.module) == (op,), f"{op.name} shares its module"
    return {n: int(rtl[RTL_WIDTHS[n]]) for n in op.compute.width_params()}


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


_ARITH: tuple[OpSpec, ...] = (
    compute_op("arith.cmpi", "arith_cmpi",
               Compute(_LHS_RHS, Port("result", 1), Syntax.CMPI, _cmpi_semantics,
                       check=lambda p: CmpiPredicate.of(p["predicate"])), _cmpi),
    compute_op("arith.select", "arith_select",
               Compute((Port("cond", 1), Port("true_value"), Port("false_value")), Port("result"), Syntax.SELECT,
                       _select_semantics)),
    *(compute_op(f"arith.{op.spelling}", "arith_binop",
                 Compute(_LHS_RHS, Port("result"), Syntax.BINARY, partial(_binop_semantics, op)),
                 partial(_binop, op), errors=True)
      for op in BinopCode),
    *(compute_op(f"arith.{k.spelling}", "arith_cast",
                 Compute((Port("in", "in_width"),), Port("out", "out_width"), Syntax.CAST, partial(_cast_semantics, k)),
                 partial(_cast, k))
      for k in CastKind),
)


def _absi_semantics(p: Params, a: int) -> tuple[int, int]:
    """`math.absi`: |a| of the signed `width`-bit word, wrapped to `width` bits (|INT_MIN| = INT_MIN)."""
    return to_unsigned(abs(to_signed(a, p["width"])), p["width"]), 0


_MATH: tuple[OpSpec, ...] = (
    compute_op("math.absi", "math_absi", Compute((Port("in"),), Port("out"), Syntax.UNARY, _absi_semantics)),
)

_SPECS: tuple[OpSpec, ...] = (
    # dataflow operations, over back-to-back bursts / activations: stream one element per cycle on each
    # output; gate one input pair per cycle; carry and invariant one element per cycle on `o`
    OpSpec("dataflow.stream", dataflow.Stream, "dataflow_stream", _stream, errors=True, storage=Storage.REGISTERED,
           rate=per_cycle("idx", "cont")),
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
    OpSpec("handshake.join", handshake.Join, "handshake_join", _join, rate=per_cycle("out")),
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
    *_ARITH,
    *_MATH,
)
assert all((s.rate is None) == s.wiring for s in _SPECS), "a module without a documented rate, or wiring with one"

#: every operation, by name
OPS: dict[str, OpSpec] = {s.name: s for s in _SPECS}
assert len(OPS) == len(_SPECS), "an operation is declared twice"

#: the compute operations (`dfv.golden.compute`), by name
COMPUTE: dict[str, Compute] = {s.name: s.compute for s in _SPECS if s.compute is not None}

#: the operations realised as wiring in the generated top
WIRING = frozenset(s.name for s in _SPECS if s.wiring)


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
