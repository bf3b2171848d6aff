"""Golden models of the four dataflow operations (`stream`, `gate`, `carry`, `invariant`).

Each is a fixed state machine (spec 001) on token queues; `MACHINES` maps the operation name to
its factory (keyword parameters, e.g. `width`, `step_op`, `cont_cond`) for `golden.registry`.
"""

from __future__ import annotations

from golden.dataflow.carry import Carry, carry_streams
from golden.dataflow.gate import Gate, gate_streams
from golden.dataflow.invariant import Invariant, invariant_streams
from golden.dataflow.stream import Stream, stream_streams

MACHINES = {
    "dataflow.stream": Stream,
    "dataflow.gate": Gate,
    "dataflow.carry": Carry,
    "dataflow.invariant": Invariant,
}

__all__ = [
    "MACHINES",
    "Carry",
    "Gate",
    "Invariant",
    "Stream",
    "carry_streams",
    "gate_streams",
    "invariant_streams",
    "stream_streams",
]
