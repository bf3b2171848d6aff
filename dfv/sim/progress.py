"""Progress of a long regression, one line per build and one per finished job: `make sim` is not silent
until its table.

Each line says how many jobs are done out of how many, how many tests ran and failed so far, the time
since the start and which job just finished (with FAIL when it had a failed test). Thread-safe: the
regression's worker threads report as their jobs end.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

from dfv.sim.run import TestResult


def elapsed_text(seconds: float) -> str:
    """`42s`, `3m05s` or `1h02m03s`."""
    s = int(seconds)
    h, m, s = s // 3600, s // 60 % 60, s % 60
    if h:
        return f"{h}h{m:02d}m{s:02d}s"
    return f"{m}m{s:02d}s" if m else f"{s}s"


class BuildProgress:
    """Counts the builds a regression makes before its first test; `build_done` writes and returns one
    line, so a cold `make sim` is not silent while it compiles (Verilator builds take seconds to a minute)."""

    def __init__(self, total: int, stream: TextIO = sys.stderr, clock: Callable[[], float] = time.monotonic):
        self.total, self.stream, self.clock = total, stream, clock
        self.start = clock()
        self.done = 0
        self._lock = threading.Lock()

    def build_done(self, label: str, seconds: float, reused: bool, error: str | None = None) -> str:
        with self._lock:
            self.done += 1
            what = "failed: " + error if error else "up to date" if reused else f"built in {elapsed_text(seconds)}"
            line = f"[{self.done}/{self.total} builds] {elapsed_text(self.clock() - self.start)}: {label} {what}"
            print(line, file=self.stream, flush=True)
            return line


class Progress:
    """Counts finished jobs and their tests; `job_done` writes and returns one line."""

    def __init__(self, total: int, stream: TextIO = sys.stderr, clock: Callable[[], float] = time.monotonic):
        self.total, self.stream, self.clock = total, stream, clock
        self.start = clock()
        self.jobs = self.tests = self.failed = 0
        self._lock = threading.Lock()

    def job_done(self, label: str, results: list[TestResult]) -> str:
        with self._lock:
            self.jobs += 1
            self.tests += len(results)
            bad = sum(not r.passed for r in results)
            self.failed += bad
            line = (f"[{self.jobs}/{self.total} jobs] {self.tests} tests, {self.failed} failed, "
                    f"{elapsed_text(self.clock() - self.start)}: {label}" + (" FAIL" if bad else ""))
            print(line, file=self.stream, flush=True)
            return line
