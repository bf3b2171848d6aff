"""Run one cocotb test module on a built design and read back per-test results.

`runner.test()` returns normally even when a cocotb test failed, so results always come from the
results XML. Each run gets its own folder (results, log, code- and functional-coverage files), so
runs can proceed in parallel and their coverage can be merged afterwards.

One process may run its tests in several variants (`dfv.tb.common.variants`: every seed of a build in one
simulator start); each result then says which (`TestResult.variant`) and carries that variant's seed.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from dfv.sim.build import BuildSpec, build
from dfv.tb.common import stall_guard
from dfv.tb.common.clock import CLOCK_NS
from dfv.tb.common.dut import DUT_ENV, Dut
from dfv.tb.common.op_harness import dut_module
from dfv.tb.common.variants import VARIANTS_ENV, Variant, split_name, to_env


@dataclass
class TestResult:
    """One cocotb test case as reported in the results XML."""

    name: str
    sim: str
    seed: int
    passed: bool
    cycles: int
    message: str = ""
    variant: str = ""  # the key of the variant it ran in ("" for a process of one unnamed variant)


def _counted_cycles(run_dir: Path) -> dict[str, int]:
    """Cycle counts the testbenches recorded themselves (`dfv.tb.common.op_test.record_cycles`)."""
    path = run_dir / "cycles.jsonl"
    if not path.exists():
        return {}
    return {r["test"]: r["cycles"] for r in map(json.loads, path.read_text().splitlines())}


def verilator_seed(seed: int) -> int:
    """Verilator's seed for run seed `seed` (any of 0..2^32-1): Verilator takes 0 as "pick one at random" and
    refuses 2^31 and more, so the seed is shifted by one (every run seed, 0 included, gives the same initial
    values, and so the same coverage, each time it runs) and folded into 1..2^31-1 (unchanged below 2^31-1)."""
    return seed % (2**31 - 1) + 1


def parse_results(xml_path: Path, sim: str, seed: int, variants: Sequence[Variant] = ()) -> list[TestResult]:
    """Test cases of a cocotb results file; a missing file means the simulator itself failed.

    Cycles are those the testbench counted when it recorded them, else simulated time / period. A test
    named `<class>@<key>` ran in variant `key` of `variants`: its result is named `<class>` and takes
    that variant's seed (`seed` is that of a test without a variant).
    """
    seeds = {v.key: v.seed for v in variants}
    counted = _counted_cycles(xml_path.parent)
    if not xml_path.exists():
        stall = xml_path.parent / stall_guard.STALL_FILE
        if stall.exists():  # the stall guard ended the process (dfv.tb.common.stall_guard): no test after the
            # stalled one ran, so the failure (which names that test) belongs to every variant, as "<simulator>"'s
            return [TestResult("<stall>", sim, seed, False, 0, stall.read_text().strip())]
        return [TestResult("<simulator>", sim, seed, False, 0, f"no results file {xml_path} (see sim.log)")]
    results = []
    for case in ET.parse(xml_path).getroot().iter("testcase"):
        failure = case.find("failure")
        if failure is None:
            failure = case.find("error")
        message = "" if failure is None else (failure.get("message") or failure.text or "failed").strip()
        props = {p.get("name"): p.get("value") for p in case.iter("property")}
        sim_ns = float(props.get("sim_time_duration") or case.get("sim_time_ns") or 0)
        name = case.get("name", "?")
        cycles = counted.get(name, round(sim_ns / CLOCK_NS))
        base, key = split_name(name)
        results.append(TestResult(base, sim, seeds.get(key, seed), failure is None, cycles, message, key))
    return results


def run_tests(
    spec: BuildSpec,
    sim: str,
    module: str,
    seed: int,
    run_dir: Path,
    testcase: str | Sequence[str] | None = None,
    env: Mapping[str, str] | None = None,
    waves: bool = False,
    plusargs: Sequence[str] = (),
    variants: Sequence[Variant] = (),
    dut: Dut | None = None,
) -> list[TestResult]:
    """Build (or reuse) `spec` on `sim` and run cocotb `module` in `run_dir` with `seed`.

    `variants`: run every test once per variant, in this one process (`testcase` then names the tests
    with their variant: `Variant.test_name`); `seed` seeds the simulator itself. `waves` needs a build
    with `spec.waves`; `plusargs` are added to the simulator's. `dut`: what the suite tests (default: the
    module the top level is, or wraps, at the build's parameters, with the kit's port names)."""
    runner, build_dir, _reused = build(spec, sim)
    run_dir.mkdir(parents=True, exist_ok=True)
    results_xml = run_dir / "results.xml"
    results_xml.unlink(missing_ok=True)
    for stale in ("cycles.jsonl", "fcov.yml"):  # written by this run only (fcov.yml when the simulator exits)
        (run_dir / stale).unlink(missing_ok=True)
    extra_env = {
        DUT_ENV: (dut or Dut(dut_module(spec.toplevel), dict(spec.parameters))).to_env(),
        "DFV_RUN_DIR": str(run_dir),
        "COCOTB_LOG_LEVEL": "WARNING",
        **({VARIANTS_ENV: to_env(variants)} if variants else {}),
        **(env or {}),
    }
    plusargs = list(plusargs)
    if sim == "verilator":
        plusargs += [f"+verilator+coverage+file+{run_dir / 'coverage.dat'}", f"+verilator+seed+{verilator_seed(seed)}",
                    "+verilator+rand+reset+2"]
    with stall_guard.watch(run_dir):  # a zero-delay loop would never return: killed, and stall.txt says why
        try:
            runner.test(
                test_module=module,
                hdl_toplevel=spec.toplevel,
                hdl_toplevel_lang="verilog",
                testcase=testcase,
                seed=seed,
                build_dir=build_dir,
                test_dir=run_dir,
                results_xml=str(results_xml),
                extra_env=extra_env,
                plusargs=plusargs,
                waves=waves,
                timescale=("1ns", "1ps"),
                log_file=run_dir / "sim.log",
            )
        except SystemExit:  # under pytest the runner exits on a failed test: the results file says which
            pass
        except RuntimeError:  # the simulator's exit status was not 0: reported from the results when killed
            if not (run_dir / stall_guard.STALL_FILE).exists():
                raise
    return parse_results(results_xml, sim, seed, variants)
