"""`make bench`: throughput of every operation and simulation speed, as tables.

Runs the benchmark tests of `dfv.tb.bench.dataflow` (one long burst, inputs always valid, outputs
always ready or 50% randomly ready, seeded), `dfv.tb.bench.handshake` (every handshake primitive,
arith unit and access port at full rate) and `dfv.tb.bench.memory` (both memories with every port
busy; extmemory behind the memory model at read latency 1) on Icarus and Verilator, and prints
tokens per cycle per output, tokens per cycle per operation, primitive and memory port against the
documented rate (`dfv.tb.common.rates`, the figures the bench tests assert, in the regression too), memory
accesses per cycle and load-to-data latency, and simulated cycles per second per simulator.
The primitives and memories are benchmarked at the first parameter set of their regression suite
(so the builds are shared with the regression). Results are reproducible for a seed. Tables are
also written to reports/bench/bench.txt. With the kernels, `sum i<100`'s time per run against CIRCT's circuit
(`dfv.sim.circt_bench`). Exit status 1 if a module misses its documented rate (its bench
test fails with `throughput: ...`; the figures are still tabulated).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict

from dfv.bench_lowering import table as lowering_table
from dfv.paths import REPORTS_DIR
from dfv.sim.build import BuildSpec
from dfv.sim.circt_bench import section as circt_section
from dfv.sim.kernel_bench import Before, main_section
from dfv.sim.regress import load_jobs
from dfv.sim.run import run_tests
from dfv.sim.tables import format_table
from dfv.sim.toolchain import SIMULATORS
from dfv.tb.bench.check import BENCH_ENV
from dfv.tb.common.rates import MISS_PREFIX, describe_params, is_memory, miss_message, within

# (module, parameters) of the dataflow benches, built as their regression suite builds them (its harness)
DATAFLOW_BENCHES = (
    ("dataflow_stream", {"W": 32, "STEP_OP": 0}),
    ("dataflow_gate", {"W": 32}),
    ("dataflow_carry", {"W": 32}),
    ("dataflow_invariant", {"W": 32}),
)
DATAFLOW_CASES = ("full rate", "50% back-pressure")  # the CASE of dfv.tb.bench.dataflow's tests


def benches() -> list[tuple[BuildSpec, str]]:
    """(build, benchmark module): the dataflow operations, then the first parameter set of every
    handshake / arith / memory suite of the regression (whole-program kernel suites are not benchmarked
    here)."""
    jobs = load_jobs()
    builds = {(j.toplevel, j.params): j for j in jobs if j.kernel is None}
    out = [(builds[(top, tuple(sorted(params.items())))].spec, "dfv.tb.bench.dataflow")
           for top, params in DATAFLOW_BENCHES]
    seen = set()
    for job in jobs:
        if getattr(job, "kernel", None) is not None or job.toplevel.startswith("dataflow_") or job.suite in seen:
            continue
        seen.add(job.suite)
        out.append((job.spec, "dfv.tb.bench.memory" if is_memory(job.toplevel) else "dfv.tb.bench.handshake"))
    return out


def collect(seed: int, sims: tuple[str, ...]) -> list[dict]:
    records = []
    for sim in sims:
        for spec, module in benches():
            run_dir = REPORTS_DIR / "bench" / sim / spec.tag()
            (run_dir / "bench.jsonl").unlink(missing_ok=True)
            results = run_tests(spec, sim, module, seed, run_dir, env={BENCH_ENV: "1"})
            # a missed rate is tabulated below; any other failure means the figures cannot be trusted
            failed = [f"{r.name}: {r.message}" for r in results
                      if not r.passed and not r.message.startswith(MISS_PREFIX)]
            if failed:
                raise RuntimeError(f"benchmark of {spec.tag()} on {sim} failed its checks: {failed}")
            for line in (run_dir / "bench.jsonl").read_text().splitlines():
                records.append({**json.loads(line), "sim": sim})
    return records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sim", choices=SIMULATORS, action="append")
    parser.add_argument("--no-kernels", action="store_true", help="skip the kernel table (dfv.sim.kernel_bench)")
    args = parser.parse_args(argv)
    sims = tuple(args.sim or SIMULATORS)
    records = collect(args.seed, sims)
    flow = [r for r in records if r["module"].startswith("dataflow_")]
    rated = [r for r in records if "documented" in r]
    prims = [r for r in records if not r["module"].startswith("dataflow_") and "accesses_per_cycle" not in r]
    mems = [r for r in records if "accesses_per_cycle" in r]
    rates: dict[tuple[str, str], dict[str, float]] = defaultdict(dict)
    for r in flow:
        if r["sim"] == sims[0]:
            for out, rate in r["outputs"].items():
                rates[(r["module"], out)][r["case"]] = rate
    t1 = [("operation", "output", *[f"tokens/cycle, {c}" for c in DATAFLOW_CASES])]
    t1 += [(m, o, *(f"{rates[(m, o)].get(c, 0):.3f}" for c in DATAFLOW_CASES)) for (m, o) in sorted(rates)]
    before = Before.load()
    t2 = [("simulator", "operation", "case", "cycles", "wall s", "cycles/s", f"before ({before.op_speed_commit})",
           "x before")]
    for r in flow:
        rate = r["cycles"] / r["wall_s"]
        old = before.op_speed.get((r["module"], r["case"]), {}).get(r["sim"])
        t2.append((r["sim"], r["module"], r["case"], str(r["cycles"]), f"{r['wall_s']:.2f}", f"{rate:.0f}",
                   str(old or "-"), f"{rate / old:.2f}" if old else "-"))
    for sim in sims:
        group = [r for r in prims + mems if r["sim"] == sim]
        if group:
            cycles, wall = sum(r["cycles"] for r in group), sum(r["wall_s"] for r in group)
            t2.append((sim, f"handshake + memory ({len(group)} modules)", "full rate", str(cycles), f"{wall:.2f}",
                       f"{cycles / wall:.0f}", "-", "-"))
    t3 = [("module", "parameters", "measured on", "per cycle", "documented", "ok")]
    misses = []
    for r in rated:
        if r["sim"] != sims[0]:
            continue
        for channel, documented in r["documented"].items():
            rate = r["measured"].get(channel, 0.0)
            ok = within(rate, documented)
            t3.append((r["module"], describe_params(r["params"]), channel, f"{rate:.3f}", f"{documented:.3f}",
                       "yes" if ok else "NO"))
            if not ok:
                misses.append(miss_message(r["module"], r["params"], channel, rate, documented))
    t4 = [("memory", "parameters", "accesses/cycle", "ld_addr -> ld_data cycles (min/mean/max)")]
    for r in mems:
        if r["sim"] != sims[0]:
            continue
        lat = "/".join(str(x) for x in r["latency"]) if r["latency"] else "-"
        name = r["module"] + (f" (model latency {r['model_latency']})" if r["model_latency"] else "")
        t4.append((name, describe_params(r["params"]), f"{r['accesses_per_cycle']:.3f}", lat))
    lengths = {kind: next((r["length"] for r in group if "length" in r), "?")
               for kind, group in (("flow", flow), ("prims", prims), ("mems", mems))}
    text = (f"Throughput ({lengths['flow']} iterations in back-to-back bursts, inputs always valid, "
            f"seed {args.seed}, on {sims[0]}; "
            "both simulators give the same cycle counts)\n" + format_table(t1) +
            "\n\nDocumented rates (dfv/golden/catalogue.py, docs/primitives.md) at full rate: the dataflow "
            f"operations as "
            f"above, handshake primitives, arith units and access ports ({lengths['prims']} tokens per input), "
            f"memories with every port busy (accesses per cycle; {lengths['mems']} per port); inputs always "
            f"valid, outputs always ready, on {sims[0]}\n" + format_table(t3) +
            f"\n\nMemories with every port busy ({lengths['mems']} accesses per port, outputs always ready, "
            f"on {sims[0]})\n"
            + format_table(t4) +
            "\n\nSimulation speed of the operation environments (pyuvm on the SystemVerilog agents of each module's "
            "harness, docs/op_harness.md: cycles over the wall time of the "
            f"run phase; before = the per-cycle Python loop of commit {before.op_speed_commit}, "
            "configs/bench_before.yaml)\n" + format_table(t2))
    kernel_problems: list[str] = []
    if not args.no_kernels:  # whole programs: dfv.sim.kernel_bench
        kernel_text, kernel_problems = main_section(args.seed, sims)
        text += "\n\n" + kernel_text
        if kernel_problems:
            text += "\n\nKernel problems:\n" + "\n".join(f"  {m}" for m in kernel_problems)
        text += "\n\n" + circt_section(args.seed)
    text += ("\n\nLowering time of generated programs (best of 3; linear cost shows as a flat time per node)\n"
             + lowering_table())
    if misses:
        text += "\n\nNot at the documented rate:\n" + "\n".join(f"  {m}" for m in misses)
    out = REPORTS_DIR / "bench" / "bench.txt"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text + "\n")
    print(text)
    return 1 if misses or kernel_problems else 0


if __name__ == "__main__":
    sys.exit(main())
