"""A fuzz campaign: generate programs, run each on every engine, shrink and save every failure, report.

Program `i` of a campaign is `generate(seed + i, size, floats, rtl_only, scalar)` (`Config.program`: float
programs when asked, programs without memory with `scalar` (what the CIRCT engines take, `Config.problem`), and
only operations with RTL when a circuit engine is among the engines; with `cf`,
printed with its control flow as `cf` blocks and branches, `dfv.lowering.to_cf`); it runs on
each engine of the campaign, each run bounded in wall-clock time and classified (`dfv.fuzz.execute`).
The failing engines of a program are grouped by class; each group is shrunk once (`dfv.fuzz.shrink`) on
its cheapest engine (golden before RTL, then the order given) while it keeps failing with the same class
there, and saved to `<out>/<class>/<program seed>/`:

- `prog.mlir`, `inputs.json`: the shrunk reproducer; `orig.mlir`, `orig_inputs.json`: the program
  as generated;
- `cmd.sh`: the exact `dfv run` command that reproduces the failure from that folder;
- `failure.json`: class, engine, messages (original and shrunk), statement counts, shrink effort,
  the other engines that failed the same way, and whether the saved reproducer was re-run from its
  folder and still fails (`verified`).

`run_campaign` returns a `CampaignResult`; its `table()` has one row per engine (runs, passes, each
failure class, mean seconds per run) and the reproducer folders; `summary.json` and `summary.txt` in
`<out>` keep the same. With `jobs > 1` programs run in worker processes (each has its own work
folder, so an RTL engine rebuilds one generated top per worker instead of one per program).
"""

from __future__ import annotations

import fcntl
import json
import multiprocessing
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TextIO

from dfv.args import target_setting, target_text
from dfv.circt.flow import NOT_LOWERED
from dfv.fuzz.execute import (
    FAILURES,
    Outcome,
    Verdict,
    default_timeout,
    run_engines,
    run_files,
    run_once,
    write_program,
)
from dfv.fuzz.gen import float_ops, generate
from dfv.fuzz.program import Program, count
from dfv.fuzz.shrink import Budget, shrink
from dfv.lowering.timing_plan import ClockTarget
from dfv.paths import REPORTS_DIR
from dfv.runner import CIRCT_ENGINES, CIRCUIT_ENGINES
from dfv.sim.tables import format_table

DEFAULT_OUT = REPORTS_DIR / "fuzz"
DEFAULT_ENGINES = ("golden", "golden-unbounded")


@dataclass(frozen=True)
class Config:
    """What a campaign runs. `timeout` / `shrink_seconds` of None pick the per-engine defaults
    (`execute.default_timeout`; shrinking 120 s on a golden engine, 900 s on RTL); `floats` makes float
    programs (dfv.fuzz.gen), `scalar` programs without memory (what the CIRCT engines take), `distinct` no value
    as both operands of one op; `cf` prints them in `cf` (dfv.lowering.to_cf)."""

    seed: int = 1
    count: int = 100
    size: int = 3
    engines: tuple[str, ...] = DEFAULT_ENGINES
    floats: bool = False
    cf: bool = False
    scalar: bool = False
    distinct: bool = False
    out: Path = DEFAULT_OUT
    jobs: int = 1
    shrink: bool = True
    timeout: float | None = None
    shrink_seconds: float | None = None
    target_mhz: ClockTarget | None = None  # the clock the programs are lowered for (`dfv lower --target-mhz`)

    @property
    def rtl_only(self) -> bool:
        """Only operations with RTL: an RTL engine can run nothing else."""
        return any(e in CIRCUIT_ENGINES for e in self.engines)

    def program(self, seed: int) -> Program:
        """The campaign's program of `seed` (with `cf`, printed with its control flow in `cf`)."""
        exclude = NOT_LOWERED if any(e in CIRCT_ENGINES for e in self.engines) else frozenset()
        return replace(generate(seed, self.size, self.floats, self.rtl_only, self.scalar, exclude, self.distinct),
                       cf=self.cf)

    def problem(self) -> str | None:
        """Why the engines cannot run the programs asked for, None when they can: CIRCT's wheel has no memref
        dialect and CIRCT's handshake lowering no float arithmetic, so its engines take scalar integer programs."""
        circt = [e for e in self.engines if e in CIRCT_ENGINES]
        if circt and not self.scalar:
            return (f"{', '.join(circt)} take programs without memory (the circt wheel has no memref dialect): "
                    "add --scalar")
        if circt and self.floats:
            return f"{', '.join(circt)} take integer programs (CIRCT lowers no float arithmetic to hardware)"
        return None

    def kind(self) -> str:
        """What the programs are, for the table and the reproducers: `size K`, and whether they are float
        programs and which float operations they may use."""
        cf = ", control flow in cf" if self.cf else ""
        cf += ", scalar (no memory)" if self.scalar else ""
        cf += ", distinct operands" if self.distinct else ""
        if not self.floats:
            return f"size {self.size}{cf}"
        ops = " ".join(o.split(".")[1] for o in float_ops(self.rtl_only))
        return (f"size {self.size}{cf}, float programs with {ops}" + (" (the ops with RTL)" if self.rtl_only else ""))

    def run_timeout(self, engine: str) -> float:
        return self.timeout if self.timeout is not None else default_timeout(engine)

    def shrink_budget(self, engine: str) -> Budget:
        if self.shrink_seconds is not None:
            return Budget(self.shrink_seconds)
        return Budget(900.0 if engine in CIRCUIT_ENGINES else 120.0)


