"""The kernel part of `make bench`: every kernel of kernels/ on each simulator at full rate.

Each kernel runs once per simulator in the kernel environment (`dfv.tb.kernel.tests.KernelBench`, the
same checks as `KernelRun`) with the input set of `dfv.kernels.gen(kernel, s)`, s in 0..5, that gives
the most innermost-loop iterations (the first such s), results and done always ready, a one-cycle
memory with no stalls. Reported per kernel: cycles on
each simulator (start token offered to the last of done and the results), innermost-loop iterations
(true tokens on the condition stream of every loop with no loop inside it, counted in the golden DFG
run) per cycle, and simulated cycles per second (clock cycles of the whole test, reset and drain
included, over the wall time of its run phase), the cycles before issue 9 (`configs/bench_before.yaml`)
and the recurrence bound of the innermost loops (`dfv.lowering.recurrence`, at memory latency 1). Plus the
pipelining figures of issue 9 (`PIPELINE`: a scalar accumulation, vector add at memory latency 1 and 3,
dot product; each against its limit and its cycles before), and the float goals of issue 24 (`FLOAT_CASES`:
f32 vector add, dot product and gemm, against their limits and recurrence bounds). Nothing is random at
full rate, and the inputs are seeded: the figures are reproducible.

And the simulation speed of whole programs (issue 10): the pipelined-loop programs in simulated cycles per
second, on each simulator's regression build (Verilator's with code coverage compiled in), on Verilator also
on an optimised build without coverage (`BuildKind.SPEED`, what a speed figure of a simulator is usually
taken on), against the figures before the SystemVerilog agents (`configs/bench_before.yaml`, `sim_speed`)
and the goals of issue 10 (`SPEED_GOALS`).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

import yaml

from dfv.args import target_setting
from dfv.golden.catalogue import spec
from dfv.golden.interpreter import run_dfg
from dfv.kernels import KERNEL_DIR, KERNELS, float_words, gen
from dfv.lowering.recurrence import recurrence_bound
from dfv.lowering.timing_plan import ClockTarget
from dfv.paths import BUILD_DIR, REPO, REPORTS_DIR
from dfv.sim.build import BuildKind
from dfv.sim.kernel import innermost_loops, prepare, run_kernel
from dfv.sim.tables import format_table
from dfv.tb.kernel.bounds import TRAFFIC
from dfv.timing.config import load_config as load_timing_config
from dfv.timing.report import SUMMARY_NAME as TIMING_SUMMARY_NAME
from dfv.timing.report import SummaryVersionError, lowered_for
from dfv.timing.report import read_summary as read_timing

INPUT_SEEDS = range(6)  # dfv.kernels.gen input sets considered; the one with the most iterations is used
VECTOR_N = 1024
BEFORE = REPO / "configs" / "bench_before.yaml"  # cycles measured before issue 9 (its header says where)
BOUND_READ_CYCLES = 3  # an extmemory load round trip at memory latency 1 (request and response registers)
SPEED_GOALS = {"verilator": 100_000, "icarus": 50_000}  # simulated cycles per second of whole programs (issue 10)

SUM_PROGRAM = """// sum i for i < n with an iter_args accumulator (make bench, issue 9)
func.func @sum_100(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %v = arith.index_cast %i : index to i32
    %a = arith.addi %acc, %v : i32
    scf.yield %a : i32
  }
  func.return %r : i32
}
"""


@dataclass(frozen=True)
class PipelineCase:
    """One figure of issue 9: a program, its memory latency and the most cycles it may take."""

    name: str
    latency: int
    n: int
    limit: float
    rule: str


GEMM_N = 16
ADDF_F32 = spec("arith.addf").latency({"format": "f32"})  # the adder's latency: a float reduction's bound

PIPELINE = (
    PipelineCase("sum_100", 1, 100, 110, "<= 110 (CIRCT Handshake: 303)"),
    PipelineCase("vector_add_1024", 1, VECTOR_N, 1.1 * VECTOR_N + 20, "<= 1.1 N + 20"),
    PipelineCase("vector_add_1024", 3, VECTOR_N, 1.2 * VECTOR_N + 30, "<= 1.2 N + 30"),
    PipelineCase("dot_product_1024", 1, VECTOR_N, 1.1 * VECTOR_N + 20, "<= 1.1 N + 20"),
)

FLOAT_CASES = (  # issue 24's goals: f32 loops on the pipelined float units
    PipelineCase("fvector_add_1024", 1, VECTOR_N, 1.1 * VECTOR_N + 30, "<= 1.1 N + 30"),
    PipelineCase("fdot_1024", 1, VECTOR_N, ADDF_F32 * VECTOR_N + 40, f"<= {ADDF_F32} N + 40 (addf latency {ADDF_F32})"),
    PipelineCase("gemm_16", 1, GEMM_N ** 3, 1.1 * ADDF_F32 * GEMM_N ** 3,
                 f"<= 1.1 x bound ({ADDF_F32} per inner iteration) x N^3"),
)

GEMM_PROGRAM = """// PolyBench gemm, N x N x N f32 (make bench, issue 24): C = alpha A B + beta C
func.func @gemm_{n}(%alpha: f32, %beta: f32, %C: memref<{n}x{n}xf32>, %A: memref<{n}x{n}xf32>,
                    %B: memref<{n}x{n}xf32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cn = arith.constant {n} : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %cn step %c1 {{
    scf.for %j = %c0 to %cn step %c1 {{
      %sum = scf.for %k = %c0 to %cn step %c1 iter_args(%acc = %z) -> (f32) {{
        %a = memref.load %A[%i, %k] : memref<{n}x{n}xf32>
        %b = memref.load %B[%k, %j] : memref<{n}x{n}xf32>
        %ab = arith.mulf %a, %b : f32
        %p = arith.mulf %alpha, %ab : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }}
      %c = memref.load %C[%i, %j] : memref<{n}x{n}xf32>
      %bc = arith.mulf %beta, %c : f32
      %r = arith.addf %bc, %sum : f32
      memref.store %r, %C[%i, %j] : memref<{n}x{n}xf32>
    }}
  }}
  func.return
}}
"""


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
    def rate(self) -> float:
        return self.sim_cycles / self.wall_s if self.wall_s else 0.0


def write_program(name: str, text: str) -> Path:
    """A generated benchmark program in build/bench/ (rewritten only on change, so its build is cached)."""
    path = BUILD_DIR / "bench" / f"{name}.mlir"
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)
    return path


def vector_add_program(n: int = VECTOR_N) -> Path:
    """kernels/vector_add.mlir at `n` elements."""
    text = (KERNEL_DIR / "vector_add.mlir").read_text()
    text = text.replace("memref<8xi32>", f"memref<{n}xi32>").replace("%c8 = arith.constant 8 : index",
                                                                    f"%c8 = arith.constant {n} : index")
    return write_program(f"vector_add_{n}", text.replace("@vector_add(", f"@vector_add_{n}("))


def vector_add_inputs(seed: int, n: int = VECTOR_N) -> list:
    r = random.Random(f"vector_add_{n}-{seed}")
    return [[r.randint(-2**31, 2**31 - 1) for _ in range(n)], [r.randint(-2**31, 2**31 - 1) for _ in range(n)],
            [0] * n]


def _resized(path: Path, old: int, new: int) -> str:
    """A kernel's text with its arrays of `old` elements (and a trip-count constant of `old`) at `new`."""
    return (path.read_text().replace(f"memref<{old}x", f"memref<{new}x")
            .replace(f"arith.constant {old} : index", f"arith.constant {new} : index"))


