"""How each IR operation becomes DFG nodes and back, one module per family, read and build side by side.

A family module registers, in the manner of xDSL's `@impl`, a reader per IR operation class (`@reads`:
the handshake reader, `dfv.lowering.from_handshake`, calls it with itself, the operation and its
location) and a builder per node operation (`@builds`: the IR builder, `dfv.lowering.graph_ir`, calls it
with itself and the node). `dfv.lowering.bindings.table` imports every family and holds the two tables.
"""
