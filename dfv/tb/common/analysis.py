"""An analysis FIFO for scoreboards that check at the end of the run.

A monitor's analysis port writes into `AnalysisFifo.analysis_export`; the scoreboard takes the items in
order with `try_get()`, as it would from pyuvm's `uvm_tlm_analysis_fifo`. That class also builds every
blocking and non-blocking put, get and peek export and two analysis ports (16 components with a logger
each) which these scoreboards never use: with a FIFO per channel and an environment per test, they were
most of the components a test built and a tenth of a regression process's time.
"""

from __future__ import annotations

from collections import deque

from pyuvm import uvm_analysis_export, uvm_component


class _QueueExport(uvm_analysis_export):
    """The write side: appends each item to the FIFO's queue."""

    def __init__(self, name: str, parent: uvm_component, queue: deque) -> None:
        super().__init__(name, parent)
        self._queue = queue

    def write(self, item) -> None:
        self._queue.append(item)


class AnalysisFifo(uvm_component):
    """An unbounded analysis FIFO: `analysis_export` to connect a port to, `try_get()` to read."""

    def __init__(self, name: str, parent: uvm_component) -> None:
        super().__init__(name, parent)
        self._queue: deque = deque()
        self.analysis_export = _QueueExport("analysis_export", self, self._queue)

    def try_get(self) -> tuple[bool, object]:
        """(True, the oldest item), taken off the FIFO; (False, None) when it is empty."""
        if not self._queue:
            return False, None
        return True, self._queue.popleft()