def pipeline_program(case: PipelineCase, seed: int) -> tuple[Path, list]:
    """The program and inputs of one figure of issues 9 and 24."""
    r = random.Random(f"{case.name}-{seed}")
    if case.name.startswith("fvector_add_"):
        text = _resized(KERNEL_DIR / "fvector_add.mlir", 16, case.n)
        return (write_program(case.name, text.replace("@fvector_add(", f"@{case.name}(")),
                [float_words(r, "f32", case.n), float_words(r, "f32", case.n), ["0x0"] * case.n])
    if case.name.startswith("fdot_"):
        text = _resized(KERNEL_DIR / "fdot.mlir", 16, case.n)
        return (write_program(case.name, text.replace("@fdot(", f"@{case.name}(")),
                [float_words(r, "f32", case.n), float_words(r, "f32", case.n), case.n])
    if case.name.startswith("gemm_"):
        n = round(case.n ** (1 / 3))
        return (write_program(case.name, GEMM_PROGRAM.format(n=n)),
                [*float_words(r, "f32", 2), *(float_words(r, "f32", n * n) for _ in range(3))])
    if case.name.startswith("sum_"):
        return write_program(case.name, SUM_PROGRAM), [case.n]
    if case.name.startswith("vector_add_"):
        return vector_add_program(case.n), vector_add_inputs(seed, case.n)
    text = (KERNEL_DIR / "dot_product.mlir").read_text().replace("memref<8xi32>", f"memref<{case.n}xi32>")
    words = [[r.randint(-1000, 1000) for _ in range(case.n)] for _ in range(2)]
    return write_program(case.name, text.replace("@dot_product(", f"@{case.name}(")), [*words, case.n]


