"""`python -m dfv.timing` (or `dfv timing`, `make timing`): area and Fmax of the RTL on the ECP5 flow.

    python -m dfv.timing [--module M]... [--kernel K]... [--modules-only | --kernels-only] [--seed N]...
                         [--jobs J] [--config PATH] [--out DIR] [--work-dir DIR] [--list]
    python -m dfv.timing --merge DIR... [--out DIR]

Without a selection: every module at every regression parameter set and every kernel. Exit 0 when every
timed target meets its goal (configs/timing.yaml), 1 when one misses it or a tool failed on it, 2 for bad
input (an unknown module or kernel, a configuration that breaks its schema, a kernel that does not lower,
reports that cannot be merged).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from dfv.args import FASTEST, Parser, index_width, int_in, target_mhz, target_setting
from dfv.circt.flow import CIRCT_CLOCK, CIRCT_RESET
from dfv.golden.types import DEFAULT_INDEX_WIDTH
from dfv.lowering.errors import LoweringError
from dfv.lowering.timing_plan import ClockGoal, ClockTarget
from dfv.paths import BUILD_DIR, REPORTS_DIR
from dfv.sim.progress import elapsed_text
from dfv.sim.provenance import TIMING_INPUTS, inputs_digest
from dfv.timing.characterise import TABLE, Characterised, characterise, write_table
from dfv.timing.config import CONFIG, TimingConfig, TimingConfigError, load_config
from dfv.timing.flow import FlowError, TimingResult, elaborated_circuit, time_target
from dfv.timing.merge import MergeError, merge_reports
from dfv.timing.report import SUMMARY_TEXT, RunSettings, exit_status, write_reports
from dfv.timing.targets import Target, kernel_names, kernel_target, module_targets, program_target

WORK_DIR = BUILD_DIR / "timing"


class SelectionError(ValueError):
    """A module or kernel that is not there."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of a timing run, shared by `python -m dfv.timing` and `dfv timing`."""
    p.add_argument("--module", action="append", default=[], metavar="M",
                   help="only module M at every regression parameter set, or one set as the report names it "
                        "(`arith_binop[OP=0,W=32]`); repeatable")
    p.add_argument("--kernel", action="append", default=[], metavar="K",
                   help="only kernel K (kernels/K.mlir, as the regression lowers it); repeatable")
    p.add_argument("--program", action="append", default=[], metavar="FILE[:FUNC]",
                   help="a program of your own: function FUNC of the MLIR file (default the one it holds), lowered "
                        "as `dfv lower` lowers it (--index-width, --target-mhz), as its generated top; repeatable")
    p.add_argument("--index-width", type=index_width, default=DEFAULT_INDEX_WIDTH, metavar="N",
                   help=f"with --program: the width of `index` (default {DEFAULT_INDEX_WIDTH}, as `dfv lower`)")
    p.add_argument("--rtl", action="append", default=[], metavar="FILE",
                   help="another flow's circuit (CIRCT's, Dynamatic's), timed as it is written: its Verilog / "
                        "SystemVerilog files (repeatable), with --top")
    p.add_argument("--top", default=None, metavar="NAME", help="with --rtl: the circuit's top module")
    p.add_argument("--clock", default=CIRCT_CLOCK, metavar="PORT",
                   help=f"with --rtl: the top's clock port (default `{CIRCT_CLOCK}`, as CIRCT names it)")
    p.add_argument("--reset", default=CIRCT_RESET, metavar="PORT",
                   help=f"with --rtl: the top's synchronous active-high reset port (default `{CIRCT_RESET}`)")
    only = p.add_mutually_exclusive_group()
    only.add_argument("--modules-only", action="store_true", help="every module, no kernel")
    only.add_argument("--kernels-only", action="store_true", help="every kernel, no module")
    p.add_argument("--target-mhz", type=clock_arg, default=CONFIGURED, metavar="MHZ",
                   help="lower the kernels and --program's programs for a MHZ clock (`dfv lower --target-mhz`), or "
                        "`none`: as the regression lowers them (default: configs/timing.yaml's kernel_target_mhz, "
                        "the clock `make bench` counts the kernels' cycles at)")
    p.add_argument("--seed", action="append", type=int_in(1, None, "seed"), default=None, dest="seeds",
                   help="a placement seed (repeatable; default the seeds of configs/timing.yaml)")
    p.add_argument("-j", "--jobs", type=int_in(1, None, "job count"), default=2, help="targets timed in parallel")
    p.add_argument("--config", type=Path, default=CONFIG, help="the flow's configuration (configs/timing.yaml)")
    p.add_argument("--out", type=Path, default=REPORTS_DIR / "timing", help="report folder (reports/timing)")
    p.add_argument("--work-dir", type=Path, default=WORK_DIR, help="where the tools run (build/timing)")
    p.add_argument("--list", action="store_true", help="print the selected targets, time nothing")
    p.add_argument("--merge", action="extend", nargs="+", type=Path, default=[], metavar="DIR",
                   help="time nothing: merge the reports of earlier runs (their --out folders, made from the same "
                        "inputs) into one at --out, each target's Fmax the median over every seed placed")
    p.add_argument("--characterise", action="store_true",
                   help="synthesise every module alone and write the delay table of the lowering's timing-driven "
                        "buffering (dfv/timing/delays.json); no placement")


