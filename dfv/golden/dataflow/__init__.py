"""Golden models of the four dataflow operations (`stream`, `gate`, `carry`, `invariant`).

Each is a fixed state machine (spec 001) on token queues; `dfv.golden.catalogue` maps the operation name to
its class (keyword parameters, e.g. `width`, `step_op`, `cont_cond`).
"""

from __future__ import annotations

from dfv.golden.dataflow.carry import Carry, carry_streams
from dfv.golden.dataflow.gate import Gate, gate_streams
from dfv.golden.dataflow.invariant import Invariant, invariant_streams
from dfv.golden.dataflow.stream import Stream, stream_streams

__all__ = [
    "Carry",
    "Gate",
    "Invariant",
    "Stream",
    "carry_streams",
    "gate_streams",
    "invariant_streams",
    "stream_streams",
]
