"""The flow-control check of a unit that holds operations in flight (a pipelined or iterative float unit):
read at the end of a test from the harness's `dfv_cap_chk` (dfv/tb/hdl), which watched every cycle.

The rule (the header of every unit in dfv/rtl/fp/, "Throughput" and "Flow control"): with an operation
offered on every input,
the unit takes it exactly when it has room, when it holds fewer operations than its `slots` or its result
leaves in that cycle. The scoreboard cannot see a unit that breaks it by refusing (bubbles that do not
collapse behind a stalled result cost throughput, not values), hence this check."""

from __future__ import annotations

from dfv.tb.common.signals import read_int

PREFIX = "capacity:"  # how every message of this check starts


def arm(check) -> None:
    """Start the check's findings again from none: a test begins (the check is not reset, since a test's
    findings outlive the resets within it)."""
    check.count_q.value = 0


def capacity_errors(check, slots: int) -> list[str]:
    """One error naming the first cycle that broke the rule and how many did, or none."""
    count = read_int(check.count_q)
    if count == 0:
        return []
    held, took = read_int(check.first_held_q), read_int(check.first_took_q)
    leaving = " with its result leaving" if read_int(check.first_leaving_q) else ", its result not leaving"
    what = "took an operation without room" if took else "refused an operation it had room for"
    return [f"{PREFIX} cycle {read_int(check.first_cycle_q)}: holding {held} of {slots} operations{leaving}, "
            f"the unit {what} ({count} such cycle(s))"]
