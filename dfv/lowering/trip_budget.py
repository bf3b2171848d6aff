"""The source interpreter's trip budget: a bound on the loop iterations of one source run, so that an
`scf.while` whose condition never becomes false is reported, naming the loop, instead of hanging.

A trip is one `scf.for` body run, one `scf.while` after-region run, or one branch back to the header of
a `cf` loop (`dfv.lowering.source_branches`); all loops of a run share the budget (`dfv run
--max-trips`, default `DEFAULT_MAX_TRIPS`). Free of xDSL imports, so `dfv` can show the default in its
help without loading the parser.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from dfv.golden.interpreter import DEFAULT_MAX_TRIPS  # one budget for the source and the golden run


class BudgetExceeded(Exception):
    """A loop needs more trips than the budget has left; `loc` is the loop's MLIR location."""

    def __init__(self, message: str, loc: str):
        super().__init__(message)
        self.loc = loc


@dataclass
class ActiveLoop:
    """One running activation of a loop and the trips it has made so far."""

    name: str
    loc: str
    trips: int = 0


class TripBudget:
    """Counts the trips of one source run against `limit`."""

    def __init__(self, limit: int = DEFAULT_MAX_TRIPS):
        self.limit, self.left = limit, limit
        self.active: list[ActiveLoop] = []

    @contextmanager
    def loop(self, name: str, loc: str, trips: int | None = None) -> Iterator[ActiveLoop]:
        """Run one loop activation; a loop whose trip count is known up front (`scf.for`) is refused
        before its first trip when it needs more than is left."""
        if trips is not None and trips > self.left:
            raise BudgetExceeded(f"{name} would run {trips} trips, more than the {self.left} left of the source "
                                 f"interpreter's budget of {self.limit} loop trips (raise it with --max-trips)", loc)
        active = self.enter(name, loc)
        try:
            yield active
        finally:
            self.leave(active)

    def enter(self, name: str, loc: str) -> ActiveLoop:
        """Start an activation of a loop that is not a region of one operation (a `cf` loop, entered and
        left by branches); `leave` ends it."""
        active = ActiveLoop(name, loc)
        self.active.append(active)
        return active

    def leave(self, active: ActiveLoop) -> None:
        self.active.remove(active)

    def take(self, active: ActiveLoop) -> None:
        """Count one trip of `active`. When the budget runs out, the running loop with the most trips
        in its current activation is the one that runs away (an inner loop restarts its count)."""
        if self.left == 0:
            worst = max(self.active, key=lambda a: a.trips)
            raise BudgetExceeded(f"{worst.name} does not finish: the source interpreter's budget of {self.limit} "
                                 f"loop trips ran out after {worst.trips} trips of this loop (raise it with "
                                 "--max-trips if the loop is meant to run that long)", worst.loc)
        active.trips += 1
        self.left -= 1
