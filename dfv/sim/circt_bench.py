"""`make bench`'s time per run of `sum i<100` against CIRCT's circuit of the same loop (issue 26).

Time per run is cycles (Verilator, full rate, n = 100, `dfv.runner.run_program`) over the Fmax the FPGA flow
finds (`dfv.timing`, the median of the configuration's seeds). dfv's circuit is the bench's own `sum_100`
(`dfv.sim.kernel_bench.SUM_PROGRAM`) at CIRCT's 64-bit index and at the kit's default width, lowered by
default and for the clock the lowering chooses for the shortest time per iteration (`--target-mhz best`); CIRCT's
is CIRCT 1.162.0's circuit of the kernel `kernels/cf_sum.mlir`, the same loop in cf, checked in as
`tests/ip/circt/kernels/cf_sum.sv` (tests/ip/circt/recipe.py), run in the same environment (`--rtl`). The goal:
5x faster at equal index width.
`python -m dfv.sim.circt_bench` prints the table alone.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from dfv.args import target_text
from dfv.circt.flow import CIRCT_CLOCK, CIRCT_INDEX_WIDTH, CIRCT_RESET
from dfv.golden.types import DEFAULT_INDEX_WIDTH
from dfv.lowering.timing_plan import ClockGoal, ClockTarget, target_name
from dfv.paths import BUILD_DIR, REPO
from dfv.runner import run_program
from dfv.sim.kernel import prepare
from dfv.sim.kernel_bench import SUM_PROGRAM, write_program
from dfv.sim.tables import format_table
from dfv.timing.config import load_config
from dfv.timing.flow import elaborated_circuit, time_target
from dfv.timing.targets import Target, program_target

# .mlir: the program CIRCT was given, .sv: its circuit
CIRCT_SUM = REPO / "tests" / "ip" / "circt" / "kernels" / "cf_sum"
SUM_N = 100
GOAL_TIMES = 5.0  # issue 26: CIRCT's time per run over dfv's, at equal index width
WORK = BUILD_DIR / "bench" / "circt"
# the fast rows' clock: the lowering's choice of the shortest time per iteration (stop 60: 100 MHz at both widths,
# the clock stop 58 found by hand to give the shortest time per run; 110 puts a slice on the loop's recurrence)
FAST = ClockGoal.BEST


@dataclass(frozen=True)
class SumCircuit:
    """One circuit of the loop: CIRCT's (`circt`), or dfv's at `index_width` lowered for `target_mhz` (None: as
    `dfv lower` does by default)."""

    index_width: int
    target_mhz: ClockTarget | None = None
    circt: bool = False

    @property
    def label(self) -> str:
        if self.circt:
            return "CIRCT 1.162.0 (cf_sum.sv)"
        return "dfv" + ("" if self.target_mhz is None else f" --target-mhz {target_text(self.target_mhz)}")


CIRCUITS = (SumCircuit(CIRCT_INDEX_WIDTH, circt=True),
            SumCircuit(CIRCT_INDEX_WIDTH), SumCircuit(CIRCT_INDEX_WIDTH, FAST),
            SumCircuit(DEFAULT_INDEX_WIDTH), SumCircuit(DEFAULT_INDEX_WIDTH, FAST))


@dataclass(frozen=True)
class TimePerRun:
    """A circuit's cycles for sum i<100 and its Fmax (None: the flow placed nothing); for a circuit lowered for
    `best`, the clock the lowering chose (None: no slices)."""

    circuit: SumCircuit
    cycles: int
    fmax_mhz: float | None
    chosen_mhz: float | None = None

    @property
    def label(self) -> str:
        if self.circuit.target_mhz is not ClockGoal.BEST:
            return self.circuit.label
        return f"{self.circuit.label} ({'no slices' if self.chosen_mhz is None else target_name(self.chosen_mhz)})"

    @property
    def micros(self) -> float | None:
        return None if self.fmax_mhz is None else self.cycles / self.fmax_mhz


def measure(c: SumCircuit, seed: int, work: Path = WORK) -> TimePerRun:
    """Run `c` on Verilator at full rate and time it on the FPGA flow; RuntimeError if the run does not pass."""
    cfg = load_config()
    work.mkdir(parents=True, exist_ok=True)
    inputs = work / "inputs.json"
    inputs.write_text(json.dumps({"args": [SUM_N]}))
    chosen = None
    if c.circt:
        sv = CIRCT_SUM.with_suffix(".sv")
        res = run_program(str(CIRCT_SUM.with_suffix(".mlir")), "cf_sum", str(inputs), "verilator", c.index_width,
                          seed=seed, traffic="full", rtl=[str(sv)], top="cf_sum")
        target: Target = elaborated_circuit((sv,), "cf_sum", CIRCT_CLOCK, CIRCT_RESET, work / "cf_sum_ports", cfg)
    else:
        path = write_program("sum_100", SUM_PROGRAM)
        res = run_program(str(path), None, str(inputs), "verilator", c.index_width, seed=seed, traffic="full",
                          target_mhz=c.target_mhz)
        clock = "default" if c.target_mhz is None else target_text(c.target_mhz)
        target = program_target(path, None, c.index_width, c.target_mhz, name=f"bench:sum_100:{c.index_width}:{clock}")
        plan = prepare(path, None, c.index_width, c.target_mhz).lowered.timing  # the circuit just timed (cached)
        chosen = None if plan is None else plan.target_mhz
    if res["status"] != "pass":
        raise RuntimeError(f"sum i<{SUM_N} on {c.label}, index {c.index_width}: {res['message']}")
    timed = time_target(target, cfg, work / "timing", cfg.seeds)
    if timed.error is not None:  # a tool failed: the table would show no time, and not why
        raise RuntimeError(timed.error)
    return TimePerRun(c, int(res["cycles"]), timed.fmax_mhz, chosen)


def table(rows: list[TimePerRun]) -> str:
    """The rows side by side: each one's time per run, CIRCT's over it, and the goal where the index widths
    are equal."""
    circt = next(r for r in rows if r.circuit.circt)
    out = [("circuit", "index bits", "cycles", "Fmax MHz", "time/run us", "CIRCT's time / this",
            f"goal {GOAL_TIMES:g}x (equal index width)")]
    for r in rows:
        times = None if r.micros is None or circt.micros is None else circt.micros / r.micros
        same_width = r.circuit.index_width == circt.circuit.index_width and not r.circuit.circt
        goal = ("-" if not same_width or times is None else "met" if times >= GOAL_TIMES else "not met")
        out.append((r.label, str(r.circuit.index_width), str(r.cycles),
                    "-" if r.fmax_mhz is None else f"{r.fmax_mhz:.1f}",
                    "-" if r.micros is None else f"{r.micros:.2f}", "-" if times is None else f"{times:.2f}", goal))
    return format_table(out)


def section(seed: int) -> str:
    """The table with its heading, for `make bench`."""
    cfg = load_config()
    return (f"sum i<{SUM_N} against CIRCT's circuit of the same loop (issue 26): time per run = cycles (Verilator, "
            f"full rate) / Fmax ({cfg.device} {cfg.package}, median of seeds {list(cfg.seeds)}); CIRCT's circuit is "
            "tests/ip/circt/kernels/cf_sum.sv, its index 64 bits\n" + table([measure(c, seed) for c in CIRCUITS]))


if __name__ == "__main__":
    print(section(int(sys.argv[1]) if len(sys.argv) > 1 else 1))
