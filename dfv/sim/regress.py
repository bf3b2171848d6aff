"""The regression behind `make sim`: every suite of configs/regression.yaml on one simulator.

Each (suite, parameter set, seed) is one job: every test of the suite's module, then those of its
`bench` module if it names one (the bench test that fails when the module misses its documented
throughput, `dfv.tb.common.rates`). Kernel suites (`kernel_suites`) run whole programs of kernels/ through
the kernel environment (`dfv.tb.kernel`, via `dfv.sim.kernel`): one job per (kernel, memory latency, seed),
with the inputs of `dfv.kernels.gen(kernel, seed)`; the expected-failure tests of the kernel scoreboard
run in the first (latency, seed) job of each kernel. The jobs of one build (every seed of a parameter
set, every latency and seed of a kernel) run in one simulator process, each a variant of it
(`dfv.tb.common.variants`), as starting a simulator costs more than most tests; each build is made once per
simulator, and the process writes its folder `<out>/runs/<build tag>`. Results go to
`<out>/junit.xml` (`--out`, default `reports/<sim>/`; run folders in `<out>/runs/`) and a summary
table (test, simulator, seed, result, simulated cycles; for a kernel run the cycles from the start
token to the last of done and the results) is printed. While it runs, stderr has a line per build
(builds done / total, built or up to date; `-j` builds at a time) and then per finished job (jobs done /
total, tests and failures so far and the elapsed time; `dfv.sim.progress`).

`--shard I/N` runs shard I (1-based) of N of the job list (`dfv.sim.shard`: jobs sharing a build stay
together, the shards balanced by estimated cost); every run, sharded or not, records its shard, its jobs
and their run folders in `<out>/shard.json`, which `dfv report merge` checks and merges.
Exit status 1 if any test failed, 2 for a bad configuration or shard.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

import yaml

from dfv.kernels import CIRCT_KERNELS, KERNEL_DIR, KERNELS, gen, kernel_func, kernel_path
from dfv.paths import BUILD_DIR, REPO, REPORTS_DIR
from dfv.sim import junit
from dfv.sim.build import HARNESS_ARGS, BuildKind, BuildSpec, build, write_if_changed
from dfv.sim.kernel import EXPECT_FAIL_TESTS, MAIN_TEST, TEST_MODULE, KernelRun, prepare, run_kernels
from dfv.sim.progress import BuildProgress, Progress
from dfv.sim.run import TestResult, run_tests
from dfv.sim.shard import MANIFEST, WHOLE, ShardManifest, ShardSpec, job_list_digest, partition
from dfv.sim.tables import format_table, param_label
from dfv.sim.toolchain import SIMULATORS, ToolchainError, setup_path
from dfv.tb.common.op_harness import harness_name, hdl_sources
from dfv.tb.common.variants import Variant
from dfv.tb.suites import harness_text

CONFIG = REPO / "configs" / "regression.yaml"
HARNESS_FOLDER = "harness"  # the generated harnesses of the operation suites, under the build root
SCHEMA_VERSION = 1
# Estimated seconds, only to balance shards (their ratios matter, not their values): a Verilator build
# of a hand-written module with coverage, one of a generated kernel top (dfv.sim.build: ~70 s at -Os),
# and one simulator process of each kind.
BUILD_COST, KERNEL_BUILD_COST = 20.0, 80.0
JOB_COST, KERNEL_JOB_COST = 6.0, 10.0


_MODULE_NAME = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


class ConfigError(ValueError):
    """The regression configuration does not follow its schema."""


@dataclass(frozen=True)
class KernelJob:
    """What a kernel job runs: kernel `name` (kernels/<name>.mlir, function <name>) with a memory
    read latency, the tests of `dfv.tb.kernel.tests`, and the suite's coverage bins."""

    name: str
    latency: int
    tests: tuple[str, ...]
    kernels: tuple[str, ...]
    latencies: tuple[int, ...]


