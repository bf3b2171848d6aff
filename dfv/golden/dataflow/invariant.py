"""`dataflow.invariant`: repeat a loop-invariant value once per control token (specs 000 and 001).

Per iteration burst it consumes one seed from `a`, emits it at once, and emits it again for
every true on `d`; the false on `d` ends the burst and returns the machine to its initial state,
so `len(o) == len(d)` burst by burst. Unlike `carry` there is no loop-carried input: the value
is stored when the burst starts.
"""

from __future__ import annotations

from collections.abc import Iterable

from dfv.golden.core import Machine, PortDecl, Queues, check_width, check_word, run_streams

INIT, COND = "INIT", "COND"


class Invariant(Machine):
    """`%o = dataflow.invariant %d, %a`.

    * INIT (initial): consume `a`, store it, emit it on `o`, go to COND.
    * COND: consume `d`; 1 emits the stored value and stays, 0 emits nothing and goes to INIT.
    """

    def __init__(self, width: int = 32):
        self.width = check_width(width)
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        return PortDecl("d", 1, True), PortDecl("a", self.width, True), PortDecl("o", self.width, False)

    def reset(self) -> None:
        super().reset()
        self.state = INIT
        self.stored = 0

    def is_initial(self) -> bool:
        return self.state == INIT

    def state_name(self) -> str:
        return self.state

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if self.state == INIT:
            if not inq["a"]:
                return False
            self.stored = check_word(inq["a"][0], self.width, "a")
            inq["a"].popleft()
            outq["o"].append(self.stored)
            self.state = COND
            return True
        if not inq["d"]:
            return False
        cond = check_word(inq["d"][0], 1, "d")
        inq["d"].popleft()
        if cond:
            outq["o"].append(self.stored)
        else:
            self.state = INIT
        return True


def invariant_streams(d: Iterable[int], a: Iterable[int], width: int = 32) -> list[int]:
    """Run whole streams through a fresh `Invariant`; return the `o` stream."""
    return run_streams(Invariant(width), {"d": d, "a": a}).outputs["o"]
