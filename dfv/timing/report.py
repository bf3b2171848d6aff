"""The timing report: one row per target (area, Fmax as the median over seeds with the spread, the delay
model's clock of a lowered program, goal, met), the critical path of each target's median placement, and a
summary of the goals and of the model's error against the placements. Printed, and written to
reports/timing/ as summary.txt and summary.json; `read_summary` reads summary.json back (the signoff
report, `make bench`), so its layout is defined here only: the run's settings (`RunSettings`) and the
results."""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from dfv.args import FASTEST
from dfv.lowering.timing_plan import BEST_LADDER, BEST_MARGIN, ClockGoal
from dfv.sim.provenance import TIMING_INPUTS, inputs_digest
from dfv.sim.tables import format_table
from dfv.timing.config import TargetKind
from dfv.timing.critical import CriticalPath
from dfv.timing.flow import Area, Placement, TimingResult

SUMMARY_VERSION = 2  # 2: the kernels' lowering clock (`kernel_target`)
SUMMARY_NAME = "summary.json"  # in the report folder (--out), beside SUMMARY_TEXT
SUMMARY_TEXT = "summary.txt"


class SummaryVersionError(ValueError):
    """summary.json was written by another version of this report (re-run `make timing`)."""


@dataclass(frozen=True)
class RunSettings:
    """What a `make timing` run was: the part (`device`, `package`), the frequency nextpnr aimed at, the clock
    the kernels and programs were lowered for (`kernel_target`, as `dfv lower --target-mhz` writes it; None:
    without one), the placement seeds, whether it timed every target at the configuration's seeds and kernel
    clock (`full`), the digest of its inputs (`dfv.sim.provenance.TIMING_INPUTS`) and its wall time."""

    device: str
    package: str
    target_mhz: float
    kernel_target: str | None
    seeds: tuple[int, ...]
    full: bool
    inputs_digest: str
    wall_seconds: float

    @property
    def current(self) -> bool:
        """Whether the run was made from this checkout's inputs (its figures are not stale)."""
        return self.inputs_digest == inputs_digest(TIMING_INPUTS)


def _mhz(v: float | None) -> str:
    return "-" if v is None else f"{v:.1f}"


def _verdict(r: TimingResult) -> str:
    return {True: "met", False: "MISSED", None: "-"}[r.met] if r.error is None else "ERROR"


def format_rows(results: Sequence[TimingResult]) -> str:
    """The table of targets."""
    rows = [["target", "width", "LUT4", "CCU2C", "FF", "DSP", "BRAM", "LUTRAM", "Fmax MHz", "seeds", "model MHz",
             "goal", ""]]
    for r in results:
        a = r.area
        cells = [str(v) for v in (a.luts, a.carries, a.ffs, a.dsps, a.brams, a.lutrams)] if a else ["-"] * 6
        spread = (f"{min(p.fmax_mhz for p in r.placements):.1f}-{max(p.fmax_mhz for p in r.placements):.1f}"
                  if len(r.placements) > 1 else str(len(r.placements)))
        rows.append([r.target, str(r.width), *cells, _mhz(r.fmax_mhz), spread, _mhz(r.model_mhz), _mhz(r.goal_mhz),
                     _verdict(r)])
    return format_table(rows)


def format_paths(results: Sequence[TimingResult]) -> str:
    """Each target's critical path (of its median placement), or its error, or why it has none."""
    lines = []
    for r in results:
        if r.why_unplaced is not None:
            lines.append(f"{r.target}: {r.why_unplaced}")
            continue
        med = r.median_placement
        if med is not None and med.path is not None:
            lines.append(f"{r.target} (seed {med.seed}, {med.fmax_mhz:.1f} MHz): {med.path.describe()}")
    return "\n".join(lines)


def model_errors(results: Sequence[TimingResult]) -> dict[str, float]:
    """Per lowered program placed, how much longer nextpnr's period (of the median placement) is than the delay
    model's (`model / fmax - 1`: 0.1 is a period 10% longer than the lowering promised)."""
    return {r.target: r.model_mhz / r.fmax_mhz - 1.0 for r in results
            if r.model_mhz is not None and r.fmax_mhz is not None}


def format_model(results: Sequence[TimingResult]) -> str | None:
    """The delay model against the placements: the mean and mean absolute error of the period over the lowered
    programs, and the two extremes (None: no program lowered for a clock was placed)."""
    errs = model_errors(results)
    if not errs:
        return None
    lo, hi = min(errs, key=errs.__getitem__), max(errs, key=errs.__getitem__)
    return (f"the delay model against nextpnr over {len(errs)} lowered programs: placed period "
            f"{100 * statistics.mean(errs.values()):+.1f}% on average against the model's (mean absolute "
            f"{100 * statistics.mean(abs(e) for e in errs.values()):.1f}%; {lo} {100 * errs[lo]:+.1f}%, "
            f"{hi} {100 * errs[hi]:+.1f}%)")