def suite_spec(toplevel: str, params: Mapping[str, int], test_module: str, build_root: Path = BUILD_DIR) -> BuildSpec:
    """The build of kit module `toplevel` at `params` for an operation suite of test module `test_module`: the
    module's harness (dfv/tb/common/op_harness.py, written under `build_root/harness/`) with the agents of
    dfv/tb/hdl."""
    spec = BuildSpec(harness_name(toplevel), dict(params), verilator_args=HARNESS_ARGS, build_root=build_root)
    path = build_root / HARNESS_FOLDER / f"{spec.tag()}.sv"
    write_if_changed(path, harness_text(toplevel, test_module, dict(params)))
    return replace(spec, extra_sources=(path, *hdl_sources()))


@dataclass(frozen=True)
class Job:
    """A suite at one parameter set and seed (or one kernel run): a variant of the simulator process of its
    build (`processes`). `module` is the cocotb test module, or several comma-separated (the suite's
    `module`, then its `bench`: cocotb runs the tests of each in turn in the one process)."""

    suite: str
    toplevel: str
    module: str
    params: tuple[tuple[str, int], ...]
    seed: int
    kernel: KernelJob | None = None

    @property
    def spec(self) -> BuildSpec:
        if self.kernel is not None:
            return prepare(kernel_path(self.kernel.name), kernel_func(self.kernel.name)).spec()
        return suite_spec(self.toplevel, dict(self.params), self.module.split(",")[0])

    @property
    def label(self) -> str:
        if self.kernel is not None:
            return param_label(f"{self.suite}:{self.kernel.name}", self.params)
        return param_label(self.suite, self.params)

    @property
    def key(self) -> str:
        """Names the job uniquely within a job list (label and seed)."""
        return f"{self.label}[seed={self.seed}]"

    @property
    def build_key(self) -> str:
        """Jobs with equal build keys run on one build (every latency and seed of a kernel share its top)."""
        if self.kernel is not None:
            return f"kernel:{self.kernel.name}"
        return f"{self.toplevel}:{self.params}"

    @property
    def process_label(self) -> str:
        """Names the job's simulator process: its label without a kernel's latency."""
        return f"{self.suite}:{self.kernel.name}" if self.kernel is not None else self.label

    @property
    def process_key(self) -> str:
        """Jobs with equal process keys run in one simulator process (`processes`)."""
        return f"{self.suite}:{self.build_key}"

    @property
    def variant_key(self) -> str:
        """The job's variant of its process: its seed (and a kernel's memory latency)."""
        if self.kernel is not None:
            return f"lat{self.kernel.latency}-seed{self.seed}"
        return f"seed{self.seed}"

    @property
    def run_name(self) -> str:
        """The run folder of the job's process under `<out>/runs/`."""
        if self.kernel is not None:
            return f"kernel_{self.kernel.name.replace('/', '_')}"
        return self.spec.tag()


