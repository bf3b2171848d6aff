"""The operation catalogue: one declaration per operation the kit knows.

An `OpSpec` says, for one operation name (`dataflow.carry`, `handshake.fork`, `arith.addi`, ...):
- its golden machine factory (keyword parameters: `width`, `n`, `depth`, `op`, ...);
- its RTL module, the module's control-only variant used when the token carries no data (`width` 0),
  or no module at all (`WIRING`: the generated top realises it with assignments);
- how the golden parameters become the module's parameter overrides (`rtl_params`), with the
  encodings of `dfv.golden.encodings`;
- whether the module has the sticky error ports `err_valid` / `err_code`;
- what storage a firing has in hardware (`Storage`), which the bounded golden run mirrors.

The golden registry, the golden interpreter and its bounded run, the top generator, the lowering and
the testbenches all read this table; `tests/golden/test_catalogue.py` checks it against `dfv/rtl/` and
docs/primitives.md. Nothing else lists operations.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import partial

from dfv.golden import dataflow, handshake, memory
from dfv.golden.core import Machine
from dfv.golden.encodings import BinopCode, CastKind, CmpiPredicate


class Storage(Enum):
    """What one firing of an operation stores in hardware (docs/lowering.md, "Golden run")."""

    COMBINATIONAL = "combinational"  # holds what it took until its outputs are absorbed (latency 0)
    REGISTERED = "registered"  # stores what it takes: buffer and FIFO slots, the stream's element, a sink
    MEMORY = "memory"  # a memory interface: its own request and response registers


Params = dict
RtlParams = Callable[[Params], dict[str, str]]


@dataclass(frozen=True)
class OpSpec:
    """One operation: golden factory, RTL module(s) and parameters, error ports, storage."""

    name: str
    factory: Callable[..., Machine]
    module: str | None  # None: wiring in the generated top (no instance)
    rtl_params: RtlParams
    ctrl_module: str | None = None  # the module for control-only tokens (`width` 0)
    errors: bool = False
    storage: Storage = Storage.COMBINATIONAL

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


def _twin(name: str, factory: Callable[..., Machine], storage: Storage = Storage.COMBINATIONAL) -> OpSpec:
    """A data-agnostic handshake primitive: `handshake_X`, and `handshake_X_ctrl` for control tokens."""
    module = "handshake_" + name.split(".", 1)[1]
    return OpSpec(name, factory, module, _steering, ctrl_module=module + "_ctrl", storage=storage)


_SPECS: tuple[OpSpec, ...] = (
    OpSpec("dataflow.stream", dataflow.Stream, "dataflow_stream", _stream, errors=True, storage=Storage.REGISTERED),
    OpSpec("dataflow.gate", dataflow.Gate, "dataflow_gate", _w),
    OpSpec("dataflow.carry", dataflow.Carry, "dataflow_carry", _w),
    OpSpec("dataflow.invariant", dataflow.Invariant, "dataflow_invariant", _w),
    _twin("handshake.fork", handshake.Fork),
    _twin("handshake.cond_br", handshake.CondBr),
    _twin("handshake.mux", handshake.Mux),
    _twin("handshake.merge", handshake.Merge),
    _twin("handshake.control_merge", handshake.ControlMerge),
    _twin("handshake.sink", handshake.Sink, Storage.REGISTERED),
    _twin("handshake.buffer", handshake.Buffer, Storage.REGISTERED),
    _twin("handshake.fifo", handshake.Fifo, Storage.REGISTERED),
    OpSpec("handshake.join", handshake.Join, "handshake_join", _join),
    OpSpec("handshake.source", handshake.Source, "handshake_source", _none),
    OpSpec("handshake.constant", handshake.Constant, "handshake_constant", _constant),
    OpSpec("handshake.load", handshake.Load, "handshake_load", _access),
    OpSpec("handshake.store", handshake.Store, "handshake_store", _access),
    OpSpec("handshake.memory", memory.Memory, "handshake_memory", _memory, errors=True, storage=Storage.MEMORY),
    OpSpec("handshake.extmemory", memory.ExtMemory, "handshake_extmemory", _extmemory, errors=True,
           storage=Storage.MEMORY),
    # spec 003's compose / decompose (the bits do not move) and a bundle of unbundled fields (a
    # concatenation of slices) are wiring in the generated top
    OpSpec("handshake.compose", handshake.Wire, None, _none),
    OpSpec("handshake.decompose", handshake.Wire, None, _none),
    OpSpec("handshake.repack", handshake.Repack, None, _none),
    OpSpec("arith.cmpi", handshake.Cmpi, "arith_cmpi", _cmpi),
    OpSpec("arith.select", handshake.Select, "arith_select", _w),
    *(OpSpec(f"arith.{op.spelling}", partial(handshake.BinOp, op=op.spelling), "arith_binop", partial(_binop, op),
             errors=True) for op in BinopCode),
    *(OpSpec(f"arith.{k.spelling}", partial(handshake.Cast, kind=k.spelling), "arith_cast", partial(_cast, k))
      for k in CastKind),
)

#: every operation, by name
OPS: dict[str, OpSpec] = {s.name: s for s in _SPECS}
assert len(OPS) == len(_SPECS), "an operation is declared twice"

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
