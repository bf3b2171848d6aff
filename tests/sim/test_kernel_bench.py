"""The simulation-speed table of `make bench` (dfv.sim.kernel_bench), the figures it compares with, the
kernels' Fmax it reads from `make timing` for the time per run, and sum i<100's time against CIRCT's circuit
(dfv.sim.circt_bench)."""

from __future__ import annotations

import math
from pathlib import Path

from dfv.lowering.timing_plan import ClockGoal
from dfv.sim.bench import DATAFLOW_BENCHES, DATAFLOW_CASES
from dfv.sim.circt_bench import CIRCUITS, TimePerRun, table
from dfv.sim.kernel_bench import PIPELINE, SPEED_GOALS, Before, KernelFigures, kernel_fmax, speed_table
from dfv.sim.provenance import TIMING_INPUTS, inputs_digest
from dfv.sim.toolchain import SIMULATORS
from dfv.timing.config import TargetKind
from dfv.timing.flow import Placement, TimingResult
from dfv.timing.report import RunSettings
from dfv.timing.report import write_reports as write_timing


def test_every_pipelining_figure_has_a_before_speed_on_both_simulators():
    before = Before.load()
    for case in PIPELINE:
        assert set(before.speed[f"{case.name}@{case.latency}"]) == set(SPEED_GOALS), case


def test_every_operation_speed_figure_has_a_before_speed_on_both_simulators():
    before = Before.load()
    for top, _params in DATAFLOW_BENCHES:
        for case in DATAFLOW_CASES:
            assert set(before.op_speed[(top, case)]) == set(SIMULATORS), (top, case)


def test_speed_table_reports_rates_before_and_goals():
    before = Before.load()

    def figs(sim: str, wall: float) -> list:
        return [(c, KernelFigures(c.name, sim, None, c.n, c.n, 1000, wall)) for c in PIPELINE]

    pipeline = figs("icarus", 0.1) + figs("verilator", 0.02)
    speed = [(c, f) for c, f in figs("verilator", 0.005)]
    text = speed_table(pipeline, speed, ("icarus", "verilator"), before)
    row = next(line for line in text.splitlines() if line.startswith("vector_add_1024") and "  1  " in line)
    old = before.speed["vector_add_1024@1"]
    assert row.split()[4:] == ["10000", "50000", "200000", str(old["icarus"]), str(old["verilator"]), "50000",
                               "100000"]


def _timing(out: Path, digest: str, kernel_target: str | None = "150") -> Path:
    kernel = TimingResult("kernel:gcd", TargetKind.KERNEL, 32, 150.0, None,
                          (Placement(1, 40.0, None), Placement(2, 50.0, None), Placement(3, 45.0, None)), 9.0)
    module = TimingResult("handshake_join[N=2]", TargetKind.INTEGER, 1, 250.0, None, (Placement(1, 400.0, None),), 2.0)
    write_timing([kernel, module], RunSettings("85k", "CABGA381", 250.0, kernel_target, (1, 2, 3), True, digest, 60.0),
                 out)
    return out / "summary.json"


def test_time_per_run_reads_the_kernels_fmax_from_make_timing(tmp_path: Path):
    fmax, note = kernel_fmax(150.0, tmp_path / "none.json")
    assert fmax == {} and "run `make timing`" in note
    fmax, note = kernel_fmax(150.0, _timing(tmp_path / "a", inputs_digest(TIMING_INPUTS)))
    assert fmax == {"gcd": 45.0} and "median of seeds [1, 2, 3]" in note and "STALE" not in note
    _, note = kernel_fmax(150.0, _timing(tmp_path / "b", "0" * 16))
    assert "STALE" in note
    fmax, _ = kernel_fmax(math.inf, _timing(tmp_path / "c", inputs_digest(TIMING_INPUTS), "max"))
    assert fmax == {"gcd": 45.0}
    fmax, _ = kernel_fmax(None, _timing(tmp_path / "d", inputs_digest(TIMING_INPUTS), None))
    assert fmax == {"gcd": 45.0}


def test_time_per_run_refuses_the_fmax_of_kernels_lowered_for_another_clock(tmp_path: Path):
    """The bench's cycles are of the kernels lowered for configs/timing.yaml's clock: an Fmax of the kernels lowered
    for another one (or none) is another circuit's, and the time per run is left out, not mixed."""
    digest = inputs_digest(TIMING_INPUTS)
    fmax, note = kernel_fmax(150.0, _timing(tmp_path / "a", digest, None))
    assert fmax == {} and note.startswith("Fmax: the timing report's kernels were lowered without a clock target, "
                                          "the bench's for 150 MHz")
    fmax, note = kernel_fmax(None, _timing(tmp_path / "b", digest, "max"))
    assert fmax == {} and ("lowered for the fastest clock the operations allow (max), the bench's without a clock "
                           "target") in note
    fmax, note = kernel_fmax(ClockGoal.BEST, _timing(tmp_path / "c", digest, "150"))
    assert fmax == {} and ("lowered for 150 MHz, the bench's for the clock of the shortest time per loop iteration, "
                           "under 150 MHz only if 1.3x shorter (best)") in note


def test_a_timing_report_of_another_version_asks_for_a_new_run(tmp_path: Path):
    path = _timing(tmp_path / "a", inputs_digest(TIMING_INPUTS))
    path.write_text(path.read_text().replace('"version": 2', '"version": 1'))
    fmax, note = kernel_fmax(150.0, path)
    assert fmax == {} and "summary version 1, expected 2: re-run `make timing`" in note


def test_sum_against_circt_compares_time_per_run_at_equal_index_width():
    circt, dfv64, dfv64_fast, dfv32, dfv32_fast = CIRCUITS
    rows = [TimePerRun(circt, 300, 60.0),  # 5.00 us
            TimePerRun(dfv64, 100, 100.0),  # 1.00 us: 5x, the goal exactly
            TimePerRun(dfv64_fast, 102, 100.0, 100.0),  # 1.02 us: 4.90x, under it
            TimePerRun(dfv32, 100, 200.0),  # 0.50 us: 10x, but not at CIRCT's index width
            TimePerRun(dfv32_fast, 104, None, None)]  # not placed
    body = [line.split() for line in table(rows).splitlines()[2:]]
    assert circt.circt and circt.index_width == 64
    assert body[0][-5:] == ["300", "60.0", "5.00", "1.00", "-"]  # CIRCT's own row: no goal against itself
    assert body[1][-3:] == ["1.00", "5.00", "met"]
    assert body[2][-4:] == ["1.02", "4.90", "not", "met"]
    assert body[3][-3:] == ["0.50", "10.00", "-"]  # faster still, but not at CIRCT's index width
    assert body[4][-5:] == ["104", "-", "-", "-", "-"]  # no Fmax, no time, no verdict
    # the fast rows are lowered for `best` and name the clock the lowering chose
    assert body[2][:5] == ["dfv", "--target-mhz", "best", "(100", "MHz)"]
    assert body[4][:6] == ["dfv", "--target-mhz", "best", "(no", "slices)", "32"]
