// handshake_control_merge_ctrl: control-only merge (priority to the lowest-index valid input) plus the index of the chosen
// input on a second output.
// Parameters: N (number of inputs, >= 1). SW (select/index width, >= $clog2(N) and >= 1;
//   default the smallest; wider for CIRCT's index-typed selects: every bit is compared, so a select >= N
//   is never matched, and an index is zero-extended).
// Ports: in[N] (ctrl) -> out (ctrl), index (SW bits).
// State: out_sent_q / idx_sent_q (output already transferred for the current token); lock_q/sel_q (one-hot): the
// outputs were offered and the input not consumed, so the choice is held (a lower-index input arriving
// meanwhile cannot change out/index while they are stalled). at_init: lock_q == 0 (implies no partial send).
// The two outputs are eager: each is transferred exactly once, with independent back-pressure; once one
// output is offered the choice is held in sel_q until the input is consumed. The input is consumed when both outputs are done.
// Structure: the choice is one-hot (pick; sel_q holds it): the first valid input, or sel_q while locked;
//   index_data is its binary code. any (the chosen input is valid) is lock_q or the OR of the valids, not
//   through the priority (a locked choice's input keeps its valid until it is taken: the handshake rule,
//   proved as inv_lock_valid); in_ready is pick once both outputs are served (pick is one-hot, its input
//   valid: a ready without a valid moves nothing). Against a binary choice decoded again for any and
//   in_ready: merge N=3 W=32 223.2 -> 262.0 MHz, N=4 W=16 158.9 -> 204.5, control_merge N=3 W=8
//   241.3 -> 264.3 (medians of 3, docs/timing.md).
// Latency 0 (valid/data combinational; in_ready from the output readies). Throughput: one token per cycle.
module handshake_control_merge_ctrl #(
  parameter int N = 2,
  parameter int SW = (N > 1) ? $clog2(N) : 1
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
  logic [N-1:0] sel_q;  // the held choice, one-hot
  logic [N-1:0] pick;  // the choice, one-hot (0 when no input is valid): sel_q while locked, else the first valid
  logic any;
  logic done;  // both outputs are served (earlier, or in this cycle)
  logic consume;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  // Glitch-free selection: scratch values are block-local and every signal another process reads
  // is assigned exactly once per pass, and no ready is read here. Under Icarus a default-then-
  // override of a shared valid/data, or a block reading a ready, re-triggers consumers whose
  // ready depends on that valid and can loop at zero delay. Ready logic lives in p_ready.
  always_comb begin : p_select
    logic          seen;
    logic [N-1:0]  p;
    logic [SW-1:0] c;
    seen = 1'b0;
    for (int i = 0; i < N; i++) begin
      p[i] = in_valid[i] & !seen;
      seen = seen | in_valid[i];
    end
    if (lock_q) p = sel_q;
    c = '0;
    for (int i = 0; i < N; i++) begin
      if (p[i]) c = c | SW'(i);
    end
    pick        = p;
    any         = lock_q | (|in_valid);  // |(p & in_valid): a locked choice's input stays valid until taken
    index_data  = c;
    out_valid   = any & ~out_sent_q;
    index_valid = any & ~idx_sent_q;
    at_init     = ~lock_q;
  end

  always_comb begin : p_ready
    done = (out_sent_q | out_ready) & (idx_sent_q | index_ready);
    consume = any & done;
    in_ready = done ? pick : '0;
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
      sel_q <= pick;
    end
  end

`ifdef DFV_FORMAL
  `include "handshake_control_merge_ctrl_props.svh"
`endif
endmodule
