"""Functional coverage on cocotb-coverage, declared where it is sampled.

cocotb-coverage returns the existing cover item when one is created again under the same name, so
environments rebuilt for every test in one simulator process share their bins. Each simulator process
exports its database to `DFV_RUN_DIR/fcov.yml` when it exits; `dfv.sim.coverage` merges the files of all runs.
"""

from __future__ import annotations

import atexit
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from cocotb_coverage.coverage import CoverCross, CoverPoint, coverage_db


def _noop(_value) -> None:
    return None


_point_samplers: dict[str, Callable[[object], None]] = {}


def sample_point(name: str, bins: Sequence, value: object) -> None:
    """Record `value` against cover point `name` with `bins` (a value outside them is ignored).

    The sampling function of a point is made once per process (cocotb-coverage would hand back the same
    point anyway, but wrapping it anew costs more than the sample, and the monitors sample per token)."""
    sampler = _point_samplers.get(name)
    if sampler is None:
        sampler = _point_samplers[name] = CoverPoint(name, xf=lambda v: v, bins=list(bins))(_noop)
    sampler(value)


def sample_hits(name: str, bin_name: str, hits: int) -> None:
    """Record `hits` hits of cover point `name`, whose one bin is `bin_name`. With none the point is still made
    (sampled at a value outside its bin), so a run that could hit it and did not shows the bin as a hole in the
    merged coverage instead of leaving the point out."""
    for value in [bin_name] * hits or [None]:
        sample_point(name, (bin_name,), value)


def sample_cross(name: str, axes: Mapping[str, Sequence], values: Mapping[str, object]) -> None:
    """Record one sample of cross `name` over axes `axes` (axis name -> bins) at `values`.

    The cross must run after its points have sampled (it reads their newest hits), so it wraps the
    innermost function and the points wrap it, as in cocotb-coverage's decorator stacking."""
    points, items = [], []
    for axis, bins in axes.items():
        point = f"{name}.{axis}"
        items.append(point)
        points.append(CoverPoint(point, xf=lambda d, a=axis: d[a], bins=list(bins)))
    fn = CoverCross(f"{name}.cross", items=items)(_noop)
    for cover_point in points:
        fn = cover_point(fn)
    fn(dict(values))


_export_registered = False


def export_coverage_at_exit() -> None:
    """Have the simulator process write its coverage database next to its results when it exits, if a run
    folder is set (`DFV_RUN_DIR`). Called by every test that samples; the export runs once per process,
    whatever number of tests ran in it (writing the YAML after every test cost more than most tests' checks).
    The simulators finalise Python when they stop, after cocotb has written its results file."""
    global _export_registered
    if _export_registered or not os.environ.get("DFV_RUN_DIR"):
        return
    _export_registered = True
    atexit.register(_export, Path(os.environ["DFV_RUN_DIR"]) / "fcov.yml")


def _export(path: Path) -> None:
    if coverage_db:
        coverage_db.export_to_yaml(str(path))


def length_bin(n: int) -> str:
    """Burst-length bins shared by every environment: 0, 1, 2, 3-7, 8+."""
    if n <= 2:
        return str(n)
    return "3-7" if n < 8 else "8+"


LENGTH_BINS = ("0", "1", "2", "3-7", "8+")


def stall_bin(cycles: int) -> str:
    """Bins for how long a token waited on its channel: 0, 1, 2-3, 4+ cycles."""
    if cycles <= 1:
        return str(cycles)
    return "2-3" if cycles < 4 else "4+"


STALL_BINS = ("0", "1", "2-3", "4+")