def _require(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise ConfigError(f"{where}: {what}")


def load_jobs(path: Path = CONFIG) -> list[Job]:
    """Read and schema-check the regression file; one Job per (suite, parameter set, seed)."""
    try:
        doc = yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    _require(isinstance(doc, dict), str(path), "top level must be a mapping")
    unknown = set(doc) - {"version", "seeds", "suites", "kernel_suites"}
    _require(not unknown, str(path), f"unknown top-level keys {sorted(unknown)}")
    _require(doc.get("version") == SCHEMA_VERSION, str(path), f"version must be {SCHEMA_VERSION}")
    seeds = doc.get("seeds", [1])
    _require(isinstance(seeds, list) and all(isinstance(s, int) for s in seeds), str(path), "seeds: integers")
    suites = doc.get("suites")
    _require(isinstance(suites, list) and suites, str(path), "suites: a non-empty list")
    jobs, names = [], set()
    for i, suite in enumerate(suites):
        where = f"{path}: suites[{i}]"
        _require(isinstance(suite, dict), where, "must be a mapping")
        unknown = set(suite) - {"name", "toplevel", "module", "bench", "params", "seeds"}
        _require(not unknown, where, f"unknown keys {sorted(unknown)}")
        for key in ("name", "toplevel", "module"):
            _require(isinstance(suite.get(key), str), where, f"'{key}' must be a string")
        modules = [suite["module"]]
        if "bench" in suite:
            _require(isinstance(suite["bench"], str) and _MODULE_NAME.fullmatch(suite["bench"]) is not None, where,
                     "'bench' must be a Python module name (the bench test module run beside 'module')")
            _require(suite["bench"] != suite["module"], where, "'bench' must differ from 'module'")
            modules.append(suite["bench"])
        _require(suite["name"] not in names, where, f"duplicate suite name {suite['name']}")
        names.add(suite["name"])
        params = suite.get("params", [{}])
        _require(isinstance(params, list) and all(isinstance(p, dict) for p in params), where,
                 "params: a list of mappings")
        for p in params:
            _require(all(isinstance(v, int) for v in p.values()), where, f"parameter values must be integers: {p}")
        suite_seeds = suite.get("seeds", seeds)
        for p in params:
            for seed in suite_seeds:
                jobs.append(Job(suite["name"], suite["toplevel"], ",".join(modules), tuple(sorted(p.items())), seed))
    kernel_suites = doc.get("kernel_suites", [])
    _require(isinstance(kernel_suites, list), str(path), "kernel_suites: a list")
    for i, suite in enumerate(kernel_suites):
        where = f"{path}: kernel_suites[{i}]"
        jobs += _kernel_jobs(suite, where, names, seeds)
    repeated = sorted(k for k, n in Counter(j.key for j in jobs).items() if n > 1)
    _require(not repeated, str(path), f"jobs listed twice (a repeated parameter set or seed): {repeated}")
    return jobs


def _int_list(v, minimum: int) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, int) and not isinstance(x, bool) and x >= minimum
                                                   for x in v)


def _kernel_jobs(suite, where: str, names: set, seeds: list[int]) -> list[Job]:
    """Jobs of one kernel suite: `name`, `kernels` (names in kernels/, `handshake/<name>` for the CIRCT-made
    programs of kernels/handshake/, or `all`: every kernel of kernels/ itself), `latencies` (memory read
    latencies, >= 1), optional `seeds` and `expect_fail` (default true)."""
    _require(isinstance(suite, dict), where, "must be a mapping")
    unknown = set(suite) - {"name", "kernels", "latencies", "seeds", "expect_fail"}
    _require(not unknown, where, f"unknown keys {sorted(unknown)}")
    _require(isinstance(suite.get("name"), str), where, "'name' must be a string")
    _require(suite["name"] not in names, where, f"duplicate suite name {suite['name']}")
    names.add(suite["name"])
    files = sorted(p.stem for p in KERNEL_DIR.glob("*.mlir"))
    kernels = suite.get("kernels")
    if kernels == "all":
        no_inputs = [k for k in files if k not in KERNELS]
        _require(not no_inputs, where, f"kernels without an input generator in dfv/kernels.py: {no_inputs}")
        kernels = files
    _require(isinstance(kernels, list) and kernels and all(isinstance(k, str) for k in kernels), where,
             "kernels: `all` or a non-empty list of kernel names")
    missing = [k for k in kernels if not kernel_path(k).is_file() or k not in KERNELS + CIRCT_KERNELS]
    _require(not missing, where, f"no such kernel(s) in {KERNEL_DIR.name}/ (with inputs in dfv/kernels.py): {missing}")
    _require(len(set(kernels)) == len(kernels), where, "kernels: duplicate names")
    latencies = suite.get("latencies")
    _require(_int_list(latencies, 1), where, "latencies: a non-empty list of integers >= 1")
    suite_seeds = suite.get("seeds", seeds)
    _require(_int_list(suite_seeds, 0), where, "seeds: a non-empty list of integers >= 0")
    expect_fail = suite.get("expect_fail", True)
    _require(isinstance(expect_fail, bool), where, "expect_fail: true or false")
    jobs = []
    for k in kernels:
        first = True
        for latency in latencies:
            for seed in suite_seeds:
                tests = (MAIN_TEST, *EXPECT_FAIL_TESTS) if first and expect_fail else (MAIN_TEST,)
                first = False
                kj = KernelJob(k, latency, tests, tuple(kernels), tuple(latencies))
                jobs.append(Job(suite["name"], k, TEST_MODULE, (("latency", latency),), seed, kj))
    return jobs


