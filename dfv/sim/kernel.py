"""Run a whole program on RTL: lower it, build its generated top with the RTL library, simulate it
in the kernel environment (`dfv.tb.kernel`), read back what it produced.

Used by `dfv run --engine icarus|verilator` (`dfv.runner`), the kernel suites of the regression
(`dfv.sim.regress`) and `make bench` (`dfv.sim.bench`).

- `prepare_lowered(mlir, lowered)` writes the `top.sv` and `dfg.yaml` of a program lowered once by the
  caller (`dfv run` hands every engine the same `Lowered`) to `build/kernels/<tag>/` (rewritten only when
  they change; `<tag>` is the function name and a hash of the program's path, so each program has its own
  build per simulator); `prepare(mlir, func, index_width)` lowers a file first (the regression, the
  bench). The build itself goes through `dfv.sim.build`, cached by content: a change of the program or
  of any RTL file rebuilds.
- `run_kernels(...)` writes one kernel description per run (`description.<key>.json`: the `dfg.yaml`,
  the arguments as raw words, the source interpreter's results, memory latency, traffic, coverage bins)
  into the run folder, names each in the run's variant (`dfv.tb.common.variants`), runs the requested tests
  of `dfv.tb.kernel.tests` for every run in one simulator process and returns their results with the record
  the scoreboard wrote (`kernel.<Test>@<key>.json`: raw results, final memref contents, cycles, errors);
  `run_kernel(...)` is one run.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from xdsl.dialects import affine, scf

from dfv.golden.interpreter import arg_words
from dfv.golden.types import DEFAULT_INDEX_WIDTH
from dfv.golden.values import to_word
from dfv.lowering.config import dump_config
from dfv.lowering.dfg import DFG
from dfv.lowering.errors import LoweringError
from dfv.lowering.names import file_stem
from dfv.lowering.parse import parse_file
from dfv.lowering.pipeline import Lowered, lower_program
from dfv.lowering.timing_plan import ClockTarget
from dfv.lowering.topgen import gen_top
from dfv.paths import BUILD_DIR, RTL_DIR, WORK_DIR, WORK_ENV
from dfv.sim.build import FOREIGN_ARGS, TIMING_ARGS, BuildKind, BuildSpec, write_if_changed
from dfv.sim.run import TestResult, run_tests
from dfv.tb.common.op_harness import hdl_sources
from dfv.tb.common.sv_memory import FILES_PLUSARG
from dfv.tb.common.variants import Variant
from dfv.tb.kernel.bounds import DEADLOCK_CYCLES, DEFAULT_MAX_CYCLES, MAX_MEM_LATENCY, TRAFFIC, KernelTraffic
from dfv.tb.kernel.description import KernelDescription
from dfv.tb.kernel.foreign import ForeignTop
from dfv.tb.kernel.harness import gen_harness, harness_name

TEST_MODULE = "dfv.tb.kernel.tests"
MAIN_TEST = "KernelRun"
EXPECT_FAIL_TESTS = ("KernelWrongModel", "KernelCorruptResult")

# Generated tops connect many channels through one packed wire per port group, which Verilator sees as
# a combinational loop at the vector level (UNOPTFLAT) although no bit depends on itself (the
# lowering guarantees no combinational cycle, and `make lint` checks the tops with -Wall).
# The harness generates its clock (`dfv.tb.kernel.harness`): Verilator needs --timing for the delay, and
# its timing runtime C++20.
VERILATOR_ARGS = ("-Wno-UNOPTFLAT", "--output-split", "0", *TIMING_ARGS)

SHM = Path("/dev/shm")

@dataclass
class Program:
    """A lowered program and where its generated files are."""

    mlir: Path
    tag: str
    folder: Path
    lowered: Lowered

    @property
    def g(self) -> DFG:
        return self.lowered.g

    @property
    def func(self) -> str:
        return self.lowered.fn.sym_name.data

    @property
    def top_sv(self) -> Path:
        return self.folder / "top.sv"

    @property
    def dfg_yaml(self) -> Path:
        return self.folder / "dfg.yaml"

    @property
    def harness_sv(self) -> Path:
        return self.folder / "harness.sv"

    def spec(self, waves: bool = False, kind: BuildKind = BuildKind.SIGNOFF, rtl_dir: Path = RTL_DIR,
             build_root: Path = BUILD_DIR, foreign: ForeignTop | None = None) -> BuildSpec:
        """The build of this program's harness (`dfv.tb.kernel.harness`: the generated top with the SystemVerilog
        agents of dfv/tb/hdl beside it, the cocotb toplevel of a kernel run) of `kind`; `rtl_dir` / `build_root`
        as in `BuildSpec` (a test builds on a broken copy of the RTL). The harness is written here, beside
        whatever `top.sv` the folder holds. `foreign`: another flow's circuit of the program instead of the
        generated top, built with its own files and none of the kit's RTL (its warnings not fatal)."""
        if foreign is None:
            write_if_changed(self.harness_sv, gen_harness(self.g))
            return BuildSpec(harness_name(self.g), {}, (*hdl_sources(), self.top_sv, self.harness_sv),
                             label=self.tag, waves=waves, verilator_args=VERILATOR_ARGS, coverage=kind.coverage,
                             optimize=kind.optimize, rtl_dir=rtl_dir, build_root=build_root)
        harness = self.folder / f"harness_{foreign.top}.sv"
        write_if_changed(harness, gen_harness(self.g, foreign))
        return BuildSpec(harness_name(self.g), {}, (*hdl_sources(), *foreign.files, harness),
                         label=f"{self.tag}__{foreign.top}", waves=waves,
                         verilator_args=(*VERILATOR_ARGS, *FOREIGN_ARGS), coverage=kind.coverage,
                         optimize=kind.optimize, rtl_dir=None, build_root=build_root)


