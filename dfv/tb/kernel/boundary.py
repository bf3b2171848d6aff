"""The boundary of a program as the kernel environment drives it: the start token, one channel per scalar
argument, one per result, and done (the harness's agents, and the ports a foreign circuit maps them to)."""

from __future__ import annotations

from dataclasses import dataclass

from dfv.lowering.dfg import DFG


@dataclass(frozen=True)
class BoundaryChannel:
    """One channel of the function's boundary as the harness sees it."""

    name: str  # start, arg<i>, res<i>, done
    width: int  # 0: control
    is_input: bool


def boundary(g: DFG) -> list[BoundaryChannel]:
    chans = [BoundaryChannel("start", 0, True)]
    chans += [BoundaryChannel(f"arg{a.position}", a.type.width, True) for a in g.args if a.scalar]
    chans += [BoundaryChannel(f"res{r.position}", r.type.width, False)
              for r in sorted(g.results, key=lambda r: r.position)]
    chans.append(BoundaryChannel("done", 0, False))
    return chans