CONFIGURED = object()  # --target-mhz not given: the configuration's kernel_target_mhz
NO_TARGET = "none"


def clock_arg(text: str) -> ClockTarget | None:
    """An argparse `type` for `dfv timing --target-mhz`: what `dfv lower --target-mhz` takes, or `none` (None)."""
    if text == NO_TARGET:
        return None
    return target_mhz(text, f"{FASTEST}, {ClockGoal.BEST.value} or {NO_TARGET}")


def lowering_target(args: argparse.Namespace, cfg: TimingConfig) -> ClockTarget | None:
    """The clock the kernels and programs are lowered for: --target-mhz, else the configuration's."""
    return cfg.kernel_target_mhz if args.target_mhz is CONFIGURED else args.target_mhz


def add_parser(sub) -> None:
    """Add the `timing` subcommand to the `dfv` parser's subparsers."""
    add_arguments(sub.add_parser("timing", help="area and Fmax of the RTL and the kernels on the ECP5 flow",
                                 description=__doc__.splitlines()[0] + " (docs/timing.md)"))


def select(args: argparse.Namespace, cfg: TimingConfig) -> list[Target]:
    """The targets the arguments ask for (kernels and programs are lowered here, another flow's circuit is
    elaborated); raises SelectionError or LoweringError."""
    own = args.program or args.rtl  # the user's designs only, unless modules or kernels are named too
    modules = [] if args.kernels_only or ((args.kernel or own) and not args.module) else module_targets()
    if args.module:
        known = {t.top for t in modules} | {t.name for t in modules}
        unknown = [m for m in args.module if m not in known]
        if unknown:
            tops = ", ".join(sorted({t.top for t in modules}))
            raise SelectionError(f"unknown module {unknown[0]!r} (modules: {tops})")
        modules = [t for t in modules if t.top in args.module or t.name in args.module]
    names = [] if args.modules_only or ((args.module or own) and not args.kernel) else kernel_names()
    if args.kernel:
        unknown = [k for k in args.kernel if k not in names]
        if unknown:
            raise SelectionError(f"unknown kernel {unknown[0]!r} (kernels: {', '.join(names)})")
        names = [k for k in names if k in args.kernel]
    clock = lowering_target(args, cfg)
    return (modules + [kernel_target(k, clock) for k in names]
            + [program_target(*program_arg(p), args.index_width, clock) for p in args.program]
            + circuit_targets(args, cfg))


def program_arg(text: str) -> tuple[Path, str | None]:
    """`FILE[:FUNC]` of --program: the file (which must exist) and the function, if named."""
    file, _, func = text.partition(":") if not Path(text).exists() else (text, "", "")
    path = Path(file)
    if not path.is_file():
        raise SelectionError(f"{file}: no such file (--program FILE[:FUNC])")
    return path, func or None


