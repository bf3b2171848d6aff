"""The flow-control check of the float units (`dfv_cap_chk`, read by `dfv.tb.common.capacity`) fires on the
fault it exists for, named by its message: a unit that refuses an operation it has room for. The RTL is
broken the way the mutants that only this check kills are (on Icarus, with pauses on both sides): a pipeline
stage that no longer takes a token while the stage after it moves (the bubbles before a stalled result do
not collapse) and an iterative unit that no longer takes its next operation in the cycle its result leaves.
Values stay right in both, so the scoreboard passes: the message must be this check's. On the real RTL
the same tests pass in the regression."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from dfv.mutate.suites import write_tree
from dfv.paths import RTL_DIR
from dfv.sim.regress import suite_spec
from dfv.sim.run import run_tests
from dfv.tb.common.capacity import PREFIX

pytestmark = pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")

F16 = {"EW": 5, "FW": 10}
CASES = {
    "pipeline_bubble": ("fp/arith_convertf.sv", "s1_ready = !s1_valid_q | s2_ready;", "s1_ready = s2_ready;",
                        "arith_convertf", {"IEW": 5, "IFW": 10, "OEW": 8, "OFW": 23},
                        "refused an operation it had room for"),
    "join_pipeline_bubble": ("fp/arith_addf.sv", "s1_ready = !s1_valid_q | s2_ready;", "s1_ready = s2_ready;",
                             "arith_addf", {**F16, "SUB": 0}, "refused an operation it had room for"),
    "iterative_no_overlap": ("fp/math_sqrt.sv", "accept = in_valid & (!busy | (done_q & out_ready));",
                             "accept = in_valid & !busy;", "math_sqrt", F16,
                             "with its result leaving, the unit refused an operation it had room for"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_capacity_check_fires_on_broken_rtl(case: str, tmp_path: Path) -> None:
    rel, old, new, top, params, needle = CASES[case]
    text = (RTL_DIR / rel).read_text()
    assert text.count(old) == 1, f"{rel} no longer has {old!r}: update this test"
    write_tree(tmp_path, {Path(rel): text.replace(old, new)})
    spec = replace(suite_spec(top, params, "dfv.tb.fp.arith", build_root=tmp_path / "build"),
                   rtl_dir=tmp_path / "rtl")
    test = "FloatBurstyTest"  # pauses on the inputs too: a stage empties while the result is stalled
    results = {r.name: r for r in run_tests(spec, "icarus", "dfv.tb.fp.arith", 1, tmp_path / "run", testcase=test)}
    assert not results[test].passed, f"{test} passed on the broken RTL"
    assert PREFIX in results[test].message and needle in results[test].message, results[test].message
