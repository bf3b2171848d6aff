// handshake_control_merge_ctrl: control-only merge (priority to the lowest-index valid input) plus the index of the chosen
// input on a second output.
// Parameters: N (number of inputs, >= 1). SW = N > 1 ? $clog2(N) : 1.
// Ports: in[N] (ctrl) -> out (ctrl), index (SW bits).
// State: out_sent_q / idx_sent_q (output already transferred for the current token); lock_q/sel_q: the
// outputs were offered and the input not consumed, so the choice is held (a lower-index input arriving
// meanwhile cannot change out/index while they are stalled). at_init: lock_q == 0 (implies no partial send).
// The two outputs are eager: each is transferred exactly once, with independent back-pressure; once one
// output is offered the choice is held in sel_q until the input is consumed. The input is consumed when both outputs are done.
// Latency 0 (valid/data combinational; in_ready from the output readies). Throughput: one token per cycle.
module handshake_control_merge_ctrl #(
  parameter int N = 2,
  localparam int SW = (N > 1) ? $clog2(N) : 1
) (
  input  logic           clk,
  input  logic           rst,
  input  logic [N-1:0]   in_valid,
  output logic [N-1:0]   in_ready,
  output logic           out_valid,
  input  logic           out_ready,
  output logic [SW-1:0]  index_data,
  output logic           index_valid,
  input  logic           index_ready
);
  logic out_sent_q;
  logic idx_sent_q;
  logic lock_q;
  logic [SW-1:0] sel_q;
  logic found;
  logic any;
  logic [SW-1:0] chosen;
  logic consume;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  always_comb begin
    found = 1'b0;
    chosen = '0;
    for (int i = 0; i < N; i++) begin
      if (in_valid[i] && !found) chosen = SW'(i);
      found = found | in_valid[i];
    end
    if (lock_q) chosen = sel_q;
    any = 1'b0;
    for (int i = 0; i < N; i++) begin
      if (chosen == SW'(i)) begin
        any = in_valid[i];
      end
    end
    index_data = chosen;
    out_valid = any & ~out_sent_q;
    index_valid = any & ~idx_sent_q;
    consume = any & (out_sent_q | out_ready) & (idx_sent_q | index_ready);
    for (int i = 0; i < N; i++) in_ready[i] = consume & (chosen == SW'(i));
    at_init = ~lock_q;
  end

  always_ff @(posedge clk) begin : p_state
    if (rst) begin
      out_sent_q <= 1'b0;
      idx_sent_q <= 1'b0;
      lock_q <= 1'b0;
      sel_q <= '0;
    end else if (consume) begin
      out_sent_q <= 1'b0;
      idx_sent_q <= 1'b0;
      lock_q <= 1'b0;
    end else if (any) begin
      out_sent_q <= out_sent_q | out_ready;
      idx_sent_q <= idx_sent_q | index_ready;
      lock_q <= 1'b1;
      sel_q <= chosen;
    end
  end
endmodule
