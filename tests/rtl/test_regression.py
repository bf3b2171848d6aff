"""Every job of configs/regression.yaml, on Icarus or on Verilator, as pytest tests.

`make sim SIM=icarus|verilator` runs every job on one simulator with a summary table (the README's quick start
and the signoff run both); here each simulator process of it (the jobs of one build: every seed of a parameter
set, every latency and seed of a kernel, `dfv.sim.regress.processes`) is one test that fails with the names,
seeds and messages of the failed cocotb tests. Expected-failure tests (wrong model, corrupted DUT) are inside
each job: they pass only when exactly the errors of their fault were reported (test_op_expected_failures.py
shows them failing on anything else).

`make test` has to fit CI's time on two cores, where the whole regression on both simulators took most of it
(a fresh clone here: 12 minutes on Icarus, over an hour on Verilator's coverage builds). So each process runs
once, the simulators taking turns within each suite (the first process of every other suite on Verilator):
every job and kernel is checked once; 31 of the 50 suites run on both simulators, the 19 of one process on
one (its simulator alternating from suite to suite), and each simulator about half of the kernels.
The Verilator models are `QUICK` builds (no code coverage, -O0; gemm's top 78 s to compile cold instead of
274 s): the verdicts and cycles do not depend on the build; `make sim`'s `SIGNOFF` builds feed
`make coverage`. The runs go under the test's own folder, not reports/, so they never mix with `make sim`'s
coverage data.
"""

from __future__ import annotations

from collections import Counter

import pytest

from dfv.sim.build import BuildKind
from dfv.sim.regress import load_jobs, processes, run_process
from dfv.sim.toolchain import SIMULATORS

PROCESSES = processes(load_jobs())


def _cases():
    """Each process once, its simulator taking turns within its suite, from a suite-dependent start."""
    starts: dict[str, int] = {}  # a suite's number, in order of first appearance
    turns: Counter[str] = Counter()
    for jobs in PROCESSES:
        suite = jobs[0].suite
        sim = SIMULATORS[(starts.setdefault(suite, len(starts)) + turns[suite]) % len(SIMULATORS)]
        turns[suite] += 1
        seeds = ",".join(j.variant_key for j in jobs)
        yield pytest.param(jobs, sim, id=f"{jobs[0].process_label}-{seeds}-{sim}")


@pytest.mark.parametrize(("jobs", "sim"), list(_cases()))
def test_rtl(jobs, sim, tmp_path):
    per_job = run_process(jobs, sim, tmp_path, kind=BuildKind.QUICK)
    empty = [j.key for j, results in zip(jobs, per_job, strict=True) if not results]
    assert not empty, f"ran no test on {sim}: {empty}"
    failed = [f"{r.name} seed {r.seed}: {r.message}" for results in per_job for r in results if not r.passed]
    assert not failed, "\n".join(failed)
