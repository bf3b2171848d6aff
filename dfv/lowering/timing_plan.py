"""What timing-driven buffering (`dfv.lowering.timing_buffers`) reports: the longest path of a circuit by the
delay model and the plan of the slices placed for a clock target. A contract of its own so the graph
(`dfv.lowering.dfg.DFG.timing`) can hold a plan without importing the pass."""

from __future__ import annotations

import math
from dataclasses import dataclass

Vertex = tuple[str, str]  # (node, module port: `in_valid`, `out_ready`, ...)
Channel = tuple[str, str]  # (consumer node, its input port), the channel into it


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
    the channels it cut."""

    target_mhz: float
    before: PathReport
    floor: PathReport
    after: PathReport
    cut: tuple[Channel, ...]
    on_cycles: int  # how many of the slices are on a cycle (a loop's recurrence)
    # (loop location, recurrence bound before, after) of each loop with a slice among its carries' cycles
    loops: tuple[tuple[str, float | None, float | None], ...]
    # (operation and location, ns) of each operation whose own path the model puts above the period, slowest first
    beyond: tuple[tuple[str, float], ...]

    def describe(self) -> str:
        """One line: the model's clock before and after, the slices, each loop's recurrence bound, the operations
        the model puts above the period on their own."""
        target = "fastest" if math.isinf(self.target_mhz) else f"{self.target_mhz:g} MHz"
        text = (f"{target} target: {len(self.cut)} register slice(s) ({self.on_cycles} on loop "
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
