"""Shards of the regression (`--shard I/N`, `dfv.sim.shard`) on the real configs/regression.yaml job list,
and `dfv report merge` refusing folders that are not one complete, disjoint shard set. No simulator runs
here: the merge's refusals are checked on shard folders written by the same writers the regression uses
(test_shard_merge.py merges real shards)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dfv import cli
from dfv.paths import REPO
from dfv.sim import junit, regress, run
from dfv.sim.regress import ConfigError, build_cost, load_jobs, shard_jobs
from dfv.sim.shard import MANIFEST, ShardManifest, ShardSpec, job_list_digest

JOBS = load_jobs()
COUNTS = (1, 2, 3, 4, 7, 16, 400)  # 400: more shards than build groups, some shards empty


def _shards(count: int) -> list[list[regress.Job]]:
    return [shard_jobs(JOBS, ShardSpec(i, count)) for i in range(1, count + 1)]


def test_job_keys_are_unique():
    assert len({j.key for j in JOBS}) == len(JOBS) > 100


@pytest.mark.parametrize("count", COUNTS)
def test_shards_are_disjoint_complete_and_in_job_order(count):
    shards = _shards(count)
    keys = [j.key for s in shards for j in s]
    assert sorted(keys) == sorted(j.key for j in JOBS)  # complete, and no job twice
    position = {j.key: i for i, j in enumerate(JOBS)}
    for s in shards:
        assert [position[j.key] for j in s] == sorted(position[j.key] for j in s)


@pytest.mark.parametrize("count", COUNTS)
def test_shards_keep_builds_together_and_are_balanced(count):
    shards = _shards(count)
    owner: dict[str, int] = {}
    for i, s in enumerate(shards):
        for j in s:
            assert owner.setdefault(j.build_key, i) == i, f"{j.build_key} split across shards"
    groups: dict[str, list[regress.Job]] = {}
    for j in JOBS:
        groups.setdefault(j.build_key, []).append(j)
    loads = [sum(build_cost(groups[k]) for k in {j.build_key for j in s}) for s in shards]
    assert max(loads) - min(loads) <= max(build_cost(g) for g in groups.values())
    if count <= len(groups):
        assert all(shards), "a shard without jobs while there are groups enough"


def test_shards_do_not_depend_on_the_hash_seed():
    """The slices are the same in other processes with other hash seeds (and so on other machines)."""
    code = ("import json; from dfv.sim.regress import load_jobs, shard_jobs; from dfv.sim.shard import ShardSpec; "
            "jobs = load_jobs(); print(json.dumps([[j.key for j in shard_jobs(jobs, ShardSpec(i, 4))] "
            "for i in range(1, 5)]))")
    here = [[j.key for j in s] for s in _shards(4)]
    for seed in ("0", "12345"):
        out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONHASHSEED": seed})
        assert json.loads(out.stdout) == here


def test_one_shard_is_the_whole_list():
    assert shard_jobs(JOBS, ShardSpec(1, 1)) == JOBS


@pytest.mark.parametrize("text", ["0/2", "3/2", "1/0", "2", "a/b", "-1/2", "1/2/3", "", "1 /2x"])
def test_bad_shard_spec_is_one_line_and_exit_2(text, capsys):
    assert regress.main(["--sim", "verilator", f"--shard={text}"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"dfv: error: bad shard {text!r}: expected I/N with 1 <= I <= N, e.g. 1/4"]


def test_make_sim_passes_the_shard():
    out = subprocess.run(["make", "-n", "sim", "SIM=icarus", "SHARD=2/4"], cwd=REPO, capture_output=True, text=True,
                         check=True).stdout
    assert "-m dfv.sim.regress --sim icarus --shard=2/4" in out


def test_shard_spec_round_trip():
    assert [str(ShardSpec.parse(t)) for t in ("1/1", "2/4", " 4/4 ")] == ["1/1", "2/4", "4/4"]


def test_repeated_job_is_a_config_error(tmp_path):
    cfg = tmp_path / "regression.yaml"
    cfg.write_text("version: 1\nsuites:\n  - {name: j, toplevel: handshake_join, module: dfv.tb.handshake.join,\n"
                   "     params: [{N: 2}, {N: 2}]}\n")
    with pytest.raises(ConfigError, match=r"jobs listed twice .*\['j\[N=2\]\[seed=1\]'\]"):
        load_jobs(cfg)


# ---- dfv report merge: bad shard sets are refused with one line and exit 2 ----

def _write_shard(folder: Path, index: int, count: int, jobs: list[str], total: list[str],
                 sim: str = "verilator") -> Path:
    """A shard folder as the regression writes it: one passing test per job, no run folders."""
    position = {k: i for i, k in enumerate(total)}
    cases = [junit.Case.of(run.TestResult(f"{k}::T", sim, 1, True, 10), position[k]) for k in jobs]
    junit.write({sim: cases}, folder / junit.FILE)
    ShardManifest(sim, ShardSpec(index, count), len(total), job_list_digest(total), tuple(jobs),
                  tuple(f"runs/{k}" for k in jobs)).write(folder)
    return folder


ALL = ["a[seed=1]", "b[seed=1]", "c[seed=1]"]


def _merge_error(capsys, *folders: Path) -> str:
    assert cli.main(["report", "merge", *map(str, folders), "--out", str(folders[0].parent / "merged")]) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("dfv: error: "), captured.err
    assert not (folders[0].parent / "merged").exists()
    return lines[0].removeprefix("dfv: error: ")


def test_merge_refuses_a_missing_shard(tmp_path, capsys):
    s1 = _write_shard(tmp_path / "s1", 1, 3, ALL[:1], ALL)
    s3 = _write_shard(tmp_path / "s3", 3, 3, ALL[2:], ALL)
    assert _merge_error(capsys, s1, s3) == "incomplete shard set: verilator shard(s) 2/3 missing"


def test_merge_refuses_a_shard_given_twice(tmp_path, capsys):
    s1 = _write_shard(tmp_path / "s1", 1, 2, ALL[:2], ALL)
    again = _write_shard(tmp_path / "again", 1, 2, ALL[:2], ALL)
    s2 = _write_shard(tmp_path / "s2", 2, 2, ALL[2:], ALL)
    assert _merge_error(capsys, s1, s2, again) == (f"overlapping shards: verilator shard 1/2 given twice ({s1} and "
                                                   f"{again})")


def test_merge_refuses_a_job_in_two_shards(tmp_path, capsys):
    s1 = _write_shard(tmp_path / "s1", 1, 2, ALL[:2], ALL)
    s2 = _write_shard(tmp_path / "s2", 2, 2, ALL[1:], ALL)
    assert _merge_error(capsys, s1, s2) == "overlapping shards: verilator job(s) in more than one shard: b[seed=1]"


def test_merge_refuses_shards_missing_a_job(tmp_path, capsys):
    s1 = _write_shard(tmp_path / "s1", 1, 2, ALL[:1], ALL)
    s2 = _write_shard(tmp_path / "s2", 2, 2, ALL[2:], ALL)
    assert _merge_error(capsys, s1, s2) == "incomplete shard set: the verilator shards ran 2 of 3 jobs"


def test_merge_refuses_shards_of_different_runs(tmp_path, capsys):
    s1 = _write_shard(tmp_path / "s1", 1, 2, ALL[:1], ALL)
    s2 = _write_shard(tmp_path / "s2", 2, 2, ALL[1:2], ALL[:2])
    assert _merge_error(capsys, s1, s2).startswith(f"verilator shards of different runs: {s1} is shard 1/2 of 3 jobs")


def test_merge_refuses_missing_empty_and_foreign_folders(tmp_path, capsys):
    good = _write_shard(tmp_path / "good", 1, 1, ALL, ALL)
    (tmp_path / "empty").mkdir()
    (tmp_path / "file").write_text("x")
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("x")
    bad_json = _write_shard(tmp_path / "bad", 1, 1, ALL, ALL)
    (bad_json / MANIFEST).write_text('{"sim": "verilator", "shard": "2/1"}')
    no_junit = _write_shard(tmp_path / "nojunit", 1, 1, ALL, ALL)
    (no_junit / junit.FILE).unlink()
    assert _merge_error(capsys, tmp_path / "nope") == f"{tmp_path / 'nope'}: no such folder"
    assert _merge_error(capsys, tmp_path / "file") == f"{tmp_path / 'file'}: not a folder"
    assert _merge_error(capsys, tmp_path / "empty").startswith(f"{tmp_path / 'empty'}: empty folder")
    assert _merge_error(capsys, tmp_path / "other") == (f"{tmp_path / 'other'}: no shard.json "
                                                        "(not a regression output folder)")
    assert _merge_error(capsys, good, bad_json).startswith(f"{bad_json / MANIFEST}: invalid: bad shard '2/1'")
    assert _merge_error(capsys, no_junit) == f"{no_junit / junit.FILE}: missing"


def test_merge_without_folders_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["report", "merge"])
    assert exc.value.code == 2
    assert capsys.readouterr().err.startswith("dfv: error: the following arguments are required: DIR")


def test_merge_refuses_a_damaged_coverage_file(tmp_path, capsys):
    shard = _write_shard(tmp_path / "s1", 1, 1, ALL, ALL)
    fcov = shard / "runs" / ALL[0] / "fcov.yml"
    fcov.parent.mkdir(parents=True)
    fcov.write_text("- not a coverage database\n")
    assert cli.main(["report", "merge", str(shard), "--out", str(tmp_path / "merged")]) == 2
    assert capsys.readouterr().err == (f"dfv: error: {fcov}: not a cocotb-coverage file "
                                       "(expected a mapping of cover items)\n")


def test_merge_takes_an_empty_shard_and_needs_verilator_coverage(tmp_path, capsys):
    """More shards than jobs leaves a shard empty; it merges. Without any Verilator run the code coverage
    cannot be checked: exit 1, as `make coverage` without one."""
    s1 = _write_shard(tmp_path / "s1", 1, 2, ALL, ALL)
    s2 = _write_shard(tmp_path / "s2", 2, 2, [], ALL)
    assert cli.main(["report", "merge", str(s1), str(s2), "--out", str(tmp_path / "merged")]) == 1
    out = capsys.readouterr().out
    assert "verilator 3 tests from 2 shard(s)): 3 passed, 0 failed" in out
    assert "no Verilator coverage.dat among the runs" in out
    assert [c.job for c in junit.read(tmp_path / "merged" / junit.FILE)] == [0, 1, 2]
