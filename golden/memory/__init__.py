"""Golden models of the memory interfaces: `handshake.memory` and `handshake.extmemory` (spec 004)."""

from __future__ import annotations

from golden.memory.memory import ExtMemory, Memory

MACHINES = {
    "handshake.memory": Memory,
    "handshake.extmemory": ExtMemory,
}

__all__ = ["MACHINES", "ExtMemory", "Memory"]