_PROGRAMS: dict[tuple, Program] = {}


def prepare_lowered(mlir: str | Path, lowered: Lowered) -> Program:
    """Write the `top.sv` and `dfg.yaml` of `lowered`, the program of file `mlir` as the caller lowered it."""
    path, g = Path(mlir), lowered.g
    target = "" if lowered.timing is None else f":{lowered.timing.target_mhz}"
    where = hashlib.sha256(f"{path.resolve()}:{g.name}:{g.index_width}{target}".encode()).hexdigest()[:8]
    tag = f"kernel_{file_stem(g.name)}_{where}"
    folder = BUILD_DIR / "kernels" / tag
    top, config = gen_top([g]), dump_config(g, str(mlir))
    try:
        write_if_changed(folder / "top.sv", top)
        write_if_changed(folder / "dfg.yaml", config)
    except OSError as exc:  # the work folder is not writable: the user's to fix, named
        raise LoweringError(f"cannot write the build folder {folder}: {exc.strerror or exc} (runs write under "
                            f"{WORK_DIR}: set {WORK_ENV} to a writable folder)") from None
    return Program(path, tag, folder, lowered)


def prepare(mlir: str | Path, func: str | None, index_width: int = DEFAULT_INDEX_WIDTH,
            target_mhz: ClockTarget | None = None) -> Program:
    """Lower `func` of file `mlir` (once per content; for a `target_mhz` clock, `dfv.lowering.timing_buffers`) and
    prepare it (raises LoweringError on bad input)."""
    path = Path(mlir)
    text = path.read_bytes() if path.exists() else b""
    key = (str(path.resolve()), func, index_width, target_mhz, hashlib.sha256(text).hexdigest())
    if key not in _PROGRAMS:
        _PROGRAMS[key] = prepare_lowered(path, lower_program(parse_file(str(mlir)), func, index_width,
                                                             target_mhz=target_mhz))
    return _PROGRAMS[key]


@dataclass
class KernelOutcome:
    """The cocotb results of one kernel run and the records its tests wrote."""

    results: list[TestResult]
    records: dict[str, dict] = field(default_factory=dict)
    run_dir: Path | None = None
    waves: Path | None = None

    @property
    def main(self) -> dict | None:
        return self.records.get(MAIN_TEST) or next(iter(self.records.values()), None)


@dataclass(frozen=True)
class KernelRun:
    """One run of a program among those of one simulator process: its variant key (`dfv.tb.common.variants`;
    "" for a process of one run), arguments (as an inputs file gives them: `Lowered.bind`), seed, memory read
    latency and tests; `source` is the reference
    `(returns, memrefs)` (`Lowered.reference`: the source interpreter's, or the golden token semantics of a
    handshake program; computed when not given)."""

    key: str
    args: list
    seed: int
    latency: int = 1
    tests: tuple[str, ...] = (MAIN_TEST,)
    source: tuple[list, dict] | None = None


def run_kernel(prog: Program, args: list, sim: str, seed: int, run_dir: Path, *, latency: int = 1,
               tests: tuple[str, ...] = (MAIN_TEST,), source: tuple[list, dict] | None = None,
               **options) -> KernelOutcome:
    """Simulate `prog` on `args` in the kernel environment on `sim` with `seed` (one run: `run_kernels`)."""
    return run_kernels(prog, [KernelRun("", args, seed, latency, tests, source)], sim, run_dir, **options)[""]


