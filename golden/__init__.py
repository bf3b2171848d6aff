"""Pure-Python golden model: token semantics of every operation, independent of any simulator.

`golden.core` defines the `Machine` interface shared by every operation model and by the DFG
interpreter; `golden.dataflow` holds the four dataflow state machines, `golden.handshake` the
handshake primitives and memories, `golden.types` the value and tagged types.
"""
