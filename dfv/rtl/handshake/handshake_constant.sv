// handshake_constant: emits the parameter VALUE once per control token.
// Parameters: W (data width, >= 1), VALUE (logic [W-1:0]).
// Ports: ctrl (ctrl) -> out (W).
// Stateless (at_init = 1). Latency 0: out_valid = ctrl_valid, ctrl_ready = out_ready.
// Throughput: one token per cycle.
module handshake_constant #(
  parameter int W = 32,
  parameter logic [W-1:0] VALUE = '0
) (
  input  logic         clk,
  input  logic         rst,
  input  logic         ctrl_valid,
  output logic         ctrl_ready,
  output logic [W-1:0] out_data,
  output logic         out_valid,
  input  logic         out_ready
);
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */
  assign at_init = 1'b1;
  assign out_data = VALUE;
  assign out_valid = ctrl_valid;
  assign ctrl_ready = out_ready;
  logic unused;
  assign unused = clk ^ rst;

`ifdef DFV_FORMAL
  `include "handshake_constant_props.svh"
`endif
endmodule
