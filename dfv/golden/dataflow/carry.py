"""`dataflow.carry`: a loop-carried value aligned to the loop's control stream (specs 000 and 001).

Per iteration burst the output is the initial value from `a`, then one value from `b` for every
true on `d`; the false on `d` that ends the burst returns the machine to its initial state, so
`len(o) == len(d)` burst by burst. This is the recurrence `x = a; while d: x = b`, where `b` is
typically computed in the loop body from the previous `o`.
"""

from __future__ import annotations

from collections.abc import Iterable

from dfv.golden.core import Machine, PortDecl, Queues, check_width, check_word, run_streams

INIT, COND, LOOP = "INIT", "COND", "LOOP"


class Carry(Machine):
    """`%o = dataflow.carry %d, %a, %b`.

    * INIT (initial): consume `a`, emit it on `o`, go to COND.
    * COND: consume `d`; 1 goes to LOOP, 0 back to INIT.
    * LOOP: consume `b`, emit it on `o`, go to COND.

    The RTL may take COND and LOOP in one cycle; the token streams are the same.
    """

    def __init__(self, width: int = 32):
        self.width = check_width(width)
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        return (PortDecl("d", 1, True), PortDecl("a", self.width, True), PortDecl("b", self.width, True),
                PortDecl("o", self.width, False))

    def reset(self) -> None:
        super().reset()
        self.state = INIT

    def is_initial(self) -> bool:
        return self.state == INIT

    def state_name(self) -> str:
        return self.state

    def fire(self, inq: Queues, outq: Queues) -> bool:
        port = {INIT: "a", COND: "d", LOOP: "b"}[self.state]
        queue = inq[port]
        if not queue:
            return False
        token = check_word(queue[0], 1 if port == "d" else self.width, port)
        queue.popleft()
        if self.state == COND:
            self.state = LOOP if token else INIT
        else:
            outq["o"].append(token)
            self.state = COND
        return True


def carry_streams(d: Iterable[int], a: Iterable[int], b: Iterable[int], width: int = 32) -> list[int]:
    """Run whole streams through a fresh `Carry`; return the `o` stream."""
    return run_streams(Carry(width), {"d": d, "a": a, "b": b}).outputs["o"]
