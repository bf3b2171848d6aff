// handshake_merge: merge with fixed priority to the lowest-index valid input.
// Parameters: W (data width, >= 1), N (number of inputs, >= 1). SW = N > 1 ? $clog2(N) : 1.
// Ports: in[N] (W, packed) -> out (W).
// Structure: a data merge is a control merge whose index nobody waits for: the control core
//   handshake_control_merge_ctrl (u_ctrl, index_ready tied high) chooses the input, holds the choice while
//   out is stalled and consumes the chosen input with out; this wrapper only shows in_data[chosen] on out.
//   (handshake_merge_ctrl is a different core: control tokens are all alike, so it need not hold a choice.)
// State (in u_ctrl): lock_q/sel_q: the output was offered and not taken, so the choice is held (a
//   lower-index input arriving meanwhile cannot change out_data while out is stalled). at_init: lock_q == 0.
// Behaviour: out_valid = chosen input valid; chosen = the held choice when locked, else the lowest-index
//   valid input; only the chosen input is consumed when out is ready.
// Latency 0 (valid/data combinational; in_ready from out_ready). Throughput: one token per cycle.
module handshake_merge #(
  parameter int W = 32,
  parameter int N = 2,
  localparam int SW = (N > 1) ? $clog2(N) : 1
) (
  input  logic           clk,
  input  logic           rst,
  input  logic [N*W-1:0] in_data,
  input  logic [N-1:0]   in_valid,
  output logic [N-1:0]   in_ready,
  output logic [W-1:0]   out_data,
  output logic           out_valid,
  input  logic           out_ready
);
  logic [SW-1:0] chosen;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  logic index_valid;  // the index is not an output of a merge
  /* verilator lint_on UNUSEDSIGNAL */

  handshake_control_merge_ctrl #(.N(N), .SW(SW)) u_ctrl (
    .clk(clk),
    .rst(rst),
    .in_valid(in_valid),
    .in_ready(in_ready),
    .out_valid(out_valid),
    .out_ready(out_ready),
    .index_data(chosen),
    .index_valid(index_valid),
    .index_ready(1'b1)
  );
  // simulation only: Yosys (synthesis, formal) resolves no hierarchical name, and nothing in the
  // design reads at_init
`ifndef YOSYS
  assign at_init = u_ctrl.at_init;
`endif

  // out_data is written once per pass (the scratch d takes the default and the override): a default-then-
  // override of a signal that other processes read wakes them twice at zero delay, and under Icarus 11 a
  // loop of such processes never settles (docs/primitives.md, "One write per pass").
  always_comb begin : p_data
    logic [W-1:0] d;
    d = '0;
    for (int i = 0; i < N; i++) begin
      if (chosen == SW'(i)) d = in_data[i*W +: W];
    end
    out_data = d;
  end

`ifdef DFV_FORMAL
  `include "handshake_merge_props.svh"
`endif
endmodule
