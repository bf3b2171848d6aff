"""`dfv timing --merge DIR...`: one report from several runs of the same inputs, each target's placements put
together, so its Fmax is the median over every seed any run placed it with.

Why: a full `make timing` (every module and kernel at the configuration's three seeds) takes hours on two
cores; it can be split (`--modules-only`, `--kernels-only`, `--seed N`) across sessions or machines and its
parts merged here into the report a single run would have written. The merged report is full (the signoff
report takes it) when together the runs placed every module and kernel at exactly the configuration's seeds
with the kernels lowered for its clock.

Refused (MergeError), so that no median is taken over circuits that differ: runs made from different inputs
(`RunSettings.inputs_digest`: the RTL, the lowering, the kernels or configs/timing.yaml changed between them),
for another part, nextpnr frequency or kernel clock, or that synthesised a target to different areas; a target
placed twice with one seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from dfv.args import target_setting
from dfv.timing.config import TimingConfig
from dfv.timing.flow import TimingResult
from dfv.timing.report import SUMMARY_NAME, RunSettings, SummaryVersionError, read_summary
from dfv.timing.targets import kernel_names, module_targets


class MergeError(ValueError):
    """Reports that cannot be merged, or a folder without a report."""


def merge_reports(dirs: Sequence[Path], cfg: TimingConfig) -> tuple[RunSettings, list[TimingResult]]:
    """The merged settings and results of the reports in `dirs` (each a `--out` folder of `dfv timing`), the
    targets in the order they first appear."""
    runs = []
    for d in dirs:
        path = d / SUMMARY_NAME
        if not path.is_file():
            raise MergeError(f"{path}: no timing report there (the --out folder of a `dfv timing` run)")
        try:
            runs.append((path, *read_summary(path)))
        except SummaryVersionError as exc:
            raise MergeError(str(exc)) from None
    first_path, first, _ = runs[0]
    for path, settings, _ in runs[1:]:
        for field in ("inputs_digest", "device", "package", "target_mhz", "kernel_target"):
            if getattr(settings, field) != getattr(first, field):
                raise MergeError(f"{path}: {field} {getattr(settings, field)!r} differs from {first_path}'s "
                                 f"{getattr(first, field)!r}: the runs timed different circuits or flows")
    merged: dict[str, TimingResult] = {}
    origin: dict[str, Path] = {}
    for path, _, results in runs:
        for r in results:
            if r.target not in merged:
                merged[r.target], origin[r.target] = r, path
                continue
            merged[r.target] = _combine(merged[r.target], r, origin[r.target], path)
    results = list(merged.values())
    seeds = tuple(sorted({seed for _, settings, _ in runs for seed in settings.seeds}))
    settings = RunSettings(first.device, first.package, first.target_mhz, first.kernel_target, seeds,
                           _covers_full_run(results, cfg, first), first.inputs_digest,
                           sum(s.wall_seconds for _, s, _ in runs))
    return settings, results


def _combine(a: TimingResult, b: TimingResult, a_path: Path, b_path: Path) -> TimingResult:
    """Target `a` as one run reported it with `b`'s placements added."""
    if a.area != b.area and a.error is None and b.error is None:
        raise MergeError(f"{b_path}: {b.target} synthesised to another area than in {a_path} "
                         f"({b.area} against {a.area}): not one circuit")
    twice = sorted({p.seed for p in a.placements} & {p.seed for p in b.placements})
    if twice:
        raise MergeError(f"{b_path}: {b.target} placed with seed {twice[0]} in {a_path} too")
    placements = tuple(sorted(a.placements + b.placements, key=lambda p: p.seed))
    return replace(a, placements=placements, seconds=a.seconds + b.seconds, error=a.error or b.error,
                   area=a.area or b.area, note=a.note or b.note)


def _covers_full_run(results: Sequence[TimingResult], cfg: TimingConfig, run: RunSettings) -> bool:
    """Whether the results are those of a full `make timing` of configuration `cfg`: its part and frequency, every
    module and kernel, nothing else, each placed at exactly its seeds (one without logic, or that a tool failed on,
    at none: as a single run reports it), the kernels lowered for its clock."""
    if (run.device, run.package, run.target_mhz, run.kernel_target) != (
            cfg.device, cfg.package, cfg.target_mhz, target_setting(cfg.kernel_target_mhz)):
        return False
    want = {t.name for t in module_targets()} | {f"kernel:{k}" for k in kernel_names()}
    if {r.target for r in results} != want:
        return False
    return all({p.seed for p in r.placements} == set(cfg.seeds) for r in results if r.why_unplaced is None)
