"""Lowering speed: generated programs of 10, 100 and 1,000 operations and of nesting depth 1..6.

    python -m dfv.bench_lowering [--repeat N]

Prints one table: program, source operations, DFG nodes, parse time, lowering time (lower +
materialise + verify), and lowering time per source operation and per DFG node, which stay flat
(linear cost; deeper nesting imports each outer value through every level, so nodes per source
operation grow with depth, time per node does not).
"""

from __future__ import annotations

import argparse
import time

from dfv.lowering.lower_control import lower_function
from dfv.lowering.materialize import materialize
from dfv.lowering.parse import parse_text
from dfv.lowering.verify import verify


def flat_program(n_ops: int) -> str:
    """A loop whose body is a chain of about `n_ops` arith ops plus loads and stores every 8 ops."""
    lines = ["func.func @flat(%a: memref<64xi32>, %n: index, %x0: i32) -> i32 {",
             "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index",
             "  %k = arith.constant 3 : i32",
             "  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %x0) -> (i32) {"]
    cur, count = "%x", 0
    ops = ["arith.addi", "arith.muli", "arith.xori", "arith.subi"]
    while count < n_ops:
        v = f"%v{count}"
        if count % 8 == 7:
            lines.append(f"    {v} = memref.load %a[%i] : memref<64xi32>")
            lines.append(f"    %w{count} = arith.addi {cur}, {v} : i32")
            lines.append(f"    memref.store %w{count}, %a[%i] : memref<64xi32>")
            cur = f"%w{count}"
            count += 3
            continue
        lines.append(f"    {v} = {ops[count % 4]} {cur}, %k : i32")
        cur = v
        count += 1
    lines += [f"    scf.yield {cur} : i32", "  }", "  func.return %r : i32", "}"]
    return "\n".join(lines) + "\n"


def nested_program(depth: int) -> str:
    """`depth` nested scf.for loops (an scf.if at every other level), a memref access at the innermost."""
    lines = ["func.func @nested(%a: memref<64xi32>, %n: index, %t: i32) {",
             "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index"]
    ind = "  "
    for d in range(depth):
        lines.append(f"{ind}scf.for %i{d} = %c0 to %n step %c1 {{")
        ind += "  "
        if d % 2 == 1:
            lines.append(f"{ind}%x{d} = memref.load %a[%i{d}] : memref<64xi32>")
            lines.append(f"{ind}%p{d} = arith.cmpi sgt, %x{d}, %t : i32")
            lines.append(f"{ind}scf.if %p{d} {{")
            ind += "  "
    lines.append(f"{ind}%v = memref.load %a[%i0] : memref<64xi32>")
    lines.append(f"{ind}%w = arith.addi %v, %t : i32")
    lines.append(f"{ind}memref.store %w, %a[%i{depth - 1}] : memref<64xi32>")
    for d in reversed(range(depth)):
        if d % 2 == 1:
            ind = ind[:-2]
            lines.append(f"{ind}}}")
        ind = ind[:-2]
        lines.append(f"{ind}}}")
    lines += ["  func.return", "}"]
    return "\n".join(lines) + "\n"


def measure(text: str, repeat: int) -> tuple[int, int, float, float]:
    best_parse = best_lower = float("inf")
    nodes = ops = 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        src = parse_text(text, "bench.mlir")
        t1 = time.perf_counter()
        g = materialize(lower_function(src))
        verify(g)
        t2 = time.perf_counter()
        best_parse, best_lower = min(best_parse, t1 - t0), min(best_lower, t2 - t1)
        nodes = len(g.nodes)
        ops = sum(1 for _ in src.module.walk()) - 2  # minus module and func
    return ops, nodes, best_parse, best_lower


def table(repeat: int = 3) -> str:
    rows = []
    for n in (10, 100, 1000):
        rows.append((f"flat {n} ops", *measure(flat_program(n), repeat)))
    for d in range(1, 7):
        rows.append((f"nested depth {d}", *measure(nested_program(d), repeat)))
    out = ["| program | source ops | DFG nodes | parse (ms) | lower (ms) | lower us/op | lower us/node |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    for name, ops, nodes, tp, tl in rows:
        out.append(f"| {name} | {ops} | {nodes} | {tp * 1e3:.1f} | {tl * 1e3:.1f} | {tl * 1e6 / max(ops, 1):.0f} "
                   f"| {tl * 1e6 / max(nodes, 1):.0f} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args(argv)
    print(table(a.repeat))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
