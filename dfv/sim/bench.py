"""`make bench`: throughput of every operation and simulation speed, as tables.

Runs the benchmark tests of `tb.bench.dataflow` (one long burst, inputs always valid, outputs
always ready or 50% randomly ready, seeded) on Icarus and Verilator, and prints tokens per cycle
per output and simulated cycles per second per simulator. Results are reproducible for a seed.
Tables are also written to reports/bench/bench.txt.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict

from dfv.sim.build import BuildSpec
from dfv.sim.run import run_tests
from dfv.sim.toolchain import REPORTS_DIR, SIMULATORS

BENCHES = (
    BuildSpec("dataflow_stream", {"W": 32, "STEP_OP": 0}),
    BuildSpec("dataflow_gate", {"W": 32}),
    BuildSpec("dataflow_carry", {"W": 32}),
    BuildSpec("dataflow_invariant", {"W": 32}),
)


def table(rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = ["  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(r)) for r in rows]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)


def collect(seed: int, sims: tuple[str, ...]) -> list[dict]:
    records = []
    for sim in sims:
        for spec in BENCHES:
            run_dir = REPORTS_DIR / "bench" / sim / spec.tag()
            (run_dir / "bench.jsonl").unlink(missing_ok=True)
            results = run_tests(spec, sim, "tb.bench.dataflow", seed, run_dir)
            failed = [f"{r.name}: {r.message}" for r in results if not r.passed]
            if failed:
                raise RuntimeError(f"benchmark of {spec.tag()} on {sim} failed its checks: {failed}")
            for line in (run_dir / "bench.jsonl").read_text().splitlines():
                records.append({**json.loads(line), "sim": sim})
    return records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sim", choices=SIMULATORS, action="append")
    args = parser.parse_args(argv)
    sims = tuple(args.sim or SIMULATORS)
    records = collect(args.seed, sims)
    rates: dict[tuple[str, str], dict[str, float]] = defaultdict(dict)
    for r in records:
        if r["sim"] == sims[0]:
            for out, rate in r["outputs"].items():
                rates[(r["module"], out)][r["case"]] = rate
    cases = ("full rate", "50% back-pressure")
    t1 = [("operation", "output", *[f"tokens/cycle, {c}" for c in cases])]
    t1 += [(m, o, *(f"{rates[(m, o)].get(c, 0):.3f}" for c in cases)) for (m, o) in sorted(rates)]
    t2 = [("simulator", "operation", "case", "cycles", "wall s", "cycles/s")]
    t2 += [(r["sim"], r["module"], r["case"], str(r["cycles"]), f"{r['wall_s']:.2f}",
            f"{r['cycles'] / r['wall_s']:.0f}") for r in records]
    text = (f"Throughput (one burst of 2000 iterations, inputs always valid, seed {args.seed}, on {sims[0]}; "
            "both simulators give the same cycle counts)\n" + table(t1) +
            "\n\nSimulation speed (pyuvm environment, one clock, all channels sampled each cycle)\n" + table(t2))
    out = REPORTS_DIR / "bench" / "bench.txt"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
