"""Run mutants: each in a worker process on its private RTL tree, several at once, each bounded.

A mutant's tree is <work dir>/<id>/ (default build/mutate/; rtl/ with the one mutated file, the builds, the test runs,
worker.log); trees and builds stay, so a second campaign reuses every build whose sources did not
change. Before its mutants, each module's suites run once on an unmutated tree
(<work dir>/<module>.original/): they must pass, and their time sets the runaway bound
(configs/mutation.yaml `timeout`) unless one is given.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from dfv.mutate.config import MutationConfig
from dfv.mutate.generate import Mutant
from dfv.mutate.suites import MUTATE_DIR, write_tree
from dfv.mutate.worker import Status, Verdict
from dfv.paths import REPO, RTL_DIR
from dfv.sim.process import run_bounded
from dfv.sim.progress import elapsed_text

# The suites on the original RTL get this long before the campaign gives up on them.
BASELINE_TIMEOUT = 1800.0


class CampaignError(RuntimeError):
    """A module's suites fail (or hang) on the original RTL: its mutants cannot be judged."""


@dataclass(frozen=True)
class Outcome:
    """One mutant's result: its verdict and the wall time it took."""

    mutant: Mutant
    verdict: Verdict
    seconds: float

    @property
    def status(self) -> Status:
        return self.verdict.status


def _run_worker(module: str, root: Path, sim: str, timeout: float, label: str) -> tuple[Verdict, float]:
    """The worker's verdict on the tree under `root`, or TIMED_OUT after `timeout` seconds."""
    start = time.monotonic()
    root.mkdir(parents=True, exist_ok=True)
    with open(root / "worker.log", "w") as log:
        proc = run_bounded([sys.executable, "-m", "dfv.mutate.worker", module, str(root), sim], timeout,
                           cwd=REPO, stderr=log)  # the worker and its simulator
    if proc is None:
        message = f"mutant {label}: no verdict after {timeout:.0f} s, stopped (runaway bound)"
        return Verdict(Status.TIMED_OUT, message=message), time.monotonic() - start
    lines = proc.stdout.strip().splitlines()
    if proc.returncode or not lines:
        message = f"worker for {label} exited with {proc.returncode}: see {root / 'worker.log'}"
        return Verdict(Status.ERROR, message=message), time.monotonic() - start
    return Verdict.from_json(lines[-1]), time.monotonic() - start


def baseline_seconds(module: str, sim: str, work_dir: Path = MUTATE_DIR) -> float:
    """Time of `module`'s suites on the original RTL; raises if they do not all pass."""
    root = work_dir / f"{module}.original"
    write_tree(root, {})
    verdict, seconds = _run_worker(module, root, sim, BASELINE_TIMEOUT, f"{module} (original)")
    if verdict.status is not Status.SURVIVED:
        raise CampaignError(f"{module}: its suites do not pass on the original RTL ({verdict.status.value}): "
                            f"{verdict.test} {verdict.message}".strip())
    return seconds


def run_mutant(mutant: Mutant, sim: str, timeout: float, work_dir: Path = MUTATE_DIR) -> Outcome:
    """Write `mutant`'s tree under `work_dir` and get its verdict."""
    root = work_dir / mutant.id
    write_tree(root, {mutant.path: mutant.edit.apply((RTL_DIR / mutant.path).read_text())})
    verdict, seconds = _run_worker(mutant.module, root, sim, timeout, mutant.id)
    return Outcome(mutant, verdict, seconds)


class _Log:
    """One line per finished mutant on `stream` (thread-safe)."""

    def __init__(self, total: int, stream: TextIO, clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.stream, self.clock = total, stream, clock
        self.start, self.done = clock(), 0
        self._lock = threading.Lock()

    def __call__(self, outcome: Outcome) -> Outcome:
        with self._lock:
            self.done += 1
            print(f"[{self.done}/{self.total} mutants] {elapsed_text(self.clock() - self.start)}: {outcome.mutant.id} "
                  f"{outcome.status.value} ({outcome.seconds:.1f} s)", file=self.stream, flush=True)
        return outcome


def run_campaign(mutants: Sequence[Mutant], config: MutationConfig, sim: str, jobs: int,
                 timeout: float | None = None, work_dir: Path = MUTATE_DIR,
                 stream: TextIO = sys.stderr) -> list[Outcome]:
    """Every mutant's outcome, in the order given. Waived mutants are not run. With `timeout` None,
    each module's bound comes from its baseline run (configs/mutation.yaml)."""
    waived = [Outcome(m, Verdict(Status.WAIVED, message=config.waivers[m.id].reason), 0.0)
              for m in mutants if m.id in config.waivers]
    to_run = [m for m in mutants if m.id not in config.waivers]
    modules = sorted({m.module for m in to_run})
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        if timeout is None:
            seconds = pool.map(lambda mod: baseline_seconds(mod, sim, work_dir), modules)
            bounds = {mod: config.timeout.seconds(s) for mod, s in zip(modules, seconds, strict=True)}
        else:
            bounds = dict.fromkeys(modules, timeout)
        log = _Log(len(to_run), stream)
        ran = list(pool.map(lambda m: log(run_mutant(m, sim, bounds[m.module], work_dir)), to_run))
    by_id = {o.mutant.id: o for o in [*waived, *ran]}
    return [by_id[m.id] for m in mutants]
