"""`dfv`: the project's command-line tool.

    dfv lower K.mlir [--func F] [--index-width N] [--max-mem N|POS=N]... -o OUTDIR
        writes OUTDIR/dfg.yaml, top.sv, dfg.dot, dfg.svg (drawn by Graphviz `dot` within bounds; a note says
        why when it is not), dfg.mlir
    dfv run K.mlir --func F --inputs IN.json --engine golden|golden-unbounded|icarus|verilator|circt-icarus|
            circt-verilator [--seed N] [--waves]
            [--mem-latency N] [--traffic full|random|bursty] [--max-cycles N] [--json] [--index-width N]
            [--max-trips N] [--max-mem N|POS=N]... [--rtl FILE... --top NAME [--ports circt|MAP.yaml]]
        with --json prints one JSON object on its last line, without it a short readable report;
        exit 0 only for "pass". icarus / verilator simulate the generated top with the RTL library in
        the kernel environment (seeded random back-pressure unless --traffic says otherwise, memory read
        latency 1 + seed % 3 unless --mem-latency is given, a run past --max-cycles stopped as a runaway);
        --waves writes a waveform file and prints its path. --max-mem is the depth of the memory of a memref
        argument with a dynamic size (default 4096 elements). --rtl runs another flow's circuit of the program
        (module --top, its ports mapped by --ports) in place of the generated top; circt-icarus / circt-verilator
        run the circuit CIRCT's own flow makes of the program (`make circt` sets CIRCT up).
    dfv fuzz [--seed S] [--count N] [--size K] [--engines golden,golden-unbounded[,verilator,icarus,circt-*]]
             [--scalar]
             [--out DIR] [--jobs J] [--no-shrink] [--timeout S] [--shrink-seconds S]
        generated programs on every engine; each failure is shrunk and saved as a reproducer folder
        (default reports/fuzz/<class>/<seed>/); prints a table per engine, exit 0 only with no failure.
    dfv mutate [--module M]... [--id ID]... [--sim S] [--jobs N] [--sample K --seed S] [--timeout S] [--list] ...
        mutation testing of the hand-written RTL against its regression suites (docs/mutation.md, the same
        as `python -m dfv.mutate`); exit 0 when every module meets the threshold of configs/mutation.yaml.
    dfv timing [--module M]... [--kernel K]... [--modules-only|--kernels-only] [--seed N]... [--jobs J] [--list]
        area, Fmax and critical path of every module at its regression parameter sets and of every kernel's
        generated top on Yosys + nextpnr-ecp5 (the same as `make timing`, docs/timing.md); exit 0 when every
        target meets its goal of configs/timing.yaml.
    dfv verify-ip FILE... --as PRIMITIVE [--ports MAP.yaml] [--top NAME] [--param K=V]... [--module-param K=V]...
                  [--rate CHANNEL=R]... [--no-throughput] [--sim icarus|verilator] [--test NAME]... [--seed N]
        another team's implementation of a kit primitive (a kit module, or an operation: handshake.fork) checked
        by the kit's suite of it, its ports mapped by a YAML port map, and its full-rate throughput against the
        documented (or the claimed) rate (docs/verify_your_ip.md); exit 0 when every test passes, 1 when one fails.
    dfv report merge DIR... [--out DIR]
        merges the output folders of regression shards (`make sim SHARD=I/N`, docs/regression.md): one
        junit.xml and the report of `make coverage` with its thresholds (default out reports/merged/); exit 1
        when a test failed or a threshold is missed, 2 when the folders are not one complete, disjoint shard set.
    dfv report signoff
        the report of `make signoff`: per RTL module, code and functional coverage, mutation score and formal
        proofs, from reports/ (missing, partial or stale reports refused); exit 1 unless everything passes.

Bad input (malformed MLIR, unsupported operation or type, bad tagged type, missing function, bad
inputs file, an input past a limit of docs/lowering.md "Limits", an output that cannot be written) gives a
one-line error with the source location and exit status 2, never a traceback. `index` is `--index-width`
bits wide in hardware (2..64, default 32).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from dfv.args import Parser, index_width, int_in, target_mhz
from dfv.circt.flow import CIRCT_INDEX_WIDTH
from dfv.golden.types import DEFAULT_INDEX_WIDTH, MAX_INDEX_WIDTH, MIN_INDEX_WIDTH
from dfv.lowering.mem_limits import DEFAULT_MAX_MEM, MemLimits
from dfv.lowering.timing_plan import BEST_LADDER, BEST_MARGIN
from dfv.lowering.trip_budget import DEFAULT_MAX_TRIPS
from dfv.tb.kernel.bounds import DEFAULT_MAX_CYCLES, MAX_MAX_CYCLES, TRAFFIC

_positive = int_in(1, None, "integer")
_seed = int_in(0, 2**32 - 1, "seed")


def _max_mem_word(text: str) -> str:
    """An argparse `type` for one `--max-mem` value: N or POS=N (`dfv.lowering.mem_limits.MemLimits.parse`)."""
    try:
        MemLimits.parse([text])
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix(f"--max-mem {text}: ")) from None
    return text


def _add_max_mem(p: argparse.ArgumentParser) -> None:
    p.add_argument("--max-mem", action="append", type=_max_mem_word, metavar="N|POS=N", default=None,
                   help="elements of the hardware memory of a memref argument with a dynamic size (memref<?xi32>): N "
                        f"for every such argument (default {DEFAULT_MAX_MEM}), POS=N for argument POS; repeatable. A "
                        "run whose argument has more elements is refused")


def _add_target_mhz(p: argparse.ArgumentParser) -> None:
    p.add_argument("--target-mhz", type=target_mhz, default=None, metavar="MHZ",
                   help="put register slices where the lowered circuit's combinational paths are longer than a "
                        "MHZ clock allows, by the kit's ECP5 delay model, at the least cost in cycles (default: "
                        "none; `max`: the fastest the operations allow; `best`: of no slices and "
                        f"{', '.join(f'{mhz:g}' for mhz in BEST_LADDER)} MHz, the one at which the model's time per "
                        f"iteration of the slowest loop is least if {BEST_MARGIN:g}x under {BEST_LADDER[-1]:g} MHz's; "
                        "docs/timing.md); an operation whose own path the model puts above the period is named and "
                        "every other path cut to it; a handshake program gets slices too (its loops are not known "
                        "to the model, so `best` weighs one pass through it)")


def _build() -> argparse.ArgumentParser:
    p = Parser(prog="dfv", description="dataflow verification kit")
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=Parser)
    lo = sub.add_parser("lower", help="lower an MLIR program to a DFG, top.sv and a picture")
    lo.add_argument("mlir", help="the program: an MLIR file (func/scf/cf/affine/arith/math/memref) or a handshake "
                                 "program (CIRCT's handshake dialect)")
    lo.add_argument("--func", default=None,
                    help="the function to lower (default: every function of the file, each its own module of "
                         "top.sv; the one no other function calls is the program)")
    lo.add_argument("--index-width", type=index_width, default=DEFAULT_INDEX_WIDTH,
                    help=f"bits of `index` in hardware, {MIN_INDEX_WIDTH}..{MAX_INDEX_WIDTH} (default %(default)s)")
    _add_target_mhz(lo)
    lo.add_argument("-o", "--out", required=True,
                    help="output folder: dfg.yaml, top.sv, dfg.dot, dfg.svg and dfg.mlir are written there")
    _add_max_mem(lo)
    ru = sub.add_parser("run", help="run a program on an engine and compare with the source interpreter")
    ru.add_argument("mlir", help="the program (as for `dfv lower`)")
    ru.add_argument("--func", default=None, help="the function to run (default: the one no other function calls)")
    ru.add_argument("--inputs", required=True,
                    help="JSON file of the arguments: a list with one entry per argument (a number, a float as "
                         "the specs write it, a nested list for a memref; docs/lowering.md)")
    ru.add_argument("--engine", default="golden",
                    help="golden (default: the golden model with the channel capacities of the generated RTL "
                         "top, so capacity deadlocks are caught), golden-unbounded (unbounded channels: the "
                         "pure token semantics), icarus, verilator (the generated top, or the circuit --rtl gives, "
                         "on that simulator), circt-icarus, circt-verilator (the circuit CIRCT's own flow makes of "
                         "the program, on that simulator; `make circt` first)")
    ru.add_argument("--json", action="store_true",
                    help="print one JSON object (status, engine, returns, memrefs, cycles, sim_seconds, "
                         "message) on the last line instead of the readable report")
    ru.add_argument("--index-width", type=index_width, default=None,
                    help=f"bits of `index` in hardware, {MIN_INDEX_WIDTH}..{MAX_INDEX_WIDTH} (default "
                         f"{DEFAULT_INDEX_WIDTH}; {CIRCT_INDEX_WIDTH}, CIRCT's, on the engines circt-*)")
    _add_target_mhz(ru)
    ru.add_argument("--seed", type=_seed, default=1, help="RTL engines: seed of back-pressure and latency")
    ru.add_argument("--waves", action="store_true", help="RTL engines: write a waveform file")
    ru.add_argument("--mem-latency", type=_positive, default=None,
                    help="RTL engines: memory read latency in cycles (default 1 + seed %% 3)")
    ru.add_argument("--traffic", choices=tuple(TRAFFIC), default="random",
                    help="RTL engines: how the environment stalls the circuit: full (never: the cycles `make "
                         "bench` reports), random (default: seeded random back-pressure on the results and the "
                         "memory, as the regression runs), bursty (the same rates in runs of go and stall)")
    ru.add_argument("--max-cycles", type=int_in(1, MAX_MAX_CYCLES, "cycle bound"), default=DEFAULT_MAX_CYCLES,
                    metavar="N", help="RTL engines: stop a run still going after N cycles and report it as a "
                                      "runaway (default %(default)s)")
    ru.add_argument("--max-trips", type=_positive, default=DEFAULT_MAX_TRIPS, metavar="N",
                    help="source interpreter and golden run: at most N loop trips in all (scf.for and scf.while "
                         "iterations, default %(default)s); a loop that needs more is reported with its location "
                         "instead of running on")
    _add_max_mem(ru)
    ru.add_argument("--rtl", action="append", default=[], metavar="FILE",
                    help="RTL engines: run another flow's circuit of the program from FILE (repeatable: every file "
                         "it needs) in place of the generated top, checked the same way (docs/verify_your_ip.md)")
    ru.add_argument("--top", default=None, metavar="NAME", help="with --rtl: the circuit's top module")
    ru.add_argument("--ports", default="circt", metavar="circt|MAP.yaml",
                    help="with --rtl: how the top's ports carry the start token, the arguments, the results and done: "
                         "`circt` (CIRCT's lower-handshake-to-hw names, the default) or a port map file")
    from dfv.fuzz.command import add_parser as add_fuzz_parser

    add_fuzz_parser(sub)
    from dfv.mutate.command import add_parser as add_mutate_parser

    add_mutate_parser(sub)
    from dfv.timing.command import add_parser as add_timing_parser

    add_timing_parser(sub)
    from dfv.tb.ip_command import add_parser as add_verify_ip_parser

    add_verify_ip_parser(sub)
    rp = sub.add_parser("report", help="reports over the regression's output folders")
    rsub = rp.add_subparsers(dest="report_cmd", required=True, parser_class=Parser, metavar="merge|signoff")
    mg = rsub.add_parser("merge", help="merge regression shards: one junit.xml and the coverage report",
                         description="Merge the output folders of regression shards (make sim SHARD=I/N) into one "
                                     "junit.xml and the report of make coverage, with its thresholds.")
    mg.add_argument("dirs", nargs="+", type=Path, metavar="DIR", help="a shard's output folder (its shard.json)")
    mg.add_argument("--out", type=Path, default=None, help="output folder (default reports/merged)")
    rsub.add_parser("signoff", help="per module: coverage, mutation score and formal proofs from reports/",
                    description="The report of make signoff (dfv/sim/signoff.py): code and functional coverage, the "
                                "mutation score and the formal proofs of every RTL module, from the reports under "
                                "reports/; refuses missing, partial or stale reports.")
    return p


def cmd_lower(a) -> int:
    from dfv.lowering.output import write_outputs

    out = write_outputs(a.mlir, a.func, a.index_width, a.out, MemLimits.parse(a.max_mem), a.target_mhz)
    g = out.g
    print(f"lowered @{g.name}: {len(g.nodes)} nodes, {len(g.channels)} channels, "
          f"{len(g.groups)} memory group(s) -> {', '.join(out.files)}")
    for note in out.notes:
        print(f"note: {note}")
    return 0


def _report(res: dict, notes: list[str]) -> str:
    """The readable form of a run: status, results, memrefs (abridged), cycles, notes, message."""
    lines = [f"{res['status'].upper()} on {res['engine']}"]
    lines.append(f"  returns: {res['returns']}")
    for pos, values in res["memrefs"].items():
        shown = ", ".join(str(v) for v in values[:16]) + (f", ... ({len(values)} elements)" if len(values) > 16 else "")
        lines.append(f"  memref argument {pos}: [{shown}]")
    if res["cycles"] is not None:
        lines.append(f"  cycles: {res['cycles']} (start token offered -> done and every result received)")
    lines += [f"  {n}" for n in notes]
    lines.append(f"  {'mismatch: ' if res['status'] != 'pass' else ''}{res['message']}")
    return "\n".join(lines)


def cmd_run(a) -> int:
    from dfv.golden.values import dumps
    from dfv.runner import run_program

    res = run_program(a.mlir, a.func, a.inputs, a.engine, a.index_width, seed=a.seed, waves=a.waves,
                      mem_latency=a.mem_latency, max_trips=a.max_trips, limits=MemLimits.parse(a.max_mem),
                      traffic=a.traffic, max_cycles=a.max_cycles, target_mhz=a.target_mhz, rtl=a.rtl, top=a.top,
                      ports=a.ports)
    notes = res.pop("notes", [])
    if a.json:
        for n in notes:
            if n.startswith("waves: "):
                print(n)
        print(dumps(res))
    else:
        print(_report(res, notes))
    return 0 if res["status"] == "pass" else 1


def cmd_report(a) -> int:
    if a.report_cmd == "signoff":
        from dfv.sim.signoff import main as signoff_main

        return signoff_main()
    from dfv.sim.coverage import print_report
    from dfv.sim.merge import DEFAULT_OUT, MergeError, merge

    try:
        result = merge(a.dirs, a.out or DEFAULT_OUT)
    except MergeError as exc:
        print(f"dfv: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    for case in result.failed:
        print(f"FAIL {case.sim} {case.name}: {case.failure}", file=sys.stderr)
    print(result.summary() + "\n")
    coverage_status = print_report(result.coverage)
    return 1 if result.failed or coverage_status else 0


def main(argv: list[str] | None = None) -> int:
    from dfv.lowering.parse import LoweringError
    from dfv.lowering.verify import DfgVerifyError
    from dfv.runner import EngineUnavailable

    a = _build().parse_args(argv)
    try:
        if a.cmd == "fuzz":
            from dfv.fuzz.command import cmd_fuzz

            return cmd_fuzz(a)
        if a.cmd == "mutate":
            from dfv.mutate.command import run as run_mutate

            return run_mutate(a)
        if a.cmd == "timing":
            from dfv.timing.command import run as run_timing

            return run_timing(a)
        if a.cmd == "report":
            return cmd_report(a)
        if a.cmd == "verify-ip":
            from dfv.tb.ip_command import INPUT_ERRORS
            from dfv.tb.ip_command import run as run_verify_ip

            try:
                return run_verify_ip(a)
            except INPUT_ERRORS as exc:
                print(f"dfv: error: {' '.join(str(exc).split())}", file=sys.stderr)
                return 2
        return cmd_lower(a) if a.cmd == "lower" else cmd_run(a)
    except (LoweringError, EngineUnavailable) as exc:
        msg = " ".join(str(exc).split())
        print(f"dfv: error: {msg}", file=sys.stderr)
        if a.cmd == "run" and a.json:
            print(json.dumps({"status": "error", "engine": a.engine, "returns": [], "memrefs": {},
                              "cycles": None, "sim_seconds": None, "message": msg}))
        return 2
    except DfgVerifyError as exc:
        print(f"dfv: error: internal lowering error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`dfv run ... | head`): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except Exception as exc:  # never a traceback for the user; DFV_TRACEBACK=1 shows it
        if os.environ.get("DFV_TRACEBACK"):
            raise
        print(f"dfv: internal error: {type(exc).__name__}: {' '.join(str(exc).split())}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