def build_cost(jobs: Sequence[Job]) -> float:
    """Estimated seconds of jobs that share one build: the build and every simulator process."""
    kernel = jobs[0].kernel is not None
    per_job = KERNEL_JOB_COST if kernel else JOB_COST
    return (KERNEL_BUILD_COST if kernel else BUILD_COST) + per_job * len(jobs)


def shard_jobs(jobs: Sequence[Job], shard: ShardSpec) -> list[Job]:
    """The jobs of `shard`, in the order of `jobs` (`dfv.sim.shard.partition`)."""
    return partition(jobs, shard.count, lambda j: j.build_key, build_cost)[shard.index - 1]


def processes(jobs: Sequence[Job]) -> list[tuple[Job, ...]]:
    """`jobs` grouped into simulator processes (equal `process_key`), in the order of their first job."""
    groups: dict[str, list[Job]] = {}
    for j in jobs:
        groups.setdefault(j.process_key, []).append(j)
    return [tuple(g) for g in groups.values()]


def _run_kernel_process(jobs: Sequence[Job], sim: str, run_dir: Path, kind: BuildKind) -> list[TestResult]:
    kj = jobs[0].kernel
    prog = prepare(kernel_path(kj.name), kernel_func(kj.name))
    coverage = {"suite": jobs[0].suite, "kernels": list(kj.kernels), "latencies": list(kj.latencies)}
    runs = [KernelRun(j.variant_key, gen(kj.name, j.seed), j.seed, j.kernel.latency, j.kernel.tests) for j in jobs]
    outcomes = run_kernels(prog, runs, sim, run_dir, coverage=coverage, name=kj.name, build=kind)
    # cycles: the program's (start offered -> done and results), as the tests record them
    return [r for out in outcomes.values() for r in out.results]


def run_process(jobs: Sequence[Job], sim: str, out: Path | None = None,
                kind: BuildKind = BuildKind.SIGNOFF) -> list[list[TestResult]]:
    """Run `jobs` (one process of `processes`) on `sim` in `<out>/runs/<run_name>` (`out` default
    reports/<sim>); the results of each job, named `<job label>::<test>`.

    `kind`: the Verilator build. `make sim` builds `SIGNOFF` ones (code coverage for `make coverage`, an
    optimised model); a run that only wants the verdicts and cycles (`make test`) can take `QUICK` ones,
    about 3.5 times faster to compile, with the same tests, stimulus and cycles."""
    run_dir = (REPORTS_DIR / sim if out is None else out) / "runs" / jobs[0].run_name
    try:
        if jobs[0].kernel is not None:
            results = _run_kernel_process(jobs, sim, run_dir, kind)
        else:
            variants = [Variant(j.variant_key, j.seed) for j in jobs]
            spec = replace(jobs[0].spec, coverage=kind.coverage, optimize=kind.optimize)
            results = run_tests(spec, sim, jobs[0].module, jobs[0].seed, run_dir, variants=variants)
    except Exception as exc:  # a build or simulator failure fails every job, reported with the rest
        results = [TestResult("<build>", sim, jobs[0].seed, False, 0, f"{type(exc).__name__}: {exc}")]
    per_job = []
    for j in jobs:  # a result of no variant (the simulator failed) belongs to every job of the process
        mine = [replace(r, name=f"{j.label}::{r.name}", seed=j.seed) for r in results
                if r.variant in (j.variant_key, "")]
        per_job.append(mine)
    return per_job


def summary_table(results: list[TestResult]) -> str:
    """The table `make sim` ends with."""
    rows = [("test", "simulator", "seed", "result", "cycles")]
    rows += [(r.name, r.sim, str(r.seed), "PASS" if r.passed else "FAIL", str(r.cycles)) for r in results]
    passed = sum(r.passed for r in results)
    return f"{format_table(rows)}\n{passed} passed, {len(results) - passed} failed"


