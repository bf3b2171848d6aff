"""A wall-clock bound on a simulation that stops advancing simulated time.

A zero-delay loop in the design (processes that wake each other for ever within one time step) keeps the
simulator inside one time step: no clock edge comes, so none of the testbench's cycle bounds
(`deadlock_cycles`, `max_cycles`) ever runs, and the run hangs until someone kills it. Icarus 11 is prone
to it (docs/primitives.md, "One write per pass"); Verilator stops such a loop itself ("didn't converge").

Two halves, one contract (the files below, in the run folder):
- in the simulator, `beat` (started for every test by `dfv.tb.common.variants.register`) rewrites
  `HEARTBEAT_FILE` every `BEAT_NS` of simulated time with the simulator's process id, the test and the
  simulated time; `disarm` removes it when the test ends;
- in the host, `watch` (around every simulator start, `dfv.sim.run.run_tests`) is a thread that, when
  the heartbeat is older than `limit_seconds()`, writes the reason to `STALL_FILE` and kills the simulator;
  the host then reports that reason as the run's failure.
The thread must live in the host: the simulator holds Python's lock while it runs, so no thread inside it
gets to run during the loop. The bound applies only to a run that is already stuck: one that advances
simulated time rewrites its heartbeat at least every 1,000 cycles, however busy the machine.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

LIMIT_ENV = "DFV_STALL_SECONDS"  # the bound in seconds (default DEFAULT_LIMIT_S)
DEFAULT_LIMIT_S = 300.0
HEARTBEAT_FILE = "heartbeat"  # "<pid> <sim ns> <test>", rewritten every beat of a running test
STALL_FILE = "stall.txt"  # the reason, one line, when the host stopped a stalled simulator
BEAT_NS = 10_000  # simulated time between two beats (1,000 cycles of the 10 ns clock)


def limit_seconds() -> float:
    """The bound: `DFV_STALL_SECONDS` if set (a positive number), else `DEFAULT_LIMIT_S`."""
    raw = os.environ.get(LIMIT_ENV, "")
    try:
        value = float(raw) if raw else DEFAULT_LIMIT_S
    except ValueError:
        value = DEFAULT_LIMIT_S
    return value if value > 0 else DEFAULT_LIMIT_S


def stall_message(test: str, limit: float, sim_ns: float) -> str:
    """Why the run was stopped: what ran away, for how long and from when."""
    return (f"{test}: simulated time stopped after {sim_ns:g} ns: no progress for {limit:g} s of wall-clock "
            f"time (a zero-delay loop in the design: processes waking each other within one time step; "
            f"docs/primitives.md, \"One write per pass\")")


def _run_dir() -> Path:
    return Path(os.environ.get("DFV_RUN_DIR", "."))


async def beat(test: str) -> None:
    """In the simulator: keep `test`'s heartbeat fresh until cancelled (at the end of the test)."""
    from cocotb.triggers import Timer
    from cocotb.utils import get_sim_time

    path, pid = _run_dir() / HEARTBEAT_FILE, os.getpid()
    while True:
        path.write_text(f"{pid} {get_sim_time('ns'):g} {test}\n")
        await Timer(BEAT_NS, "ns")


def disarm() -> None:
    """In the simulator, when a test ends: nothing to watch until the next one beats."""
    (_run_dir() / HEARTBEAT_FILE).unlink(missing_ok=True)


def _stop_if_stalled(run_dir: Path, limit: float) -> bool:
    """Kill the simulator if its heartbeat is older than `limit` (after writing why); True if it did."""
    path = run_dir / HEARTBEAT_FILE
    try:
        age = time.time() - path.stat().st_mtime
        pid, sim_ns, test = path.read_text().split(" ", 2)
    except (OSError, ValueError):  # no test running, or the file caught mid-write
        return False
    if age < limit:
        return False
    (run_dir / STALL_FILE).write_text(stall_message(test.strip(), limit, float(sim_ns)) + "\n")
    path.unlink(missing_ok=True)
    with contextlib.suppress(ProcessLookupError):
        os.kill(int(pid), signal.SIGKILL)
    return True


@contextlib.contextmanager
def watch(run_dir: Path, limit: float | None = None) -> Iterator[None]:
    """In the host, around one simulator start in `run_dir`: stop it if a test stalls for `limit` seconds
    (default `limit_seconds()`); `run_dir / STALL_FILE` then says why."""
    limit = limit_seconds() if limit is None else limit
    (run_dir / HEARTBEAT_FILE).unlink(missing_ok=True)
    (run_dir / STALL_FILE).unlink(missing_ok=True)
    done = threading.Event()

    def loop() -> None:
        while not done.wait(min(1.0, limit / 4)):
            if _stop_if_stalled(run_dir, limit):
                return

    thread = threading.Thread(target=loop, daemon=True, name="dfv-stall-watch")
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