def innermost_iterations(prog, args: list) -> int:
    """True tokens on the condition streams of the innermost loops, in the golden DFG run."""
    g = prog.g
    raw = {f"{lp['raw'].node}.{lp['raw'].port}" for lid, lp in g.loops.items() if lid in innermost_loops(prog)}
    watch = tuple(c.id for c in g.channels if str(c.src) in raw)
    res = run_dfg(g, prog.lowered.bind(args, "the bench's arguments").circuit, watch=watch)
    return sum(1 for cid in watch for t in res.watched[cid] if t == 1)


def busiest_inputs(name: str) -> tuple[int, list]:
    """(s, gen(name, s)) for the s in INPUT_SEEDS with the most innermost-loop iterations."""
    prog = prepare(KERNEL_DIR / f"{name}.mlir", name)
    best = max(INPUT_SEEDS, key=lambda s: (innermost_iterations(prog, gen(name, s)), -s))
    return best, gen(name, best)


def run_one(name: str, path: Path, args: list, sim: str, seed: int, input_seed: int | None = None,
            latency: int = 1, build: BuildKind = BuildKind.SIGNOFF,
            target_mhz: ClockTarget | None = None) -> KernelFigures:
    """One benchmark run of function `name` of `path`, lowered for a `target_mhz` clock (None: without slices)."""
    prog = prepare(path, name, target_mhz=target_mhz)
    run_dir = REPORTS_DIR / "bench" / sim / (f"kernel_{name}" + ("" if latency == 1 else f"_lat{latency}")
                                             + ("" if build is BuildKind.SIGNOFF else f"_{build.value}"))
    (run_dir / "bench.json").unlink(missing_ok=True)
    out = run_kernel(prog, args, sim, seed, run_dir, latency=latency, traffic=TRAFFIC["full"], tests=("KernelBench",),
                     name=name, build=build)
    failed = [f"{r.name}: {r.message}" for r in out.results if not r.passed]
    if failed:
        raise RuntimeError(f"kernel benchmark {name} on {sim} failed its checks: {failed}")
    rec = json.loads((run_dir / "bench.json").read_text())
    return KernelFigures(name, sim, input_seed, rec["cycles"], innermost_iterations(prog, args), rec["sim_cycles"],
                         rec["wall_s"])


