"""CIRCT's `handshake.pack` and `handshake.unpack` of tuples (and `sync`, which is a pack then an unpack).

`Pack(widths)`: inputs `in0` .. `in<n-1>` (`widths[i]` bits each, 0 for a control token), output `out`:
one token from every input makes one token, their bits side by side, the first in the low bits (a join
that keeps the data: RTL `handshake_join` for the handshake, the data wired in the generated top).
`Unpack(widths)`: input `in`, outputs `out0` .. `out<n-1>`: each token's fields, one to each output (an
eager fork that hands each output its slice: RTL `handshake_fork_ctrl`, the slices wired in the top).
A pack of control tokens only is a join and an unpack of a control token a fork (`dfv.lowering.bindings`),
so a pack's output and an unpack's input carry data.
"""

from __future__ import annotations

from collections.abc import Sequence

from dfv.golden.core import PortDecl, Queues, Stateless
from dfv.golden.handshake.common import check_count, check_data_or_ctrl_width, check_token


def _widths(widths: Sequence[int]) -> tuple[int, ...]:
    out = tuple(check_data_or_ctrl_width(w) for w in widths)
    check_count(len(out), "number of fields")
    if not sum(out):
        raise ValueError("a tuple of control tokens only carries no data: that is a join / fork")
    return out


class Pack(Stateless):
    """`Pack(widths=(32, 1))`: `in0` .. `in<n-1>` -> `out` (`sum(widths)` bits)."""

    def __init__(self, widths: Sequence[int] = (32, 1)):
        self.widths = _widths(widths)
        self.width = sum(self.widths)
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        return (*(PortDecl(f"in{i}", w, True) for i, w in enumerate(self.widths)), PortDecl("out", self.width, False))

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if not all(inq[p] for p in self.INPUTS):
            return False
        word, lo = 0, 0
        for p, w in zip(self.INPUTS, self.widths, strict=True):
            token = check_token(inq[p].popleft(), w, p)
            if w:
                word |= token << lo
                lo += w
        outq["out"].append(word)
        return True


class Unpack(Stateless):
    """`Unpack(widths=(32, 1))`: `in` (`sum(widths)` bits) -> `out0` .. `out<n-1>`."""

    def __init__(self, widths: Sequence[int] = (32, 1)):
        self.widths = _widths(widths)
        self.width = sum(self.widths)
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        return (PortDecl("in", self.width, True), *(PortDecl(f"out{i}", w, False) for i, w in enumerate(self.widths)))

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if not inq["in"]:
            return False
        word, lo = check_token(inq["in"].popleft(), self.width, "in"), 0
        for p, w in zip(self.OUTPUTS, self.widths, strict=True):
            outq[p].append(word >> lo & ((1 << w) - 1) if w else None)
            lo += w
        return True
