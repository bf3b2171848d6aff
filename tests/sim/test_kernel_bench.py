"""The simulation-speed table of `make bench` (dfv.sim.kernel_bench) and the figures it compares with."""

from __future__ import annotations

from dfv.sim.bench import DATAFLOW_BENCHES, DATAFLOW_CASES
from dfv.sim.kernel_bench import PIPELINE, SPEED_GOALS, Before, KernelFigures, speed_table
from dfv.sim.toolchain import SIMULATORS


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
