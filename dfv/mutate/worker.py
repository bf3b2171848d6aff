"""One mutant's verdict, in its own process: `python -m dfv.mutate.worker MODULE ROOT SIM`.

ROOT holds the mutated RTL tree (ROOT/rtl). The mutant is stillborn if any build of the module's
suites fails to compile on either simulator (Verilator checked by `--lint-only` with the build's
default warnings, Icarus by its build; a Verilator build that fails later too); else every job of the
module's suites runs in order until the first failed test (killed) or the end (survived). SIM `both`
judges as the regression does, which runs on both simulators: the suites run on Icarus, and a mutant
they do not kill runs again on Verilator (the two differ where the language leaves a value open: an
out-of-range read is X on four-state Icarus, a definite value on two-state Verilator, so a mutant that
reads past a vector can pass on one and deadlock on the other). The verdict is one JSON line on stdout. The
parent bounds the process's wall time and kills its process group, simulator included, when it is
spent: a mutant that hangs a simulator cannot hang the campaign.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import asdict, dataclass
from enum import Enum
from pathlib import Path

from dfv.mutate.suites import module_jobs, tree_spec
from dfv.sim.build import BuildSpec, build, spec_rtl_sources
from dfv.sim.run import run_tests
from dfv.sim.toolchain import setup_path


class Status(Enum):
    """What became of a mutant."""

    KILLED = "killed"
    TIMED_OUT = "timed out"
    SURVIVED = "survived"
    STILLBORN = "stillborn"
    WAIVED = "waived"
    ERROR = "error"      # the campaign itself failed on it (worker crash): neither killed nor alive


@dataclass(frozen=True)
class Verdict:
    """A worker's answer: the status, the failing test (killed) or what did not compile (stillborn)."""

    status: Status
    test: str = ""
    message: str = ""

    def to_json(self) -> str:
        return json.dumps({**asdict(self), "status": self.status.value})

    @classmethod
    def from_json(cls, text: str) -> Verdict:
        d = json.loads(text)
        return cls(Status(d["status"]), d["test"], d["message"])


def _lint(spec: BuildSpec) -> str:
    """Verilator's complaint about `spec` ("" when it compiles with the build's warning set)."""
    cmd = ["verilator", "--lint-only", "--top-module", spec.toplevel, *spec.verilator_args,
           *[f"-G{k}={v}" for k, v in spec.parameters.items()], *map(str, spec_rtl_sources(spec)),
           *map(str, spec.extra_sources)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    return (proc.stdout + proc.stderr).strip() if proc.returncode else ""


BOTH = "both"  # the SIM that judges on Icarus, then on Verilator what Icarus let through


def judging_sims(sim: str) -> tuple[str, ...]:
    """The simulators a mutant runs on, in order, for SIM `sim`."""
    return ("icarus", "verilator") if sim == BOTH else (sim,)


def _compile_error(specs: list[BuildSpec], sims: tuple[str, ...]) -> str:
    """Why some build in `specs` does not compile ("" when all do): Verilator's lint, then the builds of
    `sims` (their first simulator only: the next one builds when it has to run)."""
    setup_path("verilator")
    for spec in specs:
        complaint = _lint(spec)
        if complaint:
            return f"verilator {spec.tag()}: {complaint}"
        error = _build_error(spec, sims[0])
        if error:
            return error
    return ""


def _build_error(spec: BuildSpec, sim: str) -> str:
    setup_path(sim)
    try:
        build(spec, sim)
    except Exception as exc:  # the simulator's compile step failed: nothing to run
        return f"{sim} {spec.tag()}: {type(exc).__name__}: {exc}"
    return ""


def evaluate(module: str, root: Path, sim: str) -> Verdict:
    """Compile, then run the module's suites on the tree under `root` until the first failure, on each
    simulator of `judging_sims(sim)` in turn."""
    jobs = module_jobs(module)
    specs = list({(s := tree_spec(j, root)).tag(): s for j in jobs}.values())
    sims = judging_sims(sim)
    error = _compile_error(specs, sims)
    if error:
        return Verdict(Status.STILLBORN, message=error[:2000])
    for each in sims:
        for job in jobs:
            spec = tree_spec(job, root)
            error = _build_error(spec, each)
            if error:
                return Verdict(Status.STILLBORN, message=error[:2000])
            results = run_tests(spec, each, job.module, job.seed,
                                root / "runs" / each / f"{spec.tag()}__seed{job.seed}")
            failed = next((r for r in results if not r.passed), None)
            if failed is not None:
                return Verdict(Status.KILLED, f"{job.label}::{failed.name} seed {job.seed} on {each}",
                               failed.message[:2000])
    return Verdict(Status.SURVIVED)


def main(argv: list[str]) -> int:
    module, root, sim = argv
    print(evaluate(module, Path(root), sim).to_json(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
