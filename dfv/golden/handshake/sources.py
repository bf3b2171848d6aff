"""Token sources and sinks: `sink`, `source`, `constant`."""

from __future__ import annotations

from dfv.golden.core import PortDecl, Queues, Stateless, check_width
from dfv.golden.handshake.common import check_data_or_ctrl_width, check_token


class Sink(Stateless):
    """`handshake.sink`: `Sink(width=32)`; input `in`; discards every token (`width=0`: control)."""

    def __init__(self, width: int | None = 32):
        self.width = check_data_or_ctrl_width(width)
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        return (PortDecl("in", self.width, True),)

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if not inq["in"]:
            return False
        check_token(inq["in"].popleft(), self.width, "in")
        return True


class Source(Stateless):
    """`handshake.source`: `Source()`; output `out` (control). Fires unconditionally, so never run it with
    `run_streams` (it never runs dry): call `fire` a bounded number of times."""

    def __init__(self, width: int | None = 0):
        if width not in (None, 0):
            raise ValueError("handshake.source produces control-only tokens (width 0)")
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        return (PortDecl("out", 0, False),)

    def fire(self, inq: Queues, outq: Queues) -> bool:
        outq["out"].append(None)
        return True


class Constant(Stateless):
    """`handshake.constant`: `Constant(value, width=32)`; input `ctrl` (control), output `out`.

    `value` may be given signed (-2**(w-1) .. 2**w - 1); it is emitted as the unsigned w-bit word, which
    is also the RTL parameter `VALUE`."""

    def __init__(self, value: int = 0, width: int = 32):
        self.width = check_width(width)
        if isinstance(value, bool):
            value = int(value)
        if not isinstance(value, int) or not -(1 << (self.width - 1)) <= value < (1 << self.width):
            raise ValueError(f"constant {value!r} does not fit i{self.width}")
        self.value = value & ((1 << self.width) - 1)
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        return PortDecl("ctrl", 0, True), PortDecl("out", self.width, False)

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if not inq["ctrl"]:
            return False
        check_token(inq["ctrl"].popleft(), 0, "ctrl")
        outq["out"].append(self.value)
        return True
