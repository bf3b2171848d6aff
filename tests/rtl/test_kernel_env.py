"""The kernel environment and `dfv run` on the RTL engines, on Icarus (fast builds): its checks catch
what they must (a deadlock, a token left in a channel, an instance not back in its initial state, a
wrong expectation), a seed reproduces a run, `dfv run --engine icarus` prints the JSON object, and
the kernel-suite schema of configs/regression.yaml is strict. The full kernel suite on both
simulators runs in tests/rtl/test_regression.py."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from dfv.kernels import gen, kernel_func, kernel_path
from dfv.paths import BUILD_DIR, REPO, RTL_DIR
from dfv.sim.kernel import prepare, run_kernel
from dfv.sim.regress import ConfigError, load_jobs

pytestmark = pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")


def _faulty(name: str, tag: str, old: str, new: str):
    """Kernel `name` with one line of its generated top replaced (a fault injected in the wiring)."""
    prog = prepare(kernel_path(name), kernel_func(name))
    text = prog.top_sv.read_text()
    assert old in text, old
    bad = dataclasses.replace(prog, tag=f"{prog.tag}_{tag}", folder=BUILD_DIR / "kernels" / f"{prog.tag}_{tag}")
    bad.folder.mkdir(parents=True, exist_ok=True)
    patched = text.replace(old, new)
    if not bad.top_sv.exists() or bad.top_sv.read_text() != patched:
        bad.top_sv.write_text(patched)
    shutil.copy(prog.dfg_yaml, bad.dfg_yaml)
    return bad


def _failure(out) -> str:
    (main,) = [r for r in out.results if r.name == "KernelRun"]
    assert not main.passed, "the faulty circuit passed"
    return " ".join(out.main["errors"])


def test_deadlock_is_reported_with_the_channels_holding_tokens(tmp_path):
    # gcd's loop feedback (the carried b value into the next iteration) is never taken
    prog = _faulty("gcd", "deadlock", "assign cond_br_8_out_true_ready[0] = fork_23_in_ready[0];",
                   "assign cond_br_8_out_true_ready[0] = 1'b0;")
    out = run_kernel(prog, gen("gcd", 2), "icarus", 1, tmp_path, deadlock_cycles=300)
    text = _failure(out)
    assert "deadlock, no progress for 300 cycles" in text
    assert "holding tokens: " in text and "channel c36 (cond_br_8.out_true -> fork_23.in) from scf.while at" in text
    # the loop's carry never completed its first output, so the arguments were never taken
    assert "input arg0: 1 token(s) never taken (stranded)" in text
    assert "instance u_fork_18 (handshake.fork) from scf.while at" in text


def test_deadlock_behind_memory_traffic(tmp_path):
    # vector_add's first load data is never taken: the memory side keeps its seeded back-pressure going
    prog = _faulty("vector_add", "deadlock", "assign load_7_data_ready[0] = addi_9_lhs_ready[0];",
                   "assign load_7_data_ready[0] = 1'b0;")
    out = run_kernel(prog, gen("vector_add", 2), "icarus", 3, tmp_path, deadlock_cycles=300)
    text = _failure(out)
    assert "deadlock, no progress for 300 cycles" in text
    assert "channel c15 (load_7.data -> addi_9.lhs) from memref.load at" in text


def test_runaway_is_reported_with_the_channels_holding_tokens(tmp_path):
    # a healthy bubble sort stopped at 100 cycles: the harness wakes Python at the deadline it set
    out = run_kernel(prepare(kernel_path("bubble_sort"), "bubble_sort"), gen("bubble_sort", 2), "icarus", 1,
                     tmp_path, max_cycles=100)
    text = _failure(out)
    assert text.startswith("kernel bubble_sort: still running after 100 cycles (a runaway loop?); holding tokens: ")
    assert "from scf.for at" in text and "deadlock" not in text


def test_stranded_token_and_busy_instance_are_named(tmp_path):
    # the value gcd's loop leaves for its sink at the exit is never taken: results and done still arrive
    prog = _faulty("gcd", "stranded", "assign cond_br_8_out_false_ready[0] = sink_22_in_ready[0];",
                   "assign cond_br_8_out_false_ready[0] = 1'b0;")
    out = run_kernel(prog, gen("gcd", 2), "icarus", 1, tmp_path)
    text = _failure(out)
    assert "channel c35 (cond_br_8.out_false -> sink_22.in) from scf.while at" in text
    assert "holds a valid token at the end (stranded)" in text
    assert "is not in its initial state at the end (at_init = 0)" in text
    assert out.main["cycles"] is not None and "deadlock" not in text


def test_stranded_token_beyond_the_idle_state_is_named(tmp_path):
    """A CIRCT strategy=cycles loop ends in its idle state (its condition token held at the fork before the
    loop's muxes, as the golden run now says): that passes (the regression's circt suite), but a token
    stranded anywhere else still fails the end check. Here the value the loop's exit leaves for its sink
    is never taken."""
    prog = _faulty("handshake/horner", "stranded", "assign cond_br_42_out_false_ready[0] = sink_43_in_ready[0];",
                   "assign cond_br_42_out_false_ready[0] = 1'b0;")
    out = run_kernel(prog, gen("handshake/horner", 2), "icarus", 1, tmp_path)
    text = _failure(out)
    assert re.search(r"channel c\d+ \(cond_br_42\.out_false -> sink_43\.in\) from handshake\.cond_br at "
                     r"\S*horner\.mlir:\d+:\d+: holds a valid token at the end \(stranded\)", text), text
    assert out.main["cycles"] is not None and "deadlock" not in text


def test_sv_monitor_catches_result_data_changed_while_waiting(tmp_path):
    # gcd's result flips bit 0 while its consumer is not ready and is right when taken: the token is right,
    # only the output monitor of the harness (dfv/tb/hdl/dfv_chan_monitor.sv) sees the protocol error
    line = next(ln for ln in prepare(kernel_path("gcd"), "gcd").top_sv.read_text().splitlines()
                if ln.strip().startswith("assign res0_data = "))
    rhs = line.split("=", 1)[1].strip().rstrip(";")
    prog = _faulty("gcd", "res_change", line.strip(), f"assign res0_data = {rhs} ^ {{31'd0, ~res0_ready}};")
    out = run_kernel(prog, gen("gcd", 2), "icarus", 1, tmp_path)
    text = _failure(out)
    assert re.search(r"res0: data changed from (\d+) to (\d+) at cycle \d+ while waiting for ready", text), text
    a, b = map(int, re.search(r"data changed from (\d+) to (\d+)", text).groups())
    assert a ^ b == 1 and "res0: token 0" not in text and "deadlock" not in text


def _broken_rtl(tmp_path, rel: str, old: str, new: str) -> Path:
    """A copy of dfv/rtl/ with one line of `rel` changed; returns its root."""
    from dfv.mutate.suites import write_tree

    text = (RTL_DIR / rel).read_text()
    assert text.count(old) == 1, f"{rel} no longer has {old!r}: update this test"
    write_tree(tmp_path, {Path(rel): text.replace(old, new)})
    return tmp_path / "rtl"


@pytest.mark.parametrize(("old", "new", "needle"), [
    # the request's wdata bit 0 flipped while the memory is not ready, right when taken
    ("mem_req_data = req_q;", "mem_req_data = req_q ^ {{(RW - 1){1'b0}}, ~mem_req_ready};",
     r"arg\d: mem_req: data changed from 0x[0-9a-f]+ to 0x[0-9a-f]+ at cycle \d+ while waiting for ready"),
    # ready for a response with no load outstanding (tests/rtl/test_idle_checks.py breaks it the same way)
    ("resp_ok = busy && ", "resp_ok = ",
     r"arg\d: mem_resp_ready is 1 at cycle \d+ with no load outstanding \(it must be 0: "),
])
def test_sv_memory_model_checks_fire(tmp_path, old, new, needle):
    """The protocol checks of the harness's memory model (dfv/tb/hdl/dfv_mem_model.sv) fire on an extmemory broken
    at its memory boundary, with the messages of the memory suites; the results stay right."""
    rtl = _broken_rtl(tmp_path / "tree", "memory/handshake_extmemory.sv", old, new)
    out = run_kernel(prepare(kernel_path("vector_add"), "vector_add"), gen("vector_add", 2), "icarus", 3,
                     tmp_path / "run", rtl_dir=rtl, build_root=tmp_path / "build")
    text = _failure(out)
    assert re.search(needle, text), text
    assert "final contents differ" not in text and "deadlock" not in text


def test_expected_failure_tests_fail_and_same_seed_same_run(tmp_path):
    prog = prepare(kernel_path("histogram"), "histogram")
    tests = ("KernelRun", "KernelWrongModel", "KernelCorruptResult")
    a = run_kernel(prog, gen("histogram", 2), "icarus", 5, tmp_path / "a", latency=3, tests=tests)
    b = run_kernel(prog, gen("histogram", 2), "icarus", 5, tmp_path / "b", latency=3, tests=("KernelRun",))
    assert all(r.passed for r in a.results), [(r.name, r.message) for r in a.results]
    assert a.records["KernelRun"]["errors"] == []
    assert a.records["KernelWrongModel"]["errors"] and a.records["KernelCorruptResult"]["errors"]
    assert a.main["cycles"] == b.main["cycles"] and a.main["memrefs"] == b.main["memrefs"]


def test_expected_failure_tests_catch_a_wrong_result(tmp_path):
    # gcd has a result: the wrong model and the corrupted result trip the token comparison of res0, the
    # corrupted result also the comparison with the source interpreter (histogram above: done only)
    out = run_kernel(prepare(kernel_path("gcd"), "gcd"), gen("gcd", 2), "icarus", 2, tmp_path,
                     tests=("KernelWrongModel", "KernelCorruptResult"))
    assert all(r.passed for r in out.results), [(r.name, r.message) for r in out.results]
    (wrong,) = out.records["KernelWrongModel"]["errors"]
    assert wrong.startswith("res0: token 0 is ")
    corrupt = out.records["KernelCorruptResult"]["errors"]
    assert len(corrupt) == 2 and corrupt[0].startswith("res0: token 0 is ")
    assert corrupt[1].startswith("result 0: RTL returned ")


@pytest.mark.parametrize(("tag", "old", "new", "head", "needle"), [
    ("deadlock", "assign cond_br_8_out_true_ready[0] = fork_23_in_ready[0];",
     "assign cond_br_8_out_true_ready[0] = 1'b0;", "kernel gcd: deadlock, no progress for 300 cycles",
     "end-of-run findings:"),
    ("stranded", "assign cond_br_8_out_false_ready[0] = sink_22_in_ready[0];",
     "assign cond_br_8_out_false_ready[0] = 1'b0;", "kernel gcd: not the expected failure\n",
     "unexpected error: channel c35 (cond_br_8.out_false -> sink_22.in)"),
])
def test_expected_failure_tests_fail_on_another_failure(tmp_path, tag, old, new, head, needle):
    """On a faulty circuit the expected-failure tests fail: a deadlock is not the failure they expect,
    nor is a stranded token next to their own finding (which they did report)."""
    prog = _faulty("gcd", tag, old, new)
    out = run_kernel(prog, gen("gcd", 2), "icarus", 1, tmp_path, deadlock_cycles=300,
                     tests=("KernelWrongModel", "KernelCorruptResult"))
    assert [r.name for r in out.results if not r.passed] == ["KernelWrongModel", "KernelCorruptResult"]
    for r in out.results:
        assert r.message.startswith(head) and needle in r.message, (r.name, r.message[:2000])
        assert "expected error not reported" not in r.message


def test_dfv_run_icarus_json(tmp_path):
    inp = tmp_path / "in.json"
    inp.write_text(json.dumps({"args": gen("dot_product", 2)}))
    proc = subprocess.run([sys.executable, "-m", "dfv.cli", "run", str(kernel_path("dot_product")), "--func",
                           "dot_product", "--inputs", str(inp), "--engine", "icarus", "--seed", "4", "--json"],
                          capture_output=True, text=True, cwd=REPO, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    obj = json.loads(proc.stdout.strip().splitlines()[-1])
    assert set(obj) == {"status", "engine", "returns", "memrefs", "cycles", "sim_seconds", "message"}
    assert obj["status"] == "pass" and obj["engine"] == "icarus" and isinstance(obj["cycles"], int)
    assert isinstance(obj["sim_seconds"], float) and obj["sim_seconds"] > 0
    a, b, n = gen("dot_product", 2)
    assert obj["returns"] == [sum(x * y for x, y in zip(a[:n], b[:n], strict=True))]


def test_dfv_run_rtl_bad_input_is_one_line_error(tmp_path):
    inp = tmp_path / "in.json"
    inp.write_text(json.dumps({"args": [[1] * 8, [1] * 7, [0] * 8]}))
    proc = subprocess.run([sys.executable, "-m", "dfv.cli", "run", str(kernel_path("vector_add")), "--func",
                           "vector_add", "--inputs", str(inp), "--engine", "verilator"],
                          capture_output=True, text=True, cwd=REPO, timeout=300)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    (line,) = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert "argument 1" in line and "needs 8 values" in line


@pytest.mark.parametrize(("suite", "needle"), [
    ({"name": "k", "kernels": ["gcd"], "latencies": [1], "colour": 1}, "unknown keys ['colour']"),
    ({"name": "k", "kernels": ["nope"], "latencies": [1]}, "no such kernel"),
    ({"name": "k", "kernels": "all", "latencies": [0]}, "latencies"),
    ({"name": "k", "kernels": ["gcd"], "latencies": [1], "seeds": []}, "seeds"),
    ({"name": "k", "kernels": ["gcd"], "latencies": [1], "expect_fail": "yes"}, "expect_fail"),
])
def test_kernel_suite_schema_is_strict(tmp_path, suite, needle):
    cfg = tmp_path / "r.yaml"
    base = {"version": 1, "suites": [{"name": "s", "toplevel": "handshake_join", "module": "dfv.tb.handshake.join"}]}
    cfg.write_text(yaml.safe_dump({**base, "kernel_suites": [suite]}))
    with pytest.raises(ConfigError, match=needle.replace("[", r"\[").replace("]", r"\]")):
        load_jobs(cfg)
    cfg.write_text(yaml.safe_dump({**base, "kernel_suite": []}))
    with pytest.raises(ConfigError, match="unknown top-level keys"):
        load_jobs(cfg)


def test_kernel_suite_jobs():
    jobs = [j for j in load_jobs() if j.kernel is not None]
    names = {j.kernel.name for j in jobs}
    from dfv.kernels import CIRCT_KERNELS  # the CIRCT-made handshake programs of kernels/handshake/

    assert names == {p.stem for p in kernel_path("x").parent.glob("*.mlir")} | set(CIRCT_KERNELS)
    for name in names:
        mine = [j for j in jobs if j.kernel.name == name]
        assert len({(j.kernel.latency, j.seed) for j in mine}) == len(mine) >= 4
        assert sum("KernelWrongModel" in j.kernel.tests for j in mine) == 1


def _edge_programs() -> dict:
    sys.path.insert(0, str(REPO / "tests" / "lowering"))
    from test_edge_cases import PROGRAMS

    return PROGRAMS


@pytest.mark.parametrize("name", ["casts", "if_in_before", "no_args", "static_zero_trip", "unused_memref_while",
                                  "while_in_while", "yield_outer"])
def test_edge_case_programs(tmp_path, name):
    """Programs without results, arguments or memory accesses, zero-trip loops, nested whiles: the
    environment handles every interface shape (the start token may be taken after done and the results)."""
    text, inputs = _edge_programs()[name]
    path = BUILD_DIR / "kernels" / "edge_cases" / f"{name}.mlir"  # a fixed path: its build is reused
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)
    prog = prepare(path, "f")
    for i, args in enumerate(inputs):
        out = run_kernel(prog, args, "icarus", 1 + i, tmp_path / f"run{i}", latency=1 + i % 3)
        assert all(r.passed for r in out.results), (args, out.main and out.main["errors"],
                                                    [r.message for r in out.results])
        assert out.main["cycles"] >= 1
