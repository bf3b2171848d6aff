"""Environments of the handshake primitives, arith units and memory access ports: one module per family,
on the generic `dfv.tb.common.op_env` (see `dfv.tb.handshake.common`)."""
