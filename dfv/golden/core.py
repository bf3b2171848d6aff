"""The token-machine abstraction shared by every golden model and by the DFG interpreter.

Each operation is a `Machine`: its ports (`PortDecl`, the one statement of the channels its RTL module
has), internal state, and a `fire` method that performs at most one firing on FIFO queues of tokens. A
firing pops the tokens it consumes and appends the tokens it produces. Operations are deterministic (Kahn
processes): the sequence on each output depends only on the sequences on the inputs, not on timing, which
is why an RTL run under any idle/back-pressure pattern can be checked against `run_streams` on the tokens
the RTL actually consumed.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from dfv.golden.errors import merge_error

Queues = Mapping[str, deque]


@dataclass(frozen=True)
class PortDecl:
    """One port of an operation, as its RTL module has it: the golden model's port names follow from it, and
    so do the channels a testbench drives and monitors (`dfv.tb.common.channel_spec.channel_specs`).

    A port is one channel named `name` (`name_data/_valid/_ready` in the RTL), or, with `lanes` set, a packed
    port of that many channels, named `name[0]` .. `name[lanes-1]` in the golden model (also for one lane;
    none for 0) and `name_data[i*W +: W]`, `name_valid[i]`, `name_ready[i]` in the RTL. Each `sideband` is
    a plain module signal `(name, bits)` that travels with every token of the port's channel, above its data;
    in the golden model it is a port of its own, after the ports of the channels (`dataflow.stream`'s
    `cont_cond` in token mode, driven with each `start` token).
    """

    name: str
    width: int
    """Data bits of each channel; 0: control-only tokens (`None`)."""
    is_input: bool
    """The direction, from the operation's point of view."""
    lanes: int | None = None
    """None: a single channel; n: a packed port of n channels."""
    sideband: tuple[tuple[str, int], ...] = ()
    """(signal, bits) carried with each token, low to high above the data."""

    @property
    def channels(self) -> tuple[str, ...]:
        """The golden names of the port's channels: `name`, or `name[0]` .. `name[lanes-1]`."""
        if self.lanes is None:
            return (self.name,)
        return tuple(f"{self.name}[{i}]" for i in range(self.lanes))


def port_names(ports: Iterable[PortDecl], is_input: bool) -> tuple[str, ...]:
    """The golden port names of the `is_input` side of `ports`: every channel in order, then every sideband."""
    chosen = [p for p in ports if p.is_input == is_input]
    return (*(c for p in chosen for c in p.channels), *(sig for p in chosen for sig, _bits in p.sideband))


class Machine:
    """One operation as a state machine on token queues.

    An operation declares its ports once, in `ports()` (from its constructor parameters); `INPUTS` /
    `OUTPUTS`, the golden port names every run reads, follow from it when the machine is built. Subclasses
    implement `ports`, `fire`, `reset` and `is_initial`, and call `raise_error` for sticky error codes.
    A machine that only stands in for or wraps others (the interpreter's adapters, a kernel's DFG) declares
    no ports and sets `INPUTS` / `OUTPUTS` itself.
    """

    INPUTS: tuple[str, ...] = ()
    OUTPUTS: tuple[str, ...] = ()

    def __init__(self) -> None:
        declared = self.ports()
        if declared is not None:
            self.INPUTS, self.OUTPUTS = port_names(declared, True), port_names(declared, False)
        self.error = 0
        self.reset()

    def ports(self) -> tuple[PortDecl, ...] | None:
        """The operation's ports, inputs first, in the order of its RTL channels (None: not declared)."""
        return None

    def reset(self) -> None:
        """Return to the state the RTL has after `rst` (the error register is cleared too)."""
        self.error = 0

    def is_initial(self) -> bool:
        """True when the machine is in its reset state (ignoring the sticky error register)."""
        raise NotImplementedError

    def fire(self, inq: Queues, outq: Queues) -> bool:
        """Perform one firing if the queued inputs allow it; return whether it fired."""
        raise NotImplementedError

    def raise_error(self, code: int) -> None:
        """Record a sticky error; the lowest code wins, as in the RTL."""
        self.error = merge_error(self.error, code)

    def state_name(self) -> str:
        """A short name of the current state, for messages and coverage."""
        return "INIT" if self.is_initial() else "BUSY"


class Stateless(Machine):
    """A machine that keeps nothing between firings, so it is always in its initial state."""

    def is_initial(self) -> bool:
        return True


@dataclass
class RunResult:
    """What `run_streams` leaves behind: outputs, unconsumed inputs and the final machine state."""

    outputs: dict[str, list]
    leftover: dict[str, list]
    initial: bool
    error: int
    firings: int
    states: list[str] = field(default_factory=list)


def make_queues(ports: Iterable[str], streams: Mapping[str, Iterable] | None = None) -> dict[str, deque]:
    """One deque per port, filled from `streams` where given."""
    streams = streams or {}
    return {p: deque(streams.get(p, ())) for p in ports}


def fire_until_dry(machine: Machine, inq: Queues, outq: Queues, cap: int,
                   after_firing: Callable[[], None] | None = None) -> int:
    """Fire `machine` on its queues until no firing is possible or it has fired `cap` times; how many times it
    fired. `after_firing` runs after each firing (`run_streams` records the state there). A caller that needs
    only a count up to a limit (a testbench's runaway bound, `dfv.tb.common.op_env`) stops at `cap` quietly;
    `run_streams` takes reaching it as a runaway."""
    firings = 0
    while firings < cap and machine.fire(inq, outq):
        firings += 1
        if after_firing is not None:
            after_firing()
    return firings


def run_streams(machine: Machine, inputs: Mapping[str, Iterable], max_firings: int = 1_000_000) -> RunResult:
    """Fire `machine` on whole input streams until no firing is possible.

    Unknown input names are an error (a typo would otherwise silently starve a port).
    `states` records the state name before each firing, for transition coverage.
    """
    unknown = set(inputs) - set(machine.INPUTS)
    if unknown:
        raise ValueError(f"{type(machine).__name__} has no input port(s) {sorted(unknown)}")
    inq = make_queues(machine.INPUTS, inputs)
    outq = make_queues(machine.OUTPUTS)
    states = [machine.state_name()]
    firings = fire_until_dry(machine, inq, outq, max_firings, lambda: states.append(machine.state_name()))
    if firings >= max_firings:
        raise RuntimeError(f"{type(machine).__name__} fired {max_firings} times without running dry")
    return RunResult(
        outputs={p: list(q) for p, q in outq.items()},
        leftover={p: list(q) for p, q in inq.items() if q},
        initial=machine.is_initial(),
        error=machine.error,
        firings=firings,
        states=states,
    )


def check_width(width: int) -> int:
    """A data width parameter, checked to be a positive integer (it is structural: ValueError)."""
    if isinstance(width, bool) or not isinstance(width, int) or width < 1:
        raise ValueError(f"width must be a positive integer, got {width!r}")
    return width


def check_word(value: int, width: int, port: str) -> int:
    """A token checked to be a raw unsigned `width`-bit word (bool counts as 0/1), as a plain int.

    Tokens are the bits on an RTL channel, so anything else (negative, too wide, not an integer)
    is a test-construction mistake rather than something the hardware could see.
    """
    if not isinstance(value, int) or not 0 <= value < (1 << width):
        raise ValueError(f"token {value!r} on port '{port}' is not an unsigned {width}-bit word")
    return int(value)