def format_summary(results: Sequence[TimingResult]) -> str:
    """Counts of targets that met, missed or have no goal; per kind of target placed, how many met their goal,
    the geometric mean and median of their Fmax and the slowest; the delay model's error against the
    placements."""
    met = sum(1 for r in results if r.met is True)
    missed = [r.target for r in results if r.met is False]
    lines = [f"{len(results)} targets: {met} met their goal, {len(missed)} missed"
             + (f" ({', '.join(missed[:12])}{', ...' if len(missed) > 12 else ''})" if missed else "")]
    for kind in TargetKind:
        timed = [r for r in results if r.kind is kind and r.fmax_mhz is not None]
        if timed:
            slow = min(timed, key=lambda r: r.fmax_mhz)
            fmax = [r.fmax_mhz for r in timed]
            lines.append(f"{kind.value}: {sum(1 for r in timed if r.met)} of {len(timed)} placed at their goal, "
                         f"geometric mean {statistics.geometric_mean(fmax):.1f} MHz, median "
                         f"{statistics.median(fmax):.1f}, slowest {slow.target} at {slow.fmax_mhz:.1f}")
    model = format_model(results)
    if model is not None:
        lines.append(model)
    return "\n".join(lines)


def to_json(results: Sequence[TimingResult], settings: RunSettings) -> dict:
    """summary.json: the run's settings and every result in full."""
    return {"version": SUMMARY_VERSION, **asdict(settings),
            "results": [{**asdict(r), "kind": r.kind.value, "fmax_mhz": r.fmax_mhz, "met": r.met} for r in results]}


def read_summary(path: Path) -> tuple[RunSettings, list[TimingResult]]:
    """summary.json back: the settings and the results. Raises SummaryVersionError, naming the file, for another
    version's summary or content that is not a summary (so every reader reports it one way)."""
    try:
        return _parse_summary(path, json.loads(path.read_text()))
    except SummaryVersionError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise SummaryVersionError(f"{path}: not a timing summary of this version ({exc}): re-run `make timing`") \
            from None


def _parse_summary(path: Path, doc: dict) -> tuple[RunSettings, list[TimingResult]]:
    if doc.get("version") != SUMMARY_VERSION:
        raise SummaryVersionError(f"{path}: summary version {doc.get('version')}, expected {SUMMARY_VERSION}: "
                                  "re-run `make timing`")
    results = []
    for r in doc["results"]:
        placements = tuple(Placement(p["seed"], p["fmax_mhz"], CriticalPath(**{**p["path"], "sources": tuple(
            p["path"]["sources"]), "instances": tuple(p["path"]["instances"])}) if p["path"] else None)
            for p in r["placements"])
        results.append(TimingResult(r["target"], TargetKind(r["kind"]), r["width"], r["goal_mhz"],
                                    Area(**r["area"]) if r["area"] else None, placements, r["seconds"], r["error"],
                                    r.get("note"), r.get("model_mhz")))
    settings = RunSettings(doc["device"], doc["package"], doc["target_mhz"], doc["kernel_target"],
                           tuple(doc["seeds"]), doc["full"], doc["inputs_digest"], doc["wall_seconds"])
    return settings, results


def lowered_for(kernel_target: str | None) -> str:
    """How the reports name the clock kernels were lowered for (`RunSettings.kernel_target`)."""
    if kernel_target is None:
        return "without a clock target"
    if kernel_target == ClockGoal.BEST.value:
        return (f"for the clock of the shortest time per loop iteration, under {BEST_LADDER[-1]:g} MHz only if "
                f"{BEST_MARGIN:g}x shorter (best)")
    if kernel_target == FASTEST:
        return f"for the fastest clock the operations allow ({FASTEST})"
    return f"for {kernel_target} MHz"


def exit_status(results: Sequence[TimingResult]) -> int:
    """What `dfv timing` exits with for a report: 0 when no target missed its goal or failed, else 1."""
    return 0 if all(r.met is not False for r in results) else 1


def write_reports(results: Sequence[TimingResult], settings: RunSettings, out: Path) -> str:
    """Write summary.txt and summary.json under `out`; return the text."""
    text = "\n\n".join([format_rows(results), format_paths(results), format_summary(results),
                         f"kernels and programs lowered {lowered_for(settings.kernel_target)} "
                         "(dfv lower --target-mhz)"]) + "\n"
    out.mkdir(parents=True, exist_ok=True)
    (out / SUMMARY_TEXT).write_text(text)
    (out / SUMMARY_NAME).write_text(json.dumps(to_json(results, settings), indent=1) + "\n")
    return text
