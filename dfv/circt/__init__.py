"""CIRCT's flow as a dfv engine (`--engine circt-icarus|circt-verilator`, `make circt`).

- `export`: the script the CIRCT environment runs (the `circt` wheel, Python 3.13): a program to the Verilog CIRCT
  exports, the pass pipeline in one place (the committed CIRCT-made fixtures use it too);
- `flow`: where that environment is, setting it up, and running the script bounded in time from the kit.
"""
