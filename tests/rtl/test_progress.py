"""`make sim` reports progress while it runs (`dfv.sim.progress`): each build as it ends, then jobs done /
total, tests and failures so far, elapsed time and the job that just ended."""

from __future__ import annotations

import io

from dfv.sim import run
from dfv.sim.progress import BuildProgress, Progress, elapsed_text


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


def test_build_lines_say_what_each_build_did():
    now = [0.0]
    out = io.StringIO()
    p = BuildProgress(3, out, clock=lambda: now[0])
    now[0] = 42.0
    assert p.build_done("fork[N=2] on verilator", 41.5, reused=False) == \
        "[1/3 builds] 42s: fork[N=2] on verilator built in 41s"
    line = p.build_done("join[N=3] on verilator", 0.1, reused=True)
    assert line == "[2/3 builds] 42s: join[N=3] on verilator up to date"
    now[0] = 70.0
    line = p.build_done("kernels:gcd on icarus", 3.0, reused=False, error="RuntimeError: no iverilog")
    assert line == "[3/3 builds] 1m10s: kernels:gcd on icarus failed: RuntimeError: no iverilog"
    assert len(out.getvalue().splitlines()) == 3
