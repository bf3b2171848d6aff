"""`handshake.buffer` (2-entry skid buffer) and `handshake.fifo` (DEPTH entries): both are the identity
on token streams (order preserved, nothing lost or added); only timing differs, which the golden model
does not describe."""

from __future__ import annotations

from golden.core import Queues, Stateless
from golden.handshake.common import check_count, check_data_or_ctrl_width, check_token


class Buffer(Stateless):
    """`Buffer(width=32, slots=2)`: input `in`, output `out` (`width=0`: `handshake_buffer_ctrl`)."""

    INPUTS = ("in",)
    OUTPUTS = ("out",)

    def __init__(self, width: int | None = 32, slots: int = 2):
        self.width = check_data_or_ctrl_width(width)
        self.slots = check_count(slots, "slots")
        super().__init__()

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if not inq["in"]:
            return False
        outq["out"].append(check_token(inq["in"].popleft(), self.width, "in"))
        return True


class Fifo(Buffer):
    """`Fifo(width=32, depth=2)`: input `in`, output `out` (`width=0`: `handshake_fifo_ctrl`)."""

    def __init__(self, width: int | None = 32, depth: int = 2):
        self.depth = check_count(depth, "depth")
        super().__init__(width, slots=self.depth)
