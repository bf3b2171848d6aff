"""Several seeds in one simulator process (`dfv.tb.common.variants`) run exactly as each seed alone."""

from __future__ import annotations

import hashlib

import pytest

from dfv.sim.regress import suite_spec
from dfv.sim.run import run_tests
from dfv.tb.common.variants import Variant, class_seed, split_name, to_env

MODULE = "dfv.tb.dataflow.carry"


@pytest.mark.parametrize("sim", ["icarus", "verilator"])
def test_variants_of_one_process_equal_separate_runs(tmp_path, sim):
    spec = suite_spec("dataflow_carry", {"W": 2}, MODULE)
    together = run_tests(spec, sim, MODULE, 1, tmp_path / "both", variants=[Variant("seed1", 1), Variant("seed2", 2)])
    alone = [r for seed in (1, 2) for r in run_tests(spec, sim, MODULE, seed, tmp_path / f"seed{seed}")]
    assert together and all(r.passed for r in together), [r.message for r in together if not r.passed]
    assert {(r.name, r.seed): r.cycles for r in together} == {(r.name, r.seed): r.cycles for r in alone}
    assert {r.variant for r in together} == {"seed1", "seed2"}
    # the seeds really differ: some test takes a different number of cycles under each
    by_seed = {seed: {r.name: r.cycles for r in together if r.seed == seed} for seed in (1, 2)}
    assert by_seed[1] != by_seed[2]


def test_class_seed_names_the_test_without_the_kits_package():
    """cocotb's per-test seed formula (run seed + SHA-1 of the test's full name), with the kit's own suites
    named as they were before they moved under `dfv`, so their stimulus is unchanged; a user's suite keeps
    its full name."""
    class Probe:
        pass

    Probe.__module__ = "dfv.tb.dataflow.carry"
    assert class_seed(Variant("seed7", 7), Probe) == 7 + int(hashlib.sha1(b"tb.dataflow.carry.Probe").hexdigest(), 16)
    Probe.__module__ = "myproj.fork_tests"
    assert class_seed(Variant("seed7", 7), Probe) == 7 + int(hashlib.sha1(b"myproj.fork_tests.Probe").hexdigest(), 16)


def test_names_and_keys():
    assert Variant("seed2", 2).test_name("CarryRandomTest") == "CarryRandomTest@seed2"
    assert Variant("", 2).test_name("CarryRandomTest") == "CarryRandomTest"
    assert split_name("KernelRun@lat3-seed1") == ("KernelRun", "lat3-seed1")
    assert split_name("KernelRun") == ("KernelRun", "")
    to_env([Variant("", 1)])  # a lone unnamed variant is fine
    for bad in ([Variant("a", 1), Variant("a", 2)], [Variant("", 1), Variant("b", 2)], [Variant("x@y", 1)]):
        with pytest.raises(ValueError, match="variant keys must be distinct"):
            to_env(bad)


@pytest.mark.parametrize("sim", ["icarus", "verilator"])
def test_kernel_runs_of_one_process_equal_separate_runs(tmp_path, sim):
    """The SystemVerilog agents keep their registers from test to test of one process: every run of a
    program must still load its own memory contents and read its own logs."""
    from dfv.kernels import KERNEL_DIR, gen
    from dfv.sim.kernel import KernelRun, prepare, run_kernel, run_kernels

    prog = prepare(KERNEL_DIR / "vector_add.mlir", "vector_add")
    runs = [KernelRun(f"s{seed}", gen("vector_add", seed), seed, latency) for seed, latency in ((1, 1), (2, 3), (0, 2))]
    together = run_kernels(prog, runs, sim, tmp_path / "all")
    for run in runs:
        alone = run_kernel(prog, run.args, sim, run.seed, tmp_path / run.key, latency=run.latency)
        got = together[run.key]
        assert [r.passed for r in got.results] == [True], [r.message for r in got.results]
        assert [r.passed for r in alone.results] == [True], [r.message for r in alone.results]
        for key in ("returns", "memrefs", "cycles", "errors"):
            assert got.main[key] == alone.main[key], (run.key, key)
