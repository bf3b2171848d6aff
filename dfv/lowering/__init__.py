"""Lowering of MLIR scf/arith/memref programs to a handshake + dataflow DFG (specs 002 and 004).

Entry points live in `dfv.lowering.pipeline` (`lower_source`, `lower_file`): parse, lower, materialise,
verify. Modules: `parse` (with `legacy`), `arith_ops`, `dialects`, `dfg`, `lift_cf` (a `cf` body
lifted to `scf`, with `cfg`; `to_cf` the other way, for `dfv fuzz --cf` and CIRCT's flow),
`lower_control`, `lower_memory`, `materialize`, `verify`, `config`,
`topgen`, `dot`, `reference` (the source interpreter, with `source_loops`, `source_branches` and
`trip_budget`), `output`.
"""
