"""Golden models of the memory interfaces: `handshake.memory` and `handshake.extmemory` (spec 004)."""

from __future__ import annotations

from dfv.golden.memory.memory import ExtMemory, Memory

__all__ = ["ExtMemory", "Memory"]
