"""Branching and merging primitives: `cond_br`, `mux`, `merge`, `control_merge`.

`merge` and `control_merge` are not Kahn-deterministic in general: which input goes first depends on
arrival time. These models take the lowest-index non-empty input queue, which is what the RTL does
with the tokens present in one cycle; they equal the RTL exactly when fed per cycle, or whenever the
inputs are mutually exclusive in time (the way the lowering uses them). Otherwise compare per input:
each input's token sequence must appear, in order, among the outputs.
"""

from __future__ import annotations

from dfv.golden.core import PortDecl, Queues, Stateless, check_word
from dfv.golden.handshake.common import (
    check_count,
    check_data_or_ctrl_width,
    check_token,
    select_width,
)


class CondBr(Stateless):
    """`handshake.cond_br`: `CondBr(width=32)`; inputs `cond` (1 bit), `data`; outputs `out_true`,
    `out_false`. Consumes one `cond` and one `data` per firing and routes the data token by cond.
    `width=0`: control-only data (`handshake_cond_br_ctrl`)."""

    def __init__(self, width: int | None = 32):
        self.width = check_data_or_ctrl_width(width)
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        return (PortDecl("cond", 1, True), PortDecl("data", self.width, True),
                PortDecl("out_true", self.width, False), PortDecl("out_false", self.width, False))

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if not (inq["cond"] and inq["data"]):
            return False
        cond = check_word(inq["cond"].popleft(), 1, "cond")
        token = check_token(inq["data"].popleft(), self.width, "data")
        outq["out_true" if cond else "out_false"].append(token)
        return True


class Mux(Stateless):
    """`handshake.mux`: `Mux(n=2, width=32, sel_width=None)`; inputs `sel` (`sel_width` bits, by default
    the fewest that hold n - 1; wider for a select that is an `index`, as CIRCT writes it), `in[0]` ..
    `in[n-1]`; output `out`. Consumes `sel` and one token of `in[sel]`; a `sel >= n` is never consumed
    (stall).
    For scf.if lowering: in[0] = false (else) value, in[1] = true (then) value."""

    def __init__(self, n: int = 2, width: int | None = 32, sel_width: int | None = None):
        self.n = check_count(n)
        self.width = check_data_or_ctrl_width(width)
        self.sel_width = select_width(self.n, sel_width)
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        return (PortDecl("sel", self.sel_width, True), PortDecl("in", self.width, True, lanes=self.n),
                PortDecl("out", self.width, False))

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if not inq["sel"]:
            return False
        sel = check_word(inq["sel"][0], self.sel_width, "sel")
        if sel >= self.n:
            return False
        port = f"in[{sel}]"
        if not inq[port]:
            return False
        inq["sel"].popleft()
        outq["out"].append(check_token(inq[port].popleft(), self.width, port))
        return True


class Merge(Stateless):
    """`handshake.merge`: `Merge(n=2, width=32)`; inputs `in[i]`, output `out`; each firing passes one
    token from the lowest-index non-empty input."""

    def __init__(self, n: int = 2, width: int | None = 32):
        self.n = check_count(n)
        self.width = check_data_or_ctrl_width(width)
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        return PortDecl("in", self.width, True, lanes=self.n), PortDecl("out", self.width, False)

    def _take(self, inq: Queues):
        for i, p in enumerate(self.INPUTS):
            if inq[p]:
                return i, check_token(inq[p].popleft(), self.width, p)
        return None

    def fire(self, inq: Queues, outq: Queues) -> bool:
        got = self._take(inq)
        if got is None:
            return False
        outq["out"].append(got[1])
        return True


class ControlMerge(Merge):
    """`handshake.control_merge`: `ControlMerge(n=2, width=0, sel_width=None)`; like Merge, plus the chosen
    input's index on `index` (`sel_width` bits, by default the fewest that hold n - 1)."""

    def __init__(self, n: int = 2, width: int | None = 0, sel_width: int | None = None):
        self.sel_width = select_width(check_count(n), sel_width)
        super().__init__(n, width)

    def ports(self) -> tuple[PortDecl, ...]:
        return *super().ports(), PortDecl("index", self.sel_width, False)

    def fire(self, inq: Queues, outq: Queues) -> bool:
        got = self._take(inq)
        if got is None:
            return False
        outq["out"].append(got[1])
        outq["index"].append(got[0])
        return True
