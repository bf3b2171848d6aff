"""`make timing` / `dfv timing`: synthesis, placement and routing of the RTL on an open FPGA flow.

Yosys (`synth_ecp5`) and nextpnr-ecp5 (Lattice ECP5-85F), both from pinned PyPI wheels, on every
hand-written module at its regression parameter sets and on every kernel's generated top, each inside a
registered wrapper: area (LUTs, carries, FFs, DSPs, block RAM), Fmax (the median over placement seeds) and
the critical path named by its nets and source lines. docs/timing.md.

Modules: `config` (configs/timing.yaml: device, seeds, bounds, goals), `targets` (what is timed),
`wrapper` (the registered wrapper around a target's ports), `flow` (the tool runs), `critical` (the
critical path read from nextpnr's report), `report` (tables and files), `command` (the command line),
`netdelay` (a static delay model of a synthesised netlist, and the table the lowering's timing-driven
buffering reads), `characterise` (that table, from every module synthesised alone).
"""