@dataclass
class Reproducer:
    """A saved failure (see the module docstring for the folder's files)."""

    verdict: str
    engine: str
    seed: int
    folder: str
    statements: tuple[int, int]
    message: str
    also: list[str] = field(default_factory=list)
    verified: bool = False


@dataclass
class ProgramReport:
    """One program of a campaign: its seed, size in statements, outcome per engine, saved failures."""

    seed: int
    statements: int
    outcomes: dict[str, Outcome]
    reproducers: list[Reproducer]


def _dfv_command() -> str:
    """The `dfv` next to this Python (the project's .venv), else `dfv` on PATH."""
    exe = Path(sys.executable).with_name("dfv")
    return str(exe) if exe.exists() else "dfv"


def _save(cfg: Config, seed: int, engine: str, outcome: Outcome, orig: Program, small: Program, stats_text: str,
          shrink_info: dict, also: list[str]) -> Reproducer:
    """Write the reproducer folder of one failure and re-run the saved program from it (`verified`)."""
    folder = cfg.out / outcome.verdict.value / str(seed)
    if folder.exists():
        shutil.rmtree(folder)
    mlir, inputs = write_program(small, folder, "prog")
    write_program(orig, folder, "orig")
    rtl_seed = seed % 2**32
    again = run_files(mlir, inputs, small.name, engine, rtl_seed, cfg.run_timeout(engine), cfg.target_mhz)
    target = "" if cfg.target_mhz is None else f" --target-mhz {target_text(cfg.target_mhz)}"
    verified = again.same_failure(outcome)
    others = f"; the original also fails this way on {', '.join(also)}" if also else ""
    (folder / "cmd.sh").write_text(
        "#!/bin/sh\n"
        f"# dfv fuzz: {outcome.verdict.value} on {engine}, program seed {seed} ({cfg.kind()}), {stats_text}.\n"
        f"# The program as generated is orig.mlir with orig_inputs.json{others}.\n"
        'cd "$(dirname "$0")" || exit 2\n'
        f"exec {_dfv_command()} run prog.mlir --func {small.name} --inputs inputs.json --engine {engine} "
        f"--seed {rtl_seed}{target} --json\n")
    (folder / "cmd.sh").chmod(0o755)
    statements = (count(orig.body), count(small.body))
    (folder / "failure.json").write_text(json.dumps({
        "class": outcome.verdict.value, "engine": engine, "seed": seed, "size": cfg.size, "floats": cfg.floats,
        "float_ops": list(float_ops(cfg.rtl_only)) if cfg.floats else [],
        "target_mhz": target_setting(cfg.target_mhz),
        "message": outcome.message, "shrunk_message": again.message, "verified": verified,
        "statements": list(statements), "shrink": shrink_info, "also": also}, indent=1) + "\n")
    return Reproducer(outcome.verdict.value, engine, seed, str(folder), statements, outcome.message, also, verified)


def fuzz_program(cfg: Config, seed: int, work: Path) -> ProgramReport:
    """Generate the program of `seed`, run it on the campaign's engines, shrink and save its failures."""
    prog = cfg.program(seed)
    outcomes = run_engines(prog, cfg.engines, work, seed % 2**32, cfg.run_timeout, cfg.target_mhz)
    groups: dict[Verdict, list[str]] = {}
    for e in sorted(cfg.engines, key=lambda e: e in CIRCUIT_ENGINES):
        if outcomes[e].verdict is not Verdict.PASS:
            groups.setdefault(outcomes[e].verdict, []).append(e)
    reproducers = []
    for same in groups.values():
        engine, outcome = same[0], outcomes[same[0]]
        small, info, text = prog, {}, "not shrunk"
        if cfg.shrink:
            def fails(p: Program, engine: str = engine, outcome: Outcome = outcome) -> bool:
                return run_once(p, engine, work, seed % 2**32, cfg.run_timeout(engine),
                                cfg.target_mhz).same_failure(outcome)

            small, stats = shrink(prog, fails, cfg.shrink_budget(engine))
            info = asdict(stats)
            text = f"shrunk from {stats.statements_before} to {stats.statements_after} statements in {stats.runs} runs"
        reproducers.append(_save(cfg, seed, engine, outcome, prog, small, text, info, same[1:]))
    return ProgramReport(seed, count(prog.body), outcomes, reproducers)


# ----------------------------------------------------------------------------------- workers
_SLOT: int | None = None


def _init_worker(slots) -> None:
    global _SLOT
    _SLOT = slots.get()


def _task(cfg: Config, seed: int) -> ProgramReport:
    return fuzz_program(cfg, seed, cfg.out / ".work" / f"slot{_SLOT}")


