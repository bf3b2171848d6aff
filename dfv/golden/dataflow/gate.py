"""`dataflow.gate`: shift a before-region loop stream into body-region shape (specs 000 and 001).

The before region of a loop produces one-step-ahead pairs: N + 1 values with N trues and a final
false. The body runs only N times, and its own continue flag is known one element later, so
the gate drops the last value and the first condition:

    after_value[i] = before_value[i]  (for the N true elements)
    after_cond[i]  = before_cond[i + 1]

A burst `[T] * N + [F]` thus becomes N values and N conditions ending in false, or nothing at
all when N = 0. It is a two-state machine rather than a filter because whether a condition is
emitted depends on whether a body iteration has started (NEED_NEXT) or not (NEED_HEAD).
"""

from __future__ import annotations

from collections.abc import Iterable

from dfv.golden.core import Machine, PortDecl, Queues, check_width, check_word, run_streams


class Gate(Machine):
    """`%after_value, %after_cond = dataflow.gate %before_value, %before_cond`.

    Every firing consumes one `(before_value, before_cond)` pair.

    * NEED_HEAD (initial): cond = 1 emits `after_value` and goes to NEED_NEXT; cond = 0 emits
      nothing (a zero-trip burst).
    * NEED_NEXT: cond = 1 emits `after_value` and `after_cond = 1`; cond = 0 emits only
      `after_cond = 0` and goes back to NEED_HEAD.

    Payloads (plain or packed tagged words) pass through unchanged.
    """

    def __init__(self, width: int = 32):
        self.width = check_width(width)
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        return (PortDecl("before_value", self.width, True), PortDecl("before_cond", 1, True),
                PortDecl("after_value", self.width, False), PortDecl("after_cond", 1, False))

    def reset(self) -> None:
        super().reset()
        self.need_next = False

    def is_initial(self) -> bool:
        return not self.need_next

    def state_name(self) -> str:
        return "NEED_NEXT" if self.need_next else "NEED_HEAD"

    def fire(self, inq: Queues, outq: Queues) -> bool:
        values, conds = inq["before_value"], inq["before_cond"]
        if not (values and conds):
            return False
        value = check_word(values[0], self.width, "before_value")
        cond = check_word(conds[0], 1, "before_cond")
        values.popleft()
        conds.popleft()
        if cond:
            outq["after_value"].append(value)
        if self.need_next:
            outq["after_cond"].append(cond)
        # A true condition starts (or continues) a body iteration; a false one ends the burst.
        self.need_next = bool(cond)
        return True


def gate_streams(
    before_value: Iterable[int], before_cond: Iterable[int], width: int = 32
) -> tuple[list[int], list[int]]:
    """Run whole streams through a fresh `Gate`; return `(after_value, after_cond)`."""
    result = run_streams(Gate(width), {"before_value": before_value, "before_cond": before_cond})
    return result.outputs["after_value"], result.outputs["after_cond"]
