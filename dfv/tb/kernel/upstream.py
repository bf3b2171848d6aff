"""Spec 003's upstream (U) extra signals at the boundary of a generated top (docs/handshake.md).

A result whose channel has upstream extra signals has an input port `res<j>_up`; an argument with some has
an output port `arg<i>_up`. Only wiring carries them (`dfv.lowering.from_handshake`), so each argument gives
out, in every cycle, exactly what the environment drives on the result it is wired to
(`dfv.lowering.topgen.upstream_routes`). `UpstreamCheck` drives every `res<j>_up` with a new seeded random
value after each rising edge and checks every `arg<i>_up` against it mid-cycle (the samplers' ReadOnly
phase), cycle by cycle.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dfv.golden.types import upstream_width
from dfv.lowering.dfg import DFG
from dfv.lowering.topgen import upstream_routes
from dfv.tb.common.bench import TB
from dfv.tb.common.signals import read_int
from dfv.tb.common.traffic import channel_rng


@dataclass
class UpstreamPort:
    """One result's upstream port: its handle, width, generator and the value driven now."""

    handle: object
    width: int
    rng: random.Random
    value: int = 0

    def drive(self) -> None:
        self.value = self.rng.getrandbits(self.width)
        self.handle.value = self.value


@dataclass
class UpstreamCheck:
    """Drives the results' upstream ports and checks the arguments' (see the module docstring)."""

    results: dict[int, UpstreamPort]
    args: dict[int, object]  # argument position -> its `arg<i>_up` handle
    routes: dict[int, int]  # argument position -> the result position it is wired to
    checked: int = 0  # cycles checked
    first: str = ""  # the first mismatch
    mismatch_count: int = 0

    @classmethod
    def attach(cls, tb: TB, g: DFG, seed: int) -> UpstreamCheck:
        """The check of `g`'s top under bench `tb` (drivers and samplers registered, every result's port
        driven once before reset, so no port is ever undriven)."""
        dut = tb.dut
        results = {r.position: UpstreamPort(getattr(dut, f"res{r.position}_up"), w,
                                               channel_rng(seed, f"res{r.position}_up", "upstream"))
                   for r in g.results if (w := upstream_width(r.type))}
        routes = upstream_routes(g)
        check = cls(results, {i: getattr(dut, f"arg{i}_up") for i in routes}, routes)
        if not results and not routes:
            return check  # nothing to drive or check: no per-cycle callback (the bench's loop may stay off)
        check.drive()
        tb.drivers.append(check.drive)
        tb.samplers.append(check.sample)
        return check

    def drive(self) -> None:
        for port in self.results.values():
            port.drive()

    def sample(self) -> None:
        for i, j in self.routes.items():
            got, want = read_int(self.args[i]), self.results[j].value
            if got != want:
                self.mismatch_count += 1
                self.first = self.first or f"arg{i}_up is {got:#x} while res{j}_up, wired to it, is {want:#x}"
        if self.routes:
            self.checked += 1

    def errors(self) -> list[str]:
        """The check's findings: the first mismatch and how many cycles had one."""
        if not self.mismatch_count:
            return []
        return [f"upstream extra signals: {self.first} (first of {self.mismatch_count} mismatching "
                f"check(s) in {self.checked} cycle(s))"]
