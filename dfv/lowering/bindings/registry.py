"""The two tables the families fill (`dfv.lowering.bindings`): IR operation class -> reader, node
operation -> builder, and the decorators that fill them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xdsl.ir import Operation

# (the handshake reader, the operation, its location) -> None: adds the operation's node(s) to the graph
ReadFn = Callable[[Any, Any, str], None]
# (the IR builder, the node) -> None: adds the node's operation(s) to the function body
BuildFn = Callable[[Any, Any], None]

READERS: dict[type[Operation], ReadFn] = {}
BUILDERS: dict[str, BuildFn] = {}


def reads(*classes: type[Operation]) -> Callable[[ReadFn], ReadFn]:
    """Register the decorated function as the reader of IR operations of `classes`."""
    def register(fn: ReadFn) -> ReadFn:
        for cls in classes:
            assert cls not in READERS, f"{cls.name} has two readers"
            READERS[cls] = fn
        return fn
    return register


def builds(*ops: str) -> Callable[[BuildFn], BuildFn]:
    """Register the decorated function as the builder of nodes of operations `ops`."""
    def register(fn: BuildFn) -> BuildFn:
        for op in ops:
            assert op not in BUILDERS, f"{op} has two builders"
            BUILDERS[op] = fn
        return fn
    return register