@dataclass
class Before:
    """Cycles measured before issue 9 (`configs/bench_before.yaml`): per kernel, and per pipelining figure
    keyed `<name>@<latency>`; and simulated cycles per second before issue 10's agents (`speed_commit`),
    per pipelining figure and simulator; and those of the operation environments before their cheaper
    per-cycle loop (`op_speed_commit`), per (operation, case) and simulator."""

    commit: str
    kernels: dict[str, int]
    pipeline: dict[str, int]
    speed_commit: str
    speed: dict[str, dict[str, int]]
    op_speed_commit: str
    op_speed: dict[tuple[str, str], dict[str, int]]

    @staticmethod
    def load(path: Path = BEFORE) -> Before:
        doc = yaml.safe_load(path.read_text())
        return Before(str(doc["commit"]), {str(k): int(v) for k, v in doc["kernels"].items()},
                      {str(k): int(v) for k, v in doc["pipeline"].items()}, str(doc["sim_speed_commit"]),
                      {str(k): {str(s): int(r) for s, r in v.items()} for k, v in doc["sim_speed"].items()},
                      str(doc["op_speed_commit"]),
                      {(str(op), str(case)): {str(s): int(r) for s, r in rates.items()}
                       for op, cases in doc["op_speed"].items() for case, rates in cases.items()})


def bound(name: str, path: Path, target_mhz: ClockTarget | None = None) -> float | None:
    """The recurrence bound of a program's innermost loops, cycles per iteration (None: no loop), lowered for a
    `target_mhz` clock (its slices on the loops' cycles count)."""
    prog = prepare(path, name, target_mhz=target_mhz)
    return recurrence_bound(prog.g, set(innermost_loops(prog)), BOUND_READ_CYCLES)


Cases = list[tuple[PipelineCase, KernelFigures]]


def collect(seed: int, sims: tuple[str, ...],
            clock: ClockTarget | None) -> tuple[list[KernelFigures], Cases, Cases, Cases]:
    """The kernel figures, the pipelining figures (regression builds), the pipelining programs on Verilator's
    speed build (none without Verilator) and the float figures; the kernels lowered for a `clock` MHz clock (None:
    without slices)."""
    figures, pipeline, speed, floats = [], [], [], []
    inputs = {name: busiest_inputs(name) for name in KERNELS}
    for sim in sims:
        for name in KERNELS:
            s, args = inputs[name]
            figures.append(run_one(name, KERNEL_DIR / f"{name}.mlir", args, sim, seed, s, target_mhz=clock))
        for case in PIPELINE:
            path, args = pipeline_program(case, seed)
            pipeline.append((case, run_one(case.name, path, args, sim, seed, latency=case.latency)))
            if sim == "verilator":
                speed.append((case, run_one(case.name, path, args, sim, seed, latency=case.latency,
                                            build=BuildKind.SPEED)))
        for case in FLOAT_CASES:
            path, args = pipeline_program(case, seed)
            floats.append((case, run_one(case.name, path, args, sim, seed, latency=case.latency)))
    return figures, pipeline, speed, floats


def float_table(floats: list[tuple[PipelineCase, KernelFigures]], sims: tuple[str, ...],
                seed: int) -> tuple[str, list[str]]:
    """Issue 24's float loops against their limits: cycles on each simulator, per innermost iteration, and
    the recurrence bound (the adder's latency on a reduction's cycle, plus what else the cycle holds)."""
    by = {(c, f.sim): f for c, f in floats}
    rows = [("program", "N", *(f"cycles {s}" for s in sims), "cycles/iteration", "bound", "limit (issue 24)", "met")]
    problems = []
    for case in FLOAT_CASES:
        figs = [by[(case, s)] for s in sims]
        worst = max(f.cycles for f in figs)
        path, _ = pipeline_program(case, seed)
        b = bound(case.name, path)
        met = worst <= case.limit
        rows.append((case.name, str(case.n), *(str(f.cycles) for f in figs), f"{worst / case.n:.3f}",
                     "-" if b is None else f"{b:g}", f"{case.rule} = {case.limit:g}", "yes" if met else "NO"))
        if not met:
            problems.append(f"{case.name}: {worst} cycles, over the limit {case.rule} = {case.limit:g}")
        if len({f.cycles for f in figs}) > 1:
            problems.append(f"{case.name}: cycle counts differ between simulators")
    return ("Float loops (issue 24), f32, at full rate, memory read latency 1\n" + format_table(rows)), problems