def circuit_targets(args: argparse.Namespace, cfg: TimingConfig) -> list[Target]:
    """--rtl's circuit (none without --rtl), elaborated once for its widest port; its top and clock and reset
    ports checked."""
    if not args.rtl:
        if args.top is not None:
            raise SelectionError("--top names the top module of an --rtl circuit: give its files with --rtl")
        return []
    if args.top is None:
        raise SelectionError("--rtl needs --top NAME: the circuit's top module")
    files = tuple(Path(f) for f in args.rtl)
    for f in files:
        if not f.is_file():
            raise SelectionError(f"{f}: no such file (--rtl)")
    try:
        return [elaborated_circuit(files, args.top, args.clock, args.reset,
                                   args.work_dir / f"rtl_{args.top}_ports", cfg)]
    except FlowError as exc:
        raise SelectionError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    try:
        cfg = load_config(args.config)
        if args.merge:
            return run_merge(cfg, args)
        targets = [] if args.characterise else select(args, cfg)
    except (TimingConfigError, SelectionError, LoweringError, MergeError) as exc:
        print(f"dfv: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    if args.characterise:
        return run_characterise(cfg, args)
    if args.list:
        for t in targets:
            print(f"{t.name}  ({t.kind.value}, {t.width} bits, goal {cfg.goal(t.kind, t.width)} MHz)")
        return 0
    seeds = tuple(args.seeds) if args.seeds else cfg.seeds
    start = time.monotonic()
    digest = inputs_digest(TIMING_INPUTS)  # of the inputs as they are read now, not as they are when the run ends
    done = 0

    def one(t: Target) -> TimingResult:
        nonlocal done
        r = time_target(t, cfg, args.work_dir, seeds)
        done += 1
        fmax = f"{r.fmax_mhz:.1f} MHz" if r.fmax_mhz is not None else r.why_unplaced
        print(f"[{done}/{len(targets)}] {t.name}: {fmax} ({r.seconds:.0f} s)", flush=True)
        return r

    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(one, targets))
    full = not (args.module or args.kernel or args.program or args.rtl or args.modules_only or args.kernels_only
                or args.seeds or args.target_mhz is not CONFIGURED)
    clock = lowering_target(args, cfg)
    settings = RunSettings(cfg.device, cfg.package, cfg.target_mhz, target_setting(clock),
                           seeds, full, digest, time.monotonic() - start)
    print(write_reports(results, settings, args.out))
    print(f"{len(results)} targets in {elapsed_text(time.monotonic() - start)}; report in {args.out / SUMMARY_TEXT}")
    return exit_status(results)


def run_merge(cfg: TimingConfig, args: argparse.Namespace) -> int:
    """`--merge`: one report from the reports of earlier runs (dfv.timing.merge); exit as a run would (0 when
    every target placed meets its goal, else 1). Raises SelectionError if targets or seeds are asked for too,
    MergeError for reports that cannot be merged."""
    asked = [flag for flag, value in (("--module", args.module), ("--kernel", args.kernel),
                                      ("--program", args.program), ("--rtl", args.rtl), ("--seed", args.seeds),
                                      ("--modules-only", args.modules_only), ("--kernels-only", args.kernels_only),
                                      ("--characterise", args.characterise), ("--list", args.list),
                                      ("--target-mhz", args.target_mhz is not CONFIGURED)) if value]
    if asked:
        raise SelectionError(f"--merge times nothing: {asked[0]} belongs to the runs being merged")
    settings, results = merge_reports(args.merge, cfg)
    print(write_reports(results, settings, args.out))
    reports = f"{len(args.merge)} report{'s' if len(args.merge) > 1 else ''}"
    print(f"{len(results)} targets from {reports}, seeds {list(settings.seeds)}"
          f"{' (a full run)' if settings.full else ''}; report in {args.out / SUMMARY_TEXT}")
    return exit_status(results)


def run_characterise(cfg: TimingConfig, args: argparse.Namespace) -> int:
    """`--characterise`: the delay table (dfv.timing.characterise); exit 1 if a module could not be read."""
    start = time.monotonic()

    def progress(done: int, total: int, r: Characterised) -> None:
        print(f"[{done}/{total}] {r.target.name}: {'ok' if r.arcs else r.error}", flush=True)

    results = characterise(cfg, args.work_dir / "characterise", args.jobs, progress)
    write_table(results)
    refused = [r for r in results if r.arcs is None]
    print(f"{len(results) - len(refused)} parameter sets characterised in {elapsed_text(time.monotonic() - start)}"
          f"; table in {TABLE}" + (f"; {len(refused)} refused by Yosys" if refused else ""))
    return 0


def main(argv: list[str] | None = None) -> int:
    p = Parser(prog="python -m dfv.timing", description=__doc__.splitlines()[0])
    add_arguments(p)
    try:
        return run(p.parse_args(argv))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`... --list | head`): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
