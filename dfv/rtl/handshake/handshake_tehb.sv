// handshake_tehb: transparent one-slot buffer (a ready cut, "TEHB": transparent elastic half buffer).
// Parameters: W (data width, >= 1).
// Ports: in (W) -> out (W).
// Structure: the control core handshake_tehb_ctrl (u_ctrl: the slot's flag, every valid/ready) and, here,
//   the slot's data register, which follows in_data while the slot is empty (its enable is the register
//   in_ready, not the handshake): the edge that fills the slot (the input taken while the output stalls)
//   loads the token, and a word loaded without one is never shown.
// Behaviour: empty, a token passes straight through in the same cycle; a stalled token is kept in the
//   slot (in_ready drops) and presented from there until taken. It cuts the ready path and only that:
//   the lowering puts it on a loop back edge whose valid/data path is already registered (the output of
//   a pipelined unit), where an opaque buffer would add a cycle to every iteration.
// State: slot_q (data), full_q in u_ctrl. at_init: the slot is empty (u_ctrl.at_init).
// Combinational paths: in_valid -> out_valid, in_data -> out_data (a 2:1 mux). None from out_ready to
//   in_ready (a register).
// Latency 0 cycles when empty. Throughput: one token per cycle; order preserved.
module handshake_tehb #(
  parameter int W = 32
) (
  input  logic         clk,
  input  logic         rst,
  input  logic [W-1:0] in_data,
  input  logic         in_valid,
  output logic         in_ready,
  output logic [W-1:0] out_data,
  output logic         out_valid,
  input  logic         out_ready
);
  logic [W-1:0] slot_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  initial begin : p_param_check
    if (W < 1) begin
      $fatal(1, "handshake_tehb: W must be >= 1 (got %0d)", W);
    end
  end

  handshake_tehb_ctrl u_ctrl (
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
  assign out_data = in_ready ? in_data : slot_q;

  always_ff @(posedge clk) begin : p_slot
    if (in_ready) slot_q <= in_data;
  end

`ifdef DFV_FORMAL
  `include "handshake_tehb_props.svh"
`endif
endmodule