def speed_table(pipeline: list[tuple[PipelineCase, KernelFigures]], speed: list[tuple[PipelineCase, KernelFigures]],
                sims: tuple[str, ...], before: Before) -> str:
    """Simulated cycles per second of the pipelining programs: now, before issue 10's agents, the goals."""
    pby = {(c, f.sim): f for c, f in pipeline}
    sby = {c: f for c, f in speed}
    head = ("program", "N", "memory latency", "cycles simulated",
            *(f"cycles/s {s}" for s in sims), *(["cycles/s verilator, no coverage"] if speed else []),
            *(f"before ({before.speed_commit}) {s}" for s in sims), *(f"goal {s}" for s in sims))
    rows = [head]
    for case in PIPELINE:
        key = f"{case.name}@{case.latency}"
        old = before.speed.get(key, {})
        rows.append((case.name, str(case.n), str(case.latency), str(pby[(case, sims[0])].sim_cycles),
                     *(f"{pby[(case, s)].rate:.0f}" for s in sims), *([f"{sby[case].rate:.0f}"] if speed else []),
                     *(str(old.get(s, "-")) for s in sims), *(f"{SPEED_GOALS[s]}" for s in sims)))
    return ("Simulation speed of whole programs (issue 10): simulated cycles per second over the whole test, reset "
            "and drain included, in the kernel environment's SystemVerilog harness; Verilator on the regression's "
            "build (code coverage compiled in) and on an optimised build without coverage; before = the per-cycle "
            f"Python agents of commit {before.speed_commit} on the regression's builds (configs/bench_before.yaml); "
            "Icarus is bounded by the generated top itself, which runs at about 9.7k cycles/s there with no "
            "testbench at all (docs/kernel_env.md)\n" + format_table(rows))


TIMING_SUMMARY = REPORTS_DIR / "timing" / TIMING_SUMMARY_NAME


def kernel_fmax(clock: ClockTarget | None, path: Path = TIMING_SUMMARY) -> tuple[dict[str, float], str]:
    """The Fmax (MHz, median over seeds) of each kernel's generated top in the last `make timing`, by kernel name,
    and a line that says where they come from: none without a report, or from a report whose kernels were lowered
    for another clock than `clock` (the bench's: the Fmax would be another circuit's); a stale report is named
    so."""
    if not path.exists():
        return {}, f"Fmax: no timing report ({path}): run `make timing` for the time per run"
    try:
        settings, results = read_timing(path)
    except SummaryVersionError as exc:
        return {}, f"Fmax: {exc}"
    want = target_setting(clock)
    if settings.kernel_target != want:
        return {}, (f"Fmax: the timing report's kernels were lowered {lowered_for(settings.kernel_target)}, the "
                    f"bench's {lowered_for(want)} (configs/timing.yaml kernel_target_mhz): run `make timing`")
    fmax = {r.target.removeprefix("kernel:"): r.fmax_mhz for r in results
            if r.target.startswith("kernel:") and r.fmax_mhz is not None}
    stale = "" if settings.current else ", STALE: the RTL or the lowering changed since"
    return fmax, (f"Fmax: make timing on {settings.device} {settings.package}, median of seeds "
                  f"{list(settings.seeds)}{stale}; time per run = cycles / Fmax")