# ----------------------------------------------------------------------------------- results
def _shown(folder: str) -> str:
    """A folder relative to the working directory when it is below it."""
    try:
        return str(Path(folder).relative_to(Path.cwd()))
    except ValueError:
        return folder


@dataclass
class CampaignResult:
    config: Config
    reports: list[ProgramReport]
    seconds: float

    def runs(self) -> list[tuple[str, Outcome]]:
        return [(e, o) for r in self.reports for e, o in r.outcomes.items()]

    @property
    def failures(self) -> int:
        """Runs that did not pass (the campaign passes only with none)."""
        return sum(o.verdict is not Verdict.PASS for _, o in self.runs())

    def table(self) -> str:
        cfg = self.config
        rows = [["engine", "runs", "pass", *(v.value for v in FAILURES), "s/run"]]
        for e in cfg.engines:
            outs = [o for eng, o in self.runs() if eng == e]
            if not outs:
                continue
            n = {v: sum(o.verdict is v for o in outs) for v in Verdict}
            mean = sum(o.seconds for o in outs) / len(outs)
            rows.append([e, str(len(outs)), str(n[Verdict.PASS]), *(str(n[v]) for v in FAILURES), f"{mean:.2f}"])
        clean = sum(all(o.verdict is Verdict.PASS for o in r.outcomes.values()) for r in self.reports)
        last = cfg.seed + len(self.reports) - 1
        lines = [format_table(rows), "",
                 f"programs: {len(self.reports)} (seeds {cfg.seed}..{last}, {cfg.kind()}), passing on every engine: "
                 f"{clean}, failing: {len(self.reports) - clean}; {self.seconds:.0f} s with {cfg.jobs} job(s)"]
        reps = [rp for r in self.reports for rp in r.reproducers]
        if reps:
            lines += ["", f"reproducers ({'shrunk' if cfg.shrink else 'not shrunk'}; statements before -> after):"]
            for rp in reps:
                also = f" (also {', '.join(rp.also)})" if rp.also else ""
                msg = rp.message if len(rp.message) <= 150 else rp.message[:147] + "..."
                lines.append(f"  {rp.verdict} on {rp.engine}{also}, seed {rp.seed}, {rp.statements[0]} -> "
                             f"{rp.statements[1]}: {_shown(rp.folder)}/")
                lines.append(f"      {msg}")
        return "\n".join(lines)

    def to_json(self) -> dict:
        cfg = self.config
        return {
            "config": {**asdict(cfg), "out": str(cfg.out), "engines": list(cfg.engines),
                       "target_mhz": target_setting(cfg.target_mhz)},
            "seconds": round(self.seconds, 1),
            "failures": self.failures,
            "programs": [{"seed": r.seed, "statements": r.statements,
                          "outcomes": {e: {"class": o.verdict.value, "seconds": o.seconds, "message": o.message}
                                       for e, o in r.outcomes.items()},
                          "reproducers": [asdict(rp) for rp in r.reproducers]} for r in self.reports],
        }


class CampaignBusy(Exception):
    """Another campaign is running in the same output folder."""


@contextmanager
def _own_folder(out: Path):
    """Hold `out` for this campaign: two campaigns in one folder would share its work slots (`.work/slot<k>`) and
    report each other's half-written inputs as failures."""
    out.mkdir(parents=True, exist_ok=True)
    with open(out / ".lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise CampaignBusy(f"{out} is in use by another dfv fuzz campaign (they would share its work "
                               "folders): give this one another --out") from None
        yield


def run_campaign(cfg: Config, progress: TextIO | None = None) -> CampaignResult:
    """Run the campaign `cfg`; failures (and every 100th program) are reported on `progress` as they come.
    CampaignBusy when another campaign holds `cfg.out`."""
    with _own_folder(cfg.out):
        return _run_campaign(cfg, progress)


def _run_campaign(cfg: Config, progress: TextIO | None) -> CampaignResult:
    t0 = time.monotonic()
    seeds = range(cfg.seed, cfg.seed + cfg.count)
    reports: list[ProgramReport] = []

    def note(r: ProgramReport) -> None:
        reports.append(r)
        if progress is None:
            return
        for rp in r.reproducers:
            print(f"seed {rp.seed}: {rp.verdict} on {rp.engine} -> {rp.folder}/", file=progress, flush=True)
        if len(reports) % 100 == 0:
            print(f"... {len(reports)}/{cfg.count} programs", file=progress, flush=True)

    if cfg.jobs <= 1:
        for s in seeds:
            note(fuzz_program(cfg, s, cfg.out / ".work" / "slot0"))
    else:
        ctx = multiprocessing.get_context("fork")
        slots = ctx.Queue()
        for k in range(cfg.jobs):
            slots.put(k)
        with ProcessPoolExecutor(cfg.jobs, mp_context=ctx, initializer=_init_worker, initargs=(slots,)) as pool:
            for r in pool.map(_task, [cfg] * cfg.count, seeds):
                note(r)
    result = CampaignResult(cfg, reports, time.monotonic() - t0)
    (cfg.out / "summary.json").write_text(json.dumps(result.to_json(), indent=1) + "\n")
    (cfg.out / "summary.txt").write_text(result.table() + "\n")
    return result
