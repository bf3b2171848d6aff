"""The environment of one operation on its harness (`OpEnv`, dfv/tb/common/op_harness.py): the agents,
scoreboard, coverage and drain loop of `dfv.tb.common.harness_env`, plus the operation's at_init trace (read
from the harness's change log), the flow-control check of a unit with operations in flight
(`dfv.tb.common.capacity`), its rule for the end of a run (every input token taken and nothing moved for
`drain_quiet` cycles) and its runaway bound, from the golden model's firings on the queued tokens. The tests
that run it are in `dfv.tb.common.op_test`, the faults the expected-failure tests inject in
`dfv.tb.common.faults`.
"""

from __future__ import annotations

import cocotb

from dfv.golden.core import fire_until_dry, make_queues
from dfv.tb.common import capacity
from dfv.tb.common.dut import has_at_init
from dfv.tb.common.harness_env import HarnessEnv
from dfv.tb.common.init_state import AtInitTrace
from dfv.tb.common.op_harness import AT_INIT_LOG, CAPACITY_CHECK, LOG_DEPTH, SOURCE_DEPTH
from dfv.tb.common.signals import read_int


class OpEnv(HarnessEnv):
    """The operation's agents, at_init trace, scoreboard and coverage; `drain` ends `drain_quiet` cycles after
    the last transfer once every input token was taken."""

    SOURCE_DEPTH, LOG_DEPTH = SOURCE_DEPTH, LOG_DEPTH
    AT_INIT_TRACE: type[AtInitTrace] = AtInitTrace  # (a must-fail test replaces it)

    def build_phase(self):
        super().build_phase()
        top = cocotb.top
        if has_at_init():
            self.at_init_trace = self.AT_INIT_TRACE(self.tb, top.at_init, getattr(top, AT_INIT_LOG))
        if self.cfg.slots:
            capacity.arm(getattr(top, CAPACITY_CHECK))

    def finished(self, now: int, quiet: int) -> bool:
        """Every input token taken and `drain_quiet` cycles without a transfer. The drain lands exactly in
        that cycle (the quiet probe, or the deadline before any transfer): a later one is a harness error."""
        if any(src.pending for src in self.inputs.values()) or quiet < self.cfg.drain_quiet:
            return False
        if quiet > self.cfg.drain_quiet:
            raise AssertionError(f"{self.cfg.name}: the drain woke {quiet - self.cfg.drain_quiet} cycle(s) after "
                                 "the run's end (a harness timing error)")
        return True

    def runaway_bound(self) -> tuple[int, str]:
        """From the work queued: the golden model fired on every token the sources hold for this epoch (taken
        or not; after a reset, the new stimulus alone), counted up to where the bound is `max_cycles`
        (`OpConfig.runaway_bound`). A module without inputs keeps `max_cycles`."""
        if not self.inputs:
            return super().runaway_bound()
        machine = self.cfg.model()
        streams = self.cfg.to_golden({name: src.epoch_tokens() for name, src in self.inputs.items()})
        firings = fire_until_dry(machine, make_queues(machine.INPUTS, streams), make_queues(machine.OUTPUTS),
                                 self.cfg.firings_at_cap())
        limit = self.cfg.runaway_bound(firings)
        if limit == self.cfg.max_cycles:
            return super().runaway_bound()
        return limit, f" the golden model fires {firings} times on the queued tokens"

    def probe_period(self) -> int:
        """The probe fires when the run has been quiet for `drain_quiet` - 1 cycles, so Python lands in the
        cycle that completes `drain_quiet` (and at every further multiple: a deadlock's wakes)."""
        return max(1, self.cfg.drain_quiet - 1)

    def deadlines(self, now: int, last: int, base: int) -> list[int]:
        """Before any transfer the probe's count is not aligned with the drain's start: the end of a run that
        never moves is a deadline of its own."""
        return [last + self.cfg.drain_quiet] if last == base else []

    async def service(self) -> None:
        await super().service()
        if self.at_init_trace is not None:
            self.at_init_trace.drain()

    async def collect(self) -> None:
        if self.at_init_trace is not None:
            self.at_init_trace.finish()
        await super().collect()

    def capture_end_state(self) -> None:
        """The common end checks, and the unit's flow control over the whole run (`dfv.tb.common.capacity`)."""
        super().capture_end_state()
        if self.cfg.slots:
            self.end_errors += capacity.capacity_errors(getattr(cocotb.top, CAPACITY_CHECK), self.cfg.slots)

    def initial_state_errors(self) -> list[str]:
        """The DUT must be back in its reset state (its `at_init`, when it has one)."""
        if has_at_init() and read_int(self.tb.dut.at_init) != 1:
            return ["DUT is not back in its initial state at the end (at_init = 0)"]
        return []
