"""cocotb + pyuvm verification environments.

`dfv.tb.common` holds what every environment reuses: the clocked sample/drive loop (`TB`), the
channel agent (driver with seeded idle cycles, ready driver with seeded back-pressure, monitor),
and the generic operation environment (sequence item, driver, scoreboard against the golden model,
coverage, test base classes). `dfv.tb.dataflow` has one module per dataflow operation with its
sequences, coverage and tests.
"""
