"""Lowering of MLIR scf/arith/memref programs to a handshake + dataflow DFG (specs 002 and 004).

Entry points live in `dfv.lowering.pipeline` (`lower_source`, `lower_file`): parse, lower, materialise,
verify. Modules: `parse`, `arith_ops`, `dialects`, `dfg`, `lower_control`, `lower_memory`,
`materialize`, `verify`, `config`, `topgen`, `dot`, `reference` (the source interpreter, with
`source_loops` and `trip_budget`), `output`.
"""
