"""Sharded runs merged equal an unsharded run (issue 10), on a small slice of the regression on Verilator.

Two cheap suites (three jobs, two builds) run once unsharded and once as shards 1/2 and 2/2, each into
its own folder as separate machines would; `dfv report merge` of the two shards must give the
unsharded run's testcases (names, results, cycles, order) and its coverage report (hit/points per
module and type, missed points, merged Verilator points, functional bins, threshold verdicts), the
latter computed as `make coverage` computes it: from every coverage file under the run's folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from dfv import cli
from dfv.sim import junit, regress
from dfv.sim.coverage import TYPES, CoverageReport, coverage_report
from dfv.sim.merge import merge

pytestmark = pytest.mark.xdist_group("shard-merge")  # one worker runs the simulations once

SUITES = ("handshake_fork_ctrl", "handshake_join")


@dataclass(frozen=True)
class Runs:
    whole: Path
    shards: tuple[Path, Path]
    root: Path


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> Runs:
    root = tmp_path_factory.mktemp("shards")
    args = ["--sim", "verilator", *(f"--suite={s}" for s in SUITES)]
    whole, shards = root / "whole", (root / "shard1", root / "shard2")
    assert regress.main([*args, f"--out={whole}"]) == 0
    for i, folder in enumerate(shards, 1):
        assert regress.main([*args, f"--shard={i}/2", f"--out={folder}"]) == 0
    return Runs(whole, shards, root)


def _numbers(report: CoverageReport) -> dict:
    """Every figure of a coverage report, the HTML path aside."""
    code = {m: {t: (c.hit[t], c.total[t]) for t in TYPES} | {"waived": c.waived, "missed": c.missed}
            for m, c in report.modules.items()}
    return {"code": code, "functional": report.functional, "failures": report.failures,
            "runs": (report.code_runs, report.functional_runs)}


def _merged_points(folder: Path) -> list[str]:
    return sorted((folder / "merged.dat").read_text().splitlines())


def test_each_shard_ran_part_of_the_jobs(runs):
    parts = [junit.read(s / junit.FILE) for s in runs.shards]
    assert all(parts), "a shard without tests: the slice does not exercise the merge"
    assert {c.job for c in parts[0]}.isdisjoint({c.job for c in parts[1]})


def test_merged_shards_equal_the_unsharded_run(runs, capsys):
    out = runs.root / "merged"
    result = merge(list(runs.shards), out)
    whole_cases = junit.read(runs.whole / junit.FILE)
    assert junit.read(out / junit.FILE) == whole_cases
    assert len(whole_cases) > 20 and not result.failed

    dats = sorted(runs.whole.glob("**/coverage.dat"))
    fcovs = sorted(runs.whole.glob("**/fcov.yml"))
    whole = coverage_report(dats, fcovs, runs.root / "whole-coverage")
    assert set(whole.modules) == set(SUITES) and len(whole.functional) > 5
    assert _numbers(result.coverage) == _numbers(whole)
    assert _merged_points(out / "coverage") == _merged_points(runs.root / "whole-coverage")

    # the command: same figures, and exit 1 because a slice of the regression misses the signoff thresholds
    assert cli.main(["report", "merge", *map(str, runs.shards), "--out", str(runs.root / "cli")]) == 1
    printed = capsys.readouterr().out
    assert f"{len(whole_cases)} passed, 0 failed" in printed
    assert whole.text().split("\nHTML")[0] in printed
    assert all(f in printed for f in whole.failures)


def test_merging_one_shard_of_two_is_refused(runs, capsys):
    assert cli.main(["report", "merge", str(runs.shards[0]), "--out", str(runs.root / "partial")]) == 2
    assert capsys.readouterr().err == "dfv: error: incomplete shard set: verilator shard(s) 2/2 missing\n"
    assert not (runs.root / "partial").exists()


def test_merging_a_shard_twice_is_refused(runs, capsys):
    s1, s2 = runs.shards
    assert cli.main(["report", "merge", str(s1), str(s2), str(s1), "--out", str(runs.root / "twice")]) == 2
    err = capsys.readouterr().err
    assert err == f"dfv: error: overlapping shards: verilator shard 1/2 given twice ({s1} and {s1})\n"
