"""`dfv report merge DIR...`: one report from the output folders of regression shards.

Each DIR is the output folder of one `python -m dfv.sim.regress --sim S [--shard I/N] [--out DIR]` run
(`make sim SHARD=I/N`): its junit.xml, shard.json and runs/. Per simulator the folders must be one
complete, disjoint set of shards cut from one job list (one N and one job list, every shard 1..N once,
no job twice, every job of the list present); an unsharded run is the set of its one shard 1/1. The
merge writes <out>/junit.xml with every testcase in the order an unsharded run writes them, and the
report of `make coverage` (`dfv.sim.coverage.coverage_report`, same thresholds) over the shards' runs
into <out>/coverage/.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from dfv.paths import REPORTS_DIR
from dfv.sim import junit
from dfv.sim.coverage import CoverageReport, coverage_report
from dfv.sim.shard import ManifestError, ShardManifest
from dfv.sim.toolchain import SIMULATORS

DEFAULT_OUT = REPORTS_DIR / "merged"


class MergeError(ValueError):
    """The folders are not one complete, disjoint set of intact shard outputs (for `dfv: error:`)."""


@dataclass(frozen=True)
class Shard:
    """One shard's output folder: what it ran (`manifest`) and its testcases."""

    folder: Path
    manifest: ShardManifest
    cases: tuple[junit.Case, ...]

    def run_files(self, name: str) -> list[Path]:
        """The file `name` of each of this shard's run folders that has one (jobs of one process share theirs)."""
        return [p for run in dict.fromkeys(self.manifest.runs) if (p := self.folder / run / name).is_file()]


def read_shard(folder: Path) -> Shard:
    """Read a shard's output folder; MergeError when it is missing, empty or not a shard's output."""
    if not folder.exists():
        raise MergeError(f"{folder}: no such folder")
    if not folder.is_dir():
        raise MergeError(f"{folder}: not a folder")
    if not any(folder.iterdir()):
        raise MergeError(f"{folder}: empty folder (expected a regression shard's junit.xml, shard.json and runs/)")
    try:
        manifest = ShardManifest.read(folder)
        cases = tuple(junit.read(folder / junit.FILE))
    except (ManifestError, junit.JunitError) as exc:
        raise MergeError(str(exc)) from None
    if manifest.sim not in SIMULATORS:
        raise MergeError(f"{folder}: unknown simulator {manifest.sim!r} in {folder / 'shard.json'}")
    if any(c.sim != manifest.sim for c in cases):
        raise MergeError(f"{folder}: junit.xml holds testcases of another simulator than {manifest.sim}")
    return Shard(folder, manifest, cases)


def check_shard_set(shards: Sequence[Shard]) -> None:
    """Per simulator: one shard count and job list, every shard once, every job of the list exactly once."""
    for sim in SIMULATORS:
        group = [s for s in shards if s.manifest.sim == sim]
        if not group:
            continue
        first = group[0]
        count = first.manifest.shard.count
        for s in group[1:]:
            m = s.manifest
            if (m.shard.count, m.job_list, m.total_jobs) != (count, first.manifest.job_list, first.manifest.total_jobs):
                raise MergeError(f"{sim} shards of different runs: {first.folder} is shard {first.manifest.shard} of "
                                 f"{first.manifest.total_jobs} jobs, {s.folder} shard {m.shard} of {m.total_jobs} jobs "
                                 f"(another job list or shard count)")
        seen: dict[int, Path] = {}
        for s in group:
            index = s.manifest.shard.index
            if index in seen:
                raise MergeError(f"overlapping shards: {sim} shard {s.manifest.shard} given twice "
                                 f"({seen[index]} and {s.folder})")
            seen[index] = s.folder
        missing = [f"{i}/{count}" for i in range(1, count + 1) if i not in seen]
        if missing:
            raise MergeError(f"incomplete shard set: {sim} shard(s) {', '.join(missing)} missing")
        jobs = Counter(k for s in group for k in s.manifest.jobs)
        twice = sorted(k for k, n in jobs.items() if n > 1)
        if twice:
            raise MergeError(f"overlapping shards: {sim} job(s) in more than one shard: {', '.join(twice[:5])}")
        if len(jobs) != first.manifest.total_jobs:
            raise MergeError(f"incomplete shard set: the {sim} shards ran {len(jobs)} of "
                             f"{first.manifest.total_jobs} jobs")


@dataclass(frozen=True)
class MergeResult:
    """The merged testcases (per simulator, in unsharded order), where they were written, and the coverage."""

    shards: tuple[Shard, ...]
    cases: dict[str, list[junit.Case]]
    junit_path: Path
    coverage: CoverageReport

    @property
    def failed(self) -> list[junit.Case]:
        return [c for cs in self.cases.values() for c in cs if c.failure is not None]

    def summary(self) -> str:
        """Which shards were merged, and the test counts."""
        sets = ", ".join(f"{sim} {len(cs)} tests from {sum(s.manifest.sim == sim for s in self.shards)} shard(s)"
                         for sim, cs in self.cases.items())
        total = sum(len(cs) for cs in self.cases.values())
        return (f"Merged {len(self.shards)} shard folder(s) ({sets}): {total - len(self.failed)} passed, "
                f"{len(self.failed)} failed -> {self.junit_path}")


def merge(folders: Sequence[Path], out: Path = DEFAULT_OUT) -> MergeResult:
    """Check the shard set, write <out>/junit.xml and <out>/coverage/; MergeError for a bad set."""
    shards = tuple(read_shard(Path(f)) for f in folders)
    check_shard_set(shards)
    cases = {sim: sorted((c for s in shards if s.manifest.sim == sim for c in s.cases), key=lambda c: c.job)
             for sim in SIMULATORS if any(s.manifest.sim == sim for s in shards)}
    path = out / junit.FILE
    junit.write(cases, path)
    dats = sorted(p for s in shards if s.manifest.sim == "verilator" for p in s.run_files("coverage.dat"))
    fcovs = sorted(p for s in shards for p in s.run_files("fcov.yml"))
    try:
        coverage = coverage_report(dats, fcovs, out / "coverage")
    except ValueError as exc:  # a damaged coverage file in a shard, or a bad configs/coverage.yaml
        raise MergeError(str(exc)) from None
    return MergeResult(shards, cases, path, coverage)
