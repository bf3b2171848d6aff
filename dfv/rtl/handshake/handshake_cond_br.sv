// handshake_cond_br: routes a data token to out_true or out_false according to a 1-bit cond token.
// Parameters: W (data width, >= 1; for control-only tokens use handshake_cond_br_ctrl).
// Ports: cond (1 bit), data (W) -> out_true (W), out_false (W).
// Structure: the control core handshake_cond_br_ctrl (u_ctrl) does every valid/ready; this wrapper only
//   drives the data token onto both outputs (only the valid one is taken).
// Stateless (at_init = 1). Fires when cond and data are valid and the selected output is ready;
// consumes both inputs. Latency 0 (valid/data combinational, input readies from output readies).
// Throughput: one token per cycle.
module handshake_cond_br #(
  parameter int W = 32
) (
  input  logic         clk,
  input  logic         rst,
  input  logic [0:0]   cond_data,
  input  logic         cond_valid,
  output logic         cond_ready,
  input  logic [W-1:0] data_data,
  input  logic         data_valid,
  output logic         data_ready,
  output logic [W-1:0] out_true_data,
  output logic         out_true_valid,
  input  logic         out_true_ready,
  output logic [W-1:0] out_false_data,
  output logic         out_false_valid,
  input  logic         out_false_ready
);
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  handshake_cond_br_ctrl u_ctrl (
    .clk(clk),
    .rst(rst),
    .cond_data(cond_data),
    .cond_valid(cond_valid),
    .cond_ready(cond_ready),
    .data_valid(data_valid),
    .data_ready(data_ready),
    .out_true_valid(out_true_valid),
    .out_true_ready(out_true_ready),
    .out_false_valid(out_false_valid),
    .out_false_ready(out_false_ready)
  );
  // simulation only: Yosys (synthesis, formal) resolves no hierarchical name, and nothing in the
  // design reads at_init
`ifndef YOSYS
  assign at_init = u_ctrl.at_init;
`endif
  assign out_true_data = data_data;
  assign out_false_data = data_data;

`ifdef DFV_FORMAL
  `include "handshake_cond_br_props.svh"
`endif
endmodule
