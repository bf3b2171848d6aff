"""Pure-Python golden model: token semantics of every operation, independent of any simulator.

`dfv.golden.core` defines the `Machine` interface shared by every operation model and by the DFG
interpreter; `dfv.golden.dataflow` holds the four dataflow state machines, `dfv.golden.handshake` the
handshake primitives and memories, `dfv.golden.types` the value and tagged types.
"""
