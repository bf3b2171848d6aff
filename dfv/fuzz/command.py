"""`dfv fuzz`: the command-line face of a fuzz campaign (`dfv.fuzz.campaign`).

    dfv fuzz [--seed S] [--count N] [--size K] [--floats] [--cf]
             [--engines golden,golden-unbounded[,verilator,icarus,circt-icarus,circt-verilator]]
             [--scalar] [--distinct-operands]
             [--out DIR] [--jobs J] [--no-shrink] [--timeout SECONDS]
             [--shrink-seconds SECONDS]

prints one row per engine (runs, passes, each failure class, seconds per run) and the reproducer
folders; exit status 0 only when every run passed, 1 otherwise, 2 for bad options.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dfv.args import int_in, positive_seconds, target_mhz
from dfv.fuzz.campaign import DEFAULT_ENGINES, DEFAULT_OUT, CampaignBusy, Config, run_campaign
from dfv.fuzz.gen import MAX_SIZE
from dfv.runner import ENGINES


def _engines(text: str) -> tuple[str, ...]:
    names = tuple(e.strip() for e in text.split(",") if e.strip())
    bad = [e for e in names if e not in ENGINES]
    if not names or bad:
        what = ", ".join(bad) if bad else repr(text)
        raise argparse.ArgumentTypeError(f"unknown engine(s) {what} (known: {', '.join(ENGINES)})")
    return tuple(dict.fromkeys(names))


def add_parser(sub) -> None:
    """Add the `fuzz` subcommand to the `dfv` parser's subparsers."""
    fz = sub.add_parser("fuzz", help="run generated programs on every engine, shrink and save each failure",
                        description="Random valid programs of the lowering subset on every engine; every failure is "
                                    "shrunk and saved as <out>/<class>/<seed>/ with prog.mlir, inputs.json, cmd.sh.")
    fz.add_argument("--seed", type=int_in(0, 2**32 - 1, "seed"), default=1,
                    help="seed of the first program (program i uses seed + i; default %(default)s)")
    fz.add_argument("--count", type=int_in(1, None, "count"), default=100, help="programs (default %(default)s)")
    fz.add_argument("--size", type=int_in(1, MAX_SIZE, "size"), default=3,
                    help=f"1..{MAX_SIZE}: statements, nesting, trip counts, arrays (default %(default)s)")
    fz.add_argument("--floats", action="store_true",
                    help="float programs: f16 bf16 f32 f64 values and every float operation of the catalogue (with an "
                         "RTL engine, only the operations whose RTL module exists)")
    fz.add_argument("--cf", action="store_true",
                    help="print each program with its control flow as cf blocks and branches (convert-scf-to-cf): "
                         "dfv lifts it back to scf, so the lifting is tested against the source interpreter of the cf")
    fz.add_argument("--scalar", action="store_true",
                    help="programs without memory (no memref, load or store; programs of a random stream of their "
                         "own): what the engines circt-icarus / circt-verilator take")
    fz.add_argument("--distinct-operands", action="store_true",
                    help="no binary op or compare takes one value as both operands (x - x, x < x): steps around "
                         "CIRCT's fold of those into a constant it cannot lower (docs/circt_findings.md)")
    fz.add_argument("--engines", type=_engines, default=DEFAULT_ENGINES,
                    help=f"comma-separated engines (default {','.join(DEFAULT_ENGINES)})")
    fz.add_argument("--out", type=Path, default=DEFAULT_OUT,
                    help="reproducer and summary folder (default reports/fuzz)")
    fz.add_argument("--jobs", type=int_in(1, 64, "jobs"), default=1, help="worker processes (default 1)")
    fz.add_argument("--no-shrink", action="store_true", help="save failures as generated, without shrinking")
    fz.add_argument("--timeout", type=positive_seconds, default=None,
                    help="wall-clock bound of one run (default 60 s golden, 600 s RTL)")
    fz.add_argument("--target-mhz", type=target_mhz, default=None, metavar="MHZ",
                    help="lower every program for a MHZ clock (`dfv lower --target-mhz`; `max`: the fastest each "
                         "program's operations allow; `best`: each program's clock of the shortest loop iteration), "
                         "so the timing-driven buffering is fuzzed too")
    fz.add_argument("--shrink-seconds", type=positive_seconds, default=None,
                    help="time to shrink one failure (default 120 s golden, 900 s RTL)")


def cmd_fuzz(a: argparse.Namespace) -> int:
    cfg = Config(seed=a.seed, count=a.count, size=a.size, engines=a.engines, floats=a.floats, cf=a.cf,
                 scalar=a.scalar, distinct=a.distinct_operands, out=a.out, jobs=a.jobs, shrink=not a.no_shrink,
                 timeout=a.timeout, shrink_seconds=a.shrink_seconds, target_mhz=a.target_mhz)
    problem = cfg.problem()
    if problem is not None:
        print(f"dfv: error: {problem}", file=sys.stderr)
        return 2
    try:
        result = run_campaign(cfg, progress=sys.stderr)
    except CampaignBusy as exc:
        print(f"dfv: error: {exc}", file=sys.stderr)
        return 2
    print(result.table())
    return 0 if result.failures == 0 else 1
