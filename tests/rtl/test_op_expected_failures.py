"""The standard expected-failure tests of the operation environments (`WrongModelTest`, `CorruptDutTest`)
in simulation on `handshake_fork`, on Icarus: they pass on their own fault, and only on exactly its errors.
A deadlock, a second failure next to their own, a fault never injected or a check that does not fire
fails them (as cocotb `expect_fail` tests they passed on the deadlock and on the second failure). The
cocotb tests are in op_faults_tb.py; the verdict alone is in test_expected_errors.py, every operation's
expected-failure tests run in the regression (test_regression.py)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from dfv.sim.regress import load_jobs
from dfv.sim.run import TestResult as SimResult  # aliased: pytest would collect a Test* class
from dfv.sim.run import run_tests
from dfv.tb.common.op_config import OpConfig

pytestmark = pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> dict[str, SimResult]:
    """Every test of op_faults_tb.py, by name (one simulator process), on the regression's harness build of
    `handshake_fork` (W=64, N=3)."""
    job = next(j for j in load_jobs() if j.suite == "handshake_fork" and dict(j.params) == {"W": 64, "N": 3})
    with pytest.MonkeyPatch.context() as mp:
        mp.syspath_prepend(str(Path(__file__).parent))  # the simulator's Python path is this process's
        out = run_tests(job.spec, "icarus", "op_faults_tb", 1, tmp_path_factory.mktemp("op_faults"))
    return {r.name: r for r in out}


@pytest.mark.parametrize("test", ["ForkWrongModelTest", "ForkCorruptDutTest"])
def test_they_pass_on_their_own_fault(results, test):
    assert results[test].passed, results[test].message


@pytest.mark.parametrize(("test", "head", "needle", "absent"), [
    ("WrongModelDeadlock", "handshake_fork: deadlock, no progress for 200 cycles", "holding tokens: input in (",
     "not the expected failure"),
    ("CorruptDutDeadlock", "handshake_fork: deadlock, no progress for 200 cycles", "holding tokens: input in (",
     "not the expected failure"),
    ("WrongModelSecondBug", "handshake_fork: not the expected failure\n",
     "unexpected error: out[1]: token 0 is 2, the model expects 0 (DUT ", "expected error not reported"),
    ("CorruptDutSecondBug", "handshake_fork: not the expected failure\n",
     "unexpected error: out[1]: token 0 is 2, the model expects 0 (DUT ", "expected error not reported"),
    ("CorruptDutNotInjected", "handshake_fork: no fault was injected", "the test checked nothing",
     "not the expected failure"),
    ("CorruptDutBlindCheck", "handshake_fork: not the expected failure\n",
     r"expected error not reported: /^out\[0\]: token 2 is ", "unexpected error"),
])
def test_anything_else_fails_them(results, test, head, needle, absent):
    r = results[test]
    assert not r.passed, f"{test} passed"
    assert r.message.startswith(head) and needle in r.message and absent not in r.message, r.message


def test_a_runaway_is_stopped_by_the_bound_of_the_work_queued(results):
    """ForkRunaway queues two tokens, then feeds its input for ever: the drain stops it at the bound of those two
    tokens' work (the deadlock bound plus interval + firing_slack per firing of the model), not at max_cycles."""
    r = results["ForkRunaway"]
    assert not r.passed, "ForkRunaway passed"
    m = re.match(r"handshake_fork: still running after (\d+) cycles \(a runaway loop\? the golden model fires "
                 r"(\d+) times on the queued tokens\); holding tokens: ", r.message)
    assert m, r.message
    limit, firings = int(m[1]), int(m[2])
    c = OpConfig  # the fork's configuration keeps the defaults
    assert firings == 2 and limit == c.deadlock_cycles + firings * (c.interval + c.firing_slack), r.message
    assert limit < c.max_cycles
