"""`make formal` (dfv.sim.formal): the fast proof set proves and covers, every must-fail job fails on
the property it names, a job over its time bound is named, a module that leaves out its properties is
refused, and the driver's log reading does what docs/formal.md says. The full proof set runs in
`make formal` (a few minutes); here the jobs marked `fast` in configs/formal.yaml (one per module), one solver
process at a time."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dfv.paths import REPO, RTL_DIR, WORK_ENV
from dfv.sim import formal
from dfv.sim.formal import (
    ConfigError,
    FormalJob,
    Mutation,
    Property,
    check_props_included,
    failed_properties,
    load_jobs,
)

pytestmark = pytest.mark.xdist_group("formal")  # one worker: the proofs share the machine's 2 cores

JOBS, MUST_FAIL = load_jobs()


@pytest.mark.parametrize("job", [j for j in JOBS if j.fast], ids=lambda j: j.name)
def test_fast_set_proves_and_covers(job: FormalJob, tmp_path: Path):
    results = formal.run_jobs([job], out=tmp_path, parallel=1, progress=False)
    assert [(r.task, r.status) for r in results] == [("prove", "proved"), ("cover", "covered")], \
        [f"{r.task}: {r.status} {r.detail}" for r in results]


@pytest.mark.parametrize("job", MUST_FAIL, ids=lambda j: j.name)
def test_broken_copy_fails_naming_the_property(job: FormalJob, tmp_path: Path):
    (result,) = formal.run_jobs([job], out=tmp_path, parallel=1, progress=False)
    assert result.status == "failed as expected", result.detail
    name, where = result.detail.split(" ", 1)
    assert name.split(".")[-1] == job.expect
    assert where.startswith("(") and ".sv" in where  # the property's source file and line


def test_a_job_over_its_bound_is_named(tmp_path: Path):
    # 32-bit division at depth 40 runs over 30 s; at W = 8 the proof can finish inside a 2 s bound on an
    # idle machine, so the job must be one that cannot
    slow = FormalJob("runaway_stream", "dataflow_stream", (("STEP_OP", 3), ("W", 32)), depth=40, cover_depth=1,
                     timeout=2)
    (result,) = formal.run_jobs([slow], out=tmp_path, tasks=("prove",), parallel=1, progress=False)
    assert result.status == "TIMEOUT" and not result.ok
    assert "runaway_stream" in result.detail


def test_fast_set_has_every_module_and_names_are_unique():
    assert {j.top for j in JOBS if j.fast} == {j.top for j in JOBS}
    assert len({j.name for j in JOBS + MUST_FAIL}) == len(JOBS) + len(MUST_FAIL)
    assert all(j.expect for j in MUST_FAIL) and not any(j.expect for j in JOBS)


def test_config_schema_is_checked(tmp_path: Path):
    bad = tmp_path / "formal.yaml"
    bad.write_text("version: 1\ndefaults: {depth: 4, cover_depth: 8, timeout: 10}\njobs:\n  - {name: x}\n")
    with pytest.raises(ConfigError, match="'top' is a required property"):
        load_jobs(bad)


def test_config_refuses_a_module_without_proof_or_reason(tmp_path: Path):
    cfg = tmp_path / "formal.yaml"
    cfg.write_text("version: 1\ndefaults: {depth: 4, cover_depth: 8, timeout: 10}\n"
                   "jobs:\n  - {name: j, top: handshake_join}\n")
    with pytest.raises(ConfigError, match="neither proved nor listed"):
        load_jobs(cfg)


def test_a_mutation_that_does_not_apply_is_an_error(tmp_path: Path):
    job = FormalJob("m", "handshake_join", (), 4, 4, 10, mutation=Mutation("handshake_join.sv", "no such text", ""),
                    expect="x")
    with pytest.raises(ConfigError, match="occurs 0 times"):
        formal.prepare(job, tmp_path)


def test_a_module_that_does_not_include_its_properties_is_refused():
    text = (RTL_DIR / "handshake" / "handshake_join.sv").read_text()
    check_props_included(text, "handshake_join")  # as written: accepted
    cut = text.replace('`include "handshake_join_props.svh"', "")
    with pytest.raises(ConfigError, match=r"formal/handshake_join_props.svh would not be proved"):
        check_props_included(cut, "handshake_join")


def test_failed_properties_reads_both_smtbmc_forms():
    index = {"no_dup": Property("no_dup", "p.svh", 21), "p.svh:21": Property("no_dup", "p.svh", 21),
             "hold_valid": Property("hold_valid", "dfv_hs_chk.sv", 26)}
    log = "\n".join([
        "SBY [x] engine_0.basecase: ##  Assert failed in top: p.svh:21.7-21.45 (_witness_.check_assert_p_21)",
        "SBY [x] engine_0.basecase: ##  Assert failed in top.f_out: hold_valid",
        "SBY [x] engine_0.basecase: ##  Assert failed in top.f_out: hold_valid",
    ])
    assert failed_properties(log, "prove", index) == [
        "no_dup (p.svh:21) [basecase]", "f_out.hold_valid (dfv_hs_chk.sv:26) [basecase]"]


def test_a_job_that_cannot_be_set_up_is_one_error_line(tmp_path: Path, monkeypatch, capsys):
    # a property file left out of its module: the driver refuses it without a traceback, naming the module
    rtl = tmp_path / "rtl"
    shutil.copytree(RTL_DIR, rtl)
    join = rtl / "handshake" / "handshake_join.sv"
    join.write_text(join.read_text().replace('`include "handshake_join_props.svh"', ""))
    monkeypatch.setattr(formal, "needed_sources", lambda top: [rtl / "dfv_pkg.sv", join])
    assert formal.main(["--only", "join_n3"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("dfv: error: handshake_join.sv does not end with"), err


def test_only_with_an_unknown_job_is_refused(capsys):
    assert formal.main(["--only", "no_such_job"]) == 2
    assert "--only names no job" in capsys.readouterr().err


def test_a_work_folder_outside_the_checkout_is_named_as_it_is(tmp_path: Path):
    # DFV_WORK elsewhere (a kit run outside its checkout): the proofs run there and the report folder is
    # printed whole (it was taken relative to the checkout, a traceback after every proof had passed)
    env = {**os.environ, WORK_ENV: str(tmp_path)}
    run = subprocess.run([sys.executable, "-m", "dfv.sim.formal", "--only", "join_n3"], env=env, cwd=REPO,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert f"reports in {tmp_path / 'reports' / 'formal'}/" in run.stdout
    assert (tmp_path / "reports" / "formal").is_dir() and "Traceback" not in run.stderr
