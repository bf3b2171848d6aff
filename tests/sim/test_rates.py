"""The documented-throughput check (dfv/tb/common/rates.py, dfv/tb/bench/): the rates, the comparison and its
message, the regression configuration that runs the bench tests beside every suite (and so beside
every mutant's suites), and one RTL run on Icarus where a wrong documented rate must fail the bench
test with its message."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from dfv.sim.regress import CONFIG, ConfigError, load_jobs
from dfv.tb.common.rates import ACCESSES, DOC, documented_rates, rate_misses, within


def test_documented_rates():
    assert documented_rates("handshake_fork_ctrl", {"N": 1}) == {"in": 1.0}
    assert documented_rates("handshake_fifo_ctrl", {"DEPTH": 1}) == {"out": 0.5}
    assert documented_rates("handshake_fifo", {"W": 8, "DEPTH": 3}) == {"out": 1.0}
    assert documented_rates("handshake_store", {"W": 32, "AW": 8}) == {"addr_to_mem": 1.0, "data_to_mem": 1.0}
    assert documented_rates("dataflow_stream", {"W": 8, "STEP_OP": 0}) == {"idx": 1.0, "cont": 1.0}
    # /= at W = 8: 6 iterations of 10 cycles (each element waits for its successor's division), the final element
    # one more cycle: 7 elements in 61 cycles
    assert documented_rates("dataflow_stream", {"W": 8, "STEP_OP": 3}) == pytest.approx({"idx": 7 / 61, "cont": 7 / 61})
    # *= the same, its product shift and add over W + 2 cycles: at W = 32, 7 elements in 6 * 34 + 1 = 205 cycles
    mul = documented_rates("dataflow_stream", {"W": 32, "STEP_OP": 2})
    assert mul == pytest.approx({"idx": 7 / 205, "cont": 7 / 205})
    assert documented_rates("dataflow_gate", {"W": 2}) == {"before_value": 1.0, "before_cond": 1.0}
    mem = documented_rates("handshake_memory", {"W": 32, "AW": 4, "DEPTH": 12, "NLD": 2, "NST": 2})
    assert mem == {"st_addr[0]": 1.0, "st_addr[1]": 1.0, "ld_addr[0]": 1.0, "ld_addr[1]": 1.0, ACCESSES: 4.0}
    ext = documented_rates("handshake_extmemory", {"W": 32, "AW": 8, "NLD": 2, "NST": 2, "MAXOUT": 3})
    assert ext == {"st_addr[0]": 1.0, "st_addr[1]": 1.0, "ld_addr[0]": 1.0, "ld_addr[1]": 1.0, ACCESSES: 1.0}
    one = documented_rates("handshake_extmemory", {"W": 16, "AW": 6, "NLD": 1, "NST": 0, "MAXOUT": 1})
    assert one == pytest.approx({"ld_addr[0]": 1 / 3, ACCESSES: 1 / 3})
    with pytest.raises(KeyError, match="no documented throughput for module 'nothing'"):
        documented_rates("nothing", {})


def test_every_regression_module_has_a_rate():
    for job in load_jobs():
        if job.kernel is None:
            assert documented_rates(job.toplevel, dict(job.params)), job.label


def test_comparison_and_message():
    assert within(0.5003, 0.5) and within(1.0, 1.0)
    assert not within(0.501 + 0.005, 0.5) and not within(0.875, 1.0)
    assert rate_misses("handshake_fork_ctrl", {"N": 1}, {"in": 1.0}) == []
    assert rate_misses("handshake_fork_ctrl", {"N": 1}, {"in": 0.501}) == [
        f"throughput: handshake_fork_ctrl [N=1] in 0.501 tokens/cycle, documented 1.000 ({DOC})"]
    faster = rate_misses("handshake_fifo_ctrl", {"DEPTH": 1}, {"out": 1.0})  # faster than documented: a miss too
    assert faster == [f"throughput: handshake_fifo_ctrl [DEPTH=1] out 1.000 tokens/cycle, documented 0.500 ({DOC})"]
    params = {"W": 32, "AW": 4, "DEPTH": 12, "NLD": 2, "NST": 2}
    measured = {"st_addr[0]": 0.5, "st_addr[1]": 0.5, "ld_addr[0]": 1.0, "ld_addr[1]": 1.0, ACCESSES: 2.0}
    assert rate_misses("handshake_memory", params, measured) == [
        f"throughput: handshake_memory [AW=4,DEPTH=12,NLD=2,NST=2,W=32] st_addr[0] 0.500 tokens/cycle, "
        f"documented 1.000 ({DOC})",
        f"throughput: handshake_memory [AW=4,DEPTH=12,NLD=2,NST=2,W=32] st_addr[1] 0.500 tokens/cycle, "
        f"documented 1.000 ({DOC})",
        f"throughput: handshake_memory [AW=4,DEPTH=12,NLD=2,NST=2,W=32] accesses 2.000 accesses/cycle, "
        f"documented 4.000 ({DOC})"]
    assert rate_misses("dataflow_stream", {"W": 32, "STEP_OP": 0}, {"idx": 1.0}) == [
        f"throughput: dataflow_stream [STEP_OP=0,W=32] cont not measured, documented 1.000 ({DOC})"]


def test_regression_runs_the_bench_beside_every_suite():
    """Every module suite runs its bench module in the same process, and so do the mutants' runs."""
    from dfv.mutate.suites import module_jobs

    for job in load_jobs():
        if job.kernel is None:
            first, bench = job.module.split(",")
            assert first.startswith("dfv.tb.")
            assert bench in ("dfv.tb.bench.dataflow", "dfv.tb.bench.handshake", "dfv.tb.bench.memory")
    for module in ("dataflow_gate", "dataflow_stream", "handshake_fork_ctrl", "handshake_store",
                   "handshake_memory", "handshake_extmemory"):
        jobs = module_jobs(module)
        assert jobs and all(",dfv.tb.bench." in j.module for j in jobs), module


