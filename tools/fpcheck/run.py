"""End-to-end check of the floating-point RTL units of dfv/rtl/fp/ against the golden model, driven by the
unit table (units.py): one description per module, no testbench written by hand.

Per configuration of every selected unit (a build: format, op variant, integer width, ...):
1. vectors from the golden model (gen_vectors.py): the directed operand tuples, then seeded random ones;
2. lint: verilator --lint-only -Wall of the module with the configuration's parameters;
3. the generated testbench (tbgen.py) built on Icarus (iverilog -g2012) and Verilator (--binary), each
   build cached until its sources or parameters change, and run on the vectors (read at run time): every
   result bit-exact, the handshake checks clean, both simulators reporting the same counts and cycles, and
   the module's LATENCY / INTERVAL what units.py documents.
Per module and format (the configurations units.py marks `synth`): Yosys as written (read, chparam,
hierarchy -check, proc, check -assert, synth -noabc, stat: generic cell and flip-flop counts).

Prints a table per unit, then the failures with the first mismatching vectors and protocol errors the
testbench printed, and exits non-zero on any failure. A unit whose RTL file does not exist yet is
reported and skipped, unless it is named with --units (then it is a failure). Runs niced (+10); --jobs
configurations at a time (Verilator's make gets -j 2 / J).

Usage: run.py [--units m1,m2] [--random N] [--seed S] [--formats f16,bf16,f32,f64] [--sims icarus,verilator]
              [--jobs J] [--only TAG_GLOB,...] [--no-yosys] [--build DIR] [--list] [--selftest]
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

import flow
import selftest
import tbgen
from jobs import progress_line, run_all
from units import FORMAT_NAMES, REPO, UNITS, Unit, float_format

SIMS = ("icarus", "verilator")


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--units", help="modules to check, comma-separated (default: every unit with RTL)")
    parser.add_argument("--random", type=int, default=100_000,
                        help="random vectors per configuration (shared where units.py says so)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--formats", default=",".join(FORMAT_NAMES), help="f16, bf16, f32, f64 or e<EW>f<FW>")
    parser.add_argument("--sims", default=",".join(SIMS))
    parser.add_argument("--jobs", type=int, default=1, help="configurations checked at a time")
    parser.add_argument("--only", help="configuration tags to keep, comma-separated globs (e.g. 'f32_*,*_cmpf_olt')")
    parser.add_argument("--no-yosys", action="store_true", help="skip Yosys")
    parser.add_argument("--build", type=Path, default=REPO / "build" / "fpcheck")
    parser.add_argument("--list", action="store_true", help="list the units and their configurations, then stop")
    parser.add_argument("--selftest", action="store_true",
                        help="plant each testbench fault in arith_addf's f16 build and check it is reported")
    args = parser.parse_args()
    for name in args.formats.split(","):
        float_format(name)
    unknown = set(args.sims.split(",")) - set(SIMS) | set((args.units or "").split(",")) - set(UNITS) - {""}
    if unknown:
        parser.error(f"unknown simulator or unit: {', '.join(sorted(unknown))} (units: {', '.join(UNITS)})")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    return args


def kind(unit: Unit) -> str:
    """How a unit is documented: pipelined / iterative / combinational, with its LATENCY."""
    if unit.latency is None:
        return "iterative, LATENCY not documented" if unit.iterative else "LATENCY not documented"
    if unit.iterative:
        return "iterative, LATENCY f(params)"
    latency = unit.latency({})
    return f"combinational, LATENCY {latency}" if latency == 0 else f"pipelined, LATENCY {latency}"


def list_units(formats: list[str]) -> None:
    """--list: every unit, whether its RTL exists, its ports, parameters and configurations."""
    for unit in UNITS.values():
        configs = unit.configs(formats)
        tags = " ".join(c.tag for c in configs[:4]) + (" ..." if len(configs) > 4 else "")
        ports = f"{', '.join(unit.inputs)} -> {unit.output}"
        print(f"{unit.module:15} {'RTL' if unit.rtl.exists() else 'no RTL yet':10} {ports:19} "
              f"{' '.join(unit.params):16} {kind(unit):34} "
              f"{len(configs):3} configurations: {tags}")


def select_units(args: argparse.Namespace) -> tuple[list[Unit], list[str], list[str]]:
    """(units to check, skipped-unit notes, failures): a unit with no RTL is skipped unless named."""
    named = args.units.split(",") if args.units else []
    chosen, notes, failures = [], [], []
    for unit in (UNITS[m] for m in named) if named else UNITS.values():
        if unit.rtl.exists():
            chosen.append(unit)
        elif named:
            failures.append(f"{unit.module}: no RTL ({unit.rtl.relative_to(REPO)} does not exist)")
        else:
            notes.append(f"{unit.module}: no RTL yet, skipped")
    return chosen, notes, failures


def write_testbench(unit: Unit, build: Path) -> Path:
    """Generate tb_<module>.sv (its defaults: the first f16..f64 configuration; every build overrides them)."""
    config = unit.configs(FORMAT_NAMES)[0]
    widths = dict(zip((*unit.inputs, unit.output), (*config.in_widths, config.out_width), strict=True))
    path = build / "tb" / f"tb_{unit.module}.sv"
    path.parent.mkdir(parents=True, exist_ok=True)
    text = tbgen.testbench(unit, config.params, widths)
    if not path.exists() or path.read_text() != text:  # an unchanged file keeps the cached builds' key
        path.write_text(text)
    return path


def report(units: list[Unit], results: list[flow.ConfigResult], synth: list[flow.SynthResult],
           sims: list[str]) -> list[str]:
    """Print the table of every unit; return the failures, each with its evidence."""
    failures = []
    header = f"  {'configuration':22} {'directed':>9} {'random':>7}" + "".join(
        f" {sim + ' mism.':>16} {'cycles full / random':>22} {'s':>6}" for sim in sims) + "  result"
    for unit in units:
        rows = [r for r in results if r.module == unit.module]
        print(f"\n{unit.module} ({unit.rtl.relative_to(REPO)}; {kind(unit)})")
        print(header)
        for r in rows:
            cells = []
            for sim in sims:
                res = r.sims[sim]
                if res.error:
                    cells.append(f" {'ERROR':>16} {'':>22} {'':>6}")
                    continue
                c = res.counts
                cells.append(f" {c['fail_full'] + c['fail_random']:>16} "
                             f"{str(c['cycles_full']) + ' / ' + str(c['cycles_random']):>22} "
                             f"{res.build_s + res.run_s:>6.1f}")
            directed = f"{r.vectors.directed}{'*' if r.exhaustive else ''}"
            print(f"  {r.tag:22} {directed:>9} {r.vectors.random:>7}" + "".join(cells)
                  + f"  {'FAIL' if r.failures else 'ok'}")
            for failure in r.failures:
                failures.append(f"{unit.module} {r.tag}: {failure}")
            if r.failures:
                for sim, res in r.sims.items():
                    failures += [f"    {sim}: {line}" for line in res.mismatches[:3] + res.protocol[:3]]
        if any(r.exhaustive for r in rows):
            print("  * every input word (exhaustive)")
        for s in (s for s in synth if s.module == unit.module):
            if s.error:
                failures.append(f"{unit.module} {s.tag}: {s.error}")
        counts = [f"{s.tag} {s.cells} cells ({s.ffs} flip-flops)" for s in synth
                  if s.module == unit.module and not s.error]
        if counts:
            print("  yosys synth -noabc: " + ", ".join(counts))
    return failures


def main() -> int:
    args = parse_args()
    os.nice(10)
    formats, sims = args.formats.split(","), args.sims.split(",")
    if args.list:
        list_units(formats)
        return 0
    build = args.build.resolve()
    make_jobs = max(1, 2 // args.jobs)
    if args.selftest:
        return selftest.run(build / "selftest", tuple(sims), write_testbench(UNITS["arith_addf"], build),
                            args.jobs, make_jobs)
    start = time.monotonic()
    units, notes, failures = select_units(args)
    for note in notes:
        print(note)
    only = args.only.split(",") if args.only else ["*"]
    tasks: list[tuple[Callable, tuple]] = []
    for unit in units:
        testbench = write_testbench(unit, build)
        configs = [c for c in unit.configs(formats) if any(fnmatch.fnmatch(c.tag, g) for g in only)]
        tasks += [(flow.synth_config, (unit.module, tuple(formats), c.tag, build))
                  for c in configs if c.synth and not args.no_yosys]
        tasks += [(flow.check_config, (flow.Job(unit.module, tuple(formats), c.tag, args.random, args.seed,
                                                tuple(sims), build, testbench, make_jobs),)) for c in configs]
    print(f"{len(tasks)} jobs ({sum(fn is flow.check_config for fn, _ in tasks)} configurations), "
          f"{args.jobs} at a time, random {args.random}, seed {args.seed}, formats {args.formats}, sims {args.sims}",
          flush=True)
    results = run_all(tasks, args.jobs, progress_line)
    checked = [r for r in results if isinstance(r, flow.ConfigResult)]
    synth = [r for r in results if isinstance(r, flow.SynthResult)]
    failures += report(units, checked, synth, sims)
    (build / "results.json").write_text(json.dumps([asdict(r) for r in results], indent=1, default=str) + "\n")
    elapsed = time.monotonic() - start
    if not checked and not failures:
        print("\nnothing checked (no unit with RTL selected)")
    if failures:
        print(f"\nFAIL ({elapsed:.0f} s):\n  " + "\n  ".join(failures))
        return 1
    print(f"\nPASS ({elapsed:.0f} s): {len(checked)} configurations, every result bit-exact on "
          f"{' and '.join(sims)}, the same counts and cycles on each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
