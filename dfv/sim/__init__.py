"""Simulation infrastructure: toolchain set-up, per-(module, parameters, simulator) build cache,
cocotb runs with results parsing, the regression driver behind `make sim`, and reports."""
