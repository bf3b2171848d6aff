"""Every family of bindings, imported so that they register: the tables the reader and the builder use."""

from __future__ import annotations

from dfv.lowering.bindings import buffers, compute, dataflow, memory, signals, steering, tuples
from dfv.lowering.bindings.registry import BUILDERS, READERS

FAMILIES = (buffers, compute, dataflow, memory, signals, steering, tuples)
"""The modules whose `@reads` / `@builds` fill READERS and BUILDERS (named here so they are imported)."""

__all__ = ["BUILDERS", "FAMILIES", "READERS"]
