"""Every job of configs/regression.yaml on Icarus and on Verilator, as pytest tests.

`make sim` runs the same jobs for one simulator with a summary table; here each simulator process of
it (the jobs of one build: every seed of a parameter set, every latency and seed of a kernel,
`dfv.sim.regress.processes`) on each simulator is one test that fails with the names, seeds and messages
of the failed cocotb tests. Expected-failure tests (wrong model, corrupted DUT) are inside each job: they
pass only when exactly the errors of their fault were reported (test_op_expected_failures.py shows them
failing on anything else).

Here the Verilator models are `QUICK` builds (no code coverage, -O0): the verdicts and cycles are the
regression's, and its 49 kernel tops compile in about a third of the time of `make sim`'s `SIGNOFF` builds,
whose coverage feeds `make coverage`. The runs go under the test's own folder, not reports/, so they never
mix with `make sim`'s coverage data.
"""

from __future__ import annotations

import pytest

from dfv.sim.kernel import BuildKind
from dfv.sim.regress import load_jobs, processes, run_process
from dfv.sim.toolchain import SIMULATORS

PROCESSES = processes(load_jobs())


def _cases():
    for sim in SIMULATORS:
        for jobs in PROCESSES:
            seeds = ",".join(j.variant_key for j in jobs)
            yield pytest.param(jobs, sim, id=f"{jobs[0].process_label}-{seeds}-{sim}")


@pytest.mark.parametrize(("jobs", "sim"), list(_cases()))
def test_rtl(jobs, sim, tmp_path):
    per_job = run_process(jobs, sim, tmp_path, kind=BuildKind.QUICK)
    empty = [j.key for j, results in zip(jobs, per_job, strict=True) if not results]
    assert not empty, f"ran no test on {sim}: {empty}"
    failed = [f"{r.name} seed {r.seed}: {r.message}" for results in per_job for r in results if not r.passed]
    assert not failed, "\n".join(failed)
