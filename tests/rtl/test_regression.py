"""Every job of configs/regression.yaml on Icarus and on Verilator, as pytest tests.

`make sim` runs the same jobs for one simulator with a summary table; here each (suite, parameter
set, seed, simulator) is one test that fails with the names and messages of the failed cocotb
tests. Expected-failure tests (wrong model, corrupted DUT) are inside each job: they pass only when
exactly the errors of their fault were reported (test_op_expected_failures.py shows them failing on
anything else). The jobs of one kernel on one simulator share an xdist group, so one worker builds
that kernel's generated top and runs them while the other worker builds another (instead of both
waiting for the same build).
"""

from __future__ import annotations

import pytest

from dfv.sim.regress import load_jobs, run_job
from dfv.sim.toolchain import SIMULATORS

JOBS = load_jobs()


def _cases():
    for sim in SIMULATORS:
        for job in JOBS:
            marks = [pytest.mark.xdist_group(f"kernel-{job.kernel.name}-{sim}")] if job.kernel else []
            yield pytest.param(job, sim, marks=marks, id=f"{job.label}-seed{job.seed}-{sim}")


@pytest.mark.parametrize(("job", "sim"), list(_cases()))
def test_rtl(job, sim):
    results = run_job(job, sim)
    assert results, f"{job.label} ran no test on {sim}"
    failed = [f"{r.name}: {r.message}" for r in results if not r.passed]
    assert not failed, "\n".join(failed)