def build_all(jobs: Sequence[Job], sim: str, parallel: int) -> None:
    """Make the build of each of `jobs` (one job per build), `parallel` at a time, a progress line per build.
    A build that fails is reported here and again by every job of it, whose tests then fail."""
    progress = BuildProgress(len(jobs))
    specs: list[tuple[Job, BuildSpec | None, str | None]] = []
    for j in jobs:  # in turn: a kernel's spec lowers its program and writes its top
        try:
            specs.append((j, j.spec, None))
        except Exception as exc:
            specs.append((j, None, f"{type(exc).__name__}: {exc}"))

    def make(item: tuple[Job, BuildSpec | None, str | None]) -> None:
        j, spec, error = item
        start, reused = time.monotonic(), False
        if spec is not None:
            try:
                reused = build(spec, sim).reused
            except Exception as exc:
                error = f"{type(exc).__name__}: {exc}"
        progress.build_done(f"{j.process_label} on {sim}", time.monotonic() - start, reused, error)

    with ThreadPoolExecutor(max_workers=max(1, parallel)) as pool:
        list(pool.map(make, specs))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sim", choices=SIMULATORS, required=True)
    parser.add_argument("--config", type=Path, default=CONFIG)
    parser.add_argument("--suite", action="append", help="only these suites (repeatable)")
    parser.add_argument("--kernel", action="append", help="of kernel suites, only these kernels (repeatable)")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="simulator processes in parallel")
    parser.add_argument("--shard", metavar="I/N", help="run only shard I of N (1 <= I <= N) of the job list")
    parser.add_argument("--out", type=Path, help="folder of junit.xml, shard.json and runs/ (default reports/<sim>)")
    args = parser.parse_args(argv)
    try:
        shard = WHOLE if args.shard is None else ShardSpec.parse(args.shard)
        jobs = load_jobs(args.config)
        setup_path(args.sim)
    except (ValueError, ToolchainError) as exc:  # ConfigError is a ValueError, as is a bad shard
        print(f"dfv: error: {exc}", file=sys.stderr)
        return 2
    out = REPORTS_DIR / args.sim if args.out is None else args.out.resolve()  # the simulators run elsewhere
    (out / MANIFEST).unlink(missing_ok=True)  # written again when this run is complete
    if args.suite:
        jobs = [j for j in jobs if j.suite in args.suite]
    if args.kernel:
        jobs = [j for j in jobs if j.kernel is None or j.kernel.name in args.kernel]
    index = {j.key: i for i, j in enumerate(jobs)}
    mine = shard_jobs(jobs, shard)
    if shard != WHOLE:
        print(f"shard {shard}: {len(mine)} of {len(jobs)} jobs", file=sys.stderr)
    builds: dict[str, Job] = {}
    for j in mine:  # each build once, up front
        builds.setdefault(j.build_key, j)
    build_all(list(builds.values()), args.sim, args.jobs)
    progress = Progress(len(mine))

    def run_reported(group: tuple[Job, ...]) -> list[list[TestResult]]:
        per_job = run_process(group, args.sim, out)
        for job, results in zip(group, per_job, strict=True):
            progress.job_done(job.label, results)
        return per_job

    groups = processes(mine)
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        done = dict(zip((j.key for g in groups for j in g),
                        (rs for per_job in pool.map(run_reported, groups) for rs in per_job), strict=True))
    per_job = [done[j.key] for j in mine]
    results = [r for rs in per_job for r in rs]
    junit.write({args.sim: [junit.Case.of(r, index[j.key]) for j, rs in zip(mine, per_job, strict=True) for r in rs]},
                out / junit.FILE)
    ShardManifest(args.sim, shard, len(jobs), job_list_digest([j.key for j in jobs]), tuple(j.key for j in mine),
                  tuple(f"runs/{j.run_name}" for j in mine)).write(out)  # last: the shard is complete
    print(summary_table(results))
    for r in results:
        if not r.passed:
            print(f"FAIL {r.name} seed {r.seed}: {r.message}", file=sys.stderr)
    return 0 if all(r.passed for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
