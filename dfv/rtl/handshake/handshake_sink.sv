// handshake_sink: consumes and discards every data token.
// Parameters: W (data width, >= 1). Ports: in (W).
// Structure: the control core handshake_sink_ctrl (u_ctrl) takes every token; the data is dropped here.
// Stateless (at_init = 1); in_ready = 1. Throughput: one token per cycle.
module handshake_sink #(
  parameter int W = 32
) (
  input  logic         clk,
  input  logic         rst,
  input  logic [W-1:0] in_data,
  input  logic         in_valid,
  output logic         in_ready
);
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  logic unused;
  /* verilator lint_on UNUSEDSIGNAL */

  handshake_sink_ctrl u_ctrl (
    .clk(clk),
    .rst(rst),
    .in_valid(in_valid),
    .in_ready(in_ready)
  );
  // simulation only: Yosys (synthesis, formal) resolves no hierarchical name, and nothing in the
  // design reads at_init
`ifndef YOSYS
  assign at_init = u_ctrl.at_init;
`endif
  assign unused = ^in_data;

`ifdef DFV_FORMAL
  `include "handshake_sink_props.svh"
`endif
endmodule
