"""What the bench tests of dfv/tb/bench/ share: the mode of the run and the check of the documented rate.

`make bench` (`dfv.sim.bench`) sets `DFV_BENCH=1`: long bursts, figures appended to
`DFV_RUN_DIR/bench.jsonl`. Without it the bench tests run in the regression, beside a suite's own
tests (its `bench` key in configs/regression.yaml), with short bursts and no figures. Both fail a run
whose measured rate is not the documented one of `dfv.tb.common.rates`.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from dfv.tb.common.dut import current
from dfv.tb.common.rates import documented_rates, rate_misses
from dfv.tb.handshake.common import run_params, toplevel

BENCH_ENV = "DFV_BENCH"


def bench_mode() -> bool:
    """Whether this run is `make bench`'s (long bursts, figures recorded) rather than the regression's."""
    return os.environ.get(BENCH_ENV) == "1"


def run_length(bench: int, regression: int) -> int:
    """The stimulus length of a bench test: `bench` in `make bench`, `regression` beside a suite's tests."""
    return bench if bench_mode() else regression


class RateCheckMixin:
    """For a bench test (an `OpTest`): the documented rates of the DUT, the measured ones, the record of
    `make bench`, and the check against the documented rates, or the ones the DUT claims (`Dut.rates`),
    called from report_phase: after the scoreboard's check_phase, so a wrong token is reported as such first."""

    CASE = "full rate"

    async def run_phase(self):
        """The test's run, timed (`self.wall`, wall seconds, for the cycles-per-second figures)."""
        start = time.perf_counter()
        await super().run_phase()
        self.wall = time.perf_counter() - start

    def documented(self) -> dict[str, float]:
        """Channel -> documented tokens per cycle (a test may narrow or replace it)."""
        return documented_rates(toplevel(), run_params())

    def measured(self) -> dict[str, float]:
        """Channel -> measured tokens per cycle, first to last transfer, of the documented channels."""
        monitors = self.env.monitors
        return {ch: round(monitors[ch].throughput(), 4) for ch in {**self.documented(), **current().rates}
                if ch in monitors}

    def record(self, figures: dict) -> None:
        """Append `figures` to the run's bench.jsonl (in `make bench` only)."""
        if bench_mode():
            with open(Path(os.environ["DFV_RUN_DIR"]) / "bench.jsonl", "a") as f:
                f.write(json.dumps(figures) + "\n")

    def check_rates(self, measured: dict[str, float]) -> None:
        misses = rate_misses(toplevel(), run_params(), measured, self.documented(), current().rates)
        if misses:
            raise AssertionError("\n".join(misses))
