"""Memory access ports of spec 004: `handshake.load` and `handshake.store`.

load(addr, data_from_mem, ctrl) -> (data, addr_to_mem): two independent paths, an address path that joins
`addr` with `ctrl`, and a data path that passes `data_from_mem` to `data`.
store(addr, data, ctrl) -> (data_to_mem, addr_to_mem): joins all three and emits both outputs together.

A load whose address carries extra signals (spec 003; the specs README: "load and store forward the address
operand's extras to the data they return") sends the plain address to the memory and keeps the extras in
a FIFO of `extras_depth` entries; each returned data word leaves with the extras of the oldest address
still in flight (the memory answers one port in request order). The FIFO bounds the port's addresses in
flight: the address path waits while it is full, as the RTL's does.
"""

from __future__ import annotations

from collections import deque

from dfv.golden.core import Machine, PortDecl, Queues, Stateless, check_width, check_word
from dfv.golden.handshake.common import check_token

#: extras FIFO entries of a load whose address carries extra signals (RTL `XDEPTH`): one address in flight
#: while the memory holds the previous one's data, so the port keeps one access per cycle
LOAD_EXTRAS_DEPTH = 2


class Load(Machine):
    """`Load(width=32, addr_width=32, addr_extras=0, extras_depth=0)`. A firing moves addr+ctrl to
    `addr_to_mem` if both are queued (and, with `addr_extras` bits of extras above the address, the extras
    FIFO has room), otherwise one `data_from_mem` token to `data` (with the oldest extras above it)."""

    def __init__(self, width: int = 32, addr_width: int = 32, addr_extras: int = 0, extras_depth: int = 0):
        self.width = check_width(width)
        self.addr_width = check_width(addr_width)
        if addr_extras < 0 or (addr_extras and extras_depth < 1):
            raise ValueError(f"load: addr_extras={addr_extras} needs extras_depth >= 1, got {extras_depth}")
        self.addr_extras, self.extras_depth = addr_extras, extras_depth
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        w, aw, ew = self.width, self.addr_width, self.addr_extras
        return (PortDecl("addr", aw + ew, True), PortDecl("data_from_mem", w, True), PortDecl("ctrl", 0, True),
                PortDecl("data", w + ew, False), PortDecl("addr_to_mem", aw, False))

    def reset(self) -> None:
        super().reset()
        self.in_flight: deque[int] = deque()  # the extras of the addresses sent, oldest first

    def is_initial(self) -> bool:
        return not self.in_flight

    def state_name(self) -> str:
        return f"IN_FLIGHT_{len(self.in_flight)}" if self.in_flight else "INIT"

    def fire(self, inq: Queues, outq: Queues) -> bool:
        room = not self.addr_extras or len(self.in_flight) < self.extras_depth
        if inq["addr"] and inq["ctrl"] and room:
            a = check_word(inq["addr"].popleft(), self.addr_width + self.addr_extras, "addr")
            check_token(inq["ctrl"].popleft(), 0, "ctrl")
            if self.addr_extras:
                self.in_flight.append(a >> self.addr_width)
            outq["addr_to_mem"].append(a & ((1 << self.addr_width) - 1))
            return True
        if inq["data_from_mem"] and (self.in_flight or not self.addr_extras):
            d = check_word(inq["data_from_mem"].popleft(), self.width, "data_from_mem")
            outq["data"].append(d | self.in_flight.popleft() << self.width if self.addr_extras else d)
            return True
        return False


class Store(Stateless):
    """`Store(width=32, addr_width=32)`. A firing joins addr, data and ctrl and emits `data_to_mem` and
    `addr_to_mem`."""

    def __init__(self, width: int = 32, addr_width: int = 32):
        self.width = check_width(width)
        self.addr_width = check_width(addr_width)
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        w, aw = self.width, self.addr_width
        return (PortDecl("addr", aw, True), PortDecl("data", w, True), PortDecl("ctrl", 0, True),
                PortDecl("data_to_mem", w, False), PortDecl("addr_to_mem", aw, False))

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if not all(inq[p] for p in self.INPUTS):
            return False
        a = check_word(inq["addr"].popleft(), self.addr_width, "addr")
        d = check_word(inq["data"].popleft(), self.width, "data")
        check_token(inq["ctrl"].popleft(), 0, "ctrl")
        outq["data_to_mem"].append(d)
        outq["addr_to_mem"].append(a)
        return True
