"""`make signoff` / `dfv report signoff`: one verdict per hand-written RTL module from every kind of evidence.

For each module of dfv/rtl/ it puts side by side: code coverage by type and functional coverage (the
report of `make coverage`, over the runs under reports/), the mutation score (reports/mutation/, left
by `make mutate`), the formal proofs (reports/formal/, left by `make formal`) and the lowest Fmax over the
module's parameter sets on the FPGA flow (reports/timing/, left by `make timing`). Each has its own
threshold where it is configured (configs/coverage.yaml, configs/mutation.yaml, configs/timing.yaml's
goals; every proof must hold).

The report does not run the campaigns (the full mutation campaign takes more than an hour); it reads
what they left and refuses what cannot be signed off: a missing report, a partial one (a mutation
sample or a `--module` run, `make formal --fast`, a `make timing` of some targets or seeds), a stale one
(its sources changed since: the digest of `dfv.sim.provenance` differs), a module with no mutant scored
(unless the generator finds nothing in it to mutate: "no logic") or no proof job, a parameter set under its
Fmax goal. Each refusal says which command makes the missing evidence. Exit status 0 when every module
passes everything, else 1.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from dfv.mutate.command import all_mutants
from dfv.mutate.report import MutationSummary, SummaryError, read_summary
from dfv.mutate.worker import Status
from dfv.paths import REPORTS_DIR
from dfv.sim import formal
from dfv.sim.coverage import TYPES, CoverageReport, coverage_report
from dfv.sim.hierarchy import module_files
from dfv.sim.provenance import FORMAL_INPUTS, MUTATION_INPUTS, inputs_digest
from dfv.sim.tables import format_table
from dfv.timing.flow import TimingResult
from dfv.timing.report import SUMMARY_NAME as TIMING_SUMMARY_NAME
from dfv.timing.report import SummaryVersionError
from dfv.timing.report import read_summary as read_timing

OUT = REPORTS_DIR / "signoff"


@dataclass(frozen=True)
class Evidence:
    """The reports signoff reads, or None where a report is missing (with the reason), and the
    modules the mutation generator finds nothing to mutate in (wiring around a `_ctrl` core: no
    assignment or process of their own), which no campaign lists. `timing` None and no problem: not judged
    (a caller that leaves the FPGA flow out)."""

    coverage: CoverageReport
    mutation: MutationSummary | None
    mutation_problem: str | None
    formal: formal.FormalSummary | None
    formal_problem: str | None
    without_mutants: frozenset[str] = frozenset()
    timing: list[TimingResult] | None = None
    timing_problem: str | None = None


def load_mutation(path: Path) -> tuple[MutationSummary | None, str | None]:
    if not path.exists():
        return None, f"no mutation report ({path}): run `make mutate`"
    try:
        summary = read_summary(path)
    except SummaryError as exc:
        return None, str(exc)
    if not summary.selection.full:
        return summary, (f"the mutation report is of {summary.selection.describe()}, not the full campaign: "
                         f"run `make mutate`")
    if summary.inputs_digest != inputs_digest(MUTATION_INPUTS):
        return summary, ("the mutation report is stale (dfv/rtl/, dfv/tb/, dfv/golden/ or the configs changed since "
                         "it ran): run `make mutate`")
    return summary, None


def load_formal(path: Path) -> tuple[formal.FormalSummary | None, str | None]:
    if not path.exists():
        return None, f"no formal report ({path}): run `make formal`"
    try:
        summary = formal.read_summary(path)
    except formal.SummaryError as exc:
        return None, str(exc)
    if not summary.full:
        return summary, "the formal report is of a part of the jobs (--only / --fast): run `make formal`"
    if summary.inputs_digest != inputs_digest(FORMAL_INPUTS):
        return summary, ("the formal report is stale (dfv/rtl/, formal/ or configs/formal.yaml changed since): "
                         "run `make formal`")
    return summary, None


def load_timing(path: Path) -> tuple[list[TimingResult] | None, str | None]:
    if not path.exists():
        return None, f"no timing report ({path}): run `make timing`"
    try:
        settings, results = read_timing(path)
    except SummaryVersionError as exc:
        return None, str(exc)
    if not settings.full:
        return results, "the timing report is of some targets or seeds, not the full run: run `make timing`"
    if not settings.current:
        return results, ("the timing report is stale (dfv/rtl/, the lowering, the kernels or configs/timing.yaml "
                         "changed since): run `make timing`")
    return results, None


def module_timing(results: Sequence[TimingResult], module: str) -> list[TimingResult]:
    """The timing rows of `module`: one per regression parameter set (`module[...]`, or `module` bare)."""
    return [r for r in results if r.target == module or r.target.startswith(f"{module}[")]


def _timing_cell(results: list[TimingResult] | None, module: str) -> str:
    mine = module_timing(results or [], module)
    if not mine:
        return "-"
    if any(r.fmax_mhz is None for r in mine):
        return "error"
    low = min(mine, key=lambda r: r.fmax_mhz)
    return f"{low.fmax_mhz:.0f}/{low.goal_mhz:g}" if low.goal_mhz is not None else f"{low.fmax_mhz:.0f}"


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{v:.1f}"


def _functional(report: CoverageReport, module: str) -> str:
    items = [i for i in report.functional if i.name.split(".")[0] == module]
    if not items:
        return "-"
    bins = sum(len(i.hits) for i in items)
    return f"{bins - sum(len(i.missed) for i in items)}/{bins}"


def _mutation_cell(evidence: Evidence, module: str) -> str:
    summary = evidence.mutation
    if module in evidence.without_mutants:
        return "no logic"
    if summary is None or module not in summary.modules:
        return "-"
    score = summary.modules[module].score
    return "no mutants" if score is None else f"{score:.1f}%"


def _formal_cell(summary: formal.FormalSummary | None, module: str) -> str:
    if summary is None:
        return "-"
    mine = [r for r in summary.results if r.top == module and not r.must_fail]
    return f"{sum(r.ok for r in mine)}/{len(mine)}" if mine else "-"


def module_failures(evidence: Evidence, modules: Sequence[str]) -> list[str]:
    """Every reason a module cannot be signed off, beyond the coverage report's own failures."""
    failures = [p for p in (evidence.mutation_problem, evidence.formal_problem, evidence.timing_problem) if p]
    mut, proofs = evidence.mutation, evidence.formal
    for m in modules:
        if mut is not None and not evidence.mutation_problem and m not in evidence.without_mutants:
            result = mut.modules.get(m)
            if result is None:
                failures.append(f"{m}: no mutant of it in the mutation report")
            elif not result.passes:
                counts = ", ".join(f"{n} {s.value}" for s, n in result.counts.items()
                                   if n and s in (Status.SURVIVED, Status.ERROR))
                failures.append(f"{m}: mutation score {_pct(result.score)}% < {mut.threshold:g}% ({counts}; "
                                f"the diffs are in reports/mutation/summary.txt)")
        if proofs is not None and not evidence.formal_problem:
            mine = [r for r in proofs.results if r.top == m and not r.must_fail]
            if not mine:
                failures.append(f"{m}: no formal proof job (configs/formal.yaml)")
            failures += [f"{m}: formal {r.job} {r.task}: {r.status} {r.detail}".rstrip() for r in mine if not r.ok]
        if evidence.timing is not None and not evidence.timing_problem:
            for r in module_timing(evidence.timing, m):
                if r.error is not None:
                    failures.append(f"{m}: timing {r.error}")
                elif r.met is False:
                    failures.append(f"{m}: {r.target} reaches {r.fmax_mhz:.1f} MHz, under its {r.goal_mhz:g} MHz goal "
                                    f"(the critical paths are in reports/timing/summary.txt)")
    if proofs is not None and not evidence.formal_problem:
        failures += [f"formal must-fail {r.job} {r.task}: {r.status} {r.detail}".rstrip()
                     for r in proofs.results if r.must_fail and not r.ok]
    return failures


