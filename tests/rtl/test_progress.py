"""`make sim` reports progress while it runs (`dfv.sim.progress`): jobs done / total, tests and failures
so far, elapsed time and the job that just ended."""

from __future__ import annotations

import io

from dfv.sim import run
from dfv.sim.progress import Progress, elapsed_text


def _result(passed: bool) -> run.TestResult:
    return run.TestResult("t", "icarus", 1, passed, 10, "" if passed else "boom")


def test_lines_count_jobs_tests_and_failures():
    now = [100.0]
    out = io.StringIO()
    p = Progress(3, out, clock=lambda: now[0])
    now[0] = 107.4
    assert p.job_done("fork[N=2]", [_result(True), _result(True)]) == "[1/3 jobs] 2 tests, 0 failed, 7s: fork[N=2]"
    now[0] = 100.0 + 185
    line = p.job_done("kernels:gcd[latency=1]", [_result(False)])
    assert line == "[2/3 jobs] 3 tests, 1 failed, 3m05s: kernels:gcd[latency=1] FAIL"
    assert out.getvalue().splitlines() == ["[1/3 jobs] 2 tests, 0 failed, 7s: fork[N=2]", line]


def test_elapsed_text():
    assert [elapsed_text(s) for s in (0, 59.9, 60, 3599, 3723)] == ["0s", "59s", "1m00s", "59m59s", "1h02m03s"]
