"""Golden models of `handshake.memory` (internal storage) and `handshake.extmemory` (external storage).

Ports (spec 004, stores packed first): inputs `st_data[i]`, `st_addr[i]` (i < n_store), `ld_addr[i]`
(i < n_load); outputs `ld_data[i]`, `st_done[i]` (control, None), `ld_done[i]` (control, None).

Service order (the same rule in the RTL): a firing serves exactly one access, the first ready one in
this order: store ports by increasing index (a store is ready when both its `st_data[i]` and `st_addr[i]`
are queued), then load ports by increasing index. A store writes, then emits one `st_done[i]`; a load
emits `ld_data[i]` (the contents after every earlier-served store) and one `ld_done[i]`. Every access
yields exactly one done token, on its own port, in the order that port's requests were queued.

Relation to the RTL: `handshake_memory` serves every port once per cycle, in the order above (stores by
index, then loads by index: a load sees the stores of its own cycle, a later store port wins a
same-cycle write to one address). `handshake_extmemory` serves one access per cycle, chosen by the same
priority. Feeding this model, cycle by cycle, with the requests the RTL accepted in that cycle and firing
until dry reproduces the RTL exactly, load data included. Under the ctrl-done
ordering network of spec 004 conflicting accesses are never outstanding together, and then whole-stream
runs (`run_streams`) give the same results.

`Memory`: `depth` words (1..`MAX_DEPTH`); address >= depth raises the sticky RT_MEMORY_ADDR_RANGE; such a load
returns 0 and such a store is dropped; both still yield their done token. `contents` is the memory image (a list
of `depth` words, zero unless given); like the RTL's `mem_q` it is not cleared by `reset()`.

`ExtMemory`: the storage is outside the RTL module (request/response protocol, docs/primitives.md); the
model keeps it as a sparse dict (`contents`, default 0) and, like the RTL module, raises no error code.
`max_outstanding` (RTL MAXOUT) has no effect on token streams. `size` is the number of words outside
(a memref argument's elements; None: the whole 2**addr_width space): an access at an address >= size
reaches no word (the kernel environment's memory agent fails such a request), so the model records it in
`outside` as `(we, addr)`, reads 0 and drops the store, and the golden run reports it
(`dfv.golden.interpreter`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from dfv.golden.core import PortDecl, Queues, Stateless, check_width, check_word
from dfv.golden.errors import ErrorCode
from dfv.golden.handshake.common import check_count

MAX_DEPTH = 1 << 20
"""Most elements a memory of a program may have (1,048,576): the bound of every memref the kit takes (argument or
allocation, static or sized at run time) and of a `handshake.memory`. The golden model, the source interpreter and
the simulators each hold every element, so a larger one would cost gigabytes before anything runs; the lowering
refuses it at the memref's location."""


class _MemoryBase(Stateless):
    def __init__(self, width: int, addr_width: int, n_load: int, n_store: int):
        self.width = check_width(width)
        self.addr_width = check_width(addr_width)
        self.n_load = check_count(n_load, "n_load", 0)
        self.n_store = check_count(n_store, "n_store", 0)
        if self.n_load + self.n_store == 0:
            raise ValueError("a memory needs at least one load or store port")
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        w, aw, ld, st = self.width, self.addr_width, self.n_load, self.n_store
        return (PortDecl("st_data", w, True, lanes=st), PortDecl("st_addr", aw, True, lanes=st),
                PortDecl("ld_addr", aw, True, lanes=ld), PortDecl("ld_data", w, False, lanes=ld),
                PortDecl("st_done", 0, False, lanes=st), PortDecl("ld_done", 0, False, lanes=ld))

    # storage hooks
    def _read(self, addr: int) -> int:
        raise NotImplementedError

    def _write(self, addr: int, data: int) -> None:
        raise NotImplementedError

    def fire(self, inq: Queues, outq: Queues) -> bool:
        for i in range(self.n_store):
            dq, aq = inq[f"st_data[{i}]"], inq[f"st_addr[{i}]"]
            if dq and aq:
                data = check_word(dq.popleft(), self.width, f"st_data[{i}]")
                addr = check_word(aq.popleft(), self.addr_width, f"st_addr[{i}]")
                self._write(addr, data)
                outq[f"st_done[{i}]"].append(None)
                return True
        for i in range(self.n_load):
            aq = inq[f"ld_addr[{i}]"]
            if aq:
                addr = check_word(aq.popleft(), self.addr_width, f"ld_addr[{i}]")
                outq[f"ld_data[{i}]"].append(self._read(addr))
                outq[f"ld_done[{i}]"].append(None)
                return True
        return False


