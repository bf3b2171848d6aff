"""The one comparison of a run's results with its reference (the source interpreter, or the golden token
semantics of a handshake program): used by every engine of `dfv run` (`dfv.runner`) and by the kernel
environment's scoreboard (`dfv.tb.kernel.env`), so a mismatch reads the same wherever it is found.

Values are in their reported form (`dfv.golden.types.from_word`): signed integers, objects for extra signals,
None for a result that never came.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def reference_problems(who: str, reference: str, returns: Sequence, memrefs: Mapping[int, list],
                       want_returns: Sequence, want_memrefs: Mapping[int, list],
                       names: Mapping[int, str] | None = None) -> list[str]:
    """One line per differing result and memref: `result i: <who> returned X, the <reference> Y`,
    `memref argument i (name): final contents differ from the <reference> at [k]: <who> X, <reference> Y`
    (the first differing element, and how many differ). `names` gives the memrefs' names."""
    problems = []
    for i in range(max(len(returns), len(want_returns))):
        got = returns[i] if i < len(returns) else None
        want = want_returns[i] if i < len(want_returns) else None
        if got != want:
            problems.append(f"result {i}: {who} returned {got}, the {reference} {want}")
    for i, want in sorted(want_memrefs.items()):
        got = memrefs.get(i)
        if got == want:
            continue
        label = f"memref argument {i}" + (f" ({names[i]})" if names and i in names else "")
        if got is None:
            problems.append(f"{label}: {who} reported no final contents, the {reference} {want}")
            continue
        diff = [k for k in range(max(len(got), len(want)))
                if k >= len(got) or k >= len(want) or got[k] != want[k]]
        k = diff[0]
        problems.append(f"{label}: final contents differ from the {reference} at {len(diff)} element(s), first "
                        f"[{k}]: {who} {got[k] if k < len(got) else 'none'}, {reference} "
                        f"{want[k] if k < len(want) else 'none'}")
    return problems
