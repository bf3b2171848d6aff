"""`handshake.buffer` (2-entry skid buffer) and `handshake.fifo` (DEPTH entries): both are the identity
on token streams (order preserved, nothing lost or added); only timing differs, which the golden model
does not describe."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from dfv.golden.core import PortDecl, Queues, Stateless, check_word
from dfv.golden.handshake.common import check_count, check_data_or_ctrl_width, check_token


class Buffer(Stateless):
    """`Buffer(width=32, slots=2)`: input `in`, output `out` (`width=0`: `handshake_buffer_ctrl`)."""

    def __init__(self, width: int | None = 32, slots: int = 2):
        self.width = check_data_or_ctrl_width(width)
        self.slots = check_count(slots, "slots")
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        return PortDecl("in", self.width, True), PortDecl("out", self.width, False)

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if not inq["in"]:
            return False
        outq["out"].append(check_token(inq["in"].popleft(), self.width, "in"))
        return True


class Fifo(Buffer):
    """`Fifo(width=32, depth=2, init=())`: input `in`, output `out` (`width=0`: `handshake_fifo_ctrl`).

    `init` are tokens the FIFO holds after reset (CIRCT's `buffer {initValues}`, RTL `NINIT`/`INIT`): they
    go out first, in order, then the input stream; a control FIFO's are control tokens, each given as 0.
    The machine is in its initial state once it has given them out (the RTL's at_init: it holds none of
    them)."""

    def __init__(self, width: int | None = 32, depth: int = 2, init: Sequence[int] = ()):
        self.depth = check_count(depth, "depth")
        super().__init__(width, slots=self.depth)
        if len(init) > self.depth:
            raise ValueError(f"{len(init)} initial tokens do not fit depth {self.depth}")
        if self.width == 0:
            if any(v != 0 for v in init):
                raise ValueError(f"a control FIFO's initial tokens carry no value (each given as 0), got {init}")
            self.init: tuple = (None,) * len(init)
        else:
            self.init = tuple(check_word(v, self.width, "init") for v in init)
        self.reset()

    def reset(self) -> None:
        super().reset()
        self.pending = deque(getattr(self, "init", ()))

    def is_initial(self) -> bool:
        return not self.pending

    def state_name(self) -> str:
        return f"INIT{len(self.pending)}" if self.pending else "INIT"

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if self.pending:
            outq["out"].append(self.pending.popleft())
            return True
        return super().fire(inq, outq)


class Tehb(Buffer):
    """`Tehb(width=32)`: input `in`, output `out` (`width=0`: `handshake_tehb_ctrl`). The transparent
    one-slot buffer: the identity on the token stream, holding at most one token (a stalled one), which
    the bounded golden run mirrors as a registered stage of one slot."""

    def __init__(self, width: int | None = 32):
        super().__init__(width, slots=1)
