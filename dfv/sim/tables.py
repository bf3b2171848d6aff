"""Plain-text tables for the reports (`make sim`, `make bench`): first column left-aligned, the
others right-aligned, a dashed rule under the header row; and the label of a module (or suite) at one
parameter set, which names a row in every report (`make sim`, `make formal`, `make timing`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def param_label(name: str, params: Iterable[tuple[str, object]]) -> str:
    """`arith_binop[OP=0,W=32]`: `name` and its parameters in the order given (`name[]` for none)."""
    return f"{name}[{','.join(f'{k}={v}' for k, v in params)}]"


def format_table(rows: Sequence[Sequence[str]]) -> str:
    """`rows[0]` is the header; every row has the same number of cells."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = ["  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(r)) for r in rows]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)
