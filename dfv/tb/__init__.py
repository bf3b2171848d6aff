"""cocotb + pyuvm verification environments.

`dfv.tb.common` holds what every environment reuses: the harness (`op_harness`: the module with one
SystemVerilog agent of dfv/tb/hdl per channel and memory), the Python sides of those agents (source with
seeded idle cycles, sink with seeded back-pressure, monitor, memory model), the bench and its run control,
the environment base with its drain loop (`harness_env`) and the operation environment (`op_env`: sequence
item, driver, scoreboard against the golden model, coverage, test base classes). `dfv.tb.dataflow`,
`dfv.tb.handshake` and `dfv.tb.memory` have one module per operation family with its sequences, coverage and
tests; `dfv.tb.kernel` runs a whole lowered program.
"""
