"""Environments of the memory interfaces (`handshake_memory`, `handshake_extmemory`); the external memory is
the harness's memory model (`dfv.tb.common.sv_memory`)."""
