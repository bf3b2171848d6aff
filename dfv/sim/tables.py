"""Plain-text tables for the reports (`make sim`, `make bench`): first column left-aligned, the
others right-aligned, a dashed rule under the header row."""

from __future__ import annotations

from collections.abc import Sequence


def format_table(rows: Sequence[Sequence[str]]) -> str:
    """`rows[0]` is the header; every row has the same number of cells."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = ["  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(r)) for r in rows]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)
