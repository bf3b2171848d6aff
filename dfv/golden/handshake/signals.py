"""Golden models of spec 003's signal operations, which are wiring in the RTL (`dfv.lowering.topgen`).

`Wire(width)`: `handshake.compose` / `handshake.decompose`: the bits of a token do not move (data low,
extras above), so each token passes unchanged. `Repack(width, in_width, fields)`: an `unbundle` whose
control token and some of its fields are bundled again into a channel: each output token is the
concatenation, low to high, of the input token's bit fields `(lo, width)`; with width 0 (no fields), a
control token's valid and ready unbundled and bundled back: each control token passes.

Upstream (U) extra signals are wires against the tokens, not part of them: these operations pass them
back unchanged in the generated top, and the golden model (a token model) has nothing to do with them.
"""

from __future__ import annotations

from collections.abc import Sequence

from dfv.golden.core import PortDecl, Queues, Stateless
from dfv.golden.handshake.buffer import Buffer
from dfv.golden.handshake.common import check_data_or_ctrl_width, check_token


class Wire(Buffer):
    """Input `in`, output `out`: every token unchanged (the token semantics of a buffer, without its
    storage: the bounded golden run treats these operations as combinational)."""

    def __init__(self, width: int | None = 32):
        super().__init__(width, slots=1)


class Repack(Stateless):
    """Input `in` (`in_width` bits), output `out` (`width` bits): the fields `(lo, width)` of each token,
    the first in the low bits (`width` 0: control tokens, passed on)."""

    def __init__(self, width: int, in_width: int, fields: Sequence[Sequence[int]]):
        self.width = check_data_or_ctrl_width(width)
        self.in_width = check_data_or_ctrl_width(in_width)
        self.fields = [(int(lo), int(w)) for lo, w in fields]
        if sum(w for _, w in self.fields) != self.width or any(lo + w > self.in_width for lo, w in self.fields):
            raise ValueError(f"fields {self.fields} do not make a {self.width}-bit token of a {self.in_width}-bit one")
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        return PortDecl("in", self.in_width, True), PortDecl("out", self.width, False)

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if not inq["in"]:
            return False
        word = check_token(inq["in"].popleft(), self.in_width, "in")
        out, at = 0, 0
        for lo, w in self.fields:
            out |= (word >> lo & ((1 << w) - 1)) << at
            at += w
        outq["out"].append(out if self.width else None)
        return True