def format_signoff(evidence: Evidence, modules: Sequence[str]) -> str:
    """The per-module table: code coverage by type, functional bins, mutation score, proofs held."""
    rows = [("module", *TYPES, "functional bins", "mutation", "formal tasks", "Fmax/goal MHz")]
    for m in modules:
        cov = evidence.coverage.modules.get(m)
        code = [_pct(cov.pct(t)) if cov else "-" for t in TYPES]
        rows.append((m, *code, _functional(evidence.coverage, m), _mutation_cell(evidence, m),
                     _formal_cell(evidence.formal, m), _timing_cell(evidence.timing, m)))
    head = [f"Signoff of {len(modules)} hand-written RTL modules: code coverage (% over "
            f"{evidence.coverage.code_runs} Verilator runs), functional coverage bins hit (over "
            f"{evidence.coverage.functional_runs} runs), mutation score"
            + (f" ({evidence.mutation.simulator}, threshold {evidence.mutation.threshold:g}%)"
               if evidence.mutation else "")
            + ", formal tasks that hold (prove and cover), the lowest Fmax over the module's parameter sets "
              "on the ECP5 flow and its goal"]
    return "\n".join(head) + "\n" + format_table(rows)


@dataclass(frozen=True)
class Signoff:
    """The table and every reason something cannot be signed off (none: signed off)."""

    table: str
    failures: list[str]

    def text(self) -> str:
        if self.failures:
            return self.table + "\n\nNot signed off:\n" + "\n".join(f"  {f}" for f in self.failures)
        return self.table + "\n\nSigned off: every module meets every threshold."


def signoff(reports: Path = REPORTS_DIR, out: Path = OUT) -> Signoff:
    """Sign off from the reports under `reports` (the coverage report is remade into `out`/coverage);
    the text is also written to `out`/summary.txt."""
    dats = sorted(reports.glob("verilator/**/coverage.dat"))
    fcovs = sorted(reports.glob("*/**/fcov.yml"))
    coverage = coverage_report(dats, fcovs, out / "coverage")
    mutation, mutation_problem = load_mutation(reports / "mutation" / "summary.json")
    proofs, formal_problem = load_formal(reports / "formal" / "summary.json")
    timing, timing_problem = load_timing(reports / "timing" / TIMING_SUMMARY_NAME)
    without = frozenset(name for name, ms in all_mutants().items() if not ms)
    evidence = Evidence(coverage, mutation, mutation_problem, proofs, formal_problem, without, timing, timing_problem)
    modules = sorted(module_files())
    result = Signoff(format_signoff(evidence, modules),
                     [f"coverage: {f}" for f in coverage.failures] + module_failures(evidence, modules))
    (out / "summary.txt").write_text(result.text() + "\n")
    return result


def main() -> int:
    result = signoff()
    print(result.text())
    return 1 if result.failures else 0


if __name__ == "__main__":
    sys.exit(main())
