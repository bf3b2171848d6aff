// handshake_source: offers a control token on every cycle outside reset.
// Parameters: none. Ports: out (ctrl).
// Stateless (at_init = 1); out_valid = !rst (combinational from rst only). Throughput: one token per cycle.
module handshake_source (
  input  logic clk,
  input  logic rst,
  output logic out_valid,
  input  logic out_ready
);
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */
  assign at_init = 1'b1;
  assign out_valid = ~rst;
  logic unused;
  assign unused = clk ^ out_ready;

`ifdef DFV_FORMAL
  `include "handshake_source_props.svh"
`endif
endmodule
