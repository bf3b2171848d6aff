// handshake_fork: eager fork of one data channel to N outputs.
// Parameters: W (data width, >= 1), N (number of outputs, >= 1).
// Ports: in (W) -> out[N] (W, packed: out_data[i*W +: W]).
// Structure: the control core handshake_fork_ctrl (u_ctrl) does every valid/ready and the sent flags;
//   this wrapper only copies in_data to every output (pulp common_cells' stream_fork pattern).
// State (in u_ctrl): sent_q[N] = output i already took the current input token. No state_q FSM.
// at_init: no output has been served for the current token (u_ctrl.at_init: sent_q == 0).
// Latency 0: out_valid/out_data combinational from in_valid/in_data; in_ready combinational from out_ready.
// Throughput: one token per cycle when all outputs are ready.
module handshake_fork #(
  parameter int W = 32,
  parameter int N = 2
) (
  input  logic           clk,
  input  logic           rst,
  input  logic [W-1:0]   in_data,
  input  logic           in_valid,
  output logic           in_ready,
  output logic [N*W-1:0] out_data,
  output logic [N-1:0]   out_valid,
  input  logic [N-1:0]   out_ready
);
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  handshake_fork_ctrl #(.N(N)) u_ctrl (
    .clk(clk),
    .rst(rst),
    .in_valid(in_valid),
    .in_ready(in_ready),
    .out_valid(out_valid),
    .out_ready(out_ready)
  );
  // simulation only: Yosys (synthesis, formal) resolves no hierarchical name, and nothing in the
  // design reads at_init
`ifndef YOSYS
  assign at_init = u_ctrl.at_init;
`endif
  assign out_data = {N{in_data}};

`ifdef DFV_FORMAL
  `include "handshake_fork_props.svh"
`endif
endmodule