def run_kernels(prog: Program, runs: Sequence[KernelRun], sim: str, run_dir: Path, *,
                traffic: KernelTraffic = TRAFFIC["random"],
                coverage: dict | None = None, waves: bool = False, name: str | None = None,
                max_cycles: int = DEFAULT_MAX_CYCLES, deadlock_cycles: int = DEADLOCK_CYCLES,
                build: BuildKind = BuildKind.SIGNOFF,
                rtl_dir: Path = RTL_DIR, build_root: Path = BUILD_DIR,
                foreign: ForeignTop | None = None) -> dict[str, KernelOutcome]:
    """Simulate `prog` in the kernel environment on `sim`, every run of `runs` in one simulator process
    (the first run's seed seeds the simulator); the outcome of each, by key.

    `traffic` the stalls of the environment (`dfv.tb.kernel.bounds.TRAFFIC`: the regression's seeded random
    back-pressure by default), `max_cycles` the runaway bound.
    `build` is the kind of build (`BuildKind`): the regression's runs feed `make coverage` and `make bench`
    (`SIGNOFF`); a one-off run builds a `QUICK` one, some 7 times faster to make.
    `coverage` the functional-coverage bins (`{"suite", "kernels", "latencies"}`) or None for none;
    `rtl_dir` / `build_root` build on another copy of the RTL tree (a must-fail test's broken one);
    `foreign` runs another flow's circuit of the program (`dfv.tb.kernel.foreign`) in place of the generated top.
    A memory latency outside 1..MAX_MEM_LATENCY is the caller's bad input (`dfv run --mem-latency`): a
    LoweringError before anything is built.
    """
    for run in runs:
        if not 1 <= run.latency <= MAX_MEM_LATENCY:
            raise LoweringError(f"memory read latency (--mem-latency) {run.latency} is not 1..{MAX_MEM_LATENCY} "
                                "cycles (a longer wait would look like a deadlock to the kernel environment)")
    run_dir = Path(run_dir).resolve()
    run_dir.mkdir(parents=True, exist_ok=True)
    for old in [*run_dir.glob("kernel.*.json"), *run_dir.glob("description*.json")]:
        old.unlink()
    variants = []
    elem = {a.position: a.elem_type for a in prog.g.args if not a.scalar}
    for run in runs:
        bound = prog.lowered.bind(run.args, f"the arguments of run {run.key or 'one'}")
        exp_ret, exp_mem = (prog.lowered.reference(bound.args, shapes=bound.shapes) if run.source is None
                            else run.source)
        desc = KernelDescription(
            name=name or prog.func,
            function=prog.func,
            dfg=str(prog.dfg_yaml.resolve()),
            args=arg_words(prog.g, bound.circuit),
            source_returns=[None if v is None else to_word(r.type, v)
                            for v, r in zip(exp_ret, sorted(prog.g.results, key=lambda r: r.position), strict=True)],
            source_memrefs={i: [to_word(elem[i], v) for v in m] for i, m in exp_mem.items()},
            latency=run.latency,
            traffic=traffic,
            coverage=coverage,
            max_cycles=max_cycles,
            deadlock_cycles=deadlock_cycles,
            result_dir=str(run_dir),
            foreign=foreign is not None,
        )
        desc_path = run_dir / (f"description.{run.key}.json" if run.key else "description.json")
        desc.write(desc_path)
        variants.append(Variant(run.key, run.seed, str(desc_path)))
    plusargs: list[str] = []
    wave_file = None
    if waves:
        wave_file = run_dir / ("dump.vcd" if sim == "verilator" else "waves.fst")
        wave_file.unlink(missing_ok=True)
        if sim == "icarus":
            plusargs.append(f"+dumpfile_path={wave_file}")
    # the memory agents' bulk files (contents in, logs out): in a private tmpfs folder when there is one (far
    # cheaper to write than most disks), else in the run folder; the tests of the runs use it in turn
    files = Path(tempfile.mkdtemp(prefix="dfv-kernel-", dir=SHM)) if SHM.is_dir() else run_dir
    plusargs.append(f"+{FILES_PLUSARG}={files}")
    testcase = [v.test_name(t) for v, run in zip(variants, runs, strict=True) for t in run.tests]
    try:
        spec = prog.spec(waves, build, rtl_dir, build_root, foreign)
        results = run_tests(spec, sim, TEST_MODULE, runs[0].seed, run_dir, testcase=testcase, waves=waves,
                            plusargs=plusargs, variants=variants)
    finally:
        if files != run_dir:
            shutil.rmtree(files, ignore_errors=True)
    outcomes = {}
    for v, run in zip(variants, runs, strict=True):
        records = {}
        for t in run.tests:
            f = run_dir / f"kernel.{v.test_name(t)}.json"
            if f.exists():
                records[t] = json.loads(f.read_text())
        mine = [r for r in results if r.variant == v.key or r.name.startswith("<")]
        outcomes[run.key] = KernelOutcome(mine, records, run_dir,
                                          wave_file if wave_file and wave_file.exists() else None)
    return outcomes


def innermost_loops(prog: Program) -> list[str]:
    """Loop ids (`g.loops` keys) of the loops with no loop nested inside them."""
    kinds = scf.ForOp | scf.WhileOp | affine.ForOp
    loops = [op for op in prog.lowered.fn.walk() if isinstance(op, kinds)]
    inner_locs = set()
    for op in loops:
        if not any(isinstance(o, kinds) for o in op.walk() if o is not op):
            inner_locs.add(prog.lowered.src.loc(op))
    return [lid for lid, lp in prog.g.loops.items() if lp.get("loc") in inner_locs]