def tables(figures: list[KernelFigures], pipeline: list[tuple[PipelineCase, KernelFigures]], sims: tuple[str, ...],
           seed: int, before: Before, clock: ClockTarget | None) -> tuple[str, list[str]]:
    """The kernel table (the kernels lowered for `clock`) and the pipelining table; plus problems (cycle counts
    differing between simulators, a pipelining figure over its limit)."""

    by = {(f.kernel, f.sim): f for f in figures}
    names = list(dict.fromkeys(f.kernel for f in figures))
    fmax, fmax_note = kernel_fmax(clock)
    head = ("kernel", "inputs", *(f"cycles {s}" for s in sims), f"before ({before.commit})", "innermost iterations",
            "cycles/iteration", "bound", "Fmax MHz", "time/run us", *(f"cycles/s {s}" for s in sims))
    rows = [head]
    problems = []
    for k in names:
        first = by[(k, sims[0])]
        inputs = f"gen({first.input_seed})" if first.input_seed is not None else f"seed {seed}"
        per_iter = f"{first.cycles / first.iterations:.2f}" if first.iterations else "- (no loop)"
        b = bound(k, KERNEL_DIR / f"{k}.mlir", clock)
        f = fmax.get(k)
        rows.append((k, inputs, *(str(by[(k, s)].cycles) for s in sims), str(before.kernels.get(k, "-")),
                     str(first.iterations), per_iter, "-" if b is None else f"{b:g}",
                     "-" if f is None else f"{f:.1f}", "-" if f is None else f"{first.cycles / f:.2f}",
                     *(f"{by[(k, s)].rate:.0f}" for s in sims)))
        if len({by[(k, s)].cycles for s in sims}) > 1:
            problems.append(f"{k}: cycle counts differ between simulators: "
                            + ", ".join(f"{s} {by[(k, s)].cycles}" for s in sims))
    prow = [("program", "N", "memory latency", *(f"cycles {s}" for s in sims), f"before ({before.commit})",
             "cycles/iteration", "bound", "limit (issue 9)", "met")]
    pby = {(c, f.sim): f for c, f in pipeline}
    for case in PIPELINE:
        figs = [pby[(case, s)] for s in sims]
        worst = max(f.cycles for f in figs)
        met = worst <= case.limit
        path, _ = pipeline_program(case, seed)
        b = bound(case.name, path)
        prow.append((case.name, str(case.n), str(case.latency), *(str(f.cycles) for f in figs),
                     str(before.pipeline.get(f"{case.name}@{case.latency}", "-")), f"{worst / case.n:.3f}",
                     "-" if b is None else f"{b:g}", f"{case.rule} = {case.limit:g}", "yes" if met else "NO"))
        if not met:
            problems.append(f"{case.name} at memory latency {case.latency}: {worst} cycles, over the limit "
                            f"{case.rule} = {case.limit:g}")
        if len({f.cycles for f in figs}) > 1:
            problems.append(f"{case.name} at memory latency {case.latency}: cycle counts differ between simulators")
    text = (f"Kernels lowered {lowered_for(target_setting(clock))} (configs/timing.yaml kernel_target_mhz, as make "
            "timing times them) at full rate (results always ready, memory read latency 1 with no stalls; inputs "
            "dfv.kernels.gen(kernel, s) with the most innermost-loop iterations; bound = the recurrence bound of "
            "the innermost loops in cycles per iteration, dfv.lowering.recurrence, where a cycle through an scf.if "
            "branch counts on every iteration, so a loop that takes the branch on some iterations only can run "
            "below it; simulated cycles per second over the whole test, reset and drain included)\n"
            + fmax_note + "\n" + format_table(rows)
            + "\n\nPipelined loops (issue 9), at full rate\n" + format_table(prow))
    return text, problems


def main_section(seed: int, sims: tuple[str, ...]) -> tuple[str, list[str]]:
    clock = load_timing_config().kernel_target_mhz  # the kernels' clock, as make timing times them
    figures, pipeline, speed, floats = collect(seed, sims, clock)
    before = Before.load()
    text, problems = tables(figures, pipeline, sims, seed, before, clock)
    ftext, fproblems = float_table(floats, sims, seed)
    return text + "\n\n" + ftext + "\n\n" + speed_table(pipeline, speed, sims, before), problems + fproblems
