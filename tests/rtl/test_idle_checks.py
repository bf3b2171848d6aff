"""The checks behind the memory, extmemory and invariant tests of the mutation survivors fire on RTL broken
the way the survivors were, each with its own message (on Icarus): the error-free memory test on a range
error raised by in-range loads, the unused-port tests on a memory whose unused port takes garbage, the
memory model's `mem_resp_ready` check on an interface ready for a response with no load outstanding, and
the channel monitor's idle-ready check on a `d_ready` that reads the (X) idle `d_data`. On the real RTL the
same tests pass in the regression, and each check has an expected-failure test there too
(`MemoryErrorFreeCaughtTest`, `MemoryUnusedPortCaughtTest`, `ExtMemoryUnusedPortCaughtTest`,
`ExtMemoryRespReadyCaughtTest`, `InvariantIdleReadyXCaughtTest`).

The same for the flow-control check of the units with a latency (`dfv_cap_chk`, read by
`dfv.tb.common.capacity`), on RTL broken the way the mutants that only it kills were (with pauses on both
sides, `FloatBurstyTest`, `UnitBurstyTest`): a pipeline stage that no longer takes a token while the stage
after it moves (the bubbles before a stalled result do not collapse), an iterative unit that no longer takes
its next operation in the cycle its result leaves, and a credit-based pipeline that holds one operation
fewer than its output FIFO has room for. Values stay right, so the scoreboard passes: the message must be
this check's."""

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
# the pipelines' control core with stage 1's room taken from stage 2 alone (an empty stage 1 refuses an
# operation while stage 2 is stalled: the bubble does not collapse): right values, lost throughput
NO_COLLAPSE = ("assign hole_d[i] = ~&vld_d[S-1:i];",
               "assign hole_d[i] = ~&vld_d[S-1:(i == 0 ? 1 : i)];")
# case: (file under dfv/rtl, its text, the broken text, top, parameters, test module, test, needles: each in
# the failure's message)
CASES = {
    "error_free": ("memory/handshake_memory.sv", "if (ld_fire[i] && !ld_ok[i]) range_err",
                   "if (ld_fire[i] && ld_ok[i]) range_err", "handshake_memory",
                   {"W": 32, "AW": 4, "DEPTH": 12, "NLD": 2, "NST": 2}, "dfv.tb.memory.memory", "MemoryErrorFreeTest",
                   ("err_code: DUT ends with 288, model with 0",)),
    "unused_store": ("memory/handshake_memory.sv", "st_fire[i] = (i < NST) && ", "st_fire[i] = ",
                     "handshake_memory", {"W": 16, "AW": 4, "DEPTH": 10, "NLD": 1, "NST": 0}, "dfv.tb.memory.memory",
                     "MemoryUnusedPortTest", ("unused store port 0 (NST = 0): st_data_ready is 1 in cycle ",)),
    "unused_load": ("memory/handshake_extmemory.sv", "if ((i < NLD) && ld_addr_valid[i]",
                    "if ((i <= NLD) && ld_addr_valid[i]", "handshake_extmemory",
                    {"W": 8, "AW": 4, "NLD": 0, "NST": 1, "MAXOUT": 1}, "dfv.tb.memory.extmemory",
                    "ExtMemoryUnusedPortTest", ("unused load port 0 (NLD = 0): ld_addr_ready is 1 in cycle ",)),
    "resp_ready": ("memory/handshake_extmemory.sv", "resp_ok = busy && ", "resp_ok = ",
                   "handshake_extmemory", {"W": 32, "AW": 8, "NLD": 2, "NST": 2, "MAXOUT": 3},
                   "dfv.tb.memory.extmemory", "ExtMemoryRandomTest", ("with no load outstanding (it must be 0: ",)),
    "idle_ready_x": ("dataflow/dataflow_invariant.sv", "~(d_valid & d_data)", "~(d_data)", "dataflow_invariant",
                     {"W": 32}, "dfv.tb.dataflow.invariant", "InvariantRandomTest", ("d: ready is X at cycle ",)),
    "capacity_pipeline_bubble": ("common/dfv_pipe_ctrl.sv", NO_COLLAPSE[0], NO_COLLAPSE[1],
                                 "arith_convertf", {"IEW": 5, "IFW": 10, "OEW": 8, "OFW": 23}, "dfv.tb.fp.arith",
                                 "FloatBurstyTest", (PREFIX, "refused an operation it had room for")),
    "capacity_join_credit_short": ("common/dfv_credit_ctrl.sv", "assign in_ready = free_x[1];",
                                   "assign in_ready = free_x[2];", "arith_addf", {**F16, "SUB": 0},
                                   "dfv.tb.fp.arith", "FloatBackpressureTest",
                                   (PREFIX, "its result not leaving, the unit refused an operation it had room for")),
    "capacity_iterative_no_overlap": ("fp/math_sqrt.sv", "accept = in_valid & (!busy | (done_q & out_ready));",
                                      "accept = in_valid & !busy;", "math_sqrt", F16, "dfv.tb.fp.arith",
                                      "FloatBurstyTest",
                                      (PREFIX, "with its result leaving, the unit refused an operation it had "
                                               "room for")),
    "capacity_credit_short": ("common/dfv_credit_ctrl.sv", "assign in_ready = free_x[1];",
                              "assign in_ready = free_x[2];", "arith_muli", {"W": 8},
                              "dfv.tb.handshake.units", "UnitBurstyTest",
                              (PREFIX, "its result not leaving, the unit refused an operation it had room for")),
    "capacity_divider_no_overlap": ("handshake/arith_divi.sv", "accept = lhs_valid & rhs_valid & (!busy | take);",
                                    "accept = lhs_valid & rhs_valid & !busy;", "arith_divi", {"W": 8, "OP": 4},
                                    "dfv.tb.handshake.units", "UnitBurstyTest",
                                    (PREFIX, "with its result leaving, the unit refused an operation it had "
                                             "room for")),
}


@pytest.mark.parametrize("case", list(CASES))
def test_check_fires_on_broken_rtl(case: str, tmp_path: Path) -> None:
    rel, old, new, top, params, module, test, needles = CASES[case]
    text = (RTL_DIR / rel).read_text()
    assert text.count(old) == 1, f"{rel} no longer has {old!r}: update this test"
    write_tree(tmp_path, {Path(rel): text.replace(old, new)})
    spec = replace(suite_spec(top, params, module, build_root=tmp_path / "build"), rtl_dir=tmp_path / "rtl")
    results = {r.name: r for r in run_tests(spec, "icarus", module, 1, tmp_path / "run", testcase=test)}
    assert not results[test].passed, f"{test} passed on the broken RTL"
    assert all(n in results[test].message for n in needles), results[test].message
