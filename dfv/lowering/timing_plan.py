"""What timing-driven buffering (`dfv.lowering.timing_buffers`) reports: the longest path of a circuit by the
delay model and the plan of the slices placed for a clock target. A contract of its own so the graph
(`dfv.lowering.dfg.DFG.timing`) can hold a plan without importing the pass."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

Vertex = tuple[str, str]  # (node, module port: `in_valid`, `out_ready`, ...)
Channel = tuple[str, str]  # (consumer node, its input port), the channel into it


class ClockGoal(Enum):
    """A clock target that is not one frequency."""

    # of no slices and the clocks of BEST_LADDER, the one at which the model puts the time of one iteration of the
    # slowest loop (recurrence bound x period) least, when it is BEST_MARGIN times shorter than at the top clock;
    # else the top clock (`dfv.lowering.timing_buffers.best_clock`)
    BEST = "best"


#: the clocks `ClockGoal.BEST` weighs besides no slices: up to the kernel goal of issue 26 (docs/timing.md, stop 60)
BEST_LADDER = (50.0, 75.0, 100.0, 125.0, 150.0)
#: how much shorter the model must put a lower clock's iteration than the top clock's for `ClockGoal.BEST` to take
#: it: measured, every promise of 1.4x or more placed faster per run, those up to 1.25x as often slower (stop 60)
BEST_MARGIN = 1.3


ClockTarget = float | ClockGoal
"""What `dfv lower --target-mhz` asks for: a clock in MHz (infinity: the fastest the operations allow) or a goal."""


@dataclass(frozen=True)
class ClockTry:
    """One candidate clock weighed for `ClockGoal.BEST`: the target (None: no slices), the model's clock of the
    circuit it gives and the recurrence bound of its slowest loop (None: no loop carries anything)."""

    target_mhz: float | None
    model_mhz: float
    bound: float | None

    @property
    def iteration_ns(self) -> float:
        """The model's time of one iteration of the slowest loop (of one pass through a circuit without loops)."""
        return (self.bound or 1.0) * 1000.0 / self.model_mhz

    def describe(self) -> str:
        target = "no slices" if self.target_mhz is None else target_name(self.target_mhz)
        return f"{target} {self.iteration_ns:.1f} ns"


def target_name(mhz: float) -> str:
    """A clock target as the notes write it: `fastest` for infinity, else `N MHz`."""
    return "fastest" if math.isinf(mhz) else f"{mhz:g} MHz"


@dataclass(frozen=True)
class PathReport:
    """The longest path of a timing graph: its delay and its vertices, in order."""

    ns: float
    vertices: tuple[Vertex, ...]

    @property
    def mhz(self) -> float:
        return 1000.0 / self.ns if self.ns > 0 else float("inf")


@dataclass(frozen=True)
class TimingPlan:
    """What timing-driven buffering did: the model's period before, with a slice on every channel, after, and
    the channels it cut; for `ClockGoal.BEST`, the candidates weighed (`tries`; `target_mhz` the one chosen,
    None: no slices)."""

    target_mhz: float | None
    before: PathReport
    floor: PathReport
    after: PathReport
    cut: tuple[Channel, ...]
    on_cycles: int  # how many of the slices are on a cycle (a loop's recurrence)
    # (loop location, recurrence bound before, after) of each loop with a slice among its carries' cycles
    loops: tuple[tuple[str, float | None, float | None], ...]
    # (operation and location, ns) of each operation whose own path the model puts above the period, slowest first
    beyond: tuple[tuple[str, float], ...]
    tries: tuple[ClockTry, ...] = ()

    def describe(self) -> str:
        """One line: the model's clock before and after, the slices, each loop's recurrence bound, the operations
        the model puts above the period on their own."""
        text = ""
        if self.tries:
            text = ("best target, the model's time per iteration of the slowest loop ("
                    f"{', '.join(t.describe() for t in self.tries)}; a lower clock than "
                    f"{target_name(BEST_LADDER[-1])} only if {BEST_MARGIN:g}x shorter): ")
            if self.target_mhz is None:
                return text + f"no register slices; the delay model's clock {self.before.mhz:.1f} MHz"
        target = "no" if self.target_mhz is None else target_name(self.target_mhz)
        text += (f"{target} target: {len(self.cut)} register slice(s) ({self.on_cycles} on loop "
                f"recurrences); the delay model's clock {self.before.mhz:.1f} -> {self.after.mhz:.1f} MHz "
                f"(with a slice on every channel {self.floor.mhz:.1f})")
        changed = [f"{loc} {b:g} -> {a:g}" for loc, b, a in self.loops if b != a and b is not None and a is not None]
        if changed:
            text += f"; recurrence bound (cycles per iteration): {', '.join(changed)}"
        if self.beyond:
            op, ns = self.beyond[0]
            more = f" and {len(self.beyond) - 1} more" if len(self.beyond) > 1 else ""
            text += (f"; by the model {op}{more} alone need(s) more than the period ({ns:.2f} ns, "
                     f"{1000.0 / ns:.1f} MHz), which no slice shortens: every other path is cut to the target")
        return text