@pytest.mark.parametrize(("bench", "error"), [
    (3, "'bench' must be a Python module name"),
    ("dfv.tb.bench.handshake,tb.x", "'bench' must be a Python module name"),
    ("dfv.tb.handshake.fork", "'bench' must differ from 'module'"),
])
def test_bench_key_is_checked(tmp_path, bench, error):
    doc = yaml.safe_load(CONFIG.read_text())
    doc.pop("kernel_suites")
    suite = next(s for s in doc["suites"] if s["name"] == "handshake_fork")
    suite["bench"] = bench
    path = tmp_path / "regression.yaml"
    path.write_text(yaml.safe_dump(doc))
    with pytest.raises(ConfigError, match=error):
        load_jobs(path)


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
def test_a_wrong_documented_rate_fails_the_bench(tmp_path):
    from dfv.sim.regress import suite_spec
    from dfv.sim.run import run_tests

    with pytest.MonkeyPatch.context() as mp:
        mp.syspath_prepend(str(Path(__file__).parent))  # the simulator's Python path is this process's
        spec = suite_spec("handshake_fork_ctrl", {"N": 1}, "dfv.tb.handshake.fork")
        out = run_tests(spec, "icarus", "rate_miss_tb", 1, tmp_path)
    results = {r.name: r for r in out}
    assert results["DocumentedRateBench"].passed, results["DocumentedRateBench"].message
    halved = results["HalvedRateBench"]
    assert not halved.passed
    assert halved.message.startswith(
        f"throughput: handshake_fork_ctrl [N=1] in 1.000 tokens/cycle, documented 0.500 ({DOC})"), halved.message
    unmeasured = results["UnmeasuredRateBench"]
    assert not unmeasured.passed
    assert unmeasured.message.startswith(
        f"throughput: handshake_fork_ctrl [N=1] nowhere not measured, documented 1.000 ({DOC})"), unmeasured.message