class Memory(_MemoryBase):
    """`Memory(width=32, addr_width=32, depth=16, n_load=1, n_store=1, contents=None)`."""

    def __init__(
        self,
        width: int = 32,
        addr_width: int = 32,
        depth: int = 16,
        n_load: int = 1,
        n_store: int = 1,
        contents: Iterable[int] | None = None,
    ):
        self.depth = check_count(depth, "depth")
        if self.depth > MAX_DEPTH:
            raise ValueError(f"depth {self.depth} is more than MAX_DEPTH = {MAX_DEPTH}")
        image = [0] * self.depth
        if contents is not None:
            contents = list(contents)
            if len(contents) > self.depth:
                raise ValueError(f"{len(contents)} initial words do not fit depth {self.depth}")
            for i, v in enumerate(contents):
                image[i] = check_word(v, check_width(width), f"contents[{i}]")
        self.contents = image
        super().__init__(width, addr_width, n_load, n_store)

    def _read(self, addr: int) -> int:
        if addr >= self.depth:
            self.raise_error(ErrorCode.RT_MEMORY_ADDR_RANGE)
            return 0
        return self.contents[addr]

    def _write(self, addr: int, data: int) -> None:
        if addr >= self.depth:
            self.raise_error(ErrorCode.RT_MEMORY_ADDR_RANGE)
            return
        self.contents[addr] = data


#: loads an `extmemory` of a lowered or read program keeps in flight (RTL `MAXOUT`): its round trip is the
#: memory latency plus a request and a response register, so 8 keeps one load per cycle up to latency 6
EXTMEMORY_MAX_OUTSTANDING = 8


class ExtMemory(_MemoryBase):
    """`ExtMemory(width=32, addr_width=32, n_load=1, n_store=1, contents=None, max_outstanding=4, size=None)`;
    `contents` is a dict addr -> word or a list (word i at address i)."""

    #: done tokens each `st_done[i]` output holds (the RTL's two-deep done queue, `st_done_q` and `sd2_q`: a
    #: store is taken while its port's previous token still waits, so the priority reads no output ready)
    ST_DONE_SLOTS = 2

    def __init__(
        self,
        width: int = 32,
        addr_width: int = 32,
        n_load: int = 1,
        n_store: int = 1,
        contents: Mapping[int, int] | Iterable[int] | None = None,
        max_outstanding: int = 4,
        size: int | None = None,
    ):
        self.max_outstanding = check_count(max_outstanding, "max_outstanding")
        self.size = None if size is None else check_count(size, "size", 0)
        self.outside: list[tuple[int, int]] = []
        w, aw = check_width(width), check_width(addr_width)
        if contents is None:
            items = {}
        elif isinstance(contents, Mapping):
            items = dict(contents)
        else:
            items = dict(enumerate(contents))
        self.contents = {
            check_word(a, aw, "contents address"): check_word(v, w, f"contents[{a}]") for a, v in items.items()
        }
        super().__init__(width, addr_width, n_load, n_store)

    def _reaches(self, we: int, addr: int) -> bool:
        """Whether `addr` is a word of the memory outside; if not, the access is recorded in `outside`."""
        if self.size is not None and addr >= self.size:
            self.outside.append((we, addr))
            return False
        return True

    def _read(self, addr: int) -> int:
        return self.contents.get(addr, 0) if self._reaches(0, addr) else 0

    def _write(self, addr: int, data: int) -> None:
        if self._reaches(1, addr):
            self.contents[addr] = data
