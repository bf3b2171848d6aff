"""The lowering pipeline: parse -> lower (002, 004) -> materialise -> verify.

`lower_source` / `lower_file` return the verified, materialised DFG of one function.
"""

from __future__ import annotations

from lowering.dfg import DFG
from lowering.parse import LoweringError, SourceModule, parse_file, parse_text


def lower_source(src: SourceModule, func: str | None = None, index_width: int | None = None,
                 check: bool = True) -> DFG:
    from lowering.lower_control import lower_function
    from lowering.materialize import materialize
    from lowering.verify import verify

    g = materialize(lower_function(src, func, index_width))
    if check:
        verify(g)
    return g


def lower_file(path: str, func: str | None = None, index_width: int | None = None) -> DFG:
    return lower_source(parse_file(path), func, index_width)


__all__ = ["DFG", "LoweringError", "lower_file", "lower_source", "parse_file", "parse_text"]
