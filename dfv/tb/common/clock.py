"""The testbench clock period: the testbenches start their clock with it and the host turns simulated
time into cycles with it. Here, beside the testbenches, so they do not import the `dfv` tool."""

CLOCK_NS = 10
