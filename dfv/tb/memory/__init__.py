"""Environments of the memory interfaces (`handshake_memory`, `handshake_extmemory`) and the reusable memory
model agent of the external memory (`dfv.tb.memory.model`)."""
