"""`python -m dfv.mutate` (or `dfv mutate`): generate the mutants of the hand-written RTL, run them, report.

    python -m dfv.mutate [--module M]... [--id ID]... [--sim icarus|verilator] [--jobs N]
                         [--sample K --seed S] [--timeout SECONDS] [--config PATH] [--out DIR] [--work-dir DIR] [--list]

Exit 0 when every module meets the threshold of configs/mutation.yaml, 1 when one does not (or a
mutant could not be judged), 2 for bad input (unknown module or mutant id, bad configuration,
stale waiver, suites failing on the original RTL).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from dfv.args import Parser, int_in, positive_seconds
from dfv.mutate.config import CONFIG, MutationConfigError, load_config
from dfv.mutate.generate import Mutant, generate
from dfv.mutate.report import Selection, format_summary, module_scores, to_json, write_reports
from dfv.mutate.runner import CampaignError, run_campaign
from dfv.mutate.suites import MUTATE_DIR, UnknownModuleError, module_jobs
from dfv.mutate.worker import BOTH, judging_sims
from dfv.paths import REPORTS_DIR, RTL_DIR
from dfv.sim.hierarchy import module_files
from dfv.sim.provenance import MUTATION_INPUTS, inputs_digest
from dfv.sim.regress import ConfigError
from dfv.sim.toolchain import SIMULATORS, ToolchainError, setup_path


def all_mutants() -> dict[str, list[Mutant]]:
    """Every module's mutants, by module name."""
    return {name: generate(path, RTL_DIR) for name, path in sorted(module_files().items())}


def sample(mutants: dict[str, list[Mutant]], k: int, seed: int) -> dict[str, list[Mutant]]:
    """At most `k` mutants of each module, the same for the same (k, seed, RTL), in text order."""
    out = {}
    for name, ms in mutants.items():
        picked = set(random.Random(f"{seed}:{name}").sample(range(len(ms)), min(k, len(ms))))
        out[name] = [m for i, m in enumerate(ms) if i in picked]
    return out


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of a campaign, shared by `python -m dfv.mutate` and `dfv mutate`."""
    p.add_argument("--module", action="append", help="only this module's mutants (repeatable)")
    p.add_argument("--id", action="append", dest="ids", help="only this mutant (repeatable)")
    p.add_argument("--sim", choices=(*SIMULATORS, BOTH), default=BOTH,
                   help="icarus, verilator, or both (default: the suites on Icarus, then on Verilator for the "
                        "mutants Icarus lets through, as the regression runs on both)")
    p.add_argument("-j", "--jobs", type=int_in(1, None, "job count"), default=2, help="mutants run in parallel")
    p.add_argument("--sample", type=int_in(1, None, "sample size"), default=None, metavar="K",
                   help="a fixed sample of K mutants per module (the waived ones left out)")
    p.add_argument("--seed", type=int_in(0, None, "seed"), default=1, help="the sample's seed")
    p.add_argument("--timeout", type=positive_seconds, default=None,
                   help="runaway bound per mutant in seconds (default: from configs/mutation.yaml and a "
                        "baseline run of each module's suites)")
    p.add_argument("--config", type=Path, default=CONFIG)
    p.add_argument("--out", type=Path, default=REPORTS_DIR / "mutation")
    p.add_argument("--work-dir", type=Path, default=MUTATE_DIR, help="where the mutants' trees and builds go")
    p.add_argument("--list", action="store_true", help="print the selected mutants' ids and diffs, run nothing")


def add_parser(sub) -> None:
    """Add the `mutate` subcommand to the `dfv` parser's subparsers."""
    add_arguments(sub.add_parser("mutate", help="mutation testing of the RTL against its regression suites",
                                 description=__doc__.splitlines()[0] + " (docs/mutation.md)"))


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="python -m dfv.mutate", description=__doc__.splitlines()[0])
    add_arguments(p)
    return p


def _select(args: argparse.Namespace, mutants: dict[str, list[Mutant]], waived: set[str]) -> list[Mutant]:
    """The mutants the arguments ask for; raises UnknownModuleError on a name that is not there."""
    for name in args.module or ():
        module_jobs(name)  # unknown module -> error; no suite -> error
    chosen = {k: v for k, v in mutants.items() if not args.module or k in args.module}
    if args.ids:
        known = {m.id for ms in mutants.values() for m in ms}
        unknown = sorted(set(args.ids) - known)
        if unknown:
            raise UnknownModuleError(f"no such mutant(s): {unknown} (see --list)")
        chosen = {k: [m for m in v if m.id in args.ids] for k, v in chosen.items()}
    if args.sample:
        chosen = sample({k: [m for m in v if m.id not in waived] for k, v in chosen.items()}, args.sample, args.seed)
    return [m for ms in chosen.values() for m in ms]


def main(argv: list[str] | None = None) -> int:
    return run(_parser().parse_args(argv))


def run(args: argparse.Namespace) -> int:
    """One campaign as the arguments say; the exit status."""
    try:
        config = load_config(args.config)
        mutants = all_mutants()
        config.check_waivers(m for ms in mutants.values() for m in ms)
        selected = _select(args, mutants, set(config.waivers))
        if args.list:
            for m in selected:
                print(f"{m.id}\n{m.diff}")
            return 0
        for m in sorted({m.module for m in selected}):
            if not module_jobs(m):
                raise UnknownModuleError(f"no suite of configs/regression.yaml builds module '{m}'")
        for sim in judging_sims(args.sim):
            setup_path(sim)
        digest = inputs_digest(MUTATION_INPUTS)
        start = time.monotonic()
        outcomes = run_campaign(selected, config, args.sim, args.jobs, args.timeout, args.work_dir)
    except (MutationConfigError, UnknownModuleError, ConfigError, ToolchainError, CampaignError) as exc:
        print(f"dfv: error: {exc}", file=sys.stderr)
        return 2
    wall = time.monotonic() - start
    selection = Selection(full=not (args.module or args.ids or args.sample), sample=args.sample,
                          seed=args.seed if args.sample else None)
    summary = format_summary(outcomes, config.threshold, f"Mutation testing on {args.sim} ({selection.describe()})",
                             wall)
    print(summary)
    write_reports(args.out, summary, to_json(outcomes, config.threshold, args.sim, wall, selection, digest))
    return 0 if all(ms.passes(config.threshold) for ms in module_scores(outcomes)) else 1
