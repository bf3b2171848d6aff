"""`make coverage`: merged code and functional coverage of every Verilator and cocotb run.

Code coverage: every `coverage.dat` under reports/ (one per Verilator run) is read and merged by
point, ignoring the instance path, so a point of a module counts as covered when any instance in
any run hit it. Debian's `verilator_coverage --write-info` keeps only line records, so the numbers
per type (line, branch, toggle, expression) come from reading the files here; the merged file is
then annotated and rendered to HTML with `verilator_coverage` and `genhtml`.
Functional coverage: every `fcov.yml` (cocotb-coverage) is merged with cocotb-coverage's own
`merge_coverage`. Thresholds and waivers are in configs/coverage.yaml; the command fails below a
threshold and lists every missed point or bin.
`coverage_report` computes the report from any list of runs' files into any folder: `make coverage`
gives it every run under reports/, `dfv report merge` (`dfv.sim.merge`) the runs of a set of shards.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from cocotb_coverage.coverage import merge_coverage

from dfv.paths import REPO, REPORTS_DIR, RTL_DIR
from dfv.sim.toolchain import rtl_sources

THRESHOLDS = REPO / "configs" / "coverage.yaml"
OUT = REPORTS_DIR / "coverage"
TYPES = ("line", "branch", "expr", "toggle")
_LINE = re.compile(r"^C '(.*)' (\d+)\s*$")


@dataclass(frozen=True)
class Point:
    """One code-coverage point, independent of instance and checkout."""

    module: str
    kind: str
    file: str
    line: int
    comment: str
    key: str

    def describe(self) -> str:
        return f"{self.file}:{self.line} {self.comment}"


def _fields(key: str) -> dict[str, str]:
    out = {}
    for part in key.split("\x01"):
        if "\x02" in part:
            name, value = part.split("\x02", 1)
            out[name] = value
    return out


def _relative(path: str) -> str:
    """`.../rtl/dataflow/x.sv` -> `rtl/dataflow/x.sv` wherever the kit is installed."""
    idx = path.rfind("/rtl/")
    return path[idx + 1:] if idx >= 0 else path


def read_dat(path: Path, into: dict[Point, int]) -> None:
    """Add the counts of one coverage.dat to `into`, keyed by instance-free point.

    Inside a generated top (a kernel run) Verilator names each parameterisation of a module apart
    (`arith_binop__O1`); a point of the hand-written RTL is keyed by its module's file instead (one
    module per file, named like it), so every instance of a module in every run merges into it."""
    for raw in path.read_text(errors="replace").splitlines():
        m = _LINE.match(raw)
        if not m:
            continue
        f = _fields(m.group(1))
        f.pop("h", None)
        f["f"] = _relative(f.get("f", "?"))
        if f["f"].startswith("rtl/") and "page" in f:
            f["page"] = f"{f['page'].split('/', 1)[0]}/{Path(f['f']).stem}"
        key = "".join(f"\x01{k}\x02{v}" for k, v in f.items())
        module = f.get("page", "?/?").split("/", 1)[-1]
        point = Point(module, f.get("t", "?"), f["f"], int(f.get("l", 0)), f.get("o", ""), key)
        into[point] = into.get(point, 0) + int(m.group(2))


@dataclass
class Waiver:
    module: str
    kind: str
    match: str
    reason: str
    used: int = 0

    def covers(self, p: Point) -> bool:
        return p.module == self.module and p.kind == self.kind and self.match in p.describe()


@dataclass
class ModuleCoverage:
    hit: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    total: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    missed: list[Point] = field(default_factory=list)
    waived: int = 0

    def pct(self, kind: str) -> float | None:
        return 100.0 * self.hit[kind] / self.total[kind] if self.total[kind] else None


_WAIVED_LINE = re.compile(r"(\w+\.sv):(\d+)")


def _check_waived_line(path: Path, i: int, w: dict) -> None:
    """A waiver that names a source line (`file.sv:N`) also quotes that line (`text`), so a waiver left on
    a line number the RTL has since moved is an error here, not a silent miss in the report."""
    m = _WAIVED_LINE.search(str(w["match"]))
    if m is None:
        return
    if "text" not in w:
        raise ValueError(f"{path}: waivers[{i}] names line {m.group(0)}: quote that line's text in `text`")
    files = [f for f in rtl_sources() if f.name == m.group(1)]
    lines = files[0].read_text().splitlines() if files else []
    n = int(m.group(2))
    if not files or n > len(lines) or str(w["text"]).strip() not in lines[n - 1]:
        raise ValueError(f"{path}: waivers[{i}]: {m.group(0)} no longer reads `{w['text']}` (the RTL moved?): "
                         f"update the line number")


def load_thresholds(path: Path = THRESHOLDS) -> tuple[dict, float, list[Waiver]]:
    doc = yaml.safe_load(path.read_text())
    if not isinstance(doc, dict) or doc.get("version") != 1:
        raise ValueError(f"{path}: expected a mapping with version: 1")
    code = doc.get("code") or {}
    unknown = set(code) - set(TYPES)
    if unknown:
        raise ValueError(f"{path}: unknown coverage types {sorted(unknown)} (known: {', '.join(TYPES)})")
    waivers = []
    for i, w in enumerate(doc.get("waivers") or []):
        missing = {"module", "type", "match", "reason"} - set(w)
        unknown = set(w) - {"module", "type", "match", "reason", "text"}
        if unknown:
            raise ValueError(f"{path}: waivers[{i}]: unknown keys {sorted(unknown)}")
        if missing or not str(w.get("reason", "")).strip():
            raise ValueError(f"{path}: waivers[{i}] needs module, type, match and a non-empty reason")
        _check_waived_line(path, i, w)
        waivers.append(Waiver(w["module"], w["type"], w["match"], w["reason"]))
    return code, float(doc.get("functional", 100)), waivers


def code_coverage(points: dict[Point, int], waivers: list[Waiver]) -> dict[str, ModuleCoverage]:
    modules: dict[str, ModuleCoverage] = defaultdict(ModuleCoverage)
    for p, count in sorted(points.items(), key=lambda kv: (kv[0].module, kv[0].kind, kv[0].line)):
        if not p.file.startswith("rtl/"):
            continue  # generated tops are reported by their own flows, not signed off here
        mod = modules[p.module]
        waiver = next((w for w in waivers if w.covers(p)), None)
        if waiver and count == 0:
            waiver.used += 1
            mod.waived += 1
            continue
        mod.total[p.kind] += 1
        if count:
            mod.hit[p.kind] += 1
        else:
            mod.missed.append(p)
    return dict(modules)


@dataclass(frozen=True)
class FunctionalItem:
    """One merged cover point or cross: hits per bin, and the hits a bin needs to count as covered."""

    name: str
    hits: Mapping[str, int]
    at_least: int

    @property
    def missed(self) -> list[str]:
        return [b for b, n in self.hits.items() if n < self.at_least]

    @property
    def pct(self) -> float:
        return 100.0 * (len(self.hits) - len(self.missed)) / len(self.hits) if self.hits else 100.0


def _check_export(path: Path) -> None:
    """ValueError naming `path` unless it is a cocotb-coverage export (cover item name -> mapping): on
    anything else `merge_coverage` fails without saying which file."""
    try:
        doc = yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as exc:
        raise ValueError(f"{path}: not a cocotb-coverage file: {exc}") from None
    if not isinstance(doc, dict) or not all(isinstance(item, dict) for item in doc.values()):
        raise ValueError(f"{path}: not a cocotb-coverage file (expected a mapping of cover items)")


def functional_coverage(files: Sequence[Path], merged: Path) -> list[FunctionalItem]:
    """Merge cocotb-coverage files into `merged`; return the leaf cover items (points and crosses) by name."""
    if not files:
        return []
    for path in files:
        _check_export(path)
    merge_coverage(lambda *_: None, str(merged), *map(str, files))
    doc = yaml.safe_load(merged.read_text()) or {}
    return [FunctionalItem(name, item["bins:_hits"], item.get("at_least", 1))
            for name, item in sorted(doc.items()) if "bins:_hits" in item]


def _html(points: dict[Point, int], out: Path) -> str:
    """Write the merged .dat and render annotated sources and HTML into `out`; returns a status line."""
    dat = out / "merged.dat"
    with open(dat, "w") as f:
        f.write("# SystemC::Coverage-3\n")
        for p, count in points.items():
            f.write(f"C '{p.key}' {count}\n")
    tool, genhtml = shutil.which("verilator_coverage"), shutil.which("genhtml")
    if not tool or not genhtml:
        return "HTML skipped: verilator_coverage or genhtml not installed (run tools/bootstrap.sh)"
    env = {k: v for k, v in os.environ.items() if k != "VERILATOR_ROOT"}
    cwd = RTL_DIR.parent  # paths in merged.dat are `rtl/...` (`_relative`)
    subprocess.run([tool, "--annotate", str(out / "annotated"), "--annotate-all", str(dat)], env=env, cwd=cwd,
                   check=True, capture_output=True)
    subprocess.run([tool, "--write-info", str(out / "merged.info"), str(dat)], env=env, cwd=cwd, check=True,
                   capture_output=True)
    subprocess.run([genhtml, "--branch-coverage", "--quiet", str(out / "merged.info"), "-o", str(out / "html")],
                   cwd=cwd, check=True, capture_output=True)
    return f"HTML: {out / 'html' / 'index.html'}; annotated sources: {out / 'annotated'}"


def _fmt(v: float | None) -> str:
    return "-" if v is None else f"{v:.1f}"


@dataclass
class CoverageReport:
    """Merged code and functional coverage of a set of runs, checked against the thresholds."""

    code_runs: int
    functional_runs: int
    modules: dict[str, ModuleCoverage]
    functional: list[FunctionalItem]
    failures: list[str]
    html: str

    def text(self) -> str:
        """The report `make coverage` prints (tables and the HTML line; the failures apart)."""
        header = ("module", *TYPES, "waived")
        rows = [header] + [(m, *(f"{_fmt(c.pct(t))} ({c.hit[t]}/{c.total[t]})" for t in TYPES), str(c.waived))
                           for m, c in sorted(self.modules.items())]
        widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
        lines = [f"Code coverage over {self.code_runs} Verilator runs (hand-written RTL, % (hit/points))"]
        lines += ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(r)) for r in rows]
        lines.append("")
        lines.append(f"Functional coverage over {self.functional_runs} runs "
                     f"({len(self.functional)} cover points and crosses)")
        lines += [f"  {i.name:60s} {i.pct:6.1f}%  ({len(i.hits) - len(i.missed)}/{len(i.hits)} bins)"
                  for i in self.functional]
        lines += ["", self.html]
        return "\n".join(lines)


def coverage_report(dats: Sequence[Path], fcovs: Sequence[Path], out: Path,
                    thresholds: Path = THRESHOLDS) -> CoverageReport:
    """Merge the Verilator `dats` and cocotb-coverage `fcovs` into `out` (merged.dat, functional.yml,
    HTML, summary.txt) and check them against `thresholds`; ValueError for a bad thresholds or fcov file."""
    out.mkdir(parents=True, exist_ok=True)
    code_thr, func_thr, waivers = load_thresholds(thresholds)
    points: dict[Point, int] = {}
    for dat in dats:
        read_dat(dat, points)
    modules = code_coverage(points, waivers)
    failures = [] if dats else ["no Verilator coverage.dat among the runs (code coverage needs a Verilator run)"]
    for m, c in sorted(modules.items()):
        for t in TYPES:
            limit, pct = code_thr.get(t), c.pct(t)
            if limit is not None and pct is not None and pct < limit:
                missed = [p.describe() for p in c.missed if p.kind == t]
                failures.append(f"{m} {t} {pct:.1f}% < {limit}%: missed {missed}")
    items = functional_coverage(fcovs, out / "functional.yml")
    failures += [f"functional {i.name} {i.pct:.1f}% < {func_thr}%: missed bins {i.missed}"
                 for i in items if i.pct < func_thr]
    failures += [f"waiver matches no missed point (remove it): {w.module} {w.kind} '{w.match}'"
                 for w in waivers if not w.used]
    html = _html(points, out) if points else "HTML skipped: no code-coverage points"
    report = CoverageReport(len(dats), len(fcovs), modules, items, failures, html)
    (out / "summary.txt").write_text(report.text() + "\n" + "\n".join(failures) + "\n")
    return report


def print_report(report: CoverageReport) -> int:
    """Print the report and its verdict; 0 when every threshold is met, else 1."""
    print(report.text())
    if report.failures:
        print("\nBelow threshold:")
        print("\n".join(f"  {f}" for f in report.failures))
        return 1
    print("\nAll thresholds met.")
    return 0


def main() -> int:
    dats = sorted(REPORTS_DIR.glob("verilator/**/coverage.dat"))
    fcovs = sorted(REPORTS_DIR.glob("*/**/fcov.yml"))
    if not dats:
        print("no Verilator coverage found under reports/: run `make sim SIM=verilator` or `make test` first")
        return 1
    return print_report(coverage_report(dats, fcovs, OUT))


if __name__ == "__main__":
    sys.exit(main())
