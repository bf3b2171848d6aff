"""Memory access ports of spec 004: `handshake.load` and `handshake.store`.

load(addr, data_from_mem, ctrl) -> (data, addr_to_mem): two independent paths, an address path that joins
`addr` with `ctrl`, and a data path that passes `data_from_mem` to `data`.
store(addr, data, ctrl) -> (data_to_mem, addr_to_mem): joins all three and emits both outputs together.
"""

from __future__ import annotations

from golden.core import Queues, Stateless, check_width, check_word
from golden.handshake.common import check_token


class Load(Stateless):
    """`Load(width=32, addr_width=32)`. A firing moves addr+ctrl to `addr_to_mem` if both are queued,
    otherwise one `data_from_mem` token to `data`."""

    INPUTS = ("addr", "data_from_mem", "ctrl")
    OUTPUTS = ("data", "addr_to_mem")

    def __init__(self, width: int = 32, addr_width: int = 32):
        self.width = check_width(width)
        self.addr_width = check_width(addr_width)
        super().__init__()

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if inq["addr"] and inq["ctrl"]:
            a = check_word(inq["addr"].popleft(), self.addr_width, "addr")
            check_token(inq["ctrl"].popleft(), 0, "ctrl")
            outq["addr_to_mem"].append(a)
            return True
        if inq["data_from_mem"]:
            outq["data"].append(check_word(inq["data_from_mem"].popleft(), self.width, "data_from_mem"))
            return True
        return False


class Store(Stateless):
    """`Store(width=32, addr_width=32)`. A firing joins addr, data and ctrl and emits `data_to_mem` and
    `addr_to_mem`."""

    INPUTS = ("addr", "data", "ctrl")
    OUTPUTS = ("data_to_mem", "addr_to_mem")

    def __init__(self, width: int = 32, addr_width: int = 32):
        self.width = check_width(width)
        self.addr_width = check_width(addr_width)
        super().__init__()

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if not all(inq[p] for p in self.INPUTS):
            return False
        a = check_word(inq["addr"].popleft(), self.addr_width, "addr")
        d = check_word(inq["data"].popleft(), self.width, "data")
        check_token(inq["ctrl"].popleft(), 0, "ctrl")
        outq["data_to_mem"].append(d)
        outq["addr_to_mem"].append(a)
        return True
