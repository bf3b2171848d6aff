// handshake_sink_ctrl: consumes and discards every control token.
// Parameters: none. Ports: in (ctrl).
// Stateless (at_init = 1); in_ready = 1. Throughput: one token per cycle.
module handshake_sink_ctrl (
  input  logic clk,
  input  logic rst,
  input  logic in_valid,
  output logic in_ready
);
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */
  assign at_init = 1'b1;
  assign in_ready = 1'b1;
  logic unused;
  assign unused = clk ^ rst ^ in_valid;

`ifdef DFV_FORMAL
  `include "handshake_sink_ctrl_props.svh"
`endif
endmodule
