"""The kernel part of `make bench`: every kernel of kernels/ on each simulator at full rate.

Each kernel runs once per simulator in the kernel environment (`tb.kernel.tests.KernelBench`, the
same checks as `KernelRun`) with the input set of `dfv.kernels.gen(kernel, s)`, s in 0..5, that gives
the most innermost-loop iterations (the first such s), results and done always ready, a one-cycle
memory with no stalls. Reported per kernel: cycles on
each simulator (start token offered to the last of done and the results), innermost-loop iterations
(true tokens on the condition stream of every loop with no loop inside it, counted in the golden DFG
run) per cycle, and simulated cycles per second (clock cycles of the whole test, reset and drain
included, over the wall time of its run phase). Plus vector add at 1,024 elements
(`vector_add_1024`, generated from kernels/vector_add.mlir) with its cycles per element. Nothing is
random at full rate, and the inputs are seeded: the figures are reproducible.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

from dfv.kernels import KERNEL_DIR, KERNELS, gen
from dfv.sim.kernel import FULL_TRAFFIC, innermost_loops, prepare, run_kernel
from dfv.sim.tables import format_table
from dfv.sim.toolchain import BUILD_DIR, REPORTS_DIR

INPUT_SEEDS = range(6)  # dfv.kernels.gen input sets considered; the one with the most iterations is used
VECTOR_N = 1024


@dataclass
class KernelFigures:
    kernel: str
    sim: str
    input_seed: int | None
    cycles: int
    iterations: int
    sim_cycles: int
    wall_s: float

    @property
    def per_cycle(self) -> float:
        return self.iterations / self.cycles if self.cycles else 0.0

    @property
    def rate(self) -> float:
        return self.sim_cycles / self.wall_s if self.wall_s else 0.0


def vector_add_program(n: int = VECTOR_N) -> Path:
    """kernels/vector_add.mlir at `n` elements, written to build/bench/ (rewritten only on change)."""
    text = (KERNEL_DIR / "vector_add.mlir").read_text()
    text = text.replace("memref<8xi32>", f"memref<{n}xi32>").replace("%c8 = arith.constant 8 : index",
                                                                    f"%c8 = arith.constant {n} : index")
    text = text.replace("@vector_add(", f"@vector_add_{n}(")
    path = BUILD_DIR / "bench" / f"vector_add_{n}.mlir"
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)
    return path


def vector_add_inputs(seed: int, n: int = VECTOR_N) -> list:
    r = random.Random(f"vector_add_{n}-{seed}")
    return [[r.randint(-2**31, 2**31 - 1) for _ in range(n)], [r.randint(-2**31, 2**31 - 1) for _ in range(n)],
            [0] * n]


def innermost_iterations(prog, args: list) -> int:
    """True tokens on the condition streams of the innermost loops, in the golden DFG run."""
    from dfv.sim.kernel import raw_args
    from golden.interpreter import run_dfg

    g = prog.g
    raw = {f"{lp['raw'].node}.{lp['raw'].port}" for lid, lp in g.loops.items() if lid in innermost_loops(prog)}
    watch = tuple(c.id for c in g.channels if str(c.src) in raw)
    res = run_dfg(g, raw_args(g, args), watch=watch)
    return sum(1 for cid in watch for t in res.watched[cid] if t == 1)


def busiest_inputs(name: str) -> tuple[int, list]:
    """(s, gen(name, s)) for the s in INPUT_SEEDS with the most innermost-loop iterations."""
    prog = prepare(KERNEL_DIR / f"{name}.mlir", name)
    best = max(INPUT_SEEDS, key=lambda s: (innermost_iterations(prog, gen(name, s)), -s))
    return best, gen(name, best)


def run_one(name: str, path: Path, args: list, sim: str, seed: int, input_seed: int | None = None) -> KernelFigures:
    prog = prepare(path, name)
    run_dir = REPORTS_DIR / "bench" / sim / f"kernel_{name}"
    (run_dir / "bench.json").unlink(missing_ok=True)
    out = run_kernel(prog, args, sim, seed, run_dir, latency=1, traffic=FULL_TRAFFIC, tests=("KernelBench",),
                     name=name)
    failed = [f"{r.name}: {r.message}" for r in out.results if not r.passed]
    if failed:
        raise RuntimeError(f"kernel benchmark {name} on {sim} failed its checks: {failed}")
    rec = json.loads((run_dir / "bench.json").read_text())
    return KernelFigures(name, sim, input_seed, rec["cycles"], innermost_iterations(prog, args), rec["sim_cycles"],
                         rec["wall_s"])


def collect(seed: int, sims: tuple[str, ...]) -> list[KernelFigures]:
    figures = []
    inputs = {name: busiest_inputs(name) for name in KERNELS}
    for sim in sims:
        for name in KERNELS:
            s, args = inputs[name]
            figures.append(run_one(name, KERNEL_DIR / f"{name}.mlir", args, sim, seed, s))
        figures.append(run_one(f"vector_add_{VECTOR_N}", vector_add_program(), vector_add_inputs(seed), sim, seed))
    return figures


def tables(figures: list[KernelFigures], sims: tuple[str, ...], seed: int) -> tuple[str, list[str]]:
    """The kernel table and the vector-add line; plus problems (cycle counts differing between simulators)."""

    by = {(f.kernel, f.sim): f for f in figures}
    names = list(dict.fromkeys(f.kernel for f in figures))
    head = ("kernel", "inputs", *(f"cycles {s}" for s in sims), "innermost iterations", "iterations/cycle",
            *(f"cycles/s {s}" for s in sims))
    rows = [head]
    problems = []
    for k in names:
        first = by[(k, sims[0])]
        inputs = f"gen({first.input_seed})" if first.input_seed is not None else f"seed {seed}"
        per_cycle = f"{first.per_cycle:.3f}" if first.iterations else "- (no loop)"
        rows.append((k, inputs, *(str(by[(k, s)].cycles) for s in sims), str(first.iterations), per_cycle,
                     *(f"{by[(k, s)].rate:.0f}" for s in sims)))
        if len({by[(k, s)].cycles for s in sims}) > 1:
            problems.append(f"{k}: cycle counts differ between simulators: "
                            + ", ".join(f"{s} {by[(k, s)].cycles}" for s in sims))
    va = by[(f"vector_add_{VECTOR_N}", sims[0])]
    text = ("Kernels at full rate (results always ready, memory read latency 1 with no stalls; inputs "
            "dfv.kernels.gen(kernel, s) with the most innermost-loop iterations; simulated cycles per second over "
            "the whole test, reset and drain included)\n" + format_table(rows) +
            f"\n\nVector add, {VECTOR_N} elements, one-cycle memory: {va.cycles} cycles, "
            f"{va.cycles / VECTOR_N:.3f} cycles per element")
    return text, problems


def main_section(seed: int, sims: tuple[str, ...]) -> tuple[str, list[str]]:
    return tables(collect(seed, sims), sims, seed)
