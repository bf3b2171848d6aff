"""The functional coverage of an operation run (`OpCoverage`): stall runs per channel, golden state
transitions, and the operation's own points."""

from __future__ import annotations

from pyuvm import ConfigDB, uvm_subscriber

from dfv.golden.core import RunResult
from dfv.tb.common.fcov import STALL_BINS, export_coverage_at_exit, sample_point, stall_bin
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_sequence import OpItem


class OpCoverage(uvm_subscriber):
    """Functional coverage: stall runs per channel, golden state transitions, plus the operation's
    own points in `sample_item` (stimulus) and `sample_run` (the final golden run)."""

    def build_phase(self):
        self.cfg: OpConfig = ConfigDB().get(self, "", "OP_CONFIG")
        self.enabled = ConfigDB().get(self, "", "COVERAGE")

    def write(self, item: OpItem) -> None:
        if self.enabled:
            self.sample_item(item)

    def sample_item(self, item: OpItem) -> None:
        """Per-operation stimulus coverage (burst lengths, values, configurations)."""

    def sample_run(self, run: RunResult) -> None:
        """Per-operation coverage of the golden run; by default every state transition."""
        for before, after in zip(run.states, run.states[1:], strict=False):
            sample_point(f"{self.cfg.name}.transition", self.transitions(), f"{before}->{after}")

    def transitions(self) -> tuple[str, ...]:
        """The legal state transitions of the machine (each is a bin)."""
        return ()

    def report_phase(self):
        if not self.enabled:
            return
        env = self.get_parent()
        for name, monitor in env.monitors.items():
            if name in self.cfg.no_stall:
                continue
            for run in monitor.stall_runs:
                sample_point(f"{self.cfg.name}.stall.{name.replace('[', '_').replace(']', '')}",
                             STALL_BINS, stall_bin(run))
        if env.scoreboard.final_run is not None:
            self.sample_run(env.scoreboard.final_run)
        export_coverage_at_exit()
