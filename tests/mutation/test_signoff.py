"""The signoff report (`make signoff`): it reads the mutation, formal and timing reports through their own
writers' formats, and refuses each kind of evidence that cannot sign a module off, with the message
that names the command to run. Reports are written here with the real writers, from real mutants."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from dfv.cli import main as dfv_main
from dfv.mutate.generate import generate
from dfv.mutate.report import Selection, to_json, write_reports
from dfv.mutate.runner import Outcome
from dfv.mutate.worker import Status, Verdict
from dfv.paths import RTL_DIR
from dfv.sim import formal
from dfv.sim.coverage import coverage_report, load_thresholds
from dfv.sim.hierarchy import module_files
from dfv.sim.provenance import FORMAL_INPUTS, MUTATION_INPUTS, TIMING_INPUTS, inputs_digest
from dfv.sim.signoff import Evidence, format_signoff, load_formal, load_mutation, load_timing, module_failures, signoff
from dfv.timing.config import TargetKind
from dfv.timing.flow import Area, Placement, TimingResult
from dfv.timing.report import RunSettings
from dfv.timing.report import write_reports as write_timing

MODULES = ("handshake_join", "handshake_fork_ctrl")
FULL = Selection(full=True)


def _mutation_report(out: Path, survivors: int = 0, selection: Selection = FULL,
                     digest: str | None = None) -> Path:
    """A campaign over MODULES' mutants, all killed but the first `survivors` of handshake_fork_ctrl."""
    outcomes = []
    for name in MODULES:
        for k, m in enumerate(generate(module_files()[name], RTL_DIR)):
            dead = not (name == "handshake_fork_ctrl" and k < survivors)
            outcomes.append(Outcome(m, Verdict(Status.KILLED if dead else Status.SURVIVED, "T", "msg"), 1.0))
    doc = to_json(outcomes, 95.0, "icarus", 10.0, selection, digest or inputs_digest(MUTATION_INPUTS))
    write_reports(out, "summary", doc)
    return out / "summary.json"


def _task(top: str, ok: bool = True, must_fail: bool = False) -> formal.TaskResult:
    return formal.TaskResult(f"{top}_job", top, f"{top}[]", must_fail, "prove", "proved" if ok else "FAILED",
                             "" if ok else "assert p_hold failed", 1.0, ok)


def _formal_report(out: Path, results: list[formal.TaskResult], full: bool = True, digest: str | None = None) -> Path:
    formal.write_reports(formal.FormalSummary(full, digest or inputs_digest(FORMAL_INPUTS), results), out)
    return out / "summary.json"


def _evidence(tmp_path: Path, **mutation) -> Evidence:
    coverage = coverage_report([], [], tmp_path / "cov")
    mut, mut_problem = load_mutation(_mutation_report(tmp_path / "mut", **mutation))
    proofs, formal_problem = load_formal(_formal_report(tmp_path / "formal", [_task(m) for m in MODULES]))
    return Evidence(coverage, mut, mut_problem, proofs, formal_problem)


def test_good_reports_pass(tmp_path: Path) -> None:
    assert module_failures(_evidence(tmp_path), MODULES) == []


def test_module_below_the_mutation_threshold(tmp_path: Path) -> None:
    failures = module_failures(_evidence(tmp_path, survivors=2), MODULES)
    assert len(failures) == 1
    assert failures[0].startswith("handshake_fork_ctrl: mutation score ")
    assert "< 95% (2 survived;" in failures[0]


def test_sample_is_not_a_signoff(tmp_path: Path) -> None:
    failures = module_failures(_evidence(tmp_path, selection=Selection(False, 3, 1)), MODULES)
    assert failures == ["the mutation report is of sample of 3 per module, seed 1, not the full campaign: "
                        "run `make mutate`"]


def test_stale_mutation_report(tmp_path: Path) -> None:
    failures = module_failures(_evidence(tmp_path, digest="0" * 16), MODULES)
    assert len(failures) == 1 and failures[0].startswith("the mutation report is stale")


def test_module_missing_from_the_mutation_report(tmp_path: Path) -> None:
    failures = module_failures(_evidence(tmp_path), (*MODULES, "handshake_buffer"))
    assert "handshake_buffer: no mutant of it in the mutation report" in failures
    assert "handshake_buffer: no formal proof job (configs/formal.yaml)" in failures


def test_module_without_logic_needs_no_mutants(tmp_path: Path) -> None:
    """handshake_fork is wiring around handshake_fork_ctrl: nothing to mutate, so no campaign lists it."""
    evidence = _evidence(tmp_path)
    assert "handshake_fork: no mutant of it in the mutation report" in module_failures(evidence, ("handshake_fork",))
    evidence = replace(evidence, without_mutants=frozenset({"handshake_fork"}))
    assert not [f for f in module_failures(evidence, ("handshake_fork",)) if "mutant" in f]
    assert "no logic" in format_signoff(evidence, ("handshake_fork",))


