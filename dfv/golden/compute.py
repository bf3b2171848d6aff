"""Compute operations: the stateless `arith` / `math` operations, declared by their ports and a function.

A `Compute` is the part of an operation's catalogue entry (`dfv.golden.catalogue`) that says what a
stateless operation computes: its input and output ports (named like the RTL channels, each with the
golden parameter that gives its data width), the syntax its MLIR form is written in (`Syntax`), and its
semantics, a function of the golden parameters and one unsigned word per input. Everything else about
such an operation is derived from that declaration: its golden machine (`ComputeMachine`, one firing
joins one token of every input), the IR classes handshake programs are read with, the DFG node the
lowering builds, the IR operation the lowered graph holds it as, the source interpreter's implementation
when xDSL has none, the fuzzer's statements, the testbench's channel layout, and its documented rate (one
result per cycle).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum

from dfv.golden.core import PortDecl, Queues, Stateless, check_width, check_word
from dfv.golden.fp.format import FORMATS, FloatFormat, format_named

MAX_WIDTH = 64
"""Widest word a compute operation takes (the golden model's and the RTL's limit)."""

FORMAT_PARAMS = ("format", "in_format", "out_format")
"""The golden parameters that name a float format (`f16`, `bf16`, `f32`, `f64`) instead of giving a width:
a float port's word is that format's IEEE layout."""


class Syntax(Enum):
    """How an operation is written in MLIR, which fixes its IR class, node builder and printer."""

    UNARY = "unary"  # %r = NAME %a : T                  (result of the operand's type)
    BINARY = "binary"  # %r = NAME %a, %b : T            (operands and result of one type)
    CAST = "cast"  # %r = NAME %a : T to U
    TERNARY = "ternary"  # %r = NAME %a, %b, %c : T      (operands and result of one type)
    CMPI = "cmpi"  # %r = NAME PRED, %a, %b : T          (an i1 result; `predicate` parameter)
    CMPF = "cmpf"  # %r = NAME PRED, %a, %b : F          (the same on floats)
    SELECT = "select"  # %r = NAME %c, %a, %b : T


@dataclass(frozen=True)
class Port:
    """One channel of a compute operation: its name (the RTL's `<name>_data/_valid/_ready`) and its data
    width: a golden parameter name (`width`, `in_width`, ... for an integer; one of `FORMAT_PARAMS` for a
    float) or a fixed number of bits."""

    name: str
    width: str | int = "width"
    any_type: bool = False  # takes a word of any value type of its width, integer or float (a bitcast)

    @property
    def is_float(self) -> bool:
        return self.width in FORMAT_PARAMS

    def bits(self, params: Mapping[str, object]) -> int:
        """The data width of this port for golden parameters `params`."""
        if isinstance(self.width, int):
            return self.width
        if self.is_float:
            return float_format_of(params, self.width).width
        return int(params[self.width])  # type: ignore[arg-type]


def float_format_of(params: Mapping[str, object], name: str = "format") -> FloatFormat:
    """The float format golden parameter `name` names (ValueError naming the known ones otherwise)."""
    value = params.get(name)
    try:
        if isinstance(value, str):
            return format_named(value)
    except ValueError:
        pass
    raise ValueError(f"{name} must be a float format ({', '.join(FORMATS)} or e<EW>f<FW>), got {value!r}")


# (golden parameters, one unsigned word per input) -> (the result word, a sticky error code or 0)
Semantics = Callable[..., tuple[int, int]]


@dataclass(frozen=True)
class Compute:
    """What a stateless operation computes (see the module docstring)."""

    inputs: tuple[Port, ...]
    output: Port
    syntax: Syntax
    semantics: Semantics
    check: Callable[[Mapping[str, object]], None] | None = None  # refuses bad non-width parameters

    @property
    def is_float(self) -> bool:
        """Whether a port carries a float (a float unit, tested in dfv.tb.fp)."""
        return any(p.is_float for p in (*self.inputs, self.output))

    @property
    def input_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.inputs)

    def port_params(self) -> tuple[str, ...]:
        """The golden parameters that give a port's data: widths and float formats, in port order."""
        return tuple(dict.fromkeys(p.width for p in (*self.inputs, self.output) if isinstance(p.width, str)))

    def width_params(self) -> tuple[str, ...]:
        """The golden parameters that are integer widths (each checked to be 1..MAX_WIDTH)."""
        return tuple(n for n in self.port_params() if n not in FORMAT_PARAMS)

    def format_params(self) -> tuple[str, ...]:
        """The golden parameters that name float formats."""
        return tuple(n for n in self.port_params() if n in FORMAT_PARAMS)


class ComputeMachine(Stateless):
    """The golden machine of a compute operation: one firing takes one token from every input and puts
    `semantics(params, *words)` on the output, raising the sticky error code it returns (if not 0)."""

    def __init__(self, compute: Compute, **params):
        self.compute, self.params = compute, params
        for name in compute.width_params():
            if check_width(params.get(name)) > MAX_WIDTH:  # type: ignore[arg-type]
                raise ValueError(f"{name} must be 1..{MAX_WIDTH}, got {params[name]}")
        for name in compute.format_params():
            float_format_of(params, name)
        if compute.check is not None:
            compute.check(params)
        super().__init__()
        self._in = tuple((p.name, p.width) for p in self.ports() if p.is_input)

    def ports(self) -> tuple[PortDecl, ...]:
        out = self.compute.output
        return (*(PortDecl(p.name, p.bits(self.params), True) for p in self.compute.inputs),
                PortDecl(out.name, out.bits(self.params), False))

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if not all(inq[p] for p, _ in self._in):
            return False
        words = [check_word(inq[p].popleft(), w, p) for p, w in self._in]
        result, error = self.compute.semantics(self.params, *words)
        if error:
            self.raise_error(error)
        outq[self.OUTPUTS[0]].append(result)
        return True
