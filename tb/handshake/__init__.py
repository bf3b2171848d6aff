"""Environments of the handshake primitives, arith units and memory access ports: one module per family,
on the generic `tb.common.op_env` (see `tb.handshake.common`)."""