def test_failed_proof_and_must_fail_that_held(tmp_path: Path) -> None:
    mut, _ = load_mutation(_mutation_report(tmp_path / "mut"))
    results = [_task("handshake_join"), _task("handshake_fork_ctrl", ok=False),
               _task("handshake_join", ok=False, must_fail=True)]
    proofs, problem = load_formal(_formal_report(tmp_path / "formal", results))
    failures = module_failures(Evidence(coverage_report([], [], tmp_path / "cov"), mut, None, proofs, problem),
                               MODULES)
    assert failures == ["handshake_fork_ctrl: formal handshake_fork_ctrl_job prove: FAILED assert p_hold failed",
                        "formal must-fail handshake_join_job prove: FAILED assert p_hold failed"]


def test_partial_or_stale_formal_report(tmp_path: Path) -> None:
    _, problem = load_formal(_formal_report(tmp_path / "a", [_task("handshake_join")], full=False))
    assert problem == "the formal report is of a part of the jobs (--only / --fast): run `make formal`"
    _, problem = load_formal(_formal_report(tmp_path / "b", [_task("handshake_join")], digest="1" * 16))
    assert problem is not None and problem.startswith("the formal report is stale")


def _timing_report(out: Path, fmax: dict[str, float], full: bool = True, digest: str | None = None) -> Path:
    """A timing run of one parameter set per module of `fmax` (its Fmax over three seeds), goal 250 MHz."""
    results = [TimingResult(f"{m}[W=32]", TargetKind.INTEGER, 32, 250.0, Area(10, 2, 8, 0, 0, 0),
                            tuple(Placement(s, f + s - 2, None) for s in (1, 2, 3)), 5.0) for m, f in fmax.items()]
    write_timing(results, RunSettings("85k", "CABGA381", 250.0, "150", (1, 2, 3), full,
                                      digest or inputs_digest(TIMING_INPUTS), 15.0), out)
    return out / "summary.json"


def test_a_parameter_set_under_its_fmax_goal_fails_its_module(tmp_path: Path) -> None:
    fmax = {"handshake_join": 300.0, "handshake_fork_ctrl": 180.0}
    timing, problem = load_timing(_timing_report(tmp_path / "t", fmax))
    assert problem is None
    evidence = replace(_evidence(tmp_path), timing=timing)
    assert module_failures(evidence, MODULES) == [
        "handshake_fork_ctrl: handshake_fork_ctrl[W=32] reaches 180.0 MHz, under its 250 MHz goal (the critical "
        "paths are in reports/timing/summary.txt)"]
    table = format_signoff(evidence, MODULES)
    assert "300/250" in table and "180/250" in table


def test_partial_or_stale_timing_report(tmp_path: Path) -> None:
    _, problem = load_timing(_timing_report(tmp_path / "a", {"handshake_join": 300.0}, full=False))
    assert problem == "the timing report is of some targets or seeds, not the full run: run `make timing`"
    _, problem = load_timing(_timing_report(tmp_path / "b", {"handshake_join": 300.0}, digest="1" * 16))
    assert problem is not None and problem.startswith("the timing report is stale")


def test_missing_reports_name_their_commands(tmp_path: Path) -> None:
    result = signoff(tmp_path / "reports", tmp_path / "out")
    assert "coverage: no Verilator coverage.dat among the runs (code coverage needs a Verilator run)" in result.failures
    assert any(f.startswith("no mutation report") and f.endswith("run `make mutate`") for f in result.failures)
    assert any(f.startswith("no formal report") and f.endswith("run `make formal`") for f in result.failures)
    assert any(f.startswith("no timing report") and f.endswith("run `make timing`") for f in result.failures)
    assert (tmp_path / "out" / "summary.txt").read_text().strip() == result.text()


def test_old_summary_format_is_refused(tmp_path: Path) -> None:
    (tmp_path / "summary.json").write_text('{"simulator": "icarus"}')
    summary, problem = load_mutation(tmp_path / "summary.json")
    assert summary is None and problem is not None and "not a mutation summary of this version" in problem


def test_coverage_waivers_quote_their_lines(tmp_path: Path) -> None:
    """configs/coverage.yaml's waivers still point at the lines they quote; a moved line is an error."""
    load_thresholds()
    bad = tmp_path / "coverage.yaml"
    bad.write_text('version: 1\nwaivers:\n  - {module: arith_cmpi, type: line, match: "arith_cmpi.sv:3 case", '
                   'text: "default: result_data", reason: "default arm"}\n')
    with pytest.raises(ValueError, match=r"arith_cmpi.sv:3 no longer reads `default: result_data`"):
        load_thresholds(bad)


def test_dfv_mutate_entry(capsys: pytest.CaptureFixture[str]) -> None:
    assert dfv_main(["mutate", "--module", "handshake_join", "--list"]) == 0
    assert "handshake_join." in capsys.readouterr().out
    assert dfv_main(["mutate", "--module", "no_such_module", "--list"]) == 2
    assert "dfv: error: unknown module 'no_such_module'" in capsys.readouterr().err
