// handshake_control_merge: merge (priority to the lowest-index valid input) plus the index of the chosen
// input on a second output.
// Parameters: W (data width, >= 1), N (number of inputs, >= 1). SW (select/index width, >= $clog2(N) and >= 1;
//   default the smallest; wider for CIRCT's index-typed selects: every bit is compared, so a select >= N
//   is never matched, and an index is zero-extended).
// Ports: in[N] (W, packed) -> out (W), index (SW bits).
// Structure: the control core handshake_control_merge_ctrl (u_ctrl) does every valid/ready, the choice
//   and its lock, and drives index; this wrapper only shows in_data[index] on out.
// State (in u_ctrl): out_sent_q / idx_sent_q (output already transferred for the current token);
// lock_q/sel_q: the outputs were offered and the input not consumed, so the choice is held (a lower-index
// input arriving meanwhile cannot change out/index while they are stalled). at_init: lock_q == 0.
// The two outputs are eager: each is transferred exactly once, with independent back-pressure; once one
// output is offered the choice is held until the input is consumed. The input is consumed when both
// outputs are done.
// Latency 0 (valid/data combinational; in_ready from the output readies). Throughput: one token per cycle.
module handshake_control_merge #(
  parameter int W = 32,
  parameter int N = 2,
  parameter int SW = (N > 1) ? $clog2(N) : 1
) (
  input  logic           clk,
  input  logic           rst,
  input  logic [N*W-1:0] in_data,
  input  logic [N-1:0]   in_valid,
  output logic [N-1:0]   in_ready,
  output logic [W-1:0]   out_data,
  output logic           out_valid,
  input  logic           out_ready,
  output logic [SW-1:0]  index_data,
  output logic           index_valid,
  input  logic           index_ready
);
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  handshake_control_merge_ctrl #(.N(N), .SW(SW)) u_ctrl (
    .clk(clk),
    .rst(rst),
    .in_valid(in_valid),
    .in_ready(in_ready),
    .out_valid(out_valid),
    .out_ready(out_ready),
    .index_data(index_data),
    .index_valid(index_valid),
    .index_ready(index_ready)
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
      if (index_data == SW'(i)) d = in_data[i*W +: W];
    end
    out_data = d;
  end

`ifdef DFV_FORMAL
  `include "handshake_control_merge_props.svh"
`endif
endmodule
