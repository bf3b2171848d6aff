"""Environments of the four dataflow operations: one module per operation (`stream`, `gate`,
`carry`, `invariant`) with its sequences, coverage and tests, on the generic `dfv.tb.common.op_env`."""
