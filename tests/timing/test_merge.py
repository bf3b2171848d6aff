"""`dfv timing --merge`: the reports of runs split by seed or by target kind put together into the report one
run would have written, and refused where the runs did not time the same circuits."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from dfv.args import target_setting
from dfv.timing import command
from dfv.timing.config import TargetKind, load_config
from dfv.timing.critical import CriticalPath
from dfv.timing.flow import Area, Placement, TimingResult
from dfv.timing.merge import MergeError, merge_reports
from dfv.timing.report import RunSettings, read_summary, write_reports
from dfv.timing.targets import kernel_names, module_targets

CFG = load_config()
AREA = Area(luts=10, carries=2, ffs=8, dsps=0, brams=0, lutrams=0)
CLOCK = target_setting(CFG.kernel_target_mhz)


def placement(seed: int, fmax: float) -> Placement:
    return Placement(seed, fmax, CriticalPath(f"a{seed}", f"b{seed}", 1000 / fmax, 1.0, 1000 / fmax - 1.0, 3,
                                              ("x.sv:1",)))


def result(name: str, *placed: tuple[int, float], area: Area | None = AREA, note: str | None = None,
           kind: TargetKind = TargetKind.KERNEL, seconds: float = 10.0) -> TimingResult:
    return TimingResult(name, kind, 32, 150.0, area, tuple(placement(s, f) for s, f in placed), seconds, note=note)


def settings(*seeds: int, digest: str = "d1", clock: str | None = CLOCK, wall: float = 60.0) -> RunSettings:
    return RunSettings(CFG.device, CFG.package, CFG.target_mhz, clock, seeds, False, digest, wall)


def report(tmp_path: Path, name: str, results: list[TimingResult], run: RunSettings) -> Path:
    write_reports(results, run, tmp_path / name)
    return tmp_path / name


def test_the_placements_of_each_seed_are_one_target_and_its_median(tmp_path: Path):
    one = report(tmp_path, "s1", [result("kernel:a", (1, 120.0)), result("kernel:b", (1, 160.0))], settings(1))
    two = report(tmp_path, "s23", [result("kernel:b", (2, 140.0), (3, 170.0)), result("kernel:a", (2, 150.0),
                                                                                      (3, 151.0))], settings(2, 3))
    run, (a, b) = merge_reports([one, two], CFG)
    assert [p.seed for p in a.placements] == [1, 2, 3] and a.fmax_mhz == 150.0 and a.met is True
    assert b.fmax_mhz == 160.0 and b.median_placement.path.start == "a1"
    assert a.seconds == 20.0 and run.wall_seconds == 120.0 and run.seeds == (1, 2, 3)
    assert not run.full  # two kernels are not every module and kernel


def test_the_merged_report_is_written_and_read_back_by_the_command(tmp_path: Path, capsys):
    one = report(tmp_path, "s1", [result("kernel:a", (1, 120.0))], settings(1))
    two = report(tmp_path, "s2", [result("kernel:a", (2, 130.0))], settings(2))
    assert command.main(["--merge", str(one), str(two), "--out", str(tmp_path / "m")]) == 1  # 125 < 150: missed
    out = capsys.readouterr().out
    assert "1 targets from 2 reports, seeds [1, 2]" in out
    run, (a,) = read_summary(tmp_path / "m" / "summary.json")
    assert a.fmax_mhz == 125.0 and run.seeds == (1, 2) and run.inputs_digest == "d1"
    text = (tmp_path / "m" / "summary.txt").read_text()
    assert "kernel: 0 of 1 placed at their goal, geometric mean 125.0 MHz, median 125.0" in text


def test_runs_that_together_time_everything_at_the_configured_seeds_are_a_full_run(tmp_path: Path):
    modules = [t.name for t in module_targets()]
    kernels = [f"kernel:{k}" for k in kernel_names()]
    first, *rest = CFG.seeds
    mods = report(tmp_path, "mods", [result(m, *((s, 300.0) for s in CFG.seeds), kind=TargetKind.INTEGER)
                                     for m in modules[1:]]
                  + [result(modules[0], area=Area(0, 0, 0, 0, 0, 0), note="no logic", kind=TargetKind.INTEGER)],
                  settings(*CFG.seeds))
    k_first = report(tmp_path, "k1", [result(k, (first, 150.0)) for k in kernels], settings(first))
    k_rest = report(tmp_path, "k2", [result(k, *((s, 150.0) for s in rest)) for k in kernels[:-1]],
                    settings(*rest))
    run, results = merge_reports([mods, k_first, k_rest], CFG)
    assert not run.full, "the last kernel has one seed of the configuration's"
    k_last = report(tmp_path, "k3", [result(kernels[-1], *((s, 150.0) for s in rest))], settings(*rest))
    run, results = merge_reports([mods, k_first, k_rest, k_last], CFG)
    assert run.full and len(results) == len(modules) + len(kernels)
    assert not merge_reports([mods, k_first, k_rest, k_last], dataclasses.replace(CFG, target_mhz=200.0))[0].full
    k_other = report(tmp_path, "k4", [result("kernel:extra", (first, 150.0))], settings(first))
    assert not merge_reports([mods, k_first, k_rest, k_last, k_other], CFG)[0].full


@pytest.mark.parametrize(("second", "message"), [
    (lambda r: (r, settings(2, digest="d2")),
     "inputs_digest 'd2' differs from {first}'s 'd1': the runs timed different circuits or flows"),
    (lambda r: (r, settings(2, clock=None)), "kernel_target None differs from {first}'s"),
    (lambda r: ([dataclasses.replace(r[0], area=dataclasses.replace(AREA, luts=11))], settings(2)),
     "kernel:a synthesised to another area than in {first}"),
    (lambda r: ([dataclasses.replace(r[0], placements=(placement(1, 99.0),))], settings(1)),
     "kernel:a placed with seed 1 in {first} too"),
])
def test_runs_of_different_circuits_or_a_seed_twice_are_refused(second, message, tmp_path: Path, capsys):
    mine = [result("kernel:a", (1, 120.0))]
    first = report(tmp_path, "s1", mine, settings(1))
    other = report(tmp_path, "other", *second(mine))
    with pytest.raises(MergeError, match="^" + str(other / "summary.json")) as exc:
        merge_reports([first, other], CFG)
    assert message.format(first=first / "summary.json") in str(exc.value)
    assert command.main(["--merge", str(first), str(other), "--out", str(tmp_path / "m")]) == 2
    assert capsys.readouterr().err.startswith(f"dfv: error: {other / 'summary.json'}: ")
    assert not (tmp_path / "m").exists()


def test_a_folder_without_a_report_a_report_of_nothing_or_a_selection_beside_merge_is_refused(tmp_path: Path, capsys):
    assert command.main(["--merge", str(tmp_path / "none")]) == 2
    assert capsys.readouterr().err == (f"dfv: error: {tmp_path / 'none' / 'summary.json'}: no timing report there "
                                       "(the --out folder of a `dfv timing` run)\n")
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "summary.json").write_text('{"version": 2}')
    assert command.main(["--merge", str(tmp_path / "junk")]) == 2
    assert capsys.readouterr().err.startswith(f"dfv: error: {tmp_path / 'junk' / 'summary.json'}: not a timing "
                                              "summary of this version (")
    one = report(tmp_path, "s1", [result("kernel:a", (1, 120.0))], settings(1))
    assert command.main(["--merge", str(one), "--kernels-only"]) == 2
    assert capsys.readouterr().err == ("dfv: error: --merge times nothing: --kernels-only belongs to the runs being "
                                       "merged\n")


def test_a_run_records_the_digest_of_the_inputs_it_read_not_of_those_at_its_end(tmp_path: Path, monkeypatch):
    """The digest is taken when the run begins: a file edited while the targets are placed (hours, for a full
    run) must not give the report the digest of circuits it never timed (the merge would then accept it)."""
    edited = []
    monkeypatch.setattr(command, "inputs_digest", lambda _: "after-edit" if edited else "as-read")

    def time_target(target, cfg, work, seeds):
        edited.append(True)
        return result(target.name, (1, 300.0), kind=target.kind)

    monkeypatch.setattr(command, "time_target", time_target)
    assert command.main(["--module", "handshake_join", "--seed", "1", "--out", str(tmp_path / "r")]) == 0
    assert read_summary(tmp_path / "r" / "summary.json")[0].inputs_digest == "as-read"
