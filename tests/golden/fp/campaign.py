"""A long random campaign: `dfv.golden.fp.ops` against the independent oracle on N random operand tuples
per operation and format (the generators of `fp_cases`), printing a table of operation, format, count,
mismatches and seconds, then the first mismatches. Exit status 1 if any mismatch.

    python tests/golden/fp/campaign.py --ops all --formats all --count 1000000 --seed 1
"""

from __future__ import annotations

import argparse
import sys
import time

import fp_cases as cases


def _choice(text: str, known: list[str], what: str) -> list[str]:
    if text == "all":
        return known
    chosen = [t.strip() for t in text.split(",")]
    unknown = [t for t in chosen if t not in known]
    if unknown:
        raise SystemExit(f"unknown {what}: {', '.join(unknown)} (known: all, {', '.join(known)})")
    return chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ops", default="all", help="comma-separated operations, or all")
    parser.add_argument("--formats", default="all", help="comma-separated formats, or all")
    parser.add_argument("--count", type=int, default=10000, help="random operand tuples per operation and format")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    names = _choice(args.ops, list(cases.CHECKS), "operation")
    formats = _choice(args.formats, list(cases.FORMATS), "format")
    print(f"{'op':<10}{'format':<8}{'count':>10}{'mismatches':>12}{'seconds':>10}", flush=True)
    examples, total = [], 0
    for name in names:
        for fmt in formats:
            start = time.perf_counter()
            check = cases.CHECKS[name]
            outcome = cases.run(check, fmt, cases.random_operands(check, fmt, args.count, args.seed))
            seconds = time.perf_counter() - start
            print(f"{name:<10}{fmt:<8}{outcome.count:>10}{outcome.mismatches:>12}{seconds:>10.1f}", flush=True)
            total += outcome.mismatches
            examples += outcome.examples
    print(f"total mismatches: {total}")
    for line in examples:
        print("  " + line)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
